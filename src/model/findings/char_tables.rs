//! What the vector searches that class each char by its bytes share
//! (script classes, lead pairs): tables looked up by byte permutes (VBMI)
//! or shuffles (AVX2), and each char's class carried over its continuation
//! bytes, so that the first byte of a char sees the class of the one
//! before.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod vbmi;

#[cfg(target_arch = "x86_64")]
use super::byte_masks::{BEFORE, ChunkHits, ChunkWindow, LANES};

/// Where in `window` the char begins that the last byte of its chunk
/// belongs to: at most three bytes before it (the window is valid UTF-8).
/// What a search that passes over a chunk looks up the class of.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn start_of_last_char(window: &ChunkWindow) -> usize {
    let last = BEFORE + LANES - 1;
    let mut start = last;
    while start > last - 3 && (0x80..0xC0).contains(&window[start]) {
        start -= 1;
    }
    start
}

/// A vector search of char classes that can be told the class its next
/// chunk's first char follows, when the chunk before was passed over
/// without looking its chars up.
#[cfg(target_arch = "x86_64")]
pub trait FollowsClass: ChunkHits {
    /// The chunk before was passed over: its last byte belongs to a char
    /// of class `class`.
    fn follow_class(&mut self, class: u8);

    /// The class of the char that the last byte of the chunk it looked at
    /// last belongs to.
    fn last_class(&self) -> u8;
}

/// Implements [`FollowsClass`] for a vector search on `$backend` (`vbmi`
/// or `avx2`, a module of this one) that keeps its token in `token` and
/// the classes carried from the chunk before in `within`, of which only
/// the last byte is carried in.
#[cfg(target_arch = "x86_64")]
macro_rules! follows_class_within {
    ($search:ty, $backend:ident) => {
        impl $crate::model::findings::char_tables::FollowsClass for $search {
            #[inline(always)]
            fn follow_class(&mut self, class: u8) {
                use $crate::model::findings::char_tables::$backend::splat;
                self.within = splat(self.token, class);
            }

            #[inline(always)]
            fn last_class(&self) -> u8 {
                use $crate::model::findings::char_tables::$backend::last_byte;
                last_byte(self.token, self.within)
            }
        }
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use follows_class_within;
