//! Passing over the chunks where the script-class search can find nothing,
//! by a few comparisons instead of its table lookups. A change of class
//! needs two classes that share no bit, and every class of Latin letters,
//! of what goes inside words of any script (digits, marks) and of chars
//! with none shares [`SHARED_BIT`] or has no bit at all: only a char of
//! another class (Greek, Cyrillic, East Asian, other scripts) makes one.
//! Those begin with a byte from CD on (but for a few leads of E1 and E2,
//! whose classes the second byte tells); in prose of Latin letters most
//! chunks have none.

use super::{SHARED_BIT, class_of};
use crate::model::findings::byte_masks::{BEFORE, ByteMasks, ChunkHits, ChunkWindow};
use crate::model::findings::char_tables::{FollowsClass, start_of_last_char};

/// Whether a char of class `class` goes with a char of any class: it has
/// none, or it has [`SHARED_BIT`].
fn goes_with_any(class: u8) -> bool {
    class == 0 || class & SHARED_BIT != 0
}

/// The second bytes after E2 of chars of another script's class (no other
/// char led by E2 has one: punctuation, symbols): letter-like symbols
/// (U+2100–213F) and U+2C00–2DFF (Glagolitic, Coptic and others).
const E2_SECONDS_OF_SCRIPTS: [(u8, u8); 2] = [(0x84, 0x84), (0xB0, 0xB7)];

/// The second bytes after E1 of Latin letters (Latin Extended Additional,
/// Vietnamese); every other char led by E1 has another script's class.
const E1_SECONDS_OF_LATIN: (u8, u8) = (0xB8, 0xBB);

/// Whether the char whose UTF-8 begins `b0`, `b1` may have a class that
/// does not go with any ([`goes_with_any`]): what the vector test finds of
/// each byte, a char at a time (a test holds the tables to it).
#[cfg(test)]
fn may_go_with_some_only(b0: u8, b1: u8) -> bool {
    let within = |(low, high): (u8, u8)| (low..=high).contains(&b1);
    let shared_e2 = b0 == 0xE2 && !E2_SECONDS_OF_SCRIPTS.into_iter().any(within);
    let latin_e1 = b0 == 0xE1 && within(E1_SECONDS_OF_LATIN);
    b0 >= 0xCD && !shared_e2 && !latin_e1
}

/// The script-class search of `C`, passing over the chunks where it can
/// find nothing (see the module's doc), on the comparisons of `M`.
pub struct ClassesPassingOver<C, M: ByteMasks> {
    classes: C,
    token: M::Token,
}

impl<C: FollowsClass, M: ByteMasks> ClassesPassingOver<C, M> {
    /// `classes` at the start of a text.
    #[inline(always)]
    pub fn new(classes: C, token: M::Token) -> ClassesPassingOver<C, M> {
        ClassesPassingOver { classes, token }
    }

    /// Whether the chunk of `window` may hold a hit.
    #[inline(always)]
    fn may_hold_a_hit(&self, window: &ChunkWindow) -> bool {
        // The last char of the chunk before (before the text, none).
        if !goes_with_any(self.classes.last_class()) {
            return true;
        }
        let b0 = M::load(self.token, window, BEFORE);
        let beyond = b0.at_least(0xCD);
        if beyond == 0 {
            return false;
        }
        let b1 = M::load(self.token, window, BEFORE + 1);
        let mut of_scripts = 0;
        for (low, high) in E2_SECONDS_OF_SCRIPTS {
            of_scripts |= b1.in_range(low, high);
        }
        let shared_e2 = b0.eq(0xE2) & !of_scripts;
        let (low, high) = E1_SECONDS_OF_LATIN;
        let latin_e1 = b0.eq(0xE1) & b1.in_range(low, high);
        beyond & !shared_e2 & !latin_e1 != 0
    }
}

impl<C: FollowsClass, M: ByteMasks> ChunkHits for ClassesPassingOver<C, M> {
    #[inline(always)]
    fn hits(&mut self, window: &ChunkWindow) -> u64 {
        if self.may_hold_a_hit(window) {
            return self.classes.hits(window);
        }
        let start = start_of_last_char(window);
        let last = class_of(window[start], window[start + 1], window[start + 2]);
        self.classes.follow_class(last);
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bytes_passed_over_lead_chars_that_go_with_any() {
        let mut wrong = Vec::new();
        for c in '\0'..='\u{10FFFF}' {
            let mut bytes = [0; 4];
            c.encode_utf8(&mut bytes);
            if !may_go_with_some_only(bytes[0], bytes[1])
                && !goes_with_any(class_of(bytes[0], bytes[1], bytes[2]))
            {
                wrong.push(c);
            }
        }
        assert_eq!(wrong, Vec::<char>::new());
    }
}
