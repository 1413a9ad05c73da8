//! The four row-aligned panes (offset, hex, bits, text) as widgets. Each
//! draws from [`Rows`]: the visible bytes with their units, the findings and
//! highlights over them, looked up once a frame for all four. They paint
//! straight into the buffer, and every cell is terminal-safe.

use compact_str::CompactString;
use std::sync::LazyLock;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use super::app::App;
use super::glyph::{GlyphKind, glyph};
use super::layout::{BITS_CELLS, HEX_CELLS, Layout};
use super::theme::Theme;
use crate::model::findings::Severity;
use crate::model::{ByteRole, Unit, UnitKind, Window};

/// The filler drawn in a continuation byte's text cell.
const FILLER: &str = "·";
/// What an invalid span's first text cell shows.
const REPLACEMENT: &str = "�";

/// One visible byte and what it belongs to.
pub struct Cell<'a> {
    /// Its offset.
    pub offset: u64,
    /// The byte.
    pub byte: u8,
    unit: &'a Unit,
    unit_index: usize,
    /// The bytes of its unit.
    unit_bytes: &'a [u8],
    /// The encoding its unit is in.
    encoding: crate::model::Encoding,
}

/// The cells of the row of `per_row` bytes from `start` (fewer at the end
/// of the file, or of the range shown, `end`).
fn cells(window: &Window, start: u64, per_row: u16, end: u64) -> Vec<Cell<'_>> {
    let mut unit_index = window.unit_index_at(start).unwrap_or(0);
    (start..(start + u64::from(per_row)).min(end))
        .map_while(|offset| {
            // Units are in order: step to the next one instead of searching.
            while window.units().get(unit_index)?.end() <= offset {
                unit_index += 1;
            }
            let unit = &window.units()[unit_index];
            Some(Cell {
                offset,
                byte: window.byte(offset)?,
                unit,
                unit_index,
                unit_bytes: window.bytes_of(unit),
                encoding: window.encoding(),
            })
        })
        .collect()
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

/// "00" to "FF", so drawing a byte allocates nothing.
static HEX: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..=255u8).map(|b| format!("{b:02X}")).collect());
/// "00000000" to "11111111".
static BITS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..=255u8).map(|b| format!("{b:08b}")).collect());

/// Everything the panes need for one frame.
pub struct Rows<'a> {
    /// First byte on screen.
    top: u64,
    /// The cursor (none in a static dump).
    cursor: Option<u64>,
    /// The file's length.
    file_len: u64,
    /// The last search match (offset, length).
    matched: Option<(u64, u64)>,
    /// The selection `[start, end)`.
    selected: Option<(u64, u64)>,
    layout: Layout,
    theme: Theme,
    cursor_unit: Option<Unit>,
    /// The visible cells, row by row, looked up once for all panes.
    rows: Vec<Vec<Cell<'a>>>,
    /// For each visible byte, the gravest finding covering it.
    marks: Vec<Option<Severity>>,
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

impl<'a> Rows<'a> {
    /// What the panes of `app` draw with `layout`.
    pub fn new(app: &'a App, layout: Layout, theme: Theme) -> Rows<'a> {
        let mut rows = Rows {
            top: app.view.top,
            cursor: Some(app.view.cursor),
            file_len: app.file.len,
            matched: app.search.matched,
            selected: app.selection(),
            layout,
            theme,
            cursor_unit: app.cursor_unit().copied(),
            rows: Vec::new(),
            marks: marks(app, layout.page_bytes()),
        };
        rows.rows = (0..layout.rows)
            .map(|row| {
                let start = rows.row_start(row);
                cells(&app.shown.window, start, layout.bytes_per_row, u64::MAX)
            })
            .collect();
        rows
    }

    /// What the panes draw of `window` from `top`, with no cursor, search
    /// or findings: the rows of `utf8scope dump`, exactly as the inspector
    /// draws them.
    pub fn of_window(
        window: &'a Window,
        top: u64,
        file_len: u64,
        layout: Layout,
        theme: Theme,
    ) -> Rows<'a> {
        let mut rows = Rows {
            top,
            cursor: None,
            file_len,
            matched: None,
            selected: None,
            layout,
            theme,
            cursor_unit: None,
            rows: Vec::new(),
            marks: Vec::new(),
        };
        rows.rows = (0..layout.rows)
            .map(|row| cells(window, rows.row_start(row), layout.bytes_per_row, file_len))
            .collect();
        rows
    }

