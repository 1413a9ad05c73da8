//! The script-class search 32 bytes at a time with AVX2, for CPUs without
//! VBMI: each table of 64 entries is four rows of 16, looked up by byte
//! shuffles (`vpshufb`), and the lead table's ASCII half by comparisons.

use super::{
    BEFORE, BY_THIRD, ChunkHits, ChunkWindow, LATIN, LEAD, OTHER, SECOND, SECOND_TABLES, SHARED,
};
use crate::model::findings::backend::Avx2Token;
use crate::model::findings::char_tables::avx2::{Rows, class_before, load, lookup, rows, splat};
use crate::model::findings::char_tables::follows_class_within;
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_setzero_si256, _mm256_sub_epi8,
};

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
            let high = lookup(
                self.token,
                &self.lead_high,
                _mm256_sub_epi8(b0, splat(0xC0)),
            );
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
                    refined = _mm256_blendv_epi8(refined, lookup(self.token, rows, index), here);
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
            let before = class_before(token, b0, classes, &mut self.within);
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

follows_class_within!(Classes, avx2);
