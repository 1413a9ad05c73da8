//! Mojibake through the multi-byte encodings of Japanese, Chinese and
//! Korean, both ways: UTF-8 read as Shift_JIS, EUC-JP, GBK, Big5 or EUC-KR
//! ("縺薙ｓ縺ｫ縺｡縺ｯ" for "こんにちは"), and text in one of those read as
//! windows-1252 ("‚±‚ñ‚É‚¿‚Í").
//!
//! A word is read back through each encoding (its chars turned back into
//! the bytes they were read from, those bytes read the other way). Clean
//! text almost never reads back at all: its bytes are not UTF-8, or not
//! the other encoding's. A reading counts only if the word shows signs of
//! garbling (rare ideographs, half-width katakana, C1 controls), the
//! reading is everyday text ([`everyday::reads_as_text`]), and the line
//! gives at least two sequences of evidence for the same way of garbling.
//! Where two ways read a word to different texts with as much evidence,
//! the word is reported with both and repaired through neither. Bytes
//! lost to U+FFFD stay lost: the repair says U+FFFD there.

mod codecs;
/// What a CJK decoder gives for each byte sequence, worked out from the
/// decoder itself: the build script writes every codec's codes into the
/// binary with it, and the tests check the codes written against it.
#[cfg(test)]
mod decoded;
mod everyday;
mod legacy_as;
mod rebuild;
mod utf8_as;

use std::sync::Arc;

pub use codecs::{CJK_CODECS, CjkCodec};

use super::chains::{LineJudgment, Memo};
use super::runs::add_repair;
use super::undo::{Layer, Sequence};
use super::{Chain, HeldBack, Mojibake, Reading};
use crate::model::ascii::{ascii_prefix, beyond_ascii_prefix};
use crate::model::findings::backend::Backend;
use crate::model::findings::byte_masks::{BEFORE, ByteMasks, ChunkTest, ChunkWindow, for_each_hit};
use crate::model::findings::mojibake::garblers::{GARBLERS, windows_1252};

/// How many sequences of evidence a line must give for UTF-8 read as a
/// CJK encoding before any word is repaired that way: one sequence alone
/// (a word of one char) is too often a coincidence.
const MIN_EVIDENCE: usize = 2;

/// How many pairs a line must give for a CJK encoding read as
/// windows-1252: windows-1252's letters and symbols make everyday pairs of
/// GBK, Big5 or EUC-KR by chance ("¬£" is 洧 in GBK) where two or three
/// stand together, and text garbled so is seldom as short.
const MIN_LEGACY_EVIDENCE: usize = 4;

/// The most readings a word left ambiguous lists.
const MAX_READINGS: usize = 3;

/// One way a word reads back, and how many sequences it undid.
pub(super) struct Back {
    layer: Layer,
    text: String,
    evidence: usize,
}

/// The CJK mojibake runs of `text[start..end]` (one line), in order.
///
/// A line is repaired whole or not at all: once its words show one way of
/// garbling clearly, every word beyond ASCII must read back that way (a
/// word of one char, or one whose bytes were all lost, too); if one does
/// not, the line was not garbled that way alone and nothing is repaired:
/// the words that read back are reported, held back, with the first word
/// that does not ("ÖÐÎÄ±±¾©ÊÇ 中文").
/// (Each word's readings, and the runs of a line that may hold some, are
/// kept in `memo`: words and lines recur.)
pub(super) fn find_in_line(memo: &mut Memo, text: &str, start: usize, end: usize) -> Vec<Mojibake> {
    if !may_hold(&text[start..end]) {
        return Vec::new();
    }
    memo.runs_of_line(LineJudgment::Cjk, text, start, end, read_back_line)
}

