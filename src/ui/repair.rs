//! Repair from the inspector (`a`, `W`): what `fix` would write for the
//! finding or invalid span under the cursor, the kinds of repair marked to
//! be written, and the write itself — done by the runtime through the
//! [`RepairWriter`] the program gives it, which writes exactly as `fix -o`
//! does (the binary's writer is `fix` itself).

use std::path::{Path, PathBuf};

use super::app::App;
use super::command::Command;
use super::message::PromptKind;
use super::overlays::{Mode, Prompt};
use crate::display::escape_for_terminal;
use crate::model::Encoding;
use crate::model::selection::{Lines, Selection};

/// What is marked to be written: of each kind of repair `fix` makes, the
/// lines it is made on (`a` adds the cursor's, `A` takes every line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// Mojibake repaired (what `fix` always does).
    pub mojibake: Option<Lines>,
    /// The invalid rows of a UTF-8 file read in their legacy encoding
    /// (`fix --invalid legacy`).
    pub legacy: Option<Lines>,
    /// Whether marks were made since the last write.
    pub unwritten: bool,
    /// Whether `q` was pressed once with marks not written.
    pub warned: bool,
}

impl Marks {
    /// Whether anything is marked.
    pub fn any(&self) -> bool {
        let some = |lines: &Option<Lines>| match lines {
            Some(Lines::Only(lines)) => !lines.is_empty(),
            Some(Lines::All) => true,
            None => false,
        };
        some(&self.mojibake) || some(&self.legacy)
    }

    /// The repairs `fix` makes for these marks.
    pub fn selection(&self) -> Selection {
        let none = || Lines::Only(Default::default());
        Selection {
            mojibake: self.mojibake.clone().unwrap_or_else(none),
            legacy: self.legacy.clone().unwrap_or_else(none),
        }
    }
}

/// [`toggle`], and what it did in words: "marked this line's `what`
/// (`then`)" or "unmarked every line's `what`".
fn toggle_said(lines: &mut Option<Lines>, line: u64, all: bool, what: &str, then: &str) -> String {
    let whose = if all { "every line's" } else { "this line's" };
    if toggle(lines, line, all) {
        format!("marked {whose} {what} ({then})")
    } else {
        format!("unmarked {whose} {what}")
    }
}

/// Marks `line` in `lines` (every line with `all`), or unmarks it if it
/// was; whether it is marked now.
fn toggle(lines: &mut Option<Lines>, line: u64, all: bool) -> bool {
    match (lines.take(), all) {
        (Some(Lines::All), true) => false,
        (_, true) => {
            *lines = Some(Lines::All);
            true
        }
        (Some(Lines::All), false) => {
            // One line out of all of them is unmarked: the rest cannot be
            // named, so all of them are.
            false
        }
        (marked, false) => {
            let mut set = match marked {
                Some(Lines::Only(set)) => set,
                _ => Default::default(),
            };
            let now = set.insert(line);
            if !now {
                set.remove(&line);
            }
            *lines = Some(Lines::Only(set));
            now
        }
    }
}

/// A write of the repaired file, as the runtime asks its writer for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteRequest {
    /// Where to write it.
    pub to: PathBuf,
    /// Whether `to` is the file itself (confirmed): rewritten in place.
    pub in_place: bool,
    /// Whether invalid rows are read in their legacy encoding.
    pub legacy: bool,
    /// The encoding the file is read in (`fix --from` unless UTF-8).
    pub encoding: Encoding,
    /// Which of the repairs are made.
    pub selection: Selection,
}

impl WriteRequest {
    /// The `fix` command line that writes the same (for the status bar),
    /// or what it repairs where no command line does.
    pub fn as_fix(&self, file: &str) -> String {
        let every = |lines: &Lines| *lines == Lines::All;
        if !every(&self.selection.mojibake) || (self.legacy && !every(&self.selection.legacy)) {
            return "the repairs of the lines marked".to_string();
        }
        let mut command = String::from("as utf8scope fix");
        if !self.encoding.is_utf8() {
            command.push_str(&format!(" --from {}", self.encoding.name()));
        }
        if self.legacy {
            command.push_str(" --invalid legacy");
        }
        if self.in_place {
            command.push_str(&format!(" --in-place {file}"));
        } else {
            command.push_str(&format!(" {file} -o {}", self.to.display()));
        }
        command
    }
}

/// Writes a repaired file as `fix` does; the inspector's runtime holds one
/// given by the program (none for standard input).
pub trait RepairWriter: Send + Sync {
    /// Writes the file repaired as `request` says: a summary of what
    /// changed, or a one-line error naming the file and the reason.
    fn write(&self, request: &WriteRequest) -> Result<String, String>;
}

/// `a` (`all` false) or `A`: says what `fix` writes for the item under
/// the cursor and marks its repair to be written — on its line, or with
/// `all` on every line (again: unmarks it).
pub fn mark(app: &mut App, all: bool) {
    let finding = app.shown.cursor_findings.iter().find_map(|f| {
        let repair = f.repair()?;
        Some((
            f.mojibake.as_ref()?.seen.clone(),
            repair.to_string(),
            f.line,
        ))
    });
    let cursor_line = app.shown.cursor_position.map(|(line, _)| line);
    if let Some((seen, meant, line)) = finding {
        let marked = toggle_said(
            &mut app.repairs.mojibake,
            line,
            all,
            "mojibake repairs",
            "W writes",
        );
        app.say(format!(
            "fix writes “{}” for “{}” here; {marked}",
            escape_for_terminal(&meant),
            escape_for_terminal(&seen)
        ));
    } else if let Some((detection, text)) = app.shown.legacy_reading.clone() {
        let Some(line) = cursor_line else {
            app.say("the scan has not reached this line yet: press a again in a moment");
            return;
        };
        let marked = toggle_said(
            &mut app.repairs.legacy,
            line,
            all,
            "legacy rows",
            "W writes them read so",
        );
        app.say(format!(
            "fix --invalid legacy writes “{}” ({}) here; {marked}",
            escape_for_terminal(&text),
            detection.encoding
        ));
    } else {
        app.say("nothing to repair here: a (apply) takes a mojibake finding or an invalid span that reads as a legacy row");
        return;
    }
    app.repairs.unwritten = app.repairs.any();
    app.repairs.warned = false;
}

