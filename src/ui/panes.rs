//! The row-aligned panes (offset, hex, bits, text, the second reading) as widgets. Each
//! paints from [`Rows`] (the visible bytes with their units, the findings
//! and highlights over them, looked up once a frame for all four) straight
//! into the buffer; every cell is terminal-safe.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::app::App;
use crate::draw::layout::{BITS_CELLS, HEX_CELLS, Layout};
use crate::draw::theme::Theme;
use crate::draw::{Cell, Highlights, Rows};
use crate::model::findings::Severity;

/// What the panes of `app` draw with `layout`.
pub fn rows_of<'a>(app: &'a App, layout: Layout, theme: Theme) -> Rows<'a> {
    let highlights = Highlights {
        cursor: app.view.cursor,
        cursor_unit: app.cursor_unit().copied(),
        matched: app.search.matched,
        selected: app.selection(),
        marks: marks(app, layout.page_bytes()),
    };
    let rows = Rows::with_highlights(
        &app.shown.window,
        app.view.top,
        app.file.len,
        layout,
        theme,
        highlights,
    );
    match &app.shown.also {
        Some(also) if layout.also.width > 0 => {
            rows.with_also(&app.shown.window, also, &app.shown.repairs)
        }
        _ => rows,
    }
}

/// The gravest finding over each byte of `[top, top + len)`.
fn marks(app: &App, len: u64) -> Vec<Option<Severity>> {
    let mut marks = vec![None; len as usize];
    for marked in &app.shown.visible_findings {
        let start = marked.start.max(app.view.top) - app.view.top;
        let end = marked
            .end
            .min(app.view.top + len)
            .saturating_sub(app.view.top);
        for mark in &mut marks[start as usize..end.max(start) as usize] {
            *mark = (*mark).max(Some(marked.severity));
        }
    }
    marks
}

/// Writes ASCII `text` from (`x`, `y`), clipped to `area`; returns the x after it.
/// Cell by cell, with no grapheme segmentation: the panes' hot path.
fn put_ascii(buffer: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) -> u16 {
    debug_assert!(text.is_ascii());
    let mut x = x;
    for byte in text.bytes() {
        if x >= area.right() {
            break;
        }
        buffer[(x, y)].set_char(char::from(byte)).set_style(style);
        x += 1;
    }
    x
}

/// Paints the offset column into `area`.
fn paint_offsets(rows: &Rows, buffer: &mut Buffer, area: Rect) {
    for (row, y) in (0..rows.layout().rows).zip(area.top()..area.bottom()) {
        let Some((label, style)) = rows.offset_look(row) else {
            break;
        };
        put_ascii(buffer, area, area.x, y, &label, style);
    }
}

/// Paints the hex pane: each byte coloured by its role.
fn paint_hex(rows: &Rows, buffer: &mut Buffer, area: Rect) {
    paint_cells(rows, buffer, area, HEX_CELLS, |cell, buffer, x, y| {
        let (digits, style) = rows.hex_look(cell);
        put_ascii(buffer, area, x, y, digits, style);
    });
}

/// Paints the bits pane: marker bits quiet, payload bits coloured per unit.
fn paint_bits(rows: &Rows, buffer: &mut Buffer, area: Rect) {
    paint_cells(rows, buffer, area, BITS_CELLS, |cell, buffer, x, y| {
        let (bits, markers, marker_style, payload_style) = rows.bits_look(cell);
        let x = put_ascii(buffer, area, x, y, &bits[..markers], marker_style);
        put_ascii(buffer, area, x, y, &bits[markers..], payload_style);
    });
}

/// Paints the text pane (or with `also` the second reading's): each
/// character at its lead byte's cell.
fn paint_text(rows: &Rows, buffer: &mut Buffer, area: Rect, also: bool) {
    for (row, y) in (0..rows.layout().rows).zip(area.top()..area.bottom()) {
        let looks = if also {
            rows.also_looks(row, usize::from(area.width))
        } else {
            rows.text_looks(row, usize::from(area.width))
        };
        for (column, text, style, width) in looks {
            let x = area.x + column as u16;
            if width == 1 {
                // One cell: set it directly, skipping grapheme segmentation.
                buffer[(x, y)].set_symbol(&text).set_style(style);
            } else {
                let room = usize::from(area.right().saturating_sub(x));
                buffer.set_stringn(x, y, text, room, style);
            }
        }
    }
}

/// Calls `paint` for every visible cell with its screen position, given
/// how many columns each byte takes in the pane.
fn paint_cells(
    rows: &Rows,
    buffer: &mut Buffer,
    area: Rect,
    cells_per_byte: u16,
    mut paint: impl FnMut(&Cell, &mut Buffer, u16, u16),
) {
    for (row, y) in (0..rows.layout().rows).zip(area.top()..area.bottom()) {
        for (column, cell) in rows.row_cells(row).iter().enumerate() {
            let x = area.x.saturating_add(column as u16 * cells_per_byte);
            if x >= area.right() {
                break;
            }
            paint(cell, buffer, x, y);
        }
    }
}

/// The offset column: each row's first offset.
pub struct OffsetPane<'a>(pub &'a Rows<'a>);

/// The hex pane: each byte coloured by its role.
pub struct HexPane<'a>(pub &'a Rows<'a>);

/// The bits pane: marker bits quiet, payload bits coloured per unit.
pub struct BitsPane<'a>(pub &'a Rows<'a>);

/// The text pane: each character at its lead byte.
pub struct TextPane<'a>(pub &'a Rows<'a>);

/// The second reading's pane: the bytes read in another encoding, with
/// what mojibake was meant to say.
pub struct AlsoPane<'a>(pub &'a Rows<'a>);

impl Widget for &OffsetPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        paint_offsets(self.0, buffer, area);
    }
}

impl Widget for &HexPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        paint_hex(self.0, buffer, area);
    }
}

impl Widget for &BitsPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        paint_bits(self.0, buffer, area);
    }
}

impl Widget for &TextPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        paint_text(self.0, buffer, area, false);
    }
}

impl Widget for &AlsoPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        paint_text(self.0, buffer, area, true);
    }
}
