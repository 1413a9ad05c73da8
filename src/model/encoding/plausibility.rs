//! How plausibly a reading of some bytes is human writing: what decides
//! between the code pages a detector proposes. Every char's facts (is it a
//! letter, its case, its script, the alphabets holding it) are looked up
//! once per distinct char, as a reading in a code page has few.

use std::sync::{LazyLock, OnceLock};

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_script::{Script, UnicodeScript};

use super::Encoding;
use super::alphabets::alphabets_of;
use super::detect::decode_lossy;

/// How plausible `text` reads as human writing, per non-ASCII character:
/// letters inside words of the text's main script score, letters of other
/// scripts, symbols inside words, case flipping inside a word, controls and
/// undefined bytes cost. (Typography such as « » – … ° is neutral.)
pub fn plausibility(text: &str) -> f64 {
    judge(text).score
}

/// What makes a reading less like writing, worst first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Flaw {
    /// A byte the encoding leaves undefined (read as U+FFFD).
    Undefined,
    /// A control char that text does not hold.
    Control,
    /// A combining mark with no letter to sit on (a capital of KOI8 read
    /// as windows-1256 is an Arabic vowel sign at a word's start).
    StrayMark,
    /// One char three times running (ÿÿÿ).
    Repeated,
    /// Letters of two scripts in one word.
    MixedScripts,
    /// A symbol inside a word.
    SymbolInWord,
    /// A capital after a small letter inside a word.
    CaseFlip,
    /// A letter of another script than the text's.
    OtherScript,
}

impl Flaw {
    /// What the flaw is, as `--explain` says it.
    pub fn describe(self) -> &'static str {
        match self {
            Flaw::Undefined => "a byte it leaves undefined",
            Flaw::Control => "a control character",
            Flaw::StrayMark => "a combining mark on no letter",
            Flaw::Repeated => "one character three times running",
            Flaw::MixedScripts => "letters of two scripts in one word",
            Flaw::SymbolInWord => "a symbol inside a word",
            Flaw::CaseFlip => "a capital inside a word",
            Flaw::OtherScript => "a letter of another script",
        }
    }
}

/// A reading judged as writing: [`plausibility`] and the facts behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgment {
    /// The plausibility.
    pub score: f64,
    /// Whether the letters beyond ASCII fit one language's alphabet
    /// ([`super::alphabets::fits_one_alphabet`]); `None` without such
    /// letters in the checked scripts.
    pub fits: Option<bool>,
    /// The alphabets holding every letter (bits by index; 0 when none).
    pub alphabets: u64,
    /// Letters beyond ASCII.
    pub letters: usize,
    /// Of them, those inside words of three letters or more.
    pub in_words: usize,
    /// The script most letters are in.
    pub script: Script,
    /// The worst flaw and the char index of its first instance.
    pub flaw: Option<(Flaw, usize)>,
    /// The char index of the letter after which no one alphabet holds
    /// all the letters so far.
    pub misfit: Option<usize>,
}

/// Judges `text` as writing, in one pass: [`plausibility`], the alphabet
/// its letters fit, and what counts against it.
pub fn judge(text: &str) -> Judgment {
    judge_with(text, &mut FactsCache::new())
}

/// [`judge`], looking chars up in `cache` (one cache serves all the
/// readings of the same bytes, which share most of their chars).
pub fn judge_with(text: &str, cache: &mut FactsCache) -> Judgment {
    // (Into buffers the cache keeps: a detection judges a dozen readings.)
    let FactsCache {
        known,
        common,
        chars,
        facts,
        notable,
    } = cache;
    chars.clear();
    facts.clear();
    // (A text has at most as many chars as bytes.)
    chars.reserve(text.len());
    facts.reserve(text.len());
    for c in text.chars() {
        chars.push(c);
        facts.push(facts_of(c, common, known));
    }
    judge_chars(chars, facts, notable)
}

