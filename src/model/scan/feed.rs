//! Reading an input in large chunks and handing it out in unit-aligned blocks.

use std::ops::ControlFlow;

use super::pieces::complete_prefix_len;
use crate::model::source::{Source, SourceError};

/// Bytes read from the input at a time.
pub const READ_SIZE: usize = 1 << 20;
/// Nominal size of a block: the granularity of the scan index.
pub const BLOCK_SIZE: usize = 64 << 10;

/// Pulls the whole input through `fill` (which returns 0 at the end) and calls
/// `on_block` with consecutive blocks of about [`BLOCK_SIZE`] bytes, each ending
/// at a unit boundary, until the input ends or `on_block` breaks.
pub fn for_each_block<E>(
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, E>,
    mut on_block: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(), E> {
    let mut buffer = vec![0u8; READ_SIZE];
    let mut carried = 0;
    loop {
        let mut filled = carried;
        let mut at_end = false;
        while filled < buffer.len() {
            let n = fill(&mut buffer[filled..])?;
            if n == 0 {
                at_end = true;
                break;
            }
            filled += n;
        }
        let (used, flow) = split_blocks(&buffer[..filled], BLOCK_SIZE, at_end, &mut on_block);
        if at_end || flow.is_break() {
            return Ok(());
        }
        buffer.copy_within(used..filled, 0);
        carried = filled - used;
    }
}

/// Calls `on_block` with the blocks of a source, reading it through a buffer,
/// or lending its bytes directly when they are already in memory.
pub fn for_each_block_of(
    source: &Source,
    mut on_block: impl FnMut(&[u8]) -> ControlFlow<()>,
) -> Result<(), SourceError> {
    match source.as_bytes() {
        Some(bytes) => {
            let (_, _stopped_or_done) = split_blocks(bytes, BLOCK_SIZE, true, &mut on_block);
            Ok(())
        }
        None => for_each_block(fill_from(source), on_block),
    }
}

/// Hands out the unit-aligned blocks of at most `block_size` bytes of `bytes`; returns how many bytes were
/// handed out (an incomplete tail is kept back unless `at_end`).
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
pub fn fill_from(source: &Source) -> impl FnMut(&mut [u8]) -> Result<usize, SourceError> + '_ {
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
}
