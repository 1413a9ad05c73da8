//! The letters beyond ASCII that each language writes with: text whose
//! letters all belong to one language's alphabet reads as real writing;
//! letters no single language combines (õ with û, Portuguese with French)
//! are a sign of the wrong code page. This decides between readings that
//! are each made of letters, where letter counts alone cannot.

/// The non-ASCII lowercase letters of each language (Latin, Cyrillic and
/// Greek scripts; other scripts have one legacy encoding each).
const ALPHABETS: [&str; 34] = [
    "àâæçéèêëîïôœùûüÿ",                                                    // French
    "äöüß",                                                                // German
    "áéíñóúü",                                                             // Spanish
    "àáâãçéêíóôõú",                                                        // Portuguese
    "àèéìíîòóùú",                                                          // Italian
    "áäéëíïóöúü",                                                          // Dutch
    "åäöé",                                                                // Swedish, Finnish
    "æøåé",                                                                // Danish, Norwegian
    "áðéíóúýþæö",                                                          // Icelandic
    "àçèéíïòóúü",                                                          // Catalan
    "çë",                                                                  // Albanian
    "ąćęłńóśźż",                                                           // Polish
    "áčďéěíňóřšťúůýž",                                                     // Czech
    "áäčďéíĺľňóôŕšťúýž",                                                   // Slovak
    "áéíóöőúüű",                                                           // Hungarian
    "ăâîșțşţ",                                                             // Romanian
    "çğıöşüâî",                                                            // Turkish
    "čćđšž",                                     // Croatian, Bosnian, Slovenian
    "äöõüšž",                                    // Estonian
    "āčēģīķļņšūž",                               // Latvian
    "ąčęėįšųūž",                                 // Lithuanian
    "ŵŷâêîôûáéíóúäëïöü",                         // Welsh
    "ĉĝĥĵŝŭ",                                    // Esperanto
    "абвгдежзийклмнопрстуфхцчшщъыьэюяё",         // Russian
    "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",         // Ukrainian
    "абвгдеёжзійклмнопрстуўфхцчшыьэюя",          // Belarusian
    "абвгдежзийклмнопрстуфхцчшщъьюя",            // Bulgarian
    "абвгдђежзијклљмнњопрстћуфхцчџш",            // Serbian
    "абвгдѓежзѕијклљмнњопрстќуфхцчџш",           // Macedonian
    "абвгдежзийклмнопрстуфхцчшщъыьэюяәғқңөұүһі", // Kazakh
    "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ",      // Greek
    "àáâãèéêìíòóôõùúýăđĩũơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ", // Vietnamese
    "ñ",                                         // Basque, Galician and others
    "ç",                                         // Occitan, Kurdish and others
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
    for (i, alphabet) in ALPHABETS.iter().enumerate() {
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
        .is_some_and(|l| l.is_ascii() || COMMON_LETTERS.contains(&l))
}

/// The letters of all the alphabets, sorted.
static COMMON_LETTERS: std::sync::LazyLock<Vec<char>> = std::sync::LazyLock::new(|| {
    let mut letters: Vec<char> = ALPHABETS.iter().flat_map(|a| a.chars()).collect();
    letters.extend(['ı', 'ά', 'ΐ']);
    letters.sort_unstable();
    letters.dedup();
    letters
});

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
