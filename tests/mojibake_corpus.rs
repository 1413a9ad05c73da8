//! Mojibake generated in the test itself: sentences encoded to UTF-8, decoded
//! through each legacy encoding once and twice (encoding_rs), and written back.
//! Each must be found with the right chain and repaired to the original; and
//! correct text in many languages must never be flagged.

use utf8scope::model::findings::{LEGACY, find_mixed_script, find_mojibake};

const SENTENCES: &[(&str, &str)] = &[
    ("Dutch", "Één café, twee crèmes en een ruïne in België."),
    ("Dutch", "Hij zei: „Dat is geën prijs” — ’t was één euro."),
    (
        "French",
        "Ça coûte 12 € à l’hôtel « Le Cœur » près de la forêt.",
    ),
    ("French", "Élève très âgé, naïf et déçu."),
    (
        "German",
        "Größere Übungen für Bäcker: „Grüß Gott“ am Straßenrand.",
    ),
    ("German", "Die Bürger öffnen die Tür für Jäger."),
    (
        "Portuguese",
        "São Paulo não é só café; a promoção começa amanhã.",
    ),
    (
        "Portuguese",
        "Ação, coração e informação são palavras comuns.",
    ),
    ("Spanish", "¿Dónde está el niño? ¡Mañana iré a León!"),
    ("Spanish", "El pingüino comió jamón en Cádiz."),
    ("Polish", "Zażółć gęślą jaźń w Łodzi."),
    ("Polish", "Książę śpiewał pieśń o źródle."),
    ("Czech", "Příliš žluťoučký kůň úpěl ďábelské ódy."),
    ("Czech", "Čeština má háčky a čárky."),
    (
        "Turkish",
        "Çalışkan öğrenci İstanbul’da güzel şarkı söyledi.",
    ),
    ("Turkish", "Ağaçların gölgesinde çay içtik."),
    (
        "Russian",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    ),
    ("Russian", "Привет, мир! Как дела?"),
    ("Ukrainian", "Їжак співає пісню про щастя і ґудзики."),
    ("Ukrainian", "Він сказав: «Добрий вечір»."),
    ("Greek", "Ξεσκεπάζω τὴν ψυχοφθόρα βδελυγμία."),
    ("Greek", "Καλημέρα κόσμε, τι κάνεις;"),
];

/// The sentences that must not be flagged: correct text and symbols.
const CORRECT: &[&str] = &[
    "Tiếng Việt có nhiều dấu: Hà Nội, Đà Nẵng, phở bò.",
    "我能吞下玻璃而不伤身体。中文字符不应被标记。",
    "私はガラスを食べられます。それは私を傷つけません。",
    "한국어 문장도 괜찮습니다.",
    "Math: ∀x ∈ ℝ, x² ≥ 0; ∑ 1/n² = π²/6; 3×4 = 12; ½ + ¼ = ¾.",
    "Prices: €42, £7, ¥500, ₹99, 10¢ — “quotes” and ‘single’ … ok.",
    "Box: ┌──┬──┐ │ä│ö│ └──┴──┘ arrows ← → ↑ ↓ ±5°C.",
    "Emoji: 😀 🎉 👍🏽 🇳🇱 ❤️ and ©2026 ™ ®.",
    "ÀÁÂÃÄÅ ÆÇ ÈÉÊË ÌÍÎÏ ÐÑ ÒÓÔÕÖ ØÙÚÛÜ Ý Þß",
    "àáâãäå æç èéêë ìíîï ðñ òóôõö øùúûü ý þÿ",
    "SÃO JOÃO, AÇÃO, CORAÇÃO, INFORMAÇÕES",
    "Å ångström, Øre, Ærø, Île-de-France, Ōsaka",
    // Words that do round-trip (KOI8-R "её" is "ţ") but read as real words.
    "Я люблю её, а она взяла её книгу. Жёлтый лёд, чёрный пёс.",
    "Зі мною все добре. Ні, ці люди від нас. Її дім на півдні.",
    "Љубљана, Ђорђе и Његош. Хаб и таб, ягода. Ёжик в тумане.",
    "Über alles, Ćma, věž, Łódź, ŻÓŁĆ, mość, Gruß, Þú.",
];

/// Decodes `text`'s UTF-8 bytes through `encoding`, `times` times.
fn garble(text: &str, encoding: &'static encoding_rs::Encoding, times: usize) -> String {
    let mut garbled = text.to_string();
    for _ in 0..times {
        let (decoded, _) = encoding.decode_without_bom_handling(garbled.as_bytes());
        garbled = decoded.into_owned();
    }
    garbled
}

/// Applies every repair to `text`.
fn repaired(text: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut chains = Vec::new();
    let mut at = 0;
    for run in find_mojibake(text) {
        out.push_str(&text[at..run.range.start]);
        out.push_str(&run.repair);
        chains.push(run.chain());
        at = run.range.end;
    }
    out.push_str(&text[at..]);
    (out, chains)
}

#[test]
fn mojibake_is_found_with_its_chain_and_repaired() {
    let mut cases = 0;
    let mut found = 0;
    let mut misses = Vec::new();
    for (language, sentence) in SENTENCES {
        assert!(
            sentence.chars().filter(|c| !c.is_ascii()).count() >= 3,
            "{language}: {sentence}"
        );
        for encoding in LEGACY {
            for times in 1..=2 {
                let garbled = garble(sentence, encoding, times);
                cases += 1;
                let (fixed, chains) = repaired(&garbled);
                let expected_chain = match times {
                    1 => format!("UTF-8 read as {}", encoding.name()),
                    _ => format!("UTF-8 read as {}, twice", encoding.name()),
                };
                if fixed == *sentence && chains.iter().all(|c| *c == expected_chain) {
                    found += 1;
                } else {
                    misses.push(format!(
                        "{language} via {} ×{times}: {chains:?} → {fixed}",
                        encoding.name()
                    ));
                }
            }
        }
    }
    let recall = found as f64 / cases as f64;
    println!("mojibake recall: {found}/{cases} = {:.1}%", recall * 100.0);
    for miss in &misses {
        println!("  missed: {miss}");
    }
    assert!(
        recall >= 0.95,
        "recall {:.1}% is under 95%:\n{}",
        recall * 100.0,
        misses.join("\n")
    );
}

#[test]
fn correct_text_is_never_flagged() {
    let mut flagged = Vec::new();
    let texts = SENTENCES
        .iter()
        .map(|(_, s)| *s)
        .chain(CORRECT.iter().copied());
    let mut total = 0;
    for text in texts {
        total += 1;
        for run in find_mojibake(text) {
            flagged.push(format!(
                "{text:?}: {:?} → {:?}",
                &text[run.range.clone()],
                run.repair
            ));
        }
        for word in find_mixed_script(text) {
            flagged.push(format!(
                "{text:?}: {:?} mixes scripts",
                &text[word.range.clone()]
            ));
        }
    }
    println!(
        "mojibake and mixed-script false positives: {} in {total} correct sentences",
        flagged.len()
    );
    assert!(
        flagged.is_empty(),
        "false positives:\n{}",
        flagged.join("\n")
    );
}
