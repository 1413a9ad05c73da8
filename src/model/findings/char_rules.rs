//! The chars that are findings on their own, and the marks that make one
//! with the char before them: the rules [`super::kinds`] names for each
//! kind, and the quick pass's test is held to.

use std::collections::HashSet;
use std::sync::LazyLock;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::{canonical_combining_class, decompose_canonical};

/// Whether `c` is a bidi control (DESIGN.md's list).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` is an invisible character that is not a bidi control or a BOM.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{180E}' | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}' | '\u{3164}' | '\u{FFA0}'
    )
}

/// Whether `c` is a noncharacter (U+FDD0–FDEF and the last two of every plane).
pub fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (0xFDD0..=0xFDEF).contains(&v) || v & 0xFFFE == 0xFFFE
}

/// Whether `c` is a control that text should not hold: C0 but TAB, LF and
/// CR; DEL; C1.
pub fn is_text_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Whether `c` is a combining mark that composes with some base into a
/// char that NFC keeps: a decomposed sequence can end in it.
///
/// (Worked out from every code point the first time it is asked: for
/// tests and for [`super::Definition::stops_at`], not for the scan, which
/// tries the composition itself.)
pub fn composes_onto_a_base(c: char) -> bool {
    static SECONDS: LazyLock<HashSet<char>> = LazyLock::new(|| {
        let mut seconds = HashSet::new();
        for x in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut parts = Vec::new();
            decompose_canonical(x, |p| parts.push(p));
            // A primary composite: NFC keeps it composed.
            if parts.len() >= 2 && x.to_string().nfc().eq([x]) {
                seconds.insert(parts[parts.len() - 1]);
            }
        }
        seconds
    });
    canonical_combining_class(c) != 0 && SECONDS.contains(&c)
}
