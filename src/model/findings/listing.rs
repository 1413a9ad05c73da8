//! The file's findings by number (0-based, in file order), past the ones
//! the background pass keeps too: the findings list (`F`) shows any of
//! them. Those past the kept are loaded from the file on demand, a window
//! at most a call, counting on from the pass's checkpoints (an offset and
//! how many findings start before it), so a number is exact however far
//! into the file it is.

use std::ops::Range;
use std::sync::Arc;

use super::near::{PlaceOf, findings_after, findings_before};
use super::{Finding, FindingsIndex, Repairer};
use crate::model::source::SourceError;
use crate::model::text::Text;

/// Findings loaded per look: a few screens of the list.
const LOOK_ROWS: usize = 2_000;

/// Findings past the kept held at most: the list's neighbourhood.
const HELD_ROWS: usize = 20_000;

/// Findings past the kept ones, loaded around where the list is.
#[derive(Debug)]
pub struct FindingsListing {
    /// Finds the mojibake of what is loaded.
    repairer: Arc<Repairer>,
    /// The number of `held[0]`, or of the next finding when none is held.
    first: u64,
    /// Consecutive findings from `first` on.
    held: Vec<Finding>,
    /// Every finding that starts at or before this offset is held or
    /// counted in `first` (the look forward goes on after it).
    after: u64,
    /// Every finding from this offset on is held or after (the look back
    /// goes on before it).
    before: u64,
    /// Whether the look forward reached the file's end.
    at_end: bool,
    /// Whether the fields above mean anything yet.
    anchored: bool,
}

/// What [`FindingsListing::rows`] and [`FindingsListing::number_at`]
/// give: what they found, and whether it is all (else call again: the
/// look goes on a window at most a call, so that a caller stays live).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded<T> {
    /// What was found.
    pub found: T,
    /// Whether it is complete.
    pub complete: bool,
}

impl FindingsListing {
    /// A listing that holds nothing yet, and loads findings with
    /// `repairer`.
    pub fn new(repairer: Arc<Repairer>) -> FindingsListing {
        FindingsListing {
            repairer,
            first: 0,
            held: Vec::new(),
            after: 0,
            before: 0,
            at_end: false,
            anchored: false,
        }
    }

    /// The findings numbered `wanted` (those that exist of them), from the
    /// kept ones and from the file.
    pub fn rows(
        &mut self,
        source: &Text,
        index: &FindingsIndex,
        wanted: Range<u64>,
        place_of: PlaceOf,
    ) -> Result<Loaded<Vec<Finding>>, SourceError> {
        let kept = index.findings().len() as u64;
        let end = wanted.end.min(index.total());
        let kept_part = wanted.start.min(kept) as usize..end.min(kept) as usize;
        let mut found = index.findings()[kept_part].to_vec();
        let past = wanted.start.max(kept)..end;
        if past.is_empty() {
            return Ok(Loaded {
                found,
                complete: true,
            });
        }
        if !self.holds(&past) {
            self.look_towards(source, index, &past, place_of)?;
        }
        let held = self.first..self.first + self.held.len() as u64;
        let from = past.start.clamp(held.start, held.end);
        let to = past.end.clamp(from, held.end);
        found.extend_from_slice(
            &self.held[(from - held.start) as usize..(to - held.start) as usize],
        );
        Ok(Loaded {
            found,
            complete: self.holds(&past),
        })
    }

    /// The number of the finding that covers `offset`, else of the first
    /// after it, else of the last: where the list opens at the cursor.
    /// While the count has not reached `offset`, the number of the last
    /// finding counted, and not complete.
    pub fn number_at(
        &mut self,
        source: &Text,
        index: &FindingsIndex,
        offset: u64,
        place_of: PlaceOf,
    ) -> Result<Loaded<Option<u64>>, SourceError> {
        let kept = index.findings();
        let total = index.total();
        let Some(last_kept) = kept.last() else {
            return Ok(Loaded {
                found: None,
                complete: true,
            });
        };
        if !index.is_capped() || offset <= last_kept.offset {
            return Ok(Loaded {
                found: Some(number_in(kept, offset).min(kept.len() - 1) as u64),
                complete: true,
            });
        }
        // Count on from the nearest place known before the offset.
        let counted_near = self.anchored && self.after < offset && self.before <= offset;
        match index.checkpoint_at_or_before(offset) {
            Some((at, before)) if !counted_near || at > self.after.saturating_add(1) => {
                self.anchor_at(at, before);
            }
            None if !counted_near => self.anchor_after_kept(index),
            _ => {}
        }
        if !self.at_end && self.after < offset {
            // Counted only, not held: the findings before the offset.
            self.held.clear();
            self.before = self.after.saturating_add(1);
            let stretch = findings_after(source, &self.repairer, self.after, HELD_ROWS, place_of)?;
            let before_offset = stretch.findings.partition_point(|f| f.offset < offset);
            let reached = stretch.go_on_from.is_none_or(|at| at >= offset);
            if !reached {
                self.first += stretch.findings.len() as u64;
                self.after = stretch.go_on_from.expect("not at the end");
                self.before = self.after + 1;
                return Ok(Loaded {
                    found: Some(self.first.saturating_sub(1).min(total - 1)),
                    complete: false,
                });
            }
            // Hold from the finding that covers the offset (or the next).
            let from = stretch.findings[..before_offset]
                .iter()
                .rposition(|f| offset < f.offset + f.len.max(1))
                .unwrap_or(before_offset);
            self.first += from as u64;
            self.at_end = stretch.go_on_from.is_none();
            self.after = stretch.go_on_from.unwrap_or(source.len());
            self.held = stretch.findings;
            self.held.drain(..from);
            self.before = self.held.first().map_or(self.after, |f| f.offset);
            self.held.truncate(HELD_ROWS);
            if self.held.len() == HELD_ROWS {
                self.at_end = false;
                self.after = self.held[HELD_ROWS - 1].offset;
            }
        }
        let number = self.first + number_in(&self.held, offset) as u64;
        Ok(Loaded {
            found: Some(number.min(total - 1)),
            complete: true,
        })
    }

