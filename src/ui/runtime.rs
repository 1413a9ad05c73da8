//! The runtime: owns the file and the background jobs (scan, findings,
//! search, reading a stream), carries out the [`Command`]s `update` returns,
//! and answers with [`Message`]s. The only part of the inspector that reads
//! the file or takes a lock; `dispatch` runs an update to its end.

use crate::model::explain::summarize;
use crate::model::text::Text;
use std::collections::VecDeque;
use std::sync::Arc;

use super::also::{self, AlsoText};
use super::app::{
    App, FileInfo, FindingTarget, FindingsStatus, Jump, Marked, ScanStatus, SearchReport,
    SeekResult, ViewData, ViewRequest,
};
use super::command::Command;
use super::message::{Message, ProgressReport};
use super::repair::RepairWriter;
use super::update::update;
use crate::display::escape_for_terminal;
use crate::model::encoding::{DETECT_SAMPLE, RowEncoding, legacy_rows_encoding, run_reading_at};
use crate::model::find::{SearchJob, SearchOutcome};
use crate::model::findings::{
    Finding, FindingsIndex, FindingsJob, FindingsListing, Near, Repairer, finding_near,
    findings_overlapping,
};
use crate::model::pass;
use crate::model::settings::Settings;
use crate::model::window::unit_at;
use crate::model::{LoadState, Lookup, Scan, ScanState, SourceError, StreamLoad, Unit, Window};

/// The most bytes of a selection summed up at each key (read from the
/// file each time the screen loads).
const MAX_SUMMARY: u64 = 1 << 20;
/// The most bytes `y` copies: terminals limit what OSC 52 carries.
const MAX_COPY: u64 = 1 << 20;

/// Bytes a keypress may read ahead of the background scan before it hands
/// the search back to the scan: keeps a keypress on a multi-GB file quick.
const READ_AHEAD: u64 = 64 << 20;

/// The file and the work on it.
pub struct Runtime {
    source: Arc<Text>,
    scan: Scan,
    findings: FindingsJob,
    load: StreamLoad,
    load_state: LoadState,
    search: Option<SearchJob>,
    /// How the scan and the findings pass run.
    settings: Settings,
    /// Finds mojibake for the findings pass and the looks on demand.
    repairer: Arc<Repairer>,
    /// The findings list's findings past the kept ones.
    listing: FindingsListing,
    /// The encoding a UTF-8 file's legacy rows are read in, chosen over
    /// its start once it is read (as `fix --invalid legacy` chooses it).
    rows_encoding: Option<RowEncoding>,
    /// The file under the second reading's encoding.
    also_text: AlsoText,
    /// Writes the repaired file (`W`), as `fix` does; none for an input
    /// that is not a file.
    writer: Option<Arc<dyn RepairWriter>>,
}

/// Windows of the file counted through at most to open the findings list
/// at a cursor past the kept findings (one nearly always does: the
/// findings pass leaves a checkpoint every block).
const OPEN_LIST_WINDOWS: usize = 4;

/// How far either side of a unit its line is read (a legacy row is short;
/// a longer line is read in part).
const LINE_REACH: u64 = 4 << 10;

/// The line around `unit` (up to [`LINE_REACH`] bytes either side) and
/// where the unit starts in it.
fn line_around(source: &Text, unit: &Unit) -> Result<(Vec<u8>, usize), SourceError> {
    let from = unit.offset.saturating_sub(LINE_REACH);
    let bytes = source.read_range(from, (unit.end() + LINE_REACH - from) as usize)?;
    let at = (unit.offset - from) as usize;
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |lf| lf + 1);
    let end = memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |e| at + e);
    Ok((bytes[start..end].to_vec(), at - start))
}

/// Whether findings at or after `offset` are past the ones `index` keeps.
fn past_the_kept(index: &FindingsIndex, offset: u64) -> bool {
    index.is_capped()
        && index
            .findings()
            .last()
            .is_some_and(|last| offset > last.offset)
}

