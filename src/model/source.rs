//! Where the bytes come from: a regular file read with positioned reads, or a
//! stream (stdin, a pipe) buffered in memory and spilled to a temporary file.
//!
//! Files are deliberately not memory-mapped: a mapped file that another process
//! truncates raises SIGBUS on access. `pread` instead returns a short read, which
//! becomes [`SourceError::Shrunk`].

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use super::encoding::Encoding;
use super::text::Text;

/// How much of a stream is kept in memory before it spills to a temporary file.
pub const SPILL_THRESHOLD: usize = 64 * 1024 * 1024;

/// Why bytes could not be had from a source; every variant names the input.
#[derive(Debug, Error)]
pub enum SourceError {
    /// The path could not be opened or inspected.
    #[error("{name}: {reason}")]
    Open {
        /// The input as the user named it.
        name: String,
        /// Why, in words.
        reason: String,
    },
    /// The path is a directory.
    #[error("{name}: is a directory")]
    IsDirectory {
        /// The input as the user named it.
        name: String,
    },
    /// Reading failed after the source was opened.
    #[error("{name}: read error at offset {offset}: {reason}")]
    Read {
        /// The input as the user named it.
        name: String,
        /// Where the read started.
        offset: u64,
        /// Why, in words.
        reason: String,
    },
    /// The file became shorter than it was when opened (another process truncated it).
    #[error("{name}: file shrank while open: {expected} bytes when opened, ends at {found} now")]
    Shrunk {
        /// The input as the user named it.
        name: String,
        /// Length when it was opened.
        expected: u64,
        /// Where the data ends now.
        found: u64,
    },
}

/// Describes an I/O error without Rust's "(os error N)" suffix, in lower
/// case as it follows a file name (`x: not a directory`).
pub fn io_reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        io::ErrorKind::IsADirectory => "is a directory".into(),
        _ => {
            let text = error.to_string();
            let text = match text.find(" (os error") {
                Some(cut) => &text[..cut],
                None => &text,
            };
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => String::new(),
            }
        }
    }
}

enum Backing {
    /// Read on demand with positioned reads.
    File(File),
    /// All bytes in memory (a small stream, or test data).
    Memory(Vec<u8>),
}

/// A sequence of bytes with positioned reads, shareable between threads. Its
/// length is fixed, except for a source a stream is still being read into
/// ([`Source::growing`]), which only ever grows.
pub struct Source {
    name: String,
    len: AtomicU64,
    backing: Arc<Backing>,
}

/// A path opened for reading: either a file that can be read anywhere, or
/// a stream that can only be read once, front to back.
pub enum Opened {
    /// A regular file with a size: positioned reads.
    Positioned(Source),
    /// A pipe, FIFO, device, socket, or a file that reports size 0 but may
    /// have content (`/proc`, `/sys`): read to its end, once.
    Stream(File),
}

impl Source {
    /// Opens `path`: a regular file is read in place; anything else (a
    /// pipe, a device, a `/proc` file) is read to its end and buffered.
    /// Front ends that can stream use [`Source::open_path`] instead.
    pub fn open(path: &Path) -> Result<Source, SourceError> {
        match Source::open_path(path)? {
            Opened::Positioned(source) => Ok(source),
            Opened::Stream(file) => {
                Source::from_reader(crate::display::path_text(path.as_os_str()), file)
            }
        }
    }

    /// Opens `path` and says how it can be read. A regular file of size 0
    /// counts as a stream: files in `/proc` and `/sys` report 0 and still
    /// have content.
    pub fn open_path(path: &Path) -> Result<Opened, SourceError> {
        let name = crate::display::path_text(path.as_os_str());
        let open_error = |error: io::Error| SourceError::Open {
            name: name.clone(),
            reason: io_reason(&error),
        };
        let file = File::open(path).map_err(open_error)?;
        let metadata = file.metadata().map_err(open_error)?;
        if metadata.is_dir() {
            return Err(SourceError::IsDirectory { name });
        }
        if metadata.is_file() && metadata.len() > 0 {
            Ok(Opened::Positioned(Source {
                name,
                len: AtomicU64::new(metadata.len()),
                backing: Arc::new(Backing::File(file)),
            }))
        } else {
            Ok(Opened::Stream(file))
        }
    }

