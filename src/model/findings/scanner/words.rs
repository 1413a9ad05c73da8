//! The findings that whole words make: mojibake runs and words that mix
//! scripts with look-alike letters.

use super::{FindingsScanner, Position};
use crate::display::quote_short;
use crate::model::findings::kinds::char_label;
use crate::model::findings::mixed_script::find_mixed_script;
use crate::model::findings::mojibake::overlapping;
use crate::model::findings::{FindingKind, MojibakeFinding};

impl FindingsScanner {
    /// Adds a finding for each mojibake run and each mixed-script word of
    /// `text`, which starts at `start`. Mojibake often mixes scripts
    /// ("cafГ©"), so words inside a mojibake run are not looked at again.
    pub(super) fn mojibake_and_look_alikes_in(
        &mut self,
        text: &str,
        start: u64,
        piece_at: Position,
    ) {
        // (Every line is read for the other findings anyway.)
        let runs = self.repairer.find_every_line(text);
        let mut positions = Positions::from(text, piece_at);
        for word in find_mixed_script(text, self.repairer.settings().backend) {
            if !overlapping(&runs, &word.range).is_empty() {
                continue;
            }
            let seen = &text[word.range.clone()];
            let detail = format!(
                "\u{201c}{}\u{201d} mixes scripts: {} with {} ({}), a look-alike of \u{201c}{}\u{201d}",
                quote_short(seen),
                word.main_script.full_name(),
                char_label(word.intruder),
                word.intruder_script.full_name(),
                quote_short(&word.looks_like)
            );
            let position = positions.of(word.range.start);
            self.add_at(
                start + word.range.start as u64,
                seen.as_bytes(),
                position,
                FindingKind::MixedScript,
                detail,
            );
        }
        for run in runs {
            let seen = &text[run.range.clone()];
            let detail = match run.repair() {
                Some(repair) => format!(
                    "\u{201c}{}\u{201d} is \u{201c}{}\u{201d}: {}",
                    quote_short(seen),
                    quote_short(repair),
                    run.chain()
                ),
                None => format!("{}, so fix leaves it", run.left_as_it_is(seen)),
            };
            let at = start + run.range.start as u64;
            let position = positions.of(run.range.start);
            let Some(finding) =
                self.add_at(at, seen.as_bytes(), position, FindingKind::Mojibake, detail)
            else {
                continue;
            };
            finding.mojibake = Some(Box::new(MojibakeFinding {
                seen: seen.to_string(),
                steps: run.steps(seen),
                readings: run.readings,
                held_back: run.held_back,
            }));
        }
    }
}

/// The positions of offsets in a text, each found from the one before
/// (offsets mostly come in order: a line of many findings is walked once).
struct Positions<'a> {
    text: &'a str,
    start: Position,
    /// The offset last asked for, and its position.
    at: usize,
    position: Position,
}

impl<'a> Positions<'a> {
    /// Positions in `text`, which starts at `start`.
    fn from(text: &'a str, start: Position) -> Self {
        Positions {
            text,
            start,
            at: 0,
            position: start,
        }
    }

    /// The position of the byte at `offset`.
    fn of(&mut self, offset: usize) -> Position {
        if offset < self.at {
            (self.at, self.position) = (0, self.start);
        }
        self.position = advance(self.position, &self.text[self.at..offset]);
        self.at = offset;
        self.position
    }
}

/// The position after `text`, which starts at `from` (valid text only).
pub(super) fn advance(from: Position, text: &str) -> Position {
    match text.rfind('\n') {
        Some(last) => Position {
            line: from.line + text.matches('\n').count() as u64,
            column: 1 + text[last + 1..].chars().count() as u64,
        },
        None => Position {
            column: from.column + text.chars().count() as u64,
            ..from
        },
    }
}
