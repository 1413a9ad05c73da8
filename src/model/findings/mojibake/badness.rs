//! How implausible a piece of text is: the measure that decides whether a
//! repair is one. It counts what mojibake makes and writing does not, from
//! Unicode's properties of each char and its neighbours, so it holds for
//! every script:
//!
//! - C1 controls, private-use and unassigned code points (5 each), U+FFFD
//!   (2), spacing accents and the like (¨ ´ ¸ ˆ ˜ ¦ ¤: 2), letters no
//!   language writes (ſ, Ĕ, ɡ, ʲ: 2);
//! - inside a word: a capital after a small letter, one of them beyond
//!   ASCII ("cafÃ©": 3); a capital beyond ASCII between a letter and a small
//!   letter ("BĂźrger": 3); two letters of scripts no language mixes
//!   ("cafГ©", Latin then Han: 4); symbols between two letters ("Ã©t",
//!   "Ð¿Ñ": 3); a no-break space between a capital and a small letter;
//! - a mark on a letter of another script (4), after a space, or on a
//!   Latin, Greek or Cyrillic letter that no precomposed letter has it on
//!   (2);
//! - rare symbols: supplemental arrows and math operators (2);
//! - a letter of a script found nowhere else on the line (3, once a script);
//!   a digit of one script after a letter of another (4);
//! - a word whose letters beyond ASCII no one language's alphabet holds
//!   together (ı with ź: 2).
//!
//! Apostrophes, hyphens, dashes and the middle dot join words and cost
//! nothing; typography between words (« » „ “ … – × ° £ € ™) costs nothing.

use unicode_general_category::{GeneralCategory as Category, get_general_category};
use unicode_normalization::char::compose;
use unicode_script::{Script, UnicodeScript};

use crate::model::encoding::{family, fits_one_alphabet, is_common_letter};

/// The scripts of the letters on the rest of a line (its context).
#[derive(Debug, Clone, Default)]
pub struct Context {
    scripts: Vec<Script>,
    letters: usize,
}

impl Context {
    /// The context that `text` gives.
    pub fn of(text: &str) -> Context {
        let mut context = Context::default();
        for c in text.chars().filter(|c| c.is_alphabetic()) {
            context.letters += 1;
            let script = script_of(c);
            if is_specific(script) && !context.scripts.contains(&script) {
                context.scripts.push(script);
            }
        }
        context
    }

    /// Whether a letter of `script` would be foreign to the context.
    fn is_foreign(&self, script: Script) -> bool {
        self.letters >= 3 && is_specific(script) && !self.scripts.contains(&script)
    }
}

/// What a char is, for the measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Letter,
    Mark,
    Digit,
    Space,
    /// A char that joins the parts of a word: apostrophes, hyphens, dashes,
    /// the middle dot.
    Joiner,
    Symbol,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Facts {
    c: char,
    kind: Kind,
    script: Script,
    upper: bool,
    lower: bool,
}

fn facts(c: char) -> Facts {
    let category = get_general_category(c);
    let kind = match category {
        _ if c == ' ' || c == '\u{A0}' || c.is_whitespace() => Kind::Space,
        Category::UppercaseLetter
        | Category::LowercaseLetter
        | Category::TitlecaseLetter
        | Category::ModifierLetter
        | Category::OtherLetter => Kind::Letter,
        Category::NonspacingMark | Category::SpacingMark | Category::EnclosingMark => Kind::Mark,
        Category::DecimalNumber | Category::LetterNumber => Kind::Digit,
        // Superscripts and fractions: symbols between letters ("Î³c").
        Category::OtherNumber if !c.is_ascii() && (c as u32) < 0x2500 => Kind::Symbol,
        Category::OtherNumber => Kind::Digit,
        // CJK and fullwidth punctuation is written without spaces.
        _ if matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF01}'..='\u{FF65}') => Kind::Joiner,
        _ if matches!(
            c,
            '\'' | '’' | 'ʼ' | '-' | '‐' | '‑' | '–' | '—' | '·' | '.' | '_'
        ) =>
        {
            Kind::Joiner
        }
        Category::DashPunctuation
        | Category::OpenPunctuation
        | Category::ClosePunctuation
        | Category::InitialPunctuation
        | Category::FinalPunctuation
        | Category::OtherPunctuation
        | Category::ConnectorPunctuation
        | Category::MathSymbol
        | Category::CurrencySymbol
        | Category::ModifierSymbol
        | Category::OtherSymbol => Kind::Symbol,
        _ => Kind::Other,
    };
    Facts {
        c,
        kind,
        script: script_of(c),
        upper: c.is_uppercase(),
        lower: c.is_lowercase(),
    }
}

/// The script of `c` as writing mixes it ([`family`]), quickly for the
/// blocks most text is in.
fn script_of(c: char) -> Script {
    match c {
        'A'..='Z' | 'a'..='z' | 'ª' | 'º' | 'À'..='Ö' | 'Ø'..='ö' | 'ø'..='ɏ' => {
            Script::Latin
        }
        '\u{0391}'..='\u{03A9}' | '\u{03AC}'..='\u{03CE}' => Script::Greek,
        '\u{0400}'..='\u{0481}' | '\u{048A}'..='\u{04FF}' => Script::Cyrillic,
        _ if c.is_ascii() => Script::Common,
        _ => family(c.script()),
    }
}

/// Whether a script is one letters belong to (not Common or Inherited).
fn is_specific(script: Script) -> bool {
    !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
}

