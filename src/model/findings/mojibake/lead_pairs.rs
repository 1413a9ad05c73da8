//! The quick search for mojibake: chars that follow one that, in some
//! encoding, shows a UTF-8 lead byte while they show a continuation byte
//! (or stand for one that was lost: a space, `?`, U+FFFD), and C1
//! controls. Every UTF-8 sequence that garbling left whole begins with
//! such a pair, so a line without one holds no mojibake, and most lines
//! have none: [`super::line`] looks closer only at the lines this search
//! stops in, and only at the pairs it stops at.
//!
//! A char's *pair class* is a byte: bit `4 + g` if it shows a lead byte in
//! an encoding of group `g`, bit `g` if a continuation byte (the encodings
//! in three groups keep it to a byte; a pair that meets in a group but not
//! in one encoding is let through, to be looked at closer), and
//! [`LEAD2_SPACE`]. A space after a word is the one pair that real text
//! has often: it stops the search only where the char after it goes on
//! the sequence, or the char before begins one of two bytes. The class
//! comes from the char's bytes through tables worked out from the
//! encodings' own: the lead byte picks a row (for a char of three bytes,
//! with the second byte), and the last byte the class in it. With AVX-512
//! VBMI the rows are looked up 64 bytes at a time by byte permutes
//! ([`vbmi`]); with AVX2, 32 at a time by byte shuffles ([`avx2`]). A char
//! at a time ([`portable`], the vector searches' reference) the search is
//! slower than the char-by-char test of every line, which the portable
//! backend keeps.

// Off x86-64 there is no vector search: the tables it looks up are built
// for nothing there, and the char-by-char test of every line stands in.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use std::collections::BTreeMap;
use std::sync::LazyLock;

use super::garblers::{GARBLERS, Garbler, chars_with_roles, loss_masks, quick_roles};
use crate::model::findings::backend::Backend;
#[cfg(target_arch = "x86_64")]
use crate::model::findings::backend::{Avx2Token, VbmiToken};
#[cfg(any(target_arch = "x86_64", test))]
use crate::model::findings::byte_masks::{BEFORE, ChunkHits, ChunkWindow};
#[cfg(target_arch = "x86_64")]
use crate::model::findings::byte_masks::{avx2::Avx2, avx512::Avx512, for_each_hit_by};
#[cfg(target_arch = "x86_64")]
use passing_over::LeadsBeforeASpace;
#[cfg(target_arch = "x86_64")]
use passing_over::PairsPassingOver;

/// How many groups the encodings are put in.
const GROUPS: usize = 3;

/// The group of an encoding: text in one script seldom meets a pair of
/// chars that one encoding of a group shows as a lead byte and another as
/// a continuation byte. Latin letters are lead bytes in the ISO and Windows
/// code pages and continuation bytes in the DOS ones and macintosh; Greek
/// letters are lead bytes in windows-1253 and cp437, and continuation
/// bytes in macintosh; Cyrillic letters lead bytes in windows-1251 and
/// KOI8 and both in IBM866.
fn group_of(garbler: &Garbler) -> usize {
    match garbler.name {
        "IBM866" | "IBM437" | "IBM850" => 1,
        "macintosh" => 2,
        _ => 0,
    }
}

/// In a pair class: the char shows a lead byte of two in an encoding that
/// shows A0 as a no-break space (so that a space after it may complete
/// the sequence).
const LEAD2_SPACE: u8 = 0x08;

/// The encodings of each group (bits by index).
static GROUP_MASKS: LazyLock<[u32; GROUPS]> = LazyLock::new(|| {
    let mut masks = [0; GROUPS];
    for garbler in GARBLERS.iter() {
        masks[group_of(garbler)] |= 1 << garbler.index();
    }
    masks
});

/// The pair class of `c` (see the module's doc).
pub fn pair_class(c: char) -> u8 {
    let roles = quick_roles(c);
    let mut class = if roles.lead2 & loss_masks().space != 0 {
        LEAD2_SPACE
    } else {
        0
    };
    for (group, &mask) in GROUP_MASKS.iter().enumerate() {
        if roles.lead() & mask != 0 {
            class |= 0x10 << group;
        }
        if roles.continuation & mask != 0 {
            class |= 1 << group;
        }
    }
    class
}

