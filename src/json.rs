//! JSON lines that are safe to print: serde_json escapes only the characters
//! below U+0020, so a file name or a detail holding U+202E, a C1 control or
//! another invisible format character would reach a terminal that shows the
//! output. Here every character [unsafe for a terminal](is_unsafe_for_terminal)
//! is written as a `\uXXXX` escape; the JSON means the same.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

use crate::display::is_unsafe_for_terminal;

/// serde_json's compact formatter, with terminal-unsafe characters escaped.
struct SafeFormatter;

impl Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut plain_from = 0;
        for (at, c) in fragment.char_indices() {
            if !is_unsafe_for_terminal(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[plain_from..at])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
            plain_from = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[plain_from..])
    }
}

/// Writes `value` as one line of compact JSON, every string terminal-safe.
pub fn write_json_line<W: Write>(out: &mut W, value: &impl Serialize) -> io::Result<()> {
    write_json(out, value)?;
    out.write_all(b"\n")
}

/// Writes `value` as compact JSON, every string terminal-safe, with no
/// line end (a part of a larger document).
pub fn write_json<W: Write>(out: &mut W, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = Serializer::with_formatter(&mut *out, SafeFormatter);
    value.serialize(&mut serializer).map_err(io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_c1_and_invisible_characters_are_escaped_and_mean_the_same() {
        let text = "a\u{202E}b\u{85}c\u{AD}d\u{E0041}e é\u{1b}";
        let mut out = Vec::new();
        write_json_line(&mut out, &serde_json::json!({ "path": text })).unwrap();
        let line = String::from_utf8(out).unwrap();
        assert_eq!(
            line,
            "{\"path\":\"a\\u202eb\\u0085c\\u00add\\udb40\\udc41e é\\u001b\"}\n"
        );
        let back: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back["path"], text);
        assert!(!line.chars().any(|c| is_unsafe_for_terminal(c) && c != '\n'));
    }
}
