//! Where mojibake could start: the quick search that lets the mojibake test
//! pass over real text without reading it word by word.
//!
//! A word that one round of repair through a legacy encoding E turns into
//! UTF-8 is ASCII up to its first multi-byte sequence, whose lead byte E
//! shows as some character X and whose first continuation byte as some
//! character Y. So mojibake can only start where a character X that is a
//! lead byte's image in E follows ASCII (or the start) and is followed by a
//! character Y that is a continuation byte's image in E; and for the lead
//! bytes of longer sequences, the character after Y must be one too. In
//! real text that seldom happens: in Russian, a word's first letters are
//! lead bytes in windows-1251 and KOI8-R, but the letter after is too.
//!
//! The sets below are those of the UTF-8 bytes of X and Y, per family of
//! encodings, written as comparisons joined with `&` and `|` so that a loop
//! over them becomes vector code; a test checks them against every lead and
//! continuation byte of every legacy encoding.

use super::byte_masks::{ByteMasks, ChunkTest, ChunkWindow, first_hit};

/// Bytes the exact test looks at after the one tested: enough for a
/// three-byte Y and the first two bytes of the character after it.
const EXACT_AFTER: usize = 6;

/// Whether `(b0, b1)` start windows-1252's general punctuation, euro sign or
/// trade mark sign (U+2000–203F, U+20AC, U+2122), images of bytes 80–9F in
/// windows-1252, windows-1250 and windows-1251.
#[inline(always)]
fn punctuation(b0: u8, b1: u8) -> bool {
    (b0 == 0xE2) & ((b1 == 0x80) | (b1 == 0x82) | (b1 == 0x84))
}

/// windows-1252, windows-1250 and ISO-8859-2: lead bytes C2–F4 show as the
/// Latin letters Â–ô and, in the last two, a few of Latin Extended-A.
#[inline(always)]
fn latin_lead(b0: u8, b1: u8) -> bool {
    let latin1 = (b0 == 0xC3) & (0x82..=0xB4).contains(&b1);
    let c4 = (b0 == 0xC4)
        & ((0x82..=0x83).contains(&b1)
            | (0x86..=0x87).contains(&b1)
            | (0x8C..=0x91).contains(&b1)
            | (0x98..=0x9B).contains(&b1)
            | (0xB9..=0xBA).contains(&b1));
    let c5 = (b0 == 0xC5)
        & ((0x83..=0x84).contains(&b1)
            | (0x87..=0x88).contains(&b1)
            | (b1 == 0x90)
            | (b1 == 0x95)
            | (b1 == 0x98)
            | (b1 == 0xA2)
            | (b1 == 0xAE)
            | (b1 == 0xB0));
    latin1 | c4 | c5
}

/// The same encodings' continuation bytes 80–BF: C1 controls and Latin-1
/// symbols, some Latin Extended letters, spacing accents and punctuation.
#[inline(always)]
fn latin_continuation(b0: u8, b1: u8) -> bool {
    let c4 = (b0 == 0xC4) & ((0x84..=0x85).contains(&b1) | (0xBD..=0xBE).contains(&b1));
    let c5 = (b0 == 0xC5)
        & ((0x81..=0x82).contains(&b1)
            | (0x92..=0x93).contains(&b1)
            | (0x9A..=0xA5).contains(&b1)
            | (0xB8..=0xBE).contains(&b1));
    let florin = (b0 == 0xC6) & (b1 == 0x92);
    let accents = (b0 == 0xCB) & ((0x86..=0x87).contains(&b1) | (0x98..=0x9D).contains(&b1));
    (b0 == 0xC2) | c4 | c5 | florin | accents | punctuation(b0, b1)
}

/// windows-1251's continuation bytes: Cyrillic letters outside А–я (Ђ–Џ,
/// ђ–џ, Ґ, ґ), Latin-1 symbols and punctuation.
#[inline(always)]
fn cp1251_continuation(b0: u8, b1: u8) -> bool {
    let upper = (b0 == 0xD0) & (b1 <= 0x8F);
    let lower = (b0 == 0xD1) & (b1 >= 0x90);
    let ghe = (b0 == 0xD2) & ((b1 == 0x90) | (b1 == 0x91));
    upper | lower | ghe | (b0 == 0xC2) | punctuation(b0, b1)
}

