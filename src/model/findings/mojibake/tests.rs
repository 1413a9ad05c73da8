//! Tests of the line judgment as a whole: the quick test, the stages, and
//! what they find together.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::badness::is_plain;
use super::chains::Memo;
use super::garblers::{Roles, quick_roles};
use super::prefilter::{lines_that_may_hold, may_hold_mojibake};
use super::words::{Measured, shows_none_plainly, shows_none_plainly_by_chars};
use super::{find_mojibake, with_repairs};
use crate::model::findings::backend::Backend;

/// A memo of its own.
fn memo() -> Memo {
    Memo::new(Arc::default(), Backend::best())
}

fn fixed(text: &str) -> String {
    with_repairs(text, &find_mojibake(text))
}

#[test]
fn repairs_the_classic_cases() {
    assert_eq!(fixed("Le cafÃ© est prÃªt"), "Le café est prêt");
    assert_eq!(fixed("РїСЂРёРІРµС‚ Рё РјРёСЂ"), "привет и мир");
    assert_eq!(fixed("п©я─п╦п╡п╣я┌"), "привет");
    assert_eq!(fixed("Iggy Pop (nÃƒÂ© Jim)"), "Iggy Pop (né Jim)");
    assert_eq!(fixed("voilÃ le travail"), "voilà le travail");
    // The no-break space became a space, beside the one after it.
    assert_eq!(fixed("voilÃ  le travail"), "voilà le travail");
    assert_eq!(fixed("atenÃ§Ã£o Ã s crianÃ§as"), "atenção às crianças");
    assert_eq!(fixed("a Г‚ВЈ5.8bn issue"), "a £5.8bn issue");
    assert_eq!(fixed("Je ne sais pas o√π aller"), "Je ne sais pas où aller");
    let russian = find_mojibake("РїСЂРёРІРµС‚ РјРёСЂ");
    assert_eq!(russian.len(), 1, "{russian:?}");
    assert_eq!(russian[0].chain(), "UTF-8 read as windows-1251");
    let twice = find_mojibake("cafÃƒÂ©");
    assert_eq!(twice[0].chain(), "UTF-8 read as windows-1252, twice");
    // An ambiguous word is garbled text, not text left ungarbled: the
    // one-letter repair beside it decides it (ftfy's Slovak case).
    assert_eq!(
        fixed("Nap\u{102}\u{ad}\u{139}\u{2c7}te n\u{102}\u{2c7}m !"),
        "Napíšte nám !"
    );
    // "à" whose no-break space survived, before a space; a Romanian
    // word before a no-break space is no such thing.
    assert_eq!(
        fixed("ART TRIP \u{c3}\u{a0} l'office"),
        "ART TRIP à l'office"
    );
    assert_eq!(fixed("NICIODAT\u{102}\u{a0} "), "NICIODAT\u{102}\u{a0} ");
    let two = find_mojibake("Г‚ВЈ5");
    assert_eq!(
        two[0].chain(),
        "UTF-8 read as windows-1252, then as windows-1251"
    );
}

#[test]
fn one_encoding_twice_beats_three_mixed_that_read_no_better() {
    // ftfy's emoticon: windows-1252 twice, where ISO-8859-15, windows-1256
    // and windows-1252 in a row also undo every char (to "'\u{324}").
    let emoticon = "(\u{c3}\u{a0}\u{c2}\u{b8}\u{e2}\u{20ac}\u{a1}'\u{c3}\u{152}\u{e2}\u{201a}\u{ac}\u{c3}\u{a2}\u{c5}\u{2019}\u{c2}\u{a3}'\u{c3}\u{152}\u{c2}\u{81})";
    assert_eq!(fixed(emoticon), "(\u{e07}'\u{300}\u{2323}'\u{301})");
    let runs = find_mojibake(emoticon);
    assert_eq!(runs[0].chain(), "UTF-8 read as windows-1252, twice");
    // One layer against two stays torn: which is the coincidence, one word
    // cannot say ("Ã¢‚¬7" through windows-1250, or "€7").
    let torn = find_mojibake("Ã¢â€šÂ¬7");
    assert_eq!(torn[0].readings.len(), 2, "{torn:?}");
}

