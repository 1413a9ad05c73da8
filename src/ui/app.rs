//! The inspector's whole state, and the data `view` draws from. `update`
//! changes it; `refresh` derives what the screen needs (the visible window,
//! the cursor's line, the scan's progress) so that `view` never reads the disk.

use std::sync::Arc;

use super::layout::{Layout, offset_width};
use super::message::PromptKind;
use crate::display::escape_for_terminal;
use crate::model::{Scan, ScanState, Source, Unit, Window};

/// An open prompt and what has been typed into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// Which prompt.
    pub kind: PromptKind,
    /// The text typed so far.
    pub input: String,
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

/// The inspector's state.
pub struct App {
    /// The file being inspected.
    pub source: Arc<Source>,
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
    /// Whether the help overlay is open.
    pub show_help: bool,
    /// The open prompt, if any.
    pub prompt: Option<Prompt>,
    /// A transient message for the status bar.
    pub message: Option<String>,
    /// The bytes of the last search, for `;` and `,`.
    pub last_search: Option<Vec<u8>>,
    /// Set when the user asked to quit.
    pub should_quit: bool,
    /// A jump waiting for the scan to read further.
    pub pending: Option<Jump>,
    /// The units on screen (plus a few bytes around them).
    pub window: Window,
    /// The line of the cursor, once the scan has reached it.
    pub cursor_line: Option<u64>,
    /// The scan's progress and verdict.
    pub scan_status: ScanStatus,
}

impl App {
    /// Opens the inspector's state on `source` for a `width` × `height` terminal
    /// and starts the background scan.
    pub fn new(source: Arc<Source>, width: u16, height: u16) -> App {
        let scan = Scan::start(Arc::clone(&source));
        App::with_scan(source, scan, width, height)
    }

    /// Opens the inspector's state with a scan of `source` already made.
    pub fn with_scan(source: Arc<Source>, scan: Scan, width: u16, height: u16) -> App {
        let mut app = App {
            // `refresh` below loads the visible window.
            window: Window::empty(),
            source,
            scan,
            cursor: 0,
            top: 0,
            width,
            height,
            show_bits: true,
            show_info: true,
            show_help: false,
            prompt: None,
            message: None,
            last_search: None,
            should_quit: false,
            pending: None,
            cursor_line: None,
            scan_status: ScanStatus {
                progress: 0.0,
                state: ScanState::Running,
                invalid: 0,
            },
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
        if cursor_row < self.top {
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
        self.cursor_line = self.scan.line_of(self.cursor).ok().flatten();
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