/// The path `W` offers: `NAME.fixed.EXT` beside the file.
pub fn default_path(file: &str) -> String {
    let path = Path::new(file);
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}.fixed.{}", ext.to_string_lossy()),
        None => format!("{stem}.fixed"),
    };
    path.with_file_name(name).to_string_lossy().into_owned()
}

/// `W`: opens the prompt for where to write, with the default path in it.
pub fn open_write_prompt(app: &mut App) {
    if !app.repairs.any() {
        app.say("nothing marked to write: a on a finding or an invalid span marks its repair");
        return;
    }
    let mut prompt = Prompt::new(PromptKind::Write);
    prompt.input = default_path(&app.file.name);
    app.mode = Mode::Prompt(prompt);
}

/// Enter in the write prompt: the write, or first the question whether
/// to rewrite the file itself.
pub fn submit_write(app: &mut App, input: &str) -> Vec<Command> {
    let to = input.trim();
    if to.is_empty() {
        app.say("no path: nothing written");
        return Vec::new();
    }
    if Path::new(to) == Path::new(&app.file.name) {
        let mut prompt = Prompt::new(PromptKind::ConfirmInPlace);
        prompt.input = to.to_string();
        app.mode = Mode::Prompt(prompt);
        return Vec::new();
    }
    vec![Command::WriteRepaired(request(app, to, false))]
}

/// An answer to "rewrite the file itself?": `y` writes it in place.
pub fn confirm_in_place(app: &mut App, yes: bool) -> Vec<Command> {
    if !yes {
        app.say("nothing written");
        return Vec::new();
    }
    let to = app.file.name.clone();
    vec![Command::WriteRepaired(request(app, &to, true))]
}

fn request(app: &App, to: &str, in_place: bool) -> WriteRequest {
    WriteRequest {
        to: PathBuf::from(to),
        in_place,
        legacy: app.repairs.legacy.is_some(),
        encoding: app.encoding,
        selection: app.repairs.selection(),
    }
}

/// What the write came to.
pub fn written(app: &mut App, request: &WriteRequest, outcome: Result<String, String>) {
    match outcome {
        Ok(summary) => {
            app.repairs.unwritten = false;
            app.say(format!(
                "{} ({})",
                escape_for_terminal(&summary),
                escape_for_terminal(&request.as_fix(&app.file.name))
            ));
        }
        Err(error) => app.say(escape_for_terminal(&error).into_owned()),
    }
}

/// `q`: quits, unless repairs are marked and not written and this is the
/// first `q` since (then it says so once).
pub fn quit(app: &mut App) -> Vec<Command> {
    if app.repairs.unwritten && !app.repairs.warned {
        app.repairs.warned = true;
        app.say("repairs are marked and not written: W writes them, q again quits");
        return Vec::new();
    }
    vec![Command::Quit]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quitting_with_unwritten_marks_asks_once() {
        let file = crate::ui::app::FileInfo {
            name: "f.txt".into(),
            len: 10,
            encoding: None,
        };
        let mut app = App::new(file, 80, 24);
        assert_eq!(quit(&mut app), vec![Command::Quit]);
        app.repairs.mojibake = Some(Lines::All);
        app.repairs.unwritten = true;
        assert!(quit(&mut app).is_empty());
        assert!(app.message.as_deref().unwrap().contains("not written"));
        assert_eq!(quit(&mut app), vec![Command::Quit]);
    }

    #[test]
    fn the_default_path_is_beside_the_file() {
        assert_eq!(default_path("dir/letter.txt"), "dir/letter.fixed.txt");
        assert_eq!(default_path("README"), "README.fixed");
        assert_eq!(default_path("a.tar.gz"), "a.tar.fixed.gz");
    }

    #[test]
    fn a_request_says_its_fix_command() {
        let mut request = WriteRequest {
            to: PathBuf::from("a.fixed.txt"),
            in_place: false,
            legacy: true,
            encoding: Encoding::UTF_8,
            selection: Selection::default(),
        };
        assert_eq!(
            request.as_fix("a.txt"),
            "as utf8scope fix --invalid legacy a.txt -o a.fixed.txt"
        );
        request.selection.mojibake = Lines::Only([4].into());
        assert_eq!(request.as_fix("a.txt"), "the repairs of the lines marked");
    }

    #[test]
    fn a_marks_a_line_and_capital_a_every_line() {
        let mut lines = None;
        assert!(toggle(&mut lines, 4, false));
        assert!(toggle(&mut lines, 9, false));
        assert_eq!(lines, Some(Lines::Only([4, 9].into())));
        assert!(!toggle(&mut lines, 4, false));
        assert_eq!(lines, Some(Lines::Only([9].into())));
        assert!(toggle(&mut lines, 4, true));
        assert_eq!(lines, Some(Lines::All));
        assert!(!toggle(&mut lines, 4, true));
        assert_eq!(lines, None);
    }
}
