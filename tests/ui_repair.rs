//! Repair from the screen (`a`, `W`), through `update`: what is marked and
//! what is said. (The writes themselves, through the program's `fix`, are
//! tested in `e2e_tmux.rs`.)

#[path = "common/ui.rs"]
mod ui;

use ui::{Inspector, app_on_sample};
use utf8scope::model::selection::Lines;
use utf8scope::model::{Encoding, Source};
use utf8scope::ui::Message;

#[test]
fn a_marks_the_line_of_the_mojibake_under_the_cursor_and_says_what_fix_writes() {
    let mut app = app_on_sample("findings.txt", 120, 40);
    app.send(Message::NextFinding);
    app.send(Message::MarkRepair { all: false });
    let said = app.app.message.clone().unwrap();
    assert!(
        said.contains("fix writes “café” for “cafÃ©” here"),
        "{said}"
    );
    let line = app.app.shown.cursor_findings[0].line;
    assert_eq!(app.app.repairs.mojibake, Some(Lines::Only([line].into())));
    assert!(app.app.repairs.unwritten);
    // Again: unmarked.
    app.send(Message::MarkRepair { all: false });
    assert!(!app.app.repairs.any());
    app.send(Message::MarkRepair { all: true });
    assert_eq!(app.app.repairs.mojibake, Some(Lines::All));
    // Read in another encoding, what fix writes is another thing.
    let cp1252 = Encoding::for_label("windows-1252").unwrap();
    app.send(Message::Reread(cp1252, Some("windows-1252".into())));
    assert!(!app.app.repairs.any());
    let said = app.app.message.clone().unwrap();
    assert!(said.contains("repairs marked are dropped"), "{said}");
}

#[test]
fn nothing_is_marked_where_fix_would_not_write_it() {
    // Plain text: nothing to repair.
    let mut app = app_on_sample("multilingual.txt", 120, 40);
    app.send(Message::MarkRepair { all: false });
    assert!(!app.app.repairs.any());
    app.send(Message::OpenWrite);
    assert!(
        app.app.prompt().is_none(),
        "W with nothing marked asks nothing"
    );
}

#[test]
fn mojibake_in_a_file_read_in_a_legacy_encoding_is_marked_as_fix_from_repairs_it() {
    // `fix --from windows-1252` converts the file, then repairs the
    // mojibake the converted text holds: the mark promises what it writes.
    let cp1252 = Encoding::for_label("windows-1252").unwrap();
    let bytes = b"Le caf\xC3\xA9 est pr\xC3\xAAt, \xC3\xA0 bient\xC3\xB4t.\n".to_vec();
    let source = Source::from_bytes("w.txt", bytes).in_encoding(cp1252);
    let mut app = Inspector::on(source, 120, 40);
    app.send(Message::NextFinding);
    assert!(!app.app.shown.cursor_findings.is_empty(), "a finding");
    app.send(Message::MarkRepair { all: true });
    let said = app.app.message.clone().unwrap();
    assert!(
        said.contains("fix writes “café” for “cafÃ©” here"),
        "{said}"
    );
    assert_eq!(app.app.repairs.mojibake, Some(Lines::All));
    app.send(Message::OpenWrite);
    assert!(app.app.prompt().is_some(), "W asks where to write");
}
