//! The words of a line and what undoing their garbling could make of each:
//! which are suspect, which show their garbling, their readings (with a
//! lost no-break space put back where a reading takes it in).

use std::sync::Arc;

use super::Chain;
use super::badness::{Context, is_plain, plain_script};
use super::chains::{Candidate, Memo, no_break_space_fits};
use super::garblers::{LOST_NO_BREAK_SPACE, LossMasks, RolesTable, loss_masks, roles_table};
use super::plain_cyrillic::for_each_doubt;
use super::undo::Layer;
use crate::model::ascii::{ascii_prefix, printable_prefix};
use crate::model::findings::backend::Backend;

/// How much less implausible a repair must be than the word as it stands.
const MARGIN: u32 = 3;

/// Words after "Ã " whose space was the no-break space of "à" ("às",
/// "àquele": Portuguese contractions).
const CONTRACTIONS: [&str; 7] = ["s", "quele", "quela", "quilo", "queles", "quelas", "quilos"];

/// A word of a line, with what undoing its garbling could make of it.
pub(super) struct Word {
    /// Byte range in the text, including a space it takes in.
    pub(super) range: std::ops::Range<usize>,
    /// The text judged (with a no-break space that was lost put back).
    pub(super) text: String,
    /// Its readings.
    pub(super) candidates: Arc<[Candidate]>,
    /// How implausible each reading is beside the line (set when the line
    /// is judged).
    pub(super) badness_of: Vec<u32>,
    /// How implausible the word is as it stands.
    pub(super) badness: u32,
    /// Whether a lost no-break space was put back after it: a guess that
    /// only the line's other words can back, but for "à".
    pub(super) guessed_space: bool,
    /// Whether `text` is plain ([`is_plain`]).
    pub(super) plain: bool,
}

impl Word {
    /// Its readings, each with how implausible it is beside the line.
    pub(super) fn judged(&self) -> impl Iterator<Item = (&Candidate, u32)> + Clone {
        self.candidates.iter().zip(self.badness_of.iter().copied())
    }

    /// Whether a reading that costs `badness` is clearly more plausible
    /// than the word as it stands.
    pub(super) fn reads_clearly_better(&self, badness: u32) -> bool {
        self.badness >= badness + MARGIN && badness * 2 <= self.badness
    }

    /// The chains by which the word undoes into `text`. The readings keep
    /// one chain of those that go on from the same text, so the others
    /// are made here: a layer that undoes to the same text as another is
    /// as good a start for the layers after it ("├░├┐" is "ðÿ" through
    /// IBM866 or IBM850 alike, and "И" through IBM850 twice). And a chain
    /// whose last layer read the bytes as windows-1252 is also one through
    /// ISO-8859-1 where the word shows none of the bytes 80–9F (the
    /// readings keep windows-1252's): "Ã¨" is "è" through either.
    pub(super) fn chains_to(&self, text: &str) -> &[Chain] {
        // (Kept with the first reading of this text: the chains depend on
        // the word's readings alone, which are kept and judged on every
        // line the word is on.)
        match self.candidates.iter().find(|c| c.text == text) {
            Some(first) => first
                .chains_to
                .get_or_init(|| self.work_out_chains_to(text)),
            None => &[],
        }
    }

    /// [`Word::chains_to`], worked out.
    fn work_out_chains_to(&self, text: &str) -> Vec<Chain> {
        let mut chains: Vec<Chain> = Vec::new();
        for candidate in self.candidates.iter().filter(|c| c.text == text) {
            let layers = &candidate.chain.0;
            let Some((last, before)) = layers.split_last() else {
                continue;
            };
            if before.is_empty() {
                if !chains.contains(&candidate.chain) {
                    chains.push(candidate.chain.clone());
                }
                continue;
            }
            let Some(between) = self.candidates.iter().find(|c| c.chain.0 == before) else {
                continue;
            };
            for start in self.chains_to(&between.text) {
                if start.0.len() != before.len() {
                    continue;
                }
                let mut start = start.clone();
                start.0.push(*last);
                if !chains.contains(&start) {
                    chains.push(start);
                }
            }
        }
        let mut latin1 = Vec::new();
        let mut shows_80_to_9f = None;
        for chain in &chains {
            if let Some(&Layer::Utf8As(garbler, false)) = chain.0.first()
                && garbler.latin1_c1
                && !*shows_80_to_9f
                    .get_or_insert_with(|| self.text.chars().any(|c| garbler.shows_in_80_to_9f(c)))
            {
                let mut through_latin1 = chain.clone();
                through_latin1.0[0] = Layer::Utf8As(garbler, true);
                latin1.push(through_latin1);
            }
        }
        for chain in latin1 {
            if !chains.contains(&chain) {
                chains.push(chain);
            }
        }
        chains
    }
}

