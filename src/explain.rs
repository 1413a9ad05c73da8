//! `utf8scope explain`: every character of a text, every code point named
//! `U+XXXX`, or every unit of a byte sequence (`--bytes`), explained as a
//! class needs it: bits, payload, UTF-16 and UTF-32, and for an invalid
//! span the rule it broke. What a unit is comes from `model::explain`,
//! which the inspector says it from too.

use std::fmt::Write as _;
use std::io::{self, Write};

use ratatui::style::Style;
use serde_json::json;
use unicode_width::UnicodeWidthStr;

use crate::display::hex_bytes;
use crate::draw::glyph::glyph;
use crate::draw::line::{Styling, styled_into};
use crate::draw::page::{self, LegendEntry, PageTheme};
use crate::json::write_json_line;
use crate::model::explain::{
    CharFacts, ExplainedUnit, Facts, InvalidFacts, explain_bytes, graphemes, text_totals,
};

/// The output formats of `explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExplainFormat {
    /// For people: a block per character.
    Text,
    /// One JSON object per unit.
    Jsonl,
    /// A self-contained HTML page (colours from `--theme`).
    Html,
    /// A self-contained SVG picture (colours from `--theme`).
    Svg,
}

/// What to explain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// A text (its arguments joined with spaces, `U+XXXX` ones as code points).
    Text(String),
    /// Bytes, split as the decoder splits them.
    Bytes(Vec<u8>),
}

/// Reads the arguments: with `bytes`, hex pairs (`"E0 80 AF"`, `e080af`,
/// `\xE0\x80`); else text, where an argument `U+XXXX` is one code point.
/// The error is one line saying which argument is wrong and why.
pub fn parse_subject(arguments: &[String], bytes: bool) -> Result<Subject, String> {
    if bytes {
        return parse_hex(&arguments.join(" ")).map(Subject::Bytes);
    }
    let mut text = String::new();
    let mut last_was_text = false;
    for argument in arguments {
        match parse_code_point(argument)? {
            Some(c) => {
                text.push(c);
                last_was_text = false;
            }
            None => {
                // Text arguments are joined with spaces, as echo joins them.
                if last_was_text {
                    text.push(' ');
                }
                text.push_str(argument);
                last_was_text = true;
            }
        }
    }
    Ok(Subject::Text(text))
}

/// `U+20AC` as a character; `None` if the argument is not of that form.
fn parse_code_point(argument: &str) -> Result<Option<char>, String> {
    let Some(digits) = argument
        .strip_prefix("U+")
        .or_else(|| argument.strip_prefix("u+"))
    else {
        return Ok(None);
    };
    if digits.is_empty() || digits.len() > 6 || !digits.chars().all(|c| c.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let value = u32::from_str_radix(digits, 16).expect("hex digits");
    match char::from_u32(value) {
        Some(c) => Ok(Some(c)),
        None if (0xD800..=0xDFFF).contains(&value) => Err(format!(
            "U+{value:04X} is a surrogate, not a character: UTF-16 uses it in pairs, and UTF-8 \
             may not encode it (try `utf8scope explain --bytes` on its would-be bytes)"
        )),
        None => Err(format!(
            "U+{value:X} is above U+10FFFF, the last code point"
        )),
    }
}

/// Hex pairs, with or without spaces, commas, `0x` or `\x`.
fn parse_hex(text: &str) -> Result<Vec<u8>, String> {
    let cleaned = text
        .replace("\\x", " ")
        .replace("0x", " ")
        .replace("0X", " ");
    let mut digits = String::new();
    for c in cleaned.chars() {
        match c {
            c if c.is_ascii_hexdigit() => digits.push(c),
            c if c.is_whitespace() || c == ',' => {}
            c => {
                return Err(format!(
                    "--bytes takes hex pairs such as \"E0 80 AF\"; {} is not a hex digit",
                    crate::display::escape_for_terminal(&c.to_string())
                ));
            }
        }
    }
    if digits.is_empty() {
        return Err("--bytes takes hex pairs such as \"E0 80 AF\"; none were given".into());
    }
    if digits.len() % 2 == 1 {
        return Err(format!(
            "--bytes takes whole bytes: {} hex digits are an odd number",
            digits.len()
        ));
    }
    Ok((0..digits.len() / 2)
        .map(|i| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).expect("hex digits"))
        .collect())
}

