//! The last stage of judging a line: words that two code pages read as
//! different letters ("gideceÄŸiz": "gideceğiz" through windows-1252,
//! "gideceľiz" through ISO-8859-15) are settled by the alphabet of the
//! line around them. A line is written in one language; when reading its
//! undecided words through one chain keeps all its letters in one
//! language's alphabet and through every other chain does not, the line
//! was garbled through that chain. Without this, a line was repaired in
//! part: its clear words mended, the undecided ones left garbled.

use crate::model::encoding::alphabets_of;

use super::Reading;
use super::words::Word;

/// What was decided for a word so far: its clear repair, or the readings
/// it is torn between (see `verdict.rs`).
pub(super) enum Decided<'a> {
    /// Repaired through one reading.
    Repaired(&'a str),
    /// Read several ways.
    Torn(&'a [Reading]),
    /// Not mojibake.
    Kept,
}

/// The alphabets (as bits) that hold every letter of the texts `add` is
/// given (in the scripts the alphabets cover); `None` before any.
#[derive(Clone, Copy)]
struct Letters(Option<u64>);

impl Letters {
    fn add(&mut self, text: &str) {
        for bits in text.chars().filter_map(alphabets_of) {
            self.0 = Some(self.0.map_or(bits, |held| held & bits));
        }
    }

    /// Whether the letters seen fit one alphabet: a text with none of
    /// those letters (Korean, or symbols) is not shown to fit.
    fn shown_to_fit(self) -> bool {
        self.0.is_some_and(|bits| bits != 0)
    }

    /// Whether the letters seen fit no alphabet: a text with none of those
    /// letters may fit one as far as they tell.
    fn shown_not_to_fit(self) -> bool {
        self.0 == Some(0)
    }
}

/// For each torn word of `text[start..end]` (in `decided`, beside `words`),
/// the index of the reading that the line's alphabet settles it on; `None`
/// when it settles nothing. The readings chosen all come through one chain,
/// the only chain through which the whole line (its kept text, its clear
/// repairs and those readings) fits one alphabet.
pub(super) fn settle(
    text: &str,
    start: usize,
    end: usize,
    words: &[Word],
    decided: &[Decided],
) -> Option<Vec<(usize, usize)>> {
    let torn: Vec<(usize, &[Reading])> = (decided.iter().enumerate())
        .filter_map(|(i, d)| match d {
            Decided::Torn(readings) => Some((i, *readings)),
            _ => None,
        })
        .collect();
    if torn.is_empty() {
        return None;
    }
    // The line's letters outside its torn words, with clear repairs made.
    let mut line = Letters(None);
    let mut from = start;
    for (word, d) in words.iter().zip(decided) {
        match d {
            Decided::Repaired(repair) => line.add(repair),
            Decided::Torn(_) => {}
            Decided::Kept => continue,
        }
        line.add(&text[from..word.range.start.max(from)]);
        from = from.max(word.range.end);
    }
    line.add(&text[from..end.max(from)]);
    if line.shown_not_to_fit() {
        return None;
    }
    // Every chain that reads a torn word, and what each makes of them all.
    let mut fitting: Option<Vec<(usize, usize)>> = None;
    for &(i, readings) in &torn {
        for reading in readings {
            for chain in words[i].chains_to(&reading.text) {
                let Some(choice) = through(chain, words, &torn) else {
                    continue;
                };
                let mut letters = line;
                for (k, &(_, r)) in choice.iter().enumerate() {
                    letters.add(&torn[k].1[r].text);
                }
                if !letters.shown_to_fit() || another_may_fit(line, &choice, &torn) {
                    continue;
                }
                match &fitting {
                    // Two chains that read the torn words differently
                    // and each fit: the alphabet decides nothing.
                    Some(earlier) if *earlier != choice => return None,
                    _ => fitting = Some(choice),
                }
            }
        }
    }
    fitting
}

/// Whether some torn word, read another way with the others as `choice`
/// reads them, may keep the line in one alphabet too: then the alphabet
/// does not tell that word's readings apart.
fn another_may_fit(line: Letters, choice: &[(usize, usize)], torn: &[(usize, &[Reading])]) -> bool {
    choice.iter().enumerate().any(|(k, &(_, chosen))| {
        let readings = torn[k].1;
        (0..readings.len()).filter(|&r| r != chosen).any(|other| {
            let mut letters = line;
            for (j, &(_, r)) in choice.iter().enumerate() {
                let r = if j == k { other } else { r };
                letters.add(&torn[j].1[r].text);
            }
            !letters.shown_not_to_fit()
        })
    })
}

/// The reading `chain` gives each torn word (word index, reading index),
/// if it gives one for every torn word.
fn through(
    chain: &super::Chain,
    words: &[Word],
    torn: &[(usize, &[Reading])],
) -> Option<Vec<(usize, usize)>> {
    torn.iter()
        .map(|&(w, readings)| {
            let r = readings
                .iter()
                .position(|r| words[w].chains_to(&r.text).contains(&chain))?;
            Some((w, r))
        })
        .collect()
}
