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

use super::byte_masks::{BEFORE, ByteMasks, ChunkTest, Window, first_hit};
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
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    loop {
        at += first_hit::<ScriptChange>(&bytes[at..]);
        if at >= bytes.len() {
            return found;
        }
        // The piece around it, between ASCII separators (ASCII never occurs
        // inside a multi-byte character), gets the full word analysis.
        let separator = |b: &u8| b.is_ascii() && !b.is_ascii_alphanumeric();
        let start = bytes[..at].iter().rposition(separator).map_or(0, |i| i + 1);
        let end = bytes[at..]
            .iter()
            .position(separator)
            .map_or(bytes.len(), |i| at + i);
        if !text[start..end].is_ascii() {
            analyse_piece(text, start, end, &mut found);
        }
        at = end.max(at + 1);
    }
}

/// The classes [`ScriptChange`] tells characters apart by, from their lead
/// bytes (and the byte after): each of the first four holds one script
/// (East Asian: Han, kana, Hangul and Bopomofo, which real words mix).
const LATIN: usize = 0;
const GREEK: usize = 1;
const CYRILLIC: usize = 2;
const EAST_ASIAN: usize = 3;
/// Digits, combining marks, modifier letters and letter-like symbols:
/// characters of no script, or Latin ones, that go inside words.
const SHARED: usize = 4;
/// Letters of the other scripts, one class for all.
const OTHER: usize = 5;
const CLASSES: usize = 6;

/// The characters of each class that start in a chunk, given masks of
/// their first three bytes. Punctuation, symbols, emoji, spaces and
/// continuation bytes are in none.
#[inline(always)]
fn class_masks<M: ByteMasks>(b0: &M, b1: &M, b2: &M) -> [u64; CLASSES] {
    let (c2, cd, cf, d4) = (b0.eq(0xC2), b0.eq(0xCD), b0.eq(0xCF), b0.eq(0xD4));
    let (e1, e2, ea, ef, f0) = (
        b0.eq(0xE1),
        b0.eq(0xE2),
        b0.eq(0xEA),
        b0.eq(0xEF),
        b0.eq(0xF0),
    );
    let hangul_jamo = e1 & b1.in_range(0x84, 0x87);
    let coptic = cf & b1.in_range(0xA2, 0xAF);
    // U+FE00–FE1F: variation selectors and vertical forms (U+FE20 on are
    // combining half marks, some of them Cyrillic).
    let selectors = ef & b1.eq(0xB8) & b2.below(0xA0);
    let latin = b0.in_range(b'A', b'Z')
        | b0.in_range(b'a', b'z')
        | b0.in_range(0xC3, 0xCA)
        | (e1 & b1.in_range(0xB8, 0xBB));
    let greek =
        ((b0.eq(0xCE) | cf) & !coptic) | (cd & b1.at_least(0xB0)) | (e1 & b1.at_least(0xBC));
    let cyrillic = b0.in_range(0xD0, 0xD3) | (d4 & b1.below(0xB0));
    let east_asian = b0.in_range(0xE3, 0xE9)
        | (ea & b1.at_least(0xB0))
        | b0.in_range(0xEB, 0xED)
        | hangul_jamo
        | (f0 & b1.in_range(0xA0, 0xAF));
    // ª º ¹ ² ³ ¼ ½ ¾ µ; U+02C0–02FF; superscripts, subscripts, currency and
    // marks for symbols,
    // number forms, enclosed alphanumerics, dingbat digits, U+2E2F;
    // variation selectors; enclosed and segmented digits and letters.
    let shared = b0.in_range(b'0', b'9')
        | b0.eq(0xCC)
        | (cd & b1.below(0xB0))
        | b0.eq(0xCB)
        | (c2
            & (b1.eq(0xAA)
                | b1.in_range(0xB2, 0xB3)
                | b1.eq(0xB5)
                | b1.in_range(0xB9, 0xBA)
                | b1.in_range(0xBC, 0xBE)))
        | (e2
            & (b1.in_range(0x81, 0x83)
                | b1.in_range(0x85, 0x86)
                | b1.in_range(0x91, 0x93)
                | (b1.eq(0x9D) & b2.at_least(0xB6))
                | (b1.eq(0x9E) & b2.below(0x94))
                | (b1.eq(0xB8) & b2.eq(0xAF))))
        | selectors
        | (f0 & b1.eq(0x9F) & (b2.in_range(0x84, 0x86) | b2.eq(0xAF)));
    // Letter-like symbols (U+2100–214F) hold Greek, Latin and shared ones.
    let other = coptic
        | (d4 & b1.at_least(0xB0))
        | b0.in_range(0xD5, 0xDF)
        | b0.eq(0xE0)
        | (e1 & b1.below(0xB8) & !hangul_jamo)
        | (e2 & (b1.eq(0x84) | b1.in_range(0xB0, 0xB7)))
        | (ea & b1.below(0xB0))
        | b0.eq(0xEE)
        | (ef & !selectors)
        | (f0 & !b1.in_range(0x9F, 0xAF))
        | b0.at_least(0xF1);
    let mut classes = [0; CLASSES];
    classes[LATIN] = latin;
    classes[GREEK] = greek;
    classes[CYRILLIC] = cyrillic;
    classes[EAST_ASIAN] = east_asian;
    classes[SHARED] = shared;
    classes[OTHER] = other;
    classes
}