/// Writes the explanation of `subject` as `format` says: text (in ANSI
/// colours if `color`), JSON lines, or a page or picture in `theme`'s
/// colours.
pub fn explain(
    subject: &Subject,
    format: ExplainFormat,
    color: bool,
    theme: PageTheme,
    out: &mut impl Write,
) -> io::Result<()> {
    let bytes = match subject {
        Subject::Text(text) => text.as_bytes(),
        Subject::Bytes(bytes) => bytes.as_slice(),
    };
    let units = explain_bytes(bytes);
    let explained = |styling| Painter { styling }.explanation(subject, &units);
    match format {
        ExplainFormat::Jsonl => units
            .iter()
            .try_for_each(|unit| write_json_line(out, &unit_json(unit))),
        ExplainFormat::Text => {
            let styling = if color { Styling::Ansi } else { Styling::Plain };
            out.write_all(explained(styling).as_bytes())
        }
        ExplainFormat::Html => {
            out.write_all(page::header(theme, TITLE).as_bytes())?;
            out.write_all(explained(Styling::Html).as_bytes())?;
            out.write_all(page::footer(&legend(&units)).as_bytes())
        }
        ExplainFormat::Svg => {
            // The picture's size comes first: the plain lines give it.
            let plain = explained(Styling::Plain);
            let lines = plain.lines().count() as u32;
            let columns = plain.lines().map(UnicodeWidthStr::width).max();
            let columns = u16::try_from(columns.unwrap_or(0)).unwrap_or(u16::MAX);
            let mut body = String::new();
            for line in explained(Styling::Svg).lines() {
                let _ = writeln!(body, "{}{line}</tspan>", page::svg_line_start());
            }
            let picture = page::svg_picture(theme, TITLE, &body, lines, columns, &legend(&units));
            out.write_all(picture.as_bytes())
        }
    }
}

/// The title of an explanation's page or picture.
const TITLE: &str = "utf8scope explain";

/// The styles of an explanation, by what they mark.
mod looks {
    use ratatui::style::{Modifier, Style};

    use crate::palette;

    /// A code point, a heading.
    pub const STRONG: Style = Style::new().add_modifier(Modifier::BOLD);
    /// Marker bits.
    pub const MARKERS: Style = Style::new().add_modifier(Modifier::DIM);
    /// Payload bits.
    pub const PAYLOAD: Style = Style::new().fg(palette::PAYLOAD[0].ratatui());
    /// The labels of a character's facts.
    pub const LABEL: Style = Style::new().fg(palette::LABEL.ratatui());
    /// An invalid span's heading.
    pub const ERROR: Style = Style::new()
        .add_modifier(Modifier::BOLD)
        .fg(palette::ERROR.ratatui());
}

/// What the colours of an explanation's page or picture mean (an invalid
/// span's only where `units` hold one).
fn legend(units: &[ExplainedUnit]) -> Vec<LegendEntry> {
    let mut legend = vec![
        (looks::MARKERS, "1110", "marker bits"),
        (looks::PAYLOAD, "0010", "payload bits"),
    ];
    if units.iter().any(|u| matches!(u.facts, Facts::Invalid(_))) {
        legend.push((looks::ERROR, "invalid span", "bytes that are no character"));
    }
    legend
}

/// One unit as a JSON object (the keys of `explain --format jsonl`).
fn unit_json(unit: &ExplainedUnit) -> serde_json::Value {
    let hex = |bytes: &[u8]| hex_bytes(bytes);
    match &unit.facts {
        Facts::Char(c) => {
            let utf16: Vec<String> = c.utf16().iter().map(|u| format!("{u:04X}")).collect();
            json!({
                "offset": unit.offset,
                "bytes": hex(&c.utf8_bytes()),
                "char": c.c.to_string(),
                "code_point": c.code_point(),
                "name": c.name,
                "category": c.category,
                "script": c.script,
                "width": c.width,
                "utf8": hex(&c.utf8_bytes()),
                "utf16": utf16.join(" "),
                "utf16le": hex(&c.utf16le()),
                "utf16be": hex(&c.utf16be()),
                "utf32le": hex(&c.utf32le()),
                "utf32be": hex(&c.utf32be()),
            })
        }
        Facts::Invalid(span) => json!({
            "offset": unit.offset,
            "bytes": hex(&span.bytes),
            "kind": span.kind.name(),
            "reason": span.kind.explanation(),
            "rule": span.rule,
            "would_be": span.would_be_text(),
        }),
    }
}

