//! `utf8scope fix`: writes the text with its mojibake repaired (and, when
//! asked, invalid spans replaced or dropped and BOMs stripped), and says on
//! standard error what it changed.

mod changes;
mod repair;

pub use changes::{Change, ChangeKind, ChangeLog, EXAMPLES_PER_KIND};
pub use repair::{InvalidPolicy, RepairOptions, Repairer};

use std::fs;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::model::Source;
use crate::model::scan::feed::for_each_block_of;
use crate::model::scan::line_aligned::LineAligned;
use crate::model::source::{SourceError, io_reason};

/// Where the repaired text goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    /// Standard output.
    Stdout,
    /// A file, replaced atomically (written beside it, then renamed).
    File(PathBuf),
    /// Over the input, atomically; left untouched when nothing changes.
    InPlace,
}

/// Why `fix` failed.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    /// One line naming the file and the reason.
    #[error("{0}")]
    Failed(String),
    /// Standard output was closed early (`| head`): not worth a message.
    #[error("standard output closed")]
    BrokenPipe,
}

/// Why streaming the repair stopped.
enum StreamFailure {
    Read(SourceError),
    Write(io::Error),
}

impl StreamFailure {
    /// The one-line error, naming the input or the output `written_to`.
    fn explain(self, written_to: &str) -> FixError {
        match self {
            StreamFailure::Read(error) => FixError::Failed(error.to_string()),
            StreamFailure::Write(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                FixError::BrokenPipe
            }
            StreamFailure::Write(error) => {
                FixError::Failed(format!("{written_to}: cannot write: {}", io_reason(&error)))
            }
        }
    }
}

/// Repairs `source` into `destination` and returns what changed. Nothing is
/// written over an existing file until the whole text has been written.
pub fn run(
    source: &Source,
    input_path: Option<&Path>,
    destination: &Destination,
    options: RepairOptions,
) -> Result<ChangeLog, FixError> {
    match destination {
        Destination::Stdout => {
            let stdout = io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            let log = repair_to(source, options, &mut out, "<stdout>")?;
            out.flush()
                .map_err(|e| StreamFailure::Write(e).explain("<stdout>"))?;
            Ok(log)
        }
        Destination::File(path) => {
            if let Some(input) = input_path
                && same_file::is_same_file(input, path).unwrap_or(false)
            {
                return Err(FixError::Failed(format!(
                    "{}: is the input; use --in-place to rewrite it",
                    path.display()
                )));
            }
            let (log, temp) = repair_beside(source, options, path)?;
            persist(temp, path)?;
            Ok(log)
        }
        Destination::InPlace => {
            let input = input_path.ok_or_else(|| {
                FixError::Failed("--in-place needs a FILE, not standard input".to_string())
            })?;
            // Rewrite the file a symlink points to, not the link.
            let target = fs::canonicalize(input)
                .map_err(|e| FixError::Failed(format!("{}: {}", input.display(), io_reason(&e))))?;
            let (log, temp) = repair_beside(source, options, &target)?;
            if log.total() > 0 {
                let permissions = fs::metadata(&target)
                    .map_err(|e| {
                        FixError::Failed(format!("{}: {}", target.display(), io_reason(&e)))
                    })?
                    .permissions();
                temp.as_file().set_permissions(permissions).map_err(|e| {
                    FixError::Failed(format!(
                        "{}: cannot copy permissions: {}",
                        target.display(),
                        io_reason(&e)
                    ))
                })?;
                persist(temp, &target)?;
            }
            Ok(log)
        }
    }
}

/// Streams the repaired text of `source` into `out` (named `out_name` in errors).
pub fn repair_to(
    source: &Source,
    options: RepairOptions,
    out: &mut impl Write,
    out_name: &str,
) -> Result<ChangeLog, FixError> {
    repair_into(source, options, out).map_err(|failure| failure.explain(out_name))
}

/// Writes the repaired text into a new temporary file in `path`'s directory.
fn repair_beside(
    source: &Source,
    options: RepairOptions,
    path: &Path,
) -> Result<(ChangeLog, NamedTempFile), FixError> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let temp = tempfile::Builder::new()
        .prefix(".utf8scope-fix-")
        .tempfile_in(directory)
        .map_err(|e| {
            FixError::Failed(format!(
                "{}: cannot create a temporary file beside it: {}",
                path.display(),
                io_reason(&e)
            ))
        })?;
    let name = path.display().to_string();
    let mut out = BufWriter::new(temp.as_file());
    let log = repair_to(source, options, &mut out, &name)?;
    out.flush()
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| StreamFailure::Write(e).explain(&name))?;
    drop(out);
    Ok((log, temp))
}

/// Renames the finished temporary file over `path`.
fn persist(temp: NamedTempFile, path: &Path) -> Result<(), FixError> {
    temp.persist(path).map(drop).map_err(|e| {
        FixError::Failed(format!(
            "{}: cannot replace it: {}",
            path.display(),
            io_reason(&e.error)
        ))
    })
}

/// Streams the repaired text of `source` into `out`.
fn repair_into(
    source: &Source,
    options: RepairOptions,
    out: &mut impl Write,
) -> Result<ChangeLog, StreamFailure> {
    let mut repairer = Repairer::new(options);
    let mut write_error = None;
    // Whole lines at a time, so no mojibake word is cut by a block boundary.
    let mut aligned = LineAligned::new(|block: &[u8]| match repairer.feed(block, out) {
        Ok(()) => ControlFlow::Continue(()),
        Err(error) => {
            write_error = Some(error);
            ControlFlow::Break(())
        }
    });
    let read = for_each_block_of(source, |block| aligned.push(block));
    if read.is_ok() {
        let _ = aligned.finish();
    }
    if let Some(error) = write_error {
        return Err(StreamFailure::Write(error));
    }
    read.map_err(StreamFailure::Read)?;
    Ok(repairer.finish())
}