/// [`judge_with`] of `bytes` as the single-byte `encoding` reads them
/// ([`super::detect::decode_lossy`]), from a table of what each byte reads
/// as and its facts; `None` if `encoding` is not single-byte.
pub fn judge_single_byte(
    encoding: Encoding,
    bytes: &[u8],
    cache: &mut FactsCache,
) -> Option<Judgment> {
    let table = byte_facts(encoding)?;
    let FactsCache {
        chars,
        facts,
        notable,
        ..
    } = cache;
    chars.clear();
    facts.clear();
    // (Each buffer filled by a loop of its own: one loop over the pairs,
    // shared with `judge_with`, made detection 1.4% slower.)
    chars.extend(bytes.iter().map(|&b| table[usize::from(b)].0));
    facts.extend(bytes.iter().map(|&b| table[usize::from(b)].1));
    Some(judge_chars(chars, facts, notable))
}

/// What each byte of a single-byte encoding reads as, and its facts.
type ByteFacts = [(char, Facts); 256];

/// The [`ByteFacts`] of `encoding`, worked out on first use; `None` if it
/// is not single-byte.
fn byte_facts(encoding: Encoding) -> Option<&'static ByteFacts> {
    static TABLES: LazyLock<Vec<(Encoding, OnceLock<Box<ByteFacts>>)>> = LazyLock::new(|| {
        (Encoding::all().into_iter())
            .filter(|e| e.codec().max_unit_len() == 1 && !e.codec().is_stateful())
            .map(|e| (e, OnceLock::new()))
            .collect()
    });
    let (_, table) = TABLES.iter().find(|(e, _)| *e == encoding)?;
    Some(table.get_or_init(|| {
        let mut known = [None; 256];
        Box::new(std::array::from_fn(|byte| {
            // (One byte reads as one char in such an encoding.)
            let c = decode_lossy(encoding, &[byte as u8])
                .chars()
                .next()
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            (c, facts_of(c, &COMMON_FACTS, &mut known))
        }))
    }))
}

