//! `utf8scope dump`: the inspector's rows (offset, hex, optionally bits,
//! and text) as static text, for slides, handouts, `less -R` and `head`.
//! Each cell is what the inspector's panes say it is (`Rows`: the same
//! digits, bits, glyphs and styles), written straight out as text, so a
//! dump is what the inspector shows, colours included.
//! Input is read in chunks, so a stream of any length takes constant memory.

use std::io::{self, Write};

mod also;

use crate::draw::line::{Line, Styling};
use crate::draw::page;
pub use crate::draw::page::PageTheme;

use ratatui::layout::Rect;

use crate::draw::layout::{BITS_CELLS, HEX_CELLS, Layout, offset_width};
use crate::draw::theme::Theme;
use crate::draw::{Repair, Rows};
use crate::model::blocks::pieces::complete_prefix_len;
use crate::model::encoding::{ShiftState, UnitReader, unit_containing};
use crate::model::source::SourceError;
use crate::model::{Encoding, Source, Text, Window};

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
    /// The encoding the bytes are read in.
    pub encoding: Encoding,
    /// Text (coloured if `color`) or a page.
    pub format: DumpFormat,
    /// A second reading of the bytes beside the text, in this encoding
    /// (`--also`).
    pub also: Option<Encoding>,
}

impl DumpOptions {
    /// Whether the rows carry colours: a page always does.
    pub fn colored(&self) -> bool {
        self.color || matches!(self.format, DumpFormat::Html(_) | DumpFormat::Svg(_))
    }
}

/// What a dump is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DumpFormat {
    /// Lines of text, with ANSI colours if asked.
    Text,
    /// A self-contained HTML page in these colours (see [`page`]).
    Html(PageTheme),
    /// A self-contained SVG picture in these colours (see [`page`]); the
    /// caller wraps the rows with [`page::svg_picture`], once their number
    /// is known.
    Svg(PageTheme),
}

/// The most bytes of rows an SVG picture holds (a picture is for a slide).
pub const SVG_MAX_ROWS_BYTES: usize = 16 << 20;

/// The rows of an SVG picture, kept until their number is known (the
/// picture's size comes first), up to [`SVG_MAX_ROWS_BYTES`].
#[derive(Debug, Default)]
pub struct SvgRows {
    rows: Vec<u8>,
}

impl Write for SvgRows {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.rows.len() + bytes.len() > SVG_MAX_ROWS_BYTES {
            return Err(io::Error::other(
                "an SVG picture is for a slide: pick fewer bytes with -s and -n",
            ));
        }
        self.rows.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl SvgRows {
    /// The whole picture (see [`page::svg_picture`]) of the rows kept.
    pub fn picture(&self, options: DumpOptions, theme: PageTheme, title: &str) -> String {
        // The rows are the dump's own text: UTF-8.
        let rows = String::from_utf8_lossy(&self.rows);
        let lines = rows.matches('\n').count() as u32;
        page::svg_picture(
            theme,
            title,
            &rows,
            lines,
            row_columns(options),
            &page::rows_legend(options.also.is_some()),
        )
    }
}

/// How many cells wide a row is.
pub fn row_columns(options: DumpOptions) -> u16 {
    let layout = row_layout(options);
    let last = if layout.also.width > 0 {
        layout.also
    } else {
        layout.text
    };
    last.x + last.width
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
    /// A dump with a second reading holds what it shows in memory, and
    /// this is more than it holds.
    #[error(
        "a dump with --also holds what it shows in memory, at most {} MiB: pick the bytes with -s and -n",
        also::MAX_BYTES >> 20
    )]
    TooLongBeside,
}

/// Where the unit holding `bytes[index]` starts (`bytes` start at a unit
/// start, at file offset `base`, where `reader` is); moves `reader` there.
fn unit_start(reader: &mut UnitReader, bytes: &[u8], base: u64, index: usize) -> usize {
    let encoding = reader.encoding();
    if !encoding.codec().is_stateful() {
        return unit_containing(encoding, bytes, base, index).0;
    }
    // A stateful encoding's units are walked from the start, its state
    // carried along.
    let mut at = 0;
    while at < bytes.len() {
        let mut past = *reader;
        let (len, _) = past.next_unit(&bytes[at..]);
        if at + usize::from(len) > index {
            return at;
        }
        *reader = past;
        at += usize::from(len);
    }
    at
}

/// How many leading bytes of `bytes` (from a unit start, where `reader`
/// is) are whole units: all of them at the input's end, else those that
/// cannot be cut.
fn whole_units(mut reader: UnitReader, bytes: &[u8], at_end: bool) -> usize {
    if reader.encoding().is_utf8() {
        return complete_prefix_len(bytes, at_end);
    }
    if at_end {
        return bytes.len();
    }
    let stop = bytes
        .len()
        .saturating_sub(reader.encoding().codec().max_unit_len() - 1);
    let mut at = 0;
    while at < stop {
        at += usize::from(reader.next_unit(&bytes[at..]).0);
    }
    at.min(bytes.len())
}

