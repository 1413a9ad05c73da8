//! Finding mojibake a line at a time: the words that undo into plausible
//! text, what their line says about how it was garbled, and the runs they
//! form.

use rayon::prelude::*;

use super::badness::{Context, badness, is_plain, scan_plain};
use super::chains::{Candidate, no_break_space_fits, readings_of};
use super::garblers::{
    Garbler, LOST_NO_BREAK_SPACE, Roles, byte_row, loss_masks, roles, roles_table,
};
use super::lead_pairs::for_each_lead_pair;
use super::undo::Layer;
use super::{Chain, Mojibake, Reading};
use crate::model::blocks::line_aligned::line_pieces;
use crate::model::findings::backend::{self, Backend};
use std::sync::Arc;

/// How much less implausible a repair must be than the word as it stands.
const MARGIN: u32 = 3;

/// Neighbouring words join into one run up to about this many bytes, so a
/// long garbled line is reported as findings of a readable size.
const MAX_RUN_BYTES: usize = 240;

/// Words after "Ã " whose space was the no-break space of "à" ("às",
/// "àquele": Portuguese contractions).
const CONTRACTIONS: [&str; 7] = ["s", "quele", "quela", "quilo", "queles", "quelas", "quilos"];

/// Texts this long or longer are judged in pieces of whole lines of about
/// this size, on every core (lines are judged independently).
const PARALLEL_PIECE: usize = 64 << 10;

/// Finds the mojibake runs of `text`, line by line.
pub fn find_mojibake(text: &str) -> Vec<Mojibake> {
    if text.len() < 2 * PARALLEL_PIECE {
        return find_in_lines(text);
    }
    let pieces = line_pieces(text.as_bytes(), PARALLEL_PIECE);
    let found: Vec<Vec<Mojibake>> = pieces
        .par_iter()
        .map(|&(start, piece)| {
            let mut runs = find_in_lines(&text[start..start + piece.len()]);
            for run in &mut runs {
                run.range = start + run.range.start..start + run.range.end;
            }
            runs
        })
        .collect();
    found.concat()
}

/// [`find_mojibake`] on this thread.
fn find_in_lines(text: &str) -> Vec<Mojibake> {
    let mut runs = Vec::new();
    lines_that_may_hold(text, backend::selected(), |start, end| {
        find_in_line(text, start, end, &mut runs)
    });
    runs
}

/// Calls `visit` with the start and end of each line of `text` that
/// [`may_hold_mojibake`], found by the lead-pair search on `backend`: a line
/// it passes over has no char that may begin a sequence with the one
/// before, and none that stands for a byte alone (a C1 control), so it
/// holds nothing; in a line it stops in, only the sequences that may begin
/// where it stopped need be looked at. Without a vector backend, each line
/// is tested a char at a time.
fn lines_that_may_hold(text: &str, backend: Backend, mut visit: impl FnMut(usize, usize)) {
    let bytes = text.as_bytes();
    // The line of the last stop.
    let mut line = 0..0;
    let searched = for_each_lead_pair(backend, bytes, |hit| {
        if hit >= line.end {
            let start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
            let end = memchr::memchr(b'\n', &bytes[hit..]).map_or(bytes.len(), |i| hit + i + 1);
            line = start..end;
        }
        if begins_a_sequence(&text[line.clone()], hit - line.start) {
            visit(line.start, line.end);
            line.end
        } else {
            hit + 1
        }
    });
    if searched {
        return;
    }
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', bytes).map(|at| at + 1);
    for end in ends.chain(std::iter::once(text.len())) {
        let line = &text[start..end];
        if !line.is_ascii() && may_hold_mojibake(line) {
            visit(start, end);
        }
        start = end;
    }
}

/// Whether the char of `line` at `at`, with the one before, begins a
/// sequence that some encoding shows whole, or is a C1 control (either way
/// [`may_hold_mojibake`] holds for the line; and it holds for a line only
/// if it holds so at some char the search stops at). A sequence takes at
/// most four chars, and each that shows a continuation byte has at most
/// three bytes.
fn begins_a_sequence(line: &str, at: usize) -> bool {
    let from = line[..at].char_indices().next_back().map_or(at, |(i, _)| i);
    let mut to = (at + 3 * 3).min(line.len());
    while !line.is_char_boundary(to) {
        to -= 1;
    }
    may_hold_mojibake(&line[from..to])
}

/// The quick test most lines fail: in some encoding, its chars show a
/// whole UTF-8 sequence (a lead byte and as many continuation bytes as it
/// needs, any of which may have become a space, a lost no-break space, or
/// been lost to `?` or U+FFFD after it began), or it holds a C1 control.
/// Nothing can be undone in a line without one.
pub fn may_hold_mojibake(line: &str) -> bool {
    let table = roles_table();
    let lost = loss_masks();
    let bytes = line.as_bytes();
    let mut begun = Begun::default();
    let mut at = 0;
    // Runs of chars of one length have loops of their own: the place of
    // the next char is then known without waiting for this one's byte.
    while at < bytes.len() {
        match bytes[at] {
            byte @ 0x00..=0x7F => {
                if begun.is_none() {
                    // Nothing begun: ASCII changes nothing (most of most lines).
                    at += ascii_prefix(&bytes[at..]);
                    continue;
                }
                // A0 shown as a no-break space, then as a space; a byte lost.
                let continuation = match byte {
                    b' ' => lost.space,
                    b'?' => lost.holes,
                    _ => 0,
                };
                if begun.completes_with(continuation) {
                    return true;
                }
                begun.go_on(&Roles {
                    continuation,
                    ..Roles::NONE
                });
                at += 1;
            }
            // Latin, Greek, Cyrillic, Hebrew, Arabic…: the table holds them.
            0xC2..=0xDF => loop {
                let code = u32::from(bytes[at] & 0x1F) << 6 | u32::from(bytes[at + 1] & 0x3F);
                // C1 controls stand for bytes 80–9F only where text was garbled.
                if code < 0xA0 {
                    return true;
                }
                let roles = table.classed(code as usize);
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                begun.go_on(roles);
                at += 2;
                if !bytes.get(at).is_some_and(|b| (0xC2..=0xDF).contains(b)) {
                    break;
                }
            },
            // Chars of three bytes led by E3–ED (U+3000–U+DFFF: CJK, kana,
            // Hangul) and of four bytes: no encoding shows a byte as one,
            // so they end what began, as ASCII does (a test holds the
            // encodings to this).
            0xE3..=0xED => {
                begun = Begun::default();
                at += 3;
                while bytes.get(at).is_some_and(|b| (0xE3..=0xED).contains(b)) {
                    at += 3;
                }
            }
            0xF0..=0xF4 => {
                begun = Begun::default();
                at += 4;
            }
            // Punctuation, symbols, box drawing: the table holds them.
            byte @ 0xE0..=0xE2 => {
                let high = u32::from(byte & 0x0F) << 12 | u32::from(bytes[at + 1] & 0x3F) << 6;
                let code = high | u32::from(bytes[at + 2] & 0x3F);
                let roles = table.classed(code as usize);
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                begun.go_on(roles);
                at += 3;
            }
            // The private-use area and the rest of the BMP (macintosh's ﬁ,
            // ﬂ and Apple logo; U+FFFD, for a byte lost).
            _ => {
                let c = line[at..].chars().next().unwrap_or_default();
                let roles = match c {
                    '\u{FFFD}' => Roles {
                        continuation: lost.holes,
                        ..roles(c)
                    },
                    _ => roles(c),
                };
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                begun.go_on(&roles);
                at += c.len_utf8();
            }
        }
    }
    false
}

