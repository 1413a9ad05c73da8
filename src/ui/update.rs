//! `update`: applies one message to the state. The only place state changes.

use std::sync::Arc;

use super::app::{App, Jump, Search};
use super::goto::{parse_goto, parse_search};
use super::layout::MAX_BYTES_PER_ROW;
use super::message::{Message, PromptKind};
use super::overlays::{FindingsList, Help, Mode, Prompt};
use crate::display::escape_for_terminal;
use crate::model::find::{SearchJob, SearchOutcome};
use crate::model::findings::MAX_KEPT;
use crate::model::window::unit_at;
use crate::model::{Lookup, ScanState, SourceError};

/// Applies `message` to `app`.
pub fn update(app: &mut App, message: Message) {
    if !matches!(message, Message::Tick) {
        app.message = None;
        // Whatever the user does next replaces a jump still waiting for the
        // scan or the findings pass.
        app.pending = None;
        app.pending_finding = None;
    }
    match message {
        Message::MoveBytes(n) => move_by(app, n),
        Message::MoveRows(n) => move_by(app, n * i64::from(app.layout().bytes_per_row)),
        Message::MovePages(n) => {
            let page = app.layout().page_bytes() as i64;
            app.top = offset_plus(app.top, n * page).min(app.last_offset());
            move_by(app, n * page);
        }
        Message::NextUnit => {
            if let Some(unit) = app.cursor_unit().copied() {
                if unit.end() < app.source.len() {
                    app.cursor = unit.end();
                } else {
                    app.say("at the last unit");
                }
            }
        }
        Message::PrevUnit => {
            let start = app.cursor_unit().map_or(0, |u| u.offset);
            match start.checked_sub(1).map(|o| unit_at(&app.source, o)) {
                Some(Ok(Some(unit))) => app.cursor = unit.offset,
                Some(Err(error)) => report(app, &error),
                _ => app.say("at the first unit"),
            }
        }
        Message::Start => app.cursor = 0,
        Message::End => app.cursor = app.last_offset(),
        Message::FirstInvalid => seek(app, Jump::First),
        Message::NextInvalid => {
            let after = app.cursor_unit().map_or(0, |u| u.end());
            seek(app, Jump::Next { after });
        }
        Message::PrevInvalid => {
            let before = app.cursor_unit().map_or(0, |u| u.offset);
            seek(app, Jump::Previous { before });
        }
        Message::NextFinding => next_finding(app, true),
        Message::PrevFinding => next_finding(app, false),
        Message::ToggleFindings => toggle_findings(app),
        Message::ListMove(n) => move_selection(app, n),
        Message::ListPages(n) => move_selection(app, n * app.list_rows() as i64),
        Message::ListStart => move_selection(app, i64::MIN),
        Message::ListEnd => move_selection(app, i64::MAX),
        Message::ListJump => {
            if let Mode::FindingsList(list) = std::mem::take(&mut app.mode)
                && let Some(finding) = list.selected_finding()
            {
                app.jump_to(finding.offset);
            }
        }
        Message::OpenPrompt(kind) => app.mode = Mode::Prompt(Prompt::new(kind)),
        Message::PromptHistory(step) => {
            if let Mode::Prompt(prompt) = &mut app.mode {
                let history = match prompt.kind {
                    PromptKind::Goto => &app.goto_history,
                    PromptKind::Search => &app.search_history,
                };
                prompt.recall(history, step);
            }
        }
        Message::PromptChar(c) => {
            if let Mode::Prompt(prompt) = &mut app.mode {
                prompt.input.push(c);
            }
        }
        Message::PromptBackspace => {
            if let Mode::Prompt(prompt) = &mut app.mode {
                prompt.input.pop();
            }
        }
        Message::PromptCancel => app.mode = Mode::Normal,
        Message::Escape => {
            if let Some(search) = app.search.take() {
                search.job.cancel();
                app.say("search cancelled");
            }
            app.search_match = None;
        }
        Message::Suspend => app.should_suspend = true,
        Message::PromptSubmit => submit_prompt(app),
        Message::SearchNext => repeat_search(app, true),
        Message::SearchPrev => repeat_search(app, false),
        Message::ToggleBits => app.show_bits = !app.show_bits,
        Message::ToggleInfo => app.show_info = !app.show_info,
        Message::ToggleHelp => {
            app.mode = match app.mode {
                Mode::Help(_) => Mode::Normal,
                _ => Mode::Help(Help::default()),
            }
        }
        Message::HelpScroll(lines) => {
            if let Mode::Help(help) = &mut app.mode {
                help.scroll = offset_plus(u64::from(help.scroll), lines).min(100) as u16;
            }
        }
        Message::ChangeBytesPerRow(step) => {
            let now = i64::from(app.layout().bytes_per_row);
            let wanted = (now + step).clamp(1, i64::from(MAX_BYTES_PER_ROW));
            app.wanted_bytes_per_row = Some(wanted as u16);
            let given = app.layout().bytes_per_row;
            if i64::from(given) != wanted {
                app.say(format!("{given} bytes per row: as many as fit"));
            }
        }
        Message::ScrollInfo(lines) => {
            app.info_scroll = offset_plus(u64::from(app.info_scroll), lines).min(200) as u16;
        }
        Message::Wheel { x, y, rows } => {
            let message = if app.layout().is_over_info(x, y) {
                Message::ScrollInfo(rows)
            } else {
                Message::Scroll(rows)
            };
            update(app, message);
            return;
        }
        Message::Click { x, y } => {
            let layout = app.layout();
            if let Some((row, column)) = layout.byte_at_cell(x, y) {
                let offset =
                    app.top + u64::from(row) * u64::from(layout.bytes_per_row) + u64::from(column);
                if offset < app.source.len() {
                    app.cursor = offset;
                }
            }
        }
        Message::Scroll(rows) => {
            let layout = app.layout();
            let per_row = i64::from(layout.bytes_per_row);
            let last_row = app.last_offset() / per_row as u64 * per_row as u64;
            app.top = offset_plus(app.top, rows * per_row).min(last_row);
            // Keep the cursor on screen, in the same column.
            let page_end = app.top + layout.page_bytes();
            if app.cursor < app.top || app.cursor >= page_end {
                let column = app.cursor % per_row as u64;
                let row = if app.cursor < app.top {
                    app.top
                } else {
                    page_end - per_row as u64
                };
                app.cursor = row + column;
            }
        }
        Message::Resize { width, height } => {
            app.width = width;
            app.height = height;
        }
        Message::Tick if app.is_loading() => {
            // Bytes are arriving: show them, and start the scan at the end.
            app.refresh_load();
        }
        Message::Tick if app.search.is_some() => {
            app.refresh_scan();
            app.refresh_findings();
            if !take_search_outcome(app) {
                return;
            }
        }
        Message::Tick => {
            app.refresh_scan();
            let known = app.findings_status.kept;
            app.refresh_findings();
            // The findings pass found more, or finished: try a waiting jump.
            if let Some(forward) = app.pending_finding
                && (app.findings_status.kept > known
                    || app.findings_status.state != ScanState::Running)
            {
                app.pending_finding = None;
                next_finding(app, forward);
                app.refresh();
                return;
            }
            match app.pending {
                // The scan has read further: try the pending jump again.
                Some(jump) => seek(app, jump),
                None => {
                    if app.cursor_position.is_none() {
                        app.cursor_position = app.scan.position_of(app.cursor).ok().flatten();
                    }
                    return;
                }
            }
        }
        Message::Quit => app.should_quit = true,
    }
    app.refresh();
}

