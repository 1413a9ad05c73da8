//! Detection accuracy on a generated corpus (issue #10): 25 languages in
//! every legacy encoding that holds them, from one sentence to several KB.
//! Reports accuracy per encoding and per length beside chardetng's alone,
//! and asserts that utf8scope is at least as accurate overall and on short
//! inputs, and that a guess it calls confident is never wrong.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/corpus_dir.rs"]
mod corpus_dir;

use std::collections::BTreeMap;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use corpus::{LENGTHS, cases, reads_back};
use utf8scope::model::encoding::{Confidence, Extent, detect};

/// Right and total, per key.
#[derive(Default)]
struct Tally {
    ours: BTreeMap<String, (usize, usize)>,
    chardetng: BTreeMap<String, (usize, usize)>,
}

impl Tally {
    fn add(&mut self, key: &str, ours: bool, theirs: bool) {
        let mine = self.ours.entry(key.to_string()).or_default();
        mine.0 += usize::from(ours);
        mine.1 += 1;
        let other = self.chardetng.entry(key.to_string()).or_default();
        other.0 += usize::from(theirs);
        other.1 += 1;
    }

    fn print(&self, heading: &str) {
        println!(
            "{heading:<24} {:>10} {:>10} {:>6}",
            "utf8scope", "chardetng", "cases"
        );
        for (key, (right, total)) in &self.ours {
            let (theirs, _) = self.chardetng[key];
            let pct = |n: usize| 100.0 * n as f64 / *total as f64;
            println!(
                "{key:<24} {:>9.1}% {:>9.1}% {total:>6}",
                pct(*right),
                pct(theirs)
            );
        }
    }

    fn rate(map: &BTreeMap<String, (usize, usize)>, key: &str) -> f64 {
        let (right, total) = map[key];
        right as f64 / total as f64
    }
}

fn chardetng_alone(bytes: &[u8]) -> &'static str {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
    detector.feed(bytes, true);
    detector.guess(None, Utf8Detection::Allow).name()
}

#[test]
fn detection_is_at_least_as_accurate_as_chardetng_and_never_wrong_when_confident() {
    let cases = cases();
    assert!(cases.len() > 500, "{} cases", cases.len());
    let mut by_encoding = Tally::default();
    let mut by_length = Tally::default();
    let mut confident_wrong = Vec::new();
    let mut confident = 0;
    for case in &cases {
        let found = detect(&case.bytes, Extent::Whole);
        let ours = reads_back(found.encoding.name(), &case.bytes, &case.text);
        let theirs = reads_back(chardetng_alone(&case.bytes), &case.bytes, &case.text);
        by_encoding.add(case.encoding, ours, theirs);
        by_length.add(
            &format!("{} {}", case.length, LENGTHS[case.length]),
            ours,
            theirs,
        );
        by_length.add("all", ours, theirs);
        if found.confidence >= Confidence::Likely {
            confident += 1;
            if !ours {
                confident_wrong.push((
                    case.language,
                    case.encoding,
                    found.encoding.name(),
                    case.length,
                ));
            }
        }
    }
    by_encoding.print("encoding");
    println!();
    by_length.print("length");
    println!(
        "confident guesses: {confident}, wrong: {}",
        confident_wrong.len()
    );
    assert_eq!(confident_wrong, Vec::new(), "a confident guess was wrong");
    let overall = Tally::rate(&by_length.ours, "all");
    let overall_theirs = Tally::rate(&by_length.chardetng, "all");
    assert!(
        overall >= overall_theirs,
        "overall {overall:.3} < chardetng {overall_theirs:.3}"
    );
    let short = format!("0 {}", LENGTHS[0]);
    let (short_ours, short_theirs) = (
        Tally::rate(&by_length.ours, &short),
        Tally::rate(&by_length.chardetng, &short),
    );
    assert!(
        short_ours >= short_theirs,
        "short {short_ours:.3} < chardetng {short_theirs:.3}"
    );
}

/// Writes the corpus to the directory `UTF8SCOPE_CORPUS_DIR` names, one
/// file per case (`NNNN.bin`) and an index of what each is
/// (`index.jsonl`), for comparing detectors in other languages
/// (`benches/detect_peers.py`). Run on demand:
/// `UTF8SCOPE_CORPUS_DIR=target/corpus cargo test --test detect_corpus -- --ignored`.
#[test]
#[ignore = "writes files; run on demand for the peer comparison"]
fn write_the_corpus_for_other_detectors() {
    corpus_dir::write_corpus(cases().into_iter().map(|case| {
        let record = serde_json::json!({
            "language": case.language,
            "encoding": case.encoding,
            "length": LENGTHS[case.length],
            "text": case.text,
        });
        (case.bytes, record)
    }));
}
