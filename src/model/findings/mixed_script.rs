//! Mixed-script words: a word in one script with a look-alike letter from
//! another ("pаypal" with a Cyrillic "а"), the shape of a spoofed name.
//!
//! Unicode's UTS #39 (through unicode-security) says whether a word is single
//! script (Japanese mixing Han and kana counts as one) and which characters
//! are confusable across scripts. A word is flagged only when every letter
//! of its rarer scripts is such a look-alike: real words that mix scripts
//! ("μm", brand names, transliteration notes) seldom do that throughout.

use std::collections::HashMap;
use std::ops::Range;

use crate::model::scan::tally::widest_vectors;
use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_script::{Script, UnicodeScript};
use unicode_security::{MixedScript, is_potential_mixed_script_confusable_char, skeleton};

/// Fewest letters in a flagged word: two-letter units and symbols such as
/// "μm" mix scripts on purpose.
const MIN_LETTERS: usize = 3;

/// A word that mixes scripts with look-alike letters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MixedScriptWord {
    /// Byte range of the word in the text.
    pub range: Range<usize>,
    /// The script most of its letters are in.
    pub main_script: Script,
    /// The first letter from another script.
    pub intruder: char,
    /// That letter's script.
    pub intruder_script: Script,
    /// What the intruder looks like (its UTS #39 skeleton).
    pub looks_like: String,
}

/// Finds the mixed-script words of `text`.
pub fn find_mixed_script(text: &str) -> Vec<MixedScriptWord> {
    let mut found = Vec::new();
    for (start, end) in lines_that_may_mix_scripts(text.as_bytes()) {
        find_in_line(&text[start..end], start, &mut found);
    }
    found
}

/// Script bits of lead bytes, for [`lines_that_may_mix_scripts`].
const LATIN: u8 = 1;
const GREEK: u8 = 2;
const CYRILLIC: u8 = 4;
const EAST_ASIAN: u8 = 8;
const UNSURE: u8 = 16;

widest_vectors! {
    /// The lines of `text` (as byte ranges) with letters of two scripts,
    /// or a lead byte whose script needs a closer look: a branch-free test
    /// over bytes that vectorizes, so that lines in one script (most lines)
    /// cost next to nothing.
    fn lines_that_may_mix_scripts(text: &[u8]) -> Vec<(usize, usize)> {
        let mut lines = Vec::new();
        let mut start = 0;
        while start < text.len() {
            let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |lf| start + lf + 1);
            let line = &text[start..end];
            // Each byte with the one after it (emoji leads F0 9F, and E1
            // leads Latin and Greek letters as well as rarer scripts).
            let (last, rest) = line.split_last().expect("a line has a byte");
            let mut bits = script_bits(*last, 0);
            let nexts = &line[1..];
            let rest = &rest[..nexts.len()];
            // A plain indexed loop: it vectorizes.
            for i in 0..rest.len() {
                bits |= script_bits(rest[i], nexts[i]);
            }
            if bits & UNSURE != 0 || (bits & (LATIN | GREEK | CYRILLIC | EAST_ASIAN)).count_ones() > 1 {
                lines.push((start, end));
            }
            start = end;
        }
        lines
    }
}

/// The script bit of a byte (0 for continuation bytes, digits, punctuation
/// and symbols), given the byte after it.
#[inline(always)]
fn script_bits(b: u8, next: u8) -> u8 {
    let latin = b.is_ascii_alphabetic()
        | (0xC3..=0xCA).contains(&b)
        | ((b == 0xE1) & (0xB8..=0xBB).contains(&next));
    let greek = (b == 0xCE) | (b == 0xCF) | ((b == 0xE1) & (next >= 0xBC));
    let cyrillic = (0xD0..=0xD3).contains(&b);
    let east_asian = (0xE3..=0xE9).contains(&b) | (0xEB..=0xED).contains(&b);
    let emoji = (b == 0xF0) & (next == 0x9F);
    let unsure = (b == 0xCD)
        | (0xD4..=0xDF).contains(&b)
        | (b == 0xE0)
        | ((b == 0xE1) & (next < 0xB8))
        | (b == 0xEA)
        | (0xEE..=0xEF).contains(&b)
        | ((b >= 0xF0) & !emoji);
    (u8::from(latin) * LATIN)
        | (u8::from(greek) * GREEK)
        | (u8::from(cyrillic) * CYRILLIC)
        | (u8::from(east_asian) * EAST_ASIAN)
        | (u8::from(unsure) * UNSURE)
}