/// The encodings in which a UTF-8 sequence has begun, by how many more
/// continuation bytes it needs (bits by index).
#[derive(Default)]
struct Begun {
    need1: u32,
    need2: u32,
    need3: u32,
}

impl Begun {
    /// Whether no sequence has begun in any encoding.
    fn is_none(&self) -> bool {
        self.need1 | self.need2 | self.need3 == 0
    }

    /// Whether a char that shows a continuation byte in `continuation`
    /// completes a sequence.
    fn completes_with(&self, continuation: u32) -> bool {
        self.need1 & continuation != 0
    }

    /// Moves past a char of these roles: it takes sequences on or begins
    /// new ones.
    fn go_on(&mut self, roles: &Roles) {
        self.need1 = self.need2 & roles.continuation | roles.lead2;
        self.need2 = self.need3 & roles.continuation | roles.lead3;
        self.need3 = roles.lead4;
    }
}

/// How many bytes `bytes` starts with that are ASCII, found eight at a time.
fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let high = word & 0x8080_8080_8080_8080;
        if high != 0 {
            return n + high.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(bytes.len() - n)
}

/// A word of a line, with what undoing its garbling could make of it.
struct Word {
    /// Byte range in the text, including a space it takes in.
    range: std::ops::Range<usize>,
    /// The text judged (with a no-break space that was lost put back).
    text: String,
    /// Its readings.
    candidates: Arc<[Candidate]>,
    /// How implausible each reading is beside the line (set when the line
    /// is judged).
    badness_of: Vec<u32>,
    /// How implausible the word is as it stands.
    badness: u32,
    /// Whether a lost no-break space was put back after it: a guess that
    /// only the line's other words can back, but for "à".
    guessed_space: bool,
}

impl Word {
    /// Its readings, each with how implausible it is beside the line.
    fn judged(&self) -> impl Iterator<Item = (&Candidate, u32)> + Clone {
        self.candidates.iter().zip(self.badness_of.iter().copied())
    }

    /// Whether a reading that costs `badness` is clearly more plausible
    /// than the word as it stands.
    fn reads_clearly_better(&self, badness: u32) -> bool {
        self.badness >= badness + MARGIN && badness * 2 <= self.badness
    }

    /// The chains by which the word undoes into `text`.
    fn chains_to(&self, text: &str) -> Vec<&Chain> {
        self.candidates
            .iter()
            .filter(|c| c.text == text)
            .map(|c| &c.chain)
            .collect()
    }
}

/// What was decided for a word.
enum Verdict {
    Repair(Reading),
    Ambiguous(Vec<Reading>),
}

/// How many times a line is judged at most (see [`find_in_line`]).
const MAX_PASSES: usize = 4;

/// Adds the mojibake runs of `text[start..end]` (one line) to `runs`.
///
/// The line is judged again with each pass's repairs made, as `fix` run
/// again would see it, until a pass finds nothing more: what the repairs
/// show of the line (its script, the text garbling left alone) counts for
/// the words they did not repair, a repair that a later pass takes further
/// (a word garbled through one encoding in part and another in the rest)
/// becomes one run with both layers, and a second run of `fix` has nothing
/// left to do.
fn find_in_line(text: &str, start: usize, end: usize, runs: &mut Vec<Mojibake>) {
    let mut found = judge_line(text, start, end);
    for _ in 1..MAX_PASSES {
        if !found.iter().any(|run| run.repair().is_some()) {
            break;
        }
        let repaired = Repaired::of(text, start, end, &found);
        // (Most lines are whole once repaired: the quick test says so.)
        if !may_hold_mojibake(&repaired.line) {
            break;
        }
        let next = judge_line(&repaired.line, 0, repaired.line.len());
        if !repaired.take_in(next, &mut found) {
            break;
        }
    }
    runs.extend(found);
}

/// A line with the clear repairs of its runs made, and where each of its
/// bytes came from.
struct Repaired {
    line: String,
    /// For each byte of `line`, and one past its end: its offset in the
    /// text, or `None` inside a repair.
    origin: Vec<Option<usize>>,
    /// Each repaired run (its index in the runs) and where it is in `line`.
    placed: Vec<(usize, std::ops::Range<usize>)>,
}

