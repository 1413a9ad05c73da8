//! Lines lately seen at a glance to hold no mojibake, remembered by their
//! hash (see [`LineHashes`]), and whether remembering them pays on the
//! text at hand.
//!
//! A line that recurs costs a hash instead of a second look at its words;
//! one that does not costs the hash for nothing, and on text whose lines
//! are all different (most prose) that was a seventh of the findings
//! pass. So the lookups are counted: where fewer than one line in
//! [`RARE`] was found, hashing stops for [`PAUSE`] lines, then resumes for
//! [`SAMPLE`] lines to see again. What is found never depends on it: a
//! line not looked up is looked at.

use super::line_hashes::LineHashes;

/// How many lookups are counted before deciding whether they pay.
const SAMPLE: u32 = 256;

/// Lookups pay where at least one in this many finds its line.
const RARE: u32 = 16;

/// How many lines go unhashed after a sample in which lookups did not pay.
const PAUSE: u32 = 7 * SAMPLE;

/// The lines seen at a glance to hold none, and how often lately one was
/// seen again.
pub struct Glances {
    seen: LineHashes,
    /// Lookups in this sample.
    asked: u32,
    /// Of them, lines found.
    found: u32,
    /// Lines still to go unhashed.
    paused: u32,
}

impl Glances {
    /// Room for `slots` lines (a power of two).
    pub fn with_slots(slots: usize) -> Glances {
        Glances {
            seen: LineHashes::with_slots(slots),
            asked: 0,
            found: 0,
            paused: 0,
        }
    }

    /// The key `line` is looked up and remembered by, or `None` while
    /// lookups do not pay (the line is then to be looked at).
    pub fn key(&mut self, line: &str) -> Option<u64> {
        if self.paused > 0 {
            self.paused -= 1;
            return None;
        }
        Some(LineHashes::key(line))
    }

    /// Whether the line of `key` was seen to hold none, counted.
    pub fn holds(&mut self, key: u64) -> bool {
        let found = self.seen.holds(key);
        self.asked += 1;
        self.found += u32::from(found);
        if self.asked == SAMPLE {
            if self.found * RARE < SAMPLE {
                self.paused = PAUSE;
            }
            self.asked = 0;
            self.found = 0;
        }
        found
    }

    /// Remembers the line of `key` as holding none.
    pub fn remember(&self, key: u64) {
        self.seen.remember(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_pause_where_lines_do_not_recur_and_go_on_where_they_do() {
        // Every line different: after a sample, lines go unhashed.
        let mut glances = Glances::with_slots(1 << 12);
        for n in 0..SAMPLE {
            let key = glances.key(&n.to_string()).expect("looked up");
            assert!(!glances.holds(key));
            glances.remember(key);
        }
        assert_eq!(glances.key("0"), None);
        for n in 1..PAUSE {
            assert_eq!(glances.key(&n.to_string()), None);
        }
        // Then a new sample: a line seen before is found again.
        let key = glances.key("5").expect("looked up again");
        assert!(glances.holds(key));
        // Lines that recur keep being looked up.
        let mut recurring = Glances::with_slots(1 << 12);
        for n in 0..4 * SAMPLE {
            let key = recurring.key(&(n % 8).to_string()).expect("looked up");
            if !recurring.holds(key) {
                recurring.remember(key);
            }
        }
        assert!(recurring.key("1").is_some());
    }
}
