//! The repairer: a value that finds the mojibake of texts. It owns what it
//! keeps between texts (the measures and readings of the words it judged,
//! the runs of the lines), its choice of vector backend and how many
//! threads judge a long text (and the pool that scans the pieces of a
//! block for findings);
//! two repairers share nothing, and what one finds in a text never depends
//! on what it judged before, on which thread, or in what order (but for a
//! line taken for one it remembers by a 64-bit hash, at odds of 2^-64 a
//! line: see [`super::line_hashes`]).

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::Mojibake;
use super::chains::{Memo, SharedReadings};
use super::cjk;
use super::found_lines::FoundLines;
use super::line_hashes::LineHashes;
use super::prefilter::{StoppedLines, lines_that_may_hold_unless_clean};
use super::runs::{find_in_line, find_in_line_showing_garbling, overlapping};
use crate::model::blocks::line_aligned::{line_pieces, line_spans};
use crate::model::settings::Settings;

/// Texts this long or longer are judged in pieces of whole lines of about
/// this size, on the repairer's threads (lines are judged independently).
const PARALLEL_PIECE: usize = 64 << 10;

/// How many bytes of lines not recalled are judged together, at most
/// (about the pieces a long text is split into for threads).
const JUDGED_TOGETHER: usize = PARALLEL_PIECE;

/// How many lines found to hold no mojibake a repairer remembers (256 KiB
/// of hashes, a quarter of a core's cache: more kept more lines of a file
/// of tens of thousands, but the misses cost more than they saved).
const CLEAN_LINES: usize = 1 << 15;

/// Texts this long or longer are looked at a line at a time first, for
/// the lines lately found to hold no mojibake, or some. (A shorter one is scanned
/// as fast as its lines are hashed, and most such texts come alone: a
/// memo is taken for one only if a line needs judging.)
const RECALLED_FROM: usize = 4 << 10;

/// Finds the mojibake runs of texts, line by line.
///
/// Keep one and feed it every text: the words and lines of a text recur,
/// and what it worked out for a word or a line is kept for the next. It
/// may be shared by threads (`&Repairer` is all [`Repairer::find`] takes).
pub struct Repairer {
    settings: Settings,
    /// The readings any of its threads worked out (made when a first
    /// line needs judging: most texts have none that does).
    shared: OnceLock<Arc<SharedReadings>>,
    /// The memos of the threads not judging now, for the next to take.
    idle: Mutex<Vec<Memo>>,
    /// The threads the pieces of a block are scanned for findings on
    /// ([`Repairer::map_on_threads`]), started the first time one comes
    /// (none if there is to be one thread). (`find` splits a text between
    /// the calling thread and threads started for it instead: see
    /// [`map_on_scoped_threads`].)
    pool: OnceLock<Option<rayon::ThreadPool>>,
    /// What its threads found in the lines of long texts, to recall when
    /// the lines recur (made when a first long text comes: a repairer
    /// made for one short text stays cheap to make).
    recalled: OnceLock<RecalledLines>,
}

/// What the threads of a repairer found in the lines they judged.
struct RecalledLines {
    /// The lines lately found to hold no mojibake: passed over when they
    /// recur.
    clean: LineHashes,
    /// The runs lately found in lines that hold some: given again when
    /// they recur.
    found: FoundLines,
}

impl Default for RecalledLines {
    fn default() -> Self {
        RecalledLines {
            clean: LineHashes::with_slots(CLEAN_LINES),
            found: FoundLines::default(),
        }
    }
}

impl Default for Repairer {
    /// A repairer with the default [`Settings`].
    fn default() -> Self {
        Repairer::new(Settings::default())
    }
}

