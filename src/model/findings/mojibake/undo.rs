//! One layer of garbling, undone: the chars that show UTF-8 bytes in a
//! single-byte encoding turned back into the chars those bytes spell.

use super::cjk::CjkCodec;
use super::garblers::{COUNT, Garbler, LOST_NO_BREAK_SPACE, byte_row, windows_1252};
use crate::model::cesu8::surrogate_pair;
use crate::model::encoding::is_common_letter;

/// One step by which text was garbled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// UTF-8 bytes read as a single-byte encoding (`latin1`: windows-1252
    /// whose bytes 80–9F were read as ISO-8859-1's C1 controls).
    Utf8As(&'static Garbler, bool),
    /// windows-1252 bytes read as ISO-8859-1: its quotes, dashes and €
    /// shown as C1 controls.
    Windows1252AsLatin1,
    /// UTF-8 bytes read as a multi-byte CJK encoding.
    Utf8AsCjk(&'static CjkCodec),
    /// Bytes of a CJK encoding read as windows-1252 (`latin1`: as
    /// ISO-8859-1, bytes 80–9F shown as C1 controls).
    CjkAsWindows1252(&'static CjkCodec, bool),
}

impl Layer {
    /// The encoding the bytes were read as, in words.
    pub fn read_as(self) -> &'static str {
        match self {
            Layer::Utf8As(_, true)
            | Layer::Windows1252AsLatin1
            | Layer::CjkAsWindows1252(_, true) => "ISO-8859-1",
            Layer::Utf8As(garbler, false) => garbler.name,
            Layer::Utf8AsCjk(codec) => codec.name,
            Layer::CjkAsWindows1252(_, false) => "windows-1252",
        }
    }
}

/// A layer undone.
#[derive(Debug)]
pub struct Undone {
    /// The text with the layer undone.
    pub text: String,
    /// The layer, as it turned out (whether C1 controls stood for bytes).
    pub layer: Layer,
    /// How many chars that show a byte beyond ASCII in the encoding were no
    /// part of a sequence undone: in a word garbled through this layer, only
    /// the chars garbling left alone ("’" in "l’Ã©galitÃ©").
    pub left: usize,
    /// How many sequences were undone.
    pub units: usize,
    /// How many `?` of the text stood for a byte a decoder lost, each now
    /// part of a U+FFFD: the byte was lost in the text as it stood too.
    pub question_marks_lost: usize,
}

/// A text to undo layers of garbling in: its chars, and the byte each
/// encoding shows each as ([`byte_row`]), looked up once for all the
/// layers tried on it.
pub struct Shown {
    text: String,
    chars: Vec<char>,
    /// Where each char starts in `text`, and its end.
    starts: Vec<usize>,
    rows: Vec<[u8; COUNT]>,
}

impl Shown {
    /// `text`, ready to undo layers in.
    pub fn new(text: &str) -> Shown {
        // (One pass, into room for as many chars as bytes.)
        let mut chars = Vec::with_capacity(text.len());
        let mut starts = Vec::with_capacity(text.len() + 1);
        let mut rows = Vec::with_capacity(text.len());
        for (at, c) in text.char_indices() {
            chars.push(c);
            starts.push(at);
            rows.push(byte_row(c));
        }
        starts.push(text.len());
        Shown {
            text: text.to_string(),
            chars,
            starts,
            rows,
        }
    }

    /// The text of chars `from..to`.
    fn slice(&self, from: usize, to: usize) -> &str {
        &self.text[self.starts[from]..self.starts[to]]
    }
}

/// Undoes `layer` in `text`: `None` when nothing in it was garbled so,
/// and for the CJK layers, which [`super::cjk`] undoes a word at a time.
/// `outermost`: this is the last layer garbling added, whose bytes may have
/// been lost to `?` or U+FFFD by a decoder that had no char for them.
pub fn undo(text: &Shown, layer: Layer, outermost: bool) -> Option<Undone> {
    match layer {
        Layer::Utf8As(garbler, _) => undo_utf8(text, garbler, Losses::of(garbler, outermost)),
        Layer::Windows1252AsLatin1 => undo_c1(&text.chars).map(|(text, units, left)| Undone {
            left,
            units,
            text,
            layer,
            question_marks_lost: 0,
        }),
        Layer::Utf8AsCjk(_) | Layer::CjkAsWindows1252(..) => None,
    }
}

/// Which chars of a text being undone stand for bytes lost on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Losses {
    /// None: each char is the byte it shows.
    None,
    /// U+FFFD, which undoing the layer outside this one made of a sequence
    /// that had lost a byte: that char was a byte of this layer too
    /// ("â�’" is the E2 ?? 92 of one char, "Ã¢â€\u{9d}â€™" with its U+009D lost).
    Replaced,
    /// `?` or U+FFFD, written by a decoder that had no char for a byte.
    Decoded,
}

