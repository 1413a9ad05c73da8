//! Lines lately seen at a glance to hold no mojibake
//! ([`super::words::shows_none_plainly`]), remembered by a hash of 128
//! bits: a line that recurs (a site's boilerplate, a table's repeated
//! cells) is not read word by word again, and one that does not costs a
//! hash, not a copy of the line.
//!
//! A line is taken for one remembered only if all 128 bits agree (the
//! chance that another line does is about 2^-116 per line with the table
//! full), and then the line is only left as it is: a mistaken match could
//! leave mojibake unrepaired, never repair anything.

use std::hash::BuildHasher;

use foldhash::fast::FixedState;

/// How many lines are remembered, one per slot by their hash: the table
/// (64 KiB) stays in a core's cache.
const SLOTS: usize = 1 << 12;

/// The hashes of lines lately seen to hold no mojibake.
pub struct Glanced {
    halves: [FixedState; 2],
    /// A line's hash in the slot its low bits pick (0: none).
    slots: Box<[u128]>,
}

impl Default for Glanced {
    fn default() -> Self {
        Glanced {
            halves: [FixedState::with_seed(1), FixedState::with_seed(2)],
            slots: vec![0; SLOTS].into_boxed_slice(),
        }
    }
}

impl Glanced {
    /// The hash of `line` that it is remembered by (never 0).
    pub fn key(&self, line: &str) -> u128 {
        let [low, high] = &self.halves;
        (u128::from(high.hash_one(line)) << 64 | u128::from(low.hash_one(line))).max(1)
    }

    /// Whether the line of `key` is remembered.
    pub fn holds(&self, key: u128) -> bool {
        self.slots[key as usize % SLOTS] == key
    }

    /// Remembers the line of `key` (in place of one whose hash has the same
    /// low bits).
    pub fn remember(&mut self, key: u128) {
        self.slots[key as usize % SLOTS] = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_remembered_until_one_with_the_same_slot_takes_its_place() {
        let mut glanced = Glanced::default();
        let line = glanced.key("привет, мир");
        assert!(!glanced.holds(line));
        glanced.remember(line);
        assert!(glanced.holds(line));
        assert!(!glanced.holds(glanced.key("привет, мир!")));
        let same_slot = (0..)
            .map(|n| glanced.key(&n.to_string()))
            .find(|key| key % SLOTS as u128 == line % SLOTS as u128)
            .unwrap();
        glanced.remember(same_slot);
        assert!(!glanced.holds(line));
    }
}
