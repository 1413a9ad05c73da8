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