    fn row_start(&self, row: u16) -> u64 {
        self.top + u64::from(row) * u64::from(self.layout.bytes_per_row)
    }

    /// Adds the cursor and search-match highlights to a cell's style.
    fn highlight(&self, cell: &Cell, style: Style) -> Style {
        if Some(cell.offset) == self.cursor {
            self.theme.cursor_byte(style)
        } else if self.cursor_unit.is_some_and(|u| u.contains(cell.offset)) {
            self.theme.cursor_unit(style)
        } else if self
            .selected
            .is_some_and(|(start, end)| (start..end).contains(&cell.offset))
        {
            self.theme.selection(style)
        } else if self
            .matched
            .is_some_and(|(start, len)| (start..start + len).contains(&cell.offset))
        {
            self.theme.search_match(style)
        } else {
            style
        }
    }

    /// The offset label of row `row` and its style; `None` past the end.
    pub fn offset_look(&self, row: u16) -> Option<(String, Style)> {
        let digits = usize::from(self.layout.offset.width.saturating_sub(2)).max(1);
        let per_row = u64::from(self.layout.bytes_per_row);
        let start = self.row_start(row);
        if row > 0 && start >= self.file_len {
            return None;
        }
        let style = if self
            .cursor
            .is_some_and(|cursor| (start..start + per_row).contains(&cursor))
        {
            self.theme.label()
        } else {
            self.theme.quiet()
        };
        Some((format!("0x{start:0digits$x}"), style))
    }

    /// Paints the offset column into `area`.
    fn paint_offsets(&self, buffer: &mut Buffer, area: Rect) {
        for (row, y) in (0..self.layout.rows).zip(area.top()..area.bottom()) {
            let Some((label, style)) = self.offset_look(row) else {
                break;
            };
            put_ascii(buffer, area, area.x, y, &label, style);
        }
    }

    /// A byte's hex cell: its two digits and their style.
    pub fn hex_look(&self, cell: &Cell) -> (&'static str, Style) {
        let role = cell.unit.role_of(cell.offset);
        (
            HEX[usize::from(cell.byte)].as_str(),
            self.highlight(cell, self.theme.role(role)),
        )
    }

    /// A byte's bits cell: its eight bits, how many lead them as markers,
    /// and the styles of the markers and of the payload (an invalid span's
    /// bits are all in the error style).
    pub fn bits_look(&self, cell: &Cell) -> (&'static str, usize, Style, Style) {
        let bits = BITS[usize::from(cell.byte)].as_str();
        match cell.unit.role_of(cell.offset) {
            ByteRole::Invalid => {
                let style = self.highlight(cell, self.theme.error());
                (bits, 0, style, style)
            }
            _ => {
                let index = (cell.offset - cell.unit.offset) as usize;
                let markers = cell.encoding.codec().marker_bits(cell.unit_bytes, index);
                let marker_style = self.highlight(cell, self.theme.quiet());
                let payload_style = self.highlight(cell, self.theme.payload(cell.unit_index));
                (bits, markers, marker_style, payload_style)
            }
        }
    }

    /// Paints the hex pane: each byte coloured by its role.
    fn paint_hex(&self, buffer: &mut Buffer, area: Rect) {
        self.paint_cells(buffer, area, HEX_CELLS, |cell, buffer, x, y| {
            let (digits, style) = self.hex_look(cell);
            put_ascii(buffer, area, x, y, digits, style);
        });
    }

    /// Paints the bits pane: marker bits quiet, payload bits coloured per unit.
    fn paint_bits(&self, buffer: &mut Buffer, area: Rect) {
        self.paint_cells(buffer, area, BITS_CELLS, |cell, buffer, x, y| {
            let (bits, markers, marker_style, payload_style) = self.bits_look(cell);
            let x = put_ascii(buffer, area, x, y, &bits[..markers], marker_style);
            put_ascii(buffer, area, x, y, &bits[markers..], payload_style);
        });
    }

