//! The engine's answers as plain Python values (tuples of strings and
//! numbers, which pickle and cross processes as they are); the package's
//! Python half turns them into dataclasses.

use utf8scope::model::encoding::Detection;
use utf8scope::model::findings::{Finding, Mojibake};

use crate::texts::CharOffsets;

/// A run of mojibake: char start and end, byte start and end, the text
/// seen, its repair, its chain, its steps, every reading, and why it is
/// left as it is when it is.
pub type RunTuple = (
    usize,
    usize,
    usize,
    usize,
    String,
    Option<String>,
    String,
    Vec<String>,
    Vec<(String, String)>,
    Option<String>,
);

/// A run of mojibake of `text` as a [`RunTuple`].
pub fn run_tuple(text: &str, run: &Mojibake, offsets: &mut CharOffsets) -> RunTuple {
    let seen = &text[run.range.clone()];
    let start = offsets.of(run.range.start);
    let end = offsets.of(run.range.end);
    (
        start,
        end,
        run.range.start,
        run.range.end,
        seen.to_string(),
        run.repair().map(str::to_string),
        run.chain(),
        run.steps(seen).iter().map(|step| step.describe()).collect(),
        run.readings
            .iter()
            .map(|reading| (reading.text.clone(), reading.chain.describe()))
            .collect(),
        run.why_left(),
    )
}

/// A finding: kind, severity, (char start, char end), (byte start, byte
/// end), (line, column), detail, count, and for mojibake (its repair, its
/// chain, its steps).
pub type FindingTuple = (
    &'static str,
    &'static str,
    (usize, usize),
    (u64, u64),
    (u64, u64),
    String,
    u64,
    Option<(Option<String>, String, Vec<String>)>,
);

/// `finding` as a [`FindingTuple`].
pub fn finding_tuple(finding: &Finding, offsets: &mut CharOffsets) -> FindingTuple {
    let start = offsets.of(finding.offset as usize);
    let end = offsets.of((finding.offset + finding.len) as usize);
    (
        finding.kind.name(),
        finding.severity.name(),
        (start, end),
        (finding.offset, finding.offset + finding.len),
        (finding.line, finding.column),
        finding.detail.clone(),
        finding.count,
        (finding.mojibake.as_deref()).map(|m| {
            let steps = m.steps.iter().map(|step| step.describe()).collect();
            (m.repair().map(str::to_string), m.chain(), steps)
        }),
    )
}

/// A detection: encoding, confidence, evidence, runners-up, BOM length,
/// language (ISO 639-1), reasons.
pub type DetectionTuple = (
    &'static str,
    &'static str,
    &'static str,
    Vec<&'static str>,
    usize,
    Option<&'static str>,
    Vec<String>,
);

/// `found` as a [`DetectionTuple`].
pub fn detection_tuple(found: &Detection) -> DetectionTuple {
    (
        found.encoding.name(),
        found.confidence.name(),
        found.evidence.name(),
        found.alternatives.iter().map(|e| e.name()).collect(),
        found.bom_len,
        found.language.map(|language| language.code),
        found.reasons.iter().map(ToString::to_string).collect(),
    )
}