/// KOI8-R's continuation bytes: box drawing, blocks, a few math signs and
/// Latin-1 symbols, ё and Ё.
#[inline(always)]
fn koi8_continuation(b0: u8, b1: u8) -> bool {
    let drawing =
        (b0 == 0xE2) & ((0x88..=0x89).contains(&b1) | (b1 == 0x8C) | (0x94..=0x96).contains(&b1));
    let latin1 =
        (b0 == 0xC2) & ((b1 == 0xA0) | (b1 == 0xA9) | (b1 == 0xB0) | (b1 == 0xB2) | (b1 == 0xB7));
    let division = (b0 == 0xC3) & (b1 == 0xB7);
    let yo = ((b0 == 0xD1) & (b1 == 0x91)) | ((b0 == 0xD0) & (b1 == 0x81));
    drawing | latin1 | division | yo
}

/// IBM866's continuation bytes: Cyrillic А–п, box drawing and shades.
#[inline(always)]
fn ibm866_continuation(b0: u8, b1: u8) -> bool {
    ((b0 == 0xD0) & (b1 >= 0x90)) | box_drawing(b0, b1)
}

/// Box drawing, blocks and shades (U+2500–25BF).
#[inline(always)]
fn box_drawing(b0: u8, b1: u8) -> bool {
    (b0 == 0xE2) & (0x94..=0x96).contains(&b1)
}

/// Classes of the character starting at a byte, as bits: whose continuation
/// byte's image it is, and what else the lead tests ask of it.
const LATIN: u8 = 1;
const CP1251: u8 = 2;
const KOI8: u8 = 4;
const IBM866: u8 = 8;
/// It has three or four bytes, so the character after it starts 3 or 4 on.
const LONG: u8 = 16;
/// A Cyrillic capital А–Я.
const CAPITAL: u8 = 32;
/// Box drawing, blocks or shades.
const BOX: u8 = 64;

/// The classes of the character whose first two bytes are `b0`, `b1`.
#[inline(always)]
fn classes(b0: u8, b1: u8) -> u8 {
    (u8::from(latin_continuation(b0, b1)) * LATIN)
        | (u8::from(cp1251_continuation(b0, b1)) * CP1251)
        | (u8::from(koi8_continuation(b0, b1)) * KOI8)
        | (u8::from(ibm866_continuation(b0, b1)) * IBM866)
        | (u8::from(b0 >= 0xE0) * LONG)
        | (u8::from((b0 == 0xD0) & (0x90..=0xAF).contains(&b1)) * CAPITAL)
        | (u8::from(box_drawing(b0, b1)) * BOX)
}

