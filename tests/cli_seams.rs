//! The smaller seams of issue #29: offsets one command prints are taken by
//! the others, `-o -` is standard output, `--in-place` refuses a FIFO.

use std::time::{Duration, Instant};

use assert_cmd::Command;

fn utf8scope() -> Command {
    Command::cargo_bin("utf8scope").unwrap()
}

fn lines_file(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let path = dir.path().join("l.txt");
    std::fs::write(&path, "one\ntwo\nthree\n").unwrap();
    path
}

/// Runs `utf8scope ARGS PATH`: stdout, stderr and the exit status.
fn run_on(args: &[&str], path: &std::path::Path) -> (String, String, i32) {
    let output = utf8scope().args(args).arg(path).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

#[test]
fn offsets_as_check_prints_them_are_taken_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let path = lines_file(&dir);
    for args in [
        ["--offset", "0x6"].as_slice(),
        &["--offset", "0x00000006"],
        &["dump", "--skip", "0x00000006"],
    ] {
        let (out, err, code) = run_on(args, &path);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("0x00000006 6F 0A"), "{args:?}: {out}");
    }
    // With standard output not a terminal, --line dumps from that line.
    let (out, _, code) = run_on(&["--line", "2"], &path);
    assert_eq!(code, 0);
    assert!(out.starts_with("0x00000004 74 77 6F"), "{out}");
    // Past the end is said, not clamped silently.
    let (_, err, code) = run_on(&["--offset", "99"], &path);
    assert_eq!(code, 2);
    assert!(
        err.contains("offset 99 is past the end (it has 14 bytes)"),
        "{err}"
    );
    let (_, err, code) = run_on(&["--line", "99"], &path);
    assert_eq!(code, 2);
    assert!(err.contains("has fewer than 99 lines"), "{err}");
}

#[test]
fn fix_output_dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.txt");
    std::fs::write(&path, "cafÃ©\n").unwrap();
    let out = utf8scope()
        .current_dir(dir.path())
        .args(["fix", "-o", "-", "m.txt"])
        .assert()
        .success();
    assert_eq!(out.get_output().stdout, "café\n".as_bytes());
    assert!(!dir.path().join("-").exists(), "no file named -");
}

#[test]
fn fix_in_place_refuses_a_fifo_before_opening_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let started = Instant::now();
    let out = utf8scope()
        .args(["fix", "--in-place"])
        .arg(&fifo)
        .timeout(Duration::from_secs(10))
        .assert()
        .code(2);
    assert!(started.elapsed() < Duration::from_secs(10), "it blocked");
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--in-place needs a regular file"), "{err}");
}
