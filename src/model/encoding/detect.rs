//! Finding a file's encoding: a byte order mark decides; else the pattern
//! of NUL bytes says UTF-16 or UTF-32; else valid UTF-8 is UTF-8; else a
//! legacy encoding is guessed. chardetng (Firefox's detector) proposes the
//! candidates, asked once as if the text came from each region it knows;
//! the candidates are then judged by how the text reads in each of them
//! ([`plausibility`]), which decides where chardetng alone has too few
//! bytes to go on. Every guess says how sure it is and what else it could be.

use super::Encoding;
use super::alphabets::Language;
pub use super::guess::{legacy_guess, legacy_guess_by};
pub(crate) use super::plausibility::family;
pub use super::plausibility::plausibility;
use crate::display::{hex_bytes, thousands};

/// Why an encoding was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// A byte order mark at the start.
    Bom,
    /// NUL bytes where UTF-16 or UTF-32 puts the high bytes of ASCII.
    NulPattern,
    /// Code units that read as text of one script in UTF-16 or UTF-32
    /// (and in no other width or byte order).
    CodeUnits,
    /// Mostly valid UTF-8 text with some invalid bytes among it.
    Utf8WithErrors,
    /// The bytes are valid UTF-8 (and not all ASCII).
    ValidUtf8,
    /// The bytes are all ASCII: UTF-8 and most legacy encodings agree.
    Ascii,
    /// ISO-2022-JP's escape sequences into JIS X 0208 in 7-bit text that
    /// decodes without an error.
    EscapeSequences,
    /// A guess from the text's statistics.
    Guess,
    /// Named by the user.
    Given,
}

impl Evidence {
    /// How the evidence is named in messages (`BOM`, `NUL pattern`, …).
    pub fn name(self) -> &'static str {
        match self {
            Evidence::Bom => "BOM",
            Evidence::NulPattern => "NUL pattern",
            Evidence::CodeUnits => "code unit pattern",
            Evidence::Utf8WithErrors => "UTF-8 with invalid bytes",
            Evidence::ValidUtf8 => "valid UTF-8",
            Evidence::Ascii => "ASCII only",
            Evidence::EscapeSequences => "escape sequences",
            Evidence::Guess => "guessed",
            Evidence::Given => "given",
        }
    }
}

/// How sure a detection is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// Another encoding reads the bytes to different text that is as
    /// plausible, and the bytes cannot tell them apart: the first of the
    /// alternatives is as likely (`fix --from auto` refuses to choose).
    Ambiguous,
    /// A guess with little to go on; the alternatives may be right.
    Tentative,
    /// A guess the text strongly supports (right 97% of the time or more
    /// on the test corpora).
    Likely,
    /// Decided by the bytes themselves (a BOM, valid UTF-8, the user).
    Certain,
}

impl Confidence {
    /// `ambiguous`, `tentative`, `likely` or `certain`.
    pub fn name(self) -> &'static str {
        match self {
            Confidence::Ambiguous => "ambiguous",
            Confidence::Tentative => "tentative",
            Confidence::Likely => "likely",
            Confidence::Certain => "certain",
        }
    }
}

/// A fact that decided for or against an encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// The encoding the fact is about.
    pub encoding: Encoding,
    /// Whether it ruled the encoding out.
    pub rejected: bool,
    /// The fact: `EF BB BF at 0: its byte order mark`, `312 letters
    /// beyond ASCII, 99% inside words; all of the Russian alphabet`.
    pub fact: String,
}

impl Reason {
    /// A fact for `encoding`.
    pub fn for_encoding(encoding: Encoding, fact: impl Into<String>) -> Reason {
        Reason {
            encoding,
            rejected: false,
            fact: fact.into(),
        }
    }

    /// A fact that rules `encoding` out.
    pub fn against(encoding: Encoding, fact: impl Into<String>) -> Reason {
        Reason {
            encoding,
            rejected: true,
            fact: fact.into(),
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verdict = if self.rejected { " rejected" } else { "" };
        write!(f, "{}{verdict}: {}", self.encoding, self.fact)
    }
}

/// What detection found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detection {
    /// The encoding.
    pub encoding: Encoding,
    /// Why.
    pub evidence: Evidence,
    /// How sure.
    pub confidence: Confidence,
    /// Other encodings the bytes could be in, most likely first.
    pub alternatives: Vec<Encoding>,
    /// Bytes of byte order mark at the start (0 without one).
    pub bom_len: usize,
    /// The language the text reads as, where its letters say it (guesses
    /// only).
    pub language: Option<Language>,
    /// The facts that decided: for the encoding chosen, then for each
    /// candidate ruled out.
    pub reasons: Vec<Reason>,
}

