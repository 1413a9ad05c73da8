//! `utf8scope fix`: writes the text with its mojibake repaired (and, when
//! asked, invalid spans replaced or dropped and BOMs stripped), and says on
//! standard error what it changed.

mod binary;
mod convert;

use convert::{ConvertFailure, convert};
mod changes;
mod diff;
mod output;
mod parts;
mod repair;
mod repairing;

pub use binary::{Binary, looks_binary, looks_binary_in};
pub use changes::{Change, ChangeKind, ChangeLog, EXAMPLES_PER_KIND};
pub use repair::{InvalidPolicy, RepairOptions, RepairPass};

use std::io::{self, BufWriter, IsTerminal, Read, Seek, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::display::path_text;
use crate::input::Input;
use crate::model::blocks::feed::{READ_SIZE, fill_from};
use crate::model::blocks::line_aligned::LineAligned;
use crate::model::blocks::pipeline::{Feed, Sink, read_through};
use crate::model::encoding::{
    Confidence, DETECT_SAMPLE, Detection, EncodingRule, Evidence, RowEncoding, decode_lossy,
    legacy_rows_encoding, plausibility,
};
use crate::model::sniff::BINARY_SNIFF;
use crate::model::source::{SourceError, io_reason};
use crate::model::{Encoding, Source};
use output::{Target, open_target};
use repairing::{RepairSink, RepairingWriter};

/// The blocks `fix` reads: the mojibake pass shares each out between the
/// cores, and the fewer the blocks, the less it waits at their ends.
const FIX_BLOCK: usize = 4 * READ_SIZE;

/// Where the repaired text goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file: a regular one replaced atomically (written beside it, then
    /// renamed), anything else (a device, a FIFO) written through.
    File(PathBuf),
    /// Over the input, atomically; left untouched when nothing changes.
    InPlace,
    /// Nowhere: what would change goes to standard output as a unified
    /// diff (`--diff`).
    Diff,
}

/// What `fix` may do besides repairing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FixOptions {
    /// What is repaired.
    pub repair: RepairOptions,
    /// Repair an input that looks binary too.
    pub binary: bool,
    /// Replace a file that has other hard links (they keep the old text).
    pub break_links: bool,
    /// `--from`: convert the whole file from this encoding (`None` inside:
    /// detect it). With `--invalid legacy`, the encoding of the legacy rows.
    pub from: Option<Option<Encoding>>,
    /// `--keep-bom`: keep the converted file's byte order mark (as U+FEFF).
    pub keep_bom: bool,
}

/// Why `fix` failed.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// One line naming the file and the reason.
    #[error("{0}")]
    Failed(String),
    /// Standard output was closed early (`| head`): not worth a message.
    #[error("standard output closed")]
    BrokenPipe,
}

/// Why streaming the repair stopped.
enum StreamFailure {
    Read(SourceError),
    Write(io::Error),
    Binary(Binary),
    /// Not binary but text in another encoding, all of it or in lines
    /// between UTF-8 ones (see [`other_text`]).
    OtherText(OtherText),
}

/// What an input that is no UTF-8 text reads as instead.
struct OtherText {
    /// The encoding it, or its bytes that are not UTF-8, read as.
    encoding: Encoding,
    /// How that was decided ("guessed, likely", "BOM").
    described: String,
    /// Whether it also holds lines of UTF-8 text beyond ASCII.
    mixed: bool,
}

/// Whether `start` (the first bytes of an input that looks binary read as
/// UTF-8) is text in another encoding instead, and does not look binary
/// read so: UTF-16 or UTF-32 (whose NULs are high bytes), a legacy
/// encoding (a windows-1251 letter is a run of invalid spans as UTF-8), or
/// UTF-8 with lines in a legacy encoding. Random bytes still have
/// controls and undefined bytes in any of them.
fn other_text(start: &[u8]) -> Option<OtherText> {
    let text = |found: Detection, mixed: bool| {
        (!found.encoding.is_utf8() && looks_binary_in(start, found.encoding).is_none()).then(|| {
            OtherText {
                encoding: found.encoding,
                described: found.describe(),
                mixed,
            }
        })
    };
    if let Some(whole) = EncodingRule::Auto
        .choose(start)
        .and_then(|found| text(found, false))
    {
        return Some(whole);
    }
    let rows = legacy_rows_encoding(start)?;
    let mixed = mixed_with_utf8(start, rows.encoding).is_some();
    text(rows, mixed)
}

