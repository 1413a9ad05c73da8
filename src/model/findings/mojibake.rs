//! Mojibake: UTF-8 bytes that some program read as a legacy single-byte
//! encoding and wrote back as UTF-8 ("é" → "Ã©", "привет" → "РїСЂРёРІРµС‚").
//!
//! A word is mojibake through encoding E when encoding it with E gives bytes
//! that are valid UTF-8, with fewer characters, all of them common ones; the
//! same may be applied twice or three times (double and triple encoding).
//! Whole words must round-trip, which keeps real text from matching: in real
//! text a byte that would lead a UTF-8 sequence is almost never followed by
//! the right continuation bytes all the way through a word.

use std::sync::LazyLock;

use super::suspicious::next_suspicious;
use encoding_rs::{Encoding, IBM866, ISO_8859_2, KOI8_R, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252};
use unicode_script::{Script, UnicodeScript};

/// The legacy encodings tried, most common first. (WHATWG's windows-1252
/// also stands for Latin-1.)
pub const LEGACY: [&Encoding; 6] = [
    WINDOWS_1252,
    WINDOWS_1251,
    KOI8_R,
    WINDOWS_1250,
    ISO_8859_2,
    IBM866,
];

/// How many times an encoding may have been applied.
const MAX_DEPTH: usize = 3;

/// Neighbouring words join into one run up to about this many bytes, so a
/// long garbled line is reported as findings of a readable size (each with
/// its own repair), not as one finding the size of the line.
const MAX_RUN_BYTES: usize = 240;

/// A run of mojibake in a text and what it was meant to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mojibake {
    /// Byte range of the run in the text.
    pub range: std::ops::Range<usize>,
    /// The encoding it was read as.
    pub encoding: &'static Encoding,
    /// How many times (2 for double encoding).
    pub depth: usize,
    /// The repaired text.
    pub repair: String,
}

impl Mojibake {
    /// The chain in words: "UTF-8 read as windows-1252, twice".
    pub fn chain(&self) -> String {
        let times = match self.depth {
            1 => "",
            2 => ", twice",
            _ => ", three times",
        };
        format!("UTF-8 read as {}{times}", self.encoding.name())
    }
}

/// Undoes one round of `encoding`: the bytes `text` becomes in that encoding,
/// if they are valid UTF-8 and spell fewer characters.
fn undo_once(text: &str, encoding: &'static Encoding) -> Option<String> {
    let (bytes, _, unmappable) = encoding.encode(text);
    if unmappable {
        return None;
    }
    let undone = String::from_utf8(bytes.into_owned()).ok()?;
    (undone.chars().count() < text.chars().count()).then_some(undone)
}

/// Chars below this have their legacy byte looked up in a table; the
/// encodings map no char above it (U+25A0 BLACK SQUARE is the highest).
const TABLE_CHARS: usize = 0x2600;

/// For each char, the byte each legacy encoding encodes it to (0: none;
/// ASCII maps to itself): the quick test that keeps real text off the slow
/// path. One row per char, so a word is looked up for all encodings at once.
static LEGACY_BYTES: LazyLock<Vec<[u8; LEGACY.len()]>> = LazyLock::new(|| {
    let mut table = vec![[0u8; LEGACY.len()]; TABLE_CHARS];
    for byte in 0..0x80u8 {
        table[usize::from(byte)] = [byte; LEGACY.len()];
    }
    for (e, encoding) in LEGACY.iter().enumerate() {
        for byte in 0x80..=0xFFu8 {
            let single = [byte];
            let (decoded, _) = encoding.decode_without_bom_handling(&single);
            if let Some(c) = decoded.chars().next()
                && c != '\u{FFFD}'
                && (c as usize) < TABLE_CHARS
            {
                table[c as usize][e] = byte;
            }
        }
    }
    table
});

/// Whether `c` could come out of one round of repair through `LEGACY[e]`
/// on the way to a good one: a common character, or one that encoding has
/// (and so a further round could undo).
pub(super) fn plausible_through(c: char, e: usize) -> bool {
    is_common(c) || LEGACY_BYTES.get(c as usize).is_some_and(|row| row[e] != 0)
}