/// [`may_hold_mojibake`] a char at a time, as its doc says it: the
/// oracle of the byte-wise scan.
#[test]
fn letter_pairs_settle_a_word_of_two_letter_readings() {
    // "Êglise" (windows-1250) or "église" (ISO-8859-2): both letters of
    // French; "ég" is a common French pair, "êg" is not.
    assert_eq!(fixed("l'ĂŠglise"), "l'église");
    // Estonian has no table: "pühapäev" and Swedish-looking "påhapäev"
    // are priced in no one language, and stay read both ways.
    let line = "PĂĽhapĂ¤ev juuni";
    let runs = find_mojibake(line);
    assert!(
        runs.iter()
            .all(|run| run.readings.len() > 1 || !run.readings[0].text.contains('å'))
    );
}

fn may_hold_char_by_char(line: &str) -> bool {
    let (mut need1, mut need2, mut need3) = (0u32, 0u32, 0u32);
    let mut before = '\0';
    for c in line.chars() {
        let roles = match c {
            // An apostrophe after an ASCII letter begins nothing.
            '’' if before.is_ascii_alphabetic() => Roles {
                continuation: quick_roles(c).continuation,
                ..Roles::NONE
            },
            _ => quick_roles(c),
        };
        before = c;
        let continuation = match c {
            '\u{80}'..='\u{9F}' => return true,
            _ => roles.continuation,
        };
        if need1 & continuation != 0 {
            return true;
        }
        (need1, need2) = (need2 & continuation, need3 & continuation);
        need1 |= roles.lead2;
        need2 |= roles.lead3;
        need3 = roles.lead4;
    }
    false
}

/// The lines (start, end) of `text` that [`lines_that_may_hold`] visits
/// on each backend the CPU has, by name.
fn visited_lines(text: &str) -> Vec<(&'static str, Vec<(usize, usize)>)> {
    (Backend::ALL.into_iter())
        .filter(|backend| backend.is_available())
        .map(|backend| {
            let mut visited = Vec::new();
            lines_that_may_hold(text, backend, |start, end| visited.push((start, end)));
            (backend.name(), visited)
        })
        .collect()
}

/// The lines of `text` for which [`may_hold_char_by_char`] holds.
fn holding_lines(text: &str) -> Vec<(usize, usize)> {
    let mut start = 0;
    let mut holding = Vec::new();
    for line in text.split_inclusive('\n') {
        if may_hold_char_by_char(line) {
            holding.push((start, start + line.len()));
        }
        start += line.len();
    }
    holding
}

/// Asserts that the lead-pair search, on every backend, takes just the
/// lines of `text` that may hold mojibake: the lines it passes over that
/// hold some (misses) and those it takes that hold none are counted
/// apart.
fn assert_takes_the_lines_that_may_hold(text: &str) {
    let holding = holding_lines(text);
    for (backend, visited) in visited_lines(text) {
        let (holding, visited): (BTreeSet<_>, BTreeSet<_>) = (
            holding.iter().copied().collect(),
            visited.into_iter().collect(),
        );
        let missed: Vec<&str> = (holding.iter())
            .filter(|line| !visited.contains(line))
            .map(|&(start, end)| &text[start..end])
            .collect();
        let extra: Vec<&str> = (visited.iter())
            .filter(|line| !holding.contains(line))
            .map(|&(start, end)| &text[start..end])
            .collect();
        assert!(
            missed.is_empty() && extra.is_empty(),
            "{backend}: {} missed {:?}; {} taken wrongly {:?}",
            missed.len(),
            &missed[..missed.len().min(5)],
            extra.len(),
            &extra[..extra.len().min(5)],
        );
    }
}

/// Every char that shows a byte in some encoding or that the quick
/// test takes for a lost one, and some that show none.
fn chars_with_roles() -> Vec<char> {
    let mut chars: Vec<char> = ('\u{80}'..='\u{FFFF}')
        .filter(|&c| {
            let roles = quick_roles(c);
            roles.lead() | roles.continuation != 0 || ('\u{80}'..'\u{A0}').contains(&c)
        })
        .collect();
    chars.extend([' ', '?', 'a', '\u{FFFD}', '字', '😀']);
    chars
}

