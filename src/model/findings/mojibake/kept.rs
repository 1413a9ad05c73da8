//! What a thread worked out from short texts lately, kept: the words and
//! lines of a text recur, and what the judgment works out for a word (its
//! measure, its readings) or a line (its runs) is the same wherever it
//! is. A store [`Shared`] by the threads keeps what is costly to work out
//! once for all of them.

use std::hash::BuildHasher;
use std::sync::Mutex;

use foldhash::HashMap;

/// The longest text kept, in bytes: a line of Chinese or Thai garbled
/// twice is one word of some hundreds of bytes, and costly to read again.
const MAX_TEXT: usize = 4 << 10;

/// How many texts a store keeps before it starts again: enough for the
/// distinct words of a long mixed file (the 20 MiB test file has 18,422).
const MAX_TEXTS: usize = 1 << 15;

/// How many bytes of text a store keeps before it starts again: what is
/// kept of a text grows with its length, so this bounds a store's size
/// whatever the file (8 MiB: as many texts of 256 bytes as it keeps).
const MAX_BYTES: usize = 8 << 20;

/// Values worked out from texts, up to a number of texts and of their
/// bytes; when either is reached, it starts again.
struct Store<V> {
    values: HashMap<Box<str>, V>,
    bytes: usize,
    max_texts: usize,
    max_bytes: usize,
}

impl<V> Store<V> {
    fn new(max_texts: usize, max_bytes: usize) -> Store<V> {
        Store {
            values: HashMap::default(),
            bytes: 0,
            max_texts,
            max_bytes,
        }
    }

    /// Keeps `value` for `text` (of at most [`MAX_TEXT`] bytes), unless
    /// a value is kept for it already: returns the one kept.
    fn keep(&mut self, text: &str, value: V) -> &V {
        if self.values.contains_key(text) {
            return &self.values[text];
        }
        self.make_room(text);
        self.values.entry(text.into()).or_insert(value)
    }

    /// Keeps `value` for `text` (of at most [`MAX_TEXT`] bytes), for which
    /// none is kept.
    fn keep_new(&mut self, text: &str, value: V) {
        self.make_room(text);
        self.values.insert(text.into(), value);
    }

    /// Starts again if `text` would take the store past its texts or their
    /// bytes; counts its bytes.
    fn make_room(&mut self, text: &str) {
        if self.values.len() >= self.max_texts || self.bytes + text.len() > self.max_bytes {
            self.values.clear();
            self.bytes = 0;
        }
        self.bytes += text.len();
    }
}

/// Values worked out from texts, kept for texts of up to [`MAX_TEXT`]
/// bytes.
pub struct Kept<V>(Store<V>);

impl<V> Default for Kept<V> {
    fn default() -> Self {
        Kept(Store::new(MAX_TEXTS, MAX_BYTES))
    }
}

impl<V> Kept<V> {
    /// A store for up to `max_texts` texts of up to `max_bytes` bytes in
    /// all (the default keeps [`MAX_TEXTS`] and [`MAX_BYTES`]).
    pub fn with_room(max_texts: usize, max_bytes: usize) -> Kept<V> {
        Kept(Store::new(max_texts, max_bytes))
    }

    /// Calls `with` on the value of `text`: the one kept, else `work(text)`
    /// (kept if `text` is short).
    pub fn with<T>(
        &mut self,
        text: &str,
        work: impl FnOnce(&str) -> V,
        with: impl FnOnce(&V) -> T,
    ) -> T {
        if let Some(value) = self.0.values.get(text) {
            return with(value);
        }
        if text.len() > MAX_TEXT {
            return with(&work(text));
        }
        with(self.0.keep(text, work(text)))
    }

    /// The value kept for `text`, if one is.
    pub fn get(&self, text: &str) -> Option<&V> {
        self.0.values.get(text)
    }

    /// Keeps `value` for `text`, for which [`Kept::get`] found none, if
    /// `text` is short.
    pub fn keep_new(&mut self, text: &str, value: V) {
        if text.len() <= MAX_TEXT {
            self.0.keep_new(text, value);
        }
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

/// Values worked out from short texts by any thread, kept as a thread's
/// [`Kept`] is (its parts together keep as much as one).
pub struct Shared<V> {
    hasher: foldhash::fast::FixedState,
    shards: [Mutex<Store<V>>; SHARDS],
}

impl<V> Default for Shared<V> {
    fn default() -> Self {
        Shared {
            hasher: foldhash::fast::FixedState::default(),
            shards: std::array::from_fn(|_| {
                Mutex::new(Store::new(MAX_TEXTS / SHARDS, MAX_BYTES / SHARDS))
            }),
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
        if let Some(value) = lock().values.get(text) {
            return value.clone();
        }
        // Worked out unlocked: another thread may do the same meanwhile,
        // and gets the same value.
        let value = work(text);
        lock().keep(text, value).clone()
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

    #[test]
    fn a_store_starts_again_past_its_texts_or_their_bytes() {
        let mut store = Store::new(3, 10);
        store.keep("abcd", 1);
        store.keep("abcd", 2);
        assert_eq!((store.values["abcd"], store.bytes), (1, 4));
        store.keep("efgh", 3);
        // 4 + 4 + 4 bytes is more than 10: it starts again.
        store.keep("ijkl", 4);
        assert_eq!((store.values.len(), store.bytes), (1, 4));
        store.keep("m", 5);
        store.keep("n", 6);
        // A fourth text is one more than 3.
        store.keep("o", 7);
        assert_eq!(store.values.len(), 1);
        assert_eq!(store.values["o"], 7);
    }
}
