//! Which scripts have a letter that a char looks like: a char from
//! another script in a word is a look-alike only of the letters of the
//! word's own script that share its skeleton (UTS #39). A Latin "J" in
//! the katakana word "Jリーグ" (J. League) looks like Cyrillic "Ј", but
//! like no katakana, so it spoofs nothing there.

use std::collections::HashMap;
use std::sync::LazyLock;

use unicode_script::{Script, UnicodeScript};
use unicode_security::{is_potential_mixed_script_confusable_char, skeleton};

/// For the skeleton of each char of the Basic Multilingual Plane that UTS
/// #39 counts as confusable across scripts, the scripts of the chars with
/// that skeleton (the char the skeleton is made of among them). Worked out
/// the first time a word mixes scripts, in about a millisecond (3.5
/// million instructions). (Beyond the plane such chars are mathematical
/// letters, of no script.)
static SCRIPTS_BY_SKELETON: LazyLock<HashMap<String, Vec<Script>>> = LazyLock::new(|| {
    let mut scripts: HashMap<String, Vec<Script>> = HashMap::new();
    let mut add = |shape: String, script: Script| {
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            return;
        }
        let of_shape = scripts.entry(shape).or_default();
        if !of_shape.contains(&script) {
            of_shape.push(script);
        }
    };
    for c in ('\u{80}'..='\u{FFFF}').filter(|&c| is_potential_mixed_script_confusable_char(c)) {
        let shape: String = skeleton(&c.to_string()).collect();
        // The char the skeleton is made of is a letter of its own script.
        let mut prototype = shape.chars();
        if let (Some(p), None) = (prototype.next(), prototype.next()) {
            add(shape.clone(), p.script());
        }
        add(shape, c.script());
    }
    scripts
});

/// Whether `intruder`, a letter not of `script`, looks like a letter of
/// `script` (the two share a skeleton).
pub fn looks_like_a_letter_of(intruder: char, script: Script) -> bool {
    if !is_potential_mixed_script_confusable_char(intruder) {
        return false;
    }
    let shape: String = skeleton(&intruder.to_string()).collect();
    SCRIPTS_BY_SKELETON
        .get(&shape)
        .is_some_and(|scripts| scripts.contains(&script))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_look_like_those_of_scripts_that_have_their_shape() {
        for (c, script) in [
            ('\u{0430}', Script::Latin),    // Cyrillic а, Latin a
            ('A', Script::Cyrillic),        // Latin A, Cyrillic А
            ('\u{0391}', Script::Latin),    // Greek Α, Latin A
            ('\u{03BF}', Script::Latin),    // Greek ο, Latin o
            ('\u{03B1}', Script::Cyrillic), // Greek α, Cyrillic а
            ('K', Script::Greek),           // Latin K, Greek Κ
        ] {
            assert!(looks_like_a_letter_of(c, script), "{c} {script:?}");
        }
        for (c, script) in [
            ('J', Script::Katakana),
            ('O', Script::Katakana),
            ('B', Script::Katakana),
            ('x', Script::Han),
            ('\u{1200}', Script::Katakana), // Ethiopic ሀ
            ('\u{0431}', Script::Greek),    // Cyrillic б
        ] {
            assert!(!looks_like_a_letter_of(c, script), "{c} {script:?}");
        }
    }
}
