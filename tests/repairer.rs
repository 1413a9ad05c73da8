//! A repairer owns everything it keeps (issue #30): what it finds in a line
//! is the same whatever it judged before, in whatever order, on whatever
//! thread, and whether another repairer runs beside it. The lines are the
//! mojibake corpus's (tests/common/mojibake.rs), garbled and clean, in 33
//! languages.

#[path = "common/mojibake.rs"]
mod mojibake;

use std::num::NonZeroUsize;
use std::sync::Arc;

use mojibake::{clean_lines, garbled_lines, mixed_lines};
use utf8scope::model::findings::{Mojibake, Repairer};
use utf8scope::model::settings::Settings;

/// Every seventh line of the corpus, garbled ones and clean ones mixed, as
/// a file would hold them (enough to share words, few enough that a fresh
/// repairer for each stays quick).
fn lines() -> Vec<String> {
    let garbled = garbled_lines().into_iter().map(|line| line.text);
    let clean = (clean_lines().into_iter())
        .chain(mixed_lines())
        .map(|(_, line)| line);
    let all: Vec<String> = garbled
        .zip(clean.cycle())
        .flat_map(|(g, c)| [g, c])
        .collect();
    all.into_iter().step_by(7).collect()
}

/// What a repairer made for one line alone finds in it: nothing kept from
/// any other line.
fn alone(lines: &[String]) -> Vec<Vec<Mojibake>> {
    lines
        .iter()
        .map(|line| Repairer::new(Settings::one_thread()).find(line))
        .collect()
}

fn with_threads(threads: usize) -> Settings {
    Settings {
        threads: NonZeroUsize::new(threads).unwrap(),
        ..Settings::one_thread()
    }
}

#[test]
fn one_repairer_finds_in_each_line_what_a_fresh_one_finds_in_any_order() {
    let lines = lines();
    assert!(lines.len() > 1000, "{} lines", lines.len());
    let expected = alone(&lines);
    assert!(
        expected.iter().filter(|runs| !runs.is_empty()).count() > 300,
        "the corpus has mojibake to find"
    );
    let repairer = Repairer::new(Settings::one_thread());
    let in_order: Vec<_> = lines.iter().map(|line| repairer.find(line)).collect();
    assert!(in_order == expected, "in order");
    // Backwards, with everything the first pass kept.
    let mut backwards: Vec<_> = lines.iter().rev().map(|line| repairer.find(line)).collect();
    backwards.reverse();
    assert!(backwards == expected, "backwards");
}

#[test]
fn threads_sharing_a_repairer_and_repairers_side_by_side_agree() {
    let lines = lines();
    let expected = alone(&lines);
    let shared = Arc::new(Repairer::new(with_threads(4)));
    let threads = 4;
    let found: Vec<Vec<(usize, Vec<Mojibake>)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (lines, shared) = (&lines, Arc::clone(&shared));
                scope.spawn(move || {
                    // Each thread takes every fourth line, two of them
                    // through the shared repairer and two through one of
                    // their own, from opposite ends.
                    let own = Repairer::new(Settings::one_thread());
                    let repairer = if t % 2 == 0 { &*shared } else { &own };
                    let mut mine: Vec<usize> = (t..lines.len()).step_by(threads).collect();
                    if t >= 2 {
                        mine.reverse();
                    }
                    mine.into_iter()
                        .map(|i| (i, repairer.find(&lines[i])))
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut by_line = vec![None; lines.len()];
    for (i, runs) in found.into_iter().flatten() {
        by_line[i] = Some(runs);
    }
    for (i, runs) in by_line.into_iter().enumerate() {
        assert!(
            runs.as_ref() == Some(&expected[i]),
            "line {i}: {:?}",
            lines[i]
        );
    }
}

#[test]
fn a_long_text_split_over_threads_gives_what_its_lines_give() {
    let lines = lines();
    let expected = alone(&lines);
    // Long enough to be judged in pieces on the repairer's threads.
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    assert!(text.len() > 256 << 10, "{} bytes", text.len());
    let mut starts = Vec::new();
    let mut at = 0;
    for line in &lines {
        starts.push(at);
        at += line.len() + 1;
    }
    for threads in [1, 3] {
        let runs = Repairer::new(with_threads(threads)).find(&text);
        // Each run moved back to its line.
        let mut by_line = vec![Vec::new(); lines.len()];
        for mut run in runs {
            let line = starts.partition_point(|&s| s <= run.range.start) - 1;
            run.range = run.range.start - starts[line]..run.range.end - starts[line];
            by_line[line].push(run);
        }
        assert!(by_line == expected, "on {threads} threads");
    }
}

#[test]
fn lines_recalled_as_clean_are_passed_over_and_garbled_ones_still_found() {
    let lines = lines();
    let expected = alone(&lines);
    // The lines three times over, one text after another and as one text:
    // after the first time, the repairer recalls the lines that held none
    // and passes over them; the others it finds again.
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    let repairer = Repairer::new(with_threads(2));
    let once = repairer.find(&text);
    for _ in 0..2 {
        assert!(repairer.find(&text) == once, "the same text again");
    }
    let thrice = text.repeat(3);
    let runs = repairer.find(&thrice);
    // Every line looked at, nothing recalled: the same runs.
    assert!(repairer.find_every_line(&thrice) == runs, "every line");
    assert_eq!(runs.len(), 3 * once.len());
    for (i, run) in runs.iter().enumerate() {
        let first = &once[i % once.len()];
        let copy = i / once.len();
        assert_eq!(run.range.start, first.range.start + copy * text.len());
        assert!(run.readings == first.readings, "run {i}");
    }
    let found_lines = expected.iter().filter(|runs| !runs.is_empty()).count();
    assert!(found_lines > 300 && once.len() >= found_lines);
}
