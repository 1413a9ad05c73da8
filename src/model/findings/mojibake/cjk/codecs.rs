//! The multi-byte encodings of Japanese, Chinese and Korean that text is
//! misread as, or was written in before it was misread: each with the
//! reverse of its decoder (the bytes each char it decodes came from) and
//! the byte ranges of its everyday repertoire.

use std::sync::LazyLock;

use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GBK, SHIFT_JIS};

use crate::model::encoding::everyday_pairs::{self, EverydayPairs};

/// A multi-byte CJK encoding.
pub struct CjkCodec {
    /// Its name, as in encoding_rs (WHATWG): the decoder that garbled the
    /// text is WHATWG's (Shift_JIS is Windows' CP932, EUC-KR its CP949,
    /// GBK reads GB18030).
    pub name: &'static str,
    /// Its encoding_rs encoding.
    pub encoding: &'static Encoding,
    /// The byte pairs of the chars text in it is mostly made of.
    everyday: EverydayPairs,
    /// Its place in [`CJK_CODECS`].
    index: usize,
}

/// The CJK encodings tried, most common first: when two read a text the
/// same, its chain names the first.
pub static CJK_CODECS: [CjkCodec; 5] = [
    CjkCodec {
        name: "Shift_JIS",
        encoding: SHIFT_JIS,
        everyday: everyday_pairs::SHIFT_JIS,
        index: 0,
    },
    CjkCodec {
        name: "EUC-JP",
        encoding: EUC_JP,
        everyday: everyday_pairs::EUC_JP,
        index: 1,
    },
    CjkCodec {
        name: "GBK",
        encoding: GBK,
        everyday: everyday_pairs::GBK,
        index: 2,
    },
    CjkCodec {
        name: "Big5",
        encoding: BIG5,
        everyday: everyday_pairs::BIG5,
        index: 3,
    },
    CjkCodec {
        name: "EUC-KR",
        encoding: EUC_KR,
        everyday: everyday_pairs::EUC_KR,
        index: 4,
    },
];

impl std::fmt::Debug for CjkCodec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Each codec is one static: the same one is the same address.
impl PartialEq for CjkCodec {
    fn eq(&self, other: &CjkCodec) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for CjkCodec {}

impl CjkCodec {
    /// The bytes `c` was decoded from (ASCII for itself), or `None` if the
    /// decoder never gives it.
    pub fn bytes_of(&self, c: char) -> Option<Code> {
        if c.is_ascii() {
            return Some(Code::single(c as u8));
        }
        REVERSE[self.index].code_of(c)
    }

    /// How many chars its everyday repertoire holds: the narrower it is,
    /// the likelier that text made only of its chars was written in it.
    pub fn everyday_size(&self) -> usize {
        EVERYDAY[self.index].size
    }

    /// Its everyday repertoire's chars of the Basic Multilingual Plane, a
    /// bit each.
    pub fn everyday_bits(&self) -> &'static [u64; 1024] {
        &EVERYDAY[self.index].bits
    }

    /// Whether `code` is a pair of its everyday repertoire.
    pub fn is_everyday(&self, code: Code) -> bool {
        let [lead, trail, _] = code.bytes;
        code.len == 2 && self.everyday.holds(lead, trail)
    }
}

/// The one to three bytes a char was decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    /// The bytes, the unused ones 0.
    pub bytes: [u8; 3],
    /// How many there are.
    pub len: u8,
}

impl Code {
    fn single(byte: u8) -> Code {
        Code {
            bytes: [byte, 0, 0],
            len: 1,
        }
    }

    /// Its bytes.
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// The reverse of one codec's decoder.
struct Reverse {
    /// For each char of the Basic Multilingual Plane: its code, packed
    /// (length in the top byte), or 0.
    bmp: Vec<u32>,
    /// The few chars above it (Big5's HKSCS ideographs).
    astral: foldhash::HashMap<char, u32>,
}

impl Reverse {
    fn code_of(&self, c: char) -> Option<Code> {
        let packed = match self.bmp.get(c as usize) {
            Some(&packed) => packed,
            None => *self.astral.get(&c)?,
        };
        (packed != 0).then(|| {
            let [len, a, b, c] = packed.to_be_bytes();
            Code {
                bytes: [a, b, c],
                len,
            }
        })
    }