impl Losses {
    /// What stands for a lost byte in the text that undoing `garbler`
    /// starts from: the outermost layer (the last garbling added) shows
    /// bytes its decoder had no char for, an inner one the chars the
    /// layers outside it lost.
    fn of(garbler: &Garbler, outermost: bool) -> Losses {
        match (outermost, garbler.has_holes()) {
            (true, true) => Losses::Decoded,
            (true, false) => Losses::None,
            (false, _) => Losses::Replaced,
        }
    }
}

/// The UTF-8 sequences `text` shows through `garbler`, decoded; the rest
/// kept. Besides whole sequences: surrogate pairs written as two 3-byte
/// sequences (CESU-8) become the char they encode, and a sequence whose
/// last bytes were lost to `?` or U+FFFD becomes U+FFFD, since what it said
/// cannot be known.
fn undo_utf8(text: &Shown, garbler: &'static Garbler, losses: Losses) -> Option<Undone> {
    let g = garbler.index();
    // The chars between sequences are kept as they are, copied as runs;
    // nothing is written until a first sequence is found (most layers
    // tried undo nothing).
    let mut out = String::new();
    let (mut units, mut latin1) = (0, false);
    // (Chars that show a byte, inside a sequence: the others are left.)
    let mut undone = 0;
    let mut question_marks_lost = 0;
    let mut kept_from = 0;
    for_each_sequence(text, garbler, losses, |at, used, meant| {
        if out.capacity() == 0 {
            out.reserve(text.text.len());
        }
        out.push_str(text.slice(kept_from, at));
        out.push(meant);
        let shown = &text.chars[at..at + used];
        question_marks_lost += shown.iter().filter(|&&c| c == '?').count();
        latin1 |= garbler.latin1_c1 && shown.iter().any(|&c| is_latin1_c1(c, garbler));
        units += 1;
        undone += text.rows[at..at + used]
            .iter()
            .filter(|row| row[g] != 0)
            .count();
        kept_from = at + used;
    });
    if units == 0 {
        return None;
    }
    out.push_str(text.slice(kept_from, text.chars.len()));
    let showing = text.rows.iter().filter(|row| row[g] != 0).count();
    Some(Undone {
        text: out,
        layer: Layer::Utf8As(garbler, latin1),
        left: showing - undone,
        units,
        question_marks_lost,
    })
}

/// Calls `each(at, used, meant)` on the UTF-8 sequences `text` shows
/// through `garbler`, in order: the one `used` chars from char `at` show
/// spells `meant`. (A sequence starts only at a char that shows a lead
/// byte.)
fn for_each_sequence(
    text: &Shown,
    garbler: &Garbler,
    losses: Losses,
    mut each: impl FnMut(usize, usize, char),
) {
    let (chars, g) = (&text.chars[..], garbler.index());
    let byte_at = |i: usize| text.rows.get(i).map(|row| row[g]).filter(|&b| b != 0);
    let mut i = 0;
    while i < chars.len() {
        let sequence = (0xC2..=0xF4)
            .contains(&text.rows[i][g])
            .then(|| sequence_at(i, &byte_at, chars, losses))
            .flatten();
        match sequence {
            Some((meant, used)) => {
                each(i, used, meant);
                i += used;
            }
            None => i += 1,
        }
    }
}

/// One sequence that undoing a layer undid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    /// The chars that showed it, each with the byte it stands for (`None`
    /// for a byte lost to `?` or U+FFFD).
    pub shown: Vec<(char, Option<u8>)>,
    /// The char it spells.
    pub meant: char,
}

/// The sequences that undoing `layer` in `text` undoes, in order (see
/// [`undo`] for `outermost`).
pub fn sequences(text: &Shown, layer: Layer, outermost: bool) -> Vec<Sequence> {
    let mut found = Vec::new();
    match layer {
        Layer::Utf8As(garbler, _) => {
            let losses = Losses::of(garbler, outermost);
            for_each_sequence(text, garbler, losses, |at, used, meant| {
                // (A `?` inside a sequence is a byte lost, never 3F.)
                let shown = (text.chars[at..at + used].iter())
                    .map(|&c| (c, garbler.byte_of(c).filter(|_| c != '?')))
                    .collect();
                found.push(Sequence { shown, meant });
            });
        }
        Layer::Windows1252AsLatin1 => {
            if let Some((undone, _, _)) = undo_c1(&text.chars) {
                for (&c, meant) in text.chars.iter().zip(undone.chars()) {
                    if c != meant {
                        let shown = vec![(c, Some(c as u32 as u8))];
                        found.push(Sequence { shown, meant });
                    }
                }
            }
        }
        Layer::Utf8AsCjk(_) | Layer::CjkAsWindows1252(..) => {
            let seen: String = text.chars.iter().collect();
            found = super::cjk::sequences(&seen, layer);
        }
    }
    found
}

