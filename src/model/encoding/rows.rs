//! Legacy rows in a UTF-8 file: a line whose invalid spans are the bytes of
//! a legacy encoding (a windows-1252 row pasted into a UTF-8 CSV). Its valid
//! UTF-8 stays as it is; each run of adjacent invalid spans is read in the
//! encoding the repaired line reads best in.

use std::ops::Range;

use super::Encoding;
use super::detect::{Detection, PLAUSIBLE, legacy_guess_by};
use crate::model::blocks::pieces::{Piece, pieces};
use crate::model::unit::UnitKind;

/// A line read as a legacy row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowReading {
    /// The encoding its invalid runs are read in, and how sure that is.
    pub detection: Detection,
    /// Each run of adjacent invalid spans (byte range in the line) and what
    /// it reads as.
    pub runs: Vec<(Range<usize>, String)>,
    /// The line with its runs read.
    pub text: String,
}

/// Reads `line` (one line of a UTF-8 file, with invalid spans) as a legacy
/// row, in `given` or in the encoding it reads best in. `None` when a run
/// does not decode in that encoding or the result is not plausible text.
pub fn read_row(line: &[u8], given: Option<Encoding>) -> Option<RowReading> {
    let runs = invalid_runs(line);
    if runs.is_empty() {
        return None;
    }
    let render = |encoding: Encoding| {
        repaired(line, &runs, encoding).map_or_else(String::new, |(text, _)| text)
    };
    let (detection, score) = match given {
        Some(encoding) => {
            let text = render(encoding);
            let score = super::detect::plausibility(&text);
            (Detection::certain(encoding, super::Evidence::Given), score)
        }
        None => legacy_guess_by(line, render),
    };
    let (text, run_texts) = repaired(line, &runs, detection.encoding)?;
    // A reading the user named is taken as it is; a guess must read as
    // text, with some run inside a word.
    if given.is_none()
        && (score < PLAUSIBLE
            || !runs
                .iter()
                .zip(&run_texts)
                .any(|(run, text)| in_word(line, run, text)))
    {
        return None;
    }
    Some(RowReading {
        detection,
        runs: runs.into_iter().zip(run_texts).collect(),
        text,
    })
}

/// Whether a run read as `text` is part of a word: letters of its own,
/// or a letter right before or after it.
fn in_word(line: &[u8], run: &Range<usize>, text: &str) -> bool {
    let letters = text.chars().filter(|c| c.is_alphabetic()).count();
    let before = run
        .start
        .checked_sub(1)
        .is_some_and(|i| line[i].is_ascii_alphabetic());
    let after = line.get(run.end).is_some_and(u8::is_ascii_alphabetic);
    letters >= 2 || (letters == 1 && (before || after))
}

/// The byte ranges of `line`'s runs of adjacent invalid spans.
fn invalid_runs(line: &[u8]) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    for piece in pieces(line, 0) {
        if let Piece::Invalid(span) = piece {
            let range = span.offset as usize..span.end() as usize;
            match runs.last_mut() {
                Some(last) if last.end == range.start => last.end = range.end,
                _ => runs.push(range),
            }
        }
    }
    runs
}

/// `line` with each run decoded in `encoding`, and the runs' texts; `None`
/// if a run holds bytes the encoding leaves undefined.
fn repaired(
    line: &[u8],
    runs: &[Range<usize>],
    encoding: Encoding,
) -> Option<(String, Vec<String>)> {
    let mut text = String::with_capacity(line.len() * 2);
    let mut run_texts = Vec::with_capacity(runs.len());
    let mut copied = 0;
    for run in runs {
        text.push_str(std::str::from_utf8(&line[copied..run.start]).ok()?);
        let read = decode_run(&line[run.clone()], encoding)?;
        text.push_str(&read);
        run_texts.push(read);
        copied = run.end;
    }
    text.push_str(std::str::from_utf8(&line[copied..]).ok()?);
    Some((text, run_texts))
}

/// A run's bytes in `encoding`, if every unit is a character.
fn decode_run(run: &[u8], encoding: Encoding) -> Option<String> {
    let mut text = String::new();
    let mut at = 0;
    while at < run.len() {
        match encoding.decode_unit(&run[at..]) {
            (len, UnitKind::Char(c)) if !c.is_control() => {
                text.push(c);
                at += usize::from(len);
            }
            _ => return None,
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_three_legacy_encodings() {
        let row =
            |bytes: &[u8]| read_row(bytes, None).map(|r| (r.detection.encoding.name(), r.text));
        assert_eq!(
            row(b"caf\xe9 cr\xe8me br\xfbl\xe9e"),
            Some(("windows-1252", "café crème brûlée".to_string()))
        );
        assert_eq!(
            row(b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0"),
            Some(("windows-1251", "Привет, мир".to_string()))
        );
        assert_eq!(
            row(b"Za\xbf\xf3\xb3\xe6 g\xea\x9cl\xb9 ja\x9f\xf1"),
            Some(("windows-1250", "Zażółć gęślą jaźń".to_string()))
        );
    }

    #[test]
    fn valid_utf8_in_the_row_is_kept() {
        let reading = read_row("Grüße, caf\u{0}".replace('\u{0}', "").as_bytes(), None);
        assert_eq!(reading, None, "no invalid span, nothing to read");
        let mut line = "Grüße aus ".as_bytes().to_vec();
        line.extend_from_slice(b"K\xf6ln");
        let reading = read_row(&line, None).unwrap();
        assert_eq!(reading.text, "Grüße aus Köln");
    }

    #[test]
    fn noise_is_not_read_as_a_row() {
        assert_eq!(read_row(b"[\x80] \xff\xfe\x00", None), None);
    }
}
