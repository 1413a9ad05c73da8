//! What the info panel says about the unit under the cursor, as plain rows of
//! text (no terminal types): the byte, its role, and the character's encodings
//! or the error and what the bits would have meant. What a unit is comes from
//! `model::explain`, as for `utf8scope explain`.

use super::app::SelectionSummary;
use crate::display::{escape_for_terminal, hex_bytes, thousands};
use crate::draw::glyph::glyph;
use crate::model::encoding::{Confidence, Detection};
use crate::model::explain::{CharFacts, InvalidFacts, graphemes};
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
                finding.described()
            ),
            tone: Tone::Warning,
        });
        if let Some(repair) = finding.repair() {
            let repair = escape_for_terminal(repair);
            rows.push(row("Meant", format!("\u{201c}{repair}\u{201d}")));
        }
        // How it came about, a layer at a time, char by char.
        for step in finding.steps_in_words() {
            rows.push(row("How", escape_for_terminal(&step).into_owned()));
        }
    }
    rows
}

/// What the info panel says of the selection: its range, what it holds,
/// and its size in UTF-16 and UTF-32.
pub fn describe_selection(selection: &SelectionSummary) -> Vec<InfoRow> {
    let ((start, end), summary) = selection;
    let len = end - start;
    let mut rows = vec![row(
        "Selected",
        format!(
            "{start:#x}–{:#x}, {} byte{} (y copies, Y as hex)",
            end - 1,
            thousands(len),
            if len == 1 { "" } else { "s" }
        ),
    )];
    match summary {
        Some(s) => {
            let plural = |n: usize, word: &str| {
                format!(
                    "{} {word}{}",
                    thousands(n as u64),
                    if n == 1 { "" } else { "s" }
                )
            };
            rows.push(row(
                "Holds",
                format!(
                    "{}, {}, {}",
                    plural(s.code_points, "code point"),
                    plural(s.graphemes, "grapheme"),
                    plural(s.invalid_spans, "invalid span")
                ),
            ));
            rows.push(row(
                "As",
                format!(
                    "UTF-16 {} bytes, UTF-32 {} bytes",
                    thousands(s.utf16 as u64),
                    thousands(s.utf32 as u64)
                ),
            ));
        }
        None => rows.push(row("Holds", "too large to sum up at each key (over 1 MiB)")),
    }
    rows
}

/// Describes the byte at `offset` and the unit holding it (and, on an
/// invalid span of a UTF-8 file, `legacy_reading`: what its run reads as
/// in the file's legacy rows' encoding).
pub fn describe(
    window: &Window,
    offset: u64,
    legacy_reading: Option<&(Detection, String)>,
) -> Vec<InfoRow> {
    let (Some(unit), Some(byte)) = (window.unit_at(offset), window.byte(offset)) else {
        return vec![row("Offset", "end of file")];
    };
    let encoding = window.encoding();
    let unit_bytes = window.bytes_of(unit);
    let index = (offset - unit.offset) as usize;
    let mut rows = vec![
        row("Offset", format!("{offset:#010x} ({offset})")),
        row("Byte", format!("{byte:02X}  {byte}  0b{byte:08b}")),
        row("Role", encoding.codec().byte_role(unit_bytes, index)),
    ];
    match unit.kind {
        UnitKind::Char(c) => {
            if !encoding.is_utf8() {
                rows.push(row("In file", in_file(encoding, unit_bytes, c)));
            }
            describe_char(c, &mut rows);
            describe_grapheme(window, offset, &mut rows);
        }
        UnitKind::Shift => rows.push(row("Shift", encoding.codec().shift_meaning(unit_bytes))),
        UnitKind::Invalid(kind) if !encoding.is_utf8() => {
            rows.push(InfoRow {
                label: "Invalid",
                value: format!("{kind} in {encoding}: {}", hex_bytes(unit_bytes)),
                tone: Tone::Error,
            });
            rows.push(InfoRow {
                label: "Why",
                value: kind.explanation_in(encoding).to_string(),
                tone: Tone::Error,
            });
            rows.push(row("Shown as", "� (U+FFFD, one per span)"));
        }
        UnitKind::Invalid(_) => {
            describe_invalid(window, unit, &mut rows);
            describe_legacy_reading(legacy_reading, &mut rows);
        }
    }
    rows
}

