//! The quick part of the findings pass: finding the bytes that could start a
//! finding, so that the text between them (nearly all of it) is skipped with
//! vector-friendly loops instead of being decoded character by character.

use crate::model::scan::tally::widest_vectors;

/// Whether `byte` could start a character that is a finding on its own or
/// that combines with the one before: ASCII controls other than TAB, LF and
/// CR; DEL; and the lead bytes of the ranges that hold C1 controls, soft
/// hyphen, combining marks that compose, bidi and invisible format
/// characters, BOMs, U+FFFD and noncharacters. Latin, Greek, Cyrillic, CJK
/// and most symbols lead with other bytes. Written as plain comparisons
/// joined with `|` so that a loop over it becomes vector code.
#[inline(always)]
fn may_be_loud(b: u8) -> bool {
    let control = (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r');
    let two_byte = (b == 0xC2) | (b == 0xCC) | (b == 0xCD) | (b == 0xD8) | (b == 0xD9);
    let three_or_four = ((0xE0..=0xE3).contains(&b)) | (b == 0xEF) | (b >= 0xF0);
    control | (b == 0x7F) | two_byte | three_or_four
}

/// [`may_be_loud`] narrowed by the two bytes after `b0` as [`is_loud`]
/// narrows it (a superset of it: a lead that needs the third byte passes),
/// in comparisons joined with `|` that vectorize.
#[inline(always)]
fn may_be_loud_with(b0: u8, b1: u8, b2: u8) -> bool {
    let control = (b0 < 0x20) & (b0 != b'\t') & (b0 != b'\n') & (b0 != b'\r');
    let c2 = (b0 == 0xC2) & ((b1 <= 0x9F) | (b1 == 0xAD));
    let cd = (b0 == 0xCD) & (b1 < 0xB0);
    let d8 = (b0 == 0xD8) & (b1 == 0x9C);
    let d9 = (b0 == 0xD9) & (0x93..=0x95).contains(&b1);
    let e0 = (b0 == 0xE0) & ((b1 == 0xA4) | (b1 == 0xB1) | (b1 == 0xB7));
    let e1 = (b0 == 0xE1) & ((b1 == 0x85) | (b1 == 0xA0));
    let e2 = (b0 == 0xE2) & ((b1 == 0x80) | (b1 == 0x81));
    let e3 = (b0 == 0xE3) & ((b1 == 0x82) | (b1 == 0x85));
    let ef = (b0 == 0xEF) & ((b1 == 0xB7) | (b1 == 0xBB) | (b1 == 0xBE) | (b1 == 0xBF));
    let f0 = (b0 >= 0xF0) & ((b2 == 0xBF) | ((b0 == 0xF0) & (b1 == 0x91)));
    control | (b0 == 0x7F) | (b0 == 0xCC) | c2 | cd | d8 | d9 | e0 | e1 | e2 | e3 | ef | f0
}

/// Whether the character starting at `bytes[at]` needs a closer look: the
/// bytes after the lead narrow most leads down to the few characters that
/// matter (Japanese kana, emoji, NBSP and curly quotes are common, and quiet).
#[inline(always)]
fn is_loud(bytes: &[u8], at: usize) -> bool {
    let next = |n: usize| bytes.get(at + n).copied().unwrap_or(0);
    match bytes[at] {
        // C1 controls and the soft hyphen.
        0xC2 => matches!(next(1), 0x80..=0x9F | 0xAD),
        // Combining marks up to U+036F (U+0370 on is Greek).
        0xCD => next(1) < 0xB0,
        // U+061C ARABIC LETTER MARK.
        0xD8 => next(1) == 0x9C,
        // U+0653–0655, Arabic marks that compose.
        0xD9 => matches!(next(1), 0x93..=0x95),
        // U+093C, U+0C56, U+0DCA: the Indic marks that compose.
        0xE0 => matches!(
            (next(1), next(2)),
            (0xA4, 0xBC) | (0xB1, 0x96) | (0xB7, 0x8A)
        ),
        // U+115F, U+1160 (Hangul fillers), U+180E (Mongolian vowel separator).
        0xE1 => matches!((next(1), next(2)), (0x85, 0x9F | 0xA0) | (0xA0, 0x8E)),
        // U+2000–207F: bidi controls, zero-width and other format characters.
        0xE2 => matches!(next(1), 0x80 | 0x81),
        // U+3099, U+309A (kana voicing marks), U+3164 (Hangul filler).
        0xE3 => matches!((next(1), next(2)), (0x82, 0x99 | 0x9A) | (0x85, 0xA4)),
        // U+FDD0–FDEF, U+FEFF, U+FFA0, U+FFFD, U+FFFE, U+FFFF.
        0xEF => matches!(next(1), 0xB7 | 0xBB | 0xBE | 0xBF),
        // Kaithi's nukta (U+110BA) composes; noncharacters end in BF BE/BF.
        0xF0 => next(1) == 0x91 || next(2) == 0xBF,
        0xF1..=0xF4 => next(2) == 0xBF,
        byte => may_be_loud(byte),
    }
}

/// The offset of the first character of `bytes` (valid UTF-8) at or after
/// `from` that needs a closer look, or `bytes.len()`.
pub fn next_loud(bytes: &[u8], from: usize) -> usize {
    from + first_loud(&bytes[from..])
}

widest_vectors! {
    /// [`next_loud`] from the start of `bytes`.
    fn first_loud(bytes: &[u8]) -> usize {
        const CHUNK: usize = 64;
        let mut at = 0;
        while at < bytes.len() {
            let end = (at + CHUNK).min(bytes.len());
            // A branch-free test of the whole chunk first, with the two
            // bytes after each (so that common characters that share a lead
            // with loud ones do not stop it): it vectorizes.
            let any = match (
                <&[u8; CHUNK]>::try_from(&bytes[at..end]),
                bytes.get(at + 1..end + 1).and_then(|b| <&[u8; CHUNK]>::try_from(b).ok()),
                bytes.get(at + 2..end + 2).and_then(|b| <&[u8; CHUNK]>::try_from(b).ok()),
            ) {
                (Ok(b0), Some(b1), Some(b2)) => {
                    // Plain loops: they are unrolled and vectorized. Plain
                    // ASCII text passes the first, cheap one.
                    let mut not_plain_ascii = false;
                    for &b in b0 {
                        let control = (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r');
                        not_plain_ascii |= control | (b >= 0x7F);
                    }
                    let mut any = false;
                    if not_plain_ascii {
                        for i in 0..CHUNK {
                            any |= may_be_loud_with(b0[i], b1[i], b2[i]);
                        }
                    }
                    any
                },
                _ => bytes[at..end].iter().any(|&b| may_be_loud(b)),
            };
            if any {
                for i in at..end {
                    if is_loud(bytes, i) {
                        return i;
                    }
                }
            }
            at = end;
        }
        bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the findings pass must look at `c` itself.
    fn needs_a_look(c: char, composition_seconds: &std::collections::HashSet<char>) -> bool {
        use crate::model::findings::{is_bidi_control, is_invisible, is_noncharacter};
        is_bidi_control(c)
            || is_invisible(c)
            || is_noncharacter(c)
            || matches!(c, '\u{FEFF}' | '\u{FFFD}')
            || (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
            || (unicode_normalization::char::canonical_combining_class(c) != 0
                && composition_seconds.contains(&c))
    }

    #[test]
    fn every_character_the_pass_must_see_is_loud() {
        // The marks that end the canonical decomposition of a character NFC
        // keeps (a primary composite) are the ones that compose.
        use unicode_normalization::UnicodeNormalization;
        let mut composition_seconds = std::collections::HashSet::new();
        for x in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut parts = Vec::new();
            unicode_normalization::char::decompose_canonical(x, |p| parts.push(p));
            if parts.len() >= 2 && x.to_string().nfc().eq([x]) {
                composition_seconds.insert(*parts.last().unwrap());
            }
        }
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if !needs_a_look(c, &composition_seconds) {
                continue;
            }
            // Alone, and inside a full chunk (the vector test) at every
            // place a chunk may put it.
            let mut text = String::from("a");
            text.push(c);
            assert_eq!(next_loud(text.as_bytes(), 0), 1, "U+{:04X}", c as u32);
            for before in [1, 30, 60, 63] {
                let mut text = "a".repeat(before);
                text.push(c);
                text.push_str(&"x".repeat(140));
                assert_eq!(next_loud(text.as_bytes(), 0), before, "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn plain_text_is_quiet_and_finding_characters_are_loud() {
        let quiet = "Plain ASCII, tabs\tand CRLF\r\n, café, привет, Ελληνικά, 日本語, “quotes”? no: “ is E2 80 9C";
        // Curly quotes are U+201C/U+201D, in U+2000–207F: looked at closely.
        let first_quote = quiet.find('\u{201c}').unwrap();
        assert_eq!(next_loud(quiet.as_bytes(), 0), first_quote);
        let kana_and_emoji = "私はガラスを食べられます 😀 🎉 © « » ½".as_bytes();
        assert_eq!(next_loud(kana_and_emoji, 0), kana_and_emoji.len());
        let plain = "Plain ASCII, tabs\tand CRLF\r\n, café, привет, Ελληνικά, 日本語 ─ box";
        assert_eq!(next_loud(plain.as_bytes(), 0), plain.len());
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
            let at = next_loud(text.as_bytes(), 0);
            assert!(at <= 41, "{loud:?} at {at}");
        }
    }
}
