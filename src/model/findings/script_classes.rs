//! The quick search of the mixed-script test: where a character follows one
//! of another script class inside a word. A word that mixes scripts has two
//! letters of different scripts with only shared characters (digits, marks)
//! between, so some pair of neighbours differs in class; real text seldom
//! has such pairs, and the words around them get the full analysis.
//!
//! A character's class comes from its first two bytes (three for one block)
//! through lookup tables: on CPUs with AVX-512 VBMI, 64 bytes at a time by
//! byte permutes ([`vbmi`]); with AVX2, 32 bytes at a time by byte shuffles
//! ([`avx2`]); elsewhere a character at a time from the same tables.

use super::backend::Backend;
#[cfg(target_arch = "x86_64")]
use super::backend::{Avx2Token, VbmiToken};
use super::byte_masks::{BEFORE, ByteMasks, ChunkHits, ChunkWindow, PortableMasks, first_hit_by};
#[cfg(target_arch = "x86_64")]
use super::byte_masks::{avx2::Avx2, avx512::Avx512};
#[cfg(target_arch = "x86_64")]
use passing_over::ClassesPassingOver;

/// The bits of a class. Two neighbours go together when their classes share
/// a bit: Latin letters with shared characters, and each class with itself.
const SHARED_BIT: u8 = 0x01;
const LATIN_BIT: u8 = 0x02;

/// Digits, combining marks, modifier letters, letter-like and other symbols
/// of no script (or Latin) that go inside words.
pub const SHARED: u8 = SHARED_BIT;
/// Latin letters.
pub const LATIN: u8 = LATIN_BIT | SHARED_BIT;
/// Greek letters.
pub const GREEK: u8 = 0x04;
/// Cyrillic letters.
pub const CYRILLIC: u8 = 0x08;
/// Han, kana, Hangul and Bopomofo, which real words mix.
pub const EAST_ASIAN: u8 = 0x10;
/// Letters of every other script, one class for all: a word whose two
/// scripts are both in it (Armenian and Cherokee alone) is not looked at.
pub const OTHER: u8 = 0x20;

/// In the second-byte tables: [`SHARED`] if the third byte is below A0,
/// else [`OTHER`] (U+FE00–FE1F variation selectors and vertical forms, then
/// combining half marks, some of them Cyrillic).
const BY_THIRD: u8 = 0x40;
/// In the lead table: the class depends on the second byte; the low four
/// bits choose its table.
const BY_SECOND: u8 = 0x80;

/// The entry of the lead table for `b0`: a class (none for punctuation,
/// symbols, spaces and continuation bytes), or [`BY_SECOND`] and a table.
const fn lead_entry(b0: u8) -> u8 {
    match b0 {
        b'A'..=b'Z' | b'a'..=b'z' => LATIN,
        b'0'..=b'9' => SHARED,
        0xC2 => BY_SECOND,
        // Latin-1 letters to IPA; spacing modifiers; combining marks.
        0xC3..=0xCA => LATIN,
        0xCB | 0xCC => SHARED,
        0xCD => BY_SECOND | 4,
        0xCE => GREEK,
        0xCF => BY_SECOND | 5,
        0xD0..=0xD3 => CYRILLIC,
        0xD4 => BY_SECOND | 6,
        0xD5..=0xE0 => OTHER,
        0xE1 => BY_SECOND | 2,
        0xE2 => BY_SECOND | 1,
        0xE3..=0xE9 | 0xEB..=0xED => EAST_ASIAN,
        0xEA => BY_SECOND | 7,
        0xEE => OTHER,
        0xEF => BY_SECOND | 8,
        0xF0 => BY_SECOND | 3,
        0xF1..=0xF4 => OTHER,
        _ => 0,
    }
}

/// Second-byte tables: one per [`BY_SECOND`] lead, numbered so that the
/// leads common in text share a pair (C2 and E2; E1 and F0), as the vector
/// search looks a pair up only where one of its leads is.
const SECOND_TABLES: usize = 9;

