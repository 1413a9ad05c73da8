//! UTF-16 and UTF-32 without a byte order mark, whatever the script: text
//! of code units has a pattern as clear as the NUL bytes of ASCII text
//! ([`super::nul_pattern`]) once it is read in the right width and byte
//! order: every unit is a well-formed, assigned character that writing
//! uses, and the characters read as words of one script. Cyrillic, Greek or
//! Japanese text read in the wrong order or width gives controls, private
//! use and unassigned code points, or letters of scripts mixed at random.

use unicode_general_category::{GeneralCategory, get_general_category};

use super::{Encoding, UnitKind};
use unicode_script::{Script, UnicodeScript};

use crate::model::encoding::detect::{family, plausibility};
use crate::model::encoding::plausibility::cjk_letter_script;

/// Bytes of a sample that are read in each width and byte order: 256
/// UTF-16 units show the pattern as well as more do (on the tuning and the
/// held-out corpora, half a kilobyte names the same encodings as one did).
const JUDGED: usize = 1 << 9;

/// Code units a sample needs before its pattern says anything.
const MIN_UNITS: usize = 4;

/// UTF-16 or UTF-32 without a byte order mark, when `bytes` read as text
/// of one of them, and only of one: the encoding whose reading is best.
/// `cut` says that `bytes` are only the start of the input (so their last
/// unit may be unfinished).
pub fn code_unit_pattern(bytes: &[u8], cut: bool) -> Option<Encoding> {
    let candidates = [
        Encoding::UTF_32LE,
        Encoding::UTF_32BE,
        Encoding::UTF_16LE,
        Encoding::UTF_16BE,
    ];
    candidates
        .into_iter()
        .filter_map(|encoding| Some((encoding, reading_score(bytes, encoding, cut)?)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(encoding, _)| encoding)
}

/// How plausibly `bytes` read as text in `encoding` (UTF-16 or UTF-32);
/// `None` if they do not read as text in it at all.
fn reading_score(bytes: &[u8], encoding: Encoding, cut: bool) -> Option<f64> {
    let width = if encoding == Encoding::UTF_32LE || encoding == Encoding::UTF_32BE {
        4
    } else {
        2
    };
    let judged = &bytes[..bytes.len().min(JUDGED)];
    // The whole units judged; a final part of one is allowed only where the
    // input goes on or ends early (a truncated file is still this encoding).
    let cut = cut || judged.len() < bytes.len();
    let whole = judged.len() - judged.len() % width;
    if whole / width < MIN_UNITS || (whole < judged.len() && !cut) {
        return None;
    }
    if width == 2 && mostly_ascii_pairs(&judged[..whole], encoding == Encoding::UTF_16BE) {
        return None;
    }
    let mut text = String::with_capacity(whole);
    let mut at = 0;
    while at < whole {
        let (len, kind) = encoding.decode_unit(&judged[at..whole]);
        match kind {
            UnitKind::Char(c) if writes(c) => text.push(c),
            // A surrogate pair cut by the end of the sample.
            UnitKind::Invalid(_) if cut && at + 4 >= whole && width == 2 => break,
            _ => return None,
        }
        at += usize::from(len);
    }
    // (The quick tests first: most wrong widths and orders fail them.)
    if !mostly_words(&text) || !anchored(&text) {
        return None;
    }
    let score = plausibility(&text);
    (score > 0.0).then_some(score)
}

/// Whether `text`, if it is mostly ideographs or Hangul, holds the
/// characters such text is written with beside them: spaces, line feeds,
/// kana, CJK or fullwidth punctuation. Any pair of bytes in 0x4E–0x9F or
/// 0xAC–0xD7 is an ideograph or a syllable, so Shift_JIS, EUC-KR, UTF-8
/// and even ASCII read as UTF-16 give such text, without those.
fn anchored(text: &str) -> bool {
    let (mut ideographs, mut anchors, mut chars) = (0usize, 0usize, 0usize);
    for c in text.chars() {
        chars += 1;
        // (The script first: most chars of a wrong reading are of none of
        // the Han family, and their script is quicker to look up.)
        if is_quick_cjk_letter(c) || (family(c.script()) == Script::Han && c.is_alphabetic()) {
            ideographs += 1;
        }
        if c.is_ascii() || matches!(c, '\u{3000}'..='\u{30FF}' | '\u{FF00}'..='\u{FFEF}') {
            anchors += 1;
        }
    }
    ideographs * 2 < chars || anchors * ANCHOR_SHARE >= chars
}

/// Of the two-byte units of ASCII text (or legacy text, mostly ASCII)
/// read as UTF-16, at least this share ([`ASCII_PAIRS_IN`] in
/// [`ASCII_PAIRS_OF`]) are two bytes of ASCII text, outside the kana's
/// block (U+30xx, whose high byte is ASCII `0`): UTF-16 text has few such
/// units, as its ASCII has a NUL byte and of its ideographs (high bytes
/// 4E–9F, low bytes anything) about a fifth are (at most 41% in a
/// sentence of `tests/data/detect-sentences.txt`). windows-1252's
/// `Total: 20 € — thanks`, 20 bytes that are no UTF-8, reads as UTF-16BE
/// `呯瑡氺′〠耠需瑨慮歳`: ten ideographs of one script with an anchor among
/// them; 70% of its units are such pairs.
const ASCII_PAIRS_IN: usize = 3;

/// See [`ASCII_PAIRS_IN`].
const ASCII_PAIRS_OF: usize = 5;

/// Samples of fewer units than this are not judged by their ASCII pairs
/// ([`ASCII_PAIRS_IN`]): a few ideographs may all be such by chance.
const ASCII_PAIRS_FROM: usize = 8;

/// Whether `units` (UTF-16, big-endian if `big_endian`) are mostly two
/// bytes of ASCII text each (see [`ASCII_PAIRS_IN`]).
fn mostly_ascii_pairs(units: &[u8], big_endian: bool) -> bool {
    let text = |b: u8| matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\r');
    let count = units.len() / 2;
    let pairs = (units.chunks_exact(2))
        .filter(|unit| {
            let high = if big_endian { unit[0] } else { unit[1] };
            text(unit[0]) && text(unit[1]) && high != b'0'
        })
        .count();
    count >= ASCII_PAIRS_FROM && pairs * ASCII_PAIRS_OF >= count * ASCII_PAIRS_IN
}

/// Whether `c` is in the blocks that hold the bulk of CJK text, all
/// letters written as Han ([`cjk_letter_script`]).
fn is_quick_cjk_letter(c: char) -> bool {
    cjk_letter_script(c).is_some()
}

/// One character in this many of ideographic text is an anchor (see
/// [`anchored`]).
const ANCHOR_SHARE: usize = 20;

/// Whether `c` is a character text is written with: not a control (but
/// for tab and line endings), private use, unassigned or a noncharacter.
fn writes(c: char) -> bool {
    if c.is_ascii() {
        return !c.is_ascii_control() || matches!(c, '\t' | '\n' | '\r' | '\x0C');
    }
    // (Letters all: most pairs of bytes of Latin text read so.)
    if is_quick_cjk_letter(c) {
        return true;
    }
    !matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::Surrogate
    )
}

