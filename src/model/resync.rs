//! Where a unit starts at any offset of a source, and the state it starts
//! in. A stateless encoding needs a few bytes around the offset; a stateful
//! one (ISO-2022-JP) needs the last escape sequence before it, which says
//! the state, and a walk of the units from there.

use super::decode::{self, MAX_UNIT_LEN};
use super::encoding::{self, UnitReader};
use super::source::SourceError;
use super::text::Text;
use super::unit::UnitKind;

/// Bytes read at a time when looking back for an escape sequence or
/// walking forward from one.
const STEP: u64 = 64 << 10;

/// A walk records the state at the first unit start past every multiple of
/// this, so that no later lookup walks further than about this far.
const CHECKPOINT_EVERY: u64 = 1 << 20;

/// The last offset `<= offset` where a unit of `source`'s stateful
/// encoding starts in a known state (after an escape sequence, or at a
/// checkpoint an earlier walk recorded), and a reader in that state.
fn sync_point(source: &Text, offset: u64) -> Result<(u64, UnitReader), SourceError> {
    let encoding = source.encoding();
    let codec = encoding.codec();
    let tail = codec.max_unit_len() as u64;
    let (floor, floor_state) = source
        .checkpoint_before(offset)
        .unwrap_or((0, source.starts_in()));
    let mut end = offset.min(source.len());
    loop {
        let from = end.saturating_sub(STEP).max(floor);
        // (The bytes after `end` finish an escape sequence cut there.)
        let read_end = (end + tail).min(source.len());
        let bytes = source.read_range(from, (read_end - from) as usize)?;
        let at = ((offset - from) as usize).min(bytes.len());
        if let Some((start, state)) = codec.resync(&bytes, at) {
            return Ok((from + start as u64, UnitReader::new(encoding, state)));
        }
        if from <= floor {
            return Ok((floor, UnitReader::new(encoding, floor_state)));
        }
        end = from;
    }
}

/// The start of the unit of `source` that holds `offset` (the source's
/// end for an offset at or past it), and a reader in the state that unit
/// starts in.
pub fn unit_holding(source: &Text, offset: u64) -> Result<(u64, UnitReader), SourceError> {
    let encoding = source.encoding();
    let codec = encoding.codec();
    if !codec.is_stateful() {
        let start = stateless_unit_start(source, offset)?;
        return Ok((start, UnitReader::new(encoding, source.starts_in())));
    }
    let (mut at, mut reader) = sync_point(source, offset)?;
    let reach = codec.max_unit_len() as u64 - 1;
    let mut next_checkpoint = (at / CHECKPOINT_EVERY + 1) * CHECKPOINT_EVERY;
    while at < source.len() {
        let to = (at + STEP).min(source.len());
        let bytes = source.read_range(at, ((to + reach).min(source.len()) - at) as usize)?;
        let mut index = 0;
        while at + (index as u64) < to {
            let before = reader;
            let unit_start = at + index as u64;
            if unit_start >= next_checkpoint {
                source.record_checkpoint(unit_start, before.state());
                next_checkpoint = (unit_start / CHECKPOINT_EVERY + 1) * CHECKPOINT_EVERY;
            }
            let (len, _) = reader.next_unit(&bytes[index..]);
            if at + (index + usize::from(len)) as u64 > offset {
                return Ok((at + index as u64, before));
            }
            index += usize::from(len);
        }
        at += index as u64;
    }
    Ok((source.len(), reader))
}

/// Where the unit holding `offset` starts in a stateless encoding (the
/// source's end for an offset at or past it): the few bytes around the
/// offset tell, read as `Window::load` reads them.
fn stateless_unit_start(source: &Text, offset: u64) -> Result<u64, SourceError> {
    let len = source.len();
    if offset >= len {
        return Ok(len);
    }
    let encoding = source.encoding();
    if encoding.is_utf8() {
        let margin = MAX_UNIT_LEN as u64 - 1;
        let base = offset.saturating_sub(margin);
        let bytes = source.read_range(base, ((offset + 1 + margin).min(len) - base) as usize)?;
        let (start, _, _) = decode::unit_containing(&bytes, (offset - base) as usize);
        return Ok(base + start as u64);
    }
    let codec = encoding.codec();
    let base = offset.saturating_sub(codec.lookback() as u64);
    let read_end = (offset + codec.max_unit_len() as u64).min(len);
    let bytes = source.read_range(base, (read_end - base) as usize)?;
    let (start, _, _) = encoding::unit_containing(encoding, &bytes, base, (offset - base) as usize);
    Ok(base + start as u64)
}

/// A reader at `offset`, where a unit of `source` starts, in the state
/// that unit starts in.
pub fn reader_at(source: &Text, offset: u64) -> Result<UnitReader, SourceError> {
    if !source.encoding().codec().is_stateful() {
        return Ok(UnitReader::new(source.encoding(), source.starts_in()));
    }
    Ok(unit_holding(source, offset)?.1)
}

