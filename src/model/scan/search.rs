//! Finding invalid spans in a range of the file directly, without the index:
//! used for the part the background scan has not reached yet, and to find the
//! exact span inside a block the index marks as having errors.

use crate::model::blocks::feed::SCAN_BLOCK;
use crate::model::blocks::pieces::{Span, complete_prefix_len, spans};
use crate::model::decode::MAX_UNIT_LEN;
use crate::model::source::SourceError;
use crate::model::text::Text;
use crate::model::window::unit_at;

use super::units::walk_units;
use crate::model::resync::unit_holding;

/// Reads the unit-aligned bytes holding every unit that starts in
/// `[from, to)`; returns them with the offset of their first byte.
fn read_aligned(source: &Text, from: u64, to: u64) -> Result<(u64, Vec<u8>), SourceError> {
    let start = unit_at(source, from)?.map_or(from, |u| u.offset);
    let end = (to + MAX_UNIT_LEN as u64 - 1).min(source.len());
    let mut bytes = source.read_range(start, (end - start) as usize)?;
    let complete = complete_prefix_len(&bytes, end == source.len());
    bytes.truncate(complete);
    Ok((start, bytes))
}

/// Bytes looked at per step when searching backward: small, because in
/// error-dense input the answer is near and everything before it is wasted.
const BACKWARD_STEP: u64 = 4 << 10;

/// Reads `[from, to)` (about a block) and, if it holds errors, lets `pick`
/// choose among the spans that start in it.
fn pick_span(
    source: &Text,
    from: u64,
    to: u64,
    pick: impl FnOnce(&mut dyn Iterator<Item = Span>) -> Option<Span>,
) -> Result<Option<Span>, SourceError> {
    if !source.encoding().is_utf8() {
        let (start, reader) = unit_holding(source, from)?;
        let codec = source.encoding().codec();
        let end = (to + codec.max_unit_len() as u64 - 1).min(source.len());
        let bytes = source.read_range(start, (end - start) as usize)?;
        let mut found = Vec::new();
        walk_units(reader, &bytes, start, (to - start) as usize, |unit| {
            if let Some(kind) = unit.invalid_kind() {
                found.push(Span {
                    offset: unit.offset,
                    len: unit.len,
                    kind,
                });
            }
        });
        let mut in_range = found.into_iter().filter(|s| (from..to).contains(&s.offset));
        return Ok(pick(&mut in_range));
    }
    let (start, bytes) = read_aligned(source, from, to)?;
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        return Ok(None);
    }
    let mut in_range = spans(&bytes, start).filter(|s| (from..to).contains(&s.offset));
    Ok(pick(&mut in_range))
}

/// The first invalid span that starts in `[from, to)`.
pub fn first_span_in(source: &Text, from: u64, to: u64) -> Result<Option<Span>, SourceError> {
    let to = to.min(source.len());
    let mut chunk_start = from;
    while chunk_start < to {
        let chunk_end = (chunk_start + SCAN_BLOCK as u64).min(to);
        if let Some(span) = pick_span(source, chunk_start, chunk_end, |spans| spans.next())? {
            return Ok(Some(span));
        }
        chunk_start = chunk_end;
    }
    Ok(None)
}

/// The last invalid span that starts in `[from, to)`.
pub fn last_span_in(source: &Text, from: u64, to: u64) -> Result<Option<Span>, SourceError> {
    let mut chunk_end = to.min(source.len());
    while chunk_end > from {
        let chunk_start = chunk_end.saturating_sub(BACKWARD_STEP).max(from);
        if let Some(span) = pick_span(source, chunk_start, chunk_end, |spans| spans.last())? {
            return Ok(Some(span));
        }
        chunk_end = chunk_start;
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::InvalidKind;

    #[test]
    fn finds_spans_across_chunks_both_ways() {
        let mut bytes = "é".repeat(SCAN_BLOCK).into_bytes();
        bytes[SCAN_BLOCK + 1] = 0xFF; // replaces the continuation of an "é"
        bytes[3 * SCAN_BLOCK / 2] = 0x80;
        let source = Text::from_bytes("t", bytes);
        let first = first_span_in(&source, 0, source.len()).unwrap().unwrap();
        assert_eq!(
            (first.offset, first.kind),
            (SCAN_BLOCK as u64, InvalidKind::Truncated)
        );
        let next = first_span_in(&source, first.end(), source.len())
            .unwrap()
            .unwrap();
        assert_eq!(next.offset, SCAN_BLOCK as u64 + 1);
        // 80 A9: the lead replaced, so two stray continuation bytes.
        let last = last_span_in(&source, 0, source.len()).unwrap().unwrap();
        assert_eq!(last.offset, 3 * SCAN_BLOCK as u64 / 2 + 1);
        let before = last_span_in(&source, 0, last.offset).unwrap().unwrap();
        assert_eq!(before.offset, 3 * SCAN_BLOCK as u64 / 2);
        let earlier = last_span_in(&source, 0, before.offset).unwrap().unwrap();
        assert_eq!(earlier.offset, SCAN_BLOCK as u64 + 1);
        assert_eq!(last_span_in(&source, 0, first.offset).unwrap(), None);
    }
}
