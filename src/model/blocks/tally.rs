//! Counting byte classes in valid UTF-8 at memory speed: the one extra pass the
//! scan makes over a block that simdutf8 has already validated.

/// Defines `fn NAME(bytes: &[u8]) -> T` whose simple loop over bytes runs
/// compiled for AVX2 when the CPU has it (LLVM vectorizes such loops, but
/// only to SSE2 unless told more). A macro, not a generic function: a
/// closure passed in may be left un-inlined, outside the AVX2 copy.
macro_rules! widest_vectors {
    ($(#[$doc:meta])* $vis:vis fn $name:ident($bytes:ident: &[u8]) -> $t:ty $body:block) => {
        $(#[$doc])*
        $vis fn $name($bytes: &[u8]) -> $t {
            #[inline(always)]
            fn portable($bytes: &[u8]) -> $t $body
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                fn avx2($bytes: &[u8]) -> $t {
                    portable($bytes)
                }
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU supports AVX2, checked just above.
                    return unsafe { avx2($bytes) };
                }
            }
            portable($bytes)
        }
    };
}

/// Byte-class counts of a stretch of valid UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClassTally {
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

impl ClassTally {
    /// Number of characters counted (every non-continuation byte starts one).
    pub fn chars(&self) -> u64 {
        self.ascii + self.two_byte + self.three_byte + self.four_byte
    }
}

/// Counts the byte classes of `bytes`, which must be valid UTF-8 for the
/// lead counts to mean characters.
pub fn tally(bytes: &[u8]) -> ClassTally {
    let [from_c0, from_e0, from_f0, lf] = count_classes(bytes);
    // Each count includes the ASCII bytes (see `count_classes`); in valid
    // UTF-8 the length fixes the last unknown, as every character of n bytes
    // has n - 1 continuation bytes:
    //   from_c0 = a + n2 + n3 + n4, from_e0 = a + n3 + n4, from_f0 = a + n4,
    //   len = a + 2 n2 + 3 n3 + 4 n4.
    let two_byte = from_c0 - from_e0;
    let three_byte = from_e0 - from_f0;
    let continuation = bytes.len() as u64 - from_c0;
    let four_byte = (continuation - two_byte - 2 * three_byte) / 3;
    ClassTally {
        lf,
        ascii: from_f0 - four_byte,
        two_byte,
        three_byte,
        four_byte,
    }
}

/// Counts, in one pass, the bytes that are ASCII or at least C0; ASCII or at
/// least E0; ASCII or at least F0; and line feeds. (Including ASCII makes each
/// a single signed comparison.)
fn count_classes(bytes: &[u8]) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512bw") {
        // SAFETY: the CPU supports AVX-512BW, checked just above.
        return unsafe { avx512::count_classes(bytes) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { avx2::count_classes(bytes) };
    }
    count_classes_portable(bytes)
}

fn count_classes_portable(bytes: &[u8]) -> [u64; 4] {
    let mut totals = [0u64; 4];
    for &b in bytes {
        let b = b as i8;
        let hits = [b > -65, b > -33, b > -17, b == b'\n' as i8];
        for (total, hit) in totals.iter_mut().zip(hits) {
            *total += u64::from(hit);
        }
    }
    totals
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    /// [`super::count_classes`] with 64 bytes at a time: comparisons give bit
    /// masks, widened back to -1 bytes and subtracted; byte counters are
    /// summed every 255 rounds.
    #[target_feature(enable = "avx512bw")]
    pub fn count_classes(bytes: &[u8]) -> [u64; 4] {
        const ROUNDS: usize = 255;
        let (vectors, rest) = bytes.as_chunks::<64>();
        let thresholds = [-65i8, -33, -17].map(|t| _mm512_set1_epi8(t));
        let lf = _mm512_set1_epi8(b'\n' as i8);
        let zero = _mm512_setzero_si512();
        let mut totals = [0u64; 4];
        for stretch in vectors.chunks(ROUNDS) {
            let mut counters = [zero; 4];
            let mut ascii_vectors = 0u64;
            for vector in stretch {
                // SAFETY: `vector` is 64 readable bytes; loadu needs no alignment.
                let v = unsafe { _mm512_loadu_si512(vector.as_ptr().cast()) };
                let line_feeds = _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(v, lf));
                counters[3] = _mm512_sub_epi8(counters[3], line_feeds);
                // Most vectors of most text are all ASCII: each class counts 64.
                if _mm512_movepi8_mask(v) == 0 {
                    ascii_vectors += 1;
                    continue;
                }
                for (counter, threshold) in counters.iter_mut().zip(thresholds) {
                    let hits = _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(v, threshold));
                    *counter = _mm512_sub_epi8(*counter, hits);
                }
            }
            for total in &mut totals[..3] {
                *total += 64 * ascii_vectors;
            }
            for (total, counter) in totals.iter_mut().zip(counters) {
                let sums = _mm512_sad_epu8(counter, zero);
                *total += _mm512_reduce_add_epi64(sums) as u64;
            }
        }
        let tail = super::count_classes_portable(rest);
        for (total, t) in totals.iter_mut().zip(tail) {
            *total += t;
        }
        totals
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// [`super::count_classes`] with 32 bytes at a time: compare masks are -1,
    /// so subtracting them counts; byte counters are summed every 255 rounds.
    #[target_feature(enable = "avx2")]
    pub fn count_classes(bytes: &[u8]) -> [u64; 4] {
        const ROUNDS: usize = 255;
        let (vectors, rest) = bytes.as_chunks::<32>();
        let thresholds = [-65i8, -33, -17].map(|t| _mm256_set1_epi8(t));
        let lf = _mm256_set1_epi8(b'\n' as i8);
        let zero = _mm256_setzero_si256();
        let mut totals = [0u64; 4];
        for stretch in vectors.chunks(ROUNDS) {
            let mut counters = [zero; 4];
            let mut ascii_vectors = 0u64;
            for vector in stretch {
                // SAFETY: `vector` is 32 readable bytes; loadu needs no alignment.
                let v = unsafe { _mm256_loadu_si256(vector.as_ptr().cast()) };
                counters[3] = _mm256_sub_epi8(counters[3], _mm256_cmpeq_epi8(v, lf));
                // Most vectors of most text are all ASCII: each class counts 32.
                if _mm256_movemask_epi8(v) == 0 {
                    ascii_vectors += 1;
                    continue;
                }
                for (counter, threshold) in counters.iter_mut().zip(thresholds) {
                    *counter = _mm256_sub_epi8(*counter, _mm256_cmpgt_epi8(v, threshold));
                }
            }
            for total in &mut totals[..3] {
                *total += 32 * ascii_vectors;
            }
            for (total, counter) in totals.iter_mut().zip(counters) {
                let sums = _mm256_sad_epu8(counter, zero);
                // SAFETY: a 256-bit vector is four u64 lanes.
                let lanes: [u64; 4] = unsafe { std::mem::transmute(sums) };
                *total += lanes.iter().sum::<u64>();
            }
        }
        let tail = super::count_classes_portable(rest);
        for (total, t) in totals.iter_mut().zip(tail) {
            *total += t;
        }
        totals
    }
}

