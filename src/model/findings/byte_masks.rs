//! Tests over text 64 bytes at a time, as bit masks (bit i for byte i), the
//! way SIMD UTF-8 validators work: each comparison covers a whole chunk in a
//! few instructions, and the bytes after a position are the same comparison
//! on the chunk loaded a few bytes later. The quick searches of the findings
//! pass are written once against [`ByteMasks`] and run with AVX-512 or AVX2
//! where the CPU has it, and byte by byte elsewhere. A vector type can only
//! be loaded with a token of [`super::backend`], which proves the CPU has
//! its instructions.

use super::backend::Backend;
#[cfg(target_arch = "x86_64")]
use super::backend::{Avx2Token, Avx512Token};

/// Bytes before a chunk that a test may look at.
pub const BEFORE: usize = 1;
/// Bytes after a chunk's last that a test may look at.
pub const AFTER: usize = 7;
/// Bytes in a chunk.
pub const LANES: usize = 64;
/// A chunk with the bytes around it: `window[BEFORE + i]` is byte i.
pub type ChunkWindow = [u8; BEFORE + LANES + AFTER];

/// Comparisons of each of 64 bytes, as masks.
pub trait ByteMasks {
    /// What proves the CPU can run this implementation.
    type Token: Copy;
    /// The 64 bytes of `window` from `at` on.
    fn load(token: Self::Token, window: &ChunkWindow, at: usize) -> Self;
    /// The bytes equal to `value`.
    fn eq(&self, value: u8) -> u64;
    /// The bytes from `low` to `high`, both included.
    fn in_range(&self, low: u8, high: u8) -> u64;
    /// The bytes below `value`.
    fn below(&self, value: u8) -> u64;
    /// The bytes at or above `value`.
    #[inline(always)]
    fn at_least(&self, value: u8) -> u64 {
        !self.below(value)
    }
    /// For each of `bits`, the bytes whose class has one of them, a byte's
    /// class being `by_high[b >> 4] & by_low[b & 15]`: sets of bytes that
    /// would take many comparisons, in a few operations on a vector
    /// backend (two byte shuffles a register, as SIMD UTF-8 validators
    /// class bytes). Here, comparison by comparison (exact, and slower).
    #[inline(always)]
    fn nibble_classes<const N: usize>(&self, by: &NibbleTables, bits: [u8; N]) -> [u64; N] {
        let mut masks = [0; N];
        for (high, &row_class) in (0u8..).zip(&by.high) {
            let row = match row_class {
                0 => 0,
                _ => self.in_range(high << 4, high << 4 | 0x0F),
            };
            if row == 0 {
                continue;
            }
            for (low, &low_class) in (0u8..).zip(&by.low) {
                let class = row_class & low_class;
                if class == 0 {
                    continue;
                }
                let at = row & self.eq(high << 4 | low);
                for (mask, bit) in masks.iter_mut().zip(bits) {
                    if class & bit != 0 {
                        *mask |= at;
                    }
                }
            }
        }
        masks
    }
}

/// The two tables of [`ByteMasks::nibble_classes`]: a byte's class is
/// `high[b >> 4] & low[b & 15]`.
pub struct NibbleTables {
    /// The class bits each high nibble allows.
    pub high: [u8; 16],
    /// The class bits each low nibble allows.
    pub low: [u8; 16],
}

/// Comparisons eight bytes at a time in a `u64` (SWAR), for CPUs without
/// AVX2: each is exact for every byte, leaves its answer in the byte's top
/// bit, and the eight top bits are gathered into the mask by a multiply.
pub struct PortableMasks([u64; LANES / 8]);

/// The low seven bits of every byte.
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// The top bit of every byte.
const TOP: u64 = 0x8080_8080_8080_8080;
/// One in every byte: times a byte, that byte in every byte.
const EVERY_BYTE: u64 = 0x0101_0101_0101_0101;

impl PortableMasks {
    /// The mask of `test`, which sets the top bit of each byte of a word
    /// where it holds (and may set other bits).
    #[inline(always)]
    fn mask(&self, test: impl Fn(u64) -> u64) -> u64 {
        // (A plain loop: an iterator's fold was left a call of its own.)
        let mut mask = 0;
        for i in 0..LANES / 8 {
            mask |= gather_top_bits(test(self.0[i]) & TOP) << (8 * i);
        }
        mask
    }

