//! Which of the repairs `fix` would make are made: by kind, on which
//! lines. The inspector's marks (`a`, `A`) make one; `fix` honours it.

use std::collections::BTreeSet;

/// Lines of a file, 1-based: all of them, or some.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Lines {
    /// Every line.
    #[default]
    All,
    /// These lines only.
    Only(BTreeSet<u64>),
}

impl Lines {
    /// Whether `line` is among them.
    pub fn has(&self, line: u64) -> bool {
        match self {
            Lines::All => true,
            Lines::Only(lines) => lines.contains(&line),
        }
    }
}

/// Which of the repairs `fix` would make are made (the inspector's marks):
/// by kind, on which lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Selection {
    /// The lines whose mojibake is repaired.
    pub mojibake: Lines,
    /// The lines read as legacy rows (with `--invalid legacy`).
    pub legacy: Lines,
}
