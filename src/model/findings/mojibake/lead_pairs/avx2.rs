//! The lead-pair search 32 bytes at a time with AVX2, for CPUs without
//! VBMI: each table of 64 entries is four rows of 16, looked up by byte
//! shuffles (`vpshufb`) where the chunk has a char of it.

use super::{BEFORE, ChunkHits, ChunkWindow, LEAD2_SPACE, Tables};
use crate::model::findings::backend::Avx2Token;
use crate::model::findings::char_tables::avx2::{Rows, class_before, load, lookup, rows, splat};
use crate::model::findings::char_tables::follows_class_within;
use std::arch::x86_64::{
    __m256i, _mm256_alignr_epi8, _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8,
    _mm256_cmpgt_epi8, _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_permute2x128_si256, _mm256_setzero_si256, _mm256_srli_epi16, _mm256_storeu_si256,
    _mm256_sub_epi8,
};

/// The search 32 bytes at a time. Made only with an [`Avx2Token`], kept
/// inside, so a value exists only on a CPU with AVX2: that makes the
/// intrinsics below sound. (It is used inside a function compiled for
/// AVX2, see [`super::next_lead_pair`], where these methods are inlined.)
pub struct Pairs {
    token: Avx2Token,
    tables: &'static Tables,
    /// The lead table from C0 on, as four rows of 16 (no char starts
    /// with a byte from 80 to BF).
    lead_high: Rows,
    /// Each of the 32 bytes before, the class of its char.
    within: __m256i,
}

impl Pairs {
    /// At the start of a text.
    #[inline(always)]
    pub fn new(token: Avx2Token, tables: &'static Tables) -> Pairs {
        Pairs {
            token,
            tables,
            lead_high: rows(token, &tables.lead[0x40..]),
            // SAFETY: the token proves AVX2.
            within: unsafe { _mm256_setzero_si256() },
        }
    }

