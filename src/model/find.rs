//! Searching the file for a byte pattern, forward or backward, in chunks so
//! that memory stays bounded on any file size; [`SearchJob`] runs a search
//! on a thread of its own, wrapping around once, so that a search through
//! gigabytes never holds up the interface.

use std::sync::{Arc, MutexGuard};

use memchr::memmem;

use super::job::{Job, Shared};
use super::source::SourceError;
use super::window::unit_at;
use crate::model::text::Text;

/// Bytes read per step of a search.
const SEARCH_STEP: usize = 1 << 20;

/// The first occurrence of `pattern` starting at or after `from`.
pub fn find_forward(source: &Text, pattern: &[u8], from: u64) -> Result<Option<u64>, SourceError> {
    find_forward_in(source, pattern, from, source.len(), &mut |_| true)
}

/// The last occurrence of `pattern` starting before `before`.
pub fn find_backward(
    source: &Text,
    pattern: &[u8],
    before: u64,
) -> Result<Option<u64>, SourceError> {
    find_backward_in(source, pattern, 0, before, &mut |_| true)
}

/// The first occurrence starting in `[start, end)`; `step` is told how many
/// bytes each chunk searched and stops the search by returning false.
fn find_forward_in(
    source: &Text,
    pattern: &[u8],
    start: u64,
    end: u64,
    step: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<u64>, SourceError> {
    if pattern.is_empty() {
        return Ok(None);
    }
    let finder = memmem::Finder::new(pattern);
    let end = end.min(source.len());
    let mut at = start;
    while at < end {
        let chunk = (end - at).min(SEARCH_STEP as u64);
        // Overlap chunks by the pattern's length so no match is cut in two.
        let bytes = source.read_range(at, chunk as usize + pattern.len() - 1)?;
        if let Some(found) = finder.find(&bytes)
            && (found as u64) < chunk
        {
            return Ok(Some(at + found as u64));
        }
        at += chunk;
        if !step(chunk) {
            return Ok(None);
        }
    }
    Ok(None)
}

/// The last occurrence starting in `[start, end)`, searched from the end.
fn find_backward_in(
    source: &Text,
    pattern: &[u8],
    start: u64,
    end: u64,
    step: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<u64>, SourceError> {
    if pattern.is_empty() {
        return Ok(None);
    }
    let finder = memmem::FinderRev::new(pattern);
    let mut end = end.min(source.len());
    while end > start {
        let chunk_start = end.saturating_sub(SEARCH_STEP as u64).max(start);
        // Read just far enough that the last possible match starts at end - 1.
        let bytes = source.read_range(
            chunk_start,
            (end - chunk_start) as usize + pattern.len() - 1,
        )?;
        if let Some(at) = finder.rfind(&bytes) {
            return Ok(Some(chunk_start + at as u64));
        }
        if !step(end - chunk_start) {
            return Ok(None);
        }
        end = chunk_start;
    }
    Ok(None)
}

/// What a search looks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// These bytes, wherever they are (a hex search).
    Bytes(Vec<u8>),
    /// This text, written in the encoding the file is read in, starting
    /// where a unit starts.
    Text(String),
}

impl Pattern {
    /// What it looks for, for messages (raw: escape it before printing).
    pub fn shown(&self) -> String {
        match self {
            Pattern::Bytes(bytes) => crate::display::hex_bytes(bytes),
            Pattern::Text(text) => text.clone(),
        }
    }
}

/// How a background search stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchOutcome {
    /// Still searching.
    Running,
    /// A match at `offset`; `wrapped` when it was found after going round
    /// the end (or the start) of the file.
    Found {
        /// Where the match starts.
        offset: u64,
        /// Its length in bytes (a text's length in the file's encoding).
        len: u64,
        /// Whether the search went round.
        wrapped: bool,
    },
    /// No match anywhere in the file.
    NotFound,
    /// Cancelled before it ended.
    Cancelled,
    /// A read failed (the message is terminal-safe only once escaped).
    Failed(String),
}

/// What the search worker shares: bytes searched so far, and the outcome.
#[derive(Debug)]
pub struct SearchState {
    searched: u64,
    outcome: SearchOutcome,
}

/// A search for a byte pattern on its own thread; dropping it cancels it.
pub struct SearchJob {
    job: Job<SearchState>,
}

impl SearchJob {
    /// Starts looking for `pattern`: forward from `from` (a match may start
    /// there), or backward from before `from`, going round once.
    pub fn start(source: Arc<Text>, pattern: Pattern, from: u64, forward: bool) -> SearchJob {
        let initial = SearchState {
            searched: 0,
            outcome: SearchOutcome::Running,
        };
        SearchJob {
            job: Job::start("search", source, initial, move |shared| {
                let outcome = search(shared, &pattern, from, forward);
                shared.lock().outcome = outcome;
            }),
        }
    }

    /// How the search stands.
    pub fn outcome(&self) -> SearchOutcome {
        self.lock().outcome.clone()
    }

    /// Fraction of the file searched, from 0.0 to 1.0.
    pub fn progress(&self) -> f64 {
        self.job.progress(|state| state.searched)
    }

    /// Asks the search to stop; it does so within one chunk.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// Waits for the search to end.
    pub fn wait(&mut self) {
        self.job.wait();
    }

    fn lock(&self) -> MutexGuard<'_, SearchState> {
        self.job.lock()
    }
}

