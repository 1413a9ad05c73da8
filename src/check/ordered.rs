//! Checking files on several threads while writing their reports in the
//! files' order. The jobs come from an iterator (the walk of a tree, which
//! so runs on the workers, interleaved with the checks, as ripgrep does):
//! workers take them in order, a batch at a time, and the calling thread
//! writes each result once those before it are written. Workers stay at
//! most [`AHEAD`] jobs ahead of the writer, so a slow file (a large one, or
//! a FIFO) never makes the reports behind it pile up.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// Jobs a worker may start beyond the last one written.
const AHEAD: usize = 1024;

/// Jobs a worker takes at once: their results go to the writer together,
/// one wake-up for several small files.
const BATCH: usize = 16;

/// Where the run is: the jobs not handed out yet, and how far the writer
/// got. Only a worker that got too far ahead waits, on `room`.
struct Progress<I> {
    /// The jobs left, and the index of the next one.
    jobs: Mutex<(I, usize)>,
    /// Jobs written.
    written: AtomicUsize,
    /// Workers waiting for the writer.
    waiting: AtomicUsize,
    /// Stop handing out jobs.
    stop: AtomicBool,
    /// What waiting workers wait on.
    lock: Mutex<()>,
    room: Condvar,
}

impl<J, I: Iterator<Item = J>> Progress<I> {
    /// The next batch of jobs and the index of its first, once it is within
    /// [`AHEAD`] of the writer; `None` when the jobs are all handed out or
    /// the run stops.
    fn take(&self) -> Option<(usize, Vec<J>)> {
        loop {
            if self.stop.load(Ordering::Acquire) {
                return None;
            }
            {
                let mut jobs = self.jobs.lock().expect("no panics");
                let first = jobs.1;
                if first < self.written.load(Ordering::Acquire) + AHEAD {
                    let batch: Vec<J> = jobs.0.by_ref().take(BATCH).collect();
                    jobs.1 += batch.len();
                    return (!batch.is_empty()).then_some((first, batch));
                }
            }
            let guard = self.lock.lock().expect("no panics");
            self.waiting.fetch_add(1, Ordering::SeqCst);
            // Checked again under the lock: the writer notifies under it.
            let next = self.jobs.lock().expect("no panics").1;
            if next >= self.written.load(Ordering::SeqCst) + AHEAD
                && !self.stop.load(Ordering::SeqCst)
            {
                drop(self.room.wait(guard).expect("no panics"));
            }
            self.waiting.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Records that `written` jobs are written, waking waiting workers.
    fn wrote(&self, written: usize) {
        self.written.store(written, Ordering::SeqCst);
        if self.waiting.load(Ordering::SeqCst) > 0 {
            let _guard = self.lock.lock().expect("no panics");
            self.room.notify_all();
        }
    }

    /// Stops the run: no more jobs are handed out.
    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let _guard = self.lock.lock().expect("no panics");
        self.room.notify_all();
    }
}

/// Runs `work` on every job of `jobs` on `threads` threads, and `write`
/// on this thread with each result in the jobs' order. The first error
/// `write` returns stops the run (jobs not started are not done) and is
/// returned.
pub fn run<J, T: Send, E>(
    jobs: impl Iterator<Item = J> + Send,
    threads: usize,
    work: impl Fn(J) -> T + Sync,
    mut write: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let progress = Progress {
        jobs: Mutex::new((jobs, 0)),
        written: AtomicUsize::new(0),
        waiting: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        lock: Mutex::new(()),
        room: Condvar::new(),
    };
    let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<T>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let done_tx = done_tx.clone();
            let (progress, work) = (&progress, &work);
            scope.spawn(move || {
                while let Some((first, batch)) = progress.take() {
                    let results = batch.into_iter().map(work).collect();
                    if done_tx.send((first, results)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let mut next_to_write = 0;
        let mut result = Ok(());
        'received: for (first, values) in done_rx.iter() {
            waiting.insert(first, values);
            while let Some(values) = waiting.remove(&next_to_write) {
                for value in values {
                    if let Err(error) = write(value) {
                        result = Err(error);
                        break 'received;
                    }
                    next_to_write += 1;
                }
            }
            progress.wrote(next_to_write);
        }
        if result.is_err() {
            progress.halt();
        }
        // Leaving the scope waits for the workers: each ends its batch.
        drop(done_rx);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn results_are_written_in_order_whatever_order_they_finish_in() {
        let mut seen = Vec::new();
        run(
            0..3_000usize,
            4,
            |i| {
                if i % 97 == 0 {
                    std::thread::sleep(Duration::from_millis(2));
                }
                i * 2
            },
            |value| {
                seen.push(value / 2);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..3_000).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_stops_the_run_and_is_returned() {
        let started = AtomicUsize::new(0);
        let mut written = 0;
        let result = run(
            0..100_000usize,
            2,
            |i| {
                started.fetch_add(1, Ordering::Relaxed);
                i
            },
            |i| {
                written += 1;
                if i == 10 { Err(i) } else { Ok(()) }
            },
        );
        assert_eq!(result, Err(10));
        assert_eq!(written, 11);
        assert!(started.load(Ordering::Relaxed) <= 10 + AHEAD + 3 * BATCH);
    }
}
