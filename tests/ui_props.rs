//! Drawing never panics at any size, and nothing from the file reaches the
//! terminal raw: no cell holds a control character, ESC or a bidi control.

#[path = "common/ui.rs"]
mod ui;

use proptest::prelude::*;
use ui::{app_on, draw};
use utf8scope::ui::Message;
use utf8scope::ui::describe::describe;
use utf8scope::ui::view::status_text;

/// Pieces of hostile text: escape sequences, C1 controls, bidi overrides,
/// invisible characters, wide and combining characters, and broken bytes.
fn hostile_piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"\x1b[2J\x1b]0;title\x07".to_vec()),
        Just("\u{85}\u{9B}".as_bytes().to_vec()),
        Just("\u{202E}\u{2066}\u{200F}\u{061C}".as_bytes().to_vec()),
        Just("\u{200B}\u{FEFF}\u{00AD}\u{2028}".as_bytes().to_vec()),
        Just("世界😀\u{0308}e\u{0301}".as_bytes().to_vec()),
        Just(vec![0x00, 0x7F, 0x09, 0x0A, 0x0D]),
        prop::collection::vec(any::<u8>(), 1..8),
        Just(b"plain text ".to_vec()),
    ]
}

fn hostile_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(hostile_piece(), 0..40).prop_map(|pieces| pieces.concat())
}

/// Characters that must never be in a drawn cell.
fn forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_file_at_any_size_draws_safely(
        bytes in hostile_bytes(),
        width in 1u16..=300,
        height in 1u16..=100,
        moves in prop::collection::vec(0i64..64, 0..4),
        help in any::<bool>(),
        color in any::<bool>(),
    ) {
        let mut app = app_on(&bytes, width, height);
        for step in moves {
            app.send(Message::MoveBytes(step));
        }
        if help {
            app.send(Message::ToggleHelp);
        }
        let terminal = draw(&app, color);
        let buffer = terminal.backend().buffer();
        for cell in buffer.content() {
            prop_assert!(!cell.symbol().chars().any(forbidden), "unsafe cell {:?}", cell.symbol());
        }
        // The panes write cells directly, so the buffer check above sees
        // exactly what they draw; the status bar and info text are checked
        // as text as well, before any widget could filter them.
        let mut texts = vec![status_text(&app, width)];
        texts.extend(
            describe(&app.shown.window, app.view.cursor, app.shown.legacy_reading.as_ref())
                .into_iter()
                .map(|row| row.value),
        );
        for text in texts {
            prop_assert!(!text.chars().any(forbidden), "unsafe text {:?}", text);
        }
    }
}
