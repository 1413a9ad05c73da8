//! Walks the file block by block and collects the findings that single
//! characters and byte patterns show.

use std::ops::ControlFlow;
use std::sync::Arc;

use unicode_normalization::char::{canonical_combining_class, compose};

use super::kinds::char_label;
use super::line_endings::LineEndings;

mod invalid;
mod per_line;
mod words;
use super::mojibake::Repairer;
use super::quiet::next_loud;
use super::{Finding, FindingKind, Severity};
use crate::display::escape_for_terminal;
use crate::model::blocks::Place;
use crate::model::blocks::feed::READ_SIZE;
use crate::model::blocks::line_aligned::{LineAligned, line_pieces};
use crate::model::blocks::pieces::{Piece, pieces};
use crate::model::blocks::pipeline::{read_through, source_feed};
use crate::model::blocks::tally::count_lf;
use crate::model::encoding::{Evidence, Extent, evident};
use crate::model::source::{Source, SourceError};
pub use per_line::PER_LINE_LIMIT;
use per_line::{LineTally, Placing};

/// About the size of the pieces that [`FindingsScanner::feed_lines`] shares
/// out between threads: small enough to even out a late start, big
/// enough that each is worth taking. (A block of 512 KiB in 16 pieces:
/// in 8 of 64 KiB, a thread that took the last one kept the other
/// waiting, and prose in Latin letters took 10% more time; in 32 of
/// 16 KiB, the pieces' own cost showed.)
const PARALLEL_PIECE: usize = 32 << 10;

/// How far into a file the UTF-16 NUL pattern is looked for.
const UTF16_PROBE: usize = 4096;

/// Collects findings from consecutive unit-aligned blocks.
#[derive(Debug)]
pub struct FindingsScanner {
    /// Finds mojibake, and holds the settings the scan runs with.
    repairer: Arc<Repairer>,
    offset: u64,
    findings: Vec<Finding>,
    /// The previous character and its offset, for decomposed sequences.
    previous: Option<(char, u64)>,
    /// The line endings so far.
    line_endings: LineEndings,
    /// CESU-8 pairs cover later spans too: skip spans before this offset.
    skip_until: u64,
    /// Where the next unit is.
    place: Place,
    /// The previous character's position, for decomposed sequences.
    previous_at: Position,
    /// Whether to look at every character (the plain reference walk the
    /// tests hold the quick one to).
    char_by_char: bool,
    /// The file is UTF-16, UTF-32 or ISO-2022-JP read as UTF-8 (see
    /// `probe_utf16`).
    wide_text: bool,
    /// The file is UTF-16 or UTF-32 read as UTF-8: what that reading holds
    /// (controls made of high bytes, "mojibake" made of code units) says
    /// nothing about the text, so only the finding naming the encoding is
    /// made.
    code_units: bool,
    /// What the current line has listed of each kind, for
    /// [`PER_LINE_LIMIT`].
    line_tally: LineTally,
}

/// A line and column, both 1-based, as DESIGN.md defines them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Position {
    /// 1 + line feeds before.
    pub line: u64,
    /// 1 + units since the line's start.
    pub column: u64,
}

impl Position {
    /// The position of the unit before (on the same line).
    pub fn before(self) -> Position {
        Position {
            column: self.column - 1,
            ..self
        }
    }
}

impl Default for FindingsScanner {
    fn default() -> Self {
        FindingsScanner::new()
    }
}

impl FindingsScanner {
    /// The size of block to feed it: big enough that splitting each block
    /// over two threads ([`feed_lines`](Self::feed_lines)) pays, small
    /// enough that the findings of a block dense with them (a control
    /// character every other byte: one finding per two bytes) stay a few
    /// tens of MiB. (Half a read measured the speed of a whole one on
    /// ASCII and on Russian prose, where a quarter took half as long again
    /// on ASCII; 64 MiB of the densest findings peak at 131 MB resident
    /// with it, 97 MB with a quarter and 249 MB with a whole read.)
    pub const LINES_BLOCK: usize = READ_SIZE / 2;