impl Repaired {
    /// `text[start..end]` with the repairs of `runs` (in order, apart) made.
    fn of(text: &str, start: usize, end: usize, runs: &[Mojibake]) -> Repaired {
        let mut line = String::with_capacity(end - start);
        let mut origin = Vec::with_capacity(end - start + 1);
        let mut placed = Vec::new();
        let mut at = start;
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

/// Judges `text[start..end]` (one line) once: its runs of mojibake.
fn judge_line(text: &str, start: usize, end: usize) -> Vec<Mojibake> {
    let line = &text[start..end];
    if shows_none_plainly(line) {
        return Vec::new();
    }
    let Measured {
        words,
        context,
        shows,
    } = Measured::of(line);
    // Most lines that reach here have no word that shows garbling: the
    // readings of the others matter only beside one that does.
    if !shows.contains(&true) {
        return Vec::new();
    }
    // (What was found of each word above, found again by where it is.)
    let offset = |word: &str| word.as_ptr() as usize - line.as_ptr() as usize;
    let index = |word: &str| {
        let at = offset(word);
        words.binary_search_by_key(&at, |(w, _)| offset(w)).ok()
    };
    let shows_garbling = |word: &str| index(word).is_some_and(|i| shows[i]);
    let mut context = context;
    let mut first = judge_words(text, start, end, &context, &shows_garbling);
    if !first.iter().any(|run| run.repair().is_some()) {
        return first;
    }
    // The scripts that the repaired words agree on are the line's too:
    // judged again beside them, a word takes the reading that agrees with
    // the rest of its line ("їх", not "Ñ—Ñ…", in Ukrainian read as
    // ISO-8859-1 beside a Latin name, whose script alone the unchanged
    // words had shown).
    let repaired_words = (first.iter())
        .filter_map(Mojibake::repair)
        .flat_map(str::split_ascii_whitespace);
    let repaired = context.clone().and_agreed(repaired_words);
    if repaired.adds_to(&context) {
        context = repaired;
        first = judge_words(text, start, end, &context, &shows_garbling);
        if !first.iter().any(|run| run.repair().is_some()) {
            return first;
        }
    }
    // Where every suspect word shows its garbling (most garbled lines),
    // judging them all is judging the same words again.
    if words
        .iter()
        .zip(&shows)
        .all(|(&(_, suspect), &shows)| suspect == shows)
    {
        return first;
    }
    let suspect = |word: &str| index(word).map_or_else(|| is_suspect(word), |i| words[i].1);
    judge_words(text, start, end, &context, &suspect)
}

/// The words of a line as measured: whether each is suspect, the context
/// the others make, and whether each shows its garbling.
struct Measured<'a> {
    words: Vec<(&'a str, bool)>,
    context: Context,
    shows: Vec<bool>,
}

impl<'a> Measured<'a> {
    /// Measures the words of `line`.
    fn of(line: &'a str) -> Measured<'a> {
        let words: Vec<(&str, bool)> = line
            .split_ascii_whitespace()
            .map(|word| (word, is_suspect(word)))
            .collect();
        // The rest of the line: the words that no chain could change.
        let context = Context::of_words(words.iter().filter(|w| !w.1).map(|w| w.0));
        let shows = (words.iter())
            .map(|&(word, suspect)| suspect && shows_garbling(word, &context))
            .collect();
        Measured {
            words,
            context,
            shows,
        }
    }
}

/// Whether no word of `line` can show its garbling, seen without measuring
/// one: every word that may (a suspect one) is plain ([`is_plain`]),
/// and a plain word never shows it ([`shows_garbling`]). Most lines of a
/// script whose letters some encoding shows as UTF-8 sequences end here:
/// Russian in IBM866, where "рак" shows E0 A0 AA.
fn shows_none_plainly(line: &str) -> bool {
    // (Each word read once, as it is split off: most lines that reach here
    // end here.)
    let bytes = line.as_bytes();
    let mut at = 0;
    loop {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        if at == bytes.len() {
            return true;
        }
        let scan = scan_plain(line, at, |byte| byte.is_ascii_whitespace());
        let word = &line[at..scan.end];
        at = scan.end;
        if !scan.ascii && scan.plain().is_none() && !is_plain(word) && is_suspect(word) {
            return false;
        }
    }
}

/// Whether a suspect word shows its garbling beside `context`: it costs
/// [`MARGIN`] or more, and is not plain ([`is_plain`]). A plain word costs
/// that much only for a script that the line's unchanged words lack, and
/// that is no sign of garbling: almost every Russian word is suspect (in
/// IBM866 р–я are lead bytes of three and а–п continuation bytes), so in a
/// line with a Latin name "том" (E2 AE AC in IBM866, "⮬") and "её" (C5 A3
/// in KOI8-R, "ţ") would read better "repaired". A plain word is repaired
/// only beside words of its line that show their garbling and were
/// garbled the same way, where it reads no worse.
fn shows_garbling(word: &str, context: &Context) -> bool {
    badness(word, context) >= MARGIN && !is_plain(word)
}

/// Whether a word could hold mojibake: two chars that show a UTF-8 lead and
/// continuation byte in some encoding (or a lost byte, or C1 controls), or
/// a last char that shows a lead byte (a no-break space after it may have
/// been lost).
fn is_suspect(word: &str) -> bool {
    let table = roles_table();
    // The last char first: in most words of a script that encodings show as
    // lead bytes (Cyrillic in KOI8-R, Greek in windows-1253) it says so.
    if word
        .chars()
        .next_back()
        .is_some_and(|last| table.of(last).lead() != 0)
    {
        return true;
    }
    let lost = loss_masks();
    // The encodings in which the char before shows a lead byte.
    let mut leads = 0u32;
    for c in word.chars() {
        if c.is_ascii() {
            // A byte lost to "?", or A0 shown as a space.
            if (c == '?' && leads & lost.holes != 0) || (c == ' ' && leads & lost.space != 0) {
                return true;
            }
            leads = 0;
            continue;
        }
        let roles = table.of(c);
        if leads & roles.continuation != 0
            || ('\u{80}'..='\u{9F}').contains(&c)
            || (leads & lost.holes != 0 && c == '\u{FFFD}')
        {
            return true;
        }
        leads = roles.lead();
    }
    // (The last char shows a lead byte.)
    leads != 0
}

/// Judges the words of `text[start..end]` that `read` picks.
fn judge_words(
    text: &str,
    start: usize,
    end: usize,
    context: &Context,
    read: &dyn Fn(&str) -> bool,
) -> Vec<Mojibake> {
    let mut found = Vec::new();
    let runs = &mut found;
    let mut words = words_of(text, start, end, read);
    words.retain(|w| !w.candidates.is_empty());
    for word in &mut words {
        word.badness = badness(&word.text, context);
        word.badness_of = (word.candidates.iter())
            .map(|c| c.measure.against(context))
            .collect();
    }
    // First the words that show their garbling.
    // (A plain word has no verdict of its own: see [`shows_garbling`].)
    let mut verdicts: Vec<Option<Verdict>> = words
        .iter()
        .map(|word| {
            if is_plain(&word.text) {
                None
            } else {
                judge(word)
            }
        })
        .collect();
    // A line that also holds text that the chains would have garbled but
    // did not ("Mccoy – DrÃ¥ber": "–" is windows-1252's 96) is less likely
    // to be mojibake: one char undone is then too little to go on.
    if left_ungarbled(text, start, end, &words, &verdicts) {
        let undone: usize = words
            .iter()
            .zip(&verdicts)
            .filter_map(|(w, v)| match v {
                // C1 controls are never text: undoing them counts in full.
                Some(Verdict::Repair(r)) if r.chain.0 == [Layer::Windows1252AsLatin1] => Some(2),
                Some(Verdict::Repair(r)) => Some(
                    w.text
                        .chars()
                        .count()
                        .saturating_sub(r.text.chars().count()),
                ),
                _ => None,
            })
            .sum();
        if undone < 2 {
            verdicts.iter_mut().for_each(|v| *v = None);
        }
    }
    // The chains the line was garbled by: those that every word that shows
    // its garbling allows, or if they disagree, any of them.
    let allowed: Vec<Vec<&Chain>> = words
        .iter()
        .zip(&verdicts)
        .filter_map(|(word, v)| match v {
            Some(Verdict::Repair(reading)) => Some(word.chains_to(&reading.text)),
            _ => None,
        })
        .collect();
    let mut line_chains: Vec<Chain> = allowed
        .first()
        .map(|first| {
            first
                .iter()
                .filter(|chain| allowed.iter().all(|chains| chains.contains(chain)))
                .map(|chain| (*chain).clone())
                .collect()
        })
        .unwrap_or_default();
    if line_chains.is_empty() {
        // Each chain once: a long line would otherwise list its chains
        // once a word, and every word would look through them all.
        for &chain in allowed.iter().flatten() {
            if !line_chains.contains(chain) {
                line_chains.push(chain.clone());
            }
        }
    }
    // How many layers every repair of the line undid, if they agree.
    let line_layers = {
        let mut layers = allowed.iter().flatten().map(|chain| chain.0.len());
        let first = layers.next();
        first.filter(|&n| layers.all(|m| m == n))
    };
    // Then, beside them, the words garbled the same way that read no worse
    // repaired (Russian "и" shows as "Рё", which could be a name), and
    // the ambiguous words that one of those chains decides, or else the
    // number of layers the line's repairs agree on ("Ôäó" or "™" from
    // "├ö├ñ├│" in a line garbled twice through cp850).
    for (word, verdict) in words.iter().zip(&mut verdicts) {
        let by_line_chain = |&(c, badness): &(&Candidate, u32)| {
            line_chains.contains(&c.chain) && badness <= word.badness
        };
        match verdict {
            None => {
                let mut fitting = word.judged().filter(by_line_chain).map(|(c, _)| c);
                if let Some(first) = fitting.next()
                    && fitting.all(|other| other.text == first.text)
                {
                    *verdict = Some(Verdict::Repair(Reading {
                        chain: first.chain.clone(),
                        text: first.text.clone(),
                    }));
                }
            }
            Some(Verdict::Ambiguous(readings)) => {
                let fitting: Vec<&Reading> = readings
                    .iter()
                    .filter(|r| {
                        word.chains_to(&r.text)
                            .iter()
                            .any(|c| line_chains.contains(c))
                    })
                    .collect();
                let layered = || {
                    (readings.iter())
                        .filter(|r| Some(r.chain.0.len()) == line_layers)
                        .collect::<Vec<_>>()
                };
                if let [only] = fitting.as_slice() {
                    *verdict = Some(Verdict::Repair((*only).clone()));
                } else if let [only] = layered().as_slice() {
                    *verdict = Some(Verdict::Repair((*only).clone()));
                }
            }
            Some(Verdict::Repair(_)) => {}
        }
        // Name the chain the line was garbled by, where it gives the repair.
        if let Some(Verdict::Repair(reading)) = verdict
            && let Some(chain) = word
                .chains_to(&reading.text)
                .into_iter()
                .find(|c| line_chains.contains(c))
        {
            reading.chain = chain.clone();
        }
    }
    for (word, verdict) in words.into_iter().zip(verdicts) {
        match verdict {
            Some(Verdict::Repair(reading)) => add_repair(text, word.range, reading, runs),
            Some(Verdict::Ambiguous(readings)) => runs.push(Mojibake {
                range: word.range,
                readings,
            }),
            None => {}
        }
    }
    found
}

/// Whether the line, outside the words found garbled (repaired, or read
/// more than one way), holds a char that the encoding a repair undid (its
/// outermost layer) shows as a byte beyond ASCII: text that garbling
/// through it would have changed.
fn left_ungarbled(
    text: &str,
    start: usize,
    end: usize,
    words: &[Word],
    verdicts: &[Option<Verdict>],
) -> bool {
    let garbled: Vec<&std::ops::Range<usize>> = (words.iter().zip(verdicts))
        .filter(|(_, v)| v.is_some())
        .map(|(w, _)| &w.range)
        .collect();
    let garblers: Vec<&Garbler> = verdicts
        .iter()
        .filter_map(|v| match v {
            Some(Verdict::Repair(r)) => match r.chain.0.first() {
                Some(Layer::Utf8As(garbler, _)) => Some(*garbler),
                _ => None,
            },
            _ => None,
        })
        .collect();
    if garblers.is_empty() {
        return false;
    }
    // A char beyond ASCII that one of those encodings shows as a byte.
    let garblable = |c: char| {
        let row = byte_row(c);
        !c.is_ascii() && garblers.iter().any(|g| row[g.index()] != 0)
    };
    // A plain word that undoes through one of them may be garbled too
    // (plain words have no verdict of their own: "ГЁ" is "è" beside
    // "cittГ"), and says nothing either way.
    let undoes_so = |word: &str| {
        is_plain(word)
            && readings_of(word).iter().any(|c| match c.chain.0.first() {
                Some(Layer::Utf8As(garbler, _)) => {
                    garblers.iter().any(|g| g.index() == garbler.index())
                }
                _ => false,
            })
    };
    let left = |between: &str| {
        (between.split_ascii_whitespace())
            .any(|word| word.chars().any(garblable) && !undoes_so(word))
    };
    // The text between the garbled words (which are in order and apart).
    let mut from = start;
    for range in garbled {
        if left(&text[from..range.start.max(from)]) {
            return true;
        }
        from = from.max(range.end);
    }
    left(&text[from..end.max(from)])
}

/// The verdict on a word that shows its garbling: the repair that is
/// clearly more plausible than the word and than any other; or, when
/// repairs that differ read about as well, all of them.
///
/// Among repairs that read about as well, the one that undoes the most
/// (the fewest chars left) wins, then the one with the fewest layers: each
/// further coincidence is less likely than the one before.
fn judge(word: &Word) -> Option<Verdict> {
    if word.guessed_space && !word.text.ends_with("Ã\u{A0}") {
        return None;
    }
    let shown = |&(_, badness): &(&Candidate, u32)| word.reads_clearly_better(badness);
    let best = word.judged().filter(shown).map(|(_, b)| b).min()?;
    let within_reach = |&(_, badness): &(&Candidate, u32)| badness <= best + 1;
    // A plain reading that a reading within reach takes one layer further
    // is its rival whatever it costs: the further layer is as likely a
    // coincidence ("РµС‘" alone is "её", or "ţ" through KOI8-R after it).
    let goes_on_from_it = |&(short, _): &(&Candidate, u32)| {
        is_plain(&short.text)
            && (word.judged().filter(within_reach))
                .any(|(long, _)| goes_one_layer_on(&long.chain, &short.chain))
    };
    let close: Vec<(&Candidate, u32)> = word
        .judged()
        .filter(shown)
        .filter(|c| within_reach(c) || goes_on_from_it(c))
        .collect();
    // A reading that a longer chain in the running goes on from is garbling
    // left ("nÃ©" from "nÃƒÂ©", where "né" is also a reading).
    // (One that undoes every char of it, one layer on.)
    let continued = |short: &Chain| {
        (close.iter()).any(|(long, _)| goes_one_layer_on(&long.chain, short) && long.last_left == 0)
    };
    // But a plain reading is no garbling left: the longer chain's reading
    // of it is a coincidence ("её" from "РµС‘" is "ţ" in KOI8-R), and both
    // are kept for the line to decide between.
    let left_garbled: Vec<&String> = close
        .iter()
        .filter(|(c, _)| continued(&c.chain) && !is_plain(&c.text))
        .map(|(c, _)| &c.text)
        .collect();
    let mut close: Vec<(&Candidate, u32)> = close
        .into_iter()
        .filter(|(c, _)| !left_garbled.contains(&&c.text))
        .collect();
    // The fewest chars left alone by the outermost layer, then the fewest
    // layers, then the most undone; but readings that leave as few alone
    // and say different things are rivals: each is a coincidence or not.
    close.sort_by_key(|&(c, badness)| (c.left, c.chain.0.len(), c.text.chars().count(), badness));
    let top = close[0].0;
    let mut readings = vec![Reading {
        chain: top.chain.clone(),
        text: top.text.clone(),
    }];
    for (rival, _) in close.iter().filter(|(c, _)| c.left == top.left) {
        if !readings.iter().any(|r| r.text == rival.text) {
            readings.push(Reading {
                chain: rival.chain.clone(),
                text: rival.text.clone(),
            });
        }
    }
    Some(match readings.len() {
        1 => Verdict::Repair(readings.remove(0)),
        _ => {
            readings.truncate(3);
            Verdict::Ambiguous(readings)
        }
    })
}

/// Whether `long` undoes the layers of `short` and one more after them.
fn goes_one_layer_on(long: &Chain, short: &Chain) -> bool {
    long.0.len() == short.0.len() + 1 && long.0.starts_with(&short.0)
}

/// Adds a repaired word to `runs`, joining it to the last run when only
/// spaces lie between them and the chain is the same.
fn add_repair(
    text: &str,
    range: std::ops::Range<usize>,
    reading: Reading,
    runs: &mut Vec<Mojibake>,
) {
    if let Some(last) = runs.last_mut()
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
    });
}

/// The words of `text[start..end]` (split at ASCII whitespace), each with
/// its candidate repairs.
fn words_of(text: &str, start: usize, end: usize, read: &dyn Fn(&str) -> bool) -> Vec<Word> {
    let line = &text[start..end];
    let bytes = line.as_bytes();
    let mut words = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let word_end = bytes[at..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |n| at + n);
        let word = &line[at..word_end];
        let mut range = start + at..start + word_end;
        if word.is_ascii() || !read(word) {
            at = word_end;
            continue;
        }
        let mut judged = word.to_string();
        let mut guessed_space = false;
        let mut found = readings_of(word);
        // A sequence whose byte A0 showed as a no-break space that became
        // a space ("voilÃ le", "Ð ÑƒÑ\u{81}", "ì •ë§\u{90}"): put it back
        // if a repair takes it in.
        let after_space = line[word_end..].strip_prefix(' ');
        let next_word =
            after_space.filter(|rest| rest.starts_with(|c: char| !c.is_ascii_whitespace()));
        // Two spaces: the first was the no-break space ("voilÃ  le").
        let spaces = after_space.is_some_and(|rest| rest.starts_with(' '));
        let mut next_at = word_end;
        // (Only where no reading of the word takes in its last char.)
        let last = word.chars().last().unwrap_or(' ');
        let tail_left = found.iter().all(|c| c.text.ends_with(last));
        if (next_word.is_some() || spaces) && tail_left {
            let following = next_word
                .and_then(|rest| rest.split(|c: char| c.is_ascii_whitespace()).next())
                .unwrap_or("");
            let (completes, continues) = no_break_space_fits(word);
            // Inside a sequence, the next word holds the rest of it.
            let tries = [
                (continues && next_word.is_some(), following),
                (completes, ""),
            ];
            for (joined, (fits, taken)) in tries.into_iter().enumerate().map(|(i, t)| (i == 0, t)) {
                if !fits {
                    continue;
                }
                // (Pushed, not formatted: most words of some scripts get here.)
                let mut with_space = String::with_capacity(word.len() + 3 + taken.len());
                with_space.push_str(word);
                with_space.push(LOST_NO_BREAK_SPACE);
                with_space.push_str(taken);
                let taken_in: Arc<[Candidate]> = (readings_of(&with_space).iter())
                    .filter(|c| !c.text.contains(LOST_NO_BREAK_SPACE))
                    .cloned()
                    .collect();
                if taken_in.is_empty() {
                    continue;
                }
                guessed_space = true;
                found = taken_in;
                judged = with_space.replace(LOST_NO_BREAK_SPACE, "\u{A0}");
                // "Ã " is mostly "à" and a space that followed it ("voilà
                // le"), the no-break space lost; but "Ã s" is "às", and
                // inside any other sequence the space was the byte.
                let a_grave = found.iter().any(|c| c.text.ends_with('à'));
                if joined {
                    next_at = word_end + 1 + following.len();
                    range.end = start + next_at;
                } else if !a_grave || CONTRACTIONS.contains(&following) || spaces {
                    range.end += 1;
                }
                break;
            }
        }
        words.push(Word {
            range,
            text: judged,
            candidates: found,
            badness_of: Vec::new(),
            badness: 0,
            guessed_space,
        });
        at = next_at;
    }
    words
}

