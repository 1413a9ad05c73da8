//! The vocabulary of the model: units, invalid kinds and byte roles (DESIGN.md,
//! "Reference semantics").

use std::fmt;

/// Why a span of bytes is not well-formed UTF-8; decided by its first byte and,
/// for the three- and four-byte leads, by the byte after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InvalidKind {
    /// A continuation byte (80–BF) that no lead claims.
    UnexpectedContinuation,
    /// C0 or C1, or E0/F0 followed by a byte that only an overlong form could use.
    Overlong,
    /// ED followed by A0–BF: the start of an encoded UTF-16 surrogate.
    Surrogate,
    /// F5–F7, or F4 followed by 90–BF: above U+10FFFF.
    TooLarge,
    /// F8–FF: bytes that never occur in UTF-8.
    InvalidByte,
    /// A valid lead whose sequence ends early (in UTF-16 or UTF-32: the
    /// input ends inside a code unit).
    Truncated,
    /// UTF-16: a high surrogate with no low one after it, or a low one
    /// with no high one before it.
    UnpairedSurrogate,
    /// A legacy encoding: a byte or sequence the encoding leaves undefined.
    Unmapped,
}

impl InvalidKind {
    /// Every kind, in the order used by per-kind counters.
    pub const ALL: [InvalidKind; 8] = [
        InvalidKind::UnexpectedContinuation,
        InvalidKind::Overlong,
        InvalidKind::Surrogate,
        InvalidKind::TooLarge,
        InvalidKind::InvalidByte,
        InvalidKind::Truncated,
        InvalidKind::UnpairedSurrogate,
        InvalidKind::Unmapped,
    ];

    /// The kind's stable name, as `check` prints it (e.g. `too-large`).
    pub fn name(self) -> &'static str {
        match self {
            InvalidKind::UnexpectedContinuation => "unexpected-continuation",
            InvalidKind::Overlong => "overlong",
            InvalidKind::Surrogate => "surrogate",
            InvalidKind::TooLarge => "too-large",
            InvalidKind::InvalidByte => "invalid-byte",
            InvalidKind::Truncated => "truncated",
            InvalidKind::UnpairedSurrogate => "unpaired-surrogate",
            InvalidKind::Unmapped => "unmapped",
        }
    }

    /// A one-sentence explanation of why such a span is invalid, for people.
    pub fn explanation(self) -> &'static str {
        match self {
            InvalidKind::UnexpectedContinuation => {
                "a continuation byte (10xxxxxx) with no lead byte before it to claim it"
            }
            InvalidKind::Overlong => {
                "an overlong form: these bits fit in a shorter sequence, which UTF-8 requires"
            }
            InvalidKind::Surrogate => {
                "encodes a surrogate code point (U+D800-DFFF), which is not a character"
            }
            InvalidKind::TooLarge => "would encode a value above U+10FFFF, the last code point",
            InvalidKind::InvalidByte => "a byte that never occurs in UTF-8 (F8-FF)",
            InvalidKind::Truncated => {
                "a lead byte whose sequence ends before all its continuation bytes arrive"
            }
            InvalidKind::UnpairedSurrogate => {
                "a UTF-16 surrogate code unit without its partner: a high surrogate (D800-DBFF) must be followed by a low one (DC00-DFFF)"
            }
            InvalidKind::Unmapped => "a byte or sequence that this encoding leaves undefined",
        }
    }

    /// [`InvalidKind::explanation`] of a span in a file read as `encoding`:
    /// a truncated span of UTF-16 or UTF-32 is a cut code unit, not a cut
    /// UTF-8 sequence.
    pub fn explanation_in(self, encoding: crate::model::Encoding) -> &'static str {
        match self {
            InvalidKind::Truncated if !encoding.is_utf8() => {
                "a final incomplete code unit: the file ends before all the bytes of its last unit"
            }
            _ => self.explanation(),
        }
    }

    /// Position of this kind in [`InvalidKind::ALL`], for per-kind counters.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for InvalidKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a unit is: a decoded character or an invalid span of some kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// One well-formed UTF-8 sequence and the scalar value it encodes.
    Char(char),
    /// One maximal subpart of an ill-formed sequence.
    Invalid(InvalidKind),
    /// A stateful encoding's escape sequence (ISO-2022-JP's `ESC $ B`):
    /// it switches the character set the bytes after it are read in and
    /// stands for no character.
    Shift,
}