impl Runtime {
    /// A runtime on `source`, with the scan and the findings pass started in
    /// the background (one read of the file feeds both); on a source a
    /// stream is still being read into (`load`), they start once it has
    /// been read. Both run as `settings` say.
    pub fn new(source: Arc<Text>, load: Option<StreamLoad>, settings: Settings) -> Runtime {
        let repairer = Arc::new(Repairer::new(settings));
        let (scan, findings, load, load_state) = match load {
            Some(load) => (
                Scan::not_started(Arc::clone(&source)),
                FindingsJob::not_started(Arc::clone(&source)),
                load,
                LoadState::Reading,
            ),
            None => {
                let (scan, findings) =
                    pass::start(Arc::clone(&source), settings, Arc::clone(&repairer));
                (scan, findings, StreamLoad::done(), LoadState::Done)
            }
        };
        Runtime {
            source,
            scan,
            findings,
            load,
            load_state,
            search: None,
            settings,
            listing: FindingsListing::new(Arc::clone(&repairer)),
            repairer,
            rows_encoding: None,
            also_text: AlsoText::default(),
            writer: None,
        }
    }

    /// A runtime whose scan and findings pass are done before it returns,
    /// on this thread: for small inputs and tests, which then need no
    /// waiting. (Searches still run on a thread of their own.)
    pub fn inline(source: Arc<Text>, settings: Settings) -> Runtime {
        let repairer = Arc::new(Repairer::new(settings));
        Runtime {
            scan: Scan::inline(Arc::clone(&source)),
            findings: FindingsJob::inline(Arc::clone(&source), Arc::clone(&repairer)),
            load: StreamLoad::done(),
            load_state: LoadState::Done,
            search: None,
            settings,
            listing: FindingsListing::new(Arc::clone(&repairer)),
            repairer,
            rows_encoding: None,
            also_text: AlsoText::default(),
            writer: None,
            source,
        }
    }

    /// Gives the runtime what writes the repaired file (`W`).
    pub fn set_writer(&mut self, writer: Arc<dyn RepairWriter>) {
        self.writer = Some(writer);
    }

    /// The file, for a new [`App`].
    pub fn file(&self) -> FileInfo {
        let encoding = self.source.encoding();
        FileInfo {
            name: self.source.name().to_string(),
            len: self.source.len(),
            encoding: (!encoding.is_utf8()).then(|| encoding.name().to_string()),
        }
    }

    /// The encoding the file is read in.
    pub fn encoding(&self) -> crate::model::Encoding {
        self.source.encoding()
    }

    /// Reads the file again in `encoding`: the same bytes, a new scan and
    /// findings pass (a stream still being read keeps its encoding).
    fn reread(&mut self, encoding: crate::model::Encoding) -> Option<String> {
        if self.load_state == LoadState::Reading {
            return self.file().encoding;
        }
        self.scan.cancel();
        self.findings.cancel();
        if let Some(search) = self.search.take() {
            search.cancel();
        }
        self.source = Arc::new(self.source.reread_as(encoding));
        self.start_passes();
        self.file().encoding
    }

    /// Waits for the scan and the findings pass to end (tests).
    pub fn wait_for_jobs(&mut self) {
        self.scan.wait();
        self.findings.wait();
    }

    /// Waits for a search running in the background to end (tests).
    pub fn wait_for_search(&mut self) {
        if let Some(search) = &mut self.search {
            search.wait();
        }
    }

