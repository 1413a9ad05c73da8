//! ISO-2022-JP, the one stateful encoding of the WHATWG set: escape
//! sequences switch between ASCII, JIS X 0201 Roman, half-width katakana and
//! JIS X 0208 (two bytes a char), so a byte's meaning depends on the last
//! escape before it. An escape sequence is a unit of its own
//! ([`UnitKind::Shift`]); a unit encoding_rs would write one U+FFFD for is
//! one `unmapped` span. What each byte or pair means comes from encoding_rs.

use std::sync::LazyLock;

use super::{Codec, ShiftState};
use crate::model::unit::{InvalidKind, UnitKind};

/// The escape byte that starts every escape sequence.
const ESC: u8 = 0x1B;

/// The character sets an escape sequence chooses, as [`ShiftState`] holds
/// them in its low two bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Set {
    Ascii = 0,
    Roman = 1,
    Katakana = 2,
    Jis0208 = 3,
}

impl Set {
    /// The set that `ESC first second` chooses, if that is an escape sequence.
    fn chosen_by(first: u8, second: u8) -> Option<Set> {
        match (first, second) {
            (b'(', b'B') => Some(Set::Ascii),
            (b'(', b'J') => Some(Set::Roman),
            (b'(', b'I') => Some(Set::Katakana),
            (b'$', b'@' | b'B') => Some(Set::Jis0208),
            _ => None,
        }
    }

    /// The escape sequence that chooses it.
    fn escape(self) -> [u8; 3] {
        match self {
            Set::Ascii => *b"\x1b(B",
            Set::Roman => *b"\x1b(J",
            Set::Katakana => *b"\x1b(I",
            Set::Jis0208 => *b"\x1b$B",
        }
    }
}

/// Bit of [`ShiftState`] set just after an escape sequence: a second one
/// right after it is an error (WHATWG's "output flag").
const AFTER_ESCAPE: u8 = 4;

/// The state after an escape sequence that chose `set`.
fn after_escape(set: Set) -> ShiftState {
    ShiftState(set as u8 | AFTER_ESCAPE)
}

/// The set `state` reads in.
fn set_of(state: ShiftState) -> Set {
    match state.0 & 3 {
        0 => Set::Ascii,
        1 => Set::Roman,
        2 => Set::Katakana,
        _ => Set::Jis0208,
    }
}

/// `state` once a unit other than an escape sequence has been read.
fn after_other(state: ShiftState) -> ShiftState {
    ShiftState(state.0 & 3)
}

/// What encoding_rs reads each byte below 0x80 as in the one-byte sets
/// (ASCII, Roman, katakana), and each JIS X 0208 pair (94 × 94, rows and
/// cells from 0x21): worked out once by decoding them after their escape.
struct Tables {
    single: [[UnitKind; 128]; 3],
    pairs: Vec<UnitKind>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let read = |bytes: &[u8]| {
        let (text, _) = encoding_rs::ISO_2022_JP.decode_without_bom_handling(bytes);
        text.into_owned()
    };
    let kind_of = |c: char| match c {
        '\u{FFFD}' => UnitKind::Invalid(InvalidKind::Unmapped),
        c => UnitKind::Char(c),
    };
    let single = [Set::Ascii, Set::Roman, Set::Katakana].map(|set| {
        std::array::from_fn(|byte| {
            let mut bytes = set.escape().to_vec();
            bytes.push(byte as u8);
            match read(&bytes).chars().next() {
                Some(c) if byte as u8 != ESC => kind_of(c),
                _ => UnitKind::Invalid(InvalidKind::Unmapped),
            }
        })
    });
    let mut bytes = Set::Jis0208.escape().to_vec();
    for lead in 0x21..=0x7E {
        for trail in 0x21..=0x7E {
            bytes.extend([lead, trail]);
        }
    }
    // encoding_rs writes one char or one U+FFFD for each pair.
    let pairs: Vec<UnitKind> = read(&bytes).chars().map(kind_of).collect();
    assert_eq!(pairs.len(), 94 * 94, "one char per JIS X 0208 pair");
    Tables { single, pairs }
});

/// ISO-2022-JP.
pub struct Iso2022Jp;

