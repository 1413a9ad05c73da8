//! How common each pair of letters is in 30 languages (Latin, Cyrillic and
//! Greek scripts): what tells apart two readings of the same bytes that
//! are each made of one language's letters, where plausibility cannot.
//! "wrzesieñ" (windows-1252) and "wrzesień" (windows-1250) are both
//! letters of some alphabet; but "ñ" never ends a Spanish word and "rz"
//! seldom starts a Spanish syllable, while every pair of "wrzesień" is
//! common in Polish.
//!
//! The costs come from `letter_pairs.txt` (written by
//! `scripts/letter_pairs.py` from wordfreq's word lists, CC BY-SA 4.0).

use std::sync::{LazyLock, OnceLock};

use foldhash::HashMap;

use super::alphabets::Language;
use super::plausibility::letter_and_script;

/// The table, a line a language.
const TABLE: &str = include_str!("letter_pairs.txt");

/// What a pair costs that a language's table does not hold: more than any
/// it holds (the script keeps pairs of up to 20 bits).
const UNSEEN: u32 = 24;

/// How many bits cheaper one reading's letter pairs must be than
/// another's to be taken for it: a pair that is common in a language where
/// the other's is never seen saves ten or more.
pub const PAIRS_CLEARLY_CHEAPER: u32 = 10;

/// How many bits cheaper one reading's letter pairs must be than
/// another's, where both price lowest in the same language, for an
/// encoding to be guessed by them: within one language the prices compare
/// directly, and 5 bits is 32 times likelier (Slovak
/// "veľmi" in windows-1250 against "vežmi" in ISO-8859-2, whose other
/// letters are the same). A repair keeps to [`PAIRS_CLEARLY_CHEAPER`]:
/// a wrong one changes text.
pub const PAIRS_CHEAPER_IN_ONE_LANGUAGE: u32 = 5;

/// How many letters a word needs for [`PairPricer::common_in_own_language`]
/// to tell its readings apart by their languages' common pairs.
const OWN_LANGUAGE_LETTERS: usize = 6;

/// How many bits cheaper one language must price a text's letter pairs
/// than every other for the text to be named as in it: more than for
/// telling two readings apart, since a name is stated as fact.
const LANGUAGE_CLEARLY_CHEAPER: u32 = 20;

/// A pair that costs this much or less is one of a language's common
/// pairs (about one pair in 16,000 or more often).
const COMMON: u8 = 14;

/// The char that stands for a word's start or end.
const EDGE: char = '_';

/// Where a pair of ASCII letters (or word edges) is in a model's dense
/// table: the edge is 0, a–z are 1–26.
fn ascii_slot(c: char) -> Option<usize> {
    match c {
        EDGE => Some(0),
        'a'..='z' => Some(c as usize - 'a' as usize + 1),
        _ => None,
    }
}

/// Slots in the dense table of ASCII pairs.
const ASCII_SLOTS: usize = 27;

/// One language's pairs and what each costs (-log2 of its share).
struct Model {
    name: &'static str,
    /// Its ISO 639-1 code (`sh` for Serbo-Croatian, which names no one
    /// language).
    code: &'static str,
    /// The pairs of ASCII letters and edges, by slot ([`ascii_slot`]):
    /// most pairs of most texts, looked up without hashing.
    ascii: Box<[u8; ASCII_SLOTS * ASCII_SLOTS]>,
    /// The other pairs.
    costs: HashMap<(char, char), u8>,
    /// Its letters beyond ASCII, sorted.
    letters: Vec<char>,
}

impl Model {
    /// What the pair `a`, `b` costs.
    fn cost(&self, a: char, b: char) -> Option<u8> {
        match (ascii_slot(a), ascii_slot(b)) {
            (Some(x), Some(y)) => {
                let cost = self.ascii[x * ASCII_SLOTS + y];
                (cost != 0).then_some(cost)
            }
            _ => self.costs.get(&(a, b)).copied(),
        }
    }
}

/// The languages' models, read from [`TABLE`] when first asked.
static MODELS: LazyLock<Vec<Model>> = LazyLock::new(|| {
    TABLE
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let (code, name, pairs) = (fields.next()?, fields.next()?, fields.next()?);
            let mut model = Model {
                name,
                code,
                ascii: Box::new([0; ASCII_SLOTS * ASCII_SLOTS]),
                costs: HashMap::default(),
                letters: Vec::new(),
            };
            for entry in pairs.split(' ') {
                let (pair, cost) = entry.rsplit_once(':')?;
                let mut chars = pair.chars();
                let (a, b) = (chars.next()?, chars.next()?);
                // (Costs are 1 bit or more: 0 marks a pair not held.)
                let cost: u8 = cost.parse::<u8>().ok()?.max(1);
                match (ascii_slot(a), ascii_slot(b)) {
                    (Some(x), Some(y)) => model.ascii[x * ASCII_SLOTS + y] = cost,
                    _ => {
                        model.costs.insert((a, b), cost);
                    }
                }
                model
                    .letters
                    .extend([a, b].into_iter().filter(|c| !c.is_ascii()));
            }
            model.letters.sort_unstable();
            model.letters.dedup();
            Some(model)
        })
        .collect()
});

