//! The DOS code pages of Western Europe and the US, which encoding_rs does
//! not decode: IBM437 (the original PC's) and IBM850 (its Western European
//! successor, the OEM code page of Windows in those languages). Every byte
//! is a char: 00–7F as ASCII (controls as controls, not the PC's glyphs
//! for them, as text files mean them), 80–FF as oem_cp's tables give them.

use std::sync::LazyLock;

use super::Codec;
use super::byte_table::ByteTable;
use crate::model::unit::UnitKind;

/// One DOS code page.
pub struct Oem {
    name: &'static str,
    table: LazyLock<ByteTable>,
}

/// IBM437, the code page of the original IBM PC (`cp437`).
pub static IBM437: Oem = Oem {
    name: "IBM437",
    table: LazyLock::new(|| table_of(&oem_cp::code_table::DECODING_TABLE_CP437)),
};

/// IBM850, DOS's Western European code page (`cp850`).
pub static IBM850: Oem = Oem {
    name: "IBM850",
    table: LazyLock::new(|| table_of(&oem_cp::code_table::DECODING_TABLE_CP850)),
};

/// Labels people write for each (lower case, `-` and `_` left out).
pub const LABELS: [(&str, &Oem); 8] = [
    ("ibm437", &IBM437),
    ("cp437", &IBM437),
    ("437", &IBM437),
    ("cspc8codepage437", &IBM437),
    ("ibm850", &IBM850),
    ("cp850", &IBM850),
    ("850", &IBM850),
    ("cspc850multilingual", &IBM850),
];

/// The table of a code page whose bytes 80–FF are `high`.
fn table_of(high: &[char; 128]) -> ByteTable {
    ByteTable::new(std::array::from_fn(|byte| match byte {
        0..0x80 => UnitKind::Char(char::from(byte as u8)),
        _ => UnitKind::Char(high[byte - 0x80]),
    }))
}

impl Codec for Oem {
    fn name(&self) -> &'static str {
        self.name
    }

    fn max_unit_len(&self) -> usize {
        1
    }

    fn lookback(&self) -> usize {
        0
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        (1, self.table.unit(bytes[0]))
    }

    fn unit_start_at_or_before(&self, _bytes: &[u8], _base: u64, at: usize) -> Option<usize> {
        Some(at)
    }

    fn marker_bits(&self, _unit: &[u8], _index: usize) -> usize {
        0
    }

    fn byte_role(&self, _unit: &[u8], _index: usize) -> String {
        format!("one byte of {}", self.name)
    }

    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        self.table.valid_prefix_len(bytes)
    }

    fn decode_into(&self, bytes: &[u8], text: &mut String) -> usize {
        self.table.decode_into(bytes, text)
    }

    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        super::byte_table::count_single_byte_lines(valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_the_dos_code_pages() {
        // "café" and a box corner in IBM437; "não" in IBM850.
        let mut text = String::new();
        assert_eq!(IBM437.decode_into(b"caf\x82 \xc9", &mut text), 6);
        assert_eq!(text, "café ╔");
        text.clear();
        assert_eq!(IBM850.decode_into(b"n\xc6o", &mut text), 3);
        assert_eq!(text, "não");
        assert_eq!(IBM437.decode_unit(&[0x0A]), (1, UnitKind::Char('\n')));
    }

    #[test]
    fn every_byte_is_a_char_and_no_two_the_same() {
        for oem in [&IBM437, &IBM850] {
            let mut chars: Vec<char> = (0..=255u8)
                .map(|b| match oem.decode_unit(&[b]).1 {
                    UnitKind::Char(c) => c,
                    other => panic!("{}: {b:02X} is {other:?}", oem.name),
                })
                .collect();
            chars.sort_unstable();
            chars.dedup();
            assert_eq!(chars.len(), 256, "{}", oem.name);
        }
    }
}
