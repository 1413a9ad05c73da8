//! Legacy rows in a UTF-8 file: a line whose invalid spans are the bytes of
//! a legacy encoding (a windows-1252 row pasted into a UTF-8 CSV). Its valid
//! UTF-8 stays as it is; each run of adjacent invalid spans is read in the
//! encoding the repaired line reads best in.

use std::ops::Range;

use super::Encoding;
use super::alphabets::fits_one_alphabet;
use super::detect::{Confidence, Detection, PLAUSIBLE, legacy_guess_by};
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

/// Which encoding a legacy row is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowEncoding {
    /// The one each row reads best in, row by row.
    #[default]
    PerRow,
    /// The one chosen over the whole file (see [`legacy_rows_encoding`]),
    /// and how sure that is: a row is read in it if it reads as text.
    Chosen(Encoding, Confidence),
    /// The one the user named: every row is read in it.
    Given(Encoding),
}

/// Reads `line` (one line of a UTF-8 file, with invalid spans) as a legacy
/// row, in `given` or in the encoding it reads best in. `None` when a run
/// does not decode in that encoding or the result is not plausible text.
pub fn read_row(line: &[u8], given: Option<Encoding>) -> Option<RowReading> {
    read_row_in(line, given.map_or(RowEncoding::PerRow, RowEncoding::Given))
}

/// What the run of invalid spans holding byte `at` of `line` (a line of a
/// UTF-8 file) reads as, with `line` read as a legacy row as `choice` says:
/// the encoding and the run's text. `None` when the row does not read as
/// text.
pub fn run_reading_at(line: &[u8], at: usize, choice: RowEncoding) -> Option<(Detection, String)> {
    let reading = read_row_in(line, choice)?;
    let (_, text) = reading
        .runs
        .into_iter()
        .find(|(run, _)| run.contains(&at))?;
    Some((reading.detection, text))
}

/// Reads `line` as a legacy row in the encoding `choice` says. The row is
/// decided as a whole: where all of it reads better in the encoding than
/// its invalid runs alone (legacy bytes that happen to be valid UTF-8, as
/// "ЪЁ" in windows-1251 is the Arabic "ڨ"), all of it is read. A row that
/// does not read as one language's text in the encoding chosen for the
/// file (a Polish row in a file of French ones) is judged on its own.
pub fn read_row_in(line: &[u8], choice: RowEncoding) -> Option<RowReading> {
    let runs = invalid_runs(line);
    if runs.is_empty() {
        return None;
    }
    match choice {
        RowEncoding::Given(encoding) => read_in(
            line,
            &runs,
            Detection::certain(encoding, super::Evidence::Given),
            false,
        ),
        RowEncoding::Chosen(encoding, confidence) => {
            let detection = Detection {
                confidence,
                ..Detection::certain(encoding, super::Evidence::Guess)
            };
            read_in(line, &runs, detection, true)
                .filter(|row| fits_one_alphabet(&row.text) != Some(false))
                .or_else(|| read_row_in(line, RowEncoding::PerRow))
        }
        RowEncoding::PerRow => {
            let render = |encoding: Encoding| {
                best_reading(line, &runs, encoding).map_or_else(String::new, |r| r.1)
            };
            let (detection, _) = legacy_guess_by(line, render);
            read_in(line, &runs, detection, true)
        }
    }
}

