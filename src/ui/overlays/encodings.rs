//! The encodings list (`e`): the encodings to re-read the file in, the
//! detector's guesses first, and the keys that pick one.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::draw::theme::Theme;
use crate::model::Encoding;
use crate::ui::message::Message;

/// The open encodings list.
#[derive(Debug, Clone, PartialEq)]
pub struct EncodingList {
    /// Each encoding and what the detector says of it (`BOM`, `guess`).
    pub entries: Vec<(Encoding, String)>,
    /// Index of the selected entry.
    pub selected: usize,
    /// The encoding the file is read in now.
    pub current: Encoding,
}

impl EncodingList {
    /// A list of `entries` with the current encoding selected.
    pub fn new(entries: Vec<(Encoding, String)>, current: Encoding) -> EncodingList {
        let selected = entries.iter().position(|(e, _)| *e == current).unwrap_or(0);
        EncodingList {
            entries,
            selected,
            current,
        }
    }

    /// The message for a key while the list is open.
    pub fn key(key: &KeyEvent) -> Option<Message> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let message = match key.code {
            KeyCode::Char('c') if ctrl => Message::Quit,
            KeyCode::Esc | KeyCode::Char('q' | 'e') => Message::ToggleEncodings,
            KeyCode::Up | KeyCode::Char('k') => Message::EncodingMove(-1),
            KeyCode::Down | KeyCode::Char('j') => Message::EncodingMove(1),
            KeyCode::PageUp => Message::EncodingMove(-10),
            KeyCode::PageDown => Message::EncodingMove(10),
            KeyCode::Home | KeyCode::Char('g') => Message::EncodingMove(i64::MIN / 2),
            KeyCode::End | KeyCode::Char('G') => Message::EncodingMove(i64::MAX / 2),
            KeyCode::Enter => Message::EncodingChosen,
            _ => return None,
        };
        Some(message)
    }

    /// Moves the selection by `delta`, within the list.
    pub fn move_by(&mut self, delta: i64) {
        let last = self.entries.len().saturating_sub(1) as i64;
        self.selected = (self.selected as i64).saturating_add(delta).clamp(0, last) as usize;
    }

    /// The encoding selected.
    pub fn chosen(&self) -> Option<Encoding> {
        self.entries.get(self.selected).map(|(e, _)| *e)
    }

    /// Draws the list centred in `area`, scrolled to keep the selection shown.
    pub fn draw(&self, theme: Theme, frame: &mut Frame, area: Rect) {
        let width = 52.min(area.width);
        let height = (self.entries.len() as u16 + 2)
            .min(area.height.saturating_sub(2))
            .max(3);
        let rect = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        let visible = usize::from(height.saturating_sub(2)).max(1);
        let top = self.selected.saturating_sub(visible - 1);
        let lines: Vec<Line> = self
            .entries
            .iter()
            .enumerate()
            .skip(top)
            .take(visible)
            .map(|(i, (encoding, note))| {
                let mark = if *encoding == self.current {
                    "●"
                } else {
                    " "
                };
                let text = format!("{mark} {:<16} {note}", encoding.name());
                let style = if i == self.selected {
                    theme.selection(ratatui::style::Style::new())
                } else {
                    ratatui::style::Style::new()
                };
                Line::from(Span::styled(text, style))
            })
            .collect();
        frame.render_widget(Clear, rect);
        let block = Block::new()
            .borders(Borders::ALL)
            .title(" read as (Enter; Esc closes) ");
        frame.render_widget(Paragraph::new(lines).block(block), rect);
    }
}

/// The entries of the list for a file starting with `head`: what the
/// detector found and its alternatives first, then every other encoding.
pub fn entries_for(head: &[u8]) -> Vec<(Encoding, String)> {
    use crate::model::encoding::{Evidence, detect_bom, detect_head};
    let mut entries: Vec<(Encoding, String)> = Vec::new();
    if let Some((encoding, _)) = detect_bom(head) {
        entries.push((encoding, "BOM".to_string()));
    }
    let found = detect_head(head);
    if found.evidence != Evidence::Bom {
        entries.push((found.encoding, format!("detected: {}", found.describe())));
    }
    let guesses = if found.evidence == Evidence::Guess {
        found.alternatives.clone()
    } else {
        Vec::new()
    };
    for alternative in guesses {
        entries.push((alternative, "could also be".to_string()));
    }
    for encoding in Encoding::all() {
        if !entries.iter().any(|(e, _)| *e == encoding) {
            entries.push((encoding, String::new()));
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_come_first_and_every_encoding_is_listed() {
        let entries = entries_for(b"caf\xe9 cr\xe8me br\xfbl\xe9e\n");
        assert_eq!(entries[0].0.name(), "windows-1252");
        assert!(entries[0].1.starts_with("detected: guessed"));
        assert_eq!(entries.len(), Encoding::all().len());
        let bom = entries_for(&[0xFF, 0xFE, b'a', 0]);
        assert_eq!((bom[0].0, bom[0].1.as_str()), (Encoding::UTF_16LE, "BOM"));
    }
}