    /// An empty source that a stream is read into by [`Source::append`]:
    /// its bytes go to `spill`, and its length grows as they arrive.
    pub fn growing(name: String, spill: File) -> Source {
        Source {
            name,
            len: AtomicU64::new(0),
            backing: Arc::new(Backing::File(spill)),
        }
    }

    /// Adds `bytes` at the end of a [growing](Source::growing) source. Only
    /// one thread may append; readers see the new length once the bytes are
    /// written.
    pub fn append(&self, bytes: &[u8]) -> io::Result<()> {
        let Backing::File(file) = self.backing.as_ref() else {
            return Err(io::Error::other("a source in memory cannot grow"));
        };
        let end = self.len();
        file.write_all_at(bytes, end)?;
        self.len.store(end + bytes.len() as u64, Ordering::Release);
        Ok(())
    }

    /// Reads standard input to its end, spilling to a temporary file past
    /// `SPILL_THRESHOLD` so a multi-GB pipe does not exhaust memory.
    pub fn from_stdin() -> Result<Source, SourceError> {
        Source::from_reader("<stdin>".into(), io::stdin().lock())
    }

    /// Wraps bytes already in memory (tests, small inputs).
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Source {
        Source {
            name: name.into(),
            len: AtomicU64::new(bytes.len() as u64),
            backing: Arc::new(Backing::Memory(bytes)),
        }
    }

