//! How implausible a piece of text is: the measure that decides whether a
//! repair is one. It counts what mojibake makes and writing does not, from
//! Unicode's properties of each char and its neighbours, so it holds for
//! every script: chars that are never or seldom text on their own (C1
//! controls, U+FFFD, spacing accents, letters no language writes); inside a
//! word, capitals after small letters, letters of scripts no language
//! mixes, symbols between letters or piled onto a word's end, marks where
//! no writing puts them, a no-break space inside a word, letters that no
//! one alphabet holds together; and beside the line, a script found
//! nowhere else on it. What each sign costs, and why, is in
//! [`super::costs`].
//!
//! Apostrophes, hyphens, dashes and the middle dot join words and cost
//! nothing; typography between words (« » „ “ … – × ° £ € ™) costs nothing.

use std::sync::OnceLock;

use unicode_general_category::{GeneralCategory as Category, get_general_category};
use unicode_normalization::char::compose;
use unicode_script::{Script, UnicodeScript};

use super::costs;
use super::kept::Kept;
use crate::model::encoding::{alphabets_of, family, is_common_letter};

/// The scripts of the letters on the rest of a line (its context).
#[derive(Debug, Clone, Default)]
pub struct Context {
    scripts: ScriptSet,
    letters: usize,
}

impl Context {
    /// The context that `words` give.
    pub fn of_words<'a>(words: impl Iterator<Item = &'a str>) -> Context {
        let mut context = Context::default();
        let mut add = |f: Facts| {
            context.letters += 1;
            if is_specific(f.script) {
                context.scripts.add(f.script.into());
            }
        };
        let latin = facts('a');
        for word in words {
            // (Most words of a line's context are ASCII: their letters are
            // counted a byte at a time, all of one script.)
            if word.is_ascii() {
                word.bytes()
                    .filter(u8::is_ascii_alphabetic)
                    .for_each(|_| add(latin));
                continue;
            }
            word.chars()
                .map(facts)
                .filter(|f| f.alphabetic)
                .for_each(&mut add);
        }
        context
    }

    /// This context with what at least two of `words` agree on: each
    /// script that two or more of them show, and the letters of the words
    /// that show one (no word then vouches for its own script alone).
    pub fn and_agreed<'a>(mut self, words: impl Iterator<Item = &'a str>) -> Context {
        let shown: Vec<Context> = words
            .map(|word| Context::of_words(std::iter::once(word)))
            .collect();
        let (mut once, mut twice) = (ScriptSet::default(), ScriptSet::default());
        for word in &shown {
            twice = twice.union(once.intersection(word.scripts));
            once = once.union(word.scripts);
        }
        for word in &shown {
            let agreed = word.scripts.intersection(twice);
            if agreed != ScriptSet::default() {
                self.letters += word.letters;
                self.scripts = self.scripts.union(agreed);
            }
        }
        self
    }

    /// Whether it has a script that `other` lacks.
    pub fn adds_to(&self, other: &Context) -> bool {
        self.scripts.count_outside(other.scripts) > 0
    }
}

/// How implausible a text is on its own, and the scripts of its letters,
/// which decide what it costs beside a line ([`Measure::against`]).
#[derive(Debug, Clone, Copy)]
pub struct Measure {
    /// What the text costs with no line around it.
    pub alone: u32,
    /// The scripts of its letters (Common and Inherited left out).
    scripts: ScriptSet,
}

