//! Runs of ASCII, found eight bytes at a time: most text is mostly ASCII,
//! and the passes that look only at the bytes beyond it skip the rest so.

/// The high bit of each byte of a word of eight.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// How many bytes `bytes` starts with that are ASCII.
pub(crate) fn ascii_prefix(bytes: &[u8]) -> usize {
    prefix_before(bytes, |word| word & HIGH, |b| b >= 0x80)
}

/// How many bytes `bytes` starts with that are beyond ASCII (80–FF).
pub(crate) fn beyond_ascii_prefix(bytes: &[u8]) -> usize {
    prefix_before(bytes, |word| !word & HIGH, |b| b < 0x80)
}

/// How many bytes `bytes` starts with that are printable ASCII other
/// than the space (21–7E) or DEL: inside a word, the bytes that can be
/// passed over until a char beyond ASCII or the space or control that
/// ends it.
pub(crate) fn printable_prefix(bytes: &[u8]) -> usize {
    // A byte's high bit after adding 5F to its low seven: set from 21 on
    // (no carry leaves a byte: 7F + 5F < 100).
    let from_21 = |word: u64| (word & !HIGH) + 0x5F5F_5F5F_5F5F_5F5F;
    prefix_before(
        bytes,
        |word| (word | !from_21(word)) & HIGH,
        |b| !(0x21..0x80).contains(&b),
    )
}

/// How many bytes `bytes` starts with before the first that `stops`:
/// eight at a time by `stops_in`, which gives the high bit of each byte
/// of a little-endian word that stops, and the last few one by one.
#[inline(always)]
fn prefix_before(bytes: &[u8], stops_in: impl Fn(u64) -> u64, stops: impl Fn(u8) -> bool) -> usize {
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let stopping = stops_in(word);
        if stopping != 0 {
            return n + stopping.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..]
        .iter()
        .position(|&b| stops(b))
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
