//! How plausibly a reading of some bytes is human writing: what decides
//! between the code pages a detector proposes. Every char's facts (is it a
//! letter, its case, its script, the alphabets holding it) are looked up
//! once per distinct char, as a reading in a code page has few.

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_script::{Script, UnicodeScript};

use super::alphabets::alphabets_of;

/// How plausible `text` reads as human writing, per non-ASCII character:
/// letters inside words of the text's main script score, letters of other
/// scripts, symbols inside words, case flipping inside a word, controls and
/// undefined bytes cost. (Typography such as « » – … ° is neutral.)
pub fn plausibility(text: &str) -> f64 {
    judge(text).0
}

/// [`plausibility`] of `text`, and whether its letters fit one language's
/// alphabet ([`super::alphabets::fits_one_alphabet`]), in one pass.
pub fn judge(text: &str) -> (f64, Option<bool>) {
    let chars: Vec<char> = text.chars().collect();
    let mut facts = FactsCache::new();
    let facts: Vec<Facts> = chars.iter().map(|&c| facts.of(c)).collect();
    // The length of the run of letters each character is in, the count of
    // letters per script, and the alphabets holding every letter.
    let mut word_len = vec![0usize; chars.len()];
    let mut counts: Vec<(Script, usize)> = Vec::new();
    let mut holding: Option<u64> = None;
    let mut start = 0;
    for i in 0..=chars.len() {
        if i == chars.len() || !facts[i].alphabetic {
            word_len[start..i].fill(i - start);
            start = i + 1;
        }
        let Some(fact) = facts.get(i) else { break };
        if fact.alphabetic {
            match counts.iter_mut().find(|(s, _)| *s == fact.family) {
                Some((_, n)) => *n += 1,
                None => counts.push((fact.family, 1)),
            }
        }
        if let Some(bits) = fact.alphabets {
            holding = Some(holding.map_or(bits, |h| h & bits));
        }
    }
    let main_script = counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map_or(Script::Latin, |(s, _)| s);
    let fits = holding.map(|bits| bits != 0);
    let neutral = |s: Script| matches!(s, Script::Common | Script::Inherited);
    let mut score = 0.0;
    let mut counted = 0usize;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() {
            if c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C') {
                counted += 1;
                score -= 6.0;
            }
            continue;
        }
        counted += 1;
        let fact = facts[i];
        let before = i.checked_sub(1).map(|j| (chars[j], facts[j]));
        let after = chars.get(i + 1).map(|&n| (n, facts[i + 1]));
        let letter_before = before.is_some_and(|(_, f)| f.alphabetic);
        let letter_after = after.is_some_and(|(_, f)| f.alphabetic);
        // Inside a word of three letters or more (or a symbol touching one).
        let in_word = if fact.alphabetic {
            word_len[i] >= 3
        } else {
            letter_before || letter_after
        };
        // Part of a run of three or more of the same character.
        let same = |j: Option<usize>| j.and_then(|j| chars.get(j)) == Some(&c);
        let tripled = (same(i.checked_sub(2)) && same(i.checked_sub(1)))
            || (same(i.checked_sub(1)) && same(Some(i + 1)))
            || (same(Some(i + 1)) && same(Some(i + 2)));
        score += if c == char::REPLACEMENT_CHARACTER {
            -6.0
        } else if tripled {
            // No language writes one letter three times running (ÿÿÿ).
            -6.0
        } else if fact.alphabetic {
            let script = fact.family;
            let mixed_word = [before, after].into_iter().flatten().any(|(_, n)| {
                n.alphabetic && !neutral(n.script) && !neutral(script) && n.family != script
            });
            let case_flip = fact.upper && before.is_some_and(|(_, b)| b.alphabetic && b.lower);
            if mixed_word {
                -3.0
            } else if (script != main_script && !neutral(script)) || case_flip {
                -1.0
            } else if in_word {
                2.0
            } else {
                1.0
            }
        } else if c == '\u{2019}' && letter_before && letter_after {
            // An apostrophe between letters (d’abord, it’s).
            1.0
        } else {
            match get_general_category(c) {
                GeneralCategory::Control | GeneralCategory::PrivateUse => -6.0,
                GeneralCategory::Format | GeneralCategory::Unassigned => -4.0,
                GeneralCategory::NonspacingMark => 0.0,
                _ if in_word => -2.0,
                _ => 0.0,
            }
        };
    }
    if counted == 0 {
        return (0.0, fits);
    }
    // Letters that no one language writes together say "wrong code page".
    let alphabet = match fits {
        Some(true) => 1.0,
        Some(false) => -1.0,
        None => 0.0,
    };
    (score / counted as f64 + alphabet, fits)
}

