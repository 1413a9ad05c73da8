//! The one way an input is read: once, front to back, in unit-aligned
//! blocks pushed to a [`Sink`]. `check`'s reporter, `fix`'s writer, the
//! findings pass and the inspector's pass are sinks; what differs between
//! them is what they do with a block, not how the blocks are had.
//!
//! A sink that judges whole lines wraps itself in
//! [`LineAligned`](super::line_aligned::LineAligned), itself a sink.

use std::ops::ControlFlow;

use super::feed::{fill_from, for_each_block_sized, split_blocks};
use crate::model::source::{Source, SourceError};

/// What takes the blocks of an input, in order.
pub trait Sink {
    /// Takes the next block (whole units; consecutive with the last one).
    /// `Break` stops the read.
    fn block(&mut self, block: &[u8]) -> ControlFlow<()>;

    /// Called once the input has ended and every block was taken: a sink
    /// that keeps a part back (a line not yet ended) hands it on here.
    fn end(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// A closure is a sink that keeps nothing back.
impl<F: FnMut(&[u8]) -> ControlFlow<()>> Sink for F {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        self(block)
    }
}

/// A sink that hands each block on to `S` in unit-aligned pieces of at
/// most `size` bytes: for a pass whose granularity is finer than the
/// blocks another pass reads.
pub struct Pieces<S> {
    /// The most bytes a piece holds.
    pub size: usize,
    /// Where the pieces go.
    pub sink: S,
}

impl<S: Sink> Sink for Pieces<S> {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        let sink = &mut self.sink;
        split_blocks(block, self.size, true, &mut |piece: &[u8]| {
            sink.block(piece)
        })
        .1
    }

    fn end(&mut self) -> ControlFlow<()> {
        self.sink.end()
    }
}

/// Where a pipeline's bytes come from.
pub enum Feed<'a, F> {
    /// Bytes already in memory, lent as they are.
    Bytes(&'a [u8]),
    /// A reader: `F` fills the buffer it is given and returns how many
    /// bytes it put there (0 at the end). It runs on a second thread so
    /// that reading overlaps the sink's work.
    Reader(F),
}

/// The reader type of a [`Feed`] that is only ever bytes in memory.
pub type NoReader = fn(&mut [u8]) -> Result<usize, SourceError>;

impl<'a> Feed<'a, NoReader> {
    /// Bytes in memory, lent as they are.
    pub fn bytes(bytes: &'a [u8]) -> Self {
        Feed::Bytes(bytes)
    }
}

/// The feed of a source: its bytes when they are in memory, positioned
/// reads from its start otherwise.
pub fn source_feed(
    source: &Source,
) -> Feed<'_, impl FnMut(&mut [u8]) -> Result<usize, SourceError> + Send + '_> {
    match source.as_bytes() {
        Some(bytes) => Feed::Bytes(bytes),
        None => Feed::Reader(fill_from(source)),
    }
}

