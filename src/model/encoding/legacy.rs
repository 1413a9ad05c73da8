//! The legacy encodings, decoded by encoding_rs (the WHATWG Encoding
//! Standard): a unit is one byte, or the multi-byte sequence of a CJK
//! encoding; a byte or sequence the encoding leaves undefined is one
//! `unmapped` span, exactly where encoding_rs would write one U+FFFD.

use std::sync::OnceLock;

use super::Codec;
use super::byte_table::ByteTable;
use crate::model::unit::{InvalidKind, UnitKind};

/// The legacy encodings the model reads, in the order lists show them.
/// (ISO-2022-JP, whose escape sequences make a unit depend on what came
/// before it, has a codec of its own: `iso2022jp.rs`.)
const ENCODINGS: [&encoding_rs::Encoding; 35] = [
    encoding_rs::WINDOWS_1252,
    encoding_rs::WINDOWS_1250,
    encoding_rs::WINDOWS_1251,
    encoding_rs::WINDOWS_1253,
    encoding_rs::WINDOWS_1254,
    encoding_rs::WINDOWS_1255,
    encoding_rs::WINDOWS_1256,
    encoding_rs::WINDOWS_1257,
    encoding_rs::WINDOWS_1258,
    encoding_rs::WINDOWS_874,
    encoding_rs::ISO_8859_2,
    encoding_rs::ISO_8859_3,
    encoding_rs::ISO_8859_4,
    encoding_rs::ISO_8859_5,
    encoding_rs::ISO_8859_6,
    encoding_rs::ISO_8859_7,
    encoding_rs::ISO_8859_8,
    encoding_rs::ISO_8859_8_I,
    encoding_rs::ISO_8859_10,
    encoding_rs::ISO_8859_13,
    encoding_rs::ISO_8859_14,
    encoding_rs::ISO_8859_15,
    encoding_rs::ISO_8859_16,
    encoding_rs::KOI8_R,
    encoding_rs::KOI8_U,
    encoding_rs::IBM866,
    encoding_rs::MACINTOSH,
    encoding_rs::X_MAC_CYRILLIC,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::EUC_KR,
    encoding_rs::BIG5,
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::X_USER_DEFINED,
];

/// One legacy encoding.
pub struct Legacy {
    encoding: &'static encoding_rs::Encoding,
    /// For a single-byte encoding: what each byte decodes to on its own.
    table: Option<ByteTable>,
}

/// The codecs, made on first use.
fn codecs() -> &'static [Legacy] {
    static CODECS: OnceLock<Vec<Legacy>> = OnceLock::new();
    CODECS.get_or_init(|| {
        ENCODINGS
            .iter()
            .map(|&encoding| Legacy {
                encoding,
                table: encoding
                    .is_single_byte()
                    .then(|| ByteTable::new(byte_table(encoding))),
            })
            .collect()
    })
}

/// What each byte of a single-byte encoding decodes to.
fn byte_table(encoding: &'static encoding_rs::Encoding) -> [UnitKind; 256] {
    std::array::from_fn(|byte| {
        let byte = [byte as u8];
        let (text, had_errors) = encoding.decode_without_bom_handling(&byte);
        match text.chars().next() {
            Some(c) if !had_errors && !is_hole(encoding, c) => UnitKind::Char(c),
            _ => UnitKind::Invalid(InvalidKind::Unmapped),
        }
    })
}

/// Whether `c` is what WHATWG decodes a byte Microsoft's code page leaves
/// undefined to (0x81 in windows-1252 becomes U+0081): such a byte is
/// `unmapped` (DESIGN.md), since no text means a C1 control there.
/// (ISO-8859 encodings define 0x80–0x9F as the C1 controls.)
pub fn is_hole(encoding: &'static encoding_rs::Encoding, c: char) -> bool {
    encoding.name().starts_with("windows-") && ('\u{80}'..='\u{9F}').contains(&c)
}

/// The codec of a legacy encoding, if the model reads it.
pub fn codec_for(encoding: &'static encoding_rs::Encoding) -> Option<&'static Legacy> {
    codecs().iter().find(|codec| codec.encoding == encoding)
}

/// Every legacy codec.
pub fn all() -> impl Iterator<Item = &'static Legacy> {
    codecs().iter()
}