/// Writes an explanation's lines: styled as `styling` says, every piece of
/// text (names and glyphs too) escaped in a page or a picture.
struct Painter {
    styling: Styling,
}

impl Painter {
    /// `text` in `style`.
    fn paint(&self, style: Style, text: &str) -> String {
        let mut out = String::new();
        styled_into(&mut out, self.styling, style, text);
        out
    }

    /// `text` unstyled (escaped in a page or a picture).
    fn text(&self, text: &str) -> String {
        self.paint(Style::new(), text)
    }

    /// The explanation of `subject`, whose units are `units`: a block a
    /// unit, and a line of totals.
    fn explanation(&self, subject: &Subject, units: &[ExplainedUnit]) -> String {
        let mut out = String::new();
        match subject {
            Subject::Text(text) => {
                let mut units = units.iter();
                for grapheme in graphemes(text) {
                    if grapheme.parts.len() > 1 {
                        let _ = writeln!(out, "{}", self.grapheme_line(&grapheme));
                    }
                    for unit in units.by_ref().take(grapheme.parts.len()) {
                        self.write_unit(unit, &mut out);
                    }
                }
                let totals = text_totals(text);
                let _ = writeln!(
                    out,
                    "{} code point{} ({} grapheme{}): UTF-8 {} bytes, UTF-16 {} bytes, UTF-32 {} bytes",
                    totals.code_points,
                    if totals.code_points == 1 { "" } else { "s" },
                    totals.graphemes,
                    if totals.graphemes == 1 { "" } else { "s" },
                    totals.utf8,
                    totals.utf16,
                    totals.utf32
                );
            }
            Subject::Bytes(bytes) => {
                for unit in units {
                    self.write_unit(unit, &mut out);
                }
                let invalid = units
                    .iter()
                    .filter(|u| matches!(u.facts, Facts::Invalid(_)))
                    .count();
                let _ = writeln!(
                    out,
                    "{} byte{}: {} character{}, {} invalid span{}",
                    bytes.len(),
                    if bytes.len() == 1 { "" } else { "s" },
                    units.len() - invalid,
                    if units.len() - invalid == 1 { "" } else { "s" },
                    invalid,
                    if invalid == 1 { "" } else { "s" }
                );
            }
        }
        out
    }

    /// Bytes as bits, markers apart from payload: styled, quiet markers
    /// and coloured payload; else `1110|0010`.
    fn bits(&self, bytes: &[u8]) -> String {
        let groups: Vec<String> = crate::model::explain::byte_bits(bytes)
            .iter()
            .map(|b| match self.styling {
                Styling::Plain => format!("{}|{}", b.markers, b.payload),
                _ => format!(
                    "{}{}",
                    self.paint(looks::MARKERS, &b.markers),
                    self.paint(looks::PAYLOAD, &b.payload)
                ),
            })
            .collect();
        groups.join(" ")
    }