impl Measure {
    /// What the text costs beside `context`: a letter of a script found
    /// nowhere else on the line costs 3, once a script (once the line has
    /// letters enough to tell).
    pub fn against(&self, context: &Context) -> u32 {
        if context.letters < 3 {
            return self.alone;
        }
        self.alone + costs::SCRIPT_NOT_ON_LINE * self.scripts.count_outside(context.scripts)
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

/// What the measure needs to know of a char, looked up once.
#[derive(Debug, Clone, Copy)]
struct Facts {
    c: char,
    kind: Kind,
    script: Script,
    upper: bool,
    lower: bool,
    /// Alphabetic (letters and the marks and numbers Unicode counts so).
    alphabetic: bool,
    /// Punctuation (of any of Unicode's seven kinds).
    punctuation: bool,
    /// A math symbol (√, ∑, ≤).
    math: bool,
    /// What it costs on its own ([`own_cost`]).
    own_cost: u8,
    /// The alphabets that hold it ([`alphabets_of`]).
    alphabets: Option<u64>,
}

/// The facts of the Basic Multilingual Plane, a block of 256 chars at a
/// time, each block worked out the first time a char of it is measured.
static BMP_FACTS: [OnceLock<Box<[Facts; 256]>>; 256] = [const { OnceLock::new() }; 256];

/// The facts of `c`.
fn facts(c: char) -> Facts {
    let code = c as usize;
    if code > 0xFFFF {
        return facts_of(c);
    }
    let block = BMP_FACTS[code >> 8].get_or_init(|| {
        Box::new(std::array::from_fn(|i| {
            // (Surrogates are not chars: they are never looked up.)
            char::from_u32(((code >> 8) << 8 | i) as u32)
                .map_or_else(|| facts_of('\u{FFFD}'), facts_of)
        }))
    });
    block[code & 0xFF]
}

/// Works out the facts of `c`.
fn facts_of(c: char) -> Facts {
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
        _ if is_punctuation(category) => Kind::Symbol,
        Category::MathSymbol
        | Category::CurrencySymbol
        | Category::ModifierSymbol
        | Category::OtherSymbol => Kind::Symbol,
        _ => Kind::Other,
    };
    let script = script_of(c);
    Facts {
        c,
        kind,
        script,
        upper: c.is_uppercase(),
        // The ordinal indicators are lowercase to Unicode, but they end
        // abbreviations (1º, nº, 2ª) and stand for the degree sign before
        // a unit's capital (20 ºC): no small letter a capital may not follow.
        lower: c.is_lowercase() && !matches!(c, 'ª' | 'º'),
        alphabetic: c.is_alphabetic(),
        punctuation: is_punctuation(category),
        math: category == Category::MathSymbol,
        own_cost: own_cost(c, kind, script, category),
        alphabets: alphabets_of(c),
    }
}

/// Whether `category` is one of Unicode's seven kinds of punctuation.
fn is_punctuation(category: Category) -> bool {
    matches!(
        category,
        Category::DashPunctuation
            | Category::OpenPunctuation
            | Category::ClosePunctuation
            | Category::InitialPunctuation
            | Category::FinalPunctuation
            | Category::OtherPunctuation
            | Category::ConnectorPunctuation
    )
}

/// The script of `c` as writing mixes it ([`family`]).
fn script_of(c: char) -> Script {
    if c.is_ascii() {
        return if c.is_ascii_alphabetic() {
            Script::Latin
        } else {
            Script::Common
        };
    }
    family(c.script())
}

/// Whether `facts[i]` is a small Greek letter standing alone among ASCII
/// and math symbols: science writes one inside a Latin name (IL2Rγc,
/// TNFα), mathematics after a symbol (√π, ∑α), and neither costs for its
/// two scripts. (Beside a char beyond ASCII that is not a math symbol, as
/// in "αñöαñ░" or "thα»§", it is no such thing.)
fn is_lone_greek(facts: &[Facts], i: usize) -> bool {
    if is_ohm(facts, i) {
        return true;
    }
    let f = &facts[i];
    let before = i.checked_sub(1).map(|j| &facts[j]);
    let mut neighbours = before.into_iter().chain(facts.get(i + 1));
    f.script == Script::Greek
        && f.lower
        && f.kind == Kind::Letter
        && neighbours.clone().all(|n| n.c.is_ascii() || n.math)
        && neighbours.any(|n| n.c.is_ascii_alphabetic() || n.math)
}

/// Whether `facts[i]` is Ω as units write it: after a prefix, a digit or a
/// space (10 kΩ, 4,7 MΩ, 100 Ω, 2 µΩ) and before ASCII, a space or the end,
/// or after a prefix or a digit and before punctuation (10 kΩ”). Garbling
/// shows Ω for a lead byte (windows-1253, cp437) or a continuation byte
/// (macintosh) beside chars beyond ASCII: only a lead before A0, a
/// no-break space, leaves it among ASCII (Arabic ٠ through windows-1253 is
/// "Ω" and a no-break space), and "kΩ" with a no-break space after it was
/// taken for that; before windows-1253's punctuation (Arabic letters and
/// marks) it begins a garbled word, after a space.
fn is_ohm(facts: &[Facts], i: usize) -> bool {
    let (before, after) = (i.checked_sub(1).map(|j| &facts[j]), facts.get(i + 1));
    let after_prefix = before.is_some_and(|b| b.c.is_ascii_alphanumeric() || b.c == 'µ');
    matches!(facts[i].c, 'Ω' | '\u{2126}')
        && (after_prefix || before.is_none_or(|b| b.kind == Kind::Space))
        && after.is_none_or(|a| {
            a.c.is_ascii() || a.kind == Kind::Space || (after_prefix && a.punctuation)
        })
}

/// Whether `c` is a mark that text puts on symbols: overlays that strike
/// through ("$̶6̶3̶"), the combining marks for symbols (enclosing circles,
/// the keycap), variation selectors (♥️).
fn is_mark_for_symbols(c: char) -> bool {
    matches!(
        c,
        '\u{334}'..='\u{338}' | '\u{20D0}'..='\u{20FF}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}'
    )
}

/// Whether a script is one letters belong to (not Common or Inherited).
fn is_specific(script: Script) -> bool {
    !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
}

/// What `c` costs on its own.
fn own_cost(c: char, kind: Kind, script: Script, category: Category) -> u8 {
    match c {
        '\u{80}'..='\u{9F}' => costs::NOT_TEXT,
        '\u{FFFD}' => costs::REPLACEMENT_CHAR,
        '¨' | '¯' | '´' | '¸' | '¦' | '¤' | '\u{2C6}'..='\u{2DD}' => costs::SPACING_ACCENT,
        '\u{27C0}'..='\u{27EF}' | '\u{2900}'..='\u{2AFF}' => costs::RARE_SYMBOL,
        _ if kind == Kind::Other
            && (script == Script::Unknown || category == Category::PrivateUse) =>
        {
            costs::NOT_TEXT
        }
        _ if kind == Kind::Letter && !is_common_letter(c) => costs::RARE_LETTER,
        // The radicals (2E80–2FDF) are the ideographs' parts as dictionaries
        // list them; text writes the ideographs (NFKC maps one to the other).
        '\u{2E80}'..='\u{2FDF}'
        | '\u{3190}'..='\u{319F}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{A000}'..='\u{A4CF}' => costs::RARE_IDEOGRAPH,
        '\u{20000}'..='\u{3FFFF}' => costs::RARE_IDEOGRAPH,
        _ => 0,
    }
}

/// Whether `word` is plain: it has a part between ASCII punctuation
/// (other than an apostrophe) that is more than punctuation, and each such
/// part is plain ([`plain_core`]). Garbling changes no ASCII, so markup and
/// code around a word and between words (`<p>том</p>`, `title="так"`,
/// `"über","ці"`) say nothing of its parts, and a short Russian word in
/// them was taken for an arrow through IBM866.
pub fn is_plain(word: &str) -> bool {
    let mut cores = word
        .split(|c: char| c.is_ascii_punctuation() && c != '\'')
        .map(core_of)
        .filter(|core| !core.is_empty())
        .peekable();
    cores.peek().is_some() && cores.all(plain_core)
}

/// `part` without the punctuation before it and the closing quotes after
/// it: "том" of "«том»" and "„её“". (Not any punctuation after it: a char
/// that ends a word may end a garbled sequence, as "‰" in "CAFÃ‰".)
fn core_of(part: &str) -> &str {
    // (The facts are kept by block: a category is looked up in a table.)
    let opening = |c: char| facts(c).punctuation;
    let closing = |c: char| matches!(c, '»' | '“' | '”' | '’' | '«' | '„');
    part.trim_start_matches(opening).trim_end_matches(closing)
}

/// Whether `core` is plain ([`plain_script`]), or is plain words of one
/// script joined by apostrophes ([`joined_by_apostrophes`]).
fn plain_core(core: &str) -> bool {
    plain_script(core).is_some() || joined_by_apostrophes(core)
}

/// Whether `core` is plain words of one script, each apostrophe (’) between
/// them after an ASCII letter and before a letter: elision and suffixes
/// ("l’étonnement", "Türkiye’nin", "dell’anno"). Garbling makes none: the
/// one encoding that shows ’ as a lead byte, macintosh (D5), shows it so
/// after another char beyond ASCII or at a word's start.
fn joined_by_apostrophes(core: &str) -> bool {
    let mut script = None;
    let mut parts = core.split('’').peekable();
    let mut joined = false;
    while let Some(part) = parts.next() {
        let Some((id, _)) = plain_script(part) else {
            return false;
        };
        if joined && !part.starts_with(|c| facts(c).alphabetic) {
            return false;
        }
        if script.replace(id).is_some_and(|before| before != id) {
            return false;
        }
        if parts.peek().is_some() {
            if !part.ends_with(|c: char| c.is_ascii_alphabetic()) {
                return false;
            }
            joined = true;
        }
    }
    joined
}

/// The script and the letters of a plain word, one that costs at most 2
/// on its own and beside a line only for that script: each char is ASCII
/// other than a letter, or a letter of that script (ASCII letters are
/// Latin) that costs nothing alone and is not `œ`; and in each run of
/// letters no capital follows a small letter, nor a small letter a capital
/// past the run's first letter. None of the module's rules then costs but
/// the alphabets (2, once: a word holds no space), and its only script is
/// that one (a test holds the measure to this). Most words of most lines
/// are plain.
pub fn plain_script(word: &str) -> Option<(ScriptId, usize)> {
    let below_800 = plain_letters_below_800();
    let bytes = word.as_bytes();
    // The run of letters so far, as bits placed to meet a letter's case
    // bits: it holds a small letter (LOWER's bit, where a capital's UPPER
    // bit lands shifted up one), a capital past its first (UPPER's bit,
    // where a small letter's LOWER bit lands shifted down one), a letter
    // (two bits above UPPER's). In one register, with the script and what
    // broke a rule: a state kept in memory would delay every letter.
    const SMALL: u16 = PackedLetter::LOWER;
    const LATER_CAPITAL: u16 = PackedLetter::UPPER;
    const BEGUN: u16 = PackedLetter::UPPER << 2;
    let mut run = 0u16;
    let mut script = 0u16;
    // Nonzero once a char broke a rule: tested once at the end (most
    // words keep the rules, and words are short).
    let mut broken = 0u16;
    let mut letters = 0;
    let mut at = 0;
    while at < bytes.len() {
        let letter = match bytes[at] {
            // Two bytes (Latin, Greek, Cyrillic, Hebrew, Arabic…): the
            // table holds them. (First: most letters of most lines that
            // get here.)
            byte @ 0xC0..0xE0 => {
                let code = usize::from(byte & 0x1F) << 6 | usize::from(bytes[at + 1] & 0x3F);
                at += 2;
                below_800[code]
            }
            byte @ 0..0x80 => {
                at += 1;
                if !byte.is_ascii_alphabetic() {
                    run = 0;
                    continue;
                }
                below_800[usize::from(byte)]
            }
            _ => {
                let c = word[at..].chars().next().unwrap_or_default();
                at += c.len_utf8();
                PackedLetter::of(c)
            }
        };
        let key = letter.script_key();
        if script == 0 {
            script = key;
        }
        // Not a plain letter, or of another script; a capital after a
        // small letter, or a small letter after a capital past the first.
        broken |= (key ^ script) | (!key & PackedLetter::PLAIN);
        broken |= (letter.0 << 1 & run & SMALL) | (letter.0 >> 1 & run & LATER_CAPITAL);
        // A capital after the run's first letter; a small letter; a letter.
        run |= (letter.0 & PackedLetter::UPPER & run >> 2) | (letter.0 & SMALL) | BEGUN;
        letters += 1;
    }
    if broken != 0 {
        return None;
    }
    PackedLetter(script).script().map(|id| (id, letters))
}

/// A char as [`plain_script`] needs it, in two bytes: whether it is a plain
/// letter (of a specific script, costing nothing alone, not `œ`, which
/// costs after some letters), and if so its script's number and its case.
#[derive(Debug, Clone, Copy)]
struct PackedLetter(u16);

impl PackedLetter {
    const PLAIN: u16 = 1 << 8;
    const UPPER: u16 = 1 << 9;
    const LOWER: u16 = 1 << 10;

