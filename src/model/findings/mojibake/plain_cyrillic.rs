//! A vector search for the words of a line that may not be plain
//! ([`super::badness::plain_script`]), for the lines that reach the plain
//! test most: Cyrillic prose, whose letters IBM866 shows as UTF-8
//! sequences (р–я are its lead bytes E0–EF, а–п and А–Я continuation
//! bytes), so that the quick search stops in nearly every such line.
//!
//! A word of basic Cyrillic letters (А–я, Ё, ё) and ASCII chars that are
//! not letters is plain unless its case breaks the rule of plain words: a
//! capital after a small letter, or a small letter after two capitals in a
//! row (a run of letters is capitals and then small letters, and only its
//! first may be a capital if any small one follows). The search stops at
//! each byte that may make its word anything else: a byte beyond ASCII that
//! is no part of such a letter, an ASCII letter (Cyrillic beside Latin is
//! two scripts), and the letter where the case rule breaks. A word it does
//! not stop in is ASCII or plain; one it stops in is read as before,
//! char by char.

use crate::model::findings::backend::Backend;
use crate::model::findings::byte_masks::{
    BEFORE, ByteMasks, ChunkTest, ChunkWindow, LANES, OneByte, for_each_hit,
};

/// Calls `visit` with each byte of `line` that may make its word other
/// than plain Cyrillic or ASCII, in order, but those before the offset
/// its last call returned (the end of the word it stopped in, where a
/// space is: no hit after it depends on the bytes before), searched on
/// `backend`; the search stops once `visit` returns the line's end.
pub fn for_each_doubt(backend: Backend, line: &[u8], visit: impl FnMut(usize) -> usize) {
    for_each_hit::<Doubts>(backend, line, visit);
}

/// The bytes where a word may stop being plain Cyrillic or ASCII.
struct Doubts;

/// The capitals and small letters of basic Cyrillic that start at each
/// byte, from the comparisons of that byte (`lead`) and the next (`next`).
#[inline(always)]
fn cases<M: ByteMasks>(lead: &M, next: &M) -> (u64, u64) {
    let d0 = lead.eq(0xD0);
    let d1 = lead.eq(0xD1);
    // А–Я are D0 90–AF, Ё is D0 81; а–п are D0 B0–BF, р–я D1 80–8F, ё D1 91.
    let capitals = d0 & (next.in_range(0x90, 0xAF) | next.eq(0x81));
    let small =
        (d0 & next.in_range(0xB0, 0xBF)) | (d1 & (next.in_range(0x80, 0x8F) | next.eq(0x91)));
    (capitals, small)
}

/// [`cases`] of the letters that start at the first `N` bytes after a
/// chunk, as bits (the case rule looks up to four bytes past a letter).
#[inline(always)]
fn cases_after<const N: usize>(window: &ChunkWindow) -> (u64, u64) {
    let (mut capitals, mut small) = (0, 0);
    for k in 0..N {
        let lead = OneByte::load(BEFORE + LANES + k, window, 0);
        let next = OneByte::load(BEFORE + LANES + k + 1, window, 0);
        let (capital, small_letter) = cases(&lead, &next);
        capitals |= (capital & 1) << k;
        small |= (small_letter & 1) << k;
    }
    (capitals, small)
}

impl ChunkTest for Doubts {
    /// Whether the chunk's last byte leads a letter (its second byte is
    /// the next chunk's first).
    type Carry = u64;

    #[inline(always)]
    fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, led: &mut u64) -> u64 {
        let b0 = M::load(token, window, BEFORE);
        let ascii_letters = b0.in_range(b'A', b'Z') | b0.in_range(b'a', b'z');
        let beyond_ascii = b0.at_least(0x80);
        if beyond_ascii == 0 {
            *led = 0;
            return ascii_letters;
        }
        let b1 = M::load(token, window, BEFORE + 1);
        // The letters, by their first bytes, and their second bytes: one
        // on from a first, the chunk's first from the chunk before.
        let (capitals, small) = cases(&b0, &b1);
        let letters = capitals | small;
        let letter_bytes = letters | letters << 1 | *led;
        *led = letters >> 63;
        let mut doubts = ascii_letters | (beyond_ascii & !letter_bytes);
        // The case rule, at letters side by side (two bytes apart): a
        // capital after a small letter, a small letter after two capitals;
        // the letters past the chunk's end from its last bytes' next ones.
        // (The letters past it only where a letter ends the chunk.)
        let past = |n| match letters >> (LANES - n) {
            0 => (0, 0),
            _ => cases_after::<4>(window),
        };
        let capitals_next = capitals >> 2 | past(2).0 << 62;
        doubts |= small & capitals_next;
        let two_capitals = capitals & capitals_next;
        if two_capitals != 0 {
            let small_after_next = small >> 4 | past(4).1 << 60;
            doubts |= two_capitals & small_after_next;
        }
        doubts
    }
}

