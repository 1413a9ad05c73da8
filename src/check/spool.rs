//! Holding a file's diagnostics back until it has been read, so that a
//! finding only known at the end (mixed line endings points back at the
//! first line ending of the rarer kind) is printed in offset order with the
//! rest. Memory stays bounded: the lines are kept in a [`FileOutput`],
//! which spills to a temporary file.

use std::io::{self, Read, Write};

use super::buffer::FileOutput;

/// Rendered diagnostic lines with their offsets, in the order they came.
#[derive(Default)]
pub struct Spool {
    /// Records: offset (8 bytes, little-endian), length (4), the line.
    records: FileOutput,
}

impl Spool {
    /// Keeps `line`, the diagnostic at `offset`.
    pub fn push(&mut self, offset: u64, line: &[u8]) -> io::Result<()> {
        self.records.write_all(&offset.to_le_bytes())?;
        self.records.write_all(&(line.len() as u32).to_le_bytes())?;
        self.records.write_all(line)
    }

    /// Writes every kept line to `out`, with `late` (lines at offsets, in
    /// offset order) put before the first kept line that comes after them.
    pub fn drain_into(self, out: &mut impl Write, late: &[(u64, Vec<u8>)]) -> io::Result<()> {
        let mut late = late.iter().peekable();
        let mut records = self.records.into_reader()?;
        let mut header = [0u8; 12];
        let mut line = Vec::new();
        loop {
            match records.read_exact(&mut header) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break,
                Err(e) => return Err(e),
            }
            let offset = u64::from_le_bytes(header[..8].try_into().expect("8 bytes"));
            let len = u32::from_le_bytes(header[8..].try_into().expect("4 bytes"));
            line.resize(len as usize, 0);
            records.read_exact(&mut line)?;
            while let Some((_, early)) = late.next_if(|(at, _)| *at < offset) {
                out.write_all(early)?;
            }
            out.write_all(&line)?;
        }
        for (_, rest) in late {
            out.write_all(rest)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_lines_fall_into_offset_order_in_memory_and_spilled() {
        for count in [3u64, 1_000_000] {
            let mut spool = Spool::default();
            for i in 0..count {
                spool
                    .push(i * 10, format!("{}\n", i * 10).as_bytes())
                    .unwrap();
            }
            let late = vec![(15, b"late 15\n".to_vec()), (u64::MAX, b"last\n".to_vec())];
            let mut out = Vec::new();
            spool.drain_into(&mut out, &late).unwrap();
            let text = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(&lines[..4], ["0", "10", "late 15", "20"]);
            assert_eq!(lines.last(), Some(&"last"));
            assert_eq!(lines.len() as u64, count + 2);
        }
    }
}