    /// A scanner at the start of a file, with a repairer of its own (made
    /// with the default settings).
    pub fn new() -> FindingsScanner {
        FindingsScanner::with_repairer(Arc::new(Repairer::default()))
    }

    /// A scanner at the start of a file that finds mojibake with
    /// `repairer` and runs with its settings.
    pub fn with_repairer(repairer: Arc<Repairer>) -> FindingsScanner {
        FindingsScanner {
            repairer,
            offset: 0,
            findings: Vec::new(),
            previous: None,
            line_endings: LineEndings::default(),
            skip_until: 0,
            place: Place::default(),
            previous_at: Position::default(),
            char_by_char: false,
            wide_text: false,
            code_units: false,
            line_tally: LineTally::default(),
        }
    }

    /// A scanner that looks at every character one by one: slower, and
    /// the reference the quick walk must agree with.
    pub fn char_by_char() -> FindingsScanner {
        FindingsScanner::new().looking_at_every_char()
    }

    /// This scanner, looking at every character one by one (see
    /// [`FindingsScanner::char_by_char`]).
    pub fn looking_at_every_char(self) -> FindingsScanner {
        FindingsScanner {
            char_by_char: true,
            ..self
        }
    }

    /// The position of the next unit.
    pub fn position(&self) -> Position {
        Position {
            line: self.place.line(),
            column: self.place.column(),
        }
    }

    /// Records a finding at the current position, covering `bytes`.
    fn add(&mut self, offset: u64, bytes: &[u8], kind: FindingKind, detail: String) {
        let at = self.position();
        self.add_at(offset, bytes, at, kind, detail);
    }

    /// Records a finding at `at`, covering `bytes`, with its kind's
    /// severity; returns it if it is listed as a finding of its own (not
    /// taken into a run or folded into the line's last, see
    /// [`PER_LINE_LIMIT`]).
    fn add_at(
        &mut self,
        offset: u64,
        bytes: &[u8],
        at: Position,
        kind: FindingKind,
        detail: String,
    ) -> Option<&mut Finding> {
        // A run of one control character (a file of NULs, a log allocated
        // ahead) is one finding with a count: memory stays bounded.
        if let Some(last) = self.findings.last_mut()
            && kind == FindingKind::Control
            && last.kind == kind
            && last.bytes == bytes
            && last.offset + last.len == offset
            && last.line == at.line
        {
            last.len += bytes.len() as u64;
            last.count += 1;
            return None;
        }
        let placing = self.line_tally.place(at.line, kind);
        if let Placing::FoldInto(index) = placing {
            per_line::fold(&mut self.findings[index], offset, bytes.len() as u64);
            return None;
        }
        if placing == Placing::StartFolding {
            self.line_tally.folding_into(kind, self.findings.len());
        }
        let detail = escape_for_terminal(&detail).into_owned();
        self.findings.push(Finding {
            offset,
            len: bytes.len() as u64,
            line: at.line,
            column: at.column,
            bytes: bytes.to_vec(),
            kind,
            severity: kind.severity(),
            detail,
            mojibake: None,
            count: 1,
            folds_the_line: placing == Placing::StartFolding,
        });
        self.findings.last_mut()
    }

    /// Takes the findings made so far (a caller that streams them out).
    pub fn take_findings(&mut self) -> Vec<Finding> {
        self.line_tally.forget_indexes();
        self.findings.sort_by_key(|f| f.offset);
        std::mem::take(&mut self.findings)
    }

