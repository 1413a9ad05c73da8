//! Decoding single units from byte slices: the maximal-subpart segmentation of
//! DESIGN.md, with the kind of every invalid span.
//!
//! The segmentation itself is std's [`<[u8]>::utf8_chunks`], which implements
//! exactly "U+FFFD substitution of maximal subparts"; this module adds the kinds
//! and random access.

use super::unit::{InvalidKind, UnitKind};

/// The longest UTF-8 sequence; also the most bytes a unit can span.
pub const MAX_UNIT_LEN: usize = 4;

/// Whether `byte` is a continuation byte (10xxxxxx).
#[inline]
pub fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// Decodes the unit that starts at `bytes[0]`.
///
/// `bytes` must be non-empty and hold at least [`MAX_UNIT_LEN`] bytes unless
/// the input ends sooner. Returns the unit's length and what it is.
pub fn decode_first(bytes: &[u8]) -> (u8, UnitKind) {
    let window = &bytes[..bytes.len().min(MAX_UNIT_LEN)];
    let chunk = window
        .utf8_chunks()
        .next()
        .expect("decode_first needs at least one byte");
    match chunk.valid().chars().next() {
        Some(ch) => (ch.len_utf8() as u8, UnitKind::Char(ch)),
        None => {
            let span = chunk.invalid();
            let kind = classify_invalid(span[0], bytes.get(1).copied());
            (span.len() as u8, UnitKind::Invalid(kind))
        }
    }
}

/// The kind of an invalid span, from its first byte and the byte after it.
///
/// Only meaningful for bytes that do start an invalid span; a valid lead
/// (C2–F4) that starts one is truncated unless the table in DESIGN.md says
/// otherwise.
pub fn classify_invalid(first: u8, second: Option<u8>) -> InvalidKind {
    let second_in =
        |range: std::ops::RangeInclusive<u8>| second.is_some_and(|b| range.contains(&b));
    match first {
        0x80..=0xBF => InvalidKind::UnexpectedContinuation,
        0xC0 | 0xC1 => InvalidKind::Overlong,
        0xE0 if second_in(0x80..=0x9F) => InvalidKind::Overlong,
        0xF0 if second_in(0x80..=0x8F) => InvalidKind::Overlong,
        0xED if second_in(0xA0..=0xBF) => InvalidKind::Surrogate,
        0xF4 if second_in(0x90..=0xBF) => InvalidKind::TooLarge,
        0xF5..=0xF7 => InvalidKind::TooLarge,
        0xF8..=0xFF => InvalidKind::InvalidByte,
        // ASCII never starts an invalid span; treat it like any other lead.
        _ => InvalidKind::Truncated,
    }
}

/// What the bits of an overlong, surrogate or too-large sequence would have
/// decoded to, read from the bytes starting at the span's first byte.
///
/// The span itself is only the lead (maximal subparts), so this looks at the
/// bytes after it: a lead and the continuation bytes its length calls for.
/// Returns `None` if they are not all there or the kind has no such meaning.
pub fn intended_value(bytes: &[u8]) -> Option<u32> {
    let (&lead, rest) = bytes.split_first()?;
    let (len, lead_bits) = match lead {
        0xC0..=0xDF => (2, lead & 0x1F),
        0xE0..=0xEF => (3, lead & 0x0F),
        0xF0..=0xF7 => (4, lead & 0x07),
        _ => return None,
    };
    let tail = rest.get(..len - 1)?;
    if !tail.iter().all(|&b| is_continuation(b)) {
        return None;
    }
    let value = tail.iter().fold(u32::from(lead_bits), |acc, &b| {
        (acc << 6) | u32::from(b & 0x3F)
    });
    let kind = classify_invalid(lead, rest.first().copied());
    matches!(
        kind,
        InvalidKind::Overlong | InvalidKind::Surrogate | InvalidKind::TooLarge
    )
    .then_some(value)
}

