//! Checking one file: read it block by block, scan it (and look for
//! findings), and report what counts as it is found.

use std::cell::RefCell;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use super::hints::Hints;
use super::kinds::{KindFilter, ReportKind};
use super::report::{FileCounts, ReportStyle, Reporter};
use crate::display::{escape_for_terminal, path_text};
use crate::input::{Input, open_input};
use crate::model::blocks::feed::{READ_SIZE, SCAN_BLOCK, fill_from};
use crate::model::blocks::line_aligned::LineAligned;
use crate::model::blocks::pipeline::{Feed, read_through};
use crate::model::blocks::{BlockScanner, LocatedSpan};
use crate::model::encoding::{DETECT_SAMPLE, Detection, EncodingRule};
use crate::model::findings::{
    EncodedScanner, Finding, FindingsScanner, Repairer, Severity, Stretch, is_plain_ascii_text,
};
use crate::model::sniff::{BINARY_SNIFF, nul_in_head};
use crate::model::source::SourceError;
use crate::model::source::io_reason;
use crate::model::{Opened, Source};

/// What is looked for in one file.
#[derive(Debug, Clone)]
pub struct FileRules {
    /// Look for findings too.
    pub findings: bool,
    /// Which kinds count.
    pub kinds: KindFilter,
    /// Skip the file if it looks binary (walked files, without `--binary`).
    pub skip_binary: bool,
    /// Which encoding the file is checked in.
    pub encoding: EncodingRule,
    /// Finds the mojibake of its findings pass.
    pub repairer: Arc<Repairer>,
}

/// The encoding `check` reads a file starting with `head` in, and why;
/// `None` for UTF-8 (the fast path, with hints).
fn chosen_for_check<W: Write>(
    rule: EncodingRule,
    head: &[u8],
    reporter: &mut Reporter<W>,
) -> Option<Detection> {
    let found = rule.choose(head)?;
    if found.encoding.is_utf8() {
        // Read as UTF-8 the plain way; `--explain` still says why.
        reporter.set_reasons(&found);
        return None;
    }
    Some(found)
}

/// How checking one file ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileOutcome {
    /// Checked: what the report counted.
    Checked(FileCounts),
    /// Skipped: a NUL byte in its first block.
    SkippedBinary,
    /// Not readable, or not to the end: this terminal-safe line says why
    /// (what was found before still counts).
    Unreadable(String, FileCounts),
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

/// Checks the file at `path` (`-` is standard input) and writes its report
/// to `out`; an error is one of writing the report. `walked` says that a
/// walk found it as a regular file.
pub fn check_file<W: Write>(
    path: &OsStr,
    walked: bool,
    rules: &FileRules,
    style: ReportStyle,
    out: W,
) -> io::Result<(FileOutcome, W)> {
    // As given, so that the report names it the way the user did.
    let name = path_text(path);
    let mut reporter = Reporter::new(out, style, rules.findings);
    let mut counts = FileCounts::default();
    let outcome = if walked {
        check_walked(&name, Path::new(path), rules, &mut reporter, &mut counts)
    } else {
        match open_input(Some(path)) {
            Ok(Input::File(source)) => {
                check_source(&name, &source, rules, &mut reporter, &mut counts)
            }
            // Pipes, devices and /proc files are read once, with bounded memory.
            Ok(Input::Stream(mut stream)) => {
                let chosen = match rules.encoding {
                    rule if !rule.reads_head() => Ok(None),
                    rule => stream
                        .peek(DETECT_SAMPLE)
                        .map(|head| chosen_for_check(rule, &head, &mut reporter)),
                };
                chosen.map_err(Failure::Input).and_then(|chosen| {
                    let input = Feed::Reader(stream.fill());
                    match chosen {
                        Some(found) => {
                            check_encoded(&name, found, input, rules, &mut reporter, &mut counts)
                        }
                        None => scan_and_report(&name, input, rules, &mut reporter, &mut counts),
                    }
                    .map(|()| true)
                })
            }
            Err(message) => {
                let outcome = FileOutcome::Unreadable(message, counts);
                return Ok((outcome, reporter.into_inner()));
            }
        }
    };
    let outcome = match outcome {
        Ok(true) => FileOutcome::Checked(counts),
        Ok(false) => FileOutcome::SkippedBinary,
        Err(Failure::Output(error)) => return Err(error),
        Err(Failure::Input(error)) => {
            // What was found before the read failed still counts.
            reporter.release(&name, &[])?;
            FileOutcome::Unreadable(escape_for_terminal(&error.to_string()).into_owned(), counts)
        }
    };
    reporter.flush()?;
    Ok((outcome, reporter.into_inner()))
}

