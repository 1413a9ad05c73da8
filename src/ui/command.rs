//! What `update` asks to be done, as data: the runtime carries out the work
//! on the file and its background jobs and answers with messages; the event
//! loop carries out quitting and suspending.

use super::app::{Jump, ViewRequest};

/// One thing to be done after an update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Load the screen's bytes, the cursor's line and the findings shown
    /// (answered by [`Message::ViewLoaded`](super::Message::ViewLoaded)).
    LoadView(ViewRequest),
    /// Look for an invalid span (answered by `Sought`).
    Seek(Jump),
    /// Look for the next (`forward`) or previous finding from `from`
    /// (answered by `FoundFinding`).
    FindFinding {
        /// Which way.
        forward: bool,
        /// From where.
        from: u64,
    },
    /// Find where the findings list opens for the cursor at this offset
    /// (answered by `FindingsListAt`).
    OpenFindingsList(u64),
    /// Find the offset of a 1-based line and column (answered by `LineFound`).
    GotoLine(u64, u64),
    /// Find the start of the unit before this offset (answered by `UnitBefore`).
    UnitBefore(u64),
    /// Start searching for `pattern` in the background, replacing any search.
    StartSearch {
        /// The bytes looked for.
        pattern: crate::model::find::Pattern,
        /// Where to start.
        from: u64,
        /// Which way.
        forward: bool,
    },
    /// Stop the search running in the background.
    CancelSearch,
    /// Read `[start, end)` for the clipboard, as text or hex (answered by
    /// `SelectionRead`).
    ReadSelection {
        /// First byte.
        start: u64,
        /// One past the last.
        end: u64,
        /// As hex pairs.
        hex: bool,
    },
    /// Write this to the terminal: an OSC 52 sequence that sets the
    /// clipboard (for the event loop, which owns the terminal).
    SetClipboard(String),
    /// List the encodings to re-read the file in (answered by
    /// `EncodingsListed`).
    ListEncodings,
    /// Re-read the file in this encoding: the scan and the findings pass
    /// start again (answered by `Reread`).
    Reread(crate::model::Encoding),
    /// Write the repaired file (answered by `Wrote`).
    WriteRepaired(super::repair::WriteRequest),
    /// Leave the inspector.
    Quit,
    /// Suspend to the shell (Ctrl-z).
    Suspend,
}
