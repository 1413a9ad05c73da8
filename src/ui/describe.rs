//! What the info panel says about the unit under the cursor, as plain rows of
//! text (no terminal types): the byte, its role, and the character's encodings
//! or the error and what the bits would have meant.

use std::fmt::Write;

use unicode_general_category::get_general_category;
use unicode_width::UnicodeWidthChar;

use super::glyph::glyph;
use crate::display::{escape_for_terminal, hex_bytes};
use crate::model::findings::Finding;
use crate::model::{Unit, UnitKind, Window};

/// One labelled row of the info panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoRow {
    /// Short label in the left column ("UTF-8").
    pub label: &'static str,
    /// The value; always terminal-safe.
    pub value: String,
    /// How it is drawn.
    pub tone: Tone,
}

/// How an info row is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Plain text.
    Plain,
    /// An invalid span: the error style.
    Error,
    /// A finding: the warning style.
    Warning,
}

fn row(label: &'static str, value: impl Into<String>) -> InfoRow {
    InfoRow {
        label,
        value: value.into(),
        tone: Tone::Plain,
    }
}

/// What the info panel says about the findings that cover the cursor: kind
/// and explanation, and for mojibake the text as it was meant.
pub fn describe_findings(findings: &[Finding]) -> Vec<InfoRow> {
    let mut rows = Vec::new();
    for finding in findings {
        rows.push(InfoRow {
            label: "Finding",
            value: format!(
                "{} {}: {}",
                finding.severity.name(),
                finding.kind,
                finding.detail
            ),
            tone: Tone::Warning,
        });
        if let Some(repair) = &finding.repair {
            let repair = escape_for_terminal(repair);
            rows.push(row("Meant", format!("\u{201c}{repair}\u{201d}")));
        }
    }
    rows
}

/// Describes the byte at `offset` and the unit holding it.
pub fn describe(window: &Window, offset: u64) -> Vec<InfoRow> {
    let (Some(unit), Some(byte)) = (window.unit_at(offset), window.byte(offset)) else {
        return vec![row("Offset", "end of file")];
    };
    let mut rows = vec![
        row("Offset", format!("{offset:#010x} ({offset})")),
        row("Byte", format!("{byte:02X}  {byte}  0b{byte:08b}")),
        row("Role", unit.role_of(offset).to_string()),
    ];
    match unit.kind {
        UnitKind::Char(c) => describe_char(c, window.bytes_of(unit), &mut rows),
        UnitKind::Invalid(_) => describe_invalid(window, unit, &mut rows),
    }
    rows
}

fn describe_char(c: char, bytes: &[u8], rows: &mut Vec<InfoRow>) {
    let shown = glyph(c);
    rows.push(row("Char", format!("U+{:04X}  {}", c as u32, shown.text)));
    let name = unicode_names2::name(c).map_or_else(|| "(no name)".to_string(), |n| n.to_string());
    rows.push(row("Name", name));
    let category = get_general_category(c);
    let width = c.width().map_or("none (control)".into(), |w| w.to_string());
    rows.push(row(
        "Category",
        format!("{} ({category:?}), width {width}", category.abbreviation()),
    ));
    rows.push(row("UTF-8", hex_bytes(bytes)));
    let (bits, assembled) = bit_breakdown(bytes);
    rows.push(row("Bits", bits));
    rows.push(row("", format!("→ {assembled} = U+{:04X}", c as u32)));
    let mut units = [0u16; 2];
    let utf16 = c.encode_utf16(&mut units);
    let utf16_hex: Vec<_> = utf16.iter().map(|u| format!("{u:04X}")).collect();
    rows.push(row("UTF-16", utf16_hex.join(" ")));
    if utf16.len() == 2 {
        let v = c as u32 - 0x1_0000;
        rows.push(row("", format!("v = {:X} − 10000 = {v:05X}", c as u32)));
        rows.push(row(
            "",
            format!(
                "D800+(v>>10) = {:04X}, DC00+(v&3FF) = {:04X}",
                utf16[0], utf16[1]
            ),
        ));
    }
    rows.push(row("UTF-32", format!("{:08X}", c as u32)));
}

