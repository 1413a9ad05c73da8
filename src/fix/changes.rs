//! What `fix` changed: a count per kind and the first few of each, for the
//! summary it prints on standard error.

use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::display::{escape_for_terminal, hex_bytes, quote_short, thousands};

/// How many changes of each kind the summary shows.
pub const EXAMPLES_PER_KIND: usize = 5;

/// A kind of change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    /// A mojibake run replaced by its repair.
    Mojibake,
    /// An invalid span replaced by U+FFFD.
    InvalidReplaced,
    /// An invalid span left out.
    InvalidDropped,
    /// A U+FEFF left out.
    BomStripped,
    /// A run of invalid spans read in a legacy encoding (`--invalid legacy`).
    LegacyRead,
    /// A surrogate pair written as two 3-byte sequences (CESU-8), written
    /// as the one 4-byte sequence of the char it encodes.
    Cesu8Pair,
}

impl ChangeKind {
    /// How the summary heads this kind.
    fn heading(self) -> &'static str {
        match self {
            ChangeKind::Mojibake => "mojibake repaired",
            ChangeKind::InvalidReplaced => "invalid spans replaced with U+FFFD",
            ChangeKind::InvalidDropped => "invalid spans dropped",
            ChangeKind::BomStripped => "byte order marks stripped",
            ChangeKind::LegacyRead => "invalid spans read in a legacy encoding",
            ChangeKind::Cesu8Pair => "CESU-8 surrogate pairs written as UTF-8",
        }
    }
}

/// One change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// What kind of change.
    pub kind: ChangeKind,
    /// Line of the input it was on (1-based).
    pub line: u64,
    /// The bytes taken out.
    pub before: Vec<u8>,
    /// The text put in.
    pub after: String,
    /// The mojibake chain, or the invalid span's kind.
    pub note: Option<String>,
}

/// The changes of one run: counts per kind and the first few of each.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ChangeLog {
    counts: BTreeMap<ChangeKind, u64>,
    examples: BTreeMap<ChangeKind, Vec<Change>>,
    /// Invalid spans left as they were (`--invalid keep`).
    pub kept_invalid: u64,
    /// For `fix --from`: the encoding the whole file was converted from,
    /// and how that was decided (`detected: guessed, tentative`).
    pub converted_from: Option<(crate::model::Encoding, String)>,
    /// For `fix --from --invalid replace`: undefined sequences replaced.
    pub replaced_undefined: u64,
    /// The legacy encoding the lines with invalid spans kept read as, and
    /// how sure that is, when they read as one (`--invalid legacy` would
    /// read them in it).
    pub invalid_read_as: Option<(crate::model::Encoding, crate::model::encoding::Confidence)>,
    /// Runs of mojibake left as they were, read more than one way: how
    /// many, and the first few (line, and the run with its readings).
    left_mojibake: u64,
    left_examples: Vec<(u64, String)>,
}

impl ChangeLog {
    /// Counts `change`, keeping it if it is among the first of its kind.
    pub fn add(&mut self, change: Change) {
        self.add_with(change.kind, || change);
    }

    /// [`ChangeLog::add`] for a change made by `make` only if it is kept:
    /// most changes of a big file are only counted.
    pub fn add_with(&mut self, kind: ChangeKind, make: impl FnOnce() -> Change) {
        *self.counts.entry(kind).or_default() += 1;
        let examples = self.examples.entry(kind).or_default();
        if examples.len() < EXAMPLES_PER_KIND {
            examples.push(make());
        }
    }

    /// Counts a run of mojibake on `line` that was left as it was (it
    /// reads as well more than one way, or its one reading was held back),
    /// keeping what `describe` says of it if it is among the first.
    pub fn add_left_mojibake(&mut self, line: u64, describe: impl FnOnce() -> String) {
        self.left_mojibake += 1;
        if self.left_examples.len() < EXAMPLES_PER_KIND {
            self.left_examples.push((line, describe()));
        }
    }

    /// How many runs of mojibake were left as they were.
    pub fn left_mojibake(&self) -> u64 {
        self.left_mojibake
    }

    /// How many changes of `kind` were made.
    pub fn count(&self, kind: ChangeKind) -> u64 {
        self.counts.get(&kind).copied().unwrap_or(0)
    }

    /// How many changes were made in all (a conversion counts as one).
    pub fn total(&self) -> u64 {
        self.counts.values().sum::<u64>() + u64::from(self.converted_from.is_some())
    }

    /// The first changes of `kind` (at most [`EXAMPLES_PER_KIND`]).
    pub fn examples(&self, kind: ChangeKind) -> &[Change] {
        self.examples.get(&kind).map_or(&[], Vec::as_slice)
    }