thread_local! {
    /// Each checking thread's buffer for small files, kept between files.
    static SMALL_FILE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Checks a file a walk found. A tree is mostly small files: each is read
/// whole into the thread's buffer with plain reads to its end, as ripgrep
/// does (no size asked first); a file that fills the buffer is read again
/// as a large one.
fn check_walked<W: Write>(
    name: &str,
    path: &Path,
    rules: &FileRules,
    reporter: &mut Reporter<W>,
    counts: &mut FileCounts,
) -> Result<bool, Failure> {
    let open_error = |error: io::Error| SourceError::Open {
        name: name.to_string(),
        reason: io_reason(&error),
    };
    let mut file = File::open(path).map_err(open_error)?;
    let small = SMALL_FILE.with_borrow_mut(|buffer| -> Result<_, Failure> {
        buffer.resize(READ_SIZE + 1, 0);
        let mut filled = 0;
        while filled < buffer.len() {
            match file.read(&mut buffer[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(Failure::Input(SourceError::Read {
                        name: name.to_string(),
                        offset: filled as u64,
                        reason: io_reason(&e),
                    }));
                }
            }
        }
        if filled == buffer.len() {
            return Ok(None);
        }
        check_bytes(name, &buffer[..filled], rules, reporter, counts).map(Some)
    })?;
    if let Some(checked) = small {
        return Ok(checked);
    }
    match Source::open_path(path)? {
        Opened::Positioned(source) => check_source(name, &source, rules, reporter, counts),
        Opened::Stream(_) => Err(Failure::Input(SourceError::Open {
            name: name.to_string(),
            reason: "is no longer a regular file".to_string(),
        })),
    }
}

/// Checks a file that can be read anywhere; `Ok(false)` when it is skipped
/// as binary. A small file is read whole on this thread (a tree holds tens
/// of thousands of them); a large one is read on a second thread while this
/// one scans.
fn check_source<W: Write>(
    name: &str,
    source: &Source,
    rules: &FileRules,
    reporter: &mut Reporter<W>,
    counts: &mut FileCounts,
) -> Result<bool, Failure> {
    let len = source.len();
    if len <= READ_SIZE as u64 {
        let bytes = source.read_range(0, len as usize)?;
        return check_bytes(name, &bytes, rules, reporter, counts);
    }
    if rules.skip_binary && nul_in_head(&source.read_range(0, BINARY_SNIFF)?) {
        return Ok(false);
    }
    let chosen = match rules.encoding {
        rule if !rule.reads_head() => None,
        rule => chosen_for_check(rule, &source.read_range(0, DETECT_SAMPLE)?, reporter),
    };
    let input = Feed::Reader(fill_from(source));
    match chosen {
        Some(found) => check_encoded(name, found, input, rules, reporter, counts)?,
        None => scan_and_report(name, input, rules, reporter, counts)?,
    }
    Ok(true)
}

/// Checks a whole file held in memory; `Ok(false)` when it is skipped as
/// binary.
fn check_bytes<W: Write>(
    name: &str,
    bytes: &[u8],
    rules: &FileRules,
    reporter: &mut Reporter<W>,
    counts: &mut FileCounts,
) -> Result<bool, Failure> {
    if rules.skip_binary && nul_in_head(bytes) {
        return Ok(false);
    }
    if let Some(found) = chosen_for_check(rules.encoding, bytes, reporter) {
        check_encoded(name, found, Feed::bytes(bytes), rules, reporter, counts)?;
        return Ok(true);
    }
    // Valid, and nothing a finding could be made of: no span or finding
    // needs a line number, so the lines need not be counted (most files of
    // a tree).
    let nothing_to_find = if rules.findings {
        is_plain_ascii_text(bytes)
    } else {
        // (ESC: ISO-2022-JP is valid UTF-8, and the summary names it.)
        simdutf8::basic::from_utf8(bytes).is_ok() && memchr::memchr(0x1B, bytes).is_none()
    };
    if nothing_to_find {
        counts.bytes = bytes.len() as u64;
        reporter
            .summary(name, counts, None)
            .map_err(Failure::Output)?;
        return Ok(true);
    }
    scan_and_report(name, Feed::bytes(bytes), rules, reporter, counts)?;
    Ok(true)
}

/// Scans one input block by block, reporting what counts as it is found
/// and the summary at the end.
fn scan_and_report<W: Write>(
    path: &str,
    feed: Feed<'_, impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send>,
    rules: &FileRules,
    reporter: &mut Reporter<W>,
    counts: &mut FileCounts,
) -> Result<(), Failure> {
    let mut scanner = BlockScanner::new();
    let mut finder = rules
        .findings
        .then(|| FindingsScanner::with_repairer(Arc::clone(&rules.repairer)));
    let block_size = if finder.is_some() {
        FindingsScanner::LINES_BLOCK
    } else {
        SCAN_BLOCK
    };
    let mut output_error = None;
    if finder.is_some() {
        // The findings pass knows some findings only at the end.
        reporter.hold();
    }
    let kinds = &rules.kinds;
    let mut hints = Hints::default();
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
        // (The file's start is looked at even when valid: ISO-2022-JP is.)
        if !spans.is_empty() || block_start == 0 {
            hints.observe(block_start, block, &spans);
        }
        let block_report = BlockReport {
            path,
            block,
            block_start,
            kinds,
            hints: Some(&mut hints),
        };
        match block_report.write(reporter, spans, findings, counts) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                output_error = Some(error);
                ControlFlow::Break(())
            }
        }
    });
    let read = read_through(feed, block_size, &mut aligned);
    if read.is_err() {
        // What was read before the failure still counts.
        let _ = aligned.finish();
    } else {
        drop(aligned);
    }
    if let Some(error) = output_error {
        return Err(Failure::Output(error));
    }
    counts.bytes = scanner.offset();
    let _stopped_or_ended = read?;
    let late: Vec<Finding> = finder
        .map_or_else(Vec::new, FindingsScanner::finish)
        .into_iter()
        .filter(|finding| count_finding(kinds, finding, counts))
        .collect();
    reporter.release(path, &late).map_err(Failure::Output)?;
    let hint = (counts.invalid > 0 || hints.is_evident())
        .then(|| hints.summary())
        .flatten();
    reporter
        .summary(path, counts, hint.as_deref())
        .map_err(Failure::Output)?;
    Ok(())
}

