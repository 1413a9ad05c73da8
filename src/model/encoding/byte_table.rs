//! A single-byte encoding as a table: what each byte decodes to on its
//! own, and each byte's UTF-8 bytes for converting in bulk. The legacy
//! code pages encoding_rs decodes and the DOS code pages it does not share
//! it.

use crate::model::unit::UnitKind;

/// What each of the 256 bytes decodes to.
pub struct ByteTable {
    units: [UnitKind; 256],
    /// Each byte's UTF-8 bytes and their count (0 for an unmapped byte).
    utf8: [([u8; 3], u8); 256],
}

impl ByteTable {
    /// The table of `units` (what each byte decodes to).
    pub fn new(units: [UnitKind; 256]) -> ByteTable {
        let utf8 = std::array::from_fn(|byte| match units[byte] {
            UnitKind::Char(c) => {
                let mut bytes = [0u8; 3];
                let len = c.encode_utf8(&mut bytes).len();
                (bytes, len as u8)
            }
            UnitKind::Invalid(_) | UnitKind::Shift => ([0; 3], 0),
        });
        ByteTable { units, utf8 }
    }

    /// What `byte` decodes to.
    pub fn unit(&self, byte: u8) -> UnitKind {
        self.units[usize::from(byte)]
    }

    /// Whether some byte 80–9F is unmapped (Microsoft's holes, which
    /// encoding_rs decodes to C1 controls).
    pub fn has_c1_holes(&self) -> bool {
        (0x80..0xA0).any(|b| matches!(self.units[b], UnitKind::Invalid(_)))
    }

    /// How many leading bytes of `bytes` are mapped.
    pub fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        bytes
            .iter()
            .position(|&b| self.utf8[usize::from(b)].1 == 0)
            .unwrap_or(bytes.len())
    }

    /// Appends the text of the leading mapped bytes of `bytes` to `text`;
    /// returns how many bytes that is.
    pub fn decode_into(&self, bytes: &[u8], text: &mut String) -> usize {
        // One pass over the bytes: each writes its table entry's three
        // bytes and moves on by the entry's length (no branch on the
        // length), into UTF-8 bytes checked once at the end.
        let mut out = std::mem::take(text).into_bytes();
        let start = out.len();
        out.resize(start + 3 * bytes.len() + 3, 0);
        let mut written = start;
        let mut at = 0;
        for &byte in bytes {
            let (encoded, len) = &self.utf8[usize::from(byte)];
            if *len == 0 {
                break;
            }
            out[written..written + 3].copy_from_slice(encoded);
            written += usize::from(*len);
            at += 1;
        }
        out.truncate(written);
        *text = String::from_utf8(out).expect("the table holds UTF-8");
        at
    }
}

/// [`super::Codec::count_lines`] for a single-byte encoding where 0A is a
/// line feed: the line feeds in `valid` and the bytes after the last.
pub fn count_single_byte_lines(valid: &[u8]) -> (u64, u64) {
    let line_feeds = crate::model::blocks::tally::count_lf(valid);
    let tail = memchr::memrchr(b'\n', valid).map_or(valid, |last| &valid[last + 1..]);
    (line_feeds, tail.len() as u64)
}
