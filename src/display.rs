//! Small formatting helpers shared by the front ends: terminal-safe text,
//! grouped numbers and hex byte lists.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must never reach a terminal as it is: C0/C1 controls, DEL, and
/// the bidi and invisible format characters that can reorder or hide text.
pub fn is_unsafe_for_terminal(c: char) -> bool {
    use unicode_general_category::{GeneralCategory, get_general_category};
    c.is_control()
        || matches!(
            get_general_category(c),
            GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// Returns `text` with every character unsafe for a terminal written as an
/// escape (`\x1b`, `\u{202e}`), so names from the outside world print safely.
pub fn escape_for_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe_for_terminal) {
        return Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !is_unsafe_for_terminal(c) {
            escaped.push(c);
        } else if (c as u32) < 0x80 {
            let _ = write!(escaped, "\\x{:02x}", c as u32);
        } else {
            let _ = write!(escaped, "\\u{{{:04x}}}", c as u32);
        }
    }
    Cow::Owned(escaped)
}

/// Characters kept on each side when a long quote is shortened.
pub const QUOTE_CONTEXT: usize = 60;

/// `text` for a message: whole if it is short, else its first and last
/// [`QUOTE_CONTEXT`] characters around an ellipsis, so that a finding on a
/// line of megabytes is still reported in one short line.
pub fn quote_short(text: &str) -> Cow<'_, str> {
    let count = text.chars().take(2 * QUOTE_CONTEXT + 2).count();
    if count <= 2 * QUOTE_CONTEXT + 1 {
        return Cow::Borrowed(text);
    }
    let head_end = text
        .char_indices()
        .nth(QUOTE_CONTEXT)
        .map_or(text.len(), |(at, _)| at);
    let tail_start = text
        .char_indices()
        .rev()
        .nth(QUOTE_CONTEXT - 1)
        .map_or(0, |(at, _)| at);
    Cow::Owned(format!(
        "{}\u{2026}{}",
        &text[..head_end],
        &text[tail_start..]
    ))
}

/// A path or argument as text: its UTF-8 as it is, and each byte that is
/// not UTF-8 written as `\xNN`, so that no name is lost or mangled into
/// U+FFFD. (Still escape the result before it reaches a terminal.)
pub fn path_text(name: &std::ffi::OsStr) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut text = String::with_capacity(name.len());
    for chunk in name.as_bytes().utf8_chunks() {
        text.push_str(chunk.valid());
        for byte in chunk.invalid() {
            let _ = write!(text, "\\x{byte:02x}");
        }
    }
    text
}

/// Formats `n` with commas between groups of three digits: `12,345`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A size in bytes for people: `512 bytes`, `12.0 MiB`, `4 GiB`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" });
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if value.fract() == 0.0 {
        format!("{value:.0} {}", UNITS[unit])
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Formats bytes as upper-case hex pairs separated by single spaces: `C0 AF`.
pub fn hex_bytes(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(bytes.len() * 3);
    for (i, byte) in bytes.iter().enumerate() {
        if i > 0 {
            hex.push(' ');
        }
        let _ = write!(hex, "{byte:02X}");
    }
    hex
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_only() {
        assert_eq!(escape_for_terminal("plain é 世界"), "plain é 世界");
        assert_eq!(escape_for_terminal("a\x1b[2Jb"), "a\\x1b[2Jb");
        assert_eq!(
            escape_for_terminal("x\u{202E}y\u{85}"),
            "x\\u{202e}y\\u{0085}"
        );
    }

    #[test]
    fn long_quotes_keep_sixty_characters_each_side() {
        assert_eq!(quote_short("short"), "short");
        let long = format!("{}é{}", "a".repeat(100), "b".repeat(100));
        let quoted = quote_short(&long);
        assert_eq!(quoted.chars().count(), 2 * QUOTE_CONTEXT + 1);
        assert!(quoted.starts_with(&"a".repeat(60)) && quoted.ends_with(&"b".repeat(60)));
        assert!(quoted.contains('\u{2026}'));
    }

    #[test]
    fn paths_that_are_not_utf8_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"\x9b2J caf\xc3\xa9.txt");
        assert_eq!(path_text(name), "\\x9b2J café.txt");
    }

    #[test]
    fn groups_thousands_and_formats_hex() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(12_345), "12,345");
        assert_eq!(thousands(1_234_567_890), "1,234,567,890");
        assert_eq!(hex_bytes(&[0xC0, 0xAF]), "C0 AF");
        assert_eq!(hex_bytes(&[]), "");
        assert_eq!(human_size(1), "1 byte");
        assert_eq!(human_size(12 << 20 | 1 << 19), "12.5 MiB");
        assert_eq!(human_size(4 << 30), "4 GiB");
    }
}