impl std::fmt::Debug for Repairer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Repairer")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl Repairer {
    /// A repairer that runs as `settings` say.
    pub fn new(settings: Settings) -> Repairer {
        Repairer {
            settings,
            shared: OnceLock::new(),
            idle: Mutex::new(Vec::new()),
            pool: OnceLock::new(),
            recalled: OnceLock::new(),
        }
    }

    /// How it runs.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The mojibake runs of `text`, in order and apart. In a text of 4 KiB
    /// or more, the lines it lately found to hold none are passed over, and
    /// those it found to hold some given the same runs: a line's runs
    /// depend on the line alone.
    pub fn find(&self, text: &str) -> Vec<Mojibake> {
        self.find_recalling(text, Recall::CleanLines)
    }

    /// [`Repairer::find`], every line looked at: for a caller that reads
    /// every line anyway (the findings pass, which looks for other findings
    /// in it), where hashing each line to recall it costs more than it
    /// saves (15% more time on distinct multilingual lines). The runs are
    /// the same.
    pub fn find_every_line(&self, text: &str) -> Vec<Mojibake> {
        self.find_recalling(text, Recall::Nothing)
    }

    /// [`Repairer::find`], recalling as `recall` says: a long text is split
    /// into pieces of whole lines, which this thread and threads started
    /// for it take in turn.
    fn find_recalling(&self, text: &str, recall: Recall) -> Vec<Mojibake> {
        let find_in = |text: &str| match recall {
            Recall::CleanLines if text.len() >= RECALLED_FROM => {
                self.find_in_lines_not_recalled(text)
            }
            _ => self.find_in_new_lines_here(text),
        };
        let threads = self.settings.threads.get();
        if text.len() < 2 * PARALLEL_PIECE || threads == 1 {
            return find_in(text);
        }
        let pieces = line_pieces(text.as_bytes(), PARALLEL_PIECE);
        let found = map_on_scoped_threads(&pieces, threads, |&(start, piece)| {
            let runs = find_in(&text[start..start + piece.len()]);
            runs.into_iter()
                .map(|run| run.moved(start))
                .collect::<Vec<_>>()
        });
        found.concat()
    }

    /// The runs of `text` (whole lines), every line judged on this thread.
    fn find_in_new_lines_here(&self, text: &str) -> Vec<Mojibake> {
        let mut memo = None;
        let runs = self.find_in_new_lines(text, &mut memo);
        if let Some(memo) = memo {
            self.give_back(memo);
        }
        runs
    }

    /// `work` done on each of `items`, in order, on this thread and the
    /// repairer's helpers (started the first time; none if it is to use
    /// one thread). This thread takes items too, so that it is at work,
    /// not asleep, when the last is done, and one thread fewer waits
    /// while it does what comes between two calls: on two cores, a pool
    /// of two threads that this one waited on took 50% more CPU time than
    /// one thread to scan prose in Latin letters for findings, and saved
    /// a fifth of its time.
    pub fn map_on_threads<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync + Send,
    ) -> Vec<R> {
        let Some(pool) = self.pool() else {
            return items.iter().map(work).collect();
        };
        let turns = TakingTurns::new(items, &work);
        let helped = Mutex::new(Vec::new());
        let mut done = pool.in_place_scope(|scope| {
            for _ in 0..pool
                .current_num_threads()
                .min(items.len().saturating_sub(1))
            {
                scope.spawn(|_| {
                    let done = turns.take();
                    helped.lock().expect("a helper panicked").extend(done);
                });
            }
            turns.take()
        });
        done.extend(helped.into_inner().expect("a helper panicked"));
        in_order(done)
    }

    /// The runs of `text`'s lines, a line at a time on this thread: a line
    /// the repairer recalls as holding none is passed over, one it recalls
    /// the runs of is given them, and the others are judged in batches and
    /// remembered (by any of its threads, so that a line that recurs is
    /// judged once, whichever thread meets it). A line's runs depend on
    /// the line alone, so recalling them is judging it again.
    fn find_in_lines_not_recalled(&self, text: &str) -> Vec<Mojibake> {
        let mut runs = Vec::new();
        let mut new_lines = NewLines::default();
        // (Taken now: it holds the found lines this thread recalled lately.)
        let mut memo = Some(self.take_memo());
        let recalled = self.recalled.get_or_init(RecalledLines::default);
        for span in line_spans(text.as_bytes()) {
            let line = &text[span.clone()];
            let key = LineHashes::key(line);
            if recalled.clean.holds(key) {
                continue;
            }
            let recent = memo
                .get_or_insert_with(|| self.take_memo())
                .recently_found();
            if recalled
                .found
                .recall(key, line, span.start, &mut runs, recent)
            {
                continue;
            }
            new_lines.add(span, key);
            // (Judged a batch at a time, so that a line is remembered
            // before it recurs: in one long text, the lines are new until
            // the first recurs.)
            if new_lines.bytes >= JUDGED_TOGETHER {
                self.judge_new_lines(text, &new_lines, recalled, &mut memo, &mut runs);
                new_lines.clear();
            }
        }
        self.judge_new_lines(text, &new_lines, recalled, &mut memo, &mut runs);
        if let Some(memo) = memo {
            self.give_back(memo);
        }
        // (Recalled runs came before those of the new lines judged after
        // them.)
        runs.sort_unstable_by_key(|run| run.range.start);
        runs
    }

    /// Adds to `runs` those of `new_lines` of `text`, judged with `memo`
    /// (taken if none was yet); remembers in `recalled` the lines that
    /// hold none and the runs of the others.
    fn judge_new_lines(
        &self,
        text: &str,
        new_lines: &NewLines,
        recalled: &RecalledLines,
        memo: &mut Option<Memo>,
        runs: &mut Vec<Mojibake>,
    ) {
        let mut found = Vec::new();
        for span in new_lines.spans() {
            let in_span = self.find_in_new_lines(&text[span.clone()], memo);
            found.extend(in_span.into_iter().map(|run| run.moved(span.start)));
        }
        // (Runs keep within their lines, in order.)
        let mut found = found.into_iter().peekable();
        for (line, key) in &new_lines.lines {
            let mut in_line = Vec::new();
            while let Some(run) = found.next_if(|run| run.range.start < line.end) {
                in_line.push(run);
            }
            if in_line.is_empty() {
                recalled.clean.remember(*key);
                continue;
            }
            let kept = in_line.iter().map(|run| Mojibake {
                range: run.range.start - line.start..run.range.end - line.start,
                readings: run.readings.clone(),
                held_back: run.held_back.clone(),
            });
            recalled
                .found
                .keep(*key, &text[line.clone()], kept.collect());
            runs.extend(in_line);
        }
    }

    /// The runs of `text` (whole lines), judged with `memo`.
    /// (`memo` is taken when a first line needs judging, if none was yet.)
    fn find_in_new_lines(&self, text: &str, memo: &mut Option<Memo>) -> Vec<Mojibake> {
        let mut judged = JudgedLines {
            repairer: self,
            text,
            memo,
            runs: Vec::new(),
            stopped: Vec::new(),
            glanced: None,
        };
        lines_that_may_hold_unless_clean(text, self.settings.backend, &mut judged);
        let JudgedLines {
            memo,
            runs,
            stopped,
            ..
        } = judged;
        let mut cjk_runs = Vec::new();
        for (start, end) in cjk::lines_to_judge(text, &stopped, self.settings.backend) {
            let memo = memo.get_or_insert_with(|| self.take_memo());
            cjk_runs.extend(cjk::find_in_line(memo, text, start, end));
        }
        with_cjk_runs(text, runs, cjk_runs)
    }

    /// A memo for a thread to judge with: one another thread left, or a
    /// new one.
    fn take_memo(&self) -> Memo {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        idle.unwrap_or_else(|| {
            Memo::new(
                Arc::clone(self.shared.get_or_init(Arc::default)),
                self.settings.backend,
            )
        })
    }

    /// Gives a memo back for the next thread.
    fn give_back(&self, memo: Memo) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(memo);
        }
    }

    /// Its helper threads, started once: one fewer than it is to use (the
    /// thread that calls [`Repairer::map_on_threads`] is one).
    fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool
            .get_or_init(|| {
                let threads = self.settings.threads.get();
                (threads > 1)
                    .then(|| {
                        rayon::ThreadPoolBuilder::new()
                            .num_threads(threads - 1)
                            .thread_name(|i| format!("utf8scope-repair-{i}"))
                            .build()
                            .ok()
                    })
                    .flatten()
            })
            .as_ref()
    }
}