impl StreamFailure {
    /// The one-line error, naming the input `read_from` or the output `written_to`.
    fn explain(self, read_from: &str, written_to: &str) -> FixError {
        match self {
            StreamFailure::Read(error) => FixError::Failed(error.to_string()),
            StreamFailure::Write(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                FixError::BrokenPipe
            }
            StreamFailure::Write(error) => {
                FixError::Failed(format!("{written_to}: cannot write: {}", io_reason(&error)))
            }
            StreamFailure::Binary(why) => FixError::Failed(format!(
                "{read_from}: looks binary ({why}); fix leaves binary files alone \
                 (--binary repairs it anyway)"
            )),
            StreamFailure::OtherText(text) if text.mixed => FixError::Failed(format!(
                "{read_from}: UTF-8 with lines in {} ({}); fix leaves it as it is \
                 (--invalid legacy reads those lines as {0})",
                text.encoding, text.described
            )),
            StreamFailure::OtherText(text) => FixError::Failed(format!(
                "{read_from}: not UTF-8: reads as {} ({}); fix leaves it as it is \
                 (--from auto converts it to UTF-8)",
                text.encoding, text.described
            )),
        }
    }
}

/// Repairs `input` into `destination` and returns what changed. Nothing is
/// written over an existing file until the whole text has been written.
pub fn run(
    input: Input,
    input_path: Option<&Path>,
    destination: &Destination,
    options: FixOptions,
) -> Result<ChangeLog, FixError> {
    match destination {
        Destination::Stdout if options.from.is_some() => {
            // A conversion can stop at an undefined byte half-way: it is
            // written aside first, so that standard output gets all or nothing.
            let write_failed = |e| StreamFailure::Write(e).explain("", "<stdout>");
            let mut spool = tempfile::tempfile().map_err(write_failed)?;
            let log = {
                let mut out = BufWriter::new(&mut spool);
                let log = repair_input(input, options, &mut out, "<stdout>")?;
                out.flush().map_err(write_failed)?;
                log
            };
            spool.seek(io::SeekFrom::Start(0)).map_err(write_failed)?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            io::copy(&mut spool, &mut out)
                .and_then(|_| out.flush())
                .map_err(write_failed)?;
            Ok(log)
        }
        Destination::Stdout => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            let log = repair_input(input, options, &mut out, "<stdout>")?;
            out.flush()
                .map_err(|e| StreamFailure::Write(e).explain("", "<stdout>"))?;
            Ok(log)
        }
        Destination::File(path) => {
            if let Some(input) = input_path
                && is_same_file(input, path)
            {
                return Err(FixError::Failed(format!(
                    "{}: is the input; use --in-place to rewrite it",
                    path_text(path.as_os_str())
                )));
            }
            let target = open_target(path, options.break_links)?;
            let log = repair_into_target(input, options, &target, path)?;
            target.commit()?;
            Ok(log)
        }
        Destination::Diff => {
            let name = input.name().to_string();
            let original = read_all(input)?;
            let source = Source::from_bytes(name.clone(), original.clone());
            let mut repaired = Vec::new();
            let keep_bom = options.keep_bom;
            let log = repair_input(Input::File(source), options, &mut repaired, "<diff>")?;
            // A converted file is compared as text: its bytes in another
            // encoding beside UTF-8 would be a diff of every line.
            let original = match &log.converted_from {
                Some((encoding, _)) => decoded_for_diff(*encoding, &original, keep_bom),
                None => original,
            };
            let stdout = io::stdout();
            let for_terminal = stdout.is_terminal();
            let mut out = BufWriter::new(stdout.lock());
            diff::write_diff(&original, &repaired, &name, for_terminal, &mut out)
                .and_then(|()| out.flush())
                .map_err(|e| StreamFailure::Write(e).explain("", "<stdout>"))?;
            Ok(log)
        }
        Destination::InPlace => {
            let (Some(path), Input::File(_)) = (input_path, &input) else {
                return Err(FixError::Failed(format!(
                    "{}: --in-place needs a regular file, not a stream",
                    input.name()
                )));
            };
            let target = open_target(path, options.break_links)?;
            let log = repair_into_target(input, options, &target, path)?;
            if log.total() > 0 {
                target.commit()?;
            }
            Ok(log)
        }
    }
}

