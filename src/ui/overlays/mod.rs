//! The overlays of the inspector, one file each with its state, its keys
//! and its widget; [`Mode`] says which one (at most one) is open.

pub mod encodings;
pub mod findings_list;
pub mod help;
pub mod prompt;

use ratatui::crossterm::event::KeyEvent;

pub use encodings::EncodingList;
pub use findings_list::FindingsList;
pub use help::Help;
pub use prompt::Prompt;

use super::message::Message;

/// What the inspector is doing: moving about the file, or one overlay.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Mode {
    /// Moving about the file.
    #[default]
    Normal,
    /// A `:` or `/` prompt.
    Prompt(Prompt),
    /// The findings list.
    FindingsList(FindingsList),
    /// The help.
    Help(Help),
    /// The encodings list.
    Encodings(EncodingList),
}

impl Mode {
    /// The message an open overlay makes of a key (`None` in normal mode,
    /// whose keys `keys` maps).
    pub fn overlay_key(&self, key: &KeyEvent) -> Option<Option<Message>> {
        match self {
            Mode::Normal => None,
            Mode::Prompt(_) => Some(Prompt::key(key)),
            Mode::FindingsList(_) => Some(FindingsList::key(key)),
            Mode::Help(_) => Some(Help::key(key)),
            Mode::Encodings(_) => Some(EncodingList::key(key)),
        }
    }
}
