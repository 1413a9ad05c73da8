//! UTF-32 in either byte order (DESIGN.md, "Other encodings"): every unit is
//! 4 bytes; a surrogate or a value above U+10FFFF is a span of its 4 bytes,
//! and 1–3 final bytes are truncated.

use super::Codec;
use crate::model::unit::{InvalidKind, UnitKind};

/// UTF-32 in one byte order.
pub struct Utf32 {
    big_endian: bool,
}

/// UTF-32LE.
pub static UTF32_LE: Utf32 = Utf32 { big_endian: false };
/// UTF-32BE.
pub static UTF32_BE: Utf32 = Utf32 { big_endian: true };

impl Utf32 {
    /// The value in the four bytes at the start of `bytes`.
    fn value(&self, bytes: &[u8]) -> u32 {
        let quad = [bytes[0], bytes[1], bytes[2], bytes[3]];
        if self.big_endian {
            u32::from_be_bytes(quad)
        } else {
            u32::from_le_bytes(quad)
        }
    }
}

impl Codec for Utf32 {
    fn name(&self) -> &'static str {
        if self.big_endian {
            "UTF-32BE"
        } else {
            "UTF-32LE"
        }
    }

    fn max_unit_len(&self) -> usize {
        4
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        if bytes.len() < 4 {
            return (bytes.len() as u8, UnitKind::Invalid(InvalidKind::Truncated));
        }
        let value = self.value(bytes);
        let kind = match char::from_u32(value) {
            Some(c) => UnitKind::Char(c),
            None if (0xD800..=0xDFFF).contains(&value) => UnitKind::Invalid(InvalidKind::Surrogate),
            None => UnitKind::Invalid(InvalidKind::TooLarge),
        };
        (4, kind)
    }

    fn unit_start_at_or_before(&self, _bytes: &[u8], base: u64, at: usize) -> Option<usize> {
        Some(at - ((base + at as u64) % 4) as usize)
    }

    fn unit_sizes(&self) -> String {
        "4 bytes".to_string()
    }

    fn code_units(&self, unit: &[u8]) -> Option<(String, &'static str)> {
        (unit.len() == 4).then(|| {
            let order = super::utf16::byte_order(self.big_endian);
            (format!("{:08X}", self.value(unit)), order)
        })
    }

    fn marker_bits(&self, _unit: &[u8], _index: usize) -> usize {
        0
    }

    fn byte_role(&self, unit: &[u8], index: usize) -> String {
        if unit.len() < 4 {
            return "a final byte of an incomplete code unit".to_string();
        }
        let rank = if self.big_endian { index } else { 3 - index };
        let names = ["highest", "second-highest", "second-lowest", "lowest"];
        format!("{} byte of {:08X}", names[rank], self.value(unit))
    }

    fn bom(&self) -> &'static [u8] {
        if self.big_endian {
            &[0, 0, 0xFE, 0xFF]
        } else {
            &[0xFF, 0xFE, 0, 0]
        }
    }

    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        bytes
            .chunks_exact(4)
            .position(|quad| char::from_u32(self.value(quad)).is_none())
            .map_or(bytes.len() & !3, |bad| bad * 4)
    }

    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        let mut line_feeds = 0;
        let mut since = 0;
        for quad in valid.chunks_exact(4) {
            if self.value(quad) == u32::from(b'\n') {
                line_feeds += 1;
                since = 0;
            } else {
                since += 1;
            }
        }
        (line_feeds, since)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn kinds_of_the_design_table() {
        let le = |v: u32| v.to_le_bytes();
        assert_eq!(
            UTF32_LE.decode_unit(&le(0x10C0C)),
            (4, UnitKind::Char('\u{10C0C}'))
        );
        assert_eq!(
            UTF32_LE.decode_unit(&le(0xD800)),
            (4, UnitKind::Invalid(InvalidKind::Surrogate))
        );
        assert_eq!(
            UTF32_LE.decode_unit(&le(0x11_0000)),
            (4, UnitKind::Invalid(InvalidKind::TooLarge))
        );
        assert_eq!(
            UTF32_BE.decode_unit(&[0, 0]),
            (2, UnitKind::Invalid(InvalidKind::Truncated))
        );
    }

    proptest! {
        #[test]
        fn random_access_agrees_with_a_walk(bytes in prop::collection::vec(prop_oneof![Just(0u8), any::<u8>()], 0..40)) {
            for codec in [&UTF32_LE, &UTF32_BE] {
                crate::model::encoding::tests::random_access_agrees(super::super::Encoding(codec), &bytes)?;
            }
        }
    }
}
