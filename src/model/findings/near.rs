//! Findings past the ones the background pass keeps: the inspector's `m`
//! and `M` look for the next or previous one from the cursor on demand, a
//! window of the file at a time, as the scan does for invalid spans, so
//! that they work everywhere in a file of millions of findings.

use std::sync::Arc;

use super::{EncodedScanner, Finding, FindingKind, FindingsScanner, Repairer};
use crate::model::blocks::pieces::complete_prefix_len;
use crate::model::source::SourceError;
use crate::model::text::Text;
use crate::model::window::unit_at;

/// Bytes looked at per call: one call per tick keeps the screen live.
pub const NEAR_WINDOW: u64 = 8 << 20;

/// How far back a window's start looks for the line it is in, and its
/// end for the line's end (findings such as mojibake are judged a line at
/// a time).
const LINE_LOOKBACK: u64 = 64 << 10;

/// How far before a screen [`findings_overlapping`] looks for findings
/// that reach into it (a mojibake run is a few words).
const OVERLAP_LOOKBACK: u64 = 256;

/// What one window of the look found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Near {
    /// The next (or previous) finding: where it starts and what it is.
    Found(u64, FindingKind),
    /// None in this window: look on from this offset (the same `from`
    /// meaning: after it going forward, before it going back).
    LookFurther(u64),
    /// None up to the end (or the start) of the file.
    Nothing,
}

/// Looks one window from `from` for the first finding that starts after
/// it (`forward`) or the last that starts before it, no further back than
/// `floor`.
pub fn finding_near(
    source: &Text,
    repairer: &Arc<Repairer>,
    from: u64,
    forward: bool,
    floor: u64,
) -> Result<Near, SourceError> {
    let len = source.len();
    if forward {
        let end = from.saturating_add(NEAR_WINDOW).min(len);
        let found = findings_in(source, repairer, from, end)?
            .1
            .into_iter()
            .find(|finding| finding.offset > from);
        Ok(match found {
            Some(finding) => Near::Found(finding.offset, finding.kind),
            None if end < len => Near::LookFurther(end.saturating_sub(1)),
            None => Near::Nothing,
        })
    } else {
        let start = from.saturating_sub(NEAR_WINDOW).max(floor);
        let found = findings_in(source, repairer, start, from)?
            .1
            .into_iter()
            .rfind(|finding| finding.offset < from && finding.offset >= floor);
        Ok(match found {
            Some(finding) => Near::Found(finding.offset, finding.kind),
            None if start > floor => Near::LookFurther(start),
            None => Near::Nothing,
        })
    }
}

/// A stretch of a file's findings loaded on demand (the findings list past
/// the ones kept), in file order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FindingsStretch {
    /// The findings found, in file order.
    pub findings: Vec<Finding>,
    /// Where to go on looking from, with the same meaning as the offset
    /// asked with (after it going forward, before it going back), when the
    /// look stopped short of the file's end (or of the floor).
    pub go_on_from: Option<u64>,
}

/// Where a line and column are (the inspector's scan knows): `None` where
/// it cannot say yet. Findings loaded from the middle of a file count
/// their lines from where they were loaded; this puts them right.
pub type PlaceOf<'a> = &'a dyn Fn(u64) -> Option<(u64, u64)>;

/// Bytes of the file judged at once by the looks below: a stretch stops
/// after the chunk that gives it enough findings.
const CHUNK: u64 = 256 << 10;

/// The findings that overlap `[start, end)` (a screen past the kept
/// findings), looked for in the file from a little before `start`.
pub fn findings_overlapping(
    source: &Text,
    repairer: &Arc<Repairer>,
    start: u64,
    end: u64,
    place_of: PlaceOf,
) -> Result<Vec<Finding>, SourceError> {
    // (Findings that start further back and reach here are a line's fold of
    // many, whose first is on screen further up anyway.)
    let from = start.saturating_sub(OVERLAP_LOOKBACK);
    let end = end.min(source.len());
    if from >= end {
        return Ok(Vec::new());
    }
    let mut found = placed_findings_in(source, repairer, from, end, place_of)?;
    found.retain(|f| f.offset < end && f.offset + f.len.max(1) > start);
    Ok(found)
}

