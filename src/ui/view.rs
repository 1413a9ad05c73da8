//! `view`: draws the state into a frame. Reads `App`, never the disk.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::app::{App, FindingsStatus};
use super::describe::{
    InfoRow, Tone, describe, describe_findings, describe_readings, describe_selection,
};
use super::overlays::Mode;
use super::panes::{AlsoPane, BitsPane, HexPane, OffsetPane, TextPane, rows_of};
use crate::display::{escape_for_terminal, human_size, thousands};
use crate::draw::theme::Theme;
use crate::model::explain::narrate;
use crate::model::{LoadState, ScanState, Window};

/// Draws `app` into `frame` with `theme`.
pub fn view(app: &App, theme: Theme, frame: &mut Frame) {
    let area = frame.area();
    let layout = app.layout();
    let clip = |rect: Rect| rect.intersection(area);
    let rows = rows_of(app, layout, theme);
    frame.render_widget(&OffsetPane(&rows), clip(layout.offset));
    frame.render_widget(&HexPane(&rows), clip(layout.hex));
    if layout.bits.width > 0 {
        frame.render_widget(&BitsPane(&rows), clip(layout.bits));
    }
    frame.render_widget(&TextPane(&rows), clip(layout.text));
    if layout.also.width > 0 {
        frame.render_widget(&AlsoPane(&rows), clip(layout.also));
        draw_titles(app, theme, frame, clip(layout.titles));
    }
    if layout.info.width > 0 {
        draw_info(app, theme, frame, clip(layout.info));
    }
    draw_status(app, theme, frame, clip(layout.status));
    match &app.mode {
        Mode::FindingsList(list) => {
            let digits = usize::from(crate::draw::layout::offset_width(app.file.len) - 2);
            list.draw(&app.progress.findings, digits, theme, frame, area);
        }
        Mode::Help(help) => help.draw(theme, frame, area),
        Mode::Encodings(list) => list.draw(theme, frame, area),
        Mode::Normal | Mode::Prompt(_) => {}
    }
}

/// The row above the panes that says which reading each text pane shows
/// (drawn with the second reading): each name over its pane; where a name
/// does not fit over its pane, both names together, ending
/// at the screen's edge (`UTF-8 │ windows-1251 (r R)`).
fn draw_titles(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    let layout = app.layout();
    let primary = app.encoding.name();
    let also = format!(
        "{}{} (r R)",
        app.view.also.map_or("", |e| e.name()),
        if app.shown.repairs.is_empty() {
            ""
        } else {
            " + repairs"
        }
    );
    let mut put = |x: u16, room: u16, title: &str| {
        let line = Line::from(Span::styled(
            cut_to(title, usize::from(room)),
            theme.label(),
        ));
        frame.render_widget(
            Paragraph::new(line),
            Rect::new(x, area.y, room, 1).intersection(area),
        );
    };
    // Where the titles on the left end: the names may take the rest.
    let mut left_end = 0;
    for (pane, title) in [(layout.hex, "hex"), (layout.bits, "bits")] {
        if pane.width > 0 {
            put(pane.x, pane.width, title);
            left_end = pane.x + title.len() as u16 + 1;
        }
    }
    let fits = primary.len() as u16 <= layout.text.width
        && layout.also.x + also.len() as u16 <= area.right();
    if fits {
        put(layout.text.x, layout.text.width, primary);
        put(layout.also.x, area.right() - layout.also.x, &also);
    } else {
        let both = format!("{primary} │ {also}");
        let width = both.chars().count() as u16;
        let x = area
            .right()
            .saturating_sub(width)
            .max(left_end.min(area.right()));
        put(x, area.right() - x, &both);
    }
}

/// `text` cut to `room` cells, with `…` where it was cut (its chars are
/// one cell each: ASCII names and `│`).
fn cut_to(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    if room > 0 {
        cut.push('…');
    }
    cut
}