    /// The bytes below 80: one operation a word.
    #[inline(always)]
    pub fn ascii(&self) -> u64 {
        self.mask(|word| !word)
    }

    /// The lead bytes of chars of two bytes or more (C0 and above): their
    /// top two bits set, two operations a word.
    #[inline(always)]
    pub fn leads(&self) -> u64 {
        self.mask(|word| word & (word << 1))
    }

    /// The ASCII controls (below 20) and DEL, in one comparison: a byte's
    /// low seven bits plus one, wrapped in seven bits, are below 21 just
    /// for those (and for some bytes from 80 on, left out).
    #[inline(always)]
    pub fn controls_and_delete(&self) -> u64 {
        self.mask(|word| !word & below_word(((word & LOW7) + EVERY_BYTE) & LOW7, 0x21))
    }
}

/// The top bits of the eight bytes of `top` (which has no other bits set)
/// as the eight low bits, byte i's as bit i: the multiply moves each to
/// its place in the top byte, and no two products meet.
#[inline(always)]
fn gather_top_bits(top: u64) -> u64 {
    ((top >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The top bit of each byte of `word` set where the byte is below `value`.
/// (A byte's low seven bits plus at most 128 stay inside the byte.)
#[inline(always)]
fn below_word(word: u64, value: u8) -> u64 {
    if value <= 0x80 {
        // Below: the top bit clear, and the low bits under `value`.
        !(((word & LOW7) + EVERY_BYTE * u64::from(0x80 - value)) | word)
    } else {
        // Below: the top bit clear, or the low bits under `value` − 128.
        !word | !((word & LOW7) + EVERY_BYTE * u64::from(0u8.wrapping_sub(value)))
    }
}

impl ByteMasks for PortableMasks {
    type Token = ();
    #[inline(always)]
    fn load((): (), window: &ChunkWindow, at: usize) -> Self {
        let bytes = &window[at..at + LANES];
        PortableMasks(std::array::from_fn(|i| {
            u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("eight bytes"))
        }))
    }
    #[inline(always)]
    fn eq(&self, value: u8) -> u64 {
        // A byte of the difference is zero exactly when its low bits plus
        // 127 stay under 128 and its top bit is clear.
        self.mask(|word| {
            let difference = word ^ (EVERY_BYTE * u64::from(value));
            !(((difference & LOW7) + LOW7) | difference)
        })
    }
    #[inline(always)]
    fn in_range(&self, low: u8, high: u8) -> u64 {
        self.mask(|word| {
            let up_to_high = match high.checked_add(1) {
                Some(above) => below_word(word, above),
                None => TOP,
            };
            up_to_high & !below_word(word, low)
        })
    }
    #[inline(always)]
    fn below(&self, value: u8) -> u64 {
        self.mask(|word| below_word(word, value))
    }
}

/// A test at one byte of a chunk: each comparison gives every bit or none.
/// A [`ChunkTest`] run with it is the same test byte by byte, for searches
/// that look closer only at the few bytes a table picks out. Its token is
/// the byte's place in the chunk.
pub struct OneByte(u8);

impl OneByte {
    /// Every bit if `holds`, else none.
    #[inline(always)]
    fn all_if(holds: bool) -> u64 {
        0u64.wrapping_sub(u64::from(holds))
    }
}

impl ByteMasks for OneByte {
    type Token = usize;
    #[inline(always)]
    fn load(place: usize, window: &ChunkWindow, at: usize) -> Self {
        OneByte(window[at + place])
    }
    #[inline(always)]
    fn eq(&self, value: u8) -> u64 {
        Self::all_if(self.0 == value)
    }
    #[inline(always)]
    fn in_range(&self, low: u8, high: u8) -> u64 {
        Self::all_if((low..=high).contains(&self.0))
    }
    #[inline(always)]
    fn below(&self, value: u8) -> u64 {
        Self::all_if(self.0 < value)
    }
    #[inline(always)]
    fn nibble_classes<const N: usize>(&self, by: &NibbleTables, bits: [u8; N]) -> [u64; N] {
        let class = by.high[usize::from(self.0 >> 4)] & by.low[usize::from(self.0 & 0x0F)];
        bits.map(|bit| Self::all_if(class & bit != 0))
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use super::{Avx2Token, ByteMasks, ChunkWindow, LANES, NibbleTables};
    use std::arch::x86_64::{
        __m256i, _mm_loadu_si128, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8,
        _mm256_loadu_si256, _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_epi8,
        _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
    };

    /// Two AVX2 registers, with the token that proves the CPU has AVX2: a
    /// value exists only on such a CPU, which makes the intrinsics below
    /// sound. (They are inlined into functions compiled for AVX2, see
    /// [`super::first_hit`], to be fast.)
    pub struct Avx2(Avx2Token, __m256i, __m256i);

    /// A register of `value` in every byte.
    #[inline(always)]
    fn splat(_: Avx2Token, value: u8) -> __m256i {
        // SAFETY: the token proves the CPU has AVX2.
        unsafe { _mm256_set1_epi8(value as i8) }
    }

    impl Avx2 {
        #[inline(always)]
        fn mask(&self, test: impl Fn(__m256i) -> __m256i) -> u64 {
            // SAFETY: the token in `self` proves the CPU has AVX2.
            let low = unsafe { _mm256_movemask_epi8(test(self.1)) } as u32;
            // SAFETY: as above.
            let high = unsafe { _mm256_movemask_epi8(test(self.2)) } as u32;
            u64::from(low) | (u64::from(high) << 32)
        }
    }

    impl ByteMasks for Avx2 {
        type Token = Avx2Token;
        #[inline(always)]
        fn load(token: Avx2Token, window: &ChunkWindow, at: usize) -> Self {
            let bytes: &[u8; LANES] = window[at..at + LANES].try_into().expect("in the window");
            let pointer = bytes.as_ptr().cast::<__m256i>();
            // SAFETY: 64 readable bytes; unaligned loads; the token proves AVX2.
            unsafe {
                Avx2(
                    token,
                    _mm256_loadu_si256(pointer),
                    _mm256_loadu_si256(pointer.add(1)),
                )
            }
        }
        #[inline(always)]
        fn eq(&self, value: u8) -> u64 {
            let value = splat(self.0, value);
            // SAFETY: the token in `self` proves AVX2.
            self.mask(|v| unsafe { _mm256_cmpeq_epi8(v, value) })
        }
        #[inline(always)]
        fn in_range(&self, low: u8, high: u8) -> u64 {
            let (low, high) = (splat(self.0, low), splat(self.0, high));
            // Clamping leaves a byte unchanged exactly when it is in range.
            // SAFETY: the token in `self` proves AVX2.
            self.mask(|v| unsafe {
                _mm256_cmpeq_epi8(_mm256_min_epu8(_mm256_max_epu8(v, low), high), v)
            })
        }
        #[inline(always)]
        fn below(&self, value: u8) -> u64 {
            match value.checked_sub(1) {
                Some(top) => self.in_range(0, top),
                None => 0,
            }
        }
        #[inline(always)]
        fn nibble_classes<const N: usize>(&self, by: &NibbleTables, bits: [u8; N]) -> [u64; N] {
            let token = self.0;
            // SAFETY: the token in `self` proves AVX2; the tables are 16
            // readable bytes each.
            let (high_table, low_table) = unsafe {
                (
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(by.high.as_ptr().cast())),
                    _mm256_broadcastsi128_si256(_mm_loadu_si128(by.low.as_ptr().cast())),
                )
            };
            let nibble = splat(token, 0x0F);
            // SAFETY: as above.
            let class = |v: __m256i| unsafe {
                let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
                let low = _mm256_and_si256(v, nibble);
                _mm256_and_si256(
                    _mm256_shuffle_epi8(high_table, high),
                    _mm256_shuffle_epi8(low_table, low),
                )
            };
            let classes = Avx2(token, class(self.1), class(self.2));
            // SAFETY: as above.
            let zero = unsafe { _mm256_setzero_si256() };
            // (A loop, not `map`: its closure would be called outside the
            // AVX2 code, each intrinsic a call.)
            let mut masks = [0; N];
            for (mask, bit) in masks.iter_mut().zip(bits) {
                let bit = splat(token, bit);
                // SAFETY: as above.
                *mask =
                    !classes.mask(|v| unsafe { _mm256_cmpeq_epi8(_mm256_and_si256(v, bit), zero) });
            }
            masks
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512 {
    use super::{Avx512Token, ByteMasks, ChunkWindow, LANES, NibbleTables};
    use std::arch::x86_64::{
        __m512i, _mm_loadu_si128, _mm512_and_si512, _mm512_broadcast_i32x4, _mm512_cmpeq_epi8_mask,
        _mm512_cmple_epu8_mask, _mm512_cmplt_epu8_mask, _mm512_loadu_si512, _mm512_set1_epi8,
        _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_sub_epi8, _mm512_test_epi8_mask,
    };

    /// One AVX-512 register, with the token that proves the CPU has
    /// AVX-512BW: each comparison is one instruction that gives the mask
    /// itself. (Inlined into functions compiled for AVX-512BW, see
    /// [`super::first_hit`].)
    pub struct Avx512(Avx512Token, __m512i);

    /// A register of `value` in every byte.
    #[inline(always)]
    fn splat(_: Avx512Token, value: u8) -> __m512i {
        // SAFETY: the token proves the CPU has AVX-512BW.
        unsafe { _mm512_set1_epi8(value as i8) }
    }

    impl ByteMasks for Avx512 {
        type Token = Avx512Token;
        #[inline(always)]
        fn load(token: Avx512Token, window: &ChunkWindow, at: usize) -> Self {
            let bytes: &[u8; LANES] = window[at..at + LANES].try_into().expect("in the window");
            // SAFETY: 64 readable bytes; an unaligned load; the token proves AVX-512BW.
            Avx512(token, unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) })
        }
        #[inline(always)]
        fn eq(&self, value: u8) -> u64 {
            // SAFETY: the token in `self` proves AVX-512BW.
            unsafe { _mm512_cmpeq_epi8_mask(self.1, splat(self.0, value)) }
        }
        #[inline(always)]
        fn in_range(&self, low: u8, high: u8) -> u64 {
            // Bytes below `low` wrap round to large values.
            let (low, span) = (splat(self.0, low), splat(self.0, high - low));
            // SAFETY: the token in `self` proves AVX-512BW.
            unsafe { _mm512_cmple_epu8_mask(_mm512_sub_epi8(self.1, low), span) }
        }
        #[inline(always)]
        fn below(&self, value: u8) -> u64 {
            // SAFETY: the token in `self` proves AVX-512BW.
            unsafe { _mm512_cmplt_epu8_mask(self.1, splat(self.0, value)) }
        }
        #[inline(always)]
        fn nibble_classes<const N: usize>(&self, by: &NibbleTables, bits: [u8; N]) -> [u64; N] {
            let nibble = splat(self.0, 0x0F);
            // SAFETY: the token in `self` proves AVX-512BW (and so
            // AVX-512F); the tables are 16 readable bytes each.
            let class = unsafe {
                let high_table = _mm512_broadcast_i32x4(_mm_loadu_si128(by.high.as_ptr().cast()));
                let low_table = _mm512_broadcast_i32x4(_mm_loadu_si128(by.low.as_ptr().cast()));
                let high = _mm512_and_si512(_mm512_srli_epi16::<4>(self.1), nibble);
                let low = _mm512_and_si512(self.1, nibble);
                _mm512_and_si512(
                    _mm512_shuffle_epi8(high_table, high),
                    _mm512_shuffle_epi8(low_table, low),
                )
            };
            // (A loop, not `map`: its closure would be called outside the
            // AVX-512 code, each intrinsic a call.)
            let mut masks = [0; N];
            for (mask, bit) in masks.iter_mut().zip(bits) {
                // SAFETY: as above.
                *mask = unsafe { _mm512_test_epi8_mask(class, splat(self.0, bit)) };
            }
            masks
        }
    }
}

/// A test that [`first_hit`] runs over text a chunk at a time, written
/// against [`ByteMasks`].
pub trait ChunkTest {
    /// What the test keeps from one chunk for the next (the chunks are
    /// tested in order; the first gets the default).
    type Carry: Default;
    /// The bytes of the chunk in `window` where the test holds (a superset
    /// is fine if the caller checks each hit).
    fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, carry: &mut Self::Carry) -> u64;
}

/// Finds hits one chunk at a time, in order: the chunk test that
/// [`first_hit_by`] drives, however it is computed.
pub trait ChunkHits {
    /// The bytes of the chunk in `window` where the test holds.
    fn hits(&mut self, window: &ChunkWindow) -> u64;
}

/// A [`ChunkTest`] run with the comparisons of `M`.
struct Masked<T: ChunkTest, M: ByteMasks> {
    carry: T::Carry,
    token: M::Token,
}

impl<T: ChunkTest, M: ByteMasks> ChunkHits for Masked<T, M> {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        T::hits::<M>(self.token, window, &mut self.carry)
    }
}

/// `T` with `M`, at the start of a text.
fn masked<T: ChunkTest, M: ByteMasks>(token: M::Token) -> Masked<T, M> {
    Masked {
        carry: T::Carry::default(),
        token,
    }
}

/// The offset of the first byte of `text` where `T` holds, or `text.len()`.
/// Before the text and after it, bytes count as NUL.
/// Runs on `backend`.
pub fn first_hit<T: ChunkTest>(backend: Backend, text: &[u8]) -> usize {
    let mut first = text.len();
    for_each_hit::<T>(backend, text, |hit| {
        first = hit;
        text.len()
    });
    first
}

/// The offset of the first byte of `text` where `chunks` finds a hit, or
/// `text.len()`. Before the text and after it, bytes count as NUL. Inlined
/// into its caller, so that vector code there is compiled for its CPU.
#[inline(always)]
pub fn first_hit_by<K: ChunkHits>(text: &[u8], chunks: &mut K) -> usize {
    let mut at = 0;
    while at < text.len() {
        let hits = chunk_hits(text, at, chunks);
        if hits != 0 {
            return at + hits.trailing_zeros() as usize;
        }
        at += LANES;
    }
    text.len()
}

/// Calls `visit` with each byte of `text` where `T` holds, in order, but
/// those before the offset its last call returned (it must be past the
/// hit); once that offset is at the end, the search stops. Before the text
/// and after it, bytes count as NUL. Runs on `backend`: unlike a
/// [`first_hit`] from each offset, each chunk is tested once, and only
/// the last is copied to be padded.
pub fn for_each_hit<T: ChunkTest>(
    backend: Backend,
    text: &[u8],
    visit: impl FnMut(usize) -> usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512bw")]
        fn with_avx512<T: ChunkTest>(
            token: Avx512Token,
            text: &[u8],
            visit: impl FnMut(usize) -> usize,
        ) {
            for_each_hit_by(text, &mut masked::<T, avx512::Avx512>(token), visit)
        }
        #[target_feature(enable = "avx2")]
        fn with_avx2<T: ChunkTest>(
            token: Avx2Token,
            text: &[u8],
            visit: impl FnMut(usize) -> usize,
        ) {
            for_each_hit_by(text, &mut masked::<T, avx2::Avx2>(token), visit)
        }
        match backend {
            Backend::Avx512 => {
                if let Some(token) = Avx512Token::detect() {
                    // SAFETY: the token proves the CPU has AVX-512BW.
                    return unsafe { with_avx512::<T>(token, text, visit) };
                }
            }
            Backend::Avx2 => {
                if let Some(token) = Avx2Token::detect() {
                    // SAFETY: the token proves the CPU has AVX2.
                    return unsafe { with_avx2::<T>(token, text, visit) };
                }
            }
            Backend::Portable => {}
        }
    }
    let _ = backend;
    for_each_hit_by(text, &mut masked::<T, PortableMasks>(()), visit)
}

