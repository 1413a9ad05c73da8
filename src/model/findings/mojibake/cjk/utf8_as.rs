//! UTF-8 read as a CJK encoding ("縺薙ｓ縺ｫ縺｡縺ｯ" for "こんにちは", UTF-8
//! read as Shift_JIS), read back: each char turned back into the bytes the
//! decoder made it from, and those bytes read as UTF-8.

use super::codecs::CjkCodec;
use super::rebuild::Rebuilt;
use crate::model::findings::mojibake::undo::Sequence;

/// `word`, garbled by UTF-8 read as `codec`, read back; `None` when one of
/// its chars never came from that decoder or the bytes are not UTF-8. A
/// U+FFFD stands for bytes the decoder could not read, lost.
pub fn read_back(word: &str, codec: &CjkCodec) -> Option<Rebuilt> {
    let mut rebuilt = Rebuilt::default();
    for c in word.chars() {
        if c == '\u{FFFD}' {
            rebuilt.push(None);
            continue;
        }
        for &byte in codec.bytes_of(c)?.as_slice() {
            if !rebuilt.push(Some(byte)) {
                return None;
            }
        }
    }
    rebuilt.finish().then_some(rebuilt)
}

/// The sequences that reading `seen` back through `codec` undoes, in
/// order: each byte with the char that showed it (a char that showed two
/// bytes is there twice, or once in each of two sequences).
pub fn sequences(seen: &str, codec: &CjkCodec) -> Vec<Sequence> {
    let mut found = Vec::new();
    let mut shown: Vec<(char, Option<u8>)> = Vec::new();
    let mut bytes: Vec<u8> = Vec::new();
    for c in seen.chars() {
        let Some(code) = codec.bytes_of(c).filter(|_| c != '\u{FFFD}') else {
            // Bytes lost: the sequence they cut is not shown.
            shown.clear();
            bytes.clear();
            continue;
        };
        for &byte in code.as_slice() {
            if byte < 0x80 {
                shown.clear();
                bytes.clear();
                continue;
            }
            if (0x80..0xC0).contains(&byte) && bytes.is_empty() {
                continue;
            }
            shown.push((c, Some(byte)));
            bytes.push(byte);
            if let Ok(text) = std::str::from_utf8(&bytes)
                && let Some(meant) = text.chars().next()
            {
                found.push(Sequence {
                    shown: std::mem::take(&mut shown),
                    meant,
                });
                bytes.clear();
            } else if bytes.len() == 4 {
                shown.clear();
                bytes.clear();
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::codecs::CJK_CODECS;
    use super::*;

    #[test]
    fn japanese_read_as_shift_jis_reads_back() {
        let sjis = &CJK_CODECS[0];
        let back = read_back("縺薙ｓ縺ｫ縺｡縺ｯ", sjis).unwrap();
        assert_eq!(
            (back.text.as_str(), back.sequences, back.lost),
            ("こんにちは", 5, 0)
        );
        assert_eq!(read_back("cafﾃｩ", sjis).unwrap().text, "café");
        // Clean Japanese is not UTF-8 in Shift_JIS.
        assert!(read_back("今日は天気がとても良い", sjis).is_none());
        let steps = sequences("縺薙ｓ", sjis);
        assert_eq!(steps.len(), 2);
        assert_eq!((steps[0].meant, steps[1].meant), ('こ', 'ん'));
        assert_eq!(
            steps[0].shown,
            [('縺', Some(0xE3)), ('縺', Some(0x81)), ('薙', Some(0x93))]
        );
    }
}