/// The bytes split into marker and payload bits, and the payload bits joined:
/// `1110 0010 | 10 000010 | 10 101100` and `0010 000010 101100`.
pub fn bit_breakdown(bytes: &[u8]) -> (String, String) {
    let mut split = String::new();
    let mut payload = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        let markers = marker_len(b, i == 0);
        let bits = format!("{b:08b}");
        if i > 0 {
            split.push_str(" | ");
            payload.push(' ');
        }
        let _ = write!(split, "{} {}", &bits[..markers], &bits[markers..]);
        payload.push_str(&bits[markers..]);
    }
    (split, payload)
}

/// How many leading bits of a byte are UTF-8 markers rather than payload.
pub fn marker_len(byte: u8, is_first: bool) -> usize {
    if !is_first {
        return 2;
    }
    match byte.leading_ones() {
        0 => 1,
        n @ 2..=4 => n as usize + 1,
        _ => 2,
    }
}

fn describe_invalid(window: &Window, unit: &Unit, rows: &mut Vec<InfoRow>) {
    let kind = unit.invalid_kind().expect("an invalid unit");
    let bytes = window.bytes_of(unit);
    rows.push(InfoRow {
        label: "Invalid",
        value: format!("{kind}: {}", hex_bytes(bytes)),
        tone: Tone::Error,
    });
    rows.push(InfoRow {
        label: "Why",
        value: kind.explanation().to_string(),
        tone: Tone::Error,
    });
    if let Some(value) = window.intended_value(unit) {
        let meaning = match char::from_u32(value) {
            Some(c) => format!("U+{value:04X} {}", glyph(c).text),
            None => format!("U+{value:04X} (not a character)"),
        };
        rows.push(row("Would be", meaning));
    }
    rows.push(row("Shown as", "� (U+FFFD, one per span)"));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Source;

    fn describe_at(bytes: &[u8], offset: u64) -> Vec<InfoRow> {
        let source = Source::from_bytes("t", bytes.to_vec());
        let window = Window::load(&source, 0, source.len()).unwrap();
        describe(&window, offset)
    }

    fn value<'a>(rows: &'a [InfoRow], label: &str) -> &'a str {
        &rows.iter().find(|r| r.label == label).unwrap().value
    }

    #[test]
    fn the_euro_sign_shows_how_its_bits_assemble() {
        let rows = describe_at("€".as_bytes(), 1);
        assert_eq!(value(&rows, "Role"), "continuation byte 2 of 3");
        assert_eq!(value(&rows, "Name"), "EURO SIGN");
        assert_eq!(value(&rows, "Bits"), "1110 0010 | 10 000010 | 10 101100");
        assert!(
            rows.iter()
                .any(|r| r.value == "→ 0010 000010 101100 = U+20AC")
        );
        assert_eq!(value(&rows, "UTF-16"), "20AC");
        assert_eq!(value(&rows, "UTF-32"), "000020AC");
    }

    #[test]
    fn astral_characters_explain_their_surrogate_pair() {
        let rows = describe_at("😀".as_bytes(), 0);
        assert_eq!(value(&rows, "UTF-16"), "D83D DE00");
        assert!(rows.iter().any(|r| r.value == "v = 1F600 − 10000 = 0F600"));
        assert!(
            rows.iter()
                .any(|r| r.value == "D800+(v>>10) = D83D, DC00+(v&3FF) = DE00")
        );
    }

    #[test]
    fn an_overlong_span_says_what_it_would_have_been() {
        let rows = describe_at(&[0xC0, 0xAF], 0);
        assert_eq!(value(&rows, "Invalid"), "overlong: C0");
        assert_eq!(value(&rows, "Would be"), "U+002F /");
        assert!(rows.iter().any(|r| r.tone == Tone::Error));
    }
}
