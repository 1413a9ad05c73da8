//! The second reading (`r`, `R`, `--also`): the bytes read in another
//! encoding beside the text pane, aligned to the bytes, with what mojibake
//! was meant to say over its bytes; the encoding it starts in; the info
//! panel's two readings; the layout at the sizes it supports. Driven
//! through `update`, as the event loop does.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/ui.rs"]
mod ui;

use ui::{Inspector, app_on, app_on_sample, draw, screen_text};
use unicode_width::UnicodeWidthStr;
use utf8scope::draw::glyph::glyph;
use utf8scope::draw::layout::{Layout, Shown};
use utf8scope::model::{Encoding, Source};
use utf8scope::ui::{App, Message};

/// What the second reading's pane shows, row after row, its fillers left
/// out (a wide glyph's second cell is part of it).
fn also_column(app: &App) -> String {
    let layout = app.layout();
    assert!(layout.also.width > 0, "the second reading is shown");
    let terminal = draw(app, false);
    let buffer = terminal.backend().buffer();
    let mut shown = String::new();
    for y in layout.also.top()..layout.also.bottom() {
        let mut x = layout.also.x;
        let end = (layout.also.x + layout.bytes_per_row).min(layout.also.right());
        while x < end {
            let symbol = buffer[(x, y)].symbol();
            if symbol != "·" {
                shown.push_str(symbol);
            }
            x += symbol.width().max(1) as u16;
        }
    }
    shown.trim_end().to_string()
}

/// `text` as the text panes draw it (controls as pictures), fillers apart.
fn drawn(text: &str) -> String {
    text.chars()
        .map(|c| glyph(c).text.to_string())
        .collect::<String>()
        .replace('·', "")
}

/// Reads the second reading in `encoding` (as `--also` does).
fn read_also_in(app: &mut Inspector, encoding: Encoding) {
    app.app.view.also = Some(encoding);
    app.send(Message::MoveBytes(0));
}

