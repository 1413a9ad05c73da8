//! How `check` writes what it finds: compiler-style text or JSON lines.

use std::io::{self, Write};

use anstyle::Style;

use crate::palette;
use serde::Serialize;

use crate::display::{escape_for_terminal, hex_bytes, thousands};
use crate::json::write_json_line;
use crate::model::InvalidKind;
use crate::model::encoding::Detection;

use super::hints::Reading;

use super::github::{Annotation, Level};
use super::kinds::ReportKind;
use super::sarif::SarifResult;
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
    /// One SARIF 2.1.0 log for the run (code scanning services).
    Sarif,
    /// GitHub Actions workflow commands: annotations on pull requests.
    Github,
}

/// How every file's report is written (by default: text, no colour, every
/// span listed).
#[derive(Debug, Clone, Copy)]
pub struct ReportStyle {
    /// The format.
    pub format: Format,
    /// ANSI colours in the text format.
    pub color: bool,
    /// Spans listed per file at most (`None`: all).
    pub max_spans: Option<u64>,
    /// Say nothing of files without problems.
    pub quiet: bool,
    /// Say why each file's encoding was chosen, under its summary.
    pub explain: bool,
}

impl Default for ReportStyle {
    fn default() -> Self {
        ReportStyle {
            format: Format::Text,
            color: false,
            max_spans: None,
            quiet: false,
            explain: false,
        }
    }
}

/// What one file's report counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FileCounts {
    /// Invalid spans reported.
    pub invalid: u64,
    /// Warnings reported.
    pub warnings: u64,
    /// Info findings reported.
    pub infos: u64,
    /// Spans and findings of kinds not counted (`--ignore`, `--select`).
    pub ignored: u64,
    /// Invalid spans among them.
    pub ignored_invalid: u64,
    /// The file's size in bytes.
    pub bytes: u64,
}

impl FileCounts {
    /// Whether the file fails the check: reported invalid spans or warnings.
    pub fn fails(&self) -> bool {
        self.invalid + self.warnings > 0
    }
}

/// Writes one file's spans, findings and summary in the chosen format.
pub struct Reporter<W: Write> {
    out: W,
    style: ReportStyle,
    findings: bool,
    /// Diagnostics held back until the file ends (see [`Spool`]).
    held: Option<Spool>,
    /// Where each diagnostic is rendered before it goes out.
    scratch: Vec<u8>,
    /// Spans of the file so far, listed or not.
    spans_this_file: u64,
    /// The encoding the file is read in, and how it was chosen
    /// (`UTF-16LE`, `BOM`); UTF-8 unless set.
    encoding: (&'static str, Option<String>),
    /// Why the encoding was chosen, a line per fact (detected encodings).
    reasons: Vec<String>,
}

/// One finding as a JSON line: the span keys, then severity and detail, and
/// for mojibake the repair, the chain and its steps char by char.
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
    chain: Option<String>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    steps: Vec<String>,
    /// How many in a row the finding stands for, when more than one.
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    /// Set when the finding and its count stand for the rest of its line's
    /// findings of its kind (past the first thousand listed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    folds_the_line: bool,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'static str>,
    #[serde(rename = "as", skip_serializing_if = "Option::is_none")]
    reading: Option<JsonReading<'a>>,
}

/// What a span's bytes are in a legacy encoding (the `as` key).
#[derive(Serialize)]
struct JsonReading<'a> {
    encoding: &'static str,
    text: &'a str,
    confidence: &'static str,
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

/// What `--explain` says of a file whose encoding nothing guessed.
const NOT_GUESSED: &str =
    "UTF-8: not guessed, the encoding read unless told otherwise (`--encoding auto` guesses)";

impl<W: Write> Reporter<W> {
    /// A reporter of one file writing to `out`; `findings` says whether
    /// findings are looked for.
    pub fn new(out: W, style: ReportStyle, findings: bool) -> Reporter<W> {
        Reporter {
            out,
            style,
            findings,
            held: None,
            scratch: Vec::new(),
            spans_this_file: 0,
            encoding: ("UTF-8", None),
            reasons: vec![NOT_GUESSED.to_string()],
        }
    }

    /// Says that the file is read in the encoding `found` names.
    pub fn set_encoding(&mut self, found: &Detection) {
        self.encoding = (found.encoding.name(), Some(found.describe()));
        self.set_reasons(found);
    }

    /// Keeps the reasons `found` gives for `--explain` (a file detected as
    /// UTF-8 is read as UTF-8 is by default, and its report says why).
    pub fn set_reasons(&mut self, found: &Detection) {
        self.reasons = found.reasons.iter().map(ToString::to_string).collect();
    }

    /// Whether spans are written with their legacy readings (jsonl).
    pub fn wants_readings(&self) -> bool {
        self.style.format == Format::Jsonl
    }

