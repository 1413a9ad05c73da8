//! The inspector's whole state, as plain data: what `view` draws and what
//! `update` changes. It holds no file, thread or lock: the bytes on screen,
//! the background jobs' progress and the findings there arrive as messages
//! from the [runtime](super::runtime), which owns the file and the jobs.

use super::overlays::Mode;
use crate::draw::layout::{Layout, Shown as PanesShown, offset_width};
use crate::model::encoding::Detection;
use crate::model::explain::RangeSummary;
use crate::model::find::{Pattern, SearchOutcome};
use crate::model::findings::{Finding, Near, Severity};
use crate::model::{LoadState, ScanState, Span, Unit, Window};

pub use super::overlays::{FindingsList, Prompt};
use crate::model::Encoding;

/// A jump to an invalid span, which may wait for the background scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    /// To the first invalid span of the file.
    First,
    /// To the first span starting at or after `after`.
    Next {
        /// Where to start looking.
        after: u64,
    },
    /// To the last span starting before `before`.
    Previous {
        /// Where to start looking back from.
        before: u64,
    },
    /// To the first span, after none was found after the cursor.
    WrapToFirst,
    /// To the last span, after none was found before the cursor.
    WrapToLast,
}

/// What the status bar says about the background scan.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanStatus {
    /// Fraction scanned, 0.0 to 1.0.
    pub progress: f64,
    /// Running, complete, or why it stopped.
    pub state: ScanState,
    /// Invalid spans found so far.
    pub invalid: u64,
}

/// What the status bar says about the background findings pass.
#[derive(Debug, Clone, PartialEq)]
pub struct FindingsStatus {
    /// Fraction looked at, 0.0 to 1.0.
    pub progress: f64,
    /// Running, complete, or why it stopped.
    pub state: ScanState,
    /// Findings so far.
    pub total: u64,
    /// Warnings among them.
    pub warnings: u64,
    /// How many are kept in memory (the rest are loaded from the file
    /// when the list or `m` gets to them).
    pub kept: usize,
}

impl FindingsStatus {
    /// How many the findings list can show: every one found so far.
    pub fn listable(&self) -> usize {
        usize::try_from(self.total).unwrap_or(usize::MAX)
    }
}

/// A finding's place on screen: its bytes and how much it matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marked {
    /// First byte.
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
    /// Its severity.
    pub severity: Severity,
}

/// The file, as far as the state needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInfo {
    /// Its name as the user gave it (escape before printing).
    pub name: String,
    /// Its length in bytes (growing while a stream is read).
    pub len: u64,
    /// The encoding it is read in and why (`UTF-16LE (BOM)`), when not UTF-8.
    pub encoding: Option<String>,
}

/// Where the user is and how the screen is cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// Offset of the byte under the cursor.
    pub cursor: u64,
    /// Offset of the first byte on screen (a multiple of the bytes per row).
    pub top: u64,
    /// Terminal width in cells.
    pub width: u16,
    /// Terminal height in cells.
    pub height: u16,
    /// Whether the bits pane is wanted.
    pub show_bits: bool,
    /// Whether the info panel is wanted.
    pub show_info: bool,
    /// The encoding of the second reading beside the text pane (`r`,
    /// `--also`), if it is wanted.
    pub also: Option<Encoding>,
    /// Whether the info panel narrates the decoder instead of describing
    /// the unit (`s`).
    pub show_decoder: bool,
    /// Where the selection started (`v`, or a mouse drag); it runs to the
    /// cursor.
    pub selection_anchor: Option<u64>,
    /// Bytes per row asked for (`<`, `>`, `--width`); as many as fit if none.
    pub wanted_bytes_per_row: Option<u16>,
    /// Lines the info panel is scrolled down by.
    pub info_scroll: u16,
    /// Set by a jump: the next scroll leaves context around the cursor.
    pub reveal: bool,
}

