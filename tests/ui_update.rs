//! `update` for every message, including the edges of the file.

#[path = "common/ui.rs"]
mod ui;

use std::sync::Arc;
use ui::{app_on, app_on_sample, screen_text};
use utf8scope::ui::message::PromptKind;

use utf8scope::model::{Scan, ScanState, Source};
use utf8scope::ui::{App, Message, update};

fn type_into_prompt(app: &mut utf8scope::ui::App, kind: PromptKind, text: &str) {
    update(app, Message::OpenPrompt(kind));
    for c in text.chars() {
        update(app, Message::PromptChar(c));
    }
    update(app, Message::PromptSubmit);
    finish_search(app);
}

/// Lets a background search end, and the next tick pick up its outcome.
fn finish_search(app: &mut App) {
    if let Some(search) = app.search.as_mut() {
        search.job.wait();
    }
    update(app, Message::Tick);
}

#[test]
fn arrows_move_by_byte_and_row_and_stop_at_the_edges() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    assert_eq!(app.layout().bytes_per_row, 5);
    update(&mut app, Message::MoveBytes(-1));
    assert_eq!(app.cursor, 0, "no byte before the first");
    update(&mut app, Message::MoveBytes(1));
    update(&mut app, Message::MoveRows(1));
    assert_eq!(app.cursor, 6);
    update(&mut app, Message::MoveRows(-1));
    assert_eq!(app.cursor, 1);
    update(&mut app, Message::End);
    assert_eq!(app.cursor, 99);
    update(&mut app, Message::MoveBytes(1));
    update(&mut app, Message::MoveRows(1));
    assert_eq!(app.cursor, 99, "no byte after the last");
    update(&mut app, Message::Start);
    assert_eq!((app.cursor, app.top), (0, 0));
}

#[test]
fn pages_scroll_by_a_screen() {
    let mut app = app_on(&[b'a'; 10_000], 80, 24);
    let page = app.layout().page_bytes();
    update(&mut app, Message::MovePages(1));
    assert_eq!((app.cursor, app.top), (page, page));
    update(&mut app, Message::MovePages(-1));
    assert_eq!((app.cursor, app.top), (0, 0));
    update(&mut app, Message::End);
    assert!(
        app.top <= 9_999 && 9_999 < app.top + page,
        "the cursor stays on screen"
    );
}

#[test]
fn w_and_b_step_over_whole_units() {
    let mut app = app_on("a€\u{1F600}\u{FF}".as_bytes(), 80, 24);
    update(&mut app, Message::NextUnit);
    assert_eq!(app.cursor, 1);
    update(&mut app, Message::MoveBytes(1));
    update(&mut app, Message::NextUnit);
    assert_eq!(app.cursor, 4, "from inside the euro sign to the emoji");
    update(&mut app, Message::PrevUnit);
    assert_eq!(app.cursor, 1);
    update(&mut app, Message::PrevUnit);
    update(&mut app, Message::PrevUnit);
    assert_eq!(app.cursor, 0);
    assert_eq!(app.message.as_deref(), Some("at the first unit"));
}

#[test]
fn n_and_shift_n_visit_invalid_spans_and_wrap_with_a_message() {
    let mut app = app_on_sample("invalid-kinds.txt", 80, 24);
    update(&mut app, Message::NextInvalid);
    assert_eq!(app.cursor, 0x59);
    update(&mut app, Message::NextInvalid);
    assert_eq!(app.cursor, 0x77);
    update(&mut app, Message::PrevInvalid);
    assert_eq!(app.cursor, 0x59);
    update(&mut app, Message::PrevInvalid);
    assert_eq!(app.cursor, 0x134, "wrapped to the last span");
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .contains("wrapped to the last")
    );
    update(&mut app, Message::NextInvalid);
    assert_eq!(app.cursor, 0x59);
    assert_eq!(
        app.message.as_deref(),
        Some("no more invalid spans, wrapped to the first")
    );
}

