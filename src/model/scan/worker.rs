//! The background scan thread and the queries that combine its index with
//! on-demand reading of the part it has not reached.

use std::ops::ControlFlow;
use std::sync::{Arc, MutexGuard};

use super::index::{ScanIndex, ScanState};
use super::search::{first_span_in, last_span_in};
use super::summary::{BlockSummary, Summarizer};
use super::units::{after_line_feed, lines_of, spans_of, walk_units};
use crate::model::blocks::feed::{SCAN_BLOCK, split_blocks};
use crate::model::blocks::pieces::Span;
use crate::model::blocks::pipeline::Sink;
use crate::model::encoding::UnitReader;
use crate::model::job::{Job, Shared};
use crate::model::resync::reader_at;
use crate::model::settings::Settings;
use crate::model::source::SourceError;
use crate::model::text::Text;
use crate::model::unit::UnitKind;
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
    /// Starts scanning `source` in the background, on as many threads as
    /// `settings` say.
    pub fn start(source: Arc<Text>, settings: Settings) -> Scan {
        let config = ScanConfig {
            threads: settings.threads.get(),
            ..ScanConfig::default()
        };
        Scan::start_with(source, config)
    }

    /// Starts scanning with explicit block and segment sizes and thread
    /// count: for tests that cut the file anyhow.
    pub fn start_with(source: Arc<Text>, config: ScanConfig) -> Scan {
        Scan {
            job: Job::start("scan", source, ScanIndex::default(), move |shared| {
                run(shared, config)
            }),
        }
    }

    /// The scan a job's worker builds (see [`crate::model::pass`]).
    pub(crate) fn from_job(job: Job<ScanIndex>) -> Scan {
        Scan { job }
    }

    /// A scan done on this thread before it returns (one thread, no helper):
    /// for small inputs and tests.
    pub fn inline(source: Arc<Text>) -> Scan {
        let config = ScanConfig {
            threads: 1,
            ..ScanConfig::default()
        };
        Scan {
            job: Job::inline(source, ScanIndex::default(), |shared| run(shared, config)),
        }
    }

    /// A scan that indexes nothing: every lookup reads on demand. For tests
    /// of the on-demand paths, and for callers that need no index.
    pub fn not_started(source: Arc<Text>) -> Scan {
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

    /// The offset of 1-based `line` and `column` (columns count units, as
    /// `check` does; a column past the line's end gives its end), once the
    /// scan has indexed that far; `Ok(None)` before. A line past the file's
    /// last is [`LinePlace::PastEnd`].
    pub fn offset_of(&self, line: u64, column: u64) -> Result<Option<LinePlace>, SourceError> {
        let source = self.job.source();
        let line_feeds = line.saturating_sub(1);
        let line_start = if line_feeds == 0 {
            0
        } else {
            let (block, complete, indexed) = {
                let index = self.index();
                (
                    index.block_with_line_feed(line_feeds).copied(),
                    index.is_complete(),
                    index.line_feeds(),
                )
            };
            let Some(block) = block else {
                return Ok((complete || indexed >= line_feeds).then_some(LinePlace::PastEnd));
            };
            let bytes = source.read_range(block.start, block.len as usize)?;
            let nth = line_feeds - block.lf_before;
            let after = after_line_feed(reader_at(source, block.start)?, &bytes, nth)
                .expect("the block holds that line feed");
            block.start + after as u64
        };
        // Step over `column - 1` units, stopping at the line's end.
        let mut at = line_start;
        let mut left = column.saturating_sub(1);
        while left > 0 {
            let Some(unit) = unit_at(source, at)? else {
                break;
            };
            if unit.kind == UnitKind::Char('\n') {
                break;
            }
            at = unit.end();
            left -= 1;
        }
        Ok(Some(LinePlace::At(at.min(source.len().saturating_sub(1)))))
    }

    /// Which invalid span, counted from 1 in file order, starts at `offset`
    /// (which must be a span's start), once the scan has indexed that far.
    pub fn span_number(&self, offset: u64) -> Result<Option<u64>, SourceError> {
        let Some(block) = self.index().block_holding(offset).copied() else {
            return Ok(None);
        };
        let source = self.job.source();
        let bytes = source.read_range(block.start, (offset - block.start) as usize)?;
        let reader = reader_at(source, block.start)?;
        let before_in_block = spans_of(reader, &bytes, block.start).len() as u64;
        Ok(Some(block.invalid_before + before_in_block + 1))
    }

    /// The 1-based line of `offset`, once the scan has indexed that far.
    pub fn line_of(&self, offset: u64) -> Result<Option<u64>, SourceError> {
        Ok(self.position_of(offset)?.map(|(line, _)| line))
    }

    /// The 1-based line and column of the unit holding `offset`, counted as
    /// `check` counts them (columns in units from the line's start), once
    /// the scan has indexed that far.
    pub fn position_of(&self, offset: u64) -> Result<Option<(u64, u64)>, SourceError> {
        let source = self.job.source();
        let offset = match unit_at(source, offset)? {
            Some(unit) => unit.offset,
            None => offset.min(source.len()),
        };
        let (block, at_end) = {
            let index = self.index();
            let at_end =
                (offset >= index.scanned() && index.is_complete()).then(|| index.end_position());
            (index.block_holding(offset).copied(), at_end)
        };
        if let Some((line_feeds, column)) = at_end {
            return Ok(Some((line_feeds + 1, column + 1)));
        }
        let Some(block) = block else {
            return Ok(None);
        };
        let bytes = source.read_range(block.start, (offset - block.start) as usize)?;
        let position = match lines_of(reader_at(source, block.start)?, &bytes) {
            (line_feeds, since, true) => (block.lf_before + line_feeds + 1, since + 1),
            (_, units, false) => (block.lf_before + 1, block.column_before + units + 1),
        };
        Ok(Some(position))
    }
}

