//! Text encodings as a part of the model (DESIGN.md, "Other encodings"): how
//! an encoding's bytes form units, where a unit starts, which bits of a byte
//! are markers, and how to find the encoding of a file.
//!
//! Each encoding family is one file implementing [`Codec`]; front ends hold
//! an [`Encoding`] and ask it, and never match on which encoding it is.

mod alphabets;
mod byte_table;
mod choice;
mod code_units;
mod detect;
mod encode;
pub(crate) mod everyday_pairs;
mod guess;
mod iso2022jp;
mod legacy;
mod letter_pairs;
mod mostly_utf8;
mod oem;
mod plausibility;
mod rows;
mod typography;
mod utf16;
mod utf32;
mod utf8;

pub use alphabets::Language;
pub(crate) use alphabets::{alphabets_of, is_common_letter};
pub use choice::{EncodingRule, choice_note};
pub use code_units::code_unit_pattern;
pub(crate) use detect::family;
pub use legacy::Legacy;
pub(crate) use letter_pairs::{PAIRS_CLEARLY_CHEAPER, PairPricer, letters_alike};
pub use mostly_utf8::utf8_with_errors;
pub(crate) use plausibility::is_cjk;
pub use rows::{
    RowEncoding, RowReading, legacy_rows_encoding, read_row, read_row_in, run_reading_at,
};

use std::fmt;

use super::unit::UnitKind;

pub use detect::{
    Confidence, DETECT_SAMPLE, Detection, Evidence, Extent, Reason, decode_lossy, detect,
    detect_bom, detect_head, evident, iso2022jp_escapes, legacy_guess, legacy_guess_by,
    nul_pattern, plausibility,
};

/// Where a stateful encoding's decoder is between two units (ISO-2022-JP:
/// the character set the last escape sequence chose); stateless encodings
/// have only the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShiftState(pub u8);

