//! A corpus for CJK mojibake: sentences of Japanese, Chinese (simplified
//! and traditional) and Korean, written for these tests from everyday
//! words, with their punctuation (、。「」『』・ー〜，！？), full-width
//! forms, kana-only and kanji-only lines; garbled both ways (UTF-8 read as
//! a CJK encoding; a CJK encoding read as windows-1252), losslessly and
//! with bytes lost to U+FFFD. The garbling is encoding_rs's decoders, not
//! utf8scope's. Each language's sentences are split in two: the tuning
//! part, which the rules were written against, and a held-out part that
//! was only measured.

#![allow(dead_code)]

use encoding_rs::{Encoding, WINDOWS_1252};

/// A language, its sentences (tuning, held out) and the encodings its text
/// was written in before Unicode.
pub struct CjkLanguage {
    pub name: &'static str,
    pub tuning: &'static [&'static str],
    pub held_out: &'static [&'static str],
    pub encodings: &'static [&'static str],
}

pub const CJK_LANGUAGES: [CjkLanguage; 4] = [
    CjkLanguage {
        name: "Japanese",
        tuning: &[
            "今日は天気がとても良いので、公園を散歩しました。",
            "東京駅から新幹線に乗って京都へ行きます。",
            "この本はとても面白いと思います。",
            "こんにちは、お元気ですか？",
            "「ありがとうございます」と彼女は言った。",
            "明日の会議は午後三時から始まります。",
            "コーヒーとケーキを注文しました。",
            "駅の近くに新しいラーメン屋ができた。",
            "日本語の勉強は難しいけれど楽しいです。",
            "すみません、トイレはどこですか？",
            "週末は家族と一緒に映画を見に行きました。",
            "電車が遅れたので、会社に遅刻してしまった。",
            "ひらがなとカタカナを覚えましょう。",
            "東京都千代田区丸の内一丁目",
            "『吾輩は猫である』は夏目漱石の小説です。",
            "価格は１，２００円です（税込）。",
        ],
        held_out: &[
            "昨日の夜は雨が降っていたので、家で本を読みました。",
            "私の趣味は料理と旅行です。",
            "新しいパソコンを買いたいと思っています。",
            "桜の花がきれいに咲いています。",
            "お誕生日おめでとうございます！",
            "この店のパンはとてもおいしいですね。",
            "彼は毎朝六時に起きて、ジョギングをします。",
            "図書館で静かに勉強してください。",
            "夏休みに北海道へ旅行する予定です。",
            "ちょっと待ってください。",
            "京都の寺院を見学しました・金閣寺と銀閣寺。",
            "メールアドレスを教えていただけますか。",
        ],
        encodings: &["Shift_JIS", "EUC-JP"],
    },
    CjkLanguage {
        name: "Chinese (Simplified)",
        tuning: &[
            "今天天气很好，我们去公园散步吧。",
            "北京是中华人民共和国的首都。",
            "这本书非常有意思，我已经看了两遍。",
            "你好，请问火车站在哪里？",
            "我每天早上七点起床。",
            "他们正在讨论明年的工作计划。",
            "这家饭店的菜很好吃，价格也不贵。",
            "学习中文需要很多时间和耐心。",
            "我的朋友下个月要去上海出差。",
            "请把窗户关上，外面太冷了。",
            "中国有五千年的历史。",
            "“你吃饭了吗？”妈妈问道。",
        ],
        held_out: &[
            "周末我们一起去看电影怎么样？",
            "这个问题比我想象的要复杂得多。",
            "医生说他需要多休息几天。",
            "图书馆里有很多学生在看书。",
            "春节是中国最重要的传统节日。",
            "我妹妹喜欢画画和唱歌。",
            "银行几点开门？",
            "经济发展给人们的生活带来了很大的变化。",
            "请问这件衣服多少钱？",
            "他的电脑坏了，所以借了我的。",
        ],
        encodings: &["GBK"],
    },
    CjkLanguage {
        name: "Chinese (Traditional)",
        tuning: &[
            "今天天氣很好，我們去公園散步吧。",
            "臺北是一個非常熱鬧的城市。",
            "這本書非常有意思，我已經看了兩遍。",
            "請問捷運站在哪裡？",
            "我們下個星期要去香港旅行。",
            "這家餐廳的牛肉麵很有名。",
            "學生們正在準備期末考試。",
            "謝謝你的幫忙，我非常感激。",
            "他每天騎腳踏車上班。",
            "「早安！」老師對學生們說。",
        ],
        held_out: &[
            "颱風來了，今天學校放假。",
            "我喜歡喝珍珠奶茶。",
            "這個週末你有空嗎？",
            "圖書館的開放時間是早上八點到晚上十點。",
            "請把這封信寄給我的朋友。",
            "夜市裡有很多好吃的小吃。",
            "他的中文說得非常流利。",
            "電影院就在百貨公司的旁邊。",
        ],
        encodings: &["Big5"],
    },
    CjkLanguage {
        name: "Korean",
        tuning: &[
            "오늘은 날씨가 정말 좋습니다.",
            "서울은 대한민국의 수도입니다.",
            "우리는 내일 아침에 부산으로 떠납니다.",
            "안녕하세요, 만나서 반갑습니다.",
            "저는 한국어를 공부하고 있어요.",
            "이 식당의 김치찌개가 아주 맛있어요.",
            "주말에 친구들과 영화를 봤습니다.",
            "지하철역이 어디에 있습니까?",
            "감사합니다! 다음에 또 오세요.",
            "회의는 오후 세 시에 시작합니다.",
        ],
        held_out: &[
            "어제 도서관에서 책을 빌렸어요.",
            "한국의 가을은 아주 아름답습니다.",
            "생일 축하합니다!",
            "커피 한 잔 주세요.",
            "우리 가족은 네 명입니다.",
            "버스를 타고 학교에 갑니다.",
            "이 옷은 얼마예요?",
            "내년에 일본으로 여행을 가고 싶어요.",
        ],
        encodings: &["EUC-KR"],
    },
];

