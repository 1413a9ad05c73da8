//! Counting byte classes in valid UTF-8 at memory speed: the one extra pass the
//! scan makes over a block that simdutf8 has already validated.

/// Byte-class counts of a stretch of valid UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Line feeds (0A).
    pub lf: u64,
    /// One-byte characters.
    pub ascii: u64,
    /// Lead bytes of two-byte sequences (C0–DF in valid text: C2–DF).
    pub two_byte: u64,
    /// Lead bytes of three-byte sequences (E0–EF).
    pub three_byte: u64,
    /// Lead bytes of four-byte sequences (F0–F7 in valid text: F0–F4).
    pub four_byte: u64,
}

impl Tally {
    /// Number of characters counted (every non-continuation byte starts one).
    pub fn chars(&self) -> u64 {
        self.ascii + self.two_byte + self.three_byte + self.four_byte
    }
}

/// Counts the byte classes of `bytes`, which must be valid UTF-8 for the
/// lead counts to mean characters.
pub fn tally(bytes: &[u8]) -> Tally {
    if bytes.is_ascii() {
        return Tally {
            lf: count_lf(bytes),
            ascii: bytes.len() as u64,
            ..Tally::default()
        };
    }
    let [ascii, from_c0, from_e0, from_f0, lf] = count_classes(bytes);
    Tally {
        lf,
        ascii,
        two_byte: from_c0 - from_e0,
        three_byte: from_e0 - from_f0,
        four_byte: from_f0,
    }
}

/// Counts the line feeds in `bytes`.
pub fn count_lf(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

/// Counts characters (non-continuation bytes) in valid UTF-8.
pub fn count_chars(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64
}

/// Returns counts of bytes `< 80`, `>= C0`, `>= E0`, `>= F0` and `== 0A`,
/// choosing the widest vector unit the CPU has.
fn count_classes(bytes: &[u8]) -> [u64; 5] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { count_classes_avx2(bytes) };
    }
    count_classes_portable(bytes)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_classes_avx2(bytes: &[u8]) -> [u64; 5] {
    count_classes_portable(bytes)
}

/// The counting loop, written so that LLVM vectorizes it: byte-wide lane
/// counters that are flushed to u64 before they can overflow (255 rounds).
#[inline(always)]
fn count_classes_portable(bytes: &[u8]) -> [u64; 5] {
    const LANES: usize = 32;
    const ROUNDS: usize = 255;
    let mut totals = [0u64; 5];
    for stretch in bytes.chunks(LANES * ROUNDS) {
        let (vectors, rest) = stretch.as_chunks::<LANES>();
        let mut lanes = [[0u8; LANES]; 5];
        for vector in vectors {
            for (i, &b) in vector.iter().enumerate() {
                lanes[0][i] += u8::from(b < 0x80);
                lanes[1][i] += u8::from(b >= 0xC0);
                lanes[2][i] += u8::from(b >= 0xE0);
                lanes[3][i] += u8::from(b >= 0xF0);
                lanes[4][i] += u8::from(b == b'\n');
            }
        }
        for (total, lane) in totals.iter_mut().zip(&lanes) {
            *total += lane.iter().map(|&n| u64::from(n)).sum::<u64>();
        }
        for &b in rest {
            totals[0] += u64::from(b < 0x80);
            totals[1] += u64::from(b >= 0xC0);
            totals[2] += u64::from(b >= 0xE0);
            totals[3] += u64::from(b >= 0xF0);
            totals[4] += u64::from(b == b'\n');
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_agree_with_chars() {
        let text = "Папа Hello\nγειά 世界 😀\n".repeat(700);
        let t = tally(text.as_bytes());
        let count = |range: std::ops::RangeInclusive<usize>| {
            text.chars().filter(|c| range.contains(&c.len_utf8())).count() as u64
        };
        assert_eq!(t.ascii, count(1..=1));
        assert_eq!(t.two_byte, count(2..=2));
        assert_eq!(t.three_byte, count(3..=3));
        assert_eq!(t.four_byte, count(4..=4));
        assert_eq!(t.lf, 1400);
        assert_eq!(t.chars(), count_chars(text.as_bytes()));
    }
}