    /// Carries out `command`; the answer, if it has one.
    pub fn run(&mut self, command: Command) -> Option<Message> {
        match command {
            Command::LoadView(request) => {
                Some(Message::ViewLoaded(Box::new(self.load_view(&request))))
            }
            Command::Seek(jump) => Some(Message::Sought(jump, self.seek(jump))),
            Command::FindFinding { forward, from } => Some(Message::FoundFinding(
                forward,
                self.find_finding(forward, from),
            )),
            Command::OpenFindingsList(cursor) => {
                let scan = &self.scan;
                let place_of = |offset: u64| scan.position_of(offset).ok().flatten();
                let index = self.findings.index();
                // The finding the cursor is on, else the next one after it
                // (past the kept ones, counted on from the file: a window a
                // call, a few at most before it opens).
                let mut opened = None;
                for _ in 0..OPEN_LIST_WINDOWS {
                    match self
                        .listing
                        .number_at(&self.source, &index, cursor, &place_of)
                    {
                        Ok(loaded) => {
                            opened = Some((loaded.found, loaded.complete));
                            if loaded.complete {
                                break;
                            }
                        }
                        Err(e) => {
                            let error = escape_for_terminal(&e.to_string()).into_owned();
                            return Some(Message::FindingsListAt(Err(error), true));
                        }
                    }
                }
                let (selected, complete) = opened.unwrap_or((None, true));
                Some(Message::FindingsListAt(
                    Ok(selected.map(|n| n as usize)),
                    complete,
                ))
            }
            Command::GotoLine(line, column) => {
                let found = self
                    .scan
                    .offset_of(line, column)
                    .map_err(|e| escape_for_terminal(&e.to_string()).into_owned());
                Some(Message::LineFound(line, column, found))
            }
            Command::UnitBefore(offset) => {
                let before = match offset.checked_sub(1) {
                    None => Ok(None),
                    Some(at) => unit_at(&self.source, at)
                        .map(|unit| unit.map(|u| u.offset))
                        .map_err(|e| escape_for_terminal(&e.to_string()).into_owned()),
                };
                Some(Message::UnitBefore(before))
            }
            Command::StartSearch {
                pattern,
                from,
                forward,
            } => {
                if let Some(running) = self.search.take() {
                    running.cancel();
                }
                self.search = Some(SearchJob::start(
                    Arc::clone(&self.source),
                    pattern,
                    from,
                    forward,
                ));
                None
            }
            Command::ReadSelection { start, end, hex } => {
                let read = (end - start <= MAX_COPY)
                    .then(|| self.source.read_range(start, (end - start) as usize).ok())
                    .flatten()
                    .and_then(|bytes| {
                        // Text is the characters the bytes are in the
                        // file's encoding.
                        let text = if hex {
                            Some(crate::display::hex_bytes(&bytes))
                        } else {
                            crate::model::resync::text_between(&self.source, start, end).ok()
                        };
                        text.map(|text| (text, bytes.len() as u64))
                    });
                Some(Message::SelectionRead(read, hex))
            }
            Command::CancelSearch => {
                if let Some(running) = self.search.take() {
                    running.cancel();
                }
                None
            }
            // The event loop's to carry out.
            Command::ListEncodings => {
                let head = self
                    .source
                    .read_range(0, crate::model::encoding::DETECT_SAMPLE)
                    .unwrap_or_default();
                Some(Message::EncodingsListed(
                    crate::ui::overlays::encodings::entries_for(&head),
                ))
            }
            Command::Reread(encoding) => {
                let label = self.reread(encoding);
                Some(Message::Reread(encoding, label))
            }
            Command::WriteRepaired(request) => {
                let outcome = match &self.writer {
                    Some(writer) => writer.write(&request),
                    None => Err("W writes a file read from disk; for standard input, \
                                 pipe it through utf8scope fix"
                        .to_string()),
                };
                Some(Message::Wrote(request, outcome))
            }
            Command::Quit | Command::Suspend | Command::SetClipboard(_) => None,
        }
    }

    /// Starts the scan and the findings pass over the source, in the
    /// background, one read feeding both.
    fn start_passes(&mut self) {
        (self.scan, self.findings) = pass::start(
            Arc::clone(&self.source),
            self.settings,
            Arc::clone(&self.repairer),
        );
    }

    /// How the background work stands; starts the scan and the findings
    /// pass once a stream has been read.
    pub fn progress(&mut self) -> Message {
        if self.load_state == LoadState::Reading {
            self.load_state = self.load.state();
            if self.load_state != LoadState::Reading {
                self.start_passes();
            }
        }
        let scan = {
            // Progress locks the index too: ask before taking the lock.
            let progress = self.scan.progress();
            let index = self.scan.index();
            ScanStatus {
                progress,
                state: index.state().clone(),
                invalid: index.totals().invalid(),
            }
        };
        let findings = {
            let progress = self.findings.progress();
            let index = self.findings.index();
            FindingsStatus {
                progress,
                state: index.state().clone(),
                total: index.total(),
                warnings: index.warnings(),
                kept: index.findings().len(),
            }
        };
        let search = self.search.as_ref().map(|job| match job.outcome() {
            SearchOutcome::Running => SearchReport::Running(job.progress()),
            ended => SearchReport::Ended(ended),
        });
        if matches!(search, Some(SearchReport::Ended(_))) {
            self.search = None;
        }
        Message::Progress(Box::new(ProgressReport {
            len: self.source.len(),
            scan,
            findings,
            load: self.load_state.clone(),
            search,
        }))
    }

