//! The quick test that most lines fail: whether, in some encoding, a line
//! shows a whole UTF-8 sequence (or a C1 control). Nothing can be undone in
//! a line without one, so only the lines it passes are judged.

use super::garblers::{Roles, loss_masks, roles, roles_table};
use super::lead_pairs::for_each_lead_pair;
use crate::model::ascii::ascii_prefix;
use crate::model::blocks::line_aligned::line_spans;
use crate::model::findings::backend::Backend;

/// Calls `visit` with the start and end of each line of `text` that
/// [`may_hold_mojibake`], found by the lead-pair search on `backend`: a line
/// it passes over has no char that may begin a sequence with the one
/// before, and none that stands for a byte alone (a C1 control), so it
/// holds nothing; in a line it stops in, only the sequences that may begin
/// where it stopped need be looked at. Without a vector backend, each line
/// is tested a char at a time. (What the tests hold the search to; the
/// repairer passes over lines it sees to be clean at a glance.)
#[cfg(test)]
pub(super) fn lines_that_may_hold(text: &str, backend: Backend, visit: impl FnMut(usize, usize)) {
    /// Lines taken as the search finds them, none passed over at a glance.
    struct Taking<F>(F);
    impl<F: FnMut(usize, usize)> StoppedLines for Taking<F> {
        fn clean_at_a_glance(&mut self, _: usize, _: usize) -> bool {
            false
        }
        fn take(&mut self, start: usize, end: usize) {
            (self.0)(start, end);
        }
    }
    lines_that_may_hold_unless_clean(text, backend, &mut Taking(visit));
}

/// What [`lines_that_may_hold_unless_clean`] does with the lines it stops
/// in.
pub(super) trait StoppedLines {
    /// Whether the line `start..end`, which the search stopped in at a
    /// basic Cyrillic letter, is seen at a glance to hold nothing that a
    /// line it takes could be found to hold: it is then passed over, its
    /// stops untested. (In Cyrillic prose the search stops in nearly every
    /// line, and most of them hold a sequence in some encoding: IBM866
    /// shows "мягких" as EF A3 AA.)
    fn clean_at_a_glance(&mut self, start: usize, end: usize) -> bool;
    /// Takes a line that [`may_hold_mojibake`].
    fn take(&mut self, start: usize, end: usize);
}

/// [`lines_that_may_hold`], giving each to `lines`, but those it sees at a
/// glance to be clean when the search first stops in them at a basic
/// Cyrillic letter.
pub(super) fn lines_that_may_hold_unless_clean(
    text: &str,
    backend: Backend,
    lines: &mut impl StoppedLines,
) {
    let bytes = text.as_bytes();
    // The line of the last stop.
    let mut line = 0..0;
    let searched = for_each_lead_pair(backend, bytes, |hit| {
        if follows_an_elision(bytes, hit) {
            return hit + 1;
        }
        if hit >= line.end {
            let start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
            let end = memchr::memchr(b'\n', &bytes[hit..]).map_or(bytes.len(), |i| hit + i + 1);
            line = start..end;
            if matches!(bytes[hit], 0xD0 | 0xD1) && lines.clean_at_a_glance(start, end) {
                return end;
            }
        }
        if begins_a_sequence(&text[line.clone()], hit - line.start) {
            lines.take(line.start, line.end);
            line.end
        } else {
            hit + 1
        }
    });
    if searched {
        return;
    }
    for span in line_spans(bytes) {
        let line = &text[span.clone()];
        if !line.is_ascii() && may_hold_mojibake(line) {
            lines.take(span.start, span.end);
        }
    }
}

/// Whether the search stopped at `at` of `bytes` only for the apostrophe
/// before it, right after an ASCII letter: that begins nothing
/// ([`may_hold_mojibake`]), so the stop is a pair with it, unless the char
/// at `at` is a C1 control. (The search itself does not tell: the French
/// line of "l’été" would cost every chunk a test.)
fn follows_an_elision(bytes: &[u8], at: usize) -> bool {
    let is_c1 = || bytes[at] == 0xC2 && bytes.get(at + 1).is_some_and(|&b| b < 0xA0);
    // (Its last byte first: most stops are after other chars.)
    at >= 3 && bytes[at - 1] == 0x99 && is_elision(bytes, at - 3) && !is_c1()
}

/// Whether an apostrophe (’) starts at `at` of `bytes` right after an
/// ASCII letter: it begins no sequence ([`may_hold_mojibake`]).
fn is_elision(bytes: &[u8], at: usize) -> bool {
    at > 0 && bytes[at - 1].is_ascii_alphabetic() && bytes[at..].starts_with("’".as_bytes())
}

/// Whether the char of `line` at `at`, with the one before, begins a
/// sequence that some encoding shows whole, or is a C1 control (either way
/// [`may_hold_mojibake`] holds for the line; and it holds for a line only
/// if it holds so at some char the search stops at). A sequence takes at
/// most four chars, and each that shows a continuation byte has at most
/// three bytes.
fn begins_a_sequence(line: &str, at: usize) -> bool {
    let from = line[..at].char_indices().next_back().map_or(at, |(i, _)| i);
    let mut to = (at + 3 * 3).min(line.len());
    while !line.is_char_boundary(to) {
        to -= 1;
    }
    may_hold_mojibake(&line[from..to])
}

