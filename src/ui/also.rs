//! The second reading (`r`, `--also`): the bytes on screen read in another
//! encoding beside the text pane, with what the mojibake findings there
//! were meant to say. Which encoding it starts in, which comes next (`R`),
//! and the runtime's copy of the file under it.

use super::app::Repair;
use crate::model::encoding::RowEncoding;
use crate::model::findings::Finding;
use crate::model::{Encoding, SourceError, Text, Window};

/// The encoding the second reading starts in: for a file read in a legacy
/// encoding or UTF-16/32, UTF-8 (what the bytes would be as UTF-8); for a
/// UTF-8 file, the encoding its legacy rows are read in, else the one the
/// first mojibake finding on screen was garbled through, else
/// windows-1252 (the one most text was garbled through).
pub fn suggested(primary: Encoding, rows: RowEncoding, on_screen: &[Finding]) -> Encoding {
    if !primary.is_utf8() {
        return Encoding::UTF_8;
    }
    if let RowEncoding::Chosen(encoding, _) | RowEncoding::Given(encoding) = rows {
        return encoding;
    }
    let garbled_through = on_screen.iter().find_map(|finding| {
        let reading = finding.mojibake.as_ref()?.readings.first()?;
        // The innermost layer is the first garbling: UTF-8 read as it.
        Encoding::for_label(reading.chain.0.last()?.read_as())
    });
    garbled_through
        .filter(|&encoding| encoding != primary)
        .or_else(|| Encoding::for_label("windows-1252"))
        .unwrap_or(Encoding::UTF_8)
}

/// The encoding after `current` in the list `--encoding` takes, round to
/// the start, passing over `primary` (the text pane shows that one).
pub fn next(current: Encoding, primary: Encoding) -> Encoding {
    let all = Encoding::all();
    let at = all.iter().position(|&e| e == current).unwrap_or(0);
    (1..=all.len())
        .map(|step| all[(at + step) % all.len()])
        .find(|&e| e != primary)
        .unwrap_or(current)
}

/// The repairs of the clear mojibake findings among `findings`.
pub fn repairs(findings: &[Finding]) -> Vec<Repair> {
    findings
        .iter()
        .filter_map(|finding| {
            Some(Repair {
                start: finding.offset,
                end: finding.offset + finding.len,
                text: finding.repair()?.to_string(),
            })
        })
        .collect()
}

/// The file under the second reading's encoding, made again when that or
/// the file's length (a stream being read) changes.
#[derive(Default)]
pub struct AlsoText {
    text: Option<Text>,
}

impl AlsoText {
    /// The units of `[start, end)` of `source`'s bytes read in `encoding`.
    pub fn window(
        &mut self,
        source: &Text,
        encoding: Encoding,
        start: u64,
        end: u64,
    ) -> Result<Window, SourceError> {
        let stale = self
            .text
            .as_ref()
            .is_none_or(|text| text.encoding() != encoding || text.len() != source.len());
        if stale {
            self.text = Some(source.share().in_encoding(encoding));
        }
        let text = self.text.as_ref().expect("made above");
        Window::load(text, start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legacy_file_is_read_beside_as_utf8_and_a_utf8_one_as_windows_1252() {
        let cp1251 = Encoding::for_label("windows-1251").unwrap();
        assert_eq!(suggested(cp1251, RowEncoding::PerRow, &[]), Encoding::UTF_8);
        assert_eq!(
            suggested(Encoding::UTF_8, RowEncoding::PerRow, &[]).name(),
            "windows-1252"
        );
        assert_eq!(
            suggested(Encoding::UTF_8, RowEncoding::Given(cp1251), &[]),
            cp1251
        );
    }

    #[test]
    fn the_next_encoding_passes_over_the_primary_and_goes_round() {
        let all = Encoding::all();
        assert_eq!(next(all[0], all[1]), all[2]);
        assert_eq!(next(*all.last().unwrap(), all[1]), all[0]);
        assert_eq!(next(*all.last().unwrap(), all[0]), all[1]);
    }
}
