//! UTF-8 as a [`Codec`]: the model's own decoder (`model::decode`), so that
//! front ends treat it like any other encoding.

use super::Codec;
use crate::model::blocks::tally::{count_chars, count_lf};
use crate::model::decode::{MAX_UNIT_LEN, decode_first, is_continuation};
use crate::model::explain::marker_len;
use crate::model::unit::{ByteRole, Unit, UnitKind};

/// The UTF-8 codec.
pub struct Utf8;

/// The one UTF-8 codec.
pub static UTF8: Utf8 = Utf8;

impl Codec for Utf8 {
    fn name(&self) -> &'static str {
        "UTF-8"
    }

    fn max_unit_len(&self) -> usize {
        MAX_UNIT_LEN
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        decode_first(bytes)
    }

    fn unit_start_at_or_before(&self, bytes: &[u8], _base: u64, at: usize) -> Option<usize> {
        // A unit starts at a byte that is not a continuation, at most three
        // bytes back; a run of continuations longer than that starts a span.
        let earliest = at.saturating_sub(MAX_UNIT_LEN - 1);
        Some(
            (earliest..=at)
                .rev()
                .find(|&i| !is_continuation(bytes[i]))
                .unwrap_or(at),
        )
    }

    fn marker_bits(&self, unit: &[u8], index: usize) -> usize {
        marker_len(unit[index], index == 0)
    }

    fn byte_role(&self, unit: &[u8], index: usize) -> String {
        let (len, kind) = decode_first(unit);
        let unit = Unit {
            offset: 0,
            len,
            kind,
        };
        let role: ByteRole = unit.role_of(index as u64);
        role.to_string()
    }

    fn bom(&self) -> &'static [u8] {
        &[0xEF, 0xBB, 0xBF]
    }

    fn encoding_rs(&self) -> Option<&'static encoding_rs::Encoding> {
        Some(encoding_rs::UTF_8)
    }

    fn bulk_decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        Some(encoding_rs::UTF_8)
    }

    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        match simdutf8::compat::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(error) => error.valid_up_to(),
        }
    }

    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        let line_feeds = count_lf(valid);
        let tail = match memchr::memrchr(b'\n', valid) {
            Some(last) => &valid[last + 1..],
            None => valid,
        };
        (line_feeds, count_chars(tail))
    }

    fn is_utf8(&self) -> bool {
        true
    }
}