/// Whether mojibake could start at the character X led by `b0`, `b1`, after
/// the byte `before`; `y` and `z` are the classes of the two characters
/// after X if X has two bytes, `y3` those of the character 3 bytes on.
#[inline(always)]
fn may_start(before: u8, b0: u8, b1: u8, y: u8, z: u8, y3: u8) -> bool {
    let is = |bits: u8, class: u8| bits & class != 0;
    // Leads of two-byte sequences need Y only, longer ones Z too.
    let latin = latin_lead(b0, b1) & is(y, LATIN);
    // windows-1251: В–Я lead two-byte sequences, а–п and р–ф longer ones.
    let cp1251_short = (b0 == 0xD0) & (0x92..=0xAF).contains(&b1);
    let cp1251_long = ((b0 == 0xD0) & (b1 >= 0xB0)) | ((b0 == 0xD1) & (b1 <= 0x84));
    let cp1251 = is(y, CP1251) & (cp1251_short | (cp1251_long & is(z, CP1251)));
    // KOI8-R: lowercase letters but ю and а lead two-byte sequences,
    // capitals longer ones.
    let koi8_short = ((b0 == 0xD0) & (b1 >= 0xB1)) | ((b0 == 0xD1) & (b1 <= 0x8F) & (b1 != 0x8E));
    let koi8_long = (b0 == 0xD0) & (0x90..=0xAF).contains(&b1);
    let koi8 = is(y, KOI8) & (koi8_short | (koi8_long & is(z, KOI8)));
    // IBM866: box drawing leads two-byte sequences (Y follows its three
    // bytes); р–я and Ё–Ї longer ones, which spell a plausible character
    // only with some Y: х–щ and ы–э spell CJK and Hangul with any, т and у
    // punctuation, symbols and kana with capitals (as Ё spells emoji with
    // Я), с, ф, ъ and я Latin, Greek, CJK and Hangul with box drawing.
    let ibm866_short = box_drawing(b0, b1) & is(y3, IBM866);
    let any_y = (b0 == 0xD1) & ((0x85..=0x89).contains(&b1) | (0x8B..=0x8D).contains(&b1));
    let capital_y = ((b0 == 0xD1) & ((b1 == 0x82) | (b1 == 0x83))) | ((b0 == 0xD0) & (b1 == 0x81));
    let box_y = (b0 == 0xD1) & ((b1 == 0x81) | (b1 == 0x84) | (b1 == 0x8A) | (b1 == 0x8F));
    let ibm866_long =
        ((any_y & is(y, IBM866)) | (capital_y & is(y, CAPITAL)) | (box_y & is(y, BOX)))
            & is(z, IBM866);
    (before < 0x80) & (latin | cp1251 | koi8 | ibm866_short | ibm866_long)
}

/// [`may_start`] at `b[1]`, `b[0]` being the byte before and `b[2..]` the
/// bytes after: the test one place at a time.
fn may_start_in(b: &[u8; EXACT_AFTER + 2]) -> bool {
    let class_at = |k: usize| classes(b[k], b.get(k + 1).copied().unwrap_or(0));
    let y = class_at(3);
    let z = if y & LONG != 0 {
        class_at(6)
    } else {
        class_at(5)
    };
    may_start(b[0], b[1], b[2], y, z, class_at(4))
}

/// The offset of the first place in `text` at or after `from` where
/// mojibake could start, or `text.len()`.
pub fn next_suspicious(text: &[u8], from: usize) -> usize {
    let mut at = from;
    loop {
        at += first_hit::<MayStart>(&text[at..]);
        if at >= text.len() {
            return text.len();
        }
        let window: [u8; EXACT_AFTER + 2] = std::array::from_fn(|k| {
            // The byte before `from` counts as ASCII; past the end, NUL.
            (at + k)
                .checked_sub(1)
                .filter(|&i| i >= from)
                .and_then(|i| text.get(i))
                .copied()
                .unwrap_or(0)
        });
        if may_start_in(&window) {
            return at;
        }
        at += 1;
    }
}

/// The quick test that most text fails, a superset of [`may_start`]: a
/// byte that may lead X after ASCII, followed by a character that may be Y
/// (or, for IBM866, a lead of X that it may follow).
struct MayStart;

impl ChunkTest for MayStart {
    type Carry = ();

