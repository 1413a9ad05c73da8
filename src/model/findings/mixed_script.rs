//! Mixed-script words: a word in one script with a look-alike letter from
//! another ("pаypal" with a Cyrillic "а"), the shape of a spoofed name.
//!
//! Unicode's UTS #39 (through unicode-security) says whether a word is single
//! script (Japanese mixing Han and kana counts as one) and which characters
//! are confusable across scripts. A word is flagged only when every letter
//! of its rarer scripts looks like a letter of its main script: real words
//! that mix scripts ("μm", brand names, transliteration notes, Japanese
//! words with a Latin capital such as "Jリーグ") seldom do that throughout.

use std::cmp::Reverse;
use std::ops::Range;

use super::backend::Backend;
use super::script_classes::next_script_change;
use unicode_script::{Script, UnicodeScript};
use unicode_security::skeleton;

mod look_alikes;
mod single_script;
mod word_chars;
use look_alikes::looks_like_a_letter_of;
use single_script::is_single_script;
pub(super) use word_chars::is_word_char;

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

/// Finds the mixed-script words of `text`, searching on `backend`.
pub fn find_mixed_script(text: &str, backend: Backend) -> Vec<MixedScriptWord> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    loop {
        at += next_script_change(backend, &bytes[at..]);
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

/// The finding for `word`, if it mixes scripts with look-alikes only.
fn mixed_script_word(word: &str, range: Range<usize>) -> Option<MixedScriptWord> {
    if word.is_ascii() || is_single_script(word) {
        return None;
    }
    let letters: Vec<(char, Script)> = word
        .chars()
        .map(|c| (c, c.script()))
        .filter(|&(_, script)| !matches!(script, Script::Common | Script::Inherited))
        .collect();
    // Each script with its letters, in the order the word first uses them.
    let mut letters_by_script: Vec<(Script, usize)> = Vec::new();
    for &(_, script) in &letters {
        match letters_by_script.iter_mut().find(|(s, _)| *s == script) {
            Some((_, count)) => *count += 1,
            None => letters_by_script.push((script, 1)),
        }
    }
    if letters.len() < MIN_LETTERS || letters_by_script.len() < 2 {
        return None;
    }
    // Ties go to Latin, the script spoofed names usually imitate, then to
    // the script the word begins in (not to whichever a hash map gives
    // first: the same file gave other findings from run to run).
    let main_script = letters_by_script
        .iter()
        .enumerate()
        .max_by_key(|&(first, &(script, count))| (count, script == Script::Latin, Reverse(first)))
        .map(|(_, &(script, _))| script)?;
    let mut intruders = letters.iter().filter(|&&(_, s)| s != main_script);
    if !intruders
        .clone()
        .all(|&(c, _)| looks_like_a_letter_of(c, main_script))
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
    fn a_change_of_script_is_found_wherever_it_falls() {
        for at in [0, 1, 30, 62, 63, 64, 65, 100] {
            let text = format!("{}p\u{0430}ypal", " ".repeat(at));
            assert_eq!(
                find_mixed_script(&text, Backend::best()).len(),
                1,
                "at {at}"
            );
            let single = format!("{}paypal привет Καλημέρα 日本語 x² €42", " ".repeat(at));
            assert_eq!(
                next_script_change(Backend::best(), single.as_bytes()),
                single.len(),
                "at {at}"
            );
        }
    }

    fn flagged(text: &str) -> Vec<&str> {
        find_mixed_script(text, Backend::best())
            .into_iter()
            .map(|w| &text[w.range])
            .collect()
    }

    #[test]
    fn a_cyrillic_a_in_a_latin_word_is_flagged() {
        let text = "log in to p\u{0430}ypal today";
        let found = find_mixed_script(text, Backend::best());
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
    fn a_tie_between_two_scripts_is_judged_the_same_every_time() {
        // Three Greek letters and three Cyrillic ones that look alike: the
        // script the word begins in is its own, the other the intruder.
        // Each judgement counts afresh.
        let main_script = |word: &str| {
            let found = find_mixed_script(word, Backend::best());
            assert_eq!(found.len(), 1, "{word}");
            found[0].main_script
        };
        for _ in 0..64 {
            assert_eq!(main_script("κορкор"), Script::Greek);
            assert_eq!(main_script("корκορ"), Script::Cyrillic);
        }
        // Latin still wins a tie.
        assert_eq!(main_script("pаyраl"), Script::Latin);
    }

    #[test]
    fn a_letter_is_a_look_alike_only_of_letters_of_the_words_script() {
        // Japanese words with a Latin capital (J. League, O-ring, B class):
        // no katakana looks like it.
        assert_eq!(
            flagged("Jリーグ、Oリング、Bクラス、x日本"),
            Vec::<&str>::new()
        );
        // A Latin A in a Cyrillic word looks like Cyrillic А.
        assert_eq!(flagged("Aлла"), ["Aлла"]);
    }

    #[test]
    fn scripts_separated_by_punctuation_are_separate_words() {
        assert!(flagged("English/Русский/Ελληνικά").is_empty());
    }
}
