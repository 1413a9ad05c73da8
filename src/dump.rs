//! `utf8scope dump`: the inspector's rows (offset, hex, optionally bits,
//! and text) as static text, for slides, handouts, `less -R` and `head`.
//! The rows are drawn by the inspector's own panes into an off-screen
//! buffer, so a dump is exactly what the inspector shows, colours included.
//! Input is read in chunks, so a stream of any length takes constant memory.

use std::io::{self, Write};

use anstyle::{Ansi256Color, AnsiColor, Color as AnsiTermColor, Effects, RgbColor, Style};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

use crate::model::Window;
use crate::model::blocks::pieces::complete_prefix_len;
use crate::model::decode::{MAX_UNIT_LEN, unit_containing};
use crate::model::source::SourceError;
use crate::ui::layout::{BITS_CELLS, HEX_CELLS, Layout, offset_width};
use crate::ui::panes::{BitsPane, HexPane, OffsetPane, Rows, TextPane};
use crate::ui::theme::Theme;

/// Bytes read at a time.
const CHUNK: usize = 1 << 20;
/// Rows drawn into one off-screen buffer.
const ROWS_PER_DRAW: u16 = 512;
/// Bytes per row unless `--width` says otherwise (as hexyl and xxd).
pub const DEFAULT_WIDTH: u16 = 16;

/// What to dump and how.
#[derive(Debug, Clone, Copy)]
pub struct DumpOptions {
    /// First byte to show.
    pub start: u64,
    /// Bytes to show at most (`None`: to the end).
    pub length: Option<u64>,
    /// Show the bits pane too.
    pub bits: bool,
    /// Bytes per row.
    pub width: u16,
    /// ANSI colours and styles (else plain text).
    pub color: bool,
    /// The input's length when known (sizes the offset column).
    pub input_len: Option<u64>,
}

/// Why a dump stopped.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The input could not be read.
    #[error(transparent)]
    Input(#[from] SourceError),
    /// The output could not be written.
    #[error("cannot write the dump: {0}")]
    Output(#[from] io::Error),
}

/// Dumps the input that `fill` reads from its start (returning 0 at its
/// end) to `out`.
pub fn dump(
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    options: DumpOptions,
    out: &mut impl Write,
) -> Result<(), DumpError> {
    // Read from a few bytes before the start, to find the unit it is in.
    let read_from = options.start.saturating_sub(MAX_UNIT_LEN as u64 - 1);
    skip(&mut fill, read_from)?;
    dump_from(read_from, fill, options, out)
}

/// [`dump`] with `fill` reading from `read_from`, which must be three
/// bytes before the start (or the input's start), so that a start inside a
/// character finds its lead.
pub fn dump_from(
    read_from: u64,
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    options: DumpOptions,
    out: &mut impl Write,
) -> Result<(), DumpError> {
    let per_row = u64::from(options.width.max(1));
    let end = options
        .length
        .map_or(u64::MAX, |n| options.start.saturating_add(n));
    let layout = row_layout(options);
    let mut pending: Vec<u8> = Vec::new();
    let mut pending_base = read_from;
    let mut first = true;
    let mut row = options.start;
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let n = read_full(&mut fill, &mut chunk)?;
        let at_end = n < chunk.len();
        pending.extend_from_slice(&chunk[..n]);
        if first {
            // Drop the bytes before the unit that holds the start.
            first = false;
            let index = (options.start - pending_base) as usize;
            if index < pending.len() {
                let (unit_start, _, _) = unit_containing(&pending, index);
                pending.drain(..unit_start);
                pending_base += unit_start as u64;
            }
        }
        let usable = complete_prefix_len(&pending, at_end);
        let known_end = (pending_base + usable as u64).min(end);
        let last = at_end || known_end >= end;
        let shown_end = if last {
            known_end
        } else {
            row + (known_end.saturating_sub(row)) / per_row * per_row
        };
        if shown_end > row {
            let window = Window::from_bytes(pending_base, &pending[..usable]);
            draw_rows(&window, row, shown_end, layout, options, out)?;
            row = shown_end;
        }
        if last {
            return Ok(());
        }
        // Keep the bytes from the unit that holds the next row's start.
        let keep = (row - pending_base) as usize;
        let keep = if keep < pending.len() {
            unit_containing(&pending, keep).0
        } else {
            keep.min(pending.len())
        };
        pending.drain(..keep);
        pending_base += keep as u64;
    }
}

