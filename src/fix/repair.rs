//! The repair pass: copies text block by block, undoing mojibake and, when
//! asked, replacing or dropping invalid spans and stripping byte order marks.

use std::io::{self, Write};

use crate::model::InvalidKind;
use crate::model::blocks::Place;
use crate::model::blocks::tally::count_lf;
use crate::model::cesu8::SurrogatePair;
use crate::model::encoding::{Confidence, RowEncoding, read_row_in};
use crate::model::findings::Repairer;
use crate::model::selection::{Lines, Selection};
use crate::model::settings::Settings;

use super::changes::{Change, ChangeKind, ChangeLog};
use super::parts::{Part, parts};

/// What to do with invalid spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum InvalidPolicy {
    /// Leave them as they are.
    #[default]
    Keep,
    /// Write U+FFFD for each (one per maximal subpart, as WHATWG decoders and from_utf8_lossy do).
    Replace,
    /// Leave them out.
    Drop,
    /// Read each line's invalid spans in the legacy encoding the line reads
    /// best in (or the one `--from` names), where that reads as text; keep
    /// the others.
    Legacy,
}

/// What `fix` changes besides mojibake.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RepairOptions {
    /// What to do with invalid spans.
    pub invalid: InvalidPolicy,
    /// Whether to leave out every U+FEFF (a byte order mark).
    pub strip_bom: bool,
    /// For [`InvalidPolicy::Legacy`]: the encoding of the legacy rows
    /// (named with `--from`, chosen over the file, or judged per line).
    pub legacy: RowEncoding,
    /// How the mojibake judgment runs (its backend and threads).
    pub settings: Settings,
    /// Which of its repairs are made (`None`: every one, as `fix` makes
    /// them).
    pub selection: Option<std::sync::Arc<Selection>>,
    /// The process ends once the pass is finished: what the repairer kept
    /// of the file's words (tens of thousands of small allocations) is
    /// left for the system to reclaim, not freed one by one (a twentieth
    /// of `fix`'s time on a 20 MiB mixed file).
    pub process_ends_after: bool,
}

/// Streams repaired text out of consecutive unit-aligned blocks.
#[derive(Debug)]
pub struct RepairPass {
    options: RepairOptions,
    /// Finds the mojibake, keeping what it judged of the file's words.
    repairer: Repairer,
    /// Where the input stands (lines are counted in the input).
    place: Place,
    log: ChangeLog,
}

impl RepairPass {
    /// A repair pass at the start of a file.
    pub fn new(options: RepairOptions) -> RepairPass {
        RepairPass {
            repairer: Repairer::new(options.settings),
            options,
            place: Place::new(),
            log: ChangeLog::default(),
        }
    }

    /// Writes the repaired form of `block` (which must follow the previous
    /// block and end at a unit boundary or the end of the input) to `out`.
    pub fn feed(&mut self, block: &[u8], out: &mut impl Write) -> io::Result<()> {
        if self.options.invalid != InvalidPolicy::Legacy
            || simdutf8::basic::from_utf8(block).is_ok()
        {
            return self.feed_lines(block, out);
        }
        // Blocks are whole lines: each line is judged on its own, after
        // its mojibake is repaired (as a second run would see it).
        for line in block.split_inclusive(|&b| b == b'\n') {
            if simdutf8::basic::from_utf8(line).is_ok() {
                self.feed_lines(line, out)?;
                continue;
            }
            let (place, kept) = (self.place, self.log.kept_invalid);
            let mut first_pass = Vec::with_capacity(line.len());
            self.feed_lines(line, &mut first_pass)?;
            let chosen = self.selected(|s| &s.legacy, place.line());
            let Some(row) = read_row_in(&first_pass, self.options.legacy).filter(|_| chosen) else {
                out.write_all(&first_pass)?;
                continue;
            };
            (self.place, self.log.kept_invalid) = (place, kept);
            let hedge = match row.detection.confidence {
                Confidence::Tentative => ", tentative",
                Confidence::Ambiguous => ", ambiguous",
                _ => "",
            };
            for (range, text) in &row.runs {
                self.log.add(Change {
                    kind: ChangeKind::LegacyRead,
                    line: self.place.line(),
                    before: first_pass[range.clone()].to_vec(),
                    after: text.clone(),
                    note: Some(format!("{}{hedge}", row.detection.encoding)),
                });
            }
            // The row is UTF-8 now: it gets the repairs any line gets.
            self.feed_lines(row.text.as_bytes(), out)?;
        }
        Ok(())
    }

