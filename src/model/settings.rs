//! How the engine runs: which vector instructions its searches use and how
//! many threads it works on. One value, made by whoever runs the engine and
//! passed down; the engine reads nothing from the environment.

use std::num::NonZeroUsize;

use crate::model::findings::backend::Backend;

/// How the engine runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// The vector instructions of the findings pass's searches.
    pub backend: Backend,
    /// How many threads a pass over a file, or a long text, is split over.
    pub threads: NonZeroUsize,
}

impl Default for Settings {
    /// The best backend the CPU has, and every core.
    fn default() -> Self {
        Settings {
            backend: Backend::best(),
            threads: std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN),
        }
    }
}

impl Settings {
    /// The best backend the CPU has, on one thread (the caller's).
    pub fn one_thread() -> Settings {
        Settings {
            backend: Backend::best(),
            threads: NonZeroUsize::MIN,
        }
    }

    /// These settings with `threads` threads (0 keeps every core).
    pub fn with_threads(self, threads: usize) -> Settings {
        Settings {
            threads: NonZeroUsize::new(threads).unwrap_or(self.threads),
            ..self
        }
    }

    /// These settings with `backend`; fails, changing nothing, if the CPU
    /// lacks it.
    pub fn with_backend(self, backend: Backend) -> Result<Settings, String> {
        if !backend.is_available() {
            return Err(format!(
                "this CPU cannot run the {} backend",
                backend.name()
            ));
        }
        Ok(Settings { backend, ..self })
    }
}