/// One unit of the file: a character or an invalid span, with its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// Byte offset of the unit's first byte.
    pub offset: u64,
    /// Number of bytes in the unit (1–4).
    pub len: u8,
    /// The character or the invalid kind.
    pub kind: UnitKind,
}

impl Unit {
    /// Offset one past the unit's last byte.
    pub fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }

    /// Whether `offset` falls inside this unit.
    pub fn contains(&self, offset: u64) -> bool {
        (self.offset..self.end()).contains(&offset)
    }

    /// The invalid kind, if this unit is an invalid span.
    pub fn invalid_kind(&self) -> Option<InvalidKind> {
        match self.kind {
            UnitKind::Invalid(kind) => Some(kind),
            UnitKind::Char(_) | UnitKind::Shift => None,
        }
    }

    /// The role of the byte at `offset`, which must lie inside this unit.
    pub fn role_of(&self, offset: u64) -> ByteRole {
        debug_assert!(self.contains(offset));
        match self.kind {
            UnitKind::Invalid(_) => ByteRole::Invalid,
            UnitKind::Char(_) | UnitKind::Shift if self.len == 1 => ByteRole::Ascii,
            UnitKind::Char(_) | UnitKind::Shift => match (offset - self.offset) as u8 {
                0 => ByteRole::Lead { len: self.len },
                index => ByteRole::Continuation {
                    index: index + 1,
                    len: self.len,
                },
            },
        }
    }
}

/// The part a single byte plays, which the hex and bits panes colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteRole {
    /// A one-byte character (00–7F).
    Ascii,
    /// The first byte of a well-formed `len`-byte sequence.
    Lead {
        /// Length of the sequence it starts (2–4).
        len: u8,
    },
    /// Byte `index` (2-based: the lead is byte 1) of a well-formed `len`-byte sequence.
    Continuation {
        /// Position in the sequence, counting the lead as 1.
        index: u8,
        /// Length of the sequence (2–4).
        len: u8,
    },
    /// Part of an invalid span.
    Invalid,
}

impl fmt::Display for ByteRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ByteRole::Ascii => f.write_str("ASCII byte"),
            ByteRole::Lead { len } => write!(f, "lead byte of a {len}-byte sequence"),
            ByteRole::Continuation { index, len } => {
                write!(f, "continuation byte {index} of {len}")
            }
            ByteRole::Invalid => f.write_str("byte of an invalid span"),
        }
    }
}

/// The classes units are counted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnitCounts {
    /// One-byte characters.
    pub ascii: u64,
    /// Two-byte characters.
    pub two_byte: u64,
    /// Three-byte characters.
    pub three_byte: u64,
    /// Four-byte characters.
    pub four_byte: u64,
    /// Invalid spans, by kind, indexed like [`InvalidKind::ALL`].
    pub invalid_by_kind: [u64; 8],
}

impl UnitCounts {
    /// Total number of invalid spans of all kinds.
    pub fn invalid(&self) -> u64 {
        self.invalid_by_kind.iter().sum()
    }

    /// Total number of characters (valid units).
    pub fn chars(&self) -> u64 {
        self.ascii + self.two_byte + self.three_byte + self.four_byte
    }

    /// Adds another set of counts to this one.
    pub fn add(&mut self, other: &UnitCounts) {
        self.ascii += other.ascii;
        self.two_byte += other.two_byte;
        self.three_byte += other.three_byte;
        self.four_byte += other.four_byte;
        for (mine, theirs) in self.invalid_by_kind.iter_mut().zip(other.invalid_by_kind) {
            *mine += theirs;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;

    #[test]
    fn a_truncated_span_is_explained_in_its_own_encoding() {
        let utf8 = InvalidKind::Truncated.explanation_in(Encoding::UTF_8);
        assert!(
            utf8.contains("lead byte") && !utf8.contains("UTF-16"),
            "{utf8}"
        );
        let utf16 = InvalidKind::Truncated.explanation_in(Encoding::UTF_16LE);
        assert!(utf16.contains("code unit"), "{utf16}");
    }
}