#[cfg(test)]
mod tests {
    use super::super::garblers::quick_roles;
    use super::*;
    use std::collections::BTreeSet;

    fn fixed(text: &str) -> String {
        super::super::with_repairs(text, &find_mojibake(text))
    }

    #[test]
    fn repairs_the_classic_cases() {
        assert_eq!(fixed("Le cafÃ© est prÃªt"), "Le café est prêt");
        assert_eq!(fixed("РїСЂРёРІРµС‚ Рё РјРёСЂ"), "привет и мир");
        assert_eq!(fixed("п©я─п╦п╡п╣я┌"), "привет");
        assert_eq!(fixed("Iggy Pop (nÃƒÂ© Jim)"), "Iggy Pop (né Jim)");
        assert_eq!(fixed("voilÃ le travail"), "voilà le travail");
        // The no-break space became a space, beside the one after it.
        assert_eq!(fixed("voilÃ  le travail"), "voilà le travail");
        assert_eq!(fixed("atenÃ§Ã£o Ã s crianÃ§as"), "atenção às crianças");
        assert_eq!(fixed("a Г‚ВЈ5.8bn issue"), "a £5.8bn issue");
        assert_eq!(fixed("Je ne sais pas o√π aller"), "Je ne sais pas où aller");
        let russian = find_mojibake("РїСЂРёРІРµС‚ РјРёСЂ");
        assert_eq!(russian.len(), 1, "{russian:?}");
        assert_eq!(russian[0].chain(), "UTF-8 read as windows-1251");
        let twice = find_mojibake("cafÃƒÂ©");
        assert_eq!(twice[0].chain(), "UTF-8 read as windows-1252, twice");
        // An ambiguous word is garbled text, not text left ungarbled: the
        // one-letter repair beside it decides it (ftfy's Slovak case).
        assert_eq!(
            fixed("Nap\u{102}\u{ad}\u{139}\u{2c7}te n\u{102}\u{2c7}m !"),
            "Napíšte nám !"
        );
        // "à" whose no-break space survived, before a space; a Romanian
        // word before a no-break space is no such thing.
        assert_eq!(
            fixed("ART TRIP \u{c3}\u{a0} l'office"),
            "ART TRIP à l'office"
        );
        assert_eq!(fixed("NICIODAT\u{102}\u{a0} "), "NICIODAT\u{102}\u{a0} ");
        let two = find_mojibake("Г‚ВЈ5");
        assert_eq!(
            two[0].chain(),
            "UTF-8 read as windows-1252, then as windows-1251"
        );
    }

