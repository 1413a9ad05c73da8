//! A text cut the way `fix` repairs it: valid UTF-8, invalid spans, and
//! CESU-8 surrogate pairs (six invalid spans that say exactly one char).

use crate::model::InvalidKind;
use crate::model::blocks::pieces::{Piece, pieces};
use crate::model::cesu8::{SurrogatePair, surrogate_pair};

/// A part of a text as the repair sees it.
pub enum Part<'a> {
    /// Valid UTF-8.
    Valid(&'a [u8]),
    /// An invalid span of that kind.
    Invalid(InvalidKind, &'a [u8]),
    /// A CESU-8 surrogate pair (six invalid spans that say one char).
    Pair(&'a [u8], SurrogatePair),
}

/// The parts of `block`, in order.
pub fn parts(block: &[u8]) -> Vec<Part<'_>> {
    let mut parts = Vec::new();
    let mut skip_until = 0;
    for piece in pieces(block, 0) {
        match piece {
            Piece::Valid(valid) => parts.push(Part::Valid(valid)),
            Piece::Invalid(span) => {
                let at = span.offset as usize;
                if at < skip_until {
                    continue;
                }
                if span.kind == InvalidKind::Surrogate
                    && let Some(pair) = surrogate_pair(&block[at..])
                {
                    parts.push(Part::Pair(&block[at..at + 6], pair));
                    skip_until = at + 6;
                    continue;
                }
                let bytes = &block[at..at + usize::from(span.len)];
                parts.push(Part::Invalid(span.kind, bytes));
            }
        }
    }
    parts
}