/// In the lead table: the row depends on the second byte too; the low bits
/// choose its second table.
const BY_SECOND: u8 = 0x80;

/// The tables a char's pair class is looked up in.
pub struct Tables {
    /// For each byte from 80 on, as a char's first: the row of a char of two
    /// bytes, [`BY_SECOND`] and a second table for one of three, or 0 (no
    /// char it leads has a class, or it leads none).
    lead: [u8; 128],
    /// The classes of a space and of `?`.
    space: u8,
    question: u8,
    /// For each lead of three bytes with a second table: the row by the
    /// second byte's low six bits. Padded to an even count.
    second: Vec<[u8; 64]>,
    /// Classes by the last byte's low six bits. Row 0 has none; padded to an
    /// even count (the vector lookups take them in pairs).
    rows: Vec<[u8; 64]>,
    /// The chars of two bytes whose class has [`LEAD2_SPACE`], for
    /// [`passing_over`].
    #[cfg(target_arch = "x86_64")]
    leads_before_a_space: LeadsBeforeASpace,
}

impl Tables {
    /// Works the tables out from the class of every char that may have one
    /// ([`chars_with_roles`]; those of four bytes have none, a test checks).
    fn build() -> Tables {
        let mut two: BTreeMap<u8, [u8; 64]> = BTreeMap::new();
        let mut three: BTreeMap<(u8, u8), [u8; 64]> = BTreeMap::new();
        for c in chars_with_roles().filter(|&c| pair_class(c) != 0) {
            let mut buffer = [0; 4];
            let bytes = c.encode_utf8(&mut buffer).as_bytes();
            let row = match *bytes {
                [b0, _] => two.entry(b0).or_insert([0; 64]),
                [b0, b1, _] => three.entry((b0, b1)).or_insert([0; 64]),
                _ => unreachable!("a char below U+10000 has two or three bytes"),
            };
            row[usize::from(bytes[bytes.len() - 1] & 0x3F)] = pair_class(c);
        }
        let mut lead = [0; 128];
        // A lead of two bytes numbers its row, C0 as 0, so that the rows of
        // Latin letters (C2, C3; C4, C5), Greek (CE, CF), Cyrillic (D0, D1)
        // and Arabic (D8, D9; DA, DB) pair up (the vector lookups take rows
        // in pairs). Row 0 has no class: C0 leads no char.
        let mut rows = vec![[0; 64]; 0x20];
        for (b0, row) in two {
            lead[usize::from(b0 & 0x7F)] = b0 - 0xC0;
            rows[usize::from(b0 - 0xC0)] = row;
        }
        let mut second: Vec<[u8; 64]> = Vec::new();
        for ((b0, b1), row) in three {
            let entry = &mut lead[usize::from(b0 & 0x7F)];
            if *entry == 0 {
                *entry = BY_SECOND | second.len() as u8;
                second.push([0; 64]);
            }
            second[usize::from(*entry & !BY_SECOND)][usize::from(b1 & 0x3F)] = rows.len() as u8;
            rows.push(row);
        }
        // Row numbers stay clear of BY_SECOND; the vector lookups hold
        // eight second tables.
        assert!(rows.len() <= 128, "{} rows", rows.len());
        assert!(second.len() <= 8, "{} second tables", second.len());
        for tables in [&mut rows, &mut second] {
            if tables.len() % 2 == 1 {
                tables.push([0; 64]);
            }
        }
        Tables {
            lead,
            space: pair_class(' '),
            question: pair_class('?'),
            second,
            rows,
            #[cfg(target_arch = "x86_64")]
            leads_before_a_space: LeadsBeforeASpace::build(),
        }
    }

    /// The row of the char that starts with `b0`, `b1` (0: it has no class).
    #[inline(always)]
    fn row(&self, b0: u8, b1: u8) -> u8 {
        match self.lead[usize::from(b0 & 0x7F)] {
            _ if b0 < 0x80 => 0,
            lead if lead & BY_SECOND != 0 => {
                self.second[usize::from(lead & !BY_SECOND)][usize::from(b1 & 0x3F)]
            }
            row => row,
        }
    }