/// The text of the units of `source` that start in `[start, end)`, read in
/// its encoding from the state the first of them starts in (each invalid
/// span as U+FFFD): what a copy of those bytes gives.
pub fn text_between(source: &Text, start: u64, end: u64) -> Result<String, SourceError> {
    let (unit_start, mut reader) = unit_holding(source, start)?;
    let end = end.min(source.len());
    if unit_start >= end {
        return Ok(String::new());
    }
    let reach = source.encoding().codec().max_unit_len() as u64 - 1;
    let read_to = (end + reach).min(source.len());
    let bytes = source.read_range(unit_start, (read_to - unit_start) as usize)?;
    let mut text = String::new();
    let mut at = 0usize;
    while unit_start + (at as u64) < end {
        let (len, kind) = reader.next_unit(&bytes[at..]);
        if unit_start + at as u64 >= start {
            match kind {
                UnitKind::Char(c) => text.push(c),
                UnitKind::Invalid(_) => text.push(char::REPLACEMENT_CHARACTER),
                UnitKind::Shift => {}
            }
        }
        at += usize::from(len);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;
    use crate::model::encoding::ShiftState;
    use crate::model::source::Source;
    use crate::model::unit::UnitKind;
    use crate::model::window::unit_at;

    #[test]
    fn a_stateless_encoding_finds_the_unit_a_window_finds_at_every_offset() {
        let text = "Grüße, мир! 日本語の文 \u{1F600} end\n".repeat(20);
        let mut utf8 = text.as_bytes().to_vec();
        utf8.splice(40..40, [0xC3, 0x28, 0x80, 0xF0, 0x9F]);
        let mut utf16 = Encoding::UTF_16LE.encode(&text).unwrap();
        utf16.splice(30..30, [0x00, 0xDC, 0x41]);
        let shift_jis = Encoding::for_label("shift_jis").unwrap();
        let mut sjis = shift_jis
            .encode("日本語の文、カタカナ ｶﾀｶﾅ end\n".repeat(20).as_str())
            .unwrap();
        sjis.splice(17..17, [0x81, 0x0A, 0xFF]);
        for (encoding, bytes) in [
            (Encoding::UTF_8, utf8),
            (Encoding::UTF_16LE, utf16),
            (shift_jis, sjis),
        ] {
            let source = Source::from_bytes("t", bytes).in_encoding(encoding);
            for offset in 0..=source.len() + 1 {
                let expected = unit_at(&source, offset)
                    .unwrap()
                    .map_or(offset.min(source.len()), |unit| unit.offset);
                let (start, _) = unit_holding(&source, offset).unwrap();
                assert_eq!(start, expected, "{encoding:?} at {offset}");
            }
        }
    }

    #[test]
    fn every_offset_finds_the_unit_a_walk_from_the_start_finds() {
        let encoding = Encoding::for_label("iso-2022-jp").expect("known");
        // Escapes far apart (the search steps back past them, and walks
        // record checkpoints between them) and close.
        let mut bytes = b"plain \x1b$B".to_vec();
        bytes.extend(b"0!".repeat(1_500_000));
        bytes.push(b'\n');
        bytes.extend(b"0!".repeat(40_000));
        bytes.extend(b"\x1b(B\nabc\x1b(I12\x1b$B0\n0!\x1b(B\x1b(Bz");
        let source = Source::from_bytes("jis", bytes.clone()).in_encoding(encoding);
        let mut walker = UnitReader::new(encoding, ShiftState::default());
        let mut at = 0;
        let mut checked = 0;
        while at < bytes.len() {
            let before = walker;
            let end = (at + 3).min(bytes.len());
            let (len, kind) = walker.next_unit(&bytes[at..end]);
            let near_an_edge = at < 20 || at + 200 > bytes.len() || at % 100_003 < 4;
            if near_an_edge {
                for inside in at..at + usize::from(len) {
                    let (start, reader) = unit_holding(&source, inside as u64).expect("in memory");
                    assert_eq!(start, at as u64, "offset {inside}");
                    let mut reader = reader;
                    assert_eq!(reader.next_unit(&bytes[at..end]), (len, kind));
                    assert_eq!(reader.state(), walker.state());
                    assert_eq!(
                        before.state(),
                        reader_at(&source, at as u64).unwrap().state()
                    );
                    checked += 1;
                }
            }
            at += usize::from(len);
        }
        assert!(checked > 100);
        assert!(source.checkpoint_before(bytes.len() as u64).is_some());
        let window = crate::model::Window::load(&source, 6, 14).expect("in memory");
        let kinds: Vec<UnitKind> = window.units().iter().map(|u| u.kind).collect();
        assert_eq!(
            kinds,
            [
                UnitKind::Shift,
                UnitKind::Char('亜'),
                UnitKind::Char('亜'),
                UnitKind::Char('亜')
            ]
        );
    }
}