/// Whether two paths name the same file. Compared by device and inode from
/// their metadata, without opening them: opening a FIFO would block.
fn is_same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// `original` read in `encoding` as `--diff` shows it beside the
/// conversion: its byte order mark left out unless kept (read, it is the
/// U+FEFF the conversion keeps), undefined bytes as U+FFFD.
fn decoded_for_diff(encoding: Encoding, original: &[u8], keep_bom: bool) -> Vec<u8> {
    let bom = encoding.codec().bom();
    let body = match original.strip_prefix(bom) {
        Some(rest) if !keep_bom => rest,
        _ => original,
    };
    decode_lossy(encoding, body).into_bytes()
}

/// Reads all of `input` (for `--diff`, which shows both texts).
fn read_all(input: Input) -> Result<Vec<u8>, FixError> {
    let name = input.name().to_string();
    let read = match input {
        Input::File(source) => source
            .read_range(0, source.len() as usize)
            .map_err(StreamFailure::Read),
        Input::Stream(stream) => {
            let mut bytes = Vec::new();
            let mut reader = stream.reader;
            reader.read_to_end(&mut bytes).map(|_| bytes).map_err(|e| {
                StreamFailure::Read(SourceError::Read {
                    name: name.clone(),
                    offset: 0,
                    reason: io_reason(&e),
                })
            })
        }
    };
    read.map_err(|failure| failure.explain(&name, "<diff>"))
}

/// Writes the repair of `input` into `target`'s file (named by `path`).
fn repair_into_target(
    input: Input,
    options: FixOptions,
    target: &Target,
    path: &Path,
) -> Result<ChangeLog, FixError> {
    let name = path_text(path.as_os_str());
    let mut out = BufWriter::new(target.file());
    let log = repair_input(input, options, &mut out, &name)?;
    out.flush()
        .map_err(|e| StreamFailure::Write(e).explain("", &name))?;
    Ok(log)
}

