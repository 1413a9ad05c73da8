//! The quick part of the findings pass: finding the bytes that could start a
//! finding, so that the text between them (nearly all of it) is skipped with
//! whole-chunk comparisons instead of being decoded character by character.

use std::sync::LazyLock;

use super::backend::Backend;
use super::byte_masks::{
    AFTER, BEFORE, ByteMasks, ChunkHits, ChunkTest, ChunkWindow, LANES, NibbleTables, OneByte,
    PortableMasks, first_hit, first_hit_by,
};

/// The offset of the first character of `bytes` (valid UTF-8) at or after
/// `from` that needs a closer look, or `bytes.len()`, searched on `backend`.
pub fn next_loud(backend: Backend, bytes: &[u8], from: usize) -> usize {
    let rest = &bytes[from..];
    from + match backend {
        Backend::Portable => first_hit_by(rest, &mut PortableLoud),
        _ => first_hit::<Loud>(backend, rest),
    }
}

/// The class bits of [`LOUD_STARTS`] that mark a byte starting a loud
/// char whatever follows: ASCII controls but tabs and line endings, DEL,
/// and the lead of combining marks U+0300–033F.
const CONTROL: u8 = 0x0F;
/// The class bits of [`LOUD_STARTS`] that mark a lead whose next bytes
/// decide: C2, CD, D8, D9, E0–E3, EF and F0–FF. No other byte starts a
/// loud char.
const LEAD: u8 = 0xF0;

/// The bytes that start a loud char, in one classing by nibbles (a test
/// holds it to the byte sets of [`CONTROL`] and [`LEAD`]): bit 0 is 00–1F
/// but 09, 0A, 0D… of high nibble 0; bit 1 high nibble 1; bit 2 7F; bit 3
/// CC; bit 4 C2 and CD; bit 5 D8 and D9; bit 6 E0–E3 and EF; bit 7 F0–FF.
const LOUD_STARTS: NibbleTables = NibbleTables {
    high: [
        0x01, 0x02, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0, 0x18, 0x20, 0x40, 0x80,
    ],
    low: [
        0xC3, 0xC3, 0xD3, 0xC3, 0x83, 0x83, 0x83, 0x83, 0xA3, 0xA2, 0x82, 0x83, 0x8B, 0x92, 0x83,
        0xC7,
    ],
};

/// [`Loud`] for CPUs without AVX2, eight bytes at a time in a word: a
/// chunk of ASCII without controls is passed over in a few operations a
/// word; in any other, each control gets the whole test (tabs and line
/// endings pass it at once), and each lead byte is judged by tables
/// worked out from [`Loud`]: one
/// lookup a char, as most leads (Latin, Greek, Cyrillic, CJK) start no
/// loud char and the rest are told apart by their next two bytes (curly
/// quotes from zero-width spaces, kana from voicing marks).
struct PortableLoud;

/// The leads of two and three bytes whose chars [`LOUD_AFTER`] holds.
const TABLED_LEADS: std::ops::RangeInclusive<u8> = 0xC0..=0xEF;

/// The tables of [`Loud`] for leads of two and three bytes.
struct LoudAfter {
    /// For each lead of [`TABLED_LEADS`], its row in `thirds` (0, a row of
    /// none, for a lead that starts no loud char).
    row_of: [u8; 48],
    /// For each row and second byte (by its low six bits), the third bytes
    /// (bit by low six bits) after which [`Loud`] holds at the lead. A char
    /// of two bytes has its bit for every third byte or for none: its rule
    /// looks at two bytes.
    thirds: Vec<[u64; 64]>,
}