/// Why the file's encoding was detected as it was: the winner's facts,
/// then the first candidates ruled out (the panel has room for a few).
fn detection_reasons(app: &App) -> Vec<InfoRow> {
    app.encoding_reasons
        .iter()
        .take(4)
        .enumerate()
        .map(|(i, reason)| InfoRow {
            label: if i == 0 { "Detected" } else { "" },
            value: reason.clone(),
            tone: Tone::Plain,
        })
        .collect()
}

/// With the second reading: both readings of the finding under the cursor
/// (or of its unit).
fn both_readings(app: &App) -> Vec<InfoRow> {
    let Some(also) = &app.shown.also else {
        return Vec::new();
    };
    let range = match app.shown.cursor_findings.first() {
        Some(finding) => (finding.offset, finding.offset + finding.len.max(1)),
        None => match app.cursor_unit() {
            Some(unit) => (unit.offset, unit.end()),
            None => return Vec::new(),
        },
    };
    describe_readings(&app.shown.window, also, range)
}

fn draw_info(app: &App, theme: Theme, frame: &mut Frame, area: Rect) {
    const LABEL_WIDTH: usize = 9;
    let value_width = usize::from(area.width.saturating_sub(2)).saturating_sub(LABEL_WIDTH);
    // Never break "UTF-8" or "D800-DFFF" at their hyphens.
    let wrapping = textwrap::Options::new(value_width.max(8))
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut lines: Vec<Line> = Vec::new();
    if app.file.len == 0 {
        lines.push(Line::from("The file is empty."));
    } else if app.view.show_decoder {
        for step in decoder_steps(&app.shown.window, app.view.cursor) {
            let style = if step.starts_with('→') {
                theme.label()
            } else {
                Style::new()
            };
            for piece in textwrap::wrap(&step, &wrapping) {
                lines.push(Line::from(Span::styled(piece.into_owned(), style)));
            }
        }
    } else {
        // The selection, then findings: what the user is looking at.
        let selection = app.shown.selection.as_ref().map(describe_selection);
        let rows = selection
            .into_iter()
            .flatten()
            .chain(describe_findings(&app.shown.cursor_findings))
            .chain(describe(
                &app.shown.window,
                app.view.cursor,
                app.shown.legacy_reading.as_ref(),
            ))
            .chain(both_readings(app))
            .chain(detection_reasons(app));
        for row in rows {
            let value_style = match row.tone {
                Tone::Plain => Style::new(),
                Tone::Error => theme.error(),
                Tone::Warning => theme.notice(),
            };
            // Wrap long values under the value column, not under the label;
            // a bit breakdown only between its byte groups.
            let pieces = if row.label == "Bits" {
                wrap_groups(&row.value, &wrapping)
            } else {
                textwrap::wrap(&row.value, &wrapping)
                    .into_iter()
                    .map(|piece| piece.into_owned())
                    .collect()
            };
            // The bit line in the bits pane's colours: markers quiet, the
            // payload in the colour the pane gives this character.
            let payload = app
                .shown
                .window
                .unit_index_at(app.view.cursor)
                .map_or(Style::new(), |index| theme.payload(index));
            for (i, piece) in pieces.into_iter().enumerate() {
                let label = if i == 0 { row.label } else { "" };
                let mut spans = vec![Span::styled(
                    format!("{label:<LABEL_WIDTH$}"),
                    theme.label(),
                )];
                if row.label == "Bits" {
                    spans.extend(bit_spans(&piece, theme.quiet(), payload));
                } else {
                    spans.push(Span::styled(piece, value_style));
                }
                lines.push(Line::from(spans));
            }
        }
    }
    // Scrolled with J and K (or the wheel), never past its last line.
    let visible = usize::from(area.height.saturating_sub(2));
    let hidden = lines.len().saturating_sub(visible);
    let scroll = usize::from(app.view.info_scroll).min(hidden);
    let name = if app.view.show_decoder {
        "decoder (s)"
    } else {
        "info"
    };
    let title = match (scroll > 0, scroll < hidden) {
        (false, false) => format!(" {name} "),
        (true, false) => format!(" {name} ↑ (K) "),
        (false, true) => format!(" {name} ↓ (J) "),
        (true, true) => format!(" {name} ↑↓ (J K) "),
    };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.quiet())
        .title(title);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .scroll((scroll as u16, 0)),
        area,
    );
}