/// Where a line and column are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinePlace {
    /// At this offset.
    At(u64),
    /// The file has fewer lines.
    PastEnd,
}

/// How the scan cuts the file and how many threads it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanConfig {
    /// Nominal size of a block, the index's granularity.
    pub block: usize,
    /// Bytes each scanning thread takes at a time.
    pub segment: u64,
    /// Segments summarized at once, each on a thread of its own.
    pub threads: usize,
}

impl Default for ScanConfig {
    fn default() -> Self {
        ScanConfig {
            block: SCAN_BLOCK,
            segment: SEGMENT,
            threads: 1,
        }
    }
}

/// Bytes each scanning thread takes at a time.
const SEGMENT: u64 = 8 << 20;

/// The worker's loop (see [`scan_feeding`]), feeding nothing else.
fn run(shared: &Shared<ScanIndex>, config: ScanConfig) {
    let _ = scan_feeding(shared, config, &mut |_: &[u8]| ControlFlow::Continue(()));
}

/// Scans the source into the index, `threads` segments at a time, the
/// first on this thread and the others on helpers (the blocks of a file
/// summarize independently once cut at unit boundaries), pushed into the
/// index in file order; the index places each block among the lines.
///
/// The bytes of each segment, once summarized, go on to `also` in file
/// order (the same read feeds another pass), and `also` is ended at the end
/// of the file. The scan stops when it is cancelled or `also` stops it;
/// the index records why it ended, and the same is returned.
pub(crate) fn scan_feeding(
    shared: &Shared<ScanIndex>,
    config: ScanConfig,
    also: &mut impl Sink,
) -> Result<ControlFlow<()>, SourceError> {
    let source = &shared.source;
    let threads = config.threads.max(1);
    let mut buffers = vec![Vec::new(); threads];
    let mut start = 0;
    let result = loop {
        if shared.cancelled() {
            break Ok(ControlFlow::Break(()));
        }
        if start >= source.len() {
            break Ok(also.end());
        }
        let mut bounds = vec![start];
        let cut = (0..threads).try_for_each(|_| -> Result<(), SourceError> {
            let from = *bounds.last().expect("bounds start with `start`");
            bounds.push(segment_end(source, from, config.segment)?);
            Ok(())
        });
        let summaries = cut.and_then(|()| {
            std::thread::scope(|scope| {
                let mut parts = bounds.windows(2).zip(buffers.iter_mut());
                let (first, first_buffer) = parts.next().expect("at least one segment");
                let helpers: Vec<_> = parts
                    .map(|(bounds, buffer)| {
                        scope.spawn(move || {
                            summarize_segment(source, bounds[0], bounds[1], config.block, buffer)
                        })
                    })
                    .collect();
                let mut all =
                    summarize_segment(source, first[0], first[1], config.block, first_buffer)?;
                for helper in helpers {
                    all.extend(helper.join().expect("the scan helper does not panic")?);
                }
                Ok(all)
            })
        });
        let blocks = match summaries {
            Ok(blocks) => blocks,
            Err(error) => break Err(error),
        };
        {
            let mut index = shared.lock();
            for block in blocks {
                index.push(block);
            }
        }
        let fed = bounds
            .windows(2)
            .zip(&buffers)
            .try_for_each(|(bounds, buffer)| {
                let bytes = match source.as_bytes() {
                    Some(all) => &all[bounds[0] as usize..bounds[1] as usize],
                    None => &buffer[..],
                };
                also.block(bytes)
            });
        if fed.is_break() {
            break Ok(fed);
        }
        start = *bounds.last().expect("bounds are not empty");
    };
    let state = match &result {
        Err(error) => ScanState::Failed(error.to_string()),
        Ok(ControlFlow::Break(())) => ScanState::Cancelled,
        Ok(ControlFlow::Continue(())) => ScanState::Complete,
    };
    shared.lock().finish(state);
    result
}