/// Finds the unit that holds `bytes[index]`, by DESIGN.md's random-access rule:
/// step back over at most three continuation bytes to a byte that starts a
/// unit, then decode forward.
///
/// `bytes` must hold at least three bytes before `index` (or start at the
/// input's start) and four bytes from it (or end at the input's end). Returns
/// the unit's start index within `bytes`, its length and what it is.
pub fn unit_containing(bytes: &[u8], index: usize) -> (usize, u8, UnitKind) {
    let earliest = index.saturating_sub(MAX_UNIT_LEN - 1);
    let start = (earliest..=index)
        .rev()
        .find(|&i| !is_continuation(bytes[i]));
    let Some(mut at) = start else {
        // No lead can reach this far: the byte is a span of its own.
        return (
            index,
            1,
            UnitKind::Invalid(InvalidKind::UnexpectedContinuation),
        );
    };
    loop {
        let (len, kind) = decode_first(&bytes[at..]);
        if at + usize::from(len) > index {
            return (at, len, kind);
        }
        at += usize::from(len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_characters_of_every_length() {
        assert_eq!(decode_first(b"A"), (1, UnitKind::Char('A')));
        assert_eq!(decode_first("é!".as_bytes()), (2, UnitKind::Char('é')));
        assert_eq!(decode_first("€".as_bytes()), (3, UnitKind::Char('€')));
        assert_eq!(decode_first("😀".as_bytes()), (4, UnitKind::Char('😀')));
    }

    #[test]
    fn classifies_the_design_table_examples() {
        let kind = |bytes: &[u8]| decode_first(bytes);
        let inv = UnitKind::Invalid;
        assert_eq!(kind(&[0x80]), (1, inv(InvalidKind::UnexpectedContinuation)));
        assert_eq!(kind(&[0xC0, 0xAF]), (1, inv(InvalidKind::Overlong)));
        assert_eq!(kind(&[0xED, 0xA0, 0x80]), (1, inv(InvalidKind::Surrogate)));
        assert_eq!(
            kind(&[0xF4, 0x90, 0x80, 0x80]),
            (1, inv(InvalidKind::TooLarge))
        );
        assert_eq!(kind(&[0xFF]), (1, inv(InvalidKind::InvalidByte)));
        assert_eq!(kind(&[0xE2, 0x82, 0x41]), (2, inv(InvalidKind::Truncated)));
        assert_eq!(kind(&[0xE2, 0x82]), (2, inv(InvalidKind::Truncated)));
        assert_eq!(kind(&[0xF0, 0x9F, 0x98]), (3, inv(InvalidKind::Truncated)));
    }

    #[test]
    fn intended_values_of_overlong_surrogate_and_too_large() {
        assert_eq!(intended_value(&[0xC0, 0xAF]), Some(0x2F));
        assert_eq!(intended_value(&[0xE0, 0x80, 0xAF]), Some(0x2F));
        assert_eq!(intended_value(&[0xED, 0xA0, 0x80]), Some(0xD800));
        assert_eq!(intended_value(&[0xF4, 0x90, 0x80, 0x80]), Some(0x11_0000));
        assert_eq!(intended_value(&[0xC0]), None, "continuation missing");
        assert_eq!(
            intended_value(&[0xE2, 0x82, 0xAC]),
            None,
            "valid, not invalid"
        );
        assert_eq!(intended_value(&[0xFF, 0x80]), None);
    }

    #[test]
    fn random_access_finds_the_enclosing_unit() {
        let bytes = "a€b".as_bytes();
        assert_eq!(unit_containing(bytes, 2), (1, 3, UnitKind::Char('€')));
        assert_eq!(unit_containing(bytes, 4), (4, 1, UnitKind::Char('b')));
        // Four continuation bytes in a row: the last cannot belong to any lead.
        let run = [0xE2, 0x82, 0xAC, 0x80, 0x80];
        let stray = UnitKind::Invalid(InvalidKind::UnexpectedContinuation);
        assert_eq!(unit_containing(&run, 3), (3, 1, stray));
        assert_eq!(unit_containing(&run, 4), (4, 1, stray));
        // F0 80 80: F0 cannot take 80, so each byte is its own span.
        let overlong = [0xF0, 0x80, 0x80];
        assert_eq!(unit_containing(&overlong, 2), (2, 1, stray));
    }
}
