//! The last stage of judging a line: words that two code pages read as
//! different letters ("gideceÄŸiz": "gideceğiz" through windows-1252,
//! "gideceľiz" through ISO-8859-15) are settled by the alphabet of the
//! line around them. A line is written in one language; when reading its
//! undecided words through one chain keeps all its letters in one
//! language's alphabet and through every other chain does not, the line
//! was garbled through that chain. Without this, a line was repaired in
//! part: its clear words mended, the undecided ones left garbled.

use crate::model::encoding::alphabets_of;

use super::words::Word;
use super::{Chain, Reading};

/// What was decided for a word so far: its clear repair, or the readings
/// it is torn between (see `verdict.rs`).
pub(super) enum Decided<'a> {
    /// Repaired through one reading.
    Repaired(&'a str),
    /// Read several ways.
    Torn(&'a [Reading]),
    /// Left as it stands, so far.
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

    /// The letters of `text` alone.
    fn of(text: &str) -> Letters {
        let mut letters = Letters(None);
        letters.add(text);
        letters
    }

    /// The letters seen by `self` and by `other` together.
    fn and(self, other: Letters) -> Letters {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Letters(Some(a & b)),
            (a, b) => Letters(a.or(b)),
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
/// its index and the index of the reading that the line's alphabet settles
/// it on; `None` when it settles nothing. The readings chosen all come
/// through one chain, the only chain through which the line (the text
/// between the words that have readings, the clear repairs and those
/// readings) fits one alphabet, when through each other chain it fits none.
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
    // A word kept as it is that has readings may be garbled all the same
    // ("SĂ\u{ad}" beside "espaĂąol"): its letters say nothing.
    let mut line = Letters(None);
    let mut from = start;
    for (word, d) in words.iter().zip(decided) {
        line.add(&text[from..word.range.start.max(from)]);
        if let Decided::Repaired(repair) = d {
            line.add(repair);
        }
        from = from.max(word.range.end);
    }
    line.add(&text[from..end.max(from)]);
    if line.shown_not_to_fit() {
        return None;
    }
    // The chains to each reading of each torn word (in the order of
    // `torn`), found once.
    let chains_to: Vec<Vec<&[Chain]>> = (torn.iter())
        .map(|&(w, readings)| {
            (readings.iter())
                .map(|r| words[w].chains_to(&r.text))
                .collect()
        })
        .collect();
    // The letters of each reading of each torn word, found once: a line
    // of thousands of torn words is judged in time linear in them.
    let letters_of: Vec<Vec<Letters>> = (torn.iter())
        .map(|&(_, readings)| readings.iter().map(|r| Letters::of(&r.text)).collect())
        .collect();
    let with_readings = |choice: &[usize]| {
        (letters_of.iter().zip(choice)).fold(line, |held, (word, &r)| held.and(word[r]))
    };
    // What each chain that reads every torn word makes of the line (each
    // chain once, however many words it reads).
    let mut chains: Vec<&Chain> = Vec::new();
    for chain in chains_to.iter().flatten().flat_map(|chains| chains.iter()) {
        if !chains.contains(&chain) {
            chains.push(chain);
        }
    }
    let mut unfit: Vec<&Chain> = Vec::new();
    let mut fitting: Option<Vec<usize>> = None;
    for chain in chains {
        let Some(choice) = through(chain, &chains_to) else {
            continue;
        };
        if with_readings(&choice).shown_not_to_fit() {
            unfit.push(chain);
            continue;
        }
        match &fitting {
            // Two chains that read the torn words differently and may
            // each fit: the alphabet decides nothing.
            Some(earlier) if *earlier != choice => return None,
            _ => fitting = Some(choice),
        }
    }
    let choice = fitting?;
    if !with_readings(&choice).shown_to_fit() {
        return None;
    }
    // The letters of the choice's readings before and after each torn word.
    let chosen: Vec<Letters> = (letters_of.iter().zip(&choice))
        .map(|(word, &r)| word[r])
        .collect();
    let mut before = vec![line; chosen.len() + 1];
    for (k, &letters) in chosen.iter().enumerate() {
        before[k + 1] = before[k].and(letters);
    }
    let mut after = vec![Letters(None); chosen.len() + 1];
    for (k, &letters) in chosen.iter().enumerate().rev() {
        after[k] = after[k + 1].and(letters);
    }
    // A word read another way by a chain not shown wrong for the whole
    // line (a line garbled by two chains) must not fit as well.
    for (k, word_chains) in chains_to.iter().enumerate() {
        for (r, reading_chains) in word_chains.iter().enumerate() {
            let shown_wrong = || reading_chains.iter().all(|chain| unfit.contains(&chain));
            if r == choice[k] || shown_wrong() {
                continue;
            }
            let swapped = before[k].and(letters_of[k][r]).and(after[k + 1]);
            if !swapped.shown_not_to_fit() {
                return None;
            }
        }
    }
    Some(torn.iter().map(|&(w, _)| w).zip(choice).collect())
}

/// The reading `chain` gives each torn word (the index of its reading),
/// if it gives one for every torn word; `chains_to` holds the chains to
/// each reading of each torn word.
fn through(chain: &Chain, chains_to: &[Vec<&[Chain]>]) -> Option<Vec<usize>> {
    (chains_to.iter())
        .map(|word| word.iter().position(|chains| chains.contains(chain)))
        .collect()
}
