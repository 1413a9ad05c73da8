//! `update` for every message, including the edges of the file.

#[path = "common/ui.rs"]
mod ui;

use ui::{Inspector, app_on, app_on_sample, screen_text};
use utf8scope::model::Text;
use utf8scope::model::{InvalidKind, LoadState, Span};
use utf8scope::ui::app::{FileInfo, Jump, SeekResult};
use utf8scope::ui::message::{ProgressReport, PromptKind};
use utf8scope::ui::{Command, update};

use utf8scope::model::ScanState;
use utf8scope::ui::{App, Message};

fn type_into_prompt(app: &mut Inspector, kind: PromptKind, text: &str) {
    app.type_into_prompt(kind, text);
}

/// Lets a background search end, and the next tick pick up its outcome.
fn finish_search(app: &mut Inspector) {
    app.finish_search();
}

#[test]
fn arrows_move_by_byte_and_row_and_stop_at_the_edges() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    assert_eq!(app.layout().bytes_per_row, 5);
    app.send(Message::MoveBytes(-1));
    assert_eq!(app.view.cursor, 0, "no byte before the first");
    app.send(Message::MoveBytes(1));
    app.send(Message::MoveRows(1));
    assert_eq!(app.view.cursor, 6);
    app.send(Message::MoveRows(-1));
    assert_eq!(app.view.cursor, 1);
    app.send(Message::End);
    assert_eq!(app.view.cursor, 99);
    app.send(Message::MoveBytes(1));
    app.send(Message::MoveRows(1));
    assert_eq!(app.view.cursor, 99, "no byte after the last");
    app.send(Message::Start);
    assert_eq!((app.view.cursor, app.view.top), (0, 0));
}

#[test]
fn pages_scroll_by_a_screen() {
    let mut app = app_on(&[b'a'; 10_000], 80, 24);
    let page = app.layout().page_bytes();
    app.send(Message::MovePages(1));
    assert_eq!((app.view.cursor, app.view.top), (page, page));
    app.send(Message::MovePages(-1));
    assert_eq!((app.view.cursor, app.view.top), (0, 0));
    app.send(Message::End);
    assert!(
        app.view.top <= 9_999 && 9_999 < app.view.top + page,
        "the cursor stays on screen"
    );
}

#[test]
fn w_and_b_step_over_whole_units() {
    let mut app = app_on("a€\u{1F600}\u{FF}".as_bytes(), 80, 24);
    app.send(Message::NextUnit);
    assert_eq!(app.view.cursor, 1);
    app.send(Message::MoveBytes(1));
    app.send(Message::NextUnit);
    assert_eq!(app.view.cursor, 4, "from inside the euro sign to the emoji");
    app.send(Message::PrevUnit);
    assert_eq!(app.view.cursor, 1);
    app.send(Message::PrevUnit);
    app.send(Message::PrevUnit);
    assert_eq!(app.view.cursor, 0);
    assert_eq!(app.message.as_deref(), Some("at the first unit"));
}

#[test]
fn n_and_shift_n_visit_invalid_spans_and_wrap_with_a_message() {
    let mut app = app_on_sample("invalid-kinds.txt", 80, 24);
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, 0x59);
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, 0x77);
    app.send(Message::PrevInvalid);
    assert_eq!(app.view.cursor, 0x59);
    app.send(Message::PrevInvalid);
    assert_eq!(app.view.cursor, 0x134, "wrapped to the last span");
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("wrapped to the last")
    );
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, 0x59);
    assert_eq!(
        app.message.as_deref(),
        Some("no more invalid spans, wrapped to the first")
    );
}

#[test]
fn a_valid_file_says_so_when_asked_for_invalid_spans() {
    let mut app = app_on_sample("multilingual.txt", 80, 24);
    app.send(Message::MoveBytes(5));
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, 5);
    assert_eq!(
        app.message.as_deref(),
        Some("no invalid spans: the file is valid UTF-8")
    );
    app.send(Message::FirstInvalid);
    assert_eq!(
        app.message.as_deref(),
        Some("no invalid spans: the file is valid UTF-8")
    );
}

#[test]
fn first_invalid_finds_a_span_at_offset_zero() {
    let mut app = app_on(b"\xFFabc\x80", 80, 24);
    app.send(Message::End);
    app.send(Message::FirstInvalid);
    assert_eq!(app.view.cursor, 0);
    assert_eq!(
        app.message.as_deref(),
        Some("first invalid span: invalid-byte")
    );
}

/// An app on a file of `len` bytes with nothing loaded: `update` alone,
/// with no file and no runtime.
fn bare_app(len: u64) -> App {
    App::new(
        FileInfo {
            name: "big".into(),
            len,
            encoding: None,
        },
        80,
        24,
    )
}