/// Whether `c` is a C1 control that only ISO-8859-1 shows (windows-1252
/// has a char for its byte).
fn is_latin1_c1(c: char, garbler: &Garbler) -> bool {
    garbler.latin1_c1 && ('\u{80}'..='\u{9F}').contains(&c) && garbler.high[c as usize - 0x80] != c
}

/// Whether `c` may be what a sequence spells with a space taken for its
/// lost no-break space (A0): the no-break space itself, a common letter
/// ("Ã " is à, "Å " is Š, "Ð " is Р), a digit, or a symbol or punctuation
/// any script uses ("âš " is ⚠, E2 9A A0; the braille blank, E2 A0 80, is
/// a spacer in posts). Not a mark, a rare letter, another number, a
/// private-use char or a script's own symbol: "là ªC", "lâ µC", "lê µC",
/// "lî µC" and "lÉ ¥C" would be a Samaritan vowel sign, a braille
/// pattern, a North Indic fraction, a private-use char and an IPA letter.
fn fits_a_lost_space(c: char) -> bool {
    use unicode_general_category::{GeneralCategory as Category, get_general_category};
    use unicode_script::{Script, UnicodeScript};
    match get_general_category(c) {
        Category::UppercaseLetter
        | Category::LowercaseLetter
        | Category::TitlecaseLetter
        | Category::OtherLetter => is_common_letter(c),
        Category::DecimalNumber | Category::SpaceSeparator => true,
        Category::MathSymbol
        | Category::CurrencySymbol
        | Category::ModifierSymbol
        | Category::OtherSymbol
        | Category::ConnectorPunctuation
        | Category::DashPunctuation
        | Category::OpenPunctuation
        | Category::ClosePunctuation
        | Category::InitialPunctuation
        | Category::FinalPunctuation
        | Category::OtherPunctuation => c == '\u{2800}' || c.script() == Script::Common,
        _ => false,
    }
}

/// The char the UTF-8 sequence shown at `chars[i..]` spells, and how many
/// chars show it.
fn sequence_at(
    i: usize,
    byte_at: &impl Fn(usize) -> Option<u8>,
    chars: &[char],
    losses: Losses,
) -> Option<(char, usize)> {
    let lead = byte_at(i)?;
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    let mut have = 1;
    while have < len {
        match byte_at(i + have) {
            Some(b @ 0x80..=0xBF) => bytes[have] = b,
            _ => break,
        }
        have += 1;
    }
    if have < len {
        // Lost to `?` or U+FFFD: only after a valid start of a sequence.
        // A lone lead before "?" is more often a word before a question
        // mark ("Qué?"), so "?" stands for a byte only after the sequence
        // began, where the sequence goes on after it ("â?¬" is E2, a lost
        // byte, AC), or after C2 or C3 ("Ã?" was Á, Í, Ï, Ð or Ý, whose
        // second bytes windows-1252 has no char for). The reading is then
        // judged as any other, and one of plain text ("qué?”") reads
        // better than its U+FFFD.
        let goes_on_after = || len > 2 && matches!(byte_at(i + 2), Some(0x80..=0xBF));
        let latin1_lead = len == 2 && matches!(lead, 0xC2 | 0xC3);
        let lost = match chars.get(i + have) {
            Some('\u{FFFD}') => losses != Losses::None,
            Some('?') => losses == Losses::Decoded && (have > 1 || latin1_lead || goes_on_after()),
            _ => false,
        };
        // One guess a sequence: a byte lost to `?` after one guessed lost
        // to a space ("café ?") is too much guessing to undo correct text on.
        let guessed_space = chars[i..i + have].contains(&LOST_NO_BREAK_SPACE);
        let valid_start = std::str::from_utf8(&bytes[..have])
            .err()
            .is_some_and(|e| e.error_len().is_none());
        if !(lost && valid_start && !guessed_space) {
            return None;
        }
        // The bytes after the lost one that the sequence still needs are
        // its own: "ðŸ�°" is F0 9F, a lost byte, then B0, one char (🍰).
        // A sequence that then still lacks bytes lost two, which is one
        // guess too many: "â�Ž" read as windows-1254 (which has no Ž) is
        // no E2, a lost byte and a third lost with it.
        let mut used = have + 1;
        while used < len && matches!(byte_at(i + used), Some(0x80..=0xBF)) {
            used += 1;
        }
        return (used == len).then_some(('\u{FFFD}', used));
    }
    // A space taken for a lost no-break space is a guess: only a char
    // text is made of may come of it.
    let guessed = || chars[i..i + len].contains(&LOST_NO_BREAK_SPACE);
    let kept = |c: char| (!guessed() || fits_a_lost_space(c)).then_some((c, len));
    // (Every lead C2–DF with any continuation byte is a char: the commonest
    // sequence is decoded without the general check.)
    if len == 2 {
        let code = u32::from(lead & 0x1F) << 6 | u32::from(bytes[1] & 0x3F);
        return char::from_u32(code).and_then(kept);
    }
    if let Ok(s) = std::str::from_utf8(&bytes[..len]) {
        return s.chars().next().and_then(kept);
    }
    // A high surrogate (ED A0–AF xx) then a low one (ED B0–BF xx).
    if lead == 0xED {
        let pair = [
            bytes[0],
            bytes[1],
            bytes[2],
            byte_at(i + 3)?,
            byte_at(i + 4)?,
            byte_at(i + 5)?,
        ];
        return surrogate_pair(&pair).map(|pair| (pair.meant, 6));
    }
    None
}