/// Streams the repaired text of `input` into `out` (named `out_name` in errors).
fn repair_input(
    input: Input,
    options: FixOptions,
    out: &mut impl Write,
    out_name: &str,
) -> Result<ChangeLog, FixError> {
    let name = input.name().to_string();
    let mut input = input;
    let mut options = options;
    if options.repair.invalid == InvalidPolicy::Legacy
        && options.repair.legacy == RowEncoding::PerRow
    {
        // The legacy rows of one file share one encoding, in the language
        // of its other text: it is chosen over the file's start.
        let head = match &mut input {
            Input::File(source) => source.read_range(0, DETECT_SAMPLE),
            Input::Stream(stream) => stream.peek(DETECT_SAMPLE),
        }
        .map_err(|e| FixError::Failed(e.to_string()))?;
        if let Some(found) = legacy_rows_encoding(&head) {
            options.repair.legacy = RowEncoding::Chosen(found.encoding, found.confidence);
        }
    }
    if let Some(from) = options.from
        && options.repair.invalid != InvalidPolicy::Legacy
    {
        let head = match &mut input {
            Input::File(source) => source.read_range(0, DETECT_SAMPLE),
            Input::Stream(stream) => stream.peek(DETECT_SAMPLE),
        }
        .map_err(|e| FixError::Failed(e.to_string()))?;
        let rule = from.map_or(EncodingRule::Auto, EncodingRule::Given);
        let found = (rule.choose(&head)).expect("a named or detected encoding is always chosen");
        if found.confidence == Confidence::Ambiguous {
            // Two readings as plausible: converting with either could
            // change the text; the user knows which it is.
            let why = found
                .alternatives
                .first()
                .and_then(|other| found.reasons.iter().find(|r| r.encoding == *other))
                .map_or(String::new(), |reason| format!(" ({reason})"));
            return Err(FixError::Failed(format!(
                "{}: {}{}; name the encoding with --from",
                crate::display::escape_for_terminal(&name),
                found.describe(),
                crate::display::escape_for_terminal(&why)
            )));
        }
        let (encoding, evidence) = (found.encoding, found.evidence);
        let how = match evidence {
            Evidence::Given => "given".to_string(),
            _ => format!("detected: {}", found.describe()),
        };
        if !encoding.is_utf8() {
            // What detection found is never converted from bytes that look
            // binary in it; a named encoding is the user's decision.
            let sniffed = &head[..head.len().min(BINARY_SNIFF)];
            if evidence != Evidence::Given
                && !options.binary
                && let Some(why) = looks_binary_in(sniffed, encoding)
            {
                return Err(StreamFailure::Binary(why).explain(&name, out_name));
            }
            if evidence != Evidence::Given
                && let Some(message) = mixed_with_utf8(&head, encoding)
            {
                return Err(FixError::Failed(format!(
                    "{}: {message}",
                    crate::display::escape_for_terminal(&name)
                )));
            }
            let replace = options.repair.invalid == InvalidPolicy::Replace;
            // The converted text gets the repairs a UTF-8 file gets: the
            // mojibake a legacy or UTF-16 file holds is judged the same.
            let mut repairing = RepairingWriter::new(options.repair.clone(), out);
            let converted = match &mut input {
                Input::File(source) => convert(
                    fill_from(source),
                    encoding,
                    options.keep_bom,
                    replace,
                    &mut repairing,
                ),
                Input::Stream(stream) => convert(
                    stream.fill(),
                    encoding,
                    options.keep_bom,
                    replace,
                    &mut repairing,
                ),
            }
            .map_err(|failure| conversion_error(failure, &name, encoding, out_name))?;
            let mut log = repairing
                .finish()
                .map_err(|e| StreamFailure::Write(e).explain(&name, out_name))?;
            log.converted_from = Some((encoding, how));
            log.replaced_undefined = converted.replaced;
            return Ok(log);
        }
    }
    let keeps_invalid = options.repair.invalid == InvalidPolicy::Keep;
    let (repaired, file) = match input {
        Input::File(source) => (
            repair_stream(fill_from(&source), options, out),
            Some(source),
        ),
        Input::Stream(mut stream) => (repair_stream(stream.fill(), options, out), None),
    };
    let mut log = repaired.map_err(|failure| failure.explain(&name, out_name))?;
    // Invalid spans kept in a file whose legacy rows read as one encoding
    // (a UTF-8 file with rows of windows-1252): the summary names it, and
    // the option that reads them in it. (Not for standard input: its start
    // is gone by now.)
    if let Some(source) = file
        && keeps_invalid
        && log.kept_invalid > 0
    {
        let head = source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
        log.invalid_read_as = legacy_rows_encoding(&head)
            .filter(|found| found.confidence != Confidence::Ambiguous)
            .map(|found| (found.encoding, found.confidence));
    }
    Ok(log)
}

/// Why converting a file starting with `head` from the ASCII-based legacy
/// `encoding`, which detection chose, would garble it: it holds lines of
/// UTF-8 text (a UTF-8 file with a few legacy rows), which the conversion
/// would turn into mojibake. A line counts when it is valid UTF-8 beyond
/// ASCII and reads better so than in `encoding`: legacy bytes that happen
/// to be valid UTF-8 ("ЪЁ" in windows-1251 is the Arabic "ڨ") read worse.
/// `None` when it holds none.
fn mixed_with_utf8(head: &[u8], encoding: Encoding) -> Option<String> {
    encoding.encoding_rs().filter(|e| e.is_ascii_compatible())?;
    let utf8_lines = head
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_ascii())
        .filter_map(|line| std::str::from_utf8(line).ok())
        .filter(|line| plausibility(line) > plausibility(&decode_lossy(encoding, line.as_bytes())))
        .count();
    (utf8_lines >= 1).then(|| {
        format!(
            "holds lines of UTF-8 text ({utf8_lines} in its first MiB) beside bytes that are \
             not: converting all of it from {encoding} would garble them; `fix --invalid legacy` \
             reads only the bytes that are not UTF-8 (or name the encoding with --from)"
        )
    })
}

