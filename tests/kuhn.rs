//! Markus Kuhn's UTF-8 decoder stress test (assets/samples, CC BY 4.0): the
//! invalid spans expected in each section, worked out from the section texts.

mod common;

use std::collections::BTreeMap;

use common::{kind_named, scan_spans};
use utf8scope::model::InvalidKind;

const KUHN: &[u8] = include_bytes!("../assets/samples/kuhn-utf8-stress-test.txt");

/// The section ("3.2") that each line belongs to, from the numbered headings.
fn section_of_lines() -> Vec<String> {
    let mut current = String::from("preamble");
    let mut sections = Vec::new();
    for line in KUHN.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let mut words = text.split_whitespace();
        if let (Some(number), Some(title)) = (words.next(), words.next()) {
            let numbered = number.split('.').all(|p| p.parse::<u8>().is_ok());
            let depth = number.split('.').count();
            if numbered && depth <= 2 && title.starts_with(char::is_uppercase) {
                current = number.to_string();
            }
        }
        sections.push(current.clone());
    }
    sections
}

/// Spans per section and kind: how many of each.
fn spans_by_section() -> BTreeMap<(String, InvalidKind), usize> {
    let sections = section_of_lines();
    let mut counts = BTreeMap::new();
    for span in scan_spans(KUHN) {
        let section = sections[span.line as usize - 1].clone();
        *counts.entry((section, span.span.kind)).or_insert(0) += 1;
    }
    counts
}

#[test]
fn every_section_has_the_expected_spans() {
    use InvalidKind::*;
    let expected: &[(&str, &[(InvalidKind, usize)])] = &[
        // F8 88 80 80 80 and FC 84 80 80 80 80: withdrawn 5- and 6-byte forms.
        ("2.1", &[(InvalidByte, 2), (UnexpectedContinuation, 9)]),
        // F7 BF BF BF, FB BF BF BF BF, FD BF BF BF BF BF.
        (
            "2.2",
            &[
                (TooLarge, 1),
                (InvalidByte, 2),
                (UnexpectedContinuation, 12),
            ],
        ),
        // F4 90 80 80 (U+110000).
        ("2.3", &[(TooLarge, 1), (UnexpectedContinuation, 3)]),
        // 1+1+2+3+4+5+6+7 stray continuation bytes, then all 64.
        ("3.1", &[(UnexpectedContinuation, 93)]),
        // Lonely leads: C0 C1 overlong, C2-DF E0-EF F0-F4 truncated, F5-F7 too large, F8-FD.
        (
            "3.2",
            &[
                (Overlong, 2),
                (TooLarge, 3),
                (InvalidByte, 6),
                (Truncated, 51),
            ],
        ),
        // The ten incomplete sequences: C0, E0 80 and F0 80 80 start overlong.
        (
            "3.3",
            &[
                (UnexpectedContinuation, 19),
                (Overlong, 3),
                (TooLarge, 1),
                (InvalidByte, 4),
                (Truncated, 2),
            ],
        ),
        (
            "3.4",
            &[
                (UnexpectedContinuation, 19),
                (Overlong, 3),
                (TooLarge, 1),
                (InvalidByte, 4),
                (Truncated, 2),
            ],
        ),
        // FE, FF, FE FE FF FF.
        ("3.5", &[(InvalidByte, 6)]),
        // Each has overlong 2-, 3- and 4-byte forms and 5-, 6-byte forms.
        (
            "4.1",
            &[
                (UnexpectedContinuation, 15),
                (Overlong, 3),
                (InvalidByte, 2),
            ],
        ),
        (
            "4.2",
            &[
                (UnexpectedContinuation, 15),
                (Overlong, 3),
                (InvalidByte, 2),
            ],
        ),
        (
            "4.3",
            &[
                (UnexpectedContinuation, 15),
                (Overlong, 3),
                (InvalidByte, 2),
            ],
        ),
        // Seven lone surrogates, then eight pairs: each ED, then two strays.
        ("5.1", &[(UnexpectedContinuation, 14), (Surrogate, 7)]),
        ("5.2", &[(UnexpectedContinuation, 32), (Surrogate, 16)]),
    ];
    let mut want = BTreeMap::new();
    for (section, kinds) in expected {
        for (kind, n) in *kinds {
            want.insert((section.to_string(), *kind), *n);
        }
    }
    assert_eq!(spans_by_section(), want);
}

#[test]
fn correct_text_and_noncharacters_are_valid() {
    let counts = spans_by_section();
    for section in ["1", "5.3"] {
        assert!(
            counts.keys().all(|(s, _)| s != section),
            "spans in section {section}"
        );
    }
    assert_eq!(kind_named("surrogate"), InvalidKind::Surrogate);
}

#[test]
fn totals_match_std_lossy_decoding() {
    let spans = scan_spans(KUHN).len();
    let lossy = String::from_utf8_lossy(KUHN).matches('\u{FFFD}').count();
    // The file also holds one literal U+FFFD (section 2.3.3).
    assert_eq!(spans + 1, lossy);
}