/// The lines of a text that were not recalled, to judge together.
#[derive(Default)]
struct NewLines {
    /// Each line's span and key, in order.
    lines: Vec<(Range<usize>, u64)>,
    /// How many bytes they hold.
    bytes: usize,
}

impl NewLines {
    /// Lets the lines go (keeping the room they took).
    fn clear(&mut self) {
        self.lines.clear();
        self.bytes = 0;
    }

    /// Adds the line at `span` (after those added before), of `key`.
    fn add(&mut self, span: Range<usize>, key: u64) {
        self.bytes += span.len();
        self.lines.push((span, key));
    }

    /// The spans of the lines, those that follow one another joined (a
    /// text to judge at once).
    fn spans(&self) -> Vec<Range<usize>> {
        let mut spans: Vec<Range<usize>> = Vec::new();
        for (line, _) in &self.lines {
            match spans.last_mut() {
                Some(last) if last.end == line.start => last.end = line.end,
                _ => spans.push(line.clone()),
            }
        }
        spans
    }
}

/// Whether a text's lines are looked up among those lately found to hold
/// none or some mojibake before they are looked at.
#[derive(Debug, Clone, Copy)]
enum Recall {
    CleanLines,
    Nothing,
}

/// `work` done on each of `items` on `threads` threads, this one and
/// `threads - 1` started for the call, each taking the next item in turn;
/// the results in the order of the items.
///
/// (For the repair of long texts: there the threads of a pool, idle while
/// this thread does the work between two texts (a file's next block read,
/// the last written), spun waiting for the next, and `fix` took a fifth
/// more CPU time on two threads than on one. A thread starts in tens of
/// microseconds; a text this is used for takes milliseconds.)
fn map_on_scoped_threads<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let turns = TakingTurns::new(items, &work);
    let done = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(items.len()))
            .map(|_| scope.spawn(|| turns.take()))
            .collect();
        let mut done = turns.take();
        for helper in helpers {
            done.extend(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        done
    });
    in_order(done)
}