/// The words of a line as measured: whether each is suspect, the context
/// the others make, and whether each shows its garbling.
pub(super) struct Measured<'a> {
    pub(super) words: Vec<(&'a str, bool)>,
    pub(super) context: Context,
    pub(super) shows: Vec<bool>,
}

impl<'a> Measured<'a> {
    /// Measures the words of `line`.
    pub(super) fn of(memo: &mut Memo, line: &'a str) -> Measured<'a> {
        let words: Vec<(&str, bool)> = line
            .split_ascii_whitespace()
            .map(|word| (word, is_suspect(word)))
            .collect();
        // The rest of the line: the words that no chain could change.
        let context = Context::of_words(words.iter().filter(|w| !w.1).map(|w| w.0));
        let shows = (words.iter())
            .map(|&(word, suspect)| suspect && shows_garbling(memo, word, &context))
            .collect();
        Measured {
            words,
            context,
            shows,
        }
    }
}

/// Whether no word of `line` can show its garbling, seen without measuring
/// one: every word that may (a suspect one) is plain ([`is_plain`]),
/// and a plain word never shows it ([`shows_garbling`]). Most lines of a
/// script whose letters some encoding shows as UTF-8 sequences end here:
/// Russian in IBM866, where "рак" shows E0 A0 AA. Only the words a search
/// stops in are read a char at a time, the others passed over: in a
/// Cyrillic line ([`first_letters_are_cyrillic`]) with a vector backend,
/// those of plain Cyrillic and ASCII ([`for_each_doubt`]); in other lines,
/// those of ASCII, which no test stops at (in French prose the quick
/// search stops in "l’été", and a line's words are mostly ASCII). A
/// Cyrillic line without a vector backend reads every word.
///
/// Each suspect word is tested for plain letters by `plain`: [`is_plain`],
/// or a memo's, which keeps the answer for a word that recurs (the plain
/// test reads "l’étonnement" three times).
pub(super) fn shows_none_plainly(
    line: &str,
    backend: Backend,
    mut plain: impl FnMut(&str) -> bool,
) -> bool {
    let bytes = line.as_bytes();
    if !first_letters_are_cyrillic(bytes) {
        return no_word_beyond_ascii_shows_garbling(line, plain);
    }
    if backend == Backend::Portable {
        return shows_none_plainly_by_chars(line);
    }
    // Where the last word the search stopped in ended.
    let mut from = 0;
    let mut shows = false;
    for_each_doubt(backend, bytes, |doubt| {
        // The word the search stopped in (it starts after `from`).
        let start = (bytes[from..doubt].iter())
            .rposition(u8::is_ascii_whitespace)
            .map_or(from, |i| from + i + 1);
        let end = (bytes[doubt..].iter())
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |i| doubt + i);
        shows = shows_garbling_plainly(&line[start..end], &mut plain);
        from = if shows { bytes.len() } else { end };
        from
    });
    !shows
}

/// [`shows_none_plainly`] of a line that is not Cyrillic, in one walk: its
/// runs of ASCII are passed over eight bytes at a time (an ASCII word
/// never shows garbling, and ASCII before a word's first char beyond it
/// begins no pair: [`PairWatch`]); each other word is read from that char
/// to its end once, for its end and whether it is suspect together, the
/// printable ASCII in it after the char that follows one beyond ASCII
/// passed over too; and only a suspect word is tested for plain letters.
fn no_word_beyond_ascii_shows_garbling(line: &str, mut plain: impl FnMut(&str) -> bool) -> bool {
    let bytes = line.as_bytes();
    let mut from = 0;
    loop {
        let beyond = from + ascii_prefix(&bytes[from..]);
        if beyond >= bytes.len() {
            return true;
        }
        let start = (bytes[from..beyond].iter())
            .rposition(u8::is_ascii_whitespace)
            .map_or(from, |i| from + i + 1);
        let (end, suspect) = end_and_suspicion(line, beyond);
        if suspect && !plain(&line[start..end]) {
            return false;
        }
        from = end;
    }
}

/// The end of the word of `line` that goes on at `at` (past ASCII, or at
/// its start), and whether it is suspect ([`is_suspect`]) from there.
fn end_and_suspicion(line: &str, mut at: usize) -> (usize, bool) {
    let bytes = line.as_bytes();
    let mut watch = PairWatch::new();
    let mut suspect = false;
    let mut last = ' ';
    while let Some(&byte) = bytes.get(at) {
        if byte.is_ascii_whitespace() {
            break;
        }
        let c = if byte < 0x80 {
            char::from(byte)
        } else {
            line[at..].chars().next().expect("at a char's start")
        };
        suspect |= watch.is_suspect_at(c);
        last = c;
        at += c.len_utf8();
        if c.is_ascii() {
            // After ASCII no pair has begun: printable ASCII changes
            // nothing until a char beyond it, a space or a control (nor
            // the last char, ASCII either way, which leads no sequence).
            at += printable_prefix(&bytes[at..]);
        }
    }
    (at, suspect || leads_before_a_lost_space(last))
}