/// [`judge_with`] of the text whose chars are `chars`, with their `facts`
/// (`notable` a buffer to reuse).
fn judge_chars(chars: &[char], facts: &[Facts], notable: &mut Vec<usize>) -> Judgment {
    // Where the chars beyond ASCII and the ASCII controls are (the ones
    // judged), and the count of ASCII letters: one pass without branches,
    // as the two alternate unpredictably in most text ("café").
    notable.clear();
    notable.resize(chars.len(), 0);
    let (mut found, mut ascii_letters) = (0, 0);
    for (i, &c) in chars.iter().enumerate() {
        notable[found] = i;
        found += usize::from(!c.is_ascii() || c.is_ascii_control());
        ascii_letters += usize::from(c.is_ascii_alphabetic());
    }
    notable.truncate(found);
    let notable: &[usize] = notable;
    // The count of letters per script and where the first is, and the
    // alphabets holding every letter.
    let mut counts: Vec<(Script, usize, usize)> = Vec::new();
    if ascii_letters > 0 {
        let first = chars.iter().position(char::is_ascii_alphabetic);
        counts.push((Script::Latin, ascii_letters, first.unwrap_or(0)));
    }
    let mut holding: Option<u64> = None;
    let mut misfit = None;
    for &i in notable {
        let fact = &facts[i];
        if !fact.alphabetic {
            continue;
        }
        match counts.iter_mut().find(|(s, _, _)| *s == fact.family) {
            Some((_, n, first)) => {
                *n += 1;
                *first = (*first).min(i);
            }
            None => counts.push((fact.family, 1, i)),
        }
        if let Some(bits) = fact.alphabets() {
            let bits = if out_of_place(chars, i) { 0 } else { bits };
            let now = holding.map_or(bits, |h| h & bits);
            if now == 0 && holding != Some(0) {
                misfit = Some(i);
            }
            holding = Some(now);
        }
    }
    // The script most letters are in; of scripts with as many, the one
    // whose first letter comes last.
    let main_script = counts
        .into_iter()
        .max_by_key(|&(_, n, first)| (n, first))
        .map_or(Script::Latin, |(s, _, _)| s);
    let fits = holding.map(|bits| bits != 0);
    let neutral = |s: Script| matches!(s, Script::Common | Script::Inherited);
    // (Whole numbers: summed exactly in any order.)
    let mut score: i64 = 0;
    let mut counted = 0usize;
    let (mut letters, mut in_words) = (0, 0);
    let mut flaw: Option<(Flaw, usize)> = None;
    let mut flawed = |kind: Flaw, at: usize| {
        if flaw.is_none_or(|(worst, _)| kind < worst) {
            flaw = Some((kind, at));
        }
    };
    let len = chars.len();
    // (An index before the first char wraps past the last: no char.)
    let letter_at = |j: usize| j < len && facts[j].alphabetic;
    let char_at = |j: usize| (j < len).then(|| chars[j]);
    for &i in notable {
        let (c, fact) = (chars[i], &facts[i]);
        if c.is_ascii() {
            if c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0C') {
                counted += 1;
                score -= 6;
                flawed(Flaw::Control, i);
            }
            continue;
        }
        // CJK writing sets its punctuation between letters, with no space
        // ("思います。次に"): beside CJK letters it counts no more than
        // ASCII punctuation does.
        if fact.standing == Standing::CjkPunctuation && beside_cjk_letters_only(facts, i) {
            continue;
        }
        counted += 1;
        let before = (i > 0).then(|| &facts[i - 1]);
        let after = facts.get(i + 1);
        let letter_before = letter_at(i.wrapping_sub(1));
        let letter_after = letter_at(i + 1);
        // Inside a word of three letters or more (or a symbol touching one).
        let in_word = if fact.alphabetic {
            (letter_before && (letter_after || letter_at(i.wrapping_sub(2))))
                || (letter_after && letter_at(i + 2))
        } else {
            letter_before || letter_after
        };
        // Part of a run of three or more of the same character.
        // (Box drawing and block elements run on: DOS files draw frames
        // with them, "╔══════╗".)
        let drawing = ('\u{2500}'..='\u{259F}').contains(&c);
        let tripled = !drawing && {
            let same_before = char_at(i.wrapping_sub(1)) == Some(c);
            let same_after = char_at(i + 1) == Some(c);
            (same_before && (same_after || char_at(i.wrapping_sub(2)) == Some(c)))
                || (same_after && char_at(i + 2) == Some(c))
        };
        score += if c == char::REPLACEMENT_CHARACTER {
            flawed(Flaw::Undefined, i);
            -6
        } else if tripled {
            // No language writes one letter three times running (ÿÿÿ).
            flawed(Flaw::Repeated, i);
            -6
        } else if fact.standing == Standing::NonspacingMark
            && !before.is_some_and(|b| b.alphabetic || b.standing == Standing::NonspacingMark)
        {
            // A mark sits on the letter before it (or on the marks on it).
            flawed(Flaw::StrayMark, i);
            -6
        } else if fact.alphabetic {
            letters += 1;
            let script = fact.family;
            let of_another_script =
                |n: &Facts| n.alphabetic && !neutral(n.script) && n.family != script;
            let mixed_word = !neutral(script)
                && (before.is_some_and(of_another_script) || after.is_some_and(of_another_script));
            // A capital after a small letter; or one beyond ASCII between a
            // capital and a small letter ("DÇcembre": no word is cased so,
            // and "IDs" is ASCII).
            let case_flip = fact.upper
                && (before.is_some_and(|b| b.alphabetic && b.lower)
                    || (before.is_some_and(|b| b.alphabetic && b.upper)
                        && after.is_some_and(|a| a.alphabetic && a.lower)));
            // A mark of another script on a letter of an alphabet (an
            // Arabic kasra, which counts as a letter, on the o of "Köln"
            // read as windows-1256).
            let foreign_mark = fact.script == Script::Inherited
                && !is_latin_mark(c)
                && before.is_some_and(|b| b.alphabetic && is_cased_script(b.family));
            if mixed_word || foreign_mark {
                flawed(Flaw::MixedScripts, i);
                -3
            } else if script != main_script && !neutral(script) {
                flawed(Flaw::OtherScript, i);
                -1
            } else if case_flip {
                flawed(Flaw::CaseFlip, i);
                -1
            } else if in_word {
                in_words += 1;
                2
            } else {
                1
            }
        } else if c == '\u{2019}' && letter_before && letter_after {
            // An apostrophe between letters (d’abord, it’s).
            1
        } else {
            match fact.standing {
                Standing::Control => {
                    flawed(Flaw::Control, i);
                    -6
                }
                Standing::Format => {
                    flawed(Flaw::Control, i);
                    -4
                }
                Standing::NonspacingMark => 0,
                _ if in_word => {
                    flawed(Flaw::SymbolInWord, i);
                    -2
                }
                _ => 0,
            }
        };
    }
    let score = score as f64;
    let judgment = |score| Judgment {
        score,
        fits,
        alphabets: holding.unwrap_or(0),
        letters,
        in_words,
        script: main_script,
        flaw,
        misfit,
    };
    if counted == 0 {
        return judgment(0.0);
    }
    // Letters that no one language writes together say "wrong code page".
    let alphabet = match fits {
        Some(true) => 1.0,
        Some(false) => -1.0,
        None => 0.0,
    };
    judgment(score / counted as f64 + alphabet)
}

