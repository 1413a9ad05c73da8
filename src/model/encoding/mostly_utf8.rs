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

use unicode_script::Script;

use super::alphabets::is_common_letter;
use super::plausibility::{family, letter_and_script};
use crate::model::ascii::ascii_prefix;

/// One text character of UTF-8 for this many invalid spans is enough to
/// call the bytes UTF-8 with errors.
const SPANS_PER_CHAR: usize = 4;

/// Whether `bytes`, which are not valid UTF-8, are UTF-8 text with invalid
/// spans among it rather than text in a legacy encoding.
pub fn utf8_with_errors(bytes: &[u8]) -> bool {
    text_chars_and_invalid_spans(bytes, true)
        .is_some_and(|(chars, spans)| chars > 0 && chars * SPANS_PER_CHAR >= spans)
}

/// The text chars in words of the runs of valid UTF-8 in `bytes`
/// ([`text_chars_in_words`]), and the invalid spans between the runs.
/// With `give_up`, `None` as soon as the spans are too many for the
/// rest of the bytes to make the chars enough (a text char takes two
/// bytes beyond ASCII or more): a legacy file is known so before its end.
fn text_chars_and_invalid_spans(bytes: &[u8], give_up: bool) -> Option<(usize, usize)> {
    let (mut chars, mut spans) = (0usize, 0usize);
    let mut beyond_ascii_left = bytes.iter().filter(|&&b| b >= 0x80).count();
    // (Every char beyond ASCII has a continuation byte: the chars still to
    // come are no more than those left. Text in a legacy Latin or Cyrillic
    // code page has few such bytes, so it is known early.)
    let is_continuation = |b: &u8| (0x80..=0xBF).contains(b);
    let mut continuations_left = bytes.iter().filter(|b| is_continuation(b)).count();
    // The runs of valid UTF-8 and the invalid spans between them, as
    // `utf8_chunks` gives them (a test holds them to it), found by skipping
    // ASCII eight bytes at a time and checking each sequence beyond it
    // alone: in a legacy file most bytes are ASCII and most others invalid.
    let (mut run, mut at) = (0, 0);
    // Where the run's chars beyond ASCII begin and end, if it has any.
    let mut beyond_ascii: Option<(usize, usize)> = None;
    while at < bytes.len() {
        if bytes[at] < 0x80 {
            at += ascii_prefix(&bytes[at..]);
            continue;
        }
        match sequence_at(&bytes[at..]) {
            Ok(len) => {
                let first = beyond_ascii.map_or(at, |(first, _)| first);
                beyond_ascii = Some((first, at + len));
                beyond_ascii_left -= len;
                continuations_left -= len - 1;
                at += len;
            }
            Err(invalid) => {
                if let Some(beyond) = beyond_ascii.take() {
                    chars += text_chars_around(&bytes[run..at], run, beyond);
                }
                spans += 1;
                // (No length: the bytes end inside a sequence.)
                let len = invalid.unwrap_or(bytes.len() - at);
                beyond_ascii_left -= len;
                continuations_left -= bytes[at..at + len]
                    .iter()
                    .filter(|b| is_continuation(b))
                    .count();
                at += len;
                run = at;
                let most_chars = chars + (beyond_ascii_left / 2).min(continuations_left);
                if give_up && most_chars * SPANS_PER_CHAR < spans {
                    return None;
                }
            }
        }
    }
    if let Some(beyond) = beyond_ascii {
        chars += text_chars_around(&bytes[run..], run, beyond);
    }
    Some((chars, spans))
}

/// [`text_chars_in_words`] of `valid`, a run of valid UTF-8 that starts at
/// `start` and holds chars beyond ASCII from `first` to `last_end`: only
/// they and the char on either side of them are read (the ASCII around
/// them counts for nothing but as their neighbours).
fn text_chars_around(valid: &[u8], start: usize, (first, last_end): (usize, usize)) -> usize {
    let from = (first - start).saturating_sub(1);
    let to = (last_end - start + 1).min(valid.len());
    text_chars_in_words(valid_run(&valid[from..to]))
}

/// The UTF-8 sequence `bytes` start with (a byte beyond ASCII first): its
/// length if it is valid; else the length of the invalid span it starts,
/// as `utf8_chunks` cuts it (the longest start of a valid sequence, or its
/// first byte), `None` if the bytes end inside a sequence.
fn sequence_at(bytes: &[u8]) -> Result<usize, Option<usize>> {
    let (len, second) = match bytes[0] {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xF0 => (4, 0x90..=0xBF),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        _ => return Err(Some(1)),
    };
    for i in 1..len {
        let Some(&byte) = bytes.get(i) else {
            return Err(None);
        };
        let fits = if i == 1 {
            second.contains(&byte)
        } else {
            (0x80..=0xBF).contains(&byte)
        };
        if !fits {
            return Err(Some(i));
        }
    }
    Ok(len)
}

/// `bytes`, a run that [`utf8_with_errors`] found valid, as text.
fn valid_run(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("a run of valid sequences")
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
        // (Whether it is a text char first: chars valid by chance seldom
        // are, and their neighbours need not be looked up.)
        if is_text_char(c) {
            let script = letter_and_script(c).1;
            let kin = |other: &char| {
                let (letter, other_script) = letter_and_script(*other);
                letter && same_script(script, other_script)
            };
            let beside_letter = before.as_ref().is_some_and(kin) || chars.peek().is_some_and(kin);
            count += usize::from(beside_letter);
        }
        before = Some(c);
    }
    count
}

/// Whether chars of scripts `a` and `b` are of one script (as writing
/// mixes them: kana with Han), or either is of none (typography beside a
/// letter).
fn same_script(a: Script, b: Script) -> bool {
    let (a, b) = (family(a), family(b));
    let neutral = |s: Script| matches!(s, Script::Common | Script::Inherited);
    a == b || neutral(a) || neutral(b)
}

/// A character beyond ASCII that text holds for its own sake: a letter
/// some language writes, or typography (quotes, dashes, the euro sign).
fn is_text_char(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if letter_and_script(c).0 {
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
    use proptest::strategy::Strategy;

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

    proptest::proptest! {
        /// The runs and spans are those `utf8_chunks` gives.
        #[test]
        fn runs_and_spans_are_the_chunks_of_std(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::collection::vec(proptest::num::u8::ANY, 0..6),
                    proptest::string::string_regex("[a-zé€Жあ😀 ,«»]{0,6}")
                        .expect("a regex")
                        .prop_map(String::into_bytes),
                ],
                0..12,
            )
        ) {
            let bytes = parts.concat();
            let (mut chars, mut spans) = (0, 0);
            for chunk in bytes.utf8_chunks() {
                chars += text_chars_in_words(chunk.valid());
                spans += usize::from(!chunk.invalid().is_empty());
            }
            proptest::prop_assert_eq!(text_chars_and_invalid_spans(&bytes, false), Some((chars, spans)));
            // Giving up early never changes the answer.
            let answer = chars > 0 && chars * SPANS_PER_CHAR >= spans;
            proptest::prop_assert_eq!(utf8_with_errors(&bytes), answer);
        }
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
