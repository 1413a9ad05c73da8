//! `fix --diff`: what `fix` would change, as a unified diff, writing
//! nothing else. A patch tool can apply it (`utf8scope fix --diff f.txt |
//! patch -p0`); on a terminal every line is made safe to show first.

use std::io::{self, Write};

use similar::{Algorithm, DiffOp, capture_diff_slices, group_diff_ops};

use crate::display::escape_for_terminal;

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// Writes the unified diff from `original` to `repaired` (both the file
/// named `name`) to `out`, escaping each line for a terminal when
/// `for_terminal`. Writes nothing when they are the same. Lines are cut at
/// line feeds only and written as the file's own bytes (invalid bytes and
/// lone carriage returns too), so that `patch` applies the diff exactly.
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
    let old: Vec<&[u8]> = original.split_inclusive(|&b| b == b'\n').collect();
    let new: Vec<&[u8]> = repaired.split_inclusive(|&b| b == b'\n').collect();
    let ops = capture_diff_slices(Algorithm::Myers, &old, &new);
    let mut raw = Vec::new();
    writeln!(raw, "--- {name}\n+++ {name}")?;
    for hunk in group_diff_ops(ops, CONTEXT) {
        write_hunk(&hunk, &old, &new, &mut raw)?;
    }
    if !for_terminal {
        return out.write_all(&raw);
    }
    for line in raw.split_inclusive(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let body = text.strip_suffix('\n').unwrap_or(&text);
        writeln!(out, "{}", escape_for_terminal(body))?;
    }
    Ok(())
}

/// Writes one hunk: its header, then its lines with their marks.
fn write_hunk(hunk: &[DiffOp], old: &[&[u8]], new: &[&[u8]], out: &mut Vec<u8>) -> io::Result<()> {
    let (Some(first), Some(last)) = (hunk.first(), hunk.last()) else {
        return Ok(());
    };
    let old_range = first.old_range().start..last.old_range().end;
    let new_range = first.new_range().start..last.new_range().end;
    // A range of no lines is named by the line before it.
    let start = |range: &std::ops::Range<usize>| range.start + usize::from(!range.is_empty());
    writeln!(
        out,
        "@@ -{},{} +{},{} @@",
        start(&old_range),
        old_range.len(),
        start(&new_range),
        new_range.len()
    )?;
    for op in hunk {
        let (_, old_lines, new_lines) = op.as_tag_tuple();
        let equal = matches!(op, DiffOp::Equal { .. });
        for line in &old[old_lines] {
            write_line(out, if equal { b' ' } else { b'-' }, line)?;
        }
        if !equal {
            for line in &new[new_lines] {
                write_line(out, b'+', line)?;
            }
        }
    }
    Ok(())
}

/// Writes one line of a hunk after its mark, saying so when it ends the
/// file without a line feed.
fn write_line(out: &mut Vec<u8>, mark: u8, line: &[u8]) -> io::Result<()> {
    out.push(mark);
    out.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        out.extend_from_slice(b"\n\\ No newline at end of file\n");
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
    fn the_file_s_own_bytes_are_in_the_diff() {
        // An invalid byte kept, a lone CR, and no line feed at the end.
        let original = b"bad \xff byte\rstill line 1\ncaf\xc3\x83\xc2\xa9";
        let repaired = b"bad \xff byte\rstill line 1\ncaf\xc3\xa9";
        let mut out = Vec::new();
        write_diff(original, repaired, "f.txt", false, &mut out).unwrap();
        let expected: &[u8] =
            b"--- f.txt\n+++ f.txt\n@@ -1,2 +1,2 @@\n bad \xff byte\rstill line 1\n\
            -caf\xc3\x83\xc2\xa9\n\\ No newline at end of file\n\
            +caf\xc3\xa9\n\\ No newline at end of file\n";
        assert_eq!(out, expected, "{}", String::from_utf8_lossy(&out));
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