/// [`find_in_line`] of a line that [`may_hold`] CJK mojibake (ranges in it).
fn read_back_line(memo: &mut Memo, line: &str) -> Vec<Mojibake> {
    let words: Vec<(usize, &str, Arc<[Back]>)> = words_of(line)
        .filter(|(_, word)| !word.is_ascii())
        .map(|(at, word)| (at, word, memo.cjk_read_backs(word)))
        .collect();
    let Some(ways) = clearest_ways(words.iter().flat_map(|(_, _, backs)| backs.iter())) else {
        return Vec::new();
    };
    let mut read: Vec<(std::ops::Range<usize>, Vec<Reading>)> = Vec::new();
    let mut left = None;
    for (at, word, backs) in words {
        let mut found: Vec<(Layer, String)> = (backs.iter())
            .filter(|b| ways.contains(&way(b.layer)))
            .map(|b| (b.layer, b.text.clone()))
            .collect();
        if found.is_empty() {
            found = (ways.iter())
                .filter_map(|&layer| read_back_beside(word, layer))
                .collect();
        }
        let mut readings: Vec<Reading> = Vec::new();
        for (layer, text) in found {
            if !readings.iter().any(|r| r.text == text) {
                readings.push(Reading {
                    chain: Chain(vec![layer]),
                    text,
                });
            }
        }
        if readings.is_empty() {
            left = left.or(Some(word));
            continue;
        }
        read.push((at..at + word.len(), readings));
    }
    if let Some(word) = left {
        let held_back = HeldBack::LineNotGarbledWhole {
            word: word.to_string(),
        };
        return (read.into_iter())
            .filter(|(_, readings)| readings.len() == 1)
            .map(|(range, readings)| Mojibake {
                range,
                readings,
                held_back: Some(held_back.clone()),
            })
            .collect();
    }
    // Every pair of the line read through each way counts in how much
    // likelier the narrowest way is.
    let pairs: usize = (read.iter())
        .map(|(_, readings)| {
            (readings.iter())
                .map(|r| {
                    r.text
                        .chars()
                        .filter(|c| !c.is_ascii() && *c != '\u{FFFD}')
                        .count()
                })
                .min()
                .unwrap_or(0)
        })
        .sum();
    let mut runs = Vec::new();
    for (range, mut readings) in read {
        if readings.len() > 1
            && let Some(only) = narrowest(&readings, pairs)
        {
            readings = vec![only];
        }
        if readings.len() == 1 {
            add_repair(line, range, readings.remove(0), &mut runs);
        } else {
            readings.truncate(MAX_READINGS);
            runs.push(Mojibake {
                range,
                readings,
                held_back: None,
            });
        }
    }
    runs
}

/// A way of garbling, whatever a word's detail (whether windows-1252 was
/// read as ISO-8859-1).
fn way(layer: Layer) -> Layer {
    match layer {
        Layer::CjkAsWindows1252(codec, _) => Layer::CjkAsWindows1252(codec, false),
        layer => layer,
    }
}

/// The ways a line's words (`backs`, each word's readings) were garbled
/// by: of those with the evidence they need, the ones with the most to
/// spare; `None` if none has enough.
fn clearest_ways<'a>(backs: impl Iterator<Item = &'a Back>) -> Option<Vec<Layer>> {
    let mut evidence: Vec<(Layer, usize)> = Vec::new();
    for back in backs {
        match evidence.iter_mut().find(|(l, _)| *l == way(back.layer)) {
            Some((_, n)) => *n += back.evidence,
            None => evidence.push((way(back.layer), back.evidence)),
        }
    }
    let spare = |&(layer, n): &(Layer, usize)| {
        let needed = match layer {
            Layer::CjkAsWindows1252(..) => MIN_LEGACY_EVIDENCE,
            _ => MIN_EVIDENCE,
        };
        n.checked_sub(needed)
    };
    let most = evidence.iter().filter_map(spare).max()?;
    Some(
        (evidence.iter())
            .filter(|e| spare(e) == Some(most))
            .map(|&(layer, _)| layer)
            .collect(),
    )
}

