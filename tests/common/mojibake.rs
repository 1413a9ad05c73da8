//! A corpus for mojibake repair: real sentences of 33 languages, their
//! words, their upper case and their typography, garbled the ways text is
//! garbled (UTF-8 read as a single-byte encoding, once, twice or through
//! two encodings; only some letters; a no-break space lost), with the text
//! each should repair to. The garbling here is independent of utf8scope's:
//! encoding_rs and oem_cp decode the bytes.

#![allow(dead_code)]

#[path = "corpus.rs"]
mod corpus;

/// Sentences of languages the detection corpus lacks, in scripts the
/// single-byte encodings have no letters for: mojibake through
/// windows-1252 is their only kind.
const MORE: [(&str, &str); 9] = [
    (
        "Finnish",
        "Hyvää päivää, mitä kuuluu? Tämä on äidinkieleni ja pidän siitä.",
    ),
    (
        "Slovak",
        "Ďakujem pekne, že ste prišli včas na stretnutie do kancelárie.",
    ),
    ("Hindi", "मैं हिंदी में बात कर सकता हूँ और मुझे यह भाषा पसंद है।"),
    ("Bengali", "আমি বাংলায় কথা বলতে পারি এবং এই ভাষা ভালোবাসি।"),
    ("Tamil", "நான் தமிழில் பேசுவேன் மற்றும் இந்த மொழியை விரும்புகிறேன்."),
    ("Georgian", "მე ქართული ენა მიყვარს და ყოველდღე ვსწავლობ."),
    ("Amharic", "ሰላም እንዴት ነህ? አማርኛ መናገር እወዳለሁ።"),
    ("Armenian", "Ես սիրում եմ հայերենը և ամեն օր սովորում եմ։"),
    (
        "Latvian",
        "Šveices baņķieri gaida konkrētus investīciju projektus Rīgā.",
    ),
];

/// Every language's sentences.
pub fn sentences() -> Vec<(&'static str, &'static str)> {
    let mut all: Vec<(&str, &str)> = corpus::LANGUAGES
        .iter()
        .flat_map(|l| l.sentences.iter().map(move |s| (l.name, *s)))
        .collect();
    all.extend(MORE);
    all
}

/// Clean lines: each sentence, in upper case, its words with letters
/// beyond ASCII, and its first sentence in the typography of print
/// (« » with no-break spaces, „ “, “ ”, …, –, ×, °, £, €, ©, ™).
pub fn clean_lines() -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    let mut first_of: Vec<&str> = Vec::new();
    for (language, sentence) in sentences() {
        lines.push((language, sentence.to_string()));
        lines.push((language, sentence.to_uppercase()));
        for word in sentence.split_whitespace() {
            let word =
                word.trim_matches(|c: char| c.is_ascii_punctuation() || c == '¿' || c == '¡');
            if !word.is_ascii() && !lines.iter().any(|(_, l)| l == word) {
                lines.push((language, word.to_string()));
            }
        }
        if first_of.contains(&language) {
            continue;
        }
        first_of.push(language);
        let s = sentence.trim_end_matches(['.', '!', '?', '。', '।', '։', '።']);
        let (head, tail) = s.split_once(' ').unwrap_or((s, ""));
        for decorated in [
            format!("«\u{a0}{s}\u{a0}»"),
            format!("„{s}“"),
            format!("“{s}”"),
            format!("{s}…"),
            format!("{head} – {tail}"),
            format!("{s}: 5×3, 20\u{a0}°C, £5, €7, ©2026 ™"),
        ] {
            lines.push((language, decorated));
        }
    }
    lines
}

/// Russian prose as news and novels print it (the findings benchmark's
/// lines): « », dashes, an ellipsis, numbers, °C, a Latin name and a URL
/// among the Cyrillic words.
const RUSSIAN_PROSE: [&str; 6] = [
    "«Мы ждём конкретных шагов, а не обещаний», — сказал Иван Петров, директор компании «Север».",
    "Компания Yandex и банк «Тинькофф» уже заявили о готовности участвовать в проекте.",
    "Как сообщил министр, на её реализацию выделят около 120 млрд рублей… Эксперты настроены осторожно.",
    "Мы говорили о том, что Yandex работает и в Казани.",
    "Температура воздуха ночью опустится до −15 °C, днём ожидается небольшой снег.",
    "Подробнее читайте на сайте: https://example.ru/news/2030 (обновлено в 14:35).",
];

