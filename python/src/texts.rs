//! The engine's work on plain values, apart from Python: batches over
//! threads, findings with char offsets, decoding and invalid spans.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::Arc;

use pyo3::PyResult;
use pyo3::exceptions::PyValueError;
use rayon::prelude::*;

use crate::DecodeError;
use crate::convert::{self, FindingTuple};
use utf8scope::model::blocks::feed::split_blocks;
use utf8scope::model::blocks::{BlockScanner, LocatedSpan};
use utf8scope::model::encoding::{Confidence, EncodingRule, decode_lossy};
use utf8scope::model::findings::{FindingsScanner, Mojibake, Repairer, with_repairs};
use utf8scope::model::settings::Settings;
use utf8scope::model::{Encoding, UnitKind};

/// A repairer for one call, judging a long text on `threads` threads.
pub fn repairer(threads: usize) -> Repairer {
    let one = Settings::one_thread();
    Repairer::new(Settings {
        threads: NonZeroUsize::new(threads).unwrap_or(one.threads),
        ..one
    })
}

/// `work` done on each item, in order, on up to `threads` threads (0: every
/// core). A batch too small to share runs on this thread.
pub fn batch<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync + Send,
) -> Vec<R> {
    let threads = Settings::default().with_threads(threads).threads.get();
    if threads == 1 || items.len() < 2 {
        return items.iter().map(work).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| items.par_iter().map(work).collect()),
        Err(_) => items.iter().map(work).collect(),
    }
}

/// Texts joined into one, each ended by a line feed, and where each starts:
/// mojibake is judged a line at a time, and a run never takes in a line
/// feed, so no text's judgment sees another's.
#[derive(Default)]
pub struct Joined {
    bytes: Vec<u8>,
    starts: Vec<usize>,
}

impl Joined {
    /// Adds a text, given as its UTF-8.
    pub fn push(&mut self, utf8: &[u8]) {
        self.starts.push(self.bytes.len());
        self.bytes.extend_from_slice(utf8);
        self.bytes.push(b'\n');
    }
}

/// Each of the `joined` texts repaired (`None` where nothing changes),
/// judged as one text of lines the way `utf8scope fix` judges a file: the
/// quick search runs over the whole batch at once, and a long batch is
/// split over `threads` threads (0: every core). An error if what was
/// pushed is not UTF-8.
pub fn repaired_lines(joined: &Joined, threads: usize) -> PyResult<Vec<Option<String>>> {
    // (Checked once, over the whole batch, by a vector search.)
    let text = simdutf8::basic::from_utf8(&joined.bytes)
        .map_err(|_| PyValueError::new_err("a text is not valid UTF-8"))?;
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let threads = Settings::default().with_threads(threads).threads.get();
    let runs = repairer(threads).find(text);
    let mut next = 0;
    let ends = (joined.starts.iter().skip(1).map(|&start| start - 1)).chain([text.len() - 1]);
    Ok(joined
        .starts
        .iter()
        .zip(ends)
        .map(|(&start, end)| {
            let first = next;
            while next < runs.len() && runs[next].range.start < end {
                next += 1;
            }
            let mine = &runs[first..next];
            if mine.iter().all(|run| run.repair().is_none()) {
                return None;
            }
            let moved: Vec<_> = (mine.iter())
                .map(|run| Mojibake {
                    range: run.range.start - start..run.range.end - start,
                    readings: run.readings.clone(),
                    held_back: run.held_back.clone(),
                })
                .collect();
            Some(with_repairs(&text[start..end], &moved))
        })
        .collect())
}

/// For byte offsets of `text` asked in increasing order, the char offset
/// of each (a byte offset inside a char counts that char).
pub struct CharOffsets<'a> {
    text: &'a str,
    byte: usize,
    chars: usize,
}

/// Char offsets of `text`'s byte offsets (see [`CharOffsets`]).
pub fn char_offsets(text: &str) -> CharOffsets<'_> {
    CharOffsets {
        text,
        byte: 0,
        chars: 0,
    }
}

