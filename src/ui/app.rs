//! The inspector's whole state, and the data `view` draws from. `update`
//! changes it; `refresh` derives what the screen needs (the visible window,
//! the cursor's line, the scan's progress) so that `view` never reads the disk.

use std::sync::Arc;

use super::layout::{Layout, offset_width};
use super::message::PromptKind;
use super::overlays::Mode;
pub use super::overlays::{FindingsList, Prompt};
use crate::display::escape_for_terminal;
use crate::model::find::SearchJob;
use crate::model::findings::{Finding, FindingsJob, Severity};
use crate::model::{LoadState, Scan, ScanState, Source, StreamLoad, Unit, Window};

/// A search running in the background, and what it looks for.
pub struct Search {
    /// The job.
    pub job: SearchJob,
    /// The bytes looked for.
    pub pattern: Vec<u8>,
    /// Fraction of the file searched, as of the last tick.
    pub progress: f64,
}

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
    /// How many are kept (and so listed and reachable with `m`).
    pub kept: usize,
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

/// The inspector's state.
pub struct App {
    /// The file being inspected.
    pub source: Arc<Source>,
    /// A stream still being read into `source` (done for a file).
    pub load: StreamLoad,
    /// How reading it stands, as of the last tick.
    pub load_state: LoadState,
    /// The background scan of it.
    pub scan: Scan,
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
    /// Bytes per row asked for (`<`, `>`, `--width`); as many as fit if none.
    pub wanted_bytes_per_row: Option<u16>,
    /// Lines the info panel is scrolled down by.
    pub info_scroll: u16,
    /// The unit the info panel was scrolled on (another unit starts at the top).
    info_scrolled_on: Option<u64>,
    /// Set by a jump: the next refresh scrolls so that the cursor has
    /// context around it (a third of the rows above it).
    pub reveal: bool,
    /// Normal, or the one overlay open (a prompt, the findings list, the help).
    pub mode: Mode,
    /// A transient message for the status bar.
    pub message: Option<String>,
    /// The bytes of the last search, for `;` and `,`.
    pub last_search: Option<Vec<u8>>,
    /// The search running in the background, if any.
    pub search: Option<Search>,
    /// The last match found (offset and length), highlighted in the panes.
    pub search_match: Option<(u64, u64)>,
    /// Earlier queries of the `/` prompt, oldest first.
    pub search_history: Vec<String>,
    /// Earlier inputs of the `:` prompt, oldest first.
    pub goto_history: Vec<String>,
    /// Set when the user asked to suspend (Ctrl-z); the event loop does it.
    pub should_suspend: bool,
    /// Set when the user asked to quit.
    pub should_quit: bool,
    /// A jump waiting for the scan to read further.
    pub pending: Option<Jump>,
    /// A jump to the next (`true`) or previous finding waiting for the
    /// findings pass to find one.
    pub pending_finding: Option<bool>,
    /// The units on screen (plus a few bytes around them).
    pub window: Window,
    /// The line and column of the cursor, once the scan has reached it.
    pub cursor_position: Option<(u64, u64)>,
    /// The scan's progress and verdict.
    pub scan_status: ScanStatus,
    /// The background findings pass.
    pub findings: FindingsJob,
    /// Its progress and counts.
    pub findings_status: FindingsStatus,
    /// The findings that cover the cursor's byte.
    pub cursor_findings: Vec<Finding>,
    /// The findings on screen, for the text pane to mark.
    pub visible_findings: Vec<Marked>,
}

impl App {
    /// Opens the inspector's state on `source` for a `width` × `height` terminal
    /// and starts the background scan.
    pub fn new(source: Arc<Source>, width: u16, height: u16) -> App {
        let scan = Scan::start(Arc::clone(&source));
        App::with_scan(source, scan, width, height)
    }

    /// Opens the inspector's state on a source a stream is still being read
    /// into: its bytes are shown as they arrive, and the scan and the
    /// findings pass start once the stream has been read.
    pub fn streaming(source: Arc<Source>, load: StreamLoad, width: u16, height: u16) -> App {
        let scan = Scan::not_started(Arc::clone(&source));
        let findings = FindingsJob::not_started(Arc::clone(&source));
        let mut app = App::assemble(source, scan, findings, width, height);
        app.load = load;
        app.load_state = LoadState::Reading;
        app.refresh_load();
        app
    }

    /// Opens the inspector's state with a scan of `source` already made, and
    /// starts the findings pass.
    pub fn with_scan(source: Arc<Source>, scan: Scan, width: u16, height: u16) -> App {
        let findings = FindingsJob::start(Arc::clone(&source));
        App::assemble(source, scan, findings, width, height)
    }

    fn assemble(
        source: Arc<Source>,
        scan: Scan,
        findings: FindingsJob,
        width: u16,
        height: u16,
    ) -> App {
        let mut app = App {
            // `refresh` below loads the visible window.
            window: Window::empty(),
            source,
            load: StreamLoad::done(),
            load_state: LoadState::Done,
            scan,
            cursor: 0,
            top: 0,
            width,
            height,
            show_bits: true,
            show_info: true,
            wanted_bytes_per_row: None,
            info_scroll: 0,
            info_scrolled_on: None,
            reveal: false,
            mode: Mode::Normal,
            message: None,
            last_search: None,
            search: None,
            search_match: None,
            search_history: Vec::new(),
            goto_history: Vec::new(),
            should_suspend: false,
            should_quit: false,
            pending: None,
            pending_finding: None,
            cursor_position: None,
            scan_status: ScanStatus {
                progress: 0.0,
                state: ScanState::Running,
                invalid: 0,
            },
            findings,
            findings_status: FindingsStatus {
                progress: 0.0,
                state: ScanState::Running,
                total: 0,
                warnings: 0,
                kept: 0,
            },
            cursor_findings: Vec::new(),
            visible_findings: Vec::new(),
        };
        app.refresh();
        app
    }

