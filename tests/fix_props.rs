//! Properties of the repair pass on arbitrary bytes.

use proptest::prelude::*;

use utf8scope::fix::{ChangeKind, InvalidPolicy, RepairOptions, repair_to};
use utf8scope::model::Source;
use utf8scope::model::cesu8::surrogate_pair;

fn repair(bytes: &[u8], options: &RepairOptions) -> (Vec<u8>, u64) {
    let source = Source::from_bytes("t", bytes.to_vec());
    let mut out = Vec::new();
    let log = repair_to(&source, options.clone(), &mut out, "out").unwrap();
    (out, log.total())
}

/// Bytes that are mostly text, with mojibake, invalid bytes and BOMs mixed in.
fn texty_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"caf\xC3\x83\xC2\xA9 ".to_vec()),
        Just("РїСЂРёРІРµС‚ ".as_bytes().to_vec()),
        Just("привет café ".as_bytes().to_vec()),
        Just("\u{FEFF}".as_bytes().to_vec()),
        // U+1F600 written as CESU-8.
        Just(b"\xED\xA0\xBD\xED\xB8\x80".to_vec()),
        Just(b"\n".to_vec()),
        "[a-z ]{1,8}".prop_map(String::into_bytes),
        any::<u8>().prop_map(|b| vec![b]),
        prop::collection::vec(0x80u8..=0xFF, 1..4),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn replacing_invalid_spans_gives_valid_utf8_and_a_second_pass_changes_nothing(
        bytes in texty_bytes(),
        strip_bom in any::<bool>(),
    ) {
        let options = RepairOptions { invalid: InvalidPolicy::Replace, strip_bom, ..RepairOptions::default() };
        let (once, _) = repair(&bytes, &options);
        prop_assert!(std::str::from_utf8(&once).is_ok());
        let (twice, changes) = repair(&once, &options);
        prop_assert_eq!(changes, 0);
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn without_mojibake_keep_changes_no_byte(bytes in texty_bytes()) {
        let source = Source::from_bytes("t", bytes.clone());
        let mut out = Vec::new();
        let log = repair_to(&source, RepairOptions::default(), &mut out, "out").unwrap();
        let repaired = log.count(ChangeKind::Mojibake) + log.count(ChangeKind::Cesu8Pair);
        if repaired == 0 {
            prop_assert_eq!(out, bytes);
        }
        prop_assert_eq!(log.total(), repaired);
    }

    #[test]
    fn legacy_rows_leave_valid_lines_alone_and_a_second_pass_changes_nothing(bytes in texty_bytes()) {
        let options = RepairOptions { invalid: InvalidPolicy::Legacy, ..RepairOptions::default() };
        let (once, _) = repair(&bytes, &options);
        // Every line that was valid UTF-8 is still there, unchanged.
        let plain = RepairOptions::default();
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            if std::str::from_utf8(line).is_ok() {
                let (line_fixed, _) = repair(line, &plain);
                prop_assert!(
                    once.windows(line_fixed.len()).any(|w| w == line_fixed.as_slice()),
                    "a valid line was changed"
                );
            }
        }
        let (twice, _) = repair(&once, &options);
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn dropping_leaves_exactly_the_valid_text(bytes in texty_bytes()) {
        // Dropping is as if the file had held only its valid text and the
        // chars its CESU-8 pairs encode (whose mojibake is then repaired as
        // in any file).
        let options = RepairOptions { invalid: InvalidPolicy::Drop, strip_bom: false, ..RepairOptions::default() };
        let (dropped, _) = repair(&bytes, &options);
        let valid_only = valid_text_and_pairs(&bytes);
        let plain = RepairOptions { strip_bom: false, ..RepairOptions::default() };
        let (expected, _) = repair(&valid_only, &plain);
        prop_assert_eq!(String::from_utf8(dropped).unwrap(), String::from_utf8(expected).unwrap());
    }
}

/// The valid text of `bytes` with each CESU-8 pair read as its char, and
/// every other invalid span left out.
fn valid_text_and_pairs(bytes: &[u8]) -> Vec<u8> {
    let mut text = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if let Some(pair) = surrogate_pair(&bytes[at..]) {
            text.extend(pair.meant.to_string().as_bytes());
            at += 6;
            continue;
        }
        match std::str::from_utf8(&bytes[at..]) {
            Ok(rest) => {
                text.extend(rest.as_bytes());
                at = bytes.len();
            }
            Err(e) if e.valid_up_to() > 0 => {
                text.extend(&bytes[at..at + e.valid_up_to()]);
                at += e.valid_up_to();
            }
            Err(e) => at += e.error_len().unwrap_or(bytes.len() - at),
        }
    }
    text
}

/// Words of a long line: garbled and clean, Latin and Cyrillic, some that
/// only repair beside others ("Рё"), and halves of garbled words.
const LONG_LINE_WORDS: [&str; 10] = [
    "x\u{c3}\u{a9}",
    "caf\u{c3}\u{a9}",
    "\u{c3}",
    "\u{a9}",
    "plain",
    "РїСЂРёРІРµС‚",
    "Рё",
    "é",
    "привет",
    "GrÃƒÂ¼ÃƒÅ¸e",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// Lines longer than the 1 MiB reads, cut into windows of a mebibyte of
    /// letters:
    /// a second `fix` changes nothing, wherever the pieces fall.
    #[test]
    fn fixing_a_fixed_file_with_lines_over_every_block_size_changes_nothing(
        words in prop::collection::vec((0..LONG_LINE_WORDS.len(), 0..4usize), 1..64),
        len in (1usize << 20)..(5 << 19),
    ) {
        let mut line = String::with_capacity(len + 64);
        while line.len() < len {
            for &(word, separator) in &words {
                line.push_str(LONG_LINE_WORDS[word]);
                line.push_str(["", " ", "  ", "\t"][separator]);
            }
        }
        line.push('\n');
        let options = RepairOptions::default();
        let (once, _) = repair(line.as_bytes(), &options);
        let (twice, changes) = repair(&once, &options);
        prop_assert_eq!(changes, 0);
        prop_assert!(twice == once);
    }
}

/// The defect as it was found: a 2 MB line of `xÃ© ` fixed twice.
#[test]
fn a_two_megabyte_line_of_mojibake_is_repaired_whole_in_one_pass() {
    let line = "x\u{c3}\u{a9} ".repeat(2_000_000 / 5);
    let (once, changes) = repair(line.as_bytes(), &RepairOptions::default());
    assert!(changes > 0);
    assert_eq!(once, "xé ".repeat(2_000_000 / 5).into_bytes());
    let (_, again) = repair(&once, &RepairOptions::default());
    assert_eq!(again, 0);
}
