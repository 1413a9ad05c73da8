//! Findings computed on a background thread, for front ends that must not
//! wait for them: the inspector draws with whatever has been found so far.

use std::ops::ControlFlow;
use std::sync::{Arc, MutexGuard};

use super::{EncodedScanner, Finding, FindingsScanner, Repairer, Severity};
use crate::model::blocks::line_aligned::LineAligned;
use crate::model::blocks::pipeline::{Sink, read_through, source_feed};
use crate::model::job::{Job, Shared};
use crate::model::scan::ScanState;
use crate::model::source::SourceError;
use crate::model::text::Text;

/// Findings kept in memory: a binary file can have a "control character" in
/// every few bytes, and those past this many are counted, not kept.
pub const MAX_KEPT: usize = 100_000;

/// How far back [`FindingsIndex::covering`] looks for a long finding that
/// started before an offset (mojibake runs span at most a line).
const COVERING_LOOKBACK: usize = 256;

/// What has been found so far.
#[derive(Debug)]
pub struct FindingsIndex {
    /// The first [`MAX_KEPT`] findings, in file order.
    findings: Vec<Finding>,
    warnings: u64,
    infos: u64,
    /// Bytes looked at so far.
    scanned: u64,
    state: ScanState,
    /// Past the kept findings, at the end of each block that ended a line:
    /// its end and how many findings start before it (see
    /// [`FindingsIndex::checkpoint_before`]).
    checkpoints: Vec<(u64, u64)>,
}

impl Default for FindingsIndex {
    fn default() -> Self {
        FindingsIndex {
            findings: Vec::new(),
            warnings: 0,
            infos: 0,
            scanned: 0,
            state: ScanState::Running,
            checkpoints: Vec::new(),
        }
    }
}

impl FindingsIndex {
    /// The findings kept, in file order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Findings found in all (kept or not).
    pub fn total(&self) -> u64 {
        self.warnings + self.infos
    }

    /// Warnings found.
    pub fn warnings(&self) -> u64 {
        self.warnings
    }

    /// Info findings found.
    pub fn infos(&self) -> u64 {
        self.infos
    }

    /// Whether some findings were counted but not kept.
    pub fn is_capped(&self) -> bool {
        self.total() > self.findings.len() as u64
    }

    /// Bytes looked at so far.
    pub fn scanned(&self) -> u64 {
        self.scanned
    }

    /// Running, complete, or why it stopped.
    pub fn state(&self) -> &ScanState {
        &self.state
    }

    /// The kept findings whose bytes include `offset`.
    pub fn covering(&self, offset: u64) -> Vec<&Finding> {
        let after = self.findings.partition_point(|f| f.offset <= offset);
        let mut found: Vec<&Finding> = self.findings
            [after.saturating_sub(COVERING_LOOKBACK)..after]
            .iter()
            .filter(|f| offset < f.offset + f.len.max(1))
            .collect();
        found.reverse();
        found
    }

    /// The kept findings that overlap `[start, end)`, in file order.
    pub fn overlapping(&self, start: u64, end: u64) -> Vec<&Finding> {
        let until = self.findings.partition_point(|f| f.offset < end);
        let from = self.findings[..until].partition_point(|f| f.offset < start);
        self.findings[from.saturating_sub(COVERING_LOOKBACK)..until]
            .iter()
            .filter(|f| f.offset + f.len.max(1) > start)
            .collect()
    }

    /// Index of the first kept finding that starts after `offset`.
    pub fn next_after(&self, offset: u64) -> Option<usize> {
        let at = self.findings.partition_point(|f| f.offset <= offset);
        (at < self.findings.len()).then_some(at)
    }

    /// Index of the last kept finding that starts before `offset`.
    pub fn prev_before(&self, offset: u64) -> Option<usize> {
        self.findings
            .partition_point(|f| f.offset < offset)
            .checked_sub(1)
    }

    /// The last checkpoint at or before the start of the finding numbered
    /// `number` (from 0, in file order) past the kept ones: an offset
    /// where a line starts and how many findings start before it. A
    /// [`FindingsListing`](super::FindingsListing) counts on from there.
    pub fn checkpoint_before(&self, number: u64) -> Option<(u64, u64)> {
        let after = self
            .checkpoints
            .partition_point(|&(_, before)| before <= number);
        after.checked_sub(1).map(|i| self.checkpoints[i])
    }

