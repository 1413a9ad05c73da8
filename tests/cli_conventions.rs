//! The conventions of a Rust CLI: shell completions, a manual page, and a
//! suggestion for a misspelled subcommand.

use assert_cmd::Command;
use predicates::prelude::*;

fn utf8scope() -> Command {
    Command::cargo_bin("utf8scope").unwrap()
}

#[test]
fn completions_are_printed_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_utf8scope()"),
        ("zsh", "#compdef utf8scope"),
        ("fish", "complete -c utf8scope"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[utf8scope]"),
    ] {
        utf8scope()
            .args(["completions", shell])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(marker).and(predicate::str::contains("check")));
    }
}

#[test]
fn the_manual_page_names_the_command_and_its_subcommands() {
    utf8scope().arg("man").assert().code(0).stdout(
        predicate::str::contains(".TH utf8scope 1")
            .and(predicate::str::contains("check"))
            .and(predicate::str::contains("fix")),
    );
}

#[test]
fn a_misspelled_subcommand_gets_a_suggestion() {
    utf8scope()
        .args(["chekc", "README.md"])
        .assert()
        .code(2)
        .stderr(
            "utf8scope: 'chekc' is neither a file nor a subcommand; did you mean `utf8scope check`?\n",
        );
    // A file of that name is a file: it is opened (and, with no terminal,
    // dumped), no suggestion.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("chekc"), b"ok\n").unwrap();
    utf8scope()
        .current_dir(dir.path())
        .arg("chekc")
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("0x00000000 6F 6B 0A"))
        .stderr("");
}

#[test]
fn completions_and_the_manual_page_stop_quietly_at_a_closed_pipe() {
    let binary = assert_cmd::cargo::cargo_bin("utf8scope");
    for args in [["completions", "fish"], ["man", ""]] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let mut child = std::process::Command::new(&binary)
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader reads nothing and goes away, as `| head -0` does.
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}
