//! Findings past the ones the background pass keeps: the inspector's `m`
//! and `M` look for the next or previous one from the cursor on demand, a
//! window of the file at a time, as the scan does for invalid spans, so
//! that they work everywhere in a file of millions of findings.

use super::{EncodedScanner, Finding, FindingKind, FindingsScanner};
use crate::model::blocks::pieces::complete_prefix_len;
use crate::model::source::{Source, SourceError};
use crate::model::window::unit_at;

/// Bytes looked at per call: one call per tick keeps the screen live.
pub const NEAR_WINDOW: u64 = 8 << 20;

/// How far back a window's start looks for the line it is in (findings
/// such as mojibake are judged a line at a time).
const LINE_LOOKBACK: u64 = 64 << 10;

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
    source: &Source,
    from: u64,
    forward: bool,
    floor: u64,
) -> Result<Near, SourceError> {
    let len = source.len();
    if forward {
        let end = from.saturating_add(NEAR_WINDOW).min(len);
        let found = findings_in(source, from, end)?
            .into_iter()
            .find(|finding| finding.offset > from);
        Ok(match found {
            Some(finding) => Near::Found(finding.offset, finding.kind),
            None if end < len => Near::LookFurther(end.saturating_sub(1)),
            None => Near::Nothing,
        })
    } else {
        let start = from.saturating_sub(NEAR_WINDOW).max(floor);
        let found = findings_in(source, start, from)?
            .into_iter()
            .rfind(|finding| finding.offset < from && finding.offset >= floor);
        Ok(match found {
            Some(finding) => Near::Found(finding.offset, finding.kind),
            None if start > floor => Near::LookFurther(start),
            None => Near::Nothing,
        })
    }
}

/// The findings of the units from the line holding `start` (or the unit,
/// in a line too long to look back over) to about `end`, in file order.
fn findings_in(source: &Source, start: u64, end: u64) -> Result<Vec<Finding>, SourceError> {
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
    let stop = (end + reach).min(source.len());
    let mut bytes = source.read_range(begin, (stop - begin) as usize)?;
    let at_end = stop == source.len();
    let mut findings = if encoding.is_utf8() {
        bytes.truncate(complete_prefix_len(&bytes, at_end));
        let mut scanner = FindingsScanner::new();
        scanner.feed(&bytes);
        scanner.finish()
    } else {
        let mut scanner = EncodedScanner::new(encoding, true);
        let mut found = scanner.push(&bytes).findings;
        let (last, late) = scanner.finish();
        found.extend(last.findings);
        found.extend(late);
        found
    };
    for finding in &mut findings {
        finding.offset += begin;
    }
    findings.sort_by_key(|finding| finding.offset);
    Ok(findings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;

    #[test]
    fn the_next_and_previous_finding_are_found_window_by_window() {
        // Two controls far apart, more than a window of clean text between.
        let gap = NEAR_WINDOW as usize + 1000;
        let mut bytes = b"start \x01 ".to_vec();
        bytes.extend(b"text line\n".repeat(gap / 10));
        let second = bytes.len() as u64;
        bytes.extend_from_slice(b"\x02 end\n");
        let source = Source::from_bytes("t", bytes);
        assert_eq!(
            finding_near(&source, 0, true, 0).unwrap(),
            Near::Found(6, FindingKind::Control)
        );
        let mut from = 6;
        let found = loop {
            match finding_near(&source, from, true, 0).unwrap() {
                Near::LookFurther(next) => from = next,
                other => break other,
            }
        };
        assert_eq!(found, Near::Found(second, FindingKind::Control));
        let mut from = second;
        let found = loop {
            match finding_near(&source, from, false, 0).unwrap() {
                Near::LookFurther(next) => from = next,
                other => break other,
            }
        };
        assert_eq!(found, Near::Found(6, FindingKind::Control));
        assert_eq!(
            finding_near(&source, second, true, 0).unwrap(),
            Near::Nothing
        );
        assert_eq!(finding_near(&source, 6, false, 0).unwrap(), Near::Nothing);
        assert_eq!(
            finding_near(&source, second, false, second - 10).unwrap(),
            Near::Nothing
        );
    }

    #[test]
    fn in_utf16_the_offsets_are_the_files() {
        let bytes = Encoding::UTF_16LE.encode("ab\u{202E}cd\n").unwrap();
        let source = Source::from_bytes("t", bytes).in_encoding(Encoding::UTF_16LE);
        assert_eq!(
            finding_near(&source, 1, true, 0).unwrap(),
            Near::Found(4, FindingKind::BidiControl)
        );
    }
}
