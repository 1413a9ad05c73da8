//! Findings: valid (or nearly valid) UTF-8 that is still broken or risky text.
//! Each finding has a place, a kind, a severity and a one-line explanation.
//!
//! Found so far: mojibake (with the repaired text), BOMs, UTF-16 text, bidi
//! controls, invisible and control characters, U+FFFD, noncharacters, CESU-8
//! surrogate pairs, `C0 80`, decomposed sequences, mixed line endings and
//! words that mix scripts with look-alike letters.

pub mod backend;
mod background;
mod byte_masks;
mod char_rules;
mod char_tables;
mod encoded;
pub(crate) mod kinds;
mod line_endings;
mod mixed_script;
mod mojibake;
mod near;
mod quiet;
mod scanner;
mod script_classes;

pub use background::{FindingsIndex, FindingsJob, MAX_KEPT};
pub use char_rules::{is_bidi_control, is_invisible, is_noncharacter};
pub use encoded::{EncodedScanner, Stretch};
pub use kinds::{Definition, FindingKind, Severity, Trigger};
pub use mixed_script::{MixedScriptWord, find_mixed_script};
pub use mojibake::{
    Chain, Garbler, Layer, Mojibake, Reading, find_mojibake, may_hold_mojibake, with_repairs,
};
pub use near::{NEAR_WINDOW, Near, finding_near};
pub use scanner::{FindingsScanner, Position, findings_of, is_plain_ascii_text};

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Offset of its first byte.
    pub offset: u64,
    /// Number of bytes it covers.
    pub len: u64,
    /// Line of its first byte (1-based).
    pub line: u64,
    /// Column of its first byte (1-based, in units).
    pub column: u64,
    /// The bytes it covers.
    pub bytes: Vec<u8>,
    /// What it is.
    pub kind: FindingKind,
    /// How much it matters.
    pub severity: Severity,
    /// A one-line explanation for people (terminal-safe: no raw characters
    /// from the file, only code points and names).
    pub detail: String,
    /// For mojibake: the text as it was meant (raw: escape it before printing).
    pub repair: Option<String>,
    /// For mojibake: how it came about ("UTF-8 read as windows-1252").
    pub chain: Option<String>,
    /// For repaired mojibake: how it came about a layer at a time, char by
    /// char ("UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é"; raw:
    /// escape it before printing).
    pub steps: Vec<String>,
    /// How many findings of its kind in a row it stands for (a run of NUL
    /// bytes is one finding): 1 for one. `bytes` are then the first's.
    pub count: u64,
}

impl Finding {
    /// The detail, saying how many there are in a row when the finding
    /// stands for a run.
    pub fn described(&self) -> std::borrow::Cow<'_, str> {
        if self.count > 1 {
            format!("{} ({} in a row)", self.detail, self.count).into()
        } else {
            self.detail.as_str().into()
        }
    }
}
