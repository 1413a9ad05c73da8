//! The findings pass skips quiet text in bulk; it must find exactly what a
//! character-by-character walk finds, however the input is cut into blocks.

use proptest::prelude::*;

use utf8scope::model::blocks::pieces::complete_prefix_len;
use utf8scope::model::findings::{Finding, FindingsScanner};

/// Text with every kind of finding mixed in, and line endings of both kinds.
fn texty_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        "[a-z ]{1,12}".prop_map(String::into_bytes),
        Just(b"\r\n".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\t".to_vec()),
        Just("caf\u{c3}\u{a9} ".as_bytes().to_vec()),
        Just("привет Ελληνικά 日本語 ".as_bytes().to_vec()),
        Just("p\u{430}ypal ".as_bytes().to_vec()),
        Just("u\u{308}".as_bytes().to_vec()),
        Just("\u{308}".as_bytes().to_vec()),
        Just("\u{3099}".as_bytes().to_vec()),
        Just("“quoted” ’ – ".as_bytes().to_vec()),
        Just("\u{feff}".as_bytes().to_vec()),
        Just("\u{fffd}".as_bytes().to_vec()),
        Just("\u{202e}\u{2066}\u{200b}\u{ad}".as_bytes().to_vec()),
        Just("\u{1}\u{7f}\u{85}".as_bytes().to_vec()),
        Just("\u{fdd0}\u{10fffe}".as_bytes().to_vec()),
        Just(b"\xED\xA0\xBD\xED\xB8\x80".to_vec()),
        Just(b"\xC0\x80".to_vec()),
        any::<u8>().prop_map(|b| vec![b]),
    ];
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

/// Feeds `bytes` to `scanner` in unit-aligned blocks of about `block` bytes.
fn findings(mut scanner: FindingsScanner, bytes: &[u8], block: usize) -> Vec<Finding> {
    let mut at = 0;
    while at < bytes.len() {
        let end = (at + block).min(bytes.len());
        let len = complete_prefix_len(&bytes[at..end], end == bytes.len());
        let len = if len == 0 { bytes.len() - at } else { len };
        scanner.feed(&bytes[at..at + len]);
        at += len;
    }
    scanner.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn the_quick_walk_finds_what_the_plain_walk_finds(
        bytes in texty_bytes(),
        block in 1usize..200,
    ) {
        let whole = findings(FindingsScanner::char_by_char(), &bytes, bytes.len().max(1));
        let quick = findings(FindingsScanner::new(), &bytes, bytes.len().max(1));
        prop_assert_eq!(&quick, &whole);
        // Cut into blocks, mojibake and look-alike words may be cut too (the
        // passes cut at line feeds for that); everything else must agree.
        let plain_cut = findings(FindingsScanner::char_by_char(), &bytes, block);
        let quick_cut = findings(FindingsScanner::new(), &bytes, block);
        prop_assert_eq!(quick_cut, plain_cut);
    }
}

/// Feeds `bytes` in runs of whole lines of about `block` bytes through
/// `feed_lines`, which splits big runs between two threads.
fn findings_by_lines(bytes: &[u8], block: usize) -> Vec<Finding> {
    let mut scanner = FindingsScanner::new();
    let mut at = 0;
    while at < bytes.len() {
        let target = (at + block).min(bytes.len());
        let end = memchr::memchr(b'\n', &bytes[target..]).map_or(bytes.len(), |lf| target + lf + 1);
        scanner.feed_lines(&bytes[at..end]);
        at = end;
    }
    scanner.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn lines_scanned_on_two_threads_give_the_same_findings(
        bytes in texty_bytes(),
        block in 150_000usize..450_000,
    ) {
        // Long enough (with line feeds throughout) for blocks that are cut
        // into pieces of 64 KiB shared between two threads.
        let mut long = Vec::new();
        while long.len() < 1_000_000 {
            long.extend_from_slice(&bytes);
            long.extend_from_slice("é\n".as_bytes());
        }
        let plain = findings(FindingsScanner::char_by_char(), &long, long.len());
        prop_assert_eq!(findings_by_lines(&long, block), plain);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `check --findings` skips the findings pass over plain ASCII text
    /// (printable, space, tab, line feed): no kind may fire on such text.
    /// A new kind that could must make `is_plain_ascii_text` narrower.
    #[test]
    fn no_finding_is_made_of_plain_ascii_text(text in "[ -~\t\n]{0,400}") {
        let bytes = text.into_bytes();
        prop_assert!(utf8scope::model::findings::is_plain_ascii_text(&bytes));
        let mut scanner = FindingsScanner::char_by_char();
        scanner.feed_lines(&bytes);
        let findings = scanner.finish();
        prop_assert!(findings.is_empty(), "{:?}", findings);
    }

    /// And the test admits nothing else: any other byte makes text not plain.
    #[test]
    fn any_other_byte_makes_text_not_plain(
        text in "[ -~\t\n]{0,200}",
        at in 0usize..200,
        byte in any::<u8>().prop_filter("not plain", |b| !matches!(b, 0x20..=0x7E | b'\n' | b'\t')),
    ) {
        let mut bytes = text.into_bytes();
        bytes.insert(at.min(bytes.len()), byte);
        prop_assert!(!utf8scope::model::findings::is_plain_ascii_text(&bytes));
    }
}
