//! The `:` (go to) and `/` (search) prompts: what has been typed, the keys
//! they take, and the line they draw in the status bar.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::display::escape_for_terminal;
use crate::ui::message::{Message, PromptKind};

/// An open prompt and what has been typed into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// Which prompt.
    pub kind: PromptKind,
    /// The text typed so far.
    pub input: String,
    /// Which earlier query ↑ and ↓ have recalled (an index into the
    /// prompt's history), if any.
    pub recalled: Option<usize>,
}

impl Prompt {
    /// An empty prompt of `kind`.
    pub fn new(kind: PromptKind) -> Prompt {
        Prompt {
            kind,
            input: String::new(),
            recalled: None,
        }
    }

    /// The message for a key while the prompt is open.
    pub fn key(key: &KeyEvent) -> Option<Message> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => Some(Message::PromptCancel),
            KeyCode::Esc => Some(Message::PromptCancel),
            KeyCode::Enter => Some(Message::PromptSubmit),
            KeyCode::Backspace => Some(Message::PromptBackspace),
            KeyCode::Up => Some(Message::PromptHistory(-1)),
            KeyCode::Down => Some(Message::PromptHistory(1)),
            KeyCode::Char(c) if !ctrl => Some(Message::PromptChar(c)),
            _ => None,
        }
    }

    /// Puts an earlier (`step` < 0) or later query of `history` (oldest
    /// first) into the prompt; past the newest, the prompt is empty again.
    pub fn recall(&mut self, history: &[String], step: i64) {
        let Some(last) = history.len().checked_sub(1) else {
            return;
        };
        self.recalled = match (self.recalled, step < 0) {
            (None, true) => Some(last),
            (None, false) => None,
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i < last => Some(i + 1),
            (Some(_), false) => None,
        };
        self.input = self
            .recalled
            .map_or_else(String::new, |i| history[i].clone());
    }

    /// The status bar's line while the prompt is open (terminal-safe).
    pub fn line(&self) -> String {
        let sign = match self.kind {
            PromptKind::Goto => "go to (42, 0x2a, +16, -16, 50%, line:col 12:5): ",
            PromptKind::Search => "search (text, or x e2 82 ac): /",
            PromptKind::Write => "write the repaired file to (Enter; Esc: nothing written): ",
            PromptKind::ConfirmInPlace => {
                return format!(
                    " rewrite {} itself? y writes it in place, any other key does not ▏",
                    escape_for_terminal(&self.input)
                );
            }
        };
        format!(" {sign}{}▏", escape_for_terminal(&self.input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_and_down_walk_the_history_and_end_empty() {
        let history = ["one".to_string(), "two".to_string()];
        let mut prompt = Prompt::new(PromptKind::Search);
        prompt.recall(&history, -1);
        assert_eq!(prompt.input, "two");
        prompt.recall(&history, -1);
        prompt.recall(&history, -1);
        assert_eq!(prompt.input, "one");
        prompt.recall(&history, 1);
        assert_eq!(prompt.input, "two");
        prompt.recall(&history, 1);
        assert_eq!(prompt.input, "");
    }
}
