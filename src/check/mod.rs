//! `utf8scope check`: every invalid span of every input, for scripts and CI.

mod report;

use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

pub use report::{Format, Reporter};

use crate::display::escape_for_terminal;
use crate::model::scan::feed::{fill_from, for_each_block};
use crate::model::scan::{BlockScanner, LocatedSpan};
use crate::model::source::{Source, SourceError, io_reason};

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
    inputs: &[String],
    reporter: &mut Reporter<W>,
    errors: &mut dyn Write,
) -> io::Result<Verdict> {
    let mut verdict = Verdict::Valid;
    for input in inputs {
        let outcome = if input == "-" {
            check_stream(input, "<stdin>", io::stdin(), reporter)
        } else {
            check_path(input, reporter)
        };
        match outcome {
            Ok(0) => {}
            Ok(_) => verdict = verdict.max(Verdict::Invalid),
            Err(Failure::Output(error)) => return Err(error),
            Err(Failure::Input(error)) => {
                reporter.flush()?;
                writeln!(
                    errors,
                    "utf8scope: {}",
                    escape_for_terminal(&error.to_string())
                )?;
                verdict = Verdict::Unreadable;
            }
        }
    }
    reporter.flush()?;
    Ok(verdict)
}

/// Why checking one input stopped.
enum Failure {
    /// The input could not be read: reported, and the next input is checked.
    Input(SourceError),
    /// The report could not be written (e.g. a closed pipe): stop everything.
    Output(io::Error),
}

impl From<SourceError> for Failure {
    fn from(error: SourceError) -> Self {
        Failure::Input(error)
    }
}

fn check_path<W: Write>(path: &str, reporter: &mut Reporter<W>) -> Result<u64, Failure> {
    let source = Source::open(Path::new(path))?;
    let fill = fill_from(&source);
    scan_and_report(path, fill, reporter)
}

fn check_stream<W: Write>(
    path: &str,
    name: &str,
    mut reader: impl Read + Send,
    reporter: &mut Reporter<W>,
) -> Result<u64, Failure> {
    let mut position = 0u64;
    let fill = |buf: &mut [u8]| loop {
        match reader.read(buf) {
            Ok(n) => {
                position += n as u64;
                return Ok(n);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(SourceError::Read {
                    name: name.to_string(),
                    offset: position,
                    reason: io_reason(&e),
                });
            }
        }
    };
    scan_and_report(path, fill, reporter)
}

/// Scans one input block by block, reporting spans as they are found and the
/// summary at the end; returns the number of invalid spans.
fn scan_and_report<W: Write>(
    path: &str,
    fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send,
    reporter: &mut Reporter<W>,
) -> Result<u64, Failure> {
    let mut scanner = BlockScanner::new();
    let mut invalid = 0u64;
    let mut output_error = None;
    for_each_block(fill, |block| {
        let block_start = scanner.offset();
        scanner.scan(block, |located: LocatedSpan| {
            invalid += 1;
            if output_error.is_none() {
                let at = (located.span.offset - block_start) as usize;
                let bytes = &block[at..at + usize::from(located.span.len)];
                output_error = reporter.span(path, &located, bytes).err();
            }
        });
        match output_error {
            Some(_) => ControlFlow::Break(()),
            None => ControlFlow::Continue(()),
        }
    })?;
    if let Some(error) = output_error {
        return Err(Failure::Output(error));
    }
    reporter
        .summary(path, invalid, scanner.offset())
        .map_err(Failure::Output)?;
    Ok(invalid)
}
