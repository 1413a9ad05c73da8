//! The readings of a word: every text that undoing one to three layers of
//! garbling, through any of the encodings, makes of it.

use std::sync::{Arc, OnceLock};

use super::badness::{Context, Measure, Measurer, is_plain};
use super::cjk::{Back, read_backs};
use super::found_lines::RecentlyFound;
use super::garblers::{COUNT, GARBLERS, LOST_NO_BREAK_SPACE, byte_row, loss_masks, roles_table};
use super::glances::Glances;
use super::kept::{Kept, Shared};
use super::undo::{Layer, Shown, Undone, undo};
use super::words::shows_none_plainly;
use super::{Chain, Mojibake};
use crate::model::findings::backend::Backend;
use unicode_general_category::{GeneralCategory, get_general_category};

/// How many layers of garbling are undone at most.
const MAX_DEPTH: usize = 3;

/// One reading of a word.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// How it came about.
    pub chain: Chain,
    /// What it says.
    pub text: String,
    /// How implausible it is on its own.
    pub measure: Measure,
    /// How many chars beyond ASCII the outermost layer left alone: none
    /// when the whole word was garbled that way.
    pub left: usize,
    /// How many the innermost layer undone left alone: none when it read
    /// every char of the reading before it as garbling.
    pub last_left: usize,
    /// How many `?` of the word stood for bytes a decoder lost, now within
    /// U+FFFD (see [`super::undo::Undone::question_marks_lost`]).
    question_marks_lost: usize,
    /// Whether `text` is plain ([`is_plain`]), worked out when first
    /// asked: the readings of a word are kept and judged on every line it
    /// is on.
    plain: OnceLock<bool>,
    /// Every chain by which the word undoes into `text`, worked out when
    /// first asked of the first candidate with this text
    /// ([`super::words::Word::chains_to`]).
    pub(super) chains_to: OnceLock<Vec<Chain>>,
}

impl Candidate {
    /// Whether its text is plain ([`is_plain`]).
    pub fn is_plain(&self) -> bool {
        *self.plain.get_or_init(|| is_plain(&self.text))
    }
}