/// Up to about `max` findings that start after `after`, looked for a chunk
/// at a time, no further than one window (see [`NEAR_WINDOW`]).
pub fn findings_after(
    source: &Text,
    repairer: &Arc<Repairer>,
    after: u64,
    max: usize,
    place_of: PlaceOf,
) -> Result<FindingsStretch, SourceError> {
    let len = source.len();
    let from = after.saturating_add(1);
    let limit = from.saturating_add(NEAR_WINDOW).min(len);
    let mut findings = Vec::new();
    let mut start = from;
    while start < limit && findings.len() < max {
        let end = start.saturating_add(CHUNK).min(limit);
        // Only findings that start inside the chunk: the next starts there.
        let mut found = placed_findings_in(source, repairer, start, end, place_of)?;
        found.retain(|f| f.offset >= start && f.offset < end);
        findings.append(&mut found);
        start = end;
    }
    Ok(FindingsStretch {
        findings,
        go_on_from: (start < len).then(|| start - 1),
    })
}

/// Up to about `max` findings, the last that start before `before` and
/// at or after `floor`, looked for a chunk at a time going back, no
/// further than one window.
pub fn findings_before(
    source: &Text,
    repairer: &Arc<Repairer>,
    before: u64,
    floor: u64,
    max: usize,
    place_of: PlaceOf,
) -> Result<FindingsStretch, SourceError> {
    let limit = before.saturating_sub(NEAR_WINDOW).max(floor);
    let mut chunks = Vec::new();
    let mut found_count = 0;
    let mut end = before;
    while end > limit && found_count < max {
        let start = end.saturating_sub(CHUNK).max(limit);
        let mut found = placed_findings_in(source, repairer, start, end, place_of)?;
        found.retain(|f| f.offset >= start && f.offset < end);
        found_count += found.len();
        chunks.push(found);
        end = start;
    }
    Ok(FindingsStretch {
        findings: chunks.into_iter().rev().flatten().collect(),
        go_on_from: (end > floor).then_some(end),
    })
}

/// [`findings_in`] with the file's lines and columns where `place_of`
/// knows them, else line and column 0 (not known).
fn placed_findings_in(
    source: &Text,
    repairer: &Arc<Repairer>,
    start: u64,
    end: u64,
    place_of: PlaceOf,
) -> Result<Vec<Finding>, SourceError> {
    let (counted_from, mut findings) = findings_in(source, repairer, start, end)?;
    let place = if findings.is_empty() {
        None
    } else {
        place_of(counted_from)
    };
    for finding in &mut findings {
        match place {
            Some((line, column)) => {
                if finding.line == 1 {
                    finding.column += column - 1;
                }
                finding.line += line - 1;
            }
            None => (finding.line, finding.column) = (0, 0),
        }
    }
    Ok(findings)
}

