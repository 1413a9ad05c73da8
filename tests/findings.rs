//! Findings other than mojibake, with exact offsets.

use utf8scope::model::Source;
use utf8scope::model::findings::{Finding, FindingKind, PER_LINE_LIMIT, Severity, findings_of};

fn findings(bytes: &[u8]) -> Vec<Finding> {
    findings_of(&Source::from_bytes("t", bytes.to_vec())).unwrap()
}

/// (offset, len, kind, severity) of each finding of `bytes`.
fn places(bytes: &[u8]) -> Vec<(u64, u64, FindingKind, Severity)> {
    places_of(&findings(bytes))
}

/// (offset, len, kind, severity) of each of `found`.
fn places_of(found: &[Finding]) -> Vec<(u64, u64, FindingKind, Severity)> {
    found
        .iter()
        .map(|f| (f.offset, f.len, f.kind, f.severity))
        .collect()
}

use FindingKind::*;
use Severity::*;

#[test]
fn clean_text_has_no_findings() {
    let text = include_bytes!("../assets/samples/multilingual.txt");
    // The sample shows u + U+0308 on purpose: that is its only finding.
    let found = places(text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].2, NotNfc);
    assert!(places("plain\ttext\r\nwith CRLF only\r\n".as_bytes()).is_empty());
}

#[test]
fn mojibake_findings_carry_the_chain_and_the_repair() {
    let text = "Le cafÃ© est prÃªt.\nРїСЂРёРІРµС‚ РјРёСЂ\n".as_bytes();
    let found = findings(text);
    let places = places_of(&found);
    // "cafÃ©" is bytes 3..10, "prÃªt." 15..23, the Russian line 24..62.
    assert_eq!(
        places,
        vec![
            (3, 7, Mojibake, Warning),
            (15, 8, Mojibake, Warning),
            (24, 38, Mojibake, Warning)
        ]
    );
    assert_eq!(found[0].repair(), Some("café"));
    let positions: Vec<_> = found.iter().map(|f| (f.line, f.column)).collect();
    assert_eq!(positions, vec![(1, 4), (1, 14), (2, 1)]);
    assert_eq!(
        found[0].chain().as_deref(),
        Some("UTF-8 read as windows-1252")
    );
    assert_eq!(found[2].repair(), Some("привет мир"));
    assert_eq!(
        found[2].detail,
        "“РїСЂРёРІРµС‚ РјРёСЂ” is “привет мир”: UTF-8 read as windows-1251"
    );
}

#[test]
fn a_bom_is_info_at_the_start_and_a_warning_elsewhere() {
    let bytes = "\u{FEFF}first file\n\u{FEFF}second file\n".as_bytes();
    assert_eq!(
        places(bytes),
        vec![(0, 3, Bom, Info), (14, 3, Bom, Warning)]
    );
}

#[test]
fn utf16_is_recognised_by_its_bom_or_its_nuls() {
    assert_eq!(places(b"\xFF\xFEh\x00i\x00")[0], (0, 2, Utf16, Warning));
    assert_eq!(places(b"\xFE\xFF\x00h\x00i")[0], (0, 2, Utf16, Warning));
    let le: Vec<u8> = "hello, world: plain text"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let found = findings(&le);
    assert_eq!((found[0].offset, found[0].kind), (0, Utf16));
    assert!(found[0].detail.contains("UTF-16LE"));
    // Binary with NULs everywhere is not UTF-16 text.
    assert!(places(&[0u8; 64]).iter().all(|f| f.2 != Utf16));
}

#[test]
fn bidi_controls_invisibles_and_controls() {
    let text = "if x\u{202E} {\u{2066}}\u{200B}a\u{00AD}b\x1b[0m\x7F\u{85}\t\n".as_bytes();
    assert_eq!(
        places(text),
        vec![
            (4, 3, BidiControl, Warning),
            (9, 3, BidiControl, Warning),
            (13, 3, Invisible, Warning),
            (17, 2, Invisible, Warning),
            (20, 1, Control, Warning),
            (24, 1, Control, Warning),
            (25, 2, Control, Warning),
        ]
    );
    let detail = &findings("a\u{202E}".as_bytes())[0].detail;
    assert!(
        detail.contains("RIGHT-TO-LEFT OVERRIDE") && detail.contains("CVE-2021-42574"),
        "{detail}"
    );
    assert!(
        !detail.contains('\u{202E}'),
        "details never carry the raw character"
    );
}

#[test]
fn a_run_of_one_control_is_one_finding_with_a_count() {
    // A file of NULs, a log allocated ahead: one finding, whatever its size,
    // the same in the quick walk and in the reference one.
    let mut bytes = b"log\n".to_vec();
    bytes.extend(vec![0u8; 3 << 20]);
    bytes.extend_from_slice(b"\x01\x01\x02 end\n\x01");
    let found = findings(&bytes);
    let runs: Vec<_> = found
        .iter()
        .map(|f| (f.offset, f.len, f.count, f.line, f.column))
        .collect();
    let nuls = 3u64 << 20;
    assert_eq!(
        runs,
        [
            (4, nuls, nuls, 2, 1),
            (4 + nuls, 2, 2, 2, nuls + 1),
            (6 + nuls, 1, 1, 2, nuls + 3),
            (12 + nuls, 1, 1, 3, 1),
        ]
    );
    assert_eq!(found[0].bytes, [0]);
    assert!(found[0].described().ends_with("(3,145,728 in a row)"));
    let mut reference = utf8scope::model::findings::FindingsScanner::char_by_char();
    reference.feed(&bytes);
    assert_eq!(reference.finish(), found);
}