/// Every reading of `word` (the first chain found to a text is gone on
/// from; others to the same text with as many layers are kept, since the
/// line may show which it was).
pub fn candidates(word: &str, measurer: &mut Measurer) -> Vec<Candidate> {
    let mut found: Vec<Candidate> = Vec::new();
    // Where in `found` each text was first found (found again by lookup,
    // not by a search of `found`: a long word has hundreds of readings).
    let mut first_of: foldhash::HashMap<String, usize> = foldhash::HashMap::default();
    let alone = measurer.measure(word);
    let start = Candidate {
        chain: Chain(Vec::new()),
        text: word.to_string(),
        measure: alone,
        left: 0,
        last_left: 0,
        question_marks_lost: 0,
        plain: OnceLock::new(),
        chains_to: OnceLock::new(),
    };
    // The readings gone on from, a layer at a time: the word, then places
    // in `found`.
    let mut frontier: Vec<Option<usize>> = vec![None];
    for _ in 0..MAX_DEPTH {
        let mut next = Vec::new();
        for &at in &frontier {
            let from = at.map_or(&start, |i| &found[i]);
            let outermost = from.chain.0.is_empty();
            let (from_chain, from_alone, from_left, from_lost, from_replaced) = (
                from.chain.clone(),
                from.measure.alone,
                from.left,
                from.question_marks_lost,
                replacement_chars(&from.text),
            );
            // windows-1252 read as ISO-8859-1 is the last thing done to a
            // text, or nothing: a C1 control that undoing UTF-8 makes is a
            // coincidence.
            let c1 = outermost.then_some(Layer::Windows1252AsLatin1);
            let able = undoable(&from.text);
            let shown = Shown::new(&from.text);
            let layers = GARBLERS
                .iter()
                .filter(|g| able & (1 << g.index()) != 0)
                .map(|g| Layer::Utf8As(g, false))
                .chain(c1);
            for layer in layers {
                let Some(undone) = undo(&shown, layer, outermost) else {
                    continue;
                };
                // Garbling changes every char it can; a reading that leaves
                // more of them than it undoes is a coincidence. And no text,
                // at any layer, holds a code point Unicode has not assigned:
                // bytes that read as one are a coincidence too ("ёлка"
                // through IBM866 is F1 AB AA A0, U+6BAA0).
                if undone.text == word
                    || undone.left > undone.units
                    || undone.text.chars().any(is_unassigned)
                    || recovers_nothing(from_replaced, &undone)
                {
                    continue;
                }
                let mut chain = from_chain.clone();
                chain.0.push(undone.layer);
                let first = first_of.get(&undone.text).map(|&i| &found[i]);
                let question_marks_lost = from_lost + undone.question_marks_lost;
                let measure = first.map_or_else(
                    || {
                        without_lost_marks(
                            measurer.measure(&undone.text),
                            &undone.text,
                            question_marks_lost,
                        )
                    },
                    |c| c.measure,
                );
                let candidate = Candidate {
                    measure,
                    left: if outermost { undone.left } else { from_left },
                    last_left: undone.left,
                    question_marks_lost,
                    chain,
                    text: undone.text,
                    plain: OnceLock::new(),
                    chains_to: OnceLock::new(),
                };
                if let Some(first) = first {
                    if first.chain.0.len() == candidate.chain.0.len() {
                        found.push(candidate);
                    }
                    continue;
                }
                // A further layer is undone only from a step that reads no
                // worse, or that was garbling through and through: each
                // layer of real garbling adds to it.
                if candidate.measure.alone <= from_alone || undone.left == 0 {
                    next.push(Some(found.len()));
                }
                first_of.insert(candidate.text.clone(), found.len());
                found.push(candidate);
            }
        }
        frontier = next;
    }
    found
}

/// Whether every sequence `undone` undid, in a text that held `replaced`
/// U+FFFD, lost a byte to a `?` (each is now U+FFFD): such a reading says
/// nothing of the text meant. ("β ?", a Greek letter before a no-break
/// space and a question mark as French writes them, is E2 A0 and a lost
/// byte through windows-1253. A U+FFFD read whole from EF BF BD, "ï¿½", is
/// what the text held.)
fn recovers_nothing(replaced: usize, undone: &Undone) -> bool {
    let made = replacement_chars(&undone.text).saturating_sub(replaced);
    undone.units > 0 && made.min(undone.question_marks_lost) >= undone.units
}

/// How many U+FFFD `text` holds.
fn replacement_chars(text: &str) -> usize {
    text.chars().filter(|&c| c == '\u{FFFD}').count()
}

/// Whether `c` is a code point Unicode has not assigned (noncharacters
/// among them).
fn is_unassigned(c: char) -> bool {
    !c.is_ascii() && get_general_category(c) == GeneralCategory::Unassigned
}

/// `measure` (of `text`) without what the U+FFFD that stand for `?` of
/// the word cost: a `?` that a decoder wrote for a byte it lost costs
/// nothing in the word, and reading it as part of a sequence loses
/// nothing more ("ItÃ?Â¢â?¬â?¢s" is "It�¢��s").
fn without_lost_marks(mut measure: Measure, text: &str, question_marks_lost: usize) -> Measure {
    if question_marks_lost > 0 {
        let replaced = text.chars().filter(|&c| c == '\u{FFFD}').count();
        let lost = u32::try_from(question_marks_lost.min(replaced)).unwrap_or(u32::MAX);
        let cost = u32::from(super::costs::REPLACEMENT_CHAR).saturating_mul(lost);
        measure.alone = measure.alone.saturating_sub(cost);
    }
    measure
}

/// The readings of words that a store shared by the threads of one
/// repairer keeps: the threads that split a file see the same words.
pub type SharedReadings = Shared<Arc<[Candidate]>>;

