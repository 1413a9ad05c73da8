//! The compact whole-file index the background scan builds: one summary per
//! block (O(file size / block size) memory, however many errors there are).

use super::summary::BlockSummary;
use crate::model::unit::UnitCounts;

/// Where the scan stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanState {
    /// Still reading; the index covers `[0, scanned)`.
    Running,
    /// The whole file is indexed.
    Complete,
    /// Stopped on request before the end.
    Cancelled,
    /// Stopped by a read error (the file shrank, the disk failed, …).
    Failed(String),
}

/// Per-block summaries and running totals of the part scanned so far.
#[derive(Debug, Clone)]
pub struct ScanIndex {
    blocks: Vec<BlockSummary>,
    error_blocks: Vec<usize>,
    totals: UnitCounts,
    line_feeds: u64,
    scanned: u64,
    state: ScanState,
}

impl Default for ScanIndex {
    fn default() -> Self {
        ScanIndex {
            blocks: Vec::new(),
            error_blocks: Vec::new(),
            totals: UnitCounts::default(),
            line_feeds: 0,
            scanned: 0,
            state: ScanState::Running,
        }
    }
}

impl ScanIndex {
    /// Appends the summary of the next block, placing it among the lines:
    /// its `lf_before` and `column_before` are set from the blocks before it.
    pub fn push(&mut self, mut block: BlockSummary) {
        debug_assert_eq!(block.start, self.scanned);
        block.lf_before = self.line_feeds;
        block.invalid_before = self.totals.invalid();
        block.column_before = match self.blocks.last() {
            None => 0,
            Some(previous) if previous.lf > 0 => previous.tail_units,
            Some(previous) => previous.column_before + previous.tail_units,
        };
        if block.counts.invalid() > 0 {
            self.error_blocks.push(self.blocks.len());
        }
        self.totals.add(&block.counts);
        self.line_feeds += u64::from(block.lf);
        self.scanned = block.end();
        self.blocks.push(block);
    }

    /// Records how the scan ended.
    pub fn finish(&mut self, state: ScanState) {
        self.state = state;
    }

    /// How the scan stands.
    pub fn state(&self) -> &ScanState {
        &self.state
    }

    /// Whether the whole file is indexed.
    pub fn is_complete(&self) -> bool {
        self.state == ScanState::Complete
    }

    /// Offset up to which the file is indexed.
    pub fn scanned(&self) -> u64 {
        self.scanned
    }

    /// Unit counts of the indexed part.
    pub fn totals(&self) -> &UnitCounts {
        &self.totals
    }

    /// Line feeds in the indexed part.
    pub fn line_feeds(&self) -> u64 {
        self.line_feeds
    }

    /// Number of block summaries held (the index's size).
    pub fn block_count(&self) -> usize {
        self.blocks.len()
    }

    /// The first block with errors that ends after `from`, as a byte range.
    pub fn error_block_after(&self, from: u64) -> Option<(u64, u64)> {
        let i = self
            .error_blocks
            .partition_point(|&b| self.blocks[b].end() <= from);
        let block = &self.blocks[*self.error_blocks.get(i)?];
        Some((block.start, block.end()))
    }

    /// The last block with errors that starts before `before`, as a byte range.
    pub fn error_block_before(&self, before: u64) -> Option<(u64, u64)> {
        let i = self
            .error_blocks
            .partition_point(|&b| self.blocks[b].start < before);
        let block = &self.blocks[self.error_blocks[i.checked_sub(1)?]];
        Some((block.start, block.end()))
    }

    /// The indexed block holding `offset`.
    pub fn block_holding(&self, offset: u64) -> Option<&BlockSummary> {
        let i = self.blocks.partition_point(|b| b.end() <= offset);
        self.blocks.get(i)
    }

    /// The first indexed block that holds the `n`-th line feed (1-based).
    pub fn block_with_line_feed(&self, n: u64) -> Option<&BlockSummary> {
        let i = self
            .blocks
            .partition_point(|b| b.lf_before + u64::from(b.lf) < n);
        self.blocks.get(i)
    }

    /// Line feeds and the units after the last of them, over the whole
    /// indexed part: where a unit starting at [`scanned`](Self::scanned) stands.
    pub fn end_position(&self) -> (u64, u64) {
        let column = match self.blocks.last() {
            None => 0,
            Some(last) if last.lf > 0 => last.tail_units,
            Some(last) => last.column_before + last.tail_units,
        };
        (self.line_feeds, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(start: u64, len: u32, invalid: u64) -> BlockSummary {
        let mut counts = UnitCounts::default();
        counts.invalid_by_kind[0] = invalid;
        BlockSummary {
            start,
            len,
            lf: len / 10,
            tail_units: 3,
            counts,
            ..BlockSummary::default()
        }
    }

    #[test]
    fn finds_error_blocks_either_side_of_an_offset() {
        let mut index = ScanIndex::default();
        for (i, invalid) in [0, 2, 0, 1].into_iter().enumerate() {
            index.push(block(i as u64 * 100, 100, invalid));
        }
        assert_eq!(index.error_block_after(0), Some((100, 200)));
        assert_eq!(index.error_block_after(200), Some((300, 400)));
        assert_eq!(index.error_block_after(400), None);
        assert_eq!(index.error_block_before(300), Some((100, 200)));
        assert_eq!(index.error_block_before(100), None);
        assert_eq!(index.totals().invalid(), 3);
        let holding = index.block_holding(250).unwrap();
        assert_eq!((holding.start, holding.lf_before), (200, 20));
        assert_eq!(holding.column_before, 3);
    }
}
