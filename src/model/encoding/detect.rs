//! Finding a file's encoding: a byte order mark decides; else the pattern
//! of NUL bytes says UTF-16 or UTF-32; else valid UTF-8 is UTF-8; else a
//! legacy encoding is guessed. chardetng (Firefox's detector) proposes the
//! candidates, asked once as if the text came from each region it knows;
//! the candidates are then judged by how the text reads in each of them
//! ([`plausibility`]), which decides where chardetng alone has too few
//! bytes to go on. Every guess says how sure it is and what else it could be.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use unicode_script::Script;

use super::Encoding;
pub use super::plausibility::plausibility;
pub(crate) use super::plausibility::{family, main_script};

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
    /// A guess with little to go on; the alternatives may be right.
    Tentative,
    /// A guess the text strongly supports.
    Confident,
    /// Decided by the bytes themselves (a BOM, valid UTF-8, the user).
    Certain,
}

impl Confidence {
    /// `tentative`, `confident` or `certain`.
    pub fn name(self) -> &'static str {
        match self {
            Confidence::Tentative => "tentative",
            Confidence::Confident => "confident",
            Confidence::Certain => "certain",
        }
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
        }
    }

    /// How the detection is described: `BOM`, `guessed, confident`.
    pub fn describe(&self) -> String {
        match self.evidence {
            Evidence::Guess => format!("{}, {}", self.evidence.name(), self.confidence.name()),
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
        return Detection {
            confidence: Confidence::Confident,
            ..Detection::certain(encoding, Evidence::CodeUnits)
        };
    }
    if !utf8 && super::utf8_with_errors(sample) {
        return Detection {
            confidence: Confidence::Confident,
            ..Detection::certain(Encoding::UTF_8, Evidence::Utf8WithErrors)
        };
    }
    if utf8 {
        let evidence = if sample.is_ascii() {
            Evidence::Ascii
        } else {
            Evidence::ValidUtf8
        };
        return Detection::certain(Encoding::UTF_8, evidence);
    }
    legacy_guess(sample)
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
        return Some(Detection {
            bom_len,
            ..Detection::certain(encoding, Evidence::Bom)
        });
    }
    if let Some(encoding) = nul_pattern(head) {
        return Some(Detection {
            confidence: Confidence::Confident,
            ..Detection::certain(encoding, Evidence::NulPattern)
        });
    }
    iso2022jp_escapes(head, extent == Extent::Start)
        .map(|e| Detection::certain(e, Evidence::EscapeSequences))
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
    candidates.into_iter().find_map(|(encoding, width, low)| {
        // A third of the units ASCII with NUL high bytes, and no unit the
        // encoding would reject.
        let plausible = ascii_units(width, low) >= 0.3
            && encoding.codec().valid_prefix_len(bytes) + width > bytes.len();
        plausible.then_some(encoding)
    })
}

/// Region hints chardetng knows (a top-level domain each): asking as if the
/// text came from each region gives the candidates a text could be in.
const REGIONS: [&[u8]; 14] = [
    b"com", b"cz", b"ru", b"gr", b"tr", b"il", b"sa", b"lt", b"vn", b"th", b"cn", b"tw", b"jp",
    b"kr",
];

/// Guesses the legacy encoding of `bytes` (which are not valid UTF-8).
pub fn legacy_guess(bytes: &[u8]) -> Detection {
    let telling = telling_words(bytes);
    legacy_guess_by(&telling, |encoding| decode_lossy(encoding, &telling)).0
}

/// Bytes beyond ASCII that detection looks at: a kilobyte of them tells
/// code pages apart as well as twenty do.
const TELLING: usize = 512;

/// The words of `bytes` that hold bytes beyond ASCII, a space between
/// them, from the start until [`TELLING`] such bytes: all that tells one
/// code page from another (words of ASCII read the same in all of them).
/// Whitespace is never a byte of a multi-byte char in the encodings
/// guessed here, so no char is cut.
fn telling_words(bytes: &[u8]) -> Vec<u8> {
    let mut telling = Vec::new();
    let mut seen = 0;
    for word in bytes.split(|b| b.is_ascii_whitespace()) {
        let beyond = word.iter().filter(|b| !b.is_ascii()).count();
        if beyond == 0 {
            continue;
        }
        if !telling.is_empty() {
            telling.push(b' ');
        }
        telling.extend_from_slice(word);
        seen += beyond;
        if seen >= TELLING {
            break;
        }
    }
    telling
}

