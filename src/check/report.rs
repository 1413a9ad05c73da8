//! How `check` writes what it finds: compiler-style text or JSON lines.

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use serde::Serialize;

use crate::display::{escape_for_terminal, hex_bytes, thousands};
use crate::model::scan::LocatedSpan;

/// The output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One diagnostic line per span, then a summary line per file.
    Text,
    /// One JSON object per span, nothing else.
    Jsonl,
}

/// Writes spans and summaries in the chosen format.
pub struct Reporter<W: Write> {
    out: W,
    format: Format,
    color: bool,
}

/// One invalid span as a JSON line; the field order is the documented one.
#[derive(Serialize)]
struct JsonSpan<'a> {
    path: &'a str,
    offset: u64,
    length: u8,
    line: u64,
    column: u64,
    kind: &'static str,
    bytes: String,
}

const PATH_STYLE: Style = Style::new().bold();
const KIND_STYLE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
const OK_STYLE: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

/// How an input is named in text output: escaped, and stdin as `<stdin>`.
fn text_name(path: &str) -> std::borrow::Cow<'_, str> {
    if path == "-" {
        "<stdin>".into()
    } else {
        escape_for_terminal(path)
    }
}

impl<W: Write> Reporter<W> {
    /// A reporter writing to `out`; `color` adds ANSI styles to the text format.
    pub fn new(out: W, format: Format, color: bool) -> Reporter<W> {
        Reporter { out, format, color }
    }

    fn styled(&self, style: Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }

    /// Reports one invalid span of the input named `path`, made of `bytes`.
    pub fn span(&mut self, path: &str, located: &LocatedSpan, bytes: &[u8]) -> io::Result<()> {
        let span = &located.span;
        match self.format {
            Format::Jsonl => {
                let record = JsonSpan {
                    path,
                    offset: span.offset,
                    length: span.len,
                    line: located.line,
                    column: located.column,
                    kind: span.kind.name(),
                    bytes: hex_bytes(bytes),
                };
                serde_json::to_writer(&mut self.out, &record)?;
                self.out.write_all(b"\n")
            }
            Format::Text => {
                let place = format!("{}:{}:{}:", text_name(path), located.line, located.column);
                let kind = self.styled(KIND_STYLE, span.kind.name());
                writeln!(
                    self.out,
                    "{} offset {:#010x}: {kind}: {}",
                    self.styled(PATH_STYLE, &place),
                    span.offset,
                    hex_bytes(bytes)
                )
            }
        }
    }

    /// Reports the verdict on one input (text format only).
    pub fn summary(&mut self, path: &str, invalid: u64, len: u64) -> io::Result<()> {
        if self.format != Format::Text {
            return Ok(());
        }
        let place = self.styled(PATH_STYLE, &format!("{}:", text_name(path)));
        let size = thousands(len);
        let bytes_word = if len == 1 { "byte" } else { "bytes" };
        if invalid == 0 {
            let verdict = self.styled(OK_STYLE, "valid UTF-8");
            writeln!(self.out, "{place} {verdict}, {size} {bytes_word}")
        } else {
            let spans_word = if invalid == 1 {
                "invalid span"
            } else {
                "invalid spans"
            };
            let count = self.styled(KIND_STYLE, &format!("{} {spans_word}", thousands(invalid)));
            writeln!(self.out, "{place} {count} in {size} {bytes_word}")
        }
    }

    /// Flushes buffered output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
