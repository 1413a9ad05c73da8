//! A pass over a file on a thread of its own, building a state that readers
//! lock briefly: the shape the scan and the findings pass share.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::model::text::Text;

/// What a job's worker and its readers share.
pub struct Shared<S> {
    /// The file the job reads.
    pub source: Arc<Text>,
    state: Mutex<S>,
    cancel: AtomicBool,
}

impl<S> Shared<S> {
    /// Locks the state; hold it briefly, the other side waits meanwhile.
    pub fn lock(&self) -> MutexGuard<'_, S> {
        // A worker that panicked has been reported by the panic hook; what
        // it built so far is still worth reading.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether the job was asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// The thread a job runs on. Two jobs fed by one pass over a file share
/// it; whichever waits first joins it, the other waits for that.
struct Worker(Mutex<Option<JoinHandle<()>>>);

impl Worker {
    fn spawn(name: &str, run: impl FnOnce() + Send + 'static) -> Arc<Worker> {
        let handle = std::thread::Builder::new()
            .name(format!("utf8scope-{name}"))
            .spawn(run)
            .unwrap_or_else(|error| panic!("cannot start the {name} thread: {error}"));
        Arc::new(Worker(Mutex::new(Some(handle))))
    }

    fn join(&self) {
        let mut handle = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(handle) = handle.take() {
            // A panic in the worker has already been reported by the hook.
            let _ = handle.join();
        }
    }
}

/// A background job over a file; dropping it cancels it without waiting
/// for it (the worker stops at its next check, on its own): quitting never
/// waits for a pass over a big file.
pub struct Job<S> {
    shared: Arc<Shared<S>>,
    worker: Option<Arc<Worker>>,
}

impl<S: Send + 'static> Job<S> {
    /// Starts `run` on a thread named `name`, with `initial` as the state.
    pub fn start(
        name: &str,
        source: Arc<Text>,
        initial: S,
        run: impl FnOnce(&Shared<S>) + Send + 'static,
    ) -> Job<S> {
        let mut job = Job::idle(source, initial);
        let for_worker = Arc::clone(&job.shared);
        job.worker = Some(Worker::spawn(name, move || run(&for_worker)));
        job
    }

    /// Starts `run` on one thread named `name` that builds two states at
    /// once (one read of the file feeding both): two jobs that share the
    /// worker. Each can be cancelled; `run` decides what cancelling one of
    /// them means for the other.
    pub fn start_pair<T: Send + 'static>(
        name: &str,
        source: Arc<Text>,
        initial: (S, T),
        run: impl FnOnce(&Shared<S>, &Shared<T>) + Send + 'static,
    ) -> (Job<S>, Job<T>) {
        let mut first = Job::idle(Arc::clone(&source), initial.0);
        let mut second = Job::idle(source, initial.1);
        let (for_first, for_second) = (Arc::clone(&first.shared), Arc::clone(&second.shared));
        let worker = Worker::spawn(name, move || run(&for_first, &for_second));
        first.worker = Some(Arc::clone(&worker));
        second.worker = Some(worker);
        (first, second)
    }

    /// A job done on this thread before it returns: `run` is called here.
    /// For small inputs and tests that need no waiting.
    pub fn inline(source: Arc<Text>, initial: S, run: impl FnOnce(&Shared<S>)) -> Job<S> {
        let job = Job::idle(source, initial);
        run(&job.shared);
        job
    }

    /// A job with no worker: its state stays `initial`.
    pub fn idle(source: Arc<Text>, initial: S) -> Job<S> {
        Job {
            shared: Arc::new(Shared {
                source,
                state: Mutex::new(initial),
                cancel: AtomicBool::new(false),
            }),
            worker: None,
        }
    }
}

impl<S> Job<S> {
    /// Asks the worker to stop; it checks between blocks.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// Waits for the worker to end (completed, cancelled or failed).
    pub fn wait(&mut self) {
        if let Some(worker) = self.worker.take() {
            worker.join();
        }
    }

    /// Locks the state for reading; hold it briefly.
    pub fn lock(&self) -> MutexGuard<'_, S> {
        self.shared.lock()
    }

    /// The file the job reads.
    pub fn source(&self) -> &Arc<Text> {
        &self.shared.source
    }

    /// The fraction of the file done, from 0.0 to 1.0, given how to read
    /// the bytes done off the state.
    pub fn progress(&self, done: impl FnOnce(&S) -> u64) -> f64 {
        let len = self.shared.source.len();
        if len == 0 {
            return 1.0;
        }
        done(&self.lock()) as f64 / len as f64
    }
}

impl<S> Drop for Job<S> {
    fn drop(&mut self) {
        // The worker holds its own handle on the shared state; it is left
        // to end by itself.
        self.cancel();
    }
}
