//! Running utf8scope and the peers it is measured against as processes,
//! shared by the benches that compare with other programs.

// Each bench includes this file and may use only part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs a command to its end, its output thrown away; an exit status above
/// `worst_ok` (utf8scope and rg exit 1 when they find something) fails the
/// benchmark.
pub fn run(command: &mut Command, worst_ok: i32) {
    let status = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the command starts");
    assert!(
        status.code().is_some_and(|c| c <= worst_ok),
        "{command:?} failed"
    );
}

/// A peer program on PATH (or at the path in `variable`), if it runs;
/// without it its benchmark is left out, with a note.
pub fn peer(program: &str, variable: &str) -> Option<PathBuf> {
    let path = std::env::var_os(variable)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(program));
    let works = Command::new(&path)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !works {
        eprintln!("note: {program} not found; its benchmark is left out");
    }
    works.then_some(path)
}
