//! The byte pairs of each multi-byte CJK encoding that everyday text is
//! mostly made of: punctuation, full-width forms, kana or Hangul, and the
//! first level of ideographs. Text in an encoding keeps to them; the same
//! bytes read in another CJK encoding seldom do (Shift_JIS hiragana, lead
//! byte 82, are pairs outside GB2312 to GBK: "偙偺" for "この").

/// The everyday pairs of an encoding: ranges of codes (lead << 8 | trail,
/// inclusive), and the lowest trail byte of one (the EUC encodings and
/// GBK keep their national standard's pairs at A1–FE, and their
/// extensions, CP949's extra Hangul and GBK's extra hanzi, below).
#[derive(Debug, Clone, Copy)]
pub struct EverydayPairs {
    /// Ranges of codes, inclusive.
    pub ranges: &'static [(u16, u16)],
    /// The lowest trail byte of an everyday pair.
    pub min_trail: u8,
}

impl EverydayPairs {
    /// Whether the pair `lead`, `trail` is everyday.
    pub fn holds(&self, lead: u8, trail: u8) -> bool {
        let pair = u16::from_be_bytes([lead, trail]);
        trail >= self.min_trail
            && (self.ranges.iter()).any(|&(from, to)| (from..=to).contains(&pair))
    }
}

/// Shift_JIS: punctuation, full-width digits and letters, hiragana and
/// katakana, JIS level 1 kanji.
pub const SHIFT_JIS: EverydayPairs = EverydayPairs {
    ranges: &[(0x8140, 0x81AC), (0x824F, 0x8396), (0x889F, 0x9872)],
    min_trail: 0x40,
};

/// EUC-JP: the same repertoire as [`SHIFT_JIS`], at its own codes.
pub const EUC_JP: EverydayPairs = EverydayPairs {
    ranges: &[(0xA1A1, 0xA1FE), (0xA3B0, 0xA5F6), (0xB0A1, 0xCFD3)],
    min_trail: 0xA1,
};

/// GBK (and gb18030): punctuation, full-width forms, GB2312 level 1 hanzi.
pub const GBK: EverydayPairs = EverydayPairs {
    ranges: &[(0xA1A1, 0xA1FE), (0xA3A1, 0xA3FE), (0xB0A1, 0xD7F9)],
    min_trail: 0xA1,
};

/// Big5: punctuation, symbols and bopomofo, level 1 hanzi.
pub const BIG5: EverydayPairs = EverydayPairs {
    ranges: &[(0xA140, 0xA3BF), (0xA440, 0xC67E)],
    min_trail: 0x40,
};

/// EUC-KR: punctuation, full-width forms, the 2,350 Hangul of KS X 1001.
pub const EUC_KR: EverydayPairs = EverydayPairs {
    ranges: &[(0xA1A1, 0xA1FE), (0xA3A1, 0xA3FE), (0xB0A1, 0xC8FE)],
    min_trail: 0xA1,
};

/// The everyday pairs of `encoding` and how it splits its chars, if it is
/// a multi-byte CJK encoding that has them (not ISO-2022-JP, whose escapes
/// say what it is).
fn everyday_pairs(encoding: &'static encoding_rs::Encoding) -> Option<(EverydayPairs, Split)> {
    use encoding_rs as e;
    Some(match encoding {
        _ if encoding == e::SHIFT_JIS => (SHIFT_JIS, Split::ShiftJis),
        _ if encoding == e::EUC_JP => (EUC_JP, Split::EucJp),
        _ if encoding == e::GBK || encoding == e::GB18030 => (GBK, Split::Gbk),
        _ if encoding == e::BIG5 => (BIG5, Split::Pairs),
        _ if encoding == e::EUC_KR => (EUC_KR, Split::Pairs),
        _ => return None,
    })
}

/// How many of the chars beyond ASCII that `bytes` read as in `encoding`
/// are everyday pairs, and how many there are; `None` if `encoding` has no
/// everyday pairs. Chars are split as its decoder splits them (a
/// half-width katakana of Shift_JIS is one byte, a char of EUC-JP's third
/// plane three); a byte that begins no char counts as one.
pub fn everyday_share(
    encoding: &'static encoding_rs::Encoding,
    bytes: &[u8],
) -> Option<(usize, usize)> {
    let (pairs, split) = everyday_pairs(encoding)?;
    let (mut everyday, mut chars) = (0, 0);
    let mut at = 0;
    while at < bytes.len() {
        let lead = bytes[at];
        if lead < 0x80 {
            at += 1;
            continue;
        }
        let next = bytes.get(at + 1).copied();
        let len = match (split, lead) {
            (Split::ShiftJis, 0xA1..=0xDF) => 1,
            (Split::ShiftJis, 0x81..=0x9F | 0xE0..=0xFC) => 2,
            (Split::EucJp, 0x8E) => 2,
            (Split::EucJp, 0x8F) => 3,
            (Split::EucJp, 0xA1..=0xFE) => 2,
            // (GB18030's four-byte forms have a digit second.)
            (Split::Gbk, 0x81..=0xFE) if next.is_some_and(|b| b.is_ascii_digit()) => 4,
            (Split::Gbk | Split::Pairs, 0x81..=0xFE) => 2,
            _ => 1,
        };
        chars += 1;
        if len == 2
            && let Some(trail) = next
        {
            everyday += usize::from(pairs.holds(lead, trail));
        }
        at += len;
    }
    Some((everyday, chars))
}

/// How an encoding splits bytes beyond ASCII into chars.
#[derive(Clone, Copy)]
enum Split {
    /// A1–DF alone (half-width katakana), other leads in pairs.
    ShiftJis,
    /// 8F in threes, other leads in pairs.
    EucJp,
    /// Pairs, or fours with a digit second.
    Gbk,
    /// Pairs.
    Pairs,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keeps_to_its_own_encodings_everyday_pairs() {
        let japanese = "この本はとても面白いと思います。";
        let sjis = encoding_rs::SHIFT_JIS.encode(japanese).0;
        assert_eq!(
            everyday_share(encoding_rs::SHIFT_JIS, &sjis),
            Some((16, 16))
        );
        // Read as GBK, the same bytes are GBK's extension pairs.
        assert_eq!(everyday_share(encoding_rs::GBK, &sjis), Some((0, 16)));
        let chinese = "这本书非常有意思。";
        let gbk = encoding_rs::GBK.encode(chinese).0;
        assert_eq!(everyday_share(encoding_rs::GBK, &gbk), Some((9, 9)));
        // Read as Shift_JIS, GB2312's pairs are mostly half-width katakana.
        let (everyday, _) = everyday_share(encoding_rs::SHIFT_JIS, &gbk).unwrap();
        assert!(everyday <= 2, "{everyday}");
        assert_eq!(everyday_share(encoding_rs::WINDOWS_1252, b"caf\xe9"), None);
    }
}
