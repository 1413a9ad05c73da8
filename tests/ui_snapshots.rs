//! Snapshots of whole screens (insta + ratatui's TestBackend) on the shipped
//! samples: every pane, the info panel for each class of character and each
//! invalid kind, and the help overlay, at 80×24 and 160×48.

#[path = "common/ui.rs"]
mod ui;

use ratatui::style::{Color, Modifier};
use ui::{Inspector, app_on_sample, draw, screen_text};
use utf8scope::ui::message::PromptKind;
use utf8scope::ui::{App, Message};

const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn search(app: &mut Inspector, text: &str) {
    app.send(Message::OpenPrompt(PromptKind::Search));
    for c in text.chars() {
        app.send(Message::PromptChar(c));
    }
    app.send(Message::PromptSubmit);
    app.finish_search();
}

fn snapshot(name: &str, app: &App) {
    let text = screen_text(app).join("\n");
    insta::assert_snapshot!(
        format!("{name}-{}x{}", app.view.width, app.view.height),
        text
    );
}

#[test]
fn characters_of_every_length() {
    for (width, height) in SIZES {
        for (name, needle) in [
            ("ascii", "Dutch"),
            ("two-byte", "é"),
            ("three-byte", "€"),
            ("four-byte", "😀"),
        ] {
            let mut app = app_on_sample("multilingual.txt", width, height);
            search(&mut app, needle);
            // Put the cursor on a continuation byte where there is one.
            if needle.len() > 1 {
                app.send(Message::MoveBytes(1));
            }
            snapshot(&format!("char-{name}"), &app);
        }
    }
}

#[test]
fn every_invalid_kind() {
    let kinds = [
        "unexpected-continuation",
        "overlong",
        "overlong-three-byte",
        "surrogate",
        "too-large",
        "invalid-byte",
        "truncated",
    ];
    for (width, height) in SIZES {
        let mut app = app_on_sample("invalid-kinds.txt", width, height);
        for (i, kind) in kinds.iter().enumerate() {
            // Each line's span is the first after the line's "[".
            type_goto(&mut app, &format!("0x{:x}", bracket_offsets()[i]));
            app.send(Message::NextInvalid);
            snapshot(&format!("invalid-{kind}"), &app);
        }
    }
}

fn type_goto(app: &mut Inspector, text: &str) {
    app.send(Message::OpenPrompt(PromptKind::Goto));
    for c in text.chars() {
        app.send(Message::PromptChar(c));
    }
    app.send(Message::PromptSubmit);
}

/// Offsets of the "[" on each line of invalid-kinds.txt.
fn bracket_offsets() -> Vec<usize> {
    let bytes = std::fs::read("assets/samples/invalid-kinds.txt").unwrap();
    bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'[')
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn help_overlay_and_hidden_panes() {
    for (width, height) in SIZES {
        let mut app = app_on_sample("multilingual.txt", width, height);
        app.send(Message::ToggleHelp);
        snapshot("help", &app);
        app.send(Message::ToggleHelp);
        app.send(Message::ToggleBits);
        app.send(Message::ToggleInfo);
        snapshot("no-bits-no-info", &app);
    }
}

#[test]
fn kuhn_stress_test_with_control_pictures_and_prompt() {
    let mut app = app_on_sample("kuhn-utf8-stress-test.txt", 80, 24);
    app.send(Message::NextInvalid);
    app.send(Message::OpenPrompt(PromptKind::Goto));
    app.send(Message::PromptChar('5'));
    snapshot("kuhn-first-invalid-with-prompt", &app);
}

#[test]
fn invalid_bytes_are_styled_as_errors_and_markers_as_quiet() {
    let mut app = app_on_sample("invalid-kinds.txt", 80, 24);
    app.send(Message::NextInvalid);
    app.send(Message::MoveBytes(-1));
    let terminal = draw(&app, true);
    let buffer = terminal.backend().buffer();
    let layout = app.layout();
    let row = ((0x59 - app.view.top) / u64::from(layout.bytes_per_row)) as u16;
    let column = (0x59 % u64::from(layout.bytes_per_row)) as u16;
    let hex_cell = &buffer[(layout.hex.x + column * 3, row)];
    assert_eq!(hex_cell.symbol(), "8");
    assert_eq!(hex_cell.bg, Color::Red);
    let text_cell = &buffer[(layout.text.x + column, row)];
    assert_eq!(text_cell.symbol(), "�");
    // The ASCII "[" before it: its marker bit is quiet, its payload coloured.
    let bits_x = layout.bits.x + (column - 1) * 9;
    assert_eq!(buffer[(bits_x, row)].fg, Color::DarkGray);
    assert_ne!(buffer[(bits_x + 1, row)].fg, Color::DarkGray);
}

