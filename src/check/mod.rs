//! `utf8scope check`: every invalid span of every input, for scripts and CI.

mod report;
mod spool;

use std::ffi::OsString;
use std::io::{self, Write};
use std::ops::ControlFlow;

pub use report::{Format, Reporter};

use crate::display::{escape_for_terminal, path_text};
use crate::input::{Input, open_input};
use crate::model::blocks::feed::{SCAN_BLOCK, fill_from, for_each_block_sized};
use crate::model::blocks::line_aligned::LineAligned;
use crate::model::blocks::{BlockScanner, LocatedSpan};
use crate::model::findings::{Finding, FindingsScanner, Severity};
use crate::model::source::SourceError;

/// The exit statuses of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Every input is valid UTF-8 (status 0).
    Valid = 0,
    /// Some input has an invalid span (status 1).
    Invalid = 1,
    /// Some input could not be read (status 2).
    Unreadable = 2,
}

/// Checks each input (`-` is standard input), writing the report to
/// `reporter` and one line per unreadable input to `errors`.
pub fn run<W: Write>(
    inputs: &[OsString],
    reporter: &mut Reporter<W>,
    errors: &mut dyn Write,
) -> io::Result<Verdict> {
    let mut verdict = Verdict::Valid;
    for input in inputs {
        // As given, so that the report names it the way the user did.
        let path = path_text(input);
        let outcome = match open_input(Some(input)) {
            Ok(Input::File(source)) => scan_and_report(&path, fill_from(&source), reporter),
            // Pipes, devices and /proc files are read once, with bounded memory.
            Ok(Input::Stream(mut stream)) => scan_and_report(&path, stream.fill(), reporter),
            Err(message) => Err(Failure::Unopened(message)),
        };
        let unreadable = match outcome {
            Ok(0) => None,
            Ok(_) => {
                verdict = verdict.max(Verdict::Invalid);
                None
            }
            Err(Failure::Output(error)) => return Err(error),
            Err(Failure::Input(error)) => {
                Some(escape_for_terminal(&error.to_string()).into_owned())
            }
            Err(Failure::Unopened(message)) => Some(message),
        };
        if let Some(message) = unreadable {
            // What was found before the read failed still counts.
            reporter.release(&path, &[])?;
            reporter.flush()?;
            writeln!(errors, "utf8scope: {message}")?;
            verdict = Verdict::Unreadable;
        }
    }
    reporter.finish_run()?;
    reporter.flush()?;
    Ok(verdict)
}

/// Why checking one input stopped.
enum Failure {
    /// The input could not be read: reported, and the next input is checked.
    Input(SourceError),
    /// The input could not be opened: this terminal-safe line says why.
    Unopened(String),
    /// The report could not be written (e.g. a closed pipe): stop everything.
    Output(io::Error),
}

impl From<SourceError> for Failure {
    fn from(error: SourceError) -> Self {
        Failure::Input(error)
    }
}

/// Scans one input block by block, reporting spans as they are found and the
/// summary at the end; returns the number of invalid spans.
fn scan_and_report<W: Write>(
    path: &str,
    fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send,
    reporter: &mut Reporter<W>,
) -> Result<u64, Failure> {
    let mut scanner = BlockScanner::new();
    let mut finder = reporter.wants_findings().then(FindingsScanner::new);
    let block_size = if finder.is_some() {
        FindingsScanner::LINES_BLOCK
    } else {
        SCAN_BLOCK
    };
    let mut tally = ReportTally::default();
    let mut output_error = None;
    if finder.is_some() {
        // The findings pass knows some findings only at the end.
        reporter.hold();
    }
    // Findings judge whole lines: cut blocks at line feeds for them.
    let mut aligned = LineAligned::aligning_if(finder.is_some(), |block: &[u8]| {
        let block_start = scanner.offset();
        let mut spans = Vec::new();
        let mut findings = Vec::new();
        // Where the findings pass, having found the block valid, says the
        // next unit is: then the plain scan need not validate it again.
        let mut valid_up_to = None;
        if let Some(finder) = finder.as_mut() {
            valid_up_to = finder.feed_lines(block).then(|| finder.position());
            findings = finder.take_findings();
        }
        match valid_up_to {
            Some(next) => scanner.pass_valid(block.len(), next.line, next.column),
            None => scanner.scan(block, |located: LocatedSpan| spans.push(located)),
        }
        let result = report_block(
            reporter,
            path,
            block,
            block_start,
            spans,
            findings,
            &mut tally,
        );
        match result {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                output_error = Some(error);
                ControlFlow::Break(())
            }
        }
    });
    for_each_block_sized(block_size, fill, |block| aligned.push(block))?;
    let _ = aligned.finish();
    if let Some(error) = output_error {
        return Err(Failure::Output(error));
    }
    let late = finder.map_or_else(Vec::new, FindingsScanner::finish);
    late.iter().for_each(|finding| tally.count(finding));
    reporter.release(path, &late).map_err(Failure::Output)?;
    reporter
        .summary(
            path,
            tally.invalid,
            scanner.offset(),
            reporter
                .wants_findings()
                .then_some((tally.warnings, tally.infos)),
        )
        .map_err(Failure::Output)?;
    // Warnings fail the check like invalid spans; info never does.
    Ok(tally.invalid + tally.warnings)
}

/// What one input's report counted.
#[derive(Default)]
struct ReportTally {
    invalid: u64,
    warnings: u64,
    infos: u64,
}

impl ReportTally {
    fn count(&mut self, finding: &Finding) {
        match finding.severity {
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.infos += 1,
        }
    }
}

/// Reports one block's spans and findings, merged in file order.
fn report_block<W: Write>(
    reporter: &mut Reporter<W>,
    path: &str,
    block: &[u8],
    block_start: u64,
    spans: Vec<LocatedSpan>,
    findings: Vec<Finding>,
    tally: &mut ReportTally,
) -> io::Result<()> {
    let mut findings = findings.into_iter().peekable();
    for located in spans {
        while let Some(finding) = findings.next_if(|f| f.offset <= located.span.offset) {
            tally.count(&finding);
            reporter.finding(path, &finding)?;
        }
        tally.invalid += 1;
        let at = (located.span.offset - block_start) as usize;
        reporter.span(
            path,
            &located,
            &block[at..at + usize::from(located.span.len)],
        )?;
    }
    for finding in findings {
        tally.count(&finding);
        reporter.finding(path, &finding)?;
    }
    Ok(())
}
