//! Re-cuts unit-aligned blocks so that each ends with a line feed, for the
//! passes that read text a line at a time (mojibake is judged per line and
//! per word, and a word cut in two by a block boundary would be missed).

use std::ops::ControlFlow;

use super::line_windows::{WINDOW_ALNUMS, WindowCount};
use super::pipeline::Sink;

/// A line longer than this that has not reached the end of a window (see
/// `line_windows`) is handed on in pieces: alignment is given up
/// rather than memory. Only a line of many mebibytes with hardly an ASCII
/// letter or digit gets there.
pub const MAX_CARRY: usize = 16 << 20;

/// Passes blocks on to `on_block`, each ending just after a line feed (or at
/// the end of the input). A line of more than `WINDOW_ALNUMS` ASCII
/// letters and digits is handed on in windows, cut where a repair of the
/// line would be cut too (so that a second `fix` judges the same windows
/// and changes nothing).
#[derive(Debug)]
pub struct LineAligned<F> {
    /// The part of the current line seen so far (since its last cut).
    carry: Vec<u8>,
    /// Where the carried window ends.
    window: WindowCount,
    /// Whether to re-cut at all (passes that do not need it skip the copies).
    aligning: bool,
    on_block: F,
}

impl<F: Sink> LineAligned<F> {
    /// Wraps `on_block`.
    pub fn new(on_block: F) -> Self {
        Self::aligning_if(true, on_block)
    }

    /// Wraps `on_block`, re-cutting blocks only if `aligning` (otherwise they
    /// are passed on as they come).
    pub fn aligning_if(aligning: bool, on_block: F) -> Self {
        LineAligned {
            carry: Vec::new(),
            window: WindowCount::default(),
            aligning,
            on_block,
        }
    }

    /// Takes the next unit-aligned block.
    pub fn push(&mut self, mut block: &[u8]) -> ControlFlow<()> {
        if !self.aligning {
            return self.on_block.block(block);
        }
        if !self.carry.is_empty() {
            let Some(first_lf) = memchr::memchr(b'\n', block) else {
                return self.carry_on(block);
            };
            self.carry_on(&block[..=first_lf])?;
            self.on_block.block(&self.carry)?;
            self.carry.clear();
            self.window = WindowCount::default();
            block = &block[first_lf + 1..];
        }
        match memchr::memrchr(b'\n', block) {
            Some(last_lf) => {
                self.whole_lines(&block[..=last_lf])?;
                self.carry_on(&block[last_lf + 1..])
            }
            None => self.carry_on(block),
        }
    }

    /// The wrapped sink.
    pub fn inner(&self) -> &F {
        &self.on_block
    }

    /// The wrapped sink, to change.
    pub fn inner_mut(&mut self) -> &mut F {
        &mut self.on_block
    }

    /// The wrapped sink, given back (what is carried is dropped).
    pub fn into_inner(self) -> F {
        self.on_block
    }

    /// Hands on what is left at the end of the input, and ends the
    /// wrapped sink.
    pub fn finish(mut self) -> ControlFlow<()> {
        self.end()
    }

    /// Hands on `lines` (whole lines), each cut into its windows.
    fn whole_lines(&mut self, lines: &[u8]) -> ControlFlow<()> {
        // No line of fewer bytes can have a window's letters.
        if lines.len() <= WINDOW_ALNUMS {
            return self.on_block.block(lines);
        }
        let mut short_from = 0;
        let mut start = 0;
        while start < lines.len() {
            // Every line that ends within a window's length of `start` is
            // shorter than a window: passed over in one backward search
            // (a line feed is near the end), not a search a line.
            let near = &lines[start..lines.len().min(start + WINDOW_ALNUMS)];
            if let Some(last_lf) = memchr::memrchr(b'\n', near) {
                start += last_lf + 1;
                continue;
            }
            // (`lines` ends with a line feed.)
            let lf =
                start + memchr::memchr(b'\n', &lines[start..]).unwrap_or(lines.len() - 1 - start);
            let line = &lines[start..=lf];
            if short_from < start {
                self.on_block.block(&lines[short_from..start])?;
            }
            let mut window = WindowCount::default();
            let mut rest = line;
            while let Some(end) = window.end_in(rest) {
                self.on_block.block(&rest[..end])?;
                rest = &rest[end..];
            }
            self.on_block.block(rest)?;
            short_from = lf + 1;
            start = lf + 1;
        }
        if short_from < lines.len() {
            self.on_block.block(&lines[short_from..])?;
        }
        ControlFlow::Continue(())
    }

