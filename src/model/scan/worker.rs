//! The background scan thread and the queries that combine its index with
//! on-demand reading of the part it has not reached.

use std::ops::ControlFlow;
use std::sync::{Arc, MutexGuard};

use super::block::{BlockSummary, Summarizer};
use super::feed::{BLOCK_SIZE, split_blocks};
use super::index::{ScanIndex, ScanState};
use super::pieces::Span;
use super::search::{first_span_in, last_span_in};
use super::tally::count_lf;
use crate::model::job::{Job, Shared};
use crate::model::source::{Source, SourceError};
use crate::model::window::unit_at;

/// The answer to a bounded search for an invalid span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// This span.
    Found(Span),
    /// There is none in that direction in the whole file.
    NoneInFile,
    /// None within the budget; the scan has not reached the rest yet.
    NotYet,
}

impl Lookup {
    /// The span, if one was found.
    pub fn found(self) -> Option<Span> {
        match self {
            Lookup::Found(span) => Some(span),
            Lookup::NoneInFile | Lookup::NotYet => None,
        }
    }
}

/// A whole-file scan running on its own thread; dropping it cancels it.
pub struct Scan {
    job: Job<ScanIndex>,
}

impl Scan {
    /// Starts scanning `source` in the background.
    pub fn start(source: Arc<Source>) -> Scan {
        Scan {
            job: Job::start("scan", source, ScanIndex::default(), run),
        }
    }

    /// A scan that indexes nothing: every lookup reads on demand. For tests
    /// of the on-demand paths, and for callers that need no index.
    pub fn not_started(source: Arc<Source>) -> Scan {
        Scan {
            job: Job::idle(source, ScanIndex::default()),
        }
    }

    /// Asks the scan to stop; it does so within one block.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Waits for the scan to end (completed, cancelled or failed).
    pub fn wait(&mut self) {
        self.job.wait();
    }

    /// Locks the index for reading; hold it briefly, the worker waits meanwhile.
    pub fn index(&self) -> MutexGuard<'_, ScanIndex> {
        self.job.lock()
    }

    /// Fraction of the file scanned, from 0.0 to 1.0.
    pub fn progress(&self) -> f64 {
        self.job.progress(ScanIndex::scanned)
    }

    /// The first invalid span starting at or after `from`: from the index where
    /// it reaches, by reading ahead on demand where it does not yet.
    pub fn next_invalid(&self, from: u64) -> Result<Option<Span>, SourceError> {
        Ok(self.next_invalid_within(from, u64::MAX)?.found())
    }

    /// The last invalid span starting before `before`.
    pub fn prev_invalid(&self, before: u64) -> Result<Option<Span>, SourceError> {
        Ok(self.prev_invalid_within(before, u64::MAX)?.found())
    }

    /// Like [`Scan::next_invalid`], but reads at most `budget` bytes past the
    /// part already indexed, so a caller that must stay responsive can ask
    /// again later ([`Lookup::NotYet`]) instead of waiting for a whole file.
    pub fn next_invalid_within(&self, from: u64, budget: u64) -> Result<Lookup, SourceError> {
        let source = self.job.source();
        let mut from = from;
        loop {
            let (block, scanned, complete) = {
                let index = self.index();
                (
                    index.error_block_after(from),
                    index.scanned(),
                    index.is_complete(),
                )
            };
            match block {
                Some((start, end)) => {
                    if let Some(span) = first_span_in(source, from.max(start), end)? {
                        return Ok(Lookup::Found(span));
                    }
                    from = end;
                }
                None if complete => return Ok(Lookup::NoneInFile),
                None => {
                    let start = from.max(scanned);
                    let end = start.saturating_add(budget).min(source.len());
                    return Ok(match first_span_in(source, start, end)? {
                        Some(span) => Lookup::Found(span),
                        None if end == source.len() => Lookup::NoneInFile,
                        None => Lookup::NotYet,
                    });
                }
            }
        }
    }

    /// Like [`Scan::prev_invalid`], reading at most `budget` bytes that the
    /// index does not cover yet.
    pub fn prev_invalid_within(&self, before: u64, budget: u64) -> Result<Lookup, SourceError> {
        let source = self.job.source();
        let scanned = self.index().scanned();
        if before > scanned {
            let start = before.saturating_sub(budget).max(scanned);
            if let Some(span) = last_span_in(source, start, before)? {
                return Ok(Lookup::Found(span));
            }
            if start > scanned {
                return Ok(Lookup::NotYet);
            }
        }
        let mut before = before.min(scanned);
        while let Some((start, end)) = self.index().error_block_before(before) {
            if let Some(span) = last_span_in(source, start, end.min(before))? {
                return Ok(Lookup::Found(span));
            }
            before = start;
        }
        Ok(Lookup::NoneInFile)
    }

    /// The 1-based line of `offset`, once the scan has indexed that far.
    pub fn line_of(&self, offset: u64) -> Result<Option<u64>, SourceError> {
        let (block, at_end) = {
            let index = self.index();
            let at_end =
                (offset >= index.scanned() && index.is_complete()).then_some(index.line_feeds());
            (index.block_holding(offset), at_end)
        };
        if let Some(line_feeds) = at_end {
            return Ok(Some(line_feeds + 1));
        }
        let Some((start, lf_before)) = block else {
            return Ok(None);
        };
        let bytes = self
            .job
            .source()
            .read_range(start, (offset - start) as usize)?;
        Ok(Some(lf_before + count_lf(&bytes) + 1))
    }
}

