//! Runs of ASCII, found eight bytes at a time: most text is mostly ASCII,
//! and the passes that look only at the bytes beyond it skip the rest so.

/// How many bytes `bytes` starts with that are ASCII.
pub(crate) fn ascii_prefix(bytes: &[u8]) -> usize {
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let high = word & 0x8080_8080_8080_8080;
        if high != 0 {
            return n + high.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| b >= 0x80)
        .unwrap_or(bytes.len() - n)
}

/// How many bytes `bytes` starts with that are beyond ASCII (80–FF).
pub(crate) fn beyond_ascii_prefix(bytes: &[u8]) -> usize {
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let ascii = !word & 0x8080_8080_8080_8080;
        if ascii != 0 {
            return n + ascii.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| b < 0x80)
        .unwrap_or(bytes.len() - n)
}

/// How many bytes `bytes` starts with that are printable ASCII other
/// than the space (21–7E) or DEL: inside a word, the bytes that can be
/// passed over until a char beyond ASCII or the space or control that
/// ends it.
pub(crate) fn printable_prefix(bytes: &[u8]) -> usize {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        // A byte's high bit after adding 5F to its low seven: set from 21
        // on (no carry leaves a byte: 7F + 5F < 100).
        let from_21 = (word & LOW7) + 0x5F5F_5F5F_5F5F_5F5F;
        let stops = (word | !from_21) & HIGH;
        if stops != 0 {
            return n + stops.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| !(0x21..0x80).contains(&b))
        .unwrap_or(bytes.len() - n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefix_ends_at_the_first_byte_beyond_ascii() {
        assert_eq!(ascii_prefix(b""), 0);
        assert_eq!(ascii_prefix(b"abc"), 3);
        assert_eq!(ascii_prefix(b"abcdefghij\xc3\xa9"), 10);
        assert_eq!(ascii_prefix(b"abcdefg\xff"), 7);
        assert_eq!(ascii_prefix("é".as_bytes()), 0);
    }

    #[test]
    fn the_prefix_beyond_ascii_ends_at_the_first_ascii_byte() {
        assert_eq!(beyond_ascii_prefix(b""), 0);
        assert_eq!(beyond_ascii_prefix(b"a\xc3\xa9"), 0);
        assert_eq!(beyond_ascii_prefix("é".as_bytes()), 2);
        assert_eq!(beyond_ascii_prefix("éééééé a".as_bytes()), 12);
        assert_eq!(beyond_ascii_prefix("ééé\u{7f}é".as_bytes()), 6);
        assert_eq!(beyond_ascii_prefix("日本語の".as_bytes()), 12);
    }

    #[test]
    fn the_printable_prefix_ends_at_a_space_a_control_or_beyond_ascii() {
        // Every byte after every length of printable prefix, in a chunk
        // and in the tail a byte at a time.
        for len in 0..20 {
            for stop in 0..=0xFFu8 {
                let mut bytes = b"abcdefghij0123456789".to_vec();
                bytes.truncate(len);
                bytes.push(stop);
                bytes.extend_from_slice(b"xyz~!");
                let expected = if (0x21..0x80).contains(&stop) {
                    bytes.len()
                } else {
                    len
                };
                assert_eq!(printable_prefix(&bytes), expected, "{len} {stop:02X}");
            }
        }
    }
}
