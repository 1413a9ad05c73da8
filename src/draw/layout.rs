//! Where everything goes for a terminal size: bytes per row and the pane
//! rectangles. A pure function of the size and the toggles, shared by `view`
//! (to draw) and `update` (to page and to map mouse clicks).
//!
//! The panes take as many bytes per row as fit (any number, not a power of
//! two), so no more columns are left blank than one byte's share; the info
//! panel sits to the right, or below the panes when that leaves more bytes
//! per row, and takes what the panes leave over. On small screens the bits
//! pane goes first, then the info panel, then the offset column, then the
//! hex pane, so that at every size every byte can be shown.

use ratatui::layout::Rect;

/// Columns each byte takes in the hex pane ("E2 ").
pub const HEX_CELLS: u16 = 3;
/// Columns each byte takes in the bits pane ("11100010 ").
pub const BITS_CELLS: u16 = 9;
/// Columns each byte takes in the text pane (and in the second reading's).
pub const TEXT_CELLS: u16 = 1;
/// The width the info panel's content needs (labels, values, borders).
pub const INFO_WIDTH: u16 = 42;
/// Height of the info panel when it sits below the panes.
const INFO_HEIGHT: u16 = 14;
/// Byte rows the panes keep at least when the info panel sits below them.
const MIN_ROWS_ABOVE_INFO: u16 = 8;
/// Bytes per row below which the bits pane gives way.
const MIN_BYTES_WITH_BITS: u16 = 4;
/// Gap between panes.
const GAP: u16 = 1;
/// The most bytes a row may hold.
pub const MAX_BYTES_PER_ROW: u16 = 256;

/// Where the info panel goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InfoPlace {
    Right,
    Below,
    Hidden,
}

/// The rectangles of one frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Layout {
    /// Bytes shown per row (at least 1 when anything fits).
    pub bytes_per_row: u16,
    /// Number of byte rows shown.
    pub rows: u16,
    /// The offset column (zero-sized when the screen is too narrow).
    pub offset: Rect,
    /// The hex pane (zero-sized on a screen too narrow for one hex byte).
    pub hex: Rect,
    /// The bits pane (zero-sized when hidden or when it does not fit).
    pub bits: Rect,
    /// The text pane: a cell per byte, and one more where there is room,
    /// for a wide character that starts in the last column.
    pub text: Rect,
    /// The second reading's text pane, laid out as the text pane
    /// (zero-sized when hidden or when it does not fit).
    pub also: Rect,
    /// The row of pane titles above the panes, shown with the second
    /// reading to say which reading is which (zero-sized without it).
    pub titles: Rect,
    /// The info panel (zero-sized when hidden or when it does not fit).
    pub info: Rect,
    /// The status bar (zero-sized on a screen one row high).
    pub status: Rect,
}

/// What the panes are made of: which optional columns are shown.
#[derive(Debug, Clone, Copy)]
struct Panes {
    offset: bool,
    hex: bool,
    bits: bool,
    also: bool,
}

impl Panes {
    /// Cells one byte takes across the panes.
    fn per_byte(self) -> u16 {
        TEXT_CELLS
            + if self.hex { HEX_CELLS } else { 0 }
            + if self.bits { BITS_CELLS } else { 0 }
            + if self.also { TEXT_CELLS } else { 0 }
    }

    /// Cells taken whatever the byte count: the offset column and its gap.
    /// (The hex and bits panes end without their last byte's space, and a
    /// gap takes its place.)
    fn fixed(self, offset_width: u16) -> u16 {
        let offset = if self.offset { offset_width + GAP } else { 0 };
        offset + if self.also { GAP } else { 0 }
    }

    /// The most bytes per row that fit in `width` columns.
    fn fit(self, width: u16, offset_width: u16) -> u16 {
        let room = width.saturating_sub(self.fixed(offset_width));
        (room / self.per_byte()).min(MAX_BYTES_PER_ROW)
    }
}

