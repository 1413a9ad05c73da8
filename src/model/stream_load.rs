//! Reading a stream (a pipe, standard input, a device, a `/proc` file) into
//! a [growing](Source::growing) source on a thread of its own, so that the
//! inspector can draw the bytes as they arrive and never waits for a pipe.
//!
//! The bytes go to a temporary file (memory stays bounded on any stream),
//! up to a limit: a stream that never ends (`/dev/zero`) stops there, and
//! what was read is kept.

use std::io::{self, Read};
use std::sync::{Arc, Mutex};

use super::source::{Source, SourceError, io_reason};
use crate::model::text::Text;

/// Bytes read from the stream at a time.
const READ_CHUNK: usize = 256 << 10;

/// How reading the stream stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadState {
    /// Still reading; the source holds what has arrived so far.
    Reading,
    /// The stream ended; the source holds all of it.
    Done,
    /// Reading stopped at the limit (the stream may have had more).
    Limit(u64),
    /// Reading failed; the source holds what arrived before.
    Failed(String),
}

/// A stream being read into a source in the background.
pub struct StreamLoad {
    state: Arc<Mutex<LoadState>>,
}

impl StreamLoad {
    /// Starts reading `reader` (named `name`) into a new growing source
    /// read in `encoding`, at most `limit` bytes. Fails only if the
    /// temporary file cannot be made.
    pub fn start(
        name: String,
        reader: impl Read + Send + 'static,
        limit: u64,
        encoding: crate::model::Encoding,
    ) -> Result<(Arc<Text>, StreamLoad), SourceError> {
        let spill = tempfile::tempfile().map_err(|error| SourceError::Read {
            name: name.clone(),
            offset: 0,
            reason: format!("cannot make a temporary file: {}", io_reason(&error)),
        })?;
        let source = Arc::new(Source::growing(name, spill).in_encoding(encoding));
        let state = Arc::new(Mutex::new(LoadState::Reading));
        let (for_reader, state_for_reader) = (Arc::clone(&source), Arc::clone(&state));
        std::thread::Builder::new()
            .name("utf8scope-stream".into())
            .spawn(move || {
                let end = read_into(&for_reader, reader, limit);
                *state_for_reader
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = end;
            })
            .map_err(|error| SourceError::Read {
                name: source.name().to_string(),
                offset: 0,
                reason: format!("cannot start reading: {}", io_reason(&error)),
            })?;
        Ok((source, StreamLoad { state }))
    }

    /// A load that has already ended (for a source read some other way).
    pub fn done() -> StreamLoad {
        StreamLoad {
            state: Arc::new(Mutex::new(LoadState::Done)),
        }
    }

    /// How reading stands.
    pub fn state(&self) -> LoadState {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

/// Reads `reader` into `source` until it ends, fails, or `limit` bytes are in.
fn read_into(source: &Text, mut reader: impl Read, limit: u64) -> LoadState {
    let mut buffer = vec![0u8; READ_CHUNK];
    loop {
        let room = limit.saturating_sub(source.len());
        if room == 0 {
            return LoadState::Limit(limit);
        }
        let want = buffer.len().min(room as usize);
        let n = match reader.read(&mut buffer[..want]) {
            Ok(0) => return LoadState::Done,
            Ok(n) => n,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return LoadState::Failed(io_reason(&error)),
        };
        if let Err(error) = source.append(&buffer[..n]) {
            return LoadState::Failed(format!(
                "cannot write to the temporary file: {}",
                io_reason(&error)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Encoding;
    use std::time::{Duration, Instant};

    fn wait_until_ended(load: &StreamLoad) -> LoadState {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let state = load.state();
            if state != LoadState::Reading || Instant::now() > deadline {
                return state;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn a_stream_is_read_whole_and_reads_back_the_same() {
        let data: Vec<u8> = (0..1_000_000u32).map(|i| (i % 251) as u8).collect();
        let (source, load) = StreamLoad::start(
            "pipe".into(),
            io::Cursor::new(data.clone()),
            u64::MAX,
            Encoding::UTF_8,
        )
        .unwrap();
        assert_eq!(wait_until_ended(&load), LoadState::Done);
        assert_eq!(source.len(), data.len() as u64);
        assert_eq!(source.read_range(0, data.len()).unwrap(), data);
    }

    #[test]
    fn an_endless_stream_stops_at_the_limit() {
        let (source, load) =
            StreamLoad::start("zero".into(), io::repeat(0), 3 << 20, Encoding::UTF_8).unwrap();
        assert_eq!(wait_until_ended(&load), LoadState::Limit(3 << 20));
        assert_eq!(source.len(), 3 << 20);
    }

    #[test]
    fn bytes_can_be_read_while_the_stream_is_still_open() {
        let (reader, mut writer) = io::pipe().unwrap();
        let (source, load) =
            StreamLoad::start("pipe".into(), reader, u64::MAX, Encoding::UTF_8).unwrap();
        io::Write::write_all(&mut writer, b"hello").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while source.len() < 5 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(source.read_range(0, 5).unwrap(), b"hello");
        assert_eq!(load.state(), LoadState::Reading);
        drop(writer);
        assert_eq!(wait_until_ended(&load), LoadState::Done);
    }
}
