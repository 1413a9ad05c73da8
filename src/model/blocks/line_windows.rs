//! Where a very long line is cut into windows that are judged as lines.
//!
//! The cuts must fall in the same places in a text and in its repair, or a
//! second `fix` would judge other pieces and repair more. A repair never
//! adds, drops or moves an ASCII letter or digit (every garbled char is
//! beyond ASCII, and so is every byte it stood for), and never adds a
//! space or a tab. So a window ends before the first space or tab that
//! follows its [`WINDOW_ALNUMS`]th ASCII letter or digit: counted from the
//! window's start, that is the same place in both texts.

/// ASCII letters and digits in a window before it may end. A window is so
/// at least a mebibyte: ordinary lines are never cut.
pub const WINDOW_ALNUMS: usize = 1 << 20;

/// Counts ASCII letters and digits through a window, to find where it ends.
#[derive(Debug, Clone, Copy, Default)]
pub struct WindowCount {
    /// Letters and digits of the window seen so far.
    alnums: usize,
}

impl WindowCount {
    /// The offset in `bytes` (which continue the window) at which the
    /// window ends, before a space or a tab, if it ends in them; the count
    /// starts again from there. Otherwise counts them and returns `None`.
    pub fn end_in(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut at = 0;
        // Whole chunks while they cannot reach the count, a byte at a time
        // near it (the sum vectorizes).
        while self.alnums < WINDOW_ALNUMS && at < bytes.len() {
            let chunk = &bytes[at..bytes.len().min(at + 4096)];
            if self.alnums + chunk.len() < WINDOW_ALNUMS {
                self.alnums += alnums_in(chunk);
                at += chunk.len();
                continue;
            }
            for &b in chunk {
                at += 1;
                self.alnums += usize::from(b.is_ascii_alphanumeric());
                if self.alnums == WINDOW_ALNUMS {
                    break;
                }
            }
        }
        if self.alnums < WINDOW_ALNUMS {
            return None;
        }
        let end = at + memchr::memchr2(b' ', b'\t', &bytes[at..])?;
        self.alnums = 0;
        Some(end)
    }

    /// Starts a new window (at a line's start, or after a forced cut whose
    /// window continues with `carried`).
    pub fn restart(&mut self, carried: &[u8]) {
        self.alnums = alnums_in(carried);
    }
}

/// The ASCII letters and digits in `bytes`.
fn alnums_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| b.is_ascii_alphanumeric()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_ends_at_the_first_space_after_its_last_counted_letter() {
        let mut count = WindowCount::default();
        let letters = vec![b'a'; WINDOW_ALNUMS - 1];
        assert_eq!(count.end_in(&letters), None);
        // The last letter, then marks that do not count, then a tab.
        assert_eq!(count.end_in("b\u{e9}!\t c".as_bytes()), Some(4));
        // The count started again after the cut.
        assert_eq!(count.end_in(b" c d"), None);
    }

    #[test]
    fn without_a_space_after_the_count_the_window_goes_on() {
        let mut count = WindowCount::default();
        let letters = vec![b'a'; WINDOW_ALNUMS + 10];
        assert_eq!(count.end_in(&letters), None);
        assert_eq!(count.end_in(b"xy z"), Some(2));
    }

    #[test]
    fn chars_beyond_ascii_do_not_count() {
        let mut count = WindowCount::default();
        let cyrillic = "привет ".repeat(WINDOW_ALNUMS);
        assert_eq!(count.end_in(cyrillic.as_bytes()), None);
    }
}