    /// [`may_hold_mojibake`] a char at a time, as its doc says it: the
    /// oracle of the byte-wise scan.
    fn may_hold_char_by_char(line: &str) -> bool {
        let (mut need1, mut need2, mut need3) = (0u32, 0u32, 0u32);
        for c in line.chars() {
            let roles = quick_roles(c);
            let continuation = match c {
                '\u{80}'..='\u{9F}' => return true,
                _ => roles.continuation,
            };
            if need1 & continuation != 0 {
                return true;
            }
            (need1, need2) = (need2 & continuation, need3 & continuation);
            need1 |= roles.lead2;
            need2 |= roles.lead3;
            need3 = roles.lead4;
        }
        false
    }

    /// The lines (start, end) of `text` that [`lines_that_may_hold`] visits
    /// on each backend the CPU has, by name.
    fn visited_lines(text: &str) -> Vec<(&'static str, Vec<(usize, usize)>)> {
        (Backend::ALL.into_iter())
            .filter(|backend| backend.is_available())
            .map(|backend| {
                let mut visited = Vec::new();
                lines_that_may_hold(text, backend, |start, end| visited.push((start, end)));
                (backend.name(), visited)
            })
            .collect()
    }

    /// The lines of `text` for which [`may_hold_char_by_char`] holds.
    fn holding_lines(text: &str) -> Vec<(usize, usize)> {
        let mut start = 0;
        let mut holding = Vec::new();
        for line in text.split_inclusive('\n') {
            if may_hold_char_by_char(line) {
                holding.push((start, start + line.len()));
            }
            start += line.len();
        }
        holding
    }

