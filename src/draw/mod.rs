//! What the inspector's panes and `dump` draw alike, below both: the rows
//! of byte cells and how each cell looks (hex digits, bits with their
//! marker bits apart, the character at its lead byte), the [`theme`], the
//! [`glyph`](mod@glyph) a character is shown as, and the [`layout`] of the panes.
//! Neither front end borrows the other's: the inspector paints these looks
//! into its buffer (`ui::panes`), `dump` writes them as text.

pub mod glyph;
pub mod layout;
pub mod line;
pub mod page;
pub mod theme;

use compact_str::CompactString;
use std::sync::LazyLock;

use ratatui::style::Style;

use crate::model::findings::Severity;
use crate::model::{ByteRole, Unit, UnitKind, Window};
use glyph::{GlyphKind, glyph};
use layout::Layout;
use theme::Theme;

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
pub fn cells(window: &Window, start: u64, per_row: u16, end: u64) -> Vec<Cell<'_>> {
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

/// "00" to "FF", so drawing a byte allocates nothing.
static HEX: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..=255u8).map(|b| format!("{b:02X}")).collect());
/// "00000000" to "11111111".
static BITS: LazyLock<Vec<String>> =
    LazyLock::new(|| (0..=255u8).map(|b| format!("{b:08b}")).collect());

/// A mojibake finding's repair: its bytes `[start, end)` and what they
/// were meant to say (raw text: it is drawn only as glyphs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    /// First byte.
    pub start: u64,
    /// One past the last byte.
    pub end: u64,
    /// The repaired text.
    pub text: String,
}

/// What a byte's cell in the second reading shows where a repair covers
/// it: a glyph of the repair (and how many cells it covers), or nothing
/// more (the repair's glyphs ended before its bytes).
#[derive(Debug, Clone)]
enum RepairCell {
    Glyph(CompactString, usize),
    Filler,
}

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
    /// The second reading's cells, row by row (none without it).
    also: Vec<Vec<Cell<'a>>>,
    /// For each visible byte, what a repair shows in the second reading.
    repaired: Vec<Option<RepairCell>>,
}

/// The inspector's highlights over the rows.
#[derive(Debug, Clone, Default)]
pub struct Highlights {
    /// The cursor.
    pub cursor: u64,
    /// The unit under the cursor.
    pub cursor_unit: Option<Unit>,
    /// The last search match (offset, length).
    pub matched: Option<(u64, u64)>,
    /// The selection `[start, end)`.
    pub selected: Option<(u64, u64)>,
    /// For each byte on screen, the gravest finding covering it.
    pub marks: Vec<Option<Severity>>,
}

