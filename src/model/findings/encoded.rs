//! Walking a file in an encoding other than UTF-8 (`check --encoding`, the
//! inspector's findings): its units are walked with the encoding's codec,
//! lines and columns count its own units (DESIGN.md, "Other encodings"),
//! and findings are looked for in its decoded text, reported at the file's
//! own offsets.

use std::collections::HashMap;
use std::sync::Arc;

use crate::model::Encoding;
use crate::model::blocks::{LocatedSpan, Span};
use crate::model::encoding::{ShiftState, UnitReader};
use crate::model::findings::{Finding, FindingKind, FindingsScanner, Repairer};
use crate::model::unit::UnitKind;

/// What one stretch of units held: its spans and findings, in file order.
pub struct Stretch {
    /// Offset of the stretch's first byte.
    pub start: u64,
    /// Offset one past its last byte.
    pub end: u64,
    /// The stretch's bytes, when it has spans (else empty).
    pub bytes: Vec<u8>,
    /// Its invalid spans with their places.
    pub spans: Vec<LocatedSpan>,
    /// Its findings, at file offsets.
    pub findings: Vec<Finding>,
}

/// Walks an input's units in one encoding, block after block.
pub struct EncodedScanner {
    /// Decodes the units, in the state the last one left.
    reader: UnitReader,
    /// Bytes of a unit cut by the end of the last block.
    pending: Vec<u8>,
    /// File offset of `pending[0]`.
    offset: u64,
    line_feeds: u64,
    column: u64,
    findings: Option<FindingsWalk>,
}

/// The findings pass over the decoded text, with what maps its offsets
/// back to the file's.
struct FindingsWalk {
    scanner: FindingsScanner,
    /// Offset in the decoded text of the next character.
    text_offset: u64,
    /// Where in the file each line ending of the decoded text is, and its
    /// bytes there, for the one finding made only at the end (mixed line
    /// endings).
    line_endings: HashMap<u64, (u64, Vec<u8>)>,
    first_crlf_seen: bool,
    first_lf_seen: bool,
}

impl Stretch {
    /// This stretch and the one right after it as one; `bytes` gives the
    /// bytes of both, asked for only when a span needs them.
    fn followed_by(mut self, next: Stretch, bytes: impl FnOnce() -> Vec<u8>) -> Stretch {
        let has_spans = !self.spans.is_empty() || !next.spans.is_empty();
        self.spans.extend(next.spans);
        self.findings.extend(next.findings);
        self.bytes = if has_spans { bytes() } else { Vec::new() };
        self.end = next.end;
        self
    }
}

impl EncodedScanner {
    /// A scanner of a file in `encoding`, looking for findings too with
    /// `findings` if given.
    pub fn new(encoding: Encoding, findings: Option<Arc<Repairer>>) -> EncodedScanner {
        EncodedScanner {
            reader: UnitReader::new(encoding, ShiftState::default()),
            pending: Vec::new(),
            offset: 0,
            line_feeds: 0,
            column: 0,
            findings: findings.map(|repairer| FindingsWalk {
                scanner: FindingsScanner::with_repairer(repairer).looking_at_every_char(),
                text_offset: 0,
                line_endings: HashMap::new(),
                first_crlf_seen: false,
                first_lf_seen: false,
            }),
        }
    }

    /// Walks the next block; a unit it cuts is finished by the next one.
    pub fn push(&mut self, block: &[u8]) -> Stretch {
        if self.pending.is_empty() {
            // Walk the block where it is; keep only the cut unit's bytes.
            let stretch = self.walk(block, false);
            let used = (stretch.end - stretch.start) as usize;
            self.pending.extend_from_slice(&block[used..]);
            return stretch;
        }
        let reach = 2 * self.reader.encoding().codec().max_unit_len();
        if block.len() <= reach {
            let mut joined = std::mem::take(&mut self.pending);
            joined.extend_from_slice(block);
            let stretch = self.walk(&joined, false);
            let used = (stretch.end - stretch.start) as usize;
            self.pending = joined.split_off(used);
            return stretch;
        }
        // Finish the cut unit with the block's first bytes, then walk the
        // rest of the block where it is (no copy of the block).
        let mut head = std::mem::take(&mut self.pending);
        let carried = head.len();
        head.extend_from_slice(&block[..reach]);
        let first = self.walk(&head, false);
        let consumed = (first.end - first.start) as usize - carried;
        let rest = self.walk(&block[consumed..], false);
        let used = consumed + (rest.end - rest.start) as usize;
        self.pending.extend_from_slice(&block[used..]);
        first.followed_by(rest, || {
            let mut bytes = head[..carried + consumed].to_vec();
            bytes.extend_from_slice(&block[consumed..used]);
            bytes
        })
    }

