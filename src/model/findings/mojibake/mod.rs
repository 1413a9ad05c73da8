//! Mojibake: UTF-8 bytes that some program read as a single-byte encoding
//! and wrote back as UTF-8 ("é" → "Ã©", "привет" → "РїСЂРёРІРµС‚"), maybe
//! more than once and through different encodings.
//!
//! A word is read as mojibake when undoing one to three layers of garbling
//! ([`undo`]) turns it into text that is clearly more plausible than the
//! word as it stands ([`badness`]): real text seldom shows the bytes of a
//! UTF-8 sequence, and when it happens to ("é »" is E9 A0 BB, 頻 in UTF-8)
//! the "repair" reads worse, not better. A word that reads as well either
//! way is repaired only beside words of its line that show their garbling
//! and were garbled the same way. When two chains give different texts
//! that read about as well, the word is reported with both and repaired
//! through neither.

mod badness;
mod chains;
mod cjk;
mod costs;
mod found_lines;
mod garblers;
mod glances;
mod kept;
mod lead_pairs;
mod line_alphabet;
mod line_hashes;
mod plain_cyrillic;
mod prefilter;
mod repairer;
mod runs;
mod steps;
#[cfg(test)]
mod tests;
mod undo;
mod verdict;
mod words;

pub use cjk::{CJK_CODECS, CjkCodec};
pub use garblers::Garbler;
pub use prefilter::may_hold_mojibake;
pub use repairer::{Repairer, find_mojibake};
pub use runs::overlapping;
pub use steps::Step;
pub use undo::Layer;
pub use undo::Sequence;

/// How a text came to be garbled: its layers, the last one first (the
/// order in which they are undone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain(pub Vec<Layer>);

impl Chain {
    /// Whether every layer read UTF-8 as the same encoding (one garbling,
    /// repeated; windows-1252 whose bytes 80–9F showed as C1 controls is
    /// still windows-1252).
    pub fn is_one_encoding(&self) -> bool {
        let encoding = |layer: &Layer| match layer {
            Layer::Utf8As(garbler, _) => Some(garbler.index()),
            _ => None,
        };
        let first = self.0.first().and_then(encoding);
        first.is_some() && self.0.iter().all(|layer| encoding(layer) == first)
    }

    /// The chain in words, in the order it happened: "UTF-8 read as
    /// windows-1252, then as windows-1251".
    pub fn describe(&self) -> String {
        let mut steps: Vec<String> = Vec::new();
        for layer in self.0.iter().rev() {
            let step = match layer {
                Layer::Windows1252AsLatin1 => "windows-1252 read as ISO-8859-1".to_string(),
                Layer::Utf8As(..) if steps.is_empty() => {
                    format!("UTF-8 read as {}", layer.read_as())
                }
                Layer::Utf8As(..) => format!("then as {}", layer.read_as()),
                Layer::Utf8AsCjk(codec) => format!("UTF-8 read as {}", codec.name),
                Layer::CjkAsWindows1252(codec, _) => {
                    format!("{} read as {}", codec.name, layer.read_as())
                }
            };
            steps.push(step);
        }
        // "read as windows-1252, then as windows-1252" says "twice".
        let same = self.0.len() > 1
            && self.0.iter().all(|l| matches!(l, Layer::Utf8As(..)))
            && self.0.iter().all(|l| l.read_as() == self.0[0].read_as());
        if same {
            let times = if self.0.len() == 2 {
                "twice"
            } else {
                "three times"
            };
            return format!("UTF-8 read as {}, {times}", self.0[0].read_as());
        }
        steps.join(", ")
    }
}

/// `text` with the clear repairs of `runs` (its mojibake runs, in order)
/// made; ambiguous runs left as they are.
pub fn with_repairs(text: &str, runs: &[Mojibake]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for run in runs {
        if let Some(repair) = run.repair() {
            out.push_str(&text[at..run.range.start]);
            out.push_str(repair);
            at = run.range.end;
        }
    }
    out.push_str(&text[at..]);
    out
}

/// One way a run of mojibake may be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// How it came about.
    pub chain: Chain,
    /// What it said.
    pub text: String,
}

