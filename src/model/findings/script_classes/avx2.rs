//! The script-class search 32 bytes at a time with AVX2, for CPUs without
//! VBMI: each table of 64 entries is four rows of 16, looked up by byte
//! shuffles (`vpshufb`), and the lead table's ASCII half by comparisons.

use super::{
    BEFORE, BY_THIRD, ChunkHits, ChunkWindow, LATIN, LEAD, OTHER, SECOND, SECOND_TABLES, SHARED,
};
use crate::model::findings::backend::Avx2Token;
use std::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_adds_epu8, _mm256_alignr_epi8, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_sub_epi8,
};

/// A table of 64 entries as four rows of 16, each row in both 128-bit
/// lanes of a register (a shuffle looks up within its lane).
#[derive(Clone, Copy)]
struct Rows([__m256i; 4]);

/// The search 32 bytes at a time, the tables in registers. Made only with
/// an [`Avx2Token`], kept inside, so a value exists only on a CPU with
/// AVX2: that makes the intrinsics below sound. (It is used inside a
/// function compiled for AVX2, see [`super::next_script_change`], where
/// these methods are inlined.)
pub struct Classes {
    token: Avx2Token,
    /// The lead table from C0 on (below, only ASCII letters and digits
    /// have a class, and comparisons find them).
    lead_high: Rows,
    second: [Rows; SECOND_TABLES],
    /// Each of the 32 bytes before, the class of its character.
    within: __m256i,
}

/// A register of `value` in every byte.
#[inline(always)]
fn splat(_: Avx2Token, value: u8) -> __m256i {
    // SAFETY: the token proves AVX2.
    unsafe { _mm256_set1_epi8(value as i8) }
}

