//! Registers of 32 bytes with AVX2, and tables of 64 entries looked up in
//! them as four rows of 16 by byte shuffles (`vpshufb`). Every function
//! takes an [`Avx2Token`], which proves the CPU has AVX2: that makes the
//! intrinsics sound. (They are inlined into functions compiled for it.)

use crate::model::findings::backend::Avx2Token;
use crate::model::findings::byte_masks::ChunkWindow;
use std::arch::x86_64::{
    __m256i, _mm_loadu_si128, _mm256_adds_epu8, _mm256_alignr_epi8, _mm256_blendv_epi8,
    _mm256_broadcastsi128_si256, _mm256_cmpgt_epi8, _mm256_extract_epi8, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_permute2x128_si256, _mm256_set1_epi8, _mm256_setzero_si256,
    _mm256_shuffle_epi8, _mm256_sub_epi8,
};

/// A table of 64 entries as four rows of 16, each row in both 128-bit
/// lanes of a register (a shuffle looks up within its lane).
#[derive(Clone, Copy)]
pub struct Rows([__m256i; 4]);

/// A register of `value` in every byte.
#[inline(always)]
pub fn splat(_: Avx2Token, value: u8) -> __m256i {
    // SAFETY: the token proves AVX2.
    unsafe { _mm256_set1_epi8(value as i8) }
}

/// The last byte of `v`.
#[inline(always)]
pub fn last_byte(_: Avx2Token, v: __m256i) -> u8 {
    // SAFETY: the token proves AVX2.
    unsafe { _mm256_extract_epi8::<31>(v) as u8 }
}

/// 32 bytes of `window` from `at` as a register.
#[inline(always)]
pub fn load(_: Avx2Token, window: &ChunkWindow, at: usize) -> __m256i {
    let bytes: &[u8; 32] = window[at..at + 32].try_into().expect("in the window");
    // SAFETY: 32 readable bytes; an unaligned load; the token proves AVX2.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// The 64 entries at the start of `table` as rows.
#[inline(always)]
pub fn rows(_: Avx2Token, table: &[u8]) -> Rows {
    let table: &[u8; 64] = table[..64].try_into().expect("64 entries");
    let row = |k: usize| table[16 * k..].as_ptr().cast();
    // SAFETY: 16 readable bytes at each; unaligned loads; the token proves AVX2.
    unsafe {
        Rows([
            _mm256_broadcastsi128_si256(_mm_loadu_si128(row(0))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(row(1))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(row(2))),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(row(3))),
        ])
    }
}

/// The entries of `rows` at `index` (0 for an index of 64 or more).
#[inline(always)]
pub fn lookup(token: Avx2Token, rows: &Rows, index: __m256i) -> __m256i {
    // SAFETY: the token proves AVX2.
    unsafe {
        let mut found = _mm256_setzero_si256();
        for (k, row) in rows.0.iter().enumerate() {
            // Inside row k, index − 16k plus 70 (saturating) keeps its low
            // four bits and a clear top bit; anywhere else the top bit is
            // set, and a shuffle gives 0 for it.
            let at = _mm256_sub_epi8(index, splat(token, 16 * k as u8));
            let at = _mm256_adds_epu8(at, splat(token, 0x70));
            found = _mm256_or_si256(found, _mm256_shuffle_epi8(*row, at));
        }
        found
    }
}

/// Each byte of `v` moved one place on, the last of `before` first.
#[inline(always)]
pub fn one_back(_: Avx2Token, v: __m256i, before: __m256i) -> __m256i {
    // SAFETY: the token proves AVX2.
    unsafe { _mm256_alignr_epi8::<15>(v, _mm256_permute2x128_si256::<0x21>(before, v)) }
}

/// Carries each char's class (in `classes`, at its first byte) over its
/// continuation bytes (`bytes` 80–BF), at most three, and returns for each
/// byte the class of the byte before. `within` holds the carried classes
/// of the 32 bytes before, and takes these.
#[inline(always)]
pub fn class_before(
    token: Avx2Token,
    bytes: __m256i,
    classes: __m256i,
    within: &mut __m256i,
) -> __m256i {
    // SAFETY: the token proves AVX2.
    unsafe {
        // (Continuation bytes are below C0 as signed bytes.)
        let continuation = _mm256_cmpgt_epi8(splat(token, 0xC0), bytes);
        let mut carried = classes;
        for _ in 0..3 {
            let before = one_back(token, carried, *within);
            carried = _mm256_blendv_epi8(carried, before, continuation);
        }
        let before = one_back(token, carried, *within);
        *within = carried;
        before
    }
}