/// How one encoding turns bytes into units.
pub trait Codec: Send + Sync + 'static {
    /// The encoding's name as people and encoding_rs write it
    /// (`UTF-16LE`, `windows-1252`).
    fn name(&self) -> &'static str;

    /// The most bytes one unit can span.
    fn max_unit_len(&self) -> usize;

    /// Decodes the unit that starts at `bytes[0]`: its length and what it is.
    /// `bytes` is non-empty and holds [`Codec::max_unit_len`] bytes unless
    /// the input ends sooner.
    fn decode_unit(&self, bytes: &[u8]) -> (u8, UnitKind);

    /// An offset `<= at` in `bytes` where a unit is sure to start, looking
    /// back from `at`; `base` is the file offset of `bytes[0]`. `bytes`
    /// holds [`Codec::lookback`] bytes before `at` unless the file starts
    /// there. `None` when `bytes` holds no sure start (the caller then
    /// starts from `bytes[0]`, which must then be a unit start).
    fn unit_start_at_or_before(&self, bytes: &[u8], base: u64, at: usize) -> Option<usize>;

    /// How many bytes before an offset a reader needs to find where the
    /// unit holding it starts (see [`Codec::unit_start_at_or_before`]).
    fn lookback(&self) -> usize {
        self.max_unit_len() - 1
    }

    /// How many bytes a unit takes, in words (`1–2 bytes`, `2 or 4 bytes`).
    fn unit_sizes(&self) -> String {
        match self.max_unit_len() {
            1 => "1 byte".to_string(),
            n => format!("1–{n} bytes"),
        }
    }

    /// For an encoding of code units wider than a byte: the code units of
    /// `unit` in hex, and which byte of each is high (`None` otherwise).
    fn code_units(&self, _unit: &[u8]) -> Option<(String, &'static str)> {
        None
    }

    /// How many leading bits of `unit[index]` are the encoding's markers
    /// rather than payload (UTF-8's `110`, UTF-16's `110110`).
    fn marker_bits(&self, unit: &[u8], index: usize) -> usize;

    /// What the byte `unit[index]` is to its unit, for the info panel.
    fn byte_role(&self, unit: &[u8], index: usize) -> String;

    /// The byte order mark that names this encoding, if it has one.
    fn bom(&self) -> &'static [u8] {
        &[]
    }

    /// How many leading bytes of `bytes` are valid units; the default
    /// decodes unit by unit, codecs override it with faster loops.
    fn valid_prefix_len(&self, bytes: &[u8]) -> usize {
        let mut at = 0;
        while at < bytes.len() {
            let (len, kind) = self.decode_unit(&bytes[at..]);
            if matches!(kind, UnitKind::Invalid(_)) {
                break;
            }
            at += usize::from(len);
        }
        at
    }

    /// Line feeds in `valid` (whole valid units) and the units after the
    /// last of them (all its units if it has none).
    fn count_lines(&self, valid: &[u8]) -> (u64, u64) {
        let mut at = 0;
        let (mut line_feeds, mut since) = (0, 0);
        while at < valid.len() {
            let (len, kind) = self.decode_unit(&valid[at..]);
            if kind == UnitKind::Char('\n') {
                line_feeds += 1;
                since = 0;
            } else {
                since += 1;
            }
            at += usize::from(len);
        }
        (line_feeds, since)
    }

    /// Appends the characters of the longest run of valid units at the
    /// start of `bytes` to `text`; returns the run's length in bytes.
    fn decode_into(&self, bytes: &[u8], text: &mut String) -> usize {
        decode_units_into(self, bytes, text)
    }

    /// The encoding_rs encoding that decodes this one in bulk exactly as its
    /// units say (`None` where encoding_rs lacks it or differs).
    fn bulk_decoder(&self) -> Option<&'static encoding_rs::Encoding> {
        None
    }

    /// The same encoding in encoding_rs (`None` where encoding_rs lacks
    /// it), whether or not its decoder agrees unit for unit.
    fn encoding_rs(&self) -> Option<&'static encoding_rs::Encoding> {
        None
    }

    /// How many leading bytes of `bytes` are valid units, with the line
    /// feeds among them and the units after the last (as
    /// [`Codec::count_lines`]): one pass where a codec can fuse the two.
    fn scan_valid(&self, bytes: &[u8]) -> (usize, u64, u64) {
        let valid = self.valid_prefix_len(bytes);
        let (line_feeds, tail) = self.count_lines(&bytes[..valid]);
        (valid, line_feeds, tail)
    }

    /// Whether this is UTF-8 (which front ends read through the fast path).
    fn is_utf8(&self) -> bool {
        false
    }

    /// Whether a unit's meaning depends on the units before it (ISO-2022-JP).
    /// Such a codec decodes through [`Codec::decode_unit_in`], and its
    /// methods that take bytes alone read them from the initial state.
    fn is_stateful(&self) -> bool {
        false
    }

    /// [`Codec::decode_unit`] in `state`: also the state after the unit.
    fn decode_unit_in(&self, state: ShiftState, bytes: &[u8]) -> (u8, UnitKind, ShiftState) {
        let (len, kind) = self.decode_unit(bytes);
        (len, kind, state)
    }

    /// What the escape sequence `unit` does, for the info panel.
    fn shift_meaning(&self, _unit: &[u8]) -> String {
        "switches the character set of the bytes after it".to_string()
    }

    /// For a stateful codec: the last offset `<= at` in `bytes` where a unit
    /// starts in a state the bytes themselves tell (just after an escape
    /// sequence), and that state.
    fn resync(&self, _bytes: &[u8], _at: usize) -> Option<(usize, ShiftState)> {
        None
    }
}

/// Decodes the units of one encoding one after another, carrying the state
/// a stateful encoding needs from each to the next.
#[derive(Clone, Copy)]
pub struct UnitReader {
    codec: &'static dyn Codec,
    state: ShiftState,
}

impl UnitReader {
    /// A reader of `encoding` at a unit that starts in `state`.
    pub fn new(encoding: Encoding, state: ShiftState) -> UnitReader {
        UnitReader {
            codec: encoding.codec(),
            state,
        }
    }

    /// Decodes the unit at `bytes[0]` and moves past it.
    #[inline]
    pub fn next_unit(&mut self, bytes: &[u8]) -> (u8, UnitKind) {
        let (len, kind, state) = self.codec.decode_unit_in(self.state, bytes);
        self.state = state;
        (len, kind)
    }

    /// The state the next unit starts in.
    pub fn state(&self) -> ShiftState {
        self.state
    }

    /// The encoding it reads.
    pub fn encoding(&self) -> Encoding {
        Encoding(self.codec)
    }
}