/// Reads and drops the first `count` bytes.
fn skip(
    fill: &mut impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    mut count: u64,
) -> Result<(), SourceError> {
    let mut scratch = vec![0u8; 64 << 10];
    while count > 0 {
        let want = scratch
            .len()
            .min(usize::try_from(count).unwrap_or(usize::MAX));
        let n = fill(&mut scratch[..want])?;
        if n == 0 {
            break;
        }
        count -= n as u64;
    }
    Ok(())
}

/// Fills `buffer` unless the input ends first; returns how much was read.
fn read_full(
    fill: &mut impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    buffer: &mut [u8],
) -> Result<usize, SourceError> {
    let mut filled = 0;
    while filled < buffer.len() {
        let n = fill(&mut buffer[filled..])?;
        if n == 0 {
            break;
        }
        filled += n;
    }
    Ok(filled)
}

/// The panes of a dump: offset, hex, bits if asked, text; no info panel,
/// no status bar.
fn row_layout(options: DumpOptions) -> Layout {
    let per_row = options.width.max(1);
    let offset = offset_width(options.input_len.unwrap_or(u64::from(u32::MAX)));
    let mut x = 0;
    let mut pane = |width: u16| {
        let rect = Rect::new(x, 0, width, ROWS_PER_DRAW);
        x += width + 1;
        rect
    };
    let offset = pane(offset);
    let hex = pane(per_row * HEX_CELLS - 1);
    let bits = if options.bits {
        pane(per_row * BITS_CELLS - 1)
    } else {
        Rect::default()
    };
    // One cell more, for a wide character in the last column.
    let text = pane(per_row + 1);
    Layout {
        bytes_per_row: per_row,
        rows: ROWS_PER_DRAW,
        offset,
        hex,
        bits,
        text,
        info: Rect::default(),
        status: Rect::default(),
    }
}

/// Draws the rows from `start` up to `end` (a row start, or the end of
/// what is shown).
fn draw_rows(
    window: &Window,
    start: u64,
    end: u64,
    layout: Layout,
    options: DumpOptions,
    out: &mut impl Write,
) -> io::Result<()> {
    let per_row = u64::from(layout.bytes_per_row);
    let theme = Theme::new(options.color);
    let width = layout.text.x + layout.text.width;
    let mut top = start;
    while top < end {
        let rows = (end - top).div_ceil(per_row).min(u64::from(ROWS_PER_DRAW)) as u16;
        let layout = Layout {
            rows,
            offset: Rect {
                height: rows,
                ..layout.offset
            },
            hex: Rect {
                height: rows,
                ..layout.hex
            },
            bits: Rect {
                height: rows,
                ..layout.bits
            },
            text: Rect {
                height: rows,
                ..layout.text
            },
            ..layout
        };
        let panes = Rows::of_window(window, top, end, layout, theme);
        let mut buffer = Buffer::empty(Rect::new(0, 0, width, rows));
        OffsetPane(&panes).render(layout.offset, &mut buffer);
        HexPane(&panes).render(layout.hex, &mut buffer);
        if layout.bits.width > 0 {
            BitsPane(&panes).render(layout.bits, &mut buffer);
        }
        TextPane(&panes).render(layout.text, &mut buffer);
        for y in 0..rows {
            write_line(&buffer, y, options.color, out)?;
        }
        top += u64::from(rows) * per_row;
    }
    Ok(())
}

