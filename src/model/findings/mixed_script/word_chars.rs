//! Which chars go inside words, remembered a page of 256 code points at a
//! time: the Unicode lookups behind it (alphabetic, numeric, then the
//! general category) are binary searches, and the mixed-script test asks
//! for every char of the stretch around a change of script, which in text
//! without spaces (Chinese, Japanese) is a whole line.

use std::sync::OnceLock;

use unicode_general_category::{GeneralCategory, get_general_category};

/// The pages of the Basic Multilingual Plane, each worked out the first
/// time a char of it is asked about: a bit per code point.
static PAGES: [OnceLock<[u64; 4]>; 256] = [const { OnceLock::new() }; 256];

/// Whether `c` goes inside words: a letter, digit or mark.
pub fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    let code = c as usize;
    if code > 0xFFFF {
        return looked_up(c);
    }
    let page = PAGES[code >> 8].get_or_init(|| {
        let mut bits = [0u64; 4];
        for low in 0..256 {
            let in_page = char::from_u32(((code >> 8) << 8 | low) as u32);
            if in_page.is_some_and(looked_up) {
                bits[low >> 6] |= 1 << (low & 63);
            }
        }
        bits
    });
    page[(code >> 6) & 3] & (1 << (code & 63)) != 0
}

/// [`is_word_char`] by the Unicode lookups themselves.
fn looked_up(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(
            get_general_category(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_char_is_remembered_as_looked_up() {
        let differ: Vec<char> = (0..=0x10FFFFu32)
            .filter_map(char::from_u32)
            .filter(|&c| is_word_char(c) != looked_up(c))
            .collect();
        assert_eq!(differ, Vec::<char>::new());
        // Letters, digits and marks of several scripts; punctuation not.
        for c in ['a', '7', 'é', 'ж', '日', 'あ', '한', '\u{0301}', '々', '〇'] {
            assert!(is_word_char(c), "{c}");
        }
        for c in [' ', '-', '、', '。', '「', '€', '\u{3000}'] {
            assert!(!is_word_char(c), "{c}");
        }
    }
}