/// `word` read back through `layer`, the way its line was garbled: as
/// [`read_backs`] reads it, but without the evidence a word alone must
/// give (a char at least, a sign of garbling, two pairs).
fn read_back_beside(word: &str, layer: Layer) -> Option<(Layer, String)> {
    match layer {
        Layer::Utf8AsCjk(codec) => {
            let back = utf8_as::read_back(word, codec)?;
            (back.text != word && everyday::reads_as_text(&back.text)).then_some((layer, back.text))
        }
        Layer::CjkAsWindows1252(codec, _) => {
            let back = legacy_as::read_back(word, codec)?;
            everyday::is_legacy_text(&back.text, codec)
                .then_some((Layer::CjkAsWindows1252(codec, back.latin1), back.text))
        }
        _ => None,
    }
}

/// How much likelier, at least, the reading through the narrowest
/// repertoire must be than through the next before it is taken.
const NARROWEST_ODDS: f64 = 100.0;

/// Of `readings` of bytes in CJK encodings read as windows-1252, all
/// everyday in their encodings, the one through the encoding with the
/// narrowest everyday repertoire, when `pairs` pairs make it at least
/// [`NARROWEST_ODDS`] times likelier than the next: text that uses only
/// the 2,350 Hangul of EUC-KR is Korean, not Chinese that happens to use
/// only those of GBK's 3,755 everyday hanzi that share their bytes.
fn narrowest(readings: &[Reading], pairs: usize) -> Option<Reading> {
    let sizes: Option<Vec<(usize, &Reading)>> = readings
        .iter()
        .map(|r| match r.chain.0.as_slice() {
            [Layer::CjkAsWindows1252(codec, _)] => Some((codec.everyday_size(), r)),
            _ => None,
        })
        .collect();
    let mut sizes = sizes?;
    sizes.sort_by_key(|&(size, _)| size);
    let [(narrowest, reading), (next, _), ..] = sizes.as_slice() else {
        return None;
    };
    let odds = (*next as f64 / *narrowest as f64).powi(pairs as i32);
    (odds >= NARROWEST_ODDS).then(|| (*reading).clone())
}

/// The lines of `text` to judge, in order: those the single-byte quick
/// test stopped in (`stopped`, in order; text in a CJK encoding read as
/// windows-1252 shows a UTF-8 lead byte before a continuation byte there,
/// "É‚" being C9 82, in all but a few words), and those with a byte that
/// begins a char at U+3000 or above, found by a vector search on
/// `backend`.
pub(super) fn lines_to_judge(
    text: &str,
    stopped: &[(usize, usize)],
    backend: Backend,
) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut wide = Vec::new();
    // (One walk, going on from the end of each line found.)
    for_each_hit::<WideLeads>(backend, bytes, |hit| {
        let start = memchr::memrchr(b'\n', &bytes[..hit]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &bytes[hit..]).map_or(bytes.len(), |i| hit + i + 1);
        wide.push((start, end));
        end
    });
    let mut lines = Vec::with_capacity(wide.len() + stopped.len());
    let (mut w, mut s) = (wide.iter().peekable(), stopped.iter().peekable());
    loop {
        let next = match (w.peek(), s.peek()) {
            (Some(&&a), Some(&&b)) if a.0 <= b.0 => w.next(),
            (_, Some(_)) => s.next(),
            (Some(_), None) => w.next(),
            (None, None) => break,
        };
        if let Some(&line) = next
            && lines.last() != Some(&line)
        {
            lines.push(line);
        }
    }
    lines
}

/// The bytes that may begin a char at U+3000 or above (E3–FF), for
/// [`for_each_hit`].
struct WideLeads;

impl ChunkTest for WideLeads {
    type Carry = ();

    #[inline(always)]
    fn hits<M: ByteMasks>(token: M::Token, window: &ChunkWindow, _: &mut ()) -> u64 {
        M::load(token, window, BEFORE).at_least(0xE3)
    }
}