/// What is on screen, as the runtime last loaded it.
#[derive(Debug, Clone, Default)]
pub struct Shown {
    /// The units on screen (plus a few bytes around them).
    pub window: Window,
    /// The line and column of the cursor, once the scan has reached it.
    pub cursor_position: Option<(u64, u64)>,
    /// The findings that cover the cursor's byte.
    pub cursor_findings: Vec<Finding>,
    /// The findings on screen, for the text pane to mark.
    pub visible_findings: Vec<Marked>,
    /// On an invalid span: which one it is, counted from 1 (once indexed).
    pub cursor_span: Option<u64>,
    /// On an invalid span of a UTF-8 file: what its run reads as in the
    /// encoding the file's legacy rows are read in.
    pub legacy_reading: Option<(Detection, String)>,
    /// The selection summed up: its range and what it holds (`None` in the
    /// summary when it is too large to read at each key).
    pub selection: Option<SelectionSummary>,
    /// The second reading: the bytes on screen read in [`View::also`].
    pub also: Option<Window>,
    /// The repairs of the mojibake findings on screen, for the second
    /// reading to show what their bytes were meant to say.
    pub repairs: Vec<Repair>,
    /// The encoding the second reading starts in (`r`): the one the
    /// file's legacy rows or its mojibake suggest.
    pub suggested_also: Option<Encoding>,
}

pub use crate::draw::Repair;

/// A selection summed up.
pub type SelectionSummary = ((u64, u64), Option<RangeSummary>);

/// How the background work stands, as of the last tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The scan.
    pub scan: ScanStatus,
    /// The findings pass.
    pub findings: FindingsStatus,
    /// Reading a stream (done for a file).
    pub load: LoadState,
    /// A search's progress, from 0.0 to 1.0, while one runs.
    pub search: Option<f64>,
}

/// The search: what was looked for, what runs, what was found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchState {
    /// The bytes of the last search, for `;` and `,`.
    pub last: Option<Pattern>,
    /// The bytes of the search running in the background, if any.
    pub running: Option<Pattern>,
    /// The last match (offset and length), highlighted in the panes.
    pub matched: Option<(u64, u64)>,
    /// Earlier queries of the `/` prompt, oldest first.
    pub history: Vec<String>,
    /// Earlier inputs of the `:` prompt, oldest first.
    pub goto_history: Vec<String>,
}

/// Jumps that wait for the background work to get further.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Waiting {
    /// A jump to an invalid span, waiting for the scan.
    pub jump: Option<Jump>,
    /// A jump to the next (`true`) or previous finding, waiting for the
    /// findings pass.
    pub finding: Option<bool>,
    /// A jump to the next (`true`) or previous finding past the kept
    /// ones, to look on for from this offset at the next tick.
    pub finding_from: Option<(bool, u64)>,
    /// A jump to a line and column, waiting for the scan.
    pub line: Option<(u64, u64)>,
    /// The findings list's rows, still being loaded from the file.
    pub list: bool,
}

/// The inspector's state.
#[derive(Debug, Clone)]
pub struct App {
    /// The file.
    pub file: FileInfo,
    /// Cursor, scroll position, size and what is shown.
    pub view: View,
    /// What is on screen.
    pub shown: Shown,
    /// The background work.
    pub progress: Progress,
    /// The search.
    pub search: SearchState,
    /// Normal, or the one overlay open (a prompt, the findings list, the help).
    pub mode: Mode,
    /// Jumps waiting for the background work.
    pub waiting: Waiting,
    /// A transient message for the status bar.
    pub message: Option<String>,
    /// The encoding the file is read in.
    pub encoding: Encoding,
    /// Why detection chose that encoding, a fact per line (terminal-safe;
    /// empty unless it was guessed or read from the bytes' pattern).
    pub encoding_reasons: Vec<String>,
    /// The repairs marked to be written (`a`, `W`).
    pub repairs: super::repair::Marks,
}

impl App {
    /// The state for `file` on a `width` × `height` terminal, before anything
    /// is loaded.
    pub fn new(file: FileInfo, width: u16, height: u16) -> App {
        App {
            file,
            view: View {
                cursor: 0,
                top: 0,
                width,
                height,
                show_bits: true,
                show_info: true,
                also: None,
                show_decoder: false,
                selection_anchor: None,
                wanted_bytes_per_row: None,
                info_scroll: 0,
                reveal: false,
            },
            shown: Shown::default(),
            progress: Progress {
                scan: ScanStatus {
                    progress: 0.0,
                    state: ScanState::Running,
                    invalid: 0,
                },
                findings: FindingsStatus {
                    progress: 0.0,
                    state: ScanState::Running,
                    total: 0,
                    warnings: 0,
                    kept: 0,
                },
                load: LoadState::Done,
                search: None,
            },
            search: SearchState::default(),
            mode: Mode::Normal,
            waiting: Waiting::default(),
            message: None,
            encoding: Encoding::UTF_8,
            encoding_reasons: Vec::new(),
            repairs: super::repair::Marks::default(),
        }
    }

