//! The letters beyond ASCII that each language writes with: text whose
//! letters all belong to one language's alphabet reads as real writing;
//! letters no single language combines (õ with û, Portuguese with French)
//! are a sign of the wrong code page. This decides between readings that
//! are each made of letters, where letter counts alone cannot.

/// A language a text is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language {
    /// Its English name (`Polish`).
    pub name: &'static str,
    /// Its ISO 639-1 code (`pl`).
    pub code: &'static str,
}

/// The non-ASCII lowercase letters of each language (Latin, Cyrillic and
/// Greek scripts; other scripts have one legacy encoding each), and the
/// language named when a text's letters fit its alphabet alone (none for
/// letters many languages share).
const ALPHABETS: [(Option<Language>, &str); 34] = [
    (
        Some(Language {
            name: "French",
            code: "fr",
        }),
        "àâæçéèêëîïôœùûüÿ",
    ), // French
    (
        Some(Language {
            name: "German",
            code: "de",
        }),
        "äöüß",
    ), // German
    (
        Some(Language {
            name: "Spanish",
            code: "es",
        }),
        "áéíñóúü",
    ), // Spanish
    (
        Some(Language {
            name: "Portuguese",
            code: "pt",
        }),
        "àáâãçéêíóôõú",
    ), // Portuguese
    (
        Some(Language {
            name: "Italian",
            code: "it",
        }),
        "àèéìíîòóùú",
    ), // Italian
    (
        Some(Language {
            name: "Dutch",
            code: "nl",
        }),
        "áäéëíïóöúü",
    ), // Dutch
    (
        Some(Language {
            name: "Swedish",
            code: "sv",
        }),
        "åäöé",
    ), // Swedish, Finnish
    (
        Some(Language {
            name: "Danish",
            code: "da",
        }),
        "æøåé",
    ), // Danish, Norwegian
    (
        Some(Language {
            name: "Icelandic",
            code: "is",
        }),
        "áðéíóúýþæö",
    ), // Icelandic
    (
        Some(Language {
            name: "Catalan",
            code: "ca",
        }),
        "àçèéíïòóúü",
    ), // Catalan
    (
        Some(Language {
            name: "Albanian",
            code: "sq",
        }),
        "çë",
    ), // Albanian
    (
        Some(Language {
            name: "Polish",
            code: "pl",
        }),
        "ąćęłńóśźż",
    ), // Polish
    (
        Some(Language {
            name: "Czech",
            code: "cs",
        }),
        "áčďéěíňóřšťúůýž",
    ), // Czech
    (
        Some(Language {
            name: "Slovak",
            code: "sk",
        }),
        "áäčďéíĺľňóôŕšťúýž",
    ), // Slovak
    (
        Some(Language {
            name: "Hungarian",
            code: "hu",
        }),
        "áéíóöőúüű",
    ), // Hungarian
    (
        Some(Language {
            name: "Romanian",
            code: "ro",
        }),
        "ăâîșțşţ",
    ), // Romanian
    (
        Some(Language {
            name: "Turkish",
            code: "tr",
        }),
        "çğıöşüâî",
    ), // Turkish
    (
        Some(Language {
            name: "Croatian",
            code: "hr",
        }),
        "čćđšž",
    ), // Croatian, Bosnian, Slovenian
    (
        Some(Language {
            name: "Estonian",
            code: "et",
        }),
        "äöõüšž",
    ), // Estonian
    (
        Some(Language {
            name: "Latvian",
            code: "lv",
        }),
        "āčēģīķļņšūž",
    ), // Latvian
    (
        Some(Language {
            name: "Lithuanian",
            code: "lt",
        }),
        "ąčęėįšųūž",
    ), // Lithuanian
    (
        Some(Language {
            name: "Welsh",
            code: "cy",
        }),
        "ŵŷâêîôûáéíóúäëïöü",
    ), // Welsh
    (
        Some(Language {
            name: "Esperanto",
            code: "eo",
        }),
        "ĉĝĥĵŝŭ",
    ), // Esperanto
    (
        Some(Language {
            name: "Russian",
            code: "ru",
        }),
        "абвгдежзийклмнопрстуфхцчшщъыьэюяё",
    ), // Russian
    (
        Some(Language {
            name: "Ukrainian",
            code: "uk",
        }),
        "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
    ), // Ukrainian
    (
        Some(Language {
            name: "Belarusian",
            code: "be",
        }),
        "абвгдеёжзійклмнопрстуўфхцчшыьэюя",
    ), // Belarusian
    (
        Some(Language {
            name: "Bulgarian",
            code: "bg",
        }),
        "абвгдежзийклмнопрстуфхцчшщъьюяѝ",
    ), // Bulgarian (ѝ: "her", and in Macedonian "and")
    (
        Some(Language {
            name: "Serbian",
            code: "sr",
        }),
        "абвгдђежзијклљмнњопрстћуфхцчџш",
    ), // Serbian
    (
        Some(Language {
            name: "Macedonian",
            code: "mk",
        }),
        "абвгдѓежзѕијклљмнњопрстќуфхцчџшѝ",
    ), // Macedonian
    (
        Some(Language {
            name: "Kazakh",
            code: "kk",
        }),
        "абвгдежзийклмнопрстуфхцчшщъыьэюяёәғқңөұүһі",
    ), // Kazakh
    (
        Some(Language {
            name: "Greek",
            code: "el",
        }),
        "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ",
    ), // Greek
    (
        Some(Language {
            name: "Vietnamese",
            code: "vi",
        }),
        "àáâãèéêìíòóôõùúýăđĩũơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ",
    ), // Vietnamese
    (None, "ñ"), // Basque, Galician and others
    (None, "ç"), // Occitan, Kurdish and others
];

