//! What garbling through a CJK encoding leaves in text, and what the text
//! it was made from looks like: the chars of everyday Japanese, Chinese
//! and Korean (the first-level repertoires of their encodings) against the
//! rare ideographs, half-width katakana, C1 controls and private-use chars
//! that misread bytes turn into.

use std::sync::LazyLock;

use unicode_general_category::{GeneralCategory as Category, get_general_category};
use unicode_script::{Script, UnicodeScript};

use super::codecs::{CJK_CODECS, CjkCodec};
use crate::model::encoding::is_common_letter;
use crate::model::findings::mojibake::badness::is_plain;

pub(crate) use crate::model::encoding::is_cjk;

/// Whether `c` is in the everyday repertoire of some CJK encoding: kana,
/// the Hangul of KS X 1001, the first level of ideographs of JIS, GB2312
/// or Big5, the punctuation and full-width forms they share.
pub fn is_everyday(c: char) -> bool {
    is_in(&TABLES.everyday, c)
}

/// Whether `c` has its bit in `bits` (chars of the Basic Multilingual
/// Plane only).
fn is_in(bits: &[u64; 1024], c: char) -> bool {
    let code = c as usize;
    code < 0x10000 && bits[code / 64] & (1 << (code % 64)) != 0
}

/// What the judgment asks of every CJK char, a bit for each char of the
/// Basic Multilingual Plane (8 KiB each: looked up for every char of a
/// line, they must stay in the cache; the codecs' own tables are 256 KiB
/// each).
struct Tables {
    everyday: [u64; 1024],
    signs: [u64; 1024],
}

static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| {
    let mut tables = Box::new(Tables {
        everyday: [0; 1024],
        signs: [0; 1024],
    });
    for codec in &CJK_CODECS {
        for (all, &bits) in tables.everyday.iter_mut().zip(codec.everyday_bits().iter()) {
            *all |= bits;
        }
    }
    for code in 0x80..0x10000u32 {
        let Some(c) = char::from_u32(code) else {
            continue;
        };
        let (word, bit) = (code as usize / 64, 1 << (code % 64));
        let everyday = tables.everyday[word] & bit != 0;
        let sign = matches!(c, '\u{80}'..='\u{9F}' | '\u{E000}'..='\u{F8FF}' | '\u{FF61}'..='\u{FF9F}' | '\u{FFFD}')
            || (is_cjk(c) && !everyday);
        if sign {
            tables.signs[word] |= bit;
        }
    }
    tables
});

/// [`is_garbling_sign`] for the chars of the Basic Multilingual Plane, a
/// bit each, to be read without a call a char.
pub fn signs() -> &'static [u64; 1024] {
    &TABLES.signs
}

/// Whether `c` is a sign of bytes misread through a CJK encoding: a
/// half-width katakana, a C1 control, a private-use char, U+FFFD, or a
/// CJK char outside every everyday repertoire.
pub fn is_garbling_sign(c: char) -> bool {
    // (Above the plane: the ideographs of the supplementary planes, which
    // no everyday repertoire holds.)
    is_in(&TABLES.signs, c) || ('\u{20000}'..='\u{3FFFF}').contains(&c)
}

/// Whether `text` (one word, read back) reads as text: its CJK chars all
/// everyday; beside them, no letter beyond ASCII of another script; without
/// them, a plain word ([`is_plain`]) of common letters; no control,
/// private-use or unassigned char; and symbols only of the kinds writing
/// uses. U+FFFD (bytes lost) is passed over.
pub fn reads_as_text(text: &str) -> bool {
    let mut has_cjk = false;
    let mut has_other_letter = false;
    for c in text.chars().filter(|&c| !c.is_ascii() && c != '\u{FFFD}') {
        if is_cjk(c) {
            if !is_everyday(c) {
                return false;
            }
            has_cjk = true;
            continue;
        }
        match get_general_category(c) {
            Category::UppercaseLetter
            | Category::LowercaseLetter
            | Category::TitlecaseLetter
            | Category::OtherLetter
            | Category::ModifierLetter
            | Category::NonspacingMark
            | Category::SpacingMark => {
                if !is_common_letter(c) || c.script() == Script::Unknown {
                    return false;
                }
                has_other_letter = true;
            }
            _ if is_writing_symbol(c) => {}
            _ => return false,
        }
    }
    if has_cjk {
        return !has_other_letter;
    }
    !has_other_letter
        || text
            .split('\u{FFFD}')
            .filter(|p| !p.is_empty())
            .all(is_plain)
}