    /// Buffers a stream to its end, in memory or, once large, in a temporary file.
    pub fn from_reader(name: String, reader: impl Read) -> Result<Source, SourceError> {
        let read_error = |offset: u64, error: io::Error| SourceError::Read {
            name: name.clone(),
            offset,
            reason: io_reason(&error),
        };
        let mut buffered = Vec::new();
        let mut limited = reader.take(SPILL_THRESHOLD as u64);
        limited
            .read_to_end(&mut buffered)
            .map_err(|e| read_error(0, e))?;
        if buffered.len() < SPILL_THRESHOLD {
            // The stream ended: asking again would wait for a second
            // end-of-file (a second Ctrl-D at a terminal).
            return Ok(Source::from_bytes(name, buffered));
        }
        let mut reader = limited.into_inner();
        let mut probe = [0u8; 1];
        let more = loop {
            match reader.read(&mut probe) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(read_error(buffered.len() as u64, e)),
            }
        };
        if more == 0 {
            return Ok(Source::from_bytes(name, buffered));
        }
        let spill_error = |error: io::Error| SourceError::Read {
            name: name.clone(),
            offset: 0,
            reason: format!("cannot spill to a temporary file: {}", io_reason(&error)),
        };
        let mut spill = tempfile::tempfile().map_err(spill_error)?;
        spill.write_all(&buffered).map_err(spill_error)?;
        spill.write_all(&probe).map_err(spill_error)?;
        drop(buffered);
        io::copy(&mut reader, &mut spill).map_err(spill_error)?;
        let len = spill.metadata().map_err(spill_error)?.len();
        Ok(Source {
            name,
            len: AtomicU64::new(len),
            backing: Arc::new(Backing::File(spill)),
        })
    }

    /// These bytes read in `encoding`: the layer that decodes them.
    pub fn in_encoding(self, encoding: Encoding) -> Text {
        Text::new(self, encoding)
    }

    /// The same bytes under a second handle (nothing is read again).
    pub(crate) fn share(&self) -> Source {
        Source {
            name: self.name.clone(),
            len: AtomicU64::new(self.len()),
            backing: Arc::clone(&self.backing),
        }
    }

    /// The input's name as the user gave it (`<stdin>` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The length in bytes, as it was when the source was opened (for a
    /// growing source, as far as it has been read).
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Acquire)
    }

    /// Whether the source holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All the bytes, when they are held in memory (no read needed).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self.backing.as_ref() {
            Backing::Memory(bytes) => Some(bytes),
            Backing::File(_) => None,
        }
    }

    /// Reads the bytes at `offset` into `buf`, stopping at the source's length.
    ///
    /// Returns how many bytes were read: `buf.len()` unless the source ends
    /// first. If the file ends earlier than its recorded length, that is
    /// reported as [`SourceError::Shrunk`], not as a short read.
    pub fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize, SourceError> {
        let len = self.len();
        let wanted = buf.len().min(len.saturating_sub(offset) as usize);
        let buf = &mut buf[..wanted];
        if wanted == 0 {
            return Ok(0);
        }
        match self.backing.as_ref() {
            Backing::Memory(bytes) => {
                let start = offset as usize;
                buf.copy_from_slice(&bytes[start..start + wanted]);
            }
            Backing::File(file) => {
                let mut filled = 0;
                while filled < wanted {
                    let at = offset + filled as u64;
                    match file.read_at(&mut buf[filled..], at) {
                        Ok(0) => {
                            return Err(SourceError::Shrunk {
                                name: self.name.clone(),
                                expected: len,
                                found: file.metadata().map_or(at, |m| m.len()),
                            });
                        }
                        Ok(n) => filled += n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            return Err(SourceError::Read {
                                name: self.name.clone(),
                                offset: at,
                                reason: io_reason(&e),
                            });
                        }
                    }
                }
            }
        }
        Ok(wanted)
    }

    /// Reads `[offset, offset + len)` (clipped to the source) into a new vector.
    pub fn read_range(&self, offset: u64, len: usize) -> Result<Vec<u8>, SourceError> {
        let mut buf = vec![0; len.min(self.len().saturating_sub(offset) as usize)];
        let n = self.read_at(offset, &mut buf)?;
        buf.truncate(n);
        Ok(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_clipped_to_the_length() {
        let source = Source::from_bytes("t", b"hello".to_vec());
        let mut buf = [0u8; 8];
        assert_eq!(source.read_at(3, &mut buf).unwrap(), 2);
        assert_eq!(&buf[..2], b"lo");
        assert_eq!(source.read_at(9, &mut buf).unwrap(), 0);
    }

    #[test]
    fn a_large_stream_spills_and_reads_back_the_same() {
        let data: Vec<u8> = (0..SPILL_THRESHOLD + 1000)
            .map(|i| (i % 251) as u8)
            .collect();
        let source = Source::from_reader("pipe".into(), &data[..]).unwrap();
        assert_eq!(source.len(), data.len() as u64);
        let tail = source.read_range(SPILL_THRESHOLD as u64 - 10, 100).unwrap();
        assert_eq!(tail, &data[SPILL_THRESHOLD - 10..SPILL_THRESHOLD + 90]);
    }

    #[test]
    fn a_truncated_file_is_an_error_value() {
        let mut tmp = tempfile::NamedTempFile::new().unwrap();
        tmp.write_all(&[b'a'; 10_000]).unwrap();
        let source = Source::open(tmp.path()).unwrap();
        tmp.as_file().set_len(100).unwrap();
        let mut buf = [0u8; 1000];
        assert_eq!(source.read_at(0, &mut buf[..50]).unwrap(), 50);
        let err = source.read_at(5000, &mut buf).unwrap_err();
        assert!(
            matches!(
                err,
                SourceError::Shrunk {
                    expected: 10_000,
                    found: 100,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn io_reasons_read_as_words() {
        let denied = io::Error::from(io::ErrorKind::PermissionDenied);
        assert_eq!(io_reason(&denied), "permission denied");
        let raw = io::Error::from_raw_os_error(5);
        assert_eq!(io_reason(&raw), "input/output error");
    }

    #[test]
    fn open_errors_name_the_path_and_reason() {
        let err = Source::open(Path::new("/no/such/file")).err().unwrap();
        assert_eq!(err.to_string(), "/no/such/file: no such file or directory");
        let dir = tempfile::tempdir().unwrap();
        let err = Source::open(dir.path()).err().unwrap();
        assert!(err.to_string().ends_with(": is a directory"), "{err}");
    }
}