    #[inline(always)]
    fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, _: &mut ()) -> u64 {
        let before = M::load(token, window, 0);
        let (b0, b1) = (M::load(token, window, 1), M::load(token, window, 2));
        let after_ascii = before.below(0x80);
        let lead = (b0.in_range(0xC3, 0xC5) | b0.in_range(0xD0, 0xD1)) & after_ascii;
        let box_lead = b0.eq(0xE2) & b1.in_range(0x94, 0x96) & after_ascii;
        if lead | box_lead == 0 {
            return 0;
        }
        let (y0, y1) = (M::load(token, window, 3), M::load(token, window, 4));
        // Y for all but IBM866: a Latin-1 symbol, some Latin Extended
        // letters, spacing accents, punctuation, or Cyrillic outside А–я.
        let rare_y = y0.eq(0xC2)
            | y0.in_range(0xC4, 0xC6)
            | y0.eq(0xCB)
            | y0.eq(0xD2)
            | y0.eq(0xE2)
            | (y0.eq(0xC3) & y1.eq(0xB7))
            | (y0.eq(0xD0) & y1.below(0x90))
            | (y0.eq(0xD1) & y1.at_least(0x90));
        // IBM866's longer sequences: р–я or Ё, then А–п or box drawing
        // twice (Y, and Z after it), as in Russian words such as "чаю".
        let ibm866_lead =
            ((b0.eq(0xD1) & b1.below(0x90)) | (b0.eq(0xD0) & b1.eq(0x81))) & after_ascii;
        let mut ibm866 = 0;
        if ibm866_lead != 0 {
            let y = ibm866_continuation_at::<M>(token, window, 3);
            let short_y = y0.eq(0xD0);
            let z = (short_y & ibm866_continuation_at::<M>(token, window, 5))
                | (!short_y & ibm866_continuation_at::<M>(token, window, 6));
            ibm866 = ibm866_lead & y & z;
        }
        (lead & rare_y) | ibm866 | box_lead
    }
}

/// Where the character at `window[at..]` may be an image of a continuation
/// byte in IBM866: А–п (D0 90–BF) or, a superset of box drawing, led by E2.
#[inline(always)]
fn ibm866_continuation_at<M: ByteMasks>(token: M::Token, window: &ChunkWindow, at: usize) -> u64 {
    let (c0, c1) = (M::load(token, window, at), M::load(token, window, at + 1));
    (c0.eq(0xD0) & c1.at_least(0x90)) | c0.eq(0xE2)
}

#[cfg(test)]
mod tests {
    use super::super::mojibake::{LEGACY, plausible_through};
    use super::*;

    #[test]
    fn real_text_is_passed_over_and_mojibake_is_not() {
        let plain = "Пламя Лампа Мама Папа, ещё этих, 日本語 Ελληνικά café ½ — ok, він сказав так "
            .repeat(3);
        assert_eq!(next_suspicious(plain.as_bytes(), 0), plain.len());
        for garbled in ["cafÃ©", "РїСЂРёРІРµС‚", "п©я─п╦", "Ð¿Ñ€Ð¸", "тАЩ", "├й"]
        {
            let text = format!("{}{garbled}{}", "x".repeat(70), "y".repeat(70));
            assert!(
                next_suspicious(text.as_bytes(), 0) < 70 + garbled.len(),
                "{garbled}"
            );
        }
    }

    #[test]
    fn every_first_sequence_of_every_legacy_encoding_is_suspicious() {
        // Each lead byte with every continuation byte after it (and, for
        // longer sequences, every second one: the test looks that far),
        // decoded through each encoding after ASCII, at places that the
        // vector test and the byte-by-byte one each see; unless the bytes
        // spell no character that repair could keep.
        for (e, encoding) in LEGACY.iter().enumerate() {
            for lead in 0xC2..=0xF4u8 {
                let (seconds, len) = match lead {
                    0xC2..=0xDF => (0x80..=0x80, 2),
                    0xE0..=0xEF => (0x80..=0xBF, 3),
                    _ => (0x80..=0xBF, 4),
                };
                for c1 in 0x80..=0xBFu8 {
                    for c2 in seconds.clone() {
                        let bytes = [lead, c1, c2, 0x80];
                        let plausible = std::str::from_utf8(&bytes[..len])
                            .ok()
                            .and_then(|s| s.chars().next())
                            .is_some_and(|c| plausible_through(c, e));
                        let (text, _) = encoding.decode_without_bom_handling(&bytes);
                        if !plausible || text.contains('\u{FFFD}') {
                            continue;
                        }
                        for before in [1, 63, 64] {
                            let padded = format!("{}{text}{}", "a".repeat(before), "a".repeat(80));
                            assert!(
                                next_suspicious(padded.as_bytes(), 0) <= before,
                                "{} {bytes:02X?}: {text:?} at {before}",
                                encoding.name()
                            );
                        }
                    }
                }
            }
        }
    }
}
