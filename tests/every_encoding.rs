//! The defects of issue #29, one test each: paths that read a file in
//! another encoding as UTF-8. (The matrix of every encoding through every
//! door is `encoding_matrix.rs`.)

mod common;

use common::json_lines;

use common::run_with_stdin as run;
use utf8scope::model::Encoding;

fn utf16le(text: &str) -> Vec<u8> {
    Encoding::UTF_16LE.encode(text).unwrap()
}

fn encode(label: &str, text: &str) -> Vec<u8> {
    let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{text} in {label}");
    bytes.into_owned()
}

const RUSSIAN: &str =
    "Война и мир - роман Льва Толстого.\nПривет, мир! Съешь же ещё этих мягких булок.\n";
const JAPANESE: &str = "こんにちは世界。日本語のテキストです。\n";

#[test]
fn fix_from_auto_converts_non_latin_legacy_files() {
    let cases = [
        ("windows-1251", RUSSIAN),
        ("koi8-r", RUSSIAN),
        ("ibm866", RUSSIAN),
        ("shift_jis", JAPANESE),
        ("euc-jp", JAPANESE),
        ("gbk", "你好，世界。这是中文文本。北京是中国的首都。\n"),
        ("big5", "你好，世界。這是中文文本。台北是台灣的城市。\n"),
        ("euc-kr", "안녕하세요 세계. 이것은 한국어 텍스트입니다.\n"),
        (
            "windows-1253",
            "Καλημέρα κόσμε, αυτό είναι ελληνικό κείμενο.\n",
        ),
        ("windows-874", "วันนี้อากาศดีมาก เราไปเดินเล่นที่สวนสาธารณะกัน\n"),
        ("windows-1252", "name;city;note\nRené;Zürich;crème brûlée\n"),
    ];
    for (label, text) in cases {
        let (out, err, code) = run(&["fix", "--from", "auto", "-"], &encode(label, text));
        assert_eq!(
            (code, String::from_utf8_lossy(&out).as_ref()),
            (0, text),
            "{label}: {err}"
        );
    }
}

#[test]
fn a_named_encoding_converts_the_whole_file() {
    // Pairs of these bytes happen to be valid UTF-8 («ЪЁ» is DA A8).
    let caps = "ВОЙНА И МИР\nПОДЪЁМ,«ТОМ»\n";
    for (label, text) in [
        ("windows-1251", caps),
        ("shift_jis", JAPANESE),
        ("euc-jp", JAPANESE),
        ("ibm866", RUSSIAN),
        ("windows-874", "วันนี้อากาศดีมาก\n"),
    ] {
        let (out, err, code) = run(&["fix", "--from", label, "-"], &encode(label, text));
        assert_eq!(
            (code, String::from_utf8_lossy(&out).as_ref()),
            (0, text),
            "{label}: {err}"
        );
    }
}

#[test]
fn utf16_and_utf32_without_a_bom_are_detected_in_any_script() {
    let be = Encoding::UTF_16BE.encode(RUSSIAN).unwrap();
    let le32 = Encoding::UTF_32LE.encode(RUSSIAN).unwrap();
    let greek = utf16le("Καλημέρα κόσμε, αυτό είναι ελληνικό κείμενο.\n");
    for (bytes, name) in [
        (be, "UTF-16BE"),
        (le32, "UTF-32LE"),
        (utf16le(JAPANESE), "UTF-16LE"),
        (greek, "UTF-16LE"),
    ] {
        let (out, _, code) = run(&["check", "--encoding", "auto", "-"], &bytes);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 0, "{out}");
        assert!(out.contains(&format!("valid {name}")), "{out}");
    }
}

#[test]
fn utf8_with_stray_bytes_is_utf8_with_errors_not_a_legacy_file() {
    let bytes = b"Hello w\xc3\xb6rld\nbad \xff\xfe here and \xc3\x28 there\n";
    let (out, _, code) = run(&["check", "--encoding", "auto", "-"], bytes);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 invalid spans"), "{out}");
}

#[test]
fn a_conversion_that_fails_writes_nothing_and_names_the_bytes() {
    let (out, err, code) = run(&["fix", "--from", "utf-16le", "-"], b"a\0b\0c");
    assert_eq!((code, out.len()), (2, 0), "{err}");
    assert!(
        err.contains(": 63 at offset 4 ends the file, cut short"),
        "{err}"
    );
    // Half-way through a long file: still nothing on standard output.
    let mut long = utf16le(&"Привет, мир!\n".repeat(100_000));
    long.extend_from_slice(&[0x00, 0xDC, b'x', 0]);
    let (out, err, code) = run(&["fix", "--from", "utf-16le", "-"], &long);
    assert_eq!((code, out.len()), (2, 0), "{err}");
    assert!(
        err.contains("00 DC at offset 2600000 is undefined in UTF-16LE"),
        "{err}"
    );
}

#[test]
fn findings_of_a_utf16_file_are_of_its_text() {
    // Checked as UTF-8, a UTF-16 file's code units are not controls.
    let mut bom = vec![0xFF, 0xFE];
    bom.extend(utf16le(RUSSIAN));
    let (out, _, _) = run(&["check", "--findings", "--format", "jsonl", "-"], &bom);
    let kinds: Vec<String> = json_lines(&String::from_utf8(out).unwrap())
        .iter()
        .filter(|v| v["severity"].is_string())
        .map(|v| v["kind"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(kinds, ["utf-16"]);
    // Read as UTF-16, a finding's bytes are the file's bytes.
    let bytes = utf16le("ab\u{202E}cd\n");
    let (out, _, _) = run(
        &[
            "check",
            "--findings",
            "--encoding",
            "utf-16le",
            "--format",
            "jsonl",
            "-",
        ],
        &bytes,
    );
    let lines = json_lines(&String::from_utf8(out).unwrap());
    let bidi = lines
        .iter()
        .find(|v| v["kind"] == "bidi-control")
        .expect("found");
    assert_eq!(
        (bidi["offset"].as_u64(), bidi["bytes"].as_str()),
        (Some(4), Some("2E 20"))
    );
}

#[test]
fn check_says_what_a_legacy_file_looks_like() {
    for (label, text, named) in [
        ("shift_jis", JAPANESE, "looks like Shift_JIS"),
        ("windows-1252", "a;b\nRené;1\n", "looks like windows-1252"),
        ("windows-1251", RUSSIAN, "looks like windows-1251"),
    ] {
        let (out, _, code) = run(&["check", "-"], &encode(label, text));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(code, 1, "{out}");
        assert!(
            out.lines().last().unwrap().contains(named),
            "{label}: {out}"
        );
    }
}