impl Layout {
    /// Lays out a `width` × `height` screen; `offset_width` is the offset
    /// column's width, which grows with the file size; `wanted` asks for a
    /// number of bytes per row (`<`, `>`, `--width`), given only as far as
    /// it fits. The second reading's pane gives way before the bits pane.
    pub fn compute(
        width: u16,
        height: u16,
        offset_width: u16,
        shown: Shown,
        wanted: Option<u16>,
    ) -> Layout {
        let has_status = height >= 2;
        let status = if has_status {
            Rect::new(0, height - 1, width, 1)
        } else {
            Rect::default()
        };
        let body = height.saturating_sub(u16::from(has_status));
        let (place, panes, fit) = choose(width, body, offset_width, shown);
        let bytes_per_row = wanted.map_or(fit, |n| n.clamp(1, fit.max(1))).min(fit);
        let panes_width = match place {
            InfoPlace::Right => width.saturating_sub(INFO_WIDTH + GAP),
            InfoPlace::Below | InfoPlace::Hidden => width,
        };
        let rows = match place {
            InfoPlace::Below => body - INFO_HEIGHT,
            InfoPlace::Right | InfoPlace::Hidden => body,
        };
        // Two readings side by side need their names above them.
        let top = u16::from(panes.also && rows > 1);
        // (Across the screen: the panel on the right starts below it.)
        let titles = Rect::new(0, 0, width, top);
        let rows = rows - top;
        // Each pane from where the last one ended, clipped to the panes' width.
        let mut x = 0;
        // The text pane's extra cell comes after the second reading's room.
        let after_text = if panes.also {
            GAP + bytes_per_row * TEXT_CELLS
        } else {
            0
        };
        let mut place_pane = |shown: bool, cells: u16, extra: u16, reserved: u16| {
            if !shown || cells == 0 {
                return Rect::default();
            }
            let room = panes_width.saturating_sub(x);
            // `extra` cells are taken only where there is room for them
            // and for the `reserved` cells of the panes after this one.
            let width = if cells + extra + reserved <= room {
                cells + extra
            } else {
                cells.min(room)
            };
            let rect = Rect::new(x.min(panes_width), top, width, rows);
            x = x.saturating_add(width + GAP);
            rect
        };
        let offset = place_pane(panes.offset, offset_width, 0, 0);
        let hex = place_pane(
            panes.hex,
            (bytes_per_row * HEX_CELLS).saturating_sub(1),
            0,
            0,
        );
        let bits = place_pane(
            panes.bits,
            (bytes_per_row * BITS_CELLS).saturating_sub(1),
            0,
            0,
        );
        // One more cell where there is room, for a wide last character.
        let text = place_pane(true, bytes_per_row * TEXT_CELLS, 1, after_text);
        let also = place_pane(panes.also, bytes_per_row * TEXT_CELLS, 1, 0);
        let info = match place {
            // The panel takes what the panes leave over.
            InfoPlace::Right => {
                let last = if also.width > 0 { also } else { text };
                let info_x = (last.x + last.width + GAP).min(width);
                Rect::new(info_x, top, width - info_x, body - top)
            }
            InfoPlace::Below => Rect::new(0, top + rows, width, INFO_HEIGHT),
            InfoPlace::Hidden => Rect::default(),
        };
        Layout {
            bytes_per_row,
            rows,
            offset,
            hex,
            bits,
            text,
            also,
            titles: if also.width > 0 {
                titles
            } else {
                Rect::default()
            },
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
            (self.also, TEXT_CELLS),
        ];
        panes
            .into_iter()
            .find(|(rect, _)| inside(*rect))
            .map(|(rect, cells)| {
                (
                    y - rect.y,
                    ((x - rect.x) / cells).min(self.bytes_per_row.saturating_sub(1)),
                )
            })
    }

    /// Whether screen cell (`x`, `y`) is over the info panel.
    pub fn is_over_info(&self, x: u16, y: u16) -> bool {
        let r = self.info;
        r.width > 0 && x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
    }
}

/// The optional panes the user wants shown (each shown as far as it fits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shown {
    /// The bits pane.
    pub bits: bool,
    /// The info panel.
    pub info: bool,
    /// The second reading's text pane.
    pub also: bool,
}

/// Picks where the info panel goes and which panes are shown, and how many
/// bytes per row fit: the info panel if wanted and it fits anywhere; the
/// bits pane if wanted and at least [`MIN_BYTES_WITH_BITS`] fit with it;
/// the second reading if wanted and as many fit with it; then the most
/// bytes per row (the panel below when that gives more).
fn choose(width: u16, body: u16, offset_width: u16, shown: Shown) -> (InfoPlace, Panes, u16) {
    let mut places = Vec::with_capacity(3);
    if shown.info {
        places.push(InfoPlace::Right);
        if body >= INFO_HEIGHT + MIN_ROWS_ABOVE_INFO {
            places.push(InfoPlace::Below);
        }
    }
    places.push(InfoPlace::Hidden);
    let choices = |wanted: bool| -> &[bool] { if wanted { &[true, false] } else { &[false] } };
    // Ranked by: the panel shown, the bits shown beside enough bytes, the
    // second reading likewise, the bytes per row, and the panel on the
    // right (more rows) at a tie.
    type Rank = (bool, bool, bool, u16, bool);
    let mut best: Option<(Rank, InfoPlace, Panes, u16)> = None;
    for &place in &places {
        let panes_width = match place {
            InfoPlace::Right => width.saturating_sub(INFO_WIDTH + GAP),
            InfoPlace::Below | InfoPlace::Hidden => width,
        };
        let options = choices(shown.bits)
            .iter()
            .flat_map(|&bits| choices(shown.also).iter().map(move |&also| (bits, also)));
        for (bits, also) in options {
            let panes = shrink_to_fit(panes_width, offset_width, bits, also);
            let n = panes.fit(panes_width, offset_width);
            // The panel is worth its room only beside panes that keep
            // their offset column and a few bytes a row.
            let crowded = !panes.offset || n < MIN_BYTES_WITH_BITS;
            if crowded && place != InfoPlace::Hidden {
                continue;
            }
            let rank = (
                place != InfoPlace::Hidden,
                panes.bits && n >= MIN_BYTES_WITH_BITS,
                panes.also && n >= MIN_BYTES_WITH_BITS,
                n,
                place == InfoPlace::Right,
            );
            if best
                .as_ref()
                .is_none_or(|(best_rank, ..)| rank > *best_rank)
            {
                best = Some((rank, place, panes, n));
            }
        }
    }
    let (_, place, panes, n) = best.expect("hiding the info panel always counts");
    (place, panes, n)
}

