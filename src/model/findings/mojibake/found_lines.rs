//! The runs lately found in lines that hold some, shared by the threads
//! of a repairer and looked up by the line's hash (the one
//! [`super::line_hashes::LineHashes`] keeps) and then its bytes: a line
//! that recurs with its mojibake (a garbled heading on every page) is not
//! judged again, and a line that is not one of them costs one load, not a
//! lock or a second hash of its bytes. Each thread also keeps the lines it
//! recalled lately ([`RecentlyFound`]), so that a line that recurs on
//! every other line of a file is recalled without the lock that all the
//! threads share.

use std::sync::{Arc, RwLock};

use foldhash::HashMap;

use super::Mojibake;
use super::line_hashes::LineHashes;

/// How many lines it keeps before it starts again.
const MAX_LINES: usize = 1 << 12;

/// How many bytes of lines it keeps before it starts again.
const MAX_BYTES: usize = 2 << 20;

/// Lines longer than this are not kept (a line of a text without line
/// feeds would be kept for nothing).
const MAX_LINE: usize = 4 << 10;

/// The runs found lately in lines that hold some.
pub struct FoundLines {
    /// The hashes of the lines kept (some, when two share a slot, and
    /// some let go since): a line whose hash is not here is not kept.
    keys: LineHashes,
    /// The lines kept (read by many threads at once; written once a line).
    kept: RwLock<Kept>,
}

/// The lines kept, by their hash.
#[derive(Default)]
struct Kept {
    lines: HashMap<u64, Arc<FoundLine>>,
    /// The bytes of the lines kept.
    bytes: usize,
}

/// How many lines a thread's [`RecentlyFound`] holds.
const RECENT_SLOTS: usize = 64;

/// The found lines a thread recalled lately, by the low bits of their hash
/// (copies of the shared store's, which they outlive if it starts again:
/// a line's runs are the same whenever they were found).
pub struct RecentlyFound {
    slots: Box<[Option<Recent>]>,
}

/// A line a thread recalled lately: its hash, and the line with its runs.
type Recent = (u64, Arc<FoundLine>);

impl Default for RecentlyFound {
    fn default() -> Self {
        RecentlyFound {
            slots: (0..RECENT_SLOTS).map(|_| None).collect(),
        }
    }
}

impl RecentlyFound {
    /// The slot of `key`.
    fn slot(key: u64) -> usize {
        key as usize % RECENT_SLOTS
    }
}

/// A line and its runs (ranges in the line).
struct FoundLine {
    line: Box<str>,
    runs: Box<[Mojibake]>,
}

impl Default for FoundLines {
    fn default() -> Self {
        FoundLines {
            keys: LineHashes::with_slots(2 * MAX_LINES),
            kept: RwLock::default(),
        }
    }
}

impl FoundLines {
    /// Adds to `runs` the runs kept for `line` (whose hash is `key`),
    /// placed at `start`; whether there were. (The line's bytes are
    /// compared: a line taken for another would be repaired wrong.)
    /// `recent` is the calling thread's: it is looked in first, and keeps
    /// what the shared store gave.
    pub fn recall(
        &self,
        key: u64,
        line: &str,
        start: usize,
        runs: &mut Vec<Mojibake>,
        recent: &mut RecentlyFound,
    ) -> bool {
        // (Most lines are not kept: one load says so.)
        if !self.keys.holds(key) {
            return false;
        }
        let Some(found) = self
            .kept_line(key, recent)
            .filter(|found| *found.line == *line)
        else {
            return false;
        };
        runs.extend(found.runs.iter().map(|run| run.clone().moved(start)));
        true
    }

    /// The line kept by `key`: the one `recent` holds, else the shared
    /// store's (then kept in `recent` too).
    fn kept_line<'r>(&self, key: u64, recent: &'r mut RecentlyFound) -> Option<&'r FoundLine> {
        let slot = &mut recent.slots[RecentlyFound::slot(key)];
        if slot.as_ref().is_none_or(|(kept, _)| *kept != key) {
            // (The lock is held for a lookup, not for the copies.)
            let found = match self.kept.read() {
                Ok(kept) => kept.lines.get(&key).map(Arc::clone),
                Err(_) => None,
            };
            *slot = Some((key, found?));
        }
        slot.as_ref().map(|(_, found)| &**found)
    }

    /// Keeps `in_line` (runs with ranges in `line`) for `line`, whose hash
    /// is `key`, if the line is short enough; all that was kept is let go
    /// first if there would be too much.
    pub fn keep(&self, key: u64, line: &str, in_line: Box<[Mojibake]>) {
        if line.len() > MAX_LINE {
            return;
        }
        let found = Arc::new(FoundLine {
            line: line.into(),
            runs: in_line,
        });
        let Ok(mut kept) = self.kept.write() else {
            return;
        };
        if kept.lines.len() >= MAX_LINES || kept.bytes + line.len() > MAX_BYTES {
            kept.lines.clear();
            kept.bytes = 0;
        }
        kept.bytes += line.len();
        if let Some(replaced) = kept.lines.insert(key, found) {
            kept.bytes -= replaced.line.len();
        }
        self.keys.remember(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::findings::mojibake::find_mojibake;

    #[test]
    fn runs_are_given_back_only_for_the_very_line_they_were_kept_for() {
        let found = FoundLines::default();
        let line = "Ã©tÃ© 2026\n";
        let key = LineHashes::key(line);
        let (mut runs, mut recent) = (Vec::new(), RecentlyFound::default());
        assert!(!found.recall(key, line, 0, &mut runs, &mut recent));
        found.keep(key, line, find_mojibake(line).into());
        assert!(found.recall(key, line, 100, &mut runs, &mut recent));
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].range, 100..100 + "Ã©tÃ©".len());
        assert_eq!(runs[0].repair(), Some("été"));
        // The same key with other bytes (a hash collision) is not a match.
        assert!(!found.recall(key, "été 2026\n", 0, &mut runs, &mut recent));
        assert_eq!(runs.len(), 1);
    }
}
