//! The engine as a library (issue #30): built without default features, the
//! crate pulls in no terminal crate, the engine imports nothing from the
//! front ends, and it keeps no hidden state.

use std::process::Command;

/// Crates that belong to the terminal program only.
const TERMINAL_CRATES: [&str; 9] = [
    "ratatui",
    "crossterm",
    "clap",
    "clap_complete",
    "clap_mangen",
    "textwrap",
    "anstyle",
    "mimalloc",
    "ignore",
];

/// The crates `cargo tree` lists for the package's normal dependencies,
/// with `features` added to its arguments.
fn crates_with(features: &[&str]) -> Vec<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "tree",
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--locked",
            "--offline",
        ])
        .args(features)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn without_default_features_no_terminal_crate_is_built() {
    let crates = crates_with(&["--no-default-features"]);
    assert!(crates.iter().any(|c| c == "encoding_rs"), "{crates:?}");
    for terminal in TERMINAL_CRATES {
        assert!(
            !crates.iter().any(|c| c == terminal),
            "{terminal} in {crates:?}"
        );
    }
    // With them, as the program is built: the check above can fail.
    assert!(crates_with(&[]).iter().any(|c| c == "ratatui"));
}

/// The text of every file under `src/model`, with its path.
fn model_files() -> Vec<(String, String)> {
    files_under(&["src/model"])
}

/// The text of every file at or under `paths`, with its path.
fn files_under(paths: &[&str]) -> Vec<(String, String)> {
    let mut files: Vec<std::path::PathBuf> = (paths.iter())
        .map(std::path::PathBuf::from)
        .filter(|path| path.exists())
        .collect();
    let mut found = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        found.push((path.display().to_string(), text));
    }
    found
}

#[test]
fn the_engine_imports_nothing_from_the_front_ends() {
    let mut offenders = Vec::new();
    let files = model_files();
    assert!(files.len() > 50, "{} files", files.len());
    for (path, text) in files {
        for front in [
            "ui", "check", "fix", "dump", "explain", "input", "json", "palette",
        ] {
            if text.contains(&format!("crate::{front}::"))
                || text.contains(&format!("crate::{front};"))
            {
                offenders.push(format!("{path} uses crate::{front}"));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

/// The engine keeps no state of its own between calls but in values its
/// caller owns (a `Repairer`, a `Settings`): no thread-locals, no mutable
/// statics, nothing read from the environment. (Tables built once from
/// constants, behind `LazyLock` or `OnceLock`, are constants.)
#[test]
fn the_engine_has_no_hidden_state() {
    let mut offenders = Vec::new();
    for (path, text) in model_files() {
        for sign in [
            "thread_local!",
            "env::var",
            "env::args",
            "static mut",
            "AtomicU8",
            "AtomicUsize = ",
            "AtomicBool = ",
        ] {
            if text.contains(sign) {
                offenders.push(format!("{path}: {sign}"));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

/// The front ends stand beside each other: none uses another's modules;
/// what they share is below them (`draw`, `display`, `input`, `json`,
/// `palette`, and the engine).
#[test]
fn no_front_end_borrows_another() {
    const FRONT_ENDS: [&str; 5] = ["ui", "check", "fix", "dump", "explain"];
    let mut offenders = Vec::new();
    for front in FRONT_ENDS {
        let own = [format!("src/{front}"), format!("src/{front}.rs")];
        let files = files_under(&[own[0].as_str(), own[1].as_str()]);
        assert!(!files.is_empty(), "{front} has files");
        for (path, text) in files {
            for other in FRONT_ENDS.iter().filter(|&&other| other != front) {
                if text.contains(&format!("crate::{other}::"))
                    || text.contains(&format!("crate::{other};"))
                {
                    offenders.push(format!("{path} uses crate::{other}"));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}