/// The class of a character led by table `table`'s lead and `b1`.
const fn second_entry(table: u8, b1: u8) -> u8 {
    match (table, b1) {
        // C2: ª ² ³ µ ¹ º ¼ ½ ¾ (the rest is controls and symbols).
        (0, 0xAA | 0xB2 | 0xB3 | 0xB5 | 0xB9 | 0xBA | 0xBC..=0xBE) => SHARED,
        (0, _) => 0,
        // E2: superscripts, subscripts and currency; number forms; enclosed
        // alphanumerics; dingbats (with their digits); supplemental
        // punctuation (with U+2E2F); letter-like symbols, Glagolitic, Latin
        // Extended-C and Coptic among the others.
        (1, 0x81..=0x83 | 0x85 | 0x86 | 0x91..=0x93 | 0x9D | 0x9E | 0xB8) => SHARED,
        (1, 0x84 | 0xB0..=0xB7) => OTHER,
        (1, _) => 0,
        // E1: Hangul Jamo, Latin Extended Additional, Greek Extended; the
        // rest of U+1000–1FFF is other scripts.
        (2, 0x84..=0x87) => EAST_ASIAN,
        (2, 0xB8..=0xBB) => LATIN,
        (2, 0xBC..) => GREEK,
        (2, _) => OTHER,
        // F0: emoji and enclosed alphanumerics; CJK extensions; other
        // scripts and symbols.
        (3, 0x9F) => SHARED,
        (3, 0xA0..=0xAF) => EAST_ASIAN,
        (3, _) => OTHER,
        // CD: combining marks up to U+036F, then Greek.
        (4, ..0xB0) => SHARED,
        (4, _) => GREEK,
        // CF: Coptic letters U+03E2–03EF among the Greek ones.
        (5, 0xA2..=0xAF) => OTHER,
        (5, _) => GREEK,
        // D4: Cyrillic Supplement, then Armenian.
        (6, ..0xB0) => CYRILLIC,
        (6, _) => OTHER,
        // EA: other scripts up to U+ABFF, then Hangul syllables.
        (7, 0xB0..) => EAST_ASIAN,
        (7, _) => OTHER,
        // EF: U+FE00–FE3F by the third byte; the rest other (presentation
        // forms, half- and full-width forms).
        (8, 0xB8) => BY_THIRD,
        (8, _) => OTHER,
        _ => 0,
    }
}

/// [`lead_entry`] for every byte.
const LEAD: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = lead_entry(b as u8);
        b += 1;
    }
    table
};

/// [`second_entry`] for every table and every continuation byte (by its
/// low six bits), padded to whole pairs of tables for the vector lookups.
const SECOND: [[u8; 64]; SECOND_TABLES + 1] = {
    let mut tables = [[0; 64]; SECOND_TABLES + 1];
    let mut t = 0;
    while t < SECOND_TABLES {
        let mut low = 0;
        while low < 64 {
            tables[t][low] = second_entry(t as u8, 0x80 | low as u8);
            low += 1;
        }
        t += 1;
    }
    tables
};

/// The class of the character whose UTF-8 starts with `b0`, `b1`, `b2`
/// (none for a continuation byte).
pub fn class_of(b0: u8, b1: u8, b2: u8) -> u8 {
    let lead = LEAD[usize::from(b0)];
    if lead & BY_SECOND == 0 {
        return lead;
    }
    match SECOND[usize::from(lead & 0x0F)][usize::from(b1 & 0x3F)] {
        BY_THIRD if b2 < 0xA0 => SHARED,
        BY_THIRD => OTHER,
        class => class,
    }
}

/// Whether a character of class `class` after one of class `before` (either
/// possibly none) is a change of class inside a word.
fn changes(before: u8, class: u8) -> bool {
    before != 0 && class != 0 && before & class == 0
}

/// The offset of the first character of `text` (valid UTF-8) that follows
/// one of another class, or `text.len()`.
/// With the AVX-512 backend selected, on a CPU with VBMI, the tables are
/// looked up 64 bytes at a time; with AVX-512 or AVX2 selected otherwise,
/// 32 bytes at a time; with neither, byte by byte.
pub fn next_script_change(backend: Backend, text: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512bw,avx512vbmi")]
        fn with_vbmi(token: VbmiToken, text: &[u8]) -> usize {
            let classes = vbmi::Classes::new(token);
            first_hit_by(
                text,
                &mut ClassesPassingOver::<_, Avx512>::new(classes, token.avx512()),
            )
        }
        #[target_feature(enable = "avx2")]
        fn with_avx2(token: Avx2Token, text: &[u8]) -> usize {
            let classes = avx2::Classes::new(token);
            first_hit_by(
                text,
                &mut ClassesPassingOver::<_, Avx2>::new(classes, token),
            )
        }
        if backend == Backend::Avx512
            && let Some(token) = VbmiToken::detect()
        {
            // SAFETY: the token proves the CPU has AVX-512BW and VBMI.
            return unsafe { with_vbmi(token, text) };
        }
        if backend != Backend::Portable
            && let Some(token) = Avx2Token::detect()
        {
            // SAFETY: the token proves the CPU has AVX2.
            return unsafe { with_avx2(token, text) };
        }
    }
    let _ = backend;
    first_hit_by(text, &mut PortableClasses::default())
}