/// Adds the mixed-script words of `text` (one line, at `base` in the text
/// being searched) to `found`.
fn find_in_line(text: &str, base: usize, found: &mut Vec<MixedScriptWord>) {
    // One pass over the bytes, cutting at ASCII separators (ASCII never
    // occurs inside a multi-byte character) and judging each piece's script
    // by its lead bytes; only pieces that may mix scripts get the full word
    // analysis.
    let bytes = text.as_bytes();
    let mut piece_start = 0;
    let mut seen = Rough::Neutral;
    let mut mixed = false;
    let mut non_ascii = false;
    for (i, &byte) in bytes.iter().enumerate() {
        if byte.is_ascii() && !byte.is_ascii_alphanumeric() {
            if non_ascii && mixed {
                analyse_piece(text, base, piece_start, i, found);
            }
            piece_start = i + 1;
            seen = Rough::Neutral;
            (mixed, non_ascii) = (false, false);
            continue;
        }
        non_ascii |= !byte.is_ascii();
        let script = match byte {
            b'a'..=b'z' | b'A'..=b'Z' => Rough::Latin,
            0x80..=0xBF | b'0'..=b'9' => continue,
            _ => rough_script_of_lead(byte, bytes.get(i + 1).copied().unwrap_or(0)),
        };
        match script {
            Rough::Neutral => {}
            Rough::Unknown => mixed = true,
            script if seen == Rough::Neutral => seen = script,
            script => mixed |= script != seen,
        }
    }
    if non_ascii && mixed {
        analyse_piece(text, base, piece_start, bytes.len(), found);
    }
}

/// Adds the mixed-script words of `text[start..end]` to `found`, with their
/// ranges moved by `base`.
fn analyse_piece(
    text: &str,
    base: usize,
    start: usize,
    end: usize,
    found: &mut Vec<MixedScriptWord>,
) {
    for range in words(&text[start..end]) {
        let range = start + range.start..start + range.end;
        found.extend(mixed_script_word(
            &text[range.clone()],
            base + range.start..base + range.end,
        ));
    }
}

/// A script, roughly, from a character's lead byte (and the byte after):
/// enough to see at once that most words are in one script.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rough {
    /// Digits, punctuation, symbols, marks: go with any script.
    Neutral,
    Latin,
    Greek,
    Cyrillic,
    /// Han, kana and Hangul, which real words mix.
    EastAsian,
    /// Anything else: ask the tables.
    Unknown,
}

fn rough_script_of_lead(lead: u8, next: u8) -> Rough {
    match (lead, next) {
        (0xC2 | 0xCB | 0xCC | 0xE2, _) => Rough::Neutral,
        (0xC3..=0xCA, _) => Rough::Latin,
        (0xCE | 0xCF, _) => Rough::Greek,
        (0xD0..=0xD3, _) => Rough::Cyrillic,
        (0xE1, 0xB8..=0xBB) => Rough::Latin,
        (0xE1, 0xBC..=0xBF) => Rough::Greek,
        (0xE3..=0xE9, _) | (0xEA, 0xB0..=0xBF) | (0xEB..=0xED, _) => Rough::EastAsian,
        (0xF0, 0x9F) => Rough::Neutral,
        (0xF0, 0xA0..=0xAF) => Rough::EastAsian,
        _ => Rough::Unknown,
    }
}

/// Byte ranges of the words of `text`: runs of letters, digits and marks.
fn words(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        let (start, _) = chars.by_ref().find(|&(_, c)| is_word_char(c))?;
        let mut end = text.len();
        while let Some(&(i, c)) = chars.peek() {
            if !is_word_char(c) {
                end = i;
                break;
            }
            chars.next();
        }
        Some(start..end)
    })
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            get_general_category(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        )
}