/// What `c` costs on its own.
fn own_cost(f: &Facts) -> u32 {
    match f.c {
        '\u{80}'..='\u{9F}' => 5,
        '\u{FFFD}' => 2,
        '¨' | '¯' | '´' | '¸' | '¦' | '¤' | '\u{2C6}'..='\u{2DD}' => 2,
        // Symbols few texts use: supplemental arrows and math operators.
        '\u{27C0}'..='\u{27EF}' | '\u{2900}'..='\u{2AFF}' => 2,
        _ if f.kind == Kind::Other
            && (f.script == Script::Unknown
                || get_general_category(f.c) == Category::PrivateUse) =>
        {
            5
        }
        _ if f.kind == Kind::Letter && !is_common_letter(f.c) => 2,
        // Rare ideographs (CJK Extension A and beyond), Kanbun, Yi.
        '\u{3190}'..='\u{319F}' | '\u{3400}'..='\u{4DBF}' | '\u{A000}'..='\u{A4CF}' => 2,
        '\u{20000}'..='\u{3FFFF}' => 2,
        _ => 0,
    }
}

/// How implausible `text` is beside `context` (see the module's rules).
pub fn badness(text: &str, context: &Context) -> u32 {
    let facts: Vec<Facts> = text.chars().map(facts).collect();
    // Letters of one word that no one language writes together (ı with
    // ź): a sign of the wrong code page.
    let mut cost = text
        .split_whitespace()
        .filter(|word| fits_one_alphabet(word) == Some(false))
        .count() as u32
        * 2;
    let mut foreign: Vec<Script> = Vec::new();
    for (i, f) in facts.iter().enumerate() {
        cost += own_cost(f);
        let before = i.checked_sub(1).map(|j| facts[j]);
        let after = facts.get(i + 1);
        // The letter before, over any marks on it.
        let letter_before = facts[..i]
            .iter()
            .rev()
            .find(|b| b.kind != Kind::Mark)
            .filter(|b| b.kind == Kind::Letter);
        match f.kind {
            Kind::Letter => {
                if let Some(b) = letter_before {
                    if b.lower && f.upper && !(b.c.is_ascii() && f.c.is_ascii()) {
                        cost += 3;
                    }
                    if f.upper
                        && !f.c.is_ascii()
                        && after.is_some_and(|a| a.kind == Kind::Letter && a.lower)
                    {
                        cost += 3;
                    }
                    if is_specific(b.script) && is_specific(f.script) && b.script != f.script {
                        cost += 4;
                    }
                }
                if context.is_foreign(f.script) && !foreign.contains(&f.script) {
                    foreign.push(f.script);
                    cost += 3;
                }
            }
            Kind::Mark => {
                let on = before.map(|b| (b.kind, b.script));
                cost += match on {
                    None | Some((Kind::Space, _)) => 2,
                    Some((Kind::Letter, script)) if is_specific(f.script) && script != f.script => {
                        4
                    }
                    // An accent on a Latin, Greek or Cyrillic letter that
                    // no precomposed letter has (c̩, a̶).
                    Some((Kind::Letter, Script::Latin | Script::Greek | Script::Cyrillic))
                        if before
                            .is_some_and(|b| !compose(b.c, f.c).is_some_and(is_common_letter)) =>
                    {
                        2
                    }
                    _ => 0,
                };
            }
            // A digit of one script beside a letter of another ("Е٨").
            Kind::Digit
                if !f.c.is_ascii()
                    && letter_before
                        .is_some_and(|b| is_specific(b.script) && b.script != f.script) =>
            {
                cost += 4;
            }
            // The same symbol every other char, with another between
            // ("×‘×”×•": Hebrew's lead byte D7 shown as ×).
            Kind::Symbol
                if i >= 2
                    && !f.c.is_ascii()
                    && facts[i - 2].c == f.c
                    && before.is_some_and(|b| {
                        !b.c.is_ascii() && b.kind != Kind::Letter && b.c != f.c
                    }) =>
            {
                cost += 2;
            }
            Kind::Space if f.c == '\u{A0}' => {
                let capital_before = letter_before.is_some_and(|b| b.upper && !b.c.is_ascii());
                if capital_before && after.is_some_and(|a| a.kind == Kind::Letter && a.lower) {
                    cost += 3;
                }
            }
            Kind::Symbol if !f.c.is_ascii() && f.c != '\u{FFFD}' && letter_before.is_some() => {
                // Symbols between two letters, counted once a run.
                let run_end = facts[i..]
                    .iter()
                    .position(|g| g.kind != Kind::Symbol)
                    .map(|n| i + n);
                let ends_in_letter = run_end.is_some_and(|j| facts[j].kind == Kind::Letter);
                if ends_in_letter {
                    cost += 3;
                }
            }
            _ => {}
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(text: &str) -> u32 {
        badness(text, &Context::default())
    }

    #[test]
    fn mojibake_costs_and_writing_does_not() {
        for text in [
            "café",
            "Über",
            "São",
            "MARQUÉ…",
            "essayé »",
            "l’humanité",
            "Ελληνικά",
            "привет",
            "日本語",
            "한국어",
            "हिन्दी",
            "ภาษาไทย",
            "5×£35",
            "NESTLÉ®",
            "AHÅ™",
            "İstanbul",
        ] {
            assert_eq!(bad(text), 0, "{text}");
        }
        for text in ["cafÃ©", "Ð¿Ñ€Ð¸", "РїСЂРё", "BĂźrger", "п©я─п╦", "frÃ¨res"]
        {
            assert!(bad(text) >= 3, "{text}: {}", bad(text));
        }
    }
}
