//! Property tests: the segmentation equals std's `from_utf8_lossy`, random
//! access equals sequential decoding, and the scan agrees with both.

mod common;

use common::scan_spans;
use proptest::prelude::*;
use utf8scope::model::Text;
use utf8scope::model::blocks::tally::tally;
use utf8scope::model::scan::Summarizer;
use utf8scope::model::window::units_forward;
use utf8scope::model::{UnitCounts, UnitKind, Window};

/// Bytes weighted towards UTF-8 structure: ASCII, leads, continuations and the
/// edge bytes where decoders go wrong.
fn utf8ish_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => 0x20u8..0x7F,
        1 => Just(b'\n'),
        4 => 0x80u8..=0xBF,
        2 => 0xC2u8..=0xDF,
        2 => 0xE0u8..=0xEF,
        2 => 0xF0u8..=0xF4,
        3 => prop::sample::select(vec![0xC0u8, 0xC1, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]),
        1 => any::<u8>(),
    ]
}

fn utf8ish_bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(utf8ish_byte(), 0..max)
}

/// Decodes sequentially from the start: U+FFFD for each invalid span.
fn lossy_from_units(bytes: &[u8]) -> String {
    let source = Text::from_bytes("t", bytes.to_vec());
    units_forward(&source, 0)
        .filter_map(|u| match u.unwrap().kind {
            UnitKind::Char(c) => Some(c),
            UnitKind::Invalid(_) => Some('\u{FFFD}'),
            // (UTF-8 has no escape sequences.)
            UnitKind::Shift => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn units_equal_from_utf8_lossy(bytes in utf8ish_bytes(64)) {
        prop_assert_eq!(lossy_from_units(&bytes), String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_access_equals_sequential_decoding(bytes in utf8ish_bytes(64), pick in any::<prop::sample::Index>()) {
        prop_assume!(!bytes.is_empty());
        let source = Text::from_bytes("t", bytes.clone());
        let offset = pick.index(bytes.len()) as u64;
        let sequential = units_forward(&source, 0)
            .map(Result::unwrap)
            .find(|u| u.contains(offset))
            .unwrap();
        let window = Window::load(&source, offset, offset + 1).unwrap();
        prop_assert_eq!(window.unit_at(offset).copied(), Some(sequential));
    }

    #[test]
    fn scan_spans_equal_sequential_invalid_units(bytes in utf8ish_bytes(200)) {
        let source = Text::from_bytes("t", bytes.clone());
        let sequential: Vec<_> = units_forward(&source, 0)
            .map(Result::unwrap)
            .filter_map(|u| u.invalid_kind().map(|k| (u.offset, u.len, k)))
            .collect();
        let scanned: Vec<_> = scan_spans(&bytes)
            .into_iter()
            .map(|s| (s.span.offset, s.span.len, s.span.kind))
            .collect();
        prop_assert_eq!(scanned, sequential);
    }

    #[test]
    fn index_summaries_count_what_sequential_decoding_finds(bytes in utf8ish_bytes(300)) {
        let source = Text::from_bytes("t", bytes.clone());
        let mut expected = UnitCounts::default();
        for unit in units_forward(&source, 0).map(Result::unwrap) {
            match unit.kind {
                UnitKind::Invalid(kind) => expected.invalid_by_kind[kind.index()] += 1,
                UnitKind::Char(c) => match c.len_utf8() {
                    1 => expected.ascii += 1,
                    2 => expected.two_byte += 1,
                    3 => expected.three_byte += 1,
                    _ => expected.four_byte += 1,
                },
                UnitKind::Shift => unreachable!("UTF-8 has no escape sequences"),
            }
        }
        let summary = Summarizer::new().summarize(&bytes);
        prop_assert_eq!(summary.counts, expected);
        prop_assert_eq!(u64::from(summary.lf), bytes.iter().filter(|&&b| b == b'\n').count() as u64);
    }

    #[test]
    fn tally_counts_characters_by_length(text in "[a-z\n]{0,40}(\\PC{0,80}[ a-z]{0,70}){0,20}") {
        let t = tally(text.as_bytes());
        let by_len = |n| text.chars().filter(|c| c.len_utf8() == n).count() as u64;
        prop_assert_eq!(t.ascii, by_len(1));
        prop_assert_eq!(t.two_byte, by_len(2));
        prop_assert_eq!(t.three_byte, by_len(3));
        prop_assert_eq!(t.four_byte, by_len(4));
        prop_assert_eq!(t.lf, text.matches('\n').count() as u64);
    }
}

#[test]
fn lines_and_columns_follow_the_design() {
    // Line = 1 + LFs before; column = 1 + units since the line start, where an
    // invalid span counts as one unit.
    let mut bytes = b"x\n".to_vec();
    bytes.extend_from_slice("€é".as_bytes()); // line 2, units 1 and 2
    bytes.extend_from_slice(&[0xE2, 0x82]); // truncated: line 2, column 3
    bytes.extend_from_slice(&[b'A', 0x80]); // "A", then a stray: line 2, column 5
    bytes.extend_from_slice("\n\n 😀".as_bytes()); // line 4, units 1 and 2
    bytes.push(0xFF); // line 4, column 3
    let located: Vec<_> = scan_spans(&bytes)
        .iter()
        .map(|s| (s.span.offset, s.line, s.column))
        .collect();
    assert_eq!(located, vec![(7, 2, 3), (10, 2, 5), (18, 4, 3)]);
}