/// The panes for `width` columns: the offset column goes when it would
/// leave no room for a byte, then the hex pane (the text pane, a cell a
/// byte, always stays).
fn shrink_to_fit(width: u16, offset_width: u16, bits: bool, also: bool) -> Panes {
    let full = Panes {
        offset: true,
        hex: true,
        bits,
        also,
    };
    if full.fit(width, offset_width) > 0 {
        return full;
    }
    let no_offset = Panes {
        offset: false,
        ..full
    };
    if no_offset.fit(width, offset_width) > 0 {
        return no_offset;
    }
    Panes {
        offset: false,
        hex: false,
        bits: false,
        also: false,
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

    fn panes(bits: bool, info: bool, also: bool) -> Shown {
        Shown { bits, info, also }
    }

    fn used_columns(l: &Layout) -> u16 {
        [l.offset, l.hex, l.bits, l.text, l.info]
            .iter()
            .filter(|r| r.width > 0 && r.y == 0)
            .map(|r| r.x + r.width)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn the_screen_targets_hold() {
        for (width, height, at_least) in [(120, 40, 6), (200, 50, 10), (80, 24, 4)] {
            let layout = Layout::compute(width, height, 10, panes(true, true, false), None);
            assert!(
                layout.bytes_per_row >= at_least,
                "{width}×{height}: {} bytes per row",
                layout.bytes_per_row
            );
            assert!(layout.bits.width > 0, "{width}×{height} shows the bits");
            assert!(layout.info.width > 0, "{width}×{height} shows the info");
        }
    }

    #[test]
    fn no_more_columns_are_blank_than_one_bytes_share() {
        for width in 20..=300 {
            for (bits, info) in [(true, true), (true, false), (false, true), (false, false)] {
                let layout = Layout::compute(width, 50, 10, panes(bits, info, false), None);
                let per_byte =
                    HEX_CELLS + TEXT_CELLS + if layout.bits.width > 0 { BITS_CELLS } else { 0 };
                let blank = width - used_columns(&layout);
                assert!(
                    blank <= per_byte,
                    "{width} columns: {blank} blank, {layout:?}"
                );
            }
        }
    }

    #[test]
    fn a_wanted_width_is_given_as_far_as_it_fits() {
        let fits = Layout::compute(200, 50, 10, panes(true, true, false), None).bytes_per_row;
        assert_eq!(
            Layout::compute(200, 50, 10, panes(true, true, false), Some(3)).bytes_per_row,
            3
        );
        assert_eq!(
            Layout::compute(200, 50, 10, panes(true, true, false), Some(fits + 5)).bytes_per_row,
            fits
        );
    }

    #[test]
    fn narrow_screens_drop_the_bits_pane_and_tiny_ones_do_not_overflow() {
        let layout = Layout::compute(40, 10, 10, panes(true, true, false), None);
        assert_eq!(layout.bits.width, 0);
        assert!(layout.bytes_per_row >= 4);
        for w in 0..40 {
            for h in 0..12 {
                let l = Layout::compute(w, h, 10, panes(true, true, false), None);
                for rect in [l.offset, l.hex, l.bits, l.text, l.info, l.status] {
                    assert!(rect.x + rect.width <= w.max(rect.x), "{w}×{h} {l:?}");
                    assert!(rect.y + rect.height <= h.max(rect.y), "{w}×{h} {l:?}");
                }
            }
        }
    }

    #[test]
    fn the_info_panel_gives_way_before_the_panes_are_crowded() {
        let layout = Layout::compute(60, 15, 10, panes(true, true, false), None);
        assert_eq!(layout.info.width, 0, "{layout:?}");
        assert!(layout.offset.width > 0 && layout.bytes_per_row >= 4);
    }

    #[test]
    fn offset_column_grows_past_4_gib() {
        assert_eq!(offset_width(0), 10);
        assert_eq!(offset_width(u64::from(u32::MAX)), 10);
        assert_eq!(offset_width(5 << 30), 11);
    }
}