/// Where the first byte of `bytes` is that may begin a char at U+3000 or
/// above (E3–FF), for short texts (a line, a word).
fn first_wide_byte(bytes: &[u8]) -> Option<usize> {
    const CHUNK: usize = 64;
    let mut at = 0;
    for chunk in bytes.chunks(CHUNK) {
        // (A branch-free fold over a chunk: vector code.)
        if chunk.iter().fold(false, |any, &b| any | (b >= 0xE3)) {
            return chunk.iter().position(|&b| b >= 0xE3).map(|i| at + i);
        }
        at += chunk.len();
    }
    None
}

/// Whether a line may hold CJK mojibake: four chars in a row that are
/// windows-1252's bytes beyond ASCII, one of them a letter (what a CJK
/// encoding read as windows-1252 shows), or a sign of garbling through a
/// CJK encoding ([`everyday::is_garbling_sign`]: what UTF-8 read as one
/// shows). Most lines, clean CJK ones too, fail in one pass.
pub(super) fn may_hold(line: &str) -> bool {
    // Bytes first, by vector searches: a char at U+3000 or above (UTF-8
    // lead E3 or more: CJK, half-width forms, private use, U+FFFD), and a
    // letter of windows-1252 (lead C3, C5 or C6: À–ÿ, Œ, Š, Ÿ, Ž, ƒ), which
    // text read as windows-1252 always shows.
    let bytes = line.as_bytes();
    let latin = memchr::memchr3(0xC3, 0xC5, 0xC6, bytes).is_some();
    (latin && has_windows_1252_run(bytes))
        || (first_wide_byte(bytes).is_some() && has_garbling_sign(bytes))
}

/// Whether the UTF-8 text `bytes` holds four chars in a row that are
/// windows-1252's bytes beyond ASCII.
fn has_windows_1252_run(bytes: &[u8]) -> bool {
    let mut run = 0;
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            // A run of ASCII ends a run, at once (most of a line); and so
            // does the next, passed over, if it is too short to hold four
            // chars beyond ASCII (of two bytes or more each): "l’é", "«".
            0x00..=0x7F => {
                run = 0;
                at += ascii_prefix(&bytes[at..]);
                let beyond = beyond_ascii_prefix(&bytes[at..]);
                if beyond < 8 {
                    at += beyond;
                }
                continue;
            }
            // Their lead bytes: C2 C3 (U+0080–U+00FF), C5 C6 CB (Œ š Ÿ ž ƒ
            // ˆ ˜), E2 (quotes, dashes, € … ™).
            0xC2 | 0xC3 | 0xC5 | 0xC6 | 0xCB | 0xE2 => {
                run += 1;
                if run == 4 {
                    return true;
                }
            }
            0x80..=0xBF => {}
            _ => run = 0,
        }
        at += 1;
    }
    false
}

/// Whether the UTF-8 text `bytes` holds a char that
/// [`everyday::is_garbling_sign`], read a byte at a time (CJK text is
/// mostly chars of three bytes, each looked up in a table of bits).
fn has_garbling_sign(bytes: &[u8]) -> bool {
    let signs = everyday::signs();
    let is_sign = |code: usize| signs[(code >> 6) & 0x3FF] & (1 << (code & 63)) != 0;
    // (Slice patterns, so that no byte is checked against the length.)
    let mut rest = bytes;
    loop {
        rest = match rest {
            [lead @ 0xE0..=0xEF, b1, b2, more @ ..] => {
                let code = (usize::from(lead & 0x0F) << 12)
                    | (usize::from(b1 & 0x3F) << 6)
                    | usize::from(b2 & 0x3F);
                if is_sign(code) {
                    return true;
                }
                more
            }
            [lead @ 0xC0..=0xDF, b1, more @ ..] => {
                if is_sign((usize::from(lead & 0x1F) << 6) | usize::from(b1 & 0x3F)) {
                    return true;
                }
                more
            }
            // (Above the plane: the ideographs of the supplementary
            // planes, U+20000–U+3FFFF, are all signs.)
            [lead @ 0xF0..=0xFF, b1, _, _, more @ ..] => {
                let plane = (usize::from(lead & 0x07) << 2) | usize::from((b1 >> 4) & 0x03);
                if (2..=3).contains(&plane) {
                    return true;
                }
                more
            }
            // A run of ASCII at once (the line's spaces, digits, Latin).
            [0x00..=0x7F, ..] => &rest[ascii_prefix(rest)..],
            [_, more @ ..] => more,
            [] => return false,
        };
    }
}