/// The finding for `word`, if it mixes scripts with look-alikes only.
fn mixed_script_word(word: &str, range: Range<usize>) -> Option<MixedScriptWord> {
    if word.is_ascii() || word.is_single_script() {
        return None;
    }
    let mut letters_by_script: HashMap<Script, usize> = HashMap::new();
    let letters: Vec<(char, Script)> = word
        .chars()
        .map(|c| (c, c.script()))
        .filter(|&(_, script)| !matches!(script, Script::Common | Script::Inherited))
        .collect();
    for &(_, script) in &letters {
        *letters_by_script.entry(script).or_default() += 1;
    }
    if letters.len() < MIN_LETTERS || letters_by_script.len() < 2 {
        return None;
    }
    // Ties go to Latin, the script spoofed names usually imitate.
    let main_script = *letters_by_script
        .iter()
        .max_by_key(|&(&script, &count)| (count, script == Script::Latin))
        .map(|(script, _)| script)?;
    let mut intruders = letters.iter().filter(|&&(_, s)| s != main_script);
    if !intruders
        .clone()
        .all(|&(c, _)| is_potential_mixed_script_confusable_char(c))
    {
        return None;
    }
    let &(intruder, intruder_script) = intruders.next()?;
    Some(MixedScriptWord {
        range,
        main_script,
        intruder,
        intruder_script,
        looks_like: skeleton(&intruder.to_string()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_test_flags_every_script_the_word_test_tells_apart() {
        // The vectorized line test may flag more than needed, never less:
        // a script the per-byte word test sees must show in the line bits.
        for lead in (b'A'..=b'Z').chain(b'a'..=b'z').chain(0xC2..=0xF4) {
            for next in 0x80..=0xBFu8 {
                let bits = script_bits(lead, next);
                let needed = match rough_script_of_lead(lead, next) {
                    _ if lead.is_ascii_alphabetic() => LATIN,
                    Rough::Neutral => continue,
                    Rough::Latin => LATIN,
                    Rough::Greek => GREEK,
                    Rough::Cyrillic => CYRILLIC,
                    Rough::EastAsian => EAST_ASIAN,
                    Rough::Unknown => UNSURE,
                };
                assert!(
                    bits & (needed | UNSURE) != 0,
                    "{lead:02X} {next:02X}: bits {bits:05b}"
                );
            }
        }
    }

    fn flagged(text: &str) -> Vec<&str> {
        find_mixed_script(text)
            .into_iter()
            .map(|w| &text[w.range])
            .collect()
    }

    #[test]
    fn a_cyrillic_a_in_a_latin_word_is_flagged() {
        let text = "log in to p\u{0430}ypal today";
        let found = find_mixed_script(text);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].range.clone()], "p\u{0430}ypal");
        assert_eq!(found[0].main_script, Script::Latin);
        assert_eq!(found[0].intruder, '\u{0430}');
        assert_eq!(found[0].intruder_script, Script::Cyrillic);
        assert_eq!(found[0].looks_like, "a");
    }

    #[test]
    fn a_latin_letter_in_a_cyrillic_word_is_flagged() {
        // "привет" with a Latin "p" for the Cyrillic "р".
        assert_eq!(flagged("\u{043F}pивет"), ["\u{043F}pивет"]);
    }

    #[test]
    fn single_script_words_and_japanese_are_not_flagged() {
        let text = "paypal привет Καλημέρα 日本語のテキスト Việt Nam naïve";
        assert!(flagged(text).is_empty());
    }

    #[test]
    fn words_mixing_distinct_letters_are_not_flagged() {
        // Units, short words and letters with no look-alike.
        assert_eq!(flagged("5 μm, Жx, Ωmega and Ψηφ"), Vec::<&str>::new());
    }

    #[test]
    fn scripts_separated_by_punctuation_are_separate_words() {
        assert!(flagged("English/Русский/Ελληνικά").is_empty());
    }
}
