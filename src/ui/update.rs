//! `update`: applies one message to the state and says what must be done.
//! The only place state changes; it reads no file and takes no lock: what
//! needs the file is returned as [`Command`]s, and comes back as messages.

use super::also;
use super::app::{App, FindingTarget, Jump, SearchReport, SeekResult};
use super::command::Command;
use super::goto::{parse_goto, parse_line_column, parse_search};
use super::message::{Message, ProgressReport, PromptKind};
use super::overlays::{EncodingList, FindingsList, Help, Mode, Prompt};
use super::repair;
use crate::display::{escape_for_terminal, thousands};
use crate::draw::layout::MAX_BYTES_PER_ROW;
use crate::model::ScanState;
use crate::model::encoding::RowEncoding;
use crate::model::find::SearchOutcome;
use crate::model::findings::{MAX_KEPT, Near};
use crate::model::scan::LinePlace;

/// Applies `message` to `app`; returns what must be done for it.
pub fn update(app: &mut App, message: Message) -> Vec<Command> {
    let mut commands = Vec::new();
    if !message.is_answer() {
        app.message = None;
        // Whatever the user does next replaces a jump still waiting for the
        // scan or the findings pass.
        app.waiting = Default::default();
    }
    match message {
        Message::MoveBytes(n) => move_by(app, n),
        Message::MoveRows(n) => move_by(app, n * i64::from(app.layout().bytes_per_row)),
        Message::MovePages(n) => {
            let page = app.layout().page_bytes() as i64;
            app.view.top = offset_plus(app.view.top, n * page).min(app.last_offset());
            move_by(app, n * page);
        }
        Message::NextUnit => {
            if let Some(unit) = app.cursor_unit().copied() {
                if unit.end() < app.file.len {
                    app.view.cursor = unit.end();
                } else {
                    app.say("at the last unit");
                }
            }
        }
        Message::PrevUnit => {
            let start = app.cursor_unit().map_or(0, |u| u.offset);
            commands.push(Command::UnitBefore(start));
        }
        Message::LineFound(line, column, found) => match found {
            Ok(Some(LinePlace::At(offset))) => {
                app.jump_to(offset);
                app.message = None;
            }
            Ok(Some(LinePlace::PastEnd)) => {
                app.say(format!("the file has fewer than {} lines", thousands(line)));
            }
            Ok(None) => {
                app.waiting.line = Some((line, column));
                app.say(format!(
                    "going to line {}: the scan is at {:.0}%…",
                    thousands(line),
                    app.progress.scan.progress * 100.0
                ));
            }
            Err(error) => app.say(error),
        },
        Message::UnitBefore(found) => match found {
            Ok(Some(offset)) => app.view.cursor = offset,
            Ok(None) => app.say("at the first unit"),
            Err(error) => app.say(error),
        },
        Message::Start => app.view.cursor = 0,
        Message::End => app.view.cursor = app.last_offset(),
        Message::FirstInvalid => commands.push(Command::Seek(Jump::First)),
        Message::JumpTo(offset) => {
            let len = app.file.len;
            if offset >= len && len > 0 {
                app.say(format!(
                    "offset {} is past the end: the file has {} bytes",
                    thousands(offset),
                    thousands(len)
                ));
            }
            app.jump_to(offset);
        }
        Message::GoToLine(line, column) => commands.push(Command::GotoLine(line, column)),
        Message::NextInvalid => {
            let after = app.cursor_unit().map_or(0, |u| u.end());
            commands.push(Command::Seek(Jump::Next { after }));
        }
        Message::PrevInvalid => {
            let before = app.cursor_unit().map_or(0, |u| u.offset);
            commands.push(Command::Seek(Jump::Previous { before }));
        }
        Message::Sought(jump, result) => commands.extend(sought(app, jump, result)),
        Message::NextFinding => commands.push(find_finding(app, true)),
        Message::PrevFinding => commands.push(find_finding(app, false)),
        Message::FoundFinding(forward, target) => found_finding(app, forward, target),
        Message::ToggleEncodings => {
            if let Mode::Encodings(_) = app.mode {
                app.mode = Mode::Normal;
            } else {
                commands.push(Command::ListEncodings);
            }
        }
        Message::EncodingsListed(entries) => {
            let current = app.encoding;
            app.mode = Mode::Encodings(EncodingList::new(entries, current));
        }
        Message::EncodingMove(delta) => {
            if let Mode::Encodings(list) = &mut app.mode {
                list.move_by(delta);
            }
        }
        Message::EncodingChosen => {
            if let Mode::Encodings(list) = std::mem::take(&mut app.mode)
                && let Some(encoding) = list.chosen()
                && encoding != app.encoding
            {
                commands.push(Command::Reread(encoding));
            }
        }
        Message::Reread(encoding, label) => {
            app.file.encoding = label;
            app.encoding = encoding;
            // Chosen by the user now, not detected.
            app.encoding_reasons.clear();
            app.shown = Default::default();
            // Marks were made of what fix writes in the old reading.
            let dropped = if std::mem::take(&mut app.repairs).any() {
                "; the repairs marked are dropped"
            } else {
                ""
            };
            app.message = Some(format!(
                "read as {}{dropped}",
                app.file.encoding.as_deref().unwrap_or("UTF-8")
            ));
            commands.push(Command::LoadView(app.view_request()));
        }
        Message::ToggleFindings => {
            if let Mode::FindingsList(_) = app.mode {
                app.mode = Mode::Normal;
            } else {
                commands.push(Command::OpenFindingsList(app.view.cursor));
            }
        }
        Message::FindingsListAt(selected, at_cursor) => match selected {
            Ok(Some(selected)) => {
                app.mode = Mode::FindingsList(FindingsList::open_at(selected, app.list_rows()));
                if !at_cursor {
                    app.say(
                        "the list opens at the last finding counted so far: the count from the \
                         last one kept has not reached the cursor yet",
                    );
                }
            }
            Ok(None) => say_no_findings(app),
            Err(error) => app.say(error),
        },
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
                    PromptKind::Goto => &app.search.goto_history,
                    PromptKind::Search => &app.search.history,
                    PromptKind::Write | PromptKind::ConfirmInPlace => return Vec::new(),
                };
                prompt.recall(history, step);
            }
        }
        Message::PromptChar(c) => match &mut app.mode {
            // The answer is one key.
            Mode::Prompt(prompt) if prompt.kind == PromptKind::ConfirmInPlace => {
                app.mode = Mode::Normal;
                commands.extend(repair::confirm_in_place(app, c == 'y'));
            }
            Mode::Prompt(prompt) => prompt.input.push(c),
            _ => {}
        },
        Message::PromptBackspace => {
            if let Mode::Prompt(prompt) = &mut app.mode {
                prompt.input.pop();
            }
        }
        Message::PromptCancel => app.mode = Mode::Normal,
        Message::PromptSubmit => commands.extend(submit_prompt(app)),
        Message::ToggleSelection => {
            if app.view.selection_anchor.take().is_some() {
                app.say("selection dropped");
            } else {
                app.view.selection_anchor = Some(app.view.cursor);
                app.say("selecting: move to extend; y copies text, Y hex; v or Esc drops it");
            }
        }
        Message::CopySelection { hex } => match app.selection() {
            Some((start, end)) => commands.push(Command::ReadSelection { start, end, hex }),
            None => app.say("nothing selected: v starts a selection"),
        },
        Message::SelectionRead(read, hex) => {
            let what = if hex { "hex" } else { "text" };
            return match read {
                Some((text, bytes)) => {
                    app.say(format!(
                        "copied {} byte{} as {what} to the clipboard (OSC 52)",
                        thousands(bytes),
                        if bytes == 1 { "" } else { "s" }
                    ));
                    vec![Command::SetClipboard(osc52(&text))]
                }
                None => {
                    app.say("the selection is too large to copy (1 MiB at most)");
                    Vec::new()
                }
            };
        }
        Message::Drag { x, y } => {
            if let Some(offset) = offset_at_cell(app, x, y) {
                // The press that started the drag put the cursor there.
                app.view.selection_anchor.get_or_insert(app.view.cursor);
                app.view.cursor = offset;
            }
        }
        Message::Escape => {
            if app.view.selection_anchor.take().is_some() {
                app.say("selection dropped");
            }
            if app.search.running.take().is_some() {
                commands.push(Command::CancelSearch);
                app.progress.search = None;
                app.say("search cancelled");
            }
            app.search.matched = None;
        }
        Message::Suspend => return vec![Command::Suspend],
        Message::Quit => return repair::quit(app),
        Message::MarkRepair { all } => repair::mark(app, all),
        Message::OpenWrite => repair::open_write_prompt(app),
        Message::Wrote(request, outcome) => repair::written(app, &request, outcome),
        Message::SearchNext => commands.extend(repeat_search(app, true)),
        Message::SearchPrev => commands.extend(repeat_search(app, false)),
        Message::ToggleBits => app.view.show_bits = !app.view.show_bits,
        Message::ToggleAlso => {
            app.view.also =
                match app.view.also {
                    Some(_) => None,
                    None => Some(app.shown.suggested_also.unwrap_or_else(|| {
                        also::suggested(app.encoding, RowEncoding::PerRow, &[])
                    })),
                };
            if app.view.also.is_some() && app.layout().also.width == 0 {
                app.say("no room for a second reading: widen the window or hide a pane (B, i)");
            }
        }
        Message::NextAlso => {
            let current = app.view.also.or(app.shown.suggested_also);
            app.view.also = Some(match current {
                Some(current) if app.view.also.is_some() => also::next(current, app.encoding),
                Some(current) => current,
                None => also::suggested(app.encoding, RowEncoding::PerRow, &[]),
            });
        }
        Message::ToggleInfo => app.view.show_info = !app.view.show_info,
        Message::ToggleDecoder => {
            app.view.show_decoder = !app.view.show_decoder;
            // The narration is what was asked for: show the panel too.
            app.view.show_info |= app.view.show_decoder;
            app.view.info_scroll = 0;
        }
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
            app.view.wanted_bytes_per_row = Some(wanted as u16);
            let given = app.layout().bytes_per_row;
            if i64::from(given) != wanted {
                app.say(format!("{given} bytes per row: as many as fit"));
            }
        }
        Message::ScrollInfo(lines) => {
            app.view.info_scroll =
                offset_plus(u64::from(app.view.info_scroll), lines).min(200) as u16;
        }
        Message::Wheel { x, y, rows } => {
            let message = if app.layout().is_over_info(x, y) {
                Message::ScrollInfo(rows)
            } else {
                Message::Scroll(rows)
            };
            return update(app, message);
        }
        Message::Click { x, y } => {
            if let Some(offset) = offset_at_cell(app, x, y) {
                app.view.cursor = offset;
                // A click starts afresh; a drag from here selects.
                app.view.selection_anchor = None;
            }
        }
        Message::Scroll(rows) => scroll(app, rows),
        Message::Resize { width, height } => {
            app.view.width = width;
            app.view.height = height;
        }
        Message::Progress(report) => commands.extend(progress(app, *report)),
        Message::ViewLoaded(loaded) => {
            app.show(*loaded);
            // What was loaded is the screen: nothing more to load.
            return commands;
        }
    }
    app.scroll_to_cursor();
    commands.push(Command::LoadView(app.view_request()));
    commands
}