#[test]
fn an_apostrophe_after_an_ascii_letter_begins_no_sequence() {
    // "’é" is D5 8E in macintosh, where D5 leads Armenian letters: after a
    // letter of ASCII it is elision, anywhere else it may be garbling.
    let elided = "Le ministre — à l’étonnement général, qu’à Paris, dell’età.\n";
    assert!(!may_hold_mojibake(elided));
    for line in ["’étonnement\n", "« ’é »\n", "1’é\n", "é’é\n", "l’é ’é\n"] {
        assert!(may_hold_mojibake(line), "{line:?}");
    }
    // At every place in a chunk of the vector searches, beside a C1
    // control, across a chunk's end.
    let mut text = String::new();
    for place in 0..70 {
        let pad = "-".repeat(place);
        for line in ["’étonnement", elided, "l’é ’é", "l’\u{85}", "l’", "l’é"] {
            text.push_str(&pad);
            text.push_str(line.trim_end_matches('\n'));
            text.push('\n');
        }
    }
    assert_takes_the_lines_that_may_hold(&text);
    let visited = visited_lines(&text);
    assert!(
        visited.iter().all(|(_, lines)| lines.len() == 3 * 70),
        "{visited:?}"
    );
    // Armenian read as macintosh still is: "’Ä’°’µ’°’Ω’ø’°’∂" for "Հայաստան".
    let armenian = "Հայաստանը գեղեցիկ երկիր է";
    let garbled: String = (armenian.bytes())
        .map(|byte| {
            encoding_rs::MACINTOSH
                .decode_without_bom_handling(&[byte])
                .0
                .into_owned()
        })
        .collect();
    assert!(may_hold_mojibake(&garbled));
    assert_eq!(fixed(&garbled), armenian);
}

#[test]
fn the_lead_pair_search_takes_every_line_of_two_chars_that_may_hold() {
    // Every two chars that show bytes, side by side and with a space
    // between (a lost no-break space, the search's one rule of three
    // chars), each pair a line.
    let chars = chars_with_roles();
    for between in ["", " "] {
        let mut text = String::new();
        for &a in &chars {
            for &b in &chars {
                text.push(a);
                text.push_str(between);
                text.push(b);
                text.push('\n');
            }
        }
        assert!(!holding_lines(&text).is_empty());
        assert_takes_the_lines_that_may_hold(&text);
    }
}

proptest::proptest! {
    #[test]
    fn the_lead_pair_search_takes_the_lines_that_may_hold(lines in proptest::collection::vec(
        proptest::collection::vec(
            proptest::prop_oneof![
                4 => proptest::sample::select(chars_with_roles()),
                1 => proptest::sample::select(vec![' ', '?', '\n', 'a', 'é', 'Ã', 'â', '€', '\u{A0}']),
            ],
            0..40,
        ),
        1..8,
    )) {
        let text: String = (lines.iter())
            .map(|line| line.iter().collect::<String>() + "\n")
            .collect();
        assert_takes_the_lines_that_may_hold(&text);
    }
}

proptest::proptest! {
    #[test]
    fn the_quick_test_scans_bytes_as_it_reads_chars(chars in proptest::collection::vec(
        proptest::prop_oneof![
            proptest::sample::select(vec![' ', '?', 'a', '\u{FFFD}', '\u{85}', '\u{E0A0}', '\u{F8FF}', '😀', '字']),
            proptest::char::range('\u{A0}', '\u{17F}'),
            proptest::char::range('\u{390}', '\u{4FF}'),
            proptest::char::range('\u{2010}', '\u{2600}'),
        ],
        0..24,
    )) {
        let line: String = chars.into_iter().collect();
        proptest::prop_assert_eq!(may_hold_mojibake(&line), may_hold_char_by_char(&line), "{:?}", line);
    }
}