/// Where the segment starting at `start` ends: about `segment` bytes on, at
/// the start of the unit there, so that no unit is cut in two.
fn segment_end(source: &Text, start: u64, segment: u64) -> Result<u64, SourceError> {
    let target = start.saturating_add(segment.max(1));
    if target >= source.len() {
        return Ok(source.len());
    }
    Ok(unit_at(source, target)?.map_or(target, |unit| unit.offset))
}

/// Summarizes the blocks of `[start, end)`, reading them into `buffer` unless
/// the source is in memory already.
fn summarize_segment(
    source: &Text,
    start: u64,
    end: u64,
    block_size: usize,
    buffer: &mut Vec<u8>,
) -> Result<Vec<BlockSummary>, SourceError> {
    let bytes = match source.as_bytes() {
        Some(all) => &all[start as usize..end as usize],
        None => {
            buffer.resize((end - start) as usize, 0);
            let n = source.read_at(start, buffer)?;
            buffer.truncate(n);
            &buffer[..]
        }
    };
    if !source.encoding().is_utf8() {
        return Ok(summarize_encoded(
            reader_at(source, start)?,
            bytes,
            start,
            block_size,
        ));
    }
    let mut summarizer = Summarizer::starting_at(start);
    let mut blocks = Vec::with_capacity(bytes.len() / block_size.max(1) + 1);
    let (_, _always_continues) = split_blocks(bytes, block_size.max(1), true, &mut |block| {
        blocks.push(summarizer.summarize(block));
        ControlFlow::Continue(())
    });
    Ok(blocks)
}

