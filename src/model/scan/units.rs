//! What the index's lookups need of a block's bytes, in the source's
//! encoding: its spans, its line feeds and the units after the last. UTF-8
//! takes the vectorized paths; other encodings walk their codec's units.

use crate::model::blocks::lines::units_in;
use crate::model::blocks::pieces::{Span, spans};
use crate::model::blocks::tally::count_lf;
use crate::model::encoding::UnitReader;
use crate::model::unit::{Unit, UnitKind};

/// Calls `each` with every unit of `bytes` (which start at a unit start,
/// file offset `base`, where `reader` is) that starts before `stop`.
pub fn walk_units(
    mut reader: UnitReader,
    bytes: &[u8],
    base: u64,
    stop: usize,
    mut each: impl FnMut(Unit),
) {
    let mut at = 0;
    while at < stop.min(bytes.len()) {
        let (len, kind) = reader.next_unit(&bytes[at..]);
        each(Unit {
            offset: base + at as u64,
            len,
            kind,
        });
        at += usize::from(len);
    }
}

/// The invalid spans of `bytes` (whole units from file offset `base`,
/// where `reader` is).
pub fn spans_of(reader: UnitReader, bytes: &[u8], base: u64) -> Vec<Span> {
    if reader.encoding().is_utf8() {
        return spans(bytes, base).collect();
    }
    let mut found = Vec::new();
    walk_units(reader, bytes, base, bytes.len(), |unit| {
        if let UnitKind::Invalid(kind) = unit.kind {
            found.push(Span {
                offset: unit.offset,
                len: unit.len,
                kind,
            });
        }
    });
    found
}

/// Line feeds in `bytes` (whole units) and the units after the last one;
/// `None` for the second when there is no line feed (then it is all units).
/// `reader` is where `bytes` start.
pub fn lines_of(reader: UnitReader, bytes: &[u8]) -> (u64, u64, bool) {
    if reader.encoding().is_utf8() {
        return match memchr::memrchr(b'\n', bytes) {
            Some(last) => (count_lf(bytes), units_in(&bytes[last + 1..]), true),
            None => (0, units_in(bytes), false),
        };
    }
    let (mut line_feeds, mut since) = (0, 0);
    walk_units(reader, bytes, 0, bytes.len(), |unit| {
        if unit.kind == UnitKind::Char('\n') {
            line_feeds += 1;
            since = 0;
        } else {
            since += 1;
        }
    });
    (line_feeds, since, line_feeds > 0)
}

/// The offset in `bytes` just after its `n`th line feed (1-based);
/// `reader` is where `bytes` start.
pub fn after_line_feed(reader: UnitReader, bytes: &[u8], n: u64) -> Option<usize> {
    if reader.encoding().is_utf8() {
        return memchr::memchr_iter(b'\n', bytes)
            .nth(usize::try_from(n.checked_sub(1)?).ok()?)
            .map(|i| i + 1);
    }
    let mut seen = 0;
    let mut found = None;
    walk_units(reader, bytes, 0, bytes.len(), |unit| {
        if found.is_none() && unit.kind == UnitKind::Char('\n') {
            seen += 1;
            if seen == n {
                found = Some(unit.end() as usize);
            }
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;
    use crate::model::encoding::ShiftState;

    /// A reader of `encoding` from its initial state.
    fn from_start(encoding: Encoding) -> UnitReader {
        UnitReader::new(encoding, ShiftState::default())
    }

    #[test]
    fn utf16_line_feeds_are_units_not_bytes() {
        // U+0A0D has a 0A byte but is no line feed.
        let bytes: Vec<u8> = "a\u{0A0D}\nb\nc"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            lines_of(from_start(Encoding::UTF_16LE), &bytes),
            (2, 1, true)
        );
        assert_eq!(
            after_line_feed(from_start(Encoding::UTF_16LE), &bytes, 2),
            Some(10)
        );
        assert_eq!(
            lines_of(from_start(Encoding::UTF_8), b"ab\ncd"),
            (1, 2, true)
        );
    }
}