widest_vectors! {
    /// Counts the line feeds in `bytes`.
    pub fn count_lf(bytes: &[u8]) -> u64 {
        count_matching(bytes, |b| b == b'\n')
    }
}

widest_vectors! {
    /// Counts characters (non-continuation bytes) in valid UTF-8.
    pub fn count_chars(bytes: &[u8]) -> u64 {
        count_matching(bytes, |b| (b as i8) >= -64)
    }
}

/// Counts the bytes for which `hit` holds, in byte-wide lanes that LLVM turns
/// into vector registers (flushed to u64 before they can overflow).
#[inline(always)]
fn count_matching(bytes: &[u8], hit: impl Fn(u8) -> bool) -> u64 {
    const LANES: usize = 64;
    const ROUNDS: usize = 255;
    let (vectors, rest) = bytes.as_chunks::<LANES>();
    let mut total = 0u64;
    for stretch in vectors.chunks(ROUNDS) {
        let mut lanes = [0u8; LANES];
        for vector in stretch {
            for (lane, &b) in lanes.iter_mut().zip(vector) {
                *lane += u8::from(hit(b));
            }
        }
        total += lanes.iter().map(|&n| u64::from(n)).sum::<u64>();
    }
    total + rest.iter().filter(|&&b| hit(b)).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vector_path_agrees_with_the_portable_one() {
        // Long ASCII runs, mixed vectors and odd lengths exercise every branch.
        let ascii = "plain ASCII text with a newline\n".repeat(40);
        let mixed = "Папа Hello\nγειά 世界 😀 ü\n".repeat(300);
        let text = format!("{ascii}{mixed}{ascii}é");
        for len in [0, 1, 31, 33, 63, 65, 100, 5_000, text.len()] {
            let bytes = &text.as_bytes()[..len];
            let expected = count_classes_portable(bytes);
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU supports AVX2.
                    assert_eq!(
                        unsafe { avx2::count_classes(bytes) },
                        expected,
                        "avx2, {len}"
                    );
                }
                if std::arch::is_x86_feature_detected!("avx512bw") {
                    // SAFETY: the CPU supports AVX-512BW.
                    assert_eq!(
                        unsafe { avx512::count_classes(bytes) },
                        expected,
                        "avx512, {len}"
                    );
                }
            }
            assert_eq!(count_classes(bytes), expected);
        }
    }

    #[test]
    fn tallies_agree_with_chars() {
        let text = "Папа Hello\nγειά 世界 😀\n".repeat(700);
        let t = tally(text.as_bytes());
        let count = |range: std::ops::RangeInclusive<usize>| {
            text.chars()
                .filter(|c| range.contains(&c.len_utf8()))
                .count() as u64
        };
        assert_eq!(t.ascii, count(1..=1));
        assert_eq!(t.two_byte, count(2..=2));
        assert_eq!(t.three_byte, count(3..=3));
        assert_eq!(t.four_byte, count(4..=4));
        assert_eq!(t.lf, 1400);
        assert_eq!(t.chars(), count_chars(text.as_bytes()));
    }
}