    /// Writes the summary for the input `name` (terminal-safe).
    pub fn write_summary(&self, name: &str, out: &mut impl Write) -> io::Result<()> {
        let name = escape_for_terminal(name);
        let see = match self.invalid_read_as {
            Some((encoding, confidence)) if self.kept_invalid == 1 => format!(
                "its line reads as {encoding}, {}: --invalid legacy reads it so",
                confidence.name()
            ),
            Some((encoding, confidence)) => format!(
                "their lines read as {encoding}, {}: --invalid legacy reads them so",
                confidence.name()
            ),
            None => "see --invalid".to_string(),
        };
        let kept = match self.kept_invalid {
            0 => String::new(),
            1 => format!("; 1 invalid span kept ({see})"),
            n => format!("; {} invalid spans kept ({see})", thousands(n)),
        };
        if let Some((encoding, how)) = &self.converted_from {
            let from = escape_for_terminal(&format!("{encoding} ({how})")).into_owned();
            let replaced = match self.replaced_undefined {
                0 => String::new(),
                1 => "; 1 undefined sequence replaced with U+FFFD".to_string(),
                n => format!(
                    "; {} undefined sequences replaced with U+FFFD",
                    thousands(n)
                ),
            };
            // What the converted text's repair changed, beside the conversion.
            let repaired = match self.total() - 1 {
                0 => String::new(),
                1 => "; then 1 change".to_string(),
                n => format!("; then {} changes", thousands(n)),
            };
            writeln!(
                out,
                "utf8scope fix: {name}: converted from {from} to UTF-8{replaced}{repaired}"
            )?;
            self.write_changes(out)?;
            return self.write_left(out);
        }
        match self.total() {
            0 => writeln!(out, "utf8scope fix: {name}: no changes{kept}")?,
            1 => writeln!(out, "utf8scope fix: {name}: 1 change{kept}")?,
            n => writeln!(out, "utf8scope fix: {name}: {} changes{kept}", thousands(n))?,
        }
        self.write_changes(out)?;
        self.write_left(out)
    }

    /// The changes of each kind, with the first few.
    fn write_changes(&self, out: &mut impl Write) -> io::Result<()> {
        for (&kind, &count) in &self.counts {
            writeln!(out, "  {}: {}", kind.heading(), thousands(count))?;
            for change in self.examples(kind) {
                writeln!(out, "    line {}: {}", change.line, describe_change(change))?;
            }
            let shown = self.examples(kind).len() as u64;
            if count > shown {
                writeln!(out, "    … and {} more", thousands(count - shown))?;
            }
        }
        Ok(())
    }

    /// The mojibake left as it was, with the first few and their readings.
    fn write_left(&self, out: &mut impl Write) -> io::Result<()> {
        if self.left_mojibake == 0 {
            return Ok(());
        }
        writeln!(
            out,
            "  mojibake left as it was: {}",
            thousands(self.left_mojibake)
        )?;
        for (line, what) in &self.left_examples {
            writeln!(out, "    line {line}: {}", escape_for_terminal(what))?;
        }
        let shown = self.left_examples.len() as u64;
        if self.left_mojibake > shown {
            writeln!(
                out,
                "    … and {} more",
                thousands(self.left_mojibake - shown)
            )?;
        }
        Ok(())
    }
}

/// "“cafÃ©” → “café” (UTF-8 read as windows-1252)", or "C3 28 (truncated)".
fn describe_change(change: &Change) -> String {
    let note = change
        .note
        .as_deref()
        .map(|note| format!(" ({note})"))
        .unwrap_or_default();
    let text = match change.kind {
        ChangeKind::LegacyRead | ChangeKind::Cesu8Pair => format!(
            "{} \u{2192} \u{201c}{}\u{201d}{note}",
            hex_bytes(&change.before),
            quote_short(&change.after)
        ),
        ChangeKind::Mojibake => format!(
            "\u{201c}{}\u{201d} \u{2192} \u{201c}{}\u{201d}{note}",
            quote_short(&String::from_utf8_lossy(&change.before)),
            quote_short(&change.after)
        ),
        ChangeKind::InvalidReplaced | ChangeKind::InvalidDropped => {
            format!("{}{note}", hex_bytes(&change.before))
        }
        ChangeKind::BomStripped => "EF BB BF".to_string(),
    };
    escape_for_terminal(&text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_past_the_examples_are_counted_and_not_made() {
        let mut log = ChangeLog::default();
        let mut made = 0;
        for line in 1..=8 {
            log.add_with(ChangeKind::Mojibake, || {
                made += 1;
                Change {
                    kind: ChangeKind::Mojibake,
                    line,
                    before: "Ã©".as_bytes().to_vec(),
                    after: "é".to_string(),
                    note: None,
                }
            });
        }
        assert_eq!(log.count(ChangeKind::Mojibake), 8);
        assert_eq!(made, EXAMPLES_PER_KIND);
        let lines: Vec<u64> = log
            .examples(ChangeKind::Mojibake)
            .iter()
            .map(|c| c.line)
            .collect();
        assert_eq!(lines, [1, 2, 3, 4, 5]);
    }
}