    /// The layout for the current size and toggles.
    pub fn layout(&self) -> Layout {
        Layout::compute(
            self.view.width,
            self.view.height,
            offset_width(self.file.len),
            PanesShown {
                bits: self.view.show_bits,
                info: self.view.show_info,
                also: self.view.also.is_some(),
            },
            self.view.wanted_bytes_per_row,
        )
    }

    /// Offset of the last byte (0 for an empty file).
    pub fn last_offset(&self) -> u64 {
        self.file.len.saturating_sub(1)
    }

    /// The unit under the cursor, once it is loaded.
    pub fn cursor_unit(&self) -> Option<&Unit> {
        self.shown.window.unit_at(self.view.cursor)
    }

    /// The open prompt, if any.
    pub fn prompt(&self) -> Option<&Prompt> {
        match &self.mode {
            Mode::Prompt(prompt) => Some(prompt),
            _ => None,
        }
    }

    /// The open findings list, if any.
    pub fn findings_list(&self) -> Option<&FindingsList> {
        match &self.mode {
            Mode::FindingsList(list) => Some(list),
            _ => None,
        }
    }

    /// Whether the help is open.
    pub fn help_open(&self) -> bool {
        matches!(self.mode, Mode::Help(_))
    }

    /// Whether a stream is still being read (the file is still growing).
    pub fn is_loading(&self) -> bool {
        self.progress.load == LoadState::Reading
    }

    /// Moves the cursor to `offset` as a jump: with context around it.
    pub fn jump_to(&mut self, offset: u64) {
        self.view.cursor = offset;
        self.view.reveal = true;
    }

    /// Puts `text` in the status bar until the next key.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }

    /// Rows the findings list shows at once.
    pub fn list_rows(&self) -> usize {
        usize::from(self.view.height.saturating_sub(6)).max(1)
    }

    /// Keeps the cursor in the file and on screen (after a jump, with a
    /// third of the rows above it), and the list's selection in view.
    pub fn scroll_to_cursor(&mut self) {
        self.view.cursor = self.view.cursor.min(self.last_offset());
        let layout = self.layout();
        let per_row = u64::from(layout.bytes_per_row.max(1));
        let rows = u64::from(layout.rows.max(1));
        let view = &mut self.view;
        let cursor_row = view.cursor / per_row * per_row;
        view.top = view.top / per_row * per_row;
        // After a jump, the target gets a third of the screen above it
        // (and so at least a third below), unless it is in that band already.
        let context = rows / 3 * per_row;
        let out_of_context =
            cursor_row < view.top + context || cursor_row + context >= view.top + rows * per_row;
        if std::mem::take(&mut view.reveal) && out_of_context {
            view.top = cursor_row.saturating_sub(context);
        } else if cursor_row < view.top {
            view.top = cursor_row;
        } else if cursor_row >= view.top + rows * per_row {
            view.top = cursor_row - (rows - 1) * per_row;
        }
        let (total, visible) = (self.progress.findings.listable(), self.list_rows());
        if let Mode::FindingsList(list) = &mut self.mode {
            list.follow(total, visible);
        }
    }

    /// What the runtime must load for the screen as it stands.
    pub fn view_request(&self) -> ViewRequest {
        ViewRequest {
            top: self.view.top,
            end: self.view.top + self.layout().page_bytes(),
            cursor: self.view.cursor,
            list: self
                .findings_list()
                .map(|list| list.shown(self.progress.findings.listable(), self.list_rows())),
            selection: self.selection(),
            also: self.view.also.filter(|_| self.layout().also.width > 0),
        }
    }