/// How the background work stands, as a tick reports it, for `app`.
fn report(app: &App) -> Message {
    Message::Progress(Box::new(ProgressReport {
        len: app.file.len,
        scan: app.progress.scan.clone(),
        findings: app.progress.findings.clone(),
        load: LoadState::Done,
        search: None,
    }))
}

#[test]
fn a_jump_past_the_scan_waits_for_it_instead_of_blocking() {
    // The runtime found nothing within its read-ahead: the jump waits.
    let mut app = bare_app(70 << 20);
    let commands = update(&mut app, Message::NextInvalid);
    assert_eq!(commands[0], Command::Seek(Jump::Next { after: 0 }));
    update(
        &mut app,
        Message::Sought(Jump::Next { after: 0 }, SeekResult::NotYet),
    );
    assert_eq!(app.view.cursor, 0);
    assert!(app.waiting.jump.is_some());
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("looking for an invalid span")
    );
    // Each tick asks again.
    let tick = report(&app);
    let commands = update(&mut app, tick);
    assert_eq!(commands[0], Command::Seek(Jump::Next { after: 0 }));
    update(
        &mut app,
        Message::Sought(Jump::Next { after: 0 }, SeekResult::NotYet),
    );
    update(&mut app, Message::MoveBytes(1));
    assert!(
        app.waiting.jump.is_none(),
        "a new key replaces the waiting jump"
    );
}

#[test]
fn a_waiting_jump_lands_once_the_scan_gets_there() {
    let mut app = bare_app(70 << 20);
    update(
        &mut app,
        Message::Sought(Jump::Next { after: 0 }, SeekResult::NotYet),
    );
    let tick = report(&app);
    let commands = update(&mut app, tick);
    let [Command::Seek(jump), ..] = commands.as_slice() else {
        panic!("{commands:?}")
    };
    let span = Span {
        offset: (70 << 20) - 1,
        len: 1,
        kind: InvalidKind::InvalidByte,
    };
    update(&mut app, Message::Sought(*jump, SeekResult::Found(span)));
    assert_eq!(app.view.cursor, (70 << 20) - 1);
    assert!(app.waiting.jump.is_none());
    assert_eq!(app.message, None, "the 'looking for' message is gone");
}

#[test]
fn a_jump_with_the_real_scan_lands_on_the_span() {
    let mut bytes = vec![b'a'; 70 << 20];
    *bytes.last_mut().unwrap() = 0xFF;
    let mut app = Inspector::in_background(Text::from_bytes("big", bytes), 80, 24);
    app.runtime.wait_for_jobs();
    app.send(Message::NextInvalid);
    assert_eq!(app.view.cursor, (70 << 20) - 1);
}

#[test]
fn goto_accepts_every_form_and_reports_nonsense() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    type_into_prompt(&mut app, PromptKind::Goto, "0x20");
    assert_eq!(app.view.cursor, 32);
    type_into_prompt(&mut app, PromptKind::Goto, "+8");
    assert_eq!(app.view.cursor, 40);
    type_into_prompt(&mut app, PromptKind::Goto, "-40");
    assert_eq!(app.view.cursor, 0);
    type_into_prompt(&mut app, PromptKind::Goto, "50%");
    assert_eq!(app.view.cursor, 500);
    type_into_prompt(&mut app, PromptKind::Goto, "12x");
    assert_eq!(app.view.cursor, 500);
    assert!(app.message.as_deref().unwrap().starts_with("not an offset"));
    assert!(app.prompt().is_none());
}

#[test]
fn prompt_editing_and_cancel() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    app.send(Message::OpenPrompt(PromptKind::Goto));
    app.send(Message::PromptChar('9'));
    app.send(Message::PromptChar('9'));
    app.send(Message::PromptBackspace);
    assert_eq!(app.prompt().unwrap().input, "9");
    app.send(Message::PromptCancel);
    assert!(app.prompt().is_none());
    assert_eq!(app.view.cursor, 0);
}

