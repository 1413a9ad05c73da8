//! How a character is drawn without ever reaching the terminal raw: controls
//! as control pictures, bidi and invisible characters as marks, combining
//! marks on a dotted circle (DESIGN.md, terminal safety).

use compact_str::CompactString;
use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_width::UnicodeWidthChar;

use crate::model::findings::is_bidi_control;

/// Why a glyph stands in for its character, which decides its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlyphKind {
    /// The character itself, safe to draw.
    Plain,
    /// A stand-in for a control, bidi or invisible character: warning style.
    Warning,
    /// A combining mark drawn on a dotted circle.
    Combining,
    /// A stand-in for an unassigned or noncharacter code point.
    Unassigned,
}

/// What to draw for a character: terminal-safe text and its display width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    /// Safe text to draw (never a control, bidi or format character);
    /// inline, so that a glyph of a few bytes allocates nothing.
    pub text: CompactString,
    /// Columns it takes (1 or 2).
    pub width: usize,
    /// Why it looks the way it does.
    pub kind: GlyphKind,
}

fn stand_in(text: &str, kind: GlyphKind) -> Glyph {
    Glyph {
        text: CompactString::from(text),
        width: text.chars().map(|c| c.width().unwrap_or(0)).sum(),
        kind,
    }
}

/// The glyph for `c`.
pub fn glyph(c: char) -> Glyph {
    let code = c as u32;
    match c {
        '\0'..='\x1F' => {
            let picture = char::from_u32(0x2400 + code).expect("control pictures exist");
            stand_in(&picture.to_string(), GlyphKind::Warning)
        }
        '\x7F' => stand_in("␡", GlyphKind::Warning),
        '\u{80}'..='\u{9F}' => stand_in("ᶜ¹", GlyphKind::Warning),
        _ if is_bidi_control(c) => stand_in("⇄", GlyphKind::Warning),
        '\u{2028}' | '\u{2029}' => stand_in("⏎", GlyphKind::Warning),
        _ => match get_general_category(c) {
            GeneralCategory::Format => stand_in("◊", GlyphKind::Warning),
            GeneralCategory::NonspacingMark
            | GeneralCategory::EnclosingMark
            | GeneralCategory::SpacingMark => Glyph {
                text: compact_str::format_compact!("◌{c}"),
                width: 1,
                kind: GlyphKind::Combining,
            },
            GeneralCategory::Unassigned | GeneralCategory::Surrogate => {
                stand_in("□", GlyphKind::Unassigned)
            }
            GeneralCategory::SpaceSeparator if c != ' ' => stand_in("⍽", GlyphKind::Warning),
            _ => match c.width() {
                Some(width @ 1..=2) => Glyph {
                    text: CompactString::from(&*c.encode_utf8(&mut [0; 4])),
                    width,
                    kind: GlyphKind::Plain,
                },
                _ => stand_in("◊", GlyphKind::Warning),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_pictures() {
        assert_eq!(glyph('\x1B').text, "␛");
        assert_eq!(glyph('\0').text, "␀");
        assert_eq!(glyph('\n').text, "␊");
        assert_eq!(glyph('\x7F').text, "␡");
        assert_eq!(glyph('\u{85}').kind, GlyphKind::Warning);
    }

    #[test]
    fn bidi_and_invisible_characters_are_marked() {
        assert_eq!(glyph('\u{202E}').text, "⇄");
        assert_eq!(glyph('\u{200B}').text, "◊");
        assert_eq!(glyph('\u{FEFF}').kind, GlyphKind::Warning);
        assert_eq!(glyph('\u{00A0}').text, "⍽");
    }

    #[test]
    fn combining_marks_sit_on_a_dotted_circle_and_wide_chars_are_wide() {
        let mark = glyph('\u{0308}');
        assert_eq!((mark.text.as_str(), mark.width), ("◌\u{0308}", 1));
        assert_eq!(glyph('世').width, 2);
        assert_eq!(glyph('😀').width, 2);
        assert_eq!(
            glyph('é'),
            Glyph {
                text: "é".into(),
                width: 1,
                kind: GlyphKind::Plain
            }
        );
    }
}
