//! Registers of 64 bytes with AVX-512BW and VBMI. Every function takes a
//! [`VbmiToken`], which proves the CPU has both: that makes the intrinsics
//! sound. (They are inlined into functions compiled for both.)

use crate::model::findings::backend::VbmiToken;
use crate::model::findings::byte_masks::{BEFORE, ChunkWindow};
use std::arch::x86_64::{
    __m512i, _mm_extract_epi8, _mm512_cmplt_epi8_mask, _mm512_extracti32x4_epi32,
    _mm512_loadu_si512, _mm512_mask_mov_epi8, _mm512_permutex2var_epi8, _mm512_set1_epi8,
};

/// The 64 bytes from the start of `bytes` as a register.
#[inline(always)]
pub fn load(_: VbmiToken, bytes: &[u8]) -> __m512i {
    let bytes: &[u8; 64] = bytes[..64].try_into().expect("64 bytes");
    // SAFETY: 64 readable bytes; an unaligned load; the token proves AVX-512BW.
    unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
}

/// The chunk of `window`, and the same loaded one and two bytes on: each
/// byte with the two after it, what a char's class is looked up by.
#[inline(always)]
pub fn load_with_next_two(token: VbmiToken, window: &ChunkWindow) -> [__m512i; 3] {
    std::array::from_fn(|k| load(token, &window[BEFORE + k..]))
}

/// A register of `value` in every byte.
#[inline(always)]
pub fn splat(_: VbmiToken, value: u8) -> __m512i {
    // SAFETY: the token proves AVX-512BW.
    unsafe { _mm512_set1_epi8(value as i8) }
}

/// The last byte of `v`.
#[inline(always)]
pub fn last_byte(_: VbmiToken, v: __m512i) -> u8 {
    // SAFETY: the token proves AVX-512BW, and with it AVX-512F and SSE4.1.
    unsafe { _mm_extract_epi8::<15>(_mm512_extracti32x4_epi32::<3>(v)) as u8 }
}

/// `i - 1` for each byte `i`, and the last byte of the second operand for
/// byte 0: as permute indices, a shift by one byte with a carry in.
#[inline(always)]
pub fn one_back_indices(token: VbmiToken) -> __m512i {
    let indices: [u8; 64] = std::array::from_fn(|i| if i == 0 { 127 } else { i as u8 - 1 });
    load(token, &indices)
}

/// Carries each char's class (in `classes`, at its first byte) over its
/// continuation bytes (`bytes` 80–BF), at most three, and returns for each
/// byte the class of the byte before. `within` holds the carried classes
/// of the chunk before, and takes this chunk's; `one_back` is
/// [`one_back_indices`]'s.
#[inline(always)]
pub fn class_before(
    token: VbmiToken,
    bytes: __m512i,
    classes: __m512i,
    within: &mut __m512i,
    one_back: __m512i,
) -> __m512i {
    // SAFETY: the token proves AVX-512BW and VBMI.
    unsafe {
        // (Continuation bytes are below C0 as signed bytes.)
        let continuation = _mm512_cmplt_epi8_mask(bytes, splat(token, 0xC0));
        let mut carried = classes;
        for _ in 0..3 {
            let before = _mm512_permutex2var_epi8(carried, one_back, *within);
            carried = _mm512_mask_mov_epi8(carried, continuation, before);
        }
        let before = _mm512_permutex2var_epi8(carried, one_back, *within);
        *within = carried;
        before
    }
}
