//! Text in a CJK encoding read as windows-1252 (or ISO-8859-1) and kept as
//! UTF-8 ("‚±‚ñ‚É‚¿‚Í" for Shift_JIS "こんにちは"), read back: each char
//! turned back into its windows-1252 byte, and those bytes read in the
//! CJK encoding.

use super::codecs::CjkCodec;
use crate::model::findings::mojibake::garblers::windows_1252;
use crate::model::findings::mojibake::undo::Sequence;

/// A word read back from windows-1252 through a CJK encoding.
#[derive(Debug)]
pub struct ReadBack {
    /// What it says.
    pub text: String,
    /// How many pairs of bytes it was.
    pub pairs: usize,
    /// Whether C1 controls stood for bytes 80–9F: it was read as
    /// ISO-8859-1.
    pub latin1: bool,
}

/// The bytes that windows-1252 has no char for: a decoder that read them
/// strictly wrote U+FFFD, and the byte is lost. Each is a lead byte and
/// a trail byte alike in Shift_JIS, GBK and EUC-KR, so that which one it
/// was does not change how the bytes pair up.
const UNDEFINED: [u8; 5] = [0x81, 0x8D, 0x8F, 0x90, 0x9D];

/// `word` read back through `codec`: `None` unless every char is a
/// windows-1252 (or ISO-8859-1) byte or U+FFFD for one it has no char
/// for, the bytes are not UTF-8 (that is the other kind of mojibake),
/// `codec` reads them whole, and every pair it reads is of its everyday
/// repertoire. A pair with a lost byte reads as U+FFFD.
pub fn read_back(word: &str, codec: &CjkCodec) -> Option<ReadBack> {
    let mut lost = Vec::new();
    let mut bytes = Vec::with_capacity(word.len());
    for c in word.chars() {
        if c == '\u{FFFD}' {
            lost.push(bytes.len());
            bytes.push(UNDEFINED[0]);
        } else {
            bytes.push(windows_1252().byte_of(c)?);
        }
    }
    if lost.is_empty() && std::str::from_utf8(&bytes).is_ok() {
        return None;
    }
    let decoded = codec
        .encoding
        .decode_without_bom_handling_and_without_replacement(&bytes)?;
    let mut text = String::with_capacity(decoded.len());
    let mut pairs = 0;
    let mut at = 0;
    for c in decoded.chars() {
        let code = codec.bytes_of(c)?;
        let len = code.as_slice().len();
        let holed = lost.iter().any(|&i| (at..at + len).contains(&i));
        at += len;
        if holed {
            text.push('\u{FFFD}');
            continue;
        }
        if !c.is_ascii() {
            if !codec.is_everyday(code) {
                return None;
            }
            pairs += 1;
        }
        text.push(c);
    }
    Some(ReadBack {
        text,
        pairs,
        latin1: word.chars().any(|c| ('\u{80}'..='\u{9F}').contains(&c)),
    })
}

/// The pairs that reading `seen` back through `codec` undoes, in order:
/// the chars that showed each byte, and the char the pair spells.
pub fn sequences(seen: &str, codec: &CjkCodec) -> Vec<Sequence> {
    let Some(back) = read_back(seen, codec) else {
        return Vec::new();
    };
    let mut chars = seen.chars();
    let mut found = Vec::new();
    for meant in back.text.chars() {
        let len = codec
            .bytes_of(meant)
            .map_or(1, |code| code.as_slice().len());
        let shown: Vec<(char, Option<u8>)> = chars
            .by_ref()
            .take(len)
            .map(|c| (c, windows_1252().byte_of(c)))
            .collect();
        if !meant.is_ascii() && meant != '\u{FFFD}' {
            found.push(Sequence { shown, meant });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::codecs::CJK_CODECS;
    use super::*;

    #[test]
    fn shift_jis_read_as_windows_1252_reads_back() {
        let [sjis, _, gbk, ..] = &CJK_CODECS;
        let back = read_back("‚±‚ñ‚É‚¿‚Í", sjis).unwrap();
        assert_eq!(
            (back.text.as_str(), back.pairs, back.latin1),
            ("こんにちは", 5, false)
        );
        // Not everyday Chinese in GBK.
        assert!(read_back("‚±‚ñ‚É‚¿‚Í", gbk).is_none());
        assert_eq!(read_back("ÖÐÎÄ", gbk).unwrap().text, "中文");
        assert!(read_back("café", sjis).is_none());
        // 今 is 8D A1, and windows-1252 has no char for 8D.
        let lossy = read_back("\u{FFFD}¡“ú‚Í", sjis).unwrap();
        assert_eq!((lossy.text.as_str(), lossy.pairs), ("\u{FFFD}日は", 2));
        let steps = sequences("‚±‚ñ", sjis);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].shown, [('‚', Some(0x82)), ('±', Some(0xB1))]);
        assert_eq!(steps[0].meant, 'こ');
    }
}