/// The search a character at a time, eight bytes a word: ASCII chars
/// never change class between them (letters and digits share a bit, the
/// rest have none), so only the chars beyond ASCII and the ASCII chars
/// after one are looked at.
#[derive(Default)]
struct PortableClasses {
    /// The class of the last char beyond ASCII in the chunks before.
    last_beyond_ascii: u8,
}

impl ChunkHits for PortableClasses {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        let bytes = PortableMasks::load((), window, BEFORE);
        let ascii = bytes.ascii();
        let ascii_before = ascii << 1 | u64::from(window[BEFORE - 1] < 0x80);
        let mut looked_at = bytes.leads() | (ascii & !ascii_before);
        let mut hits = 0;
        while looked_at != 0 {
            let place = looked_at.trailing_zeros() as usize;
            looked_at &= looked_at - 1;
            let at = BEFORE + place;
            let before = match window[at - 1] {
                ascii @ 0..0x80 => LEAD[usize::from(ascii)],
                _ => self.last_beyond_ascii,
            };
            let class = class_of(window[at], window[at + 1], window[at + 2]);
            hits |= u64::from(changes(before, class)) << place;
            if window[at] >= 0x80 {
                self.last_beyond_ascii = class;
            }
        }
        hits
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod passing_over;
#[cfg(target_arch = "x86_64")]
mod vbmi;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::findings::byte_masks::{LANES, assert_same_hits, hits_of_every_chunk};
    use crate::model::findings::mixed_script::is_word_char;
    use unicode_script::{Script, UnicodeScript};