/// Where a character follows one of another class, both going inside
/// words. Latin and [`SHARED`] characters go together, and so do those of
/// one class. A word that mixes scripts has two letters of different
/// scripts with only shared characters between, so some pair of neighbours
/// differs, unless both scripts are [`OTHER`] ones (a word in, say,
/// Armenian and Cherokee letters alone is not looked at).
struct ScriptChange;

/// What [`ScriptChange`] keeps of a chunk for the next.
#[derive(Default)]
struct ChunkClasses {
    leads: [u64; CLASSES],
    continuation: u64,
    /// Per class, the bytes of characters of that class.
    within: [u64; CLASSES],
}

impl ChunkTest for ScriptChange {
    type Carry = ChunkClasses;

    #[inline(always)]
    fn hits<M: ByteMasks>(window: &Window, carry: &mut ChunkClasses) -> u64 {
        let b0 = M::load(window, BEFORE);
        let (b1, b2) = (M::load(window, BEFORE + 1), M::load(window, BEFORE + 2));
        let leads = class_masks(&b0, &b1, &b2);
        let continuation = b0.in_range(0x80, 0xBF);
        // `x` moved `k` bytes on, the bytes before the chunk's start taken
        // from the chunk before.
        let on = |x: u64, before: u64, k: u32| (x << k) | (before >> (64 - k));
        let one_on = continuation & on(continuation, carry.continuation, 1);
        let two_on = one_on & on(continuation, carry.continuation, 2);
        let mut within = [0u64; CLASSES];
        let mut after = [0u64; CLASSES];
        for c in 0..CLASSES {
            // A byte is in the class of the lead up to three bytes before
            // it, through continuation bytes.
            let (lead, before) = (leads[c], carry.leads[c]);
            within[c] = lead
                | (continuation & on(lead, before, 1))
                | (one_on & on(lead, before, 2))
                | (two_on & on(lead, before, 3));
            // The class of the character just before each byte.
            after[c] = on(within[c], carry.within[c], 1);
        }
        let any_before = after.iter().fold(0, |all, &m| all | m);
        let mut hits = 0;
        for c in 0..CLASSES {
            let together = match c {
                LATIN => after[SHARED],
                SHARED => after[LATIN],
                _ => 0,
            };
            hits |= leads[c] & any_before & !after[c] & !together;
        }
        *carry = ChunkClasses {
            leads,
            continuation,
            within,
        };
        hits
    }
}

/// Adds the mixed-script words of `text[start..end]` to `found`.
fn analyse_piece(text: &str, start: usize, end: usize, found: &mut Vec<MixedScriptWord>) {
    for range in words(&text[start..end]) {
        let range = start + range.start..start + range.end;
        found.extend(mixed_script_word(&text[range.clone()], range));
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

    /// The class of `c` by [`class_masks`], if any.
    fn class_of(c: char) -> Option<usize> {
        use crate::model::findings::byte_masks::{AFTER, CHUNK, Portable};
        let mut window: Window = [0; BEFORE + CHUNK + AFTER];
        c.encode_utf8(&mut window[BEFORE..]);
        let load = |k| Portable::load(&window, BEFORE + k);
        let classes = class_masks(&load(0), &load(1), &load(2));
        let of_c: Vec<usize> = (0..CLASSES).filter(|&k| classes[k] & 1 != 0).collect();
        assert!(of_c.len() <= 1, "U+{:04X} in classes {of_c:?}", c as u32);
        of_c.first().copied()
    }

    #[test]
    fn every_word_character_has_a_class_that_holds_its_script_alone() {
        // What makes every word of two scripts show a change of class
        // (unless both scripts are OTHER ones).
        let mut wrong = Vec::new();
        for c in (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| is_word_char(c))
        {
            let Some(class) = class_of(c) else {
                wrong.push(format!(
                    "U+{:04X} ({:?}) has no class",
                    c as u32,
                    c.script()
                ));
                continue;
            };
            let script = c.script();
            let fits = match class {
                LATIN => matches!(script, Script::Latin | Script::Common | Script::Inherited),
                GREEK => matches!(script, Script::Greek | Script::Common | Script::Inherited),
                CYRILLIC => matches!(
                    script,
                    Script::Cyrillic | Script::Common | Script::Inherited
                ),
                EAST_ASIAN => matches!(
                    script,
                    Script::Han
                        | Script::Hiragana
                        | Script::Katakana
                        | Script::Hangul
                        | Script::Bopomofo
                        | Script::Common
                        | Script::Inherited
                ),
                SHARED => matches!(script, Script::Latin | Script::Common | Script::Inherited),
                _ => true,
            };
            if !fits {
                wrong.push(format!("U+{:04X} ({script:?}) in class {class}", c as u32));
            }
        }
        assert!(
            wrong.is_empty(),
            "{} wrong:\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }

    #[test]
    fn a_change_of_script_is_found_wherever_it_falls() {
        for at in [0, 1, 30, 62, 63, 64, 65, 100] {
            let text = format!("{}p\u{0430}ypal", " ".repeat(at));
            assert_eq!(find_mixed_script(&text).len(), 1, "at {at}");
            let single = format!("{}paypal привет Καλημέρα 日本語 x² €42", " ".repeat(at));
            assert_eq!(
                first_hit::<ScriptChange>(single.as_bytes()),
                single.len(),
                "at {at}"
            );
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
