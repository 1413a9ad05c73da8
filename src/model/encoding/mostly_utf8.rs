//! UTF-8 with a few invalid bytes, told apart from a legacy file: a
//! check in CI must report the invalid bytes of a UTF-8 file, not read the
//! whole file as a code page that happens to define them.
//!
//! In a legacy file a run of bytes is valid UTF-8 only by chance, and such
//! runs are rare beside the bytes that are not (in windows-1251 Russian, a
//! capital followed by «Ё» or «І»; in Shift_JIS, a kanji followed by a
//! kana's lead byte). In a UTF-8 file with stray bytes or a few legacy
//! rows, the UTF-8 characters that are letters or typography are common
//! beside the invalid spans.

use unicode_script::{Script, UnicodeScript};

use super::alphabets::is_common_letter;
use super::plausibility::family;

/// One text character of UTF-8 for this many invalid spans is enough to
/// call the bytes UTF-8 with errors.
const SPANS_PER_CHAR: usize = 4;

/// Whether `bytes`, which are not valid UTF-8, are UTF-8 text with invalid
/// spans among it rather than text in a legacy encoding.
pub fn utf8_with_errors(bytes: &[u8]) -> bool {
    let (mut chars, mut spans) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        chars += text_chars_in_words(chunk.valid());
        spans += usize::from(!chunk.invalid().is_empty());
    }
    chars > 0 && chars * SPANS_PER_CHAR >= spans
}

/// The characters of `valid` (a run of valid UTF-8) that are text
/// characters beside a letter of their script. A char that is valid UTF-8
/// only by chance stands alone between invalid spans (in EUC-JP or Big5 a
/// pair of bytes can spell "ť"), or beside another such char of another
/// script (Thai in windows-874 can spell Armenian "Զ" then Arabic "ع"); a
/// UTF-8 char of a file with stray bytes sits in a word.
fn text_chars_in_words(valid: &str) -> usize {
    if valid.is_ascii() {
        return 0;
    }
    let mut count = 0;
    let mut before: Option<char> = None;
    let mut chars = valid.chars().peekable();
    while let Some(c) = chars.next() {
        let kin = |other: &char| other.is_alphabetic() && same_script(c, *other);
        let beside_letter = before.as_ref().is_some_and(kin) || chars.peek().is_some_and(kin);
        count += usize::from(is_text_char(c) && beside_letter);
        before = Some(c);
    }
    count
}

/// Whether `a` and `b` are of one script (as writing mixes them: kana with
/// Han), or either is of none (typography beside a letter).
fn same_script(a: char, b: char) -> bool {
    let (a, b) = (family(a.script()), family(b.script()));
    let neutral = |s: Script| matches!(s, Script::Common | Script::Inherited);
    a == b || neutral(a) || neutral(b)
}

/// A character beyond ASCII that text holds for its own sake: a letter
/// some language writes, or typography (quotes, dashes, the euro sign).
fn is_text_char(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if c.is_alphabetic() {
        return is_common_letter(c);
    }
    matches!(
        c,
        '«' | '»'
            | '‹'
            | '›'
            | '‘'
            | '’'
            | '‚'
            | '“'
            | '”'
            | '„'
            | '–'
            | '—'
            | '…'
            | '€'
            | '°'
            | '·'
            | '•'
            | '№'
            | '¿'
            | '¡'
            | '£'
            | '§'
            | '\u{A0}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stray_bytes_in_utf8_text_are_errors_of_utf8() {
        assert!(utf8_with_errors(
            b"Hello w\xc3\xb6rld\nbad \xff\xfe here and \xc3\x28 there\n"
        ));
        let mixed = [
            "Le café « doublé » est prêt.\n".as_bytes(),
            b"\xab doubl\xe9 \xbb na\xefve\n",
            "Encore du texte où ça va.\n".as_bytes(),
        ]
        .concat();
        assert!(utf8_with_errors(&mixed));
    }

    #[test]
    fn legacy_text_with_chance_utf8_pairs_is_not() {
        for (text, encoding) in [
            (
                "ВОЙНА И МИР. ПОДЪЁМ,«ТОМ». ВІН ЇЖАК.",
                encoding_rs::WINDOWS_1251,
            ),
            (
                "Le café est prêt. Ça coûte très cher.\n",
                encoding_rs::WINDOWS_1252,
            ),
            (
                "東京は日本の首都です。要するに、見る。\n",
                encoding_rs::SHIFT_JIS,
            ),
            // Month names: "ѹ", "Զع" and "Ҥ" are valid UTF-8 by chance.
            ("กันยายน มิถุนายน มีนาคม ตุลาคม.", encoding_rs::WINDOWS_874),
        ] {
            let (bytes, _, _) = encoding.encode(text);
            assert!(!utf8_with_errors(&bytes), "{text} in {}", encoding.name());
        }
    }
}