/// Chars for lines that test [`shows_none_plainly`]: letters of several
/// scripts in both cases, letters that cost alone, marks, digits,
/// symbols and punctuation, typography, and what encodings show for
/// lead and continuation bytes.
fn plain_test_chars() -> impl proptest::strategy::Strategy<Value = char> {
    proptest::prop_oneof![
        proptest::sample::select(vec![
            ' ', ' ', ' ', '?', ',', '.', '-', '\'', '(', '1', 'a', 'Z', 'é', 'É', 'œ', 'ſ', 'Ĕ',
            '\u{A0}', '«', '»', '…', '€', '×', '°', '\u{301}', '\u{FFFD}', '\u{85}', '日', 'は',
            'ア', '한', 'א', 'ب', 'क', '\u{93F}', 'ა', 'ก', '😀', '√', '²', '¿',
        ]),
        proptest::char::range('A', 'z'),
        proptest::char::range('\u{C0}', '\u{17F}'),
        proptest::char::range('\u{386}', '\u{3CE}'),
        proptest::char::range('\u{400}', '\u{45F}'),
        proptest::char::range('\u{2010}', '\u{2030}'),
    ]
}

proptest::proptest! {
    #[test]
    fn a_line_plainly_without_garbling_shows_none_when_measured(
        chars in proptest::collection::vec(plain_test_chars(), 0..40)
    ) {
        let line: String = chars.into_iter().collect();
        if shows_none_plainly(&line, Backend::best(), is_plain) {
            let measured = Measured::of(&mut memo(), &line);
            proptest::prop_assert!(!measured.shows.contains(&true), "{:?}", line);
        }
    }
}

proptest::proptest! {
    #[test]
    fn a_line_of_plain_and_other_words_shows_none_plainly_only_when_measured_so(
        words in proptest::collection::vec(proptest::sample::select(vec![
            "мягких", "ЕЩЁ", "Съешь", "булок,", "abc²", "x²", "a²b", "Hello", "ab", "I", "café",
            "wörld", "l’église", "œuvre", "ψυχή", "ΨΥΧΉ", "日本語", "한국어", "עברית", "€42",
            "1,5", "—", "«", "…", "cafÃ©", "РїСЂРёРІРµС‚", "Ð¿Ñ", "BĂźrger", "Ã", "voilÃ",
            "п©я─п╦п╡п╣я┌", "â€œ", "ï¿½", "\u{FFFD}", "¿Qué?",
        ]), 0..8)
    ) {
        let line = words.join(" ");
        if shows_none_plainly(&line, Backend::best(), is_plain) {
            let measured = Measured::of(&mut memo(), &line);
            proptest::prop_assert!(!measured.shows.contains(&true), "{:?}", line);
        }
    }
}

/// Fails unless the glance at `line` ([`shows_none_plainly`]) on every
/// backend the CPU has agrees with reading every word a char at a time.
fn glances_agree(line: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    let by_chars = shows_none_plainly_by_chars(line);
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        let glanced = shows_none_plainly(line, backend, is_plain);
        proptest::prop_assert_eq!(glanced, by_chars, "{:?} {:?}", backend, line);
    }
    Ok(())
}

proptest::proptest! {
    #[test]
    fn the_walk_over_words_beyond_ascii_agrees_with_reading_every_word(
        chars in proptest::collection::vec(plain_test_chars(), 0..80)
    ) {
        // (Lines of these chars are mostly not Cyrillic: the walk that
        // passes over ASCII takes them.)
        let line: String = chars.into_iter().collect();
        glances_agree(&line)?;
    }
}

#[test]
fn the_walk_ends_a_word_at_the_space_after_ascii_it_passed_over() {
    // "Ã" alone is suspect and plain; "xY" is not plain, and would make
    // the run from "Ãa" to "Ã" a word that shows garbling, were the space
    // after "a" passed over with the ASCII before it.
    for line in ["Ãa xY Ã", "Ãa\txY Ã", "éa-b xY Ã", "l’a xY à"] {
        assert!(shows_none_plainly_by_chars(line), "{line}");
        glances_agree(line).unwrap();
    }
}