#[test]
fn search_finds_text_and_hex_inside_characters_and_repeats() {
    let text = "a € b € c €".as_bytes();
    let mut app = app_on(text, 80, 24);
    type_into_prompt(&mut app, PromptKind::Search, "€");
    assert_eq!(app.view.cursor, 2);
    assert!(app.prompt().is_none(), "Enter closes the prompt");
    assert_eq!(app.search.matched, Some((2, 3)), "the match is highlighted");
    app.send(Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.view.cursor, 8);
    app.send(Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.view.cursor, 14);
    app.send(Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.view.cursor, 2, "went round");
    assert!(app.message.as_deref().unwrap().contains("went round"));
    app.send(Message::SearchPrev);
    finish_search(&mut app);
    assert_eq!(app.view.cursor, 14);
    type_into_prompt(&mut app, PromptKind::Search, "x 82 ac");
    assert_eq!(app.view.cursor, 15, "a match may start inside a character");
    type_into_prompt(&mut app, PromptKind::Search, "zzz");
    assert_eq!(app.message.as_deref(), Some("not found: zzz"));
    let status = screen_text(&app).last().unwrap().clone();
    assert!(
        status.contains("not found: zzz"),
        "said in the status bar: {status}"
    );
}

#[test]
fn a_search_that_fails_in_a_file_not_all_utf8_says_e_reads_it_otherwise() {
    // A windows-1251 letter read as UTF-8: its words are not found as
    // UTF-8, and the message says how to read it another way.
    let letter = encoding_rs::WINDOWS_1251.encode("Высылаем договор").0;
    let mut app = app_on(&letter, 120, 24);
    type_into_prompt(&mut app, PromptKind::Search, "договор");
    let said = app.message.as_deref().unwrap_or_default();
    assert_eq!(said, "not found: договор; e reads it in another encoding");
}

#[test]
fn a_new_search_prompt_starts_empty_and_up_recalls_earlier_queries() {
    let mut app = app_on(b"one two three", 80, 24);
    type_into_prompt(&mut app, PromptKind::Search, "two");
    type_into_prompt(&mut app, PromptKind::Search, "three");
    app.send(Message::OpenPrompt(PromptKind::Search));
    assert_eq!(app.prompt().unwrap().input, "");
    app.send(Message::PromptHistory(-1));
    assert_eq!(app.prompt().unwrap().input, "three");
    app.send(Message::PromptHistory(-1));
    assert_eq!(app.prompt().unwrap().input, "two");
    app.send(Message::PromptHistory(1));
    app.send(Message::PromptHistory(1));
    assert_eq!(app.prompt().unwrap().input, "");
    app.send(Message::PromptHistory(-1));
    app.send(Message::PromptHistory(-1));
    app.send(Message::PromptSubmit);
    finish_search(&mut app);
    assert_eq!(app.view.cursor, 4);
}

#[test]
fn a_search_runs_in_the_background_and_esc_stops_it() {
    // 64 MiB with no match: the search takes many ticks; keys keep working.
    let mut app = app_on(&vec![b'.'; 64 << 20], 80, 24);
    type_into_prompt_without_waiting(&mut app, "nowhere");
    assert!(app.search.running.is_some());
    app.send(Message::MoveBytes(1));
    assert_eq!(app.view.cursor, 1, "keys work while the search runs");
    let left = app.send(Message::Escape);
    assert!(app.search.running.is_none());
    assert_eq!(app.message.as_deref(), Some("search cancelled"));
    assert!(left.is_empty(), "Esc never quits");
}

fn type_into_prompt_without_waiting(app: &mut Inspector, text: &str) {
    app.send(Message::OpenPrompt(PromptKind::Search));
    for c in text.chars() {
        app.send(Message::PromptChar(c));
    }
    app.send(Message::PromptSubmit);
}

#[test]
fn bad_hex_is_said_in_the_status_bar() {
    let mut app = app_on(b"abc", 80, 24);
    type_into_prompt(&mut app, PromptKind::Search, "x zz");
    assert_eq!(app.message.as_deref(), Some("bad hex: zz"));
}

#[test]
fn repeating_a_search_before_any_search_explains() {
    let mut app = app_on(b"abc", 80, 24);
    app.send(Message::SearchNext);
    assert_eq!(
        app.message.as_deref(),
        Some("no search yet: press / to search")
    );
}

#[test]
fn toggles_change_the_layout() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    app.send(Message::ToggleBits);
    // (80 - 11) / 4 bytes of hex and text fit without the bits.
    assert_eq!(app.layout().bytes_per_row, 17);
    assert_eq!(app.layout().bits.width, 0);
    app.send(Message::ToggleInfo);
    assert_eq!(app.layout().info.width, 0);
    app.send(Message::ToggleHelp);
    assert!(app.help_open());
    assert!(
        screen_text(&app)
            .iter()
            .any(|l| l.contains("next / previous invalid span"))
    );
}

