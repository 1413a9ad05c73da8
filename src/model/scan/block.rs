//! Scanning one unit-aligned block: counts, line feeds, and every invalid span
//! with its line and column. Valid blocks take the simdutf8 fast path; only
//! blocks with errors are decoded in detail.

use std::ops::ControlFlow;

use super::feed::split_blocks;
use super::local_count::count_units;
use super::pieces::{Piece, Span, pieces};
use super::tally::{count_chars, count_lf, tally};
use crate::model::unit::UnitCounts;

/// Bytes validated and counted at a time: a fraction of a typical L1 cache.
const L1_PIECE: usize = 8 << 10;

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

/// What the scan learned about one block, as kept in the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BlockSummary {
    /// Offset of the block's first byte (always a unit boundary).
    pub start: u64,
    /// Number of bytes in the block.
    pub len: u32,
    /// Line feeds before the block (set by the index when the block is
    /// pushed, since blocks may be summarized out of order).
    pub lf_before: u64,
    /// Units between the last line feed before the block and its start
    /// (set by the index, like `lf_before`).
    pub column_before: u64,
    /// Line feeds inside the block.
    pub lf: u32,
    /// Units after the block's last line feed (all of its units if it has none).
    pub tail_units: u64,
    /// Units that start in the block, by class.
    pub counts: UnitCounts,
}

impl BlockSummary {
    /// Offset one past the block's last byte.
    pub fn end(&self) -> u64 {
        self.start + u64::from(self.len)
    }
}

/// Walks the input block after block, keeping the running line and column.
#[derive(Debug, Clone, Default)]
pub struct BlockScanner {
    offset: u64,
    lf: u64,
    units_since_lf: u64,
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
        self.lf
    }

    /// Scans the next block, which must follow the previous one and end at a
    /// unit boundary (or the end of input); reports each invalid span with
    /// its line and column. (Counting units by class is the index's job, see
    /// [`Summarizer`]; this path only tracks what positions need.)
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
        self.lf = line - 1;
        self.units_since_lf = column - 1;
    }

    fn scan_piece(&mut self, bytes: &[u8], on_span: &mut impl FnMut(LocatedSpan)) {
        if simdutf8::basic::from_utf8(bytes).is_ok() {
            self.account_valid(bytes);
        } else {
            for piece in pieces(bytes, self.offset) {
                match piece {
                    Piece::Valid(valid) => self.account_valid(valid),
                    Piece::Invalid(span) => {
                        on_span(LocatedSpan {
                            span,
                            line: self.lf + 1,
                            column: self.units_since_lf + 1,
                        });
                        self.units_since_lf += 1;
                    }
                }
            }
        }
        self.offset += bytes.len() as u64;
    }

    /// Advances the line and column over valid text.
    fn account_valid(&mut self, valid: &[u8]) {
        match memchr::memrchr(b'\n', valid) {
            Some(last_lf) => {
                self.lf += count_lf(valid);
                self.units_since_lf = count_chars(&valid[last_lf + 1..]);
            }
            None => self.units_since_lf += count_chars(valid),
        }
    }
}

/// Builds block summaries without locating spans: the index's fast path.
///
/// Valid pieces are counted with [`tally`]; pieces with errors with the
/// vectorized [`count_units`], so error-dense input costs little more.
/// Each summary counts only its own block: where it stands among lines
/// (`lf_before`, `column_before`) is the index's to set when it is pushed.
#[derive(Debug, Clone, Default)]
pub struct Summarizer {
    offset: u64,
}

impl Summarizer {
    /// A summarizer at the start of the input.
    pub fn new() -> Summarizer {
        Summarizer::default()
    }

    /// A summarizer starting at `offset` (a unit boundary): for scanning a
    /// segment of the file on its own.
    pub fn starting_at(offset: u64) -> Summarizer {
        Summarizer { offset }
    }

    /// Summarizes the next block (same contract as [`BlockScanner::scan`]).
    pub fn summarize(&mut self, bytes: &[u8]) -> BlockSummary {
        let mut counts = UnitCounts::default();
        let mut lf = 0;
        let (_, _always_continues) = split_blocks(bytes, L1_PIECE, true, &mut |piece| {
            if simdutf8::basic::from_utf8(piece).is_ok() {
                let t = tally(piece);
                counts.ascii += t.ascii;
                counts.two_byte += t.two_byte;
                counts.three_byte += t.three_byte;
                counts.four_byte += t.four_byte;
                lf += t.lf;
            } else {
                let (piece_counts, piece_lf) = count_units(piece);
                counts.add(&piece_counts);
                lf += piece_lf;
            }
            ControlFlow::Continue(())
        });
        let tail_units = match memchr::memrchr(b'\n', bytes) {
            Some(last_lf) => units_in(&bytes[last_lf + 1..]),
            None => counts.chars() + counts.invalid(),
        };
        let summary = BlockSummary {
            start: self.offset,
            len: bytes.len() as u32,
            lf_before: 0,
            column_before: 0,
            lf: lf as u32,
            tail_units,
            counts,
        };
        self.offset += bytes.len() as u64;
        summary
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

    #[test]
    fn summaries_agree_with_the_span_scan() {
        let bytes = b"ok \xE2\x82\xAC\n\xC0\xAF\xED\xA0\x80 \xF0\x9F\x98\x80\xF4\x90\n\xE2\x82";
        let mut scanner = BlockScanner::new();
        let mut by_kind = [0u64; 6];
        scanner.scan(bytes, |s| by_kind[s.span.kind.index()] += 1);
        let summarized = Summarizer::new().summarize(bytes);
        assert_eq!(summarized.counts.invalid_by_kind, by_kind);
        assert_eq!(u64::from(summarized.lf), scanner.line_feeds());
        assert_eq!(summarized.counts.chars(), 8);
    }
}
