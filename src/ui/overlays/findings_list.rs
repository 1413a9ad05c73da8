//! The findings list (`F`): which finding is selected, the keys that pick
//! one, and the widget that lists them (kind, offset, line:column, what).

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::display::{escape_for_terminal, quote_short, thousands};
use crate::draw::theme::Theme;
use crate::model::ScanState;
use crate::model::findings::{Finding, Severity};
use crate::ui::app::FindingsStatus;
use crate::ui::message::Message;

/// The open findings list.
#[derive(Debug, Clone, PartialEq)]
pub struct FindingsList {
    /// The number of the selected finding (from 0, in file order).
    pub selected: usize,
    /// Index of the first finding shown.
    pub top: usize,
    /// The findings shown, from `top`.
    pub rows: Vec<Finding>,
    /// Whether some are still being loaded from the file.
    pub loading: bool,
}

impl FindingsList {
    /// A list with `selected` chosen, centred in `visible` rows.
    pub fn open_at(selected: usize, visible: usize) -> FindingsList {
        FindingsList {
            selected,
            top: selected.saturating_sub(visible / 2),
            rows: Vec::new(),
            loading: false,
        }
    }

    /// The message for a key while the list is open.
    pub fn key(key: &KeyEvent) -> Option<Message> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let message = match key.code {
            KeyCode::Char('c') if ctrl => Message::Quit,
            KeyCode::Char('u') if ctrl => Message::ListPages(-1),
            KeyCode::Char('d') if ctrl => Message::ListPages(1),
            KeyCode::Esc | KeyCode::Char('q' | 'F') => Message::ToggleFindings,
            KeyCode::Up | KeyCode::Char('k') => Message::ListMove(-1),
            KeyCode::Down | KeyCode::Char('j') => Message::ListMove(1),
            KeyCode::PageUp => Message::ListPages(-1),
            KeyCode::PageDown => Message::ListPages(1),
            KeyCode::Home | KeyCode::Char('g') => Message::ListStart,
            KeyCode::End | KeyCode::Char('G') => Message::ListEnd,
            KeyCode::Enter => Message::ListJump,
            _ => return None,
        };
        Some(message)
    }

    /// The message for the mouse wheel while the list is open.
    pub fn wheel(kind: MouseEventKind) -> Option<Message> {
        match kind {
            MouseEventKind::ScrollUp => Some(Message::ListMove(-3)),
            MouseEventKind::ScrollDown => Some(Message::ListMove(3)),
            _ => None,
        }
    }

    /// Moves the selection by `delta` rows, within the `count` findings
    /// found (those past the ones kept in memory are loaded from the file).
    pub fn move_by(&mut self, delta: i64, count: usize) {
        let last = count.saturating_sub(1) as i64;
        self.selected = (self.selected as i64).saturating_add(delta).clamp(0, last) as usize;
    }

    /// Keeps the selection in the `count` findings and on screen in
    /// `visible` rows, filling the list to its last row when it can.
    pub fn follow(&mut self, count: usize, visible: usize) {
        self.selected = self.selected.min(count.saturating_sub(1));
        self.top = self.top.min(count.saturating_sub(visible));
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + visible {
            self.top = self.selected + 1 - visible;
        }
    }

    /// The findings shown (their numbers, of `count`) in `visible` rows.
    pub fn shown(&self, count: usize, visible: usize) -> std::ops::Range<usize> {
        let end = (self.top + visible).min(count);
        self.top.min(end)..end
    }

    /// The finding selected, if it is among the rows shown.
    pub fn selected_finding(&self) -> Option<&Finding> {
        self.selected
            .checked_sub(self.top)
            .and_then(|row| self.rows.get(row))
    }

    /// Draws the list over `area`: one row per finding, the selected one
    /// highlighted; `digits` is the offset column's width in hex digits.
    pub fn draw(
        &self,
        status: &FindingsStatus,
        digits: usize,
        theme: Theme,
        frame: &mut Frame,
        area: Rect,
    ) {
        let rect = Rect::new(
            area.x + 1,
            area.y + 1,
            area.width.saturating_sub(2),
            area.height.saturating_sub(3),
        );
        // Narrow screens leave the severity to the colour, to keep room for "what".
        let with_severity = rect.width >= 110;
        // Room for the longest line:column shown (lines run into the millions).
        let place_width = self
            .rows
            .iter()
            .map(|f| format!("{}:{}", f.line, f.column).len())
            .max()
            .unwrap_or(0)
            .max(9);
        let columns = |severity: &str, kind: &str, offset: &str, place: &str, what: &str| {
            let severity = if with_severity {
                format!("{severity:<8} ")
            } else {
                String::new()
            };
            format!(
                "{severity}{kind:<21} {offset:<w$}  {place:<p$} {what}",
                w = digits + 2,
                p = place_width
            )
        };
        let mut lines = vec![Line::from(Span::styled(
            columns("severity", "kind", "offset", "line:col", "what"),
            theme.label(),
        ))];
        for (i, finding) in self.rows.iter().enumerate() {
            // (Line 0: loaded from where the scan has not been yet.)
            let place = match finding.line {
                0 => "?".to_string(),
                line => format!("{line}:{}", finding.column),
            };
            // Mojibake shows what it meant; the rest, whose bytes are often
            // invisible, their explanation (which names the character).
            // Mojibake shows what it meant (from the text as decoded: its
            // bytes may be in another encoding than UTF-8); the rest, whose
            // bytes are often invisible, their explanation (which names the
            // character).
            let what = match &finding.mojibake {
                Some(mojibake) if mojibake.repair().is_some() => escape_for_terminal(&format!(
                    "\u{201c}{}\u{201d} \u{2192} \u{201c}{}\u{201d}",
                    quote_short(&mojibake.seen),
                    quote_short(mojibake.repair().unwrap_or_default())
                ))
                .into_owned()
                .into(),
                _ => finding.described(),
            };
            let mut style = match finding.severity {
                Severity::Warning => theme.notice(),
                Severity::Info => Style::new(),
            };
            if self.top + i == self.selected {
                style = theme.cursor_byte(style);
            }
            let offset = format!("0x{:0digits$x}", finding.offset);
            lines.push(Line::from(Span::styled(
                columns(
                    finding.severity.name(),
                    finding.kind.name(),
                    &offset,
                    &place,
                    what.as_ref(),
                ),
                style,
            )));
        }
        let title = format!(
            " findings: {} of {}{}{} ",
            thousands(self.selected as u64 + 1),
            thousands(status.total),
            if status.state == ScanState::Running {
                ", looking…"
            } else {
                ""
            },
            if self.loading { ", loading…" } else { "" }
        );
        let block = Block::new()
            .borders(Borders::ALL)
            .title(title)
            .title_bottom(" ↑↓ PgUp PgDn pick · Enter go · Esc close ");
        frame.render_widget(Clear, rect);
        frame.render_widget(Paragraph::new(lines).block(block), rect);
    }
}
