//! The limit on findings of one kind on one line: past it, the rest of that
//! line's findings of that kind are folded into one. A line of millions of
//! control characters among letters (`\x01a\x01a…`, no line feed) would
//! otherwise be millions of findings held at once; folded, memory stays
//! bounded whatever the line, and a reader loses nothing a list of a
//! million identical warnings would have told them.

use super::super::{Finding, FindingKind};

/// How many findings of one kind one line lists before it folds the rest.
pub const PER_LINE_LIMIT: u32 = 1000;

/// What the current line has listed of each kind so far.
#[derive(Debug, Default)]
pub(super) struct LineTally {
    /// The line counted, 0 before any.
    line: u64,
    /// Per kind (indexed by `FindingKind as usize`): how many listed, and
    /// the index of the finding the rest are folded into, once there is one.
    kinds: [(u32, Option<usize>); FindingKind::ALL.len()],
}

/// What to do with a new finding, as [`LineTally::place`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Placing {
    /// List it.
    List,
    /// List it as the one that the rest of its line's findings of its kind
    /// are folded into (then say where with [`LineTally::folding_into`]).
    StartFolding,
    /// Fold it into the finding at this index of the list.
    FoldInto(usize),
}

impl LineTally {
    /// Where a new finding of `kind` on `line` goes.
    pub(super) fn place(&mut self, line: u64, kind: FindingKind) -> Placing {
        if line != self.line {
            // Findings come in line order within each stage of the walk
            // (characters, then words): a line seen again is counted anew,
            // which keeps each stage within the limit.
            *self = LineTally {
                line,
                ..LineTally::default()
            };
        }
        let (listed, folded) = &mut self.kinds[kind as usize];
        if *listed < PER_LINE_LIMIT {
            *listed += 1;
            return Placing::List;
        }
        folded.map_or(Placing::StartFolding, Placing::FoldInto)
    }

    /// Notes that the finding at `index` in the list takes in the rest of
    /// its line's findings of `kind`.
    pub(super) fn folding_into(&mut self, kind: FindingKind, index: usize) {
        self.kinds[kind as usize].1 = Some(index);
    }

    /// Forgets every index (the list they point into was taken): a line
    /// that goes on starts folding into a new finding.
    pub(super) fn forget_indexes(&mut self) {
        for (_, folded) in &mut self.kinds {
            *folded = None;
        }
    }

    /// The tally of a scanner whose lines were counted from a later start,
    /// `lines_before` lines on, with its indexes moved `findings_before` on.
    pub(super) fn moved_on(self, lines_before: u64, findings_before: usize) -> LineTally {
        if self.line == 0 {
            return LineTally::default();
        }
        LineTally {
            line: self.line + lines_before,
            kinds: self
                .kinds
                .map(|(listed, folded)| (listed, folded.map(|i| i + findings_before))),
        }
    }
}

/// Folds a finding covering `offset..offset + len` into `into`, which
/// stands for the rest of its line's findings of its kind.
pub(super) fn fold(into: &mut Finding, offset: u64, len: u64) {
    into.len = into.len.max(offset + len - into.offset);
    into.count += 1;
}
