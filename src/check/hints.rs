//! What a file that is not UTF-8 looks like, for `check` without
//! `--encoding`: the summary names the likely encoding (`looks like
//! windows-1252 (café crème)`, `looks like UTF-16LE (BOM)`), and each span
//! in jsonl says what its bytes are in the legacy encoding its line reads
//! best in.

use crate::display::{escape_for_terminal, quote_short};
use crate::model::Encoding;
use crate::model::blocks::LocatedSpan;
use crate::model::encoding::{Confidence, Detection, Extent, RowReading, evident, read_row};

/// Bytes of the file's start kept to look for a BOM or a NUL pattern.
const HEAD: usize = 64 << 10;
/// Bytes of lines with invalid spans kept for the file's guess.
const BAD_LINES: usize = 64 << 10;
/// The most bytes of one line judged for a span's reading.
const LINE_SAMPLE: usize = 4 << 10;

/// A span's bytes read in a legacy encoding (the jsonl `as` key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The encoding.
    pub encoding: Encoding,
    /// The span's bytes in it (raw: escaped when printed).
    pub text: String,
    /// How sure the guess for its line is.
    pub confidence: Confidence,
}

/// Samples of a file taken while it is checked as UTF-8.
#[derive(Default)]
pub struct Hints {
    /// Whether the file's start was looked at.
    head_seen: bool,
    /// Lines with invalid spans, for the file's guess.
    bad_lines: Vec<u8>,
    /// The last line judged: its line number and its reading.
    line_reading: Option<(u64, Option<RowReading>)>,
    /// Set once the head shows another encoding for sure (UTF-16 or UTF-32
    /// by a BOM or NUL bytes, ISO-2022-JP by its escapes): no legacy
    /// readings then.
    evident: Option<Detection>,
}

impl Hints {
    /// Takes what it needs of the next block (which starts at `start`).
    pub fn observe(&mut self, start: u64, block: &[u8], spans: &[LocatedSpan]) {
        if start == 0 && !self.head_seen {
            self.head_seen = true;
            let head = &block[..block.len().min(HEAD)];
            // Only what the bytes name for sure counts here (a guess from
            // the text would be judged on all of the head, for nothing).
            let extent = Extent::of_read(HEAD, head.len());
            self.evident = evident(head, extent).filter(|found| !found.encoding.is_utf8());
        }
        let mut last_line_start = None;
        for located in spans {
            if self.bad_lines.len() >= BAD_LINES {
                break;
            }
            let (from, to) = line_around(block, (located.span.offset - start) as usize);
            if last_line_start == Some(from) {
                continue;
            }
            last_line_start = Some(from);
            let line = &block[from..to];
            self.bad_lines.extend_from_slice(line);
            self.bad_lines.push(b'\n');
        }
    }

    /// What the span's bytes are in the legacy encoding its line reads best
    /// in; `block` starts at `start` and holds the span. `None` when the
    /// line does not read as a legacy row (noise, binary, UTF-16).
    pub fn reading(&mut self, start: u64, block: &[u8], located: &LocatedSpan) -> Option<Reading> {
        if self.evident.is_some() {
            return None;
        }
        let at = (located.span.offset - start) as usize;
        let (from, to) = line_around(block, at);
        let row = match &self.line_reading {
            Some((number, row)) if *number == located.line => row.clone(),
            _ => {
                let row = read_row(&block[from..to], None);
                self.line_reading = Some((located.line, row.clone()));
                row
            }
        }?;
        let span = at - from..at - from + usize::from(located.span.len);
        let (run, run_text) = row
            .runs
            .iter()
            .find(|(run, _)| run.start <= span.start && span.end <= run.end)?;
        // A single-byte encoding reads the span alone; a multi-byte
        // sequence split into several spans is given whole.
        let single_byte = row.detection.encoding.codec().max_unit_len() == 1;
        let text = if single_byte && run.len() != span.len() {
            crate::model::encoding::decode_lossy(row.detection.encoding, &block[from..to][span])
        } else {
            run_text.clone()
        };
        Some(Reading {
            encoding: row.detection.encoding,
            text,
            confidence: row.detection.confidence,
        })
    }

    /// Whether the file's start shows another encoding for sure, which the
    /// summary names even when the bytes are valid UTF-8 (ISO-2022-JP is).
    pub fn is_evident(&self) -> bool {
        self.evident.is_some()
    }

    /// The summary's addition: `looks like windows-1252 (café crème)`.
    pub fn summary(&self) -> Option<String> {
        if let Some(evident) = &self.evident {
            return Some(format!(
                "looks like {} ({})",
                evident.encoding,
                evident.evidence.name()
            ));
        }
        let row = read_row(&self.bad_lines, None)?;
        let first_line = row.text.lines().next().unwrap_or_default();
        let quote = escape_for_terminal(&quote_short(first_line.trim())).into_owned();
        let hedge = match row.detection.confidence {
            Confidence::Tentative => ", tentative",
            Confidence::Ambiguous => ", ambiguous",
            _ => "",
        };
        Some(format!(
            "looks like {}{hedge} ({quote})",
            row.detection.encoding
        ))
    }
}

/// The line of `block` around `at`, without its line ending, at most
/// [`LINE_SAMPLE`] bytes each side.
fn line_around(block: &[u8], at: usize) -> (usize, usize) {
    let earliest = at.saturating_sub(LINE_SAMPLE);
    let from = memchr::memrchr(b'\n', &block[earliest..at]).map_or(earliest, |i| earliest + i + 1);
    let latest = (at + LINE_SAMPLE).min(block.len());
    let to = memchr::memchr2(b'\n', b'\r', &block[at..latest]).map_or(latest, |i| at + i);
    (from, to.max(at + 1).min(block.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::blocks::BlockScanner;

    fn spans_of(bytes: &[u8]) -> Vec<LocatedSpan> {
        let mut spans = Vec::new();
        BlockScanner::new().scan(bytes, |s| spans.push(s));
        spans
    }

    #[test]
    fn the_issues_csv_row_reads_as_windows_1252() {
        let bytes = b"caf\xe9 cr\xe8me br\xfbl\xe9e\n";
        let spans = spans_of(bytes);
        let mut hints = Hints::default();
        hints.observe(0, bytes, &spans);
        let texts: Vec<_> = spans
            .iter()
            .map(|s| hints.reading(0, bytes, s).unwrap())
            .map(|r| (r.encoding.name(), r.text))
            .collect();
        assert_eq!(
            texts,
            [
                ("windows-1252", "é".to_string()),
                ("windows-1252", "è".to_string()),
                ("windows-1252", "û".to_string()),
                ("windows-1252", "é".to_string()),
            ]
        );
        assert_eq!(
            hints.summary().unwrap(),
            "looks like windows-1252, tentative (café crème brûlée)"
        );
    }

    #[test]
    fn a_utf16_bom_is_named_and_no_legacy_reading_is_made() {
        let bytes: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("hi\n".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let spans = spans_of(&bytes);
        let mut hints = Hints::default();
        hints.observe(0, &bytes, &spans);
        assert_eq!(hints.summary().unwrap(), "looks like UTF-16LE (BOM)");
        assert_eq!(hints.reading(0, &bytes, &spans[0]), None);
    }
}
