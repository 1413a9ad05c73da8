//! Checking files on several threads while writing their reports in the
//! files' order: workers take files in order from a shared counter, and
//! the calling thread writes each report once those before it are written.
//! Workers stay at most [`AHEAD`] files ahead of the writer, so a slow file
//! (a large one, or a FIFO) never makes the reports behind it pile up.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

/// Files a worker may start beyond the last one written.
const AHEAD: usize = 1024;

/// Files a worker takes at once: their results go to the writer together,
/// one wake-up for several small files.
const BATCH: usize = 16;

/// Where the run is. Counters rather than a lock, so that a tree of small
/// files does not pay for a lock and a wake-up per file: only a worker
/// that got too far ahead waits, on `room`.
struct Progress {
    /// The next file to hand out.
    next: AtomicUsize,
    /// Files written.
    written: AtomicUsize,
    /// Workers waiting for the writer.
    waiting: AtomicUsize,
    /// Stop handing out files.
    stop: AtomicBool,
    /// What waiting workers wait on.
    lock: Mutex<()>,
    room: Condvar,
}

impl Progress {
    /// The next batch of files for a worker (its first index), once it is
    /// within [`AHEAD`] of the writer; `None` when every file is handed out
    /// or the run stops.
    fn take(&self, count: usize, batch: usize) -> Option<usize> {
        let index = self.next.fetch_add(batch, Ordering::Relaxed);
        loop {
            if self.stop.load(Ordering::Acquire) || index >= count {
                return None;
            }
            if index < self.written.load(Ordering::Acquire) + AHEAD {
                return Some(index);
            }
            let guard = self.lock.lock().expect("no panics");
            self.waiting.fetch_add(1, Ordering::SeqCst);
            // Checked again under the lock: the writer notifies under it.
            if index >= self.written.load(Ordering::SeqCst) + AHEAD
                && !self.stop.load(Ordering::SeqCst)
            {
                drop(self.room.wait(guard).expect("no panics"));
            }
            self.waiting.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Records that `written` files are written, waking waiting workers.
    fn wrote(&self, written: usize) {
        self.written.store(written, Ordering::SeqCst);
        if self.waiting.load(Ordering::SeqCst) > 0 {
            let _guard = self.lock.lock().expect("no panics");
            self.room.notify_all();
        }
    }

    /// Stops the run: no more files are handed out.
    fn halt(&self) {
        self.stop.store(true, Ordering::SeqCst);
        let _guard = self.lock.lock().expect("no panics");
        self.room.notify_all();
    }
}

/// Runs `work(i)` for every `i` in `0..count` on `threads` threads, and
/// `write(i, result)` on this thread in the order of `i`. The first error
/// `write` returns stops the run (files not started are not checked) and
/// is returned.
pub fn run<T: Send, E>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
    mut write: impl FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    let progress = Progress {
        next: AtomicUsize::new(0),
        written: AtomicUsize::new(0),
        waiting: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        lock: Mutex::new(()),
        room: Condvar::new(),
    };
    // Small batches when there are few files, so every thread gets some.
    let batch = BATCH.min(count.div_ceil(4 * threads.max(1))).max(1);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<T>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let done_tx = done_tx.clone();
            let (progress, work) = (&progress, &work);
            scope.spawn(move || {
                while let Some(first) = progress.take(count, batch) {
                    let results = (first..(first + batch).min(count)).map(work).collect();
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
                    if let Err(error) = write(next_to_write, value) {
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
        // Leaving the scope waits for the workers: each ends its file.
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
            3_000,
            4,
            |i| {
                if i % 97 == 0 {
                    std::thread::sleep(Duration::from_millis(2));
                }
                i * 2
            },
            |i, value| {
                assert_eq!(value, i * 2);
                seen.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(seen, (0..3_000).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_stops_the_run_and_is_returned() {
        let started = std::sync::atomic::AtomicUsize::new(0);
        let result = run(
            100_000,
            2,
            |_| started.fetch_add(1, Ordering::Relaxed),
            |i, _| if i == 10 { Err(i) } else { Ok(()) },
        );
        assert_eq!(result, Err(10));
        assert!(started.load(Ordering::Relaxed) <= 10 + AHEAD + 3 * BATCH);
    }
}
