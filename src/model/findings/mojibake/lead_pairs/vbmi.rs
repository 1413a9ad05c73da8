//! The lead-pair search 64 bytes at a time with AVX-512 VBMI: the lead and
//! second tables in registers, each row looked up by a byte permute where
//! the chunk has a char of it.

use super::{ChunkHits, ChunkWindow, LEAD2_SPACE, Tables};
use crate::model::findings::backend::VbmiToken;
use crate::model::findings::char_tables::follows_class_within;
use crate::model::findings::char_tables::vbmi::{
    class_before, load, load_with_next_two, one_back_indices, splat,
};
use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask,
    _mm512_cmplt_epu8_mask, _mm512_mask_blend_epi8, _mm512_mask_mov_epi8,
    _mm512_maskz_permutex2var_epi8, _mm512_movepi8_mask, _mm512_or_si512, _mm512_permutex2var_epi8,
    _mm512_setzero_si512, _mm512_slli_epi16, _mm512_srli_epi16, _mm512_storeu_si512,
    _mm512_test_epi8_mask,
};

/// The search 64 bytes at a time. Made only with a [`VbmiToken`], kept
/// inside, so a value exists only on a CPU with AVX-512BW and VBMI: that
/// makes the intrinsics below sound. (It is used inside functions compiled
/// for both, see [`super::next_lead_pair`], where these methods are
/// inlined.)
pub struct Pairs {
    token: VbmiToken,
    tables: &'static Tables,
    /// The lead table (bytes 80–FF) in two halves.
    lead: [__m512i; 2],
    /// The second tables, padded with empty ones to eight.
    second: [__m512i; 8],
    /// Each byte of the chunk before, the class of its char.
    within: __m512i,
    /// `i - 1` for each byte `i`, and the last byte of the other operand
    /// for byte 0: a shift by one byte with a carry in.
    one_back: __m512i,
    /// `i + 1` for each byte `i`: the last byte takes the first of the
    /// other operand.
    one_on: __m512i,
}

impl Pairs {
    /// At the start of a text.
    #[inline(always)]
    pub fn new(token: VbmiToken, tables: &'static Tables) -> Pairs {
        let empty = [0; 64];
        Pairs {
            token,
            tables,
            lead: std::array::from_fn(|half| load(token, &tables.lead[64 * half..])),
            second: std::array::from_fn(|t| load(token, tables.second.get(t).unwrap_or(&empty))),
            // SAFETY: the token proves AVX-512BW.
            within: unsafe { _mm512_setzero_si512() },
            one_back: one_back_indices(token),
            one_on: load(token, &std::array::from_fn::<u8, 64, _>(|i| i as u8 + 1)),
        }
    }