/// A handle to one encoding: cheap to copy and compare.
#[derive(Clone, Copy)]
pub struct Encoding(&'static dyn Codec);

impl Encoding {
    /// UTF-8, the default.
    pub const UTF_8: Encoding = Encoding(&utf8::UTF8);
    /// UTF-16, little-endian.
    pub const UTF_16LE: Encoding = Encoding(&utf16::UTF16_LE);
    /// UTF-16, big-endian.
    pub const UTF_16BE: Encoding = Encoding(&utf16::UTF16_BE);
    /// UTF-32, little-endian.
    pub const UTF_32LE: Encoding = Encoding(&utf32::UTF32_LE);
    /// UTF-32, big-endian.
    pub const UTF_32BE: Encoding = Encoding(&utf32::UTF32_BE);

    /// The encoding a label names: `utf-8`, `utf-16le`, `utf-32be`, any
    /// WHATWG label (`latin1`, `cp1252`, `sjis`, `koi8-r`, …) or a DOS code
    /// page (`cp437`, `ibm850`), case-insensitive.
    pub fn for_label(label: &str) -> Option<Encoding> {
        let wanted = label.trim().to_ascii_lowercase();
        let plain = wanted.replace(['-', '_'], "");
        match plain.as_str() {
            "utf8" => return Some(Encoding::UTF_8),
            "utf16le" | "utf16" => return Some(Encoding::UTF_16LE),
            "utf16be" => return Some(Encoding::UTF_16BE),
            "utf32le" | "utf32" => return Some(Encoding::UTF_32LE),
            "utf32be" => return Some(Encoding::UTF_32BE),
            _ => {}
        }
        // The DOS code pages, which are no WHATWG labels.
        let dos = plain.strip_prefix("dos").unwrap_or(&plain);
        if let Some((_, oem)) = oem::LABELS.iter().find(|(label, _)| *label == dos) {
            return Some(Encoding(*oem));
        }
        let found = encoding_rs::Encoding::for_label_no_replacement(wanted.as_bytes())
            .or_else(|| cp_alias(&plain))?;
        Encoding::from_encoding_rs(found)
    }

    /// The legacy encoding encoding_rs calls `encoding`, if the model reads it.
    pub fn from_encoding_rs(encoding: &'static encoding_rs::Encoding) -> Option<Encoding> {
        if encoding == encoding_rs::UTF_8 {
            return Some(Encoding::UTF_8);
        }
        if encoding == encoding_rs::UTF_16LE {
            return Some(Encoding::UTF_16LE);
        }
        if encoding == encoding_rs::UTF_16BE {
            return Some(Encoding::UTF_16BE);
        }
        if encoding == encoding_rs::ISO_2022_JP {
            return Some(Encoding(&iso2022jp::ISO_2022_JP));
        }
        legacy::codec_for(encoding).map(|c| Encoding(c))
    }

    /// Every encoding the model reads: the Unicode ones, then the legacy
    /// ones in encoding_rs's order, then the DOS code pages it lacks.
    pub fn all() -> Vec<Encoding> {
        let mut all = vec![
            Encoding::UTF_8,
            Encoding::UTF_16LE,
            Encoding::UTF_16BE,
            Encoding::UTF_32LE,
            Encoding::UTF_32BE,
        ];
        all.extend(legacy::all().map(|c| Encoding(c)));
        all.push(Encoding(&iso2022jp::ISO_2022_JP));
        all.extend([Encoding(&oem::IBM437), Encoding(&oem::IBM850)]);
        all
    }

    /// The encoding's codec.
    pub fn codec(self) -> &'static dyn Codec {
        self.0
    }

    /// The encoding's name (`UTF-16LE`, `windows-1252`).
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Whether this is UTF-8.
    pub fn is_utf8(self) -> bool {
        self.0.is_utf8()
    }

    /// The same encoding in encoding_rs, for bulk conversion (`None` for
    /// UTF-32 and the DOS code pages, which encoding_rs does not decode).
    pub fn encoding_rs(self) -> Option<&'static encoding_rs::Encoding> {
        self.0.encoding_rs()
    }

    /// Decodes the unit at `bytes[0]` (see [`Codec::decode_unit`]).
    pub fn decode_unit(self, bytes: &[u8]) -> (u8, UnitKind) {
        self.0.decode_unit(bytes)
    }

    /// `text` written in this encoding (`None` if it cannot write all of
    /// it): what a search for text looks for.
    pub fn encode(self, text: &str) -> Option<Vec<u8>> {
        encode::encode(self, text)
    }
}

/// Windows code page numbers people type (`cp1252`, `cp866`, `cp932`) that
/// are not WHATWG labels but name an encoding encoding_rs has.
fn cp_alias(plain: &str) -> Option<&'static encoding_rs::Encoding> {
    let number = plain
        .strip_prefix("cp")
        .or_else(|| plain.strip_prefix("windows"))?;
    let label = match number {
        "866" => "ibm866",
        "874" => "windows-874",
        "932" => "shift_jis",
        "936" => "gbk",
        "50220" => "iso-2022-jp",
        "949" => "euc-kr",
        "950" => "big5",
        "20866" => "koi8-r",
        "21866" => "koi8-u",
        "28591" => "iso-8859-1",
        "54936" => "gb18030",
        "10000" => "macintosh",
        n if n.len() == 4 && n.starts_with("125") => return cp_alias_125x(n),
        _ => return None,
    };
    encoding_rs::Encoding::for_label(label.as_bytes())
}