/// The byte drawn at screen cell (`x`, `y`), if one is.
fn offset_at_cell(app: &App, x: u16, y: u16) -> Option<u64> {
    let layout = app.layout();
    let (row, column) = layout.byte_at_cell(x, y)?;
    let offset =
        app.view.top + u64::from(row) * u64::from(layout.bytes_per_row) + u64::from(column);
    (offset < app.file.len).then_some(offset)
}

/// The OSC 52 sequence that sets the terminal's clipboard to `text`.
fn osc52(text: &str) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    format!("\x1b]52;c;{encoded}\x07")
}

fn offset_plus(offset: u64, delta: i64) -> u64 {
    if delta < 0 {
        offset.saturating_sub(delta.unsigned_abs())
    } else {
        offset.saturating_add(delta as u64)
    }
}

fn move_by(app: &mut App, delta: i64) {
    app.view.cursor = offset_plus(app.view.cursor, delta).min(app.last_offset());
}

/// The wheel over the panes: scrolls by rows, keeping the cursor on screen
/// in the same column.
fn scroll(app: &mut App, rows: i64) {
    let layout = app.layout();
    let per_row = u64::from(layout.bytes_per_row.max(1));
    let last_row = app.last_offset() / per_row * per_row;
    let view = &mut app.view;
    view.top = offset_plus(view.top, rows * per_row as i64).min(last_row);
    let page_end = view.top + layout.page_bytes();
    if view.cursor < view.top || view.cursor >= page_end {
        let column = view.cursor % per_row;
        let row = if view.cursor < view.top {
            view.top
        } else {
            page_end - per_row
        };
        view.cursor = row + column;
    }
}

