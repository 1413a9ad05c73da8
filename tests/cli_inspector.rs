//! Starting the inspector with bad input: one line on stderr, exit status 2,
//! and the terminal untouched (nothing at all written to stdout).

use assert_cmd::Command;

fn inspector() -> Command {
    Command::cargo_bin("utf8scope").unwrap()
}

#[test]
fn a_missing_file_is_one_line_and_status_2() {
    inspector()
        .arg("/no/such/file.txt")
        .assert()
        .code(2)
        .stdout("")
        .stderr("utf8scope: /no/such/file.txt: no such file or directory\n");
}

#[test]
fn a_directory_is_one_line_and_status_2() {
    let dir = tempfile::tempdir().unwrap();
    inspector()
        .arg(dir.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "utf8scope: {}: is a directory\n",
            dir.path().display()
        ));
}

#[test]
fn without_a_terminal_it_prints_the_rows_as_dump_does() {
    let piped = inspector()
        .arg("assets/samples/multilingual.txt")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let dumped = inspector()
        .args(["dump", "assets/samples/multilingual.txt"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(piped.clone()).unwrap();
    assert!(text.starts_with("0x00000000 "), "{text}");
    assert_eq!(text.lines().count(), 960usize.div_ceil(16));
    assert_eq!(piped, dumped);
}

#[test]
fn first_invalid_and_colour_flags_are_accepted() {
    inspector()
        .args([
            "--first-invalid",
            "--color",
            "never",
            "assets/samples/invalid-kinds.txt",
        ])
        .assert()
        .code(0)
        .stdout(predicates::str::starts_with("0x00000000 "))
        .stderr("");
}