/// Dumps the input that `fill` reads from its start (returning 0 at its
/// end) to `out`.
pub fn dump(
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    options: DumpOptions,
    out: &mut impl Write,
) -> Result<(), DumpError> {
    // Read from a few bytes before the start, to find the unit it is in.
    let read_from = options.start.saturating_sub(lookback(options.encoding));
    skip(&mut fill, read_from)?;
    dump_from(read_from, fill, options, out)
}

/// How the rows' styles are written, as `options` say.
fn styling(options: DumpOptions) -> Styling {
    match options.format {
        DumpFormat::Html(_) => Styling::Html,
        DumpFormat::Svg(_) => Styling::Svg,
        DumpFormat::Text if options.color => Styling::Ansi,
        DumpFormat::Text => Styling::Plain,
    }
}

/// Writes what comes before the rows (a page's head), as `options` say.
pub fn begin(options: DumpOptions, title: &str, out: &mut impl Write) -> io::Result<()> {
    match options.format {
        DumpFormat::Text | DumpFormat::Svg(_) => Ok(()),
        DumpFormat::Html(theme) => out.write_all(page::header(theme, title).as_bytes()),
    }
}

/// Writes what comes after the rows (a page's legend and end).
pub fn end(options: DumpOptions, out: &mut impl Write) -> io::Result<()> {
    match options.format {
        DumpFormat::Text | DumpFormat::Svg(_) => Ok(()),
        DumpFormat::Html(_) => {
            out.write_all(page::footer(&page::rows_legend(options.also.is_some())).as_bytes())
        }
    }
}

/// How far before the start a dump reads to find the unit the start is in
/// (a stateful encoding's state there depends on everything before it).
pub fn lookback(encoding: Encoding) -> u64 {
    let codec = encoding.codec();
    if codec.is_stateful() {
        u64::MAX
    } else {
        codec.lookback() as u64
    }
}

/// [`dump`] of bytes already in memory (`--text`, tests).
pub fn dump_bytes(
    bytes: &[u8],
    options: DumpOptions,
    out: &mut impl Write,
) -> Result<(), DumpError> {
    let mut rest = bytes;
    let fill = |buf: &mut [u8]| {
        let n = buf.len().min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        rest = &rest[n..];
        Ok(n)
    };
    dump(fill, options, out)
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
    if let Some(encoding) = options.also {
        return also::dump_beside(read_from, fill, options, encoding, out);
    }
    let per_row = u64::from(options.width.max(1));
    let end = options
        .length
        .map_or(u64::MAX, |n| options.start.saturating_add(n));
    let layout = row_layout(options);
    let mut pending: Vec<u8> = Vec::new();
    let mut pending_base = read_from;
    // Where `pending` starts: the state a stateful encoding is in there.
    let mut reader = UnitReader::new(options.encoding, ShiftState::default());
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
                let unit_start = unit_start(&mut reader, &pending, pending_base, index);
                pending.drain(..unit_start);
                pending_base += unit_start as u64;
            }
        }
        let usable = whole_units(reader, &pending, at_end);
        let known_end = (pending_base + usable as u64).min(end);
        let last = at_end || known_end >= end;
        let shown_end = if last {
            known_end
        } else {
            row + (known_end.saturating_sub(row)) / per_row * per_row
        };
        if shown_end > row {
            let chunk = Chunk {
                source: Source::from_bytes("chunk", pending[..usable].to_vec())
                    .in_encoding(options.encoding)
                    .starting_in(reader.state()),
                base: pending_base,
            };
            draw_in_parallel(&chunk, row, shown_end, layout, options, out)?;
            row = shown_end;
        }
        if last {
            return Ok(());
        }
        // Keep the bytes from the unit that holds the next row's start.
        let keep = (row - pending_base) as usize;
        let keep = if keep < pending.len() {
            unit_start(&mut reader, &pending, pending_base, keep)
        } else if options.encoding.codec().is_stateful() {
            // The start is further on: walk the whole units, for the state.
            unit_start(&mut reader, &pending, pending_base, usable)
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
    let also = if options.also.is_some() {
        pane(per_row + 1)
    } else {
        Rect::default()
    };
    Layout {
        bytes_per_row: per_row,
        rows: ROWS_PER_DRAW,
        offset,
        hex,
        bits,
        text,
        also,
        titles: Rect::default(),
        info: Rect::default(),
        status: Rect::default(),
    }
}