    /// The text cells of row `row`: for each drawn cell its byte's
    /// position in the row, the text, its style and how many cells it
    /// covers (a wide glyph covers the next byte's cell, which is then not
    /// drawn). `cells` is the pane's width.
    pub fn text_looks(&self, row: u16, cells: usize) -> Vec<(usize, CompactString, Style, usize)> {
        let mut looks = Vec::new();
        let mut skip = 0;
        for (column, cell) in self.rows[usize::from(row)].iter().enumerate() {
            if skip > 0 {
                // A wide glyph drawn in the previous cell covers this one.
                skip -= 1;
                continue;
            }
            if column >= cells {
                break;
            }
            // The cells left in this row of the pane, which may hold one
            // more than the row's bytes: a wide character that starts in
            // the last column still gets its two cells.
            let (text, style, width) = self.text_cell(cell, cells - column);
            skip = width.saturating_sub(1);
            let mark = self.marks.get((cell.offset - self.top) as usize);
            let style = match mark.copied().flatten() {
                Some(severity) => self.theme.finding_mark(severity, style),
                None => style,
            };
            looks.push((column, text, self.highlight(cell, style), width));
        }
        looks
    }

    /// Paints the text pane: each character at its lead byte's cell.
    fn paint_text(&self, buffer: &mut Buffer, area: Rect) {
        for (row, y) in (0..self.layout.rows).zip(area.top()..area.bottom()) {
            for (column, text, style, width) in self.text_looks(row, usize::from(area.width)) {
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

    /// The visible cells of row `row`.
    pub fn row_cells(&self, row: u16) -> &[Cell<'a>] {
        self.rows.get(usize::from(row)).map_or(&[], Vec::as_slice)
    }

    /// Calls `paint` for every visible cell with its screen position, given
    /// how many columns each byte takes in the pane.
    fn paint_cells(
        &self,
        buffer: &mut Buffer,
        area: Rect,
        cells_per_byte: u16,
        mut paint: impl FnMut(&Cell, &mut Buffer, u16, u16),
    ) {
        for (cells, y) in self.rows.iter().zip(area.top()..area.bottom()) {
            for (column, cell) in cells.iter().enumerate() {
                let x = area.x.saturating_add(column as u16 * cells_per_byte);
                if x >= area.right() {
                    break;
                }
                paint(cell, buffer, x, y);
            }
        }
    }

    /// What one text cell shows, its style and how many cells it covers.
    fn text_cell(&self, cell: &Cell, cells_left: usize) -> (CompactString, Style, usize) {
        let unit = cell.unit;
        if cell.offset != unit.offset {
            let style = if unit.invalid_kind().is_some() {
                self.theme.error()
            } else {
                self.theme.quiet()
            };
            return (CompactString::const_new(FILLER), style, 1);
        }
        match unit.kind {
            UnitKind::Invalid(_) => (CompactString::const_new(REPLACEMENT), self.theme.error(), 1),
            // An escape sequence stands for no char: its ESC shows as ␛.
            UnitKind::Shift => (CompactString::const_new("\u{241B}"), self.theme.quiet(), 1),
            // Printable ASCII is itself: no glyph to look up (most of any text).
            UnitKind::Char(c) if c.is_ascii_graphic() || c == ' ' => (
                CompactString::from(&*c.encode_utf8(&mut [0; 1])),
                Style::new(),
                1,
            ),
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
                    return (CompactString::const_new("…"), self.theme.quiet(), 1);
                }
                (shown.text, style, shown.width)
            }
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

impl Widget for &OffsetPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        self.0.paint_offsets(buffer, area);
    }
}

impl Widget for &HexPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        self.0.paint_hex(buffer, area);
    }
}

impl Widget for &BitsPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        self.0.paint_bits(buffer, area);
    }
}

impl Widget for &TextPane<'_> {
    fn render(self, area: Rect, buffer: &mut Buffer) {
        self.0.paint_text(buffer, area);
    }
}
