//! `update`: applies one message to the state. The only place state changes.

use super::app::{App, Prompt};
use super::goto::{parse_goto, parse_search};
use super::message::{Message, PromptKind};
use crate::display::escape_for_terminal;
use crate::model::find::{find_backward, find_forward};
use crate::model::window::unit_at;
use crate::model::{SourceError, Span};

/// Applies `message` to `app`.
pub fn update(app: &mut App, message: Message) {
    if !matches!(message, Message::Tick) {
        app.message = None;
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
        Message::NextInvalid => next_invalid(app),
        Message::PrevInvalid => prev_invalid(app),
        Message::OpenPrompt(kind) => {
            app.prompt = Some(Prompt {
                kind,
                input: String::new(),
            })
        }
        Message::PromptChar(c) => {
            if let Some(prompt) = &mut app.prompt {
                prompt.input.push(c);
            }
        }
        Message::PromptBackspace => {
            if let Some(prompt) = &mut app.prompt {
                prompt.input.pop();
            }
        }
        Message::PromptCancel => app.prompt = None,
        Message::PromptSubmit => submit_prompt(app),
        Message::SearchNext => repeat_search(app, true),
        Message::SearchPrev => repeat_search(app, false),
        Message::ToggleBits => app.show_bits = !app.show_bits,
        Message::ToggleInfo => app.show_info = !app.show_info,
        Message::ToggleHelp => app.show_help = !app.show_help,
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
        Message::Tick => {
            app.refresh_scan();
            if app.cursor_line.is_none() {
                app.cursor_line = app.scan.line_of(app.cursor).ok().flatten();
            }
            return;
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

fn jump_to_span(app: &mut App, found: Result<Option<Span>, SourceError>) -> Option<Span> {
    match found {
        Ok(Some(span)) => {
            app.cursor = span.offset;
            Some(span)
        }
        Ok(None) => None,
        Err(error) => {
            report(app, &error);
            None
        }
    }
}

fn next_invalid(app: &mut App) {
    let after = app.cursor_unit().map_or(0, |u| u.end());
    let found = app.scan.next_invalid(after);
    if jump_to_span(app, found).is_some() {
        return;
    }
    let first = app.scan.next_invalid(0);
    match jump_to_span(app, first) {
        Some(_) => app.say("no more invalid spans, wrapped to the first"),
        None => app.say("no invalid spans: the file is valid UTF-8"),
    }
}

fn prev_invalid(app: &mut App) {
    let before = app.cursor_unit().map_or(0, |u| u.offset);
    let found = app.scan.prev_invalid(before);
    if jump_to_span(app, found).is_some() {
        return;
    }
    let last = app.scan.prev_invalid(app.source.len());
    match jump_to_span(app, last) {
        Some(_) => app.say("no earlier invalid span, wrapped to the last"),
        None => app.say("no invalid spans: the file is valid UTF-8"),
    }
}

fn submit_prompt(app: &mut App) {
    let Some(prompt) = app.prompt.clone() else {
        return;
    };
    match prompt.kind {
        PromptKind::Goto => {
            app.prompt = None;
            match parse_goto(&prompt.input, app.cursor, app.source.len()) {
                Ok(offset) => app.cursor = offset,
                Err(error) => app.say(escape_for_terminal(&error).into_owned()),
            }
        }
        // The search prompt stays open so Enter repeats the search.
        PromptKind::Search => match parse_search(&prompt.input) {
            Ok(pattern) => {
                let repeat = app.last_search.as_ref() == Some(&pattern);
                app.last_search = Some(pattern);
                if !repeat {
                    // A new search may match at the cursor itself.
                    search(app, true, app.cursor);
                } else {
                    repeat_search(app, true);
                }
            }
            Err(error) => app.say(error),
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

/// Searches from `from` (forward: at or after it; backward: before it), wrapping once.
fn search(app: &mut App, forward: bool, from: u64) {
    let Some(pattern) = app.last_search.clone() else {
        return;
    };
    let shown = escape_for_terminal(&String::from_utf8_lossy(&pattern)).into_owned();
    let source = &app.source;
    let find = |from: u64| {
        if forward {
            find_forward(source, &pattern, from)
        } else {
            find_backward(source, &pattern, from)
        }
    };
    let wrap_from = if forward { 0 } else { source.len() };
    match find(from) {
        Ok(Some(offset)) => app.cursor = offset,
        Ok(None) => match find(wrap_from) {
            Ok(Some(offset)) => {
                app.cursor = offset;
                let end = if forward { "end" } else { "start" };
                app.say(format!("search hit the {end}, wrapped around: {shown}"));
            }
            Ok(None) => app.say(format!("not found: {shown}")),
            Err(error) => report(app, &error),
        },
        Err(error) => report(app, &error),
    }
}
