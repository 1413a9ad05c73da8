//! What a whole run of `check` found: the exit status and the closing line
//! (`checked 12,345 files, 1.2 GB: 3 with invalid UTF-8, …`).

use std::io::{self, Write};

use super::Verdict;
use super::file::FileOutcome;
use crate::display::{human_size, thousands};

/// The run's totals.
#[derive(Debug, Default)]
pub struct RunTotals {
    files: u64,
    bytes: u64,
    with_invalid: u64,
    with_warnings: u64,
    binary_skipped: u64,
    /// Whether any file was checked for findings.
    findings: bool,
    /// Why each unreadable input or directory could not be read.
    pub unreadable: Vec<String>,
}

impl RunTotals {
    /// Counts one file's outcome; an unreadable file is named on `errors`.
    pub fn add(
        &mut self,
        outcome: &FileOutcome,
        findings: bool,
        errors: &mut dyn Write,
    ) -> io::Result<()> {
        self.findings |= findings;
        match outcome {
            FileOutcome::Checked(counts) => {
                self.files += 1;
                self.bytes += counts.bytes;
                self.with_invalid += u64::from(counts.invalid > 0);
                self.with_warnings += u64::from(counts.warnings > 0);
            }
            FileOutcome::SkippedBinary => self.binary_skipped += 1,
            FileOutcome::Unreadable(message, counts) => {
                self.with_invalid += u64::from(counts.invalid > 0);
                self.with_warnings += u64::from(counts.warnings > 0);
                writeln!(errors, "utf8scope: {message}")?;
                self.unreadable.push(message.clone());
            }
        }
        Ok(())
    }

    /// Counts a path that could not be walked, naming it on `errors`.
    pub fn walk_error(&mut self, message: String, errors: &mut dyn Write) -> io::Result<()> {
        writeln!(errors, "utf8scope: {message}")?;
        self.unreadable.push(message);
        Ok(())
    }

    /// The exit status: unreadable inputs first, then problems.
    pub fn verdict(&self) -> Verdict {
        if !self.unreadable.is_empty() {
            Verdict::Unreadable
        } else if self.with_invalid + self.with_warnings > 0 {
            Verdict::Invalid
        } else {
            Verdict::Valid
        }
    }

    /// The closing line.
    pub fn line(&self) -> String {
        let mut line = format!(
            "checked {} file{}, {}: {} with invalid UTF-8",
            thousands(self.files),
            if self.files == 1 { "" } else { "s" },
            human_size(self.bytes),
            thousands(self.with_invalid)
        );
        if self.findings {
            line.push_str(&format!(
                ", {} with warnings",
                thousands(self.with_warnings)
            ));
        }
        if self.binary_skipped > 0 {
            line.push_str(&format!(
                ", {} binary file{} skipped (--binary checks them)",
                thousands(self.binary_skipped),
                if self.binary_skipped == 1 { "" } else { "s" }
            ));
        }
        if !self.unreadable.is_empty() {
            line.push_str(&format!(
                ", {} unreadable",
                thousands(self.unreadable.len() as u64)
            ));
        }
        line
    }
}
