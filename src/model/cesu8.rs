//! CESU-8: a char above U+FFFF written as the two 3-byte sequences of its
//! UTF-16 surrogates (`ED A0 BD ED B8 80` for U+1F600) instead of one
//! 4-byte sequence. UTF-8 forbids the surrogates, but a pair says exactly
//! which char was meant.

/// A surrogate pair written as two 3-byte sequences.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurrogatePair {
    /// The high surrogate (D800–DBFF).
    pub high: u32,
    /// The low surrogate (DC00–DFFF).
    pub low: u32,
    /// The char the pair encodes.
    pub meant: char,
}

/// The surrogate pair the first six of `bytes` write, if they do.
pub fn surrogate_pair(bytes: &[u8]) -> Option<SurrogatePair> {
    let [
        0xED,
        h1 @ 0xA0..=0xAF,
        h2 @ 0x80..=0xBF,
        0xED,
        l1 @ 0xB0..=0xBF,
        l2 @ 0x80..=0xBF,
        ..,
    ] = *bytes
    else {
        return None;
    };
    let high = 0xD000 | (u32::from(h1 & 0x3F) << 6) | u32::from(h2 & 0x3F);
    let low = 0xD000 | (u32::from(l1 & 0x3F) << 6) | u32::from(l2 & 0x3F);
    let meant = char::from_u32(0x1_0000 + ((high - 0xD800) << 10) + (low - 0xDC00))?;
    Some(SurrogatePair { high, low, meant })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_decodes_to_the_char_utf16_gives() {
        for c in ['\u{10000}', '😀', '\u{10C0C}', '\u{10FFFF}'] {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units);
            let mut bytes = Vec::new();
            for unit in units {
                // Each surrogate as the 3-byte sequence UTF-8 would give it.
                let u = u32::from(unit);
                bytes.extend([
                    0xE0 | (u >> 12) as u8,
                    0x80 | (u >> 6 & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]);
            }
            let pair = surrogate_pair(&bytes).unwrap();
            assert_eq!(
                (pair.high, pair.low, pair.meant),
                (u32::from(units[0]), u32::from(units[1]), c)
            );
        }
        assert_eq!(surrogate_pair(&[0xED, 0xA0, 0xBD]), None);
        assert_eq!(surrogate_pair(&[0xED, 0xB8, 0x80, 0xED, 0xA0, 0xBD]), None);
    }
}
