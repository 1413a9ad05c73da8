//! The inspector's search and copy in every encoding the model reads
//! (issue #29): a text search looks for the text in the encoding the file
//! is read in, at unit starts; a copy gives the characters the bytes are
//! in that encoding. Driven through `update`, as the event loop does.

#[path = "common/corpus.rs"]
mod corpus;
#[path = "common/ui.rs"]
mod ui;

use ui::Inspector;
use utf8scope::model::{Encoding, Source};
use utf8scope::ui::Message;
use utf8scope::ui::message::PromptKind;

fn type_into_prompt(app: &mut Inspector, kind: PromptKind, text: &str) {
    app.type_into_prompt(kind, text);
}

fn inspector(bytes: Vec<u8>, encoding: Encoding) -> Inspector {
    Inspector::on(
        Source::from_bytes("sample", bytes).in_encoding(encoding),
        120,
        30,
    )
}

/// The text a copy of `[start, end)` puts on the clipboard.
fn copied(app: &mut Inspector, start: u64, end: u64) -> String {
    use base64::Engine;
    app.send(Message::Escape);
    app.send(Message::MoveBytes(
        start as i64 - app.app.view.cursor as i64,
    ));
    app.send(Message::ToggleSelection);
    app.send(Message::MoveBytes((end - start - 1) as i64));
    let left = app.send(Message::CopySelection { hex: false });
    let [utf8scope::ui::Command::SetClipboard(sequence)] = left.as_slice() else {
        panic!("a copy: {left:?}");
    };
    let encoded = sequence
        .strip_prefix("\u{1b}]52;c;")
        .and_then(|s| s.strip_suffix('\u{7}'))
        .expect("OSC 52");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .unwrap();
    app.send(Message::Escape);
    String::from_utf8(bytes).unwrap()
}

/// Each language of the detection corpus in each of its encodings, and
/// in UTF-16 and UTF-32: search for a word of it, copy the word found.
#[test]
fn search_and_copy_work_in_every_encoding() {
    let mut tried = 0;
    let mut wrong = Vec::new();
    for language in &corpus::LANGUAGES {
        let text = corpus::text(language, 2, 0);
        // A word from the middle of the text, of letters beyond ASCII if
        // it has one.
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 3)
            .collect();
        let word = words
            .iter()
            .rev()
            .find(|w| !w.is_ascii())
            .or(words.last())
            .copied()
            .expect("a word");
        let mut labels: Vec<&str> = language.encodings.to_vec();
        labels.extend(["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"]);
        for label in labels {
            let encoding = Encoding::for_label(label).expect("a label the model reads");
            // (As the detection corpus does: a text an encoding cannot hold
            // is left out.)
            let Some(bytes) = encoding.encode(&text) else {
                continue;
            };
            let len = encoding.encode(word).unwrap().len() as u64;
            // Where the word's bytes are, after the text before it (in
            // ISO-2022-JP an escape sequence may come between).
            let before = encoding
                .encode(&text[..text.find(word).unwrap()])
                .unwrap()
                .len();
            let word_bytes = encoding.encode(word).unwrap();
            let at = (before.saturating_sub(3)..bytes.len())
                .find(|&i| bytes[i..].starts_with(&word_bytes))
                .expect("the word is there") as u64;
            let mut app = inspector(bytes, encoding);
            type_into_prompt(&mut app, PromptKind::Search, word);
            tried += 1;
            let found = app.app.search.matched;
            if found != Some((at, len)) {
                wrong.push(format!(
                    "{} in {label}: /{word} found {found:?}, not {:?} ({:?})",
                    language.name,
                    (at, len),
                    app.app.message
                ));
                continue;
            }
            let copy = copied(&mut app, at, at + len);
            if copy != word {
                wrong.push(format!(
                    "{} in {label}: copied {copy:?}, not {word:?}",
                    language.name
                ));
            }
        }
    }
    assert!(tried > 100, "{tried}");
    assert!(
        wrong.is_empty(),
        "{} of {tried} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_text_search_matches_only_at_unit_starts() {
    // In UTF-16LE a text's bytes may straddle two units: "o" is 6F 00,
    // and so are the middle bytes of U+6F41 U+0100 (41 6F 00 01).
    let encoding = Encoding::UTF_16LE;
    let bytes = encoding.encode("\u{6F41}\u{100}o").unwrap();
    // 41 6F 00 01 6F 00: the bytes "6F 00" of "o" first appear at offset 1.
    let mut app = inspector(bytes, encoding);
    // A hex search stays bytes, wherever they are.
    type_into_prompt(&mut app, PromptKind::Search, "x 6f 00");
    assert_eq!(app.app.search.matched, Some((1, 2)));
    app.send(Message::MoveBytes(-1));
    type_into_prompt(&mut app, PromptKind::Search, "o");
    assert_eq!(app.app.search.matched, Some((4, 2)));
    // Text the encoding cannot write is said so.
    let mut app = inspector(
        b"caf\xe9".to_vec(),
        Encoding::for_label("windows-1252").unwrap(),
    );
    type_into_prompt(&mut app, PromptKind::Search, "мир");
    let said = app.app.message.clone().unwrap_or_default();
    assert!(said.contains("cannot be written in windows-1252"), "{said}");
}

#[test]
fn the_findings_list_quotes_mojibake_as_decoded_in_every_encoding() {
    // The list's row for a mojibake finding quotes the text as the file's
    // encoding reads it, not its bytes as UTF-8 (UTF-16 bytes are not).
    let text = "Le cafÃ© est prÃªt.\n";
    for encoding in [Encoding::UTF_8, Encoding::UTF_16LE, Encoding::UTF_16BE] {
        let mut app = inspector(encoding.encode(text).unwrap(), encoding);
        app.send(Message::ToggleFindings);
        let screen = ui::screen_text(&app).join("\n");
        assert!(
            screen.contains("“cafÃ©” → “café”"),
            "{encoding:?}:\n{screen}"
        );
    }
}