/// What the letter pairs of a text cost in the language that prices them
/// lowest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairCost {
    /// The language's name.
    pub language: &'static str,
    /// The pairs' cost, in bits.
    pub cost: u32,
    /// How many pairs there were.
    pub pairs: u32,
    /// How many of them are common in the language.
    pub common: u32,
}

impl PairCost {
    /// The share of the pairs that are common in the language, in percent.
    pub fn common_percent(&self) -> u32 {
        self.common * 100 / self.pairs.max(1)
    }

    /// `self` and `other` priced together.
    fn and(self, other: PairCost) -> PairCost {
        PairCost {
            language: self.language,
            cost: self.cost + other.cost,
            pairs: self.pairs + other.pairs,
            common: self.common + other.common,
        }
    }
}

/// Whether `c` is a letter of a word, as the table counts them: not the
/// ordinal indicators ª and º ("nº 5"), which Unicode calls letters.
fn is_pair_letter(c: char) -> bool {
    // (From the judge's tables: most chars are of their common blocks.)
    letter_and_script(c).0 && !matches!(c, 'ª' | 'º')
}

/// The letters of `text`, lowered, with [`EDGE`] before, after and between
/// words (any run of chars that are not letters).
fn letter_stream(text: &str) -> Vec<char> {
    let mut stream = vec![EDGE];
    let mut after_letter = false;
    for c in text.chars().chain([' ']) {
        // (ASCII first: most chars of most readings.)
        let letter = if c.is_ascii() {
            c.is_ascii_alphabetic().then(|| c.to_ascii_lowercase())
        } else if c == 'ß' {
            // (The table counts ß as wordfreq case-folds it: "ss".)
            stream.push('s');
            Some('s')
        } else {
            is_pair_letter(c).then(|| c.to_lowercase().next().unwrap_or(c))
        };
        match letter {
            Some(letter) => stream.push(letter),
            None if after_letter => stream.push(EDGE),
            None => {}
        }
        after_letter = letter.is_some();
    }
    stream
}

/// What the pairs of `stream` cost in `model`.
fn price(model: &Model, stream: &[char]) -> PairCost {
    let mut priced = PairCost {
        language: model.name,
        cost: 0,
        pairs: 0,
        common: 0,
    };
    for pair in stream.windows(2) {
        let cost = model.cost(pair[0], pair[1]);
        priced.cost += cost.map_or(UNSEEN, u32::from);
        priced.pairs += 1;
        priced.common += u32::from(cost.is_some_and(|c| c <= COMMON));
    }
    priced
}

/// Prices the letter pairs of readings of one text, each beside the same
/// context (words that read alike in every reading and say which language
/// the text is in), which is priced once in every language.
pub struct PairPricer<'a> {
    context: &'a str,
    /// Its letters ([`letter_stream`]), when first asked.
    context_stream: OnceLock<Vec<char>>,
    /// What the context costs in each model, each worked out when first
    /// asked (the list made when first asked: most guesses never ask).
    context_costs: OnceLock<Vec<OnceLock<PairCost>>>,
}