    fn grapheme_line(&self, grapheme: &crate::model::explain::Grapheme) -> String {
        let parts: Vec<String> = grapheme
            .parts
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                if i == 0 {
                    glyph(c).text.to_string()
                } else {
                    let name = crate::model::explain::char_name(c).unwrap_or_default();
                    format!("U+{:04X} {name}", c as u32)
                }
            })
            .collect();
        // Drawn as it is when that is safe, so the marks sit on their base.
        let shown: String = if grapheme
            .text
            .chars()
            .any(crate::display::is_unsafe_for_terminal)
        {
            grapheme.parts.iter().map(|&c| glyph(c).text).collect()
        } else {
            grapheme.text.clone()
        };
        let mut line = format!(
            "{}{}",
            self.paint(looks::STRONG, "grapheme"),
            self.text(&format!(" “{shown}” = {}", parts.join(" + ")))
        );
        match &grapheme.nfc {
            Some(nfc) => {
                let composed: Vec<String> = nfc
                    .chars()
                    .map(|c| format!("{} U+{:04X}", glyph(c).text, c as u32))
                    .collect();
                let composed = format!("; precomposed (NFC): {}", composed.join(" + "));
                line.push_str(&self.text(&composed));
            }
            None => line.push_str("; no precomposed form"),
        }
        line
    }

    fn write_unit(&self, unit: &ExplainedUnit, out: &mut String) {
        match &unit.facts {
            Facts::Char(c) => self.write_char(c, out),
            Facts::Invalid(span) => self.write_invalid(unit.offset, span, out),
        }
    }

    fn write_char(&self, c: &CharFacts, out: &mut String) {
        let label = |text: &str| self.paint(looks::LABEL, text);
        let name = c.name.as_deref().unwrap_or("(no name)");
        let _ = writeln!(
            out,
            "{}{}",
            self.paint(looks::STRONG, &c.code_point()),
            self.text(&format!(" {name}  “{}”", glyph(c.c).text))
        );
        let width = c
            .width
            .map_or("none (control)".to_string(), |w| w.to_string());
        let _ = writeln!(
            out,
            "  {}{}",
            label("category"),
            self.text(&format!(
                "  {} ({}), script {}, width {width}",
                c.category, c.category_name, c.script
            ))
        );
        let utf8 = c.utf8_bytes();
        let _ = writeln!(
            out,
            "  {}     {:<12} {}",
            label("UTF-8"),
            hex_bytes(&utf8),
            self.bits(&utf8)
        );
        let payload: Vec<&str> = c.utf8.iter().map(|b| b.payload.as_str()).collect();
        let (nibbles, digits) = c.payload_nibbles();
        let _ = writeln!(
            out,
            "            payload {} = {nibbles} = {digits} → {}",
            payload.join(" "),
            c.code_point()
        );
        let utf16: Vec<String> = c.utf16().iter().map(|u| format!("{u:04X}")).collect();
        let _ = writeln!(
            out,
            "  {}    {:<12} LE {}  BE {}",
            label("UTF-16"),
            utf16.join(" "),
            hex_bytes(&c.utf16le()),
            hex_bytes(&c.utf16be())
        );
        if let Some(math) = c.surrogate_math() {
            let _ = writeln!(out, "            {}", self.text(&math));
        }
        let _ = writeln!(
            out,
            "  {}    {:<12} LE {}  BE {}",
            label("UTF-32"),
            format!("{:08X}", c.c as u32),
            hex_bytes(&c.utf32le()),
            hex_bytes(&c.utf32be())
        );
    }

    fn write_invalid(&self, offset: usize, span: &InvalidFacts, out: &mut String) {
        let label = |text: &str| self.paint(looks::LABEL, text);
        let _ = writeln!(
            out,
            "{} at offset {offset}: {}",
            self.paint(looks::ERROR, &format!("invalid span ({})", span.kind)),
            hex_bytes(&span.bytes)
        );
        let _ = writeln!(
            out,
            "  {}      {}",
            label("why"),
            self.text(span.kind.explanation())
        );
        let _ = writeln!(out, "  {}     {}", label("rule"), self.text(&span.rule));
        let _ = writeln!(out, "  {}     {}", label("bits"), self.bits(&span.bytes));
        if let Some(value) = span.would_be {
            let meaning = match char::from_u32(value) {
                Some(c) => format!("U+{value:04X} “{}”", glyph(c).text),
                None => format!("U+{value:04X} (not a character)"),
            };
            let _ = writeln!(out, "  {} {}", label("would be"), self.text(&meaning));
        }
    }
}

/// Writes the encodings `--encoding` and `--from` take: name, unit size and
/// byte order mark, one a line.
pub fn list_encodings(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{:<16} {:<12} BOM", "encoding", "unit")?;
    for encoding in crate::model::Encoding::all() {
        let codec = encoding.codec();
        let unit = codec.unit_sizes();
        let bom = match codec.bom() {
            [] => String::new(),
            bom => crate::display::hex_bytes(bom),
        };
        let line = format!("{:<16} {unit:<12} {bom}", encoding.name());
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_text_code_points_or_hex() {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_subject(&args(&["Папа", "Hello"]), false),
            Ok(Subject::Text("Папа Hello".into()))
        );
        assert_eq!(
            parse_subject(&args(&["U+10C0C", "u+1f600"]), false),
            Ok(Subject::Text("\u{10C0C}\u{1F600}".into()))
        );
        assert!(
            parse_subject(&args(&["U+D800"]), false)
                .unwrap_err()
                .contains("surrogate")
        );
        assert_eq!(
            parse_subject(&args(&["E0 80 AF", "c3a9", "\\xff,0x41"]), true),
            Ok(Subject::Bytes(vec![
                0xE0, 0x80, 0xAF, 0xC3, 0xA9, 0xFF, 0x41
            ]))
        );
        assert!(
            parse_subject(&args(&["E0 8"]), true)
                .unwrap_err()
                .contains("odd")
        );
        assert!(
            parse_subject(&args(&["zz"]), true)
                .unwrap_err()
                .contains("not a hex digit")
        );
    }
}