#[test]
fn a_valid_file_says_so_when_asked_for_invalid_spans() {
    let mut app = app_on_sample("multilingual.txt", 80, 24);
    update(&mut app, Message::MoveBytes(5));
    update(&mut app, Message::NextInvalid);
    assert_eq!(app.cursor, 5);
    assert_eq!(
        app.message.as_deref(),
        Some("no invalid spans: the file is valid UTF-8")
    );
    update(&mut app, Message::FirstInvalid);
    assert_eq!(
        app.message.as_deref(),
        Some("no invalid spans: the file is valid UTF-8")
    );
}

#[test]
fn first_invalid_finds_a_span_at_offset_zero() {
    let mut app = app_on(b"\xFFabc\x80", 80, 24);
    update(&mut app, Message::End);
    update(&mut app, Message::FirstInvalid);
    assert_eq!(app.cursor, 0);
    assert_eq!(
        app.message.as_deref(),
        Some("first invalid span: invalid-byte")
    );
}

#[test]
fn a_jump_past_the_scan_waits_for_it_instead_of_blocking() {
    // 70 MiB with one error at the end, and a scan that has read nothing:
    // `n` may read ahead 64 MiB, then leaves the jump to the scan.
    let mut bytes = vec![b'a'; 70 << 20];
    *bytes.last_mut().unwrap() = 0xFF;
    let source = Arc::new(Source::from_bytes("big", bytes));
    let mut app = App::with_scan(Arc::clone(&source), Scan::not_started(source), 80, 24);
    update(&mut app, Message::NextInvalid);
    assert_eq!(app.cursor, 0);
    assert!(app.pending.is_some());
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("looking for an invalid span")
    );
    update(&mut app, Message::Tick);
    assert!(
        app.pending.is_some(),
        "still waiting: this scan never advances"
    );
    update(&mut app, Message::MoveBytes(1));
    assert!(app.pending.is_none(), "a new key replaces the waiting jump");
}

#[test]
fn a_waiting_jump_lands_once_the_scan_gets_there() {
    let mut bytes = vec![b'a'; 70 << 20];
    *bytes.last_mut().unwrap() = 0xFF;
    let source = Arc::new(Source::from_bytes("big", bytes));
    let mut app = App::with_scan(Arc::clone(&source), Scan::not_started(source), 80, 24);
    update(&mut app, Message::NextInvalid);
    assert!(app.pending.is_some());
    // The same jump with a scan that has finished, as a later tick sees it.
    let mut scan = Scan::start(Arc::clone(&app.source));
    scan.wait();
    app.scan = scan;
    update(&mut app, Message::Tick);
    assert_eq!(app.cursor, (70 << 20) - 1);
    assert!(app.pending.is_none());
    assert_eq!(app.message, None, "the 'looking for' message is gone");
}

#[test]
fn goto_accepts_every_form_and_reports_nonsense() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    type_into_prompt(&mut app, PromptKind::Goto, "0x20");
    assert_eq!(app.cursor, 32);
    type_into_prompt(&mut app, PromptKind::Goto, "+8");
    assert_eq!(app.cursor, 40);
    type_into_prompt(&mut app, PromptKind::Goto, "-40");
    assert_eq!(app.cursor, 0);
    type_into_prompt(&mut app, PromptKind::Goto, "50%");
    assert_eq!(app.cursor, 500);
    type_into_prompt(&mut app, PromptKind::Goto, "12x");
    assert_eq!(app.cursor, 500);
    assert!(app.message.as_deref().unwrap().starts_with("not an offset"));
    assert!(app.prompt().is_none());
}

#[test]
fn prompt_editing_and_cancel() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    update(&mut app, Message::OpenPrompt(PromptKind::Goto));
    update(&mut app, Message::PromptChar('9'));
    update(&mut app, Message::PromptChar('9'));
    update(&mut app, Message::PromptBackspace);
    assert_eq!(app.prompt().unwrap().input, "9");
    update(&mut app, Message::PromptCancel);
    assert!(app.prompt().is_none());
    assert_eq!(app.cursor, 0);
}