#[test]
fn clicks_land_on_the_byte_under_them_in_every_pane() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    let layout = app.layout();
    update(
        &mut app,
        Message::Click {
            x: layout.hex.x + 3,
            y: 2,
        },
    );
    assert_eq!(app.view.cursor, 11, "row 2, second byte in the hex pane");
    update(
        &mut app,
        Message::Click {
            x: layout.bits.x + 9 * 3,
            y: 1,
        },
    );
    assert_eq!(app.view.cursor, 8, "row 1, fourth byte in the bits pane");
    update(
        &mut app,
        Message::Click {
            x: layout.text.x,
            y: 0,
        },
    );
    assert_eq!(app.view.cursor, 0);
    app.send(Message::Click { x: 0, y: 23 });
    assert_eq!(app.view.cursor, 0, "the status bar is not a byte");
}

#[test]
fn the_wheel_scrolls_and_keeps_the_cursor_on_screen() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    app.send(Message::Scroll(3));
    assert_eq!(app.view.top, 15);
    assert_eq!(app.view.cursor, 15);
    app.send(Message::Scroll(-30));
    assert_eq!(app.view.top, 0);
}

#[test]
fn resizing_relayouts_and_keeps_the_cursor() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    app.send(Message::End);
    update(
        &mut app,
        Message::Resize {
            width: 160,
            height: 48,
        },
    );
    assert_eq!(app.layout().bytes_per_row, 11);
    assert_eq!(app.view.cursor, 999);
    assert_eq!(app.view.top % 11, 0);
    update(
        &mut app,
        Message::Resize {
            width: 1,
            height: 1,
        },
    );
    assert_eq!(app.view.cursor, 999);
}

#[test]
fn an_empty_file_and_a_one_byte_file_are_safe_to_browse() {
    for bytes in [&b""[..], &b"x"[..]] {
        let mut app = app_on(bytes, 120, 24);
        for message in [
            Message::MoveBytes(1),
            Message::MoveRows(1),
            Message::MovePages(1),
            Message::NextUnit,
            Message::PrevUnit,
            Message::End,
            Message::NextInvalid,
            Message::PrevInvalid,
            Message::SearchNext,
            Message::Scroll(3),
            Message::Click { x: 12, y: 0 },
        ] {
            app.send(message.clone());
            app.tick();
            assert_eq!(app.view.cursor, 0, "{message:?}");
        }
        let size = if bytes.is_empty() {
            " 0 bytes "
        } else {
            " 1 byte "
        };
        assert!(screen_text(&app).last().unwrap().contains(size));
    }
}

#[test]
fn quit_and_tick() {
    let mut app = app_on(b"abc", 80, 24);
    app.tick();
    assert_eq!(app.progress.scan.progress, 1.0);
    assert_eq!(app.shown.cursor_position, Some((1, 1)));
    assert_eq!(app.send(Message::Quit), vec![Command::Quit]);
}

#[test]
fn the_status_bar_says_line_and_column_and_one_byte() {
    let mut app = app_on("ab\n€x".as_bytes(), 80, 24);
    app.send(Message::End);
    let status = screen_text(&app).last().unwrap().clone();
    assert!(status.contains("line 2:2"), "{status}");
    let one = app_on(b"a", 120, 24);
    let status = screen_text(&one).last().unwrap().clone();
    assert!(status.contains(" 1 byte "), "{status}");
}

/// Offsets of the findings in the findings sample, as `check --findings` lists them.
const FINDINGS: [u64; 16] = [
    0x76, 0x82, 0xaf, 0xeb, 0x103, 0x129, 0x182, 0x1b5, 0x1b9, 0x1c4, 0x1c8, 0x1f4, 0x20b, 0x223,
    0x271, 0x2a2,
];

#[test]
fn m_and_shift_m_visit_findings_and_wrap_with_a_message() {
    let mut app = app_on_sample("findings.txt", 80, 24);
    assert_eq!(app.progress.findings.total, 16);
    for &offset in &FINDINGS {
        app.send(Message::NextFinding);
        assert_eq!(app.view.cursor, offset);
    }
    assert_eq!(
        app.message.as_deref(),
        Some("finding 16 of 16: replacement-character")
    );
    app.send(Message::NextFinding);
    assert_eq!(app.view.cursor, FINDINGS[0]);
    assert_eq!(
        app.message.as_deref(),
        Some("finding 1 of 16: mojibake, wrapped to the first")
    );
    app.send(Message::PrevFinding);
    assert_eq!(app.view.cursor, FINDINGS[15]);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .ends_with("wrapped to the last")
    );
    app.send(Message::PrevFinding);
    assert_eq!(app.view.cursor, FINDINGS[14]);
    // Inside a finding, the cursor's findings are the info panel's.
    app.send(Message::Start);
    app.send(Message::NextFinding);
    app.send(Message::MoveBytes(3));
    assert_eq!(app.shown.cursor_findings.len(), 1);
    assert_eq!(app.shown.cursor_findings[0].repair(), Some("café"));
}

