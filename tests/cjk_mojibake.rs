//! CJK mojibake on a generated corpus (tests/common/cjk.rs): Japanese,
//! Chinese and Korean sentences, and the other languages' sentences,
//! garbled through the CJK encodings both ways. Reports, per way and for
//! the tuning and held-out parts, how many lines were found, repaired
//! exactly, repaired as far as can be known (bytes lost to U+FFFD left as
//! U+FFFD), and repaired wrongly; asserts that no repair is wrong, that a
//! second repair changes nothing, and that no clean line is touched.

#[path = "common/cjk.rs"]
mod cjk;
#[path = "common/mojibake.rs"]
mod mojibake;

use std::collections::BTreeMap;

use cjk::{CjkGarbled, MISREADERS, cjk_clean_lines, cjk_garbled_lines};
use encoding_rs::Encoding;
use utf8scope::model::findings::{Repairer, with_repairs};

#[derive(Default)]
struct Tally {
    lines: usize,
    found: usize,
    exact: usize,
    partial: usize,
    wrong: usize,
}

/// Whether `out` says what `meant` says where it says anything: its
/// pieces between U+FFFD (bytes lost) are in `meant` in order.
fn as_far_as_known(out: &str, meant: &str) -> bool {
    let mut rest = meant;
    let pieces: Vec<&str> = out.split('\u{FFFD}').collect();
    for (i, piece) in pieces.iter().enumerate() {
        let at = if i == 0 {
            rest.starts_with(piece).then_some(0)
        } else {
            rest.find(piece)
        };
        let Some(at) = at else {
            return false;
        };
        rest = &rest[at + piece.len()..];
    }
    pieces.len() > 1 || rest.is_empty()
}

/// Other languages' sentences read as each CJK encoding ("cafﾃｩ").
fn other_languages_garbled() -> Vec<CjkGarbled> {
    let mut lines = Vec::new();
    for (language, sentence) in mojibake::sentences() {
        for misreader in MISREADERS {
            let encoding = Encoding::for_label(misreader.as_bytes()).unwrap();
            let (text, _) = encoding.decode_without_bom_handling(sentence.as_bytes());
            if text != sentence {
                lines.push(CjkGarbled {
                    language,
                    how: format!("UTF-8 read as {misreader}, other languages"),
                    text: text.into_owned(),
                    meant: sentence.to_string(),
                    held_out: false,
                });
            }
        }
    }
    lines
}

#[test]
fn cjk_mojibake_is_repaired_and_never_wrongly() {
    let repairer = Repairer::default();
    let fixed = |text: &str| {
        let runs = repairer.find(text);
        (with_repairs(text, &runs), !runs.is_empty())
    };
    let mut by_way: BTreeMap<(String, bool), Tally> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut unsettled = Vec::new();
    let mut lines = cjk_garbled_lines();
    lines.extend(other_languages_garbled());
    for line in &lines {
        let (out, found) = fixed(&line.text);
        let (again, _) = fixed(&out);
        if again != out {
            unsettled.push(format!("{:?} → {out:?} → {again:?}", line.text));
        }
        let tally = by_way.entry((line.how.clone(), line.held_out)).or_default();
        tally.lines += 1;
        tally.found += usize::from(found);
        if out == line.meant {
            tally.exact += 1;
        } else if out != line.text && as_far_as_known(&out, &line.meant) {
            tally.partial += 1;
        } else if out != line.text {
            tally.wrong += 1;
            wrong.push(format!(
                "{} via {}: {:?} → {:?}, meant {:?}",
                line.language, line.how, line.text, out, line.meant
            ));
        }
    }
    println!(
        "{:58} {:>6} {:>7} {:>7} {:>8} {:>6}",
        "garbled", "lines", "found", "exact", "as known", "wrong"
    );
    let percent = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    for ((how, held_out), t) in &by_way {
        let part = if *held_out { "held out" } else { "tuning" };
        println!(
            "{:58} {:6} {:6.1}% {:6.1}% {:7.1}% {:6}",
            format!("{how} ({part})"),
            t.lines,
            percent(t.found, t.lines),
            percent(t.exact, t.lines),
            percent(t.partial, t.lines),
            t.wrong
        );
    }
    for w in &wrong {
        println!("  WRONG: {w}");
    }
    for u in &unsettled {
        println!("  UNSETTLED: {u}");
    }
    assert!(wrong.is_empty(), "{} wrong repairs", wrong.len());
    assert!(unsettled.is_empty(), "{} unsettled", unsettled.len());
}

#[test]
fn clean_cjk_lines_are_never_changed_or_flagged() {
    let repairer = Repairer::default();
    let mut touched = Vec::new();
    let lines = cjk_clean_lines();
    for line in &lines {
        let runs = repairer.find(line);
        if !runs.is_empty() {
            touched.push(format!("{line:?} → {:?}", with_repairs(line, &runs)));
        }
    }
    println!("{} clean lines, {} flagged", lines.len(), touched.len());
    for t in &touched {
        println!("  FLAGGED: {t}");
    }
    assert!(touched.is_empty());
}

/// Writes the corpus, with utf8scope's repair of each line, for
/// `benches/cjk_peers.py` to hold ftfy to the same lines:
/// `UTF8SCOPE_CORPUS_DIR=DIR cargo test --test cjk_mojibake -- --ignored`.
#[test]
#[ignore]
fn write_the_cjk_corpus() {
    let Some(dir) = std::env::var_os("UTF8SCOPE_CORPUS_DIR") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let repairer = Repairer::default();
    let mut lines = cjk_garbled_lines();
    lines.extend(other_languages_garbled());
    let garbled: String = lines
        .iter()
        .map(|l| {
            let ours = with_repairs(&l.text, &repairer.find(&l.text));
            serde_json::json!({
                "how": l.how, "held_out": l.held_out, "text": l.text, "meant": l.meant, "ours": ours
            })
            .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(dir.join("cjk-garbled.jsonl"), garbled).unwrap();
    let clean: String = (cjk_clean_lines().iter())
        .map(|line| serde_json::json!({"text": line}).to_string() + "\n")
        .collect();
    std::fs::write(dir.join("cjk-clean.jsonl"), clean).unwrap();
}