/// How many lines a thread keeps the runs of, each way they are judged,
/// before it starts again: fewer than words, as what is kept of a line
/// (its repairs and readings) is as long as the line or longer; enough for
/// the lines of a file that recur (a site's boilerplate recurs on every
/// page).
const MAX_LINES: usize = 1 << 12;

/// How many bytes of lines a thread keeps the runs of, each way.
const MAX_LINE_BYTES: usize = 2 << 20;

/// How many lines seen at a glance to hold no mojibake a thread
/// remembers (32 KiB of hashes).
const GLANCED_LINES: usize = 1 << 12;

/// What one thread judging lines keeps of the words it judged lately: a
/// line is judged in up to four passes, and the words of a text recur.
/// It owns its stores but for `shared`, which the threads of one repairer
/// share.
pub struct Memo {
    /// The found lines it recalled lately (see [`RecentlyFound`]).
    recently_found: RecentlyFound,
    /// The vector backend its searches run on.
    backend: Backend,
    measurer: Measurer,
    readings: Kept<Arc<[Candidate]>>,
    shared: Arc<SharedReadings>,
    /// Whether each word judged lately is plain ([`is_plain`]).
    plain: Kept<bool>,
    /// How each word judged lately reads back through the CJK encodings.
    cjk_backs: Kept<Arc<[Back]>>,
    /// The runs each judgment found in the lines it judged lately (ranges
    /// in the line), by [`LineJudgment`].
    lines: [Kept<Box<[Mojibake]>>; 2],
    /// The lines lately seen at a glance to hold none: fewer than
    /// `clean` holds, and so remembered longer (they cost a glance each
    /// time; most others only the quick search).
    glanced: Glances,
}

/// One of the two ways a line is judged, each with the runs it found in
/// lines kept apart.
#[derive(Debug, Clone, Copy)]
pub enum LineJudgment {
    /// As garbled through single-byte encodings ([`super::runs::find_in_line`]).
    SingleByte,
    /// As garbled through CJK encodings ([`super::cjk::find_in_line`]).
    Cjk,
}

impl Memo {
    /// A memo that looks for the readings other threads worked out in
    /// `shared`, and searches on `backend`.
    pub fn new(shared: Arc<SharedReadings>, backend: Backend) -> Memo {
        Memo {
            recently_found: RecentlyFound::default(),
            backend,
            measurer: Measurer::default(),
            readings: Kept::default(),
            shared,
            plain: Kept::default(),
            cjk_backs: Kept::default(),
            lines: std::array::from_fn(|_| Kept::with_room(MAX_LINES, MAX_LINE_BYTES)),
            glanced: Glances::with_slots(GLANCED_LINES),
        }
    }

    /// The found lines it recalled lately, for
    /// [`super::found_lines::FoundLines::recall`].
    pub fn recently_found(&mut self) -> &mut RecentlyFound {
        &mut self.recently_found
    }

    /// The runs that `judge` finds in `text[start..end]` (one line), kept
    /// from an earlier call if the line was judged `which` way lately.
    /// Judging a line reads nothing outside it, so a line that recurs (a
    /// crawl's boilerplate, a table's repeated cells, a log's messages)
    /// has the same runs wherever it is, and is judged once.
    ///
    /// Single-byte judgment first glances at a line: most lines it is
    /// asked of show no garbling plainly ([`shows_none_plainly`]), and
    /// those are remembered by a hash, not kept.
    pub fn runs_of_line(
        &mut self,
        which: LineJudgment,
        text: &str,
        start: usize,
        end: usize,
        judge: impl FnOnce(&mut Memo, &str) -> Vec<Mojibake>,
    ) -> Vec<Mojibake> {
        let line = &text[start..end];
        let glanced = match which {
            LineJudgment::SingleByte => match self.glanced.key(line) {
                Some(key) if self.glanced.holds(key) => return Vec::new(),
                Some(key) => Some(key),
                // (Lookups do not pay here: the glance itself comes first.)
                None if self.shows_none_plainly(line) => return Vec::new(),
                None => None,
            },
            LineJudgment::Cjk => None,
        };
        self.kept_or_judged(which, text, start, end, glanced, judge)
    }

