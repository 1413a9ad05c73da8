//! Opening the input a front end was asked for: a path, `-`, or piped stdin.

use std::ffi::OsStr;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use crate::display::{escape_for_terminal, path_text};
use crate::model::source::io_reason;
use crate::model::{Opened, Source, SourceError};

/// What a front end reads.
pub enum Input {
    /// A regular file: read anywhere, with positioned reads.
    File(Source),
    /// Standard input, a pipe, a device or a `/proc` file: read once, front
    /// to back, and possibly endless (`/dev/zero`).
    Stream(Stream),
}

/// A stream to read once.
pub struct Stream {
    /// Its name as the user gave it (`<stdin>` for standard input), for messages.
    pub name: String,
    /// The bytes.
    pub reader: Box<dyn Read + Send>,
    /// Whether it is a terminal (someone typing, ending with Ctrl-D).
    pub is_terminal: bool,
}

impl Stream {
    /// A `fill` function for the block feeders that reads the stream front
    /// to back; a read error names the stream and the offset.
    pub fn fill(&mut self) -> impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send + '_ {
        let mut position = 0u64;
        move |buf| loop {
            match self.reader.read(buf) {
                Ok(n) => {
                    position += n as u64;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    return Err(SourceError::Read {
                        name: self.name.clone(),
                        offset: position,
                        reason: io_reason(&e),
                    });
                }
            }
        }
    }
}

impl Stream {
    /// Reads up to `len` bytes from the start of the stream (to detect its
    /// encoding) and puts them back in front of the rest.
    pub fn peek(&mut self, len: usize) -> Result<Vec<u8>, SourceError> {
        let mut head = vec![0u8; len];
        let mut filled = 0;
        {
            let mut fill = self.fill();
            while filled < head.len() {
                match fill(&mut head[filled..])? {
                    0 => break,
                    n => filled += n,
                }
            }
        }
        head.truncate(filled);
        let rest = std::mem::replace(&mut self.reader, Box::new(io::empty()));
        self.reader = Box::new(io::Cursor::new(head.clone()).chain(rest));
        Ok(head)
    }
}

impl Input {
    /// The input's name, for messages.
    pub fn name(&self) -> &str {
        match self {
            Input::File(source) => source.name(),
            Input::Stream(stream) => &stream.name,
        }
    }
}

/// Opens the named input (`-`, or `None` with stdin piped, is standard input).
/// The error is one terminal-safe line naming the input and the reason.
pub fn open_input(file: Option<&OsStr>) -> Result<Input, String> {
    let opened = match file {
        Some(name) if name == "-" => return Ok(stdin_stream()),
        Some(path) => open_path(Path::new(path)),
        None if !io::stdin().is_terminal() => return Ok(stdin_stream()),
        None => return Err("no file given (try `utf8scope FILE`, or `utf8scope --help`)".into()),
    };
    opened.map_err(|e: SourceError| escape_for_terminal(&e.to_string()).into_owned())
}

/// Opens a path: a regular file with a size is read in place, anything
/// else as a stream.
fn open_path(path: &Path) -> Result<Input, SourceError> {
    Ok(match Source::open_path(path)? {
        Opened::Positioned(source) => Input::File(source),
        Opened::Stream(file) => Input::Stream(Stream {
            name: path_text(path.as_os_str()),
            is_terminal: file.is_terminal(),
            reader: Box::new(file),
        }),
    })
}

fn stdin_stream() -> Input {
    let stdin = io::stdin();
    Input::Stream(Stream {
        name: "<stdin>".into(),
        is_terminal: stdin.is_terminal(),
        reader: Box::new(stdin),
    })
}
