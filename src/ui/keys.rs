//! Maps terminal events to messages; knows the key bindings and nothing else.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::message::{Message, PromptKind};

/// The key bindings, as the help overlay lists them.
pub const BINDINGS: &[(&str, &str)] = &[
    ("← → h l", "previous / next byte"),
    ("↑ ↓ k j", "row up / down"),
    ("w b", "next / previous character or invalid span"),
    ("PgUp PgDn ^u ^d", "page up / down"),
    ("g Home  G End", "start / end of file"),
    ("n N", "next / previous invalid span"),
    (":", "go to offset: 42, 0x2a, +16, -16, 50%"),
    ("/", "search text; /x e2 82 ac searches hex bytes"),
    ("; ,", "repeat search forward / backward"),
    ("B", "show / hide the bits pane"),
    ("i", "show / hide the info panel"),
    ("mouse", "click a byte; wheel scrolls"),
    ("?", "this help"),
    ("q Esc ^c", "quit"),
];

/// The message for an event, given whether a prompt is open.
pub fn message_for(event: &Event, prompt_open: bool) -> Option<Message> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            if prompt_open {
                prompt_key(key)
            } else {
                normal_key(key)
            }
        }
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => Some(Message::Click {
                x: mouse.column,
                y: mouse.row,
            }),
            MouseEventKind::ScrollUp => Some(Message::Scroll(-3)),
            MouseEventKind::ScrollDown => Some(Message::Scroll(3)),
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
        KeyCode::Char('u') if ctrl => Message::MovePages(-1),
        KeyCode::Char('d') if ctrl => Message::MovePages(1),
        KeyCode::Char('q') | KeyCode::Esc => Message::Quit,
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
        KeyCode::Char(':') => Message::OpenPrompt(PromptKind::Goto),
        KeyCode::Char('/') => Message::OpenPrompt(PromptKind::Search),
        KeyCode::Char(';') => Message::SearchNext,
        KeyCode::Char(',') => Message::SearchPrev,
        KeyCode::Char('B') => Message::ToggleBits,
        KeyCode::Char('i') => Message::ToggleInfo,
        KeyCode::Char('?') => Message::ToggleHelp,
        _ => return None,
    };
    Some(message)
}

fn prompt_key(key: &KeyEvent) -> Option<Message> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => Some(Message::PromptCancel),
        KeyCode::Esc => Some(Message::PromptCancel),
        KeyCode::Enter => Some(Message::PromptSubmit),
        KeyCode::Backspace => Some(Message::PromptBackspace),
        KeyCode::Char(c) if !ctrl => Some(Message::PromptChar(c)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn keys_map_to_messages_and_prompts_capture_text() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            message_for(&key(KeyCode::Char('n'), none), false),
            Some(Message::NextInvalid)
        );
        assert_eq!(
            message_for(&key(KeyCode::Char('n'), none), true),
            Some(Message::PromptChar('n'))
        );
        assert_eq!(
            message_for(&key(KeyCode::Char('c'), KeyModifiers::CONTROL), false),
            Some(Message::Quit)
        );
        assert_eq!(
            message_for(&key(KeyCode::Char('d'), KeyModifiers::CONTROL), false),
            Some(Message::MovePages(1))
        );
        assert_eq!(
            message_for(&key(KeyCode::Esc, none), true),
            Some(Message::PromptCancel)
        );
        assert_eq!(message_for(&key(KeyCode::F(5), none), false), None);
        assert_eq!(
            message_for(&Event::Resize(100, 30), false),
            Some(Message::Resize {
                width: 100,
                height: 30
            })
        );
    }
}