    /// [`RepairPass::feed`] without legacy rows.
    fn feed_lines(&mut self, block: &[u8], out: &mut impl Write) -> io::Result<()> {
        if let Ok(text) = simdutf8::basic::from_utf8(block) {
            return self.repair_text(text, out);
        }
        let keep = matches!(
            self.options.invalid,
            InvalidPolicy::Keep | InvalidPolicy::Legacy
        );
        for line in block.split_inclusive(|&b| b == b'\n') {
            match simdutf8::basic::from_utf8(line) {
                Ok(text) => self.repair_text(text, out)?,
                Err(_) if keep => self.feed_pieces(line, out)?,
                // Mojibake is judged on the whole line as a second run will
                // see it: with its invalid spans replaced or dropped.
                Err(_) => {
                    let place = self.place;
                    let mut replaced = Vec::with_capacity(line.len() + 8);
                    for part in parts(line) {
                        match part {
                            Part::Valid(valid) => replaced.extend_from_slice(valid),
                            Part::Invalid(kind, bytes) => {
                                self.invalid(kind, bytes, &mut replaced)?
                            }
                            Part::Pair(bytes, pair) => self.pair(bytes, pair, &mut replaced)?,
                        }
                    }
                    self.place = place;
                    let text = std::str::from_utf8(&replaced).expect("invalid spans are replaced");
                    self.repair_text(text, out)?;
                }
            }
        }
        Ok(())
    }

    /// Repairs the valid pieces of `block` on their own, keeping its
    /// invalid spans. A CESU-8 pair joins the text either side of it, as a
    /// second run will see it.
    fn feed_pieces(&mut self, block: &[u8], out: &mut impl Write) -> io::Result<()> {
        let mut text = Vec::new();
        for part in parts(block) {
            match part {
                Part::Valid(valid) => text.extend_from_slice(valid),
                Part::Pair(bytes, pair) => {
                    let place = self.place;
                    self.pair(bytes, pair, &mut text)?;
                    // (The text around it counts it when it is repaired.)
                    self.place = place;
                }
                Part::Invalid(kind, bytes) => {
                    self.repair_joined(&text, out)?;
                    text.clear();
                    self.invalid(kind, bytes, out)?;
                }
            }
        }
        self.repair_joined(&text, out)
    }

    /// Repairs `text`: valid pieces and the chars of CESU-8 pairs, joined.
    fn repair_joined(&mut self, text: &[u8], out: &mut impl Write) -> io::Result<()> {
        let text = std::str::from_utf8(text).expect("valid pieces and whole chars");
        self.repair_text(text, out)
    }

    /// The changes made, once the input has been fed.
    pub fn finish(self) -> ChangeLog {
        if self.options.process_ends_after {
            std::mem::forget(self.repairer);
        }
        self.log
    }

    /// Repairs valid text. BOMs go first, so that the words they sat in
    /// are judged without them (as a second run would see them).
    fn repair_text(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        if !self.options.strip_bom {
            return self.repair_mojibake(text, out);
        }
        if !text.contains('\u{FEFF}') {
            return self.repair_mojibake(text, out);
        }
        // The lines are judged without their BOMs, as a second run sees them.
        let mut lines = LinesOf::new(text, self.place.line());
        for (at, _) in text.match_indices('\u{FEFF}') {
            self.log.add(Change {
                kind: ChangeKind::BomStripped,
                line: lines.line_at(at),
                before: "\u{FEFF}".as_bytes().to_vec(),
                after: String::new(),
                note: None,
            });
        }
        self.repair_mojibake(&text.replace('\u{FEFF}', ""), out)
    }