    /// `c`, from its facts.
    fn of(c: char) -> PackedLetter {
        let f = facts(c);
        let plain = f.kind == Kind::Letter
            && f.own_cost == 0
            && is_specific(f.script)
            && !matches!(c, 'œ' | 'Œ');
        if !plain {
            return PackedLetter(0);
        }
        // (Script numbers itself in a byte.)
        let upper = if f.upper { Self::UPPER } else { 0 };
        let lower = if f.lower { Self::LOWER } else { 0 };
        PackedLetter(u16::from(f.script as u8) | Self::PLAIN | upper | lower)
    }

    /// Its script's number and the plain bit (0 if not a plain letter).
    fn script_key(self) -> u16 {
        self.0 & (Self::PLAIN | 0xFF)
    }

    /// Its script, if it is a plain letter.
    fn script(self) -> Option<ScriptId> {
        (self.0 & Self::PLAIN != 0).then_some(ScriptId(self.0 as u8))
    }
}

/// Every char below U+0800 (of one or two bytes) as a [`PackedLetter`]:
/// two bytes a char, not a char's facts, are what a plain word's every
/// char is looked up for.
fn plain_letters_below_800() -> &'static [PackedLetter; 0x800] {
    static TABLE: OnceLock<Box<[PackedLetter; 0x800]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        Box::new(std::array::from_fn(|code| {
            char::from_u32(code as u32).map_or(PackedLetter(0), PackedLetter::of)
        }))
    })
}

