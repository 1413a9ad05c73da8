//! The finding kinds, each defined once: its name, its severity, what it
//! means, and what in the text can start one ([`Trigger`]). The scanner
//! looks for each char kind through its rule here, and the quick pass's
//! test is held to every rule on every code point, so a kind added here is
//! found, and skipped by nothing, without a change anywhere else.

use std::fmt;

use super::char_rules::{
    composes_onto_a_base, is_bidi_control, is_invisible, is_noncharacter, is_text_control,
};

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
    /// The file is ISO-2022-JP: 7-bit, with escape sequences into JIS X 0208.
    Iso2022Jp,
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

/// What in the text can start a finding of a kind.
#[derive(Debug, Clone, Copy)]
pub enum Trigger {
    /// A char that is a finding on its own: `is` says which, `detail` says
    /// it in one line for people.
    Char {
        /// Whether `c` is one.
        is: fn(char) -> bool,
        /// The finding's detail for `c`.
        detail: fn(char) -> String,
    },
    /// A combining mark that composes with the char before it.
    ComposingMark,
    /// Invalid bytes of a well-known origin (the bytes named).
    InvalidBytes(&'static str),
    /// Words with chars beyond ASCII, judged whole.
    Words,
    /// The first bytes of the file.
    FileStart,
    /// The file's line endings, counted over all of it.
    LineEndings,
}

/// Everything about one kind of finding.
#[derive(Debug)]
pub struct Definition {
    /// The kind defined.
    pub kind: FindingKind,
    /// Its stable name, as `check --findings` prints it.
    pub name: &'static str,
    /// How much it matters (a BOM at the very start of a file is only info).
    pub severity: Severity,
    /// What such a finding means, in one sentence for people.
    pub explanation: &'static str,
    /// What can start one.
    pub trigger: Trigger,
}

impl Definition {
    /// Whether the quick pass must stop at `c` for this kind: a char that
    /// is such a finding or may end one.
    pub fn stops_at(&self, c: char) -> bool {
        match self.trigger {
            Trigger::Char { is, .. } => is(c),
            Trigger::ComposingMark => composes_onto_a_base(c),
            _ => false,
        }
    }
}

/// "U+202E RIGHT-TO-LEFT OVERRIDE": how findings name a character.
pub fn char_label(c: char) -> String {
    match unicode_names2::name(c) {
        Some(name) => format!("U+{:04X} {name}", c as u32),
        None => format!("U+{:04X}", c as u32),
    }
}

/// Every kind's definition, in the order of [`FindingKind::ALL`].
pub static DEFINITIONS: [Definition; 14] = [
    Definition {
        kind: FindingKind::Mojibake,
        name: "mojibake",
        severity: Severity::Warning,
        explanation: "UTF-8 text that was read as a legacy encoding (such as windows-1252) and written back as UTF-8: Ã© for é",
        trigger: Trigger::Words,
    },
    Definition {
        kind: FindingKind::ReplacementCharacter,
        name: "replacement-character",
        severity: Severity::Warning,
        explanation: "U+FFFD REPLACEMENT CHARACTER: some earlier step already decoded invalid bytes lossily, and the original text is lost",
        trigger: Trigger::Char {
            is: |c| c == '\u{FFFD}',
            detail: |_| {
                "U+FFFD REPLACEMENT CHARACTER: something already decoded this text lossily".into()
            },
        },
    },
    Definition {
        kind: FindingKind::Cesu8,
        name: "cesu-8",
        severity: Severity::Warning,
        explanation: "a character above U+FFFF written as two 3-byte sequences for its UTF-16 surrogates (CESU-8) instead of one 4-byte sequence",
        trigger: Trigger::InvalidBytes("ED A0–AF xx ED B0–BF xx"),
    },
    Definition {
        kind: FindingKind::ModifiedUtf8Nul,
        name: "modified-utf8-nul",
        severity: Severity::Warning,
        explanation: "C0 80, the overlong NUL of Java's modified UTF-8, which standard UTF-8 forbids",
        trigger: Trigger::InvalidBytes("C0 80"),
    },
    Definition {
        kind: FindingKind::Bom,
        name: "bom",
        severity: Severity::Warning,
        explanation: "a byte order mark (U+FEFF): harmless at the start of some files, but many tools show or mis-parse it",
        trigger: Trigger::Char {
            is: |c| c == '\u{FEFF}',
            detail: |_| "byte order mark inside the file: usually two files joined together".into(),
        },
    },
    Definition {
        kind: FindingKind::Utf16,
        name: "utf-16",
        severity: Severity::Warning,
        explanation: "the bytes look like UTF-16 text (every other byte NUL, or a UTF-16 byte order mark), not UTF-8",
        trigger: Trigger::FileStart,
    },
    Definition {
        kind: FindingKind::Iso2022Jp,
        name: "iso-2022-jp",
        severity: Severity::Warning,
        explanation: "the bytes are ISO-2022-JP text (7-bit, with ESC $ B and ESC ( B switching into and out of JIS X 0208), not UTF-8: read as UTF-8, the Japanese shows as ASCII letters",
        trigger: Trigger::FileStart,
    },
    Definition {
        kind: FindingKind::BidiControl,
        name: "bidi-control",
        severity: Severity::Warning,
        explanation: "a bidirectional control character, which can make code read differently from how it runs (Trojan Source, CVE-2021-42574)",
        trigger: Trigger::Char {
            is: is_bidi_control,
            detail: |c| {
                format!(
                    "{}: can make text display in a different order than it is read (Trojan Source, CVE-2021-42574)",
                    char_label(c)
                )
            },
        },
    },
    Definition {
        kind: FindingKind::Invisible,
        name: "invisible",
        severity: Severity::Warning,
        explanation: "a zero-width or otherwise invisible character, which hides in identifiers and text",
        trigger: Trigger::Char {
            is: is_invisible,
            detail: |c| format!("{}: invisible, yet it changes the text", char_label(c)),
        },
    },
    Definition {
        kind: FindingKind::Control,
        name: "control",
        severity: Severity::Warning,
        explanation: "a control character other than tab, line feed and carriage return, which no text should hold",
        trigger: Trigger::Char {
            is: is_text_control,
            detail: |c| format!("{}: a control character in text", char_label(c)),
        },
    },
    Definition {
        kind: FindingKind::Noncharacter,
        name: "noncharacter",
        severity: Severity::Info,
        explanation: "a noncharacter code point (U+FDD0-FDEF or one ending in FFFE or FFFF), reserved for a program's internal use",
        trigger: Trigger::Char {
            is: is_noncharacter,
            detail: |c| {
                format!(
                    "U+{:04X} is a noncharacter, for internal use only",
                    c as u32
                )
            },
        },
    },
    Definition {
        kind: FindingKind::NotNfc,
        name: "not-nfc",
        severity: Severity::Info,
        explanation: "a letter written as a base and combining marks where a precomposed form exists (not in Unicode normalization form C)",
        trigger: Trigger::ComposingMark,
    },
    Definition {
        kind: FindingKind::MixedLineEndings,
        name: "mixed-line-endings",
        severity: Severity::Info,
        explanation: "both CRLF and LF line endings in one file",
        trigger: Trigger::LineEndings,
    },
    Definition {
        kind: FindingKind::MixedScript,
        name: "mixed-script",
        severity: Severity::Warning,
        explanation: "a word that mixes scripts with look-alike letters (a Cyrillic а in pаypal), as in spoofing",
        trigger: Trigger::Words,
    },
];

impl FindingKind {
    /// Every kind, in the order rules are listed (`check --format sarif`).
    pub const ALL: [FindingKind; 14] = [
        FindingKind::Mojibake,
        FindingKind::ReplacementCharacter,
        FindingKind::Cesu8,
        FindingKind::ModifiedUtf8Nul,
        FindingKind::Bom,
        FindingKind::Utf16,
        FindingKind::Iso2022Jp,
        FindingKind::BidiControl,
        FindingKind::Invisible,
        FindingKind::Control,
        FindingKind::Noncharacter,
        FindingKind::NotNfc,
        FindingKind::MixedLineEndings,
        FindingKind::MixedScript,
    ];