/// `line`, whose invalid `runs` these are, read in the encoding
/// `detection` names; a `guessed` reading must read as text, with some run
/// inside a word, and not be ambiguous (two code pages reading the row to
/// different, equally plausible text: the row is left as it is, as `fix
/// --from auto` leaves such a file); a reading the user named is taken as
/// it is.
fn read_in(
    line: &[u8],
    runs: &[Range<usize>],
    detection: Detection,
    guessed: bool,
) -> Option<RowReading> {
    if guessed && detection.confidence == Confidence::Ambiguous {
        return None;
    }
    let (runs, text, run_texts) = best_reading(line, runs, detection.encoding)?;
    if guessed
        && (super::detect::plausibility(&text) < PLAUSIBLE
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

/// The better of two readings of `line` in `encoding`: its invalid `runs`
/// alone, or the whole line but its line ending, when every byte of it is
/// a character there and that reads better. Returns the runs read, the
/// line's text and each run's text.
fn best_reading(
    line: &[u8],
    runs: &[Range<usize>],
    encoding: Encoding,
) -> Option<(Vec<Range<usize>>, String, Vec<String>)> {
    let by_runs = repaired(line, runs, encoding);
    let content = line.len() - line_ending_len(line);
    let whole = decode_run(&line[..content], encoding).filter(|whole| {
        by_runs.as_ref().is_none_or(|(text, _)| {
            whole.as_str() != &text[..text.len() - line_ending_len(line)]
                && super::detect::plausibility(whole) > super::detect::plausibility(text)
        })
    });
    match whole {
        Some(whole) => {
            let ending = std::str::from_utf8(&line[content..]).ok()?;
            let text = format!("{whole}{ending}");
            Some((std::iter::once(0..content).collect(), text, vec![whole]))
        }
        None => by_runs.map(|(text, run_texts)| (runs.to_vec(), text, run_texts)),
    }
}

/// The length of the line ending `line` ends with (LF, CRLF or none).
fn line_ending_len(line: &[u8]) -> usize {
    match line {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n'] => 1,
        _ => 0,
    }
}

/// The encoding the legacy rows of a UTF-8 file are in, chosen over all of
/// `head` (the file's start): the rows' bytes together, judged by how the
/// whole text reads with them in each candidate, its UTF-8 lines too (a
/// French file's "où" and "ça" say that "« doublé »" is windows-1252, not
/// ISO-8859-2's "Ť doublé ť"). `None` when no line has invalid spans.
pub fn legacy_rows_encoding(head: &[u8]) -> Option<Detection> {
    /// Lines of each kind judged at most.
    const LINES: usize = 400;
    let lines: Vec<&[u8]> = head.split_inclusive(|&b| b == b'\n').collect();
    let bad: Vec<&[u8]> = lines
        .iter()
        .copied()
        .filter(|line| std::str::from_utf8(line).is_err())
        .take(LINES)
        .collect();
    if bad.is_empty() {
        return None;
    }
    let good: Vec<&str> = lines
        .iter()
        .filter_map(|line| std::str::from_utf8(line).ok())
        .filter(|line| !line.is_ascii())
        .take(LINES)
        .collect();
    let bad_bytes: Vec<u8> = bad.concat();
    let render = |encoding: Encoding| {
        let mut text: String = good.concat();
        for line in &bad {
            let runs = invalid_runs(line);
            match best_reading(line, &runs, encoding) {
                Some((_, row, _)) => text.push_str(&row),
                None => text.push_str(&String::from_utf8_lossy(line)),
            }
        }
        text
    };
    Some(legacy_guess_by(&bad_bytes, render).0)
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
    fn a_row_is_read_as_a_whole_where_its_pairs_happen_to_be_utf8() {
        // «ПОДЪЁМ,«ТОМ»» in windows-1251: DA A8 («ЪЁ») and CC BB («М»»)
        // are valid UTF-8 pairs.
        let (line, _, _) = encoding_rs::WINDOWS_1251.encode("1,ПОДЪЁМ,«ТОМ»\n");
        let windows_1251 = Encoding::for_label("windows-1251").unwrap();
        for choice in [
            RowEncoding::PerRow,
            RowEncoding::Given(windows_1251),
            RowEncoding::Chosen(windows_1251, Confidence::Tentative),
        ] {
            let reading = read_row_in(&line, choice).unwrap();
            assert_eq!(reading.text, "1,ПОДЪЁМ,«ТОМ»\n", "{choice:?}");
        }
        let (line, _, _) = encoding_rs::IBM866.encode("Привет, мир\r\n");
        let ibm866 = Encoding::for_label("ibm866").unwrap();
        let reading = read_row_in(&line, RowEncoding::Given(ibm866)).unwrap();
        assert_eq!(reading.text, "Привет, мир\r\n");
    }

    #[test]
    fn the_rows_of_a_file_share_the_encoding_its_text_reads_best_in() {
        let mut head = "Le café « doublé » est prêt.\nÇa coûte très cher, où est-il ?\n"
            .as_bytes()
            .to_vec();
        head.extend_from_slice(b"\xab doubl\xe9 \xbb na\xefve\n");
        let found = legacy_rows_encoding(&head).unwrap();
        assert_eq!(found.encoding.name(), "windows-1252");
        assert_eq!(legacy_rows_encoding(b"all valid\n"), None);
    }

    #[test]
    fn noise_is_not_read_as_a_row() {
        assert_eq!(read_row(b"[\x80] \xff\xfe\x00", None), None);
    }
}