    /// The last checkpoint at or before `offset` (see
    /// [`checkpoint_before`](Self::checkpoint_before)).
    pub fn checkpoint_at_or_before(&self, offset: u64) -> Option<(u64, u64)> {
        let after = self.checkpoints.partition_point(|&(at, _)| at <= offset);
        after.checked_sub(1).map(|i| self.checkpoints[i])
    }

    /// Takes the findings of the block that ends at `end` (and ends a line
    /// if `line_ends`).
    fn add_block(&mut self, batch: Vec<Finding>, end: u64, line_ends: bool) {
        self.add(batch);
        self.scanned = end;
        if line_ends && self.is_capped() {
            self.checkpoints.push((end, self.total()));
        }
    }

    fn add(&mut self, batch: Vec<Finding>) {
        for finding in batch {
            match finding.severity {
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
            if self.findings.len() < MAX_KEPT {
                // Nearly always in order; a file-wide finding (mixed line
                // endings) comes at the end but points back.
                let at = self
                    .findings
                    .partition_point(|f| f.offset <= finding.offset);
                self.findings.insert(at, finding);
            }
        }
    }
}

/// A findings pass running on its own thread; dropping it cancels it.
pub struct FindingsJob {
    job: Job<FindingsIndex>,
}

impl FindingsJob {
    /// Starts looking for findings in `source` in the background, with
    /// `repairer`.
    pub fn start(source: Arc<Text>, repairer: Arc<Repairer>) -> FindingsJob {
        FindingsJob {
            job: Job::start("findings", source, FindingsIndex::default(), |shared| {
                run(shared, repairer)
            }),
        }
    }

    /// The findings a job's worker builds (see [`crate::model::pass`]).
    pub(crate) fn from_job(job: Job<FindingsIndex>) -> FindingsJob {
        FindingsJob { job }
    }

    /// A pass done on this thread before it returns: for small inputs and tests.
    pub fn inline(source: Arc<Text>, repairer: Arc<Repairer>) -> FindingsJob {
        FindingsJob {
            job: Job::inline(source, FindingsIndex::default(), |shared| {
                run(shared, repairer)
            }),
        }
    }

    /// A pass that looks at nothing (yet): for a source still being read.
    pub fn not_started(source: Arc<Text>) -> FindingsJob {
        FindingsJob {
            job: Job::idle(source, FindingsIndex::default()),
        }
    }

    /// Asks the worker to stop; it does so between blocks.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Waits for the worker to end (completed, cancelled or failed).
    pub fn wait(&mut self) {
        self.job.wait();
    }

    /// Locks the index for reading; hold it briefly, the worker waits meanwhile.
    pub fn index(&self) -> MutexGuard<'_, FindingsIndex> {
        self.job.lock()
    }

    /// Fraction of the file looked at, from 0.0 to 1.0.
    pub fn progress(&self) -> f64 {
        self.job.progress(FindingsIndex::scanned)
    }
}

fn run(shared: &Shared<FindingsIndex>, repairer: Arc<Repairer>) {
    let mut sink = IndexSink::new(shared, repairer);
    let read = read_through(
        source_feed(&shared.source),
        FindingsScanner::LINES_BLOCK,
        &mut sink,
    );
    sink.close(read);
}

/// The findings pass as a [`Sink`]: it looks at each block of the file in
/// turn and adds what it finds to the shared index. Any unit-aligned cut of
/// the file will do; it aligns blocks on lines itself.
pub(crate) enum IndexSink<'a> {
    /// A UTF-8 source, judged a line at a time.
    Utf8(LineAligned<Utf8Lines<'a>>),
    /// A source in another encoding: findings in its decoded text.
    Encoded {
        /// The index the findings go to.
        shared: &'a Shared<FindingsIndex>,
        /// What decodes the file and looks at its text.
        scanner: EncodedScanner,
    },
}

/// The UTF-8 findings pass's lines, each looked at and published.
pub(crate) struct Utf8Lines<'a> {
    shared: &'a Shared<FindingsIndex>,
    scanner: FindingsScanner,
}

impl Sink for Utf8Lines<'_> {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        if self.shared.cancelled() {
            return ControlFlow::Break(());
        }
        self.scanner.feed_lines(block);
        let batch = self.scanner.take_findings();
        let mut index = self.shared.lock();
        let end = index.scanned + block.len() as u64;
        index.add_block(batch, end, block.ends_with(b"\n"));
        ControlFlow::Continue(())
    }
}