impl<'a> Rows<'a> {
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
            also: Vec::new(),
            repaired: Vec::new(),
        };
        rows.rows = (0..layout.rows)
            .map(|row| cells(window, rows.row_start(row), layout.bytes_per_row, file_len))
            .collect();
        rows
    }

    /// What the panes draw of `window` from `top` with `highlights` (the
    /// inspector's cursor, search match, selection and findings).
    pub fn with_highlights(
        window: &'a Window,
        top: u64,
        file_len: u64,
        layout: Layout,
        theme: Theme,
        highlights: Highlights,
    ) -> Rows<'a> {
        let mut rows = Rows::of_window(window, top, u64::MAX, layout, theme);
        rows.file_len = file_len;
        rows.cursor = Some(highlights.cursor);
        rows.cursor_unit = highlights.cursor_unit;
        rows.matched = highlights.matched;
        rows.selected = highlights.selected;
        rows.marks = highlights.marks;
        rows
    }

    /// With the second reading: the same bytes as `also` reads them, and
    /// over the bytes of each of `repairs` what they were meant to say.
    /// `window` is the one the rows were drawn from: a repair's chars are
    /// put at the chars of the text they repair (an ASCII char at its own,
    /// a repaired char at the first of those it was garbled into).
    pub fn with_also(mut self, window: &Window, also: &'a Window, repairs: &[Repair]) -> Rows<'a> {
        // (Rows past the end of the file are empty.)
        let last = self.rows.iter().rev().find_map(|row| row.last());
        let end = last.map_or(self.top, |c| c.offset + 1);
        self.also = (0..self.layout.rows)
            .map(|row| cells(also, self.row_start(row), self.layout.bytes_per_row, end))
            .collect();
        self.repaired = vec![None; end.saturating_sub(self.top) as usize];
        for repair in repairs {
            self.lay_out_repair(window, repair);
        }
        self
    }

    /// Puts `repair`'s glyphs over its bytes (see [`Rows::with_also`]); a
    /// repair that starts before the units on hand is left out.
    fn lay_out_repair(&mut self, window: &Window, repair: &Repair) {
        let units: Vec<&Unit> = (window.units().iter())
            .filter(|u| u.offset < repair.end && u.end() > repair.start)
            .collect();
        if units.first().is_none_or(|u| u.offset != repair.start) {
            return;
        }
        let top = self.top;
        let mut put = |offset: u64, cell: RepairCell| {
            if let Some(slot) =
                (offset.checked_sub(top)).and_then(|i| self.repaired.get_mut(i as usize))
            {
                *slot = Some(cell);
            }
        };
        for offset in repair.start..repair.end {
            put(offset, RepairCell::Filler);
        }
        let mut next = 0;
        for c in repair.text.chars() {
            let own = c
                .is_ascii()
                .then(|| (units[next..].iter()).position(|u| u.kind == UnitKind::Char(c)));
            let index = next + own.flatten().unwrap_or(0);
            let Some(unit) = units.get(index) else {
                break;
            };
            let shown = glyph(c);
            put(
                unit.offset,
                RepairCell::Glyph(shown.text, shown.width.max(1)),
            );
            next = index + 1;
        }
    }

    /// How its rows are laid out.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The first offset of row `row`.
    pub fn row_start(&self, row: u16) -> u64 {
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

    /// The text cells of row `row`: for each drawn cell its byte's
    /// position in the row, the text, its style and how many cells it
    /// covers (a wide glyph covers the next byte's cell, which is then not
    /// drawn). `cells` is the pane's width.
    pub fn text_looks(&self, row: u16, cells: usize) -> Vec<(usize, CompactString, Style, usize)> {
        self.looks(&self.rows[usize::from(row)], cells, false)
    }

    /// The second reading's cells of row `row`, as [`Rows::text_looks`]
    /// gives the text pane's; over a repair, its glyphs.
    pub fn also_looks(&self, row: u16, cells: usize) -> Vec<(usize, CompactString, Style, usize)> {
        match self.also.get(usize::from(row)) {
            Some(row) => self.looks(row, cells, true),
            None => Vec::new(),
        }
    }

    /// The text cells of `row` (the text pane's, or the second reading's
    /// with its repairs).
    fn looks(
        &self,
        row: &[Cell],
        cells: usize,
        also: bool,
    ) -> Vec<(usize, CompactString, Style, usize)> {
        let mut looks = Vec::new();
        let mut skip = 0;
        for (column, cell) in row.iter().enumerate() {
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
            let index = (cell.offset - self.top) as usize;
            let repaired = match self.repaired.get(index) {
                Some(Some(repaired)) if also => Some(repaired),
                _ => None,
            };
            let (text, style, width) = match repaired {
                Some(RepairCell::Glyph(text, width)) if *width <= cells - column => {
                    (text.clone(), self.theme.repaired(), *width)
                }
                Some(RepairCell::Glyph(..)) => {
                    (CompactString::const_new("…"), self.theme.repaired(), 1)
                }
                Some(RepairCell::Filler) => {
                    (CompactString::const_new(FILLER), self.theme.quiet(), 1)
                }
                None => self.text_cell(cell, cells - column),
            };
            skip = width.saturating_sub(1);
            let mark = self.marks.get(index).filter(|_| !also);
            let style = match mark.copied().flatten() {
                Some(severity) => self.theme.finding_mark(severity, style),
                None => style,
            };
            looks.push((column, text, self.highlight(cell, style), width));
        }
        looks
    }

    /// The visible cells of row `row`.
    pub fn row_cells(&self, row: u16) -> &[Cell<'a>] {
        self.rows.get(usize::from(row)).map_or(&[], Vec::as_slice)
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