/// Whether `text`, read back from windows-1252 through `codec`, is text
/// of the language `codec` serves: its chars beyond ASCII all ideographs,
/// kana or Hangul as that language writes them (Han alone in GBK and Big5,
/// Hangul in EUC-KR, kana or kanji in Shift_JIS and EUC-JP, with a kana
/// at least: Japanese prose is never kanji alone for long) or CJK
/// punctuation, and none of them touching an ASCII letter or digit: the
/// full-width and half-width forms and the pairs of other scripts these
/// encodings hold are what windows-1252's letters make by chance.
pub fn is_legacy_reading(text: &str, codec: &CjkCodec) -> bool {
    let letters = text
        .chars()
        .filter(|&c| is_cjk(c) && !is_cjk_punctuation(c))
        .count();
    let japanese = matches!(codec.name, "Shift_JIS" | "EUC-JP");
    let kana = || text.chars().any(|c| ('\u{3041}'..='\u{30FF}').contains(&c));
    letters >= 2 && (!japanese || kana()) && is_legacy_text(text, codec)
}

/// [`is_legacy_reading`] without the evidence a word alone must give (two
/// letters, a kana): a word of a line read so already.
pub fn is_legacy_text(text: &str, codec: &CjkCodec) -> bool {
    let allowed = |c: char| match codec.name {
        "Shift_JIS" | "EUC-JP" => is_ideograph(c) || ('\u{3041}'..='\u{30FF}').contains(&c),
        "EUC-KR" => ('\u{AC00}'..='\u{D7A3}').contains(&c) || is_ideograph(c),
        _ => is_ideograph(c),
    };
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() || c == '\u{FFFD}' {
            continue;
        }
        let touches_ascii = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|n| n.is_ascii_alphanumeric())
        };
        if touches_ascii(i.checked_sub(1)) || touches_ascii(Some(i + 1)) {
            return false;
        }
        if !allowed(c) && !is_cjk_punctuation(c) {
            return false;
        }
    }
    reads_as_text(text)
}

/// Whether `c` is CJK punctuation, or a full-width punctuation mark.
fn is_cjk_punctuation(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303F}'
        | '\u{FF01}'..='\u{FF0F}'
        | '\u{FF1A}'..='\u{FF20}'
        | '\u{FF3B}'..='\u{FF40}'
        | '\u{FF5B}'..='\u{FF60}')
}

/// Whether `c` is a CJK unified ideograph.
fn is_ideograph(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// Punctuation and symbols that writing uses beside letters.
fn is_writing_symbol(c: char) -> bool {
    matches!(c,
        '\u{A0}'..='\u{BF}'
        | '\u{D7}'
        | '\u{F7}'
        | '\u{2010}'..='\u{205E}'
        | '\u{20A0}'..='\u{20BF}'
        | '\u{2100}'..='\u{214F}'
        | '\u{2190}'..='\u{22FF}'
        | '\u{2460}'..='\u{24FF}'
        | '\u{2500}'..='\u{27BF}'
        | '\u{1F300}'..='\u{1FAFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyday_text_reads_as_text_and_garbling_does_not() {
        for text in [
            "こんにちは",
            "中文",
            "한국어",
            "café",
            "「東京」、",
            "Googleは",
        ] {
            assert!(reads_as_text(text), "{text}");
        }
        for text in ["縺薙ｓ縺ｫ縺｡縺ｯ", "ĢšŽ", "\u{590}΄", "日本é", "\u{E000}"] {
            assert!(!reads_as_text(text), "{text}");
        }
        assert!("縺薙ｓ縺ｫ縺｡縺ｯ".chars().any(is_garbling_sign));
        assert!(!"今日は天気がとても良い".chars().any(is_garbling_sign));
    }
}