/// Takes the background work's progress: picks up a search's outcome and
/// tries the jumps that were waiting for the scan or the findings pass.
fn progress(app: &mut App, report: ProgressReport) -> Vec<Command> {
    let mut commands = Vec::new();
    let known_findings = app.progress.findings.kept;
    app.file.len = report.len;
    app.progress.scan = report.scan;
    app.progress.findings = report.findings;
    app.progress.load = report.load;
    match report.search {
        Some(SearchReport::Running(done)) => app.progress.search = Some(done),
        Some(SearchReport::Ended(outcome)) => {
            app.progress.search = None;
            searched(app, outcome);
        }
        None => app.progress.search = None,
    }
    // The findings pass found more, or finished: try a waiting jump.
    if let Some(forward) = app.waiting.finding
        && (app.progress.findings.kept > known_findings
            || app.progress.findings.state != ScanState::Running)
    {
        app.waiting.finding = None;
        commands.push(find_finding(app, forward));
    }
    // A look past the kept findings goes on, a window a tick.
    if let Some((forward, from)) = app.waiting.finding_from.take() {
        commands.push(Command::FindFinding { forward, from });
    }
    // So does loading the list's rows from the file.
    if std::mem::take(&mut app.waiting.list) {
        commands.push(Command::LoadView(app.view_request()));
    }
    // The scan has read further: try a waiting jump again.
    if let Some(jump) = app.waiting.jump.take() {
        commands.push(Command::Seek(jump));
    }
    if let Some((line, column)) = app.waiting.line.take() {
        commands.push(Command::GotoLine(line, column));
    }
    commands
}