/// Calls `visit` with each byte of `text` where `chunks` finds a hit, in
/// order, but those before the offset its last call returned (it must be
/// past the hit); once that offset is at the end, the search stops. Before
/// the text and after it, bytes count as NUL. Inlined into its caller, so
/// that vector code there is compiled for its CPU.
#[inline(always)]
pub fn for_each_hit_by<K: ChunkHits>(
    text: &[u8],
    chunks: &mut K,
    mut visit: impl FnMut(usize) -> usize,
) {
    // The bits of a chunk's bytes from its `n`th on.
    let from = |n: usize| if n < LANES { u64::MAX << n } else { 0 };
    // Hits before `next` are passed over.
    let (mut at, mut next) = (0, 0);
    while at < text.len() {
        let mut hits = chunk_hits(text, at, chunks);
        if next > at {
            hits &= from(next - at);
        }
        while hits != 0 {
            let hit = at + hits.trailing_zeros() as usize;
            next = visit(hit);
            if next >= text.len() {
                return;
            }
            hits &= from(next - at);
        }
        at += LANES;
    }
}

/// The hits of the chunk of `text` at `at` (a multiple of [`LANES`]), by
/// `chunks`, which saw the chunks before.
#[inline(always)]
fn chunk_hits<K: ChunkHits>(text: &[u8], at: usize, chunks: &mut K) -> u64 {
    let inside = at
        .checked_sub(BEFORE)
        .and_then(|start| text.get(start..at + LANES + AFTER))
        .and_then(|bytes| <&ChunkWindow>::try_from(bytes).ok());
    match inside {
        Some(window) => chunks.hits(window),
        None => {
            // At either end: a copy padded with NUL, hits past the end
            // dropped.
            let mut window: ChunkWindow = [0; BEFORE + LANES + AFTER];
            let start = at.saturating_sub(BEFORE);
            let end = (at + LANES + AFTER).min(text.len());
            let into = BEFORE + start - at;
            window[into..into + end - start].copy_from_slice(&text[start..end]);
            let left = text.len() - at;
            let real = if left >= LANES {
                u64::MAX
            } else {
                (1 << left) - 1
            };
            chunks.hits(&window) & real
        }
    }
}

