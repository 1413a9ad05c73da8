//! Whether a word is single-script in the sense of UTS #39, quickly for
//! the words of Chinese, Japanese and Korean text: the test walks every
//! char's script extensions (binary searches), and in text without
//! spaces the mixed-script test meets many such words.

use unicode_security::MixedScript;

/// Han ideographs (and in [`east_asian_script`], the blocks of them).
const HAN: u8 = 0x01;
/// Hiragana.
const HIRAGANA: u8 = 0x02;
/// Katakana.
const KATAKANA: u8 = 0x04;
/// Hangul syllables.
const HANGUL: u8 = 0x08;

/// The script of `c` if it is in a block whose every char has that script
/// alone as its script extensions (a test holds each block to it): CJK
/// ideographs and their extension A, hiragana, katakana (not the marks
/// and dots they share), Hangul syllables.
fn east_asian_script(c: char) -> Option<u8> {
    match c {
        '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' => Some(HAN),
        '\u{3041}'..='\u{3096}' => Some(HIRAGANA),
        '\u{30A1}'..='\u{30FA}' => Some(KATAKANA),
        '\u{AC00}'..='\u{D7A3}' => Some(HANGUL),
        _ => None,
    }
}

/// Whether `word` is single-script (UTS #39), as `is_single_script`
/// says: for a word of chars of [`east_asian_script`] alone, from their
/// scripts (one script; Han with kana, which is Japanese; Han with
/// Hangul, which is Korean), else by that test.
pub fn is_single_script(word: &str) -> bool {
    let mut scripts = 0;
    for c in word.chars() {
        match east_asian_script(c) {
            Some(script) => scripts |= script,
            None => return word.is_single_script(),
        }
    }
    scripts.count_ones() <= 1
        || scripts & !(HAN | HIRAGANA | KATAKANA) == 0
        || scripts & !(HAN | HANGUL) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_security::mixed_script::AugmentedScriptSet;

    /// A char of each script, in the order of the bits.
    const SAMPLES: [char; 4] = ['日', 'あ', 'ア', '한'];

    #[test]
    fn each_block_has_the_script_sets_of_its_sample() {
        let mut differ = Vec::new();
        for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
            if let Some(script) = east_asian_script(c) {
                let sample = SAMPLES[script.trailing_zeros() as usize];
                if AugmentedScriptSet::for_char(c) != AugmentedScriptSet::for_char(sample) {
                    differ.push(c);
                }
            }
        }
        assert_eq!(differ, Vec::<char>::new());
    }

    #[test]
    fn every_mix_of_the_scripts_is_judged_as_uts_39_judges_it() {
        for mix in 1..16u8 {
            let word: String = (0..4)
                .filter(|bit| mix & 1 << bit != 0)
                .map(|bit| SAMPLES[bit])
                .collect();
            assert_eq!(
                is_single_script(&word),
                word.as_str().is_single_script(),
                "{word}"
            );
        }
        // Words with other chars are judged by the test itself.
        for word in [
            "日本語のテキスト",
            "한국어",
            "東京タワー",
            "x日本",
            "あ한",
            "ΑΒΓ",
        ] {
            assert_eq!(is_single_script(word), word.is_single_script(), "{word}");
        }
    }
}