#[test]
fn m_and_shift_m_reach_findings_past_the_kept_ones() {
    use utf8scope::model::findings::{MAX_KEPT, NEAR_WINDOW};
    // More findings than are kept, then more than a window of clean text,
    // then two more findings. (One a line: a line lists a thousand of a kind.)
    let mut bytes = b"\x01a\n".repeat(MAX_KEPT + 10);
    bytes.extend(b"clean line\n".repeat(NEAR_WINDOW as usize / 10 + 100));
    let second_last = bytes.len() as u64;
    bytes.extend_from_slice(b"\x02 and \x03 end\n");
    let last = second_last + 6;
    let mut app = app_on(&bytes, 80, 24);
    assert!(app.progress.findings.total > MAX_KEPT as u64);
    // From the end: the last finding, not the last one kept.
    app.send(Message::End);
    app.send(Message::PrevFinding);
    assert_eq!(app.view.cursor, last, "{:?}", app.message);
    app.send(Message::PrevFinding);
    assert_eq!(app.view.cursor, second_last);
    // Back across the window of clean text, a window a tick, to the
    // findings kept.
    app.send(Message::PrevFinding);
    for _ in 0..10 {
        if app.view.cursor != second_last {
            break;
        }
        app.tick();
    }
    let last_kept = 3 * (MAX_KEPT as u64 - 1);
    assert!(app.view.cursor < second_last, "{:?}", app.message);
    assert!(app.view.cursor >= last_kept, "{}", app.view.cursor);
    // Forward from past the kept ones, across the window again.
    app.send(Message::NextFinding);
    for _ in 0..10 {
        if app.view.cursor >= second_last {
            break;
        }
        app.tick();
    }
    assert_eq!(app.view.cursor, second_last, "{:?}", app.message);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("past the first 100,000 kept")
    );
    // A key stops a look still going on.
    app.send(Message::Start);
    app.send(Message::MoveBytes(3 * (MAX_KEPT as i64 + 5)));
    app.send(Message::NextFinding);
    app.send(Message::MoveBytes(1));
    let here = app.view.cursor;
    app.tick();
    app.tick();
    assert_eq!(app.view.cursor, here);
}

#[test]
fn a_file_without_findings_says_so() {
    let mut app = app_on(b"plain text\n", 80, 24);
    app.send(Message::NextFinding);
    assert_eq!(app.view.cursor, 0);
    assert_eq!(
        app.message.as_deref(),
        Some("no findings: nothing looks wrong")
    );
    app.send(Message::ToggleFindings);
    assert!(app.findings_list().is_none());
    assert_eq!(
        app.message.as_deref(),
        Some("no findings: nothing looks wrong")
    );
    assert!(screen_text(&app).last().unwrap().contains("no findings"));
}

#[test]
fn the_findings_list_opens_at_the_cursor_and_jumps() {
    let mut app = app_on_sample("findings.txt", 80, 24);
    type_into_prompt(&mut app, PromptKind::Goto, "0x180");
    app.send(Message::ToggleFindings);
    let list = app.findings_list().unwrap();
    assert_eq!(list.selected, 6, "the first finding at or after the cursor");
    app.send(Message::ListMove(2));
    app.send(Message::ListJump);
    assert!(app.findings_list().is_none());
    assert_eq!(app.view.cursor, FINDINGS[8]);
    // Keys move the selection, not the cursor, while the list is open.
    app.send(Message::ToggleFindings);
    app.send(Message::ListEnd);
    assert_eq!(app.findings_list().unwrap().selected, 15);
    app.send(Message::ListMove(5));
    assert_eq!(app.findings_list().unwrap().selected, 15);
    app.send(Message::ListStart);
    app.send(Message::ListPages(1));
    assert_eq!(app.findings_list().unwrap().selected, 15);
    app.send(Message::ListPages(-1));
    assert_eq!(app.findings_list().unwrap().selected, 0);
    assert_eq!(app.view.cursor, FINDINGS[8]);
    app.send(Message::ToggleFindings);
    assert!(app.findings_list().is_none());
    assert_eq!(app.view.cursor, FINDINGS[8]);
}

