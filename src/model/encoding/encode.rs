//! Text written in an encoding: what a search for text looks for in a file
//! read in that encoding.

use super::{Encoding, UnitKind};

/// `text` written in `encoding`, or `None` if the encoding cannot write
/// some of its characters. A stateful encoding's text is written from its
/// initial state, without the escape sequences around it (the bytes of its
/// characters are what a file holds wherever it is in that state).
pub fn encode(encoding: Encoding, text: &str) -> Option<Vec<u8>> {
    if encoding.is_utf8() {
        return Some(text.as_bytes().to_vec());
    }
    let utf16 = |le: bool| -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    };
    let utf32 = |le: bool| -> Vec<u8> {
        text.chars()
            .map(u32::from)
            .flat_map(|c| if le { c.to_le_bytes() } else { c.to_be_bytes() })
            .collect()
    };
    match encoding {
        e if e == Encoding::UTF_16LE => return Some(utf16(true)),
        e if e == Encoding::UTF_16BE => return Some(utf16(false)),
        e if e == Encoding::UTF_32LE => return Some(utf32(true)),
        e if e == Encoding::UTF_32BE => return Some(utf32(false)),
        _ => {}
    }
    if encoding.codec().max_unit_len() == 1 {
        return text.chars().map(|c| single_byte(encoding, c)).collect();
    }
    let (bytes, _, unmappable) = encoding.encoding_rs()?.encode(text);
    if unmappable {
        return None;
    }
    let mut bytes = bytes.into_owned();
    if encoding.codec().is_stateful() {
        strip_escapes(&mut bytes);
    }
    Some(bytes)
}

/// The byte that `c` is in the single-byte `encoding`.
fn single_byte(encoding: Encoding, c: char) -> Option<u8> {
    if c.is_ascii() && encoding.decode_unit(&[c as u8]).1 == UnitKind::Char(c) {
        return Some(c as u8);
    }
    (0x80..=0xFF).find(|&b| encoding.decode_unit(&[b]).1 == UnitKind::Char(c))
}

/// Leaves out the escape sequence that starts `bytes` and the one that
/// ends them (ISO-2022-JP's `ESC $ B` … `ESC ( B`).
fn strip_escapes(bytes: &mut Vec<u8>) {
    if bytes.len() >= 3 && bytes[bytes.len() - 3] == 0x1B {
        bytes.truncate(bytes.len() - 3);
    }
    if bytes.len() >= 3 && bytes[0] == 0x1B {
        bytes.drain(..3);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_written_in_each_family() {
        let label = |l: &str| Encoding::for_label(l).unwrap();
        assert_eq!(
            encode(label("windows-1251"), "мир"),
            Some(vec![0xEC, 0xE8, 0xF0])
        );
        assert_eq!(
            encode(label("shift_jis"), "世界"),
            Some(vec![0x90, 0xA2, 0x8A, 0x45])
        );
        assert_eq!(
            encode(Encoding::UTF_16BE, "wo"),
            Some(vec![0, b'w', 0, b'o'])
        );
        assert_eq!(encode(Encoding::UTF_32LE, "a"), Some(vec![b'a', 0, 0, 0]));
        assert_eq!(encode(label("ibm866"), "ж"), Some(vec![0xA6]));
        assert_eq!(
            encode(label("iso-2022-jp"), "世界"),
            Some(vec![0x40, 0x24, 0x33, 0x26])
        );
        assert_eq!(encode(label("windows-1252"), "мир"), None);
    }
}