    /// The output, once the file is reported.
    pub fn into_inner(self) -> W {
        self.out
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
        let kind = ReportKind::Finding(finding.kind);
        match self.style.format {
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
                    repair: finding.repair(),
                    chain: finding.chain(),
                    steps: finding.steps_in_words(),
                    count: (finding.count > 1).then_some(finding.count),
                    folds_the_line: finding.folds_the_line,
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
                    escape_for_terminal(&finding.described())
                )
            }
            Format::Sarif => SarifResult {
                path,
                kind,
                level: match finding.severity {
                    Severity::Warning => "warning",
                    Severity::Info => "note",
                },
                message: format!("{}: {}", finding.kind, finding.described()),
                line: finding.line,
                column: finding.column,
                offset: finding.offset,
                len: finding.len,
                repair: finding.repair(),
                steps: finding.steps_in_words(),
            }
            .write(out),
            Format::Github => {
                let described = finding.described();
                let annotation = Annotation {
                    level: match finding.severity {
                        Severity::Warning => Level::Warning,
                        Severity::Info => Level::Notice,
                    },
                    file: &text_name(path),
                    line: finding.line,
                    column: finding.column,
                    title: &format!("utf8scope {}", finding.kind),
                    message: &escape_for_terminal(&described),
                };
                out.write_all(annotation.render().as_bytes())
            }
        }
    }

    fn styled(&self, style: Style, text: &str) -> String {
        if self.style.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }

    /// Reports one invalid span of the input named `path`, made of `bytes`.
    pub fn span(
        &mut self,
        path: &str,
        located: &LocatedSpan,
        bytes: &[u8],
        reading: Option<&Reading>,
    ) -> io::Result<()> {
        self.spans_this_file += 1;
        if self
            .style
            .max_spans
            .is_some_and(|max| self.spans_this_file > max)
        {
            return Ok(());
        }
        let mut line = std::mem::take(&mut self.scratch);
        let rendered = self.render_span(&mut line, path, located, bytes, reading);
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
        reading: Option<&Reading>,
    ) -> io::Result<()> {
        let span = &located.span;
        let encoding = self.encoding.0;
        match self.style.format {
            Format::Jsonl => {
                let record = JsonSpan {
                    path,
                    offset: span.offset,
                    length: span.len,
                    line: located.line,
                    column: located.column,
                    kind: span.kind.name(),
                    bytes: hex_bytes(bytes),
                    encoding: self.encoding.1.is_some().then_some(encoding),
                    reading: reading.map(|r| JsonReading {
                        encoding: r.encoding.name(),
                        text: &r.text,
                        confidence: r.confidence.name(),
                    }),
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
            Format::Sarif => SarifResult {
                path,
                kind: ReportKind::Invalid(span.kind),
                level: "error",
                message: span_message(encoding, span.kind, bytes, span.offset),
                line: located.line,
                column: located.column,
                offset: span.offset,
                len: u64::from(span.len),
                repair: None,
                steps: Vec::new(),
            }
            .write(out),
            Format::Github => {
                let annotation = Annotation {
                    level: Level::Error,
                    file: &text_name(path),
                    line: located.line,
                    column: located.column,
                    title: &format!("utf8scope invalid {encoding}: {}", span.kind),
                    message: &span_message(encoding, span.kind, bytes, span.offset),
                };
                out.write_all(annotation.render().as_bytes())
            }
        }
    }

    /// Reports the verdict on the file (text format only).
    pub fn summary(
        &mut self,
        path: &str,
        counts: &FileCounts,
        hint: Option<&str>,
    ) -> io::Result<()> {
        let listed = self
            .style
            .max_spans
            .map_or(self.spans_this_file, |max| self.spans_this_file.min(max));
        let unlisted = std::mem::take(&mut self.spans_this_file) - listed;
        if self.style.format != Format::Text {
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
        if self.style.quiet && !counts.fails() {
            return Ok(());
        }
        let len = counts.bytes;
        let size = thousands(len);
        let bytes_word = if len == 1 { "byte" } else { "bytes" };
        let mut found = if self.findings {
            format!(
                "; findings: {} warning{}, {} info",
                thousands(counts.warnings),
                if counts.warnings == 1 { "" } else { "s" },
                thousands(counts.infos)
            )
        } else {
            String::new()
        };
        if counts.ignored > 0 {
            found.push_str(&format!("; {} ignored", thousands(counts.ignored)));
        }
        if let Some(hint) = hint {
            found.push_str(&format!("; {hint}"));
        }
        if let (name, Some(how)) = &self.encoding {
            found.push_str(&format!("; read as {name} ({how})"));
        }
        let invalid = counts.invalid;
        if invalid == 0 && counts.ignored_invalid == 0 {
            let verdict = self.styled(OK_STYLE, &format!("valid {}", self.encoding.0));
            writeln!(self.out, "{place} {verdict}, {size} {bytes_word}{found}")?;
        } else if invalid == 0 {
            // Not "valid": the spans are there, only not counted.
            writeln!(
                self.out,
                "{place} no invalid spans counted in {size} {bytes_word}{found}"
            )?;
        } else {
            let spans_word = if invalid == 1 {
                "invalid span"
            } else {
                "invalid spans"
            };
            let count = self.styled(KIND_STYLE, &format!("{} {spans_word}", thousands(invalid)));
            writeln!(self.out, "{place} {count} in {size} {bytes_word}{found}")?;
        }
        if self.style.explain {
            // The facts quote the file's words: escaped like any of its text.
            for reason in std::mem::take(&mut self.reasons) {
                writeln!(self.out, "  because {}", escape_for_terminal(&reason))?;
            }
        }
        Ok(())
    }

    /// Flushes buffered output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// An invalid span in words, for SARIF and GitHub annotations.
fn span_message(encoding: &str, kind: InvalidKind, bytes: &[u8], offset: u64) -> String {
    format!(
        "invalid {encoding} ({kind}): {} at byte offset {offset}: {}",
        hex_bytes(bytes),
        kind.explanation()
    )
}