impl Detection {
    /// A detection of `encoding` for a stated reason, without alternatives.
    pub fn certain(encoding: Encoding, evidence: Evidence) -> Detection {
        Detection {
            encoding,
            evidence,
            confidence: Confidence::Certain,
            alternatives: Vec::new(),
            bom_len: 0,
            language: None,
            reasons: Vec::new(),
        }
    }

    /// The same detection with `reason` first among its reasons.
    pub fn because(mut self, reason: Reason) -> Detection {
        self.reasons.insert(0, reason);
        self
    }

    /// How the detection is described: `BOM`, `guessed, likely`,
    /// `guessed, ambiguous: windows-1250 or ISO-8859-2`.
    pub fn describe(&self) -> String {
        match (self.evidence, self.confidence, self.alternatives.first()) {
            (Evidence::Guess, Confidence::Ambiguous, Some(other)) => format!(
                "{}, ambiguous: {} or {other}",
                self.evidence.name(),
                self.encoding
            ),
            (Evidence::Guess, _, _) => {
                format!("{}, {}", self.evidence.name(), self.confidence.name())
            }
            _ => self.evidence.name().to_string(),
        }
    }
}

/// Bytes of a file looked at to detect its encoding.
pub const DETECT_SAMPLE: usize = 1 << 20;

/// The encoding a byte order mark at the start of `bytes` names, and the
/// mark's length. FF FE 00 00 is UTF-32LE, not UTF-16LE and a U+0000.
pub fn detect_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
    [
        Encoding::UTF_32LE,
        Encoding::UTF_32BE,
        Encoding::UTF_8,
        Encoding::UTF_16LE,
        Encoding::UTF_16BE,
    ]
    .into_iter()
    .find(|e| bytes.starts_with(e.codec().bom()))
    .map(|e| (e, e.codec().bom().len()))
}

/// How much of an input the bytes given to [`detect`] are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// All of it.
    Whole,
    /// Its start: the input may go on, so their last char may be cut.
    Start,
}

impl Extent {
    /// The extent of `got` bytes read from an input's start when `asked`
    /// were asked for: a read gives fewer only at the input's end.
    pub fn of_read(asked: usize, got: usize) -> Extent {
        if got < asked {
            Extent::Whole
        } else {
            Extent::Start
        }
    }
}