    /// Adds `bytes` (which continue the carried line, and hold no line
    /// feed but maybe a last one) to the carry, handing on each window
    /// that ends in them.
    fn carry_on(&mut self, mut bytes: &[u8]) -> ControlFlow<()> {
        while let Some(end) = self.window.end_in(bytes) {
            self.carry.extend_from_slice(&bytes[..end]);
            if !self.carry.is_empty() {
                self.on_block.block(&self.carry)?;
                self.carry.clear();
            }
            bytes = &bytes[end..];
        }
        self.carry.extend_from_slice(bytes);
        self.spill_long_line()
    }

    fn spill_long_line(&mut self) -> ControlFlow<()> {
        if self.carry.len() < MAX_CARRY {
            return ControlFlow::Continue(());
        }
        // After the last whitespace; in a "word" of many mebibytes, after
        // its last ASCII byte (never inside a character); else all of it.
        let cut = memrchr_whitespace(&self.carry)
            .or_else(|| self.carry.iter().rposition(u8::is_ascii))
            .map_or(self.carry.len(), |at| at + 1);
        let flow = self.on_block.block(&self.carry[..cut]);
        self.carry.drain(..cut);
        self.window.restart(&self.carry);
        flow
    }
}

impl<F: Sink> Sink for LineAligned<F> {
    fn block(&mut self, block: &[u8]) -> ControlFlow<()> {
        self.push(block)
    }

    fn end(&mut self) -> ControlFlow<()> {
        if !self.carry.is_empty() {
            let carry = std::mem::take(&mut self.carry);
            self.on_block.block(&carry)?;
        }
        self.on_block.end()
    }
}

/// `block` cut after the first line feed at or past every `size` bytes,
/// each piece with its offset in the block: pieces of whole lines that
/// threads can take in turn.
pub fn line_pieces(block: &[u8], size: usize) -> Vec<(usize, &[u8])> {
    let mut pieces = Vec::new();
    let mut start = 0;
    while start < block.len() {
        let end = block
            .get(start + size..)
            .and_then(|rest| memchr::memchr(b'\n', rest))
            .map_or(block.len(), |lf| start + size + lf + 1);
        pieces.push((start, &block[start..end]));
        start = end;
    }
    pieces
}

/// Where each line of `bytes` starts and ends, its line feed included (the
/// last line without one if `bytes` does not end with one; no empty line
/// after a final line feed).
pub fn line_spans(bytes: &[u8]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let ends = memchr::memchr_iter(b'\n', bytes).map(|lf| lf + 1);
    let last = (!bytes.is_empty() && !bytes.ends_with(b"\n")).then_some(bytes.len());
    let mut start = 0;
    ends.chain(last).map(move |end| {
        let line = start..end;
        start = end;
        line
    })
}

