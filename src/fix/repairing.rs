//! The repair pass as a sink of blocks and as a writer: `fix` streams a
//! UTF-8 input into it block by block, and a conversion (`--from`) writes
//! its UTF-8 into it, so that converted text gets the same repairs.

use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::model::blocks::line_aligned::LineAligned;
use crate::model::blocks::pipeline::Sink;

use super::changes::ChangeLog;
use super::repair::{RepairOptions, RepairPass};

/// Feeds the blocks it takes (whole lines) to a [`RepairPass`] writing into
/// `out`, and keeps the first write error.
pub struct RepairSink<'o, W: Write> {
    pass: RepairPass,
    out: &'o mut W,
    failure: Option<io::Error>,
}

impl<'o, W: Write> RepairSink<'o, W> {
    /// A sink at the start of a file, repairing as `options` say.
    pub fn new(options: RepairOptions, out: &'o mut W) -> Self {
        RepairSink {
            pass: RepairPass::new(options),
            out,
            failure: None,
        }
    }

    /// What changed, or the error that stopped the writing.
    pub fn finish(self) -> io::Result<ChangeLog> {
        match self.failure {
            Some(error) => Err(error),
            None => Ok(self.pass.finish()),
        }
    }
}

impl<W: Write> Sink for RepairSink<'_, W> {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        match self.pass.feed(block, self.out) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                self.failure = Some(error);
                ControlFlow::Break(())
            }
        }
    }
}

/// A writer that repairs the UTF-8 text written to it, cut into whole
/// lines as `fix` cuts a UTF-8 file, so that a converted file is repaired
/// exactly as the same text stored as UTF-8 would be.
pub struct RepairingWriter<'o, W: Write> {
    aligned: LineAligned<RepairSink<'o, W>>,
}

impl<'o, W: Write> RepairingWriter<'o, W> {
    /// A writer at the start of a file, repairing as `options` say into `out`.
    pub fn new(options: RepairOptions, out: &'o mut W) -> Self {
        RepairingWriter {
            aligned: LineAligned::new(RepairSink::new(options, out)),
        }
    }

    /// Repairs what is left (a last line without a line feed) and returns
    /// what changed.
    pub fn finish(mut self) -> io::Result<ChangeLog> {
        let _stopped_or_ended = self.aligned.end();
        self.aligned.into_inner().finish()
    }

    /// The error the sink kept, once it stopped.
    fn stopped(&mut self) -> io::Error {
        let kept = self.aligned.inner_mut().failure.take();
        kept.unwrap_or_else(|| io::Error::other("the repair stopped"))
    }
}

impl<W: Write> Write for RepairingWriter<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.aligned.push(buf) {
            ControlFlow::Continue(()) => Ok(buf.len()),
            ControlFlow::Break(()) => Err(self.stopped()),
        }
    }

    /// Lines not yet ended stay back until the next write or
    /// [`RepairingWriter::finish`]: a word cut in two is not judged.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