    /// Whether the findings numbered `range` are all held (or the file
    /// ends before them).
    fn holds(&self, range: &Range<u64>) -> bool {
        let end = self.first + self.held.len() as u64;
        self.anchored
            && range.start >= self.first
            && (range.end <= end || (self.at_end && range.start <= end))
    }

    /// Loads towards the findings numbered `wanted` (past the kept ones):
    /// on from what is held if they follow it, back if they come before
    /// it, else from the pass's checkpoint before them.
    fn look_towards(
        &mut self,
        source: &Text,
        index: &FindingsIndex,
        wanted: &Range<u64>,
        place_of: PlaceOf,
    ) -> Result<(), SourceError> {
        let end = self.first + self.held.len() as u64;
        let kept = index.findings().len() as u64;
        let near = LOOK_ROWS as u64;
        if self.anchored && wanted.start >= self.first && wanted.start <= end + near {
            return self.look_forward(source, place_of);
        }
        if self.anchored && wanted.start < self.first && wanted.end + near >= self.first {
            return self.look_back(source, kept, place_of);
        }
        match index.checkpoint_before(wanted.start) {
            Some((at, before)) => self.anchor_at(at, before),
            None => self.anchor_after_kept(index),
        }
        self.look_forward(source, place_of)
    }

    /// Holds nothing, to count on from offset `at`, before which `before`
    /// findings start.
    fn anchor_at(&mut self, at: u64, before: u64) {
        *self = FindingsListing {
            first: before,
            after: at.saturating_sub(1),
            before: at,
            anchored: true,
            ..FindingsListing::new(Arc::clone(&self.repairer))
        };
    }

    /// Holds nothing, to count on from the last kept finding.
    fn anchor_after_kept(&mut self, index: &FindingsIndex) {
        let kept = index.findings();
        let last = kept.last().map_or(0, |last| last.offset);
        *self = FindingsListing {
            first: kept.len() as u64,
            after: last,
            before: last + 1,
            anchored: true,
            ..FindingsListing::new(Arc::clone(&self.repairer))
        };
    }

    /// Loads the findings after what is held.
    fn look_forward(&mut self, source: &Text, place_of: PlaceOf) -> Result<(), SourceError> {
        if self.at_end {
            return Ok(());
        }
        let stretch = findings_after(source, &self.repairer, self.after, LOOK_ROWS, place_of)?;
        self.after = stretch.go_on_from.unwrap_or(source.len());
        self.at_end = stretch.go_on_from.is_none();
        self.held.extend(stretch.findings);
        if self.held.len() > HELD_ROWS {
            let dropped = self.held.len() - HELD_ROWS;
            self.held.drain(..dropped);
            self.first += dropped as u64;
            self.before = self.held[0].offset;
        }
        Ok(())
    }

    /// Loads the findings before what is held, no further back than the
    /// kept ones (numbered below `kept`).
    fn look_back(
        &mut self,
        source: &Text,
        kept: u64,
        place_of: PlaceOf,
    ) -> Result<(), SourceError> {
        let stretch = findings_before(source, &self.repairer, self.before, 0, LOOK_ROWS, place_of)?;
        let room = self.first.saturating_sub(kept) as usize;
        let mut found = stretch.findings;
        if found.len() > room {
            found.drain(..found.len() - room);
        }
        self.before = found
            .first()
            .map_or(stretch.go_on_from.unwrap_or(0), |first| first.offset);
        self.first -= found.len() as u64;
        found.append(&mut self.held);
        self.held = found;
        if self.held.len() > HELD_ROWS {
            self.held.truncate(HELD_ROWS);
            self.at_end = false;
            self.after = self.held[HELD_ROWS - 1].offset;
        }
        Ok(())
    }
}

/// Among `findings` (in file order), the index of the one that covers
/// `offset`, else of the first after it (`findings.len()` if none).
fn number_in(findings: &[Finding], offset: u64) -> usize {
    let after = findings.partition_point(|f| f.offset <= offset);
    findings[..after]
        .iter()
        .rposition(|f| offset < f.offset + f.len.max(1))
        .unwrap_or(after)
}
