//! A corpus for encoding detection: sentences in 25 languages, written in
//! every legacy encoding that can hold them, at four lengths.

#![allow(dead_code)]

/// Sentences of one language, and the legacy encodings it is written in.
pub struct Language {
    /// Its name.
    pub name: &'static str,
    /// A few sentences of ordinary text.
    pub sentences: &'static [&'static str],
    /// The encodings (WHATWG labels) such text is found in.
    pub encodings: &'static [&'static str],
}

const WESTERN: &[&str] = &["windows-1252", "iso-8859-15", "macintosh"];

/// The languages of the corpus.
pub const LANGUAGES: [Language; 25] = [
    Language {
        name: "French",
        sentences: &[
            "Le château se trouve à côté de l'église, près de la forêt.",
            "Nous avons mangé une crème brûlée délicieuse après le dîner.",
            "Où est passé le garçon qui réparait les fenêtres ?",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "German",
        sentences: &[
            "Die Straße führt über die Brücke zum großen Schloss.",
            "Wir müssen die Bücher bis nächste Woche zurückgeben.",
            "Schöne Grüße aus München und einen fröhlichen Tag.",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "Spanish",
        sentences: &[
            "El niño comió una manzana en el jardín de su abuela.",
            "¿Dónde está la estación de autobuses más cercana?",
            "Mañana habrá reunión a las nueve en la oficina pequeña.",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "Portuguese",
        sentences: &[
            "A informação foi publicada ontem no jornal da região.",
            "As crianças não querem sair de casa por causa da chuva.",
            "Ele comprou pão e açúcar na padaria da esquina.",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "Italian",
        sentences: &[
            "La città è piena di turisti durante l'estate.",
            "Perché non vieni con noi al mare venerdì?",
            "Più tardi andremo a mangiare una pizza così buona.",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "Swedish",
        sentences: &[
            "Vi åkte till sjön och fiskade hela dagen.",
            "Det är mycket kallt på vintern i norra Sverige.",
            "Hon läser en bok på tåget till Göteborg.",
        ],
        encodings: WESTERN,
    },
    Language {
        name: "Dutch",
        sentences: &[
            "Wij hebben een financiële analyse gemaakt voor het café.",
            "De coördinatie van het project liep niet zo soepel.",
            "Zij zei: „Het is een geëmotioneerde reactie.”",
        ],
        encodings: &["windows-1252"],
    },
    Language {
        name: "Polish",
        sentences: &[
            "Zażółć gęślą jaźń, powiedział nauczyciel w szkole.",
            "Wczoraj byliśmy w Krakowie na wycieczce z przyjaciółmi.",
            "Proszę zamknąć drzwi, bo jest bardzo zimno.",
        ],
        encodings: &["windows-1250", "iso-8859-2"],
    },
    Language {
        name: "Czech",
        sentences: &[
            "Příliš žluťoučký kůň úpěl ďábelské ódy.",
            "Včera jsme byli v kině a pak jsme šli na večeři.",
            "Děti si hrají na zahradě u starého domu.",
        ],
        encodings: &["windows-1250", "iso-8859-2"],
    },
    Language {
        name: "Hungarian",
        sentences: &[
            "Árvíztűrő tükörfúrógép a győri gyárban készült.",
            "Holnap reggel elutazunk Debrecenbe a családdal.",
            "A könyvtárban sok érdekes könyvet találtam.",
        ],
        encodings: &["windows-1250", "iso-8859-2"],
    },
    Language {
        name: "Romanian",
        sentences: &[
            "Mâine vom merge la munte cu prietenii noştri.",
            "Ţara are o istorie lungă şi frumoasă.",
            "Această carte este foarte interesantă pentru copii.",
        ],
        encodings: &["windows-1250", "iso-8859-2"],
    },
    Language {
        name: "Turkish",
        sentences: &[
            "Yarın sabah erkenden İstanbul'a gideceğiz.",
            "Çocuklar bahçede oynuyor ve çok mutlu görünüyorlar.",
            "Bu şehirde güzel bir öğretmenle tanıştım.",
        ],
        encodings: &["windows-1254"],
    },
    Language {
        name: "Lithuanian",
        sentences: &[
            "Vakar mes buvome Vilniuje ir aplankėme senamiestį.",
            "Ši knyga yra labai įdomi ir naudinga mokiniams.",
            "Rytoj žadama šilta ir saulėta diena.",
        ],
        encodings: &["windows-1257", "iso-8859-13"],
    },
    Language {
        name: "Russian",
        sentences: &[
            "Съешь же ещё этих мягких французских булок да выпей чаю.",
            "Вчера мы гуляли в парке и разговаривали о будущем.",
            "Москва является столицей Российской Федерации.",
        ],
        encodings: &[
            "windows-1251",
            "koi8-r",
            "ibm866",
            "iso-8859-5",
            "x-mac-cyrillic",
        ],
    },
    Language {
        name: "Ukrainian",
        sentences: &[
            "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!",
            "Сьогодні в Києві дуже гарна погода.",
            "Ми вивчаємо українську мову в університеті.",
        ],
        encodings: &["windows-1251", "koi8-u"],
    },
    Language {
        name: "Bulgarian",
        sentences: &[
            "Добър ден, как сте днес?",
            "София е столицата на България и е много красива.",
            "Децата играят в парка след училище.",
        ],
        encodings: &["windows-1251"],
    },
    Language {
        name: "Greek",
        sentences: &[
            "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.",
            "Σήμερα ο καιρός είναι πολύ ωραίος για περίπατο.",
            "Τα παιδιά παίζουν στην αυλή του σχολείου.",
        ],
        encodings: &["windows-1253", "iso-8859-7"],
    },
    Language {
        name: "Hebrew",
        sentences: &[
            "שלום, מה שלומך היום?",
            "ירושלים היא עיר עתיקה ויפה מאוד.",
            "הילדים משחקים בחצר בית הספר.",
        ],
        encodings: &["windows-1255", "iso-8859-8"],
    },
    Language {
        name: "Arabic",
        sentences: &[
            "مرحبا، كيف حالك اليوم؟",
            "القاهرة هي عاصمة جمهورية مصر العربية.",
            "يلعب الأطفال في حديقة المدرسة بعد الظهر.",
        ],
        encodings: &["windows-1256", "iso-8859-6"],
    },
    Language {
        name: "Japanese",
        sentences: &[
            "今日は天気がとても良いので、公園を散歩しました。",
            "東京駅から新幹線に乗って京都へ行きます。",
            "この本はとても面白いと思います。",
        ],
        encodings: &["shift_jis", "euc-jp", "iso-2022-jp"],
    },
    Language {
        name: "Chinese (Simplified)",
        sentences: &[
            "今天天气很好，我们去公园散步吧。",
            "北京是中华人民共和国的首都。",
            "这本书非常有意思，我已经看了两遍。",
        ],
        encodings: &["gbk", "gb18030"],
    },
    Language {
        name: "Chinese (Traditional)",
        sentences: &[
            "今天天氣很好，我們去公園散步吧。",
            "臺北是一個非常熱鬧的城市。",
            "這本書非常有意思，我已經看了兩遍。",
        ],
        encodings: &["big5"],
    },
    Language {
        name: "Korean",
        sentences: &[
            "오늘은 날씨가 정말 좋습니다.",
            "서울은 대한민국의 수도입니다.",
            "우리는 내일 아침에 부산으로 떠납니다.",
        ],
        encodings: &["euc-kr"],
    },
    Language {
        name: "Vietnamese",
        sentences: &[
            "Hôm nay trời rất đẹp, chúng tôi đi dạo trong công viên.",
            "Hà Nội là thủ đô của Việt Nam.",
            "Tôi đang học tiếng Anh ở trường đại học.",
        ],
        encodings: &["windows-1258"],
    },
    Language {
        name: "Thai",
        sentences: &[
            "วันนี้อากาศดีมาก เราไปเดินเล่นที่สวนสาธารณะกัน",
            "กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย",
            "เด็กๆ กำลังเล่นอยู่ในสนามของโรงเรียน",
        ],
        encodings: &["windows-874"],
    },
];

/// The lengths texts are made in, shortest first.
pub const LENGTHS: [&str; 4] = ["one sentence", "one line", "paragraph", "several KB"];

/// A text of `language` at `length` (an index into [`LENGTHS`]), varied by `seed`.
pub fn text(language: &Language, length: usize, seed: usize) -> String {
    let n = language.sentences.len();
    let pick = |i: usize| language.sentences[(seed + i) % n];
    match length {
        0 => pick(0).to_string(),
        1 => format!("{} {}", pick(0), pick(1)),
        2 => (0..6).map(pick).collect::<Vec<_>>().join(" "),
        _ => {
            let mut text = String::new();
            let mut i = 0;
            while text.len() < 4096 {
                text.push_str(pick(i));
                text.push(if i % 4 == 3 { '\n' } else { ' ' });
                i += 1;
            }
            text
        }
    }
}

/// One case of the corpus: a text, its encoding and its bytes.
pub struct Case {
    /// The language.
    pub language: &'static str,
    /// The encoding's WHATWG name.
    pub encoding: &'static str,
    /// The length's index in [`LENGTHS`].
    pub length: usize,
    /// The text.
    pub text: String,
    /// The text in the encoding.
    pub bytes: Vec<u8>,
}

/// Every case: each language in each of its encodings at each length,
/// three texts each (skipping texts an encoding cannot hold).
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for language in &LANGUAGES {
        for label in language.encodings {
            let encoding =
                encoding_rs::Encoding::for_label(label.as_bytes()).expect("a WHATWG label");
            for length in 0..LENGTHS.len() {
                for seed in 0..3 {
                    let text = text(language, length, seed);
                    let (bytes, _, unmappable) = encoding.encode(&text);
                    if unmappable {
                        continue;
                    }
                    let bytes = bytes.into_owned();
                    cases.push(Case {
                        language: language.name,
                        encoding: encoding.name(),
                        length,
                        text,
                        bytes,
                    });
                }
            }
        }
    }
    cases
}

/// Whether `bytes` read in the encoding named `guess` give `text` back
/// (two encodings that agree on these bytes are both right).
pub fn reads_back(guess: &str, bytes: &[u8], text: &str) -> bool {
    encoding_rs::Encoding::for_label(guess.as_bytes())
        .is_some_and(|encoding| encoding.decode_without_bom_handling(bytes).0 == text)
}
