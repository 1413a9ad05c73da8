//! The findings that invalid bytes of a well-known origin make: CESU-8
//! surrogate pairs and Java's `C0 80`.

use super::FindingsScanner;
use crate::model::InvalidKind;
use crate::model::findings::FindingKind;
use crate::model::findings::kinds::char_label;

impl FindingsScanner {
    /// Explains invalid spans that have a well-known origin.
    pub(super) fn invalid_at(&mut self, kind: InvalidKind, at: u64, bytes: &[u8]) {
        match (kind, bytes) {
            (
                InvalidKind::Surrogate,
                [
                    0xED,
                    h1 @ 0xA0..=0xAF,
                    h2 @ 0x80..=0xBF,
                    0xED,
                    l1 @ 0xB0..=0xBF,
                    l2 @ 0x80..=0xBF,
                    ..,
                ],
            ) => {
                let high = 0xD000 | (u32::from(h1 & 0x3F) << 6) | u32::from(h2 & 0x3F);
                let low = 0xD000 | (u32::from(l1 & 0x3F) << 6) | u32::from(l2 & 0x3F);
                let value = 0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                let meant = char::from_u32(value).map_or(format!("U+{value:X}"), char_label);
                let detail = format!(
                    "CESU-8: the surrogate pair {high:04X} {low:04X} encoded as two 3-byte sequences; UTF-8 writes {meant} as one 4-byte sequence"
                );
                self.add(at, &bytes[..6], FindingKind::Cesu8, detail);
                self.skip_until = at + 6;
            }
            (InvalidKind::Overlong, [0xC0, 0x80, ..]) => {
                let detail = "C0 80: NUL in Java's \"modified UTF-8\"; UTF-8 writes it as the single byte 00";
                self.add(at, &bytes[..2], FindingKind::ModifiedUtf8Nul, detail.into());
                self.skip_until = at + 2;
            }
            _ => {}
        }
    }
}
