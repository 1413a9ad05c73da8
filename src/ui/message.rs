//! Everything that can happen to the inspector, as data: keys, mouse,
//! resizes, and what the runtime loaded or found, all become a [`Message`]
//! that `update` applies.

use super::app::{
    FindingTarget, FindingsStatus, Jump, ScanStatus, SearchReport, SeekResult, ViewData,
};
use crate::model::LoadState;
use crate::model::scan::LinePlace;

/// Which prompt is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// `:` go to an offset.
    Goto,
    /// `/` search for text or `x`-prefixed hex bytes.
    Search,
    /// `W`: where to write the repaired file.
    Write,
    /// Whether to rewrite the file itself (`y` or `n`).
    ConfirmInPlace,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Move the cursor by bytes (negative: left).
    MoveBytes(i64),
    /// Move the cursor by rows (negative: up).
    MoveRows(i64),
    /// Move the cursor by screens (negative: up).
    MovePages(i64),
    /// Next unit (character or invalid span).
    NextUnit,
    /// Previous unit.
    PrevUnit,
    /// First byte of the file.
    Start,
    /// Last byte of the file.
    End,
    /// Go to an offset (`--offset`), as a jump.
    JumpTo(u64),
    /// Go to a 1-based line and column (`--line`, `FILE:LINE:COL`).
    GoToLine(u64, u64),
    /// The first invalid span of the file (`--first-invalid`).
    FirstInvalid,
    /// Next invalid span, wrapping at the end.
    NextInvalid,
    /// Previous invalid span, wrapping at the start.
    PrevInvalid,
    /// Next finding, wrapping at the end.
    NextFinding,
    /// Previous finding, wrapping at the start.
    PrevFinding,
    /// Open or close the findings list.
    ToggleFindings,
    /// Open or close the encodings list (`e`).
    ToggleEncodings,
    /// The encodings list to open, from the runtime.
    EncodingsListed(Vec<(crate::model::Encoding, String)>),
    /// Move the encodings list's selection.
    EncodingMove(i64),
    /// Re-read the file in the selected encoding.
    EncodingChosen,
    /// The file is now read in this encoding (named as the status bar says it).
    Reread(crate::model::Encoding, Option<String>),
    /// Move the list's selection by rows (negative: up).
    ListMove(i64),
    /// Move the list's selection by pages (negative: up).
    ListPages(i64),
    /// Select the list's first finding.
    ListStart,
    /// Select the list's last finding.
    ListEnd,
    /// Jump to the selected finding and close the list.
    ListJump,
    /// Open a prompt.
    OpenPrompt(PromptKind),
    /// A character typed into the prompt.
    PromptChar(char),
    /// Backspace in the prompt.
    PromptBackspace,
    /// Enter in the prompt.
    PromptSubmit,
    /// Esc in the prompt.
    PromptCancel,
    /// ↑ (-1) or ↓ (+1) in the prompt: an earlier or later query.
    PromptHistory(i64),
    /// Esc in the main view: stop a search or a waiting jump, clear the
    /// message. It never quits.
    Escape,
    /// Ctrl-z: suspend to the shell, as any terminal program does.
    Suspend,
    /// Repeat the last search forward (`;`).
    SearchNext,
    /// Repeat the last search backward (`,`).
    SearchPrev,
    /// Show or hide the bits pane.
    ToggleBits,
    /// Say what `fix` writes for the item under the cursor and mark its
    /// repair to be written: on its line (`a`), or on every line (`A`).
    MarkRepair {
        /// On every line.
        all: bool,
    },
    /// Open the prompt for where to write the repaired file (`W`).
    OpenWrite,
    /// The runtime wrote the repaired file, or could not.
    Wrote(super::repair::WriteRequest, Result<String, String>),
    /// Show or hide the second reading beside the text pane (`r`).
    ToggleAlso,
    /// Read the second reading in the next encoding (`R`).
    NextAlso,
    /// Show or hide the info panel.
    ToggleInfo,
    /// Switch the info panel between the unit's description and the
    /// decoder's narration.
    ToggleDecoder,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Scroll the help by lines (negative: up).
    HelpScroll(i64),
    /// `<` (-1) or `>` (+1): one byte fewer or more per row.
    ChangeBytesPerRow(i64),
    /// `K` (-1) or `J` (+1), or the wheel over the panel: scroll the info panel.
    ScrollInfo(i64),
    /// Start a selection at the cursor, or drop the one there is (`v`).
    ToggleSelection,
    /// Copy the selection to the terminal's clipboard (`y` as text, `Y`
    /// as hex).
    CopySelection {
        /// As hex pairs rather than text.
        hex: bool,
    },
    /// The selection's bytes, read to be copied: the clipboard's text and
    /// how many bytes it holds (`None`: too large).
    SelectionRead(Option<(String, u64)>, bool),
    /// The mouse dragged to a screen cell: selects from where it was
    /// pressed.
    Drag {
        /// Column of the cell.
        x: u16,
        /// Row of the cell.
        y: u16,
    },
    /// A mouse click at a screen cell.
    Click {
        /// Column of the cell.
        x: u16,
        /// Row of the cell.
        y: u16,
    },
    /// The mouse wheel over the panes: rows to scroll (negative: up).
    Scroll(i64),
    /// The mouse wheel somewhere: where, and rows to scroll (negative: up);
    /// `update` sends it to the pane or the panel under the pointer.
    Wheel {
        /// Column of the pointer.
        x: u16,
        /// Row of the pointer.
        y: u16,
        /// Rows to scroll.
        rows: i64,
    },
    /// The terminal's new size.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// How the background work stands (the runtime's answer to a tick).
    Progress(Box<ProgressReport>),
    /// What the runtime loaded for the screen.
    ViewLoaded(Box<ViewData>),
    /// What the runtime found for a jump to an invalid span.
    Sought(Jump, SeekResult),
    /// What the runtime found for a jump to the next (`true`) or previous finding.
    FoundFinding(bool, FindingTarget),
    /// Where the findings list opens (the number of the finding under the
    /// cursor, or of the next), `None` when there are no findings, and
    /// whether that is at the cursor (`false`: the count from the last
    /// kept finding has not reached it yet); or why the file could not be
    /// read.
    FindingsListAt(Result<Option<usize>, String>, bool),
    /// Where a line and column are (`Ok(None)`: the scan has not got there).
    LineFound(u64, u64, Result<Option<LinePlace>, String>),
    /// The start of the unit before the cursor's (`Ok(None)`: none), for `b`.
    UnitBefore(Result<Option<u64>, String>),
    /// Leave the inspector.
    Quit,
}

impl Message {
    /// Whether the runtime sent it (an answer to a command, or a tick's
    /// progress) rather than the user (a key, the mouse, a resize): only
    /// the user's messages clear the status message and waiting jumps.
    pub fn is_answer(&self) -> bool {
        matches!(
            self,
            Message::Progress(_)
                | Message::ViewLoaded(_)
                | Message::Sought(..)
                | Message::FoundFinding(..)
                | Message::FindingsListAt(..)
                | Message::EncodingsListed(_)
                | Message::Reread(..)
                | Message::UnitBefore(_)
                | Message::LineFound(..)
        )
    }
}

/// How the background work stands, as the runtime reports it on a tick.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgressReport {
    /// The file's length (it grows while a stream is read).
    pub len: u64,
    /// The scan.
    pub scan: ScanStatus,
    /// The findings pass.
    pub findings: FindingsStatus,
    /// Reading a stream.
    pub load: LoadState,
    /// The search, if one ran since the last tick.
    pub search: Option<SearchReport>,
}