    /// Asserts that the lead-pair search, on every backend, takes just the
    /// lines of `text` that may hold mojibake: the lines it passes over that
    /// hold some (misses) and those it takes that hold none are counted
    /// apart.
    fn assert_takes_the_lines_that_may_hold(text: &str) {
        let holding = holding_lines(text);
        for (backend, visited) in visited_lines(text) {
            let (holding, visited): (BTreeSet<_>, BTreeSet<_>) = (
                holding.iter().copied().collect(),
                visited.into_iter().collect(),
            );
            let missed: Vec<&str> = (holding.iter())
                .filter(|line| !visited.contains(line))
                .map(|&(start, end)| &text[start..end])
                .collect();
            let extra: Vec<&str> = (visited.iter())
                .filter(|line| !holding.contains(line))
                .map(|&(start, end)| &text[start..end])
                .collect();
            assert!(
                missed.is_empty() && extra.is_empty(),
                "{backend}: {} missed {:?}; {} taken wrongly {:?}",
                missed.len(),
                &missed[..missed.len().min(5)],
                extra.len(),
                &extra[..extra.len().min(5)],
            );
        }
    }

    /// Every char that shows a byte in some encoding or that the quick
    /// test takes for a lost one, and some that show none.
    fn chars_with_roles() -> Vec<char> {
        let mut chars: Vec<char> = ('\u{80}'..='\u{FFFF}')
            .filter(|&c| {
                let roles = quick_roles(c);
                roles.lead() | roles.continuation != 0 || ('\u{80}'..'\u{A0}').contains(&c)
            })
            .collect();
        chars.extend([' ', '?', 'a', '\u{FFFD}', '字', '😀']);
        chars
    }