fn offset_plus(offset: u64, delta: i64) -> u64 {
    if delta < 0 {
        offset.saturating_sub(delta.unsigned_abs())
    } else {
        offset.saturating_add(delta as u64)
    }
}

fn move_by(app: &mut App, delta: i64) {
    app.cursor = offset_plus(app.cursor, delta).min(app.last_offset());
}

fn report(app: &mut App, error: &SourceError) {
    app.say(escape_for_terminal(&error.to_string()).into_owned());
}

/// Bytes a keypress may read ahead of the background scan before it hands
/// the search back to the scan: keeps a keypress on a multi-GB file quick.
const READ_AHEAD: u64 = 64 << 20;

/// Runs one step of a jump to an invalid span: moves the cursor, says why it
/// could not, or leaves the jump pending until the scan has read further.
pub fn seek(app: &mut App, jump: Jump) {
    app.pending = None;
    let scan = &app.scan;
    let lookup = match jump {
        Jump::First => scan.next_invalid_within(0, READ_AHEAD),
        Jump::Next { after } => scan.next_invalid_within(after, READ_AHEAD),
        Jump::Previous { before } => scan.prev_invalid_within(before, READ_AHEAD),
    };
    match lookup {
        Ok(Lookup::Found(span)) => {
            app.jump_to(span.offset);
            match jump {
                Jump::First => app.say(format!("first invalid span: {}", span.kind)),
                // A jump that waited for the scan is done: drop "looking for…".
                Jump::Next { .. } | Jump::Previous { .. } => app.message = None,
            }
        }
        Ok(Lookup::NotYet) => {
            app.pending = Some(jump);
            let percent = app.scan_status.progress * 100.0;
            app.say(format!(
                "looking for an invalid span: the scan is at {percent:.0}%…"
            ));
        }
        Ok(Lookup::NoneInFile) => match jump {
            Jump::First => app.say("no invalid spans: the file is valid UTF-8"),
            Jump::Next { after } if after > 0 => {
                seek(app, Jump::First);
                if app.pending.is_none() && app.message.as_deref() != Some(NONE) {
                    app.say("no more invalid spans, wrapped to the first");
                }
            }
            Jump::Previous { before } if before < app.source.len() => {
                seek(
                    app,
                    Jump::Previous {
                        before: app.source.len(),
                    },
                );
                if app.pending.is_none() && app.message.as_deref() != Some(NONE) {
                    app.say("no earlier invalid span, wrapped to the last");
                }
            }
            _ => app.say(NONE),
        },
        Err(error) => report(app, &error),
    }
}