/// C1 controls that stand for windows-1252 chars, replaced by those chars;
/// with how many were, and how many chars beyond ASCII were not C1. Only a
/// run of C1 controls that touches a letter is text ("\u{84}Hallo\u{93}");
/// one on its own, as between quotes, is meant.
fn undo_c1(chars: &[char]) -> Option<(String, usize, usize)> {
    let garbler = windows_1252();
    let is_c1 = |c: char| ('\u{80}'..='\u{9F}').contains(&c);
    if !chars.iter().any(|&c| is_c1(c)) {
        return None;
    }
    let mut out = String::with_capacity(chars.len() * 2);
    let mut units = 0;
    let mut left = 0;
    let mut i = 0;
    while i < chars.len() {
        if !is_c1(chars[i]) {
            left += usize::from(!chars[i].is_ascii());
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let end = chars[i..]
            .iter()
            .position(|&c| !is_c1(c))
            .map_or(chars.len(), |n| i + n);
        let letter = |at: Option<&char>| at.is_some_and(|c| c.is_alphabetic());
        let touches_letter =
            letter(i.checked_sub(1).and_then(|j| chars.get(j))) || letter(chars.get(end));
        for &c in &chars[i..end] {
            let shown = garbler.high[c as usize - 0x80];
            if touches_letter && shown != c {
                units += 1;
                out.push(shown);
            } else {
                out.push(c);
            }
        }
        i = end;
    }
    (units > 0).then_some((out, units, left))
}

#[cfg(test)]
mod tests {
    use super::super::garblers::GARBLERS;
    use super::*;

    fn chars_of(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    fn undo_1252(text: &str) -> Option<String> {
        undo(&Shown::new(text), Layer::Utf8As(GARBLERS[0], false), true).map(|u| u.text)
    }

    #[test]
    fn sequences_partial_words_cesu_and_lost_bytes() {
        assert_eq!(undo_1252("cafÃ©").as_deref(), Some("café"));
        assert_eq!(undo_1252("l’Ã©galitÃ©").as_deref(), Some("l’égalité"));
        assert_eq!(undo_1252("í\u{a0}½í¸\u{8d}").as_deref(), Some("😍"));
        assert_eq!(undo_1252("â€?").as_deref(), Some("\u{FFFD}"));
        // "?" for a byte lost after a lead: where the sequence goes on, or
        // after C2 and C3; not a lone lead before a question mark.
        assert_eq!(undo_1252("â?¬").as_deref(), Some("\u{FFFD}"));
        assert_eq!(undo_1252("Ã?Â¢").as_deref(), Some("\u{FFFD}¢"));
        assert_eq!(undo_1252("Ã©tÃ©? oui").as_deref(), Some("été? oui"));
        assert_eq!(undo_1252("â? ok"), None);
        assert_eq!(undo_1252("Ñ?"), None);
        assert_eq!(undo_1252("SÃO"), None);
        assert_eq!(
            undo(
                &Shown::new("Stra\u{c3}\u{9f}e"),
                Layer::Utf8As(GARBLERS[0], false),
                true
            )
            .map(|u| u.layer.read_as()),
            Some("ISO-8859-1")
        );
        assert_eq!(
            undo_c1(&chars_of("\u{84}Hallo\u{93}"))
                .map(|u| u.0)
                .as_deref(),
            Some("„Hallo“")
        );
        assert_eq!(undo_c1(&chars_of("intentional \u{81}")), None);
        assert_eq!(undo_c1(&chars_of("\"\u{80}\"")), None);
    }
}
