//! Where everything goes for a terminal size: bytes per row and the pane
//! rectangles. A pure function of the size and the toggles, shared by `view`
//! (to draw) and `update` (to page and to map mouse clicks).

use ratatui::layout::Rect;

/// Columns each byte takes in the hex pane ("E2 ").
pub const HEX_CELLS: u16 = 3;
/// Columns each byte takes in the bits pane ("11100010 ").
pub const BITS_CELLS: u16 = 9;
/// Columns each byte takes in the text pane.
pub const TEXT_CELLS: u16 = 1;
/// Width of the info panel when it sits to the right.
const INFO_WIDTH: u16 = 40;
/// Height of the info panel when it sits below the panes.
const INFO_HEIGHT: u16 = 14;
/// Gap between panes.
const GAP: u16 = 1;

/// The rectangles of one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Layout {
    /// Bytes shown per row (a power of two, at least 4 when anything fits).
    pub bytes_per_row: u16,
    /// Number of byte rows shown.
    pub rows: u16,
    /// The offset column.
    pub offset: Rect,
    /// The hex pane.
    pub hex: Rect,
    /// The bits pane (zero-sized when hidden or when it does not fit).
    pub bits: Rect,
    /// The text pane.
    pub text: Rect,
    /// The info panel (zero-sized when hidden or when it does not fit).
    pub info: Rect,
    /// The status bar.
    pub status: Rect,
}

impl Layout {
    /// Lays out a `width` × `height` screen; `offset_width` is the offset
    /// column's width, which grows with the file size.
    pub fn compute(
        width: u16,
        height: u16,
        offset_width: u16,
        show_bits: bool,
        show_info: bool,
    ) -> Layout {
        let status = Rect::new(0, height.saturating_sub(1), width, height.min(1));
        let body_height = height.saturating_sub(1);
        let info_right = show_info && width >= 120;
        let info_below = show_info && !info_right && body_height >= INFO_HEIGHT + 8;
        let (panes_width, info) = if info_right {
            let info_x = width - INFO_WIDTH;
            (
                info_x.saturating_sub(GAP),
                Rect::new(info_x, 0, INFO_WIDTH, body_height),
            )
        } else if info_below {
            let info_y = body_height - INFO_HEIGHT;
            (width, Rect::new(0, info_y, width, INFO_HEIGHT))
        } else {
            (width, Rect::default())
        };
        let rows = if info_below {
            body_height - INFO_HEIGHT
        } else {
            body_height
        };
        let fixed = offset_width + GAP;
        let per_byte = |bits: bool| HEX_CELLS + TEXT_CELLS + if bits { BITS_CELLS } else { 0 };
        let extra_gaps = |bits: bool| if bits { 2 * GAP } else { GAP };
        let fits =
            |n: u16, bits: bool| fixed + extra_gaps(bits) + n * per_byte(bits) <= panes_width;
        // The bits pane is dropped before the byte count goes under 4.
        let bits = show_bits && fits(4, true);
        let mut bytes_per_row = 4;
        while bytes_per_row < 256 && fits(bytes_per_row * 2, bits) {
            bytes_per_row *= 2;
        }
        let offset = Rect::new(0, 0, offset_width.min(width), rows);
        let mut x = fixed;
        let mut next = |cells: u16| {
            let rect = Rect::new(x.min(width), 0, cells.min(width.saturating_sub(x)), rows);
            x = x.saturating_add(cells + GAP);
            rect
        };
        let hex = next(bytes_per_row * HEX_CELLS - 1);
        let bits_rect = if bits {
            next(bytes_per_row * BITS_CELLS - 1)
        } else {
            Rect::default()
        };
        let text = next(bytes_per_row * TEXT_CELLS);
        Layout {
            bytes_per_row,
            rows,
            offset,
            hex,
            bits: bits_rect,
            text,
            info,
            status,
        }
    }

    /// Bytes on one screen.
    pub fn page_bytes(&self) -> u64 {
        u64::from(self.bytes_per_row) * u64::from(self.rows.max(1))
    }

    /// The byte (row, column) under screen cell (`x`, `y`), if any pane holds it.
    pub fn byte_at_cell(&self, x: u16, y: u16) -> Option<(u16, u16)> {
        let inside = |r: Rect| {
            r.width > 0 && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
        };
        let panes = [
            (self.hex, HEX_CELLS),
            (self.bits, BITS_CELLS),
            (self.text, TEXT_CELLS),
        ];
        panes
            .into_iter()
            .find(|(rect, _)| inside(*rect))
            .map(|(rect, cells)| {
                (
                    y - rect.y,
                    ((x - rect.x) / cells).min(self.bytes_per_row - 1),
                )
            })
    }
}

/// Width of the offset column for a file of `len` bytes: `0x` and at least 8 hex digits.
pub fn offset_width(len: u64) -> u16 {
    let digits = (64 - len.leading_zeros()).div_ceil(4).max(8) as u16;
    digits + 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighty_columns_fit_the_bits_pane_at_four_bytes() {
        let layout = Layout::compute(80, 24, 10, true, true);
        assert_eq!(layout.bytes_per_row, 4);
        assert!(layout.bits.width > 0);
        assert!(layout.text.x + layout.text.width <= 80);
        assert_eq!(layout.status, Rect::new(0, 23, 80, 1));
    }

    #[test]
    fn wide_screens_put_info_on_the_right_and_show_more_bytes() {
        let layout = Layout::compute(160, 48, 10, true, true);
        assert_eq!(layout.info.x + layout.info.width, 160);
        assert_eq!(layout.bytes_per_row, 8);
        assert!(layout.text.x + layout.text.width < layout.info.x);
        let no_bits = Layout::compute(160, 48, 10, false, true);
        assert_eq!(no_bits.bytes_per_row, 16);
    }

    #[test]
    fn narrow_screens_drop_the_bits_pane_and_tiny_ones_do_not_overflow() {
        let layout = Layout::compute(40, 10, 10, true, true);
        assert_eq!(layout.bits.width, 0);
        assert_eq!(layout.bytes_per_row, 4);
        for (w, h) in [(1, 1), (0, 0), (5, 2), (13, 3)] {
            let l = Layout::compute(w, h, 10, true, true);
            for rect in [l.offset, l.hex, l.bits, l.text, l.info, l.status] {
                assert!(
                    rect.x + rect.width <= w.max(rect.x) && rect.y + rect.height <= h.max(rect.y)
                );
            }
        }
    }

    #[test]
    fn offset_column_grows_past_4_gib() {
        assert_eq!(offset_width(0), 10);
        assert_eq!(offset_width(u64::from(u32::MAX)), 10);
        assert_eq!(offset_width(5 << 30), 11);
    }
}
