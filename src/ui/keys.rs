//! Maps terminal events to messages; knows the key bindings and nothing else.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::message::{Message, PromptKind};
use super::overlays::{FindingsList, Mode};

/// The key bindings, as the help overlay lists them.
pub const BINDINGS: &[(&str, &str)] = &[
    ("← → h l", "previous / next byte"),
    ("↑ ↓ k j", "row up / down"),
    ("w b", "next / previous character or invalid span"),
    ("PgUp PgDn ^u ^d", "page up / down"),
    ("g Home  G End", "start / end of file"),
    ("n N", "next / previous invalid span"),
    ("m M", "next / previous finding (mojibake, bidi, …)"),
    ("F", "list of findings: ↑↓ to pick, Enter to go"),
    ("e", "read the file in another encoding (guesses first)"),
    ("r R", "a second reading of the bytes / its next encoding"),
    (
        "a",
        "what fix writes here; mark that repair (again: unmark)",
    ),
    ("W", "write the marked repairs to a file, as fix -o does"),
    (":", "go to 42, 0x2a, ±16, 50%, or line:col 12:5"),
    ("/", "search text; /x e2 82 ac searches hex bytes"),
    ("; ,", "repeat search forward / backward"),
    ("↑ ↓ in a prompt", "earlier / later queries"),
    ("B", "show / hide the bits pane"),
    ("i", "show / hide the info panel"),
    ("s", "decoder: the info panel narrates the decoder"),
    ("v", "select from here (again: drop it); or drag"),
    ("y Y", "copy the selection as text / hex (OSC 52)"),
    ("J K", "scroll the info panel"),
    ("< >", "one byte fewer / more per row"),
    ("mouse", "click a byte; wheel scrolls the pane under it"),
    ("?", "this help"),
    ("Esc", "close, or stop a search (never quits)"),
    ("^z", "suspend (fg to come back)"),
    ("q ^c", "quit"),
];

/// The message for an event; an open overlay takes keys (and the findings
/// list the wheel) before the normal bindings.
pub fn message_for(event: &Event, mode: &Mode) -> Option<Message> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            mode.overlay_key(key).unwrap_or_else(|| normal_key(key))
        }
        Event::Mouse(mouse) if matches!(mode, Mode::FindingsList(_)) => {
            FindingsList::wheel(mouse.kind)
        }
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Message::Click {
                x: mouse.column,
                y: mouse.row,
            }),
            MouseEventKind::Drag(MouseButton::Left) => Some(Message::Drag {
                x: mouse.column,
                y: mouse.row,
            }),
            MouseEventKind::ScrollUp => Some(Message::Wheel {
                x: mouse.column,
                y: mouse.row,
                rows: -3,
            }),
            MouseEventKind::ScrollDown => Some(Message::Wheel {
                x: mouse.column,
                y: mouse.row,
                rows: 3,
            }),
            _ => None,
        },
        Event::Resize(width, height) => Some(Message::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}