/// [`Loud`]'s rule run on every char of two and three bytes.
static LOUD_AFTER: LazyLock<LoudAfter> = LazyLock::new(|| {
    let mut tables = LoudAfter {
        row_of: [0; 48],
        thirds: vec![[0; 64]],
    };
    let mut window: ChunkWindow = [0; BEFORE + LANES + AFTER];
    for (b0, row_of) in TABLED_LEADS.zip(tables.row_of.iter_mut()) {
        window[BEFORE] = b0;
        let mut row = [0u64; 64];
        for (b1, thirds) in (0x80..=0xBF).zip(row.iter_mut()) {
            window[BEFORE + 1] = b1;
            for b2 in 0x80..=0xBF {
                window[BEFORE + 2] = b2;
                if Loud::hits::<OneByte>(0, &window, &mut ()) != 0 {
                    *thirds |= 1 << (b2 & 0x3F);
                }
                if b0 < 0xE0 {
                    // (Two bytes: the third is the next char's.)
                    *thirds = 0u64.wrapping_sub(*thirds & 1);
                    break;
                }
            }
        }
        if row != [0; 64] {
            *row_of = u8::try_from(tables.thirds.len()).expect("few loud leads");
            tables.thirds.push(row);
        }
    }
    tables
});

impl ChunkHits for PortableLoud {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        let bytes = PortableMasks::load((), window, BEFORE);
        let mut controls = bytes.controls_and_delete();
        if controls == 0 && bytes.ascii() == u64::MAX {
            return 0;
        }
        let mut hits = 0;
        // (Mostly line feeds, which the whole test passes at once.)
        while controls != 0 {
            let place = controls.trailing_zeros() as usize;
            controls &= controls - 1;
            hits |= Loud::hits::<OneByte>(place, window, &mut ()) & 1 << place;
        }
        let tables = &*LOUD_AFTER;
        let mut leads = bytes.leads();
        while leads != 0 {
            let place = leads.trailing_zeros() as usize;
            leads &= leads - 1;
            let at = BEFORE + place;
            let loud = match window[at] {
                // Four bytes (emoji, seldom loud): the whole test.
                0xF0.. => Loud::hits::<OneByte>(place, window, &mut ()) != 0,
                b0 => {
                    let row = tables.row_of[usize::from(b0 - TABLED_LEADS.start())];
                    let thirds =
                        tables.thirds[usize::from(row)][usize::from(window[at + 1] & 0x3F)];
                    thirds >> (window[at + 2] & 0x3F) & 1 != 0
                }
            };
            hits |= u64::from(loud) << place;
        }
        hits
    }
}

/// The characters that could be a finding on their own or combine with the
/// one before: ASCII controls other than TAB, LF and CR; DEL; C1 controls
/// and the soft hyphen; combining marks that compose; bidi and invisible
/// format characters; BOMs, U+FFFD and noncharacters. Their lead bytes are
/// tested first: Latin, Greek, Cyrillic and most CJK lead with others, and
/// the bytes after narrow the rest down (Japanese kana, emoji, NBSP and
/// curly quotes share leads with these, and are quiet).
struct Loud;

impl ChunkTest for Loud {
    type Carry = ();

