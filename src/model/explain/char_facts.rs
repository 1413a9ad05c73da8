//! Everything there is to say about one character's encodings: its name
//! and properties, its UTF-8 bytes with marker and payload bits apart, how
//! the payload assembles into the code point, and its UTF-16 and UTF-32
//! forms with the surrogate arithmetic.

use unicode_general_category::get_general_category;
use unicode_script::UnicodeScript;
use unicode_width::UnicodeWidthChar;

use super::control_names::char_name;

/// One byte of a UTF-8 sequence, split into its marker and payload bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByteBits {
    /// The byte.
    pub byte: u8,
    /// Its leading marker bits (`1110`, `10`, or `0` for ASCII).
    pub markers: String,
    /// Its payload bits, which carry the code point.
    pub payload: String,
}

/// How many leading bits of a byte are UTF-8 markers rather than payload:
/// `0` for ASCII, `110`/`1110`/`11110` for leads, `10` for continuations.
pub fn marker_len(byte: u8, is_first: bool) -> usize {
    if !is_first {
        return 2;
    }
    match byte.leading_ones() {
        0 => 1,
        n @ 2..=4 => n as usize + 1,
        _ => 2,
    }
}

/// Splits each byte of a sequence into marker and payload bits.
pub fn byte_bits(bytes: &[u8]) -> Vec<ByteBits> {
    bytes
        .iter()
        .enumerate()
        .map(|(i, &byte)| {
            let bits = format!("{byte:08b}");
            let markers = marker_len(byte, i == 0);
            ByteBits {
                byte,
                markers: bits[..markers].to_string(),
                payload: bits[markers..].to_string(),
            }
        })
        .collect()
}

/// The facts of one character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharFacts {
    /// The character.
    pub c: char,
    /// Its name, or a control's alias (`LINE FEED (LF)`); `None` if unnamed.
    pub name: Option<String>,
    /// General category abbreviation (`Lu`).
    pub category: &'static str,
    /// General category in words (`UppercaseLetter`).
    pub category_name: String,
    /// Script (`Latin`, `Cyrillic`, `Common`).
    pub script: &'static str,
    /// Columns it takes on a terminal (`None` for controls).
    pub width: Option<usize>,
    /// Its UTF-8 bytes, bit by bit.
    pub utf8: Vec<ByteBits>,
}

impl CharFacts {
    /// The facts of `c`.
    pub fn of(c: char) -> CharFacts {
        let mut buf = [0u8; 4];
        let utf8 = c.encode_utf8(&mut buf).as_bytes();
        let category = get_general_category(c);
        CharFacts {
            c,
            name: char_name(c),
            category: category.abbreviation(),
            category_name: format!("{category:?}"),
            script: c.script().full_name(),
            width: c.width(),
            utf8: byte_bits(utf8),
        }
    }

    /// The code point as `U+20AC`.
    pub fn code_point(&self) -> String {
        format!("U+{:04X}", self.c as u32)
    }

    /// The UTF-8 bytes.
    pub fn utf8_bytes(&self) -> Vec<u8> {
        self.utf8.iter().map(|b| b.byte).collect()
    }

    /// The payload bits of every byte, joined (`0010000010101100`).
    pub fn payload_bits(&self) -> String {
        self.utf8.iter().map(|b| b.payload.as_str()).collect()
    }

    /// The payload regrouped into hex digits: `0010 0000 1010 1100` and
    /// `2 0 A C` (padded on the left to whole digits).
    pub fn payload_nibbles(&self) -> (String, String) {
        let bits = self.payload_bits();
        let padded = format!("{}{bits}", "0".repeat((4 - bits.len() % 4) % 4));
        let groups: Vec<&str> = (0..padded.len() / 4)
            .map(|i| &padded[4 * i..4 * i + 4])
            .collect();
        let digits: Vec<String> = groups
            .iter()
            .map(|g| format!("{:X}", u8::from_str_radix(g, 2).expect("binary digits")))
            .collect();
        (groups.join(" "), digits.join(" "))
    }

    /// Its UTF-16 code units (one, or a surrogate pair).
    pub fn utf16(&self) -> Vec<u16> {
        let mut units = [0u16; 2];
        self.c.encode_utf16(&mut units).to_vec()
    }

    /// For a character above U+FFFF, the surrogate pair's arithmetic:
    /// `0x10C0C − 0x10000 = 0x00C0C; high 10 bits 0x003 + 0xD800 = D803;
    /// low 10 bits 0x00C + 0xDC00 = DC0C`.
    pub fn surrogate_math(&self) -> Option<String> {
        let code = self.c as u32;
        let v = code.checked_sub(0x1_0000)?;
        let (high, low) = (v >> 10, v & 0x3FF);
        Some(format!(
            "0x{code:X} − 0x10000 = 0x{v:05X}; high 10 bits 0x{high:03X} + 0xD800 = {:04X}; \
             low 10 bits 0x{low:03X} + 0xDC00 = {:04X}",
            0xD800 + high,
            0xDC00 + low
        ))
    }

    /// The UTF-16 bytes, little-endian.
    pub fn utf16le(&self) -> Vec<u8> {
        self.utf16().iter().flat_map(|u| u.to_le_bytes()).collect()
    }

    /// The UTF-16 bytes, big-endian.
    pub fn utf16be(&self) -> Vec<u8> {
        self.utf16().iter().flat_map(|u| u.to_be_bytes()).collect()
    }

    /// The UTF-32 bytes, little-endian.
    pub fn utf32le(&self) -> Vec<u8> {
        (self.c as u32).to_le_bytes().to_vec()
    }

    /// The UTF-32 bytes, big-endian.
    pub fn utf32be(&self) -> Vec<u8> {
        (self.c as u32).to_be_bytes().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_euro_sign_assembles_from_its_payload() {
        let euro = CharFacts::of('€');
        assert_eq!(euro.utf8_bytes(), [0xE2, 0x82, 0xAC]);
        assert_eq!(euro.utf8[0].markers, "1110");
        assert_eq!(euro.utf8[1].payload, "000010");
        assert_eq!(
            euro.payload_nibbles(),
            ("0010 0000 1010 1100".to_string(), "2 0 A C".to_string())
        );
        assert_eq!(euro.surrogate_math(), None);
        assert_eq!(euro.name.as_deref(), Some("EURO SIGN"));
        assert_eq!(euro.category, "Sc");
    }

    #[test]
    fn the_seeds_astral_example_shows_its_surrogate_arithmetic() {
        let c = CharFacts::of('\u{10C0C}');
        assert_eq!(c.utf8_bytes(), [0xF0, 0x90, 0xB0, 0x8C]);
        assert_eq!(c.utf16(), [0xD803, 0xDC0C]);
        assert_eq!(
            c.surrogate_math().unwrap(),
            "0x10C0C − 0x10000 = 0x00C0C; high 10 bits 0x003 + 0xD800 = D803; \
             low 10 bits 0x00C + 0xDC00 = DC0C"
        );
        assert_eq!(c.utf16le(), [0x03, 0xD8, 0x0C, 0xDC]);
        assert_eq!(c.utf16be(), [0xD8, 0x03, 0xDC, 0x0C]);
        assert_eq!(c.utf32be(), [0x00, 0x01, 0x0C, 0x0C]);
        assert_eq!(c.utf32le(), [0x0C, 0x0C, 0x01, 0x00]);
        assert_eq!(c.payload_nibbles().1, "0 1 0 C 0 C");
    }
}