    /// Each byte's pair class from its own byte and the two after (none
    /// for a continuation byte).
    #[inline(always)]
    fn classes(&self, b0: __m512i, b1: __m512i, b2: __m512i) -> __m512i {
        let splat = |value| splat(self.token, value);
        // SAFETY: the token in `self` proves AVX-512BW and VBMI.
        unsafe {
            let space = _mm512_cmpeq_epi8_mask(b0, splat(b' '));
            let question = _mm512_cmpeq_epi8_mask(b0, splat(b'?'));
            let mut classes =
                _mm512_mask_mov_epi8(_mm512_setzero_si512(), space, splat(self.tables.space));
            classes = _mm512_mask_mov_epi8(classes, question, splat(self.tables.question));
            let high = _mm512_movepi8_mask(b0);
            if high == 0 {
                return classes;
            }
            // Bytes from 80 on, by their low seven bits.
            let lead = _mm512_maskz_permutex2var_epi8(high, self.lead[0], b0, self.lead[1]);
            let by_second = _mm512_movepi8_mask(lead);
            let mut row = lead;
            if by_second != 0 {
                // Tables in pairs: bit 0 of the table number and the low
                // six bits of the second byte index a pair; bits 1–2 pick it.
                let index = _mm512_or_si512(
                    _mm512_slli_epi16::<6>(_mm512_and_si512(lead, splat(1))),
                    _mm512_and_si512(b1, splat(0x3F)),
                );
                let pair = _mm512_and_si512(lead, splat(0x06));
                for p in 0..4 {
                    let here = _mm512_cmpeq_epi8_mask(pair, splat(2 * p as u8)) & by_second;
                    if here != 0 {
                        let (low, high) = (self.second[2 * p], self.second[2 * p + 1]);
                        let found = _mm512_permutex2var_epi8(low, index, high);
                        row = _mm512_mask_mov_epi8(row, here, found);
                    }
                }
            }
            let mut pending = _mm512_test_epi8_mask(row, row);
            if pending == 0 {
                return classes;
            }
            // A row is indexed by the last byte of its char; rows in pairs
            // as the second tables are.
            let three = _mm512_cmpge_epu8_mask(b0, splat(0xE0));
            let last = _mm512_mask_blend_epi8(three, b1, b2);
            let index = _mm512_or_si512(
                _mm512_slli_epi16::<6>(_mm512_and_si512(row, splat(1))),
                _mm512_and_si512(last, splat(0x3F)),
            );
            let pair = _mm512_and_si512(row, splat(0x7E));
            let mut pairs = [0u8; 64];
            _mm512_storeu_si512(pairs.as_mut_ptr().cast(), pair);
            // Most chunks have chars of a pair of rows or two: those of the
            // first and the last char left are looked up side by side (once
            // if they are the same, as in text of one script).
            while pending != 0 {
                let first = pairs[pending.trailing_zeros() as usize];
                let last = pairs[63 - pending.leading_zeros() as usize];
                let both = if first == last { 1 } else { 2 };
                for p in [first, last].into_iter().take(both) {
                    let here = _mm512_cmpeq_epi8_mask(pair, splat(p)) & pending;
                    let rows = &self.tables.rows[usize::from(p)..];
                    let (low, high) = (load(self.token, &rows[0]), load(self.token, &rows[1]));
                    let found = _mm512_permutex2var_epi8(low, index, high);
                    classes = _mm512_mask_mov_epi8(classes, here, found);
                    pending &= !here;
                }
            }
            classes
        }
    }
}

impl ChunkHits for Pairs {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        let token = self.token;
        let [b0, b1, b2] = load_with_next_two(token, window);
        let classes = self.classes(b0, b1, b2);
        let splat = |value| splat(token, value);
        // SAFETY: the token in `self` proves AVX-512BW and VBMI.
        unsafe {
            let before = class_before(token, b0, classes, &mut self.within, self.one_back);
            let leads_before = _mm512_and_si512(_mm512_srli_epi16::<4>(before), splat(0x0F));
            let space = _mm512_cmpeq_epi8_mask(b0, splat(b' '));
            let paired = _mm512_test_epi8_mask(leads_before, classes) & !space;
            let c1 =
                _mm512_cmpeq_epi8_mask(b0, splat(0xC2)) & _mm512_cmplt_epu8_mask(b1, splat(0xA0));
            // A space after a lead byte: the char after it decides, unless
            // the one before shows the lead of two bytes.
            let lead2 = _mm512_test_epi8_mask(before, splat(LEAD2_SPACE)) & space;
            let after_lead = _mm512_test_epi8_mask(leads_before, leads_before) & space & !lead2;
            let mut spaced = lead2;
            if after_lead != 0 {
                let past = self.tables.class_at(window[65], window[66], window[67]);
                let next = _mm512_permutex2var_epi8(classes, self.one_on, splat(past));
                let next = _mm512_and_si512(next, splat(self.tables.space));
                spaced |= _mm512_test_epi8_mask(leads_before, next) & after_lead;
            }
            paired | c1 | spaced
        }
    }
}

follows_class_within!(Pairs, vbmi);
