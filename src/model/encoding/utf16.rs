//! UTF-16 in either byte order (DESIGN.md, "Other encodings"): a unit is one
//! code unit or a surrogate pair; an unpaired surrogate is a 2-byte span and
//! a final odd byte is truncated, exactly as `char::decode_utf16` and
//! encoding_rs count their U+FFFD.

use super::Codec;
use crate::model::unit::{InvalidKind, UnitKind};

/// UTF-16 in one byte order.
pub struct Utf16 {
    big_endian: bool,
}

/// UTF-16LE.
pub static UTF16_LE: Utf16 = Utf16 { big_endian: false };
/// UTF-16BE.
pub static UTF16_BE: Utf16 = Utf16 { big_endian: true };

/// Which byte of a code unit is high, in words, for a byte order.
pub fn byte_order(big_endian: bool) -> &'static str {
    if big_endian {
        "big-endian: the first byte of each unit is its high byte"
    } else {
        "little-endian: the last byte of each unit is its high byte"
    }
}

/// Whether a code unit is a high (leading) surrogate.
fn is_high(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

/// Whether a code unit is a low (trailing) surrogate.
fn is_low(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

impl Utf16 {
    /// The code unit in the two bytes at `bytes[at..]`.
    fn unit(&self, bytes: &[u8], at: usize) -> u16 {
        let pair = [bytes[at], bytes[at + 1]];
        if self.big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    }

    /// The index (0 or 1) of the high byte of a code unit.
    fn high_byte(&self) -> usize {
        usize::from(!self.big_endian)
    }

    /// The code unit a byte of `unit` belongs to, if it is complete.
    fn code_unit_of(&self, unit: &[u8], index: usize) -> Option<u16> {
        let first = index & !1;
        (first + 1 < unit.len()).then(|| self.unit(unit, first))
    }
}

impl Codec for Utf16 {
    fn name(&self) -> &'static str {
        if self.big_endian {
            "UTF-16BE"
        } else {
            "UTF-16LE"
        }
    }

    fn max_unit_len(&self) -> usize {
        4
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        if bytes.len() < 2 {
            return (1, UnitKind::Invalid(InvalidKind::Truncated));
        }
        let first = self.unit(bytes, 0);
        if is_high(first) {
            if bytes.len() >= 4 {
                let second = self.unit(bytes, 2);
                if is_low(second) {
                    let value = 0x10000
                        + ((u32::from(first) - 0xD800) << 10)
                        + (u32::from(second) - 0xDC00);
                    let c = char::from_u32(value).expect("a surrogate pair is a scalar value");
                    return (4, UnitKind::Char(c));
                }
            }
            return (2, UnitKind::Invalid(InvalidKind::UnpairedSurrogate));
        }
        match char::from_u32(u32::from(first)) {
            Some(c) => (2, UnitKind::Char(c)),
            None => (2, UnitKind::Invalid(InvalidKind::UnpairedSurrogate)),
        }
    }

    fn unit_start_at_or_before(&self, bytes: &[u8], base: u64, at: usize) -> Option<usize> {
        // Code units sit at even file offsets; one that is a low surrogate
        // after a high one is the second half of a pair.
        let aligned = at - ((base + at as u64) % 2) as usize;
        let second_half = aligned >= 2
            && aligned + 1 < bytes.len()
            && is_low(self.unit(bytes, aligned))
            && is_high(self.unit(bytes, aligned - 2));
        Some(if second_half { aligned - 2 } else { aligned })
    }

    fn unit_sizes(&self) -> String {
        "2 or 4 bytes".to_string()
    }

    fn code_units(&self, unit: &[u8]) -> Option<(String, &'static str)> {
        let units: Vec<String> = unit
            .chunks_exact(2)
            .map(|pair| format!("{:04X}", self.unit(pair, 0)))
            .collect();
        Some((units.join(" "), byte_order(self.big_endian)))
    }

    fn marker_bits(&self, unit: &[u8], index: usize) -> usize {
        let is_surrogate = self
            .code_unit_of(unit, index)
            .is_some_and(|u| is_high(u) || is_low(u));
        if is_surrogate && index % 2 == self.high_byte() {
            6
        } else {
            0
        }
    }

    fn byte_role(&self, unit: &[u8], index: usize) -> String {
        let Some(code_unit) = self.code_unit_of(unit, index) else {
            return "a final odd byte: half a code unit".to_string();
        };
        let which = if index % 2 == self.high_byte() {
            "high"
        } else {
            "low"
        };
        let what = if is_high(code_unit) {
            "a high surrogate, marker 110110"
        } else if is_low(code_unit) {
            "a low surrogate, marker 110111"
        } else {
            "a code unit"
        };
        format!("{which} byte of {code_unit:04X}, {what}")
    }

    fn bom(&self) -> &'static [u8] {
        if self.big_endian {
            &[0xFE, 0xFF]
        } else {
            &[0xFF, 0xFE]
        }
    }

    fn encoding_rs(&self) -> Option<&'static encoding_rs::Encoding> {
        self.bulk_decoder()
    }

    fn bulk_decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        Some(if self.big_endian {
            encoding_rs::UTF_16BE
        } else {
            encoding_rs::UTF_16LE
        })
    }

    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        // The stride scan finds it; the line feeds it counts come cheap.
        self.scan_valid(bytes).0
    }

    fn scan_valid(&self, bytes: &[u8]) -> (usize, u64, u64) {
        // Strides whose surrogates all pair up inside them are checked and
        // their line feeds counted in one vectorized pass; a stride with a
        // stray surrogate is decoded unit by unit, up to the first error.
        const STRIDE: usize = 512;
        let line_feed = if self.big_endian {
            [0, b'\n']
        } else {
            [b'\n', 0]
        };
        let line_feed = u16::from_ne_bytes(line_feed);
        let high = self.high_byte();
        let mut at = 0;
        let mut line_feeds = 0u64;
        // Where the region holding the last line feed starts.
        let mut last_lf_from = 0;
        loop {
            if let Some(stride) = bytes.get(at..at + STRIDE) {
                // Native-order code units: compares on u16 lanes vectorize.
                let mut units = [0u16; STRIDE / 2];
                for (unit, pair) in units.iter_mut().zip(stride.chunks_exact(2)) {
                    *unit = u16::from_ne_bytes([pair[0], pair[1]]);
                }
                let marker = u16::from_ne_bytes(if high == 1 { [0, 0xF8] } else { [0xF8, 0] });
                let surrogate = u16::from_ne_bytes(if high == 1 { [0, 0xD8] } else { [0xD8, 0] });
                let surrogates = units
                    .iter()
                    .fold(0u16, |s, &u| s | u16::from(u & marker == surrogate));
                let lf = units
                    .iter()
                    .fold(0u16, |n, &u| n + u16::from(u == line_feed));
                if surrogates == 0 || self.pairs_whole(stride) {
                    if lf > 0 {
                        line_feeds += u64::from(lf);
                        last_lf_from = at;
                    }
                    at += STRIDE;
                    continue;
                }
            }
            let end = (at + STRIDE).min(bytes.len());
            let mut stopped = at >= bytes.len();
            while at < end {
                let (len, kind) = self.decode_unit(&bytes[at..]);
                match kind {
                    UnitKind::Invalid(_) => {
                        stopped = true;
                        break;
                    }
                    UnitKind::Char('\n') => {
                        line_feeds += 1;
                        last_lf_from = at;
                    }
                    UnitKind::Char(_) | UnitKind::Shift => {}
                }
                at += usize::from(len);
            }
            if stopped || at >= bytes.len() {
                break;
            }
        }
        let valid = at.min(bytes.len());
        let (_, tail) = self.count_lines(&bytes[last_lf_from..valid]);
        (valid, line_feeds, tail)
    }

    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        let line_feed = if self.big_endian {
            [0, b'\n']
        } else {
            [b'\n', 0]
        };
        let line_feed = u16::from_ne_bytes(line_feed);
        let units = valid
            .chunks_exact(2)
            .map(|p| u16::from_ne_bytes([p[0], p[1]]));
        let line_feeds = units.clone().filter(|&u| u == line_feed).count() as u64;
        // Units after the last line feed: code units less the low surrogates
        // (each the second half of a unit already counted).
        let last = valid
            .chunks_exact(2)
            .rposition(|p| u16::from_ne_bytes([p[0], p[1]]) == line_feed);
        let tail = &valid[last.map_or(0, |i| 2 * i + 2)..];
        let low_surrogates = tail
            .chunks_exact(2)
            .filter(|p| p[self.high_byte()] & 0xFC == 0xDC)
            .count();
        (line_feeds, (tail.len() / 2 - low_surrogates) as u64)
    }
}