impl<'a> IndexSink<'a> {
    /// The pass over `shared`'s source, in its encoding, with `repairer`.
    pub(crate) fn new(shared: &'a Shared<FindingsIndex>, repairer: Arc<Repairer>) -> Self {
        let encoding = shared.source.encoding();
        if encoding.is_utf8() {
            let scanner = FindingsScanner::with_repairer(repairer);
            IndexSink::Utf8(LineAligned::new(Utf8Lines { shared, scanner }))
        } else {
            let scanner = EncodedScanner::new(encoding, Some(repairer));
            IndexSink::Encoded { shared, scanner }
        }
    }

    /// Records how the read ended: after the whole file, the findings
    /// only its end shows go in too.
    pub(crate) fn close(self, read: Result<ControlFlow<()>, SourceError>) {
        let shared = match &self {
            IndexSink::Utf8(lines) => lines.inner().shared,
            IndexSink::Encoded { shared, .. } => shared,
        };
        let state = match read {
            Err(error) => ScanState::Failed(error.to_string()),
            Ok(ControlFlow::Break(())) => ScanState::Cancelled,
            Ok(ControlFlow::Continue(())) if shared.cancelled() => ScanState::Cancelled,
            Ok(ControlFlow::Continue(())) => {
                let last = match self {
                    IndexSink::Utf8(lines) => lines.into_inner().scanner.finish(),
                    IndexSink::Encoded { scanner, .. } => {
                        let (last, late) = scanner.finish();
                        let mut found = last.findings;
                        found.extend(late);
                        found
                    }
                };
                let mut index = shared.lock();
                index.add(last);
                index.scanned = shared.source.len();
                ScanState::Complete
            }
        };
        shared.lock().state = state;
    }
}

impl Sink for IndexSink<'_> {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        match self {
            IndexSink::Utf8(lines) => lines.block(block),
            IndexSink::Encoded { shared, scanner } => {
                if shared.cancelled() {
                    return ControlFlow::Break(());
                }
                let found = scanner.push(block).findings;
                let mut index = shared.lock();
                index.scanned += block.len() as u64;
                index.add(found);
                ControlFlow::Continue(())
            }
        }
    }

    fn end(&mut self) -> ControlFlow<()> {
        match self {
            IndexSink::Utf8(lines) => lines.end(),
            IndexSink::Encoded { .. } => ControlFlow::Continue(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_job_finds_what_findings_of_finds() {
        let mut text = "x".repeat(70_000);
        text.push_str(" cafÃ© \u{202E} a\r\nb\n");
        let source = Arc::new(Text::from_bytes("t", text.into_bytes()));
        let mut job = FindingsJob::start(Arc::clone(&source), Arc::default());
        job.wait();
        let index = job.index();
        assert_eq!(index.state(), &ScanState::Complete);
        assert_eq!(index.scanned(), source.len());
        let expected = super::super::findings_of(&source).unwrap();
        assert_eq!(index.findings(), expected.as_slice());
        assert_eq!(index.total(), 3);
        assert_eq!((index.warnings(), index.infos()), (2, 1));
    }

    #[test]
    fn lookups_by_offset() {
        let text = "ab cafÃ© \u{200B}z";
        let source = Arc::new(Text::from_bytes("t", text.as_bytes().to_vec()));
        let mut job = FindingsJob::start(source, Arc::default());
        job.wait();
        let index = job.index();
        // "cafÃ©" is 3..10, U+200B is 11..14.
        let offsets: Vec<u64> = index.findings().iter().map(|f| f.offset).collect();
        assert_eq!(offsets, [3, 11]);
        assert_eq!(index.covering(5).len(), 1);
        assert!(index.covering(10).is_empty());
        assert_eq!(index.next_after(3), Some(1));
        assert_eq!(index.next_after(11), None);
        assert_eq!(index.prev_before(11), Some(0));
        assert_eq!(index.prev_before(3), None);
        assert_eq!(index.overlapping(9, 12).len(), 2);
        assert_eq!(index.overlapping(10, 11).len(), 0);
    }

    #[test]
    fn past_the_cap_findings_are_counted_not_kept() {
        // (A run of controls is one finding, and a line lists a thousand of
        // a kind: these are apart, one a line.)
        let controls = b"\x01a\n".repeat(MAX_KEPT + 10);
        let mut job = FindingsJob::start(Arc::new(Text::from_bytes("t", controls)), Arc::default());
        job.wait();
        let index = job.index();
        assert_eq!(index.findings().len(), MAX_KEPT);
        assert_eq!(index.total(), MAX_KEPT as u64 + 10);
        assert!(index.is_capped());
    }
}