/// Detects the encoding of an input from `bytes`, all of it or its start
/// (`extent`); at most [`DETECT_SAMPLE`] of them are looked at.
pub fn detect(bytes: &[u8], extent: Extent) -> Detection {
    let sample = &bytes[..bytes.len().min(DETECT_SAMPLE)];
    let extent = match extent {
        Extent::Whole if sample.len() == bytes.len() => Extent::Whole,
        _ => Extent::Start,
    };
    if let Some(found) = evident(sample, extent) {
        return found;
    }
    let utf8 = is_utf8_but_a_cut_char(sample, extent);
    // Valid UTF-8 is read as code units only when it is full of controls
    // (Cyrillic in UTF-16BE is all bytes below 0x80).
    if (!utf8 || many_controls(sample))
        && let Some(encoding) = super::code_unit_pattern(sample, extent == Extent::Start)
    {
        let fact = "its code units read as text of one script; the other widths and byte \
                    orders read as controls, unassigned code points or mixed scripts";
        return Detection {
            confidence: Confidence::Likely,
            ..Detection::certain(encoding, Evidence::CodeUnits)
        }
        .because(Reason::for_encoding(encoding, fact));
    }
    // (Lead bytes: each starts a multi-byte sequence or an invalid one.)
    let multi_byte = || sample.iter().filter(|&&b| b >= 0xC0).count();
    if !utf8 && super::utf8_with_errors(sample) {
        // Likely where the valid sequences outnumber the invalid spans; a
        // short legacy text can spell a word of UTF-8 by chance (GBK
        // "谢谢" is "лл"), and is then only a guess.
        let (valid, invalid) = valid_sequences_and_invalid_spans(sample);
        let mut found = Detection {
            confidence: if valid > invalid {
                Confidence::Likely
            } else {
                Confidence::Tentative
            },
            ..Detection::certain(Encoding::UTF_8, Evidence::Utf8WithErrors)
        };
        if let Some(first) = utf8_rejection(sample) {
            found.reasons.push(Reason::for_encoding(
                Encoding::UTF_8,
                format!(
                    "{} valid multi-byte sequence{} and {} invalid span{}; the first invalid: {}",
                    thousands(valid as u64),
                    if valid == 1 { "" } else { "s" },
                    thousands(invalid as u64),
                    if invalid == 1 { "" } else { "s" },
                    first.fact
                ),
            ));
        }
        return found;
    }
    if utf8 {
        let (evidence, fact) = if sample.is_ascii() {
            (Evidence::Ascii, "every byte is ASCII".to_string())
        } else {
            let sequences = match multi_byte() {
                1 => "1 multi-byte sequence, valid".to_string(),
                n => format!("{} multi-byte sequences, all valid", thousands(n as u64)),
            };
            (Evidence::ValidUtf8, sequences)
        };
        return Detection::certain(Encoding::UTF_8, evidence)
            .because(Reason::for_encoding(Encoding::UTF_8, fact));
    }
    let mut found = legacy_guess(sample);
    if let Some(rejection) = utf8_rejection(sample) {
        // After the winner's reason, before the other candidates'.
        found.reasons.insert(found.reasons.len().min(1), rejection);
    }
    found
}

/// How many valid UTF-8 sequences beyond ASCII `bytes` hold, and how many
/// invalid spans.
fn valid_sequences_and_invalid_spans(bytes: &[u8]) -> (usize, usize) {
    bytes.utf8_chunks().fold((0, 0), |(valid, invalid), chunk| {
        let beyond = chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        (
            valid + beyond,
            invalid + usize::from(!chunk.invalid().is_empty()),
        )
    })
}

/// Why `bytes` are not UTF-8: their first invalid sequence, where it is,
/// and why it is invalid.
fn utf8_rejection(bytes: &[u8]) -> Option<Reason> {
    let error = std::str::from_utf8(bytes).err()?;
    let at = error.valid_up_to();
    let len = error.error_len().unwrap_or(bytes.len() - at);
    let kind = crate::model::decode::classify_invalid(bytes[at], bytes.get(at + 1).copied());
    Some(Reason::against(
        Encoding::UTF_8,
        format!(
            "{} at {at:#x} is {}",
            hex_bytes(&bytes[at..at + len]),
            kind.explanation()
        ),
    ))
}

/// [`detect`] on `head`: the first [`DETECT_SAMPLE`] bytes of an input,
/// or all of it when it is shorter.
pub fn detect_head(head: &[u8]) -> Detection {
    detect(head, Extent::of_read(DETECT_SAMPLE, head.len()))
}

/// The encoding the bytes themselves name, whatever the text says: a byte
/// order mark, the NUL bytes of UTF-16 or UTF-32, ISO-2022-JP's escapes.
/// `head` is all of the input or its start (`extent`).
pub fn evident(head: &[u8], extent: Extent) -> Option<Detection> {
    if let Some((encoding, bom_len)) = detect_bom(head) {
        let fact = format!("{} at 0: its byte order mark", hex_bytes(&head[..bom_len]));
        let found = Detection {
            bom_len,
            ..Detection::certain(encoding, Evidence::Bom)
        };
        return Some(found.because(Reason::for_encoding(encoding, fact)));
    }
    if let Some(encoding) = nul_pattern(head) {
        let fact = "NUL bytes where it puts the high bytes of ASCII chars; no unit it rejects";
        let found = Detection {
            confidence: Confidence::Likely,
            ..Detection::certain(encoding, Evidence::NulPattern)
        };
        return Some(found.because(Reason::for_encoding(encoding, fact)));
    }
    // (Without an ESC byte there is no escape sequence to look for.)
    memchr::memchr(0x1B, head)?;
    let escape =
        memchr::memmem::find(head, b"\x1b$B").or_else(|| memchr::memmem::find(head, b"\x1b$@"));
    iso2022jp_escapes(head, extent == Extent::Start).map(|encoding| {
        let fact = format!(
            "{} at {:#x} switches into JIS X 0208 in 7-bit text that decodes without an error",
            hex_bytes(&head[escape.unwrap_or(0)..][..3]),
            escape.unwrap_or(0)
        );
        Detection::certain(encoding, Evidence::EscapeSequences)
            .because(Reason::for_encoding(encoding, fact))
    })
}