    /// The class of `c` by [`class_of`].
    fn class_of_char(c: char) -> u8 {
        let mut bytes = [0; 4];
        c.encode_utf8(&mut bytes);
        class_of(bytes[0], bytes[1], bytes[2])
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
            let script = c.script();
            let neutral = matches!(script, Script::Common | Script::Inherited);
            let fits = match class_of_char(c) {
                0 => false,
                LATIN | SHARED => neutral || script == Script::Latin,
                GREEK => neutral || script == Script::Greek,
                CYRILLIC => neutral || script == Script::Cyrillic,
                EAST_ASIAN => {
                    neutral
                        || matches!(
                            script,
                            Script::Han
                                | Script::Hiragana
                                | Script::Katakana
                                | Script::Hangul
                                | Script::Bopomofo
                        )
                }
                OTHER => true,
                class => panic!("U+{:04X} in no class ({class:#x})", c as u32),
            };
            if !fits {
                wrong.push(format!(
                    "U+{:04X} ({script:?}) in class {:#x}",
                    c as u32,
                    class_of_char(c)
                ));
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
    fn the_vector_search_agrees_with_the_byte_by_byte_one() {
        // Every character beside one of each class, both ways round, at
        // every place in a chunk.
        let neighbours = ['a', '1', 'α', 'б', '日', 'ա', '²', '-', '\u{0301}'];
        let mut text = String::new();
        for (i, c) in (0..=0x10FFFFu32).filter_map(char::from_u32).enumerate() {
            text.push(neighbours[i % neighbours.len()]);
            text.push(c);
        }
        // And runs of ASCII that fill chunks, between any two, the first
        // ending a chunk.
        for (i, ascii) in ["a", "1", "-", "a1", " "].into_iter().enumerate() {
            for before in neighbours {
                for after in neighbours {
                    while !(text.len() + before.len_utf8()).is_multiple_of(LANES) {
                        text.push('-');
                    }
                    text.push(before);
                    text.push_str(&ascii.repeat(60 + 13 * i));
                    text.push(after);
                }
            }
        }
        // And chunks of ASCII whose last byte the next chunk's first char
        // follows.
        for ascii in ["a-", "-a", "a1", "1a"] {
            for after in neighbours {
                while !text.len().is_multiple_of(LANES) {
                    text.push(' ');
                }
                text.push_str(&ascii.repeat(LANES / 2));
                text.push(after);
            }
        }
        let portable = hits_of_every_chunk(text.as_bytes(), PortableClasses::default());
        assert!(portable.iter().any(|&hits| hits != 0));
        for (vector, backend) in vector_hits(text.as_bytes()) {
            assert_same_hits(&portable, &vector, backend);
        }
    }

    /// The hits of every chunk of `text` by each vector search the CPU
    /// has, each looking up every chunk and passing over those it may.
    fn vector_hits(text: &[u8]) -> Vec<(Vec<u64>, &'static str)> {
        #[allow(unused_mut)]
        let mut found = Vec::new();
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = VbmiToken::detect() {
            #[target_feature(enable = "avx512bw,avx512vbmi")]
            fn every_chunk(token: VbmiToken, text: &[u8]) -> Vec<u64> {
                hits_of_every_chunk(text, vbmi::Classes::new(token))
            }
            #[target_feature(enable = "avx512bw,avx512vbmi")]
            fn passing_over(token: VbmiToken, text: &[u8]) -> Vec<u64> {
                let classes = vbmi::Classes::new(token);
                let search = ClassesPassingOver::<_, Avx512>::new(classes, token.avx512());
                hits_of_every_chunk(text, search)
            }
            // SAFETY: the token proves the CPU has both.
            found.push((unsafe { every_chunk(token, text) }, "VBMI"));
            // SAFETY: as above.
            found.push((unsafe { passing_over(token, text) }, "VBMI passing over"));
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(token) = Avx2Token::detect() {
            #[target_feature(enable = "avx2")]
            fn every_chunk(token: Avx2Token, text: &[u8]) -> Vec<u64> {
                hits_of_every_chunk(text, avx2::Classes::new(token))
            }
            #[target_feature(enable = "avx2")]
            fn passing_over(token: Avx2Token, text: &[u8]) -> Vec<u64> {
                let classes = avx2::Classes::new(token);
                hits_of_every_chunk(text, ClassesPassingOver::<_, Avx2>::new(classes, token))
            }
            // SAFETY: the token proves the CPU has AVX2.
            found.push((unsafe { every_chunk(token, text) }, "AVX2"));
            // SAFETY: as above.
            found.push((unsafe { passing_over(token, text) }, "AVX2 passing over"));
        }
        found
    }

    /// Chars of each class, and of none.
    const OF_EACH_CLASS: [char; 17] = [
        'a', '1', 'é', 'ş', 'ệ', '’', '«', 'α', 'ἀ', 'б', '日', 'ա', '²', 'ℝ', 'Ⰰ', '€', '\u{0301}',
    ];

    #[test]
    fn a_chunk_passed_over_carries_its_last_char_into_the_next() {
        // Each pair of chars, the first ending a chunk of Latin letters
        // (passed over where nothing in it changes class).
        let mut text = String::new();
        for first in OF_EACH_CLASS {
            for second in OF_EACH_CLASS {
                while !(text.len() + first.len_utf8()).is_multiple_of(LANES) {
                    text.push('e');
                }
                text.push(first);
                text.push(second);
                text.push_str(&"e".repeat(LANES));
            }
        }
        let portable = hits_of_every_chunk(text.as_bytes(), PortableClasses::default());
        assert!(
            portable.iter().any(|&hits| hits & 1 != 0),
            "no hit opens a chunk"
        );
        for (vector, backend) in vector_hits(text.as_bytes()) {
            assert_same_hits(&portable, &vector, backend);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_searches_agree_on_text_mostly_of_latin_letters(chars in proptest::collection::vec(
            proptest::prop_oneof![
                8 => proptest::sample::select(vec!['a', 'b', ' ', '.', 'é', 'ł']),
                2 => proptest::sample::select(OF_EACH_CLASS.to_vec()),
                1 => proptest::char::any(),
            ],
            0..400,
        )) {
            let text: String = chars.into_iter().collect();
            let portable = hits_of_every_chunk(text.as_bytes(), PortableClasses::default());
            for (vector, backend) in vector_hits(text.as_bytes()) {
                proptest::prop_assert_eq!(&vector, &portable, "{} {:?}", backend, text);
            }
        }
    }
}
