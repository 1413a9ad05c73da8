//! The worked examples of "U+FFFD substitution of maximal subparts" (The Unicode
//! Standard §3.9 and public review 121), from tests/data/unicode-u+fffd-tables.txt.

mod common;

use common::{kind_named, scan_spans};
use utf8scope::model::{Text, UnitKind, Window};

struct Example {
    name: String,
    bytes: Vec<u8>,
    spans: Vec<(u64, u8, String)>,
}

fn examples() -> Vec<Example> {
    let text = include_str!("data/unicode-u+fffd-tables.txt");
    let mut examples = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let name = fields.next().unwrap().to_string();
        let mut bytes = Vec::new();
        let mut spans = Vec::new();
        for field in fields {
            if let Some((place, kind)) = field.split_once(':') {
                let (offset, len) = place.split_once('+').unwrap();
                spans.push((
                    offset.parse().unwrap(),
                    len.parse().unwrap(),
                    kind.to_string(),
                ));
            } else {
                bytes.push(u8::from_str_radix(field, 16).unwrap());
            }
        }
        examples.push(Example { name, bytes, spans });
    }
    examples
}

#[test]
fn the_file_has_all_five_examples() {
    let names: Vec<_> = examples().into_iter().map(|e| e.name).collect();
    assert_eq!(
        names,
        [
            "table-3-8",
            "table-3-9",
            "table-3-10",
            "table-3-11",
            "pr-121"
        ]
    );
}

#[test]
fn the_scan_reports_exactly_the_listed_spans() {
    for example in examples() {
        let got: Vec<_> = scan_spans(&example.bytes)
            .into_iter()
            .map(|s| (s.span.offset, s.span.len, s.span.kind.name().to_string()))
            .collect();
        assert_eq!(got, example.spans, "{}", example.name);
    }
}

#[test]
fn random_access_agrees_at_every_offset() {
    for example in examples() {
        let source = Text::from_bytes("t", example.bytes.clone());
        for (offset, len, kind) in &example.spans {
            for inside in *offset..offset + u64::from(*len) {
                let window = Window::load(&source, inside, inside + 1).unwrap();
                let unit = window.unit_at(inside).unwrap();
                assert_eq!(
                    (unit.offset, unit.len),
                    (*offset, *len),
                    "{} @{inside}",
                    example.name
                );
                assert_eq!(unit.kind, UnitKind::Invalid(kind_named(kind)));
            }
        }
    }
}