/// Short words that the languages use most, by language: short words of
/// a script are the likeliest to be whole UTF-8 sequences in some encoding
/// by chance ("том" is E2 AE AC in IBM866, "её" C5 A3 in KOI8-R, "Зі" C7
/// B3 in windows-1251).
const COMMON_WORDS: [(&str, &str); 4] = [
    (
        "Russian",
        "и в не на я что он с как а то все она так его но да ты к у же вы за бы по только её мне было вот от меня ещё нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам без будто чего раз тоже себе под будет тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы сейчас были куда зачем всех никогда можно при два об другой хоть после над больше тот через эти нас про всего них какая много три эту моя хорошо свою этой перед лучше чуть том нельзя такой им всегда конечно всю между Её Его Это Там Тот Том Так",
    ),
    (
        "Ukrainian",
        "і й та що це як але він вона воно вони ми ви ти з зі із до на у від для про по за без над під через ці ті її їх їй є Ці Ті Ні Зі Її Це Як Що Їх Є",
    ),
    (
        "Bulgarian",
        "и в не на да се че за от с по са как но той тя те ние вие ще бъде има това този тази още Това Той Тя",
    ),
    (
        "Greek",
        "και το η ο να του την με για που στο τα των από είναι θα δεν σε ένα τον τη στην Και Το Η Ο Να",
    ),
];

/// Lines that put a sentence's words beside Latin ones, as real text does:
/// the sentence with a Latin name in it and with a URL after it, and each
/// of its words beyond ASCII alone in an English sentence; and Russian
/// prose. A word that reads as plain text of its script is no mojibake
/// because the line's other letters are Latin.
pub fn mixed_lines() -> Vec<(&'static str, String)> {
    let mut lines: Vec<(&str, String)> = Vec::new();
    for (language, sentence) in sentences() {
        let (head, tail) = sentence.split_once(' ').unwrap_or((sentence, ""));
        lines.push((language, format!("{head} Google {tail}")));
        lines.push((
            language,
            format!("{sentence} (https://example.com/news/2030, 14:35)"),
        ));
        for word in sentence.split_whitespace() {
            let word = word.trim_matches(|c: char| !c.is_alphanumeric());
            let line = format!("The word {word} is in this text.");
            if !word.is_ascii() && !lines.iter().any(|(_, l)| *l == line) {
                lines.push((language, line));
            }
        }
    }
    for (language, words) in COMMON_WORDS {
        for word in words.split(' ') {
            lines.push((language, format!("The word {word} is in this text.")));
            lines.push((language, format!("{word} Google {word} Yandex")));
            lines.push((language, format!("Google: «{word}», „{word}“ (\"{word}\")")));
        }
    }
    lines.extend(RUSSIAN_PROSE.map(|line| ("Russian", line.to_string())));
    lines
}

/// The encodings text is garbled through, by name.
pub const GARBLERS: [&str; 15] = [
    "windows-1252",
    "ISO-8859-1",
    "windows-1250",
    "windows-1251",
    "windows-1253",
    "windows-1254",
    "windows-1257",
    "ISO-8859-2",
    "ISO-8859-15",
    "KOI8-R",
    "KOI8-U",
    "IBM866",
    "macintosh",
    "cp437",
    "cp850",
];

/// What byte `b` shows as in the encoding named `name`: an undefined byte
/// as the C1 control or Latin-1 char of its number (a "sloppy" reading).
pub fn shown(name: &str, b: u8) -> char {
    if b < 0x80 {
        return char::from(b);
    }
    match name {
        "ISO-8859-1" => char::from(b),
        "cp437" => oem_cp::code_table::DECODING_TABLE_CP437[usize::from(b - 0x80)],
        "cp850" => oem_cp::code_table::DECODING_TABLE_CP850[usize::from(b - 0x80)],
        _ => {
            let encoding =
                encoding_rs::Encoding::for_label(name.as_bytes()).expect("a WHATWG label");
            let single = [b];
            let (text, _) = encoding.decode_without_bom_handling(&single);
            match text.chars().next() {
                Some(c) if c != '\u{FFFD}' => c,
                _ => char::from(b),
            }
        }
    }
}

/// `text`'s UTF-8 bytes read through the encoding named `name`.
pub fn garble(text: &str, name: &str) -> String {
    text.bytes().map(|b| shown(name, b)).collect()
}