/// `cp1250`…`cp1258`.
fn cp_alias_125x(number: &str) -> Option<&'static encoding_rs::Encoding> {
    encoding_rs::Encoding::for_label(format!("windows-{number}").as_bytes())
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Encoding {}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding({})", self.name())
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Default for Encoding {
    fn default() -> Self {
        Encoding::UTF_8
    }
}

/// [`Codec::decode_into`] unit by unit: the way for codecs without a
/// faster one.
pub fn decode_units_into<C: Codec + ?Sized>(codec: &C, bytes: &[u8], text: &mut String) -> usize {
    let valid = codec.valid_prefix_len(bytes);
    let mut at = 0;
    while at < valid {
        let (len, kind) = codec.decode_unit(&bytes[at..]);
        if let UnitKind::Char(c) = kind {
            text.push(c);
        }
        at += usize::from(len);
    }
    valid
}

/// The unit of `encoding` holding `bytes[at]`: its start in `bytes`, length
/// and kind. `base` is the file offset of `bytes[0]`, a unit start (or the
/// file's start) unless the codec finds a later sure start.
pub fn unit_containing(
    encoding: Encoding,
    bytes: &[u8],
    base: u64,
    at: usize,
) -> (usize, u8, UnitKind) {
    let codec = encoding.codec();
    let mut start = codec.unit_start_at_or_before(bytes, base, at).unwrap_or(0);
    loop {
        let (len, kind) = codec.decode_unit(&bytes[start..]);
        let end = start + usize::from(len);
        if end > at || end >= bytes.len() {
            return (start, len, kind);
        }
        start = end;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Checks that [`unit_containing`], given the bytes a window reads
    /// around each offset, finds the unit a walk from the file's start finds.
    pub fn random_access_agrees(encoding: Encoding, file: &[u8]) -> Result<(), TestCaseError> {
        let codec = encoding.codec();
        let mut at = 0;
        while at < file.len() {
            let (len, kind) = codec.decode_unit(&file[at..]);
            for inside in at..at + usize::from(len) {
                let from = inside.saturating_sub(codec.lookback());
                let to = (inside + codec.max_unit_len()).min(file.len());
                let (start, got_len, got_kind) =
                    unit_containing(encoding, &file[from..to], from as u64, inside - from);
                prop_assert_eq!(
                    (from + start, got_len, got_kind),
                    (at, len, kind),
                    "{} at offset {}",
                    encoding.name(),
                    inside
                );
            }
            at += usize::from(len);
        }
        Ok(())
    }

    #[test]
    fn labels_name_encodings() {
        for (label, name) in [
            ("utf-8", "UTF-8"),
            ("UTF16LE", "UTF-16LE"),
            ("utf-16be", "UTF-16BE"),
            ("utf-32", "UTF-32LE"),
            ("utf_32be", "UTF-32BE"),
            ("latin1", "windows-1252"),
            ("cp1252", "windows-1252"),
            ("windows-1251", "windows-1251"),
            ("cp1250", "windows-1250"),
            ("cp866", "IBM866"),
            ("koi8-r", "KOI8-R"),
            ("sjis", "Shift_JIS"),
            ("mac", "macintosh"),
            ("gb18030", "gb18030"),
            ("cp437", "IBM437"),
            ("IBM-850", "IBM850"),
            ("dos-850", "IBM850"),
            ("437", "IBM437"),
        ] {
            assert_eq!(
                Encoding::for_label(label).map(Encoding::name),
                Some(name),
                "{label}"
            );
        }
        assert_eq!(Encoding::for_label("cp852"), None);
        // Each codec knows its encoding_rs twin: the one of its name.
        for encoding in Encoding::all() {
            assert_eq!(
                encoding.encoding_rs(),
                encoding_rs::Encoding::for_label_no_replacement(encoding.name().as_bytes()),
                "{encoding}"
            );
        }
        assert_eq!(Encoding::for_label("klingon"), None);
        assert_eq!(Encoding::for_label("replacement"), None);
    }

    #[test]
    fn every_encoding_is_listed_once() {
        let all = Encoding::all();
        let mut names: Vec<_> = all.iter().map(|e| e.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len());
        assert!(all.len() >= 40, "{names:?}");
    }
}