#[test]
fn search_finds_text_and_hex_inside_characters_and_repeats() {
    let text = "a € b € c €".as_bytes();
    let mut app = app_on(text, 80, 24);
    type_into_prompt(&mut app, PromptKind::Search, "€");
    assert_eq!(app.cursor, 2);
    assert!(app.prompt().is_none(), "Enter closes the prompt");
    assert_eq!(app.search_match, Some((2, 3)), "the match is highlighted");
    update(&mut app, Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.cursor, 8);
    update(&mut app, Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.cursor, 14);
    update(&mut app, Message::SearchNext);
    finish_search(&mut app);
    assert_eq!(app.cursor, 2, "went round");
    assert!(app.message.as_deref().unwrap().contains("went round"));
    update(&mut app, Message::SearchPrev);
    finish_search(&mut app);
    assert_eq!(app.cursor, 14);
    type_into_prompt(&mut app, PromptKind::Search, "x 82 ac");
    assert_eq!(app.cursor, 15, "a match may start inside a character");
    type_into_prompt(&mut app, PromptKind::Search, "zzz");
    assert_eq!(app.message.as_deref(), Some("not found: zzz"));
    let status = screen_text(&app).last().unwrap().clone();
    assert!(
        status.contains("not found: zzz"),
        "said in the status bar: {status}"
    );
}

#[test]
fn a_new_search_prompt_starts_empty_and_up_recalls_earlier_queries() {
    let mut app = app_on(b"one two three", 80, 24);
    type_into_prompt(&mut app, PromptKind::Search, "two");
    type_into_prompt(&mut app, PromptKind::Search, "three");
    update(&mut app, Message::OpenPrompt(PromptKind::Search));
    assert_eq!(app.prompt().unwrap().input, "");
    update(&mut app, Message::PromptHistory(-1));
    assert_eq!(app.prompt().unwrap().input, "three");
    update(&mut app, Message::PromptHistory(-1));
    assert_eq!(app.prompt().unwrap().input, "two");
    update(&mut app, Message::PromptHistory(1));
    update(&mut app, Message::PromptHistory(1));
    assert_eq!(app.prompt().unwrap().input, "");
    update(&mut app, Message::PromptHistory(-1));
    update(&mut app, Message::PromptHistory(-1));
    update(&mut app, Message::PromptSubmit);
    finish_search(&mut app);
    assert_eq!(app.cursor, 4);
}

#[test]
fn a_search_runs_in_the_background_and_esc_stops_it() {
    // 64 MiB with no match: the search takes many ticks; keys keep working.
    let source = Arc::new(Source::from_bytes("big", vec![b'.'; 64 << 20]));
    let mut app = App::with_scan(Arc::clone(&source), Scan::not_started(source), 80, 24);
    type_into_prompt_without_waiting(&mut app, "nowhere");
    update(&mut app, Message::MoveBytes(1));
    assert_eq!(app.cursor, 1, "keys work while the search runs");
    if app.search.is_some() {
        update(&mut app, Message::Escape);
        assert!(app.search.is_none());
        assert_eq!(app.message.as_deref(), Some("search cancelled"));
    }
    assert!(!app.should_quit, "Esc never quits");
}

fn type_into_prompt_without_waiting(app: &mut App, text: &str) {
    update(app, Message::OpenPrompt(PromptKind::Search));
    for c in text.chars() {
        update(app, Message::PromptChar(c));
    }
    update(app, Message::PromptSubmit);
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
    update(&mut app, Message::SearchNext);
    assert_eq!(
        app.message.as_deref(),
        Some("no search yet: press / to search")
    );
}

#[test]
fn toggles_change_the_layout() {
    let mut app = app_on(&[b'a'; 100], 80, 24);
    update(&mut app, Message::ToggleBits);
    // (80 - 11) / 4 bytes of hex and text fit without the bits.
    assert_eq!(app.layout().bytes_per_row, 17);
    assert_eq!(app.layout().bits.width, 0);
    update(&mut app, Message::ToggleInfo);
    assert_eq!(app.layout().info.width, 0);
    update(&mut app, Message::ToggleHelp);
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
    assert_eq!(app.cursor, 11, "row 2, second byte in the hex pane");
    update(
        &mut app,
        Message::Click {
            x: layout.bits.x + 9 * 3,
            y: 1,
        },
    );
    assert_eq!(app.cursor, 8, "row 1, fourth byte in the bits pane");
    update(
        &mut app,
        Message::Click {
            x: layout.text.x,
            y: 0,
        },
    );
    assert_eq!(app.cursor, 0);
    update(&mut app, Message::Click { x: 0, y: 23 });
    assert_eq!(app.cursor, 0, "the status bar is not a byte");
}

