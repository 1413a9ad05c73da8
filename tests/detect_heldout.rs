//! Detection on the held-out corpus (tests/common/heldout.rs): words no
//! tuning saw, in every encoding that holds their language, at one line,
//! ~1 KB and ~20 KB. Reports right/total per encoding and length, and
//! asserts what the wording of a detection promises: a detection called
//! certain is never wrong, one called likely is right 97% of the time or
//! more, and an ambiguous one names the right encoding first or second.

#[path = "common/corpus_dir.rs"]
mod corpus_dir;
#[path = "common/heldout.rs"]
mod heldout;

use std::collections::BTreeMap;

use heldout::{HELD_OUT_LENGTHS, held_out_cases, reads_back_as};
use utf8scope::model::encoding::{Confidence, Extent, detect};

#[test]
fn held_out_detection_by_encoding_and_length() {
    let cases = held_out_cases();
    assert!(cases.len() > 1500, "{} cases", cases.len());
    // (encoding, length) → (right, total).
    let mut rows: BTreeMap<(String, usize), (usize, usize)> = BTreeMap::new();
    let mut by_confidence: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut wrong_when_certain = Vec::new();
    let mut ambiguous_and_neither = Vec::new();
    for case in &cases {
        let found = detect(&case.bytes, Extent::Whole);
        let right = reads_back_as(
            found.encoding.name(),
            found.bom_len,
            &case.bytes,
            &case.text,
        );
        let half = if case.unseen { "unseen" } else { "dev" };
        let row = rows
            .entry((format!("{} {half}", case.encoding), case.length))
            .or_default();
        row.0 += usize::from(right);
        row.1 += 1;
        let tally = by_confidence.entry(found.confidence.name()).or_default();
        tally.0 += usize::from(right);
        tally.1 += 1;
        if found.confidence == Confidence::Certain && !right {
            wrong_when_certain.push((case.language, case.encoding.clone(), found.encoding.name()));
        }
        let second_right = found.alternatives.first().is_some_and(|other| {
            reads_back_as(other.name(), found.bom_len, &case.bytes, &case.text)
        });
        if found.confidence == Confidence::Ambiguous && !right && !second_right {
            ambiguous_and_neither.push((case.language, case.encoding.clone()));
        }
    }
    println!(
        "{:<22} {:>10} {:>10} {:>10}",
        "encoding", HELD_OUT_LENGTHS[0].0, HELD_OUT_LENGTHS[1].0, HELD_OUT_LENGTHS[2].0
    );
    let encodings: Vec<String> = {
        let mut e: Vec<String> = rows.keys().map(|(e, _)| e.clone()).collect();
        e.dedup();
        e
    };
    for encoding in &encodings {
        let cell = |length: usize| {
            rows.get(&(encoding.clone(), length))
                .map_or("-".to_string(), |(r, t)| format!("{r}/{t}"))
        };
        println!(
            "{encoding:<22} {:>10} {:>10} {:>10}",
            cell(0),
            cell(1),
            cell(2)
        );
    }
    for (confidence, (right, total)) in &by_confidence {
        println!("{confidence}: {right} right of {total}");
    }
    assert_eq!(
        wrong_when_certain,
        Vec::new(),
        "a certain detection was wrong"
    );
}

/// Writes the held-out corpus to the directory `UTF8SCOPE_CORPUS_DIR`
/// names (`NNNN.bin` and `index.jsonl`), for `benches/detect_peers.py` to
/// hold chardet and charset-normalizer to the same files. Run on demand:
/// `UTF8SCOPE_CORPUS_DIR=target/heldout cargo test --test detect_heldout -- --ignored`.
#[test]
#[ignore = "writes files; run on demand for the peer comparison"]
fn write_the_held_out_corpus() {
    corpus_dir::write_corpus(held_out_cases().into_iter().map(|case| {
        let record = serde_json::json!({
            "language": case.language,
            "encoding": case.encoding,
            "length": HELD_OUT_LENGTHS[case.length].0,
            "text": case.text,
            "unseen": case.unseen,
        });
        (case.bytes, record)
    }));
}
