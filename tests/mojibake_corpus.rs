//! Mojibake repair on a generated corpus (tests/common/mojibake.rs): 33
//! languages, their words, upper case and typography, garbled through 15
//! encodings once, twice, three times, through two encodings, in part, and
//! with lost no-break spaces. Reports, per way of garbling, how many lines
//! were found, repaired exactly and repaired wrongly, and asserts that no
//! repair is wrong and no clean line is changed.

#[path = "common/mojibake.rs"]
mod mojibake;

use std::collections::BTreeMap;

use mojibake::{changes_are_right, clean_lines, garbled_lines, left_unreported, mixed_lines};
use utf8scope::model::findings::{Repairer, with_repairs};

/// `text` with every clear repair made, as `fix` makes them; and whether
/// anything was reported. (One repairer judges a whole test's lines, as
/// `fix` judges a file's.)
fn fixed(repairer: &Repairer, text: &str) -> (String, bool) {
    let runs = repairer.find(text);
    (with_repairs(text, &runs), !runs.is_empty())
}

#[derive(Default)]
struct Tally {
    lines: usize,
    found: usize,
    exact: usize,
    wrong: usize,
}

#[test]
fn garbled_lines_are_repaired_and_never_wrongly() {
    let mut by_way: BTreeMap<String, Tally> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut unsettled = Vec::new();
    let mut total = Tally::default();
    let mut half = 0;
    let mut unreported = Vec::new();
    let repairer = Repairer::default();
    for line in garbled_lines() {
        let (out, found) = fixed(&repairer, &line.text);
        // A second `fix` changes nothing.
        let (again, _) = fixed(&repairer, &out);
        if again != out {
            unsettled.push(format!("{:?} → {out:?} → {again:?}", line.text));
        }
        // The way, without its encoding's name for the variations.
        let way = line.how.clone();
        let tally = by_way.entry(way).or_default();
        for t in [&mut *tally, &mut total] {
            t.lines += 1;
            t.found += usize::from(found);
            t.exact += usize::from(out == line.meant);
        }
        if out != line.meant && out != line.text && changes_are_right(&line.text, &out, &line.meant)
        {
            half += 1;
            let left = left_unreported(&repairer, &line.text, &out, &line.meant);
            // (Words garbled a letter here and there, as "some letters"
            // makes them, may have no reading: "еС‰ё" for "ещё" shows ё
            // as windows-1251's B8, a lone continuation byte.)
            if !left.is_empty() && !line.how.contains("some letters") {
                unreported.push(format!(
                    "{} via {}: {:?} → {:?}, left {left:?}",
                    line.language, line.how, line.text, out
                ));
            }
            if half <= 5 {
                println!(
                    "  HALF: {} via {}: {:?} → {:?}",
                    line.language, line.how, line.text, out
                );
            }
        }
        if out != line.meant && !changes_are_right(&line.text, &out, &line.meant) {
            tally.wrong += 1;
            total.wrong += 1;
            wrong.push(format!(
                "{} via {}: {:?} → {:?}, meant {:?}",
                line.language, line.how, line.text, out, line.meant
            ));
        }
    }
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    println!(
        "{:<40} {:>6} {:>7} {:>7} {:>6}",
        "garbled", "lines", "found", "exact", "wrong"
    );
    for (way, t) in by_way.iter().chain([(&"all".to_string(), &total)]) {
        println!(
            "{way:<40} {:>6} {:>6.1}% {:>6.1}% {:>6}",
            t.lines,
            pct(t.found, t.lines),
            pct(t.exact, t.lines),
            t.wrong
        );
    }
    for line in wrong.iter().take(60) {
        println!("  WRONG: {line}");
    }
    println!(
        "lines repaired in part: {half}; of them, leaving words no finding reports \
         (other than words garbled a letter here and there): {}",
        unreported.len()
    );
    for line in unreported.iter().take(40) {
        println!("  UNREPORTED: {line}");
    }
    println!("lines a second repair changes: {}", unsettled.len());
    for line in unsettled.iter().take(20) {
        println!("  UNSETTLED: {line}");
    }
    assert!(wrong.is_empty(), "{} wrong repairs", wrong.len());
    assert!(
        unreported.is_empty(),
        "{} lines repaired in part leave words unreported",
        unreported.len()
    );
    assert!(unsettled.is_empty(), "{} lines unsettled", unsettled.len());
}