/// A line of a bit breakdown (`1110 0010 | 10 000010`) as spans: each
/// group's marker bits in `markers`, its payload bits in `payload`.
fn bit_spans(line: &str, markers: Style, payload: Style) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, group) in line.split(" | ").enumerate() {
        if i > 0 {
            spans.push(Span::raw(" | "));
        }
        match group.split_once(' ') {
            Some((marker_bits, payload_bits)) => {
                spans.push(Span::styled(marker_bits.to_string(), markers));
                spans.push(Span::raw(" "));
                spans.push(Span::styled(payload_bits.to_string(), payload));
            }
            None => spans.push(Span::raw(group.to_string())),
        }
    }
    spans
}

/// The decoder's reasoning over the unit under the cursor, from its first
/// byte up to the cursor's (so stepping byte by byte steps through it), and
/// the outcome once the cursor is on the unit's last byte.
pub fn decoder_steps(window: &Window, cursor: u64) -> Vec<String> {
    let Some(unit) = window.unit_at(cursor) else {
        return vec!["end of file".to_string()];
    };
    let mut bytes = window.bytes_of(unit).to_vec();
    // The decoder looks at the byte after a span to end it.
    bytes.extend((0..3).map_while(|i| window.byte(unit.end() + i)));
    let steps = narrate(&bytes);
    let through = (cursor - unit.offset) as usize + 1;
    let at_last_byte = cursor + 1 == unit.end();
    let mut shown: Vec<String> = vec![format!(
        "unit at {:#x}, {} byte{}; byte {through} of {}:",
        unit.offset,
        unit.len,
        if unit.len == 1 { "" } else { "s" },
        unit.len
    )];
    let byte_steps = steps
        .iter()
        .take_while(|s| !s.starts_with('→') && !s.starts_with("  "))
        .count();
    shown.extend(steps.iter().take(through.min(byte_steps)).cloned());
    if at_last_byte {
        shown.extend(steps.iter().skip(through.min(byte_steps)).cloned());
    } else {
        shown.push("(l or → for the next byte)".to_string());
    }
    shown
}