    /// Everything about the kind.
    pub fn definition(self) -> &'static Definition {
        &DEFINITIONS[self as usize]
    }

    /// What such a finding means, in one sentence for people.
    pub fn explanation(self) -> &'static str {
        self.definition().explanation
    }

    /// The kind's stable name, as `check --findings` prints it.
    pub fn name(self) -> &'static str {
        self.definition().name
    }

    /// How much such a finding matters.
    pub fn severity(self) -> Severity {
        self.definition().severity
    }

    /// The first kind whose own char `c` is, with the finding's detail.
    pub fn of_char(c: char) -> Option<(FindingKind, String)> {
        DEFINITIONS.iter().find_map(|d| match d.trigger {
            Trigger::Char { is, detail } if is(c) => Some((d.kind, detail(c))),
            _ => None,
        })
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_defined_once_in_order() {
        for (i, kind) in FindingKind::ALL.into_iter().enumerate() {
            assert_eq!(DEFINITIONS[i].kind, kind);
            assert_eq!(kind.definition().kind, kind);
        }
        let mut names: Vec<&str> = DEFINITIONS.iter().map(|d| d.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), DEFINITIONS.len());
    }

    #[test]
    fn no_char_is_two_kinds() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let kinds = DEFINITIONS
                .iter()
                .filter(|d| matches!(d.trigger, Trigger::Char { is, .. } if is(c)))
                .count();
            assert!(kinds <= 1, "U+{:04X}", c as u32);
        }
    }
}