/// Chars for lines of Cyrillic prose and what the vector search for plain
/// Cyrillic words must tell from it: every case of basic Cyrillic, letters
/// beside it (ї, ѐ, Ξ), Latin, typography, digits and spaces.
fn cyrillic_test_chars() -> impl proptest::strategy::Strategy<Value = char> {
    proptest::prop_oneof![
        4 => proptest::char::range('\u{410}', '\u{44F}'),
        1 => proptest::sample::select(vec![
            ' ', ' ', ' ', '\n', '\t', ',', '.', '-', '1', 'a', 'Z', 'Ё', 'ё', 'ї', 'ѐ', 'Ξ', 'é',
            '«', '»', '—', '…', '\u{A0}', '\u{85}', '€', 'Ã', '©',
        ]),
        1 => proptest::char::range('\u{400}', '\u{45F}'),
    ]
}

proptest::proptest! {
    #[test]
    fn the_vector_search_for_plain_words_agrees_with_reading_them(
        chars in proptest::collection::vec(cyrillic_test_chars(), 0..160)
    ) {
        let line: String = chars.into_iter().collect();
        glances_agree(&line)?;
    }
}

proptest::proptest! {
    #[test]
    fn the_vector_search_tells_runs_of_capitals_then_small_letters(
        words in proptest::collection::vec((0..4usize, 0..4usize, proptest::sample::select(vec!["", "-", ",", "»", "1"])), 0..12)
    ) {
        // Words shaped as the case rule reads them: capitals, then small
        // letters ("Он", "ООН", "ПРИвет").
        let line = (words.iter())
            .map(|&(capitals, small, after)| {
                let word: String = "ПРИВЕТ".chars().take(capitals).chain("мирок".chars().take(small)).collect();
                word + after
            })
            .collect::<Vec<_>>()
            .join(" ");
        glances_agree(&line)?;
    }
}

#[test]
fn lines_of_plain_words_are_seen_without_measuring() {
    // The fast path takes the lines it is for, and each agrees with
    // the measure.
    for line in [
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "СЪЕШЬ ЖЕ ЕЩЁ ЭТИХ МЯГКИХ ФРАНЦУЗСКИХ БУЛОК, ДА ВЫПЕЙ ЧАЮ.",
        "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
        "Le château se trouve à côté de l'église.",
        // Plain words beside Latin ones: "том" is E2 AE AC in IBM866
        // (U+2BAC), "её" C5 A3 in KOI8-R ("ţ").
        "Hello world мягких",
        "abc² мягких",
        "Мы говорили о том, что Yandex работает.",
        "The word её is in this text.",
        "Der Begriff «том» bedeutet Band, „её“ ihr.",
        // A dash between words: macintosh shows "—" as D1, a lead byte,
        // but shows A0 as "†", so no lost no-break space follows it.
        "— Ты опять опоздал, — тихо сказала она.",
        "«Мы ждём конкретных шагов», — сказал Иван Петров.",
    ] {
        assert!(
            shows_none_plainly(line, Backend::best(), is_plain),
            "{line}"
        );
        assert!(
            !Measured::of(&mut memo(), line).shows.contains(&true),
            "{line}"
        );
        assert_eq!(find_mojibake(line), [], "{line}");
    }
    // Words that show garbling.
    for line in [
        "Le cafÃ© est prÃªt",
        "РїСЂРёРІРµС‚ Рё РјРёСЂ",
        "Die BĂźrger Ăśffnen",
    ] {
        assert!(
            !shows_none_plainly(line, Backend::best(), is_plain),
            "{line}"
        );
    }
}

#[test]
fn a_repair_a_later_pass_takes_further_is_one_run_and_final() {
    // Cyrillic garbled through windows-1251, and before it a Greek Β
    // that windows-1253 shows for a lead byte whose next byte was lost:
    // the first pass undoes the one, the pass after it the other.
    let line = "\u{392}\u{FFFD}РїСЂРёРІРµС‚ aaa";
    let runs = find_mojibake(line);
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!(runs[0].repair(), Some("\u{FFFD}привет"));
    assert_eq!(
        runs[0].chain(),
        "UTF-8 read as windows-1253, then as windows-1251"
    );
    let once = fixed(line);
    assert_eq!(fixed(&once), once, "a second fix changes nothing");
    // Its steps show both layers, the lost byte too.
    let seen = &line[runs[0].range.clone()];
    let steps = runs[0].steps(seen);
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(
        steps[1]
            .describe()
            .starts_with("UTF-8 read as windows-1253: Β = C2"),
        "{steps:?}"
    );
}