fn normal_key(key: &KeyEvent) -> Option<Message> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let message = match key.code {
        KeyCode::Char('c') if ctrl => Message::Quit,
        KeyCode::Char('z') if ctrl => Message::Suspend,
        KeyCode::Char('u') if ctrl => Message::MovePages(-1),
        KeyCode::Char('d') if ctrl => Message::MovePages(1),
        KeyCode::Char('q') => Message::Quit,
        // Esc only ever closes or stops something: one too many must not
        // lose the user's place.
        KeyCode::Esc => Message::Escape,
        KeyCode::Left | KeyCode::Char('h') => Message::MoveBytes(-1),
        KeyCode::Right | KeyCode::Char('l') => Message::MoveBytes(1),
        KeyCode::Up | KeyCode::Char('k') => Message::MoveRows(-1),
        KeyCode::Down | KeyCode::Char('j') => Message::MoveRows(1),
        KeyCode::Char('w') => Message::NextUnit,
        KeyCode::Char('b') => Message::PrevUnit,
        KeyCode::PageUp => Message::MovePages(-1),
        KeyCode::PageDown => Message::MovePages(1),
        KeyCode::Home | KeyCode::Char('g') => Message::Start,
        KeyCode::End | KeyCode::Char('G') => Message::End,
        KeyCode::Char('n') => Message::NextInvalid,
        KeyCode::Char('N') => Message::PrevInvalid,
        KeyCode::Char('m') => Message::NextFinding,
        KeyCode::Char('M') => Message::PrevFinding,
        KeyCode::Char('F') => Message::ToggleFindings,
        KeyCode::Char('e') => Message::ToggleEncodings,
        KeyCode::Char(':') => Message::OpenPrompt(PromptKind::Goto),
        KeyCode::Char('/') => Message::OpenPrompt(PromptKind::Search),
        KeyCode::Char(';') => Message::SearchNext,
        KeyCode::Char(',') => Message::SearchPrev,
        KeyCode::Char('B') => Message::ToggleBits,
        KeyCode::Char('r') => Message::ToggleAlso,
        KeyCode::Char('a') => Message::MarkRepair { all: false },
        KeyCode::Char('A') => Message::MarkRepair { all: true },
        KeyCode::Char('W') => Message::OpenWrite,
        KeyCode::Char('R') => Message::NextAlso,
        KeyCode::Char('i') => Message::ToggleInfo,
        KeyCode::Char('s') => Message::ToggleDecoder,
        KeyCode::Char('v') => Message::ToggleSelection,
        KeyCode::Char('y') => Message::CopySelection { hex: false },
        KeyCode::Char('Y') => Message::CopySelection { hex: true },
        KeyCode::Char('<') => Message::ChangeBytesPerRow(-1),
        KeyCode::Char('>') => Message::ChangeBytesPerRow(1),
        KeyCode::Char('J') => Message::ScrollInfo(1),
        KeyCode::Char('K') => Message::ScrollInfo(-1),
        KeyCode::Char('?') => Message::ToggleHelp,
        _ => return None,
    };
    Some(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::overlays::Prompt;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_map_to_messages_and_prompts_capture_text() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            message_for(&key(KeyCode::Char('n'), none), &Mode::Normal),
            Some(Message::NextInvalid)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Char('n'), none),
                &Mode::Prompt(Prompt::new(PromptKind::Search))
            ),
            Some(Message::PromptChar('n'))
        );
        assert_eq!(
            message_for(&key(KeyCode::Char('m'), none), &Mode::Normal),
            Some(Message::NextFinding)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Char('j'), none),
                &Mode::FindingsList(FindingsList::open_at(0, 10))
            ),
            Some(Message::ListMove(1))
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Esc, none),
                &Mode::FindingsList(FindingsList::open_at(0, 10))
            ),
            Some(Message::ToggleFindings)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Enter, none),
                &Mode::FindingsList(FindingsList::open_at(0, 10))
            ),
            Some(Message::ListJump)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                &Mode::Normal
            ),
            Some(Message::Quit)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Char('d'), KeyModifiers::CONTROL),
                &Mode::Normal
            ),
            Some(Message::MovePages(1))
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Esc, none),
                &Mode::Prompt(Prompt::new(PromptKind::Search))
            ),
            Some(Message::PromptCancel)
        );
        assert_eq!(
            message_for(&key(KeyCode::Esc, none), &Mode::Normal),
            Some(Message::Escape),
            "Esc never quits"
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Char('z'), KeyModifiers::CONTROL),
                &Mode::Normal
            ),
            Some(Message::Suspend)
        );
        assert_eq!(
            message_for(
                &key(KeyCode::Up, none),
                &Mode::Prompt(Prompt::new(PromptKind::Search))
            ),
            Some(Message::PromptHistory(-1))
        );
        assert_eq!(message_for(&key(KeyCode::F(5), none), &Mode::Normal), None);
        assert_eq!(
            message_for(&Event::Resize(100, 30), &Mode::Normal),
            Some(Message::Resize {
                width: 100,
                height: 30
            })
        );
    }
}
