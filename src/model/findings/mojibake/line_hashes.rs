//! Lines lately found to hold no mojibake, remembered by a hash of 64
//! bits (XXH3): a line that recurs (a site's boilerplate, a table's
//! repeated cells) is not looked at again, and one that does not costs a
//! hash, not a copy of the line.
//!
//! A line is taken for one remembered only if all 64 bits of the one hash
//! in its slot agree (the chance that another line's do is 2^-64 per line
//! looked up), and then the line is only left as it is: a mistaken match
//! could leave mojibake unrepaired, never repair anything.
//!
//! Threads may share a table: each slot is read and written whole
//! (atomically, in no particular order with the others), so a thread sees
//! a line remembered or not, never half of a hash.

use std::sync::atomic::{AtomicU64, Ordering};

/// The hashes of lines lately found to hold no mojibake.
pub struct LineHashes {
    /// A line's hash in the slot its low bits pick (0: none); a power of
    /// two of them.
    slots: Box<[AtomicU64]>,
}

impl LineHashes {
    /// A table that remembers up to `slots` lines (a power of two), one per
    /// slot by their hash.
    pub fn with_slots(slots: usize) -> LineHashes {
        debug_assert!(slots.is_power_of_two());
        LineHashes {
            slots: (0..slots).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The hash of `line` that it is remembered by (never 0).
    pub fn key(line: &str) -> u64 {
        xxhash_rust::xxh3::xxh3_64(line.as_bytes()).max(1)
    }

    /// Whether the line of `key` is remembered.
    #[inline]
    pub fn holds(&self, key: u64) -> bool {
        self.slots[self.slot(key)].load(Ordering::Relaxed) == key
    }

    /// Remembers the line of `key` (in place of one whose hash has the same
    /// low bits).
    pub fn remember(&self, key: u64) {
        self.slots[self.slot(key)].store(key, Ordering::Relaxed);
    }

    /// The slot of `key`.
    fn slot(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_remembered_until_one_with_the_same_slot_takes_its_place() {
        const SLOTS: usize = 1 << 12;
        let lines = LineHashes::with_slots(SLOTS);
        let line = LineHashes::key("привет, мир");
        assert!(!lines.holds(line));
        lines.remember(line);
        assert!(lines.holds(line));
        assert!(!lines.holds(LineHashes::key("привет, мир!")));
        let same_slot = (0..)
            .map(|n| LineHashes::key(&n.to_string()))
            .find(|key| key % SLOTS as u64 == line % SLOTS as u64)
            .unwrap();
        lines.remember(same_slot);
        assert!(!lines.holds(line));
    }
}
