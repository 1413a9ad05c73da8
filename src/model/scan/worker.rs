//! The background scan thread and the queries that combine its index with
//! on-demand reading of the part it has not reached.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use super::block::Summarizer;
use super::feed::for_each_block_of;
use super::index::{ScanIndex, ScanState};
use super::pieces::Span;
use super::search::{first_span_in, last_span_in};
use super::tally::count_lf;
use crate::model::source::{Source, SourceError};

struct Shared {
    source: Arc<Source>,
    index: Mutex<ScanIndex>,
    cancel: AtomicBool,
}

/// A whole-file scan running on its own thread; dropping it cancels it.
pub struct Scan {
    shared: Arc<Shared>,
    worker: Option<JoinHandle<()>>,
}

impl Scan {
    /// Starts scanning `source` in the background.
    pub fn start(source: Arc<Source>) -> Scan {
        let shared = Arc::new(Shared {
            source,
            index: Mutex::new(ScanIndex::default()),
            cancel: AtomicBool::new(false),
        });
        let for_worker = Arc::clone(&shared);
        let worker = std::thread::Builder::new()
            .name("utf8scope-scan".into())
            .spawn(move || run(&for_worker))
            .expect("cannot start the scan thread");
        Scan {
            shared,
            worker: Some(worker),
        }
    }

    /// The source being scanned.
    pub fn source(&self) -> &Arc<Source> {
        &self.shared.source
    }

    /// Asks the scan to stop; it does so within one block.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// Waits for the scan to end (completed, cancelled or failed).
    pub fn wait(&mut self) {
        if let Some(worker) = self.worker.take() {
            // A panic in the worker has already been reported by the hook.
            let _ = worker.join();
        }
    }

    /// Locks the index for reading; hold it briefly, the worker waits meanwhile.
    pub fn index(&self) -> MutexGuard<'_, ScanIndex> {
        lock(&self.shared.index)
    }

    /// Fraction of the file scanned, from 0.0 to 1.0.
    pub fn progress(&self) -> f64 {
        let len = self.shared.source.len();
        if len == 0 {
            return 1.0;
        }
        self.index().scanned() as f64 / len as f64
    }

    /// The first invalid span starting at or after `from`: from the index where
    /// it reaches, by reading ahead on demand where it does not yet.
    pub fn next_invalid(&self, from: u64) -> Result<Option<Span>, SourceError> {
        let source = &self.shared.source;
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
                        return Ok(Some(span));
                    }
                    from = end;
                }
                None if complete => return Ok(None),
                None => return first_span_in(source, from.max(scanned), source.len()),
            }
        }
    }

    /// The last invalid span starting before `before`.
    pub fn prev_invalid(&self, before: u64) -> Result<Option<Span>, SourceError> {
        let source = &self.shared.source;
        let scanned = self.index().scanned();
        if before > scanned
            && let Some(span) = last_span_in(source, scanned, before)?
        {
            return Ok(Some(span));
        }
        let mut before = before.min(scanned);
        while let Some((start, end)) = self.index().error_block_before(before) {
            if let Some(span) = last_span_in(source, start, end.min(before))? {
                return Ok(Some(span));
            }
            before = start;
        }
        Ok(None)
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
            .shared
            .source
            .read_range(start, (offset - start) as usize)?;
        Ok(Some(lf_before + count_lf(&bytes) + 1))
    }
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.cancel();
        self.wait();
    }
}

/// The worker's loop: scan block after block into the shared index.
fn run(shared: &Shared) {
    let mut summarizer = Summarizer::new();
    let result = for_each_block_of(&shared.source, |block| {
        if shared.cancel.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        let summary = summarizer.summarize(block);
        lock(&shared.index).push(summary);
        ControlFlow::Continue(())
    });
    let state = match result {
        Err(error) => ScanState::Failed(error.to_string()),
        Ok(()) if shared.cancel.load(Ordering::Relaxed) => ScanState::Cancelled,
        Ok(()) => ScanState::Complete,
    };
    lock(&shared.index).finish(state);
}

fn lock(index: &Mutex<ScanIndex>) -> MutexGuard<'_, ScanIndex> {
    index
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
