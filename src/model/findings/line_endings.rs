//! The tally of a file's line endings, for the mixed-line-endings finding:
//! how many CRLF and bare LF there are and where the first of each is.

use super::Position;

/// Where a line ending is: its offset and its line and column.
type Place = (u64, Position);

/// The line endings seen so far.
#[derive(Debug, Default)]
pub struct LineEndings {
    /// Whether the last byte seen was CR, for a CRLF across blocks.
    after_cr: bool,
    crlf: u64,
    bare_lf: u64,
    first_crlf: Option<Place>,
    first_bare_lf: Option<Place>,
}

impl LineEndings {
    /// Whether the last byte seen was CR.
    pub fn after_cr(&self) -> bool {
        self.after_cr
    }

    /// Counts a char at `at` (and `here`), one by one.
    pub fn char_at(&mut self, c: char, at: u64, here: Position) {
        if c == '\n' {
            if self.after_cr {
                self.crlf += 1;
                // The CR was the unit before this one.
                self.first_crlf.get_or_insert((at - 1, here.before()));
            } else {
                self.bare_lf += 1;
                self.first_bare_lf.get_or_insert((at, here));
            }
        }
        self.after_cr = c == '\r';
    }

    /// Something other than text came between (an invalid span).
    pub fn interrupt(&mut self) {
        self.after_cr = false;
    }

    /// Counts the line endings of `bytes` (at `offset`), `line_feeds` of
    /// them, in bulk; `position_in(i)` is the position of `bytes[i]`.
    pub fn skip(
        &mut self,
        bytes: &[u8],
        offset: u64,
        line_feeds: u64,
        position_in: impl Fn(usize) -> Position,
    ) {
        if line_feeds > 0 {
            let joined = self.after_cr && bytes[0] == b'\n';
            // Most text has no CR at all: one quick search says so.
            let crlf = match memchr::memchr(b'\r', bytes) {
                Some(first_cr) => memchr::memmem::find_iter(&bytes[first_cr..], b"\r\n").count(),
                None => 0,
            } as u64
                + u64::from(joined);
            if crlf > 0 && self.first_crlf.is_none() {
                self.first_crlf = Some(if joined {
                    (offset - 1, position_in(0).before())
                } else {
                    let cr = memchr::memmem::find(bytes, b"\r\n").expect("counted");
                    (offset + cr as u64, position_in(cr))
                });
            }
            if line_feeds > crlf && self.first_bare_lf.is_none() {
                let bare = memchr::memchr_iter(b'\n', bytes)
                    .find(|&i| {
                        if i == 0 {
                            !self.after_cr
                        } else {
                            bytes[i - 1] != b'\r'
                        }
                    })
                    .expect("counted");
                self.first_bare_lf = Some((offset + bare as u64, position_in(bare)));
            }
            self.crlf += crlf;
            self.bare_lf += line_feeds - crlf;
        }
        self.after_cr = bytes.last() == Some(&b'\r');
    }

    /// Takes over the tally of `later`, which counted the lines that follow
    /// (`moved_on` moves its positions after this tally's lines).
    pub fn absorb(&mut self, later: LineEndings, moved_on: impl Fn(Position) -> Position) {
        let moved = |place: Option<Place>| place.map(|(at, p)| (at, moved_on(p)));
        self.after_cr = later.after_cr;
        self.crlf += later.crlf;
        self.bare_lf += later.bare_lf;
        self.first_crlf = self.first_crlf.or(moved(later.first_crlf));
        self.first_bare_lf = self.first_bare_lf.or(moved(later.first_bare_lf));
    }

    /// When the file mixes both: the first line ending of the rarer style
    /// (its offset, bytes and position) and the detail of the finding.
    pub fn mixed(&self) -> Option<(u64, &'static [u8], Position, String)> {
        if self.crlf == 0 || self.bare_lf == 0 {
            return None;
        }
        let ((at, position), bytes): (Place, &'static [u8]) = if self.crlf <= self.bare_lf {
            (self.first_crlf.unwrap_or_default(), b"\r\n")
        } else {
            (self.first_bare_lf.unwrap_or_default(), b"\n")
        };
        let detail = format!(
            "both CRLF ({}) and LF ({}) line endings; this is the first of the rarer kind",
            self.crlf, self.bare_lf
        );
        Some((at, bytes, position, detail))
    }
}