/// A run of mojibake in a text and what it was meant to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mojibake {
    /// Byte range of the run in the text.
    pub range: std::ops::Range<usize>,
    /// Its readings: one when the repair is clear; two or more, the most
    /// plausible first, when no reading wins and nothing is repaired.
    pub readings: Vec<Reading>,
    /// Why its one reading is not made a repair, when it is not.
    pub held_back: Option<HeldBack>,
}

/// Why a run of mojibake with one reading is reported and left as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeldBack {
    /// Its line also holds `word`, which the garbling would have changed
    /// and did not ("île" beside "cafÃ©"): the line was not garbled whole,
    /// and its repairs undo too little (one char) to go on.
    LineNotGarbledWhole {
        /// The first such word (raw text: escape it before printing).
        word: String,
    },
}

impl HeldBack {
    /// Why, in words (not escaped for a terminal): "its line also holds
    /// “l'île”, which that garbling would have changed".
    pub fn describe(&self) -> String {
        match self {
            HeldBack::LineNotGarbledWhole { word } => format!(
                "its line also holds \u{201c}{}\u{201d}, which that garbling would have changed",
                crate::display::quote_short(word)
            ),
        }
    }
}

/// The repair that `readings` give: the text of the only one, if there is
/// only one and it is not held back.
pub fn clear_repair<'a>(readings: &'a [Reading], held_back: Option<&HeldBack>) -> Option<&'a str> {
    match readings {
        [only] if held_back.is_none() => Some(&only.text),
        _ => None,
    }
}

/// How `readings` came about, in words ("UTF-8 read as windows-1252"), each
/// reading's chain joined by "or".
pub fn chains_in_words(readings: &[Reading]) -> String {
    readings
        .iter()
        .map(|r| r.chain.describe())
        .collect::<Vec<_>>()
        .join(" or ")
}

impl Mojibake {
    /// The run with its range moved on by `start` bytes: found in a line
    /// or piece, placed in the text that holds it from `start` on.
    pub fn moved(mut self, start: usize) -> Mojibake {
        self.range = start + self.range.start..start + self.range.end;
        self
    }

    /// The repaired text, when one reading wins and is not held back.
    pub fn repair(&self) -> Option<&str> {
        clear_repair(&self.readings, self.held_back.as_ref())
    }

    /// How the run came about through its one reading's chain (a repair
    /// or one held back), a layer at a time and char by char (see
    /// `steps::steps`); none when ambiguous.
    /// `seen` is the run's text.
    pub fn steps(&self, seen: &str) -> Vec<Step> {
        match self.readings.as_slice() {
            [only] => steps::steps(seen, &only.chain),
            _ => Vec::new(),
        }
    }

    /// How it came about, in words; for an ambiguous run, each reading's.
    pub fn chain(&self) -> String {
        chains_in_words(&self.readings)
    }

    /// What may be meant by `seen` (the run's text) and why it is left as
    /// it is, for a run with no repair: `“cafÃ©” may be “café” (UTF-8 read
    /// as windows-1252); its line also holds “l'île”, which that garbling
    /// would have changed` (not escaped for a terminal).
    pub fn left_as_it_is(&self, seen: &str) -> String {
        format!(
            "\u{201c}{}\u{201d} may be {}; {}",
            crate::display::quote_short(seen),
            self.readings_in_words(),
            self.why_left().unwrap_or_default()
        )
    }

    /// Why the run is left as it is, in words (not escaped for a
    /// terminal); none when it is repaired.
    pub fn why_left(&self) -> Option<String> {
        match &self.held_back {
            _ if self.repair().is_some() => None,
            Some(held_back) => Some(held_back.describe()),
            None => Some("no reading is clearly right".to_string()),
        }
    }

    /// Each reading and how it came about, joined by "or": `“Straße”
    /// (UTF-8 read as windows-1250) or “Straüe” (UTF-8 read as
    /// ISO-8859-2)` (not escaped for a terminal).
    pub fn readings_in_words(&self) -> String {
        self.readings
            .iter()
            .map(|r| {
                format!(
                    "\u{201c}{}\u{201d} ({})",
                    crate::display::quote_short(&r.text),
                    r.chain.describe()
                )
            })
            .collect::<Vec<_>>()
            .join(" or ")
    }
}