/// Whether more than one byte in twenty of `bytes` is a NUL or a C0
/// control that text does not hold.
fn many_controls(bytes: &[u8]) -> bool {
    let controls = bytes
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1B))
        .count();
    controls * 20 > bytes.len()
}

/// Whether `bytes` are valid UTF-8, but for a char that a cut at their end
/// left unfinished when they are only the input's start.
fn is_utf8_but_a_cut_char(bytes: &[u8], extent: Extent) -> bool {
    match std::str::from_utf8(bytes) {
        Ok(_) => true,
        // (No error length: the bytes end inside a char.)
        Err(error) => extent == Extent::Start && error.error_len().is_none(),
    }
}

/// ISO-2022-JP, if `bytes` are 7-bit text that switches into JIS X 0208
/// with its escape sequences and reads without an error (but for a unit
/// cut at the end of a sample).
pub fn iso2022jp_escapes(bytes: &[u8], cut: bool) -> Option<Encoding> {
    let switches = memchr::memmem::find(bytes, b"\x1b$B").is_some()
        || memchr::memmem::find(bytes, b"\x1b$@").is_some();
    if !switches || !bytes.is_ascii() {
        return None;
    }
    let encoding = Encoding::from_encoding_rs(encoding_rs::ISO_2022_JP)?;
    let whole = if cut {
        // Up to the last escape sequence: no unit is cut before it.
        memchr::memrchr(0x1B, bytes).unwrap_or(bytes.len())
    } else {
        bytes.len()
    };
    let (_, had_errors) = encoding_rs::ISO_2022_JP.decode_without_bom_handling(&bytes[..whole]);
    (!had_errors).then_some(encoding)
}

/// UTF-16 or UTF-32 without a BOM: the encoding whose code units in
/// `bytes` are often ASCII with NUL high bytes, if one's are.
pub fn nul_pattern(bytes: &[u8]) -> Option<Encoding> {
    if bytes.len() < 16 {
        return None;
    }
    let ascii_units = |width: usize, low: usize| {
        let units = bytes.chunks_exact(width);
        let total = units.len().max(1);
        let ascii = bytes
            .chunks_exact(width)
            .filter(|unit| {
                let b = unit[low];
                (0x20..0x7F).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r')
            })
            .filter(|unit| unit.iter().enumerate().all(|(i, &b)| i == low || b == 0))
            .count();
        ascii as f64 / total as f64
    };
    let candidates = [
        (Encoding::UTF_32LE, 4, 0),
        (Encoding::UTF_32BE, 4, 3),
        (Encoding::UTF_16LE, 2, 0),
        (Encoding::UTF_16BE, 2, 1),
    ];
    // Each unit of ASCII holds `width - 1` NULs: too few NULs in all rule
    // a width out before its units are read (a bound a little under the
    // third, clear of rounding).
    let nuls = memchr::memchr_iter(0, bytes).count();
    candidates.into_iter().find_map(|(encoding, width, low)| {
        let units = (bytes.len() / width).max(1);
        if (nuls as f64) < 0.29 * units as f64 * (width - 1) as f64 {
            return None;
        }
        // A third of the units ASCII with NUL high bytes, and no unit the
        // encoding would reject.
        let plausible = ascii_units(width, low) >= 0.3
            && encoding.codec().valid_prefix_len(bytes) + width > bytes.len();
        plausible.then_some(encoding)
    })
}

/// The plausibility a reading needs before it is offered at all: letters,
/// mostly inside words (see [`plausibility`]).
pub const PLAUSIBLE: f64 = 1.0;