/// The legacy encodings (as bits, by their index in [`LEGACY`]) in which
/// `word` would be valid UTF-8 with at least one multi-byte sequence, each
/// spelling a [plausible](plausible_through) character: what one round of
/// repair needs. One pass, no allocation; most real words are ruled out for
/// every encoding by their first two non-ASCII letters.
fn undo_candidates(word: &str) -> u8 {
    const ALL: u8 = (1 << LEGACY.len()) - 1;
    let table = &*LEGACY_BYTES;
    let mut alive = ALL;
    // Per encoding: continuation bytes still due, and the value so far.
    let mut due = [0u8; LEGACY.len()];
    let mut value = [0u32; LEGACY.len()];
    let mut pending = 0u8;
    let mut multibyte = 0u8;
    for c in word.chars() {
        if c.is_ascii() {
            // ASCII cannot continue a sequence.
            alive &= !pending;
            if alive == 0 {
                return 0;
            }
            continue;
        }
        let Some(bytes) = table.get(c as usize) else {
            return 0;
        };
        for (e, &byte) in bytes.iter().enumerate() {
            let bit = 1 << e;
            if alive & bit == 0 {
                continue;
            }
            let (live, left, bits) = match (due[e], byte) {
                (_, 0) => (false, 0, 0),
                (0, 0xC2..=0xDF) => (true, 1, byte & 0x1F),
                (0, 0xE0..=0xEF) => (true, 2, byte & 0x0F),
                (0, 0xF0..=0xF4) => (true, 3, byte & 0x07),
                (0, _) => (false, 0, 0),
                (n, 0x80..=0xBF) => (true, n - 1, byte & 0x3F),
                (_, _) => (false, 0, 0),
            };
            if !live {
                alive &= !bit;
                continue;
            }
            if due[e] == 0 {
                multibyte |= bit;
                value[e] = u32::from(bits);
            } else {
                value[e] = value[e] << 6 | u32::from(bits);
            }
            due[e] = left;
            if left > 0 {
                pending |= bit;
                continue;
            }
            pending &= !bit;
            if !char::from_u32(value[e]).is_some_and(|c| plausible_through(c, e)) {
                alive &= !bit;
            }
        }
        if alive == 0 {
            return 0;
        }
    }
    alive & !pending & multibyte
}

/// The deepest repair of `word` through `encoding` that is plausible text.
/// (Intermediate steps may hold C1 controls: windows-1252 reads bytes like
/// 8D as U+008D, and double encoding passes them through.)
fn repair_with(word: &str, encoding: &'static Encoding) -> Option<(usize, String)> {
    let mut best = None;
    let mut current = word.to_string();
    for depth in 1..=MAX_DEPTH {
        let Some(undone) = undo_once(&current, encoding) else {
            break;
        };
        if undone.chars().all(is_common) {
            best = Some((depth, undone.clone()));
        }
        current = undone;
    }
    best
}

/// Finds the mojibake runs of `text`: words (split at ASCII whitespace) that
/// repair, with neighbouring words of the same chain joined into one run.
/// Each line is read as a whole: the encoding that repairs most of its words
/// is taken for all words it repairs, since one line was garbled one way.
pub fn find_mojibake(text: &str) -> Vec<Mojibake> {
    let mut runs: Vec<Mojibake> = Vec::new();
    let bytes = text.as_bytes();
    // Only where mojibake could start is a word read, and only the lines
    // with a word that could be undone are read word by word.
    let mut at = next_suspicious(bytes, 0);
    while at < bytes.len() {
        let word_start = bytes[..at]
            .iter()
            .rposition(u8::is_ascii_whitespace)
            .map_or(0, |space| space + 1);
        let word_end = bytes[at..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |space| at + space);
        if undo_candidates(&text[word_start..word_end]) == 0 {
            at = next_suspicious(bytes, word_end);
            continue;
        }
        let line_start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |lf| lf + 1);
        let line_end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |lf| at + lf + 1);
        find_in_line(text, line_start, line_end, &mut runs);
        at = next_suspicious(bytes, line_end);
    }
    runs
}

