//! `fix --diff`: what `fix` would change, as a unified diff, writing
//! nothing else. A patch tool can apply it (`utf8scope fix --diff f.txt |
//! patch -p0`); on a terminal every line is made safe to show first.

use std::io::{self, Write};

use similar::TextDiff;

use crate::display::escape_for_terminal;

/// Writes the unified diff from `original` to `repaired` (both the file
/// named `name`) to `out`, escaping each line for a terminal when
/// `for_terminal`. Writes nothing when they are the same.
pub fn write_diff(
    original: &[u8],
    repaired: &[u8],
    name: &str,
    for_terminal: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    if original == repaired {
        return Ok(());
    }
    let diff = TextDiff::from_lines(original, repaired);
    let mut unified = diff.unified_diff();
    unified.context_radius(3).header(name, name);
    if !for_terminal {
        return unified.to_writer(out);
    }
    let mut raw = Vec::new();
    unified.to_writer(&mut raw)?;
    for line in raw.split_inclusive(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let body = text.strip_suffix('\n').unwrap_or(&text);
        writeln!(out, "{}", escape_for_terminal(body))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_lines_and_their_context_are_shown() {
        let original = b"one\ncaf\xc3\x83\xc2\xa9\nthree\n";
        let repaired = "one\ncafé\nthree\n".as_bytes();
        let mut out = Vec::new();
        write_diff(original, repaired, "f.txt", false, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n one\n-caf\u{c3}\u{a9}\n+café\n three\n"
        );
        let mut same = Vec::new();
        write_diff(repaired, repaired, "f.txt", false, &mut same).unwrap();
        assert!(same.is_empty());
    }

    #[test]
    fn on_a_terminal_nothing_is_written_raw() {
        let original = b"a\x1b]52;c;x\x07 caf\xc3\x83\xc2\xa9\n";
        let repaired = "a\u{1b}]52;c;x\u{7} café\n".as_bytes();
        let mut out = Vec::new();
        write_diff(original, repaired, "f.txt", true, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("-a\\x1b]52;c;x\\x07 caf\u{c3}\u{a9}"),
            "{text}"
        );
        assert!(!text.contains('\u{1b}'));
    }
}
