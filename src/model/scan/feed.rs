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
        let mut position = 0;
        while position < filled {
            let end = (position + BLOCK_SIZE).min(filled);
            let last = end == filled;
            let len = complete_prefix_len(&buffer[position..end], last && at_end);
            if len == 0 {
                break;
            }
            if on_block(&buffer[position..position + len]).is_break() {
                return Ok(());
            }
            position += len;
        }
        if at_end {
            return Ok(());
        }
        buffer.copy_within(position..filled, 0);
        carried = filled - position;
    }
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