/// Adds the mojibake runs of `text[start..end]` (one line) to `runs`.
fn find_in_line(text: &str, start: usize, end: usize, runs: &mut Vec<Mojibake>) {
    let words: Vec<(usize, usize)> = words_in(&text[start..end])
        .map(|(a, b)| (start + a, start + b))
        .filter(|&(a, b)| !text[a..b].is_ascii())
        .collect();
    let candidates: Vec<u8> = words
        .iter()
        .map(|&(a, b)| undo_candidates(&text[a..b]))
        .collect();
    // Most lines that reach here still have no word that could round-trip.
    if candidates.iter().all(|&bits| bits == 0) {
        return;
    }
    let repairs: Vec<Vec<Option<(usize, String)>>> = LEGACY
        .iter()
        .enumerate()
        .map(|(e, &encoding)| {
            words
                .iter()
                .zip(&candidates)
                .map(|(&(a, b), &bits)| {
                    (bits & (1 << e) != 0)
                        .then(|| repair_with(&text[a..b], encoding))
                        .flatten()
                })
                .collect()
        })
        .collect();
    let line_choice = (0..LEGACY.len())
        .max_by_key(|&e| (repairs[e].iter().flatten().count(), std::cmp::Reverse(e)))
        .expect("there are legacy encodings");
    // Each word's repair: through the line's encoding if it can, else another.
    let chosen: Vec<((usize, usize), usize, usize, String)> = words
        .iter()
        .enumerate()
        .filter_map(|(w, &word)| {
            let mut order =
                std::iter::once(line_choice).chain((0..LEGACY.len()).filter(|&e| e != line_choice));
            order.find_map(|e| {
                let (depth, repair) = repairs[e][w].clone()?;
                Some((word, e, depth, repair))
            })
        })
        .collect();
    // A word that repairs yet reads like an ordinary word (Russian "её" is
    // "ţ" read as KOI8-R) counts only beside one of the same chain that
    // shows its garbling.
    let shown: Vec<(usize, usize)> = chosen
        .iter()
        .filter(|((a, b), ..)| looks_garbled(&text[*a..*b]))
        .map(|&(_, e, depth, _)| (e, depth))
        .collect();
    for ((a, b), e, depth, repair) in chosen {
        if !shown.contains(&(e, depth)) {
            continue;
        }
        let encoding = LEGACY[e];
        match runs.last_mut() {
            // Only whitespace between this word and the last run, on the
            // same line: join them. (A run never crosses a line feed, so
            // that runs do not depend on where a file is cut into blocks.)
            Some(last)
                if last.encoding == encoding
                    && last.depth == depth
                    && last.range.end <= a
                    && b - last.range.start <= MAX_RUN_BYTES
                    && text[last.range.end..a]
                        .bytes()
                        .all(|b| b.is_ascii_whitespace() && b != b'\n') =>
            {
                last.repair.push_str(&text[last.range.end..a]);
                last.repair.push_str(&repair);
                last.range.end = b;
            }
            _ => runs.push(Mojibake {
                range: a..b,
                encoding,
                depth,
                repair,
            }),
        }
    }
}

/// Whether a garbled word shows its garbling: a non-ASCII character that is
/// not a letter ("Ã©", "п╦"), a lowercase letter followed by a capital
/// ("vocÃª", "РїСЂ"), or a Latin capital with a diacritic followed by a
/// non-ASCII lowercase letter ("Ãœber"). Real words seldom do any of these.
fn looks_garbled(word: &str) -> bool {
    let symbol = word.chars().any(|c| !c.is_ascii() && !c.is_alphabetic());
    let pairs = word.chars().zip(word.chars().skip(1));
    symbol
        || pairs
            .clone()
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
        || pairs.into_iter().any(|(a, b)| {
            !a.is_ascii()
                && a.is_uppercase()
                && a.script() == Script::Latin
                && !b.is_ascii()
                && b.is_lowercase()
        })
}