/// Both readings of the bytes `[start, end)` (a finding's, or the unit's
/// under the cursor): as the file is read (`window`) and as the second
/// reading reads them (`also`).
pub fn describe_readings(window: &Window, also: &Window, (start, end): (u64, u64)) -> Vec<InfoRow> {
    vec![
        row(
            "Reads",
            format!(
                "{}: \u{201c}{}\u{201d}",
                window.encoding(),
                reading_of(window, start, end)
            ),
        ),
        row(
            "Also",
            format!(
                "{}: \u{201c}{}\u{201d}",
                also.encoding(),
                reading_of(also, start, end)
            ),
        ),
    ]
}

/// The most chars a reading in the info panel shows.
const MAX_READING: usize = 64;

/// What the units of `window` over `[start, end)` say, as glyphs (an
/// invalid span as �), cut at [`MAX_READING`] chars.
fn reading_of(window: &Window, start: u64, end: u64) -> String {
    let mut shown = String::new();
    let units = window
        .units()
        .iter()
        .filter(|u| u.offset < end && u.end() > start);
    for (count, unit) in units.enumerate() {
        if count == MAX_READING {
            shown.push('…');
            break;
        }
        match unit.kind {
            UnitKind::Char(c) => shown.push_str(&glyph(c).text),
            UnitKind::Invalid(_) => shown.push('\u{FFFD}'),
            UnitKind::Shift => {}
        }
    }
    shown
}

/// How a character stands in the file's own encoding: its bytes, and for
/// UTF-16 and UTF-32 which byte is high.
fn in_file(encoding: crate::model::Encoding, bytes: &[u8], c: char) -> String {
    let code_point = format!("U+{:04X}", c as u32);
    match encoding.codec().code_units(bytes) {
        Some((units, order)) => format!(
            "{encoding} {} = {units} = {code_point} ({order})",
            hex_bytes(bytes)
        ),
        None => format!(
            "{} in {encoding} = {code_point} {}",
            hex_bytes(bytes),
            glyph(c).text
        ),
    }
}

/// For an invalid span of a UTF-8 file: what its run reads as in the
/// legacy encoding the file's rows are read in (the runtime worked it out).
fn describe_legacy_reading(reading: Option<&(Detection, String)>, rows: &mut Vec<InfoRow>) {
    let Some((detection, text)) = reading else {
        return;
    };
    let sure = match detection.confidence {
        Confidence::Tentative => ", a guess",
        Confidence::Ambiguous => ", ambiguous",
        _ => "",
    };
    rows.push(row(
        "As",
        format!(
            "{}{sure}: \u{201c}{}\u{201d} (fix --invalid legacy reads such rows)",
            detection.encoding,
            escape_for_terminal(text)
        ),
    ));
}

fn describe_char(c: char, rows: &mut Vec<InfoRow>) {
    let facts = CharFacts::of(c);
    let shown = glyph(c);
    rows.push(row(
        "Char",
        format!("{}  {}", facts.code_point(), shown.text),
    ));
    rows.push(row(
        "Name",
        facts
            .name
            .clone()
            .unwrap_or_else(|| "(no name)".to_string()),
    ));
    let width = facts
        .width
        .map_or("none (control)".into(), |w| w.to_string());
    rows.push(row(
        "Category",
        format!(
            "{} ({}), width {width}",
            facts.category, facts.category_name
        ),
    ));
    rows.push(row("Script", facts.script));
    rows.push(row("UTF-8", hex_bytes(&facts.utf8_bytes())));
    let bits: Vec<String> = facts
        .utf8
        .iter()
        .map(|b| format!("{} {}", b.markers, b.payload))
        .collect();
    rows.push(row("Bits", bits.join(" | ")));
    let payload: Vec<&str> = facts.utf8.iter().map(|b| b.payload.as_str()).collect();
    rows.push(row(
        "",
        format!("→ {} = {}", payload.join(" "), facts.code_point()),
    ));
    let utf16: Vec<String> = facts.utf16().iter().map(|u| format!("{u:04X}")).collect();
    rows.push(row("UTF-16", utf16.join(" ")));
    if let Some(math) = facts.surrogate_math() {
        // The arithmetic, a step a row so it fits the panel.
        for step in math.split("; ") {
            rows.push(row("", step.to_string()));
        }
    }
    rows.push(row("UTF-32", format!("{:08X}", c as u32)));
}

