//! The script-class search 64 bytes at a time with AVX-512 VBMI: each
//! table whole in registers, looked up by byte permutes.

use super::{BY_SECOND, BY_THIRD, ChunkHits, ChunkWindow, LEAD, OTHER, SECOND, SHARED, VbmiToken};
use crate::model::findings::char_tables::follows_class_within;
use crate::model::findings::char_tables::vbmi::{
    class_before, load, load_with_next_two, one_back_indices, splat,
};
use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_cmpeq_epi8_mask, _mm512_cmplt_epu8_mask,
    _mm512_mask_blend_epi8, _mm512_mask_mov_epi8, _mm512_movepi8_mask, _mm512_or_si512,
    _mm512_permutex2var_epi8, _mm512_setzero_si512, _mm512_slli_epi16, _mm512_test_epi8_mask,
};

/// The search 64 bytes at a time, the tables in registers. Made only
/// with a [`VbmiToken`], kept inside, so a value exists only on a CPU
/// with AVX-512BW and VBMI: that makes the intrinsics below sound. (It
/// is used inside functions compiled for both, see
/// [`super::next_script_change`], where these methods are inlined.)
pub struct Classes {
    token: VbmiToken,
    lead: [__m512i; 4],
    second: [__m512i; 10],
    /// Each byte of the chunk before, the class of its character.
    within: __m512i,
    /// `i - 1` for each byte `i`, and the last byte of the other
    /// operand for byte 0: a shift by one byte with a carry in.
    one_back: __m512i,
}

impl Classes {
    /// At the start of a text.
    #[inline(always)]
    pub fn new(token: VbmiToken) -> Classes {
        Classes {
            token,
            lead: std::array::from_fn(|q| load(token, &LEAD[64 * q..])),
            second: std::array::from_fn(|t| load(token, &SECOND[t])),
            // SAFETY: the token proves AVX-512BW.
            within: unsafe { _mm512_setzero_si512() },
            one_back: one_back_indices(token),
        }
    }

    /// Each byte's class from its own byte and the two after.
    #[inline(always)]
    fn classes(&self, b0: __m512i, b1: __m512i, b2: __m512i) -> __m512i {
        let splat = |value| splat(self.token, value);
        // SAFETY: the token in `self` proves AVX-512BW and VBMI.
        unsafe {
            // The lead table in two halves, indexed by the low 7 bits.
            let ascii = _mm512_permutex2var_epi8(self.lead[0], b0, self.lead[1]);
            let high = _mm512_permutex2var_epi8(self.lead[2], b0, self.lead[3]);
            let lead = _mm512_mask_blend_epi8(_mm512_movepi8_mask(b0), ascii, high);
            let by_second = _mm512_movepi8_mask(lead);
            if by_second == 0 {
                return lead;
            }
            // Tables in pairs: bit 0 of the table number and the low six
            // bits of the second byte index a pair; bits 1–3 pick it.
            let index = _mm512_or_si512(
                _mm512_slli_epi16::<6>(_mm512_and_si512(lead, splat(1))),
                _mm512_and_si512(b1, splat(0x3F)),
            );
            let pair = _mm512_and_si512(lead, splat(0x0E));
            let mut refined = _mm512_setzero_si512();
            for p in 0..5 {
                let here = _mm512_cmpeq_epi8_mask(pair, splat(2 * p as u8)) & by_second;
                // Most chunks need a pair or two.
                if here != 0 {
                    let (low, high) = (self.second[2 * p], self.second[2 * p + 1]);
                    let found = _mm512_permutex2var_epi8(low, index, high);
                    refined = _mm512_mask_mov_epi8(refined, here, found);
                }
            }
            let by_third = _mm512_cmpeq_epi8_mask(refined, splat(BY_THIRD));
            if by_third != 0 {
                let low = _mm512_cmplt_epu8_mask(b2, splat(0xA0));
                refined = _mm512_mask_mov_epi8(refined, by_third, splat(OTHER));
                refined = _mm512_mask_mov_epi8(refined, by_third & low, splat(SHARED));
            }
            _mm512_mask_mov_epi8(lead, by_second, refined)
        }
    }
}

impl ChunkHits for Classes {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        const _: () = assert!(BY_SECOND == 0x80, "picked by the sign bit");
        let token = self.token;
        let [b0, b1, b2] = load_with_next_two(token, window);
        let classes = self.classes(b0, b1, b2);
        // SAFETY: the token in `self` proves AVX-512BW and VBMI.
        unsafe {
            let before = class_before(token, b0, classes, &mut self.within, self.one_back);
            let has_class = _mm512_test_epi8_mask(classes, classes);
            let after_class = _mm512_test_epi8_mask(before, before);
            let shared = _mm512_test_epi8_mask(classes, before);
            has_class & after_class & !shared
        }
    }
}

follows_class_within!(Classes, vbmi);