impl CharOffsets<'_> {
    /// The char offset of byte offset `at`; from the start again if `at` is
    /// before the last one asked.
    pub fn of(&mut self, at: usize) -> usize {
        if at < self.byte {
            (self.byte, self.chars) = (0, 0);
        }
        let at = at.min(self.text.len());
        let bytes = &self.text.as_bytes()[self.byte..at];
        // Chars start at every byte that is not a continuation byte.
        self.chars += bytes.iter().filter(|&&b| (b as i8) >= -0x40).count();
        self.byte = at;
        self.chars
    }
}

/// Every finding of `text`, as `check --findings` makes them, with
/// `repairer` (which a batch's texts share).
pub fn findings_of(text: &str, repairer: &Arc<Repairer>) -> Vec<FindingTuple> {
    let mut scanner = FindingsScanner::with_repairer(Arc::clone(repairer));
    scanner.feed(text.as_bytes());
    let found = scanner.finish();
    let mut offsets = char_offsets(text);
    found
        .iter()
        .map(|finding| convert::finding_tuple(finding, &mut offsets))
        .collect()
}

/// Whether `errors` asks for strict decoding.
pub fn strict_errors(errors: &str) -> PyResult<bool> {
    match errors {
        "strict" => Ok(true),
        "replace" => Ok(false),
        other => Err(PyValueError::new_err(format!(
            "errors must be \"strict\" or \"replace\", not {other:?}"
        ))),
    }
}

/// `bytes` decoded as `fix --from` reads them (see the Python `decode`).
pub fn decode(bytes: &[u8], label: &str, strict: bool) -> Result<String, DecodeError> {
    let rule = if label.eq_ignore_ascii_case("auto") {
        EncodingRule::Auto
    } else {
        EncodingRule::Given(
            Encoding::for_label(label).ok_or_else(|| DecodeError::Unknown(label.to_string()))?,
        )
    };
    let found = rule
        .choose(bytes)
        .expect("a named or detected encoding is always chosen");
    if found.confidence == Confidence::Ambiguous {
        // As `fix --from auto` does: either reading could change the text.
        return Err(DecodeError::Ambiguous(found.describe()));
    }
    let encoding = found.encoding;
    let bytes = &bytes[bom_len(encoding, bytes)..];
    if strict && let Some((at, len)) = first_invalid(encoding, bytes) {
        return Err(DecodeError::Invalid(encoding, at, len));
    }
    Ok(decode_lossy(encoding, bytes))
}

/// The length of the byte order mark of `encoding` that `bytes` start
/// with, if any.
fn bom_len(encoding: Encoding, bytes: &[u8]) -> usize {
    let bom = encoding.encode("\u{FEFF}").unwrap_or_default();
    if !bom.is_empty() && bytes.starts_with(&bom) {
        bom.len()
    } else {
        0
    }
}

/// Where the first undefined or cut unit of `bytes` in `encoding` is, and
/// its length.
fn first_invalid(encoding: Encoding, bytes: &[u8]) -> Option<(usize, usize)> {
    // The quick answer first: most input decodes whole.
    if let Some(rs) = encoding.encoding_rs()
        && rs
            .decode_without_bom_handling_and_without_replacement(bytes)
            .is_some()
    {
        return None;
    }
    let mut at = 0;
    while at < bytes.len() {
        let (len, kind) = encoding.decode_unit(&bytes[at..]);
        if let UnitKind::Invalid(_) = kind {
            return Some((at, usize::from(len)));
        }
        at += usize::from(len.max(1));
    }
    None
}

/// The invalid UTF-8 spans of `bytes`: offset, length, kind, line, column.
pub fn invalid_spans(bytes: &[u8]) -> Vec<(u64, u8, &'static str, u64, u64)> {
    let mut scanner = BlockScanner::new();
    let mut spans = Vec::new();
    let _ = split_blocks(bytes, 1 << 20, true, &mut |block: &[u8]| {
        scanner.scan(block, |located: LocatedSpan| {
            spans.push((
                located.span.offset,
                located.span.len,
                located.span.kind.name(),
                located.line,
                located.column,
            ))
        });
        ControlFlow::Continue(())
    });
    spans
}
