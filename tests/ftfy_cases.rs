//! ftfy's own test cases (tests/data/ftfy, Apache-2.0, from python-ftfy):
//! each mojibake case must come out as ftfy's encoding repair gives it
//! (`fixed-encoding`, else `fixed`), and no negative case may change.
//! Misses and wrong repairs are reported apart; either fails, as does a
//! changed negative.

use serde_json::Value;
use utf8scope::model::findings::{find_mojibake, with_repairs};

/// `text` with every clear repair made, as `fix` makes them.
fn fixed(text: &str) -> String {
    with_repairs(text, &find_mojibake(text))
}

/// A case: its file, label, input, what ftfy's encoding repair gives, and
/// whether ftfy lists it as a known failure.
struct Case {
    file: &'static str,
    label: String,
    original: String,
    expected: String,
    known_failure: bool,
}

/// ftfy's case files: their names and their JSON.
const FILES: [(&str, &str); 5] = [
    ("synthetic", include_str!("data/ftfy/synthetic.json")),
    ("in-the-wild", include_str!("data/ftfy/in-the-wild.json")),
    (
        "language-names",
        include_str!("data/ftfy/language-names.json"),
    ),
    ("negative", include_str!("data/ftfy/negative.json")),
    (
        "known-failures",
        include_str!("data/ftfy/known-failures.json"),
    ),
];

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (file, json) in FILES {
        let list: Vec<Value> = serde_json::from_str(json).expect("ftfy's JSON parses");
        for case in list {
            let field = |name: &str| case[name].as_str().map(str::to_string);
            let original = field("original").expect("a case has an original");
            let expected = field("fixed-encoding")
                .or_else(|| field("fixed"))
                .expect("a case has a fix");
            cases.push(Case {
                file,
                label: field("label").unwrap_or_default(),
                original,
                expected,
                known_failure: field("expect").as_deref() == Some("fail"),
            });
        }
    }
    cases
}

#[test]
fn ftfy_cases_are_repaired_and_negatives_left_alone() {
    let mut mojibake = 0;
    let mut exact = 0;
    let mut bonus = 0;
    let mut negatives = 0;
    let mut changed_negatives = Vec::new();
    let mut wrong = Vec::new();
    let mut missed = Vec::new();
    for case in cases() {
        let out = fixed(&case.original);
        if case.original == case.expected {
            negatives += 1;
            if out != case.original {
                changed_negatives.push(format!(
                    "{} {:?}: {:?} → {:?}",
                    case.file, case.label, case.original, out
                ));
            }
            continue;
        }
        if case.known_failure {
            if out == case.expected {
                bonus += 1;
            } else if out != case.original {
                println!("known failure, changed: {:?} → {:?}", case.original, out);
            }
            continue;
        }
        mojibake += 1;
        if out == case.expected {
            exact += 1;
        } else if out == case.original {
            missed.push(format!(
                "{} {:?}: {:?}",
                case.file, case.label, case.original
            ));
        } else {
            wrong.push(format!(
                "{} {:?}: {:?} → {:?}, meant {:?}",
                case.file, case.label, case.original, out, case.expected
            ));
        }
    }
    println!(
        "ftfy's mojibake cases repaired exactly: {exact}/{mojibake}; known failures repaired: {bonus}"
    );
    println!(
        "ftfy's negative cases changed: {}/{negatives}",
        changed_negatives.len()
    );
    for line in &missed {
        println!("  missed: {line}");
    }
    for line in &wrong {
        println!("  not exact: {line}");
    }
    for line in &changed_negatives {
        println!("  CHANGED NEGATIVE: {line}");
    }
    assert!(
        changed_negatives.is_empty(),
        "negatives changed:\n{}",
        changed_negatives.join("\n")
    );
    assert!(wrong.is_empty(), "{} not exact", wrong.len());
    assert!(missed.is_empty(), "{} missed", missed.len());
}

/// The clean text of ftfy's files, read as the lines of a file: beside the
/// JSON around it, a line's context differs from the case's alone (a line
/// with the word "original" in it has Latin letters, and then `√π`, math,
/// once read as macintosh mojibake of `ù`).
#[test]
fn clean_lines_of_ftfy_files_are_left_alone() {
    let mut changed = Vec::new();
    for (file, json) in FILES {
        for line in json.lines() {
            let clean = line.trim_start().starts_with("\"fixed")
                || (file == "negative" && line.trim_start().starts_with("\"original\""));
            if clean && fixed(line) != line {
                changed.push(format!("{file}: {line} → {}", fixed(line)));
            }
        }
    }
    assert!(changed.is_empty(), "{}", changed.join("\n"));
}
