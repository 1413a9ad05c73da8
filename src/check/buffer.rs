//! Bytes kept to be written later: one file's report while other files are
//! checked in parallel (so that the reports come out in path order), or a
//! file's held diagnostics (see `spool.rs`). Memory stays bounded: past
//! [`IN_MEMORY`] bytes the rest goes to a temporary file (the jsonl of a
//! large binary file runs to gigabytes).

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};

/// Bytes of a report kept in memory before the rest goes to a file.
const IN_MEMORY: usize = 4 << 20;

/// A report being written, in memory or spilled to a temporary file.
#[derive(Default)]
pub struct FileOutput {
    memory: Vec<u8>,
    spilled: Option<BufWriter<File>>,
}

impl FileOutput {
    /// Copies the report to `out`.
    pub fn copy_to(self, out: &mut impl Write) -> io::Result<()> {
        match self.spilled {
            Some(_) => io::copy(&mut self.into_reader()?, out).map(drop),
            None => out.write_all(&self.memory),
        }
    }

    /// What was written, to read back from its start.
    pub fn into_reader(self) -> io::Result<Box<dyn Read>> {
        Ok(match self.spilled {
            Some(file) => {
                let mut file = file.into_inner().map_err(|e| e.into_error())?;
                file.rewind()?;
                Box::new(BufReader::new(file))
            }
            None => Box::new(io::Cursor::new(self.memory)),
        })
    }
}

impl Write for FileOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes).map(|()| bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if let Some(file) = &mut self.spilled {
            return file.write_all(bytes);
        }
        self.memory.extend_from_slice(bytes);
        if self.memory.len() > IN_MEMORY {
            let mut file = BufWriter::new(tempfile::tempfile()?);
            file.write_all(&self.memory)?;
            self.memory = Vec::new();
            self.spilled = Some(file);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_comes_back_whole_from_memory_and_from_a_spilled_file() {
        for lines in [3usize, 600_000] {
            let mut output = FileOutput::default();
            let mut expected = Vec::new();
            for i in 0..lines {
                let line = format!("line {i}\n");
                output.write_all(line.as_bytes()).unwrap();
                expected.extend_from_slice(line.as_bytes());
            }
            let mut copied = Vec::new();
            output.copy_to(&mut copied).unwrap();
            assert_eq!(copied, expected);
        }
    }
}