    /// Walks what is left at the end of the input, and returns the
    /// findings known only at the end.
    pub fn finish(mut self) -> (Stretch, Vec<Finding>) {
        let rest = std::mem::take(&mut self.pending);
        let last = self.walk(&rest, true);
        let late = match self.findings.take() {
            Some(walk) => {
                let endings = walk.line_endings;
                walk.scanner
                    .finish()
                    .into_iter()
                    .filter_map(|mut finding| {
                        let (offset, bytes) = endings.get(&finding.offset)?;
                        finding.offset = *offset;
                        finding.len = bytes.len() as u64;
                        finding.bytes.clone_from(bytes);
                        Some(finding)
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        (last, late)
    }

    /// Walks the units of `bytes`, which follow those walked before (all
    /// of them at the end of input, else those that surely end inside it).
    fn walk(&mut self, bytes: &[u8], at_end: bool) -> Stretch {
        let codec = self.reader.encoding().codec();
        let stop = if at_end {
            bytes.len()
        } else {
            bytes.len().saturating_sub(codec.max_unit_len() - 1)
        };
        let mut spans = Vec::new();
        let mut text = String::new();
        // (offset in the decoded text, offset in `bytes`, file length) per unit.
        let mut map: Vec<(u32, u32, u8)> = Vec::new();
        let mut replaced = Vec::new();
        let mut at = 0;
        while at < stop {
            if self.findings.is_none() {
                let (valid, line_feeds, tail) = codec.scan_valid(&bytes[at..stop]);
                if valid > 0 {
                    if line_feeds > 0 {
                        self.line_feeds += line_feeds;
                        self.column = tail;
                    } else {
                        self.column += tail;
                    }
                    at += valid;
                    continue;
                }
            }
            let (len, kind) = self.reader.next_unit(&bytes[at..]);
            let c = match kind {
                UnitKind::Char(c) => c,
                // An escape sequence: a column, but no char of the text.
                UnitKind::Shift => {
                    self.column += 1;
                    at += usize::from(len);
                    continue;
                }
                UnitKind::Invalid(kind) => {
                    spans.push(LocatedSpan {
                        span: Span {
                            offset: self.offset + at as u64,
                            len,
                            kind,
                        },
                        line: self.line_feeds + 1,
                        column: self.column + 1,
                    });
                    replaced.push(text.len() as u64);
                    char::REPLACEMENT_CHARACTER
                }
            };
            if self.findings.is_some() {
                map.push((text.len() as u32, at as u32, len));
                text.push(c);
            }
            if c == '\n' {
                self.line_feeds += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
            at += usize::from(len);
        }
        let start = self.offset;
        let has_bom = !codec.bom().is_empty();
        let findings = match self.findings.as_mut() {
            // The BOM that names a UTF-16 or UTF-32 file is no finding.
            Some(walk) => walk
                .find(&text, &map, &replaced, (start, bytes))
                .into_iter()
                .filter(|f| !(has_bom && f.offset == 0 && f.kind == FindingKind::Bom))
                .collect(),
            None => Vec::new(),
        };
        self.offset += at as u64;
        // The bytes are kept only when a span needs them for its report.
        let kept = if spans.is_empty() {
            Vec::new()
        } else {
            bytes[..at].to_vec()
        };
        Stretch {
            start,
            end: start + at as u64,
            bytes: kept,
            spans,
            findings,
        }
    }
}

impl FindingsWalk {
    /// Looks for findings in `text`, the decoding of the units `map`
    /// lists; `replaced` are the text offsets of invalid units (their
    /// U+FFFD is the encoding's error, not a finding); `units` are the
    /// file offset the units' offsets count from and the bytes there (a
    /// finding carries the file's bytes, not the UTF-8 of its text).
    fn find(
        &mut self,
        text: &str,
        map: &[(u32, u32, u8)],
        replaced: &[u64],
        units: (u64, &[u8]),
    ) -> Vec<Finding> {
        let (start, bytes) = units;
        let base = self.text_offset;
        self.scanner.feed(text.as_bytes());
        self.text_offset += text.len() as u64;
        let file_offset = |text_at: u64| -> Option<(u64, u64)> {
            let local = u32::try_from(text_at.checked_sub(base)?).ok()?;
            let i = map.binary_search_by_key(&local, |&(t, _, _)| t).ok()?;
            let (_, at, len) = map[i];
            Some((start + u64::from(at), u64::from(len)))
        };
        self.note_line_endings(text, map, units, base);
        self.scanner
            .take_findings()
            .into_iter()
            .filter(|f| {
                let from_an_error = f
                    .offset
                    .checked_sub(base)
                    .is_some_and(|local| replaced.binary_search(&local).is_ok());
                !(f.kind == FindingKind::ReplacementCharacter && from_an_error)
            })
            .filter_map(|mut finding| {
                let (first, _) = file_offset(finding.offset)?;
                let end_text = finding.offset + finding.len;
                // The finding's last character starts before its end.
                let last_start = text[..(end_text - base) as usize]
                    .char_indices()
                    .next_back()
                    .map_or(end_text, |(i, _)| base + i as u64);
                let (last, last_len) = file_offset(last_start)?;
                finding.offset = first;
                finding.len = last + last_len - first;
                let local = (first - start) as usize;
                finding.bytes = bytes[local..local + finding.len as usize].to_vec();
                Some(finding)
            })
            .collect()
    }

    /// Remembers where in the file the first CRLF and the first bare LF of
    /// the decoded text are (the mixed-line-endings finding names one).
    fn note_line_endings(
        &mut self,
        text: &str,
        map: &[(u32, u32, u8)],
        units: (u64, &[u8]),
        base: u64,
    ) {
        let (start, bytes) = units;
        let bytes_at = |at: u32, len: u64| bytes[at as usize..at as usize + len as usize].to_vec();
        if self.first_crlf_seen && self.first_lf_seen {
            return;
        }
        for (i, &(text_at, at, _)) in map.iter().enumerate() {
            if text.as_bytes()[text_at as usize] != b'\n' {
                continue;
            }
            let after_cr = i > 0 && text.as_bytes()[map[i - 1].0 as usize] == b'\r';
            if after_cr && !self.first_crlf_seen {
                self.first_crlf_seen = true;
                let (cr_text, cr_at, cr_len) = map[i - 1];
                let len = u64::from(cr_len) + u64::from(map[i].2);
                self.line_endings.insert(
                    base + u64::from(cr_text),
                    (start + u64::from(cr_at), bytes_at(cr_at, len)),
                );
            } else if !after_cr && !self.first_lf_seen {
                self.first_lf_seen = true;
                self.line_endings.insert(
                    base + u64::from(text_at),
                    (start + u64::from(at), bytes_at(at, u64::from(map[i].2))),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::InvalidKind;

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    #[test]
    fn spans_of_utf16_with_lines_and_columns_in_code_units() {
        let mut bytes = utf16le("ab\ncd");
        bytes.extend_from_slice(&[0x00, 0xD8]); // a lone high surrogate
        bytes.extend(utf16le("e\n\u{10C0C}x"));
        bytes.push(0x41); // a final odd byte
        // Blocks of every size: units cut at every place, blocks shorter
        // and longer than a unit's reach.
        for size in 1..=bytes.len() {
            let mut scanner = EncodedScanner::new(Encoding::UTF_16LE, None);
            let mut spans = Vec::new();
            let mut covered = 0;
            for block in bytes.chunks(size) {
                let stretch = scanner.push(block);
                assert_eq!(stretch.start, covered);
                covered = stretch.end;
                spans.extend(stretch.spans);
            }
            let (last, late) = scanner.finish();
            assert_eq!(last.end, bytes.len() as u64);
            spans.extend(last.spans);
            assert!(late.is_empty());
            let found: Vec<_> = spans
                .iter()
                .map(|s| (s.span.offset, s.span.len, s.span.kind, s.line, s.column))
                .collect();
            assert_eq!(
                found,
                [
                    (10, 2, InvalidKind::UnpairedSurrogate, 2, 3),
                    (22, 1, InvalidKind::Truncated, 3, 3),
                ],
                "blocks of {size}"
            );
        }
    }

    #[test]
    fn findings_in_utf16_are_at_file_offsets() {
        // A bidi control (U+202E) after "ab": bytes 4..6.
        let bytes = utf16le("ab\u{202E}cd\r\nx\ny\n");
        let mut scanner = EncodedScanner::new(Encoding::UTF_16LE, Some(Arc::default()));
        let mut findings = scanner.push(&bytes).findings;
        let (last, late) = scanner.finish();
        findings.extend(last.findings);
        findings.extend(late);
        let places: Vec<_> = findings
            .iter()
            .map(|f| (f.kind, f.offset, f.len, f.line, f.column, f.bytes.clone()))
            .collect();
        assert_eq!(
            places,
            [
                (FindingKind::BidiControl, 4, 2, 1, 3, vec![0x2E, 0x20]),
                (
                    FindingKind::MixedLineEndings,
                    10,
                    4,
                    1,
                    6,
                    vec![b'\r', 0, b'\n', 0]
                ),
            ]
        );
    }
}