    /// Each byte's pair class from its own byte and the two after (none
    /// for a continuation byte).
    #[inline(always)]
    fn classes(&self, b0: __m256i, b1: __m256i, b2: __m256i) -> __m256i {
        let token = self.token;
        let splat = |value| splat(token, value);
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            let space = _mm256_cmpeq_epi8(b0, splat(b' '));
            let question = _mm256_cmpeq_epi8(b0, splat(b'?'));
            let mut classes = _mm256_or_si256(
                _mm256_and_si256(space, splat(self.tables.space)),
                _mm256_and_si256(question, splat(self.tables.question)),
            );
            // Bytes below C0 wrap round past the table.
            let lead = lookup(token, &self.lead_high, _mm256_sub_epi8(b0, splat(0xC0)));
            let zero = _mm256_setzero_si256();
            if _mm256_movemask_epi8(_mm256_cmpeq_epi8(lead, zero)) == -1 {
                return classes;
            }
            // BY_SECOND is the top bit.
            let by_second = _mm256_cmpgt_epi8(zero, lead);
            let mut row = _mm256_blendv_epi8(lead, zero, by_second);
            if _mm256_movemask_epi8(by_second) != 0 {
                let table = _mm256_and_si256(lead, splat(0x07));
                let index = _mm256_and_si256(b1, splat(0x3F));
                for (t, second) in self.tables.second.iter().enumerate() {
                    let here =
                        _mm256_and_si256(_mm256_cmpeq_epi8(table, splat(t as u8)), by_second);
                    if _mm256_movemask_epi8(here) != 0 {
                        let found = lookup(token, &rows(token, second), index);
                        row = _mm256_blendv_epi8(row, found, here);
                    }
                }
            }
            let mut pending = !_mm256_movemask_epi8(_mm256_cmpeq_epi8(row, zero)) as u32;
            // A row is indexed by the last byte of its char.
            let three = _mm256_cmpeq_epi8(_mm256_max_epu8(b0, splat(0xE0)), b0);
            let index = _mm256_and_si256(_mm256_blendv_epi8(b1, b2, three), splat(0x3F));
            let mut numbers = [0u8; 32];
            _mm256_storeu_si256(numbers.as_mut_ptr().cast(), row);
            // Most chunks have chars of a row or two: those of the first
            // and the last char left are looked up side by side (once if
            // they are the same, as in text of one script).
            while pending != 0 {
                let first = numbers[pending.trailing_zeros() as usize];
                let last = numbers[31 - pending.leading_zeros() as usize];
                let mut looked_up = zero;
                let both = if first == last { 1 } else { 2 };
                for number in [first, last].into_iter().take(both) {
                    let here = _mm256_cmpeq_epi8(row, splat(number));
                    let found = lookup(
                        token,
                        &rows(token, &self.tables.rows[usize::from(number)]),
                        index,
                    );
                    classes = _mm256_blendv_epi8(classes, found, here);
                    looked_up = _mm256_or_si256(looked_up, here);
                }
                pending &= !_mm256_movemask_epi8(looked_up) as u32;
            }
            classes
        }
    }

    /// The classes of the 32 bytes of `window` from `at`.
    #[inline(always)]
    fn classes_at(&self, window: &ChunkWindow, at: usize) -> __m256i {
        let token = self.token;
        let (b0, b1, b2) = (
            load(token, window, at),
            load(token, window, at + 1),
            load(token, window, at + 2),
        );
        self.classes(b0, b1, b2)
    }

    /// Each byte of `v` moved one place back, the first of `after` last.
    #[inline(always)]
    fn one_on(&self, v: __m256i, after: __m256i) -> __m256i {
        // SAFETY: the token in `self` proves AVX2.
        unsafe { _mm256_alignr_epi8::<1>(_mm256_permute2x128_si256::<0x21>(v, after), v) }
    }

    /// The hits of the 32 bytes of `window` from `at`, whose classes are
    /// `classes` and those of the 32 after `after` (only the first is
    /// looked at).
    #[inline(always)]
    fn half_hits(
        &mut self,
        window: &ChunkWindow,
        at: usize,
        classes: __m256i,
        after: __m256i,
    ) -> u32 {
        let token = self.token;
        let splat = |value| splat(token, value);
        let (b0, b1) = (load(token, window, at), load(token, window, at + 1));
        // SAFETY: the token in `self` proves AVX2.
        unsafe {
            let before = class_before(token, b0, classes, &mut self.within);
            let zero = _mm256_setzero_si256();
            let leads_before = _mm256_and_si256(_mm256_srli_epi16::<4>(before), splat(0x0F));
            let space = _mm256_movemask_epi8(_mm256_cmpeq_epi8(b0, splat(b' '))) as u32;
            let apart = _mm256_cmpeq_epi8(_mm256_and_si256(leads_before, classes), zero);
            let paired = !(_mm256_movemask_epi8(apart) as u32) & !space;
            let below_a0 = _mm256_cmpeq_epi8(_mm256_min_epu8(b1, splat(0x9F)), b1);
            let c1 = _mm256_and_si256(_mm256_cmpeq_epi8(b0, splat(0xC2)), below_a0);
            let c1 = _mm256_movemask_epi8(c1) as u32;
            // A space after a lead byte: the char after it decides, unless
            // the one before shows the lead of two bytes.
            let lead2 = _mm256_and_si256(before, splat(LEAD2_SPACE));
            let lead2 = !(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lead2, zero)) as u32) & space;
            let no_lead = _mm256_movemask_epi8(_mm256_cmpeq_epi8(leads_before, zero)) as u32;
            let after_lead = !no_lead & space & !lead2;
            let mut spaced = lead2;
            if after_lead != 0 {
                let next = self.one_on(classes, after);
                let next = _mm256_and_si256(next, splat(self.tables.space));
                let apart = _mm256_cmpeq_epi8(_mm256_and_si256(leads_before, next), zero);
                spaced |= !(_mm256_movemask_epi8(apart) as u32) & after_lead;
            }
            paired | c1 | spaced
        }
    }
}

impl ChunkHits for Pairs {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        let (low, high) = (
            self.classes_at(window, BEFORE),
            self.classes_at(window, BEFORE + 32),
        );
        let past = self.tables.class_at(window[65], window[66], window[67]);
        let low = self.half_hits(window, BEFORE, low, high);
        let high = self.half_hits(window, BEFORE + 32, high, splat(self.token, past));
        u64::from(low) | u64::from(high) << 32
    }
}

follows_class_within!(Pairs, avx2);
