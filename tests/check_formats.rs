//! `check --format sarif` (validated against the SARIF 2.1.0 schema shipped
//! in tests/data/sarif) and `--format github` (escaped as the runner needs).

mod common;

use std::path::Path;

use common::check_in;

use serde_json::Value;

/// A tree with an invalid span, mojibake, a bidi control, a clean file and
/// an odd file name.
fn make_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes).unwrap();
    write("bad.txt", b"line one\ncaf\xe9 au lait\n");
    write(
        "mojibake.md",
        "Le caf\u{c3}\u{a9} est pr\u{c3}\u{aa}t.\n".as_bytes(),
    );
    write(
        "trojan.rs",
        "let admin = \"\u{202E} } \u{2066}\";\n".as_bytes(),
    );
    write("clean.txt", "all good\n".as_bytes());
    write("odd, name: 100%.txt", b"\xff\n");
    dir
}

fn sarif_schema() -> Value {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif/sarif-schema-2.1.0.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn the_sarif_log_is_valid_sarif_2_1_0_with_rules_locations_and_fixes() {
    let tree = make_tree();
    let (out, err, code) = check_in(
        tree.path(),
        &["--findings", "--format", "sarif", ".", "missing.txt"],
    );
    assert_eq!(code, 2, "{err}");
    let log: Value = serde_json::from_str(&out).unwrap();
    let validator = jsonschema::draft4::new(&sarif_schema()).unwrap();
    let problems: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    // The schema does judge: a log with a wrong column kind fails it.
    let mut broken = log.clone();
    broken["runs"][0]["columnKind"] = "bytes".into();
    assert!(!validator.is_valid(&broken));

    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let results = run["results"].as_array().unwrap();
    // Every result points at its rule, and every rule explains itself.
    for result in results {
        let rule = &rules[result["ruleIndex"].as_u64().unwrap() as usize];
        assert_eq!(rule["id"], result["ruleId"]);
        assert!(!rule["help"]["text"].as_str().unwrap().is_empty());
    }
    let find = |rule: &str| {
        results
            .iter()
            .find(|r| r["ruleId"] == rule)
            .unwrap_or_else(|| panic!("no {rule} in {out}"))
    };
    let truncated = find("truncated");
    assert_eq!(truncated["level"], "error");
    let location = &truncated["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "bad.txt");
    assert_eq!(location["region"]["startLine"], 2);
    assert_eq!(location["region"]["startColumn"], 4);
    assert_eq!(location["region"]["byteOffset"], 12);
    assert_eq!(
        find("invalid-byte")["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "odd%2C%20name%3A%20100%25.txt"
    );
    assert_eq!(find("bidi-control")["level"], "warning");
    let mojibake = find("mojibake");
    let replacement = &mojibake["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(
        replacement["insertedContent"]["text"].as_str().unwrap(),
        "café"
    );
    let steps = &mojibake["properties"]["steps"];
    assert_eq!(
        steps[0],
        "UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é"
    );
    // The unreadable file is a notification, and the run says it failed.
    let invocation = &run["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    let note = invocation["toolExecutionNotifications"][0]["message"]["text"]
        .as_str()
        .unwrap();
    assert!(
        note.contains("missing.txt: no such file or directory"),
        "{note}"
    );
}

#[test]
fn a_clean_run_is_an_empty_valid_sarif_log() {
    let tree = make_tree();
    let (out, _, code) = check_in(tree.path(), &["--format", "sarif", "clean.txt"]);
    assert_eq!(code, 0);
    let log: Value = serde_json::from_str(&out).unwrap();
    assert!(
        jsonschema::draft4::new(&sarif_schema())
            .unwrap()
            .is_valid(&log)
    );
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 0);
}

#[test]
fn github_annotations_are_escaped_as_the_runner_requires() {
    let tree = make_tree();
    let (out, _, code) = check_in(tree.path(), &["--findings", "--format", "github", "."]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "::error file=./bad.txt,line=2,col=4,title=utf8scope invalid UTF-8%3A truncated::\
         invalid UTF-8 (truncated): E9 at byte offset 12: a lead byte whose sequence ends \
         before all its continuation bytes arrive"
    );
    assert!(
        lines.iter().any(|l| l
            .starts_with("::warning file=./mojibake.md,line=1,col=4,title=utf8scope mojibake::")),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("::error file=./odd%2C name%3A 100%25.txt,line=1,col=1,")),
        "{out}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "::warning file=./trojan.rs,line=1,col=14,title=utf8scope bidi-control::"
        )),
        "{out}"
    );
    // What cannot be read is an annotation too, at the end.
    let (out, _, code) = check_in(
        tree.path(),
        &["--format", "github", "clean.txt", "missing.txt"],
    );
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "::error title=utf8scope%3A cannot read::missing.txt: no such file or directory\n"
    );
    // Every line is one command, nothing else, and nothing raw from a file.
    for line in &lines {
        assert!(line.starts_with("::"), "{line}");
        assert!(
            !line
                .chars()
                .any(|c| c.is_control() || ('\u{202A}'..='\u{2069}').contains(&c)),
            "{line}"
        );
    }
}