#[test]
fn findings_are_looked_for_in_the_background_while_the_screen_draws() {
    // 96 MiB of text ending in mojibake: the first screen does not wait.
    let mut bytes = b"plain text line\n".repeat(6 << 20);
    bytes.extend_from_slice("cafÃ©\n".as_bytes());
    let mut app = Inspector::in_background(Text::from_bytes("big", bytes), 80, 24);
    assert_eq!(
        app.progress.findings.state,
        ScanState::Running,
        "96 MiB takes the findings pass far longer than a frame"
    );
    assert!(screen_text(&app).last().unwrap().contains("no findings…"));
    app.send(Message::NextFinding);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("no findings yet: looking, "),
        "{:?}",
        app.message
    );
    assert_eq!(app.waiting.finding, Some(true));
    // Once the pass has found it, the waiting `m` lands there by itself.
    app.runtime.wait_for_jobs();
    app.tick();
    assert_eq!(app.progress.findings.total, 1);
    assert_eq!(app.view.cursor, 96 << 20);
    assert_eq!(app.waiting.finding, None);
    assert_eq!(app.message.as_deref(), Some("finding 1 of 1: mojibake"));
}

#[test]
fn a_key_replaces_a_jump_waiting_for_findings() {
    let mut bytes = b"plain text line\n".repeat(6 << 20);
    bytes.extend_from_slice("cafÃ©\n".as_bytes());
    let mut app = Inspector::in_background(Text::from_bytes("big", bytes), 80, 24);
    app.send(Message::NextFinding);
    assert_eq!(app.waiting.finding, Some(true));
    app.send(Message::MoveBytes(1));
    assert_eq!(app.waiting.finding, None);
    app.runtime.wait_for_jobs();
    app.tick();
    assert_eq!(
        app.view.cursor, 1,
        "the cursor stays where the user moved it"
    );
}

#[test]
fn the_findings_list_reaches_every_finding_past_the_kept_ones() {
    use utf8scope::model::findings::MAX_KEPT;
    // One control a line (line n holds the control numbered n - 1) past
    // the kept ones, in a file of several findings blocks, then mojibake.
    let lines = MAX_KEPT + 250_000;
    let mut bytes = b"\x01 line of text\n".repeat(lines);
    let last_at = bytes.len() as u64;
    bytes.extend_from_slice("cafÃ©\n".as_bytes());
    let line_len = 15u64;
    let mut app = app_on(&bytes, 120, 30);
    assert_eq!(app.progress.findings.total, lines as u64 + 1);
    let check_selected = |app: &mut Inspector, number: usize| {
        for _ in 0..50 {
            if !app.findings_list().unwrap().loading {
                break;
            }
            app.tick();
        }
        let list = app.findings_list().unwrap();
        assert_eq!(list.selected, number);
        let finding = list.selected_finding().expect("the selected row is loaded");
        if number < lines {
            assert_eq!(finding.offset, number as u64 * line_len);
            assert_eq!((finding.line, finding.column), (number as u64 + 1, 1));
        } else {
            assert_eq!(finding.offset, last_at);
            assert!(
                finding.described().contains("café"),
                "{}",
                finding.described()
            );
        }
    };
    // Opened at a cursor far past the kept ones: the number is exact.
    let number = MAX_KEPT + 200_123;
    app.view.cursor = number as u64 * line_len;
    app.send(Message::ToggleFindings);
    check_selected(&mut app, number);
    let title = screen_text(&app).join("\n");
    assert!(title.contains("findings: 300,124 of 350,001"), "{title}");
    // Moving down and up pages, over what is held.
    app.send(Message::ListPages(3));
    let page = app.list_rows();
    check_selected(&mut app, number + 3 * page);
    app.send(Message::ListMove(-5_000));
    check_selected(&mut app, number + 3 * page - 5_000);
    // The end is the file's last finding; Enter goes there.
    app.send(Message::ListEnd);
    check_selected(&mut app, lines);
    app.send(Message::ListMove(-1));
    check_selected(&mut app, lines - 1);
    app.send(Message::ListJump);
    assert_eq!(app.view.cursor, (lines as u64 - 1) * line_len);
    // The screen there shows its findings, placed right, though not kept.
    assert_eq!(app.shown.cursor_findings.len(), 1);
    assert_eq!(app.shown.cursor_findings[0].line, lines as u64);
    assert!(!app.shown.visible_findings.is_empty());
    // Across the edge of the kept ones, going up.
    app.view.cursor = (MAX_KEPT as u64 + 2) * line_len;
    app.send(Message::ToggleFindings);
    check_selected(&mut app, MAX_KEPT + 2);
    for _ in 0..5 {
        app.send(Message::ListMove(-1));
    }
    check_selected(&mut app, MAX_KEPT - 3);
    app.send(Message::ListStart);
    check_selected(&mut app, 0);
}

