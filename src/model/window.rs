//! Random access to units: the bytes around a range of offsets, decoded into
//! the units that overlap it. This is what front ends draw from.

use super::decode::{MAX_UNIT_LEN, decode_first, intended_value, unit_containing};
use super::encoding::UnitReader;
use super::encoding::{Encoding, unit_containing as encoded_unit_containing};
use super::resync::unit_holding;
use super::source::{Source, SourceError};
use super::unit::{ByteRole, Unit, UnitKind};
use crate::model::text::Text;

/// The units overlapping `[start, end)` and the bytes they are made of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Window {
    base: u64,
    bytes: Vec<u8>,
    units: Vec<Unit>,
    encoding: Encoding,
}

/// How many bytes before and after a range must be read to decode it.
const MARGIN: u64 = MAX_UNIT_LEN as u64 - 1;

impl Window {
    /// Reads and decodes the units overlapping `[start, end)`; the range is
    /// clipped to the source. Reads only the range plus three bytes each side.
    pub fn load(source: &Text, start: u64, end: u64) -> Result<Window, SourceError> {
        let end = end.min(source.len());
        let start = start.min(end);
        if !source.encoding().is_utf8() {
            return Window::load_encoded(source, start, end);
        }
        let base = start.saturating_sub(MARGIN);
        let read_end = (end + MARGIN).min(source.len());
        let bytes = source.read_range(base, (read_end - base) as usize)?;
        let mut units = Vec::new();
        if start < end {
            let (first, len, kind) = unit_containing(&bytes, (start - base) as usize);
            let mut at = first;
            units.push(Unit {
                offset: base + at as u64,
                len,
                kind,
            });
            at += usize::from(len);
            while base + (at as u64) < end {
                // ASCII is most of any text: one byte, one character.
                if bytes[at] < 0x80 {
                    units.push(Unit {
                        offset: base + at as u64,
                        len: 1,
                        kind: UnitKind::Char(char::from(bytes[at])),
                    });
                    at += 1;
                    continue;
                }
                let (len, kind) = decode_first(&bytes[at..]);
                units.push(Unit {
                    offset: base + at as u64,
                    len,
                    kind,
                });
                at += usize::from(len);
            }
        }
        Ok(Window {
            base,
            bytes,
            units,
            encoding: Encoding::UTF_8,
        })
    }

    /// [`Window::load`] for a source in another encoding: its codec finds
    /// where the unit holding `start` begins (a stateful one from the last
    /// escape sequence before it, in the state it starts in), and its units
    /// are decoded from there.
    fn load_encoded(source: &Text, start: u64, end: u64) -> Result<Window, SourceError> {
        let encoding = source.encoding();
        let codec = encoding.codec();
        let read_end = (end + codec.max_unit_len() as u64 - 1).min(source.len());
        let (base, first, mut reader, bytes) = if codec.is_stateful() {
            let (base, reader) = unit_holding(source, start)?;
            let bytes = source.read_range(base, (read_end.max(base) - base) as usize)?;
            (base, 0, reader, bytes)
        } else {
            let base = start.saturating_sub(codec.lookback() as u64);
            let bytes = source.read_range(base, (read_end - base) as usize)?;
            let first = if start < end {
                encoded_unit_containing(encoding, &bytes, base, (start - base) as usize).0
            } else {
                0
            };
            (
                base,
                first,
                UnitReader::new(encoding, source.starts_in()),
                bytes,
            )
        };
        let mut units = Vec::new();
        let mut at = first;
        while start < end && base + (at as u64) < end && at < bytes.len() {
            let (len, kind) = reader.next_unit(&bytes[at..]);
            units.push(Unit {
                offset: base + at as u64,
                len,
                kind,
            });
            at += usize::from(len);
        }
        Ok(Window {
            base,
            bytes,
            units,
            encoding,
        })
    }

    /// The encoding the window's units are in.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// A window of `bytes` as if they stood at offset `base` of a file that
    /// ends with them: for front ends and tests that have the bytes already.
    pub fn from_bytes(base: u64, bytes: &[u8]) -> Window {
        let source = Text::from(Source::from_bytes("window", bytes.to_vec()));
        Window::load(&source, 0, bytes.len() as u64)
            .expect("bytes in memory can be read")
            .moved_to(base)
    }

    /// This window as if its source began at offset `base` of a larger one
    /// (a chunk of a stream, decoded on its own).
    pub fn moved_to(mut self, base: u64) -> Window {
        self.base += base;
        for unit in &mut self.units {
            unit.offset += base;
        }
        self
    }

    /// A window holding nothing (before anything is loaded, or for an empty file).
    pub fn empty() -> Window {
        Window {
            base: 0,
            bytes: Vec::new(),
            units: Vec::new(),
            encoding: Encoding::UTF_8,
        }
    }

    /// The units overlapping the requested range, in order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The unit holding `offset`, if it lies in the loaded range.
    pub fn unit_at(&self, offset: u64) -> Option<&Unit> {
        self.unit_index_at(offset).map(|i| &self.units[i])
    }

    /// The position in [`Window::units`] of the unit holding `offset`.
    pub fn unit_index_at(&self, offset: u64) -> Option<usize> {
        let index = self.units.partition_point(|u| u.end() <= offset);
        self.units
            .get(index)
            .filter(|u| u.contains(offset))
            .map(|_| index)
    }