/// The quick test most lines fail: in some encoding, its chars show a
/// whole UTF-8 sequence (a lead byte and as many continuation bytes as it
/// needs, any of which may have become a space, a lost no-break space, or
/// been lost to `?` or U+FFFD after it began), or it holds a C1 control.
/// Nothing can be undone in a line without one.
///
/// An apostrophe (’) right after an ASCII letter begins none: it elides
/// or joins ("l’été", "dell’anno", "qu’à"), and the one encoding that
/// shows it as a lead byte, macintosh (D5, the lead of U+0540–U+057F),
/// shows it so at the start of a garbled Armenian word or after another
/// of its chars, where a letter of ASCII is not. (French prose has such a
/// pair, "’é" being D5 8E there, in most lines.)
pub fn may_hold_mojibake(line: &str) -> bool {
    let table = roles_table();
    let lost = loss_masks();
    let bytes = line.as_bytes();
    let mut begun = Begun::default();
    let mut at = 0;
    // Runs of chars of one length have loops of their own: the place of
    // the next char is then known without waiting for this one's byte.
    while at < bytes.len() {
        match bytes[at] {
            byte @ 0x00..=0x7F => {
                if begun.is_none() {
                    // Nothing begun: ASCII changes nothing (most of most lines).
                    at += ascii_prefix(&bytes[at..]);
                    continue;
                }
                // A0 shown as a no-break space, then as a space; a byte lost.
                let continuation = match byte {
                    b' ' => lost.space,
                    b'?' => lost.holes,
                    _ => 0,
                };
                if begun.completes_with(continuation) {
                    return true;
                }
                begun.go_on(&Roles {
                    continuation,
                    ..Roles::NONE
                });
                at += 1;
            }
            // Latin, Greek, Cyrillic, Hebrew, Arabic…: the table holds them.
            0xC2..=0xDF => loop {
                let code = u32::from(bytes[at] & 0x1F) << 6 | u32::from(bytes[at + 1] & 0x3F);
                // C1 controls stand for bytes 80–9F only where text was garbled.
                if code < 0xA0 {
                    return true;
                }
                let roles = table.classed(code as usize);
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                begun.go_on(roles);
                at += 2;
                if !bytes.get(at).is_some_and(|b| (0xC2..=0xDF).contains(b)) {
                    break;
                }
            },
            // Chars of three bytes led by E3–ED (U+3000–U+DFFF: CJK, kana,
            // Hangul) and of four bytes: no encoding shows a byte as one,
            // so they end what began, as ASCII does (a test holds the
            // encodings to this).
            0xE3..=0xED => {
                begun = Begun::default();
                at += 3;
                while bytes.get(at).is_some_and(|b| (0xE3..=0xED).contains(b)) {
                    at += 3;
                }
            }
            0xF0..=0xF4 => {
                begun = Begun::default();
                at += 4;
            }
            // Punctuation, symbols, box drawing: the table holds them.
            byte @ 0xE0..=0xE2 => {
                let high = u32::from(byte & 0x0F) << 12 | u32::from(bytes[at + 1] & 0x3F) << 6;
                let code = high | u32::from(bytes[at + 2] & 0x3F);
                let roles = table.classed(code as usize);
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                if is_elision(bytes, at) {
                    begun.go_on(&Roles {
                        continuation: roles.continuation,
                        ..Roles::NONE
                    });
                } else {
                    begun.go_on(roles);
                }
                at += 3;
            }
            // The private-use area and the rest of the BMP (macintosh's ﬁ,
            // ﬂ and Apple logo; U+FFFD, for a byte lost).
            _ => {
                let c = line[at..].chars().next().unwrap_or_default();
                let roles = match c {
                    '\u{FFFD}' => Roles {
                        continuation: lost.holes,
                        ..roles(c)
                    },
                    _ => roles(c),
                };
                if begun.completes_with(roles.continuation) {
                    return true;
                }
                begun.go_on(&roles);
                at += c.len_utf8();
            }
        }
    }
    false
}

/// The encodings in which a UTF-8 sequence has begun, by how many more
/// continuation bytes it needs (bits by index).
#[derive(Default)]
struct Begun {
    need1: u32,
    need2: u32,
    need3: u32,
}

impl Begun {
    /// Whether no sequence has begun in any encoding.
    fn is_none(&self) -> bool {
        self.need1 | self.need2 | self.need3 == 0
    }

    /// Whether a char that shows a continuation byte in `continuation`
    /// completes a sequence.
    fn completes_with(&self, continuation: u32) -> bool {
        self.need1 & continuation != 0
    }

    /// Moves past a char of these roles: it takes sequences on or begins
    /// new ones.
    fn go_on(&mut self, roles: &Roles) {
        self.need1 = self.need2 & roles.continuation | roles.lead2;
        self.need2 = self.need3 & roles.continuation | roles.lead3;
        self.need3 = roles.lead4;
    }
}