/// The findings of the units from the line holding `start` (or the unit,
/// in a line too long to look back over) to about `end`, in file order,
/// with the offset their lines and columns are counted from.
fn findings_in(
    source: &Text,
    repairer: &Arc<Repairer>,
    start: u64,
    end: u64,
) -> Result<(u64, Vec<Finding>), SourceError> {
    let encoding = source.encoding();
    let begin = if encoding.is_utf8() {
        let back = start.saturating_sub(LINE_LOOKBACK);
        let before = source.read_range(back, (start - back) as usize)?;
        match memchr::memrchr(b'\n', &before) {
            Some(lf) => back + lf as u64 + 1,
            None => unit_at(source, start)?.map_or(start, |unit| unit.offset),
        }
    } else {
        unit_at(source, start)?.map_or(start, |unit| unit.offset)
    };
    let reach = encoding.codec().max_unit_len() as u64;
    let mut stop = (end + reach).min(source.len());
    if encoding.is_utf8() {
        // To the end of the line (findings such as mojibake are judged a
        // line at a time: one that starts before `end` is whole).
        let after = source.read_range(stop, LINE_LOOKBACK.min(source.len() - stop) as usize)?;
        if let Some(lf) = memchr::memchr(b'\n', &after) {
            stop += lf as u64 + 1;
        }
    }
    let mut bytes = source.read_range(begin, (stop - begin) as usize)?;
    let at_end = stop == source.len();
    let mut findings = if encoding.is_utf8() {
        bytes.truncate(complete_prefix_len(&bytes, at_end));
        let mut scanner = FindingsScanner::with_repairer(Arc::clone(repairer));
        scanner.feed(&bytes);
        scanner.finish()
    } else {
        let mut scanner = EncodedScanner::new(encoding, Some(Arc::clone(repairer)));
        let mut found = scanner.push(&bytes).findings;
        let (last, late) = scanner.finish();
        found.extend(last.findings);
        found.extend(late);
        found
    };
    // Mixed line endings are the whole file's to say, not a window's.
    findings.retain(|finding| finding.kind != FindingKind::MixedLineEndings);
    for finding in &mut findings {
        finding.offset += begin;
    }
    findings.sort_by_key(|finding| finding.offset);
    Ok((begin, findings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;
    use crate::model::source::Source;

    #[test]
    fn the_next_and_previous_finding_are_found_window_by_window() {
        // Two controls far apart, more than a window of clean text between.
        let gap = NEAR_WINDOW as usize + 1000;
        let mut bytes = b"start \x01 ".to_vec();
        bytes.extend(b"text line\n".repeat(gap / 10));
        let second = bytes.len() as u64;
        bytes.extend_from_slice(b"\x02 end\n");
        let source = Text::from_bytes("t", bytes);
        let repairer = Arc::default();
        assert_eq!(
            finding_near(&source, &repairer, 0, true, 0).unwrap(),
            Near::Found(6, FindingKind::Control)
        );
        let mut from = 6;
        let found = loop {
            match finding_near(&source, &repairer, from, true, 0).unwrap() {
                Near::LookFurther(next) => from = next,
                other => break other,
            }
        };
        assert_eq!(found, Near::Found(second, FindingKind::Control));
        let mut from = second;
        let found = loop {
            match finding_near(&source, &repairer, from, false, 0).unwrap() {
                Near::LookFurther(next) => from = next,
                other => break other,
            }
        };
        assert_eq!(found, Near::Found(6, FindingKind::Control));
        assert_eq!(
            finding_near(&source, &repairer, second, true, 0).unwrap(),
            Near::Nothing
        );
        assert_eq!(
            finding_near(&source, &repairer, 6, false, 0).unwrap(),
            Near::Nothing
        );
        assert_eq!(
            finding_near(&source, &repairer, second, false, second - 10).unwrap(),
            Near::Nothing
        );
    }

    #[test]
    fn a_window_does_not_say_the_file_mixes_line_endings() {
        let source = Text::from_bytes("t", b"a\r\nb\nc\r\n\x01\n".to_vec());
        let repairer = Arc::default();
        let found = findings_after(&source, &repairer, 0, 100, &|_| Some((1, 1))).unwrap();
        let kinds: Vec<_> = found.findings.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [FindingKind::Control]);
    }

    #[test]
    fn in_utf16_the_offsets_are_the_files() {
        let bytes = Encoding::UTF_16LE.encode("ab\u{202E}cd\n").unwrap();
        let source = Source::from_bytes("t", bytes).in_encoding(Encoding::UTF_16LE);
        let repairer = Arc::default();
        assert_eq!(
            finding_near(&source, &repairer, 1, true, 0).unwrap(),
            Near::Found(4, FindingKind::BidiControl)
        );
    }
}