/// The one-line error of a conversion that stopped.
fn conversion_error(
    failure: ConvertFailure,
    name: &str,
    encoding: Encoding,
    out_name: &str,
) -> FixError {
    match failure {
        ConvertFailure::Read(error) => StreamFailure::Read(error).explain(name, out_name),
        ConvertFailure::Write(error) => StreamFailure::Write(error).explain(name, out_name),
        ConvertFailure::Undefined {
            offset,
            bytes,
            at_end,
        } => FixError::Failed(format!(
            "{}: {} at offset {offset} {} {encoding}: not converted \
             (--invalid replace writes U+FFFD for such bytes)",
            crate::display::escape_for_terminal(name),
            crate::display::hex_bytes(&bytes),
            if at_end {
                "ends the file, cut short, in"
            } else {
                "is undefined in"
            }
        )),
    }
}

/// Streams the repaired text of `source` into `out` (named `out_name` in
/// errors), whether or not it looks binary.
pub fn repair_to(
    source: &Source,
    options: RepairOptions,
    out: &mut impl Write,
    out_name: &str,
) -> Result<ChangeLog, FixError> {
    let options = FixOptions {
        repair: options,
        binary: true,
        ..FixOptions::default()
    };
    repair_stream(fill_from(source), options, out)
        .map_err(|failure| failure.explain(source.name(), out_name))
}

/// The lines of `block` that are not legacy rows `--invalid legacy` would
/// read (those are text, however many invalid spans they hold).
fn without_legacy_rows<'a>(block: &'a [u8], options: &RepairOptions) -> std::borrow::Cow<'a, [u8]> {
    if options.invalid != InvalidPolicy::Legacy {
        return block.into();
    }
    block
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| {
            simdutf8::basic::from_utf8(line).is_ok()
                || crate::model::encoding::read_row_in(line, options.legacy).is_none()
        })
        .flatten()
        .copied()
        .collect::<Vec<u8>>()
        .into()
}

/// Streams the repaired text of the input `fill` reads into `out`, after
/// looking at its first block to leave binary files alone.
fn repair_stream(
    fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send,
    options: FixOptions,
    out: &mut impl Write,
) -> Result<ChangeLog, StreamFailure> {
    // Whole lines at a time, so no mojibake word is cut by a block boundary.
    let mut aligned = LineAligned::new(RepairSink::new(options.repair.clone(), out));
    let mut first = !options.binary;
    let mut binary = None;
    let mut sniffed = |block: &[u8]| {
        let start = &block[..block.len().min(BINARY_SNIFF)];
        if std::mem::take(&mut first)
            && let Some(why) = looks_binary(&without_legacy_rows(start, &options.repair))
        {
            // The NULs of UTF-16 and the invalid spans of a legacy
            // encoding are no binary: the error says what the text reads
            // as, and how to read it so. (With --invalid legacy, the
            // legacy rows were left out of the test already.)
            let other = (options.repair.invalid != InvalidPolicy::Legacy)
                .then(|| other_text(start))
                .flatten();
            binary = Some(other.map_or(StreamFailure::Binary(why), StreamFailure::OtherText));
            return ControlFlow::Break(());
        }
        aligned.push(block)
    };
    // Big blocks: the mojibake pass splits each over the cores, and waits
    // for the slower one at each block's end.
    let read = read_through(Feed::Reader(fill), FIX_BLOCK, &mut sniffed);
    if read.is_ok() && binary.is_none() {
        let _stopped_or_ended = aligned.end();
    }
    if let Some(failure) = binary {
        return Err(failure);
    }
    let log = aligned
        .into_inner()
        .finish()
        .map_err(StreamFailure::Write)?;
    let _stopped_or_ended = read.map_err(StreamFailure::Read)?;
    Ok(log)
}
