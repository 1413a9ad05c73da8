//! The runs of mojibake a line holds: repaired words joined into runs, and
//! the line judged again with its repairs made until nothing changes.

use super::chains::{LineJudgment, Memo};
use super::prefilter::may_hold_mojibake;
use super::verdict::judge_line;
use super::{Chain, Mojibake, Reading};

/// Neighbouring words join into one run up to about this many bytes, so a
/// long garbled line is reported as findings of a readable size.
const MAX_RUN_BYTES: usize = 240;

/// How many times a line is judged at most (see [`find_in_line`]).
const MAX_PASSES: usize = 4;

/// The mojibake runs of `text[start..end]` (one line).
///
/// The line is judged again with each pass's repairs made, as `fix` run
/// again would see it, until a pass finds nothing more: what the repairs
/// show of the line (its script, the text garbling left alone) counts for
/// the words they did not repair, a repair that a later pass takes further
/// (a word garbled through one encoding in part and another in the rest)
/// becomes one run with both layers, and a second run of `fix` has nothing
/// left to do.
///
/// (Most lines the quick test stops in are seen to hold none at a glance;
/// the runs of the rest are kept in `memo`, as their words' readings are:
/// lines recur.)
pub(super) fn find_in_line(memo: &mut Memo, text: &str, start: usize, end: usize) -> Vec<Mojibake> {
    memo.runs_of_line(LineJudgment::SingleByte, text, start, end, judge_passes)
}

/// [`find_in_line`] of a line seen to have a word that shows its garbling
/// plainly ([`Memo::shows_none_plainly`] is false of it).
pub(super) fn find_in_line_showing_garbling(
    memo: &mut Memo,
    text: &str,
    start: usize,
    end: usize,
) -> Vec<Mojibake> {
    memo.runs_of_line_showing_garbling(text, start, end, judge_passes)
}

/// [`find_in_line`] of a line whose words do not all show none plainly
/// (ranges in it), worked out.
fn judge_passes(memo: &mut Memo, line: &str) -> Vec<Mojibake> {
    let mut found = judge_line(memo, line, 0, line.len());
    for _ in 1..MAX_PASSES {
        if !found.iter().any(|run| run.repair().is_some()) {
            break;
        }
        let repaired = Repaired::of(line, &found);
        // (Most lines are whole once repaired: the quick test says so.)
        if !may_hold_mojibake(&repaired.line) || memo.shows_none_plainly(&repaired.line) {
            break;
        }
        let next = judge_line(memo, &repaired.line, 0, repaired.line.len());
        if !repaired.take_in(next, &mut found) {
            break;
        }
    }
    // A line whose repairs leave C1 controls standing is garbled in a way
    // no repair undid (Ukrainian read through ISO-8859-5): repairing some
    // of its words would leave it half-repaired, so none is (the controls
    // are reported as such).
    if found.iter().any(|run| run.repair().is_some()) {
        let left = Repaired::of(line, &found);
        if left.line.chars().filter(|c| is_c1(*c)).count() >= MIN_C1_LEFT {
            found.retain(|run| run.repair().is_none());
        }
    }
    found
}

/// C1 controls left in a repaired line that say it is still garbled.
const MIN_C1_LEFT: usize = 2;

/// Whether `c` is a C1 control (U+0080–U+009F).
fn is_c1(c: char) -> bool {
    ('\u{80}'..='\u{9F}').contains(&c)
}

/// A line with the clear repairs of its runs made, and where each of its
/// bytes came from.
struct Repaired {
    line: String,
    /// For each byte of `line`, and one past its end: its offset in the
    /// line as it was, or `None` inside a repair.
    origin: Vec<Option<usize>>,
    /// Each repaired run (its index in the runs) and where it is in `line`.
    placed: Vec<(usize, std::ops::Range<usize>)>,
}

impl Repaired {
    /// `text` (a line) with the repairs of `runs` (in order, apart) made.
    fn of(text: &str, runs: &[Mojibake]) -> Repaired {
        let end = text.len();
        let mut line = String::with_capacity(end);
        let mut origin = Vec::with_capacity(end + 1);
        let mut placed = Vec::new();
        let mut at = 0;
        for (index, run) in runs.iter().enumerate() {
            let Some(repair) = run.repair() else {
                continue;
            };
            line.push_str(&text[at..run.range.start]);
            origin.extend((at..run.range.start).map(Some));
            placed.push((index, line.len()..line.len() + repair.len()));
            line.push_str(repair);
            origin.extend(std::iter::repeat_n(None, repair.len()));
            at = run.range.end;
        }
        line.push_str(&text[at..end]);
        origin.extend((at..end).map(Some));
        origin.push(Some(end));
        Repaired {
            line,
            origin,
            placed,
        }
    }

