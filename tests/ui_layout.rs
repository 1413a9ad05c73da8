//! The screen is used: as many bytes per row as fit, every byte reachable
//! and visible at every size, jumps with context, wide characters at the
//! end of a row, and an info panel that scrolls.

#[path = "common/ui.rs"]
mod ui;

use ui::{app_on, screen_text};
use utf8scope::draw::layout::{HEX_CELLS, Layout, Shown, TEXT_CELLS};
use utf8scope::ui::{Message, update};

#[test]
fn every_byte_of_a_row_is_visible_at_every_size() {
    for width in 1..=300u16 {
        for height in 1..=100u16 {
            for (bits, info, also) in [
                (true, true, false),
                (false, false, false),
                (true, true, true),
            ] {
                let shown = Shown { bits, info, also };
                let l = Layout::compute(width, height, 10, shown, None);
                assert!(l.bytes_per_row >= 1 && l.rows >= 1, "{width}×{height}");
                for column in 0..l.bytes_per_row {
                    let in_hex = l.hex.width > 0 && column * HEX_CELLS + 2 <= l.hex.width;
                    let in_text = column * TEXT_CELLS < l.text.width;
                    assert!(
                        in_hex || in_text,
                        "{width}×{height}: column {column} of {} is not drawn: {l:?}",
                        l.bytes_per_row
                    );
                    assert!(l.text.x + l.text.width <= width);
                    assert!(l.also.x + l.also.width <= width.max(l.also.x));
                }
            }
        }
    }
}

#[test]
fn every_offset_of_a_small_file_comes_on_screen() {
    let bytes: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
    for (width, height) in [
        (1, 1),
        (2, 2),
        (3, 1),
        (20, 5),
        (13, 3),
        (80, 24),
        (300, 100),
    ] {
        let mut app = app_on(&bytes, width, height);
        let mut seen = vec![false; bytes.len()];
        for _ in 0..=bytes.len() {
            let layout = app.layout();
            let top = app.view.top as usize;
            let shown = (usize::from(layout.rows) * usize::from(layout.bytes_per_row))
                .min(bytes.len() - top);
            seen[top..top + shown].iter_mut().for_each(|s| *s = true);
            app.send(Message::MoveRows(1));
        }
        assert!(seen.iter().all(|&s| s), "{width}×{height}: {seen:?}");
    }
}

#[test]
fn jumps_leave_a_third_of_the_rows_around_the_target() {
    let mut bytes = vec![b'a'; 20_000];
    bytes[10_000] = 0xFF;
    let mut app = app_on(&bytes, 120, 40);
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, 10_000);
    let layout = app.layout();
    let per_row = u64::from(layout.bytes_per_row);
    let row = (app.view.cursor - app.view.top) / per_row;
    let rows = u64::from(layout.rows);
    assert!(
        row >= rows / 3 && rows - row > rows / 3,
        "row {row} of {rows}"
    );
}

#[test]
fn a_wide_character_at_the_end_of_a_row_is_drawn() {
    let width = 120;
    let mut app = app_on(b"", width, 40);
    let per_row = app.layout().bytes_per_row as usize;
    let mut bytes = vec![b'a'; per_row - 1];
    bytes.extend_from_slice("😀 ok".as_bytes());
    app = app_on(&bytes, width, 40);
    let first_row = screen_text(&app)[0].clone();
    assert!(first_row.contains('😀'), "{first_row}");
}

#[test]
fn the_info_panel_scrolls_when_it_is_cut() {
    let mut app = app_on("😀".as_bytes(), 80, 24);
    let screen = screen_text(&app).join("\n");
    assert!(screen.contains("info ↓ (J)"), "{screen}");
    assert!(!screen.contains("UTF-32"));
    app.send(Message::ScrollInfo(5));
    let screen = screen_text(&app).join("\n");
    assert!(screen.contains("UTF-32"), "{screen}");
    // The wheel over the panel scrolls it back.
    let info = app.layout().info;
    update(
        &mut app,
        Message::Wheel {
            x: info.x + 2,
            y: info.y + 2,
            rows: -10,
        },
    );
    assert_eq!(app.view.info_scroll, 0);
}

#[test]
fn angle_brackets_change_the_bytes_per_row() {
    let mut app = app_on(&[b'a'; 100], 200, 50);
    let fit = app.layout().bytes_per_row;
    app.send(Message::ChangeBytesPerRow(-1));
    assert_eq!(app.layout().bytes_per_row, fit - 1);
    app.send(Message::ChangeBytesPerRow(1));
    app.send(Message::ChangeBytesPerRow(1));
    assert_eq!(app.layout().bytes_per_row, fit, "never more than fit");
    assert!(app.message.as_deref().unwrap().contains("as many as fit"));
}
