//! What a thread worked out from short texts lately, kept: the words of a
//! text recur, and what the judgment works out for a word (its measure,
//! its readings) is the same wherever the word is.

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
