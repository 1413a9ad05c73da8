//! Reading an input in large chunks and handing it out in unit-aligned blocks.

use std::ops::ControlFlow;

use std::sync::mpsc::sync_channel;

use super::pieces::complete_prefix_len;
use super::read_buffer::ReadBuffer;
use crate::model::decode::{MAX_UNIT_LEN, is_continuation};
use crate::model::source::{Source, SourceError};

/// Bytes read from the input at a time.
pub const READ_SIZE: usize = 1 << 20;
/// Nominal size of a block: the granularity of the scan index.
pub const SCAN_BLOCK: usize = 64 << 10;

/// Buffers in flight between the reading thread and the scanning one.
const BUFFERS: usize = 3;

/// Buffers in flight for blocks bigger than [`READ_SIZE`]: two, one read
/// while the other is worked on (each is as big as a block, and the
/// first touch of each of its pages costs a page fault: with three, a
/// tenth of `fix`'s CPU time on a 17 MiB file was spent so).
const BIG_BUFFERS: usize = 2;

/// Pulls the whole input through `fill` (which returns 0 at the end) and calls
/// `on_block` with consecutive blocks of about [`SCAN_BLOCK`] bytes, each ending
/// at a unit boundary, until the input ends or `on_block` breaks.
///
/// Reading runs on a second thread, so the kernel's copy out of the page cache
/// overlaps the scan of the previous buffer instead of adding to it.
pub fn for_each_block<E: Send>(
    fill: impl FnMut(&mut [u8]) -> Result<usize, E> + Send,
    on_block: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(), E> {
    for_each_block_sized(SCAN_BLOCK, fill, on_block)
}

/// [`for_each_block`] with blocks of about `block_size` bytes: bigger
/// blocks for passes that split each over threads (the input is read in
/// chunks of that size when it is more than [`READ_SIZE`]).
pub fn for_each_block_sized<E: Send>(
    block_size: usize,
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, E> + Send,
    mut on_block: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(), E> {
    std::thread::scope(|scope| {
        let (full_tx, full_rx) = sync_channel::<Result<Chunk, E>>(1);
        let buffers = if block_size > READ_SIZE {
            BIG_BUFFERS
        } else {
            BUFFERS
        };
        let (empty_tx, empty_rx) = sync_channel::<ReadBuffer>(buffers);
        for _ in 0..buffers {
            empty_tx
                .send(ReadBuffer::new(block_size.max(READ_SIZE)))
                .expect("the channel has room");
        }
        scope.spawn(move || {
            while let Ok(mut buffer) = empty_rx.recv() {
                let chunk =
                    fill_buffer(&mut fill, buffer.as_mut_slice()).map(|(len, at_end)| Chunk {
                        buffer,
                        len,
                        at_end,
                    });
                let last = chunk.as_ref().map_or(true, |c| c.at_end);
                // A closed channel means the scanner stopped early: so do we.
                if full_tx.send(chunk).is_err() || last {
                    return;
                }
            }
        });
        // Both channel ends drop when this returns, which releases the reader.
        let (full_rx, empty_tx) = (full_rx, empty_tx);
        let mut stitcher = Stitcher {
            block_size,
            carry: Vec::new(),
        };
        for chunk in full_rx.iter() {
            let chunk = chunk?;
            let bytes = &chunk.buffer.as_slice()[..chunk.len];
            if stitcher.feed(bytes, chunk.at_end, &mut on_block).is_break() || chunk.at_end {
                return Ok(());
            }
            let _ = empty_tx.send(chunk.buffer);
        }
        Ok(())
    })
}

/// A buffer the reading thread filled.
struct Chunk {
    buffer: ReadBuffer,
    len: usize,
    at_end: bool,
}

/// Fills `buffer` as far as the input allows; returns the length and whether
/// the input ended.
fn fill_buffer<E>(
    fill: &mut impl FnMut(&mut [u8]) -> Result<usize, E>,
    buffer: &mut [u8],
) -> Result<(usize, bool), E> {
    let mut filled = 0;
    while filled < buffer.len() {
        let n = fill(&mut buffer[filled..])?;
        if n == 0 {
            return Ok((filled, true));
        }
        filled += n;
    }
    Ok((filled, false))
}

/// Joins a unit cut by a buffer boundary: keeps the incomplete tail of one
/// buffer and completes it with the continuation bytes that open the next.
struct Stitcher {
    block_size: usize,
    carry: Vec<u8>,
}

impl Stitcher {
    fn feed(
        &mut self,
        bytes: &[u8],
        at_end: bool,
        on_block: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut start = 0;
        if !self.carry.is_empty() {
            // A lead takes at most three continuation bytes; after them (or at
            // the first other byte) a new unit starts.
            start = bytes
                .iter()
                .take(MAX_UNIT_LEN - 1)
                .take_while(|&&b| is_continuation(b))
                .count();
            self.carry.extend_from_slice(&bytes[..start]);
            on_block(&self.carry)?;
            self.carry.clear();
        }
        let rest = &bytes[start..];
        let (used, flow) = split_blocks(rest, self.block_size, at_end, on_block);
        flow?;
        self.carry.extend_from_slice(&rest[used..]);
        ControlFlow::Continue(())
    }
}

/// Hands out the unit-aligned blocks of at most `block_size` bytes of `bytes`;
/// returns how many bytes were handed out (an incomplete tail is kept back unless `at_end`).
pub fn split_blocks(
    bytes: &[u8],
    block_size: usize,
    at_end: bool,
    on_block: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
) -> (usize, ControlFlow<()>) {
    let mut position = 0;
    while position < bytes.len() {
        let end = (position + block_size).min(bytes.len());
        let last = end == bytes.len();
        let len = complete_prefix_len(&bytes[position..end], last && at_end);
        if len == 0 {
            break;
        }
        if on_block(&bytes[position..position + len]).is_break() {
            return (position + len, ControlFlow::Break(()));
        }
        position += len;
    }
    (position, ControlFlow::Continue(()))
}

/// A `fill` function for [`for_each_block`] that reads `source` from its start.
pub fn fill_from(
    source: &Source,
) -> impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send + '_ {
    let mut position = 0u64;
    move |buf| {
        let n = source.read_at(position, buf)?;
        position += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_the_input_and_never_split_a_character() {
        let text = "é€😀a".repeat(READ_SIZE / 5);
        let mut rest = text.as_bytes();
        let mut seen = Vec::new();
        let fill = |buf: &mut [u8]| -> Result<usize, ()> {
            let n = buf.len().min(rest.len()).min(70_001);
            buf[..n].copy_from_slice(&rest[..n]);
            rest = &rest[n..];
            Ok(n)
        };
        for_each_block(fill, |block| {
            assert!(std::str::from_utf8(block).is_ok());
            seen.extend_from_slice(block);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(seen, text.as_bytes());
    }

    #[test]
    fn units_cut_by_buffer_boundaries_are_stitched_exactly() {
        use crate::model::blocks::lines::BlockScanner;
        use crate::model::blocks::pieces::spans;
        // Byte noise with every lead and continuation, across several buffers.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let noise: Vec<u8> = (0..READ_SIZE * 5 / 2)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                [b'a', 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0x9F, 0xED, 0xFF][(state % 9) as usize]
            })
            .collect();
        for shift in 0..4 {
            let bytes = &noise[shift..];
            let mut rest = bytes;
            let fill = |buf: &mut [u8]| -> Result<usize, ()> {
                let n = buf.len().min(rest.len());
                buf[..n].copy_from_slice(&rest[..n]);
                rest = &rest[n..];
                Ok(n)
            };
            let mut scanner = BlockScanner::new();
            let mut found = Vec::new();
            for_each_block(fill, |block| {
                scanner.scan(block, |s| found.push(s.span));
                ControlFlow::Continue(())
            })
            .unwrap();
            let expected: Vec<_> = spans(bytes, 0).collect();
            assert_eq!(found.len(), expected.len(), "shift {shift}");
            assert!(found == expected, "shift {shift}");
        }
    }

    #[test]
    fn blocks_bigger_than_a_read_come_whole() {
        // (fix asks for 4 MiB blocks so the cores wait for each other less
        // often; they once came in reads of 1 MiB whatever was asked.)
        // 10 bytes a repeat: 10 MiB.
        let text = "é€😀a".repeat(READ_SIZE);
        let mut rest = text.as_bytes();
        let fill = |buf: &mut [u8]| -> Result<usize, ()> {
            let n = buf.len().min(rest.len()).min(70_001);
            buf[..n].copy_from_slice(&rest[..n]);
            rest = &rest[n..];
            Ok(n)
        };
        let mut sizes = Vec::new();
        let mut seen = Vec::new();
        for_each_block_sized(4 * READ_SIZE, fill, |block| {
            sizes.push(block.len());
            seen.extend_from_slice(block);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(seen, text.as_bytes());
        // Two blocks of 4 MiB, but for the char cut at their ends (handed
        // on stitched, on its own), then the rest.
        let whole: Vec<usize> = sizes.iter().copied().filter(|&n| n > 4).collect();
        assert_eq!(whole.len(), 3, "{sizes:?}");
        assert!(
            whole[..2].iter().all(|&n| n + 8 > 4 * READ_SIZE),
            "{sizes:?}"
        );
    }
}