/// The grapheme around `offset`, when it is more than one code point: the
/// reader sees one character where the file has several.
fn describe_grapheme(window: &Window, offset: u64, rows: &mut Vec<InfoRow>) {
    // The valid text of the window around the unit, decoded.
    let units = window.units();
    let Some(index) = window.unit_index_at(offset) else {
        return;
    };
    let is_char = |u: &Unit| matches!(u.kind, UnitKind::Char(_));
    let first = units[..index]
        .iter()
        .rposition(|u| !is_char(u))
        .map_or(0, |i| i + 1);
    let last = units[index..]
        .iter()
        .position(|u| !is_char(u))
        .map_or(units.len(), |i| index + i);
    let mut text = String::new();
    let mut starts = Vec::new();
    for unit in &units[first..last] {
        if let UnitKind::Char(c) = unit.kind {
            starts.push((text.len(), unit.offset));
            text.push(c);
        }
    }
    let at = starts
        .iter()
        .find(|(_, unit_offset)| *unit_offset == units[index].offset)
        .map(|(at, _)| *at);
    let Some(at) = at else { return };
    let mut start = 0;
    for grapheme in graphemes(&text) {
        let end = start + grapheme.text.len();
        if (start..end).contains(&at) && grapheme.parts.len() > 1 {
            let parts: Vec<String> = grapheme
                .parts
                .iter()
                .map(|&p| format!("U+{:04X}", p as u32))
                .collect();
            rows.push(row(
                "Grapheme",
                format!("{} code points: {}", parts.len(), parts.join(" + ")),
            ));
            if let Some(nfc) = &grapheme.nfc {
                let composed: Vec<String> = nfc
                    .chars()
                    .map(|c| format!("U+{:04X} {}", c as u32, glyph(c).text))
                    .collect();
                rows.push(row("NFC", composed.join(" + ")));
            }
            return;
        }
        start = end;
    }
}