/// A chunk of the input: complete units from offset `base`.
struct Chunk {
    source: Text,
    base: u64,
}

impl Chunk {
    /// The units of `[from, to)` (input offsets), decoded.
    fn window(&self, from: u64, to: u64) -> Window {
        Window::load(&self.source, from - self.base, to - self.base)
            .expect("bytes in memory can be read")
            .moved_to(self.base)
    }
}

/// Draws the rows from `start` up to `end` on every core, each decoding
/// and drawing a run of whole rows into its own buffer, written out in
/// order.
fn draw_in_parallel(
    chunk: &Chunk,
    start: u64,
    end: u64,
    layout: Layout,
    options: DumpOptions,
    out: &mut impl Write,
) -> io::Result<()> {
    let per_row = u64::from(layout.bytes_per_row);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let rows = (end - start).div_ceil(per_row);
    if threads == 1 || rows < 1024 {
        let window = chunk.window(start, end);
        return draw_rows(&window, None, start, end, layout, options, out);
    }
    let rows_each = rows.div_ceil(threads);
    let parts: Vec<io::Result<Vec<u8>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let from = (start + i * rows_each * per_row).min(end);
                let to = (start + (i + 1) * rows_each * per_row).min(end);
                scope.spawn(move || {
                    let mut part = Vec::new();
                    let window = chunk.window(from, to);
                    draw_rows(&window, None, from, to, layout, options, &mut part).map(|()| part)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("drawing rows does not panic"))
            .collect()
    });
    for part in parts {
        out.write_all(&part?)?;
    }
    Ok(())
}

/// Draws the rows from `start` up to `end` (a row start, or the end of
/// what is shown), with the second reading `beside` if there is one.
fn draw_rows(
    window: &Window,
    beside: Option<(&Window, &[Repair])>,
    start: u64,
    end: u64,
    layout: Layout,
    options: DumpOptions,
    out: &mut impl Write,
) -> io::Result<()> {
    let per_row = u64::from(layout.bytes_per_row);
    let theme = Theme::new(options.colored());
    let mut line = Line::new(styling(options));
    let mut top = start;
    while top < end {
        let rows = (end - top).div_ceil(per_row).min(u64::from(ROWS_PER_DRAW)) as u16;
        let layout = Layout { rows, ..layout };
        let panes = Rows::of_window(window, top, end, layout, theme);
        let panes = match beside {
            Some((also, repairs)) => panes.with_also(window, also, repairs),
            None => panes,
        };
        for row in 0..rows {
            if write_row(&panes, row, layout, &mut line) {
                line.finish();
                out.write_all(line.text.as_bytes())?;
            }
        }
        top += u64::from(rows) * per_row;
    }
    Ok(())
}