    fn load_view(&mut self, request: &ViewRequest) -> ViewData {
        // (The legacy rows' encoding is chosen once the file is read.)
        let rows = if self.source.encoding().is_utf8() && self.load_state == LoadState::Done {
            self.rows_encoding()
        } else {
            RowEncoding::PerRow
        };
        let (window, mut error) = match Window::load(&self.source, request.top, request.end) {
            Ok(window) => (window, None),
            Err(e) => (
                Window::empty(),
                Some(escape_for_terminal(&e.to_string()).into_owned()),
            ),
        };
        let cursor_span = window
            .unit_at(request.cursor)
            .filter(|unit| unit.invalid_kind().is_some())
            .and_then(|unit| self.scan.span_number(unit.offset).ok().flatten());
        let selection = request.selection.map(|(start, end)| {
            let summary = (end - start <= MAX_SUMMARY)
                .then(|| self.source.read_range(start, (end - start) as usize).ok())
                .flatten()
                .map(|bytes| summarize(&bytes));
            ((start, end), summary)
        });
        let legacy_reading = window
            .unit_at(request.cursor)
            .filter(|unit| unit.invalid_kind().is_some() && self.source.encoding().is_utf8())
            .copied()
            .and_then(|unit| {
                let (line, at) = line_around(&self.source, &unit).ok()?;
                run_reading_at(&line, at, self.rows_encoding())
            });
        let scan = &self.scan;
        let place_of = |offset: u64| scan.position_of(offset).ok().flatten();
        let index = self.findings.index();
        let (low, high) = (
            request.top.min(request.cursor),
            request.end.max(request.cursor + 1),
        );
        let on_screen: Vec<Finding> = match past_the_kept(&index, low) {
            // Past the kept findings: those of the screen, from the file.
            true => {
                match findings_overlapping(&self.source, &self.repairer, low, high, &place_of) {
                    Ok(found) => found,
                    Err(e) => {
                        error = Some(escape_for_terminal(&e.to_string()).into_owned());
                        Vec::new()
                    }
                }
            }
            false => index.overlapping(low, high).into_iter().cloned().collect(),
        };
        let mut cursor_findings: Vec<Finding> = on_screen
            .iter()
            .filter(|f| f.offset <= request.cursor && request.cursor < f.offset + f.len.max(1))
            .cloned()
            .collect();
        cursor_findings.reverse();
        let visible_findings = on_screen
            .iter()
            .filter(|f| f.offset < request.end && f.offset + f.len.max(1) > request.top)
            .map(|f| Marked {
                start: f.offset,
                end: f.offset + f.len.max(1),
                severity: f.severity,
            })
            .collect();
        let mut list_complete = true;
        let list_rows = request.list.clone().and_then(|range| {
            let range = range.start as u64..range.end as u64;
            match self.listing.rows(&self.source, &index, range, &place_of) {
                Ok(loaded) => {
                    list_complete = loaded.complete;
                    Some(loaded.found)
                }
                Err(e) => {
                    error = Some(escape_for_terminal(&e.to_string()).into_owned());
                    None
                }
            }
        });
        let (also, repairs) = match request.also {
            Some(encoding) => {
                let window = (self.also_text)
                    .window(&self.source, encoding, request.top, request.end)
                    .unwrap_or_else(|_| Window::empty());
                (Some(window), also::repairs(&on_screen))
            }
            None => (None, Vec::new()),
        };
        let suggested_also = Some(also::suggested(self.source.encoding(), rows, &on_screen));
        ViewData {
            also,
            repairs,
            suggested_also,
            selection,
            cursor_span,
            legacy_reading,
            window,
            cursor_position: place_of(request.cursor),
            cursor_findings,
            visible_findings,
            list_rows,
            list_complete,
            error,
        }
    }