/// The hits of every chunk of `text` by `chunks`, in order, the bytes
/// around it NUL: what a vector search is compared by in tests.
#[cfg(test)]
pub fn hits_of_every_chunk(text: &[u8], mut chunks: impl ChunkHits) -> Vec<u64> {
    let mut padded = vec![0; BEFORE];
    padded.extend_from_slice(text);
    padded.resize(BEFORE + text.len().next_multiple_of(LANES) + LANES, 0);
    (0..text.len().div_ceil(LANES))
        .map(|k| {
            let window = &padded[k * LANES..k * LANES + BEFORE + LANES + AFTER];
            chunks.hits(window.try_into().expect("a window"))
        })
        .collect()
}

/// Asserts that a vector search found the hits of the reference one, chunk
/// by chunk (the first chunk that differs is named).
#[cfg(test)]
pub fn assert_same_hits(reference: &[u64], vector: &[u64], backend: &str) {
    let first_difference = reference.iter().zip(vector).position(|(r, v)| r != v);
    if let Some(i) = first_difference {
        // Byte by byte, first byte first.
        panic!(
            "{backend} differs in chunk {i}:\nreference {:064b}\n{backend:>9} {:064b}",
            reference[i].reverse_bits(),
            vector[i].reverse_bits()
        );
    }
    assert_eq!(reference.len(), vector.len(), "{backend}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Byte-by-byte comparisons: what every implementation must give.
    struct ByteByByte([u8; LANES]);

    impl ByteByByte {
        fn mask(&self, test: impl Fn(u8) -> bool) -> u64 {
            (self.0.iter().enumerate()).fold(0, |mask, (i, &b)| mask | (u64::from(test(b)) << i))
        }
    }

    impl ByteMasks for ByteByByte {
        type Token = ();
        fn load((): (), window: &ChunkWindow, at: usize) -> Self {
            ByteByByte(window[at..at + LANES].try_into().expect("in the window"))
        }
        fn eq(&self, value: u8) -> u64 {
            self.mask(|b| b == value)
        }
        fn in_range(&self, low: u8, high: u8) -> u64 {
            self.mask(|b| (low..=high).contains(&b))
        }
        fn below(&self, value: u8) -> u64 {
            self.mask(|b| b < value)
        }
    }

    #[test]
    fn the_portable_comparisons_are_exact_for_every_byte_and_value() {
        // Every byte value in every lane, beside every other (a carry out
        // of one byte would change the next).
        for shift in 0..=255u8 {
            let window: ChunkWindow =
                std::array::from_fn(|i| (i as u8).wrapping_mul(97).wrapping_add(shift));
            let (portable, exact) = (
                PortableMasks::load((), &window, BEFORE),
                ByteByByte::load((), &window, BEFORE),
            );
            assert_eq!(portable.ascii(), exact.below(0x80));
            assert_eq!(portable.leads(), exact.at_least(0xC0));
            let controls = exact.below(0x20) | exact.eq(0x7F);
            assert_eq!(portable.controls_and_delete(), controls);
            for v in 0..=255u8 {
                assert_eq!(portable.eq(v), exact.eq(v), "eq {v}");
                assert_eq!(portable.below(v), exact.below(v), "below {v}");
                for high in [
                    v,
                    v.saturating_add(1),
                    v.saturating_add(40),
                    0x7F,
                    0x80,
                    0xFF,
                ] {
                    if high >= v {
                        let (p, e) = (portable.in_range(v, high), exact.in_range(v, high));
                        assert_eq!(p, e, "{v}..={high}");
                    }
                }
            }
        }
    }

    #[test]
    fn nibble_classes_are_exact_on_every_backend_for_every_byte() {
        // Tables of many shapes (every bit in some rows, none in others),
        // every byte value at every place of a chunk.
        let tables: Vec<NibbleTables> = (0..12u32)
            .map(|k| NibbleTables {
                high: std::array::from_fn(|i| {
                    (i as u32 * 37 + k * 101).wrapping_mul(2654435761) as u8
                }),
                low: std::array::from_fn(|i| {
                    (i as u32 * 53 + k * 29).wrapping_mul(40503) as u8 | (k as u8 & 1)
                }),
            })
            .collect();
        let bits = [0x01, 0x0F, 0xF0, 0x80, 0xFF];
        for by in &tables {
            for shift in 0..=255u8 {
                let window: ChunkWindow =
                    std::array::from_fn(|i| (i as u8).wrapping_mul(97).wrapping_add(shift));
                let exact = ByteByByte::load((), &window, BEFORE);
                let class = |b: u8| by.high[usize::from(b >> 4)] & by.low[usize::from(b & 15)];
                let expected = bits.map(|bit| exact.mask(|b| class(b) & bit != 0));
                assert_eq!(exact.nibble_classes(by, bits), expected);
                let portable = PortableMasks::load((), &window, BEFORE);
                assert_eq!(portable.nibble_classes(by, bits), expected);
                for place in [0, 1, 31, 32, 63] {
                    let one = OneByte::load(place, &window, BEFORE).nibble_classes(by, bits);
                    let at_place = expected.map(|mask| 0u64.wrapping_sub(mask >> place & 1));
                    assert_eq!(one, at_place, "place {place}");
                }
                #[cfg(target_arch = "x86_64")]
                {
                    #[target_feature(enable = "avx2")]
                    fn with_avx2(
                        token: Avx2Token,
                        w: &ChunkWindow,
                        by: &NibbleTables,
                        bits: [u8; 5],
                    ) -> [u64; 5] {
                        avx2::Avx2::load(token, w, BEFORE).nibble_classes(by, bits)
                    }
                    #[target_feature(enable = "avx512bw")]
                    fn with_avx512(
                        token: Avx512Token,
                        w: &ChunkWindow,
                        by: &NibbleTables,
                        bits: [u8; 5],
                    ) -> [u64; 5] {
                        avx512::Avx512::load(token, w, BEFORE).nibble_classes(by, bits)
                    }
                    if let Some(token) = Avx2Token::detect() {
                        // SAFETY: the token proves the CPU has AVX2.
                        assert_eq!(unsafe { with_avx2(token, &window, by, bits) }, expected);
                    }
                    if let Some(token) = Avx512Token::detect() {
                        // SAFETY: the token proves the CPU has AVX-512BW.
                        assert_eq!(unsafe { with_avx512(token, &window, by, bits) }, expected);
                    }
                }
            }
        }
    }

    /// Bytes E2 followed by 80 or 81: a test of the bytes after.
    struct E2Then80Or81;

    impl ChunkTest for E2Then80Or81 {
        type Carry = ();
        fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, _: &mut ()) -> u64 {
            let (b0, b1) = (
                M::load(token, window, BEFORE),
                M::load(token, window, BEFORE + 1),
            );
            b0.eq(0xE2) & (b1.in_range(0x80, 0x81))
        }
    }

    #[test]
    fn hits_are_found_at_every_place_and_never_past_the_end() {
        for len in [0, 1, 2, 63, 64, 65, 130, 200] {
            let text = vec![b'a'; len];
            assert_eq!(first_hit::<E2Then80Or81>(Backend::best(), &text), len);
            for at in 0..len.saturating_sub(1) {
                let mut text = text.clone();
                text[at] = 0xE2;
                text[at + 1] = 0x81;
                assert_eq!(
                    first_hit::<E2Then80Or81>(Backend::best(), &text),
                    at,
                    "{len} {at}"
                );
                assert_eq!(
                    first_hit_by(&text, &mut masked::<E2Then80Or81, PortableMasks>(())),
                    at
                );
            }
            // A lead at the very end has no byte after it.
            if len > 0 {
                let mut text = text.clone();
                text[len - 1] = 0xE2;
                assert_eq!(first_hit::<E2Then80Or81>(Backend::best(), &text), len);
            }
        }
    }

    #[test]
    fn every_hit_is_visited_in_order_but_those_passed_over() {
        // Hits every 10 bytes; the visitor passes over the next 25 bytes
        // after every third hit, so some skips end in the same chunk and
        // some in a later one.
        let mut text = vec![b'a'; 1000];
        for at in (5..990).step_by(10) {
            text[at] = 0xE2;
            text[at + 1] = 0x80;
        }
        let mut expected = Vec::new();
        let mut next = 0;
        for at in (5..990).step_by(10) {
            if at >= next {
                expected.push(at);
                next = if expected.len() % 3 == 0 {
                    at + 26
                } else {
                    at + 1
                };
            }
        }
        let mut visited = Vec::new();
        let mut chunks = masked::<E2Then80Or81, PortableMasks>(());
        for_each_hit_by(&text, &mut chunks, |hit| {
            visited.push(hit);
            if visited.len() % 3 == 0 {
                hit + 26
            } else {
                hit + 1
            }
        });
        assert_eq!(visited, expected);
        // A visitor that passes over everything is called once.
        let mut calls = 0;
        let mut chunks = masked::<E2Then80Or81, PortableMasks>(());
        for_each_hit_by(&text, &mut chunks, |_| {
            calls += 1;
            usize::MAX
        });
        assert_eq!(calls, 1);
    }

    /// Asserts that `vector` (loaded like `portable`) gives the same masks.
    #[inline(always)]
    fn assert_agrees<M: ByteMasks>(vector: &M, portable: &PortableMasks) {
        for v in 0..=255u8 {
            assert_eq!(vector.eq(v), portable.eq(v));
            assert_eq!(vector.below(v), portable.below(v));
            assert_eq!(vector.at_least(v), portable.at_least(v));
            let high = v.saturating_add(40);
            assert_eq!(vector.in_range(v, high), portable.in_range(v, high));
            assert_eq!(vector.in_range(v, v), portable.in_range(v, v));
        }
    }

    #[test]
    fn every_comparison_agrees_with_the_portable_one() {
        let window: ChunkWindow = std::array::from_fn(|i| (i * 37 + 11) as u8);
        for at in [0, 1, BEFORE + AFTER] {
            let portable = PortableMasks::load((), &window, at);
            #[cfg(target_arch = "x86_64")]
            {
                match Avx2Token::detect() {
                    Some(token) => assert_agrees(&avx2::Avx2::load(token, &window, at), &portable),
                    None => eprintln!("skipped AVX2: this CPU lacks it"),
                }
                match Avx512Token::detect() {
                    Some(token) => {
                        assert_agrees(&avx512::Avx512::load(token, &window, at), &portable)
                    }
                    None => eprintln!("skipped AVX-512BW: this CPU lacks it"),
                }
            }
            assert_eq!(portable.eq(window[at]) & 1, 1);
        }
    }
}