fn describe_invalid(window: &Window, unit: &Unit, rows: &mut Vec<InfoRow>) {
    let bytes = window.bytes_of(unit);
    // The decoder looks past the span: so does the explanation.
    let following: Vec<u8> = (1..=3)
        .map_while(|i| window.byte(unit.end() + i - 1))
        .collect();
    let facts = InvalidFacts::of(bytes, &following);
    rows.push(InfoRow {
        label: "Invalid",
        value: format!("{}: {}", facts.kind, hex_bytes(bytes)),
        tone: Tone::Error,
    });
    rows.push(InfoRow {
        label: "Why",
        value: facts.kind.explanation().to_string(),
        tone: Tone::Error,
    });
    rows.push(row("Rule", facts.rule.clone()));
    if let Some(value) = facts.would_be {
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
    use crate::model::text::Text;

    fn describe_at(bytes: &[u8], offset: u64) -> Vec<InfoRow> {
        let source = Text::from_bytes("t", bytes.to_vec());
        let window = Window::load(&source, 0, source.len()).unwrap();
        describe(&window, offset, None)
    }

    #[test]
    fn a_mojibake_finding_shows_what_it_meant_and_how_char_by_char() {
        let source = Text::from_bytes("t", "Le cafÃ© est prÃªt\n".as_bytes().to_vec());
        let findings = crate::model::findings::findings_of(&source).unwrap();
        let rows = describe_findings(&findings);
        assert_eq!(value(&rows, "Meant"), "\u{201c}café\u{201d}");
        let how: Vec<&str> = rows
            .iter()
            .filter(|r| r.label == "How")
            .map(|r| r.value.as_str())
            .collect();
        assert_eq!(
            how,
            [
                "UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é",
                "UTF-8 read as windows-1252: Ã = C3, ª = AA → C3 AA = ê"
            ]
        );
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
        assert!(
            rows.iter()
                .any(|r| r.value == "0x1F600 − 0x10000 = 0x0F600")
        );
        assert!(
            rows.iter()
                .any(|r| r.value == "high 10 bits 0x03D + 0xD800 = D83D")
        );
        assert!(
            rows.iter()
                .any(|r| r.value == "low 10 bits 0x200 + 0xDC00 = DE00")
        );
    }

    #[test]
    fn controls_are_named_by_alias_and_graphemes_are_shown() {
        let rows = describe_at(b"a\n", 1);
        assert_eq!(value(&rows, "Name"), "LINE FEED (LF)");
        let rows = describe_at("xu\u{308}y".as_bytes(), 2);
        assert_eq!(value(&rows, "Grapheme"), "2 code points: U+0075 + U+0308");
        assert_eq!(value(&rows, "NFC"), "U+00FC ü");
    }

    #[test]
    fn a_utf16_pair_shows_its_bytes_and_which_is_high() {
        let bytes = [0x41, 0x00, 0x03, 0xD8, 0x0C, 0xDC];
        let source =
            Source::from_bytes("t", bytes.to_vec()).in_encoding(crate::model::Encoding::UTF_16LE);
        let window = Window::load(&source, 0, source.len()).unwrap();
        let rows = describe(&window, 3, None);
        assert_eq!(
            value(&rows, "Role"),
            "high byte of D803, a high surrogate, marker 110110"
        );
        assert_eq!(
            value(&rows, "In file"),
            "UTF-16LE 03 D8 0C DC = D803 DC0C = U+10C0C (little-endian: the last byte of each unit is its high byte)"
        );
        assert!(
            rows.iter()
                .any(|r| r.value == "high 10 bits 0x003 + 0xD800 = D803")
        );
        assert_eq!(value(&rows, "UTF-8"), "F0 90 B0 8C");
    }

    #[test]
    fn a_legacy_byte_shows_its_table_entry_and_a_utf8_span_its_reading() {
        let source = Source::from_bytes("t", b"caf\xe9".to_vec())
            .in_encoding(crate::model::Encoding::for_label("windows-1252").unwrap());
        let window = Window::load(&source, 0, source.len()).unwrap();
        assert_eq!(
            value(&describe(&window, 3, None), "In file"),
            "E9 in windows-1252 = U+00E9 é"
        );
        // The reading the runtime worked out for a UTF-8 span is shown.
        let source = Text::from_bytes("t", b"caf\xe9 cr\xe8me".to_vec());
        let window = Window::load(&source, 0, source.len()).unwrap();
        let encoding = crate::model::Encoding::for_label("windows-1252").unwrap();
        let mut detection = Detection::certain(encoding, crate::model::encoding::Evidence::Guess);
        detection.confidence = Confidence::Tentative;
        let reading = (detection, "é".to_string());
        assert_eq!(
            value(&describe(&window, 3, Some(&reading)), "As"),
            "windows-1252, a guess: \u{201c}é\u{201d} (fix --invalid legacy reads such rows)"
        );
    }

    #[test]
    fn an_overlong_span_says_what_it_would_have_been() {
        let rows = describe_at(&[0xC0, 0xAF], 0);
        assert_eq!(value(&rows, "Invalid"), "overlong: C0");
        assert_eq!(value(&rows, "Would be"), "U+002F /");
        assert!(value(&rows, "Rule").starts_with("C0 could only start a 2-byte form"));
        assert!(rows.iter().any(|r| r.tone == Tone::Error));
    }
}