    fn keep(&mut self, c: char, bytes: &[u8]) {
        let mut packed = [0u8; 4];
        packed[0] = bytes.len() as u8;
        packed[1..1 + bytes.len()].copy_from_slice(bytes);
        let packed = u32::from_be_bytes(packed);
        // The first (lowest) code wins where two decode to the same char
        // (CP932's NEC and IBM duplicates): the one a UTF-8 lead byte
        // makes, where one does.
        match self.bmp.get_mut(c as usize) {
            Some(slot) if *slot == 0 => *slot = packed,
            Some(_) => {}
            None => {
                self.astral.entry(c).or_insert(packed);
            }
        }
    }
}

/// Every codec's codes, as the build script worked them out from its
/// decoder (`decoded::each_code`): per codec, how many, then each as the
/// char (u32, little endian), the count of its bytes and three bytes.
static CODES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cjk_codes.bin"));

/// The codes of codec `index` in [`CODES`]: each char and its bytes.
fn written_codes(index: usize) -> impl Iterator<Item = (char, &'static [u8])> {
    let mut at = 0;
    let count = |at: usize| u32::from_le_bytes(CODES[at..at + 4].try_into().unwrap()) as usize;
    for _ in 0..index {
        at += 4 + 8 * count(at);
    }
    CODES[at + 4..at + 4 + 8 * count(at)]
        .chunks_exact(8)
        .filter_map(|code| {
            let c = char::from_u32(u32::from_le_bytes(code[..4].try_into().ok()?))?;
            Some((c, &code[5..5 + usize::from(code[4])]))
        })
}

/// Each codec's reverse, made from its codes the first time a text is
/// read through one.
static REVERSE: LazyLock<Vec<Reverse>> =
    LazyLock::new(|| (0..CJK_CODECS.len()).map(reverse_of).collect());

/// The reverse of codec `index`, from its codes in order (the first code
/// of a char is kept).
fn reverse_of(index: usize) -> Reverse {
    let mut reverse = Reverse {
        bmp: vec![0; 0x10000],
        astral: foldhash::HashMap::default(),
    };
    for (c, code) in written_codes(index) {
        reverse.keep(c, code);
    }
    reverse
}

/// A codec's everyday repertoire: its chars of the Basic Multilingual
/// Plane, a bit each, and how many. (Apart from the reverse: the quick
/// test of every CJK line needs this, and not the whole reverse.)
struct Everyday {
    bits: Box<[u64; 1024]>,
    size: usize,
}

/// Each codec's everyday repertoire, worked out the first time a line of
/// CJK text is looked at.
static EVERYDAY: LazyLock<Vec<Everyday>> =
    LazyLock::new(|| CJK_CODECS.iter().map(everyday_of).collect());

/// The everyday repertoire of `codec`: the chars of its codes that are
/// everyday pairs.
fn everyday_of(codec: &CjkCodec) -> Everyday {
    let mut everyday = Everyday {
        bits: Box::new([0; 1024]),
        size: 0,
    };
    for (c, code) in written_codes(codec.index) {
        let &[lead, trail] = code else {
            continue;
        };
        let code = Code {
            bytes: [lead, trail, 0],
            len: 2,
        };
        let (word, bit) = (c as usize / 64, 1u64 << (c as usize % 64));
        if codec.is_everyday(code)
            && let Some(bits) = everyday.bits.get_mut(word)
            && *bits & bit == 0
        {
            *bits |= bit;
            everyday.size += 1;
        }
    }
    everyday
}

#[cfg(test)]
mod tests {
    use super::super::decoded;
    use super::*;

    #[test]
    fn the_codes_written_at_build_time_are_each_codecs_decoders() {
        for (index, codec) in CJK_CODECS.iter().enumerate() {
            assert_eq!(decoded::CODES_WRITTEN_FOR[index], codec.encoding);
            let mut decoded = Vec::new();
            decoded::each_code(codec.encoding, &mut |c, code| {
                decoded.push((c, code.to_vec()))
            });
            let written: Vec<(char, Vec<u8>)> = (written_codes(index))
                .map(|(c, code)| (c, code.to_vec()))
                .collect();
            assert!(decoded.len() > 7000, "{}: {}", codec.name, decoded.len());
            assert!(written == decoded, "{}", codec.name);
        }
    }

    #[test]
    fn each_char_goes_back_to_the_bytes_it_was_decoded_from() {
        let sjis = &CJK_CODECS[0];
        assert_eq!(sjis.bytes_of('縺').unwrap().as_slice(), [0xE3, 0x81]);
        assert_eq!(sjis.bytes_of('ｓ').unwrap().as_slice(), [0x82, 0x93]);
        assert_eq!(sjis.bytes_of('ｫ').unwrap().as_slice(), [0xAB]);
        assert_eq!(sjis.bytes_of('\u{80}').unwrap().as_slice(), [0x80]);
        assert_eq!(sjis.bytes_of('a').unwrap().as_slice(), [b'a']);
        assert!(sjis.bytes_of('é').is_none());
        let gbk = &CJK_CODECS[2];
        assert_eq!(gbk.bytes_of('涓').unwrap().as_slice(), [0xE4, 0xB8]);
        assert_eq!(gbk.bytes_of('€').unwrap().as_slice(), [0x80]);
        let euc_jp = &CJK_CODECS[1];
        // A JIS X 0212 kanji, which WHATWG's encoder does not write.
        assert_eq!(
            euc_jp.bytes_of('丂').unwrap().as_slice(),
            [0x8F, 0xB0, 0xA1]
        );
    }

    #[test]
    fn the_everyday_repertoire_is_kana_hangul_and_first_level_ideographs() {
        let code = |codec: &CjkCodec, c: char| codec.bytes_of(c).unwrap();
        let [sjis, _, gbk, big5, euc_kr] = &CJK_CODECS;
        assert!(sjis.is_everyday(code(sjis, 'こ')));
        assert!(!sjis.is_everyday(code(sjis, 'ｫ')));
        assert!(gbk.is_everyday(code(gbk, '中')));
        assert!(!gbk.is_everyday(code(gbk, '涓')));
        assert!(big5.is_everyday(code(big5, '中')));
        assert!(euc_kr.is_everyday(code(euc_kr, '한')));
        assert_eq!(euc_kr.everyday_size(), 2350 + 2 * 94);
        assert!(euc_kr.everyday_size() < gbk.everyday_size());
    }
}