    /// The role of the byte at `offset`, if it lies in the loaded range.
    pub fn role_at(&self, offset: u64) -> Option<ByteRole> {
        self.unit_at(offset).map(|u| u.role_of(offset))
    }

    /// The byte at `offset`, if it was read.
    pub fn byte(&self, offset: u64) -> Option<u8> {
        let index = usize::try_from(offset.checked_sub(self.base)?).ok()?;
        self.bytes.get(index).copied()
    }

    /// The bytes of a unit of this window.
    pub fn bytes_of(&self, unit: &Unit) -> &[u8] {
        let start = (unit.offset - self.base) as usize;
        &self.bytes[start..start + usize::from(unit.len)]
    }

    /// For an overlong, surrogate or too-large span of this window, what its
    /// bits would have decoded to.
    pub fn intended_value(&self, unit: &Unit) -> Option<u32> {
        unit.invalid_kind()?;
        if !self.encoding.is_utf8() {
            return None;
        }
        let start = (unit.offset - self.base) as usize;
        intended_value(&self.bytes[start..])
    }
}

/// The unit holding `offset`, which must be inside the source.
pub fn unit_at(source: &Text, offset: u64) -> Result<Option<Unit>, SourceError> {
    let window = Window::load(source, offset, offset + 1)?;
    Ok(window.units().first().copied())
}

/// The unit after `unit`, or `None` at the end of the source.
pub fn next_unit(source: &Text, unit: &Unit) -> Result<Option<Unit>, SourceError> {
    unit_at(source, unit.end())
}

/// The unit before `unit`, or `None` at the start of the source.
pub fn prev_unit(source: &Text, unit: &Unit) -> Result<Option<Unit>, SourceError> {
    match unit.offset.checked_sub(1) {
        Some(offset) => unit_at(source, offset),
        None => Ok(None),
    }
}

/// Iterates units forward from the one holding `offset`.
pub fn units_forward(
    source: &Text,
    offset: u64,
) -> impl Iterator<Item = Result<Unit, SourceError>> + '_ {
    let mut next = Some(unit_at(source, offset));
    std::iter::from_fn(move || {
        let current = next.take()?.transpose()?;
        if let Ok(unit) = &current {
            next = Some(next_unit(source, unit));
        }
        Some(current)
    })
}

/// Iterates units backward from the one holding `offset`.
pub fn units_backward(
    source: &Text,
    offset: u64,
) -> impl Iterator<Item = Result<Unit, SourceError>> + '_ {
    let mut next = Some(unit_at(source, offset));
    std::iter::from_fn(move || {
        let current = next.take()?.transpose()?;
        if let Ok(unit) = &current {
            next = Some(prev_unit(source, unit));
        }
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::{InvalidKind, UnitKind};

    fn source(bytes: &[u8]) -> Text {
        Text::from_bytes("t", bytes.to_vec())
    }

    #[test]
    fn window_decodes_units_that_straddle_its_edges() {
        let s = source("a€b😀".as_bytes());
        let w = Window::load(&s, 2, 6).unwrap();
        let offsets: Vec<_> = w.units().iter().map(|u| (u.offset, u.len)).collect();
        assert_eq!(offsets, vec![(1, 3), (4, 1), (5, 4)]);
        assert_eq!(
            w.role_at(3),
            Some(ByteRole::Continuation { index: 3, len: 3 })
        );
        assert_eq!(w.bytes_of(&w.units()[2]), "😀".as_bytes());
    }

    #[test]
    fn intended_value_looks_past_the_span() {
        let s = source(&[0x41, 0xC0, 0xAF]);
        let w = Window::load(&s, 0, 3).unwrap();
        let span = w.unit_at(1).unwrap();
        assert_eq!(span.kind, UnitKind::Invalid(InvalidKind::Overlong));
        assert_eq!(w.intended_value(span), Some(0x2F));
    }

    #[test]
    fn a_utf16_window_starting_inside_a_pair() {
        let bytes: Vec<u8> = "a\u{10C0C}b"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let s = Source::from_bytes("t", bytes).in_encoding(Encoding::UTF_16LE);
        let w = Window::load(&s, 4, 8).unwrap();
        let units: Vec<_> = w
            .units()
            .iter()
            .map(|u| (u.offset, u.len, u.kind))
            .collect();
        assert_eq!(
            units,
            [
                (2, 4, UnitKind::Char('\u{10C0C}')),
                (6, 2, UnitKind::Char('b'))
            ]
        );
        assert_eq!(w.encoding(), Encoding::UTF_16LE);
    }

    #[test]
    fn iterates_both_ways() {
        let s = source(b"a\xFF\xE2\x82\xACz");
        let forward: Vec<_> = units_forward(&s, 3).map(|u| u.unwrap().offset).collect();
        assert_eq!(forward, vec![2, 5]);
        let backward: Vec<_> = units_backward(&s, 3).map(|u| u.unwrap().offset).collect();
        assert_eq!(backward, vec![2, 1, 0]);
        assert_eq!(unit_at(&s, 6).unwrap(), None);
    }
}
