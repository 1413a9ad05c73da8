//! The help overlay (`?`): the key bindings and a legend of the colours,
//! scrollable when the screen is short, with the keys that close it.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::draw::theme::Theme;
use crate::model::findings::Severity;
use crate::ui::keys::BINDINGS;
use crate::ui::message::Message;

/// The open help overlay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Help {
    /// Lines scrolled down.
    pub scroll: u16,
}

/// What each colour (or, without colour, each style) means, drawn in it.
fn legend(theme: Theme) -> Vec<(&'static str, Style, &'static str)> {
    use crate::model::ByteRole;
    vec![
        ("41", theme.role(ByteRole::Ascii), "ASCII byte"),
        (
            "E2",
            theme.role(ByteRole::Lead { len: 3 }),
            "lead byte of a sequence",
        ),
        (
            "82",
            theme.role(ByteRole::Continuation { index: 1, len: 3 }),
            "continuation byte",
        ),
        ("C0 �", theme.error(), "invalid span"),
        ("1110", theme.quiet(), "marker bits (dim)"),
        (
            "0010",
            theme.payload(0),
            "payload bits, one colour per character",
        ),
        (
            "␊ ⇄ ◊",
            theme.warning(),
            "control, bidi or invisible character",
        ),
        (
            "abc",
            theme.finding_mark(Severity::Warning, Style::new()),
            "finding: warning",
        ),
        (
            "abc",
            theme.finding_mark(Severity::Info, Style::new()),
            "finding: info",
        ),
        (
            "E2 82 AC",
            theme.cursor_unit(Style::new()),
            "the unit under the cursor",
        ),
        ("6F 6B", theme.selection(Style::new()), "selection (v)"),
        ("6F 6B", theme.search_match(Style::new()), "search match"),
    ]
}

impl Help {
    /// The message for a key while the help is open.
    pub fn key(key: &KeyEvent) -> Option<Message> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if ctrl => Some(Message::Quit),
            KeyCode::Esc | KeyCode::Char('?' | 'q') => Some(Message::ToggleHelp),
            KeyCode::Down | KeyCode::Char('j' | 'J') => Some(Message::HelpScroll(1)),
            KeyCode::Up | KeyCode::Char('k' | 'K') => Some(Message::HelpScroll(-1)),
            _ => None,
        }
    }

    /// Draws the help centred in `area`.
    pub fn draw(&self, theme: Theme, frame: &mut Frame, area: Rect) {
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
        lines.push(Line::from(Span::styled("colours", theme.label())));
        for (sample, style, what) in legend(theme) {
            lines.push(Line::from(vec![
                Span::styled(sample, style),
                Span::raw(format!("{}{what}", " ".repeat(17 - sample.chars().count()))),
            ]));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(
            "press ? or Esc to close",
            theme.quiet(),
        )));
        // As wide as its widest line (none is cut), within the screen;
        // on a narrower screen lines wrap.
        let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
        let width = (widest + 2).min(area.width);
        let inner = usize::from(width.saturating_sub(2)).max(1);
        let rows: usize = lines
            .iter()
            .map(|line| line.width().div_ceil(inner).max(1))
            .sum();
        let rows = u16::try_from(rows).unwrap_or(u16::MAX);
        let height = rows.saturating_add(2).min(area.height);
        let rect = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + (area.height - height) / 2,
            width,
            height,
        );
        let hidden = rows.saturating_sub(height.saturating_sub(2));
        let scroll = self.scroll.min(hidden);
        let title = if hidden > 0 {
            " help (↑↓ scroll) "
        } else {
            " help "
        };
        frame.render_widget(Clear, rect);
        let block = Block::new().borders(Borders::ALL).title(title);
        let paragraph = Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0));
        frame.render_widget(paragraph, rect);
    }
}