    fn repair_mojibake(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        let mut copied_to = 0;
        let mut lines = LinesOf::new(text, self.place.line());
        for run in self.repairer.find(text) {
            // A run that reads as well more than one way, or whose one
            // reading is held back, is left alone, and the summary says so.
            let Some(repair) = run.repair() else {
                let line = lines.line_at(run.range.start);
                if self.selected(|s| &s.mojibake, line) {
                    self.log
                        .add_left_mojibake(line, || run.left_as_it_is(&text[run.range.clone()]));
                }
                continue;
            };
            self.copy(&text[copied_to..run.range.start], out)?;
            // (The line the run is on: the text before it is counted.)
            if !self.selected(|s| &s.mojibake, self.place.line()) {
                self.copy(&text[run.range.clone()], out)?;
                copied_to = run.range.end;
                continue;
            }
            out.write_all(repair.as_bytes())?;
            self.record(
                ChangeKind::Mojibake,
                &text[run.range.clone()],
                repair,
                || Some(run.chain()),
            );
            self.place.over_valid(text[run.range.clone()].as_bytes());
            copied_to = run.range.end;
        }
        self.copy(&text[copied_to..], out)
    }

    /// Whether the selection (if any) makes the repairs of `kind` on `line`.
    fn selected(&self, kind: impl Fn(&Selection) -> &Lines, line: u64) -> bool {
        (self.options.selection.as_deref()).is_none_or(|selection| kind(selection).has(line))
    }

    /// Copies text that needs no repair, counting its lines.
    fn copy(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        self.place.over_valid(text.as_bytes());
        out.write_all(text.as_bytes())
    }

    /// Writes the char a CESU-8 pair encodes: whatever `--invalid` says,
    /// the pair says exactly what was meant.
    fn pair(&mut self, bytes: &[u8], pair: SurrogatePair, out: &mut impl Write) -> io::Result<()> {
        self.log.add(Change {
            kind: ChangeKind::Cesu8Pair,
            line: self.place.line(),
            before: bytes.to_vec(),
            after: pair.meant.to_string(),
            note: Some(format!("surrogates {:04X} {:04X}", pair.high, pair.low)),
        });
        // (Each of its bytes is an invalid unit of its own.)
        for _ in bytes {
            self.place.over_unit(false);
        }
        out.write_all(pair.meant.to_string().as_bytes())
    }

    fn invalid(&mut self, kind: InvalidKind, bytes: &[u8], out: &mut impl Write) -> io::Result<()> {
        let written = match self.options.invalid {
            // A span no legacy row claimed stays as it is.
            InvalidPolicy::Keep | InvalidPolicy::Legacy => {
                self.log.kept_invalid += 1;
                out.write_all(bytes)
            }
            InvalidPolicy::Replace => {
                self.record_invalid(ChangeKind::InvalidReplaced, kind, bytes, "\u{FFFD}");
                out.write_all("\u{FFFD}".as_bytes())
            }
            InvalidPolicy::Drop => {
                self.record_invalid(ChangeKind::InvalidDropped, kind, bytes, "");
                Ok(())
            }
        };
        self.place.over_unit(false);
        written
    }

    fn record_invalid(&mut self, change: ChangeKind, kind: InvalidKind, bytes: &[u8], after: &str) {
        let line = self.place.line();
        self.log.add_with(change, || Change {
            kind: change,
            line,
            before: bytes.to_vec(),
            after: after.to_string(),
            note: Some(kind.name().to_string()),
        });
    }

    /// Counts a change, written out only if the log keeps it (a big file
    /// has many: the summary shows the first few).
    fn record(
        &mut self,
        kind: ChangeKind,
        before: &str,
        after: &str,
        note: impl FnOnce() -> Option<String>,
    ) {
        let line = self.place.line();
        self.log.add_with(kind, || Change {
            kind,
            line,
            before: before.as_bytes().to_vec(),
            after: after.to_string(),
            note: note(),
        });
    }
}

/// The lines of places in a text, counted forward from the last place
/// asked (not from the text's start each time: a 4 MiB block with
/// hundreds of places to name would be read hundreds of times).
struct LinesOf<'t> {
    text: &'t str,
    /// The last place asked, and its line.
    at: usize,
    line: u64,
}

impl<'t> LinesOf<'t> {
    /// Lines of places in `text`, whose first line is `first_line`.
    fn new(text: &'t str, first_line: u64) -> Self {
        LinesOf {
            text,
            at: 0,
            line: first_line,
        }
    }

    /// The line of byte `at` of the text (at or after the last asked).
    fn line_at(&mut self, at: usize) -> u64 {
        debug_assert!(at >= self.at, "places are asked in order");
        self.line += count_lf(&self.text.as_bytes()[self.at..at]);
        self.at = at;
        self.line
    }
}