#[test]
fn findings_in_the_info_panel_and_the_list() {
    for (width, height) in SIZES {
        let mut app = app_on_sample("findings.txt", width, height);
        // The first finding: "cafÃ©", mojibake, with what it meant.
        app.send(Message::NextFinding);
        snapshot("finding-mojibake", &app);
        // The look-alike "pаypal", found from the "ypal" after its Cyrillic "а".
        search(&mut app, "ypal");
        app.send(Message::PrevFinding);
        snapshot("finding-mixed-script", &app);
        app.send(Message::ToggleFindings);
        snapshot("findings-list", &app);
    }
}

#[test]
fn findings_are_underlined_in_the_text_pane() {
    let mut app = app_on_sample("findings.txt", 80, 24);
    // Four bytes a row (as `--width 4` asks), so that a row starts at 0x74.
    app.view.wanted_bytes_per_row = Some(4);
    app.send(Message::NextFinding);
    let terminal = draw(&app, true);
    let buffer = terminal.backend().buffer();
    // The row at 0x74 shows "e ca": "ca" begins the mojibake "cafÃ©" at 0x76.
    let y = (0..buffer.area.height)
        .find(|&y| {
            buffer[(0, y)].symbol() == "0"
                && buffer[(9, y)].symbol() == "4"
                && buffer[(8, y)].symbol() == "7"
        })
        .expect("the row at 0x74 is on screen");
    let text: Vec<_> = (0..buffer.area.width)
        .map(|x| &buffer[(x, y)])
        .filter(|cell| ["e", "c", "a"].contains(&cell.symbol()))
        .collect();
    let marked = |cell: &&ratatui::buffer::Cell| {
        cell.modifier.contains(Modifier::UNDERLINED) && cell.fg == Color::Yellow
    };
    // The last three of those cells are the text pane's "e", "c", "a".
    let [e, c, a] = text[text.len() - 3..] else {
        panic!("{text:?}")
    };
    assert!(!marked(&e), "{e:?}");
    assert!(marked(&c), "{c:?}");
    assert!(marked(&a), "{a:?}");
}

#[test]
fn the_findings_list_draws_at_any_size() {
    for (width, height) in [(1, 1), (2, 2), (5, 3), (20, 4), (40, 7), (300, 100)] {
        let mut app = app_on_sample("findings.txt", width, height);
        app.send(Message::ToggleFindings);
        assert!(app.findings_list().is_some());
        app.send(Message::ListEnd);
        app.send(Message::ListPages(-1));
        // Draws without panicking, and shows the title where there is room.
        let screen = screen_text(&app).join("\n");
        if width >= 40 && height >= 7 {
            assert!(screen.contains("findings: "), "{screen}");
        }
    }
}

/// A short name for a cell's style: foreground/background colours and the
/// modifiers (B bold, D dim, U underlined, R reversed).
fn style_name(cell: &ratatui::buffer::Cell) -> String {
    let colour = |c: Color| match c {
        Color::Reset => String::new(),
        other => format!("{other:?}"),
    };
    let mut mods = String::new();
    for (flag, letter) in [
        (Modifier::BOLD, 'B'),
        (Modifier::DIM, 'D'),
        (Modifier::UNDERLINED, 'U'),
        (Modifier::REVERSED, 'R'),
    ] {
        if cell.modifier.contains(flag) {
            mods.push(letter);
        }
    }
    format!("{}/{}/{mods}", colour(cell.fg), colour(cell.bg))
}

/// The coloured screen as lines of style runs: `«text»style` for each run
/// of cells drawn alike; blank runs are left out.
fn styled_screen(app: &App) -> String {
    let terminal = draw(app, true);
    let buffer = terminal.backend().buffer();
    let mut lines = Vec::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        let mut run = String::new();
        let mut style = String::new();
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            let this = style_name(cell);
            if this != style {
                if !run.trim().is_empty() || !style.starts_with("//") {
                    line.push_str(&format!("«{run}»{style} "));
                }
                run.clear();
                style = this;
            }
            run.push_str(cell.symbol());
        }
        if !run.trim().is_empty() || !style.starts_with("//") {
            line.push_str(&format!("«{run}»{style}"));
        }
        lines.push(line);
    }
    lines.join("\n")
}

#[test]
fn styles_of_the_hex_roles_bits_and_info_panel() {
    // The euro sign: lead and continuation bytes, marker and payload bits,
    // and the info panel's labels and values, with colour.
    let mut app = app_on_sample("multilingual.txt", 80, 24);
    search(&mut app, "€");
    app.send(Message::MoveBytes(1));
    insta::assert_snapshot!("styles-three-byte-80x24", styled_screen(&app));
    // An invalid span: the error style in every pane.
    let mut app = app_on_sample("invalid-kinds.txt", 80, 24);
    app.send(Message::NextInvalid);
    insta::assert_snapshot!("styles-invalid-80x24", styled_screen(&app));
}
