//! How `check` writes what it finds: compiler-style text or JSON lines.

use std::io::{self, Write};

use anstyle::Style;

use crate::palette;
use serde::Serialize;

use crate::display::{escape_for_terminal, hex_bytes, thousands};
use crate::json::write_json_line;

use super::spool::Spool;
use crate::model::blocks::LocatedSpan;
use crate::model::findings::{Finding, Severity};

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
    findings: bool,
    /// Diagnostics held back until the file ends (see [`Spool`]).
    held: Option<Spool>,
    /// Where each diagnostic is rendered before it goes out.
    scratch: Vec<u8>,
    /// Spans listed per file at most (`None`: all).
    max_spans: Option<u64>,
    /// Spans of the current file so far, listed or not.
    spans_this_file: u64,
    /// Say nothing of files without problems, and total the run at the end.
    quiet: bool,
    /// What the run found, for the quiet total.
    run: RunTotals,
}

/// What a run of `check` found, for `--quiet`'s closing line.
#[derive(Debug, Clone, Copy, Default)]
struct RunTotals {
    files: u64,
    bytes: u64,
    with_invalid: u64,
    with_warnings: u64,
}

/// One finding as a JSON line: the span keys, then severity and detail, and
/// for mojibake the repair and the chain.
#[derive(Serialize)]
struct JsonFinding<'a> {
    path: &'a str,
    offset: u64,
    length: u64,
    line: u64,
    column: u64,
    kind: &'static str,
    bytes: String,
    severity: &'static str,
    detail: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    repair: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chain: Option<&'a str>,
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
const KIND_STYLE: Style = Style::new().bold().fg_color(Some(palette::ERROR.ansi()));
const WARNING_STYLE: Style = Style::new().bold().fg_color(Some(palette::WARNING.ansi()));
const INFO_STYLE: Style = Style::new().fg_color(Some(palette::INFO.ansi()));
const OK_STYLE: Style = Style::new().fg_color(Some(palette::OK.ansi()));

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
        Reporter {
            out,
            format,
            color,
            findings: false,
            held: None,
            scratch: Vec::new(),
            max_spans: None,
            spans_this_file: 0,
            quiet: false,
            run: RunTotals::default(),
        }
    }

    /// Also reports findings (`check --findings`).
    pub fn with_findings(mut self, findings: bool) -> Reporter<W> {
        self.findings = findings;
        self
    }

    /// Lists at most `max` spans per file (`None`: all); the rest are counted.
    pub fn with_max_spans(mut self, max: Option<u64>) -> Reporter<W> {
        self.max_spans = max;
        self
    }

    /// Says nothing of files without problems, and totals the run at the
    /// end (text format).
    pub fn with_quiet(mut self, quiet: bool) -> Reporter<W> {
        self.quiet = quiet;
        self
    }

    /// Whether findings are reported.
    pub fn wants_findings(&self) -> bool {
        self.findings
    }

    /// Holds the diagnostics that follow back until [`release`](Self::release),
    /// so that findings known only at the end can join them in order.
    pub fn hold(&mut self) {
        self.held = Some(Spool::default());
    }

    /// Writes the held diagnostics, with `late` findings (in offset order)
    /// among them where their offsets fall.
    pub fn release(&mut self, path: &str, late: &[Finding]) -> io::Result<()> {
        let mut rendered = Vec::with_capacity(late.len());
        for finding in late {
            let mut line = Vec::new();
            self.render_finding(&mut line, path, finding)?;
            rendered.push((finding.offset, line));
        }
        match self.held.take() {
            Some(spool) => spool.drain_into(&mut self.out, &rendered),
            None => rendered
                .iter()
                .try_for_each(|(_, line)| self.out.write_all(line)),
        }
    }

    /// Writes one rendered diagnostic, or holds it back.
    fn emit(&mut self, offset: u64) -> io::Result<()> {
        let result = match &mut self.held {
            Some(spool) => spool.push(offset, &self.scratch),
            None => self.out.write_all(&self.scratch),
        };
        self.scratch.clear();
        result
    }

    /// Reports one finding of the input named `path`.
    pub fn finding(&mut self, path: &str, finding: &Finding) -> io::Result<()> {
        let mut line = std::mem::take(&mut self.scratch);
        let rendered = self.render_finding(&mut line, path, finding);
        self.scratch = line;
        rendered?;
        self.emit(finding.offset)
    }

    fn render_finding(&self, out: &mut Vec<u8>, path: &str, finding: &Finding) -> io::Result<()> {
        match self.format {
            Format::Jsonl => {
                let record = JsonFinding {
                    path,
                    offset: finding.offset,
                    length: finding.len,
                    line: finding.line,
                    column: finding.column,
                    kind: finding.kind.name(),
                    bytes: hex_bytes(&finding.bytes),
                    severity: finding.severity.name(),
                    detail: &finding.detail,
                    repair: finding.repair.as_deref(),
                    chain: finding.chain.as_deref(),
                };
                write_json_line(out, &record)
            }
            Format::Text => {
                let place = format!("{}:{}:{}:", text_name(path), finding.line, finding.column);
                let style = match finding.severity {
                    Severity::Warning => WARNING_STYLE,
                    Severity::Info => INFO_STYLE,
                };
                let label = self.styled(
                    style,
                    &format!("{} {}", finding.severity.name(), finding.kind),
                );
                writeln!(
                    out,
                    "{} offset {:#010x}: {label}: {}",
                    self.styled(PATH_STYLE, &place),
                    finding.offset,
                    escape_for_terminal(&finding.detail)
                )
            }
        }
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
        self.spans_this_file += 1;
        if self.max_spans.is_some_and(|max| self.spans_this_file > max) {
            return Ok(());
        }
        let mut line = std::mem::take(&mut self.scratch);
        let rendered = self.render_span(&mut line, path, located, bytes);
        self.scratch = line;
        rendered?;
        self.emit(located.span.offset)
    }

    fn render_span(
        &self,
        out: &mut Vec<u8>,
        path: &str,
        located: &LocatedSpan,
        bytes: &[u8],
    ) -> io::Result<()> {
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
                write_json_line(out, &record)
            }
            Format::Text => {
                let place = format!("{}:{}:{}:", text_name(path), located.line, located.column);
                let kind = self.styled(KIND_STYLE, span.kind.name());
                writeln!(
                    out,
                    "{} offset {:#010x}: {kind}: {}",
                    self.styled(PATH_STYLE, &place),
                    span.offset,
                    hex_bytes(bytes)
                )
            }
        }
    }

    /// Reports the verdict on one input (text format only); `findings` gives
    /// the warning and info counts when findings are reported.
    pub fn summary(
        &mut self,
        path: &str,
        invalid: u64,
        len: u64,
        findings: Option<(u64, u64)>,
    ) -> io::Result<()> {
        let listed = self
            .max_spans
            .map_or(self.spans_this_file, |max| self.spans_this_file.min(max));
        let unlisted = std::mem::take(&mut self.spans_this_file) - listed;
        let warnings = findings.map_or(0, |(warnings, _)| warnings);
        self.run.files += 1;
        self.run.bytes += len;
        self.run.with_invalid += u64::from(invalid > 0);
        self.run.with_warnings += u64::from(warnings > 0);
        if self.format != Format::Text {
            return Ok(());
        }
        let place = self.styled(PATH_STYLE, &format!("{}:", text_name(path)));
        if unlisted > 0 {
            writeln!(
                self.out,
                "{place} \u{2026} and {} more invalid span{} (--max-spans 0 lists all)",
                thousands(unlisted),
                if unlisted == 1 { "" } else { "s" }
            )?;
        }
        if self.quiet && invalid == 0 && warnings == 0 {
            return Ok(());
        }
        let size = thousands(len);
        let bytes_word = if len == 1 { "byte" } else { "bytes" };
        let found = match findings {
            Some((warnings, infos)) => format!(
                "; findings: {} warning{}, {} info",
                thousands(warnings),
                if warnings == 1 { "" } else { "s" },
                thousands(infos)
            ),
            None => String::new(),
        };
        if invalid == 0 {
            let verdict = self.styled(OK_STYLE, "valid UTF-8");
            writeln!(self.out, "{place} {verdict}, {size} {bytes_word}{found}")
        } else {
            let spans_word = if invalid == 1 {
                "invalid span"
            } else {
                "invalid spans"
            };
            let count = self.styled(KIND_STYLE, &format!("{} {spans_word}", thousands(invalid)));
            writeln!(self.out, "{place} {count} in {size} {bytes_word}{found}")
        }
    }

    /// Ends the run: with `--quiet`, one line totals it (text format).
    pub fn finish_run(&mut self) -> io::Result<()> {
        if !self.quiet || self.format != Format::Text {
            return Ok(());
        }
        let RunTotals {
            files,
            bytes,
            with_invalid,
            with_warnings,
        } = self.run;
        let mut line = format!(
            "checked {} file{}, {}: {} with invalid UTF-8",
            thousands(files),
            if files == 1 { "" } else { "s" },
            crate::display::human_size(bytes),
            thousands(with_invalid)
        );
        if self.findings {
            line.push_str(&format!(", {} with warnings", thousands(with_warnings)));
        }
        writeln!(self.out, "{line}")
    }

    /// Flushes buffered output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