/// Writes one row of the buffer: its symbols, with ANSI styles when
/// `color`, trailing blanks dropped.
pub fn write_line(buffer: &Buffer, y: u16, color: bool, out: &mut impl Write) -> io::Result<()> {
    let mut line = String::new();
    let mut plain_len = 0;
    let mut current = Style::new();
    let mut x = buffer.area.x;
    while x < buffer.area.right() {
        let cell = &buffer[(x, y)];
        let symbol = cell.symbol();
        let style = if color {
            ansi_style(cell.fg, cell.modifier)
        } else {
            Style::new()
        };
        if style != current {
            line.push_str(&format!("{}{}", current.render_reset(), style.render()));
            current = style;
        }
        line.push_str(symbol);
        if symbol.trim() != "" || style != Style::new() {
            plain_len = line.len();
        }
        // A wide symbol covers the cells after it.
        x += symbol.width().max(1) as u16;
    }
    line.truncate(plain_len);
    writeln!(out, "{line}{}", current.render_reset())
}

/// A ratatui colour and modifiers as an ANSI style.
fn ansi_style(fg: Color, modifier: Modifier) -> Style {
    let color = match fg {
        Color::Reset => None,
        Color::Black => Some(AnsiColor::Black.into()),
        Color::Red => Some(AnsiColor::Red.into()),
        Color::Green => Some(AnsiColor::Green.into()),
        Color::Yellow => Some(AnsiColor::Yellow.into()),
        Color::Blue => Some(AnsiColor::Blue.into()),
        Color::Magenta => Some(AnsiColor::Magenta.into()),
        Color::Cyan => Some(AnsiColor::Cyan.into()),
        Color::Gray => Some(AnsiColor::White.into()),
        Color::DarkGray => Some(AnsiColor::BrightBlack.into()),
        Color::LightRed => Some(AnsiColor::BrightRed.into()),
        Color::LightGreen => Some(AnsiColor::BrightGreen.into()),
        Color::LightYellow => Some(AnsiColor::BrightYellow.into()),
        Color::LightBlue => Some(AnsiColor::BrightBlue.into()),
        Color::LightMagenta => Some(AnsiColor::BrightMagenta.into()),
        Color::LightCyan => Some(AnsiColor::BrightCyan.into()),
        Color::White => Some(AnsiColor::BrightWhite.into()),
        Color::Indexed(n) => Some(AnsiTermColor::Ansi256(Ansi256Color(n))),
        Color::Rgb(r, g, b) => Some(AnsiTermColor::Rgb(RgbColor(r, g, b))),
    };
    let mut effects = Effects::new();
    for (flag, effect) in [
        (Modifier::BOLD, Effects::BOLD),
        (Modifier::DIM, Effects::DIMMED),
        (Modifier::ITALIC, Effects::ITALIC),
        (Modifier::UNDERLINED, Effects::UNDERLINE),
        (Modifier::REVERSED, Effects::INVERT),
    ] {
        if modifier.contains(flag) {
            effects |= effect;
        }
    }
    Style::new().fg_color(color).effects(effects)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump_of(bytes: &[u8], options: DumpOptions) -> String {
        let mut rest = bytes;
        // Small reads, to cross units and rows at chunk edges.
        let fill = |buf: &mut [u8]| -> Result<usize, SourceError> {
            let n = buf.len().min(rest.len()).min(7);
            buf[..n].copy_from_slice(&rest[..n]);
            rest = &rest[n..];
            Ok(n)
        };
        let mut out = Vec::new();
        dump(fill, options, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn plain(width: u16) -> DumpOptions {
        DumpOptions {
            start: 0,
            length: None,
            bits: false,
            width,
            color: false,
            input_len: Some(100),
        }
    }

    #[test]
    fn rows_show_hex_and_text_with_characters_at_their_lead_byte() {
        let text = dump_of("Aé€\u{1F600}\n".as_bytes(), plain(8));
        assert_eq!(
            text,
            "0x00000000 41 C3 A9 E2 82 AC F0 9F Aé·€··😀\n\
             0x00000008 98 80 0A                ··␊\n"
        );
    }

    #[test]
    fn a_start_inside_a_character_shows_it_from_its_lead() {
        let options = DumpOptions {
            start: 2,
            length: Some(3),
            ..plain(4)
        };
        let text = dump_of("Aé€".as_bytes(), options);
        assert_eq!(text, "0x00000002 A9 E2 82    ·€·\n");
    }
}