    #[inline(always)]
    fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, _: &mut ()) -> u64 {
        let b0 = M::load(token, window, BEFORE);
        // Printable ASCII, tabs and line endings, most text, has neither.
        let [controls, leads] = b0.nibble_classes(&LOUD_STARTS, [CONTROL, LEAD]);
        if leads == 0 {
            return controls;
        }
        let (b1, b2) = (
            M::load(token, window, BEFORE + 1),
            M::load(token, window, BEFORE + 2),
        );
        let mut loud = controls;
        // Each lead with what may follow it, tested only if it is there (a
        // macro, not a closure, so that it is inlined into the AVX2 code).
        macro_rules! with {
            ($lead:expr, $rest:expr) => {
                let at = b0.eq($lead);
                if at != 0 {
                    loud |= at & $rest;
                }
            };
        }
        // C1 controls and the soft hyphen.
        let c2 = b0.eq(0xC2);
        if c2 != 0 {
            loud |= c2 & (b1.below(0xA0) | b1.eq(0xAD));
        }
        // U+200B–200F, U+202A–202E, U+2060–2069: zero-width, bidi and
        // other format characters (not the punctuation around them).
        let e2 = b0.eq(0xE2);
        if e2 != 0 {
            loud |= e2
                & ((b1.eq(0x80) & (b2.in_range(0x8B, 0x8F) | b2.in_range(0xAA, 0xAE)))
                    | (b1.eq(0x81) & b2.in_range(0xA0, 0xA9)));
        }
        // The leads of punctuation (« » ’ — …) are all that most chunks
        // beyond ASCII hold of these: the rest are not looked for.
        if leads & !(c2 | e2) == 0 {
            return loud;
        }
        // Combining marks up to U+036F (U+0370 on is Greek).
        with!(0xCD, b1.below(0xB0));
        // U+061C ARABIC LETTER MARK; U+0653–0655, Arabic marks that compose.
        with!(0xD8, b1.eq(0x9C));
        with!(0xD9, b1.in_range(0x93, 0x95));
        // U+093C, U+0C56, U+0DCA: the Indic marks that compose.
        with!(0xE0, {
            (b1.eq(0xA4) & b2.eq(0xBC)) | (b1.eq(0xB1) & b2.eq(0x96)) | (b1.eq(0xB7) & b2.eq(0x8A))
        });
        // U+115F, U+1160 (Hangul fillers), U+180E (Mongolian vowel separator).
        with!(0xE1, {
            (b1.eq(0x85) & b2.in_range(0x9F, 0xA0)) | (b1.eq(0xA0) & b2.eq(0x8E))
        });
        // U+3099, U+309A (kana voicing marks), U+3164 (Hangul filler).
        with!(0xE3, {
            (b1.eq(0x82) & b2.in_range(0x99, 0x9A)) | (b1.eq(0x85) & b2.eq(0xA4))
        });
        // U+FDD0–FDEF, U+FEFF, U+FFA0, U+FFFD, U+FFFE, U+FFFF.
        with!(0xEF, {
            (b1.eq(0xB7) & b2.in_range(0x90, 0xAF))
                | (b1.eq(0xBB) & b2.eq(0xBF))
                | (b1.eq(0xBE) & b2.eq(0xA0))
                | (b1.eq(0xBF) & b2.at_least(0xBD))
        });
        // Marks that compose in the supplementary planes (all led by F0 91)
        // and the noncharacters that end each plane (F0–F4, xx, BF, BE–BF).
        let four = b0.at_least(0xF0);
        if four != 0 {
            let b3 = M::load(token, window, BEFORE + 3);
            loud |= four & ((b2.eq(0xBF) & b3.at_least(0xBE)) | (b0.eq(0xF0) & b1.eq(0x91)));
        }
        loud
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nibble_classes_are_the_controls_and_leads_of_loud_chars() {
        for b in 0..=255u8 {
            let mut window: ChunkWindow = [0; BEFORE + LANES + AFTER];
            window[BEFORE] = b;
            let [control, lead] =
                OneByte::load(0, &window, BEFORE).nibble_classes(&LOUD_STARTS, [CONTROL, LEAD]);
            let is_control =
                (b < 0x20 && ![b'\t', b'\n', b'\r'].contains(&b)) || b == 0x7F || b == 0xCC;
            let is_lead = matches!(b, 0xC2 | 0xCD | 0xD8 | 0xD9 | 0xE0..=0xE3 | 0xEF..=0xFF);
            assert_eq!((control != 0, lead != 0), (is_control, is_lead), "{b:02X}");
        }
    }

    #[test]
    fn every_character_a_kind_starts_with_is_loud() {
        // Each kind's own rule, on every code point: a kind added to the
        // definitions is held to this test without a change here.
        use crate::model::findings::kinds::DEFINITIONS;
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if !DEFINITIONS.iter().any(|d| d.stops_at(c)) {
                continue;
            }
            // Alone, and inside a full chunk (the vector test) at every
            // place a chunk may put it.
            let mut text = String::from("a");
            text.push(c);
            assert_eq!(
                next_loud(Backend::best(), text.as_bytes(), 0),
                1,
                "U+{:04X}",
                c as u32
            );
            for before in [1, 30, 60, 63] {
                let mut text = "a".repeat(before);
                text.push(c);
                text.push_str(&"x".repeat(140));
                assert_eq!(
                    next_loud(Backend::best(), text.as_bytes(), 0),
                    before,
                    "U+{:04X}",
                    c as u32
                );
            }
        }
    }

    /// The offset of every hit in `text` by `next` (a search from an offset).
    fn every_hit(text: &[u8], next: impl Fn(&[u8]) -> usize) -> Vec<usize> {
        let mut hits = Vec::new();
        let mut from = 0;
        while from < text.len() {
            let at = from + next(&text[from..]);
            if at < text.len() {
                hits.push(at);
            }
            from = at + 1;
        }
        hits
    }

    #[test]
    fn the_byte_by_byte_search_agrees_with_the_whole_chunk_one() {
        // Every character beside a quiet one and a loud one, both ways
        // round, at every place in a chunk.
        let neighbours = ['a', 'é', '\u{301}', '日', '\u{1}', ' ', '\u{200B}'];
        let mut text = String::new();
        for (i, c) in (0..=0x10FFFFu32).filter_map(char::from_u32).enumerate() {
            text.push(neighbours[i % neighbours.len()]);
            text.push(c);
        }
        let bytes = text.as_bytes();
        let by_chunk = every_hit(bytes, |b| first_hit::<Loud>(Backend::best(), b));
        let by_byte = every_hit(bytes, |rest| first_hit_by(rest, &mut PortableLoud));
        assert!(by_chunk.len() > 10_000, "{} hits", by_chunk.len());
        let first_difference = by_chunk.iter().zip(&by_byte).position(|(a, b)| a != b);
        assert_eq!(first_difference, None);
        assert_eq!(by_chunk.len(), by_byte.len());
    }

    #[test]
    fn a_char_of_two_bytes_is_loud_or_quiet_whatever_follows() {
        // What lets the table keep one bit for such a char.
        let mut window: ChunkWindow = [0; BEFORE + LANES + AFTER];
        for b0 in 0xC2..=0xDF {
            window[BEFORE] = b0;
            for b1 in 0x80..=0xBF {
                window[BEFORE + 1] = b1;
                let verdicts: std::collections::BTreeSet<u64> = (0..=0xFF)
                    .map(|b2| {
                        window[BEFORE + 2] = b2;
                        Loud::hits::<OneByte>(0, &window, &mut ())
                    })
                    .collect();
                assert_eq!(verdicts.len(), 1, "{b0:02X} {b1:02X}");
            }
        }
    }

    #[test]
    fn plain_text_is_quiet_and_finding_characters_are_loud() {
        let quiet =
            "Plain ASCII, tabs\tand CRLF\r\n, café, привет, Ελληνικά, 日本語, “quotes” — ok";
        assert_eq!(next_loud(Backend::best(), quiet.as_bytes(), 0), quiet.len());
        let kana_and_emoji = "私はガラスを食べられます 😀 🎉 © « » ½".as_bytes();
        assert_eq!(
            next_loud(Backend::best(), kana_and_emoji, 0),
            kana_and_emoji.len()
        );
        let plain = "Plain ASCII, tabs\tand CRLF\r\n, café, привет, Ελληνικά, 日本語 ─ box";
        assert_eq!(next_loud(Backend::best(), plain.as_bytes(), 0), plain.len());
        for loud in [
            "\u{1}",
            "\u{7f}",
            "\u{85}",
            "\u{ad}",
            "u\u{308}",
            "\u{202e}",
            "\u{200b}",
            "\u{feff}",
            "\u{fffd}",
            "\u{10fffe}",
            "\u{3099}",
        ] {
            let text = format!("{}{loud}", "x".repeat(40));
            let at = next_loud(Backend::best(), text.as_bytes(), 0);
            assert!(at <= 41, "{loud:?} at {at}");
        }
    }
}