/// The worker: the part of the file after `from`, then the part before it.
fn search(
    shared: &Shared<SearchState>,
    pattern: &Pattern,
    from: u64,
    forward: bool,
) -> SearchOutcome {
    let source = &shared.source;
    let encoding = source.encoding();
    let (pattern, aligned) = match pattern {
        Pattern::Bytes(bytes) => (bytes.clone(), false),
        Pattern::Text(text) => match encoding.encode(text) {
            Some(bytes) => (bytes, !encoding.is_utf8()),
            None => {
                return SearchOutcome::Failed(format!(
                    "{text} cannot be written in {encoding}, which the file is read in"
                ));
            }
        },
    };
    let pattern = pattern.as_slice();
    // A text starts where a unit does: in UTF-16 "o" is 6F 00, which the
    // middle of "ſo" (7F 01 6F 00) holds too; in Shift_JIS a trail byte may
    // be an ASCII letter.
    let at_unit = |offset: u64| -> Result<bool, SourceError> {
        Ok(!aligned || unit_at(source, offset)?.is_none_or(|unit| unit.offset == offset))
    };
    let len = source.len();
    let from = from.min(len);
    let mut step = |bytes: u64| {
        shared.lock().searched += bytes;
        !shared.cancelled()
    };
    let halves = if forward {
        [(from, len), (0, from)]
    } else {
        [(0, from), (from, len)]
    };
    for (round, (start, end)) in halves.into_iter().enumerate() {
        let (mut start, mut end) = (start, end);
        let found = loop {
            let found = if forward {
                find_forward_in(source, pattern, start, end, &mut step)
            } else {
                find_backward_in(source, pattern, start, end, &mut step)
            };
            match found.and_then(|found| Ok((found, found.map(at_unit).transpose()?))) {
                // Bytes that spell the text across units: look on.
                Ok((Some(offset), Some(false))) if forward => start = offset + 1,
                Ok((Some(offset), Some(false))) => end = offset,
                Ok((found, _)) => break Ok(found),
                Err(error) => break Err(error),
            }
        };
        match found {
            Ok(Some(offset)) => {
                return SearchOutcome::Found {
                    offset,
                    len: pattern.len() as u64,
                    wrapped: round == 1,
                };
            }
            Ok(None) if shared.cancelled() => return SearchOutcome::Cancelled,
            Ok(None) => {}
            Err(error) => return SearchOutcome::Failed(error.to_string()),
        }
    }
    SearchOutcome::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_ways_across_chunks() {
        let mut bytes = vec![b'.'; 3 * SEARCH_STEP];
        let spots = [10, SEARCH_STEP - 1, 2 * SEARCH_STEP + 5];
        for &at in &spots {
            bytes[at..at + 3].copy_from_slice("€".as_bytes());
        }
        let source = Text::from_bytes("t", bytes);
        let euro = "€".as_bytes();
        assert_eq!(find_forward(&source, euro, 0).unwrap(), Some(10));
        assert_eq!(
            find_forward(&source, euro, 11).unwrap(),
            Some(SEARCH_STEP as u64 - 1)
        );
        assert_eq!(
            find_forward(&source, euro, SEARCH_STEP as u64).unwrap(),
            Some(2 * SEARCH_STEP as u64 + 5)
        );
        assert_eq!(
            find_forward(&source, euro, 2 * SEARCH_STEP as u64 + 6).unwrap(),
            None
        );
        assert_eq!(
            find_backward(&source, euro, source.len()).unwrap(),
            Some(2 * SEARCH_STEP as u64 + 5)
        );
        assert_eq!(
            find_backward(&source, euro, 2 * SEARCH_STEP as u64 + 5).unwrap(),
            Some(SEARCH_STEP as u64 - 1)
        );
        assert_eq!(
            find_backward(&source, euro, SEARCH_STEP as u64 - 1).unwrap(),
            Some(10)
        );
        assert_eq!(find_backward(&source, euro, 10).unwrap(), None);
        // A match may start inside a character: the 82 AC of the euro sign.
        assert_eq!(find_forward(&source, &[0x82, 0xAC], 0).unwrap(), Some(11));
    }

    fn search_to_the_end(bytes: &[u8], pattern: &[u8], from: u64, forward: bool) -> SearchOutcome {
        let source = Arc::new(Text::from_bytes("t", bytes.to_vec()));
        let pattern = Pattern::Bytes(pattern.to_vec());
        let mut job = SearchJob::start(source, pattern, from, forward);
        job.wait();
        job.outcome()
    }

    #[test]
    fn background_searches_go_round_once() {
        let mut bytes = vec![b'.'; 2 * SEARCH_STEP + 100];
        bytes[50..53].copy_from_slice(b"abc");
        let found = |offset, wrapped| SearchOutcome::Found {
            offset,
            len: 3,
            wrapped,
        };
        assert_eq!(
            search_to_the_end(&bytes, b"abc", 50, true),
            found(50, false)
        );
        assert_eq!(search_to_the_end(&bytes, b"abc", 51, true), found(50, true));
        assert_eq!(
            search_to_the_end(&bytes, b"abc", 51, false),
            found(50, false)
        );
        assert_eq!(
            search_to_the_end(&bytes, b"abc", 50, false),
            found(50, true)
        );
        assert_eq!(
            search_to_the_end(&bytes, b"zzz", 7, true),
            SearchOutcome::NotFound
        );
        assert_eq!(
            search_to_the_end(&bytes, b"zzz", 7, false),
            SearchOutcome::NotFound
        );
    }

    #[test]
    fn a_search_can_be_cancelled() {
        let source = Arc::new(Text::from_bytes("t", vec![b'.'; 64 * SEARCH_STEP]));
        let mut job = SearchJob::start(source, Pattern::Text("never".into()), 0, true);
        job.cancel();
        job.wait();
        assert!(matches!(
            job.outcome(),
            SearchOutcome::Cancelled | SearchOutcome::NotFound
        ));
    }
}