impl Legacy {
    /// Decodes a multi-byte encoding's unit by feeding encoding_rs one byte
    /// at a time until it writes a character or reports a malformed
    /// sequence; a malformed sequence ends where encoding_rs says it does
    /// (bytes it read past it are read again as the next unit).
    fn decode_multi_byte(&self, bytes: &[u8]) -> (u8, UnitKind) {
        let mut decoder = self.encoding.new_decoder_without_bom_handling();
        let mut out = [0u16; 8];
        let take = bytes.len().min(self.max_unit_len());
        let at_end = bytes.len() <= self.max_unit_len();
        for k in 0..take {
            let last = at_end && k + 1 == take;
            let (result, read, written) =
                decoder.decode_to_utf16_without_replacement(&bytes[k..=k], &mut out, last);
            if written > 0 {
                // Big5 has four sequences that decode to two code points;
                // the unit shows the first (its base letter).
                let c = char::decode_utf16(out[..written].iter().copied())
                    .next()
                    .and_then(Result::ok)
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                return ((k + 1) as u8, UnitKind::Char(c));
            }
            if let encoding_rs::DecoderResult::Malformed(_, extra) = result {
                let end = (k + read).saturating_sub(usize::from(extra)).max(1);
                return (end as u8, UnitKind::Invalid(InvalidKind::Unmapped));
            }
        }
        // Only reached if a sequence outgrows `max_unit_len`: call it one span.
        (take as u8, UnitKind::Invalid(InvalidKind::Unmapped))
    }
}