#[test]
fn the_wheel_scrolls_and_keeps_the_cursor_on_screen() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    update(&mut app, Message::Scroll(3));
    assert_eq!(app.top, 15);
    assert_eq!(app.cursor, 15);
    update(&mut app, Message::Scroll(-30));
    assert_eq!(app.top, 0);
}

#[test]
fn resizing_relayouts_and_keeps_the_cursor() {
    let mut app = app_on(&[b'a'; 1000], 80, 24);
    update(&mut app, Message::End);
    update(
        &mut app,
        Message::Resize {
            width: 160,
            height: 48,
        },
    );
    assert_eq!(app.layout().bytes_per_row, 11);
    assert_eq!(app.cursor, 999);
    assert_eq!(app.top % 11, 0);
    update(
        &mut app,
        Message::Resize {
            width: 1,
            height: 1,
        },
    );
    assert_eq!(app.cursor, 999);
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
            Message::Tick,
        ] {
            update(&mut app, message);
            assert_eq!(app.cursor, 0, "{message:?}");
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
    update(&mut app, Message::Tick);
    assert_eq!(app.scan_status.progress, 1.0);
    assert_eq!(app.cursor_position, Some((1, 1)));
    update(&mut app, Message::Quit);
    assert!(app.should_quit);
}

#[test]
fn the_status_bar_says_line_and_column_and_one_byte() {
    let mut app = app_on("ab\n€x".as_bytes(), 80, 24);
    update(&mut app, Message::End);
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
    assert_eq!(app.findings_status.total, 16);
    for &offset in &FINDINGS {
        update(&mut app, Message::NextFinding);
        assert_eq!(app.cursor, offset);
    }
    assert_eq!(
        app.message.as_deref(),
        Some("finding 16 of 16: replacement-character")
    );
    update(&mut app, Message::NextFinding);
    assert_eq!(app.cursor, FINDINGS[0]);
    assert_eq!(
        app.message.as_deref(),
        Some("finding 1 of 16: mojibake, wrapped to the first")
    );
    update(&mut app, Message::PrevFinding);
    assert_eq!(app.cursor, FINDINGS[15]);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .ends_with("wrapped to the last")
    );
    update(&mut app, Message::PrevFinding);
    assert_eq!(app.cursor, FINDINGS[14]);
    // Inside a finding, the cursor's findings are the info panel's.
    update(&mut app, Message::Start);
    update(&mut app, Message::NextFinding);
    update(&mut app, Message::MoveBytes(3));
    assert_eq!(app.cursor_findings.len(), 1);
    assert_eq!(app.cursor_findings[0].repair.as_deref(), Some("café"));
}

#[test]
fn a_file_without_findings_says_so() {
    let mut app = app_on(b"plain text\n", 80, 24);
    update(&mut app, Message::NextFinding);
    assert_eq!(app.cursor, 0);
    assert_eq!(
        app.message.as_deref(),
        Some("no findings: nothing looks wrong")
    );
    update(&mut app, Message::ToggleFindings);
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
    update(&mut app, Message::ToggleFindings);
    let list = app.findings_list().unwrap();
    assert_eq!(list.selected, 6, "the first finding at or after the cursor");
    update(&mut app, Message::ListMove(2));
    update(&mut app, Message::ListJump);
    assert!(app.findings_list().is_none());
    assert_eq!(app.cursor, FINDINGS[8]);
    // Keys move the selection, not the cursor, while the list is open.
    update(&mut app, Message::ToggleFindings);
    update(&mut app, Message::ListEnd);
    assert_eq!(app.findings_list().unwrap().selected, 15);
    update(&mut app, Message::ListMove(5));
    assert_eq!(app.findings_list().unwrap().selected, 15);
    update(&mut app, Message::ListStart);
    update(&mut app, Message::ListPages(1));
    assert_eq!(app.findings_list().unwrap().selected, 15);
    update(&mut app, Message::ListPages(-1));
    assert_eq!(app.findings_list().unwrap().selected, 0);
    assert_eq!(app.cursor, FINDINGS[8]);
    update(&mut app, Message::ToggleFindings);
    assert!(app.findings_list().is_none());
    assert_eq!(app.cursor, FINDINGS[8]);
}