/// `text` with only every other char beyond ASCII garbled through `name`
/// (text repaired in part, or garbled in part: "l’Ã©galitÃ©").
pub fn garble_some(text: &str, name: &str) -> String {
    let mut out = String::new();
    let mut nth = 0;
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        nth += 1;
        if nth % 2 == 1 {
            out.push_str(&garble(c.encode_utf8(&mut [0; 4]), name));
        } else {
            out.push(c);
        }
    }
    out
}

/// A garbled line and what it meant.
pub struct Garbled {
    /// The language.
    pub language: &'static str,
    /// How it was garbled: the encodings in the order they were applied,
    /// and a word for any variation.
    pub how: String,
    /// The garbled text.
    pub text: String,
    /// What it meant.
    pub meant: String,
}

/// Every garbled line: each clean line through each encoding once and
/// twice; sentences through two different encodings; sentences garbled
/// in part; and garbled sentences whose no-break spaces became spaces.
pub fn garbled_lines() -> Vec<Garbled> {
    let clean = clean_lines();
    let mut out = Vec::new();
    let mut push = |language, how: String, text: String, meant: &str| {
        if text != meant {
            out.push(Garbled {
                language,
                how,
                text,
                meant: meant.to_string(),
            });
        }
    };
    for (language, line) in &clean {
        for name in GARBLERS {
            let once = garble(line, name);
            push(language, name.to_string(), once.clone(), line);
            push(
                language,
                format!("{name}, twice"),
                garble(&once, name),
                line,
            );
        }
    }
    for (language, sentence) in sentences() {
        for (first, second) in [
            ("windows-1252", "windows-1251"),
            ("windows-1251", "windows-1252"),
            ("windows-1250", "windows-1252"),
            ("windows-1252", "cp437"),
        ] {
            let how = format!("{first}, then {second}");
            push(
                language,
                how,
                garble(&garble(sentence, first), second),
                sentence,
            );
        }
        // Beside a Latin name, which garbling leaves as it is.
        let (head, tail) = sentence.split_once(' ').unwrap_or((sentence, ""));
        let beside_latin = format!("{head} Google {tail}");
        for name in GARBLERS {
            push(
                language,
                format!("{name}, beside Latin words"),
                garble(&beside_latin, name),
                &beside_latin,
            );
        }
        for name in ["windows-1252", "windows-1251", "windows-1250"] {
            push(
                language,
                format!("{name}, some letters"),
                garble_some(sentence, name),
                sentence,
            );
            push(
                language,
                format!("{name}, three times"),
                garble(&garble(&garble(sentence, name), name), name),
                sentence,
            );
            let lost = garble(sentence, name).replace('\u{a0}', " ");
            push(
                language,
                format!("{name}, no-break space lost"),
                lost,
                sentence,
            );
        }
    }
    // Russian prose: Latin names, a URL, typography, and short words that
    // some encoding shows as whole sequences ("том", "её").
    for line in RUSSIAN_PROSE {
        for name in GARBLERS {
            push(
                "Russian",
                format!("{name}, Russian prose"),
                garble(line, name),
                line,
            );
        }
    }
    out
}

/// Whether every word `fix` changed became the word meant: words are the
/// same in number, as garbling keeps ASCII whitespace (a repair that put
/// back a lost no-break space must make the whole line right).
pub fn changes_are_right(garbled: &str, out: &str, meant: &str) -> bool {
    if out == garbled {
        return true;
    }
    let words = |s: &str| {
        s.split_ascii_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (g, o, m) = (words(garbled), words(out), words(meant));
    if g.len() != o.len() || o.len() != m.len() {
        return out == meant;
    }
    g.iter().zip(&o).zip(&m).all(|((g, o), m)| o == g || o == m)
}

/// The words of `garbled` that `fix` left garbled (as `out` and `meant`,
/// word for word, tell) and that no finding reports as mojibake read more
/// than one way: a line repaired in part must report what it left.
pub fn left_unreported(
    repairer: &utf8scope::model::findings::Repairer,
    garbled: &str,
    out: &str,
    meant: &str,
) -> Vec<String> {
    let runs = repairer.find(garbled);
    let reported = |word: &str| {
        let at = word.as_ptr() as usize - garbled.as_ptr() as usize;
        let range = at..at + word.len();
        (runs.iter())
            .any(|r| r.repair().is_none() && r.range.start < range.end && range.start < r.range.end)
    };
    (garbled.split_ascii_whitespace())
        .zip(out.split_ascii_whitespace())
        .zip(meant.split_ascii_whitespace())
        .filter(|((g, o), m)| o == g && o != m && !reported(g))
        .map(|((g, _), _)| g.to_string())
        .collect()
}
