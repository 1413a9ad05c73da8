//! What a thread worked out from short texts lately, kept: the words of a
//! text recur, and what the judgment works out for a word (its measure,
//! its readings) is the same wherever the word is. A store [`Shared`] by
//! the threads keeps what is costly to work out once for all of them.

use std::hash::BuildHasher;
use std::sync::Mutex;

use foldhash::HashMap;

/// The longest text kept, in bytes.
const MAX_TEXT: usize = 256;

/// How many texts a store keeps before it starts again: enough for the
/// distinct words of a long mixed file (the 20 MiB test file has 18,422),
/// and with [`MAX_TEXT`] some tens of MiB a store at most, whatever the
/// file (a 30 MB file of distinct long garbled words runs in 123 MB).
const MAX_TEXTS: usize = 1 << 15;

/// Values worked out from texts, kept for texts of up to [`MAX_TEXT`]
/// bytes.
pub struct Kept<V>(HashMap<Box<str>, V>);

impl<V> Default for Kept<V> {
    fn default() -> Self {
        Kept(HashMap::default())
    }
}

impl<V> Kept<V> {
    /// Calls `with` on the value of `text`: the one kept, else `work(text)`
    /// (kept if `text` is short).
    pub fn with<T>(
        &mut self,
        text: &str,
        work: impl FnOnce(&str) -> V,
        with: impl FnOnce(&V) -> T,
    ) -> T {
        if let Some(value) = self.0.get(text) {
            return with(value);
        }
        if text.len() > MAX_TEXT {
            return with(&work(text));
        }
        if self.0.len() >= MAX_TEXTS {
            self.0.clear();
        }
        with(self.0.entry(text.into()).or_insert_with(|| work(text)))
    }
}

impl<V: Clone> Kept<V> {
    /// [`Kept::with`], where a text this thread has not kept is looked for
    /// in `shared` (what every thread worked out) before it is worked on:
    /// the threads that split a file see the same words, and the work is
    /// done once.
    pub fn with_shared<T>(
        &mut self,
        shared: &Shared<V>,
        text: &str,
        work: impl FnOnce(&str) -> V,
        with: impl FnOnce(&V) -> T,
    ) -> T {
        if text.len() > MAX_TEXT {
            return self.with(text, work, with);
        }
        self.with(text, |text| shared.get_or_work(text, work), with)
    }
}

/// How many parts a [`Shared`] store is locked in: two threads seldom
/// wait for each other.
const SHARDS: usize = 16;

/// Values worked out from short texts by any thread, kept (as a thread's
/// [`Kept`] is) up to [`MAX_TEXTS`] texts a part.
pub struct Shared<V> {
    hasher: foldhash::fast::FixedState,
    shards: [Mutex<HashMap<Box<str>, V>>; SHARDS],
}

impl<V> Default for Shared<V> {
    fn default() -> Self {
        Shared {
            hasher: foldhash::fast::FixedState::default(),
            shards: std::array::from_fn(|_| Mutex::new(HashMap::default())),
        }
    }
}

impl<V: Clone> Shared<V> {
    /// The value kept for `text`, else `work(text)`, kept.
    fn get_or_work(&self, text: &str, work: impl FnOnce(&str) -> V) -> V {
        let shard = &self.shards[self.hasher.hash_one(text) as usize % SHARDS];
        // (A poisoned lock holds only finished values: a thread that
        // panicked did so outside it.)
        let lock = || {
            shard
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(value) = lock().get(text) {
            return value.clone();
        }
        // Worked out unlocked: another thread may do the same meanwhile,
        // and gets the same value.
        let value = work(text);
        let mut kept = lock();
        if kept.len() >= MAX_TEXTS {
            kept.clear();
        }
        kept.insert(text.into(), value.clone());
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_one_thread_worked_out_is_not_worked_out_again_by_another() {
        let shared: Shared<usize> = Shared::default();
        let mut here = Kept::default();
        let n = here.with_shared(&shared, "Ã©tÃ©", |t| t.len(), |&n| n);
        assert_eq!(n, 9);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let mut there = Kept::default();
                let n = there.with_shared(&shared, "Ã©tÃ©", |_| panic!("worked again"), |&n| n);
                assert_eq!(n, 9);
                // (A text no thread saw is worked out.)
                assert_eq!(there.with_shared(&shared, "Ã¨", |t| t.len(), |&n| n), 4);
            });
        });
    }
}