/// `bytes` decoded in `encoding`, undefined bytes as U+FFFD.
pub fn decode_lossy(encoding: Encoding, bytes: &[u8]) -> String {
    match encoding.encoding_rs() {
        Some(rs) => rs.decode_without_bom_handling(bytes).0.into_owned(),
        None => {
            // Runs of valid units in bulk (a DOS code page's table), each
            // invalid unit as U+FFFD.
            let mut text = String::with_capacity(bytes.len());
            let mut at = 0;
            while at < bytes.len() {
                at += encoding.codec().decode_into(&bytes[at..], &mut text);
                if at == bytes.len() {
                    break;
                }
                let (len, kind) = encoding.decode_unit(&bytes[at..]);
                match kind {
                    crate::model::UnitKind::Char(c) => text.push(c),
                    crate::model::UnitKind::Invalid(_) => text.push(char::REPLACEMENT_CHARACTER),
                    crate::model::UnitKind::Shift => {}
                }
                at += usize::from(len);
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bom_of_the_seeds_table_is_named() {
        let cases: [(&[u8], &str, usize); 5] = [
            (&[0xEF, 0xBB, 0xBF, b'a'], "UTF-8", 3),
            (&[0xFE, 0xFF, 0, b'a'], "UTF-16BE", 2),
            (&[0xFF, 0xFE, b'a', 0], "UTF-16LE", 2),
            (&[0, 0, 0xFE, 0xFF], "UTF-32BE", 4),
            (&[0xFF, 0xFE, 0, 0], "UTF-32LE", 4),
        ];
        for (bytes, name, len) in cases {
            let found = detect(bytes, Extent::Whole);
            assert_eq!(
                (found.encoding.name(), found.bom_len, found.evidence),
                (name, len, Evidence::Bom)
            );
        }
    }

    #[test]
    fn utf16_and_utf32_without_a_bom_by_their_nuls() {
        let text = "Hello, world\r\nline two\r\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le32: Vec<u8> = text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect();
        assert_eq!(detect(&le, Extent::Whole).encoding, Encoding::UTF_16LE);
        assert_eq!(detect(&be, Extent::Whole).encoding, Encoding::UTF_16BE);
        assert_eq!(detect(&le32, Extent::Whole).encoding, Encoding::UTF_32LE);
        assert_eq!(detect(&le, Extent::Whole).evidence, Evidence::NulPattern);
    }

    #[test]
    fn the_issues_csv_row_is_windows_1252() {
        let found = detect(b"caf\xe9 cr\xe8me br\xfbl\xe9e\n", Extent::Whole);
        assert_eq!(found.encoding.name(), "windows-1252");
        assert_eq!(found.evidence, Evidence::Guess);
    }

    #[test]
    fn valid_utf8_and_ascii() {
        assert_eq!(
            detect("Grüße".as_bytes(), Extent::Whole).evidence,
            Evidence::ValidUtf8
        );
        assert_eq!(detect(b"plain", Extent::Whole).evidence, Evidence::Ascii);
    }

    #[test]
    fn a_char_cut_at_the_end_of_a_start_is_utf8_and_nothing_else_is() {
        // The start of a longer file, cut inside a char: read alone, such a
        // sample once made a valid Russian UTF-8 file look like GBK.
        let text = "Съешь же ещё этих мягких булок, € 5 😀".repeat(20);
        let bytes = text.as_bytes();
        let mut cuts = 0;
        for end in (1..bytes.len()).filter(|&end| !text.is_char_boundary(end)) {
            let head = &bytes[..end];
            let found = detect(head, Extent::Start);
            assert_eq!(found.evidence, Evidence::ValidUtf8, "cut at {end}");
            let whole = detect(head, Extent::Whole);
            assert_ne!(whole.evidence, Evidence::ValidUtf8, "ends at {end}");
            cuts += 1;
        }
        assert!(cuts > 100);
        // An invalid byte at the end is no cut char.
        let bad = [bytes, b"\xFF"].concat();
        assert_ne!(detect(&bad, Extent::Start).evidence, Evidence::ValidUtf8);
        let bad = [bytes, b"\xE2\x28"].concat();
        assert_ne!(detect(&bad, Extent::Start).evidence, Evidence::ValidUtf8);
        // Bytes past the sample: the sample knows it is cut.
        let long = "€".repeat(DETECT_SAMPLE / 3 + 1);
        assert_ne!(DETECT_SAMPLE % 3, 0, "the sample ends inside a €");
        let found = detect(long.as_bytes(), Extent::Whole);
        assert_eq!(found.evidence, Evidence::ValidUtf8);
    }

    #[test]
    fn reasons_name_the_bytes_and_facts_that_decided() {
        let bom = detect(b"\xEF\xBB\xBFplain", Extent::Whole);
        assert_eq!(
            bom.reasons[0].to_string(),
            "UTF-8: EF BB BF at 0: its byte order mark"
        );
        let windows_1251 = Encoding::for_label("windows-1251").unwrap();
        let letter = windows_1251
            .encode("Уважаемый Пётр Петрович! Спасибо за ваше письмо.\n")
            .unwrap();
        let found = detect(&letter, Extent::Whole);
        assert_eq!(found.encoding, windows_1251);
        assert_eq!(found.language.map(|l| l.name), Some("Russian"));
        let reasons: Vec<String> = found.reasons.iter().map(ToString::to_string).collect();
        assert!(
            reasons[0].starts_with("windows-1251: chardetng's choice for"),
            "{reasons:?}"
        );
        assert!(
            reasons[0].contains("all of the Russian alphabet"),
            "{reasons:?}"
        );
        assert_eq!(
            reasons[1],
            "UTF-8 rejected: D3 at 0x0 is a lead byte whose sequence ends before all its \
             continuation bytes arrive"
        );
        // Every other candidate is ruled out with a fact about its reading.
        assert!(
            found.reasons[2..]
                .iter()
                .all(|r| r.rejected && r.fact.contains('“'))
        );
    }

    #[test]
    fn letter_pairs_name_the_language_where_the_alphabet_cannot() {
        // è is French, Italian and Catalan: the pairs say Italian.
        let line = b"Il caff\xE8 \xE8 buono, ma il t\xE8 \xE8 migliore per la sera.\n";
        let found = detect(line, Extent::Whole);
        assert_eq!(found.language.map(|l| l.code), Some("it"));
        assert!(found.reasons[0].fact.ends_with("letter pairs of Italian"));
        // ä and ü are Estonian as well as German, and Estonian has no
        // table to price its pairs: no language is named.
        let line = b"P\xFChap\xE4ev, laup\xE4ev ja reede, juuni ja juuli.\n";
        let found = detect(line, Extent::Whole);
        assert_eq!(found.language, None, "{:?}", found.reasons);
    }

    #[test]
    fn two_readings_as_plausible_are_ambiguous_and_both_named() {
        // ø (macintosh) or æ (windows-1257): each a letter of the line's
        // language, "lørdag" or "lærdag", and its letter pairs as common.
        let line = b"Mandag, juli februar Norge. September norsk september l\xBFrdag mars.\n";
        let found = detect(line, Extent::Whole);
        assert_eq!(found.confidence, Confidence::Ambiguous);
        let named = [found.encoding.name(), found.alternatives[0].name()];
        assert!(
            named.contains(&"macintosh") && named.contains(&"windows-1257"),
            "{named:?}"
        );
        assert!(
            found.describe().contains("ambiguous: "),
            "{}",
            found.describe()
        );
        // ì (Italian, windows-1252) or ė (Lithuanian, ISO-8859-4): the
        // letters alone cannot tell, the letter pairs of the words around
        // can.
        let line = b"Febbraio s\xEC novembre gennaio marted\xEC giugno. Venerd\xEC luned\xEC.\n";
        let found = detect(line, Extent::Whole);
        assert_eq!(found.encoding.name(), "windows-1252");
        assert_ne!(found.confidence, Confidence::Ambiguous);
        assert!(
            found.reasons[0].fact.contains("letter pairs"),
            "{:?}",
            found.reasons
        );
        // A line that only one code page reads as letters is not.
        let found = detect(b"Gr\xF6\xDFe und L\xE4nge\n", Extent::Whole);
        assert_eq!(found.encoding.name(), "windows-1252");
        assert_ne!(found.confidence, Confidence::Ambiguous);
    }

    #[test]
    fn plausible_text_reads_better_than_mojibake() {
        assert!(plausibility("Привет, мир") > plausibility("оПХБЕР, ЛХП"));
        assert!(plausibility("café crème") > plausibility("caf\u{449} cr\u{448}me"));
        assert!(plausibility("« déjà »") > 0.0);
    }
}
