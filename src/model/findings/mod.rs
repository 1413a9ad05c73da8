//! Findings: valid (or nearly valid) UTF-8 that is still broken or risky text.
//! Each finding has a place, a kind, a severity and a one-line explanation.
//!
//! Found so far: mojibake (with the repaired text), BOMs, UTF-16 text, bidi
//! controls, invisible and control characters, U+FFFD, noncharacters, CESU-8
//! surrogate pairs, `C0 80`, decomposed sequences, mixed line endings and
//! words that mix scripts with look-alike letters.

use crate::display::thousands;

pub mod backend;
pub(crate) mod background;
mod byte_masks;
mod char_rules;
mod char_tables;
mod encoded;
pub(crate) mod kinds;
mod line_endings;
mod listing;
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
pub use listing::{FindingsListing, Loaded};
pub use mixed_script::{MixedScriptWord, find_mixed_script};
pub use mojibake::{
    CJK_CODECS, Chain, CjkCodec, Garbler, HeldBack, Layer, Mojibake, Reading, Repairer, Sequence,
    Step, find_mojibake, may_hold_mojibake, with_repairs,
};
pub use near::{
    FindingsStretch, NEAR_WINDOW, Near, PlaceOf, finding_near, findings_after, findings_before,
    findings_overlapping,
};
pub use scanner::{FindingsScanner, PER_LINE_LIMIT, Position, findings_of, is_plain_ascii_text};

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
    /// For mojibake: what it meant and how it came about (boxed: most
    /// findings are not mojibake, and a file can hold millions of others).
    pub mojibake: Option<Box<MojibakeFinding>>,
    /// How many findings of its kind in a row it stands for (a run of NUL
    /// bytes is one finding): 1 for one. `bytes` are then the first's.
    pub count: u64,
    /// Whether it stands for itself and the rest of its line's findings of
    /// its kind, however far apart (the line held more than
    /// [`PER_LINE_LIMIT`] of them), rather than for a run in a row. `count`
    /// is how many; `len` reaches to the end of the last.
    pub folds_the_line: bool,
}

/// What a mojibake finding knows beyond its place and words, as data: the
/// front ends put it in words ([`Chain::describe`], [`Step::describe`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MojibakeFinding {
    /// The text as it reads, decoded in the file's encoding (raw: escape
    /// it before printing).
    pub seen: String,
    /// Its readings: one when the repair is clear, else the candidates,
    /// the most plausible first (raw text: escape it before printing).
    pub readings: Vec<Reading>,
    /// For a repair, or one reading held back: how it came about a layer
    /// at a time, char by char.
    pub steps: Vec<Step>,
    /// Why its one reading is not made a repair, when it is not.
    pub held_back: Option<HeldBack>,
}

impl MojibakeFinding {
    /// The text as it was meant, when one reading is clearly right and not
    /// held back.
    pub fn repair(&self) -> Option<&str> {
        mojibake::clear_repair(&self.readings, self.held_back.as_ref())
    }

    /// How it came about, in words ("UTF-8 read as windows-1252"); for an
    /// ambiguous run, each reading's, joined by "or".
    pub fn chain(&self) -> String {
        mojibake::chains_in_words(&self.readings)
    }
}

impl Finding {
    /// For mojibake: the text as it was meant (raw: escape it before printing).
    pub fn repair(&self) -> Option<&str> {
        self.mojibake.as_ref()?.repair()
    }

    /// For mojibake: how it came about ("UTF-8 read as windows-1252").
    pub fn chain(&self) -> Option<String> {
        self.mojibake.as_ref().map(|m| m.chain())
    }

    /// For repaired mojibake: its steps, char by char.
    pub fn steps(&self) -> &[Step] {
        self.mojibake.as_ref().map_or(&[], |m| m.steps.as_slice())
    }

    /// [`Finding::steps`] in words (raw: escape them before printing).
    pub fn steps_in_words(&self) -> Vec<String> {
        self.steps().iter().map(Step::describe).collect()
    }

    /// The detail, saying how many there are in a row when the finding
    /// stands for a run.
    pub fn described(&self) -> std::borrow::Cow<'_, str> {
        if self.folds_the_line {
            // (Short: a line of mojibake quotes it already.)
            format!(
                "{} (and {} more on this line)",
                self.detail,
                thousands(self.count - 1)
            )
            .into()
        } else if self.count > 1 {
            format!("{} ({} in a row)", self.detail, thousands(self.count)).into()
        } else {
            self.detail.as_str().into()
        }
    }
}