/// Items that threads take in turn, each doing `work` on the next one not
/// yet taken: a thread that meets quicker items takes more of them.
struct TakingTurns<'a, T, W> {
    items: &'a [T],
    work: &'a W,
    next: AtomicUsize,
}

impl<'a, T, R, W: Fn(&T) -> R> TakingTurns<'a, T, W> {
    fn new(items: &'a [T], work: &'a W) -> Self {
        TakingTurns {
            items,
            work,
            next: AtomicUsize::new(0),
        }
    }

    /// Takes items until none is left; returns what this thread did, each
    /// with its item's index.
    fn take(&self) -> Vec<(usize, R)> {
        let mut done = Vec::new();
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = self.items.get(i) else {
                return done;
            };
            done.push((i, (self.work)(item)));
        }
    }
}

/// The results of [`TakingTurns::take`] from every thread, in the items'
/// order.
fn in_order<R>(mut done: Vec<(usize, R)>) -> Vec<R> {
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, result)| result).collect()
}

/// `runs` (of `text`, in order) with the CJK mojibake of `text`'s lines,
/// `cjk_runs` (of those the quick test stopped in, and those with CJK
/// chars; in order).
/// A CJK run over whole words takes the place of the single-byte runs
/// inside them (parts of a word that a single-byte encoding reads as UTF-8
/// by chance: "À´" in EUC-KR read as windows-1252 is "˫" through
/// macintosh), even when it cannot tell GBK from EUC-KR; one over a run
/// reaching beyond it gives way. A single-byte run in a word that shows garbling through a
/// CJK encoding around it is dropped.
fn with_cjk_runs(text: &str, runs: Vec<Mojibake>, cjk_runs: Vec<Mojibake>) -> Vec<Mojibake> {
    // (A single-byte run inside a word garbled through a CJK encoding is
    // a coincidence, whether or not the word could be read back.)
    let runs: Vec<Mojibake> = if text.is_ascii() {
        runs
    } else {
        (runs.into_iter())
            .filter(|run| !cjk::in_cjk_garbling(text, &run.range))
            .collect()
    };
    if cjk_runs.is_empty() {
        return runs;
    }
    let cjk_runs: Vec<Mojibake> = cjk_runs
        .into_iter()
        .filter(|cjk| {
            (overlapping(&runs, &cjk.range).iter())
                .all(|r| cjk.range.start <= r.range.start && r.range.end <= cjk.range.end)
        })
        .collect();
    let mut all: Vec<Mojibake> = runs
        .into_iter()
        .filter(|run| overlapping(&cjk_runs, &run.range).is_empty())
        .collect();
    all.extend(cjk_runs);
    all.sort_by_key(|run| run.range.start);
    all
}

/// The mojibake runs of `text`, found by a repairer made for it alone (on
/// every core if the text is long enough to split). To judge many texts,
/// keep a [`Repairer`]: it keeps what it worked out for their words.
pub fn find_mojibake(text: &str) -> Vec<Mojibake> {
    let settings = if text.len() < 2 * PARALLEL_PIECE {
        Settings::one_thread()
    } else {
        Settings::default()
    };
    Repairer::new(settings).find(text)
}

