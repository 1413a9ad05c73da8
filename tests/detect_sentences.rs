//! Detection of single sentences written for these tests
//! (`tests/data/detect-sentences.txt`: 30 languages and Japanese and
//! Chinese, none taken from the tuning or held-out corpora), each in every
//! encoding that holds its language. One sentence is the hardest length:
//! the two code pages of a language often differ in one letter of it.
//! Reports the misses; asserts that none is called certain or likely, and
//! that there are no more than the two known ones.

use utf8scope::model::Encoding;
use utf8scope::model::encoding::{Confidence, Extent, decode_lossy, detect};

const SENTENCES: &str = include_str!("data/detect-sentences.txt");

/// The encodings each language is written in.
fn encodings_of(language: &str) -> &'static [&'static str] {
    match language {
        "sk" | "cs" | "pl" | "hu" | "sl" | "hr" | "ro" => &["windows-1250", "ISO-8859-2"],
        "lt" | "lv" | "et" => &["windows-1257", "ISO-8859-13", "ISO-8859-4"],
        "tr" => &["windows-1254", "ISO-8859-9"],
        "ru" | "bg" => &[
            "windows-1251",
            "KOI8-R",
            "IBM866",
            "ISO-8859-5",
            "x-mac-cyrillic",
        ],
        "uk" => &["windows-1251", "KOI8-U"],
        "be" | "sr" | "mk" => &["windows-1251", "ISO-8859-5"],
        "el" => &["windows-1253", "ISO-8859-7"],
        "ja" => &["Shift_JIS", "EUC-JP"],
        "zh" => &["GBK", "Big5"],
        _ => &["windows-1252", "ISO-8859-15", "macintosh", "IBM850"],
    }
}

#[test]
fn single_sentences_are_read_in_their_encoding() {
    let (mut cases, mut misses, mut confident_wrong) = (0, Vec::new(), Vec::new());
    for line in SENTENCES.lines().filter(|l| !l.starts_with('#')) {
        let (language, text) = line.split_once('\t').expect("a tab");
        for name in encodings_of(language) {
            let encoding = Encoding::for_label(name).expect("a known encoding");
            // (A letter the code page lacks: Romanian ș in windows-1250.)
            let Some(bytes) = encoding
                .encode(text)
                .filter(|b| decode_lossy(encoding, b) == text)
            else {
                continue;
            };
            cases += 1;
            let found = detect(&bytes, Extent::Whole);
            if decode_lossy(found.encoding, &bytes) == text {
                continue;
            }
            let miss = format!(
                "{language} {name} read as {} ({}): {text}",
                found.encoding,
                found.confidence.name()
            );
            if found.confidence >= Confidence::Likely {
                confident_wrong.push(miss.clone());
            }
            misses.push(miss);
        }
    }
    println!("{} of {cases} right", cases - misses.len());
    for miss in &misses {
        println!("  missed: {miss}");
    }
    assert!(cases > 250, "{cases} cases");
    assert_eq!(
        confident_wrong,
        Vec::<String>::new(),
        "wrong, and called sure"
    );
    // Russian "Ёлка" in x-mac-cyrillic read as windows-1251 "Элка" (a
    // word too), and GBK "谢谢你的帮助。", whose first two chars are UTF-8
    // "лл", read as UTF-8 with invalid bytes (tentatively: 3 valid
    // sequences, 7 invalid spans; a UTF-8 file with legacy rows is read
    // so, a row at a time).
    assert!(misses.len() <= 2, "{} misses", misses.len());
}

/// Lines whose only chars beyond ASCII are windows-1252's typography
/// (bytes 80–9F: € – — “ ” ’ … • ™) and signs (° × ½ © £ …), written for
/// this test: a price list, a notice or a CSV row typed in a word
/// processor. Other code pages read those bytes as letters standing alone
/// (x-mac-cyrillic's "5 А Ц ok" for "5 € – ok"), or as letters inside
/// words.
const TYPED_LINES: [&str; 19] = [
    "Price: 5 € – ok",
    "Total: 20 € — thanks",
    "Cost “5 €” – ok",
    "He said “ok.” and left",
    "It’s done – see you at 5…",
    "Rate: 3 € per item; name™ pending",
    "Meeting at 10 – 11 • room 4",
    "12;Widget;3,50 €;“fast” shipping",
    "Don’t forget: 15 € or 30 € – total",
    "See “Notes” – page 4 …",
    "Don’t forget: 2 × 15 € = 30 €",
    "Temperature: 20 °C today",
    "© 2024 Example Inc. All rights reserved",
    "Size: 10 × 20 cm, ½ price",
    "Section § 4 – see “Terms”",
    "Price: £5 or 6 € ±1",
    "Rating: 4½ stars · 120 reviews",
    "Product® and Brand™ – new",
    "«Bonjour» dit-il – 5 €",
];

#[test]
fn lines_of_windows_1252_typography_are_read_as_windows_1252() {
    let windows_1252 = Encoding::for_label("windows-1252").expect("a known encoding");
    let mut misses = Vec::new();
    for text in TYPED_LINES {
        let bytes = windows_1252.encode(text).expect("windows-1252 holds it");
        let found = detect(&bytes, Extent::Whole);
        if decode_lossy(found.encoding, &bytes) != text {
            misses.push(format!("read as {}: {text}", found.encoding));
        }
    }
    assert_eq!(misses, Vec::<String>::new());
}