/// The words of `line` (split at ASCII whitespace) with their offsets.
fn words_of(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_ascii_whitespace()
        .map(move |word| (word.as_ptr() as usize - line.as_ptr() as usize, word))
}

/// Every way `word` reads back that is everyday text.
pub(super) fn read_backs(word: &str) -> Vec<Back> {
    let mut backs = Vec::new();
    if word.chars().any(everyday::is_garbling_sign) {
        for codec in &CJK_CODECS {
            let Some(back) = utf8_as::read_back(word, codec) else {
                continue;
            };
            if back.text != word
                && back.sequences > back.lost
                && everyday::reads_as_text(&back.text)
            {
                backs.push(Back {
                    layer: Layer::Utf8AsCjk(codec),
                    text: back.text,
                    evidence: back.sequences,
                });
            }
        }
    }
    // (windows-1252 has no char at U+3000 or above: but U+FFFD may stand
    // for a byte it has no char for.)
    if word.chars().any(|c| c >= '\u{3000}' && c != '\u{FFFD}') {
        return backs;
    }
    let high = word
        .chars()
        .filter(|&c| !c.is_ascii() && windows_1252().byte_of(c).is_some())
        .count();
    // (A run of windows-1252's symbols alone, "°±²³´µ¶·", is a list of
    // them, not text: CJK text read so shows letters (bytes C0–FF) too.)
    let letter = word.chars().any(|c| {
        matches!(c, 'À'..='ÿ' | 'Š' | 'Œ' | 'Ž' | 'š' | 'œ' | 'ž' | 'Ÿ' | 'ƒ')
            && c != '×'
            && c != '÷'
    });
    if high >= 4 && letter && !is_utf8_misread(word) {
        for codec in &CJK_CODECS {
            let Some(back) = legacy_as::read_back(word, codec) else {
                continue;
            };
            let lost = back.text.matches('\u{FFFD}').count();
            if back.pairs >= 2
                && back.pairs > lost
                && everyday::is_legacy_reading(&back.text, codec)
            {
                backs.push(Back {
                    layer: Layer::CjkAsWindows1252(codec, back.latin1),
                    text: back.text,
                    evidence: back.pairs,
                });
            }
        }
    }
    backs
}

/// Whether `word` is UTF-8 read as one of the single-byte encodings, whole:
/// every char one of its bytes, and those bytes UTF-8 with a sequence
/// beyond ASCII ("–°–™" is Cyrillic read as macintosh). Such a word is
/// that kind of mojibake, read as Shift_JIS or GBK only by chance.
fn is_utf8_misread(word: &str) -> bool {
    GARBLERS.iter().any(|garbler| {
        let bytes: Option<Vec<u8>> = word.chars().map(|c| garbler.byte_of(c)).collect();
        bytes.is_some_and(|bytes| !bytes.is_ascii() && std::str::from_utf8(&bytes).is_ok())
    })
}

/// The sequences that undoing a CJK `layer` in `seen` undoes (none for
/// another layer).
pub(super) fn sequences(seen: &str, layer: Layer) -> Vec<Sequence> {
    match layer {
        Layer::Utf8AsCjk(codec) => utf8_as::sequences(seen, codec),
        Layer::CjkAsWindows1252(codec, _) => legacy_as::sequences(seen, codec),
        _ => Vec::new(),
    }
}