impl Utf16 {
    /// Whether every surrogate of `stride` (whole code units, starting at a
    /// unit) is half of a pair inside it.
    fn pairs_whole(&self, stride: &[u8]) -> bool {
        let mut units = [0u16; 256];
        let units = &mut units[..stride.len() / 2];
        for (unit, pair) in units.iter_mut().zip(stride.chunks_exact(2)) {
            *unit = self.unit(pair, 0);
        }
        let (Some(&first), Some(&last)) = (units.first(), units.last()) else {
            return true;
        };
        !is_low(first)
            && !is_high(last)
            && units
                .windows(2)
                .fold(true, |whole, w| whole & (is_high(w[0]) == is_low(w[1])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What std says the units of `bytes` are, read in `codec`'s order.
    fn std_units(codec: &Utf16, bytes: &[u8]) -> Vec<Result<char, ()>> {
        let units = bytes.chunks_exact(2).map(|p| codec.unit(p, 0));
        let mut all: Vec<_> = char::decode_utf16(units)
            .map(|r| r.map_err(|_| ()))
            .collect();
        if bytes.len() % 2 == 1 {
            all.push(Err(()));
        }
        all
    }

    /// The units `codec` decodes from the start of `bytes`.
    fn our_units(codec: &Utf16, bytes: &[u8]) -> Vec<Result<char, ()>> {
        let mut at = 0;
        let mut all = Vec::new();
        while at < bytes.len() {
            let (len, kind) = codec.decode_unit(&bytes[at..]);
            all.push(match kind {
                UnitKind::Char(c) => Ok(c),
                UnitKind::Invalid(_) | UnitKind::Shift => Err(()),
            });
            at += usize::from(len);
        }
        all
    }

    /// Code units biased towards surrogates, as bytes.
    fn units_strategy() -> impl Strategy<Value = Vec<u8>> {
        let unit = prop_oneof![
            0u16..0x80,
            0xD800u16..0xDC00,
            0xDC00u16..0xE000,
            any::<u16>(),
        ];
        (
            prop::collection::vec(unit, 0..40),
            any::<bool>(),
            any::<u8>(),
        )
            .prop_map(|(units, odd, last)| {
                let mut bytes: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
                if odd {
                    bytes.push(last);
                }
                bytes
            })
    }

    proptest! {
        #[test]
        fn units_agree_with_std_in_both_orders(bytes in units_strategy()) {
            for codec in [&UTF16_LE, &UTF16_BE] {
                prop_assert_eq!(our_units(codec, &bytes), std_units(codec, &bytes));
                let valid = codec.valid_prefix_len(&bytes);
                let first_bad = our_units(codec, &bytes).iter().position(Result::is_err);
                let decoded_before: usize = match first_bad {
                    None => bytes.len(),
                    Some(_) => {
                        let mut at = 0;
                        loop {
                            let (len, kind) = codec.decode_unit(&bytes[at..]);
                            if matches!(kind, UnitKind::Invalid(_)) { break at; }
                            at += usize::from(len);
                        }
                    }
                };
                prop_assert_eq!(valid, decoded_before);
            }
        }

        #[test]
        fn every_offset_finds_the_unit_a_walk_from_the_start_finds(bytes in units_strategy()) {
            for codec in [&UTF16_LE, &UTF16_BE] {
                crate::model::encoding::tests::random_access_agrees(super::super::Encoding(codec), &bytes)?;
            }
        }
    }

    proptest! {
        #[test]
        fn the_fused_scan_agrees_with_its_parts(
            lines in prop::collection::vec(("[a-zа-я ]{0,300}", any::<bool>(), any::<bool>()), 1..12),
        ) {
            // Long runs of plain text, line feeds here and there, now and
            // then an emoji (a pair) or a lone surrogate.
            for codec in [&UTF16_LE, &UTF16_BE] {
                let mut units: Vec<u16> = Vec::new();
                for (line, emoji, lone) in &lines {
                    units.extend(line.encode_utf16());
                    if *emoji {
                        units.extend("😀".encode_utf16());
                    }
                    if *lone {
                        units.push(0xDC00);
                    }
                    units.push(u16::from(b'\n'));
                }
                let bytes: Vec<u8> = units
                    .iter()
                    .flat_map(|u| if codec.big_endian { u.to_be_bytes() } else { u.to_le_bytes() })
                    .collect();
                let valid = codec.valid_prefix_len(&bytes);
                let (line_feeds, tail) = codec.count_lines(&bytes[..valid]);
                prop_assert_eq!(codec.scan_valid(&bytes), (valid, line_feeds, tail));
            }
        }
    }

    #[test]
    fn the_seeds_surrogate_pair() {
        let le = [0x03, 0xD8, 0x0C, 0xDC];
        assert_eq!(UTF16_LE.decode_unit(&le), (4, UnitKind::Char('\u{10C0C}')));
        let be = [0xD8, 0x03, 0xDC, 0x0C];
        assert_eq!(UTF16_BE.decode_unit(&be), (4, UnitKind::Char('\u{10C0C}')));
        // 110110|00 00000011: six marker bits in the high byte only.
        assert_eq!(UTF16_BE.marker_bits(&be, 0), 6);
        assert_eq!(UTF16_BE.marker_bits(&be, 1), 0);
        assert_eq!(UTF16_LE.marker_bits(&le, 1), 6);
        assert_eq!(UTF16_LE.marker_bits(&le, 3), 6);
        assert_eq!(UTF16_LE.marker_bits(&le, 2), 0);
    }

    #[test]
    fn papa_hello_is_twenty_bytes() {
        let bytes: Vec<u8> = "Папа Hello"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(bytes.len(), 20);
        assert_eq!(UTF16_LE.count_lines(&bytes), (0, 10));
        assert_eq!(UTF16_LE.valid_prefix_len(&bytes), 20);
    }
}