    /// [`runs_of_line`](Self::runs_of_line) of single-byte judgment, for
    /// a line seen to have a word that shows its garbling plainly: it is
    /// not glanced at again.
    pub fn runs_of_line_showing_garbling(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        judge: impl FnOnce(&mut Memo, &str) -> Vec<Mojibake>,
    ) -> Vec<Mojibake> {
        self.kept_or_judged(LineJudgment::SingleByte, text, start, end, None, judge)
    }

    /// The runs of `text[start..end]` kept from judging it `which` way, or
    /// judged by `judge` and kept; a line glanced at by its hash
    /// (`glanced`) and seen to show no garbling plainly is remembered so.
    fn kept_or_judged(
        &mut self,
        which: LineJudgment,
        text: &str,
        start: usize,
        end: usize,
        glanced: Option<u64>,
        judge: impl FnOnce(&mut Memo, &str) -> Vec<Mojibake>,
    ) -> Vec<Mojibake> {
        let line = &text[start..end];
        let store = which as usize;
        let placed = |runs: &[Mojibake]| -> Vec<Mojibake> {
            runs.iter().map(|run| run.clone().moved(start)).collect()
        };
        if let Some(runs) = self.lines[store].get(line) {
            return placed(runs);
        }
        if let Some(key) = glanced
            && self.shows_none_plainly(line)
        {
            self.glanced.remember(key);
            return Vec::new();
        }
        let runs = judge(self, line);
        let found = placed(&runs);
        self.lines[store].keep_new(line, runs.into());
        found
    }

    /// Every way `word` reads back through a CJK encoding
    /// ([`read_backs`]), kept from an earlier call if it was judged
    /// lately.
    pub fn cjk_read_backs(&mut self, word: &str) -> Arc<[Back]> {
        (self.cjk_backs).with(word, |word| read_backs(word).into(), Arc::clone)
    }

    /// Every reading of `word` ([`candidates`]), kept from an earlier call
    /// if it was judged lately.
    pub fn readings_of(&mut self, word: &str) -> Arc<[Candidate]> {
        let Memo {
            measurer,
            readings,
            shared,
            ..
        } = self;
        readings.with_shared(
            shared,
            word,
            |word| candidates(word, measurer).into(),
            Arc::clone,
        )
    }

    /// Whether no word of `line` shows its garbling plainly
    /// ([`shows_none_plainly`]), each word's plain test kept.
    pub fn shows_none_plainly(&mut self, line: &str) -> bool {
        let backend = self.backend;
        shows_none_plainly(line, backend, |word| self.is_plain(word))
    }

    /// Whether `word` is plain ([`is_plain`]), kept from an earlier call
    /// if it was asked lately.
    pub fn is_plain(&mut self, word: &str) -> bool {
        self.plain.with(word, is_plain, |&plain| plain)
    }

    /// How implausible `text` is on its own.
    pub fn badness_alone(&mut self, text: &str) -> u32 {
        self.measurer.measure(text).alone
    }

    /// How implausible `text` is beside `context`.
    pub fn badness(&mut self, text: &str, context: &Context) -> u32 {
        self.measurer.badness(text, context)
    }
}

/// The encodings (as bits by index) in which some char of `text` that
/// shows a UTF-8 lead byte is followed by one that shows a continuation
/// byte (or a lost one): the only ones that can undo anything in it.
fn undoable(text: &str) -> u32 {
    let mut able = 0;
    let mut leads = 0;
    let lost = loss_masks();
    let table = roles_table();
    for c in text.chars() {
        let roles = table.of(c);
        let continuation = match c {
            '?' | '\u{FFFD}' => lost.holes,
            LOST_NO_BREAK_SPACE => lost.space,
            _ => roles.continuation,
        };
        able |= leads & continuation;
        leads = roles.lead();
    }
    able
}