/// What `seek` says when the file has no invalid span at all.
const NONE: &str = "no invalid spans: the file is valid UTF-8";

/// Takes what the runtime found for a jump to an invalid span: moves the
/// cursor, says why it could not, wraps round, or leaves the jump waiting
/// until the scan has read further.
fn sought(app: &mut App, jump: Jump, result: SeekResult) -> Option<Command> {
    match result {
        SeekResult::Found(span) => {
            app.jump_to(span.offset);
            match jump {
                Jump::First => app.say(format!("first invalid span: {}", span.kind)),
                Jump::WrapToFirst => app.say("no more invalid spans, wrapped to the first"),
                Jump::WrapToLast => app.say("no earlier invalid span, wrapped to the last"),
                // A jump that waited for the scan is done: drop "looking for…".
                Jump::Next { .. } | Jump::Previous { .. } => app.message = None,
            }
            None
        }
        SeekResult::NotYet => {
            app.waiting.jump = Some(jump);
            let percent = app.progress.scan.progress * 100.0;
            app.say(format!(
                "looking for an invalid span: the scan is at {percent:.0}%…"
            ));
            None
        }
        SeekResult::NoneInFile => match jump {
            Jump::Next { after } if after > 0 => Some(Command::Seek(Jump::WrapToFirst)),
            Jump::Previous { before } if before < app.file.len => {
                Some(Command::Seek(Jump::WrapToLast))
            }
            _ => {
                app.say(NONE);
                None
            }
        },
        SeekResult::Failed(error) => {
            app.say(error);
            None
        }
    }
}

