//! windows-1252's punctuation as a word processor types it: curly quotes,
//! dashes, an ellipsis, the euro sign (bytes 80–9F), and its signs (° ×
//! ½ © £ …), which other code pages read as letters ("It’s" is
//! macintosh's "Itís", "20 °C" EUC-KR's Hangul).

/// Whether every char of `text` beyond ASCII, and there is one, is one of
/// windows-1252's punctuation marks and symbols (at bytes 80–9F, and its
/// signs beyond them: ° © × ½ £ …) where typing sets it: an apostrophe
/// between letters or closing a word, an opening quote after no letter or
/// digit and before what it quotes, a closing one after what it quotes (a
/// word, or its last mark: “ok.”, “5 €”) and before no letter or digit,
/// the dashes and the like not between two letters, the signs touching no
/// letter. ("Perch‚ non" is IBM850's "Perché non", "cos“" macintosh's
/// "così", "se–or" its "señor".)
pub fn only_typography(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    // Whether there is a char at `at` and it is `such`.
    let is_at = |at: Option<usize>, such: fn(char) -> bool| {
        at.and_then(|at| chars.get(at)).is_some_and(|&c| such(c))
    };
    let word_char = |at| is_at(at, char::is_alphanumeric);
    let letter = |at| is_at(at, char::is_alphabetic);
    let quoted = |at| is_at(at, |c| !c.is_whitespace());
    let german_quotes = chars.contains(&'„');
    let mut any = false;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii() {
            continue;
        }
        any = true;
        let (before, after) = (word_char(i.checked_sub(1)), word_char(Some(i + 1)));
        let opening = !before && quoted(Some(i + 1));
        let closing = quoted(i.checked_sub(1)) && !after;
        let typed = match c {
            '’' => before || after,
            '‚' | '„' | '‘' | '‹' => opening,
            // (“ closes what „ opened in German; elsewhere it opens.)
            '“' => opening || (closing && german_quotes),
            '”' | '›' => closing,
            '–' | '—' | '…' | '€' | '™' | '†' | '‡' | '•' | '‰' => {
                !(before && after)
            }
            // Its signs at A0–BF, D7 and F7, touching no letter, as a
            // price, a measure or a notice sets them ("20 °C", "2×3",
            // "½ price", "© 2024"): other code pages have letters there
            // (IBM850's á í ó ú ñ, ISO-8859-2's Ł ą ś ź), which touch
            // letters. (Not ² ³ ¹ « », which follow letters where they
            // are Polish "był" and Slovak "byť" in ISO-8859-2.)
            '©' | '®' | '±' | '×' | '÷' | '½' | '¼' | '¾' | '§' | '¶' | '·' | '£' | '¥' | '¢'
            | '¿' | '¡' | '¬' | '\u{A0}' => !letter(i.checked_sub(1)) && !letter(Some(i + 1)),
            // (A degree sign comes before its scale: "20 °C".)
            '°' => !letter(i.checked_sub(1)),
            _ => false,
        };
        if !typed {
            return false;
        }
    }
    any
}

/// `text` with each apostrophe between letters taken out, so that the
/// letters around it make one word, as the letter-pair table's words
/// count them: "it’s" is priced as "its", not as "it" and "s".
pub fn apostrophes_joined(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let letter = |at: usize| chars.get(at).is_some_and(|c| c.is_alphabetic());
    (chars.iter().enumerate())
        .filter(|&(i, &c)| !(c == '’' && i > 0 && letter(i - 1) && letter(i + 1)))
        .map(|(_, &c)| c)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_dashes_count_only_where_typing_sets_them() {
        for typed in [
            "It’s a “test” — isn’t it?",
            "„Guten Tag“, sagte er.",
            "dell’anno",
            "5 € – ok…",
            "the ‘word’",
            "He said “ok.” and left",
            "Cost “5 €” – ok",
            "© 2024, 20 °C, 2×3, 4½ stars",
        ] {
            assert!(only_typography(typed), "{typed}");
        }
        for not_typed in [
            // Nothing beyond ASCII; a letter beyond it.
            "plain",
            "café’s",
            // A low quote closing a word, a quote closing one where no „
            // opened it, a dash inside a word, a closing quote opening one.
            "Perch‚ non",
            "cos“ parliamo",
            "se–or",
            "”word",
            "a “ b",
            "a×b",
            "m\u{A0}s",
            "lleg¢ ayer",
        ] {
            assert!(!only_typography(not_typed), "{not_typed}");
        }
    }

    #[test]
    fn an_apostrophe_between_letters_joins_them() {
        assert_eq!(apostrophes_joined("It’s John’s ’car’"), "Its Johns ’car’");
    }
}