    /// The encoding the file's legacy rows are read in: chosen once over
    /// the file's start (again until a stream has been read whole).
    fn rows_encoding(&mut self) -> RowEncoding {
        if let Some(chosen) = self.rows_encoding {
            return chosen;
        }
        let head = self.source.read_range(0, DETECT_SAMPLE).unwrap_or_default();
        let chosen = legacy_rows_encoding(&head).map_or(RowEncoding::PerRow, |found| {
            RowEncoding::Chosen(found.encoding, found.confidence)
        });
        if self.load_state == LoadState::Done {
            self.rows_encoding = Some(chosen);
        }
        chosen
    }

    fn seek(&self, jump: Jump) -> SeekResult {
        let len = self.source.len();
        let lookup = match jump {
            Jump::First | Jump::WrapToFirst => self.scan.next_invalid_within(0, READ_AHEAD),
            Jump::Next { after } => self.scan.next_invalid_within(after, READ_AHEAD),
            Jump::Previous { before } => self.scan.prev_invalid_within(before, READ_AHEAD),
            Jump::WrapToLast => self.scan.prev_invalid_within(len, READ_AHEAD),
        };
        match lookup {
            Ok(Lookup::Found(span)) => SeekResult::Found(span),
            Ok(Lookup::NoneInFile) => SeekResult::NoneInFile,
            Ok(Lookup::NotYet) => SeekResult::NotYet,
            Err(e) => SeekResult::Failed(escape_for_terminal(&e.to_string()).into_owned()),
        }
    }

    fn find_finding(&self, forward: bool, from: u64) -> FindingTarget {
        let index = self.findings.index();
        let running = index.state() == &ScanState::Running;
        let kept = index.findings().len();
        // Past the kept findings, the next or previous one is looked for
        // on demand, a window a call (the scan does so for spans).
        if index.is_capped() {
            let past_kept = index.findings().last().map_or(0, |last| last.offset + 1);
            let beyond = if forward && index.next_after(from).is_none() {
                Some(finding_near(
                    &self.source,
                    &self.repairer,
                    from.max(past_kept.saturating_sub(1)),
                    true,
                    0,
                ))
            } else if !forward && from > past_kept {
                Some(finding_near(
                    &self.source,
                    &self.repairer,
                    from,
                    false,
                    past_kept,
                ))
            } else {
                None
            };
            match beyond {
                Some(Ok(Near::Nothing)) | None => {}
                Some(Ok(near)) => {
                    return FindingTarget {
                        target: None,
                        wrapped: false,
                        kept,
                        capped: true,
                        beyond: Some(near),
                    };
                }
                // (A read error: the kept findings are all there is.)
                Some(Err(_)) => {}
            }
        }
        let found = if forward {
            index.next_after(from)
        } else {
            index.prev_before(from)
        };
        let wrapped = match (found, forward) {
            (Some(_), _) => None,
            (None, true) if !running && !index.is_capped() => Some(0),
            (None, false) => kept.checked_sub(1),
            (None, true) => None,
        };
        let target = found.or(wrapped).filter(|&i| i < kept).map(|i| {
            (
                i,
                index.findings()[i].offset,
                index.findings()[i].kind.name(),
            )
        });
        FindingTarget {
            target,
            wrapped: found.is_none(),
            kept,
            capped: index.is_capped(),
            beyond: None,
        }
    }
}

/// Applies `message` and everything it leads to: the commands `update`
/// returns are carried out and their answers applied in turn. Returns the
/// commands left for the event loop (quit, suspend).
pub fn dispatch(app: &mut App, runtime: &mut Runtime, message: Message) -> Vec<Command> {
    let mut messages = VecDeque::from([message]);
    let mut for_the_loop = Vec::new();
    while let Some(message) = messages.pop_front() {
        for command in update(app, message) {
            match command {
                Command::Quit | Command::Suspend | Command::SetClipboard(_) => {
                    for_the_loop.push(command)
                }
                command => messages.extend(runtime.run(command)),
            }
        }
    }
    for_the_loop
}