/// Closes the prompt and acts on it: Enter closes it, as `:` and `/` do in
/// less and vim; what came of it is said in the status bar.
fn submit_prompt(app: &mut App) -> Vec<Command> {
    let Mode::Prompt(prompt) = std::mem::take(&mut app.mode) else {
        return Vec::new();
    };
    let history = match prompt.kind {
        PromptKind::Goto => Some(&mut app.search.goto_history),
        PromptKind::Search => Some(&mut app.search.history),
        PromptKind::Write | PromptKind::ConfirmInPlace => None,
    };
    if let Some(history) = history
        && !prompt.input.is_empty()
    {
        history.retain(|earlier| *earlier != prompt.input);
        history.push(prompt.input.clone());
    }
    match prompt.kind {
        PromptKind::Write => repair::submit_write(app, &prompt.input),
        // Enter is no `y`.
        PromptKind::ConfirmInPlace => repair::confirm_in_place(app, false),
        PromptKind::Goto => {
            if let Some((line, column)) = parse_line_column(&prompt.input) {
                return vec![Command::GotoLine(line, column)];
            }
            match parse_goto(&prompt.input, app.view.cursor, app.file.len) {
                Ok(offset) => app.jump_to(offset),
                Err(error) => app.say(escape_for_terminal(&error).into_owned()),
            }
            Vec::new()
        }
        PromptKind::Search => match parse_search(&prompt.input) {
            Ok(pattern) => {
                app.search.last = Some(pattern);
                // A new search may match at the cursor itself.
                search(app, true, app.view.cursor)
            }
            Err(error) => {
                app.say(escape_for_terminal(&error).into_owned());
                Vec::new()
            }
        },
    }
}

fn repeat_search(app: &mut App, forward: bool) -> Vec<Command> {
    if app.search.last.is_none() {
        app.say("no search yet: press / to search");
        return Vec::new();
    }
    let from = if forward {
        app.view.cursor + 1
    } else {
        app.view.cursor
    };
    search(app, forward, from)
}

/// Starts the last search in the background from `from` (forward: at or
/// after it; backward: before it), going round the file once; a search
/// already running is replaced.
fn search(app: &mut App, forward: bool, from: u64) -> Vec<Command> {
    let Some(pattern) = app.search.last.clone() else {
        return Vec::new();
    };
    app.search.running = Some(pattern.clone());
    app.progress.search = Some(0.0);
    vec![Command::StartSearch {
        pattern,
        from,
        forward,
    }]
}

/// Takes a background search's outcome: moves the cursor to the match, or
/// says why not.
fn searched(app: &mut App, outcome: SearchOutcome) {
    let Some(pattern) = app.search.running.take() else {
        // Stopped with Esc meanwhile.
        return;
    };
    let shown = escape_for_terminal(&pattern.shown()).into_owned();
    match outcome {
        SearchOutcome::Found {
            offset,
            len,
            wrapped,
        } => {
            app.jump_to(offset);
            app.search.matched = Some((offset, len));
            if wrapped {
                app.say(format!("search went round the file and found {shown}"));
            }
        }
        SearchOutcome::NotFound => {
            app.search.matched = None;
            // Text looked for in a file read as UTF-8 that is not: it may
            // be in the file in another encoding ("договор" in a
            // windows-1251 letter).
            let elsewhere = if app.encoding.is_utf8() && app.progress.scan.invalid > 0 {
                "; e reads it in another encoding"
            } else {
                ""
            };
            app.say(format!("not found: {shown}{elsewhere}"));
        }
        SearchOutcome::Cancelled => app.say("search cancelled"),
        SearchOutcome::Failed(reason) => app.say(escape_for_terminal(&reason).into_owned()),
        SearchOutcome::Running => {}
    }
}

/// Asks for the next (or previous) kept finding from the cursor.
fn find_finding(app: &App, forward: bool) -> Command {
    Command::FindFinding {
        forward,
        from: app.view.cursor,
    }
}

/// Takes what the runtime found for a jump to a finding: moves there
/// (wrapping round once the whole file has been looked at), or waits for
/// the findings pass.
fn found_finding(app: &mut App, forward: bool, found: FindingTarget) {
    let status = &app.progress.findings;
    let running = status.state == ScanState::Running;
    let percent = status.progress * 100.0;
    let FindingTarget {
        target,
        wrapped,
        kept,
        capped,
        beyond,
    } = found;
    match beyond {
        Some(Near::Found(offset, kind)) => {
            app.jump_to(offset);
            app.say(format!(
                "{}: a finding past the first {} kept",
                kind.name(),
                thousands(MAX_KEPT as u64)
            ));
            return;
        }
        Some(Near::LookFurther(next)) => {
            app.waiting.finding_from = Some((forward, next));
            let share = next as f64 * 100.0 / app.file.len.max(1) as f64;
            app.say(format!(
                "looking past the first {} findings kept, at {share:.0}%…",
                thousands(MAX_KEPT as u64)
            ));
            return;
        }
        Some(Near::Nothing) | None => {}
    }
    match target {
        Some((i, offset, kind)) => {
            app.jump_to(offset);
            let place = format!("finding {} of {}", i + 1, kept_count(kept, capped, running));
            let note = match (wrapped, forward) {
                (false, _) => "",
                (true, true) => ", wrapped to the first",
                (true, false) => ", wrapped to the last",
            };
            app.say(format!("{place}: {kind}{note}"));
        }
        None if kept == 0 && running => {
            app.waiting.finding = Some(forward);
            app.say(format!("no findings yet: looking, {percent:.0}%…"));
        }
        None if kept == 0 => app.say("no findings: nothing looks wrong"),
        None if capped => app.say(format!(
            "only the first {} findings are kept; `utf8scope check --findings` lists them all",
            thousands(MAX_KEPT as u64)
        )),
        None => {
            app.waiting.finding = Some(forward);
            app.say(format!(
                "no finding after the cursor yet: looking, {percent:.0}%…"
            ));
        }
    }
}