/// Whether the first char beyond ASCII of the UTF-8 text `bytes`, past
/// the punctuation of Latin-1 and of U+2000–U+2FFF (« » ° — … “ ”), is
/// basic Cyrillic (led by D0 or D1).
fn first_letters_are_cyrillic(bytes: &[u8]) -> bool {
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        at += match byte {
            0x00..=0x7F => 1,
            0xC2 => 2,
            0xE2 => 3,
            _ => return byte == 0xD0 || byte == 0xD1,
        };
    }
    false
}

/// [`shows_none_plainly`] a char at a time, word by word (what the vector
/// search is held to). In a Cyrillic line ([`first_letters_are_cyrillic`])
/// each word is first read for plain letters, which most of its words are
/// and which is all they need: nearly every Russian word is suspect, and
/// the suspect test would come first for nothing. (In other lines most
/// words are not suspect, which is the quicker test.)
pub(super) fn shows_none_plainly_by_chars(line: &str) -> bool {
    let plain_first = first_letters_are_cyrillic(line.as_bytes());
    !line.split_ascii_whitespace().any(|word| {
        // (A plain word is plain with its punctuation left out too.)
        !(plain_first && plain_script(word).is_some()) && shows_garbling_plainly(word, is_plain)
    })
}

/// Whether `word` (no ASCII space in it) may show its garbling: it holds a
/// char beyond ASCII, is suspect, and is not plain by `plain` ([`is_plain`]
/// or a memo's). (The suspect test
/// first: most words of Latin letters beyond ASCII are not suspect, and
/// the plain test of a word costs several times the suspect one.)
fn shows_garbling_plainly(word: &str, plain: impl FnOnce(&str) -> bool) -> bool {
    !word.is_ascii() && is_suspect(word) && !plain(word)
}

/// Whether a suspect word shows its garbling beside `context`: it costs
/// [`MARGIN`] or more, and is not plain ([`is_plain`]). A plain word costs
/// that much only for a script that the line's unchanged words lack, and
/// that is no sign of garbling: almost every Russian word is suspect (in
/// IBM866 р–я are lead bytes of three and а–п continuation bytes), so in a
/// line with a Latin name "том" (E2 AE AC in IBM866, "⮬") and "её" (C5 A3
/// in KOI8-R, "ţ") would read better "repaired". A plain word is repaired
/// only beside words of its line that show their garbling and were
/// garbled the same way, where it reads no worse.
fn shows_garbling(memo: &mut Memo, word: &str, context: &Context) -> bool {
    memo.badness(word, context) >= MARGIN && !memo.is_plain(word)
}

/// Whether a word could hold mojibake: two chars that show a UTF-8 lead and
/// continuation byte in some encoding (or a lost byte, or C1 controls), or
/// a last char that shows a lead byte in an encoding that shows A0 as a
/// no-break space (one after it may have been lost: "Ã" for "à", "â €"
/// for the braille blank E2 A0 80). A dash alone is none: macintosh shows
/// "—" as D1, but its A0 is "†".
pub(super) fn is_suspect(word: &str) -> bool {
    // The last char first: in most words of a script that encodings show as
    // lead bytes (Cyrillic in KOI8-R, Greek in windows-1253) it says so.
    if word
        .chars()
        .next_back()
        .is_some_and(leads_before_a_lost_space)
    {
        return true;
    }
    let mut watch = PairWatch::new();
    word.chars().any(|c| watch.is_suspect_at(c))
}

/// Whether `c`, at the end of a word, shows a lead byte in an encoding
/// that shows A0 as a no-break space (which may have been lost after it).
#[inline]
fn leads_before_a_lost_space(c: char) -> bool {
    roles_table().of(c).lead() & loss_masks().space != 0
}

/// The pairs that make a word suspect ([`is_suspect`]), read a char at a
/// time: the encodings in which the char before shows a lead byte. (None
/// after ASCII: a walk may start at a word's first char beyond it.)
struct PairWatch {
    leads: u32,
    table: &'static RolesTable,
    lost: LossMasks,
}

impl PairWatch {
    /// A watch at a word's start, or after ASCII.
    #[inline]
    fn new() -> PairWatch {
        PairWatch {
            leads: 0,
            table: roles_table(),
            lost: loss_masks(),
        }
    }

