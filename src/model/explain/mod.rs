//! What a unit is, said once for every front end: the facts of a character
//! or an invalid span, the decoder's reasoning byte by byte, and the
//! grapheme a character belongs to. `utf8scope explain`, `dump` and the
//! inspector's info panel and decoder pane all say it from here.

mod char_facts;
mod control_names;
mod invalid_facts;

pub use char_facts::{ByteBits, CharFacts, byte_bits, marker_len};
pub use control_names::char_name;
pub use invalid_facts::{InvalidFacts, second_byte_range, sequence_len};

use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

use super::decode::{MAX_UNIT_LEN, decode_first};
use super::unit::UnitKind;

/// One unit as the decoder splits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplainedUnit {
    /// Offset of its first byte.
    pub offset: usize,
    /// What it is.
    pub facts: Facts,
}

/// A character's facts or an invalid span's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Facts {
    /// A character.
    Char(CharFacts),
    /// An invalid span.
    Invalid(InvalidFacts),
}

impl ExplainedUnit {
    /// The unit's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        match &self.facts {
            Facts::Char(c) => c.utf8_bytes(),
            Facts::Invalid(span) => span.bytes.clone(),
        }
    }
}

/// Splits `bytes` into units as `check` does (maximal subparts) and
/// explains each.
pub fn explain_bytes(bytes: &[u8]) -> Vec<ExplainedUnit> {
    let mut units = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let (len, kind) = decode_first(&bytes[at..]);
        let len = usize::from(len);
        let facts = match kind {
            UnitKind::Char(c) => Facts::Char(CharFacts::of(c)),
            // (UTF-8 has no escape sequences.)
            UnitKind::Shift => {
                at += len;
                continue;
            }
            UnitKind::Invalid(_) => {
                let end = (at + len + MAX_UNIT_LEN).min(bytes.len());
                Facts::Invalid(InvalidFacts::of(
                    &bytes[at..at + len],
                    &bytes[at + len..end],
                ))
            }
        };
        units.push(ExplainedUnit { offset: at, facts });
        at += len;
    }
    units
}

/// The decoder's reasoning over the unit that starts `bytes` (which go on
/// past it, as far as the decoder looked), one line per byte and a last
/// line with the outcome:
///
/// ```text
/// D0 = 110 10000: lead of a 2-byte sequence, payload 10000
/// 9F = 10 011111: continuation 1 of 1, payload 011111
/// → 10000 011111 = U+041F
/// ```
pub fn narrate(bytes: &[u8]) -> Vec<String> {
    let Some(&lead) = bytes.first() else {
        return vec!["end of input".to_string()];
    };
    let (len, kind) = decode_first(bytes);
    let len = usize::from(len);
    let need = sequence_len(lead);
    let mut lines = Vec::new();
    let lead_bits = &byte_bits(&bytes[..1])[0];
    lines.push(match need {
        Some(1) => format!(
            "{lead:02X} = {} {}: one byte (ASCII), payload {}",
            lead_bits.markers, lead_bits.payload, lead_bits.payload
        ),
        Some(n) => format!(
            "{lead:02X} = {} {}: lead of a {n}-byte sequence, payload {}",
            lead_bits.markers, lead_bits.payload, lead_bits.payload
        ),
        None if lead & 0xC0 == 0x80 => format!(
            "{lead:02X} = 10 {:06b}: a continuation byte, but no lead expects one",
            lead & 0x3F
        ),
        None => format!("{lead:02X} = {lead:08b}: never a lead byte"),
    });
    match kind {
        UnitKind::Char(c) => {
            let bits = byte_bits(&bytes[..len]);
            for (i, byte) in bits.iter().enumerate().skip(1) {
                lines.push(format!(
                    "{:02X} = {} {}: continuation {i} of {}, payload {}",
                    byte.byte,
                    byte.markers,
                    byte.payload,
                    len - 1,
                    byte.payload
                ));
            }
            let payload: Vec<&str> = bits.iter().map(|b| b.payload.as_str()).collect();
            lines.push(format!("→ {} = U+{:04X}", payload.join(" "), c as u32));
        }
        // (UTF-8 has no escape sequences.)
        UnitKind::Shift => {}
        UnitKind::Invalid(_) => {
            for (i, &byte) in bytes[1..len].iter().enumerate() {
                lines.push(format!(
                    "{byte:02X} = 10 {:06b}: continuation {} of {}, payload {:06b}",
                    byte & 0x3F,
                    i + 1,
                    need.unwrap_or(2) - 1,
                    byte & 0x3F
                ));
            }
            let end = (len + MAX_UNIT_LEN).min(bytes.len());
            let facts = InvalidFacts::of(&bytes[..len], &bytes[len..end]);
            if let Some(&stop) = bytes.get(len).filter(|_| need.is_some_and(|n| n > 1)) {
                lines.push(format!("{stop:02X} = {stop:08b}: the decoder stops here"));
            }
            lines.push(format!(
                "→ invalid span {} ({}): {}",
                crate::display::hex_bytes(&bytes[..len]),
                facts.kind,
                facts.rule
            ));
            if let Some(value) = facts.would_be_text() {
                lines.push(format!("  its bits would have meant {value}"));
            }
        }
    }
    lines
}