/// Whether every letter that the char at `i` touches is of the CJK
/// family (ideographs, kana, Hangul), and it touches one, or CJK
/// punctuation (a run of it: "（５００円）").
fn beside_cjk_letters_only(facts: &[Facts], i: usize) -> bool {
    let neighbours =
        || (([i.checked_sub(1), Some(i + 1)].into_iter()).flatten()).filter_map(|j| facts.get(j));
    let letters = || neighbours().filter(|f| f.alphabetic);
    let touches_cjk = neighbours().any(|f| {
        (f.alphabetic && f.family == Script::Han) || f.standing == Standing::CjkPunctuation
    });
    touches_cjk && letters().all(|f| f.family == Script::Han)
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
    /// The alphabets holding it ([`alphabets_of`]), if it is a letter of
    /// the checked scripts (kept apart from `alphabets`: the facts of a
    /// char fit in 16 bytes so).
    checked: bool,
    alphabets: u64,
    /// What its general category says of it.
    standing: Standing,
}

/// What a char's general category says of it to [`judge`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// A control or private use: text does not hold it.
    Control,
    /// A format char, or unassigned.
    Format,
    /// A mark that combines with the char before it.
    NonspacingMark,
    /// Punctuation, a symbol or a space that only CJK text holds ("。",
    /// "、", "「", full-width forms).
    CjkPunctuation,
    /// Anything else: letters, digits, punctuation, symbols, spaces.
    Other,
}

impl Standing {
    fn of(c: char) -> Standing {
        match get_general_category(c) {
            GeneralCategory::Control | GeneralCategory::PrivateUse => Standing::Control,
            GeneralCategory::Format | GeneralCategory::Unassigned => Standing::Format,
            GeneralCategory::NonspacingMark => Standing::NonspacingMark,
            _ if is_cjk(c) && !c.is_alphabetic() => Standing::CjkPunctuation,
            _ => Standing::Other,
        }
    }
}

impl Facts {
    /// The alphabets holding it, if it is a letter of the checked scripts.
    fn alphabets(&self) -> Option<u64> {
        self.checked.then_some(self.alphabets)
    }

    fn of(c: char) -> Facts {
        // The bulk of CJK text, known without a table search: caseless
        // letters of no checked alphabet.
        if let Some(script) = cjk_letter_script(c) {
            return Facts {
                alphabetic: true,
                upper: false,
                lower: false,
                script,
                family: Script::Han,
                checked: false,
                alphabets: 0,
                standing: Standing::Other,
            };
        }
        let script = if c.is_ascii() {
            ascii_script(c)
        } else {
            c.script()
        };
        let alphabets = alphabets_of(c);
        Facts {
            alphabetic: c.is_alphabetic(),
            upper: c.is_uppercase(),
            lower: c.is_lowercase(),
            script,
            family: family(script),
            checked: alphabets.is_some(),
            alphabets: alphabets.unwrap_or(0),
            standing: Standing::of(c),
        }
    }
}