    /// The layout for the current size and toggles.
    pub fn layout(&self) -> Layout {
        Layout::compute(
            self.width,
            self.height,
            offset_width(self.source.len()),
            self.show_bits,
            self.show_info,
            self.wanted_bytes_per_row,
        )
    }

    /// Offset of the last byte (0 for an empty file).
    pub fn last_offset(&self) -> u64 {
        self.source.len().saturating_sub(1)
    }

    /// The unit under the cursor, if the file is not empty.
    pub fn cursor_unit(&self) -> Option<&Unit> {
        self.window.unit_at(self.cursor)
    }

    /// The history of the prompt of `kind`, oldest first.
    pub fn history(&self, kind: PromptKind) -> &[String] {
        match kind {
            PromptKind::Goto => &self.goto_history,
            PromptKind::Search => &self.search_history,
        }
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

    /// Moves the cursor to `offset` as a jump: with context around it.
    pub fn jump_to(&mut self, offset: u64) {
        self.cursor = offset;
        self.reveal = true;
    }

    /// Puts `text` in the status bar until the next key.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }

    /// Re-derives what the screen shows after the cursor, size or toggles changed.
    pub fn refresh(&mut self) {
        self.cursor = self.cursor.min(self.last_offset());
        let layout = self.layout();
        let per_row = u64::from(layout.bytes_per_row.max(1));
        let rows = u64::from(layout.rows.max(1));
        let cursor_row = self.cursor / per_row * per_row;
        self.top = self.top / per_row * per_row;
        // After a jump, the target gets a third of the screen above it
        // (and so at least a third below), unless it is in that band already.
        let context = rows / 3 * per_row;
        let out_of_context =
            cursor_row < self.top + context || cursor_row + context >= self.top + rows * per_row;
        if std::mem::take(&mut self.reveal) && out_of_context {
            self.top = cursor_row.saturating_sub(context);
        } else if cursor_row < self.top {
            self.top = cursor_row;
        } else if cursor_row >= self.top + rows * per_row {
            self.top = cursor_row - (rows - 1) * per_row;
        }
        let end = self.top + rows * per_row;
        match Window::load(&self.source, self.top, end) {
            Ok(window) => self.window = window,
            Err(error) => self.say(escape_for_terminal(&error.to_string()).into_owned()),
        }
        self.refresh_scan();
        self.refresh_findings();
        self.cursor_position = self.scan.position_of(self.cursor).ok().flatten();
        let unit = self.cursor_unit().map(|u| u.offset);
        if unit != self.info_scrolled_on {
            self.info_scrolled_on = unit;
            self.info_scroll = 0;
        }
    }

    /// Rows the findings list shows at once.
    pub fn list_rows(&self) -> usize {
        usize::from(self.height.saturating_sub(6)).max(1)
    }

    /// Picks up the findings pass's progress, and the findings the screen,
    /// the cursor and the open list need.
    pub fn refresh_findings(&mut self) {
        let progress = self.findings.progress();
        let index = self.findings.index();
        self.findings_status = FindingsStatus {
            progress,
            state: index.state().clone(),
            total: index.total(),
            warnings: index.warnings(),
            kept: index.findings().len(),
        };
        let page_end = self.top + self.layout().page_bytes();
        self.visible_findings = index
            .overlapping(self.top, page_end)
            .into_iter()
            .map(|f| Marked {
                start: f.offset,
                end: f.offset + f.len.max(1),
                severity: f.severity,
            })
            .collect();
        self.cursor_findings = index.covering(self.cursor).into_iter().cloned().collect();
        let visible = self.list_rows();
        if let Mode::FindingsList(list) = &mut self.mode {
            let shown = list.follow(index.findings().len(), visible);
            list.rows = index.findings()[shown].to_vec();
        }
    }

    /// Picks up how reading a stream stands; once it has ended, starts the
    /// scan and the findings pass over what was read.
    pub fn refresh_load(&mut self) {
        let was_reading = self.load_state == LoadState::Reading;
        self.load_state = self.load.state();
        if was_reading && self.load_state != LoadState::Reading {
            self.scan = Scan::start(Arc::clone(&self.source));
            self.findings = FindingsJob::start(Arc::clone(&self.source));
        }
    }

    /// Whether a stream is still being read (the file is still growing).
    pub fn is_loading(&self) -> bool {
        self.load_state == LoadState::Reading
    }

    /// Picks up the background scan's progress.
    pub fn refresh_scan(&mut self) {
        let (state, invalid) = {
            let index = self.scan.index();
            (index.state().clone(), index.totals().invalid())
        };
        self.scan_status = ScanStatus {
            progress: self.scan.progress(),
            state,
            invalid,
        };
    }
}
