//! A source read as text: its bytes (a [`Source`], which knows nothing of
//! encodings) and how they are decoded (the encoding, the state a stateful
//! encoding's first unit starts in, and the states a walk has found). The
//! scan, the findings pass, the window and the inspector read a [`Text`];
//! `check` and `fix` read the bytes and decide the encoding themselves.

use std::ops::Deref;
use std::sync::Mutex;

use super::encoding::{Encoding, ShiftState};
use super::source::Source;

/// The bytes of a [`Source`] read in an encoding. It derefs to the source,
/// so its bytes are read as the source's are.
pub struct Text {
    source: Source,
    /// The encoding the bytes are read in.
    encoding: Encoding,
    /// The state a stateful encoding's first unit starts in (a chunk cut
    /// from a longer input starts where that input's state was).
    starts_in: ShiftState,
    /// Unit starts of a stateful encoding whose state a walk found, in
    /// order: a later lookup near one walks from there, not from the last
    /// escape sequence, however far back that is.
    checkpoints: Mutex<Vec<(u64, ShiftState)>>,
}

impl Text {
    /// `source` read in `encoding`.
    pub fn new(source: Source, encoding: Encoding) -> Text {
        Text {
            source,
            encoding,
            starts_in: ShiftState::default(),
            checkpoints: Mutex::default(),
        }
    }

    /// The file at `path` read as UTF-8 (see [`Source::open`]).
    pub fn open(path: &std::path::Path) -> Result<Text, super::source::SourceError> {
        Source::open(path).map(Text::from)
    }

    /// Bytes in memory read as UTF-8 (tests, small inputs).
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Text {
        Text::from(Source::from_bytes(name, bytes))
    }

    /// This text with its first unit read in `state` (see [`Text::starts_in`]).
    pub fn starting_in(mut self, state: ShiftState) -> Text {
        self.starts_in = state;
        self
    }

    /// The encoding the bytes are read in.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The bytes.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// The state a stateful encoding's first unit starts in.
    pub fn starts_in(&self) -> ShiftState {
        self.starts_in
    }

    /// The last unit start at or before `offset` whose state a walk has
    /// recorded ([`Text::record_checkpoint`]), and that state.
    pub fn checkpoint_before(&self, offset: u64) -> Option<(u64, ShiftState)> {
        let checkpoints = self.checkpoints.lock().unwrap_or_else(|e| e.into_inner());
        let index = checkpoints.partition_point(|&(at, _)| at <= offset);
        index.checked_sub(1).map(|i| checkpoints[i])
    }

    /// Records that a unit starts at `offset` in `state` (a stateful
    /// encoding's walk passing it).
    pub fn record_checkpoint(&self, offset: u64, state: ShiftState) {
        let mut checkpoints = self.checkpoints.lock().unwrap_or_else(|e| e.into_inner());
        let index = checkpoints.partition_point(|&(at, _)| at < offset);
        if checkpoints.get(index).is_none_or(|&(at, _)| at != offset) {
            checkpoints.insert(index, (offset, state));
        }
    }

    /// The same bytes read in another encoding (shares them: nothing is
    /// read again).
    pub fn reread_as(&self, encoding: Encoding) -> Text {
        Text::new(self.source.share(), encoding)
    }
}

impl Deref for Text {
    type Target = Source;

    fn deref(&self) -> &Source {
        &self.source
    }
}

/// Bytes read as UTF-8, the encoding a source is read in unless told.
impl From<Source> for Text {
    fn from(source: Source) -> Text {
        Text::new(source, Encoding::UTF_8)
    }
}