/// A line garbled one way, with what it said.
pub struct CjkGarbled {
    pub language: &'static str,
    pub how: String,
    pub text: String,
    pub meant: String,
    pub held_out: bool,
}

/// The decoders UTF-8 is misread by.
pub const MISREADERS: [&str; 5] = ["Shift_JIS", "EUC-JP", "GBK", "Big5", "EUC-KR"];

fn encoding(label: &str) -> &'static Encoding {
    Encoding::for_label(label.as_bytes()).expect("a known label")
}

/// `bytes` read as windows-1252 by a strict decoder: U+FFFD for the five
/// bytes it has no char for (as Python's `errors="replace"` writes).
fn windows_1252_strict(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x81 | 0x8D | 0x8F | 0x90 | 0x9D => '\u{FFFD}'.to_string(),
            _ => WINDOWS_1252
                .decode_without_bom_handling(&[b])
                .0
                .into_owned(),
        })
        .collect()
}

/// Every sentence (with whether it is held out), its language and
/// encodings.
pub fn cjk_sentences() -> Vec<(&'static CjkLanguage, &'static str, bool)> {
    let mut all = Vec::new();
    for language in &CJK_LANGUAGES {
        all.extend(language.tuning.iter().map(|s| (language, *s, false)));
        all.extend(language.held_out.iter().map(|s| (language, *s, true)));
    }
    all
}

/// Each sentence garbled: its UTF-8 read by each CJK decoder, and its
/// bytes in each of its language's encodings read as windows-1252, by a
/// decoder that keeps every byte (as C1 controls) and by a strict one.
pub fn cjk_garbled_lines() -> Vec<CjkGarbled> {
    let mut lines = Vec::new();
    for (language, sentence, held_out) in cjk_sentences() {
        let mut push = |how: String, text: String| {
            if text != sentence {
                lines.push(CjkGarbled {
                    language: language.name,
                    how,
                    text,
                    meant: sentence.to_string(),
                    held_out,
                });
            }
        };
        for misreader in MISREADERS {
            let (text, _) = encoding(misreader).decode_without_bom_handling(sentence.as_bytes());
            push(format!("UTF-8 read as {misreader}"), text.into_owned());
        }
        for &written in language.encodings {
            let (bytes, _, unmappable) = encoding(written).encode(sentence);
            assert!(!unmappable, "{sentence} in {written}");
            let (text, _) = WINDOWS_1252.decode_without_bom_handling(&bytes);
            push(format!("{written} read as windows-1252"), text.into_owned());
            push(
                format!("{written} read as windows-1252, strictly"),
                windows_1252_strict(&bytes),
            );
        }
    }
    lines
}

/// Clean CJK lines: each sentence, its pieces between punctuation, its
/// kana alone and its kanji alone, in full-width and half-width forms.
pub fn cjk_clean_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for (_, sentence, _) in cjk_sentences() {
        lines.push(sentence.to_string());
        for piece in sentence.split(|c: char| "、。，！？「」『』（）“”・ .,!?".contains(c))
        {
            if piece.chars().count() > 1 {
                lines.push(piece.to_string());
            }
        }
        let kana: String = sentence
            .chars()
            .filter(|c| ('\u{3041}'..='\u{30FF}').contains(c))
            .collect();
        let kanji: String = sentence
            .chars()
            .filter(|c| ('\u{4E00}'..='\u{9FFF}').contains(c))
            .collect();
        for line in [kana, kanji] {
            if line.chars().count() > 1 {
                lines.push(line);
            }
        }
    }
    lines.extend(
        [
            "ｶﾀｶﾅ ﾃﾞｰﾀ ｺﾝﾋﾟｭｰﾀ",
            "ﾃｽﾄ ﾄｷ ｱｲｳｴｵ",
            "ＡＢＣ　１２３　ｘｙｚ",
            "〜ー・「」『』【】〒※",
            "価格：￥１，０００",
            "東京 大阪 名古屋 福岡 札幌",
            "中 文 字 符",
            "한 글 자 모",
        ]
        .map(String::from),
    );
    lines.sort();
    lines.dedup();
    lines
}