    /// Scans the next block like [`feed`](Self::feed), on the settings'
    /// threads when that pays: the block must be a run of whole lines (end with a line
    /// feed, or at the end of the file) and follow a line feed. Lines are
    /// independent, so the block is cut at line feeds into pieces that the
    /// repairer's threads take in turn and that are then joined in order.
    /// Returns whether the block is valid UTF-8.
    pub fn feed_lines(&mut self, block: &[u8]) -> bool {
        let at_line_start = self.place.units_since_lf() == 0 && !self.line_endings.after_cr();
        let threads = self.repairer.settings().threads.get();
        if !at_line_start || block.len() < 2 * PARALLEL_PIECE || threads == 1 {
            return self.feed(block);
        }
        let pieces = line_pieces(block, PARALLEL_PIECE);
        // Each piece scanned from a fresh scanner, its lines counted from
        // the piece's start; `absorb` moves them on. (On threads started
        // once: a block of ASCII is scanned in less time than a thread
        // takes to start.)
        let scanned = self.repairer.map_on_threads(&pieces, |&(start, piece)| {
            let mut scanner = FindingsScanner {
                offset: self.offset + start as u64,
                char_by_char: self.char_by_char,
                wide_text: self.wide_text,
                code_units: self.code_units,
                ..FindingsScanner::with_repairer(Arc::clone(&self.repairer))
            };
            let valid = scanner.feed(piece);
            (scanner, valid)
        });
        let mut valid = true;
        for (scanner, piece_valid) in scanned {
            valid &= piece_valid;
            self.absorb(scanner);
        }
        valid
    }

    /// Takes over the state and findings of `later`, which scanned the lines
    /// that follow this scanner's, counting lines from its own start.
    fn absorb(&mut self, later: FindingsScanner) {
        let lines_before = self.place.line_feeds();
        let moved_on = |at: Position| Position {
            line: at.line + lines_before,
            ..at
        };
        self.line_tally = later.line_tally.moved_on(lines_before, self.findings.len());
        self.findings
            .extend(later.findings.into_iter().map(|finding| Finding {
                line: finding.line + lines_before,
                ..finding
            }));
        self.offset = later.offset;
        self.previous = later.previous;
        self.line_endings.absorb(later.line_endings, moved_on);
        self.skip_until = self.skip_until.max(later.skip_until);
        self.place.join(later.place);
        self.previous_at = moved_on(later.previous_at);
    }

    /// Scans the next block (it must follow the previous one and end at a
    /// unit boundary or the end of the file); returns whether it is valid
    /// UTF-8.
    pub fn feed(&mut self, block: &[u8]) -> bool {
        if self.offset == 0 {
            self.probe_utf16(block);
        }
        let base = self.offset;
        // Nearly every block is valid: one quick check instead of the
        // piece-by-piece split.
        let valid = simdutf8::basic::from_utf8(block).map(|text| self.valid_text(text, base));
        if valid.is_err() {
            for piece in pieces(block, base) {
                match piece {
                    Piece::Valid(valid) => {
                        let start =
                            base + (valid.as_ptr() as usize - block.as_ptr() as usize) as u64;
                        let text = std::str::from_utf8(valid).expect("pieces are valid UTF-8");
                        self.valid_text(text, start);
                    }
                    Piece::Invalid(span) => {
                        self.previous = None;
                        self.line_endings.interrupt();
                        if span.offset >= self.skip_until && !self.code_units {
                            let at = (span.offset - base) as usize;
                            self.invalid_at(span.kind, span.offset, &block[at..]);
                        }
                        self.place.over_unit(false);
                    }
                }
            }
        }
        self.offset = base + block.len() as u64;
        valid.is_ok()
    }

    /// Ends the scan and returns the findings, in file order.
    pub fn finish(mut self) -> Vec<Finding> {
        if let Some((at, bytes, position, detail)) = self.line_endings.mixed() {
            self.add_at(at, bytes, position, FindingKind::MixedLineEndings, detail);
        }
        self.findings.sort_by_key(|f| f.offset);
        self.findings
    }

    /// Finds what valid `text`, which starts at `start`, holds.
    fn valid_text(&mut self, text: &str, start: u64) {
        if self.code_units {
            let bytes = text.as_bytes();
            self.place.over_valid_counted(bytes, count_lf(bytes));
            return;
        }
        let piece_at = self.position();
        if self.char_by_char {
            for (i, c) in text.char_indices() {
                self.char_at(c, start + i as u64);
            }
        } else {
            self.walk(text, start);
        }
        if !text.is_ascii() {
            self.mojibake_and_look_alikes_in(text, start, piece_at);
        }
    }

