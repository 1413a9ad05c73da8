//! The mojibake pass on lines of chars that garbling leaves: whatever it
//! finds, its runs are in order, apart and on char boundaries, and making
//! its repairs never panics.

use proptest::prelude::*;

use utf8scope::model::findings::{find_mojibake, with_repairs};

/// Chars that garbled UTF-8 shows in the common encodings, marks, spaces
/// (a no-break space, a soft hyphen), a lost char and a letter.
const GARBLED_CHARS: &str = " \u{a0}?a\u{a9}\u{ab}\u{ad}\u{b3}\u{b4}\u{bb}\u{bd}\u{bf}\u{c2}\u{c3}\u{ce}\u{d0}\u{d1}\u{e9}\u{ef}\u{102}\u{301}\u{440}\u{430}\u{2019}\u{2026}\u{20ac}\u{2122}\u{221a}\u{2264}\u{fffd}\u{192}\u{153}\u{178}";

/// Words of one to seven such chars, apart by one or two spaces.
fn garbled_line() -> impl Strategy<Value = String> {
    let chars: Vec<char> = GARBLED_CHARS.chars().filter(|&c| c != ' ').collect();
    let word = prop::collection::vec(prop::sample::select(chars), 1..8);
    prop::collection::vec((word, prop::bool::ANY), 0..100).prop_map(|words| {
        let mut line = String::new();
        for (word, wide) in words {
            line.extend(word);
            line.push_str(if wide { "  " } else { " " });
        }
        line
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn runs_are_in_order_apart_and_on_char_boundaries(line in garbled_line()) {
        let runs = find_mojibake(&line);
        for run in &runs {
            prop_assert!(run.range.start < run.range.end, "{runs:?}");
            prop_assert!(line.is_char_boundary(run.range.start), "{runs:?}");
            prop_assert!(line.is_char_boundary(run.range.end), "{runs:?}");
            prop_assert!(!run.readings.is_empty(), "{runs:?}");
        }
        for pair in runs.windows(2) {
            prop_assert!(pair[0].range.end <= pair[1].range.start, "{runs:?}");
        }
        let repaired = with_repairs(&line, &runs);
        // Judging the repaired line again does not panic either.
        let _ = find_mojibake(&repaired);
    }
}