#[test]
fn findings_are_looked_for_in_the_background_while_the_screen_draws() {
    // 96 MiB of text ending in mojibake: the first screen does not wait.
    let mut bytes = b"plain text line\n".repeat(6 << 20);
    bytes.extend_from_slice("cafÃ©\n".as_bytes());
    let mut app = App::new(Arc::new(Source::from_bytes("big", bytes)), 80, 24);
    assert_eq!(
        app.findings_status.state,
        ScanState::Running,
        "96 MiB takes the findings pass far longer than a frame"
    );
    assert!(screen_text(&app).last().unwrap().contains("no findings…"));
    update(&mut app, Message::NextFinding);
    assert!(
        app.message
            .as_deref()
            .unwrap()
            .starts_with("no findings yet: looking, "),
        "{:?}",
        app.message
    );
    assert_eq!(app.pending_finding, Some(true));
    // Once the pass has found it, the waiting `m` lands there by itself.
    app.findings.wait();
    update(&mut app, Message::Tick);
    assert_eq!(app.findings_status.total, 1);
    assert_eq!(app.cursor, 96 << 20);
    assert_eq!(app.pending_finding, None);
    assert_eq!(app.message.as_deref(), Some("finding 1 of 1: mojibake"));
}

#[test]
fn a_key_replaces_a_jump_waiting_for_findings() {
    let mut bytes = b"plain text line\n".repeat(6 << 20);
    bytes.extend_from_slice("cafÃ©\n".as_bytes());
    let mut app = App::new(Arc::new(Source::from_bytes("big", bytes)), 80, 24);
    update(&mut app, Message::NextFinding);
    assert_eq!(app.pending_finding, Some(true));
    update(&mut app, Message::MoveBytes(1));
    assert_eq!(app.pending_finding, None);
    app.findings.wait();
    update(&mut app, Message::Tick);
    assert_eq!(app.cursor, 1, "the cursor stays where the user moved it");
}

#[test]
fn f_opens_the_list_on_the_finding_under_the_cursor() {
    let mut app = app_on_sample("findings.txt", 80, 24);
    // Inside the first finding (the mojibake "cafÃ©" at 0x76), not at its start.
    app.cursor = FINDINGS[0] + 2;
    update(&mut app, Message::ToggleFindings);
    assert_eq!(app.findings_list().unwrap().selected, 0);
    update(&mut app, Message::ToggleFindings);
    // Between findings: the next one.
    app.cursor = FINDINGS[1] - 1;
    update(&mut app, Message::ToggleFindings);
    assert_eq!(app.findings_list().unwrap().selected, 1);
}

#[test]
fn the_findings_list_and_the_status_bar_agree_on_lines_past_the_first_block() {
    // 20,000 numbered lines (several index blocks), a bidi control on line 15,000.
    let mut text: String = (0..20_000).map(|i| format!("line {i:07}\n")).collect();
    let at = 14_999 * 13 + 5;
    text.replace_range(at..at + 1, "\u{202e}");
    let mut app = app_on(text.as_bytes(), 120, 40);
    update(&mut app, Message::ToggleFindings);
    let finding = app.findings_list().unwrap().rows[0].clone();
    assert_eq!((finding.line, finding.column), (15_000, 6));
    update(&mut app, Message::ListJump);
    assert_eq!(app.cursor, at as u64);
    assert_eq!(app.cursor_position, Some((15_000, 6)));
    let status = screen_text(&app).last().unwrap().clone();
    assert!(status.contains("line 15,000:6"), "{status}");
}
