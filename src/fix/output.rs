//! Where `fix` writes, and how, so that nothing is harmed that was not
//! meant to be written:
//!
//! - a regular file (new, existing, or the target of a symbolic link) is
//!   written to a temporary file beside it and renamed over it once
//!   complete; an existing file keeps its mode, owner and group (or it is
//!   left alone, with a message, when they cannot be kept), and a file with
//!   several hard links is refused unless the user accepts splitting them;
//!   a new file gets the mode the umask gives;
//! - anything else (`/dev/null`, `/dev/stdout` on a pipe, a FIFO) is
//!   written through as a stream: never replaced by a regular file;
//! - a terminal is refused: the file's bytes are not for a terminal.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, IsTerminal};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use super::FixError;
use crate::display::path_text;
use crate::model::source::io_reason;

/// How a destination file is to be written.
pub enum Target {
    /// Written through as it is (a device, a FIFO).
    Through(File),
    /// Written to `temp`, then renamed over `path`.
    Replace {
        /// The temporary file beside `path`.
        temp: NamedTempFile,
        /// The file that will be replaced (symbolic links resolved).
        path: PathBuf,
    },
}

/// A one-line error naming `path`.
fn failed(path: &Path, what: impl std::fmt::Display) -> FixError {
    FixError::Failed(format!("{}: {what}", path_text(path.as_os_str())))
}

/// Prepares to write `path`: resolves symbolic links, and decides between
/// writing through and replacing. `break_links` allows replacing a file
/// that has other hard links (which then keep the old text).
pub fn open_target(path: &Path, break_links: bool) -> Result<Target, FixError> {
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_dir() => Err(failed(path, "is a directory")),
        Ok(metadata) if !metadata.is_file() => {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| failed(path, format!("cannot write: {}", io_reason(&e))))?;
            if file.is_terminal() {
                return Err(failed(
                    path,
                    "is a terminal; the repaired bytes are not written to one",
                ));
            }
            Ok(Target::Through(file))
        }
        Ok(metadata) => {
            // Rewrite the file a symbolic link points to, not the link.
            let resolved = fs::canonicalize(path).map_err(|e| failed(path, io_reason(&e)))?;
            replace_existing(&resolved, &metadata, break_links)
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            if fs::symlink_metadata(path).is_ok() {
                return Err(failed(path, "is a symbolic link to a missing file"));
            }
            let temp = temp_beside(path, Permissions::from_mode(0o666))?;
            Ok(Target::Replace {
                temp,
                path: path.to_path_buf(),
            })
        }
        Err(error) => Err(failed(path, io_reason(&error))),
    }
}

/// A temporary file beside the existing regular file `path`, with its
/// mode, owner and group.
fn replace_existing(
    path: &Path,
    metadata: &fs::Metadata,
    break_links: bool,
) -> Result<Target, FixError> {
    if metadata.nlink() > 1 && !break_links {
        return Err(failed(
            path,
            format!(
                "has {} hard links; replacing it would leave the other names with the old \
                 text (--break-hard-links to do it anyway)",
                metadata.nlink()
            ),
        ));
    }
    // Created with the file's own mode, so the text is never readable by
    // more people than the file was, even for a moment.
    let mode = metadata.permissions().mode() & 0o7777;
    let temp = temp_beside(path, Permissions::from_mode(mode & 0o777))?;
    let file = temp.as_file();
    let made = file.metadata().map_err(|e| failed(path, io_reason(&e)))?;
    if (made.uid(), made.gid()) != (metadata.uid(), metadata.gid()) {
        std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid())).map_err(
            |e| {
                failed(
                    path,
                    format!(
                        "cannot keep its owner and group ({}:{}): {}; left as it was",
                        metadata.uid(),
                        metadata.gid(),
                        io_reason(&e)
                    ),
                )
            },
        )?;
    }
    // After chown, which clears set-user-ID and set-group-ID bits; and not
    // subject to the umask, as creating it was.
    file.set_permissions(Permissions::from_mode(mode))
        .map_err(|e| failed(path, format!("cannot keep its mode: {}", io_reason(&e))))?;
    Ok(Target::Replace {
        temp,
        path: path.to_path_buf(),
    })
}

/// A new temporary file in `path`'s directory, created with `permissions`
/// (less the umask).
fn temp_beside(path: &Path, permissions: Permissions) -> Result<NamedTempFile, FixError> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".utf8scope-fix-")
        .permissions(permissions)
        .tempfile_in(directory)
        .map_err(|e| {
            failed(
                path,
                format!(
                    "cannot create a temporary file beside it: {}",
                    io_reason(&e)
                ),
            )
        })
}

impl Target {
    /// The file to write the repaired text into.
    pub fn file(&self) -> &File {
        match self {
            Target::Through(file) => file,
            Target::Replace { temp, .. } => temp.as_file(),
        }
    }

    /// Makes the written text the destination's: syncs and renames a
    /// temporary file over its target (a file written through is done).
    pub fn commit(self) -> Result<(), FixError> {
        match self {
            Target::Through(_) => Ok(()),
            Target::Replace { temp, path } => {
                temp.as_file()
                    .sync_all()
                    .map_err(|e| failed(&path, format!("cannot write: {}", io_reason(&e))))?;
                temp.persist(&path).map(drop).map_err(|e| {
                    failed(&path, format!("cannot replace it: {}", io_reason(&e.error)))
                })
            }
        }
    }
}
