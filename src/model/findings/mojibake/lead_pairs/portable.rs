//! The lead-pair search a char at a time, from the rules it is made of:
//! what the vector searches are held to. (Without them, the char-by-char
//! test of every line is the quicker.)

use super::{LEAD2_SPACE, Tables};
use crate::model::findings::byte_masks::{
    BEFORE, ByteMasks, ChunkHits, ChunkWindow, LANES, PortableMasks,
};

/// Whether a char of class `class` after one of class `before` may begin a
/// sequence with it (a space aside).
#[inline(always)]
pub fn pairs(before: u8, class: u8) -> bool {
    (before >> 4) & class != 0
}

/// Whether a space (of class `space`) after a char of class `before`,
/// followed by one of class `next`, may be in a sequence that begins
/// before it: as the no-break space that ends a sequence of two, or inside
/// a longer one.
#[inline(always)]
pub fn space_pairs(before: u8, space: u8, next: u8) -> bool {
    before & LEAD2_SPACE != 0 || pairs(before, space & next)
}

/// Whether the char that starts with `b0`, `b1` is a C1 control.
#[inline(always)]
pub fn is_c1(b0: u8, b1: u8) -> bool {
    b0 == 0xC2 && b1 < 0xA0
}

/// The search a char at a time, the chars it looks up (those past ASCII,
/// spaces and `?`) found eight bytes at a time: what the vector searches
/// are held to.
pub struct PortablePairs {
    tables: &'static Tables,
    /// The class of the char that the last byte of the chunk before
    /// belongs to.
    last: u8,
}

impl PortablePairs {
    /// At the start of a text.
    pub fn new(tables: &'static Tables) -> PortablePairs {
        PortablePairs { tables, last: 0 }
    }

    /// The class of the char that starts at `window[at]`.
    #[inline(always)]
    fn class_at(&self, window: &ChunkWindow, at: usize) -> u8 {
        self.tables
            .class_at(window[at], window[at + 1], window[at + 2])
    }

    /// Whether the char of class `class` at `window[at]`, after one of
    /// class `before`, is a hit.
    #[inline(always)]
    fn hit_at(&self, window: &ChunkWindow, at: usize, before: u8, class: u8) -> bool {
        match window[at] {
            b' ' => space_pairs(before, self.tables.space, self.class_at(window, at + 1)),
            b0 => pairs(before, class) || is_c1(b0, window[at + 1]),
        }
    }
}

impl ChunkHits for PortablePairs {
    #[inline]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        let bytes = PortableMasks::load((), window, BEFORE);
        // ASCII chars but spaces and `?` show no byte: they end what began.
        let quiet = bytes.below(0x80) & !bytes.eq(b' ') & !bytes.eq(b'?');
        let mut looked_up = !quiet & !bytes.in_range(0x80, 0xBF);
        let mut hits = 0;
        // The class of the last char looked up, or of the one before the
        // chunk.
        let mut last = self.last;
        while looked_up != 0 {
            let i = looked_up.trailing_zeros() as usize;
            looked_up &= looked_up - 1;
            // (Between two chars looked up, the bytes of the first or ASCII
            // that ends it.)
            let before = if i > 0 && quiet & 1 << (i - 1) != 0 {
                0
            } else {
                last
            };
            let class = self.class_at(window, BEFORE + i);
            hits |= u64::from(self.hit_at(window, BEFORE + i, before, class)) << i;
            last = class;
        }
        self.last = if quiet >> (LANES - 1) != 0 { 0 } else { last };
        hits
    }
}
