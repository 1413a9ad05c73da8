//! `fix --from ENC`: converting a whole file from another encoding to
//! UTF-8, streamed. encoding_rs decodes UTF-16 and the legacy encodings in
//! bulk; UTF-32, which it does not know, goes through the model's codec.
//! Bytes the encoding leaves undefined stop the conversion (naming the
//! first offset) unless they are to be replaced with U+FFFD.

use std::io::{self, Write};

use crate::model::Encoding;
use crate::model::UnitKind;
use crate::model::encoding::{ShiftState, UnitReader};
use crate::model::source::SourceError;

/// Why a conversion stopped.
#[derive(Debug)]
pub enum ConvertFailure {
    /// The input could not be read.
    Read(SourceError),
    /// The output could not be written.
    Write(io::Error),
    /// A byte or sequence the encoding leaves undefined, at this offset.
    Undefined {
        /// Offset of its first byte.
        offset: u64,
        /// Its bytes.
        bytes: Vec<u8>,
        /// Whether the input ends with them (a sequence cut short).
        at_end: bool,
    },
}

/// What a conversion did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Converted {
    /// Bytes read.
    pub bytes_in: u64,
    /// Undefined sequences replaced with U+FFFD.
    pub replaced: u64,
    /// Whether a byte order mark was dropped.
    pub bom_dropped: bool,
}

/// Converts everything `fill` reads from `encoding` to UTF-8 into `out`.
/// A byte order mark of the encoding at the start is dropped unless
/// `keep_bom`; undefined bytes fail unless `replace`.
pub fn convert(
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    encoding: Encoding,
    keep_bom: bool,
    replace: bool,
    out: &mut impl Write,
) -> Result<Converted, ConvertFailure> {
    let mut buffer = vec![0u8; 1 << 20];
    let mut converted = Converted::default();
    let mut carry: Vec<u8> = Vec::new();
    let mut text = String::with_capacity(3 << 20);
    let codec = encoding.codec();
    let mut decoder = codec
        .bulk_decoder()
        .map(|rs| rs.new_decoder_without_bom_handling());
    let bom = encoding.codec().bom();
    let mut reader = UnitReader::new(encoding, ShiftState::default());
    let mut at_start = true;
    // The bytes fed to the bulk decoder just before the current chunk.
    let mut before: Vec<u8> = Vec::new();
    loop {
        let n = fill(&mut buffer).map_err(ConvertFailure::Read)?;
        let last = n == 0;
        let mut input: &[u8] = &buffer[..n];
        if at_start {
            // The BOM may arrive in pieces: gather its length first.
            carry.extend_from_slice(input);
            input = &[];
            if carry.len() < bom.len().max(1) && !last {
                continue;
            }
            at_start = false;
            if !bom.is_empty() && carry.starts_with(bom) {
                converted.bom_dropped = !keep_bom;
                if keep_bom {
                    text.push('\u{FEFF}');
                }
                carry.drain(..bom.len());
                converted.bytes_in += bom.len() as u64;
            }
        }
        let chunk: Vec<u8> = if carry.is_empty() {
            input.to_vec()
        } else {
            let mut joined = std::mem::take(&mut carry);
            joined.extend_from_slice(input);
            joined
        };
        match decoder.as_mut() {
            Some(decoder) => {
                let fed = Fed {
                    before: &before,
                    chunk: &chunk,
                };
                decode_bulk(decoder, fed, last, replace, &mut converted, &mut text)?;
                // The decoder may hold a cut sequence's first bytes: keep
                // the last few to name them if the sequence turns out bad.
                before.extend_from_slice(&chunk);
                let keep = before.len().saturating_sub(HELD);
                before.drain(..keep);
            }
            None => {
                let used = decode_units(
                    &mut reader,
                    &chunk,
                    last,
                    replace,
                    &mut converted,
                    &mut text,
                )?;
                carry = chunk[used..].to_vec();
            }
        }
        out.write_all(text.as_bytes())
            .map_err(ConvertFailure::Write)?;
        text.clear();
        if last {
            return Ok(converted);
        }
    }
}

/// Bytes of a sequence encoding_rs may hold from one chunk to the next.
const HELD: usize = 8;

/// A chunk given to the bulk decoder, with the last bytes given before it
/// (a malformed sequence reported in this chunk may have begun there).
#[derive(Clone, Copy)]
struct Fed<'a> {
    before: &'a [u8],
    chunk: &'a [u8],
}

impl Fed<'_> {
    /// The bytes from `from` to `to`, counted back from the end of the
    /// bytes the decoder has read of the chunk (`consumed`).
    fn back(&self, consumed: usize, from: usize, to: usize) -> Vec<u8> {
        let joined: Vec<u8> = [self.before, &self.chunk[..consumed]].concat();
        let end = joined.len();
        joined[end.saturating_sub(from)..end.saturating_sub(to)].to_vec()
    }
}

