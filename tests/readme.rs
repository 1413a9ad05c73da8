//! What the README and `docs/` show is what the tool does (issue #29): their
//! examples' output is compared with the real output, so that it cannot go
//! stale.

#[path = "common/ui.rs"]
mod ui;

use assert_cmd::Command;
use ui::{app_on_sample, screen_text};
use utf8scope::ui::Message;

/// The README's and docs' text, one after the other.
fn readme_and_docs() -> String {
    let mut text = std::fs::read_to_string("README.md").unwrap();
    let mut docs: Vec<_> = std::fs::read_dir("docs")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    for doc in docs {
        text.push_str(&std::fs::read_to_string(doc).unwrap());
    }
    text
}

/// The ```text block (in the README or `docs/`) that follows the line
/// holding `marker`.
fn block_after(marker: &str) -> Vec<String> {
    let readme = readme_and_docs();
    let at = readme
        .find(marker)
        .unwrap_or_else(|| panic!("README shows {marker}"));
    let rest = &readme[at..];
    let start = rest.find("```text\n").expect("a text block") + "```text\n".len();
    let end = start + rest[start..].find("```").expect("its end");
    rest[start..end].lines().map(str::to_string).collect()
}

/// The ```text block whose first line is `command`, without it.
fn block_of(command: &str) -> Vec<String> {
    let lines = block_after(&format!("```text\n{command}\n"));
    lines[1..].to_vec()
}

#[test]
fn the_80x24_screen_is_the_inspectors() {
    let shown = block_after("An 80×24 terminal on `assets/samples/invalid-kinds.txt`");
    let mut app = app_on_sample("invalid-kinds.txt", 80, 24);
    app.send(Message::NextInvalid);
    app.send(Message::NextInvalid);
    let screen: Vec<String> = screen_text(&app)
        .iter()
        .map(|line| line.trim_end().to_string())
        .collect();
    let shown: Vec<String> = shown
        .iter()
        .map(|line| line.trim_end().to_string())
        .collect();
    // (The README's status bar names the file as the command line does.)
    let status = |lines: &[String]| lines.last().cloned().unwrap_or_default();
    assert_eq!(screen[..screen.len() - 1], shown[..shown.len() - 1]);
    let tail = |line: String| line.split_once('│').map(|(_, rest)| rest.to_string());
    assert_eq!(tail(status(&screen)), tail(status(&shown)));
}

#[test]
fn the_fix_example_says_what_fix_says() {
    let shown = block_of("$ utf8scope fix assets/samples/findings.txt -o fixed.txt");
    let dir = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["fix", "assets/samples/findings.txt", "-o"])
        .arg(dir.path().join("fixed.txt"))
        .assert()
        .success();
    let said = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(said, shown);
}

#[test]
fn the_walk_example_counts_what_check_counts() {
    let shown = block_of("$ utf8scope check -q --no-config assets/samples");
    let out = Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["check", "-q", "--no-config", "assets/samples"])
        .assert()
        .code(1);
    let said = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let said: Vec<&str> = said.lines().collect();
    assert_eq!(said[0], shown[0]);
    assert_eq!(said[said.len() - 2..], shown[shown.len() - 2..]);
}
