//! `view`: draws the state into a frame. Reads `App`, never the disk.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::app::App;
use super::describe::describe;
use super::keys::BINDINGS;
use super::message::PromptKind;
use super::panes::Panes;
use super::theme::Theme;
use crate::display::{escape_for_terminal, thousands};
use crate::model::ScanState;

/// Draws `app` into `frame` with `theme`.
pub fn view(app: &App, theme: Theme, frame: &mut Frame) {
    let area = frame.area();
    let layout = app.layout();
    let clip = |rect: Rect| rect.intersection(area);
    let panes = Panes::new(app, layout, theme);
    let buffer = frame.buffer_mut();
    panes.paint_offsets(buffer, clip(layout.offset));
    panes.paint_hex(buffer, clip(layout.hex));
    if layout.bits.width > 0 {
        panes.paint_bits(buffer, clip(layout.bits));
    }
    panes.paint_text(buffer, clip(layout.text));
    if layout.info.width > 0 {
        draw_info(app, theme, frame, clip(layout.info));
    }
    draw_status(app, theme, frame, clip(layout.status));
    if app.show_help {
        draw_help(theme, frame, area);
    }
}

fn draw_info(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    const LABEL_WIDTH: usize = 9;
    let value_width = usize::from(area.width.saturating_sub(2)).saturating_sub(LABEL_WIDTH);
    // Never break "UTF-8" or "D800-DFFF" at their hyphens.
    let wrapping = textwrap::Options::new(value_width.max(8))
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut lines: Vec<Line> = Vec::new();
    if app.source.is_empty() {
        lines.push(Line::from("The file is empty."));
    } else {
        for row in describe(&app.window, app.cursor) {
            let value_style = if row.error {
                theme.error()
            } else {
                Style::new()
            };
            // Wrap long values under the value column, not under the label.
            for (i, piece) in textwrap::wrap(&row.value, &wrapping)
                .into_iter()
                .enumerate()
            {
                let label = if i == 0 { row.label } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{label:<LABEL_WIDTH$}"), theme.label()),
                    Span::styled(piece.into_owned(), value_style),
                ]));
            }
        }
    }
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.quiet())
        .title(" info ");
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The status bar's text: file, size, cursor, line, position, scan, message;
/// the file name is shortened to fit `width` cells.
pub fn status_text(app: &App, width: u16) -> String {
    let len = app.source.len();
    let digits = usize::from(super::layout::offset_width(len) - 2);
    let line = app
        .cursor_line
        .map_or("line …".to_string(), |l| format!("line {}", thousands(l)));
    let percent = if len <= 1 {
        100.0
    } else {
        app.cursor as f64 * 100.0 / (len - 1) as f64
    };
    let scan = match &app.scan_status.state {
        ScanState::Running => format!("scanning {:.0}%", app.scan_status.progress * 100.0),
        ScanState::Complete if app.scan_status.invalid == 0 => "valid UTF-8".to_string(),
        ScanState::Complete => match app.scan_status.invalid {
            1 => "1 invalid span".to_string(),
            n => format!("{} invalid spans", thousands(n)),
        },
        ScanState::Cancelled => "scan stopped".to_string(),
        ScanState::Failed(reason) => format!("scan failed: {reason}"),
    };
    let offset = format!("0x{:0digits$x}", app.cursor);
    let mut parts = vec![
        format!("{} bytes", thousands(len)),
        offset,
        line,
        format!("{percent:.0}%"),
        scan,
    ];
    if let Some(message) = &app.message {
        parts.push(message.clone());
    }
    // When it does not fit, the size goes first, then the position in
    // percent, then the line: the offset, verdict and message stay.
    let name = escape_for_terminal(app.source.name()).into_owned();
    let width = usize::from(width);
    let mut rest = String::new();
    for drop in [None, Some(0), Some(3), Some(2)] {
        if let Some(index) = drop {
            parts[index].clear();
        }
        let kept: Vec<&str> = parts
            .iter()
            .map(String::as_str)
            .filter(|p| !p.is_empty())
            .collect();
        rest = escape_for_terminal(&format!(" │ {}", kept.join(" │ "))).into_owned();
        if rest.chars().count() + 13 <= width {
            break;
        }
    }
    let room = width.saturating_sub(rest.chars().count() + 1);
    if room < 12 && app.message.is_some() {
        // A message matters more than the name the user just typed.
        return format!(" {}", rest.trim_start_matches(" │ "));
    }
    format!(" {}{rest}", shorten_left(&name, room.max(12)))
}

/// Keeps the end of `text` (a file name's most telling part) within `room` chars.
fn shorten_left(text: &str, room: usize) -> String {
    let len = text.chars().count();
    if len <= room {
        return text.to_string();
    }
    let kept: String = text.chars().skip(len - room + 1).collect();
    format!("…{kept}")
}

fn draw_status(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let text = match &app.prompt {
        Some(prompt) => {
            let sign = match prompt.kind {
                PromptKind::Goto => "go to (42, 0x2a, +16, -16, 50%): ",
                PromptKind::Search => "search (text, or x e2 82 ac): /",
            };
            let typed = escape_for_terminal(&prompt.input).into_owned();
            format!(" {sign}{typed}▏")
        }
        None => status_text(app, area.width),
    };
    frame.render_widget(Paragraph::new(text).style(theme.status()), area);
}

fn draw_help(theme: Theme, frame: &mut Frame, area: Rect) {
    let mut lines = vec![
        Line::from(Span::styled("utf8scope keys", theme.label())),
        Line::from(""),
    ];
    for (keys, what) in BINDINGS {
        lines.push(Line::from(vec![
            Span::styled(format!("{keys:<17}"), theme.label()),
            Span::raw(*what),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "press ? or Esc to close",
        theme.quiet(),
    )));
    let width = 64.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    let block = Block::new().borders(Borders::ALL).title(" help ");
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
