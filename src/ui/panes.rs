//! The four row-aligned panes: offset, hex, bits and text. Each turns the
//! visible window into one line per row; every cell is terminal-safe.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::app::App;
use super::describe::marker_len;
use super::glyph::{GlyphKind, glyph};
use super::layout::Layout;
use super::theme::Theme;
use crate::model::{ByteRole, Unit, UnitKind};

/// The filler drawn in a continuation byte's text cell.
const FILLER: &str = "·";
/// What an invalid span's first text cell shows.
const REPLACEMENT: &str = "�";

/// One visible byte and what it belongs to.
struct Cell<'a> {
    offset: u64,
    byte: u8,
    unit: &'a Unit,
    unit_index: usize,
}

/// Everything the panes need for one frame.
pub struct Panes<'a> {
    app: &'a App,
    layout: Layout,
    theme: Theme,
    cursor_unit: Option<Unit>,
}

impl<'a> Panes<'a> {
    /// Prepares the panes of `app` for `layout`.
    pub fn new(app: &'a App, layout: Layout, theme: Theme) -> Panes<'a> {
        Panes {
            app,
            layout,
            theme,
            cursor_unit: app.cursor_unit().copied(),
        }
    }

    fn row_start(&self, row: u16) -> u64 {
        self.app.top + u64::from(row) * u64::from(self.layout.bytes_per_row)
    }

    /// The cells of one row (fewer at the end of the file).
    fn cells(&self, row: u16) -> Vec<Cell<'a>> {
        let start = self.row_start(row);
        let window = &self.app.window;
        (start..start + u64::from(self.layout.bytes_per_row))
            .map_while(|offset| {
                let unit_index = window.unit_index_at(offset)?;
                Some(Cell {
                    offset,
                    byte: window.byte(offset)?,
                    unit: &window.units()[unit_index],
                    unit_index,
                })
            })
            .collect()
    }

    /// Adds the cursor highlights to a cell's style.
    fn highlight(&self, cell: &Cell, style: Style) -> Style {
        if cell.offset == self.app.cursor {
            self.theme.cursor_byte(style)
        } else if self.cursor_unit.is_some_and(|u| u.contains(cell.offset)) {
            self.theme.cursor_unit(style)
        } else {
            style
        }
    }

    /// The offset column.
    pub fn offset_lines(&self) -> Vec<Line<'static>> {
        let digits = usize::from(self.layout.offset.width.saturating_sub(2)).max(1);
        (0..self.layout.rows)
            .take_while(|&row| row == 0 || self.row_start(row) < self.app.source.len())
            .map(|row| {
                let start = self.row_start(row);
                let style = if (start..start + u64::from(self.layout.bytes_per_row))
                    .contains(&self.app.cursor)
                {
                    self.theme.label()
                } else {
                    self.theme.quiet()
                };
                Line::from(Span::styled(format!("0x{start:0digits$x}"), style))
            })
            .collect()
    }

    /// The hex pane: each byte coloured by its role.
    pub fn hex_lines(&self) -> Vec<Line<'static>> {
        self.rows(|cell, spans| {
            let role = cell.unit.role_of(cell.offset);
            let style = self.highlight(cell, self.theme.role(role));
            spans.push(Span::styled(format!("{:02X}", cell.byte), style));
            spans.push(Span::raw(" "));
        })
    }

    /// The bits pane: marker bits quiet, payload bits coloured per unit.
    pub fn bits_lines(&self) -> Vec<Line<'static>> {
        self.rows(|cell, spans| {
            let bits = format!("{:08b}", cell.byte);
            match cell.unit.role_of(cell.offset) {
                ByteRole::Invalid => {
                    spans.push(Span::styled(bits, self.highlight(cell, self.theme.error())));
                }
                role => {
                    let markers =
                        marker_len(cell.byte, !matches!(role, ByteRole::Continuation { .. }));
                    let marker_style = self.highlight(cell, self.theme.quiet());
                    let payload_style = self.highlight(cell, self.theme.payload(cell.unit_index));
                    spans.push(Span::styled(bits[..markers].to_string(), marker_style));
                    spans.push(Span::styled(bits[markers..].to_string(), payload_style));
                }
            }
            spans.push(Span::raw(" "));
        })
    }

    /// The text pane: each character at its lead byte's cell.
    pub fn text_lines(&self) -> Vec<Line<'static>> {
        let per_row = u64::from(self.layout.bytes_per_row);
        (0..self.layout.rows)
            .map(|row| {
                let cells = self.cells(row);
                let mut spans = Vec::with_capacity(cells.len());
                let mut skip = 0;
                for cell in &cells {
                    if skip > 0 {
                        // A wide glyph drawn in the previous cell covers this one.
                        skip -= 1;
                        continue;
                    }
                    let column = cell.offset % per_row;
                    let cells_left = (per_row - column) as usize;
                    let (text, style, width) = self.text_cell(cell, cells_left);
                    skip = width.saturating_sub(1);
                    spans.push(Span::styled(text, self.highlight(cell, style)));
                }
                Line::from(spans)
            })
            .collect()
    }

    /// What one text cell shows, its style and how many cells it covers.
    fn text_cell(&self, cell: &Cell, cells_left: usize) -> (String, Style, usize) {
        let unit = cell.unit;
        if cell.offset != unit.offset {
            let style = if unit.invalid_kind().is_some() {
                self.theme.error()
            } else {
                self.theme.quiet()
            };
            return (FILLER.to_string(), style, 1);
        }
        match unit.kind {
            UnitKind::Invalid(_) => (REPLACEMENT.to_string(), self.theme.error(), 1),
            UnitKind::Char(c) => {
                let shown = glyph(c);
                let style = match shown.kind {
                    GlyphKind::Plain | GlyphKind::Combining => Style::new(),
                    GlyphKind::Warning => self.theme.warning(),
                    GlyphKind::Unassigned => self.theme.quiet(),
                };
                // A wide glyph needs the next cell of this row and of this unit.
                let room = cells_left.min(usize::from(unit.len));
                if shown.width > room {
                    return ("…".to_string(), self.theme.quiet(), 1);
                }
                (shown.text, style, shown.width)
            }
        }
    }

    /// Builds one line per row from a function that draws one cell.
    fn rows(&self, mut draw: impl FnMut(&Cell, &mut Vec<Span<'static>>)) -> Vec<Line<'static>> {
        (0..self.layout.rows)
            .map(|row| {
                let mut spans = Vec::new();
                for cell in self.cells(row) {
                    draw(&cell, &mut spans);
                }
                Line::from(spans)
            })
            .collect()
    }
}