/// The offset of the last ASCII whitespace byte in `bytes`.
fn memrchr_whitespace(bytes: &[u8]) -> Option<usize> {
    // Space and tab cover nearly every long line; the rest are rare.
    let last = memchr::memrchr2(b' ', b'\t', bytes);
    let other = bytes.iter().rposition(|&b| matches!(b, b'\r' | 0x0C));
    last.max(other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_spans_end_after_each_line_feed_and_at_the_end() {
        let spans = |bytes: &[u8]| line_spans(bytes).collect::<Vec<_>>();
        assert_eq!(spans(b"ab\nc\n"), [0..3, 3..5]);
        assert_eq!(spans(b"ab\n\nc"), [0..3, 3..4, 4..5]);
        assert!(spans(b"").is_empty());
    }

    fn recut(blocks: &[&[u8]]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut aligned = LineAligned::new(|b: &[u8]| {
            out.push(b.to_vec());
            ControlFlow::Continue(())
        });
        for block in blocks {
            let _ = aligned.push(block);
        }
        let _ = aligned.finish();
        out
    }

    #[test]
    fn blocks_end_after_line_feeds() {
        let blocks: [&[u8]; 4] = [b"one\ntw", b"o\nthr", b"ee", b"\nfour"];
        assert_eq!(
            recut(&blocks),
            [&b"one\n"[..], b"two\n", b"three\n", b"four"]
        );
    }

    #[test]
    fn a_block_of_several_lines_passes_whole() {
        assert_eq!(recut(&[b"a\nb\nc\n"]), [b"a\nb\nc\n"]);
        assert_eq!(
            recut(&[b"x", b"a\nb\nc\nd"]),
            [&b"xa\n"[..], b"b\nc\n", b"d"]
        );
    }

    #[test]
    fn without_aligning_blocks_pass_as_they_come() {
        let mut out = Vec::new();
        let mut passing = LineAligned::aligning_if(false, |b: &[u8]| {
            out.push(b.to_vec());
            ControlFlow::Continue(())
        });
        let _ = passing.push(
            b"one
tw",
        );
        let _ = passing.push(b"o");
        let _ = passing.finish();
        assert_eq!(out, [&b"one\ntw"[..], b"o"]);
    }

    #[test]
    fn a_line_longer_than_the_carry_limit_is_handed_on_in_pieces() {
        let long = vec![b'a'; MAX_CARRY];
        let pieces = recut(&[&long, b"b\n"]);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].len(), MAX_CARRY);
        assert_eq!(pieces[1], b"b\n");
    }

    #[test]
    fn a_long_line_is_cut_in_windows_before_whitespace_never_inside_a_word() {
        let words = "x\u{e9}\u{e9} ".repeat(WINDOW_ALNUMS + 10);
        let pieces = recut(&[words.as_bytes(), b"end\n"]);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[1].first(), Some(&b' '));
        assert_eq!(pieces.concat(), [words.as_bytes(), b"end\n"].concat());
    }

    #[test]
    fn a_long_line_among_short_ones_in_one_block_is_cut_as_it_is_alone() {
        let short = "short line\n".repeat(200_000);
        let long = format!("{}\n", "word ".repeat(WINDOW_ALNUMS / 2));
        let block = format!("{short}{long}{short}");
        let pieces = recut(&[block.as_bytes()]);
        assert_eq!(pieces.concat(), block.as_bytes());
        let alone = recut(&[long.as_bytes()]);
        assert!(alone.len() > 1);
        assert_eq!(pieces.len(), alone.len() + 2);
        assert_eq!(pieces[0], short.as_bytes());
        assert_eq!(pieces[1..pieces.len() - 1], alone[..]);
        assert_eq!(pieces[pieces.len() - 1], short.as_bytes());
    }

    #[test]
    fn a_long_line_and_its_repair_are_cut_in_the_same_places() {
        let garbled = "x\u{c3}\u{a9} \u{c3}\u{a9}\t".repeat(WINDOW_ALNUMS * 2 + 7);
        let repaired = garbled.replace("\u{c3}\u{a9}", "\u{e9}");
        // Blocks of different sizes, as reads of the two files would give.
        let blocks = |text: &str, size: usize| {
            let mut blocks: Vec<Vec<u8>> =
                text.as_bytes().chunks(size).map(<[u8]>::to_vec).collect();
            blocks.push(b"\n".to_vec());
            blocks
        };
        let cut = |blocks: Vec<Vec<u8>>| {
            let refs: Vec<&[u8]> = blocks.iter().map(Vec::as_slice).collect();
            recut(&refs)
        };
        let garbled_pieces = cut(blocks(&garbled, 1 << 20));
        let repaired_pieces = cut(blocks(&repaired, 300_001));
        assert!(garbled_pieces.len() > 1);
        let repairs: Vec<Vec<u8>> = garbled_pieces
            .iter()
            .map(|piece| {
                String::from_utf8(piece.clone())
                    .unwrap()
                    .replace("\u{c3}\u{a9}", "\u{e9}")
                    .into_bytes()
            })
            .collect();
        assert_eq!(repairs, repaired_pieces);
    }
}