#[test]
fn f_opens_the_list_on_the_finding_under_the_cursor() {
    let mut app = app_on_sample("findings.txt", 80, 24);
    // Inside the first finding (the mojibake "cafÃ©" at 0x76), not at its start.
    app.view.cursor = FINDINGS[0] + 2;
    app.send(Message::ToggleFindings);
    assert_eq!(app.findings_list().unwrap().selected, 0);
    app.send(Message::ToggleFindings);
    // Between findings: the next one.
    app.view.cursor = FINDINGS[1] - 1;
    app.send(Message::ToggleFindings);
    assert_eq!(app.findings_list().unwrap().selected, 1);
}

#[test]
fn the_findings_list_and_the_status_bar_agree_on_lines_past_the_first_block() {
    // 20,000 numbered lines (several index blocks), a bidi control on line 15,000.
    let mut text: String = (0..20_000).map(|i| format!("line {i:07}\n")).collect();
    let at = 14_999 * 13 + 5;
    text.replace_range(at..at + 1, "\u{202e}");
    let mut app = app_on(text.as_bytes(), 120, 40);
    app.send(Message::ToggleFindings);
    let finding = app.findings_list().unwrap().rows[0].clone();
    assert_eq!((finding.line, finding.column), (15_000, 6));
    app.send(Message::ListJump);
    assert_eq!(app.view.cursor, at as u64);
    assert_eq!(app.shown.cursor_position, Some((15_000, 6)));
    let status = screen_text(&app).last().unwrap().clone();
    assert!(status.contains("line 15,000:6"), "{status}");
}

#[test]
fn the_status_bar_says_which_span_of_how_many() {
    let mut app = app_on_sample("invalid-kinds.txt", 100, 30);
    app.send(Message::NextInvalid);
    app.send(Message::NextInvalid);
    let status = screen_text(&app).last().unwrap().clone();
    assert!(status.contains("span 2 of 16"), "{status}");
    app.send(Message::PrevInvalid);
    app.send(Message::PrevInvalid);
    let status = screen_text(&app).last().unwrap().clone();
    assert!(
        status.contains("span 16 of 16"),
        "wrapped to the last: {status}"
    );
    app.send(Message::Start);
    let status = screen_text(&app).last().unwrap().clone();
    assert!(status.contains("16 invalid spans"), "{status}");
}

#[test]
fn the_goto_prompt_takes_line_and_column_as_check_prints_them() {
    // check prints the overlong C0 of invalid-kinds.txt at 3:28, offset 0x77.
    let mut app = app_on_sample("invalid-kinds.txt", 100, 30);
    type_into_prompt(&mut app, PromptKind::Goto, "3:28");
    assert_eq!(app.view.cursor, 0x77);
    assert_eq!(app.shown.cursor_position, Some((3, 28)));
    type_into_prompt(&mut app, PromptKind::Goto, "2:");
    assert_eq!(app.shown.cursor_position, Some((2, 1)));
    type_into_prompt(&mut app, PromptKind::Goto, "9999:1");
    assert_eq!(
        app.message.as_deref(),
        Some("the file has fewer than 9,999 lines")
    );
    // Past a line's end, its end.
    type_into_prompt(&mut app, PromptKind::Goto, "1:999");
    assert_eq!(app.shown.cursor_position.map(|(line, _)| line), Some(1));
}

#[test]
fn a_line_the_scan_has_not_reached_waits_for_it() {
    let mut app = bare_app(70 << 20);
    let commands = update(&mut app, Message::GoToLine(500_000, 2));
    assert_eq!(commands[0], Command::GotoLine(500_000, 2));
    update(&mut app, Message::LineFound(500_000, 2, Ok(None)));
    assert_eq!(app.waiting.line, Some((500_000, 2)));
    let tick = report(&app);
    let commands = update(&mut app, tick);
    assert!(
        commands.contains(&Command::GotoLine(500_000, 2)),
        "{commands:?}"
    );
}

