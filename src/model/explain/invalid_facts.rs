//! Why an invalid span is invalid, in words: its kind, the rule from
//! Unicode's table of well-formed byte sequences (Table 3-7) that it broke,
//! and what its bits would have meant.

use crate::display::hex_bytes;
use crate::model::InvalidKind;
use crate::model::decode::{classify_invalid, intended_value, is_continuation};

/// The facts of one invalid span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidFacts {
    /// Its kind.
    pub kind: InvalidKind,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The rule it broke, with its bytes (`after E0 the next byte must be
    /// A0–BF; 80 would make an overlong form`).
    pub rule: String,
    /// For an overlong, surrogate or too-large sequence, what its bits
    /// would have decoded to.
    pub would_be: Option<u32>,
}

impl InvalidFacts {
    /// The facts of the span `span` (its bytes), read with the bytes after
    /// it in `following` (the decoder looks one byte past a span to end it).
    pub fn of(span: &[u8], following: &[u8]) -> InvalidFacts {
        let next = following.first().copied();
        let second = span.get(1).copied().or(next);
        let kind = classify_invalid(span[0], second);
        let mut whole = span.to_vec();
        whole.extend_from_slice(&following[..following.len().min(3)]);
        InvalidFacts {
            kind,
            bytes: span.to_vec(),
            rule: rule(kind, span, next),
            would_be: intended_value(&whole),
        }
    }

    /// `would_be` as `U+007F`.
    pub fn would_be_text(&self) -> Option<String> {
        self.would_be.map(|value| format!("U+{value:04X}"))
    }
}

/// How many bytes a sequence led by `lead` has (`None` for bytes that
/// lead nothing).
pub fn sequence_len(lead: u8) -> Option<usize> {
    match lead {
        0x00..=0x7F => Some(1),
        0xC2..=0xDF => Some(2),
        0xE0..=0xEF => Some(3),
        0xF0..=0xF4 => Some(4),
        _ => None,
    }
}

/// The bytes allowed right after `lead` (Table 3-7 narrows the second
/// byte after E0, ED, F0 and F4).
pub fn second_byte_range(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// The rule a span broke, with its bytes; `next` is the byte after it.
fn rule(kind: InvalidKind, span: &[u8], next: Option<u8>) -> String {
    let lead = span[0];
    let second = span.get(1).copied().or(next);
    let second_text = second.map_or_else(|| "the end".to_string(), |b| format!("{b:02X}"));
    match kind {
        InvalidKind::UnexpectedContinuation => format!(
            "{lead:02X} is a continuation byte (10xxxxxx): it may only follow a lead byte \
             (C2–F4) that still expects one, and none does here"
        ),
        InvalidKind::Overlong if lead <= 0xC1 => format!(
            "{lead:02X} could only start a 2-byte form of a value below U+0080, which must \
             take 1 byte: C0 and C1 never occur in UTF-8"
        ),
        InvalidKind::Overlong => {
            let (low, high) = second_byte_range(lead);
            let below = if lead == 0xE0 { "U+0800" } else { "U+10000" };
            format!(
                "after {lead:02X} the next byte must be {low:02X}–{high:02X}; {second_text} \
                 would make an overlong form (a value below {below} in more bytes than it needs)"
            )
        }
        InvalidKind::Surrogate => format!(
            "after ED the next byte must be 80–9F; {second_text} would encode a UTF-16 \
             surrogate (U+D800–DFFF), which is not a character"
        ),
        InvalidKind::TooLarge if lead == 0xF4 => format!(
            "after F4 the next byte must be 80–8F; {second_text} would encode a value above \
             U+10FFFF"
        ),
        InvalidKind::TooLarge => format!(
            "{lead:02X} would start a 4-byte value above U+10FFFF: F5–F7 never occur in UTF-8"
        ),
        InvalidKind::InvalidByte => format!(
            "{lead:02X} never occurs in UTF-8: F8–FF would start sequences of 5 bytes or more, \
             which UTF-8 does not have"
        ),
        // Kinds of other encodings: their codec states the rule.
        InvalidKind::UnpairedSurrogate | InvalidKind::Unmapped => kind.explanation().to_string(),
        InvalidKind::Truncated => {
            let need = sequence_len(lead).unwrap_or(2);
            let have = span.len() - 1;
            let expected = if have == 0 {
                let (low, high) = second_byte_range(lead);
                format!("{low:02X}–{high:02X}")
            } else {
                "80–BF".to_string()
            };
            let stop = match next {
                None => "the input ends there".to_string(),
                Some(b) if is_continuation(b) => {
                    format!("the next byte must be {expected}, and {b:02X} is not")
                }
                Some(b) => format!("{b:02X} is not a continuation byte ({expected})"),
            };
            format!(
                "{lead:02X} starts a {need}-byte sequence that needs {} continuation byte{}; \
                 after {} ({}), {stop}",
                need - 1,
                if need == 2 { "" } else { "s" },
                if have == 1 {
                    "1 of them".to_string()
                } else {
                    format!("{have} of them")
                },
                hex_bytes(span)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_examples_say_what_their_bits_would_mean() {
        let overlong = InvalidFacts::of(&[0xC1], &[0xBF]);
        assert_eq!(overlong.kind, InvalidKind::Overlong);
        assert_eq!(overlong.would_be_text().as_deref(), Some("U+007F"));
        let surrogate = InvalidFacts::of(&[0xED], &[0xA0, 0x80]);
        assert_eq!(surrogate.kind, InvalidKind::Surrogate);
        assert_eq!(surrogate.would_be_text().as_deref(), Some("U+D800"));
        assert!(
            surrogate
                .rule
                .starts_with("after ED the next byte must be 80–9F; A0")
        );
        let large = InvalidFacts::of(&[0xF4], &[0x90, 0x80, 0x80]);
        assert_eq!(large.would_be_text().as_deref(), Some("U+110000"));
        let e0 = InvalidFacts::of(&[0xE0], &[0x80, 0xAF]);
        assert!(
            e0.rule.starts_with(
                "after E0 the next byte must be A0–BF; 80 would make an overlong form"
            ),
            "{}",
            e0.rule
        );
    }

    #[test]
    fn a_truncated_sequence_says_how_far_it_got() {
        let cut = InvalidFacts::of(&[0xE2, 0x82], b"(");
        assert_eq!(cut.kind, InvalidKind::Truncated);
        assert_eq!(
            cut.rule,
            "E2 starts a 3-byte sequence that needs 2 continuation bytes; after 1 of them \
             (E2 82), 28 is not a continuation byte (80–BF)"
        );
        let at_end = InvalidFacts::of(&[0xF0, 0x9F, 0x98], b"");
        assert!(
            at_end.rule.ends_with("the input ends there"),
            "{}",
            at_end.rule
        );
    }
}
