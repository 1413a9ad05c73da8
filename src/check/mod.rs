//! `utf8scope check`: every invalid span (and, with `--findings`, every
//! finding) of every input, for scripts and CI. Directories are walked;
//! files are checked in parallel and reported in a stable order.

mod buffer;
pub mod config;
mod file;
mod github;
mod hints;
pub mod kinds;
mod ordered;
mod report;
mod sarif;
mod spool;
mod totals;
pub mod walk;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

pub use config::Config;
pub use file::{FileOutcome, FileRules};
pub use kinds::{KindFilter, ReportKind};
pub use report::{FileCounts, Format, ReportStyle};
pub use walk::{Found, Target, WalkOptions};

use crate::model::encoding::EncodingRule;
use crate::model::findings::Repairer;
use buffer::FileOutput;
use file::check_file;
use sarif::CommaGate;
use totals::RunTotals;

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

/// Everything a run of `check` is told.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// How reports are written.
    pub style: ReportStyle,
    /// `--findings`.
    pub findings: bool,
    /// `--select` and `--ignore`, over the config file's.
    pub kinds: KindFilter,
    /// `--binary`: check walked files that look binary too.
    pub binary: bool,
    /// How directories are walked.
    pub walk: WalkOptions,
    /// Threads checking files (`--threads`; 0 for one per core).
    pub threads: usize,
    /// Finds the mojibake of every file (its settings are the run's: the
    /// backend, and the threads a file's findings pass is split over).
    pub repairer: Arc<Repairer>,
    /// `--encoding`.
    pub encoding: EncodingRule,
}

/// Checks `paths` (`-` is standard input; directories are walked), writing
/// the report to `out` and one line per unreadable input to `errors`.
pub fn run<W: Write>(
    paths: &[OsString],
    options: &CheckOptions,
    config: Option<&Config>,
    out: W,
    errors: &mut dyn Write,
) -> io::Result<Verdict> {
    let format = options.style.format;
    let mut out = CommaGate::new(out, format == Format::Sarif);
    let walked_any = walk::walks_any(paths);
    let mut totals = RunTotals::default();
    if format == Format::Sarif {
        sarif::write_header(out.get_mut())?;
    }
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let found = walk::expand(paths, &options.walk, config);
    if threads == 1 || (!walked_any && paths.len() <= 1) {
        // One at a time, straight to the output: nothing waits.
        for found in found {
            match found {
                Found::File(target) => {
                    let rules = rules_for(&target, options, config);
                    let (outcome, _) =
                        check_file(&target.path, target.walked, &rules, options.style, &mut out)?;
                    totals.add(&outcome, rules.findings, errors)?;
                }
                Found::Error(message) => totals.walk_error(message, errors)?,
            }
        }
    } else {
        // The rules too are worked out on the workers: matching a config's
        // globs is not free over tens of thousands of files.
        let check = |found: Found| match found {
            Found::File(target) => {
                let rules = rules_for(&target, options, config);
                let output = FileOutput::default();
                let report = check_file(&target.path, target.walked, &rules, options.style, output);
                Checked::File(report, rules.findings)
            }
            Found::Error(message) => Checked::WalkError(message),
        };
        let record = |checked: Checked| -> io::Result<()> {
            match checked {
                Checked::File(report, findings) => {
                    let (outcome, output) = report?;
                    output.copy_to(&mut out)?;
                    totals.add(&outcome, findings, errors)
                }
                Checked::WalkError(message) => totals.walk_error(message, errors),
            }
        };
        ordered::run(found, threads, check, record)?;
    }
    match format {
        Format::Sarif => sarif::write_footer(out.get_mut(), &totals.unreadable)?,
        // What could not be read fails the job: say so where CI shows it.
        Format::Github => {
            for message in &totals.unreadable {
                out.write_all(github::unreadable(message).as_bytes())?;
            }
        }
        Format::Text if options.style.quiet || walked_any => {
            writeln!(out, "{}", totals.line())?;
        }
        _ => {}
    }
    out.flush()?;
    Ok(totals.verdict())
}

/// What a worker did with one thing the walk found.
enum Checked {
    /// A file checked: its report and whether findings were looked for.
    File(io::Result<(FileOutcome, FileOutput)>, bool),
    /// A path that could not be walked.
    WalkError(String),
}

/// What is looked for in `target`: the config's settings for its path, with
/// the command line's on top.
fn rules_for(target: &Target, options: &CheckOptions, config: Option<&Config>) -> FileRules {
    let settings = config.map(|config| config.settings_for(Path::new(&target.path)));
    let kinds = settings
        .as_ref()
        .map_or_else(KindFilter::default, |s| s.kinds.clone())
        .then(&options.kinds);
    let findings = options.findings
        || settings.is_some_and(|s| s.findings == Some(true))
        || kinds.selects_findings();
    FileRules {
        findings,
        kinds,
        skip_binary: target.walked && !options.binary,
        encoding: options.encoding,
        repairer: Arc::clone(&options.repairer),
    }
}