    /// Looks at each character of valid `text` (which starts at `start`)
    /// that could be a finding, and skips over the rest in bulk.
    fn walk(&mut self, text: &str, start: u64) {
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let loud = next_loud(self.repairer.settings().backend, bytes, at);
            if loud > at {
                self.skip_quiet(&bytes[at..loud], start + at as u64);
            }
            let Some(c) = text[loud..].chars().next() else {
                break;
            };
            if loud > 0 {
                // The character before, which a combining mark may follow.
                let before = text[..loud].chars().next_back().expect("not at the start");
                self.previous = Some((before, start + (loud - before.len_utf8()) as u64));
                self.previous_at = Position {
                    line: self.place.line(),
                    column: self.place.units_since_lf(),
                };
            }
            self.char_at(c, start + loud as u64);
            at = loud + c.len_utf8();
            if is_run_control(c) {
                at += self.rest_of_run(&bytes[at..], c as u8, start + at as u64);
            }
        }
        if let Some(last) = text.chars().next_back() {
            self.previous = Some((last, start + (text.len() - last.len_utf8()) as u64));
            self.previous_at = Position {
                line: self.place.line(),
                column: self.place.units_since_lf(),
            };
        }
    }

    /// After a control character `byte`, moves over the same bytes that
    /// follow it at the start of `after` (at `offset`) in bulk, each one
    /// more in the run's finding, as [`char_at`](Self::char_at) would make
    /// them one by one; returns how many.
    fn rest_of_run(&mut self, after: &[u8], byte: u8, offset: u64) -> usize {
        let run = after.iter().take_while(|&&b| b == byte).count();
        if run == 0 {
            return 0;
        }
        let merged = self
            .findings
            .last_mut()
            .filter(|last| last.kind == FindingKind::Control && last.offset + last.len == offset);
        let Some(last) = merged else {
            return 0;
        };
        last.len += run as u64;
        last.count += run as u64;
        self.place.over_valid_counted(&after[..run], 0);
        let end = offset + run as u64 - 1;
        self.previous = Some((char::from(byte), end));
        self.previous_at = Position {
            line: self.place.line(),
            column: self.place.units_since_lf(),
        };
        run
    }

    /// Moves the position over `bytes` (at `offset`), text with no finding
    /// in it: only its line endings are counted, in bulk.
    fn skip_quiet(&mut self, bytes: &[u8], offset: u64) {
        let line_feeds = count_lf(bytes);
        let place = &self.place;
        let position_in = |i| {
            let at = place.within(bytes, i);
            Position {
                line: at.line(),
                column: at.column(),
            }
        };
        self.line_endings
            .skip(bytes, offset, line_feeds, position_in);
        self.place.over_valid_counted(bytes, line_feeds);
    }

    /// Looks at the file's start for UTF-16 or UTF-32: a BOM or the NUL
    /// pattern. Such a file gets one finding naming the encoding and the
    /// evidence, and its NULs (the high bytes of its characters) are not
    /// each reported as controls.
    fn probe_utf16(&mut self, block: &[u8]) {
        let probe = &block[..block.len().min(UTF16_PROBE)];
        // (The probe may end inside a unit: judged up to its last escape.)
        let Some(found) = evident(probe, Extent::Start).filter(|found| !found.encoding.is_utf8())
        else {
            return;
        };
        let encoding = found.encoding;
        let (kind, evidence, len) = match found.evidence {
            Evidence::Bom => (
                FindingKind::Utf16,
                "starts with its byte order mark",
                found.bom_len,
            ),
            Evidence::EscapeSequences => (
                FindingKind::Iso2022Jp,
                "escape sequences (ESC $ B) into JIS X 0208, all of it 7-bit",
                3,
            ),
            _ => (
                FindingKind::Utf16,
                "NUL bytes where its ASCII characters have their high bytes",
                2,
            ),
        };
        let detail = format!(
            "{evidence}: this is {encoding} text, not UTF-8 (`check --encoding auto` reads it as \
             such, `fix --from auto` converts it)"
        );
        // (Escape sequences are reported at the first one: ASCII before it.)
        let at = match kind {
            FindingKind::Iso2022Jp => memchr::memchr(0x1B, probe).unwrap_or(0),
            _ => 0,
        };
        let before = std::str::from_utf8(&probe[..at]).unwrap_or_default();
        let position = words::advance(self.position(), before);
        self.add_at(
            at as u64,
            &block[at..(at + len).min(block.len())],
            position,
            kind,
            detail,
        );
        self.wide_text = true;
        self.code_units = kind == FindingKind::Utf16;
    }

    fn char_at(&mut self, c: char, at: u64) {
        let mut utf8 = [0u8; 4];
        let encoded: &[u8] = c.encode_utf8(&mut utf8).as_bytes();
        let here = self.position();
        self.line_endings.char_at(c, at, here);
        match FindingKind::of_char(c) {
            // The high bytes of UTF-16 or UTF-32 text, reported once above.
            Some((FindingKind::Control, _)) if c == '\0' && self.wide_text => {}
            // The escapes of ISO-2022-JP text, reported once above.
            Some((FindingKind::Control, _)) if c == '\u{1B}' && self.wide_text => {}
            // A BOM that starts the file is only worth knowing.
            Some((FindingKind::Bom, _)) if at == 0 => {
                let detail = "UTF-8 byte order mark at the start: harmless to most tools, but UTF-8 needs none";
                let here = self.position();
                if let Some(finding) =
                    self.add_at(at, encoded, here, FindingKind::Bom, detail.into())
                {
                    finding.severity = Severity::Info;
                }
            }
            Some((kind, detail)) => self.add(at, encoded, kind, detail),
            None => {}
        }
        // Nothing below U+0300 combines: skip the table for most text.
        if c >= '\u{0300}'
            && let Some((base, base_at)) = self.previous
            && canonical_combining_class(c) != 0
            && let Some(composed) = compose(base, c)
        {
            let detail = format!(
                "{} + {} has a precomposed form, {} (NFC)",
                char_label(base),
                char_label(c),
                char_label(composed)
            );
            let mut both = String::from(base);
            both.push(c);
            let base_position = self.previous_at;
            self.add_at(
                base_at,
                both.as_bytes(),
                base_position,
                FindingKind::NotNfc,
                detail,
            );
        }
        self.previous = Some((c, at));
        self.previous_at = here;
        self.place.over_unit(c == '\n');
    }
}