#[test]
fn a_selection_is_summed_up_and_copied_as_text_or_hex() {
    use base64::Engine;
    let mut app = app_on("Папа!\u{1F600}\u{FF}".as_bytes(), 120, 30);
    app.send(Message::ToggleSelection);
    // "Папа" is 8 bytes: select them.
    app.send(Message::MoveBytes(7));
    assert_eq!(app.selection(), Some((0, 8)));
    let ((start, end), summary) = app.shown.selection.unwrap();
    assert_eq!((start, end), (0, 8));
    let summary = summary.unwrap();
    assert_eq!(
        (
            summary.code_points,
            summary.graphemes,
            summary.invalid_spans,
            summary.utf16,
            summary.utf32
        ),
        (4, 4, 0, 8, 16)
    );
    let screen = screen_text(&app).join("\n");
    assert!(screen.contains("Selected 0x0–0x7, 8 bytes"), "{screen}");
    assert!(
        screen.contains("4 code points, 4 graphemes, 0 invalid spans"),
        "{screen}"
    );
    // y asks for the bytes, and the answer is an OSC 52 sequence for the loop.
    let left = app.send(Message::CopySelection { hex: false });
    let expected = base64::engine::general_purpose::STANDARD.encode("Папа");
    assert_eq!(
        left,
        [Command::SetClipboard(format!(
            "\u{1b}]52;c;{expected}\u{7}"
        ))]
    );
    assert_eq!(
        app.message.as_deref(),
        Some("copied 8 bytes as text to the clipboard (OSC 52)")
    );
    let left = app.send(Message::CopySelection { hex: true });
    let expected = base64::engine::general_purpose::STANDARD.encode("D0 9F D0 B0 D0 BF D0 B0");
    assert_eq!(
        left,
        [Command::SetClipboard(format!(
            "\u{1b}]52;c;{expected}\u{7}"
        ))]
    );
    // Esc drops it; y then says there is nothing to copy.
    app.send(Message::Escape);
    assert_eq!(app.selection(), None);
    assert!(app.send(Message::CopySelection { hex: false }).is_empty());
    assert_eq!(
        app.message.as_deref(),
        Some("nothing selected: v starts a selection")
    );
}

#[test]
fn a_mouse_drag_selects_from_where_it_was_pressed() {
    let mut app = app_on(b"abcdefghijklmnopqrstuvwxyz", 120, 30);
    let layout = app.layout();
    let (x, y) = (layout.hex.x, layout.hex.y);
    app.send(Message::Click { x, y });
    app.send(Message::Drag { x: x + 3 * 4, y });
    assert_eq!(app.selection(), Some((0, 5)));
    let summary = app.shown.selection.unwrap().1.unwrap();
    assert_eq!(summary.bytes, 5);
    // A click elsewhere starts afresh.
    app.send(Message::Click { x: x + 3, y });
    assert_eq!(app.selection(), None);
}

#[test]
fn s_turns_the_info_panel_into_the_decoder() {
    let mut app = app_on("П".as_bytes(), 120, 30);
    app.send(Message::ToggleDecoder);
    app.send(Message::MoveBytes(1));
    let screen = screen_text(&app).join("\n");
    assert!(screen.contains("decoder (s)"), "{screen}");
    assert!(screen.contains("→ 10000 011111 = U+041F"), "{screen}");
}

#[test]
fn e_lists_the_guesses_first_and_rereads_the_file_in_the_one_chosen() {
    use utf8scope::ui::overlays::Mode;
    let source = Text::from_bytes("data.csv", b"caf\xe9 cr\xe8me br\xfbl\xe9e\n".to_vec());
    let mut app = Inspector::on(source, 100, 30);
    app.send(Message::ToggleEncodings);
    let Mode::Encodings(list) = &app.app.mode else {
        panic!("e opens the encodings list");
    };
    assert_eq!(list.entries[0].0.name(), "windows-1252");
    assert_eq!(
        list.chosen().unwrap().name(),
        "UTF-8",
        "the current one is selected"
    );
    app.send(Message::EncodingMove(i64::MIN / 2));
    app.send(Message::EncodingChosen);
    app.runtime.wait_for_jobs();
    app.tick();
    let screen = screen_text(&app.app).join("\n");
    assert!(screen.contains("rème b"), "{screen}");
    let status = screen.lines().last().unwrap();
    assert!(status.contains("valid windows-1252"), "{status}");
    assert_eq!(app.app.mode, Mode::Normal);
}

#[test]
fn the_info_panel_reads_a_legacy_row_in_the_files_rows_encoding() {
    // A French UTF-8 file with two windows-1252 rows: a row alone would read
    // best as ISO-8859-2 ("Ť doublé ť"); the file's rows share windows-1252,
    // as `fix --invalid legacy` reads them.
    let mut bytes = "Le café est prêt, à bientôt.\nÇa va très bien, merci.\n"
        .repeat(20)
        .into_bytes();
    let row = bytes.len() as u64;
    bytes.extend_from_slice(b"\xAB doubl\xE9 \xBB\n");
    bytes.extend_from_slice(b"Cr\xE8me br\xFBl\xE9e, d\xE9j\xE0 vu\n");
    let mut app = app_on(&bytes, 120, 40);
    app.view.cursor = row;
    app.send(Message::MoveBytes(0));
    let screen = screen_text(&app).join("\n");
    assert!(
        screen.contains("windows-1252, a guess: “«” (fix --invalid legacy reads such rows)"),
        "{screen}"
    );
}