    /// Adds to `runs` what judging the repaired line found (`next`): a run
    /// in text left as it was as it is, one over repairs merged with them.
    /// Whether the line changed.
    fn take_in(&self, next: Vec<Mojibake>, runs: &mut Vec<Mojibake>) -> bool {
        let mut added = Vec::new();
        for run in next {
            // (Repairs and runs are in order and apart: found by search,
            // or a long line would take time in its square.)
            let near = &self.placed[self
                .placed
                .partition_point(|(_, at)| at.end < run.range.start)
                ..self
                    .placed
                    .partition_point(|(_, at)| at.start < run.range.end)];
            let mut over = near.iter().filter(|(_, at)| {
                (at.start < run.range.end && run.range.start < at.end)
                    || (at.is_empty() && run.range.contains(&at.start))
            });
            let Some(&(first, ref first_at)) = over.next() else {
                // Wholly in text the earlier passes left as it was.
                let (Some(from), Some(to)) =
                    (self.origin[run.range.start], self.origin[run.range.end - 1])
                else {
                    continue;
                };
                let range = from..to + 1;
                // A run left ambiguous gives way to one the repairs around
                // it decide (as it would in a second run of `fix`).
                let overlapped = overlapping(runs, &range);
                let decides =
                    run.repair().is_some() && overlapped.iter().all(|r| r.repair().is_none());
                if decides || overlapped.is_empty() {
                    added.push(Mojibake { range, ..run });
                }
                continue;
            };
            let (last, last_at) = over
                .next_back()
                .map_or((first, first_at), |(last, at)| (*last, at));
            // Over a repair: taken further only when it is clear.
            let Some(repair) = run.repair() else {
                continue;
            };
            let line_from = run.range.start.min(first_at.start);
            let line_to = run.range.end.max(last_at.end);
            let from = match self.origin[line_from] {
                Some(from) if line_from < first_at.start => from,
                _ => runs[first].range.start,
            };
            let to = match self.origin[line_to - 1] {
                Some(to) if line_to > last_at.end => to + 1,
                _ => runs[last].range.end,
            };
            // (Not over part of a run left ambiguous.)
            let cut = overlapping(runs, &(from..to))
                .iter()
                .any(|r| !(from <= r.range.start && r.range.end <= to));
            if cut {
                continue;
            }
            let text = format!(
                "{}{repair}{}",
                &self.line[line_from..run.range.start],
                &self.line[run.range.end..line_to]
            );
            let mut layers = runs[first].readings[0].chain.0.clone();
            layers.extend(run.readings[0].chain.0.iter().copied());
            added.push(Mojibake {
                range: from..to,
                readings: vec![Reading {
                    chain: Chain(layers),
                    text,
                }],
                held_back: None,
            });
        }
        let added = without_overlaps(added);
        let changed = added.iter().any(|run| run.repair().is_some());
        // A merged run takes the place of every run inside it, a deciding
        // run that of the ambiguous runs it overlaps.
        runs.retain(|r| overlapping(&added, &r.range).is_empty());
        runs.extend(added);
        runs.sort_by_key(|run| run.range.start);
        changed
    }
}

/// The runs of `runs` (in order and apart) that overlap `range`.
pub fn overlapping<'a>(runs: &'a [Mojibake], range: &std::ops::Range<usize>) -> &'a [Mojibake] {
    let from = runs.partition_point(|r| r.range.end <= range.start);
    let to = runs.partition_point(|r| r.range.start < range.end);
    &runs[from..to.max(from)]
}

/// `added` in order, without the runs that overlap another: two runs of a
/// later pass over the same earlier repair each take it further their own
/// way, and neither is sure.
fn without_overlaps(mut added: Vec<Mojibake>) -> Vec<Mojibake> {
    added.sort_by_key(|run| run.range.start);
    let mut keep = vec![true; added.len()];
    let (mut group_start, mut group_end) = (0, 0);
    for (i, run) in added.iter().enumerate() {
        if i > 0 && run.range.start < group_end {
            keep[group_start..=i].fill(false);
            group_end = group_end.max(run.range.end);
        } else {
            (group_start, group_end) = (i, run.range.end);
        }
    }
    let mut keep = keep.into_iter();
    added.retain(|_| keep.next().unwrap_or(false));
    added
}

/// Adds a repaired word to `runs`, joining it to the last run when only
/// spaces lie between them and the chain is the same.
pub(super) fn add_repair(
    text: &str,
    range: std::ops::Range<usize>,
    reading: Reading,
    runs: &mut Vec<Mojibake>,
) {
    if let Some(last) = runs.last_mut()
        && last.held_back.is_none()
        && let [previous] = last.readings.as_mut_slice()
        && previous.chain == reading.chain
        && last.range.end <= range.start
        && range.end - last.range.start <= MAX_RUN_BYTES
        && text[last.range.end..range.start]
            .bytes()
            .all(|b| b.is_ascii_whitespace() && b != b'\n')
    {
        previous.text.push_str(&text[last.range.end..range.start]);
        previous.text.push_str(&reading.text);
        last.range.end = range.end;
        return;
    }
    runs.push(Mojibake {
        range,
        readings: vec![reading],
        held_back: None,
    });
}