/// Wraps a bit breakdown (`1110 0010 | 10 000010 | 10 101100`) between its
/// byte groups, never inside one (a group wider than a line is wrapped as
/// text).
fn wrap_groups(value: &str, wrapping: &textwrap::Options) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for group in value.split(" | ") {
        let joined = if current.is_empty() {
            group.to_string()
        } else {
            format!("{current} | {group}")
        };
        if joined.chars().count() <= wrapping.width || current.is_empty() {
            current = joined;
        } else {
            lines.push(format!("{current} |"));
            current = group.to_string();
        }
    }
    lines.push(current);
    lines
        .into_iter()
        .flat_map(|line| {
            textwrap::wrap(&line, wrapping)
                .into_iter()
                .map(|piece| piece.into_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The status bar's text: file, size, cursor, line, position, scan, message;
/// the file name is shortened to fit `width` cells.
pub fn status_text(app: &App, width: u16) -> String {
    let len = app.file.len;
    let digits = usize::from(crate::draw::layout::offset_width(len) - 2);
    let line = app
        .shown
        .cursor_position
        .map_or("line …".to_string(), |(line, column)| {
            format!("line {}:{}", thousands(line), thousands(column))
        });
    let percent = if len <= 1 {
        100.0
    } else {
        app.view.cursor as f64 * 100.0 / (len - 1) as f64
    };
    let span = app.shown.cursor_span.map(|n| {
        let total = app.progress.scan.invalid;
        match app.progress.scan.state {
            ScanState::Complete => format!("span {} of {}", thousands(n), thousands(total)),
            _ => format!("span {} of {} so far", thousands(n), thousands(total)),
        }
    });
    let scan = match &app.progress.scan.state {
        _ if app.is_loading() => format!("reading… {}", human_size(len)),
        ScanState::Running => format!("scanning {:.0}%", app.progress.scan.progress * 100.0),
        ScanState::Complete if app.progress.scan.invalid == 0 => {
            format!("valid {}", app.encoding)
        }
        ScanState::Complete => match app.progress.scan.invalid {
            1 => "1 invalid span".to_string(),
            n => format!("{} invalid spans", thousands(n)),
        },
        ScanState::Cancelled => "scan stopped".to_string(),
        ScanState::Failed(reason) => format!("scan failed: {reason}"),
    };
    let offset = format!("0x{:0digits$x}", app.view.cursor);
    let mut parts = vec![
        format!("{} byte{}", thousands(len), if len == 1 { "" } else { "s" }),
        offset,
        line,
        format!("{percent:.0}%"),
        // On a span, which one of how many; else the scan's verdict.
        span.unwrap_or(scan),
        findings_text(&app.progress.findings),
    ];
    if let Some(encoding) = &app.file.encoding {
        parts.push(encoding.clone());
    }
    match &app.progress.load {
        LoadState::Limit(limit) => parts.push(format!(
            "read the first {} only (--max-read)",
            human_size(*limit)
        )),
        LoadState::Failed(reason) => parts.push(format!("reading stopped: {reason}")),
        LoadState::Reading | LoadState::Done => {}
    }
    if let Some(done) = app.progress.search {
        parts.push(format!("searching {:.0}%… (Esc stops)", done * 100.0));
    }
    if let Some(message) = &app.message {
        parts.push(message.clone());
    }
    // When it does not fit, the size goes first, then the position in
    // percent, then the line, then the findings: the offset, verdict and
    // message stay.
    let name = escape_for_terminal(app.file.name.as_str()).into_owned();
    let width = usize::from(width);
    let mut rest = String::new();
    for drop in [None, Some(0), Some(3), Some(2), Some(5)] {
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

/// "3 findings", "3 findings…" while looking, "no findings".
fn findings_text(status: &FindingsStatus) -> String {
    let count = match status.total {
        0 => "no findings".to_string(),
        1 => "1 finding".to_string(),
        n => format!("{} findings", thousands(n)),
    };
    match &status.state {
        ScanState::Running => format!("{count}…"),
        ScanState::Complete => count,
        ScanState::Cancelled => format!("{count} (stopped)"),
        ScanState::Failed(reason) => format!("findings failed: {reason}"),
    }
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
    let text = match &app.mode {
        Mode::Prompt(prompt) => prompt.line(),
        _ => status_text(app, area.width),
    };
    frame.render_widget(Paragraph::new(text).style(theme.status()), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_lines_wrap_between_byte_groups_only() {
        let bits = "11110 000 | 10 011111 | 10 011000 | 10 000000";
        let options = textwrap::Options::new(24);
        let lines = wrap_groups(bits, &options);
        assert_eq!(lines, ["11110 000 | 10 011111 |", "10 011000 | 10 000000"]);
        for line in &lines {
            for group in line.trim_end_matches(" |").split(" | ") {
                assert!(bits.contains(group), "{group} is a whole group");
            }
        }
    }

    #[test]
    fn the_decoder_steps_through_a_character_byte_by_byte() {
        let window = Window::from_bytes(0, "П!".as_bytes());
        let first = decoder_steps(&window, 0);
        assert_eq!(
            first,
            [
                "unit at 0x0, 2 bytes; byte 1 of 2:",
                "D0 = 110 10000: lead of a 2-byte sequence, payload 10000",
                "(l or → for the next byte)",
            ]
        );
        let second = decoder_steps(&window, 1);
        assert_eq!(second.last().unwrap(), "→ 10000 011111 = U+041F");
        assert_eq!(second.len(), 4);
    }

    #[test]
    fn the_decoder_says_where_and_why_it_stopped() {
        let window = Window::from_bytes(0, &[0xE0, 0x80, 0xAF]);
        let steps = decoder_steps(&window, 0);
        assert_eq!(steps[2], "80 = 10000000: the decoder stops here");
        assert!(
            steps[3]
                .starts_with("→ invalid span E0 (overlong): after E0 the next byte must be A0–BF")
        );
    }
}