/// What `seek` says when the file has no invalid span at all.
const NONE: &str = "no invalid spans: the file is valid UTF-8";

fn submit_prompt(app: &mut App) {
    // Enter closes the prompt, as `:` and `/` do in less and vim; what
    // came of it is said in the status bar.
    let Mode::Prompt(prompt) = std::mem::take(&mut app.mode) else {
        return;
    };
    if !prompt.input.is_empty() {
        let history = match prompt.kind {
            PromptKind::Goto => &mut app.goto_history,
            PromptKind::Search => &mut app.search_history,
        };
        history.retain(|earlier| *earlier != prompt.input);
        history.push(prompt.input.clone());
    }
    match prompt.kind {
        PromptKind::Goto => match parse_goto(&prompt.input, app.cursor, app.source.len()) {
            Ok(offset) => app.jump_to(offset),
            Err(error) => app.say(escape_for_terminal(&error).into_owned()),
        },
        PromptKind::Search => match parse_search(&prompt.input) {
            Ok(pattern) => {
                app.last_search = Some(pattern);
                // A new search may match at the cursor itself.
                search(app, true, app.cursor);
            }
            Err(error) => app.say(escape_for_terminal(&error).into_owned()),
        },
    }
}

fn repeat_search(app: &mut App, forward: bool) {
    if app.last_search.is_none() {
        app.say("no search yet: press / to search");
        return;
    }
    let from = if forward { app.cursor + 1 } else { app.cursor };
    search(app, forward, from);
}

/// Starts the last search in the background from `from` (forward: at or
/// after it; backward: before it), going round the file once; a search
/// already running is replaced.
fn search(app: &mut App, forward: bool, from: u64) {
    let Some(pattern) = app.last_search.clone() else {
        return;
    };
    if let Some(running) = app.search.take() {
        running.job.cancel();
    }
    let job = SearchJob::start(Arc::clone(&app.source), pattern.clone(), from, forward);
    app.search = Some(Search {
        job,
        pattern,
        progress: 0.0,
    });
}

/// The search pattern as the status bar shows it.
fn shown_pattern(pattern: &[u8]) -> String {
    escape_for_terminal(&String::from_utf8_lossy(pattern)).into_owned()
}

