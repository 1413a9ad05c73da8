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
}
