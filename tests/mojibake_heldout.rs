//! Mojibake repair on text no tuning saw: the one-line texts of the
//! held-out detection corpus (tests/common/heldout.rs: month and day
//! names, language and country names from glibc's locale sources, and the
//! CJK corpus's held-out sentences), each garbled through every encoding
//! of the mojibake corpus once, and through windows-1252 and windows-1250
//! twice. The rules of the repairer were written against the mojibake
//! corpus (tests/mojibake_corpus.rs); this test measures them on other
//! words. Reports lines found, repaired exactly, repaired in part and
//! repaired wrongly per encoding, and asserts that no repair is wrong, no
//! clean line is changed or flagged, and a line repaired in part reports
//! every word it leaves garbled.

#[path = "common/heldout.rs"]
mod heldout;
#[path = "common/mojibake.rs"]
mod mojibake;

use std::collections::{BTreeMap, BTreeSet};

use mojibake::{GARBLERS, changes_are_right, garble, left_unreported};
use utf8scope::model::findings::{Repairer, with_repairs};

/// The held-out texts of one line, each once.
fn held_out_lines() -> Vec<(&'static str, String)> {
    let mut seen = BTreeSet::new();
    heldout::held_out_cases()
        .into_iter()
        .filter(|case| case.length == 0 && seen.insert(case.text.clone()))
        .flat_map(|case| {
            (case.text.lines())
                .map(|line| (case.language, line.to_string()))
                .collect::<Vec<_>>()
        })
        .filter(|(_, line)| !line.is_ascii())
        .collect()
}

#[derive(Default)]
struct Tally {
    lines: usize,
    found: usize,
    exact: usize,
    half: usize,
    wrong: usize,
}

impl Tally {
    /// Prints the tally as a row of the table, named `way`.
    fn print(&self, way: &str) {
        let pct = |n: usize| 100.0 * n as f64 / self.lines.max(1) as f64;
        println!(
            "{way:<36} {:>6} {:>6.1}% {:>6.1}% {:>6} {:>6}",
            self.lines,
            pct(self.found),
            pct(self.exact),
            self.half,
            self.wrong
        );
    }
}

#[test]
fn held_out_lines_are_repaired_and_never_wrongly() {
    let lines = held_out_lines();
    assert!(lines.len() > 500, "{} lines", lines.len());
    let repairer = Repairer::default();
    let mut changed = Vec::new();
    for (language, line) in &lines {
        let runs = repairer.find(line);
        if !runs.is_empty() {
            changed.push(format!(
                "{language}: {line:?} → {:?}",
                with_repairs(line, &runs)
            ));
        }
    }
    let mut by_way: BTreeMap<String, Tally> = BTreeMap::new();
    let mut wrong = Vec::new();
    let mut unreported = Vec::new();
    let ways = (GARBLERS.iter().map(|name| vec![*name])).chain([
        vec!["windows-1252", "windows-1252"],
        vec!["windows-1250", "windows-1250"],
    ]);
    for way in ways {
        let tally = by_way.entry(way.join(", then ")).or_default();
        for (language, meant) in &lines {
            let garbled = way
                .iter()
                .fold(meant.clone(), |text, name| garble(&text, name));
            if garbled == *meant {
                continue;
            }
            let runs = repairer.find(&garbled);
            let out = with_repairs(&garbled, &runs);
            tally.lines += 1;
            tally.found += usize::from(!runs.is_empty());
            if out == *meant {
                tally.exact += 1;
            } else if !changes_are_right(&garbled, &out, meant) {
                tally.wrong += 1;
                wrong.push(format!(
                    "{language} via {}: {garbled:?} → {out:?}, meant {meant:?}",
                    way.join(", then ")
                ));
            } else if out != garbled {
                tally.half += 1;
                let left = left_unreported(&repairer, &garbled, &out, meant);
                if !left.is_empty() {
                    unreported.push(format!("{language}: {garbled:?} → {out:?}, left {left:?}"));
                }
            }
        }
    }
    println!(
        "{:<36} {:>6} {:>7} {:>7} {:>6} {:>6}",
        "garbled through", "lines", "found", "exact", "part", "wrong"
    );
    let mut all = Tally::default();
    for (way, t) in &by_way {
        t.print(way);
        all.lines += t.lines;
        all.found += t.found;
        all.exact += t.exact;
        all.half += t.half;
        all.wrong += t.wrong;
    }
    all.print("all");
    println!(
        "clean lines: {}, changed or flagged: {}",
        lines.len(),
        changed.len()
    );
    println!(
        "lines repaired in part that leave a word no finding reports: {}",
        unreported.len()
    );
    for line in changed.iter().chain(&wrong).chain(&unreported).take(40) {
        println!("  {line}");
    }
    assert!(
        changed.is_empty(),
        "{} clean lines changed or flagged",
        changed.len()
    );
    assert!(wrong.is_empty(), "{} wrong repairs", wrong.len());
    assert!(
        unreported.is_empty(),
        "{} lines repaired in part leave words unreported",
        unreported.len()
    );
}
