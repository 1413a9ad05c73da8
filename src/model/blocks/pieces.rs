//! Splitting a unit-aligned byte slice into valid stretches and invalid spans.

use crate::model::decode::classify_invalid;
use crate::model::unit::InvalidKind;

/// One invalid span found in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Byte offset of the span's first byte.
    pub offset: u64,
    /// Number of bytes in the span (1–3).
    pub len: u8,
    /// Why it is invalid.
    pub kind: InvalidKind,
}

impl Span {
    /// Offset one past the span's last byte.
    pub fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }
}

/// A piece of a slice: a (possibly empty) valid stretch or one invalid span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Well-formed UTF-8, never empty.
    Valid(&'a [u8]),
    /// One maximal subpart of an ill-formed sequence.
    Invalid(Span),
}

/// Iterates the pieces of `bytes`, whose first byte is at file offset `base`.
///
/// `bytes` must start at a unit boundary. An incomplete sequence at its end is
/// reported as truncated, so the slice should end at a unit boundary or at the
/// end of the input.
pub fn pieces(bytes: &[u8], base: u64) -> impl Iterator<Item = Piece<'_>> {
    let mut position = 0usize;
    bytes.utf8_chunks().flat_map(move |chunk| {
        let valid = chunk.valid().as_bytes();
        let invalid = chunk.invalid();
        let valid_piece = (!valid.is_empty()).then_some(Piece::Valid(valid));
        position += valid.len();
        let invalid_piece = (!invalid.is_empty()).then(|| {
            let kind = classify_invalid(invalid[0], bytes.get(position + 1).copied());
            let span = Span {
                offset: base + position as u64,
                len: invalid.len() as u8,
                kind,
            };
            position += invalid.len();
            Piece::Invalid(span)
        });
        valid_piece.into_iter().chain(invalid_piece)
    })
}

/// Iterates only the invalid spans of `bytes` (same contract as [`pieces`]).
pub fn spans(bytes: &[u8], base: u64) -> impl Iterator<Item = Span> + '_ {
    pieces(bytes, base).filter_map(|piece| match piece {
        Piece::Invalid(span) => Some(span),
        Piece::Valid(_) => None,
    })
}

/// How much of `bytes` ends at a unit boundary, so the rest can be carried
/// into the next block. At the end of the input everything is complete.
pub fn complete_prefix_len(bytes: &[u8], at_end_of_input: bool) -> usize {
    if at_end_of_input {
        return bytes.len();
    }
    let tail_start = bytes.len().saturating_sub(3);
    let last_start = (tail_start..bytes.len())
        .rev()
        .find(|&i| bytes[i] & 0xC0 != 0x80);
    match last_start {
        Some(i) if sequence_len(bytes[i]) > bytes.len() - i => i,
        _ => bytes.len(),
    }
}

/// The length a lead byte announces (1 for anything that is not a lead).
fn sequence_len(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_split_valid_and_invalid() {
        let bytes = b"ab\xC0\xAFc\xE2\x82";
        let got: Vec<_> = pieces(bytes, 100).collect();
        let span = |offset, len, kind| Piece::Invalid(Span { offset, len, kind });
        assert_eq!(
            got,
            vec![
                Piece::Valid(b"ab"),
                span(102, 1, InvalidKind::Overlong),
                span(103, 1, InvalidKind::UnexpectedContinuation),
                Piece::Valid(b"c"),
                span(105, 2, InvalidKind::Truncated),
            ]
        );
    }

    #[test]
    fn incomplete_tails_are_carried() {
        assert_eq!(complete_prefix_len(b"ab\xE2\x82", false), 2);
        assert_eq!(complete_prefix_len(b"ab\xE2\x82", true), 4);
        assert_eq!(complete_prefix_len(b"ab\xE2\x82\xAC", false), 5);
        assert_eq!(complete_prefix_len(b"a\xF0\x9F\x98", false), 1);
        assert_eq!(complete_prefix_len(b"\x80\x80\x80\x80", false), 4);
        assert_eq!(complete_prefix_len(b"ab\xE2A", false), 4);
    }
}