    /// The pair class of the char that starts with `b0`, `b1`, `b2` (none
    /// for a continuation byte).
    #[inline(always)]
    pub fn class_at(&self, b0: u8, b1: u8, b2: u8) -> u8 {
        match b0 {
            b' ' => self.space,
            b'?' => self.question,
            0..0x80 => 0,
            _ => {
                let last = if b0 < 0xE0 { b1 } else { b2 };
                self.rows[usize::from(self.row(b0, b1))][usize::from(last & 0x3F)]
            }
        }
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, worked out on first use.
pub fn tables() -> &'static Tables {
    &TABLES
}

/// Calls `visit` with the offset of each char of `text` (valid UTF-8) that
/// follows one it may begin a sequence with, or is a C1 control, in order,
/// but those before the offset its last call returned (past the char).
/// The byte before `text` counts as ASCII. Runs on `backend` if the CPU
/// has it: with AVX-512, on a CPU with VBMI, 64 bytes are looked up at a
/// time; with AVX-512 otherwise or AVX2, 32. Returns false, calling
/// nothing, without a vector backend: a char at a time, the search is
/// slower than the char-by-char test of every line.
pub fn for_each_lead_pair(
    backend: Backend,
    text: &[u8],
    visit: impl FnMut(usize) -> usize,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512bw,avx512vbmi")]
        fn with_vbmi(token: VbmiToken, text: &[u8], visit: impl FnMut(usize) -> usize) {
            let pairs = vbmi::Pairs::new(token, tables());
            let mut search = PairsPassingOver::<_, Avx512>::new(pairs, token.avx512(), tables());
            for_each_hit_by(text, &mut search, visit)
        }
        #[target_feature(enable = "avx2")]
        fn with_avx2(token: Avx2Token, text: &[u8], visit: impl FnMut(usize) -> usize) {
            let pairs = avx2::Pairs::new(token, tables());
            let mut search = PairsPassingOver::<_, Avx2>::new(pairs, token, tables());
            for_each_hit_by(text, &mut search, visit)
        }
        if backend == Backend::Avx512
            && let Some(token) = VbmiToken::detect()
        {
            // SAFETY: the token proves the CPU has AVX-512BW and VBMI.
            unsafe { with_vbmi(token, text, visit) };
            return true;
        }
        if backend != Backend::Portable
            && let Some(token) = Avx2Token::detect()
        {
            // SAFETY: the token proves the CPU has AVX2.
            unsafe { with_avx2(token, text, visit) };
            return true;
        }
    }
    let _ = (backend, text, visit);
    false
}

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod passing_over;
#[cfg(test)]
mod portable;
#[cfg(target_arch = "x86_64")]
mod vbmi;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::findings::byte_masks::{LANES, assert_same_hits, hits_of_every_chunk};

    #[test]
    fn chars_of_four_bytes_have_no_class() {
        let classed: Vec<char> = ('\u{10000}'..='\u{10FFFF}')
            .filter(|&c| pair_class(c) != 0)
            .collect();
        assert_eq!(classed, Vec::<char>::new());
    }

    #[test]
    fn the_tables_give_every_char_its_class() {
        let tables = tables();
        for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
            let mut bytes = [0; 4];
            c.encode_utf8(&mut bytes);
            let class = tables.class_at(bytes[0], bytes[1], bytes[2]);
            assert_eq!(class, pair_class(c), "U+{:04X}", c as u32);
        }
    }

    /// Each char beside each of `neighbours` both ways round, at every
    /// place in a chunk, and runs of ASCII that fill chunks between them.
    fn every_char_beside(neighbours: &[char]) -> String {
        let mut text = String::new();
        for (i, c) in (0..=0x10FFFFu32).filter_map(char::from_u32).enumerate() {
            text.push(neighbours[i % neighbours.len()]);
            text.push(c);
        }
        for (i, ascii) in ["a", " ", "?", "a ", " ?"].into_iter().enumerate() {
            for &before in neighbours {
                for &after in neighbours {
                    while !(text.len() + before.len_utf8()).is_multiple_of(LANES) {
                        text.push('-');
                    }
                    text.push(before);
                    text.push_str(&ascii.repeat(60 + 13 * i));
                    text.push(after);
                }
            }
        }
        text
    }

    #[test]
    fn the_vector_searches_agree_with_the_char_by_char_one() {
        // A char that shows a lead byte in each group, one that shows a
        // continuation byte in each, a C1 control, and neither.
        let neighbours = [
            'é', 'Я', 'α', '╔', '‘', 'а', 'Ά', 'π', '\u{85}', ' ', '?', 'a', '日',
        ];
        let text = every_char_beside(&neighbours);
        let portable = hits_of_every_chunk(text.as_bytes(), portable::PortablePairs::new(tables()));
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
                hits_of_every_chunk(text, vbmi::Pairs::new(token, tables()))
            }
            #[target_feature(enable = "avx512bw,avx512vbmi")]
            fn passing_over(token: VbmiToken, text: &[u8]) -> Vec<u64> {
                let pairs = vbmi::Pairs::new(token, tables());
                let search = PairsPassingOver::<_, Avx512>::new(pairs, token.avx512(), tables());
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
                hits_of_every_chunk(text, avx2::Pairs::new(token, tables()))
            }
            #[target_feature(enable = "avx2")]
            fn passing_over(token: Avx2Token, text: &[u8]) -> Vec<u64> {
                let pairs = avx2::Pairs::new(token, tables());
                hits_of_every_chunk(
                    text,
                    PairsPassingOver::<_, Avx2>::new(pairs, token, tables()),
                )
            }
            // SAFETY: the token proves the CPU has AVX2.
            found.push((unsafe { every_chunk(token, text) }, "AVX2"));
            // SAFETY: as above.
            found.push((unsafe { passing_over(token, text) }, "AVX2 passing over"));
        }
        found
    }

    /// Chars that begin or go on sequences in some encoding, or do so
    /// beside a space, and ASCII that stops or ends one.
    const AT_THE_EDGE: [char; 16] = [
        'Ã', 'é', '©', '’', '«', 'Ð', 'ñ', 'Ñ', 'Ï', '\u{85}', '\u{FFFD}', '€', ' ', '?', 'a', '日',
    ];

    #[test]
    fn a_chunk_passed_over_carries_its_last_char_into_the_next() {
        // Each pair of chars, alone and with spaces or `?` between, the
        // first ending where a chunk ends (or the space after it does),
        // after ASCII: its chunk is passed over where nothing pairs in it.
        let mut text = String::new();
        for first in AT_THE_EDGE {
            for second in AT_THE_EDGE {
                for between in ["", " ", "  ", "?"] {
                    for ends in [first.len_utf8(), first.len_utf8() + between.len()] {
                        while !(text.len() + ends).is_multiple_of(LANES) {
                            text.push('-');
                        }
                        text.push(first);
                        text.push_str(between);
                        text.push(second);
                        text.push_str(&"-".repeat(LANES));
                    }
                }
            }
        }
        let portable = hits_of_every_chunk(text.as_bytes(), portable::PortablePairs::new(tables()));
        assert!(portable.iter().any(|&hits| hits != 0));
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
        fn the_searches_agree_on_text_mostly_of_ascii(chars in proptest::collection::vec(
            proptest::prop_oneof![
                8 => proptest::sample::select(vec!['a', 'b', ' ', '.', '-']),
                2 => proptest::sample::select(AT_THE_EDGE.to_vec()),
                1 => proptest::sample::select(chars_with_roles().collect::<Vec<_>>()),
            ],
            0..400,
        )) {
            let text: String = chars.into_iter().collect();
            let portable =
                hits_of_every_chunk(text.as_bytes(), portable::PortablePairs::new(tables()));
            for (vector, backend) in vector_hits(text.as_bytes()) {
                proptest::prop_assert_eq!(&vector, &portable, "{} {:?}", backend, text);
            }
        }
    }
}
