//! Where mojibake could start: the quick search that lets the mojibake test
//! skip lines that cannot hold any.
//!
//! In every legacy encoding tried, the character that a UTF-8 lead byte
//! becomes is led in UTF-8 by C3–C5 (Latin-1 and Latin-2 letters), D0 or D1
//! (Cyrillic) or E2 (box drawing), and the character after it, a
//! continuation byte's, is not ASCII. A Cyrillic letter from А to п
//! followed by another Cyrillic letter from А to я never starts mojibake:
//! windows-1251 and KOI8-R make those letters of bytes C0–FF, whose
//! continuation would have to be a rarer character, and in IBM866 А–п are
//! the continuation bytes themselves. (р–я can: IBM866 makes them of the
//! three-byte leads E0–EF, "тАЩ" being "’".)

use crate::model::scan::tally::widest_vectors;

/// Whether the two bytes `lead`, `next` start a Cyrillic letter from А to я.
#[inline(always)]
fn basic_cyrillic(lead: u8, next: u8) -> bool {
    ((lead == 0xD0) & (next >= 0x90)) | ((lead == 0xD1) & (next <= 0x8F))
}

/// Whether the two bytes `lead`, `next` start a Cyrillic letter from А to п.
#[inline(always)]
fn never_a_lead(lead: u8, next: u8) -> bool {
    (lead == 0xD0) & (next >= 0x90)
}

/// Whether a character that may be a lead byte's image starts at `b0`,
/// followed by a non-ASCII character (`b0`–`b3` are four bytes in a row).
#[inline(always)]
fn suspicious(b0: u8, b1: u8, b2: u8, b3: u8) -> bool {
    let two_byte_lead = ((0xC3..=0xC5).contains(&b0)) | (b0 == 0xD0) | (b0 == 0xD1);
    let two = two_byte_lead & (b2 >= 0x80) & !(never_a_lead(b0, b1) & basic_cyrillic(b2, b3));
    let three = (b0 == 0xE2) & (b3 >= 0x80);
    two | three
}

/// The offset of the first place in `text` at or after `from` where
/// mojibake could start, or `text.len()`.
pub fn next_suspicious(text: &[u8], from: usize) -> usize {
    from + first_suspicious(&text[from..])
}

widest_vectors! {
    /// [`next_suspicious`] from the start of `text`.
    fn first_suspicious(text: &[u8]) -> usize {
        const CHUNK: usize = 64;
        let byte = |i: usize| text.get(i).copied().unwrap_or(0);
        let mut at = 0;
        while at < text.len() {
            let end = (at + CHUNK).min(text.len());
            // Whole chunks with the three bytes after them: it vectorizes.
            let any = match (
                <&[u8; CHUNK]>::try_from(&text[at..end]),
                text.get(at + 1..end + 1).and_then(|b| <&[u8; CHUNK]>::try_from(b).ok()),
                text.get(at + 2..end + 2).and_then(|b| <&[u8; CHUNK]>::try_from(b).ok()),
                text.get(at + 3..end + 3).and_then(|b| <&[u8; CHUNK]>::try_from(b).ok()),
            ) {
                (Ok(b0), Some(b1), Some(b2), Some(b3)) => {
                    // A plain loop: it is unrolled and vectorized.
                    let mut any = false;
                    for i in 0..CHUNK {
                        any |= suspicious(b0[i], b1[i], b2[i], b3[i]);
                    }
                    any
                },
                _ => true,
            };
            if any {
                for i in at..end {
                    if suspicious(byte(i), byte(i + 1), byte(i + 2), byte(i + 3)) {
                        return i;
                    }
                }
            }
            at = end;
        }
        text.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_text_is_passed_over_and_mojibake_is_not() {
        let plain = "Пламя Лампа Мама Папа, 日本語 Ελληνικά café ½ — ok ".repeat(3);
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
}