/// Whether letters of `script` take the combining marks of
/// [`is_latin_mark`] (Latin, Greek, Cyrillic).
fn is_cased_script(script: Script) -> bool {
    matches!(script, Script::Latin | Script::Greek | Script::Cyrillic)
}

/// Whether `c` is one of the combining marks that Latin, Greek and
/// Cyrillic letters take (Vietnamese tone marks in windows-1258 among
/// them).
fn is_latin_mark(c: char) -> bool {
    matches!(
        c,
        '\u{300}'..='\u{36F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}'
    )
}

/// The facts of each ASCII char, known without a table search.
const ASCII_FACTS: [Facts; 128] = {
    let mut facts = [Facts {
        alphabetic: false,
        upper: false,
        lower: false,
        script: Script::Common,
        family: Script::Common,
        checked: false,
        alphabets: 0,
        standing: Standing::Other,
    }; 128];
    let mut c = 0;
    while c < 128 {
        let byte = c as u8;
        if byte.is_ascii_control() {
            facts[c].standing = Standing::Control;
        }
        if byte.is_ascii_alphabetic() {
            facts[c] = Facts {
                alphabetic: true,
                upper: byte.is_ascii_uppercase(),
                lower: byte.is_ascii_lowercase(),
                script: Script::Latin,
                family: Script::Latin,
                checked: false,
                alphabets: 0,
                standing: Standing::Other,
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

/// Whether `chars[i]` is a letter where no language that writes it puts
/// it: ě, which only Czech writes and only after b, d, f, m, n, p, t or v
/// (Lithuanian ė in ISO-8859-4 is ě in ISO-8859-2: "gegužěs"), or đ before
/// a consonant, which Croatian and Vietnamese write only before a vowel or
/// at a word's end (Lithuanian š in ISO-8859-13 is đ in windows-1250:
/// "Đeđtadienis"), or ð or ğ starting a word, as no Icelandic, Faroese
/// or Turkish word does (the same bytes in windows-1252: "Ðeðtadienis", in
/// windows-1254: "Ğeğtadienis"), or ç ending a word after a consonant
/// other than l, n or r. No alphabet holds such a letter there.
fn out_of_place(chars: &[char], i: usize) -> bool {
    match chars[i] {
        'ð' | 'Ð' | 'ğ' | 'Ğ' => i.checked_sub(1).is_none_or(|j| !chars[j].is_alphabetic()),
        'ě' | 'Ě' => i
            .checked_sub(1)
            .is_some_and(|j| chars[j].is_alphabetic() && !"bdfmnptvBDFMNPTV".contains(chars[j])),
        // A word ends in ç after a vowel, l, n or r ("feliç", "dolç",
        // "genç", "març"), in Catalan and Turkish alone: macintosh's ç is
        // IBM850's ì, and Italian "lunedì" read so is "lunedç".
        'ç' | 'Ç' => {
            chars.get(i + 1).is_none_or(|next| !next.is_alphabetic())
                && i.checked_sub(1).is_some_and(|j| {
                    let before = chars[j].to_lowercase().next().unwrap_or(chars[j]);
                    before.is_alphabetic()
                        && !"aeiouylnr".contains(before)
                        && !is_vowel_with_marks(before)
                })
        }
        'đ' | 'Đ' => chars.get(i + 1).is_some_and(|&next| {
            next.is_alphabetic() && !"aeiouyAEIOUY".contains(next) && {
                let base = next.to_lowercase().next().unwrap_or(next);
                // Accented vowels are vowels too (Vietnamese "đầu").
                !is_vowel_with_marks(base)
            }
        }),
        _ => false,
    }
}

/// Whether `c` is a Latin vowel with diacritics (à, ê, ư, ơ, …).
fn is_vowel_with_marks(c: char) -> bool {
    use unicode_normalization::UnicodeNormalization;
    std::iter::once(c)
        .nfd()
        .next()
        .is_some_and(|base| "aeiouy".contains(base))
        || matches!(c, 'ư' | 'ơ')
}

/// The blocks whose chars single-byte code pages read bytes as: Latin to
/// Arabic, Thai, general punctuation to the box drawing of the DOS code
/// pages (macintosh's ≈ ≠ ◊ among them), its ligatures ﬁ ﬂ, and the
/// specials (U+FFFD, for a byte a code page leaves undefined). Their facts
/// are found once ([`COMMON_FACTS`]): detecting the encoding of many inputs
/// would otherwise find them again for each.
const COMMON_BLOCKS: [std::ops::Range<u32>; 5] = [
    0x80..0x700,
    0xE00..0xE80,
    0x2000..0x2600,
    0xFB00..0xFB08,
    0xFFF0..0x1_0000,
];

/// Where `c`'s facts are in [`COMMON_FACTS`], if it is in a common block.
fn common_index(c: char) -> Option<usize> {
    let code = c as u32;
    let mut before = 0;
    for block in &COMMON_BLOCKS {
        if block.contains(&code) {
            return Some((before + code - block.start) as usize);
        }
        before += block.end - block.start;
    }
    None
}

/// The facts of the chars of [`COMMON_BLOCKS`], in order.
static COMMON_FACTS: LazyLock<Vec<Facts>> = LazyLock::new(|| {
    (COMMON_BLOCKS.iter().cloned().flatten())
        .map(|code| char::from_u32(code).map_or(ASCII_FACTS[0], Facts::of))
        .collect()
});

/// The script of `c` if it is in the blocks that hold the bulk of CJK
/// text (unified ideographs but the last extensions, Hangul syllables,
/// kana), all letters (`Lo`) that writing counts as Han: known without a
/// table search (UTF-16 read in the wrong width or order reads as them
/// often too).
pub(crate) fn cjk_letter_script(c: char) -> Option<Script> {
    match c {
        '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' => Some(Script::Han),
        '\u{AC00}'..='\u{D7A3}' => Some(Script::Hangul),
        '\u{3041}'..='\u{3096}' => Some(Script::Hiragana),
        '\u{30A1}'..='\u{30FA}' => Some(Script::Katakana),
        _ => None,
    }
}

/// Whether `c` is an ideograph, a kana, a Hangul syllable or jamo, CJK
/// punctuation or a full- or half-width form: a char that only CJK text
/// holds.
pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{30FF}'
        | '\u{3130}'..='\u{318F}'
        | '\u{31F0}'..='\u{31FF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7AF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FF00}'..='\u{FFEF}'
        | '\u{20000}'..='\u{3FFFF}')
}

/// Whether `c` is alphabetic, and its script: from a table for ASCII and
/// the common blocks, from their ranges for CJK (most chars a detection
/// meets), else looked up.
pub(crate) fn letter_and_script(c: char) -> (bool, Script) {
    let facts = if c.is_ascii() {
        ASCII_FACTS[c as usize]
    } else if let Some(at) = common_index(c) {
        COMMON_FACTS[at]
    } else if let Some(script) = cjk_letter_script(c) {
        return (true, script);
    } else {
        return (c.is_alphabetic(), c.script());
    };
    (facts.alphabetic, facts.script)
}

/// The facts of the chars met, in a direct-mapped cache (a reading has
/// few distinct chars, each looked up once), and the buffers [`judge_with`]
/// judges a reading in.
pub struct FactsCache {
    /// Chars beyond the common blocks met lately, by their low bits.
    known: [Option<(char, Facts)>; 256],
    /// [`COMMON_FACTS`].
    common: &'static [Facts],
    chars: Vec<char>,
    facts: Vec<Facts>,
    notable: Vec<usize>,
}

impl Default for FactsCache {
    fn default() -> Self {
        FactsCache::new()
    }
}

impl FactsCache {
    /// An empty cache.
    pub fn new() -> FactsCache {
        FactsCache {
            known: [None; 256],
            common: &COMMON_FACTS,
            chars: Vec::new(),
            facts: Vec::new(),
            notable: Vec::new(),
        }
    }
}

/// The facts of `c`: of ASCII and of the `common` blocks from tables, of
/// other chars from `known` or worked out (and kept there).
#[inline]
fn facts_of(c: char, common: &[Facts], known: &mut [Option<(char, Facts)>; 256]) -> Facts {
    if c.is_ascii() {
        return ASCII_FACTS[c as usize];
    }
    if let Some(at) = common_index(c) {
        return common[at];
    }
    let slot = &mut known[c as usize % 256];
    match slot {
        Some((cached, facts)) if *cached == c => *facts,
        _ => {
            let facts = Facts::of(c);
            *slot = Some((c, facts));
            facts
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_hold_what_each_char_says_of_itself() {
        let same = |a: Facts, b: Facts| {
            (
                a.alphabetic,
                a.upper,
                a.lower,
                a.script,
                a.family,
                a.alphabets(),
                a.standing,
            ) == (
                b.alphabetic,
                b.upper,
                b.lower,
                b.script,
                b.family,
                b.alphabets(),
                b.standing,
            )
        };
        for c in '\0'..='\u{7F}' {
            let told = Facts {
                standing: Standing::of(c),
                ..Facts::of(c)
            };
            assert!(same(ASCII_FACTS[c as usize], told), "{c:?}");
        }
        for c in ['a', '1', 'é', 'Ж', '─', '€', '\u{FFFD}', '中', '\u{10400}'] {
            assert_eq!(letter_and_script(c), (c.is_alphabetic(), c.script()), "{c}");
        }
        for c in [
            '\u{4E00}', '\u{9FFF}', '\u{AC00}', '\u{D7A3}', 'ぁ', 'ゖ', 'ァ', 'ヺ',
        ] {
            assert_eq!(letter_and_script(c), (c.is_alphabetic(), c.script()), "{c}");
        }
        // A single-byte encoding's table judges its reading as its text.
        let bytes: Vec<u8> = (0..=255u8)
            .chain(*b"caf\xe9 na\xefve \xc0 bient\xf4t")
            .collect();
        let mut cache = FactsCache::new();
        for encoding in Encoding::all() {
            let Some(judged) = judge_single_byte(encoding, &bytes, &mut cache) else {
                continue;
            };
            let text = decode_lossy(encoding, &bytes);
            assert_eq!(judged, judge_with(&text, &mut cache), "{encoding}");
        }
        // A combining mark sits on a letter (or on the marks on one).
        let stray = |text: &str| {
            judge(text)
                .flaw
                .filter(|&(flaw, _)| flaw == Flaw::StrayMark)
        };
        assert_eq!(stray("\u{64E}قخر"), Some((Flaw::StrayMark, 0)));
        assert_eq!(stray("ab \u{301}cd"), Some((Flaw::StrayMark, 3)));
        for fine in ["كَتَبَ", "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", "שָׁלוֹם"] {
            assert_eq!(stray(fine), None, "{fine}");
        }
        // CJK punctuation between CJK letters is how CJK is written; a
        // symbol or stray punctuation inside a Latin word is a flaw.
        for fine in [
            "この本はとても面白いと思います。次に行きます。",
            "今天天气很好，我们去公园散步吧。",
            "「テスト」・ひらがな",
        ] {
            let judged = judge(fine);
            assert_eq!((judged.flaw, judged.score), (None, 2.0), "{fine}");
        }
        assert_eq!(
            judge("ve¾mi").flaw.map(|(flaw, _)| flaw),
            Some(Flaw::SymbolInWord)
        );
        assert!(judge("abc。def").flaw.is_some());
        // The quick blocks of Han, kana and Hangul.
        for c in ['一', '龥', '가', 'あ', 'ア'] {
            let quick = Facts::of(c);
            assert!(quick.alphabetic && quick.family == Script::Han);
            assert!(quick.standing == Standing::of(c), "{c}");
        }
    }
}
