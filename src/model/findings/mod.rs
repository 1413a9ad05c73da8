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
mod encoded;
mod mixed_script;
mod mojibake;
mod quiet;
mod scanner;
mod script_classes;

pub use background::{FindingsIndex, FindingsJob, MAX_KEPT};
pub use encoded::{EncodedScanner, Stretch};
pub use mixed_script::{MixedScriptWord, find_mixed_script};
pub use mojibake::{Chain, Garbler, Layer, Mojibake, Reading, find_mojibake, may_hold_mojibake};
pub use scanner::{
    FindingsScanner, Position, findings_of, is_bidi_control, is_invisible, is_noncharacter,
    is_plain_ascii_text,
};

use std::fmt;

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    /// UTF-8 read as a legacy encoding and written back as UTF-8.
    Mojibake,
    /// U+FFFD in the text: something already decoded it lossily.
    ReplacementCharacter,
    /// A surrogate pair encoded as two 3-byte sequences.
    Cesu8,
    /// `C0 80`, Java's "modified UTF-8" NUL.
    ModifiedUtf8Nul,
    /// A byte order mark.
    Bom,
    /// The file looks like UTF-16.
    Utf16,
    /// A bidi control ("Trojan Source", CVE-2021-42574).
    BidiControl,
    /// A zero-width or otherwise invisible format character.
    Invisible,
    /// A C0 control other than TAB, LF and CR; DEL; a C1 control.
    Control,
    /// A noncharacter code point (U+FDD0–FDEF, U+xxFFFE/xxFFFF).
    Noncharacter,
    /// A decomposed sequence that has a precomposed form.
    NotNfc,
    /// Both CRLF and LF line endings.
    MixedLineEndings,
    /// A word mixing scripts with look-alike letters ("pаypal", Cyrillic "а").
    MixedScript,
}

impl FindingKind {
    /// Every kind, in the order rules are listed (`check --format sarif`).
    pub const ALL: [FindingKind; 13] = [
        FindingKind::Mojibake,
        FindingKind::ReplacementCharacter,
        FindingKind::Cesu8,
        FindingKind::ModifiedUtf8Nul,
        FindingKind::Bom,
        FindingKind::Utf16,
        FindingKind::BidiControl,
        FindingKind::Invisible,
        FindingKind::Control,
        FindingKind::Noncharacter,
        FindingKind::NotNfc,
        FindingKind::MixedLineEndings,
        FindingKind::MixedScript,
    ];

    /// What such a finding means, in one sentence for people.
    pub fn explanation(self) -> &'static str {
        match self {
            FindingKind::Mojibake => {
                "UTF-8 text that was read as a legacy encoding (such as windows-1252) and written back as UTF-8: Ã© for é"
            }
            FindingKind::ReplacementCharacter => {
                "U+FFFD REPLACEMENT CHARACTER: some earlier step already decoded invalid bytes lossily, and the original text is lost"
            }
            FindingKind::Cesu8 => {
                "a character above U+FFFF written as two 3-byte sequences for its UTF-16 surrogates (CESU-8) instead of one 4-byte sequence"
            }
            FindingKind::ModifiedUtf8Nul => {
                "C0 80, the overlong NUL of Java's modified UTF-8, which standard UTF-8 forbids"
            }
            FindingKind::Bom => {
                "a byte order mark (U+FEFF): harmless at the start of some files, but many tools show or mis-parse it"
            }
            FindingKind::Utf16 => {
                "the bytes look like UTF-16 text (every other byte NUL, or a UTF-16 byte order mark), not UTF-8"
            }
            FindingKind::BidiControl => {
                "a bidirectional control character, which can make code read differently from how it runs (Trojan Source, CVE-2021-42574)"
            }
            FindingKind::Invisible => {
                "a zero-width or otherwise invisible character, which hides in identifiers and text"
            }
            FindingKind::Control => {
                "a control character other than tab, line feed and carriage return, which no text should hold"
            }
            FindingKind::Noncharacter => {
                "a noncharacter code point (U+FDD0-FDEF or one ending in FFFE or FFFF), reserved for a program's internal use"
            }
            FindingKind::NotNfc => {
                "a letter written as a base and combining marks where a precomposed form exists (not in Unicode normalization form C)"
            }
            FindingKind::MixedLineEndings => "both CRLF and LF line endings in one file",
            FindingKind::MixedScript => {
                "a word that mixes scripts with look-alike letters (a Cyrillic а in pаypal), as in spoofing"
            }
        }
    }

    /// The kind's stable name, as `check --findings` prints it.
    pub fn name(self) -> &'static str {
        match self {
            FindingKind::Mojibake => "mojibake",
            FindingKind::ReplacementCharacter => "replacement-character",
            FindingKind::Cesu8 => "cesu-8",
            FindingKind::ModifiedUtf8Nul => "modified-utf8-nul",
            FindingKind::Bom => "bom",
            FindingKind::Utf16 => "utf-16",
            FindingKind::BidiControl => "bidi-control",
            FindingKind::Invisible => "invisible",
            FindingKind::Control => "control",
            FindingKind::Noncharacter => "noncharacter",
            FindingKind::NotNfc => "not-nfc",
            FindingKind::MixedLineEndings => "mixed-line-endings",
            FindingKind::MixedScript => "mixed-script",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How much a finding matters: warnings fail `check --findings`, info never does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing, not a defect.
    Info,
    /// Probably a defect or a risk.
    Warning,
}

impl Severity {
    /// The severity's name: `info` or `warning`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
        }
    }
}

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
}