#[test]
fn two_guesses_in_one_sequence_undo_no_correct_text() {
    // "é" then a space then U+FFFD could be E9 A0 and a lost byte: but
    // a no-break space lost to a space and a byte lost to U+FFFD in one
    // sequence is too much guessing; "café" stays.
    let line = "cafÃ© café \u{FFFD}Â\u{FFFD}РїСЂРёРІРµС‚ x";
    let once = fixed(line);
    assert!(once.starts_with("café café \u{FFFD}"), "{once}");
    assert!(once.ends_with("привет x"), "{once}");
    assert_eq!(fixed(&once), once);
}

#[test]
fn a_tie_between_chains_is_reported_and_not_repaired() {
    // Hebrew "שלום" through ISO-8859-2, or "צלום" through ISO-8859-15:
    // both words, and no letter pairs to tell them apart.
    let runs = find_mojibake("×Š×\u{9c}×\u{95}×\u{9d}");
    assert!(!runs.is_empty());
    assert!(runs.iter().all(|r| r.repair().is_none()), "{runs:?}");
    let texts: Vec<&str> = runs[0].readings.iter().map(|r| r.text.as_str()).collect();
    assert!(
        texts.contains(&"שלום") && texts.contains(&"צלום"),
        "{runs:?}"
    );
    // Where the line's letter pairs tell (German "Bürger öffnen", not
    // "Bßrger Üffnen" through windows-1250), it is repaired.
    assert_eq!(fixed("Die BĂźrger Ăśffnen"), "Die Bürger öffnen");
}

#[test]
fn a_word_beside_text_its_garbling_left_alone_is_reported_not_repaired() {
    // One char undone, beside a word of the same line that the garbling
    // would have changed: reported with its reading and that word, and
    // left (lines of French, German, Spanish and Czech prose, each with
    // one word garbled through windows-1252 or windows-1250).
    let lines = [
        ("Le cafÃ© de l'île est fermé.", "cafÃ©", "café", "l'île"),
        ("MÃ¼nchen und Köln", "MÃ¼nchen", "München", "Köln"),
        ("El niÃ±o comió pan", "niÃ±o", "niño", "comió"),
        ("PĹ™edseda vlády řekl", "PĹ™edseda", "Předseda", "vlády"),
    ];
    for (line, seen, meant, left) in lines {
        let runs = find_mojibake(line);
        let [run] = runs.as_slice() else {
            panic!("{line}: {runs:?}");
        };
        assert_eq!(&line[run.range.clone()], seen, "{line}");
        assert_eq!(run.repair(), None, "{line}");
        assert_eq!(run.readings.len(), 1, "{line}: {runs:?}");
        assert_eq!(run.readings[0].text, meant, "{line}");
        assert_eq!(
            run.held_back,
            Some(super::HeldBack::LineNotGarbledWhole {
                word: left.to_string()
            }),
            "{line}"
        );
        assert_eq!(fixed(line), line);
        assert!(run.left_as_it_is(seen).contains(left), "{line}");
    }
    // The same for CJK mojibake: a word that reads back through GBK read
    // as windows-1252 beside one that does not.
    let line = "ÖÐÎÄ±±¾©ÊÇ 中文";
    let runs = find_mojibake(line);
    let [run] = runs.as_slice() else {
        panic!("{runs:?}");
    };
    assert_eq!(
        (run.repair(), run.readings[0].text.as_str()),
        (None, "中文北京是")
    );
    assert_eq!(
        run.held_back,
        Some(super::HeldBack::LineNotGarbledWhole {
            word: "中文".to_string()
        })
    );
    assert_eq!(fixed(line), line);
    // Two chars undone are enough to go on, and ftfy's negative (a dash
    // beside one char undone) is still left: it is reported now.
    assert_eq!(
        fixed("Ça va? Le cafÃ© est prÃªt."),
        "Ça va? Le café est prêt."
    );
    let dash = "Bremer/Mccoy – DrÃ¥ber";
    assert_eq!(fixed(dash), dash);
    assert!(
        find_mojibake(dash)
            .iter()
            .all(|run| run.held_back.is_some())
    );
}