#[test]
fn a_line_lists_a_thousand_findings_of_a_kind_and_folds_the_rest() {
    // Controls among letters (no run) and zero-width spaces on one long
    // line, then a short line: each kind lists PER_LINE_LIMIT and folds the
    // rest into one, and the next line starts afresh.
    let limit = PER_LINE_LIMIT as usize;
    let mut bytes = b"\x01a".repeat(3 * limit);
    bytes.extend("b\u{200B}".repeat(limit + 5).as_bytes());
    bytes.extend(b"\n\x01x\x01\n");
    for found in [findings(&bytes), {
        let mut reference = utf8scope::model::findings::FindingsScanner::char_by_char();
        reference.feed(&bytes);
        reference.finish()
    }] {
        let of = |kind| found.iter().filter(move |f| f.kind == kind && f.line == 1);
        assert_eq!(of(Control).count(), limit + 1);
        assert_eq!(of(Invisible).count(), limit + 1);
        let folded = of(Control).next_back().unwrap();
        assert!(folded.folds_the_line);
        assert_eq!(
            (folded.offset, folded.count, folded.column),
            (2 * limit as u64, 2 * limit as u64, 2 * limit as u64 + 1)
        );
        // It reaches to the end of the last control it stands for.
        assert_eq!(folded.offset + folded.len, 6 * limit as u64 - 1);
        assert!(
            folded
                .described()
                .ends_with("(and 1,999 more on this line)"),
            "{}",
            folded.described()
        );
        let invisible = of(Invisible).next_back().unwrap();
        assert_eq!((invisible.count, invisible.folds_the_line), (5, true));
        assert!(
            of(Control)
                .take(limit)
                .all(|f| !f.folds_the_line && f.count == 1)
        );
        let line_2: Vec<_> = found.iter().filter(|f| f.line == 2).collect();
        assert_eq!(line_2.len(), 2);
        assert!(line_2.iter().all(|f| !f.folds_the_line));
    }
}

#[test]
fn a_long_line_dense_with_findings_keeps_few_of_them() {
    // 8 MiB of a control every other byte, no line feed: a few findings,
    // not four million (memory stays bounded), the count says how many.
    let bytes = b"\x01a".repeat(4 << 20);
    let found = findings(&bytes);
    assert!(
        found.len() <= 4 * (PER_LINE_LIMIT as usize + 1),
        "{}",
        found.len()
    );
    assert_eq!(found.iter().map(|f| f.count).sum::<u64>(), 4 << 20);
}

#[test]
fn replacement_characters_and_noncharacters() {
    let text = "ok \u{FFFD} \u{FDD0} \u{FFFF}".as_bytes();
    assert_eq!(
        places(text),
        vec![
            (3, 3, ReplacementCharacter, Warning),
            (7, 3, Noncharacter, Info),
            (11, 3, Noncharacter, Info)
        ]
    );
}

#[test]
fn cesu8_pairs_and_modified_utf8_nul_explain_their_invalid_spans() {
    let bytes = b"x\xED\xA0\xBD\xED\xB8\x80y\xC0\x80z";
    assert_eq!(
        places(bytes),
        vec![(1, 6, Cesu8, Warning), (8, 2, ModifiedUtf8Nul, Warning)]
    );
    let detail = &findings(bytes)[0].detail;
    assert!(
        detail.contains("D83D DE00") && detail.contains("U+1F600 GRINNING FACE"),
        "{detail}"
    );
}

#[test]
fn decomposed_sequences_with_a_precomposed_form() {
    let text = "zu\u{0308}rich e\u{0301}\u{0301}".as_bytes();
    // u + U+0308 → ü; e + U+0301 → é; é + U+0301 has no single form.
    assert_eq!(
        places(text),
        vec![(1, 3, NotNfc, Info), (9, 3, NotNfc, Info)]
    );
    let detail = &findings(text)[0].detail;
    assert!(
        detail.contains("LATIN SMALL LETTER U WITH DIAERESIS"),
        "{detail}"
    );
}

#[test]
fn mixed_line_endings_point_at_the_rarer_kind() {
    let text = b"one\r\ntwo\r\nthree\nfour\r\n";
    assert_eq!(places(text), vec![(15, 1, MixedLineEndings, Info)]);
    assert_eq!((findings(text)[0].line, findings(text)[0].column), (3, 6));
    let detail = &findings(text)[0].detail;
    assert!(
        detail.contains("CRLF (3)") && detail.contains("LF (1)"),
        "{detail}"
    );
}

#[test]
fn a_look_alike_letter_from_another_script_is_a_mixed_script_word() {
    // "pаypal" with U+0430 CYRILLIC SMALL LETTER A: bytes 11..18, line 2.
    let text = "Sign in\nat p\u{0430}ypal.com or\ncafГ© \n".as_bytes();
    let found = findings(text);
    let places = places_of(&found);
    // "cafГ©" mixes Latin and Cyrillic too, but it is mojibake, and only that.
    assert_eq!(
        places,
        vec![(11, 7, MixedScript, Warning), (26, 7, Mojibake, Warning)]
    );
    assert_eq!((found[0].line, found[0].column), (2, 4));
    assert_eq!(found[0].bytes, "p\u{0430}ypal".as_bytes());
    let detail = &found[0].detail;
    assert!(
        detail.contains("Latin")
            && detail.contains("U+0430 CYRILLIC SMALL LETTER A")
            && detail.contains("Cyrillic"),
        "{detail}"
    );
}

#[test]
fn a_mojibake_word_cut_by_a_block_boundary_is_still_found() {
    // Blocks are 64 KiB: put "cafÃ©" across the first boundary.
    let mut text = "x".repeat(65_533);
    text.push_str(" cafÃ© au lait\n");
    let found = places(text.as_bytes());
    assert_eq!(found, vec![(65_534, 7, Mojibake, Warning)]);
}