/// The lines of a text that the quick test takes, judged as it finds them.
struct JudgedLines<'a, 'm> {
    repairer: &'a Repairer,
    text: &'a str,
    /// Taken from the repairer when a first line needs it.
    memo: &'m mut Option<Memo>,
    /// The runs found so far.
    runs: Vec<Mojibake>,
    /// The lines taken: those where a CJK encoding read as windows-1252
    /// may show too.
    stopped: Vec<(usize, usize)>,
    /// The start of the last line glanced at, and whether no word of it
    /// showed its garbling plainly (not asked again when it is taken).
    glanced: Option<(usize, bool)>,
}

impl StoppedLines for JudgedLines<'_, '_> {
    /// Clean at a glance: no word shows its garbling plainly, which a line
    /// must for the single-byte judgement to find anything, and no sign of
    /// CJK mojibake, which the CJK judgement of a taken line needs.
    fn clean_at_a_glance(&mut self, start: usize, end: usize) -> bool {
        let line = &self.text[start..end];
        let memo = (self.memo).get_or_insert_with(|| self.repairer.take_memo());
        let shows_none_plainly = memo.shows_none_plainly(line);
        self.glanced = Some((start, shows_none_plainly));
        shows_none_plainly && !cjk::may_hold(line)
    }

    fn take(&mut self, start: usize, end: usize) {
        let memo = (self.memo).get_or_insert_with(|| self.repairer.take_memo());
        self.stopped.push((start, end));
        let runs = match self.glanced {
            Some((glanced, false)) if glanced == start => {
                find_in_line_showing_garbling(memo, self.text, start, end)
            }
            _ => find_in_line(memo, self.text, start, end),
        };
        self.runs.extend(runs);
    }
}

#[cfg(test)]
mod tests {
    use super::super::prefilter::lines_that_may_hold;
    use super::*;
    use crate::model::findings::backend::Backend;

    /// The runs of `text` with every line the quick test takes judged,
    /// none passed over at a glance.
    fn judging_every_taken_line(repairer: &Repairer, text: &str) -> Vec<Mojibake> {
        let mut memo = repairer.take_memo();
        let (mut runs, mut stopped) = (Vec::new(), Vec::new());
        lines_that_may_hold(text, repairer.settings.backend, |start, end| {
            stopped.push((start, end));
            runs.extend(find_in_line(&mut memo, text, start, end));
        });
        let mut cjk_runs = Vec::new();
        for (start, end) in cjk::lines_to_judge(text, &stopped, repairer.settings.backend) {
            cjk_runs.extend(cjk::find_in_line(&mut memo, text, start, end));
        }
        with_cjk_runs(text, runs, cjk_runs)
    }

    #[test]
    fn lines_passed_over_at_a_glance_hold_nothing_judging_them_finds() {
        // Cyrillic lines, clean and with mojibake of each kind beside
        // clean words (single-byte, read back through CJK encodings, C1
        // controls), in every order.
        let lines = [
            "Съешь же ещё этих мягких французских булок, да выпей чаю.",
            "Как сообщил министр, около 120 млрд рублей… Эксперты — «осторожно».",
            "Привет РїСЂРёРІРµС‚ и мир",
            "Москва п©я─п╦п╡п╣я┌ город",
            "Москва 縺薙ｓ縺ｫ縺｡縺ｯ город",
            "Москва ‚±‚ñ‚É‚¿‚Í город",
            // (Capitals of one script, no word shows garbling plainly: the
            // CJK test alone finds GBK read as windows-1252.)
            "Москва ÖÐÎÄÖÐÎÄ город",
            "журнал ÎÒÃÇÖÐÎÄ",
            "Париж cafÃ© и вокзал",
            "Температура до −15 °C, днём снег.",
            "Сигнал \u{85} и \u{96} контроль",
            "ПРИВЕТ мир, Ёлки и СССР",
        ];
        let mut text = String::new();
        for i in 0..lines.len() {
            for j in 0..lines.len() {
                text.push_str(lines[(i * 3 + j) % lines.len()]);
                text.push('\n');
            }
        }
        for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
            let settings = Settings::default()
                .with_backend(backend)
                .expect("available");
            let repairer = Repairer::new(settings);
            let glanced = repairer.find_in_new_lines(&text, &mut None);
            assert!(glanced.len() >= 4 * lines.len(), "{backend:?}: {glanced:?}");
            assert_eq!(
                glanced,
                judging_every_taken_line(&repairer, &text),
                "{backend:?}"
            );
        }
    }
}
