//! Whether an input looks binary, so that `fix` leaves it alone: a repair
//! that shortens a string inside a compiled file or an archive breaks it.
//!
//! The rule, on the first 64 KiB of the input (`check`'s
//! [`BINARY_SNIFF`](crate::model::sniff::BINARY_SNIFF): ripgrep and git look
//! only at the start): a NUL byte, or, among at least
//! [`MIN_SUSPECT_UNITS`] suspect units, more than one unit in
//! [`SUSPECT_SHARE`] that is an invalid span or a C0 control other than
//! tab, line feed, vertical tab, form feed, carriage return and escape.
//! Random bytes have about 0.4 per byte; text in another encoding (UTF-16,
//! a windows-1251 letter) may have as many, and `fix` names the encoding
//! rather than calling it binary when it reads as text in it.

use super::parts::{Part, parts};
use crate::model::encoding::{ShiftState, UnitReader};
use crate::model::{Encoding, UnitKind};

/// Suspect units needed before their share counts (a short line in
/// windows-1252 is not binary).
pub const MIN_SUSPECT_UNITS: u64 = 8;
/// One unit in this many may be suspect before the input counts as binary.
pub const SUSPECT_SHARE: u64 = 10;

/// Why an input looks binary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Binary {
    /// A NUL byte at this offset.
    Nul(u64),
    /// This many of this many units are invalid spans or controls.
    Suspect {
        /// Invalid spans and controls.
        suspect: u64,
        /// All units looked at.
        units: u64,
    },
}

impl std::fmt::Display for Binary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Binary::Nul(offset) => write!(f, "a NUL byte at offset {offset}"),
            Binary::Suspect { suspect, units } => write!(
                f,
                "{suspect} of its first {units} units are invalid spans or control characters"
            ),
        }
    }
}

/// Whether `start` (the first bytes of an input) looks binary, and why.
pub fn looks_binary(start: &[u8]) -> Option<Binary> {
    if let Some(at) = memchr::memchr(0, start) {
        return Some(Binary::Nul(at as u64));
    }
    let mut units = 0u64;
    let mut suspect = 0u64;
    for part in parts(start) {
        match part {
            Part::Valid(text) => {
                // ASCII and multi-byte characters alike are one unit each.
                units += text.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
                suspect += text.iter().filter(|&&b| is_odd_control(b)).count() as u64;
            }
            Part::Invalid(..) => {
                units += 1;
                suspect += 1;
            }
            // A char written the CESU-8 way (Java, MySQL's utf8) is text.
            Part::Pair(..) => units += 1,
        }
    }
    (suspect >= MIN_SUSPECT_UNITS && suspect * SUSPECT_SHARE > units)
        .then_some(Binary::Suspect { suspect, units })
}

/// Whether `start` (the first bytes of an input) looks binary when read in
/// `encoding`, and why: the same rule as [`looks_binary`], with the NULs,
/// controls and undefined bytes of that encoding (the NUL high bytes of
/// UTF-16 text are no NUL characters, nor is Cyrillic in windows-1251 a run
/// of invalid spans). A unit cut by the end of `start` is not counted.
pub fn looks_binary_in(start: &[u8], encoding: Encoding) -> Option<Binary> {
    if encoding.is_utf8() {
        return looks_binary(start);
    }
    let mut reader = UnitReader::new(encoding, ShiftState::default());
    let (mut units, mut suspect) = (0u64, 0u64);
    let mut at = 0;
    while at < start.len() {
        let (len, kind) = reader.next_unit(&start[at..]);
        let end = at + usize::from(len);
        match kind {
            UnitKind::Char('\0') => return Some(Binary::Nul(at as u64)),
            UnitKind::Char(c) => suspect += u64::from(u8::try_from(c).is_ok_and(is_odd_control)),
            UnitKind::Invalid(_) if end < start.len() => suspect += 1,
            UnitKind::Invalid(_) | UnitKind::Shift => {}
        }
        units += 1;
        at = end;
    }
    (suspect >= MIN_SUSPECT_UNITS && suspect * SUSPECT_SHARE > units)
        .then_some(Binary::Suspect { suspect, units })
}

/// A C0 control that text files do not hold (NUL is handled on its own).
fn is_odd_control(byte: u8) -> bool {
    byte < 0x20 && !matches!(byte, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | 0x1B)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_any_state_is_not_binary() {
        assert_eq!(looks_binary("Le café est prêt\r\n\tok".as_bytes()), None);
        assert_eq!(looks_binary(b"caf\xe9 cr\xe8me br\xfbl\xe9e\n"), None);
        let csv = b"name;city\nRen\xe9;Z\xfcrich\nAnn;Paris\n".repeat(50);
        assert_eq!(looks_binary(&csv), None);
    }

    #[test]
    fn text_in_its_own_encoding_is_not_binary() {
        let utf16: Vec<u8> = "Привет, мир!\r\n"
            .repeat(20)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert!(looks_binary(&utf16).is_some(), "NULs read as UTF-8");
        let utf16le = Encoding::UTF_16LE;
        assert_eq!(looks_binary_in(&utf16, utf16le), None);
        assert_eq!(
            looks_binary_in(&utf16[..utf16.len() - 1], utf16le),
            None,
            "cut unit"
        );
        let russian = "Война и мир. ".repeat(30);
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(&russian);
        let windows_1251 = Encoding::for_label("windows-1251").unwrap();
        assert!(looks_binary(&cp1251).is_some(), "Cyrillic read as UTF-8");
        assert_eq!(looks_binary_in(&cp1251, windows_1251), None);
        let nul = [b"abc".as_slice(), &[0, 0]].concat();
        assert_eq!(looks_binary_in(&nul, windows_1251), Some(Binary::Nul(3)));
        assert_eq!(looks_binary_in(b"a\0b\0", utf16le), None, "no NUL char");
        assert_eq!(
            looks_binary_in(&[0, 0, b'a', 0], utf16le),
            Some(Binary::Nul(0))
        );
    }

    #[test]
    fn nul_bytes_and_noise_are_binary() {
        assert_eq!(looks_binary(b"\xe3\r\r\n\0\0\0\0"), Some(Binary::Nul(4)));
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let noise: Vec<u8> = (0..4000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8 | 1
            })
            .collect();
        assert!(matches!(looks_binary(&noise), Some(Binary::Suspect { .. })));
    }
}