/// Guesses the legacy encoding of `bytes`, judging each candidate by the
/// text `render` makes of the bytes in it; also returns the best score.
/// chardetng's first choice keeps the lead unless another reads clearly
/// better.
pub fn legacy_guess_by(bytes: &[u8], render: impl Fn(Encoding) -> String) -> (Detection, f64) {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let mut candidates: Vec<Encoding> = Vec::new();
    for region in REGIONS {
        let guess = detector.guess(Some(region), Utf8Detection::Deny);
        if let Some(encoding) = Encoding::from_encoding_rs(guess)
            && !encoding.is_utf8()
            && !candidates.contains(&encoding)
        {
            candidates.push(encoding);
        }
    }
    // chardetng's own answer for a text of unknown origin.
    let first = candidates.first().copied();
    // The region hints all agreeing is chardetng being sure.
    let unanimous = candidates.len() == 1;
    // Encodings chardetng never proposes, and the commonest ones.
    for extra in [
        "windows-1252",
        "windows-1250",
        "windows-1251",
        "windows-1258",
        "macintosh",
        "x-mac-cyrillic",
    ] {
        let encoding = Encoding::for_label(extra).expect("a known label");
        if !candidates.contains(&encoding) {
            candidates.push(encoding);
        }
    }
    let scored: Vec<(Encoding, String, f64, Option<bool>)> = candidates
        .iter()
        .map(|&encoding| {
            let text = render(encoding);
            let (score, fits) = super::plausibility::judge(&text);
            (encoding, text, score, fits)
        })
        .collect();
    let first = first.map_or(0, |f| scored.iter().position(|s| s.0 == f).unwrap_or(0));
    let sound = |(_, _, score, fits): &(Encoding, String, f64, Option<bool>)| {
        *score >= PLAUSIBLE && *fits != Some(false)
    };
    // chardetng's choice stands unless it reads as no text, or another
    // sound candidate reads clearly better in the same alphabet (a code
    // page of the same language, where chardetng's models tell little
    // apart): then the best-reading sound candidate wins. (Plausibility
    // does not judge Han: CJK punctuation inside a sentence costs.)
    let best_sound = scored
        .iter()
        .enumerate()
        .filter(|(_, s)| sound(s))
        .max_by(|a, b| a.1.2.total_cmp(&b.1.2))
        .map(|(i, _)| i);
    let script = |i: usize| main_script(&scored[i].1.chars().collect::<Vec<_>>());
    let chosen = match best_sound {
        Some(best) if !sound(&scored[first]) => best,
        Some(best)
            if scored[best].2 >= scored[first].2 + CLEARLY_BETTER
                && script(best) == script(first)
                && script(first) != Script::Han =>
        {
            best
        }
        _ => first,
    };
    // Where the commonest code page reads the bytes exactly as the choice
    // does (a lone "é" is the same in windows-1250 and windows-1252), it
    // is the one named.
    let commonest = Encoding::for_label("windows-1252").expect("a known label");
    let chosen = scored
        .iter()
        .position(|s| s.0 == commonest && s.1 == scored[chosen].1)
        .unwrap_or(chosen);
    let (best, best_text, best_score, _) = scored[chosen].clone();
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
    // Sure when chardetng is sure whatever the region, or when its reading
    // is the only one that is some language's letters, over enough bytes.
    let rivals = scored
        .iter()
        .filter(|s| s.1 != best_text && sound(s) && s.3 == Some(true))
        .count();
    let only_reading = scored[chosen].3 == Some(true) && rivals == 0 && non_ascii >= 32;
    let confident = chosen == first
        && sound(&scored[chosen])
        && ((unanimous && non_ascii >= 8) || only_reading);
    let mut others: Vec<&(Encoding, String, f64, Option<bool>)> = scored
        .iter()
        .filter(|s| s.0 != best && s.1 != best_text)
        .collect();
    others.sort_by(|a, b| b.2.total_cmp(&a.2));
    let detection = Detection {
        encoding: best,
        evidence: Evidence::Guess,
        confidence: if confident {
            Confidence::Confident
        } else {
            Confidence::Tentative
        },
        alternatives: others.iter().map(|s| s.0).take(4).collect(),
        bom_len: 0,
    };
    (detection, best_score)
}

/// How much better than chardetng's choice another reading must read to
/// take its place (a letter in four reading as a case flip or a symbol
/// inside a word).
const CLEARLY_BETTER: f64 = 0.5;

/// The plausibility a reading needs before it is offered at all: letters,
/// mostly inside words (see [`plausibility`]).
pub const PLAUSIBLE: f64 = 1.0;

/// `bytes` decoded in `encoding`, undefined bytes as U+FFFD.
pub fn decode_lossy(encoding: Encoding, bytes: &[u8]) -> String {
    match encoding.encoding_rs() {
        Some(rs) => rs.decode_without_bom_handling(bytes).0.into_owned(),
        None => {
            let mut text = String::new();
            let mut at = 0;
            while at < bytes.len() {
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
    fn plausible_text_reads_better_than_mojibake() {
        assert!(plausibility("Привет, мир") > plausibility("оПХБЕР, ЛХП"));
        assert!(plausibility("café crème") > plausibility("caf\u{449} cr\u{448}me"));
        assert!(plausibility("« déjà »") > 0.0);
    }
}