/// Decodes a chunk with encoding_rs (which keeps a cut sequence for the
/// next chunk itself).
fn decode_bulk(
    decoder: &mut encoding_rs::Decoder,
    fed: Fed<'_>,
    last: bool,
    replace: bool,
    converted: &mut Converted,
    text: &mut String,
) -> Result<(), ConvertFailure> {
    let chunk = fed.chunk;
    let mut rest = chunk;
    loop {
        let room = decoder
            .max_utf8_buffer_length_without_replacement(rest.len())
            .unwrap_or(rest.len() * 3 + 16);
        text.reserve(room);
        let (result, read) = decoder.decode_to_string_without_replacement(rest, text, last);
        converted.bytes_in += read as u64;
        rest = &rest[read..];
        match result {
            encoding_rs::DecoderResult::InputEmpty => return Ok(()),
            encoding_rs::DecoderResult::OutputFull => continue,
            encoding_rs::DecoderResult::Malformed(len, extra) => {
                if !replace {
                    let end = converted.bytes_in - u64::from(extra);
                    let offset = end.saturating_sub(u64::from(len));
                    let consumed = chunk.len() - rest.len();
                    let bytes = fed.back(
                        consumed,
                        usize::from(len) + usize::from(extra),
                        usize::from(extra),
                    );
                    let at_end = last && rest.is_empty();
                    return Err(ConvertFailure::Undefined {
                        offset,
                        bytes,
                        at_end,
                    });
                }
                converted.replaced += 1;
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
}

/// Decodes the whole units of `chunk` with the model's codec (all of it if
/// `last`); returns how many bytes it used.
fn decode_units(
    reader: &mut UnitReader,
    chunk: &[u8],
    last: bool,
    replace: bool,
    converted: &mut Converted,
    text: &mut String,
) -> Result<usize, ConvertFailure> {
    let codec = reader.encoding().codec();
    let stop = if last {
        chunk.len()
    } else {
        chunk.len().saturating_sub(codec.max_unit_len() - 1)
    };
    let mut at = 0;
    while at < stop {
        // (A stateful codec has no bulk path: its bytes alone do not say
        // which state they start in.)
        let valid = codec.decode_into(&chunk[at..stop], text);
        if valid > 0 {
            at += valid;
            continue;
        }
        let (len, kind) = reader.next_unit(&chunk[at..]);
        match kind {
            UnitKind::Char(c) => text.push(c),
            UnitKind::Shift => {}
            UnitKind::Invalid(_) if replace => {
                converted.replaced += 1;
                text.push(char::REPLACEMENT_CHARACTER);
            }
            UnitKind::Invalid(_) => {
                let end = at + usize::from(len);
                return Err(ConvertFailure::Undefined {
                    offset: converted.bytes_in + at as u64,
                    bytes: chunk[at..end].to_vec(),
                    at_end: last && end == chunk.len(),
                });
            }
        }
        at += usize::from(len);
    }
    converted.bytes_in += at as u64;
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        bytes: &[u8],
        label: &str,
        keep_bom: bool,
        replace: bool,
    ) -> Result<(String, Converted), ConvertFailure> {
        // Three bytes at a time: every sequence and BOM is cut somewhere.
        let mut chunks = bytes.chunks(3);
        let fill = |buf: &mut [u8]| -> Result<usize, SourceError> {
            Ok(chunks.next().map_or(0, |c| {
                buf[..c.len()].copy_from_slice(c);
                c.len()
            }))
        };
        let mut out = Vec::new();
        let encoding = Encoding::for_label(label).unwrap();
        let done = convert(fill, encoding, keep_bom, replace, &mut out)?;
        Ok((String::from_utf8(out).unwrap(), done))
    }

    #[test]
    fn utf16_with_a_bom_converts_and_drops_it() {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(
            "Папа Hello \u{10C0C}\r\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        );
        let (text, done) = run(&bytes, "utf-16le", false, false).unwrap();
        assert_eq!(text, "Папа Hello \u{10C0C}\r\n");
        assert!(done.bom_dropped);
        let (text, _) = run(&bytes, "utf-16le", true, false).unwrap();
        assert_eq!(text, "\u{FEFF}Папа Hello \u{10C0C}\r\n");
    }

    #[test]
    fn utf32_and_windows_1252() {
        let bytes: Vec<u8> = "a\u{10C0C}é"
            .chars()
            .flat_map(|c| u32::from(c).to_be_bytes())
            .collect();
        assert_eq!(
            run(&bytes, "utf-32be", false, false).unwrap().0,
            "a\u{10C0C}é"
        );
        let (text, _) = run(
            b"caf\xe9 cr\xe8me br\xfbl\xe9e",
            "windows-1252",
            false,
            false,
        )
        .unwrap();
        assert_eq!(text, "café crème brûlée");
    }

    #[test]
    fn undefined_bytes_stop_at_their_offset_unless_replaced() {
        let Err(ConvertFailure::Undefined { offset, bytes, .. }) =
            run(b"abcdef\x81gh", "windows-1252", false, false)
        else {
            panic!("0x81 is undefined in windows-1252");
        };
        assert_eq!((offset, bytes), (6, vec![0x81]));
        let (text, done) = run(b"abcdef\x81gh", "windows-1252", false, true).unwrap();
        assert_eq!((text.as_str(), done.replaced), ("abcdef\u{FFFD}gh", 1));
        let Err(ConvertFailure::Undefined { offset, .. }) =
            run(&[0x41, 0, 0x00, 0xDC, 0x42, 0], "utf-16le", false, false)
        else {
            panic!("a lone low surrogate");
        };
        assert_eq!(offset, 2);
    }

    #[test]
    fn a_cut_final_unit_is_named_with_its_bytes() {
        // "ab" and half a code unit; the half arrives in an earlier chunk
        // than the end that reveals it.
        let Err(ConvertFailure::Undefined {
            offset,
            bytes,
            at_end,
        }) = run(b"a\0b\0c", "utf-16le", false, false)
        else {
            panic!("a cut code unit");
        };
        assert_eq!((offset, bytes, at_end), (4, vec![b'c'], true));
    }
}