/// Checks one input in the encoding `found` names.
fn check_encoded<W: Write>(
    path: &str,
    found: Detection,
    feed: Feed<'_, impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send>,
    rules: &FileRules,
    reporter: &mut Reporter<W>,
    counts: &mut FileCounts,
) -> Result<(), Failure> {
    let mut scanner = EncodedScanner::new(
        found.encoding,
        rules.findings.then(|| Arc::clone(&rules.repairer)),
    );
    reporter.set_encoding(&found);
    if rules.findings {
        reporter.hold();
    }
    let mut output_error = None;
    let report = |stretch: Stretch, reporter: &mut Reporter<W>, counts: &mut FileCounts| {
        let findings = stretch.findings;
        let block_report = BlockReport {
            path,
            block: &stretch.bytes,
            block_start: stretch.start,
            kinds: &rules.kinds,
            hints: None,
        };
        block_report.write(reporter, stretch.spans, findings, counts)
    };
    let read = read_through(feed, SCAN_BLOCK, &mut |block: &[u8]| match report(
        scanner.push(block),
        reporter,
        counts,
    ) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => {
            output_error = Some(error);
            ControlFlow::Break(())
        }
    });
    if let Some(error) = output_error {
        return Err(Failure::Output(error));
    }
    let (last, late) = scanner.finish();
    counts.bytes = last.end;
    report(last, reporter, counts).map_err(Failure::Output)?;
    let _stopped_or_ended = read?;
    let late: Vec<Finding> = late
        .into_iter()
        .filter(|finding| count_finding(&rules.kinds, finding, counts))
        .collect();
    reporter.release(path, &late).map_err(Failure::Output)?;
    reporter
        .summary(path, counts, None)
        .map_err(Failure::Output)?;
    Ok(())
}

/// Counts `finding` if its kind counts; returns whether it does.
fn count_finding(kinds: &KindFilter, finding: &Finding, counts: &mut FileCounts) -> bool {
    if !kinds.counts(ReportKind::Finding(finding.kind)) {
        counts.ignored += 1;
        return false;
    }
    match finding.severity {
        Severity::Warning => counts.warnings += 1,
        Severity::Info => counts.infos += 1,
    }
    true
}

/// One block's spans and findings, to report merged in file order.
struct BlockReport<'a> {
    path: &'a str,
    block: &'a [u8],
    block_start: u64,
    kinds: &'a KindFilter,
    /// For a file read as UTF-8: what its spans are in a legacy encoding.
    hints: Option<&'a mut Hints>,
}

impl BlockReport<'_> {
    fn write<W: Write>(
        mut self,
        reporter: &mut Reporter<W>,
        spans: Vec<LocatedSpan>,
        findings: Vec<Finding>,
        counts: &mut FileCounts,
    ) -> io::Result<()> {
        let mut findings = findings.into_iter().peekable();
        for located in spans {
            while let Some(finding) = findings.next_if(|f| f.offset <= located.span.offset) {
                if count_finding(self.kinds, &finding, counts) {
                    reporter.finding(self.path, &finding)?;
                }
            }
            if !self.kinds.counts(ReportKind::Invalid(located.span.kind)) {
                counts.ignored += 1;
                counts.ignored_invalid += 1;
                continue;
            }
            counts.invalid += 1;
            let at = (located.span.offset - self.block_start) as usize;
            let reading = match self.hints.as_deref_mut() {
                Some(hints) if reporter.wants_readings() => {
                    hints.reading(self.block_start, self.block, &located)
                }
                _ => None,
            };
            reporter.span(
                self.path,
                &located,
                &self.block[at..at + usize::from(located.span.len)],
                reading.as_ref(),
            )?;
        }
        for finding in findings {
            if count_finding(self.kinds, &finding, counts) {
                reporter.finding(self.path, &finding)?;
            }
        }
        Ok(())
    }
}
