//! The findings that invalid bytes of a well-known origin make: CESU-8
//! surrogate pairs and Java's `C0 80`.

use super::FindingsScanner;
use crate::model::InvalidKind;
use crate::model::cesu8::{SurrogatePair, surrogate_pair};
use crate::model::findings::FindingKind;
use crate::model::findings::kinds::char_label;

impl FindingsScanner {
    /// Explains invalid spans that have a well-known origin.
    pub(super) fn invalid_at(&mut self, kind: InvalidKind, at: u64, bytes: &[u8]) {
        if kind == InvalidKind::Surrogate
            && let Some(SurrogatePair { high, low, meant }) = surrogate_pair(bytes)
        {
            let meant = char_label(meant);
            let detail = format!(
                "CESU-8: the surrogate pair {high:04X} {low:04X} encoded as two 3-byte sequences; UTF-8 writes {meant} as one 4-byte sequence (fix writes it so)"
            );
            self.add(at, &bytes[..6], FindingKind::Cesu8, detail);
            self.skip_until = at + 6;
        } else if kind == InvalidKind::Overlong && bytes.starts_with(&[0xC0, 0x80]) {
            let detail =
                "C0 80: NUL in Java's \"modified UTF-8\"; UTF-8 writes it as the single byte 00";
            self.add(at, &bytes[..2], FindingKind::ModifiedUtf8Nul, detail.into());
            self.skip_until = at + 2;
        }
    }
}