/// Reads `feed` once, front to back, in unit-aligned blocks of about
/// `block_size` bytes, pushes each to `sink`, and ends the sink when the
/// input ends. `Ok(Break)` when the sink stopped the read. A read error
/// stops the pipeline without ending the sink: a caller that reports what
/// was read before the failure ends it itself.
pub fn read_through<E: Send, F>(
    feed: Feed<'_, F>,
    block_size: usize,
    sink: &mut impl Sink,
) -> Result<ControlFlow<()>, E>
where
    F: FnMut(&mut [u8]) -> Result<usize, E> + Send,
{
    let mut flow = ControlFlow::Continue(());
    let mut on_block = |block: &[u8]| {
        flow = sink.block(block);
        flow
    };
    match feed {
        Feed::Bytes(bytes) => {
            let _ = split_blocks(bytes, block_size, true, &mut on_block);
        }
        Feed::Reader(fill) => for_each_block_sized(block_size, fill, on_block)?,
    }
    if flow.is_continue() {
        flow = sink.end();
    }
    Ok(flow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::blocks::line_aligned::LineAligned;

    /// The blocks a sink is given from `feed`, each as it came.
    fn blocks_of<F>(feed: Feed<'_, F>, block_size: usize, lines: bool) -> Vec<Vec<u8>>
    where
        F: FnMut(&mut [u8]) -> Result<usize, ()> + Send,
    {
        let mut seen = Vec::new();
        let collect = |block: &[u8]| {
            seen.push(block.to_vec());
            ControlFlow::Continue(())
        };
        let flow = if lines {
            read_through(feed, block_size, &mut LineAligned::new(collect))
        } else {
            let mut collect = collect;
            read_through(feed, block_size, &mut collect)
        };
        assert_eq!(flow, Ok(ControlFlow::Continue(())));
        seen
    }

    fn reader(mut rest: &[u8]) -> impl FnMut(&mut [u8]) -> Result<usize, ()> + Send + '_ {
        move |buf| {
            let n = buf.len().min(rest.len()).min(7_001);
            buf[..n].copy_from_slice(&rest[..n]);
            rest = &rest[n..];
            Ok(n)
        }
    }

    #[test]
    fn memory_and_a_reader_give_the_same_bytes_and_lines() {
        let text = "Grüße, мир\n日本語の文\n".repeat(5_000);
        let bytes = text.as_bytes();
        for lines in [false, true] {
            let from_memory = blocks_of(
                Feed::<fn(&mut [u8]) -> Result<usize, ()>>::Bytes(bytes),
                4096,
                lines,
            );
            let from_reader = blocks_of(Feed::Reader(reader(bytes)), 4096, lines);
            assert_eq!(from_memory.concat(), bytes);
            assert_eq!(from_reader.concat(), bytes);
            assert!(from_reader.iter().all(|b| std::str::from_utf8(b).is_ok()));
            if lines {
                assert!(from_reader.iter().all(|b| b.ends_with(b"\n")));
                assert!(from_memory.iter().all(|b| b.ends_with(b"\n")));
            }
        }
    }

    #[test]
    fn a_line_left_open_is_handed_on_at_the_end() {
        let seen = blocks_of(Feed::Reader(reader(b"one\ntwo")), 4096, true);
        assert_eq!(seen, [&b"one\n"[..], b"two"]);
    }

    #[test]
    fn a_sink_that_stops_ends_the_read_and_is_not_ended() {
        struct Counting {
            blocks: usize,
            ended: bool,
        }
        impl Sink for Counting {
            fn block(&mut self, _: &[u8]) -> ControlFlow<()> {
                self.blocks += 1;
                if self.blocks == 2 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
            fn end(&mut self) -> ControlFlow<()> {
                self.ended = true;
                ControlFlow::Continue(())
            }
        }
        let bytes = vec![b'a'; 100_000];
        let mut sink = Counting {
            blocks: 0,
            ended: false,
        };
        let flow = read_through(Feed::Reader(reader(&bytes)), 1000, &mut sink);
        assert_eq!(flow, Ok(ControlFlow::Break(())));
        assert_eq!((sink.blocks, sink.ended), (2, false));
    }

    #[test]
    fn a_read_error_stops_the_pipeline_and_leaves_the_sink_open() {
        let mut calls = 0;
        let failing = |buf: &mut [u8]| {
            calls += 1;
            if calls > 1 {
                return Err("gone");
            }
            buf[..5].copy_from_slice(b"half\n");
            Ok(5)
        };
        let mut ended = false;
        struct Ends<'a>(&'a mut bool);
        impl Sink for Ends<'_> {
            fn block(&mut self, _: &[u8]) -> ControlFlow<()> {
                ControlFlow::Continue(())
            }
            fn end(&mut self) -> ControlFlow<()> {
                *self.0 = true;
                ControlFlow::Continue(())
            }
        }
        let read = read_through(Feed::Reader(failing), 1000, &mut Ends(&mut ended));
        assert_eq!(read, Err("gone"));
        assert!(!ended);
    }
}