    #[test]
    fn the_lead_pair_search_takes_every_line_of_two_chars_that_may_hold() {
        // Every two chars that show bytes, side by side and with a space
        // between (a lost no-break space, the search's one rule of three
        // chars), each pair a line.
        let chars = chars_with_roles();
        for between in ["", " "] {
            let mut text = String::new();
            for &a in &chars {
                for &b in &chars {
                    text.push(a);
                    text.push_str(between);
                    text.push(b);
                    text.push('\n');
                }
            }
            assert!(!holding_lines(&text).is_empty());
            assert_takes_the_lines_that_may_hold(&text);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_lead_pair_search_takes_the_lines_that_may_hold(lines in proptest::collection::vec(
            proptest::collection::vec(
                proptest::prop_oneof![
                    4 => proptest::sample::select(chars_with_roles()),
                    1 => proptest::sample::select(vec![' ', '?', '\n', 'a', 'é', 'Ã', 'â', '€', '\u{A0}']),
                ],
                0..40,
            ),
            1..8,
        )) {
            let text: String = (lines.iter())
                .map(|line| line.iter().collect::<String>() + "\n")
                .collect();
            assert_takes_the_lines_that_may_hold(&text);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_quick_test_scans_bytes_as_it_reads_chars(chars in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::sample::select(vec![' ', '?', 'a', '\u{FFFD}', '\u{85}', '\u{E0A0}', '\u{F8FF}', '😀', '字']),
                proptest::char::range('\u{A0}', '\u{17F}'),
                proptest::char::range('\u{390}', '\u{4FF}'),
                proptest::char::range('\u{2010}', '\u{2600}'),
            ],
            0..24,
        )) {
            let line: String = chars.into_iter().collect();
            proptest::prop_assert_eq!(may_hold_mojibake(&line), may_hold_char_by_char(&line), "{:?}", line);
        }
    }

    /// Chars for lines that test [`shows_none_plainly`]: letters of several
    /// scripts in both cases, letters that cost alone, marks, digits,
    /// symbols and punctuation, typography, and what encodings show for
    /// lead and continuation bytes.
    fn plain_test_chars() -> impl proptest::strategy::Strategy<Value = char> {
        proptest::prop_oneof![
            proptest::sample::select(vec![
                ' ', ' ', ' ', '?', ',', '.', '-', '\'', '(', '1', 'a', 'Z', 'é', 'É', 'œ', 'ſ',
                'Ĕ', '\u{A0}', '«', '»', '…', '€', '×', '°', '\u{301}', '\u{FFFD}', '\u{85}', '日',
                'は', 'ア', '한', 'א', 'ب', 'क', '\u{93F}', 'ა', 'ก', '😀', '√', '²', '¿',
            ]),
            proptest::char::range('A', 'z'),
            proptest::char::range('\u{C0}', '\u{17F}'),
            proptest::char::range('\u{386}', '\u{3CE}'),
            proptest::char::range('\u{400}', '\u{45F}'),
            proptest::char::range('\u{2010}', '\u{2030}'),
        ]
    }

