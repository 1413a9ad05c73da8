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
    // A quick split at ASCII separators first: most pieces are ASCII or
    // plainly one script, and only the rest get the full word analysis.
    let start_of_text = text.as_ptr() as usize;
    // Split on bytes: ASCII never occurs inside a multi-byte character.
    for piece in text
        .as_bytes()
        .split(|&b| b.is_ascii() && !b.is_ascii_alphanumeric())
    {
        if piece.is_ascii() {
            continue;
        }
        let base = piece.as_ptr() as usize - start_of_text;
        let piece = &text[base..base + piece.len()];
        if plainly_one_script(piece) {
            continue;
        }
        for range in words(piece) {
            let range = base + range.start..base + range.end;
            found.extend(mixed_script_word(&text[range.clone()], range));
        }
    }
    found
}

/// A script, roughly, by code point range: enough to see at once that most
/// words are in one script, without the Unicode tables.
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

fn rough_script(c: char) -> Rough {
    match c {
        'a'..='z' | 'A'..='Z' => Rough::Latin,
        '\u{00D7}' | '\u{00F7}' => Rough::Neutral,
        '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}' => Rough::Latin,
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Rough::Greek,
        '\u{0400}'..='\u{052F}' => Rough::Cyrillic,
        '\u{3040}'..='\u{30FF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7AF}' => Rough::EastAsian,
        '\0'..='\u{00BF}'
        | '\u{0300}'..='\u{036F}'
        | '\u{2000}'..='\u{2BFF}'
        | '\u{3000}'..='\u{303F}'
        | '\u{FE00}'..='\u{FE0F}'
        | '\u{FF00}'..='\u{FF0F}'
        | '\u{1F000}'..='\u{1FAFF}' => Rough::Neutral,
        _ => Rough::Unknown,
    }
}

/// Whether every letter of `piece` is plainly in one script.
fn plainly_one_script(piece: &str) -> bool {
    let mut seen = Rough::Neutral;
    for c in piece.chars() {
        match rough_script(c) {
            Rough::Neutral => {}
            Rough::Unknown => return false,
            script if seen == Rough::Neutral => seen = script,
            script if script != seen => return false,
            _ => {}
        }
    }
    true
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