#[test]
fn a_space_taken_for_a_lost_no_break_space_makes_only_a_char_of_text() {
    // A small letter, a letter beyond ASCII that leads a sequence, a plain
    // space and a char that goes on it, beside words garbled through
    // windows-1252: the space would stand for A0, and the sequence spell
    // a Samaritan sign, a braille pattern, a North Indic fraction, a
    // private-use char or an IPA letter. None is text: each is left.
    let garbled = "Il a dit que l’Ã©tÃ© Ã©tait chaud,";
    let mut wrong = Vec::new();
    for lead in "àâäáãåæçèéêëìíîïðñòóôõöøùúûüýþÿÉÈÊÎÔÛÇ".chars()
    {
        for after in ('¡'..='¿').filter(|&c| c != '\u{AD}') {
            let tail = format!("l{lead} {after}C.");
            let line = format!("{garbled} {tail}");
            let out = fixed(&line);
            if !out.ends_with(&format!(" {tail}")) {
                wrong.push(out);
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
    // Where the char is text, the space is still taken for it: à, Š, a
    // Cyrillic Р, a no-break space, and the braille blank posts space
    // words with.
    assert_eq!(fixed("voilÃ le travail"), "voilà le travail");
    assert_eq!(fixed("Ã‰tÃ© Å tefan"), "Été Štefan");
    assert_eq!(fixed("Ã‰tÃ© 10Â km"), "Été 10\u{A0}km");
    assert_eq!(fixed("Ã‰tÃ© â € ok"), "Été ⠀ ok");
}

#[test]
fn a_plain_reading_and_a_longer_one_are_decided_by_the_line() {
    // "её" through windows-1251 is "РµС‘"; through KOI8-R after it, the
    // plain "её" reads "ţ". The rest of the line was garbled once.
    assert_eq!(
        fixed("РљР°Рє СЃРѕРѕР±С‰РёР» РјРёРЅРёСЃС‚СЂ, РЅР° РµС‘ СЂРµР°Р»РёР·Р°С†РёСЋ"),
        "Как сообщил министр, на её реализацию"
    );
    // "том" is E2 AE AC in IBM866: "⮬".
    assert_eq!(
        fixed("РћРЅ РґРѕР»РіРѕ, Рё РґСѓРјР°Р» Рѕ С‚РѕРј, С‡С‚Рѕ РІСЃС‘"),
        "Он долго, и думал о том, что всё"
    );
    // Alone among Latin words, where the Cyrillic reading costs more
    // for its script: both readings, and no repair.
    let runs = find_mojibake("Hello РµС‘ world");
    let readings: Vec<&str> = runs[0].readings.iter().map(|r| r.text.as_str()).collect();
    assert_eq!((runs.len(), readings), (1, vec!["её", "ţ"]));
    assert_eq!(fixed("Hello РµС‘ world"), "Hello РµС‘ world");
    // "™" through cp850 twice is "├ö├ñ├│"; once undone, the plain
    // "Ôäó". The rest of the line was garbled twice.
    assert_eq!(
        fixed("Le chÔö£├│teau, Ôö¼┬«2026 ├ö├ñ├│"),
        "Le château, ©2026 ™"
    );
}

#[test]
fn a_space_before_typography_beside_a_garbled_word_is_no_lost_no_break_space() {
    // "à »" with a plain space would be E0 A0 BB, a Samaritan mark of
    // punctuation, if the space were a lost no-break space; beside a word
    // garbled through windows-1252 that reading was taken.
    for tail in [
        "là ».",
        "déjà »",
        "là », dit-il",
        "à °C",
        "à ±2",
        "à ½",
        "à ¼ de",
    ] {
        let line = format!("Il dit « l’Ã©tÃ© est {tail}");
        assert_eq!(fixed(&line), format!("Il dit « l’été est {tail}"));
    }
}

#[test]
fn real_text_is_left_alone() {
    for text in [
        "São Paulo",
        "À bientôt",
        "x×² ≥ 0",
        "Я люблю её",
        "Зі мною",
        "essayé »",
        "PARCE QUE SUR LEURS PLAQUES IL Y MARQUÉ…",
        "SELKÄ\u{a0}EDELLÄ\u{a0}MAAHAN",
        "Offering 5×£35 pin ups",
        // The ordinal indicators after digits and letters, and º for the
        // degree sign after a no-break space (macintosh shows NBSP º as
        // the bytes of ʼ: "20ʼC" was taken for the text meant).
        "Il fait 20\u{a0}ºC aujourd’hui",
        "La temperatura es de 20 ºC y 68\u{a0}ºF",
        "Nº\u{a0}5, 1ª edição, Mª José, 2º andar",
        // Ω after a unit's prefix, with a no-break space after it
        // (windows-1253 shows Arabic ٠ as Ω and a no-break space).
        "R1 = 10 kΩ\u{a0}π, 4,7 MΩ\u{a0}✔, 100\u{a0}Ω\u{a0}nominal, 2 µΩ",
        "Resistência de 10\u{a0}kΩ”, disse; «4,7 MΩ»",
        // A Greek letter before a no-break space and a question mark, as
        // French writes them: through windows-1253, E2 A0 and a lost byte.
        "Et que vaut β\u{a0}? Et λ\u{a0}?",
        // Words of two scripts run together: through IBM866, "ёлка" is
        // the bytes of U+6BAA0, which Unicode has not assigned.
        "ёлкаZürich, ёлкаŁódź",
        "├┤a┼┐a┼┐a┼┐a┼┐a",
        "зі»",
        // Mathematics in a line of Latin letters (ftfy's negative case
        // as its JSON file holds it).
        "\"original\": \"(-1/2)! = √π\",",
        // Box art and a hex viewer's cp437 column (ratatui's and
        // hexyl's tests).
        "                 ░▌░░▐░",
        "│00001010│ 04 00 00 00 cd 80 b8 01 ┊ 00 00 00 cd 80 00 00 00 │♦⋄⋄⋄═Ç╕☺┊⋄⋄⋄═Ç⋄⋄⋄│",
    ] {
        assert_eq!(find_mojibake(text), vec![], "{text}");
    }
}

#[test]
fn two_runs_of_a_later_pass_over_one_repair_are_not_taken() {
    // Random chars a long line of them held (this panicked: the second
    // pass took the first's repair further twice, in two runs that
    // overlapped).
    let text = "\u{bd}\u{440}\u{c2}\u{a9} \u{ef}\u{440}\u{102}a \u{bf}\u{d0} \u{2122}\u{b3} \u{e9}\u{20ac}\u{bb}\u{c2}\u{a9}\u{2019}\u{e9}\u{2026}\u{2264}\u{c3}\u{b4} \u{430}\u{102}\u{221a}\u{d0}\u{a0} \u{ce} \u{c2}\u{20ac}\u{e9}\u{440}\u{ef}\u{ce}\u{ce}\u{2026}\u{ce} \u{301}\u{b4}  a\u{ce}\u{ab}\u{bd}\u{c3}\u{bd}";
    let runs = find_mojibake(text);
    assert!(!runs.is_empty());
    for pair in runs.windows(2) {
        assert!(pair[0].range.end <= pair[1].range.start, "{runs:?}");
    }
    let once = fixed(text);
    assert_eq!(fixed(&once), once);
}

#[test]
fn bytes_lost_to_question_marks_and_u_fffd_are_read_as_lost() {
    // A "?" a decoder wrote for a byte, and its U+FFFD in the reading,
    // cost alike: the repair is judged on the rest.
    assert_eq!(fixed("ItÃ?Â¢â?¬â?¢s classic."), "It�¢��s classic.");
    // Two bytes lost in one sequence is too much to go on: windows-1254
    // (no Ž) does not take "â�Ž" as E2 and two lost bytes, and the face
    // is windows-1252 twice.
    assert_eq!(fixed("Ã¢â€�â€™(Ã¢Å’Â£Ã‹â€ºÃ¢Å’Â£)Ã¢â€�Å½"), "�(⌣˛⌣)�");
    // A question mark after a letter beyond ASCII stays one.
    for clean in ["¿Qué?” dijo.", "Fiz isso, não?", "ÇA VA, MÃ?"] {
        assert_eq!(fixed(clean), clean);
    }
}
