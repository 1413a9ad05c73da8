//! Generated benchmark inputs, shared by the benches and `examples/gen_input.rs`.

// Each bench and example includes this file and uses only part of it.
#![allow(dead_code)]

/// The kinds of input the scan is measured on.
#[derive(Clone, Copy, Debug)]
pub enum InputKind {
    /// Printable ASCII text in lines.
    Ascii,
    /// Valid text mixing Latin, Cyrillic, Greek, CJK and emoji.
    Multilingual,
    /// Multilingual text with one invalid byte per MiB.
    SparseErrors,
    /// Uniformly random bytes (about 0.4 invalid spans per byte).
    RandomBinary,
    /// Russian prose as news and novels print it: « », dashes, an
    /// ellipsis, numbers, a Latin name and a URL among Cyrillic words.
    RussianProse,
    /// Prose of languages written in Latin letters beyond ASCII (French,
    /// German, Spanish, Portuguese, Polish, Czech, Turkish, Vietnamese),
    /// with each one's quotation marks, dashes and numbers.
    LatinProse,
}

impl InputKind {
    /// All kinds, in report order.
    pub const ALL: [InputKind; 6] = [
        InputKind::Ascii,
        InputKind::Multilingual,
        InputKind::SparseErrors,
        InputKind::RandomBinary,
        InputKind::RussianProse,
        InputKind::LatinProse,
    ];

    /// Short name used in benchmark ids and file names.
    pub fn name(self) -> &'static str {
        match self {
            InputKind::Ascii => "ascii",
            InputKind::Multilingual => "multilingual",
            InputKind::SparseErrors => "sparse-errors",
            InputKind::RandomBinary => "random-binary",
            InputKind::RussianProse => "russian-prose",
            InputKind::LatinProse => "latin-prose",
        }
    }
}

const ASCII_LINES: &[&str] = &[
    "The quick brown fox jumps over the lazy dog; 0123456789.\n",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.\n",
    "fn main() { println!(\"hello, world\"); }\n",
];

const MULTILINGUAL_LINES: &[&str] = &[
    "Het Nederlandse woord ‘ijsvogel’ en de café-uitbater — één, twee.\n",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.\n",
    "Ξεσκεπάζω τὴν ψυχοφθόρα βδελυγμία. Папа Hello.\n",
    "我能吞下玻璃而不伤身体。私はガラスを食べられます。\n",
    "Emoji: 😀 🎉 👍🏽 🇳🇱 and math ∀x ∈ ℝ: x² ≥ 0, price €42.\n",
    "Plain ASCII line between the others, as in real files.\n",
];

const RUSSIAN_PROSE_LINES: &[&str] = &[
    "В понедельник, 3 марта, правительство объявило о новой программе — «Цифровая экономика 2030».\n",
    "Как сообщил министр, на её реализацию выделят около 120 млрд рублей… Эксперты настроены осторожно.\n",
    "«Мы ждём конкретных шагов, а не обещаний», — сказал Иван Петров, директор компании «Север».\n",
    "Компания Yandex и банк «Тинькофф» уже заявили о готовности участвовать в проекте.\n",
    "По данным Росстата, инфляция в январе составила 0,8%, а годовая — 7,4%.\n",
    "Он долго смотрел в окно, где медленно падал снег, и думал о том, что всё могло быть иначе.\n",
    "— Ты опять опоздал, — тихо сказала она, не поднимая глаз от книги.\n",
    "Москва, Санкт-Петербург и Казань вошли в список городов с самым высоким уровнем жизни.\n",
    "Температура воздуха ночью опустится до −15 °C, днём ожидается небольшой снег.\n",
    "Подробнее читайте на сайте: https://example.ru/news/2030 (обновлено в 14:35).\n",
];

const LATIN_PROSE_LINES: &[&str] = &[
    "Le ministre a annoncé mercredi une réforme «ambitieuse» des retraites — à l’étonnement général.\n",
    "Über 3 000 Besucher kamen am Sonntag zum Straßenfest; „Es war großartig“, sagte die Bürgermeisterin.\n",
    "El gobierno aprobó ayer la ley de vivienda: «Es un día histórico», afirmó la ministra en Madrid.\n",
    "A previsão é de chuva forte no Nordeste, com ventos de até 80 km/h, informou o instituto.\n",
    "Wczoraj w Krakowie odbyła się konferencja poświęcona ochronie środowiska – przyszło ponad 500 osób.\n",
    "Předseda vlády řekl, že rozpočet na příští rok bude „odpovědný a střídmý“.\n",
    "Türkiye’nin en büyük şehri İstanbul’da bugün hava güneşli ve sıcaklık 24 °C olacak.\n",
    "Hà Nội hôm nay có mưa rào và dông, nhiệt độ cao nhất khoảng 30 độ.\n",
    "Il était une fois, dans un petit village près de Genève, un garçon qui rêvait de voyager…\n",
    "Plain ASCII line between the others, as in real files.\n",
];

/// Generates `len` bytes of the given kind, deterministically.
pub fn generate(kind: InputKind, len: usize) -> Vec<u8> {
    match kind {
        InputKind::Ascii => repeat_lines(ASCII_LINES, len),
        InputKind::Multilingual => repeat_lines(MULTILINGUAL_LINES, len),
        InputKind::SparseErrors => {
            let mut bytes = repeat_lines(MULTILINGUAL_LINES, len);
            for at in (512 * 1024..len).step_by(1 << 20) {
                bytes[at] = 0xFF;
            }
            bytes
        }
        InputKind::RandomBinary => random_bytes(len),
        InputKind::RussianProse => repeat_lines(RUSSIAN_PROSE_LINES, len),
        InputKind::LatinProse => repeat_lines(LATIN_PROSE_LINES, len),
    }
}

/// Generates `len` bytes of the given kind as [`generate`] does, each line
/// numbered (" #12" before its line feed) so that no two are the same: the
/// repairer keeps what it judged of each line, and a file of a few lines
/// repeated would measure that lookup, not the judgment a real file gets.
pub fn generate_distinct(kind: InputKind, len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(len + 128);
    let text = generate(kind, len);
    for (number, line) in text.split_inclusive(|&b| b == b'\n').enumerate() {
        if bytes.len() >= len {
            break;
        }
        match line.strip_suffix(b"\n") {
            Some(body) if !body.is_empty() => {
                bytes.extend_from_slice(body);
                bytes.extend_from_slice(format!(" #{number}\n").as_bytes());
            }
            _ => bytes.extend_from_slice(line),
        }
    }
    let mut cut = len.min(bytes.len());
    while cut > 0 && cut < bytes.len() && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    bytes.truncate(cut);
    bytes.resize(len, b'\n');
    bytes
}

fn repeat_lines(lines: &[&str], len: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(len + 128);
    let mut i = 0;
    while bytes.len() < len {
        bytes.extend_from_slice(lines[i % lines.len()].as_bytes());
        i += 1;
    }
    // Cut at a character boundary so the text stays valid.
    let mut cut = len;
    while cut > 0 && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    bytes.truncate(cut);
    bytes.resize(len, b'\n');
    bytes
}

fn random_bytes(len: usize) -> Vec<u8> {
    // xorshift64*: fast, deterministic, and good enough for byte noise.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut bytes = Vec::with_capacity(len + 8);
    while bytes.len() < len {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        bytes.extend_from_slice(&state.wrapping_mul(0x2545_F491_4F6C_DD1D).to_le_bytes());
    }
    bytes.truncate(len);
    bytes
}