/// "12", "12 so far" or "100,000 kept".
fn kept_count(kept: usize, capped: bool, running: bool) -> String {
    let count = thousands(kept as u64);
    if capped {
        format!("{count} kept")
    } else if running {
        format!("{count} so far")
    } else {
        count
    }
}

/// Says why the findings list does not open.
fn say_no_findings(app: &mut App) {
    match app.progress.findings.state {
        ScanState::Running => app.say(format!(
            "no findings yet: looking, {:.0}%…",
            app.progress.findings.progress * 100.0
        )),
        _ => app.say("no findings: nothing looks wrong"),
    }
}

/// Moves the list's selection by `delta` rows, within the list.
fn move_selection(app: &mut App, delta: i64) {
    let listable = app.progress.findings.listable();
    if let Mode::FindingsList(list) = &mut app.mode {
        list.move_by(delta, listable);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::window::Window;
    use crate::model::{InvalidKind, Span};
    use crate::ui::app::{FileInfo, ViewData};

    /// An app on a file of `len` bytes, nothing loaded: no file anywhere.
    fn app(len: u64) -> App {
        App::new(
            FileInfo {
                name: "t".into(),
                len,
                encoding: None,
            },
            80,
            24,
        )
    }

    #[test]
    fn keys_ask_for_work_and_answers_move_the_cursor() {
        let mut app = app(10_000);
        let bytes = vec![b'a'; 200];
        update(
            &mut app,
            Message::ViewLoaded(Box::new(ViewData {
                window: Window::from_bytes(0, &bytes),
                ..ViewData::default()
            })),
        );
        let commands = update(&mut app, Message::NextInvalid);
        assert_eq!(commands[0], Command::Seek(Jump::Next { after: 1 }));
        let span = Span {
            offset: 5_000,
            len: 1,
            kind: InvalidKind::InvalidByte,
        };
        let commands = update(
            &mut app,
            Message::Sought(Jump::Next { after: 1 }, SeekResult::Found(span)),
        );
        assert_eq!(app.view.cursor, 5_000);
        let Some(Command::LoadView(request)) = commands.last() else {
            panic!("{commands:?}")
        };
        assert!(request.top < 5_000 && 5_000 < request.end);
        assert_eq!(update(&mut app, Message::Quit), vec![Command::Quit]);
    }

    #[test]
    fn a_jump_not_yet_reached_waits_for_the_scan() {
        let mut app = app(10_000);
        update(&mut app, Message::Sought(Jump::First, SeekResult::NotYet));
        assert_eq!(app.waiting.jump, Some(Jump::First));
        let report = ProgressReport {
            len: 10_000,
            scan: app.progress.scan.clone(),
            findings: app.progress.findings.clone(),
            load: crate::model::LoadState::Done,
            search: None,
        };
        let commands = update(&mut app, Message::Progress(Box::new(report)));
        assert_eq!(commands[0], Command::Seek(Jump::First));
    }

    #[test]
    fn none_after_the_cursor_wraps_to_the_first() {
        let mut app = app(100);
        let commands = update(
            &mut app,
            Message::Sought(Jump::Next { after: 50 }, SeekResult::NoneInFile),
        );
        assert_eq!(commands[0], Command::Seek(Jump::WrapToFirst));
    }
}
