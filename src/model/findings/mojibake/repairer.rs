//! The repairer: a value that finds the mojibake of texts. It owns what it
//! keeps between texts (the measures and readings of the words it judged,
//! the runs of the lines), its choice of vector backend and the threads it
//! judges a long text on (and scans the pieces of a block for findings on);
//! two repairers share nothing, and what one finds in a text never depends
//! on what it judged before, on which thread, or in what order (but for a
//! line taken for one it remembers by a 64-bit hash, at odds of 2^-64 a
//! line: see [`super::line_hashes`]).

use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use super::Mojibake;
use super::chains::{Memo, SharedReadings};
use super::cjk;
use super::line_hashes::LineHashes;
use super::prefilter::lines_that_may_hold;
use super::runs::{find_in_line, overlapping};
use crate::model::blocks::line_aligned::{line_pieces, line_spans};
use crate::model::settings::Settings;

/// Texts this long or longer are judged in pieces of whole lines of about
/// this size, on the repairer's threads (lines are judged independently).
const PARALLEL_PIECE: usize = 64 << 10;

/// How many bytes of new lines are looked at together, at most (about
/// the pieces a long text is split into for threads).
const LOOKED_AT_ONCE: usize = PARALLEL_PIECE;

/// Texts this long or longer are looked at a line at a time first, for
/// the lines lately found to hold no mojibake. (A shorter one is scanned
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
    /// The threads long texts are judged on, started the first time one
    /// comes (none if there is to be one thread).
    pool: OnceLock<Option<rayon::ThreadPool>>,
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
        }
    }

    /// How it runs.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The mojibake runs of `text`, in order and apart. In a text of 4 KiB
    /// or more, the lines it lately found to hold none are passed over: a
    /// line's runs depend on the line alone.
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

    /// [`Repairer::find`], recalling as `recall` says.
    fn find_recalling(&self, text: &str, recall: Recall) -> Vec<Mojibake> {
        if text.len() < 2 * PARALLEL_PIECE {
            return self.find_in_lines(text, recall);
        }
        if self.pool().is_none() {
            return self.find_in_lines(text, recall);
        }
        let pieces = line_pieces(text.as_bytes(), PARALLEL_PIECE);
        let found = self.map_on_threads(&pieces, |&(start, piece)| {
            let runs = self.find_in_lines(&text[start..start + piece.len()], recall);
            runs.into_iter()
                .map(|run| run.moved(start))
                .collect::<Vec<_>>()
        });
        found.concat()
    }

    /// `work` done on each of `items`, in order, on the repairer's threads
    /// (started the first time; on this thread if it is to use one).
    pub fn map_on_threads<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync + Send,
    ) -> Vec<R> {
        match self.pool() {
            Some(pool) => pool.install(|| items.par_iter().map(work).collect()),
            None => items.iter().map(work).collect(),
        }
    }

    /// [`Repairer::find`] on this thread. A text of many lines is looked
    /// at a line at a time first: the lines lately found to hold no
    /// mojibake ([`Memo::clean_lines`]) are passed over, the others looked
    /// at in runs of lines, and those of them that hold none remembered.
    /// (A line's runs depend on the line alone, so passing over one is
    /// finding it holds none again.) Without `recall`, every line is
    /// looked at.
    fn find_in_lines(&self, text: &str, recall: Recall) -> Vec<Mojibake> {
        if matches!(recall, Recall::Nothing) || text.len() < RECALLED_FROM {
            let mut memo = None;
            let runs = self.find_in_new_lines(text, &mut MemoSlot::Lazy(&mut memo));
            if let Some(memo) = memo {
                self.give_back(memo);
            }
            return runs;
        }
        let mut memo = self.take_memo();
        let runs = self.find_in_lines_not_recalled(text, &mut memo);
        self.give_back(memo);
        runs
    }

    /// The runs of `text`'s lines, those that `memo` recalls as holding
    /// none passed over, the others looked at in runs of lines.
    fn find_in_lines_not_recalled(&self, text: &str, memo: &mut Memo) -> Vec<Mojibake> {
        let mut runs = Vec::new();
        // The lines since the last one recalled, with their keys.
        let mut new_lines: Vec<(usize, u64)> = Vec::new();
        for span in line_spans(text.as_bytes()) {
            let (start, end) = (span.start, span.end);
            let key = LineHashes::key(&text[span]);
            if memo.clean_lines().holds(key) {
                self.look_at(text, &new_lines, start, memo, &mut runs);
                new_lines.clear();
            } else {
                new_lines.push((start, key));
                // (Looked at a piece at a time, so that a line is
                // remembered before it recurs: in one long text, the lines
                // are new until the first recurs.)
                if end - new_lines[0].0 >= LOOKED_AT_ONCE {
                    self.look_at(text, &new_lines, end, memo, &mut runs);
                    new_lines.clear();
                }
            }
        }
        self.look_at(text, &new_lines, text.len(), memo, &mut runs);
        runs
    }

    /// Adds to `runs` those of the lines of `text` that start at
    /// `new_lines` (one after another, the last ending at `end`), and
    /// remembers those of them that hold none.
    fn look_at(
        &self,
        text: &str,
        new_lines: &[(usize, u64)],
        end: usize,
        memo: &mut Memo,
        runs: &mut Vec<Mojibake>,
    ) {
        let Some(&(from, _)) = new_lines.first() else {
            return;
        };
        let found = self.find_in_new_lines(&text[from..end], &mut MemoSlot::Taken(memo));
        // (Runs keep within their lines, in order.)
        let mut found = found.into_iter().map(|run| run.moved(from)).peekable();
        for (i, &(_, key)) in new_lines.iter().enumerate() {
            let line_end = new_lines.get(i + 1).map_or(end, |&(next, _)| next);
            let mut held = false;
            while let Some(run) = found.next_if(|run| run.range.start < line_end) {
                held = true;
                runs.push(run);
            }
            if !held {
                memo.clean_lines().remember(key);
            }
        }
    }

    /// The runs of `text` (whole lines), judged with `memo`.
    fn find_in_new_lines(&self, text: &str, memo: &mut MemoSlot) -> Vec<Mojibake> {
        let mut runs = Vec::new();
        // (The lines the quick test stops in are those where a CJK
        // encoding read as windows-1252 may show too.)
        let mut stopped = Vec::new();
        lines_that_may_hold(text, self.settings.backend, |start, end| {
            let memo = memo.get(self);
            stopped.push((start, end));
            runs.extend(find_in_line(memo, text, start, end));
        });
        let mut cjk_runs = Vec::new();
        for (start, end) in cjk::lines_to_judge(text, &stopped) {
            let memo = memo.get(self);
            cjk_runs.extend(cjk::find_in_line(memo, text, start, end));
        }
        with_cjk_runs(text, runs, cjk_runs)
    }

    /// A memo for a thread to judge with: one another thread left, or a
    /// new one.
    fn take_memo(&self) -> Memo {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        idle.unwrap_or_else(|| Memo::new(Arc::clone(self.shared.get_or_init(Arc::default))))
    }

    /// Gives a memo back for the next thread.
    fn give_back(&self, memo: Memo) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(memo);
        }
    }

    /// Its threads, started once.
    fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool
            .get_or_init(|| {
                let threads = self.settings.threads.get();
                (threads > 1)
                    .then(|| {
                        rayon::ThreadPoolBuilder::new()
                            .num_threads(threads)
                            .thread_name(|i| format!("utf8scope-repair-{i}"))
                            .build()
                            .ok()
                    })
                    .flatten()
            })
            .as_ref()
    }
}

/// Whether a text's lines are looked up among those lately found to hold
/// no mojibake before they are looked at.
#[derive(Debug, Clone, Copy)]
enum Recall {
    CleanLines,
    Nothing,
}

/// The memo a text is judged with: one taken when a first line needs
/// judging, or one taken before.
enum MemoSlot<'a> {
    Lazy(&'a mut Option<Memo>),
    Taken(&'a mut Memo),
}

impl MemoSlot<'_> {
    /// The memo, taken from `repairer` if none was yet.
    fn get(&mut self, repairer: &Repairer) -> &mut Memo {
        match self {
            MemoSlot::Lazy(memo) => memo.get_or_insert_with(|| repairer.take_memo()),
            MemoSlot::Taken(memo) => memo,
        }
    }
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
