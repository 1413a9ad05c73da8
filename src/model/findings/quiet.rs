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

/// Whether the character starting at `bytes[at]` needs a closer look (for
/// E2, only U+2000–207F, the general punctuation that holds the bidi and
/// invisible characters, does).
#[inline(always)]
fn is_loud(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        0xE2 => matches!(bytes.get(at + 1), Some(0x80 | 0x81)),
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
            let chunk = &bytes[at..end];
            // A branch-free test of the whole chunk first: it vectorizes.
            let any = match <&[u8; CHUNK]>::try_from(chunk) {
                Ok(full) => full.iter().fold(false, |any, &b| any | may_be_loud(b)),
                Err(_) => chunk.iter().any(|&b| may_be_loud(b)),
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

    #[test]
    fn plain_text_is_quiet_and_finding_characters_are_loud() {
        let quiet = "Plain ASCII, tabs\tand CRLF\r\n, café, привет, Ελληνικά, 日本語, “quotes”? no: “ is E2 80 9C";
        // Curly quotes are U+201C/U+201D, in U+2000–207F: loud, looked at closely.
        let first_quote = quiet.find('\u{201c}').unwrap();
        assert_eq!(next_loud(quiet.as_bytes(), 0), first_quote);
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