/// A control character whose runs are skipped over in bulk: a C0 control
/// or DEL that is always a finding (not a tab or a line ending, which line
/// endings count, nor ESC, which ISO-2022-JP text is made of).
fn is_run_control(c: char) -> bool {
    (c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0B' | '\x0C' | '\x1B'))
        || c == '\x7F'
}

/// Whether `bytes` are plain ASCII text: printable characters, spaces,
/// tabs and line feeds only. No finding can be made of such text (every
/// kind needs a byte above 7F, a control character or a carriage return),
/// so a caller may skip the findings pass over it; a test holds every kind
/// to this. Most files of a source tree are such text.
pub fn is_plain_ascii_text(bytes: &[u8]) -> bool {
    // In chunks without an early exit inside, so that the test of each
    // chunk is vectorised.
    bytes.chunks(64).all(|chunk| {
        chunk.iter().fold(true, |plain, &b| {
            plain & ((b.wrapping_sub(0x20) < 0x5F) | (b == b'\n') | (b == b'\t'))
        })
    })
}

/// All findings of `source`, in file order.
pub fn findings_of(source: &Source) -> Result<Vec<Finding>, SourceError> {
    let mut scanner = FindingsScanner::new();
    let mut lines = LineAligned::new(|block: &[u8]| {
        scanner.feed_lines(block);
        ControlFlow::Continue(())
    });
    let _always_takes_all = read_through(
        source_feed(source),
        FindingsScanner::LINES_BLOCK,
        &mut lines,
    )?;
    drop(lines);
    Ok(scanner.finish())
}
