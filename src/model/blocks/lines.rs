//! Walking an input block after block while keeping the line and column
//! (DESIGN.md: line = 1 + line feeds before; column = 1 + units since the
//! line's start), reporting every invalid span with its place: what `check`
//! prints. Valid pieces take the simdutf8 fast path.

use std::ops::ControlFlow;

use super::feed::split_blocks;
use super::local_count::count_units;
use super::pieces::{Piece, Span, pieces};
use super::place::Place;
use super::tally::count_chars;

/// Bytes validated and counted at a time: a fraction of a typical L1 cache.
pub const L1_PIECE: usize = 8 << 10;

/// An invalid span with its line and column (both 1-based, DESIGN.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocatedSpan {
    /// The span itself.
    pub span: Span,
    /// 1 + the number of line feeds before the span.
    pub line: u64,
    /// 1 + the number of units between the line's start and the span.
    pub column: u64,
}

/// Walks the input block after block, keeping the running line and column.
#[derive(Debug, Clone, Default)]
pub struct BlockScanner {
    offset: u64,
    place: Place,
}

impl BlockScanner {
    /// A scanner at the start of the input.
    pub fn new() -> BlockScanner {
        BlockScanner::default()
    }

    /// Offset of the next byte to scan.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Line feeds seen so far.
    pub fn line_feeds(&self) -> u64 {
        self.place.line_feeds()
    }

    /// Scans the next block, which must follow the previous one and end at a
    /// unit boundary (or the end of input); reports each invalid span with
    /// its line and column. (Counting units by class is the index's job, see
    /// `Summarizer`; this path only tracks what positions need.)
    pub fn scan(&mut self, bytes: &[u8], mut on_span: impl FnMut(LocatedSpan)) {
        // Validate and count in pieces small enough to stay in the L1 cache,
        // so the counting pass does not read the block from memory again.
        let (_, _always_continues) = split_blocks(bytes, L1_PIECE, true, &mut |piece| {
            self.scan_piece(piece, &mut on_span);
            ControlFlow::Continue(())
        });
    }

    /// Moves over the next `len` bytes like [`scan`](Self::scan), when
    /// another pass over them (the findings pass) found them valid and
    /// counted their lines: the next unit is on line `line`, column
    /// `column` (both 1-based).
    pub fn pass_valid(&mut self, len: usize, line: u64, column: u64) {
        self.offset += len as u64;
        self.place = Place::at(line, column);
    }

    fn scan_piece(&mut self, bytes: &[u8], on_span: &mut impl FnMut(LocatedSpan)) {
        if simdutf8::basic::from_utf8(bytes).is_ok() {
            self.place.over_valid(bytes);
        } else {
            for piece in pieces(bytes, self.offset) {
                match piece {
                    Piece::Valid(valid) => self.place.over_valid(valid),
                    Piece::Invalid(span) => {
                        on_span(LocatedSpan {
                            span,
                            line: self.place.line(),
                            column: self.place.column(),
                        });
                        self.place.over_unit(false);
                    }
                }
            }
        }
        self.offset += bytes.len() as u64;
    }
}

/// The number of units in `bytes`, which starts at a unit boundary and ends
/// at one (or at the end of the input).
pub fn units_in(bytes: &[u8]) -> u64 {
    if simdutf8::basic::from_utf8(bytes).is_ok() {
        count_chars(bytes)
    } else {
        let (counts, _) = count_units(bytes);
        counts.chars() + counts.invalid()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::InvalidKind;

    #[test]
    fn lines_and_columns_count_units() {
        let mut scanner = BlockScanner::new();
        let mut found = Vec::new();
        scanner.scan("ab\né€".as_bytes(), |s| found.push(s));
        scanner.scan(b"\xFFx\n\x80", |s| found.push(s));
        let located: Vec<_> = found
            .iter()
            .map(|s| (s.span.offset, s.line, s.column))
            .collect();
        assert_eq!(located, vec![(8, 2, 3), (11, 3, 1)]);
        assert_eq!(found[0].span.kind, InvalidKind::InvalidByte);
        assert_eq!(scanner.line_feeds(), 2);
    }
}