/// Lays out one row as the inspector's panes do: each pane at its column,
/// each byte's cells at their place in it, the text pane's glyphs where
/// the inspector draws them.
/// Returns false for a row past the end, which has nothing to show.
fn write_row(panes: &Rows, row: u16, layout: Layout, line: &mut Line) -> bool {
    let Some((label, style)) = panes.offset_look(row) else {
        return false;
    };
    line.put(layout.offset.x, &label, label.len(), style);
    // Pane by pane, left to right.
    for (column, cell) in panes.row_cells(row).iter().enumerate() {
        let (digits, style) = panes.hex_look(cell);
        line.put(layout.hex.x + column as u16 * HEX_CELLS, digits, 2, style);
    }
    if layout.bits.width > 0 {
        for (column, cell) in panes.row_cells(row).iter().enumerate() {
            let (bits, markers, marker_style, payload_style) = panes.bits_look(cell);
            let x = layout.bits.x + column as u16 * BITS_CELLS;
            line.put(x, &bits[..markers], markers, marker_style);
            line.put(
                x + markers as u16,
                &bits[markers..],
                8 - markers,
                payload_style,
            );
        }
    }
    for (column, text, style, width) in panes.text_looks(row, usize::from(layout.text.width)) {
        line.put(layout.text.x + column as u16, &text, width, style);
    }
    if layout.also.width > 0 {
        for (column, text, style, width) in panes.also_looks(row, usize::from(layout.also.width)) {
            line.put(layout.also.x + column as u16, &text, width, style);
        }
    }
    true
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
            encoding: Encoding::UTF_8,
            format: DumpFormat::Text,
            also: None,
        }
    }

    /// The text `dump --bits --width 8` writes of `bytes`, without colour.
    fn text_with_bits(bytes: &[u8]) -> String {
        dump_of(
            bytes,
            DumpOptions {
                bits: true,
                ..plain(8)
            },
        )
    }

    /// The page `dump --format html --bits` writes of `bytes`.
    fn page_of(bytes: &[u8]) -> String {
        let options = DumpOptions {
            bits: true,
            format: DumpFormat::Html(PageTheme::Light),
            ..plain(8)
        };
        let mut out = Vec::new();
        begin(options, "t", &mut out).unwrap();
        dump_bytes(bytes, options, &mut out).unwrap();
        end(options, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The text a browser shows of `page`'s rows: the tags dropped, the
    /// entities read.
    fn shown_rows(page: &str) -> String {
        let rows = &page[page.find("<pre class=\"rows\">").unwrap()..page.find("</pre>").unwrap()];
        let mut text = String::new();
        let mut in_tag = false;
        for c in rows.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    #[test]
    fn a_page_shows_the_rows_the_text_dump_shows_with_their_colours() {
        let bytes = "Папа Hello, 日本 \u{10C0C}\n".as_bytes();
        let page = page_of(bytes);
        let text = text_with_bits(bytes);
        assert_eq!(shown_rows(&page), text);
        // The lead bytes' style, the marker bits' and the payload's.
        assert!(page.contains("<span style=\"color:var(--cyan);font-weight:bold;\">D0</span>"));
        assert!(page.contains("color:var(--dark-gray);opacity:.6;\">110</span>"));
        assert!(page.contains("color:var(--yellow);\">10000</span>"));
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.ends_with("</html>\n"));
        assert!(page.contains("class=\"legend\""));
    }

    /// The SVG picture `dump --format svg --bits` makes of `bytes`.
    fn svg_of(bytes: &[u8]) -> String {
        let options = DumpOptions {
            bits: true,
            format: DumpFormat::Svg(PageTheme::Dark),
            ..plain(8)
        };
        let mut rows = SvgRows::default();
        dump_bytes(bytes, options, &mut rows).unwrap();
        rows.picture(options, PageTheme::Dark, "t")
    }

    #[test]
    fn an_svg_picture_shows_the_rows_the_text_dump_shows_and_nothing_raw() {
        let bytes = "Папа Hello, 日本 <svg onload=x> & \u{202E}\x1b[31m\n".as_bytes();
        let picture = svg_of(bytes);
        let text = text_with_bits(bytes);
        let lines = text.lines().count();
        // Each row is a line of the picture, its text the text dump's row.
        let rows: String = picture
            .lines()
            .filter(|line| line.starts_with("<tspan x="))
            .take(lines)
            .map(|line| shown_rows(&format!("<pre class=\"rows\">{line}</pre>")) + "\n")
            .collect();
        assert_eq!(rows, text);
        assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(picture.contains(&format!("height=\"{}\"", 2 * 16 + (lines as u32 + 7) * 19)));
        assert!(!picture.contains("<svg onload"));
        assert!(!picture.contains('\u{202E}'));
        assert!(picture.chars().all(|c| !c.is_control() || c == '\n'));
    }

    #[test]
    fn an_svg_picture_of_more_than_a_slide_is_refused() {
        let mut rows = SvgRows::default();
        let big = vec![b'a'; SVG_MAX_ROWS_BYTES / 2 + 1];
        rows.write_all(&big).unwrap();
        let error = rows.write_all(&big).unwrap_err();
        assert!(error.to_string().contains("-s and -n"), "{error}");
    }

    #[test]
    fn a_hostile_file_stays_inert_on_the_page() {
        let bytes = b"<script>alert(1)</script> & \"q\" \x1b[31mred\x07 \xE2\x80\xAE gnp.exe\n";
        let page = page_of(bytes);
        assert!(!page.contains("<script"));
        assert!(!page.contains("alert(1)</"));
        // No control character reaches the page, the line feeds aside.
        assert!(
            page.chars().all(|c| !c.is_control() || c == '\n'),
            "a control character in the page"
        );
        // No bidi control either (the inspector shows them as pictures).
        assert!(!page.contains('\u{202E}'));
        // What the reader sees is the text dump, characters and all.
        let text = text_with_bits(bytes);
        assert_eq!(shown_rows(&page), text);
        assert!(text.contains("<script"), "{text}");
    }

    #[test]
    fn a_utf16_dump_shows_its_characters_and_a_start_inside_a_pair() {
        let bytes: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("Hi \u{10C0C}!".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let options = DumpOptions {
            encoding: Encoding::UTF_16LE,
            ..plain(16)
        };
        let mut out = Vec::new();
        dump_bytes(&bytes, options, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("◊·H·i· ·\u{10C0C}···!·\n"), "{text}");
        // From inside the pair: its bytes are shown as the pair's.
        let options = DumpOptions {
            start: 9,
            ..options
        };
        let mut out = Vec::new();
        dump_bytes(&bytes, options, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("D8 0C DC 21 00"), "{text}");
        assert!(text.ends_with("···!·\n"), "{text}");
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