/// Whether at least half of the characters of `text` that are not spaces
/// are letters, marks or digits: text, not a table of numbers that happen
/// to be assigned code points.
fn mostly_words(text: &str) -> bool {
    let (mut letters, mut others) = (0usize, 0usize);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if is_quick_cjk_letter(c)
            || c.is_alphanumeric()
            || matches!(get_general_category(c), GeneralCategory::NonspacingMark)
        {
            letters += 1;
        } else {
            others += 1;
        }
    }
    letters > 0 && letters >= others
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` in `encoding`.
    fn encoded(encoding: Encoding, text: &str) -> Vec<u8> {
        encoding.encode(text).expect("Unicode writes every char")
    }

    const TEXTS: [&str; 5] = [
        "Привет, мир! Съешь же ещё этих мягких булок.\n",
        "Καλημέρα κόσμε, αυτό είναι ελληνικό κείμενο.\n",
        "こんにちは世界。日本語のテキストです。\n",
        "שלום עולם, זהו טקסט בעברית.\n",
        "你好，世界。这是中文文本。\n",
    ];

    #[test]
    fn ascii_text_is_not_read_as_ideographs_of_utf_16() {
        for text in [
            "Total: 20 € — thanks",
            "12;Widget;3,50 €;“fast” shipping",
            "Don’t forget: 2 × 15 € = 30 €\n",
        ] {
            let bytes = encoded(Encoding::for_label("windows-1252").unwrap(), text);
            assert_eq!(code_unit_pattern(&bytes, false), None, "{text}");
        }
        // Kana are pairs of ASCII bytes too (あ is 30 42, "0B").
        for text in ["ありがとうございます。\n", "おはようございます\n"] {
            let bytes = encoded(Encoding::UTF_16LE, text);
            assert_eq!(code_unit_pattern(&bytes, false), Some(Encoding::UTF_16LE));
        }
    }

    #[test]
    fn the_quick_blocks_are_letters_of_han() {
        for c in ('\u{3000}'..='\u{D7FF}').filter(|&c| is_quick_cjk_letter(c)) {
            assert!(
                c.is_alphabetic() && family(c.script()) == Script::Han,
                "{c}"
            );
            assert_eq!(get_general_category(c), GeneralCategory::OtherLetter, "{c}");
        }
        assert!(is_quick_cjk_letter('\u{9FFF}'));
        assert!(!is_quick_cjk_letter('\u{D7A4}'));
    }

    #[test]
    fn text_of_any_script_is_read_in_its_width_and_order() {
        for text in TEXTS {
            assert_eq!(
                code_unit_pattern(&encoded(Encoding::UTF_16LE, text), false),
                Some(Encoding::UTF_16LE),
                "{text}"
            );
            assert_eq!(
                code_unit_pattern(&encoded(Encoding::UTF_16BE, text), false),
                Some(Encoding::UTF_16BE),
                "{text}"
            );
            assert_eq!(
                code_unit_pattern(&encoded(Encoding::UTF_32LE, text), false),
                Some(Encoding::UTF_32LE)
            );
            assert_eq!(
                code_unit_pattern(&encoded(Encoding::UTF_32BE, text), false),
                Some(Encoding::UTF_32BE)
            );
        }
    }

    #[test]
    fn utf8_and_legacy_text_are_not_code_units() {
        for text in TEXTS {
            assert_eq!(code_unit_pattern(text.as_bytes(), false), None, "{text}");
        }
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(TEXTS[0]);
        assert_eq!(code_unit_pattern(&cp1251, false), None);
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(TEXTS[2]);
        assert_eq!(code_unit_pattern(&sjis, false), None);
        // Too short to tell.
        assert_eq!(
            code_unit_pattern(&encoded(Encoding::UTF_16LE, "Да"), false),
            None
        );
    }
}