/// Whether the word of `text` that holds `range` shows garbling through a
/// CJK encoding: a CJK char (which no single-byte encoding has) and a
/// half-width katakana, a private-use char or U+FFFD. A single-byte reading in such a word is a
/// coincidence ("Μ�" in "�磯Μ��", Korean read as EUC-JP, is not Greek read
/// as windows-1253 with a byte lost).
pub(super) fn in_cjk_garbling(text: &str, range: &std::ops::Range<usize>) -> bool {
    let bytes = text.as_bytes();
    let from = (bytes[..range.start].iter())
        .rposition(u8::is_ascii_whitespace)
        .map_or(0, |i| i + 1);
    let to = (bytes[range.end..].iter())
        .position(u8::is_ascii_whitespace)
        .map_or(text.len(), |i| range.end + i);
    // (Not a rare ideograph alone: clean text has them, and a Japanese
    // sentence with some letters garbled through windows-1252 is that.)
    let word = &text[from..to];
    // (Every char of both kinds is at U+3000 or above: most words garbled
    // through a single-byte encoding have none.)
    if first_wide_byte(word.as_bytes()).is_none() {
        return false;
    }
    let strong_sign =
        |c: char| matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{FF61}'..='\u{FF9F}' | '\u{FFFD}');
    word.chars().any(everyday::is_cjk) && word.chars().any(strong_sign)
}

/// Whether `c` shows two bytes through `layer` (a char of a CJK encoding
/// read as UTF-8's bytes), so that a step names it once for both.
pub(super) fn shows_two_bytes(layer: Layer, c: char) -> bool {
    match layer {
        Layer::Utf8AsCjk(codec) => codec.bytes_of(c).is_some_and(|code| code.len == 2),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_four_windows_1252_chars_is_found_however_short() {
        // Four chars of two bytes, the shortest run: eight bytes beyond
        // ASCII, which a run passed over must be shorter than.
        for (line, run) in [
            ("a ÃƒÂ© b", true),
            ("ÃƒÂ©", true),
            ("x‚±‚ñ y", true),
            ("a ÃƒÂ b", false),
            ("l’été «x»", false),
            ("a Ãƒ Â© b", false),
        ] {
            assert_eq!(has_windows_1252_run(line.as_bytes()), run, "{line}");
        }
    }

    fn found(line: &str) -> Vec<Mojibake> {
        find_in_line(
            &mut Memo::new(Arc::default(), Backend::best()),
            line,
            0,
            line.len(),
        )
    }

    fn repaired(line: &str) -> String {
        super::super::with_repairs(line, &found(line))
    }

    #[test]
    fn cjk_mojibake_is_repaired_both_ways() {
        assert_eq!(repaired("縺薙ｓ縺ｫ縺｡縺ｯ"), "こんにちは");
        assert_eq!(repaired("‚±‚ñ‚É‚¿‚Í"), "こんにちは");
        assert_eq!(repaired("Le cafﾃｩ est trﾃｨs bon"), "Le café est très bon");
        assert_eq!(
            repaired("³o¥»®Ñ«D±`¦³·N«ä¡A§Ú¤w¸g¬Ý¤F¨â¹M¡C"),
            "這本書非常有意思，我已經看了兩遍。"
        );
        assert_eq!(
            repaired("¿À´ÃÀº ³¯¾¾°¡ Á¤¸» ÁÁ½À´Ï´Ù."),
            "오늘은 날씨가 정말 좋습니다."
        );
    }

    #[test]
    fn clean_cjk_is_left_alone() {
        for line in [
            "今日は天気がとても良いので、公園を散歩しました。",
            "北京是中华人民共和国的首都。",
            "오늘은 날씨가 정말 좋습니다.",
            "這本書非常有意思，我已經看了兩遍。",
            "ｶﾀｶﾅ ﾃﾞｰﾀ",
        ] {
            assert!(found(line).is_empty(), "{line}");
        }
    }
}