/// 32 bytes of `window` from `at` as a register.
#[inline(always)]
fn load(_: Avx2Token, window: &ChunkWindow, at: usize) -> __m256i {
    let bytes: &[u8; 32] = window[at..at + 32].try_into().expect("in the window");
    // SAFETY: 32 readable bytes; an unaligned load; the token proves AVX2.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// `table` (64 entries) as rows, each in both lanes.
#[inline(always)]
fn rows(_: Avx2Token, table: &[u8]) -> Rows {
    Rows(std::array::from_fn(|k| {
        let row: &[u8; 16] = table[16 * k..16 * k + 16].try_into().expect("a row");
        // SAFETY: 16 readable bytes; an unaligned load; the token proves AVX2.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(row.as_ptr().cast())) }
    }))
}

impl Classes {
    /// At the start of a text.
    #[inline(always)]
    pub fn new(token: Avx2Token) -> Classes {
        Classes {
            token,
            lead_high: rows(token, &LEAD[0xC0..]),
            second: std::array::from_fn(|t| rows(token, &SECOND[t])),
            // SAFETY: the token proves AVX2.
            within: unsafe { _mm256_setzero_si256() },
        }
    }

    /// The entries of `rows` at `index` (0 for an index of 64 or more).
    #[inline(always)]
    fn lookup(&self, rows: &Rows, index: __m256i) -> __m256i {
        let splat = |value| splat(self.token, value);
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            let mut found = _mm256_setzero_si256();
            for (k, row) in rows.0.iter().enumerate() {
                // Inside row k, index − 16k plus 70 (saturating) keeps its
                // low four bits and a clear top bit; anywhere else the top
                // bit is set, and a shuffle gives 0 for it.
                let at = _mm256_adds_epu8(_mm256_sub_epi8(index, splat(16 * k as u8)), splat(0x70));
                found = _mm256_or_si256(found, _mm256_shuffle_epi8(*row, at));
            }
            found
        }
    }

    /// The bytes of `v` from `low` to `high` (both included), as 0xFF.
    #[inline(always)]
    fn in_range(&self, v: __m256i, low: u8, high: u8) -> __m256i {
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            // Bytes below `low` wrap round to large values.
            let above = _mm256_sub_epi8(v, splat(self.token, low));
            let span = splat(self.token, high - low);
            _mm256_cmpeq_epi8(_mm256_min_epu8(above, span), above)
        }
    }

    /// Each byte's class from its own byte and the two after.
    #[inline(always)]
    fn classes(&self, b0: __m256i, b1: __m256i, b2: __m256i) -> __m256i {
        let splat = |value| splat(self.token, value);
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            let letter = self.in_range(_mm256_or_si256(b0, splat(0x20)), b'a', b'z');
            let digit = self.in_range(b0, b'0', b'9');
            let ascii = _mm256_or_si256(
                _mm256_and_si256(letter, splat(LATIN)),
                _mm256_and_si256(digit, splat(SHARED)),
            );
            // Bytes below C0 wrap round past the table.
            let high = self.lookup(&self.lead_high, _mm256_sub_epi8(b0, splat(0xC0)));
            let lead = _mm256_or_si256(ascii, high);
            // BY_SECOND is the top bit.
            if _mm256_movemask_epi8(lead) == 0 {
                return lead;
            }
            let by_second = _mm256_cmpgt_epi8(_mm256_setzero_si256(), lead);
            let table = _mm256_and_si256(lead, splat(0x0F));
            let index = _mm256_and_si256(b1, splat(0x3F));
            let mut refined = _mm256_setzero_si256();
            for (t, rows) in self.second.iter().enumerate() {
                let here = _mm256_and_si256(_mm256_cmpeq_epi8(table, splat(t as u8)), by_second);
                // Most chunks need a table or two.
                if _mm256_movemask_epi8(here) != 0 {
                    refined = _mm256_blendv_epi8(refined, self.lookup(rows, index), here);
                }
            }
            let by_third = _mm256_cmpeq_epi8(refined, splat(BY_THIRD));
            if _mm256_movemask_epi8(by_third) != 0 {
                let low = _mm256_cmpeq_epi8(_mm256_min_epu8(b2, splat(0x9F)), b2);
                refined = _mm256_blendv_epi8(refined, splat(OTHER), by_third);
                let shared = _mm256_and_si256(by_third, low);
                refined = _mm256_blendv_epi8(refined, splat(SHARED), shared);
            }
            _mm256_blendv_epi8(lead, refined, by_second)
        }
    }

    /// Each byte of `v` moved one place on, the last of `before` first.
    #[inline(always)]
    fn one_back(&self, v: __m256i, before: __m256i) -> __m256i {
        // SAFETY: the token in `self` proves AVX2.
        unsafe { _mm256_alignr_epi8::<15>(v, _mm256_permute2x128_si256::<0x21>(before, v)) }
    }

    /// The hits of the 32 bytes of `window` from `at`.
    #[inline(always)]
    fn half_hits(&mut self, window: &ChunkWindow, at: usize) -> u32 {
        let token = self.token;
        let (b0, b1, b2) = (
            load(token, window, at),
            load(token, window, at + 1),
            load(token, window, at + 2),
        );
        let classes = self.classes(b0, b1, b2);
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            // Continuation bytes (80–BF, below C0 as signed bytes) take the
            // class of their lead, at most three bytes before.
            let continuation = _mm256_cmpgt_epi8(splat(token, 0xC0), b0);
            let mut within = classes;
            for _ in 0..3 {
                let before = self.one_back(within, self.within);
                within = _mm256_blendv_epi8(within, before, continuation);
            }
            let before = self.one_back(within, self.within);
            self.within = within;
            let zero = _mm256_setzero_si256();
            let no_class = _mm256_movemask_epi8(_mm256_cmpeq_epi8(classes, zero)) as u32;
            let after_none = _mm256_movemask_epi8(_mm256_cmpeq_epi8(before, zero)) as u32;
            let apart = _mm256_cmpeq_epi8(_mm256_and_si256(classes, before), zero);
            !no_class & !after_none & _mm256_movemask_epi8(apart) as u32
        }
    }
}

impl ChunkHits for Classes {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        const _: () = assert!(super::BY_SECOND == 0x80, "picked by the sign bit");
        let low = self.half_hits(window, BEFORE);
        let high = self.half_hits(window, BEFORE + 32);
        u64::from(low) | u64::from(high) << 32
    }
}
