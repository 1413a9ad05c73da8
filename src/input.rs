//! Opening the input a front end was asked for: a path, `-`, or piped stdin.

use std::io::{self, IsTerminal};
use std::path::Path;

use crate::display::escape_for_terminal;
use crate::model::{Source, SourceError};

/// Opens the named input (`-`, or `None` with stdin piped, is standard input).
/// The error is one terminal-safe line naming the input and the reason.
pub fn open_input(file: Option<&str>) -> Result<Source, String> {
    let source = match file {
        Some("-") => Source::from_stdin(),
        Some(path) => Source::open(Path::new(path)),
        None if !io::stdin().is_terminal() => Source::from_stdin(),
        None => return Err("no file given (try `utf8scope FILE`, or `utf8scope --help`)".into()),
    };
    source.map_err(|e: SourceError| escape_for_terminal(&e.to_string()).into_owned())
}