    proptest::proptest! {
        #[test]
        fn a_line_plainly_without_garbling_shows_none_when_measured(
            chars in proptest::collection::vec(plain_test_chars(), 0..40)
        ) {
            let line: String = chars.into_iter().collect();
            if shows_none_plainly(&line) {
                let measured = Measured::of(&line);
                proptest::prop_assert!(!measured.shows.contains(&true), "{:?}", line);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_line_of_plain_and_other_words_shows_none_plainly_only_when_measured_so(
            words in proptest::collection::vec(proptest::sample::select(vec![
                "мягких", "ЕЩЁ", "Съешь", "булок,", "abc²", "x²", "a²b", "Hello", "ab", "I", "café",
                "wörld", "l’église", "œuvre", "ψυχή", "ΨΥΧΉ", "日本語", "한국어", "עברית", "€42",
                "1,5", "—", "«", "…", "cafÃ©", "РїСЂРёРІРµС‚", "Ð¿Ñ", "BĂźrger", "Ã", "voilÃ",
                "п©я─п╦п╡п╣я┌", "â€œ", "ï¿½", "\u{FFFD}", "¿Qué?",
            ]), 0..8)
        ) {
            let line = words.join(" ");
            if shows_none_plainly(&line) {
                let measured = Measured::of(&line);
                proptest::prop_assert!(!measured.shows.contains(&true), "{:?}", line);
            }
        }
    }

    #[test]
    fn lines_of_plain_words_are_seen_without_measuring() {
        // The fast path takes the lines it is for, and each agrees with
        // the measure.
        for line in [
            "Съешь же ещё этих мягких французских булок, да выпей чаю.",
            "СЪЕШЬ ЖЕ ЕЩЁ ЭТИХ МЯГКИХ ФРАНЦУЗСКИХ БУЛОК, ДА ВЫПЕЙ ЧАЮ.",
            "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
            "Le château se trouve à côté de l'église.",
            // Plain words beside Latin ones: "том" is E2 AE AC in IBM866
            // (U+2BAC), "её" C5 A3 in KOI8-R ("ţ").
            "Hello world мягких",
            "abc² мягких",
            "Мы говорили о том, что Yandex работает.",
            "The word её is in this text.",
            "Der Begriff «том» bedeutet Band, „её“ ihr.",
        ] {
            assert!(shows_none_plainly(line), "{line}");
            assert!(!Measured::of(line).shows.contains(&true), "{line}");
            assert_eq!(find_mojibake(line), [], "{line}");
        }
        // Words that show garbling.
        for line in [
            "Le cafÃ© est prÃªt",
            "РїСЂРёРІРµС‚ Рё РјРёСЂ",
            "Die BĂźrger Ăśffnen",
        ] {
            assert!(!shows_none_plainly(line), "{line}");
        }
    }

    #[test]
    fn a_repair_a_later_pass_takes_further_is_one_run_and_final() {
        // Cyrillic garbled through windows-1251, and before it a Greek Β
        // that windows-1253 shows for a lead byte whose next byte was lost:
        // the first pass undoes the one, the pass after it the other.
        let line = "\u{392}\u{FFFD}РїСЂРёРІРµС‚ aaa";
        let runs = find_mojibake(line);
        assert_eq!(runs.len(), 1, "{runs:?}");
        assert_eq!(runs[0].repair(), Some("\u{FFFD}привет"));
        assert_eq!(
            runs[0].chain(),
            "UTF-8 read as windows-1253, then as windows-1251"
        );
        let once = fixed(line);
        assert_eq!(fixed(&once), once, "a second fix changes nothing");
        // Its steps show both layers, the lost byte too.
        let seen = &line[runs[0].range.clone()];
        let steps = runs[0].steps(seen);
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(
            steps[1].starts_with("UTF-8 read as windows-1253: Β = C2"),
            "{steps:?}"
        );
    }

    #[test]
    fn two_guesses_in_one_sequence_undo_no_correct_text() {
        // "é" then a space then U+FFFD could be E9 A0 and a lost byte: but
        // a no-break space lost to a space and a byte lost to U+FFFD in one
        // sequence is too much guessing; "café" stays.
        let line = "cafÃ© café \u{FFFD}Â\u{FFFD}РїСЂРёРІРµС‚ x";
        let once = fixed(line);
        assert!(once.starts_with("café café \u{FFFD}"), "{once}");
        assert!(once.ends_with("привет x"), "{once}");
        assert_eq!(fixed(&once), once);
    }

    #[test]
    fn a_tie_between_chains_is_reported_and_not_repaired() {
        let runs = find_mojibake("Die BĂźrger Ăśffnen");
        assert!(!runs.is_empty());
        assert!(runs.iter().all(|r| r.repair().is_none()), "{runs:?}");
        assert!(
            runs[0].readings.iter().any(|r| r.text == "Bürger"),
            "{runs:?}"
        );
    }

    #[test]
    fn a_plain_reading_and_a_longer_one_are_decided_by_the_line() {
        // "её" through windows-1251 is "РµС‘"; through KOI8-R after it, the
        // plain "её" reads "ţ". The rest of the line was garbled once.
        assert_eq!(
            fixed("РљР°Рє СЃРѕРѕР±С‰РёР» РјРёРЅРёСЃС‚СЂ, РЅР° РµС‘ СЂРµР°Р»РёР·Р°С†РёСЋ"),
            "Как сообщил министр, на её реализацию"
        );
        // "том" is E2 AE AC in IBM866: "⮬".
        assert_eq!(
            fixed("РћРЅ РґРѕР»РіРѕ, Рё РґСѓРјР°Р» Рѕ С‚РѕРј, С‡С‚Рѕ РІСЃС‘"),
            "Он долго, и думал о том, что всё"
        );
        // Alone among Latin words, where the Cyrillic reading costs more
        // for its script: both readings, and no repair.
        let runs = find_mojibake("Hello РµС‘ world");
        let readings: Vec<&str> = runs[0].readings.iter().map(|r| r.text.as_str()).collect();
        assert_eq!((runs.len(), readings), (1, vec!["её", "ţ"]));
        assert_eq!(fixed("Hello РµС‘ world"), "Hello РµС‘ world");
        // "™" through cp850 twice is "├ö├ñ├│"; once undone, the plain
        // "Ôäó". The rest of the line was garbled twice.
        assert_eq!(
            fixed("Le chÔö£├│teau, Ôö¼┬«2026 ├ö├ñ├│"),
            "Le château, ©2026 ™"
        );
    }

    #[test]
    fn real_text_is_left_alone() {
        for text in [
            "São Paulo",
            "À bientôt",
            "x×² ≥ 0",
            "Я люблю её",
            "Зі мною",
            "essayé »",
            "PARCE QUE SUR LEURS PLAQUES IL Y MARQUÉ…",
            "SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN",
            "Offering 5×£35 pin ups",
            "├┤a┼┐a┼┐a┼┐a┼┐a",
            "зі»",
            // Mathematics in a line of Latin letters (ftfy's negative case
            // as its JSON file holds it).
            "\"original\": \"(-1/2)! = √π\",",
            // Box art and a hex viewer's cp437 column (ratatui's and
            // hexyl's tests).
            "                 ░▌░░▐░",
            "│00001010│ 04 00 00 00 cd 80 b8 01 ┊ 00 00 00 cd 80 00 00 00 │♦⋄⋄⋄═Ç╕☺┊⋄⋄⋄═Ç⋄⋄⋄│",
        ] {
            assert_eq!(find_mojibake(text), vec![], "{text}");
        }
    }

    #[test]
    fn two_runs_of_a_later_pass_over_one_repair_are_not_taken() {
        // Random chars a long line of them held (this panicked: the second
        // pass took the first's repair further twice, in two runs that
        // overlapped).
        let text = "\u{bd}\u{440}\u{c2}\u{a9} \u{ef}\u{440}\u{102}a \u{bf}\u{d0} \u{2122}\u{b3} \u{e9}\u{20ac}\u{bb}\u{c2}\u{a9}\u{2019}\u{e9}\u{2026}\u{2264}\u{c3}\u{b4} \u{430}\u{102}\u{221a}\u{d0}\u{a0} \u{ce} \u{c2}\u{20ac}\u{e9}\u{440}\u{ef}\u{ce}\u{ce}\u{2026}\u{ce} \u{301}\u{b4}  a\u{ce}\u{ab}\u{bd}\u{c3}\u{bd}";
        let runs = find_mojibake(text);
        assert!(!runs.is_empty());
        for pair in runs.windows(2) {
            assert!(pair[0].range.end <= pair[1].range.start, "{runs:?}");
        }
        let once = fixed(text);
        assert_eq!(fixed(&once), once);
    }
}
