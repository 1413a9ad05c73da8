//! Where the next unit is: the line and column as DESIGN.md counts them
//! (line = 1 + line feeds before; column = 1 + units since the line's
//! start, an invalid span being one unit). The one tracker `check`, `fix`
//! and the findings pass keep it with.

use super::tally::{count_chars, count_lf};

/// Line feeds so far, and units since the last one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Place {
    line_feeds: u64,
    units_since_lf: u64,
}

impl Place {
    /// The start of an input: line 1, column 1.
    pub fn new() -> Place {
        Place::default()
    }

    /// The place at 1-based `line` and `column`.
    pub fn at(line: u64, column: u64) -> Place {
        Place {
            line_feeds: line.saturating_sub(1),
            units_since_lf: column.saturating_sub(1),
        }
    }

    /// The 1-based line.
    pub fn line(&self) -> u64 {
        self.line_feeds + 1
    }

    /// The 1-based column.
    pub fn column(&self) -> u64 {
        self.units_since_lf + 1
    }

    /// Line feeds so far.
    pub fn line_feeds(&self) -> u64 {
        self.line_feeds
    }

    /// Units since the last line feed (0 at a line's start).
    pub fn units_since_lf(&self) -> u64 {
        self.units_since_lf
    }

    /// Moves over valid UTF-8 text.
    pub fn over_valid(&mut self, valid: &[u8]) {
        self.over_valid_counted(valid, count_lf(valid));
    }

    /// Moves over valid UTF-8 text whose line feeds were counted already.
    pub fn over_valid_counted(&mut self, valid: &[u8], line_feeds: u64) {
        if line_feeds == 0 {
            self.units_since_lf += count_chars(valid);
            return;
        }
        let last_lf = memchr::memrchr(b'\n', valid).expect("counted");
        self.line_feeds += line_feeds;
        self.units_since_lf = count_chars(&valid[last_lf + 1..]);
    }

    /// Moves over one unit: a line feed, or anything else (a character or
    /// an invalid span).
    pub fn over_unit(&mut self, is_line_feed: bool) {
        if is_line_feed {
            self.line_feeds += 1;
            self.units_since_lf = 0;
        } else {
            self.units_since_lf += 1;
        }
    }

    /// Moves over a stretch that was tracked from its own start as `later`.
    pub fn join(&mut self, later: Place) {
        if later.line_feeds > 0 {
            self.units_since_lf = later.units_since_lf;
        } else {
            self.units_since_lf += later.units_since_lf;
        }
        self.line_feeds += later.line_feeds;
    }

    /// The place of `text[i]`, where valid `text` starts here.
    pub fn within(&self, text: &[u8], i: usize) -> Place {
        let mut place = *self;
        place.over_valid(&text[..i]);
        place
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_follow_line_feeds_and_units() {
        let mut place = Place::new();
        place.over_valid("ab\né€".as_bytes());
        assert_eq!((place.line(), place.column()), (2, 3));
        place.over_unit(false);
        place.over_unit(true);
        assert_eq!((place.line(), place.column()), (3, 1));
        let mut first = Place::at(4, 5);
        first.join(Place::at(1, 3));
        assert_eq!((first.line(), first.column()), (4, 7));
        first.join(Place::at(2, 2));
        assert_eq!((first.line(), first.column()), (5, 2));
        assert_eq!(Place::new().within(b"x\nyz", 3).column(), 2);
    }
}