#[test]
fn every_legacy_text_of_the_corpus_reads_whole_beside_its_utf8_reading() {
    let mut checked = 0;
    for language in &corpus::LANGUAGES {
        for label in language.encodings {
            let text = corpus::text(language, 1, 0);
            let ours = Encoding::for_label(label).unwrap();
            let (bytes, _, unmappable) = encoding_rs::Encoding::for_label(label.as_bytes())
                .unwrap()
                .encode(&text);
            if unmappable {
                continue;
            }
            // Opened as UTF-8, as a user opens a file of unknown encoding.
            let mut app = app_on(&bytes, 200, 80);
            read_also_in(&mut app, ours);
            // (ISO-2022-JP's escape sequences show as ␛, as in the text pane.)
            assert_eq!(
                also_column(&app).replace('␛', ""),
                drawn(&text),
                "{} in {label}",
                language.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked} texts");
}

#[test]
fn a_shift_jis_page_opened_as_utf8_starts_its_second_reading_in_shift_jis() {
    let text = "日本語のページです。「こんにちは」と言いました。";
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    for (width, height) in [(80, 24), (200, 50)] {
        let mut app = app_on(&bytes, width, height);
        app.send(Message::ToggleAlso);
        assert_eq!(app.app.view.also.map(|e| e.name()), Some("Shift_JIS"));
        let screen = screen_text(&app).join("\n");
        // The pane titles say which reading is which, in full.
        let titles = screen.lines().next().unwrap();
        assert!(titles.contains("Shift_JIS (r R)"), "{screen}");
        assert!(titles.contains("UTF-8"), "{screen}");
        // (A wide glyph's second cell is blank on a screen's text.)
        assert!(screen.contains("日 本"), "{width}×{height}:\n{screen}");
        // As much of the text as the screen holds, from its start.
        let column = also_column(&app);
        assert!(column.starts_with("日本語のページ"), "{column}");
        assert!(drawn(text).starts_with(&column), "{column}");
        // The next encoding, never the file's own; then hidden again.
        app.send(Message::NextAlso);
        let next = app.app.view.also.unwrap();
        assert_ne!(next.name(), "Shift_JIS");
        assert!(!next.is_utf8());
        app.send(Message::ToggleAlso);
        assert_eq!(app.app.view.also, None);
        assert_eq!(app.layout().also.width, 0);
        assert!(!screen_text(&app)[0].contains("Shift_JIS"));
    }
}

#[test]
fn a_legacy_file_is_read_beside_as_utf8() {
    let text = "Привет, мир! Как дела?";
    let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
    let cp1251 = Encoding::for_label("windows-1251").unwrap();
    let source = Source::from_bytes("letter.txt", bytes.into_owned()).in_encoding(cp1251);
    let mut app = Inspector::on(source, 120, 30);
    app.send(Message::ToggleAlso);
    assert_eq!(app.app.view.also, Some(Encoding::UTF_8));
    let titles = screen_text(&app)[0].clone();
    assert!(titles.contains("windows-1251 │ UTF-8 (r R)"), "{titles}");
    // Cyrillic in windows-1251 is no UTF-8: each letter an invalid byte.
    assert_eq!(also_column(&app), "������, ���! ��� ����?");
}

#[test]
fn mojibake_shows_what_it_meant_over_its_bytes() {
    let mut app = app_on_sample("findings.txt", 120, 40);
    app.send(Message::ToggleAlso);
    // The garbling went through windows-1252: the reading starts in it.
    assert_eq!(app.app.view.also.map(|e| e.name()), Some("windows-1252"));
    app.send(Message::NextFinding);
    let column = also_column(&app);
    assert!(column.contains("café"), "{column}");
    assert!(column.contains("Привет"), "{column}");
    // The info panel gives both readings of the finding under the cursor.
    let screen = screen_text(&app).join("\n");
    for _ in 0..12 {
        app.send(Message::ScrollInfo(1));
    }
    let scrolled = screen_text(&app).join("\n");
    let both = format!("{screen}\n{scrolled}");
    assert!(both.contains("Reads    UTF-8: “cafÃ©”"), "{both}");
    assert!(both.contains("Also     windows-1252: “cafÃƒÂ©”"), "{both}");
}

#[test]
fn the_second_reading_gives_way_before_the_bits_pane() {
    let shown = Shown {
        bits: true,
        info: true,
        also: true,
    };
    let mut gave_way = 0;
    for width in 20..=300 {
        for height in [10, 24, 50] {
            let layout = Layout::compute(width, height, 10, shown, None);
            // The second reading only where the bits pane fits no better
            // without it (beside four bytes a row, or not at all).
            if layout.also.width > 0 && layout.bits.width == 0 {
                let without = Shown {
                    also: false,
                    ..shown
                };
                let alone = Layout::compute(width, height, 10, without, None);
                assert!(
                    alone.bits.width == 0 || alone.bytes_per_row < 4,
                    "{width}×{height}: {layout:?}"
                );
            }
            if layout.also.width == 0 && layout.bits.width > 0 {
                gave_way += 1;
            }
            // Each of its byte columns is drawn.
            if layout.also.width > 0 {
                assert!(layout.also.width >= layout.bytes_per_row, "{layout:?}");
                assert!(layout.also.right() <= width);
            }
            // Its titles row sits above the panes, never over them.
            if layout.also.width > 0 {
                assert_eq!(layout.titles.height, 1);
                assert_eq!(layout.text.y, 1);
                assert_eq!(layout.also.y, 1);
            }
        }
    }
    assert!(gave_way > 0, "somewhere only the bits pane fits");
    // The sizes the issue names show both.
    for (width, height) in [(80, 24), (200, 50)] {
        let layout = Layout::compute(width, height, 10, shown, None);
        assert!(layout.also.width > 0 && layout.bits.width > 0, "{layout:?}");
    }
}