/// How a byte A0 would go on the UTF-8 sequence that the chars ending
/// `word` show the start of, in the encodings where they do: whether it
/// would complete it in some, and whether more bytes must follow in some.
pub fn no_break_space_fits(word: &str) -> (bool, bool) {
    let (mut completes, mut continues) = (false, false);
    // The bytes the last chars show in each encoding, the last first
    // (looked up once for all of them).
    let mut rows = [[0u8; COUNT]; 3];
    for (row, c) in rows.iter_mut().zip(word.chars().rev()) {
        *row = byte_row(c);
    }
    for garbler in GARBLERS.iter().filter(|g| g.shows_no_break_space()) {
        // The bytes the last chars show, then A0, filled from the end.
        let mut bytes = [0u8; 4];
        bytes[3] = 0xA0;
        let mut start = 3;
        for row in &rows {
            let byte = row[garbler.index()];
            if byte < 0x80 {
                break;
            }
            start -= 1;
            bytes[start] = byte;
            let len = match byte {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => continue,
            };
            let shown = &bytes[start..];
            let valid_start = match std::str::from_utf8(shown) {
                Ok(_) => true,
                Err(e) => e.error_len().is_none(),
            };
            if valid_start && shown.len() <= len {
                completes |= shown.len() == len;
                continues |= shown.len() < len;
            }
            break;
        }
    }
    (completes, continues)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::findings::mojibake::Reading;

    /// A judgment that finds one run over a line's first word, and counts
    /// how often it is asked.
    fn first_word(asked: &mut usize) -> impl FnOnce(&mut Memo, &str) -> Vec<Mojibake> + '_ {
        move |_, line| {
            *asked += 1;
            let end = line.find(' ').unwrap_or(line.len());
            vec![Mojibake {
                range: 0..end,
                readings: vec![Reading {
                    chain: Chain(Vec::new()),
                    text: line[..end].to_uppercase(),
                }],
                held_back: None,
            }]
        }
    }

    #[test]
    fn a_line_seen_at_a_glance_to_hold_none_is_not_judged_nor_kept() {
        // (Russian, whose letters IBM866 shows as UTF-8 sequences.)
        let line = "Съешь же ещё этих мягких французских булок\n";
        assert!(shows_none_plainly(line, Backend::best(), is_plain));
        let mut memo = Memo::new(Arc::default(), Backend::best());
        let mut asked = 0;
        for _ in 0..2 {
            let runs = memo.runs_of_line(
                LineJudgment::SingleByte,
                line,
                0,
                line.len(),
                first_word(&mut asked),
            );
            assert!(runs.is_empty());
        }
        assert_eq!(asked, 0);
        assert!(memo.lines[0].get(line).is_none());
        // CJK judgment does not glance so.
        memo.runs_of_line(
            LineJudgment::Cjk,
            line,
            0,
            line.len(),
            first_word(&mut asked),
        );
        assert_eq!(asked, 1);
    }

    #[test]
    fn a_line_that_recurs_is_judged_once_and_its_runs_placed_where_it_is() {
        let text = "cafÃ© noir\ncafÃ© noir\n";
        let half = text.len() / 2;
        let mut memo = Memo::new(Arc::default(), Backend::best());
        let mut asked = 0;
        let first = memo.runs_of_line(
            LineJudgment::SingleByte,
            text,
            0,
            half,
            first_word(&mut asked),
        );
        let second = memo.runs_of_line(
            LineJudgment::SingleByte,
            text,
            half,
            2 * half,
            first_word(&mut asked),
        );
        assert_eq!(asked, 1);
        assert_eq!(&text[first[0].range.clone()], "cafÃ©");
        assert_eq!(second[0].range, half..half + "cafÃ©".len());
        assert_eq!(first[0].readings, second[0].readings);
        // The other judgment keeps its own.
        memo.runs_of_line(
            LineJudgment::Cjk,
            text,
            half,
            2 * half,
            first_word(&mut asked),
        );
        assert_eq!(asked, 2);
    }
}