/// Bytes each scanning thread takes at a time.
const SEGMENT: u64 = 8 << 20;

/// The worker's loop: two segments at a time, one on this thread and one on
/// a helper (the blocks of a file summarize independently once cut at unit
/// boundaries), pushed into the shared index in file order.
fn run(shared: &Shared<ScanIndex>) {
    let source = &shared.source;
    let mut buffers = [Vec::new(), Vec::new()];
    let mut start = 0;
    let result = loop {
        if start >= source.len() || shared.cancelled() {
            break Ok(());
        }
        let [first_buffer, second_buffer] = &mut buffers;
        let segments = segment_end(source, start).and_then(|middle| {
            let end = segment_end(source, middle)?;
            std::thread::scope(|scope| {
                let second = scope.spawn(|| summarize_segment(source, middle, end, second_buffer));
                let first = summarize_segment(source, start, middle, first_buffer);
                let second = second.join().expect("the scan helper does not panic");
                Ok((first?, second?, end))
            })
        });
        match segments {
            Ok((first, second, end)) => {
                let mut index = shared.lock();
                for mut block in first.into_iter().chain(second) {
                    // Segments count line feeds from zero; make them absolute.
                    block.lf_before += index.line_feeds();
                    index.push(block);
                }
                start = end;
            }
            Err(error) => break Err(error),
        }
    };
    let state = match result {
        Err(error) => ScanState::Failed(error.to_string()),
        Ok(()) if shared.cancelled() => ScanState::Cancelled,
        Ok(()) => ScanState::Complete,
    };
    shared.lock().finish(state);
}

/// Where the segment starting at `start` ends: about [`SEGMENT`] bytes on, at
/// the start of the unit there, so that no unit is cut in two.
fn segment_end(source: &Source, start: u64) -> Result<u64, SourceError> {
    let target = start.saturating_add(SEGMENT);
    if target >= source.len() {
        return Ok(source.len());
    }
    Ok(unit_at(source, target)?.map_or(target, |unit| unit.offset))
}

/// Summarizes the blocks of `[start, end)`, reading them into `buffer` unless
/// the source is in memory already.
fn summarize_segment(
    source: &Source,
    start: u64,
    end: u64,
    buffer: &mut Vec<u8>,
) -> Result<Vec<BlockSummary>, SourceError> {
    let bytes = match source.as_bytes() {
        Some(all) => &all[start as usize..end as usize],
        None => {
            buffer.resize((end - start) as usize, 0);
            let n = source.read_at(start, buffer)?;
            &buffer[..n]
        }
    };
    let mut summarizer = Summarizer::starting_at(start);
    let mut blocks = Vec::with_capacity(bytes.len() / BLOCK_SIZE + 1);
    let (_, _always_continues) = split_blocks(bytes, BLOCK_SIZE, true, &mut |block| {
        blocks.push(summarizer.summarize(block));
        ControlFlow::Continue(())
    });
    Ok(blocks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_scanned_in_parallel_add_up_to_the_whole() {
        // Characters and errors straddling every segment boundary.
        let pattern = "é€😀\n".as_bytes();
        let mut bytes: Vec<u8> = pattern
            .iter()
            .copied()
            .cycle()
            .take(3 * SEGMENT as usize + 77)
            .collect();
        for boundary in [SEGMENT, 2 * SEGMENT, 3 * SEGMENT] {
            let at = boundary as usize;
            bytes[at - 1..at + 2].copy_from_slice(&[0xE2, 0x82, 0xFF]);
        }
        let mut expected = crate::model::UnitCounts::default();
        let mut line_feeds = 0;
        let mut whole = Summarizer::new();
        let _ = split_blocks(&bytes, BLOCK_SIZE, true, &mut |block| {
            let summary = whole.summarize(block);
            expected.add(&summary.counts);
            line_feeds += u64::from(summary.lf);
            ControlFlow::Continue(())
        });
        let mut scan = Scan::start(Arc::new(Source::from_bytes("t", bytes)));
        scan.wait();
        let index = scan.index();
        assert!(index.is_complete());
        assert_eq!(index.totals(), &expected);
        assert_eq!(index.line_feeds(), line_feeds);
        assert!(expected.invalid() >= 6);
    }

    #[test]
    fn bounded_lookups_say_not_yet_beyond_their_budget() {
        let mut bytes = vec![b'a'; 4 << 20];
        bytes[3 << 20] = 0xFF;
        bytes[10] = 0x80;
        let scan = Scan::not_started(Arc::new(Source::from_bytes("t", bytes)));
        let three_mib = 3 << 20;
        assert_eq!(
            scan.next_invalid_within(11, 1 << 20).unwrap(),
            Lookup::NotYet
        );
        let found = scan
            .next_invalid_within(11, u64::MAX)
            .unwrap()
            .found()
            .unwrap();
        assert_eq!(found.offset, three_mib);
        assert_eq!(
            scan.next_invalid_within(three_mib + 1, 1 << 20).unwrap(),
            Lookup::NoneInFile
        );
        assert_eq!(
            scan.prev_invalid_within(three_mib, 1 << 20).unwrap(),
            Lookup::NotYet
        );
        assert_eq!(
            scan.prev_invalid(three_mib).unwrap().map(|s| s.offset),
            Some(10)
        );
        assert_eq!(
            scan.prev_invalid_within(10, 1 << 20).unwrap(),
            Lookup::NoneInFile
        );
    }
}
