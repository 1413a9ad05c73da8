//! What the index keeps of each block: its unit counts by class, invalid
//! spans by kind, line feeds, and the units after its last line feed, built
//! without locating spans (the index's fast path).

use std::ops::ControlFlow;

use crate::model::blocks::feed::split_blocks;
use crate::model::blocks::lines::{L1_PIECE, units_in};
use crate::model::blocks::local_count::count_units;
use crate::model::blocks::tally::tally;
use crate::model::unit::UnitCounts;

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
    /// Invalid spans before the block (set by the index, like `lf_before`).
    pub invalid_before: u64,
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

/// Builds block summaries without locating spans: the index's fast path.
///
/// Valid pieces are counted with [`tally`]; pieces with errors with the
/// vectorized `count_units`, so error-dense input costs little more.
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

    /// Summarizes the next block (same contract as `BlockScanner::scan`).
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
            invalid_before: 0,
            lf: lf as u32,
            tail_units,
            counts,
        };
        self.offset += bytes.len() as u64;
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::blocks::lines::BlockScanner;
    use crate::model::unit::InvalidKind;

    #[test]
    fn summaries_agree_with_the_span_scan() {
        let bytes = b"ok \xE2\x82\xAC\n\xC0\xAF\xED\xA0\x80 \xF0\x9F\x98\x80\xF4\x90\n\xE2\x82";
        let mut scanner = BlockScanner::new();
        let mut by_kind = [0u64; InvalidKind::ALL.len()];
        scanner.scan(bytes, |s| by_kind[s.span.kind.index()] += 1);
        let summarized = Summarizer::new().summarize(bytes);
        assert_eq!(summarized.counts.invalid_by_kind, by_kind);
        assert_eq!(u64::from(summarized.lf), scanner.line_feeds());
        assert_eq!(summarized.counts.chars(), 8);
    }
}