/// Byte ranges of the words of `line`: runs between ASCII whitespace
/// (split on bytes: ASCII never occurs inside a multi-byte character).
fn words_in(line: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let base = line.as_ptr() as usize;
    line.as_bytes()
        .split(|b| b.is_ascii_whitespace())
        .filter(|word| !word.is_empty())
        .map(move |word| {
            let start = word.as_ptr() as usize - base;
            (start, start + word.len())
        })
}

/// Whether `c` is a character that real text commonly holds: ASCII, letters
/// of the common scripts, everyday punctuation, currency, symbols and emoji.
/// A "repair" into rare characters is a coincidence, not a repair.
fn is_common(c: char) -> bool {
    matches!(c,
        '\t' | '\n' | '\r' | ' '..='~'
        | '\u{00A0}'..='\u{00FF}'   // Latin-1 symbols and letters
        | '\u{0100}'..='\u{024F}'   // Latin Extended-A and -B
        | '\u{0386}'..='\u{03CE}'   // Greek
        | '\u{0400}'..='\u{045F}' | '\u{0490}'..='\u{04FF}' // Cyrillic
        | '\u{05D0}'..='\u{05EA}'   // Hebrew letters
        | '\u{0621}'..='\u{064A}'   // Arabic letters
        | '\u{1E00}'..='\u{1EFF}'   // Latin Extended Additional (Vietnamese)
        | '\u{1F00}'..='\u{1FFE}'   // Greek Extended (polytonic)
        | '\u{2010}'..='\u{2027}' | '\u{2030}'..='\u{205E}' // punctuation
        | '\u{20A0}'..='\u{20CF}'   // currency
        | '\u{2100}'..='\u{214F}' | '\u{2190}'..='\u{23FF}' // letterlike, arrows, math
        | '\u{2500}'..='\u{27BF}'   // box drawing, shapes, dingbats
        | '\u{3000}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '\u{AC00}'..='\u{D7AF}' // CJK
        | '\u{FE0F}' | '\u{1F300}'..='\u{1FAFF}' // emoji
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repairs_the_classic_cases() {
        let found = find_mojibake("Le cafÃ© est prÃªt");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].repair, "café");
        assert_eq!(found[0].chain(), "UTF-8 read as windows-1252");
        let russian = find_mojibake("РїСЂРёРІРµС‚ РјРёСЂ");
        assert_eq!(russian.len(), 1, "neighbouring words join: {russian:?}");
        assert_eq!(russian[0].repair, "привет мир");
        assert_eq!(russian[0].chain(), "UTF-8 read as windows-1251");
        let koi = find_mojibake("п©я─п╦п╡п╣я┌");
        assert_eq!(koi[0].repair, "привет");
        assert_eq!(koi[0].chain(), "UTF-8 read as KOI8-R");
    }

    #[test]
    fn a_word_that_reads_as_a_real_word_counts_beside_a_garbled_one() {
        // "Рё" alone could be a name; beside "РїСЂРёРІРµС‚" it is "и".
        assert_eq!(find_mojibake("Рё"), vec![]);
        let line = find_mojibake("РїСЂРёРІРµС‚ Рё РјРёСЂ");
        assert_eq!(line.len(), 1, "{line:?}");
        assert_eq!(line[0].repair, "привет и мир");
        assert!(looks_garbled("vocÃª") && looks_garbled("Ãœber") && looks_garbled("п╦"));
        assert!(!looks_garbled("её") && !looks_garbled("Зі") && !looks_garbled("Рё"));
    }

    #[test]
    fn double_encoding_is_undone_twice() {
        let twice = find_mojibake("cafÃƒÂ©");
        assert_eq!(twice[0].repair, "café");
        assert_eq!(twice[0].depth, 2);
        assert_eq!(twice[0].chain(), "UTF-8 read as windows-1252, twice");
    }

    #[test]
    fn real_text_is_left_alone() {
        for text in [
            "São Paulo",
            "À bientôt",
            "Ärger über Öl",
            "x×² ≥ 0",
            "Він сказав",
            "€42 — “quoted”",
            "Я люблю её",
            "Зі мною",
        ] {
            assert_eq!(find_mojibake(text), vec![], "{text}");
        }
    }
}
