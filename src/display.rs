//! Small formatting helpers shared by the front ends: terminal-safe text,
//! grouped numbers and hex byte lists.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must never reach a terminal as it is: C0/C1 controls, DEL, and
/// the bidi and invisible format characters that can reorder or hide text.
pub fn is_unsafe_for_terminal(c: char) -> bool {
    c.is_control()
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
    fn groups_thousands_and_formats_hex() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(12_345), "12,345");
        assert_eq!(thousands(1_234_567_890), "1,234,567,890");
        assert_eq!(hex_bytes(&[0xC0, 0xAF]), "C0 AF");
        assert_eq!(hex_bytes(&[]), "");
    }
}