/// The codec.
pub static ISO_2022_JP: Iso2022Jp = Iso2022Jp;

/// Whether `byte` can be half of a JIS X 0208 pair.
fn is_pair_byte(byte: u8) -> bool {
    (0x21..=0x7E).contains(&byte)
}

impl Codec for Iso2022Jp {
    fn name(&self) -> &'static str {
        "ISO-2022-JP"
    }

    fn max_unit_len(&self) -> usize {
        3
    }

    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind) {
        let (len, kind, _) = self.decode_unit_in(ShiftState::default(), bytes);
        (len, kind)
    }

    fn decode_unit_in(&self, state: ShiftState, bytes: &[u8]) -> (u8, UnitKind, ShiftState) {
        let unmapped = UnitKind::Invalid(InvalidKind::Unmapped);
        let first = bytes[0];
        if first == ESC {
            let chosen = match (bytes.get(1), bytes.get(2)) {
                (Some(&a), Some(&b)) => Set::chosen_by(a, b),
                _ => None,
            };
            return match chosen {
                // Two escape sequences in a row: the second is an error,
                // and still switches.
                Some(set) if state.0 & AFTER_ESCAPE != 0 => (3, unmapped, after_escape(set)),
                Some(set) => (3, UnitKind::Shift, after_escape(set)),
                // A lone ESC: the bytes after it are read again.
                None => (1, unmapped, after_other(state)),
            };
        }
        let next = after_other(state);
        let set = set_of(state);
        if set != Set::Jis0208 {
            let kind = match TABLES.single[set as usize].get(usize::from(first)) {
                Some(&kind) => kind,
                None => unmapped,
            };
            return (1, kind, next);
        }
        if !is_pair_byte(first) {
            return (1, unmapped, next);
        }
        match bytes.get(1) {
            // A lead byte at the end, or before an escape sequence.
            None | Some(&ESC) => (1, unmapped, next),
            Some(&trail) if is_pair_byte(trail) => {
                let index = usize::from(first - 0x21) * 94 + usize::from(trail - 0x21);
                (2, TABLES.pairs[index], next)
            }
            // Any other trail byte is taken into the error with its lead.
            Some(_) => (2, unmapped, next),
        }
    }

    fn is_stateful(&self) -> bool {
        true
    }

    fn resync(&self, bytes: &[u8], at: usize) -> Option<(usize, ShiftState)> {
        // Every ESC starts a unit, and one followed by a set's two bytes is
        // an escape sequence whatever came before: the state after it is
        // known.
        let mut end = at.min(bytes.len());
        while let Some(escape) = memchr::memrchr(ESC, &bytes[..end]) {
            if let Some(set) = bytes
                .get(escape + 1..escape + 3)
                .and_then(|tail| Set::chosen_by(tail[0], tail[1]))
                .filter(|_| escape + 3 <= at)
            {
                return Some((escape + 3, after_escape(set)));
            }
            end = escape;
        }
        None
    }

    fn unit_start_at_or_before(&self, bytes: &[u8], base: u64, at: usize) -> Option<usize> {
        match self.resync(bytes, at + 1) {
            Some((start, _)) => Some(start.min(at)),
            None if base == 0 => Some(0),
            None => None,
        }
    }

    fn shift_meaning(&self, unit: &[u8]) -> String {
        let (set, how) = match unit {
            [ESC, b'(', b'B'] => ("ASCII", "one byte a character"),
            [ESC, b'(', b'J'] => ("JIS X 0201 Roman", "ASCII with ¥ for 5C and ‾ for 7E"),
            [ESC, b'(', b'I'] => ("half-width katakana", "21–5F are ｡–ﾟ"),
            _ => ("JIS X 0208", "two bytes a character"),
        };
        let shown: Vec<String> = unit.iter().map(|b| format!("{b:02X}")).collect();
        format!(
            "{} chooses {set} ({how}) until the next escape sequence",
            shown.join(" ")
        )
    }

    fn marker_bits(&self, _unit: &[u8], _index: usize) -> usize {
        0
    }

    fn byte_role(&self, unit: &[u8], index: usize) -> String {
        match (unit.first(), unit.len()) {
            (Some(&ESC), 3) => format!("byte {} of an escape sequence", index + 1),
            (_, 1) => "one byte of ISO-2022-JP".to_string(),
            _ => format!("byte {} of a JIS X 0208 pair", index + 1),
        }
    }

    fn encoding_rs(&self) -> Option<&'static encoding_rs::Encoding> {
        Some(encoding_rs::ISO_2022_JP)
    }

    fn bulk_decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        // Its units agree with encoding_rs's decoder (a property test).
        Some(encoding_rs::ISO_2022_JP)
    }

    fn valid_prefix_len(&self, _bytes: &[u8]) -> usize {
        // No bulk path (nor, through this, a fast decode or scan): the
        // bytes alone do not say which state they start in.
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The units of `bytes` read from the start, each with its kind.
    fn units(bytes: &[u8]) -> Vec<(usize, u8, UnitKind)> {
        let mut state = ShiftState::default();
        let mut at = 0;
        let mut all = Vec::new();
        while at < bytes.len() {
            let end = (at + 3).min(bytes.len());
            let (len, kind, next) = ISO_2022_JP.decode_unit_in(state, &bytes[at..end]);
            all.push((at, len, kind));
            state = next;
            at += usize::from(len);
        }
        all
    }

    /// What encoding_rs makes of the units: their chars, U+FFFD for each
    /// invalid one, nothing for an escape sequence.
    fn as_text(units: &[(usize, u8, UnitKind)]) -> String {
        units
            .iter()
            .filter_map(|&(_, _, kind)| match kind {
                UnitKind::Char(c) => Some(c),
                UnitKind::Invalid(_) => Some('\u{FFFD}'),
                UnitKind::Shift => None,
            })
            .collect()
    }

    #[test]
    fn reads_the_sets_and_their_errors() {
        let bytes = b"A\x1b$B\x30\x21\x1b(J\\\x1b(I\x31\x1b(B\x1b(Bx\x1b$B\x30\n";
        let got = units(bytes);
        assert_eq!(as_text(&got), "A亜¥ｱ\u{FFFD}x\u{FFFD}");
        let shifts = got.iter().filter(|u| u.2 == UnitKind::Shift).count();
        assert_eq!(shifts, 5, "{got:?}");
        // The lead byte before the line feed is one span with it.
        assert_eq!(got.last().map(|u| (u.0, u.1)), Some((bytes.len() - 2, 2)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The units say exactly what encoding_rs writes, U+FFFD for U+FFFD.
        #[test]
        fn units_agree_with_encoding_rs(bytes in proptest::collection::vec(
            prop_oneof![
                Just(ESC), Just(b'$'), Just(b'('), Just(b'B'), Just(b'@'), Just(b'J'),
                Just(b'I'), Just(b'\n'), Just(0x0E), Just(0x80), 0x21u8..0x7F, any::<u8>(),
            ],
            0..40,
        )) {
            let expected = encoding_rs::ISO_2022_JP.decode_without_bom_handling(&bytes).0;
            prop_assert_eq!(as_text(&units(&bytes)), expected.as_ref());
        }

        /// From any offset, the last escape sequence before it is a unit
        /// start in the state a walk from the start finds there.
        #[test]
        fn resync_agrees_with_a_walk(bytes in proptest::collection::vec(
            prop_oneof![Just(ESC), Just(b'$'), Just(b'('), Just(b'B'), 0x21u8..0x7F, any::<u8>()],
            0..40,
        )) {
            let mut state = ShiftState::default();
            let mut states = std::collections::HashMap::new();
            let mut at = 0;
            while at < bytes.len() {
                states.insert(at, state);
                let end = (at + 3).min(bytes.len());
                let (len, _, next) = ISO_2022_JP.decode_unit_in(state, &bytes[at..end]);
                state = next;
                at += usize::from(len);
            }
            for offset in 0..=bytes.len() {
                if let Some((start, found)) = ISO_2022_JP.resync(&bytes, offset) {
                    prop_assert!(start <= offset);
                    if start < bytes.len() {
                        prop_assert_eq!(states.get(&start), Some(&found), "at {}", start);
                    }
                }
            }
        }
    }
}