/// Picks up a background search's outcome once it has one: moves the
/// cursor to the match, or says why not. Returns whether it ended.
pub fn take_search_outcome(app: &mut App) -> bool {
    let Some(search) = &app.search else {
        return false;
    };
    let outcome = search.job.outcome();
    if outcome == SearchOutcome::Running {
        let progress = search.job.progress();
        if let Some(search) = &mut app.search {
            search.progress = progress;
        }
        return false;
    }
    let shown = shown_pattern(&search.pattern);
    let len = search.pattern.len() as u64;
    app.search = None;
    match outcome {
        SearchOutcome::Found { offset, wrapped } => {
            app.jump_to(offset);
            app.search_match = Some((offset, len));
            if wrapped {
                app.say(format!("search went round the file and found {shown}"));
            }
        }
        SearchOutcome::NotFound => {
            app.search_match = None;
            app.say(format!("not found: {shown}"));
        }
        SearchOutcome::Cancelled => app.say("search cancelled"),
        SearchOutcome::Failed(reason) => app.say(escape_for_terminal(&reason).into_owned()),
        SearchOutcome::Running => unreachable!("handled above"),
    }
    true
}

/// Moves to the next (or previous) kept finding, wrapping around once the
/// whole file has been looked at.
fn next_finding(app: &mut App, forward: bool) {
    let running = app.findings_status.state == ScanState::Running;
    let percent = app.findings_status.progress * 100.0;
    let (target, wrapped, kept, capped) = {
        let index = app.findings.index();
        let kept = index.findings().len();
        let found = if forward {
            index.next_after(app.cursor)
        } else {
            index.prev_before(app.cursor)
        };
        let wrapped = match (found, forward) {
            (Some(_), _) => None,
            (None, true) if !running && !index.is_capped() => Some(0),
            (None, false) => kept.checked_sub(1),
            (None, true) => None,
        };
        let target = found.or(wrapped).filter(|&i| i < kept);
        let target = target.map(|i| (i, index.findings()[i].offset, index.findings()[i].kind));
        (target, found.is_none(), kept, index.is_capped())
    };
    match target {
        Some((i, offset, kind)) => {
            app.jump_to(offset);
            let place = format!("finding {} of {}", i + 1, kept_count(kept, capped, running));
            let note = match (wrapped, forward) {
                (false, _) => String::new(),
                (true, true) => ", wrapped to the first".to_string(),
                (true, false) => ", wrapped to the last".to_string(),
            };
            app.say(format!("{place}: {kind}{note}"));
        }
        None if kept == 0 && running => {
            app.pending_finding = Some(forward);
            app.say(format!("no findings yet: looking, {percent:.0}%…"));
        }
        None if kept == 0 => app.say("no findings: nothing looks wrong"),
        None if capped => app.say(format!(
            "only the first {} findings are kept; `utf8scope check --findings` lists them all",
            crate::display::thousands(MAX_KEPT as u64)
        )),
        None => {
            app.pending_finding = Some(forward);
            app.say(format!(
                "no finding after the cursor yet: looking, {percent:.0}%…"
            ));
        }
    }
}

/// "12", "12 so far" or "100,000 kept".
fn kept_count(kept: usize, capped: bool, running: bool) -> String {
    let count = crate::display::thousands(kept as u64);
    if capped {
        format!("{count} kept")
    } else if running {
        format!("{count} so far")
    } else {
        count
    }
}

/// Opens the list on the finding at the cursor (or the next one), or closes it.
fn toggle_findings(app: &mut App) {
    if let Mode::FindingsList(_) = app.mode {
        app.mode = Mode::Normal;
        return;
    }
    let (kept, selected) = {
        let index = app.findings.index();
        let findings = index.findings();
        let after = findings.partition_point(|f| f.offset <= app.cursor);
        // The finding the cursor is on, else the next one after it.
        let covering = findings[..after]
            .iter()
            .rposition(|f| app.cursor < f.offset + f.len.max(1));
        let selected = covering
            .unwrap_or(after)
            .min(findings.len().saturating_sub(1));
        (findings.len(), selected)
    };
    if kept == 0 {
        match app.findings_status.state {
            ScanState::Running => app.say(format!(
                "no findings yet: looking, {:.0}%…",
                app.findings_status.progress * 100.0
            )),
            _ => app.say("no findings: nothing looks wrong"),
        }
        return;
    }
    app.mode = Mode::FindingsList(FindingsList::open_at(selected, app.list_rows()));
}

/// Moves the list's selection by `delta` rows, within the list.
fn move_selection(app: &mut App, delta: i64) {
    let kept = app.findings_status.kept;
    if let Mode::FindingsList(list) = &mut app.mode {
        list.move_by(delta, kept);
    }
}
