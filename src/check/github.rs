//! `check --format github`: GitHub Actions workflow commands, which the
//! runner turns into annotations on the lines of a pull request:
//! `::error file=src/a.txt,line=3,col=5,title=utf8scope truncated::…`.

use std::fmt::Write as _;

/// The kind of annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// An invalid span, or a finding that fails the check.
    Error,
    /// A warning finding.
    Warning,
    /// An info finding.
    Notice,
}

/// One annotation.
pub struct Annotation<'a> {
    /// Which command.
    pub level: Level,
    /// The file, as the report names it.
    pub file: &'a str,
    /// 1-based line and column.
    pub line: u64,
    /// See `line`.
    pub column: u64,
    /// The annotation's title.
    pub title: &'a str,
    /// The message (terminal-safe already).
    pub message: &'a str,
}

impl Annotation<'_> {
    /// The workflow command, with its line end.
    pub fn render(&self) -> String {
        let command = match self.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
        };
        let mut line = format!(
            "::{command} file={},line={},col={},title={}::",
            escape_property(self.file),
            self.line,
            self.column,
            escape_property(self.title)
        );
        line.push_str(&escape_data(self.message));
        line.push('\n');
        line
    }
}

/// The annotation for an input or a directory that could not be read (the
/// message names it, terminal-safe already).
pub fn unreadable(message: &str) -> String {
    format!(
        "::error title={}::{}\n",
        escape_property("utf8scope: cannot read"),
        escape_data(message)
    )
}

/// A message escaped as the runner reads it back: `%`, CR and LF.
pub fn escape_data(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// A property value escaped: as data, and `:` and `,` too, which would end
/// the property.
pub fn escape_property(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in escape_data(text).chars() {
        match c {
            ':' => out.push_str("%3A"),
            ',' => out.push_str("%2C"),
            c => {
                let _ = out.write_char(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_and_data_are_escaped_as_the_runner_requires() {
        let annotation = Annotation {
            level: Level::Warning,
            file: "dir,with:odd%name\r\n.txt",
            line: 3,
            column: 7,
            title: "utf8scope: bidi-control",
            message: "100% sure:\nreally, yes\r",
        };
        assert_eq!(
            annotation.render(),
            "::warning file=dir%2Cwith%3Aodd%25name%0D%0A.txt,line=3,col=7,\
             title=utf8scope%3A bidi-control::100%25 sure:%0Areally, yes%0D\n"
        );
    }
}
