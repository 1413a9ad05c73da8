//! Building inspector states for tests.

#![allow(dead_code)]

use std::sync::Arc;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use utf8scope::model::Source;
use utf8scope::ui::{App, Theme, view};

/// An inspector on `bytes` at `width` × `height`, with the scan finished.
pub fn app_on(bytes: &[u8], width: u16, height: u16) -> App {
    let mut app = App::new(
        Arc::new(Source::from_bytes("sample.txt", bytes.to_vec())),
        width,
        height,
    );
    app.scan.wait();
    app.findings.wait();
    app.refresh();
    app
}

/// An inspector on a shipped sample.
pub fn app_on_sample(name: &str, width: u16, height: u16) -> App {
    let bytes = std::fs::read(format!("assets/samples/{name}")).unwrap();
    let mut app = App::new(Arc::new(Source::from_bytes(name, bytes)), width, height);
    app.scan.wait();
    app.findings.wait();
    app.refresh();
    app
}

/// Draws `app` on a test terminal of its size and returns the terminal.
pub fn draw(app: &App, color: bool) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.width, app.height)).unwrap();
    terminal
        .draw(|frame| view(app, Theme::new(color), frame))
        .unwrap();
    terminal
}

/// The screen as plain text lines.
pub fn screen_text(app: &App) -> Vec<String> {
    let terminal = draw(app, false);
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}