/// Whether the letters of `text` outside ASCII (in Latin, Cyrillic or
/// Greek) all fit one language's alphabet: `None` if it has none.
pub fn fits_one_alphabet(text: &str) -> Option<bool> {
    // The alphabets (as bits) that hold every letter so far.
    text.chars()
        .filter_map(alphabets_of)
        .reduce(|holding, bits| holding & bits)
        .map(|bits| bits != 0)
}

/// The alphabets (as bits by index in [`ALPHABETS`]) that hold `c`, a
/// letter beyond ASCII in the checked scripts (lowered); `None` for any
/// other char, which no alphabet is checked for.
pub fn alphabets_of(c: char) -> Option<u64> {
    if c.is_ascii() || !(in_checked_scripts(c) && c.is_alphabetic()) {
        return None;
    }
    // (Lower case of a checked letter is checked: no need to lower letters
    // of other scripts.)
    c.to_lowercase()
        .filter(|l| in_checked_scripts(*l))
        .map(|lower| {
            ALPHABETS_OF
                .binary_search_by_key(&lower, |&(letter, _)| letter)
                .map_or(0, |i| ALPHABETS_OF[i].1)
        })
        .reduce(|a, b| a & b)
}

/// Each letter of the alphabets, sorted, with the alphabets (as bits by
/// index in [`ALPHABETS`]) that hold it.
static ALPHABETS_OF: std::sync::LazyLock<Vec<(char, u64)>> = std::sync::LazyLock::new(|| {
    let mut letters: Vec<(char, u64)> = Vec::new();
    for (i, (_, alphabet)) in ALPHABETS.iter().enumerate() {
        for letter in alphabet.chars() {
            match letters.iter_mut().find(|(l, _)| *l == letter) {
                Some((_, bits)) => *bits |= 1 << i,
                None => letters.push((letter, 1 << i)),
            }
        }
    }
    letters.sort_unstable();
    letters
});

/// Whether `c`, a letter, is one some language writes: ASCII, Latin-1's
/// letters, Maltese's, Greek's (polytonic too) and any of the alphabets
/// above; or a letter of a script this list does not check. Letters such
/// as ſ, Ĕ or ɡ are found in mojibake far more often than in text.
pub fn is_common_letter(c: char) -> bool {
    // Latin to IPA and spacing modifiers, Greek, Cyrillic and their
    // supplements and extensions.
    let checked =
        matches!(c, '\u{80}'..='\u{2FF}' | '\u{370}'..='\u{52F}' | '\u{1D00}'..='\u{1FFF}');
    if c.is_ascii() || !checked {
        return true;
    }
    if matches!(c, 'À'..='ÿ' | 'ċ' | 'Ċ' | 'ġ' | 'Ġ' | 'ħ' | 'Ħ' | '\u{1F00}'..='\u{1FFF}')
    {
        return c != '×' && c != '÷';
    }
    // (İ lowers to i and a combining dot.)
    c.to_lowercase()
        .next()
        .is_some_and(|l| l.is_ascii() || COMMON_LETTERS.binary_search(&l).is_ok())
}

/// The letters of all the alphabets, sorted.
static COMMON_LETTERS: std::sync::LazyLock<Vec<char>> = std::sync::LazyLock::new(|| {
    let mut letters: Vec<char> = ALPHABETS.iter().flat_map(|(_, a)| a.chars()).collect();
    letters.extend(['ı', 'ά', 'ΐ']);
    letters.sort_unstable();
    letters.dedup();
    letters
});

/// The language whose alphabet holds the letters of a text, given the
/// alphabets (as bits) that hold them all: the smallest such alphabet, if
/// every other one that holds them is larger and holds it too (Russian
/// letters fit Kazakh as well; a lone é fits a dozen alphabets, none of
/// which holds the others, and names no language).
pub fn language_of(alphabets: u64) -> Option<Language> {
    let holders: Vec<usize> = (0..ALPHABETS.len())
        .filter(|i| alphabets & (1 << i) != 0)
        .collect();
    let letters = |i: usize| ALPHABETS[i].1;
    let smallest = *holders
        .iter()
        .min_by_key(|&&i| letters(i).chars().count())?;
    let within = |small: &str, large: &str| small.chars().all(|c| large.contains(c));
    holders
        .iter()
        .all(|&i| within(letters(smallest), letters(i)))
        .then_some(ALPHABETS[smallest].0)
        .flatten()
}

/// The languages of the alphabets in `alphabets` (bits by index), `None`
/// for an alphabet several languages share (ñ: Basque, Galician…).
pub fn languages_of(alphabets: u64) -> impl Iterator<Item = Option<Language>> {
    (0..ALPHABETS.len())
        .filter(move |i| alphabets & (1 << i) != 0)
        .map(|i| ALPHABETS[i].0)
}

/// Latin-1 Supplement to Latin Extended-B, Greek and Cyrillic: the
/// scripts whose legacy code pages are easily confused with each other.
fn in_checked_scripts(c: char) -> bool {
    matches!(c, '\u{C0}'..='\u{24F}' | '\u{370}'..='\u{3FF}' | '\u{400}'..='\u{4FF}' | '\u{1E00}'..='\u{1EFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hungarian_fits_and_its_windows_1252_misreading_does_not() {
        assert_eq!(
            fits_one_alphabet("Győr, árvíztűrő tükörfúrógép"),
            Some(true)
        );
        assert_eq!(
            fits_one_alphabet("Gyõr, árvíztûrõ tükörfúrógép"),
            Some(false)
        );
        assert_eq!(fits_one_alphabet("plain"), None);
        assert_eq!(fits_one_alphabet("Привет, мир"), Some(true));
        assert_eq!(fits_one_alphabet("Zażółć gęślą jaźń"), Some(true));
    }
}