impl Codec for Legacy {
    fn name(&self) -> &'static str {
        self.encoding.name()
    }

    fn max_unit_len(&self) -> usize {
        if self.table.is_some() {
            1
        } else if self.encoding == encoding_rs::GB18030 || self.encoding == encoding_rs::GBK {
            4
        } else if self.encoding == encoding_rs::EUC_JP {
            3
        } else {
            2
        }
    }

    fn lookback(&self) -> usize {
        // A multi-byte encoding resynchronizes at a byte below 0x30, which
        // no CJK encoding uses inside a sequence: text has one every few
        // hundred bytes (spaces, line feeds, punctuation).
        if self.table.is_some() { 0 } else { 4 << 10 }
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        match &self.table {
            Some(table) => (1, table.unit(bytes[0])),
            None if bytes[0] < 0x80 => (1, UnitKind::Char(char::from(bytes[0]))),
            None => self.decode_multi_byte(bytes),
        }
    }

    fn unit_start_at_or_before(&self, bytes: &[u8], base: u64, at: usize) -> Option<usize> {
        if self.table.is_some() {
            return Some(at);
        }
        match bytes[..=at].iter().rposition(|&b| b < 0x30) {
            Some(sure) => Some(sure),
            None if base == 0 => Some(0),
            None => None,
        }
    }

    fn marker_bits(&self, _unit: &[u8], _index: usize) -> usize {
        0
    }

    fn byte_role(&self, unit: &[u8], index: usize) -> String {
        if unit.len() == 1 {
            format!("one byte of {}", self.name())
        } else {
            format!(
                "byte {} of a {}-byte {} sequence",
                index + 1,
                unit.len(),
                self.name()
            )
        }
    }

    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        match &self.table {
            Some(table) => table.valid_prefix_len(bytes),
            None => {
                let mut at = 0;
                while at < bytes.len() {
                    if bytes[at] < 0x80 {
                        at += 1;
                        continue;
                    }
                    let (len, kind) = self.decode_multi_byte(&bytes[at..]);
                    if matches!(kind, UnitKind::Invalid(_)) {
                        break;
                    }
                    at += usize::from(len);
                }
                at
            }
        }
    }

    fn decode_into(&self, bytes: &[u8], text: &mut String) -> usize {
        match &self.table {
            Some(table) => table.decode_into(bytes, text),
            None => super::decode_units_into(self, bytes, text),
        }
    }

    fn encoding_rs(&self) -> Option<&'static encoding_rs::Encoding> {
        Some(self.encoding)
    }

    fn bulk_decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        // Where Microsoft's holes decode to C1 controls, the units differ.
        let has_holes = self.table.as_ref().is_some_and(ByteTable::has_c1_holes);
        (!has_holes).then_some(self.encoding)
    }

    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        // 0A is a line feed in every one of these encodings, never part of
        // a sequence.
        let (line_feeds, tail_bytes) = super::byte_table::count_single_byte_lines(valid);
        if self.table.is_some() {
            return (line_feeds, tail_bytes);
        }
        let mut tail = &valid[valid.len() - tail_bytes as usize..];
        let mut units = 0;
        while !tail.is_empty() {
            tail = &tail[usize::from(self.decode_unit(tail).0)..];
            units += 1;
        }
        (line_feeds, units)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Encoding;
    use super::*;
    use proptest::prelude::*;

    /// The units of `bytes` decoded from the start.
    fn units(codec: &Legacy, bytes: &[u8]) -> Vec<(u8, UnitKind)> {
        let mut at = 0;
        let mut all = Vec::new();
        while at < bytes.len() {
            let unit = codec.decode_unit(&bytes[at..]);
            at += usize::from(unit.0);
            all.push(unit);
        }
        all
    }

    /// Bytes biased towards the ranges CJK encodings use.
    fn bytes_strategy() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(
            prop_oneof![
                0x20u8..0x40,
                0x40u8..0x80,
                0x80u8..0xA1,
                0xA1u8..=0xFF,
                any::<u8>()
            ],
            0..24,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn units_decode_as_encoding_rs_decodes(bytes in bytes_strategy()) {
            for codec in all() {
                let (expected, _) = codec.encoding.decode_without_bom_handling(&bytes);
                let expected: String = expected
                    .chars()
                    .map(|c| if is_hole(codec.encoding, c) { char::REPLACEMENT_CHARACTER } else { c })
                    .collect();
                let ours = units(codec, &bytes);
                let text: String = ours
                    .iter()
                    .map(|(_, kind)| match kind {
                        UnitKind::Char(c) => *c,
                        UnitKind::Invalid(_) | UnitKind::Shift => char::REPLACEMENT_CHARACTER,
                    })
                    .collect();
                if codec.encoding == encoding_rs::BIG5 && expected.chars().count() != text.chars().count() {
                    // One of Big5's four two-code-point sequences.
                    continue;
                }
                prop_assert_eq!(&text, &expected, "{}", codec.name());
                let first_bad = ours.iter().position(|(_, k)| matches!(k, UnitKind::Invalid(_)));
                let valid: usize = ours[..first_bad.unwrap_or(ours.len())].iter().map(|(l, _)| usize::from(*l)).sum();
                prop_assert_eq!(codec.valid_prefix_len(&bytes), valid, "{}", codec.name());
                let mut decoded = String::from("x");
                prop_assert_eq!(codec.decode_into(&bytes, &mut decoded), valid);
                let (prefix, _) = codec.encoding.decode_without_bom_handling(&bytes[..valid]);
                prop_assert_eq!(decoded, format!("x{prefix}"), "{}", codec.name());
            }
        }

        #[test]
        fn random_access_agrees_with_a_walk(bytes in bytes_strategy()) {
            for codec in all() {
                crate::model::encoding::tests::random_access_agrees(Encoding(codec), &bytes)?;
            }
        }
    }

    #[test]
    fn table_entries_of_windows_1252() {
        let codec = codec_for(encoding_rs::WINDOWS_1252).unwrap();
        assert_eq!(codec.decode_unit(&[0xE9]), (1, UnitKind::Char('é')));
        assert_eq!(codec.decode_unit(&[0x80]), (1, UnitKind::Char('€')));
        assert_eq!(
            codec.decode_unit(&[0x81]),
            (1, UnitKind::Invalid(InvalidKind::Unmapped))
        );
    }

    #[test]
    fn shift_jis_sequences_and_a_bad_trail() {
        let codec = codec_for(encoding_rs::SHIFT_JIS).unwrap();
        // 日 is 93 FA; 81 followed by a space is a lead without its trail.
        assert_eq!(codec.decode_unit(&[0x93, 0xFA]), (2, UnitKind::Char('日')));
        assert_eq!(
            codec.decode_unit(&[0x81, 0x20]),
            (1, UnitKind::Invalid(InvalidKind::Unmapped))
        );
    }
}