/// What [`judge`] asks of a char.
#[derive(Clone, Copy)]
struct Facts {
    alphabetic: bool,
    upper: bool,
    lower: bool,
    /// Its script.
    script: Script,
    /// Its script as writing mixes it ([`family`]).
    family: Script,
    /// The alphabets holding it ([`alphabets_of`]).
    alphabets: Option<u64>,
}

impl Facts {
    fn of(c: char) -> Facts {
        let script = if c.is_ascii() {
            ascii_script(c)
        } else {
            c.script()
        };
        Facts {
            alphabetic: c.is_alphabetic(),
            upper: c.is_uppercase(),
            lower: c.is_lowercase(),
            script,
            family: family(script),
            alphabets: alphabets_of(c),
        }
    }
}

/// The facts of each ASCII char, known without a table search.
const ASCII_FACTS: [Facts; 128] = {
    let mut facts = [Facts {
        alphabetic: false,
        upper: false,
        lower: false,
        script: Script::Common,
        family: Script::Common,
        alphabets: None,
    }; 128];
    let mut c = 0;
    while c < 128 {
        let byte = c as u8;
        if byte.is_ascii_alphabetic() {
            facts[c] = Facts {
                alphabetic: true,
                upper: byte.is_ascii_uppercase(),
                lower: byte.is_ascii_lowercase(),
                script: Script::Latin,
                family: Script::Latin,
                alphabets: None,
            };
        }
        c += 1;
    }
    facts
};

/// The script of an ASCII char, without a table search.
fn ascii_script(c: char) -> Script {
    if c.is_ascii_alphabetic() {
        Script::Latin
    } else {
        Script::Common
    }
}

/// The facts of the chars met, in a direct-mapped cache: a reading has few
/// distinct chars, each looked up once.
struct FactsCache {
    slots: [Option<(char, Facts)>; 128],
}

impl FactsCache {
    fn new() -> FactsCache {
        FactsCache { slots: [None; 128] }
    }

    fn of(&mut self, c: char) -> Facts {
        if c.is_ascii() {
            return ASCII_FACTS[c as usize];
        }
        let slot = &mut self.slots[c as usize % 128];
        match slot {
            Some((cached, facts)) if *cached == c => *facts,
            _ => {
                let facts = Facts::of(c);
                *slot = Some((c, facts));
                facts
            }
        }
    }
}

/// A script as writing mixes it: Japanese writes Han, Hiragana and
/// Katakana in one word, Korean Hangul with Han (all counted as Han).
pub(crate) fn family(script: Script) -> Script {
    match script {
        Script::Hiragana | Script::Katakana | Script::Hangul | Script::Bopomofo => Script::Han,
        other => other,
    }
}

/// The script most of the letters of `chars` are in.
pub(crate) fn main_script(chars: &[char]) -> Script {
    let mut counts: Vec<(Script, usize)> = Vec::new();
    for &c in chars.iter().filter(|c| c.is_alphabetic()) {
        let script = family(c.script());
        match counts.iter_mut().find(|(s, _)| *s == script) {
            Some((_, n)) => *n += 1,
            None => counts.push((script, 1)),
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .map_or(Script::Latin, |(s, _)| s)
}