/// A grapheme (what a reader sees as one character) made of several code
/// points, with its precomposed form if Unicode has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grapheme {
    /// Its text.
    pub text: String,
    /// Its code points.
    pub parts: Vec<char>,
    /// Its NFC form when that differs (`u` + U+0308 → `ü` U+00FC).
    pub nfc: Option<String>,
}

/// The graphemes of `text`, each with its parts and NFC form.
pub fn graphemes(text: &str) -> Vec<Grapheme> {
    text.graphemes(true)
        .map(|g| {
            let nfc: String = g.nfc().collect();
            Grapheme {
                text: g.to_string(),
                parts: g.chars().collect(),
                nfc: (nfc != g).then_some(nfc),
            }
        })
        .collect()
}

/// The sizes of a text in each encoding, and its counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextTotals {
    /// Code points.
    pub code_points: usize,
    /// Graphemes.
    pub graphemes: usize,
    /// Bytes in UTF-8.
    pub utf8: usize,
    /// Bytes in UTF-16.
    pub utf16: usize,
    /// Bytes in UTF-32.
    pub utf32: usize,
}

/// The totals of `text`.
pub fn text_totals(text: &str) -> TextTotals {
    let code_points = text.chars().count();
    TextTotals {
        code_points,
        graphemes: text.graphemes(true).count(),
        utf8: text.len(),
        utf16: 2 * text.encode_utf16().count(),
        utf32: 4 * code_points,
    }
}

/// What a range of bytes holds, for a selection: its counts and its size
/// in the other encodings (invalid spans left out of those).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RangeSummary {
    /// Bytes.
    pub bytes: usize,
    /// Code points decoded.
    pub code_points: usize,
    /// Graphemes of the decoded text (invalid spans split it).
    pub graphemes: usize,
    /// Invalid spans (maximal subparts).
    pub invalid_spans: usize,
    /// The decoded text's size in UTF-16.
    pub utf16: usize,
    /// The decoded text's size in UTF-32.
    pub utf32: usize,
}

/// Sums up `bytes`, which start at a unit boundary.
pub fn summarize(bytes: &[u8]) -> RangeSummary {
    let mut summary = RangeSummary {
        bytes: bytes.len(),
        ..RangeSummary::default()
    };
    for chunk in bytes.utf8_chunks() {
        let totals = text_totals(chunk.valid());
        summary.code_points += totals.code_points;
        summary.graphemes += totals.graphemes;
        summary.utf16 += totals.utf16;
        summary.utf32 += totals.utf32;
        // Maximal subparts, as `check` counts them.
        summary.invalid_spans += usize::from(!chunk.invalid().is_empty());
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_sums_up_as_text_and_spans() {
        let summary = summarize("Папа\u{1F600}".as_bytes());
        assert_eq!(
            (
                summary.bytes,
                summary.code_points,
                summary.utf16,
                summary.utf32
            ),
            (12, 5, 12, 20)
        );
        let broken = summarize(b"a\xC0\xAFb\xE2\x82");
        assert_eq!((broken.code_points, broken.invalid_spans), (2, 3));
    }

    #[test]
    fn the_decoder_narrates_a_two_byte_character() {
        assert_eq!(
            narrate("П".as_bytes()),
            [
                "D0 = 110 10000: lead of a 2-byte sequence, payload 10000",
                "9F = 10 011111: continuation 1 of 1, payload 011111",
                "→ 10000 011111 = U+041F",
            ]
        );
    }

    #[test]
    fn the_decoder_says_why_e0_80_stops_after_e0() {
        let lines = narrate(&[0xE0, 0x80, 0xAF]);
        assert_eq!(
            lines[0],
            "E0 = 1110 0000: lead of a 3-byte sequence, payload 0000"
        );
        assert_eq!(lines[1], "80 = 10000000: the decoder stops here");
        assert!(
            lines[2].starts_with(
                "→ invalid span E0 (overlong): after E0 the next byte must be A0–BF; 80"
            )
        );
        assert_eq!(lines[3], "  its bits would have meant U+002F");
        // While E0 A0 80 is a character.
        assert_eq!(
            narrate(&[0xE0, 0xA0, 0x80]).last().unwrap(),
            "→ 0000 100000 000000 = U+0800"
        );
    }

    #[test]
    fn the_seeds_text_totals() {
        let totals = text_totals("Папа Hello");
        assert_eq!(
            (
                totals.code_points,
                totals.graphemes,
                totals.utf8,
                totals.utf16,
                totals.utf32
            ),
            (10, 10, 14, 20, 40)
        );
        let combining = graphemes("u\u{308}И\u{306}");
        assert_eq!(combining.len(), 2);
        assert_eq!(combining[0].nfc.as_deref(), Some("ü"));
        assert_eq!(combining[1].nfc.as_deref(), Some("Й"));
    }

    #[test]
    fn bytes_split_as_check_splits_them() {
        let units = explain_bytes(b"a\xC1\xBF\xE2\x82(");
        let kinds: Vec<String> = units
            .iter()
            .map(|u| match &u.facts {
                Facts::Char(c) => c.code_point(),
                Facts::Invalid(span) => span.kind.to_string(),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "U+0061",
                "overlong",
                "unexpected-continuation",
                "truncated",
                "U+0028"
            ]
        );
    }
}