/// The summaries of the blocks of `bytes` (whole units from file offset
/// `start`, where `reader` is), cut at unit starts about `block_size` apart.
fn summarize_encoded(
    reader: UnitReader,
    bytes: &[u8],
    start: u64,
    block_size: usize,
) -> Vec<BlockSummary> {
    let mut blocks = Vec::with_capacity(bytes.len() / block_size.max(1) + 1);
    let mut block = BlockSummary {
        start,
        ..BlockSummary::default()
    };
    walk_units(reader, bytes, start, bytes.len(), |unit| {
        if unit.offset - block.start >= block_size as u64 {
            let next = BlockSummary {
                start: unit.offset,
                ..BlockSummary::default()
            };
            blocks.push(std::mem::replace(&mut block, next));
        }
        block.len += u32::from(unit.len);
        match unit.kind {
            UnitKind::Invalid(kind) => block.counts.invalid_by_kind[kind.index()] += 1,
            // An escape sequence is a unit (a column) but no character.
            UnitKind::Shift => {}
            UnitKind::Char(c) => {
                let class = match unit.len {
                    1 => &mut block.counts.ascii,
                    2 => &mut block.counts.two_byte,
                    3 => &mut block.counts.three_byte,
                    _ => &mut block.counts.four_byte,
                };
                *class += 1;
                if c == '\n' {
                    block.lf += 1;
                    block.tail_units = 0;
                    return;
                }
            }
        }
        block.tail_units += 1;
    });
    if block.len > 0 {
        blocks.push(block);
    }
    blocks
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
        let _ = split_blocks(&bytes, SCAN_BLOCK, true, &mut |block| {
            let summary = whole.summarize(block);
            expected.add(&summary.counts);
            line_feeds += u64::from(summary.lf);
            ControlFlow::Continue(())
        });
        let mut scan = Scan::start(Arc::new(Text::from_bytes("t", bytes)), Settings::default());
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
        let scan = Scan::not_started(Arc::new(Text::from_bytes("t", bytes)));
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

#[cfg(test)]
mod encoded_tests {
    use super::*;
    use crate::model::Encoding;
    use crate::model::blocks::pieces::Span;
    use crate::model::encoding::ShiftState;
    use crate::model::source::Source;

    /// UTF-16LE text of many lines with unpaired surrogates here and there.
    fn utf16_with_errors() -> Vec<u8> {
        let mut bytes = Vec::new();
        for i in 0..4000u32 {
            let line = format!("line {i}: Папа \u{10C0C} ok\n");
            bytes.extend(line.encode_utf16().flat_map(u16::to_le_bytes));
            if i % 7 == 3 {
                bytes.extend_from_slice(&0xDC00u16.to_le_bytes());
            }
        }
        bytes
    }

    /// ISO-2022-JP text of many lines, some with a line feed inside JIS X
    /// 0208 (an error) and runs of two-byte chars long enough that blocks
    /// and segments start between escape sequences.
    fn iso2022jp_with_errors() -> Vec<u8> {
        let mut bytes = Vec::new();
        for i in 0..3000u32 {
            bytes.extend(format!("line {i}: \x1b$B").as_bytes());
            bytes.extend(b"0!F|K%".repeat((i % 5) as usize * 40 + 1));
            if i % 7 == 3 {
                // A line feed in JIS X 0208, and two escapes in a row.
                bytes.extend(b"\n0\x1b(B\x1b(J\\");
            }
            bytes.extend(b"\x1b(B ok\n");
        }
        bytes
    }

    #[test]
    fn a_utf16_scan_places_spans_as_a_walk_from_the_start_does() {
        scan_places_spans_as_a_walk_does(Encoding::UTF_16LE, utf16_with_errors());
    }

    #[test]
    fn an_iso2022jp_scan_places_spans_as_a_walk_from_the_start_does() {
        let encoding = Encoding::for_label("iso-2022-jp").expect("known");
        scan_places_spans_as_a_walk_does(encoding, iso2022jp_with_errors());
    }

    /// Checks that a scan of `bytes` cut in small blocks and segments finds
    /// the spans, lines and columns a walk from the start finds.
    fn scan_places_spans_as_a_walk_does(encoding: Encoding, bytes: Vec<u8>) {
        let source = Arc::new(Source::from_bytes("t", bytes.clone()).in_encoding(encoding));
        let config = ScanConfig {
            block: 4096,
            segment: 20_000,
            threads: 2,
        };
        let mut scan = Scan::start_with(Arc::clone(&source), config);
        scan.wait();
        // The reference: walk every unit from the start.
        let (mut line, mut column) = (1, 1);
        let mut expected: Vec<(Span, u64, u64)> = Vec::new();
        let reader = UnitReader::new(encoding, ShiftState::default());
        walk_units(reader, &bytes, 0, bytes.len(), |unit| {
            if let Some(kind) = unit.invalid_kind() {
                let span = Span {
                    offset: unit.offset,
                    len: unit.len,
                    kind,
                };
                expected.push((span, line, column));
            }
            if unit.kind == UnitKind::Char('\n') {
                (line, column) = (line + 1, 1);
            } else {
                column += 1;
            }
        });
        assert!(expected.len() > 100, "{}", expected.len());
        assert_eq!(scan.index().totals().invalid(), expected.len() as u64);
        let mut from = 0;
        for (number, (span, line, column)) in expected.iter().enumerate() {
            let found = scan.next_invalid(from).unwrap().unwrap();
            assert_eq!(found, *span);
            assert_eq!(
                scan.position_of(span.offset).unwrap(),
                Some((*line, *column))
            );
            assert_eq!(
                scan.span_number(span.offset).unwrap(),
                Some(number as u64 + 1)
            );
            assert_eq!(
                scan.offset_of(*line, *column).unwrap(),
                Some(LinePlace::At(span.offset))
            );
            from = span.end();
        }
        assert_eq!(scan.next_invalid(from).unwrap(), None);
        let last = expected.last().unwrap().0;
        assert_eq!(scan.prev_invalid(source.len()).unwrap(), Some(last));
    }
}