impl<'a> PairPricer<'a> {
    /// A pricer of texts beside `context`.
    pub fn new(context: &'a str) -> PairPricer<'a> {
        PairPricer {
            context,
            context_stream: OnceLock::new(),
            context_costs: OnceLock::new(),
        }
    }

    /// What the letter pairs of `text` and the context cost in the
    /// language that prices them lowest, among the languages whose words
    /// hold every letter of `text` beyond ASCII; `None` when no language's
    /// do (or it has no letters).
    pub fn cheapest(&self, text: &str) -> Option<PairCost> {
        (self.priced(text).into_iter())
            .map(|(priced, _)| priced)
            .min_by_key(|priced| priced.cost)
    }

    /// The language whose letter pairs `text` and the context are, where
    /// one prices them clearly lowest ([`LANGUAGE_CLEARLY_CHEAPER`] below
    /// every other that holds its letters); `None` where two languages
    /// price them about alike (Danish and Norwegian mostly do), or the one
    /// is Serbo-Croatian, which names no single language.
    pub fn language(&self, text: &str) -> Option<Language> {
        let mut costs = self.priced(text);
        costs.sort_unstable_by_key(|(priced, _)| priced.cost);
        let (best, model) = *costs.first()?;
        let clear = costs
            .get(1)
            .is_none_or(|(next, _)| best.cost + LANGUAGE_CLEARLY_CHEAPER <= next.cost);
        (clear && model.code != "sh").then_some(Language {
            name: model.name,
            code: model.code,
        })
    }

    /// What the letter pairs of `text` and the context cost in each
    /// language whose words hold every letter of `text` beyond ASCII; none
    /// if it has no letters.
    fn priced(&self, text: &str) -> Vec<(PairCost, &'static Model)> {
        let stream = letter_stream(text);
        if stream.len() < 3 {
            return Vec::new();
        }
        self.holding(&[&stream])
            .map(|(model, context)| (price(model, &stream).and(context), model))
            .collect()
    }

    /// What the letter pairs of each of `texts` (and the context) cost in
    /// the one language that holds every letter of all of them beyond
    /// ASCII and prices the cheapest of them lowest: readings compared
    /// within one language, so that none is cheap only because the
    /// language it was written in has no table and a neighbour's prices
    /// it ("pühapäev" in Estonian is no Swedish "påhapäev"). `None` when
    /// no language holds them all.
    pub fn in_one_language(&self, texts: &[&str]) -> Option<Vec<PairCost>> {
        let streams: Vec<Vec<char>> = texts.iter().map(|text| letter_stream(text)).collect();
        if streams.iter().any(|stream| stream.len() < 3) {
            return None;
        }
        let streams: Vec<&[char]> = streams.iter().map(Vec::as_slice).collect();
        self.holding(&streams)
            .map(|(model, context)| {
                (streams.iter())
                    .map(|stream| price(model, stream).and(context))
                    .collect::<Vec<PairCost>>()
            })
            .min_by_key(|costs| costs.iter().map(|c| c.cost).min())
    }

    /// Which of `texts` (readings of the same bytes, priced without the
    /// context) is the one whose letter pairs are all common in a language
    /// that holds its letters, where each other reading has two pairs or
    /// more that are rare in every language holding its letters, and costs
    /// [`PAIRS_CLEARLY_CHEAPER`] more there: Czech "Čeština", not Latvian
    /// "ļeština" (whose UTF-8 garbled through ISO-8859-15 shows as that of
    /// "Čeština" through windows-1252), where no language prices the two
    /// readings clearly apart. A word of at
    /// least [`OWN_LANGUAGE_LETTERS`] letters: a shorter one is common by
    /// chance. `None` when no one reading is so.
    pub fn common_in_own_language(&self, texts: &[&str]) -> Option<usize> {
        /// How a reading prices in the languages that hold its letters.
        struct OwnPrice {
            common: bool,
            rare: bool,
            cost: u32,
        }
        let own_price = |text: &str| {
            let stream = letter_stream(text);
            if stream.len() < OWN_LANGUAGE_LETTERS + 2 {
                return None;
            }
            let priced: Vec<PairCost> = (self.holding(&[&stream]))
                .map(|(model, _)| price(model, &stream))
                .collect();
            Some(OwnPrice {
                common: priced.iter().any(|p| p.common == p.pairs),
                rare: !priced.is_empty() && priced.iter().all(|p| p.pairs >= p.common + 2),
                cost: priced.iter().map(|p| p.cost).min()?,
            })
        };
        let prices: Vec<OwnPrice> = texts.iter().map(|t| own_price(t)).collect::<Option<_>>()?;
        let mut common = (0..prices.len()).filter(|&i| prices[i].common);
        let best = common.next()?;
        if common.next().is_some() {
            return None;
        }
        let clearly_rarer = |other: &OwnPrice| {
            other.rare && prices[best].cost + PAIRS_CLEARLY_CHEAPER <= other.cost
        };
        (prices.iter().enumerate())
            .all(|(i, other)| i == best || clearly_rarer(other))
            .then_some(best)
    }

    /// The models that hold every letter of `streams` beyond ASCII, each
    /// with what the context costs in it.
    fn holding(&self, streams: &[&[char]]) -> impl Iterator<Item = (&'static Model, PairCost)> {
        let mut beyond: Vec<char> = (streams.iter())
            .flat_map(|stream| stream.iter().copied())
            .filter(|c| !c.is_ascii())
            .collect();
        beyond.sort_unstable();
        beyond.dedup();
        let context_costs =
            (self.context_costs).get_or_init(|| MODELS.iter().map(|_| OnceLock::new()).collect());
        MODELS
            .iter()
            .zip(context_costs)
            .filter(move |(model, _)| {
                (beyond.iter()).all(|c| model.letters.binary_search(c).is_ok())
            })
            .map(|(model, context)| {
                let context = context.get_or_init(|| {
                    let stream = self
                        .context_stream
                        .get_or_init(|| letter_stream(self.context));
                    price(model, stream)
                });
                (model, *context)
            })
    }
}

/// Whether the table holds the language of ISO 639-1 code `code`
/// (Croatian and Bosnian as Serbo-Croatian).
pub fn has_table(code: &str) -> bool {
    let code = if matches!(code, "hr" | "bs") {
        "sh"
    } else {
        code
    };
    MODELS.iter().any(|model| model.code == code)
}

/// Whether two texts have letters at the same places (char for char), so
/// that their pairs can be priced against each other: readings of the same
/// bytes that differ only in which letters they read.
pub fn letters_alike(a: &str, b: &str) -> bool {
    let mut a_chars = a.chars();
    let mut b_chars = b.chars();
    loop {
        match (a_chars.next(), b_chars.next()) {
            (None, None) => return true,
            // (Most chars of two readings are the same ASCII ones.)
            (Some(x), Some(y)) if x == y || is_pair_letter(x) == is_pair_letter(y) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_is_read_and_prices_its_own_words_lowest() {
        assert_eq!(MODELS.len(), 30);
        assert!(
            MODELS
                .iter()
                .all(|m| m.costs.len() + m.ascii.iter().filter(|&&c| c != 0).count() > 500)
        );
        let cheapest = |text: &str, context: &str| PairPricer::new(context).cheapest(text);
        assert_eq!(
            cheapest("wrzesień, sierpień", "").unwrap().language,
            "Polish"
        );
        assert_eq!(
            cheapest("Perşembe, Ağustos", "").unwrap().language,
            "Turkish"
        );
        assert_eq!(
            cheapest("сентябрь, пятница", "").unwrap().language,
            "Russian"
        );
        let polish = cheapest("wrzesień", "").unwrap();
        let spanish_letters = cheapest("wrzesieñ", "").unwrap();
        assert!(spanish_letters.cost > polish.cost + 10);
        assert_eq!(polish.common_percent(), 100);
        assert_eq!(cheapest("123 ...", ""), None);
        // The words around say which language "sì" is in.
        let context = "settembre novembre dicembre agosto Sabato";
        let italian = cheapest("Mercoledì sì", context).unwrap();
        assert_eq!(italian.language, "Italian");
        assert!(cheapest("Mercoledė sė", context).unwrap().cost > italian.cost + 10);
        // Within one language: Lithuanian holds both ą and š, and prices
        // "šeši" (six) far below "ąeąi"; no language holds both ü and å.
        let pricer = PairPricer::new("Vakar mes buvome ir");
        let costs = pricer.in_one_language(&["ąeąi", "šeši"]).unwrap();
        assert_eq!(costs[1].language, "Lithuanian");
        assert!(costs[1].cost + PAIRS_CLEARLY_CHEAPER <= costs[0].cost);
        assert_eq!(pricer.in_one_language(&["pühapäev", "påhapäev"]), None);
        // ß is priced as the table counts it, "ss": "Straße" is German, and
        // its pairs commoner than those of IBM850's byte read as "á".
        let german = pricer.cheapest("Die Straße war nass.").unwrap();
        assert_eq!(german.language, "German");
        let other = pricer.cheapest("Die Straáe war nass.").unwrap();
        assert!(
            german.cost + PAIRS_CLEARLY_CHEAPER <= other.cost,
            "{german:?} {other:?}"
        );
    }

    #[test]
    fn a_reading_common_in_its_own_language_beats_one_rare_in_every_other() {
        let pricer = PairPricer::new("");
        // Latvian holds č, š and ļ, and prices the two about alike; Czech
        // holds every pair of the first, no language the second's.
        assert_eq!(
            pricer.common_in_own_language(&["Čeština", "ļeština"]),
            Some(0)
        );
        assert_eq!(
            pricer.common_in_own_language(&["ļeština", "Čeština"]),
            Some(1)
        );
        // Too short to tell, or both common somewhere: no answer.
        assert_eq!(pricer.common_in_own_language(&["Češ", "ļeš"]), None);
        assert_eq!(
            pricer.common_in_own_language(&["wrzesień", "wrzesień"]),
            None
        );
        // A reading that no language holds is not taken as rare: its
        // language may have no table (Estonian õ beside ü).
        assert_eq!(
            pricer.common_in_own_language(&["pühapäev", "põhapäev"]),
            None
        );
    }

    #[test]
    fn letters_alike_compares_where_the_letters_are() {
        assert!(letters_alike("wrzesień.", "wrzesieñ."));
        assert!(!letters_alike("wrzesień", "wrzesie±"));
        assert!(!letters_alike("ab", "abc"));
        assert!(!letters_alike("noştri", "noºtri"));
    }
}
