//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::ops::ControlFlow;

use utf8scope::model::blocks::feed::SCAN_BLOCK;
use utf8scope::model::blocks::{BlockScanner, LocatedSpan};
use utf8scope::model::{InvalidKind, Source};
use utf8scope::{read_through, source_feed};

/// Every invalid span of `bytes`, with line and column, as `check` reports them.
pub fn scan_spans(bytes: &[u8]) -> Vec<LocatedSpan> {
    let source = Source::from_bytes("test", bytes.to_vec());
    let mut scanner = BlockScanner::new();
    let mut spans = Vec::new();
    let mut scan = |block: &[u8]| {
        scanner.scan(block, |s| spans.push(s));
        ControlFlow::Continue(())
    };
    let _whole_input = read_through(source_feed(&source), SCAN_BLOCK, &mut scan).unwrap();
    spans
}

/// Runs `utf8scope ARGS`, expects exit status `code`, and returns stdout.
pub fn run_utf8scope(args: &[&std::ffi::OsStr], code: i32) -> String {
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .env_remove("NO_COLOR")
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).unwrap()
}

/// Parses JSON lines output into one value per line.
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Parses a kind name as DESIGN.md spells it.
pub fn kind_named(name: &str) -> InvalidKind {
    InvalidKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .unwrap_or_else(|| panic!("unknown kind {name}"))
}

/// `utf8scope check ARGS` run in `dir`: stdout, stderr and the exit status.
pub fn check_in(dir: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .arg("check")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// `utf8scope ARGS` with `stdin` piped in: stdout, stderr (lossily) and
/// the exit status.
pub fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (Vec<u8>, String, i32) {
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .env_remove("NO_COLOR")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        output.stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}
