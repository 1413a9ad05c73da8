//! Passing over the chunks where the lead-pair search can find nothing,
//! by a few comparisons instead of its table lookups. Every hit is a char
//! right after one beyond ASCII (a pair begins with a char that shows a
//! lead byte, and only chars beyond ASCII do), or a C1 control; and the
//! char after the one beyond ASCII must be one that may show a
//! continuation byte: a char whose lead byte leads some char with a class,
//! `?`, or a space, which counts only where the char after it may go on
//! the sequence (a char beyond ASCII, `?`, a space) or the one before may
//! show the lead of two bytes. In prose of Latin letters most chunks have
//! none of these: its letters beyond ASCII stand between ASCII letters.

use super::{LEAD2_SPACE, Tables, pair_class};
use crate::model::findings::byte_masks::{BEFORE, ByteMasks, ChunkHits, ChunkWindow};
use crate::model::findings::char_tables::{FollowsClass, start_of_last_char};

/// The lead bytes of every char that has a pair class lie in these ranges
/// (a test holds the tables to them): Latin, Greek, Cyrillic, Hebrew and
/// Arabic letters (C2–DA), punctuation and symbols (E2), and the private
/// use area and U+FFFD (EF). The ranges take in a few leads of chars
/// without a class (C7–CA, CD, D3–D5): a chunk with one of them is looked
/// at in full, which is only slower.
const LEADS_OF_CLASSED_CHARS: [(u8, u8); 3] = [(0xC2, 0xDA), (0xE2, 0xE2), (0xEF, 0xEF)];

/// Which pairs of first and second bytes lead a char that shows the lead
/// of two bytes in an encoding that shows A0 as a no-break space: for each
/// first byte from C0 on, the second bytes by their low six bits.
pub struct LeadsBeforeASpace([u64; 64]);

impl LeadsBeforeASpace {
    /// Worked out from the pair class of every char of two bytes.
    pub fn build() -> LeadsBeforeASpace {
        let mut seconds = [0u64; 64];
        for c in ('\u{80}'..'\u{800}').filter(|&c| pair_class(c) & LEAD2_SPACE != 0) {
            let mut bytes = [0; 2];
            c.encode_utf8(&mut bytes);
            seconds[usize::from(bytes[0] & 0x3F)] |= 1 << (bytes[1] & 0x3F);
        }
        LeadsBeforeASpace(seconds)
    }

    /// Whether the char of two bytes `first`, `second` (if it is one)
    /// shows such a lead.
    #[inline(always)]
    fn holds(&self, first: u8, second: u8) -> bool {
        first >= 0xC0 && self.0[usize::from(first & 0x3F)] & (1 << (second & 0x3F)) != 0
    }
}

/// The lead-pair search of `P`, passing over the chunks where it can find
/// nothing (see the module's doc), on the comparisons of `M`.
pub struct PairsPassingOver<P, M: ByteMasks> {
    pairs: P,
    token: M::Token,
    tables: &'static Tables,
}

impl<P: FollowsClass, M: ByteMasks> PairsPassingOver<P, M> {
    /// `pairs` at the start of a text.
    #[inline(always)]
    pub fn new(pairs: P, token: M::Token, tables: &'static Tables) -> PairsPassingOver<P, M> {
        PairsPassingOver {
            pairs,
            token,
            tables,
        }
    }

    /// Whether the chunk of `window` may hold a hit.
    #[inline(always)]
    fn may_hold_a_hit(&self, window: &ChunkWindow) -> bool {
        let token = self.token;
        let before = M::load(token, window, BEFORE - 1);
        let (b0, b1) = (
            M::load(token, window, BEFORE),
            M::load(token, window, BEFORE + 1),
        );
        let c1 = b0.eq(0xC2) & b1.below(0xA0);
        // The bytes right after a byte beyond ASCII.
        let after_beyond_ascii = before.at_least(0x80);
        if after_beyond_ascii == 0 {
            return c1 != 0;
        }
        let mut may_continue = b0.eq(b'?');
        for (low, high) in LEADS_OF_CLASSED_CHARS {
            may_continue |= b0.in_range(low, high);
        }
        if c1 | (after_beyond_ascii & may_continue) != 0 {
            return true;
        }
        let spaces = after_beyond_ascii & b0.eq(b' ');
        if spaces == 0 {
            return false;
        }
        let going_on = b1.at_least(0x80) | b1.eq(b'?') | b1.eq(b' ');
        if spaces & going_on != 0 {
            return true;
        }
        // Each space left, after a char that may be of two bytes: whether
        // that char shows the lead of two (its first byte is the one before
        // the window for the chunk's second byte, and out of sight for its
        // first).
        let mut left = spaces;
        while left != 0 {
            let at = BEFORE + left.trailing_zeros() as usize;
            if at < 2
                || self
                    .tables
                    .leads_before_a_space
                    .holds(window[at - 2], window[at - 1])
            {
                return true;
            }
            left &= left - 1;
        }
        false
    }

    /// The pair class of the char that the last byte of the chunk of
    /// `window` belongs to (it begins at most three bytes before).
    #[inline(always)]
    fn class_of_last_char(&self, window: &ChunkWindow) -> u8 {
        let start = start_of_last_char(window);
        (self.tables).class_at(window[start], window[start + 1], window[start + 2])
    }
}

impl<P: FollowsClass, M: ByteMasks> ChunkHits for PairsPassingOver<P, M> {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        if self.may_hold_a_hit(window) {
            return self.pairs.hits(window);
        }
        self.pairs.follow_class(self.class_of_last_char(window));
        0
    }
}

#[cfg(test)]
mod tests {
    use super::super::tables;
    use super::*;

    #[test]
    fn the_ranges_hold_the_lead_of_every_classed_char() {
        let outside: Vec<char> = ('\u{80}'..='\u{10FFFF}')
            .filter(|&c| pair_class(c) != 0)
            .filter(|&c| {
                let mut bytes = [0; 4];
                c.encode_utf8(&mut bytes);
                !(LEADS_OF_CLASSED_CHARS.iter())
                    .any(|&(low, high)| (low..=high).contains(&bytes[0]))
            })
            .collect();
        assert_eq!(outside, Vec::<char>::new());
    }

    #[test]
    fn leads_before_a_space_are_the_chars_of_that_class() {
        let leads = &tables().leads_before_a_space;
        for c in '\u{80}'..'\u{800}' {
            let mut bytes = [0; 2];
            c.encode_utf8(&mut bytes);
            let shows = pair_class(c) & LEAD2_SPACE != 0;
            assert_eq!(leads.holds(bytes[0], bytes[1]), shows, "{c}");
        }
        // Chars of three bytes and more have no such class.
        let longer = ('\u{800}'..='\u{10FFFF}').find(|&c| pair_class(c) & LEAD2_SPACE != 0);
        assert_eq!(longer, None);
    }
}
