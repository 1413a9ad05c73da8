//! `utf8scope explain` and `utf8scope dump`: the seeds' worked examples,
//! property tests against std's encoders and against `check`'s split, and
//! the dump's safety and its agreement with the inspector's rows.

mod common;
#[path = "common/ui.rs"]
mod ui;

#[path = "common/markup.rs"]
mod markup;

use markup::shown_text;
use std::ffi::OsStr;

use common::{json_lines, run_utf8scope, scan_spans};
use proptest::prelude::*;
use serde_json::Value;
use ui::{app_on_sample, screen_text};
use utf8scope::dump::{DumpOptions, PageTheme};
use utf8scope::explain::{ExplainFormat, Subject, explain};

fn explain_jsonl(subject: &Subject) -> Vec<Value> {
    let mut out = Vec::new();
    explain(
        subject,
        ExplainFormat::Jsonl,
        false,
        PageTheme::Light,
        &mut out,
    )
    .unwrap();
    json_lines(&String::from_utf8(out).unwrap())
}

fn explain_text(args: &[&str]) -> String {
    let mut all = vec![
        OsStr::new("explain"),
        OsStr::new("--color"),
        OsStr::new("never"),
    ];
    all.extend(args.iter().map(OsStr::new));
    run_utf8scope(&all, 0)
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn papa_hello_is_14_20_and_40_bytes() {
    let text = explain_text(&["Папа", "Hello"]);
    assert!(
        text.ends_with(
            "10 code points (10 graphemes): UTF-8 14 bytes, UTF-16 20 bytes, UTF-32 40 bytes\n"
        ),
        "{text}"
    );
    let units = explain_jsonl(&Subject::Text("Папа Hello".into()));
    assert_eq!(units.len(), 10);
    assert_eq!(units[0]["code_point"], "U+041F");
    assert_eq!(units[0]["name"], "CYRILLIC CAPITAL LETTER PE");
    assert_eq!(units[0]["utf8"], "D0 9F");
}

#[test]
fn the_seeds_astral_character_in_every_form() {
    let units = explain_jsonl(&Subject::Text("\u{10C0C}".into()));
    let unit = &units[0];
    assert_eq!(unit["bytes"], "F0 90 B0 8C");
    assert_eq!(unit["utf16"], "D803 DC0C");
    assert_eq!(unit["utf16le"], "03 D8 0C DC");
    assert_eq!(unit["utf16be"], "D8 03 DC 0C");
    assert_eq!(unit["utf32le"], "0C 0C 01 00");
    assert_eq!(unit["utf32be"], "00 01 0C 0C");
    let text = explain_text(&["U+10C0C"]);
    assert!(text.contains("0x10C0C − 0x10000 = 0x00C0C; high 10 bits 0x003 + 0xD800 = D803; low 10 bits 0x00C + 0xDC00 = DC0C"), "{text}");
    assert!(
        text.contains("11110|000 10|010000 10|110000 10|001100"),
        "{text}"
    );
}

#[test]
fn u_007f_is_only_7f_and_c1_bf_is_overlong() {
    let units = explain_jsonl(&Subject::Text("\u{7F}".into()));
    assert_eq!(units[0]["utf8"], "7F");
    assert_eq!(units[0]["name"], "DELETE (DEL)");
    let units = explain_jsonl(&Subject::Bytes(vec![0xC1, 0xBF]));
    assert_eq!(units[0]["kind"], "overlong");
    assert_eq!(units[0]["would_be"], "U+007F");
    assert_eq!(units[1]["kind"], "unexpected-continuation");
    let text = explain_text(&["--bytes", "C1 BF"]);
    assert!(text.contains("would be U+007F"), "{text}");
    assert!(
        text.ends_with("2 bytes: 0 characters, 2 invalid spans\n"),
        "{text}"
    );
}

#[test]
fn every_byte_order_mark_of_the_seeds_table_is_u_feff() {
    let units = explain_jsonl(&Subject::Text("\u{FEFF}".into()));
    let bom = &units[0];
    assert_eq!(bom["name"], "ZERO WIDTH NO-BREAK SPACE");
    assert_eq!(bom["utf8"], "EF BB BF");
    assert_eq!(bom["utf16be"], "FE FF");
    assert_eq!(bom["utf16le"], "FF FE");
    assert_eq!(bom["utf32be"], "00 00 FE FF");
    assert_eq!(bom["utf32le"], "FF FE 00 00");
    // Read as UTF-8, the UTF-16 and UTF-32 marks are invalid bytes.
    let units = explain_jsonl(&Subject::Bytes(vec![0xFF, 0xFE, 0x00, 0x00]));
    let kinds: Vec<&Value> = units
        .iter()
        .map(|u| u.get("kind").unwrap_or(&u["code_point"]))
        .collect();
    assert_eq!(kinds, ["invalid-byte", "invalid-byte", "U+0000", "U+0000"]);
}

#[test]
fn combining_sequences_are_one_grapheme_with_their_precomposed_form() {
    let text = explain_text(&["u\u{308}", "\u{418}\u{306}", "\u{FC}"]);
    assert!(
        text.contains(
            "grapheme “u\u{308}” = u + U+0308 COMBINING DIAERESIS; precomposed (NFC): ü U+00FC"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "grapheme “И\u{306}” = И + U+0306 COMBINING BREVE; precomposed (NFC): Й U+0419"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "7 code points (5 graphemes): UTF-8 11 bytes, UTF-16 14 bytes, UTF-32 28 bytes\n"
        ),
        "{text}"
    );
}

#[test]
fn the_boundaries_of_one_two_three_and_four_bytes() {
    for (c, bytes) in [
        ('\u{7F}', "7F"),
        ('\u{80}', "C2 80"),
        ('\u{7FF}', "DF BF"),
        ('\u{800}', "E0 A0 80"),
        ('\u{FFFF}', "EF BF BF"),
        ('\u{10000}', "F0 90 80 80"),
        ('\u{10FFFF}', "F4 8F BF BF"),
    ] {
        let units = explain_jsonl(&Subject::Text(c.to_string()));
        assert_eq!(units[0]["utf8"], bytes, "{c:?}");
    }
}

#[test]
fn controls_are_named_and_never_printed_raw() {
    let text = explain_text(&["a\u{1b}]52;x\u{7}\u{202E}"]);
    assert!(text.contains("U+001B ESCAPE (ESC)"), "{text}");
    assert!(text.contains("U+202E RIGHT-TO-LEFT OVERRIDE"), "{text}");
    assert!(
        !text
            .chars()
            .any(|c| c != '\n' && utf8scope::display::is_unsafe_for_terminal(c))
    );
}

#[test]
fn explain_pages_and_pictures_say_what_the_text_says_and_hold_nothing_raw() {
    for args in [
        &["a<b>&\u{1b}]52;x\u{7}\u{202E}", "U+10C0C"][..],
        &["--bytes", "C1 BF E0 80 AF 3C 62 3E"],
    ] {
        let plain = explain_text(args);
        for (format, opening) in [("html", "<!DOCTYPE html>"), ("svg", "<svg ")] {
            let mut all = vec!["explain", "--format", format, "--theme", "dark"];
            all.extend(args);
            let all: Vec<&OsStr> = all.into_iter().map(OsStr::new).collect();
            let page = run_utf8scope(&all, 0);
            assert!(page.starts_with(opening), "{page}");
            // Nothing from the arguments as markup, no control character.
            assert!(!page.contains("<b>"), "{page}");
            assert!(!page.chars().any(|c| c.is_control() && c != '\n'), "{page}");
            assert!(!page.contains("<script"));
            // The dark theme, and a legend for the colours.
            assert!(page.contains("--bg:#1e1e1e"));
            assert!(page.contains("marker bits") && page.contains("payload bits"));
            // Every line of the text, as the page shows it (its bits
            // told apart by colour, not by `|`; the arguments hold none).
            let shown = shown_text(&page);
            for line in plain.lines() {
                let line = line.replace('|', "");
                assert!(shown.contains(&line), "{format}: {line:?} in {shown}");
            }
        }
    }
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [&["U+D800"][..], &["--bytes", "E0 8"], &["--bytes", "xyz"]] {
        let mut all = vec![OsStr::new("explain")];
        all.extend(args.iter().map(OsStr::new));
        let output = assert_cmd::Command::cargo_bin("utf8scope")
            .unwrap()
            .args(&all)
            .assert()
            .code(2);
        let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn explained_units_concatenate_to_the_text_and_agree_with_std(text in "\\PC{0,40}") {
        let units = explain_jsonl(&Subject::Text(text.clone()));
        let joined: Vec<String> = units.iter().map(|u| u["bytes"].as_str().unwrap().to_string()).collect();
        prop_assert_eq!(joined.join(" "), hex(text.as_bytes()));
        for (unit, c) in units.iter().zip(text.chars()) {
            let utf16: Vec<u16> = c.encode_utf16(&mut [0; 2]).to_vec();
            let words: Vec<String> = utf16.iter().map(|u| format!("{u:04X}")).collect();
            prop_assert_eq!(unit["utf16"].as_str().unwrap(), words.join(" "));
            let le: Vec<u8> = utf16.iter().flat_map(|u| u.to_le_bytes()).collect();
            prop_assert_eq!(unit["utf16le"].as_str().unwrap(), hex(&le));
            prop_assert_eq!(unit["utf32be"].as_str().unwrap(), hex(&(c as u32).to_be_bytes()));
        }
    }

    #[test]
    fn explained_bytes_split_exactly_as_check(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let units = explain_jsonl(&Subject::Bytes(bytes.clone()));
        let invalid: Vec<(u64, u64, String)> = units
            .iter()
            .filter(|u| u.get("kind").is_some())
            .map(|u| {
                let len = u["bytes"].as_str().unwrap().split(' ').count() as u64;
                (u["offset"].as_u64().unwrap(), len, u["kind"].as_str().unwrap().to_string())
            })
            .collect();
        let spans: Vec<(u64, u64, String)> = scan_spans(&bytes)
            .iter()
            .map(|s| (s.span.offset, u64::from(s.span.len), s.span.kind.name().to_string()))
            .collect();
        prop_assert_eq!(invalid, spans);
        let joined: Vec<String> = units.iter().map(|u| u["bytes"].as_str().unwrap().to_string()).collect();
        prop_assert_eq!(joined.join(" "), hex(&bytes));
    }
}

fn dump_bytes(bytes: &[u8], options: DumpOptions) -> String {
    let mut out = Vec::new();
    utf8scope::dump::dump_bytes(bytes, options, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn options(width: u16, color: bool) -> DumpOptions {
    DumpOptions {
        start: 0,
        length: None,
        bits: true,
        width,
        color,
        input_len: None,
        encoding: utf8scope::model::Encoding::UTF_8,
        format: utf8scope::dump::DumpFormat::Text,
        also: None,
    }
}

#[test]
fn dump_format_html_writes_a_self_contained_page_naming_the_file_safely() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("<b>papa.txt");
    std::fs::write(&path, "Папа Hello\n").unwrap();
    let page = run_utf8scope(
        &[
            OsStr::new("dump"),
            OsStr::new("--format"),
            OsStr::new("html"),
            OsStr::new("--bits"),
            OsStr::new("--theme"),
            OsStr::new("dark"),
            path.as_os_str(),
        ],
        0,
    );
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.contains("&lt;b&gt;papa.txt"));
    assert!(!page.contains("<b>"));
    // Nothing fetched, nothing run.
    for outside in [
        "<script", "http://", "https://", "<link", "<img", "@import", "url(",
    ] {
        assert!(!page.contains(outside), "{outside} in the page");
    }
    // The dark theme's background, and every character of the text.
    assert!(page.contains("--bg:#1e1e1e"));
    for c in "ПаHello".chars() {
        assert!(page.contains(c), "{c}");
    }
    assert!(page.trim_end().ends_with("</html>"));
}

#[test]
fn a_dump_of_hostile_bytes_holds_no_control_character() {
    let mut hostile = b"\x1b]52;c;aGVsbG8=\x07\x1b[2J\x9b\xc2\x9b31m\r\x08".to_vec();
    hostile.extend("\u{202E}\u{2066}\u{200B}\u{FEFF}\u{E0041}".as_bytes());
    hostile.extend((0..=255u8).collect::<Vec<_>>());
    let plain = dump_bytes(&hostile, options(16, false));
    assert!(
        !plain
            .chars()
            .any(|c| c != '\n' && utf8scope::display::is_unsafe_for_terminal(c)),
        "{plain}"
    );
    // In colour, the only escapes are SGR sequences the dump wrote itself.
    let colored = dump_bytes(&hostile, options(16, true));
    let mut rest = colored.as_str();
    while let Some(at) = rest.find('\u{1b}') {
        let after = &rest[at + 1..];
        assert!(after.starts_with('['), "{after}");
        let end = after.find('m').expect("an SGR sequence ends with m");
        assert!(
            after[1..end]
                .chars()
                .all(|c| c.is_ascii_digit() || c == ';')
        );
        rest = &after[end + 1..];
    }
    assert!(
        !rest
            .chars()
            .any(|c| c != '\n' && utf8scope::display::is_unsafe_for_terminal(c))
    );
}

#[test]
fn a_dump_shows_what_the_inspector_shows_row_for_row() {
    let inspector = app_on_sample("multilingual.txt", 160, 30);
    let layout = inspector.layout();
    let screen = screen_text(&inspector);
    let bytes = std::fs::read("assets/samples/multilingual.txt").unwrap();
    let options = DumpOptions {
        bits: layout.bits.width > 0,
        input_len: Some(bytes.len() as u64),
        ..options(layout.bytes_per_row, false)
    };
    let dumped = dump_bytes(&bytes, options);
    let pane = |line: &str, rect: ratatui::layout::Rect| -> String {
        line.chars()
            .skip(usize::from(rect.x))
            .take(usize::from(rect.width))
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    // The dump's columns: offset, hex, bits, text, one space apart.
    let offset_width = layout.offset.width as usize;
    let hex_width = layout.hex.width as usize;
    let bits_width = layout.bits.width as usize;
    for (row, line) in dumped.lines().take(usize::from(layout.rows)).enumerate() {
        let screen_line = &screen[row];
        let chars: Vec<char> = line.chars().collect();
        let field = |from: usize, width: usize| -> String {
            chars
                .iter()
                .skip(from)
                .take(width)
                .collect::<String>()
                .trim_end()
                .to_string()
        };
        assert_eq!(
            field(0, offset_width),
            pane(screen_line, layout.offset),
            "row {row}"
        );
        let hex_at = offset_width + 1;
        assert_eq!(
            field(hex_at, hex_width),
            pane(screen_line, layout.hex),
            "row {row}"
        );
        let bits_at = hex_at + hex_width + 1;
        assert_eq!(
            field(bits_at, bits_width),
            pane(screen_line, layout.bits),
            "row {row}"
        );
        let text_at = bits_at + bits_width + 1;
        assert_eq!(
            field(text_at, usize::MAX),
            pane(screen_line, layout.text),
            "row {row}"
        );
    }
}

#[test]
fn dump_skips_and_limits_like_hexyl() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.txt");
    std::fs::write(&path, "0123456789abcdefé€xyz").unwrap();
    let out = run_utf8scope(
        &[
            OsStr::new("dump"),
            OsStr::new("-s"),
            OsStr::new("17"),
            OsStr::new("-n"),
            OsStr::new("4"),
            OsStr::new("--width"),
            OsStr::new("4"),
            path.as_os_str(),
        ],
        0,
    );
    // Offset 17 is inside é (16–17): its row shows from 17, filler for it.
    assert_eq!(out, "0x00000011 A9 E2 82 AC ·€··\n");
}

#[test]
fn explain_encodings_lists_every_encoding_with_its_unit_and_bom() {
    let out = common::run_utf8scope(&["explain", "--encodings"].map(std::ffi::OsStr::new), 0);
    assert!(
        out.contains("UTF-16LE         2 or 4 bytes FF FE\n"),
        "{out}"
    );
    assert!(
        out.contains("UTF-32LE         4 bytes      FF FE 00 00\n"),
        "{out}"
    );
    assert!(out.contains("Shift_JIS        1–2 bytes\n"), "{out}");
    assert_eq!(
        out.lines().count(),
        utf8scope::model::Encoding::all().len() + 1
    );
}

/// What `dump` writes with `args` and the file at `path`.
fn dump_with(args: &[&str], path: &std::path::Path) -> String {
    let mut all: Vec<&OsStr> = vec![OsStr::new("dump")];
    all.extend(args.iter().map(OsStr::new));
    all.push(path.as_os_str());
    run_utf8scope(&all, 0)
}

/// The second reading's column of a dump with `--also`: each row past
/// the same row without it, fillers left out.
fn also_column_of(with: &str, without: &str) -> String {
    with.lines()
        .zip(without.lines())
        .map(|(with, without)| {
            let rest = with.strip_prefix(without).expect("the same row first");
            rest.trim().replace('·', "")
        })
        .collect()
}

#[test]
fn dump_also_reads_the_bytes_beside_in_another_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let text = "日本語のページです。こんにちは、世界！";
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    let path = dir.path().join("page.txt");
    std::fs::write(&path, &bytes).unwrap();
    let with = dump_with(&["--also", "shift_jis", "--width", "8"], &path);
    let without = dump_with(&["--width", "8"], &path);
    assert_eq!(also_column_of(&with, &without), text, "{with}");
    // As a picture too.
    let picture = dump_with(&["--also", "shift_jis", "--format", "svg"], &path);
    assert!(picture.contains("日本語"), "{picture}");

    // Mojibake shows what it meant beside its bytes.
    let garbled = dir.path().join("garbled.txt");
    std::fs::write(&garbled, "Le cafÃ© est prÃªt.\n").unwrap();
    let with = dump_with(&["--also", "windows-1252"], &garbled);
    let without = dump_with(&[], &garbled);
    assert_eq!(
        also_column_of(&with, &without),
        "Le café est prêt.␊",
        "{with}"
    );
}

#[test]
fn dump_also_of_more_than_it_holds_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.txt");
    std::fs::write(&path, vec![b'a'; 17 << 20]).unwrap();
    let output = assert_cmd::Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["dump", "--also", "latin1"])
        .arg(&path)
        .assert()
        .code(2);
    let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("-s and -n"), "{stderr}");
    assert!(output.get_output().stdout.is_empty());
    // A part of it is shown.
    let part = dump_with(&["--also", "latin1", "-s", "1M", "-n", "32"], &path);
    assert_eq!(part.lines().count(), 2, "{part}");
}