#[cfg(test)]
mod tests {
    use super::super::badness::plain_script;
    use super::*;

    #[test]
    fn basic_cyrillic_letters_are_plain_letters() {
        let letters = ('А'..='я').chain(['Ё', 'ё']);
        for c in letters {
            assert!(plain_script(&c.to_string()).is_some(), "{c}");
        }
    }

    /// Where [`for_each_doubt`] first stops in `line`, from its doc, a char at a
    /// time: the first ASCII letter or char beyond ASCII that is not a
    /// basic Cyrillic letter, the small letter a capital follows, or the
    /// first of two capitals a small letter follows.
    fn first_doubt_by_chars(line: &str) -> usize {
        let case = |c: char| match c {
            'А'..='Я' | 'Ё' => Some(true),
            'а'..='я' | 'ё' => Some(false),
            _ => None,
        };
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(at, c)) in chars.iter().enumerate() {
            let cases: Vec<Option<bool>> = (k..k + 3)
                .map(|j| chars.get(j).and_then(|&(_, c)| case(c)))
                .collect();
            let breaks = matches!(cases[..], [Some(false), Some(true), _])
                || matches!(cases[..], [Some(true), Some(true), Some(false)]);
            if c.is_ascii_alphabetic() || (!c.is_ascii() && cases[0].is_none()) || breaks {
                return at;
            }
        }
        line.len()
    }

    /// The first stop of [`for_each_doubt`] in `line` from `from` (the
    /// start of a word), or the line's length.
    fn next_doubt(backend: Backend, line: &[u8], from: usize) -> usize {
        let mut first = line.len();
        for_each_doubt(backend, &line[from..], |at| {
            first = from + at;
            line.len() - from
        });
        first
    }

    #[test]
    fn the_search_stops_where_the_chars_say_at_every_place_in_a_chunk() {
        // Each case the rule breaks, a letter of another alphabet, Latin,
        // and plain words, at every place of a chunk and across its end.
        let words = [
            "тот пРивет",
            "тот ПРИвет",
            "ПРИВЕТ мир",
            "Ёлки ёлки",
            "мир ї",
            "мир Yandex",
            "СССР, ЁЖ и ёж",
            "мир «дом»",
            "оДин",
            "ОДин",
            "ОДИн дом",
        ];
        for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            for words in words {
                for place in 0..70 {
                    let line = format!("{}{words} тут", "-".repeat(place));
                    assert_eq!(
                        next_doubt(backend, line.as_bytes(), 0),
                        first_doubt_by_chars(&line),
                        "{backend:?} {line}"
                    );
                }
            }
        }
    }

    #[test]
    fn one_walk_stops_where_a_search_from_each_word_end_would() {
        // Lines of several words the search stops in, across chunk ends:
        // the walk that goes on from each word's end (as the plain test
        // does) stops where a search started afresh there does.
        let words = "тот пРивет, «дом» и Yandex — ПРИвет ёж ОДин СССР мир ї тут";
        let word_end = |line: &[u8], at: usize| {
            (line[at..].iter())
                .position(u8::is_ascii_whitespace)
                .map_or(line.len(), |i| at + i)
        };
        for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            for place in 0..70 {
                let line = format!("{}{words} {words}", "-".repeat(place));
                let line = line.as_bytes();
                let mut walked = Vec::new();
                for_each_doubt(backend, line, |at| {
                    walked.push(at);
                    word_end(line, at)
                });
                let mut restarted = Vec::new();
                let mut from = 0;
                while from < line.len() {
                    let at = next_doubt(backend, line, from);
                    if at >= line.len() {
                        break;
                    }
                    restarted.push(at);
                    from = word_end(line, at);
                }
                assert!(restarted.len() > 10, "{backend:?}");
                assert_eq!(walked, restarted, "{backend:?} {place}");
            }
        }
    }

    #[test]
    fn the_search_stops_where_a_word_may_not_be_plain() {
        for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            let first = |line: &str| next_doubt(backend, line.as_bytes(), 0);
            // Plain Cyrillic, with digits and ASCII punctuation.
            for plain in [
                "Съешь же ещё этих мягких булок, да выпей чаю. 12:30",
                "СЪЕШЬ ЖЕ ЕЩЁ ЭТИХ БУЛОК",
                "Санкт-Петербург и Ёлки",
                "",
            ] {
                assert_eq!(first(plain), plain.len(), "{backend:?} {plain}");
            }
            // Where it stops.
            for (line, at) in [
                ("мир Yandex", "мир ".len()),
                ("мир «дом»", "мир ".len()),
                ("тот пРивет", "тот ".len()),
                ("тот ПРИвет", "тот П".len()),
                ("Ξ", 0),
                ("ї", 0),
            ] {
                assert_eq!(first(line), at, "{backend:?} {line}");
            }
        }
    }
}