#[test]
fn clean_lines_are_never_changed_or_flagged() {
    let mut lines = clean_lines();
    lines.extend(mixed_lines());
    let mut changed = Vec::new();
    let mut flagged = Vec::new();
    let repairer = Repairer::default();
    for (language, line) in &lines {
        let (out, found) = fixed(&repairer, line);
        if out != *line {
            changed.push(format!("{language}: {line:?} → {out:?}"));
        } else if found {
            flagged.push(format!("{language}: {line:?}"));
        }
    }
    println!(
        "clean lines: {}, changed: {}, flagged: {}",
        lines.len(),
        changed.len(),
        flagged.len()
    );
    for line in changed.iter().chain(&flagged) {
        println!("  {line}");
    }
    assert!(
        changed.is_empty(),
        "clean lines changed:\n{}",
        changed.join("\n")
    );
    assert!(
        flagged.is_empty(),
        "clean lines flagged:\n{}",
        flagged.join("\n")
    );
}

/// Writes the corpus to the directory `UTF8SCOPE_CORPUS_DIR` names, as
/// JSON lines (`benches/mojibake_peers.py` runs ftfy on it):
/// `cargo test --test mojibake_corpus -- --ignored`.
#[test]
#[ignore]
fn write_the_corpus() {
    let Some(dir) = std::env::var_os("UTF8SCOPE_CORPUS_DIR") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let repairer = Repairer::default();
    let garbled: String = garbled_lines()
        .iter()
        .map(|l| {
            let (ours, _) = fixed(&repairer, &l.text);
            serde_json::json!({"how": l.how, "text": l.text, "meant": l.meant, "ours": ours})
                .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(dir.join("mojibake-garbled.jsonl"), garbled).unwrap();
    let clean: String = (clean_lines().iter().chain(&mixed_lines()))
        .map(|(_, line)| serde_json::json!({"text": line}).to_string() + "\n")
        .collect();
    std::fs::write(dir.join("mojibake-clean.jsonl"), clean).unwrap();
}

/// Sentences with the rarer Cyrillic letters (issue #32): Bulgarian ѝ,
/// the Serbian and Macedonian alphabets (ђ ћ џ ј љ њ ѓ ќ ѕ), Ukrainian ґ є
/// ї і, Belarusian ў; written for this test.
const RARE_CYRILLIC: [&str; 6] = [
    "Тя ѝ даде книгата и ѝ каза довиждане.",
    "Ђорђе и Љиљана живе у Београду, ћерка им је Јелена.",
    "Џез музика, њива, љубав и ђак у школи.",
    "Ѓорѓи и Ќирил одат во Охрид, ѕвездите се јасни.",
    "Ґанок і ґудзик, їжак і єнот живуть у лісі.",
    "Ўсё добра, дзякуй за ўсмешку і гарбату.",
];

#[test]
fn rare_cyrillic_letters_are_repaired_whole_or_left_alone() {
    let repairer = Repairer::default();
    let mut half = Vec::new();
    let mut exact = 0;
    let mut lines = 0;
    for sentence in RARE_CYRILLIC {
        // Clean, the sentence is never touched.
        assert_eq!(fixed(&repairer, sentence).0, sentence);
        for encoding in ["windows-1251", "KOI8-R", "KOI8-U", "IBM866", "ISO-8859-5"] {
            let garbled = mojibake::garble(sentence, encoding);
            let (out, _) = fixed(&repairer, &garbled);
            lines += 1;
            if out == sentence {
                exact += 1;
            } else if out != garbled {
                // Repaired in part: a wrong answer, as the issue counts it.
                half.push(format!("{encoding}: {garbled:?} → {out:?}"));
            }
        }
    }
    println!("rare Cyrillic: {exact} of {lines} repaired exactly");
    assert_eq!(half, Vec::<String>::new(), "lines repaired in part");
    assert!(exact * 10 >= lines * 8, "{exact} of {lines}");
}