    /// Whether `c`, after the chars seen, makes the word suspect: it shows
    /// a continuation byte where the char before shows a lead byte, stands
    /// for a byte lost after one (`?`, U+FFFD, a space for A0), or is a C1
    /// control.
    #[inline]
    fn is_suspect_at(&mut self, c: char) -> bool {
        let lost = self.lost;
        if c.is_ascii() {
            // A byte lost to "?", or A0 shown as a space.
            let suspect = (c == '?' && self.leads & lost.holes != 0)
                || (c == ' ' && self.leads & lost.space != 0);
            self.leads = 0;
            return suspect;
        }
        let roles = self.table.of(c);
        let suspect = self.leads & roles.continuation != 0
            || ('\u{80}'..='\u{9F}').contains(&c)
            || (self.leads & lost.holes != 0 && c == '\u{FFFD}');
        self.leads = roles.lead();
        suspect
    }
}

/// The words of `text[start..end]` (split at ASCII whitespace), each with
/// its candidate repairs.
pub(super) fn words_of(
    memo: &mut Memo,
    text: &str,
    start: usize,
    end: usize,
    read: &dyn Fn(&str) -> bool,
) -> Vec<Word> {
    let line = &text[start..end];
    let bytes = line.as_bytes();
    let mut words = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let word_end = bytes[at..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |n| at + n);
        let word = &line[at..word_end];
        let mut range = start + at..start + word_end;
        if word.is_ascii() || !read(word) {
            at = word_end;
            continue;
        }
        let mut judged = word.to_string();
        let mut guessed_space = false;
        let mut found = memo.readings_of(word);
        // A sequence whose byte A0 showed as a no-break space that became
        // a space ("voilÃ le", "Ð ÑƒÑ\u{81}", "ì •ë§\u{90}"): put it back
        // if a repair takes it in.
        let after_space = line[word_end..].strip_prefix(' ');
        let next_word =
            after_space.filter(|rest| rest.starts_with(|c: char| !c.is_ascii_whitespace()));
        // Two spaces: the first was the no-break space ("voilÃ  le").
        let spaces = after_space.is_some_and(|rest| rest.starts_with(' '));
        let mut next_at = word_end;
        // (Only where no reading of the word takes in its last char.)
        let last = word.chars().last().unwrap_or(' ');
        let tail_left = found.iter().all(|c| c.text.ends_with(last));
        if (next_word.is_some() || spaces) && tail_left {
            let following = next_word
                .and_then(|rest| rest.split(|c: char| c.is_ascii_whitespace()).next())
                .unwrap_or("");
            let (completes, continues) = no_break_space_fits(word);
            // Inside a sequence, the next word holds the rest of it.
            let tries = [
                (continues && next_word.is_some(), following),
                (completes, ""),
            ];
            for (joined, (fits, taken)) in tries.into_iter().enumerate().map(|(i, t)| (i == 0, t)) {
                if !fits {
                    continue;
                }
                // (Pushed, not formatted: most words of some scripts get here.)
                let mut with_space = String::with_capacity(word.len() + 3 + taken.len());
                with_space.push_str(word);
                with_space.push(LOST_NO_BREAK_SPACE);
                with_space.push_str(taken);
                let taken_in: Arc<[Candidate]> = (memo.readings_of(&with_space).iter())
                    .filter(|c| !c.text.contains(LOST_NO_BREAK_SPACE))
                    .cloned()
                    .collect();
                if taken_in.is_empty() {
                    continue;
                }
                // Two words are joined only by a reading as plausible as
                // the two apart, the next one read its best way: "é"
                // before a space and a C1 control show a sequence in
                // windows-1252 ("está \u{93}próximo" as "est᠓próximo"),
                // where the control is windows-1252's quote ("está
                // “próximo"); "Ð ÑƒÑÑÐºÐ¸Ð¹" is "Русский" as "Ð усский" is.
                if joined {
                    let next_best = (memo.readings_of(taken).iter())
                        .map(|c| c.measure.alone)
                        .fold(memo.badness_alone(taken), u32::min);
                    let apart = memo.badness_alone(word).saturating_add(next_best);
                    if !taken_in.iter().any(|c| c.measure.alone <= apart) {
                        continue;
                    }
                }
                guessed_space = true;
                found = taken_in;
                judged = with_space.replace(LOST_NO_BREAK_SPACE, "\u{A0}");
                // "Ã " is mostly "à" and a space that followed it ("voilà
                // le"), the no-break space lost; but "Ã s" is "às", and
                // inside any other sequence the space was the byte.
                let a_grave = found.iter().any(|c| c.text.ends_with('à'));
                if joined {
                    next_at = word_end + 1 + following.len();
                    range.end = start + next_at;
                } else if !a_grave || CONTRACTIONS.contains(&following) || spaces {
                    range.end += 1;
                }
                break;
            }
        }
        words.push(Word {
            range,
            plain: memo.is_plain(&judged),
            text: judged,
            candidates: found,
            badness_of: Vec::new(),
            badness: 0,
            guessed_space,
        });
        at = next_at;
    }
    words
}