/// A script, by its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptId(u8);

impl From<Script> for ScriptId {
    fn from(script: Script) -> ScriptId {
        ScriptId(script as u8)
    }
}

/// A set of specific scripts (neither Common, Inherited nor Unknown), a
/// bit each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScriptSet([u64; 4]);

impl ScriptSet {
    /// With `script` too.
    pub fn add(&mut self, script: ScriptId) {
        self.0[usize::from(script.0 >> 6)] |= 1 << (script.0 & 63);
    }

    /// How many of its scripts `other` lacks.
    pub fn count_outside(self, other: ScriptSet) -> u32 {
        (self.0.iter().zip(other.0))
            .map(|(&mine, theirs)| (mine & !theirs).count_ones())
            .sum()
    }

    /// The scripts of both.
    fn union(self, other: ScriptSet) -> ScriptSet {
        ScriptSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The scripts it shares with `other`.
    fn intersection(self, other: ScriptSet) -> ScriptSet {
        ScriptSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

/// Measures texts, keeping the measures of those it measured lately: every
/// word of a line that may hold mojibake is measured, and the words of a
/// text recur. A value owns what it keeps; nothing is shared.
#[derive(Default)]
pub struct Measurer {
    /// The measures kept.
    measured: Kept<Measure>,
    /// The facts of the text being measured (kept, to save an allocation a
    /// text).
    facts: Vec<Facts>,
}

impl Measurer {
    /// How implausible `text` is on its own, and its letters' scripts (see
    /// the module's rules).
    pub fn measure(&mut self, text: &str) -> Measure {
        let Measurer { measured, facts } = self;
        measured.with(
            text,
            |text| {
                facts.clear();
                facts.extend(text.chars().map(self::facts));
                measure_facts(facts)
            },
            |measure| *measure,
        )
    }

    /// How implausible `text` is beside `context` (see the module's rules).
    pub fn badness(&mut self, text: &str, context: &Context) -> u32 {
        self.measure(text).against(context)
    }
}

/// [`measure`] of the text whose chars' facts are `facts`.
fn measure_facts(facts: &[Facts]) -> Measure {
    let mut cost = 0;
    let mut scripts = ScriptSet::default();
    // The alphabets that hold every letter of the word so far: letters of
    // one word that no one language writes together (ı with ź) are a sign
    // of the wrong code page.
    let mut holding: Option<u64> = None;
    // The letter before, over any marks on it.
    let mut letter_before: Option<Facts> = None;
    for (i, f) in facts.iter().enumerate() {
        cost += u32::from(f.own_cost);
        if let Some(bits) = f.alphabets {
            holding = Some(holding.unwrap_or(u64::MAX) & bits);
        }
        let before = i.checked_sub(1).map(|j| facts[j]);
        let after = facts.get(i + 1);
        match f.kind {
            Kind::Letter => {
                if let Some(b) = letter_before {
                    if b.lower
                        && f.upper
                        && !(b.c.is_ascii() && f.c.is_ascii())
                        && !is_ohm(facts, i)
                    {
                        cost += costs::CAPITAL_AFTER_SMALL;
                    }
                    if f.upper
                        && !f.c.is_ascii()
                        && after.is_some_and(|a| a.kind == Kind::Letter && a.lower)
                    {
                        cost += costs::CAPITAL_INSIDE_WORD;
                    }
                    if is_specific(b.script)
                        && is_specific(f.script)
                        && b.script != f.script
                        && !is_lone_greek(facts, i)
                        && !(i > 0 && is_lone_greek(facts, i - 1))
                    {
                        cost += costs::MIXED_SCRIPTS;
                    }
                }
                // No language writes œ after a letter beyond ASCII ("Ãœ",
                // "âœ"): French puts it after c, s, n, v, b, m, f.
                if matches!(f.c, 'œ' | 'Œ') && letter_before.is_some_and(|b| !b.c.is_ascii()) {
                    cost += costs::OE_AFTER_ACCENTED;
                }
                if is_specific(f.script) && !is_lone_greek(facts, i) {
                    scripts.add(f.script.into());
                }
            }
            Kind::Mark => {
                let on = before.map(|b| (b.kind, b.script));
                cost += match on {
                    None | Some((Kind::Space, _)) => costs::STRAY_MARK,
                    // A mark on a symbol, other than the marks made for
                    // symbols: box art read as IBM866 ("░▌░░▐░" is
                    // "░ݰ░" and a Thaana sukun).
                    Some((Kind::Symbol, _)) if !is_mark_for_symbols(f.c) => costs::STRAY_MARK,
                    Some((Kind::Letter, script)) if is_specific(f.script) && script != f.script => {
                        costs::FOREIGN_MARK
                    }
                    // The marks of Latin, Greek and Cyrillic (U+0300–036F)
                    // on a letter of another script ("ա\u{36b}").
                    Some((Kind::Letter, script))
                        if ('\u{300}'..='\u{36F}').contains(&f.c)
                            && is_specific(script)
                            && !matches!(
                                script,
                                Script::Latin | Script::Greek | Script::Cyrillic
                            ) =>
                    {
                        costs::FOREIGN_MARK
                    }
                    // An accent on a Latin, Greek or Cyrillic letter that
                    // no precomposed letter has (c̩, a̶).
                    Some((Kind::Letter, Script::Latin | Script::Greek | Script::Cyrillic))
                        if before
                            .is_some_and(|b| !compose(b.c, f.c).is_some_and(is_common_letter)) =>
                    {
                        costs::UNCOMPOSED_MARK
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
                cost += costs::FOREIGN_DIGIT;
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
                cost += costs::ALTERNATING_SYMBOL;
            }
            Kind::Space => {
                if f.c == '\u{A0}' {
                    let capital_before = letter_before.is_some_and(|b| b.upper && !b.c.is_ascii())
                        && !(i > 0 && is_ohm(facts, i - 1));
                    if capital_before && after.is_some_and(|a| a.kind == Kind::Letter && a.lower) {
                        cost += costs::NO_BREAK_SPACE_INSIDE_WORD;
                    }
                    // A capital beyond ASCII alone, then a no-break space
                    // before a plain space or the end ("ART TRIP Ã
                    // l'office"): a no-break space stands for a space, not
                    // beside one, and no language writes such a letter alone.
                    // (The char before the capital, if any: a text may
                    // start with the no-break space.)
                    let alone = i
                        .checked_sub(2)
                        .is_none_or(|j| facts[j].kind == Kind::Space);
                    if capital_before && alone && after.is_none_or(|a| a.kind == Kind::Space) {
                        cost += costs::NO_BREAK_SPACE_AFTER_LONE_CAPITAL;
                    }
                }
                if holding.take() == Some(0) {
                    cost += costs::NO_ONE_ALPHABET;
                }
            }
            Kind::Symbol if !f.c.is_ascii() && f.c != '\u{FFFD}' && letter_before.is_some() => {
                // Symbols between two letters, counted once a run.
                let run_end = facts[i..]
                    .iter()
                    .position(|g| g.kind != Kind::Symbol)
                    .map(|n| i + n);
                let ends_in_letter = run_end.is_some_and(|j| facts[j].kind == Kind::Letter);
                // Symbols beyond ASCII piled onto the end of a word, not
                // all of them punctuation ("Zam√≤", "hatikuâ™«~"):
                // typography puts one there, or stacks punctuation
                // ("اليوم؟…"). (Those that cost on their own already
                // count: "lá´´".)
                let run = &facts[i..run_end.unwrap_or(facts.len())];
                let plain = |g: &&Facts| !g.c.is_ascii() && g.own_cost == 0;
                let piled = run.iter().filter(plain).count() >= 2
                    && run.iter().filter(plain).any(|g| !g.punctuation)
                    && run_end.is_none_or(|j| facts[j].kind == Kind::Space);
                if ends_in_letter || piled {
                    cost += costs::SYMBOLS_IN_WORD;
                }
                // Spanish opens a question or an exclamation with these,
                // and a pilcrow opens a paragraph: they follow a space or
                // punctuation, never a letter ("ï¿½", "Ì¶6").
                if matches!(f.c, '¿' | '¡' | '¶') {
                    cost += costs::OPENER_AFTER_LETTER;
                }
                // The euro sign goes before or after a number, never
                // straight after a letter ("â€œ", "Ã€").
                if f.c == '€' {
                    cost += costs::EURO_AFTER_LETTER;
                }
                // A brand's ™ follows its last letter, not Ã or Â: those
                // are UTF-8's lead bytes C3 and C2 as windows-1252 shows
                // them ("OÃ™": Ù is C3 99, and 99 is windows-1252's ™);
                // a Nordic brand may end in Å ("AHÅ™").
                if f.c == '™' && letter_before.is_some_and(|b| matches!(b.c, 'Ã' | 'Â')) {
                    cost += costs::TRADEMARK_AFTER_LEAD_BYTE;
                }
            }
            _ => {}
        }
        // A script's own punctuation (Armenian ։, Samaritan ࠻) goes with
        // its letters: beside a letter of another script it costs as
        // letters of two scripts, and a line without its letters finds the
        // script foreign ("là »", its space taken for a lost no-break
        // space, would be "l࠻", E0 A0 BB; "à °C" would be "࠰C"). (Not its
        // symbols: the braille blank is a spacer in any text.)
        if f.kind == Kind::Symbol && f.punctuation && is_specific(f.script) {
            scripts.add(f.script.into());
            let foreign =
                |g: &Facts| g.kind == Kind::Letter && is_specific(g.script) && g.script != f.script;
            if before.is_some_and(|b| foreign(&b)) || after.is_some_and(foreign) {
                cost += costs::MIXED_SCRIPTS;
            }
        }
        match f.kind {
            Kind::Letter => letter_before = Some(*f),
            Kind::Mark => {}
            _ => letter_before = None,
        }
    }
    if holding == Some(0) {
        cost += costs::NO_ONE_ALPHABET;
    }
    Measure {
        alone: cost,
        scripts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(text: &str) -> u32 {
        Measurer::default().badness(text, &Context::default())
    }

    /// Asserts what [`plain_script`] promises of `word`, if it is plain.
    fn assert_plain_word_costs_little(word: &str) {
        let Some((script, letters)) = plain_script(word) else {
            return;
        };
        let measure = Measurer::default().measure(word);
        assert!(measure.alone <= 2, "{word:?} costs {}", measure.alone);
        let mut only = ScriptSet::default();
        only.add(script);
        assert!(
            measure.scripts.count_outside(only) == 0,
            "{word:?}: {:?}",
            measure.scripts
        );
        let alphabetic = word.chars().filter(|c| c.is_alphabetic()).count();
        assert_eq!(letters, alphabetic, "{word:?}");
    }

    #[test]
    fn a_plain_word_costs_at_most_two_and_only_for_its_script() {
        // Every pair and many triples of chars from a mix of letters of
        // both cases and many scripts, letters that cost alone, marks,
        // digits, symbols and punctuation.
        let pool: Vec<char> =
            "aZzéÉœſĔıźАяЁёΑαάΆ日はア한אبक\u{93F}აก1,.-'?()«»…€×°²¿√\u{301}\u{A0}"
                .chars()
                .collect();
        let mut plain = 0;
        for &a in &pool {
            for &b in &pool {
                assert_plain_word_costs_little(&format!("{a}{b}"));
                for &c in &pool {
                    let word = format!("{a}{b}{c}");
                    plain += usize::from(plain_script(&word).is_some());
                    assert_plain_word_costs_little(&word);
                }
            }
        }
        assert!(plain > 1000, "{plain} plain words");
        for word in [
            "Съешь",
            "ЕЩЁ",
            "булок,",
            "(église)",
            "l'humanité",
            "ψυχοφθόρα",
        ] {
            assert!(plain_script(word).is_some(), "{word}");
            assert_plain_word_costs_little(word);
        }
        for word in [
            "cafÃ©",
            "BĂźrger",
            "Ð¿Ñ",
            "Ã©t",
            "œuvre",
            "пРивет",
            "ПРивет",
        ] {
            assert!(plain_script(word).is_none(), "{word}");
        }
    }

    #[test]
    fn words_joined_by_apostrophes_are_plain_and_cost_little() {
        for word in [
            "l’étonnement",
            "Türkiye’nin",
            "dell’anno",
            "qu’à",
            "«l’église»,",
        ] {
            assert!(is_plain(word), "{word}");
            let measure = Measurer::default().measure(word);
            assert!(measure.alone <= 2, "{word:?} costs {}", measure.alone);
        }
        // Not after a char beyond ASCII or at the start, as macintosh
        // shows Armenian (’ is its D5); not two scripts; not before
        // anything but a letter.
        for word in ["’é’ñ", "é’ñ", "Ã’s", "l’мир", "l’’a", "l’1"] {
            assert!(!is_plain(word), "{word}");
        }
    }

    #[test]
    fn markup_and_code_around_a_word_are_left_out() {
        for word in [
            "<p>том</p>",
            "title=\"так\"",
            "print(\"той\",",
            "label=той",
            "<b>«том»</b>",
            // Between words of a CSV row, and with an entity after it.
            "zurückgeben.\",\"ці",
            "(\"той\")&nbsp;»</p>",
        ] {
            assert!(is_plain(word), "{word}");
        }
        // What stands between the markup and the word still counts: a
        // garbled word stays garbled in quotes.
        for word in ["title=\"Ñ‚Ð¾Ð¼\"", "<p>cafÃ©</p>", "x=Ã©t"] {
            assert!(!is_plain(word), "{word}");
        }
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
            "Nestlé™",
            "İstanbul",
            // A no-break space first, alone, or after a letter alone.
            "\u{a0}",
            "\u{a0}x",
            "x\u{a0}",
            // Punctuation stacks at a word's end.
            "اليوم؟…",
            "vraiment?»",
            // A Greek letter inside a Latin name, as science writes them.
            "IL2RγcKO",
            "TNFα",
            "√π",
            "♥\u{fe0f}",
            "1\u{fe0f}\u{20e3}",
            "$\u{336}6\u{336}",
            "¿Qué?",
            "cœur",
            "Œuvre",
            "5€",
            "€5",
            "¡Hola!",
            "¶ 5",
        ] {
            assert_eq!(bad(text), 0, "{text}");
        }
        for text in [
            "cafÃ©",
            "OÃ™",
            "Ð¿Ñ€Ð¸",
            "РїСЂРё",
            "BĂźrger",
            "п©я─п╦",
            "frÃ¨res",
            // Symbols piled onto a word's end.
            "Zam√≤",
            "hatikuâ™«~",
            // An opening question mark after a letter.
            "ï¿½",
            "$Ì¶6Ì¶3Ì¶",
            // The euro sign after a letter, œ after a letter beyond ASCII.
            "Ãœber",
            "âœ”",
            // Greek letters that are more than one among Latin ones, or
            // beside a Latin letter beyond ASCII.
            "caféαβ",
            "αñöαñ░",
            "thα»§",
            // A Latin mark on an Armenian letter.
            "ա\u{36b}են",
        ] {
            assert!(bad(text) >= 3, "{text}: {}", bad(text));
        }
    }
}