    /// The selected bytes `[start, end)`, cursor included, if any.
    pub fn selection(&self) -> Option<(u64, u64)> {
        let anchor = self.view.selection_anchor?;
        let (low, high) = (anchor.min(self.view.cursor), anchor.max(self.view.cursor));
        Some((low, (high + 1).min(self.file.len.max(1))))
    }

    /// Takes what the runtime loaded for the screen.
    pub fn show(&mut self, loaded: ViewData) {
        let unit_before = self.cursor_unit().map(|u| u.offset);
        self.shown = Shown {
            window: loaded.window,
            cursor_position: loaded.cursor_position,
            cursor_findings: loaded.cursor_findings,
            visible_findings: loaded.visible_findings,
            cursor_span: loaded.cursor_span,
            legacy_reading: loaded.legacy_reading,
            selection: loaded.selection,
            also: loaded.also,
            repairs: loaded.repairs,
            suggested_also: loaded.suggested_also,
        };
        // Another unit under the cursor: its info starts at the top.
        if self.cursor_unit().map(|u| u.offset) != unit_before {
            self.view.info_scroll = 0;
        }
        if let (Mode::FindingsList(list), Some(rows)) = (&mut self.mode, loaded.list_rows) {
            list.rows = rows;
            list.loading = !loaded.list_complete;
            self.waiting.list = list.loading;
        }
        if let Some(error) = loaded.error {
            self.say(error);
        }
    }
}

/// What `update` asks the runtime to load for the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewRequest {
    /// First byte on screen.
    pub top: u64,
    /// One past the last byte on screen.
    pub end: u64,
    /// The cursor.
    pub cursor: u64,
    /// The findings the open list shows (their numbers, from 0).
    pub list: Option<std::ops::Range<usize>>,
    /// The selection, to sum up.
    pub selection: Option<(u64, u64)>,
    /// The second reading's encoding, if it is shown.
    pub also: Option<Encoding>,
}

/// What the runtime loaded for the screen.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ViewData {
    /// The units on screen.
    pub window: Window,
    /// The cursor's line and column, if the scan has reached it.
    pub cursor_position: Option<(u64, u64)>,
    /// The findings that cover the cursor's byte.
    pub cursor_findings: Vec<Finding>,
    /// The findings on screen.
    pub visible_findings: Vec<Marked>,
    /// The findings the open list shows.
    pub list_rows: Option<Vec<Finding>>,
    /// Whether they are all there (else the list asks again at the next
    /// tick: findings past the kept are loaded a window a tick).
    pub list_complete: bool,
    /// On an invalid span: which one it is, counted from 1.
    pub cursor_span: Option<u64>,
    /// On an invalid span of a UTF-8 file: what its run reads as in the
    /// encoding the file's legacy rows are read in.
    pub legacy_reading: Option<(Detection, String)>,
    /// The selection summed up.
    pub selection: Option<SelectionSummary>,
    /// The second reading, when asked for.
    pub also: Option<Window>,
    /// The repairs of the mojibake findings on screen.
    pub repairs: Vec<Repair>,
    /// The encoding the second reading starts in.
    pub suggested_also: Option<Encoding>,
    /// Why the bytes could not be read (terminal-safe).
    pub error: Option<String>,
}

/// What the runtime found for a jump to an invalid span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeekResult {
    /// This span.
    Found(Span),
    /// None in that direction in the whole file.
    NoneInFile,
    /// None yet: the scan has not got that far.
    NotYet,
    /// The bytes could not be read (terminal-safe).
    Failed(String),
}

/// What the runtime found for a jump to a finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindingTarget {
    /// The finding's index among the kept ones, offset and kind name.
    pub target: Option<(usize, u64, &'static str)>,
    /// Whether it was found by going round the file.
    pub wrapped: bool,
    /// Findings kept.
    pub kept: usize,
    /// Whether more were found than are kept.
    pub capped: bool,
    /// Past the kept findings: the one found there, or where to look on.
    pub beyond: Option<Near>,
}

/// What the runtime says about a search running in the background.
#[derive(Debug, Clone, PartialEq)]
pub enum SearchReport {
    /// Still running, this far through the file.
    Running(f64),
    /// It ended so.
    Ended(SearchOutcome),
}
