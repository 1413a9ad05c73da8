//! Guessing a legacy encoding from text that is not UTF-8: chardetng
//! (Firefox's detector) proposes candidates, asked once as if the text came
//! from each region it knows; each candidate's reading is judged as writing
//! ([`judge`]), which decides where chardetng alone has too few bytes to go
//! on. The guess says how sure it is, what else the bytes could be, the
//! language its reading is in, and why each candidate won or lost.

use std::fmt::Write;
use std::sync::LazyLock;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use unicode_script::{Script, UnicodeScript};

use super::Encoding;
use super::alphabets::{Language, language_of, languages_of};
use super::detect::{Confidence, Detection, Evidence, PLAUSIBLE, Reason, decode_lossy};
use super::everyday_pairs::everyday_share;
use super::letter_pairs::{
    PAIRS_CHEAPER_IN_ONE_LANGUAGE, PAIRS_CLEARLY_CHEAPER, PairCost, PairPricer, has_table,
    letters_alike,
};
use super::plausibility::{FactsCache, Flaw, Judgment, is_cjk, judge_single_byte, judge_with};
use super::typography::{apostrophes_joined, only_typography};

/// Region hints chardetng knows (a top-level domain each): asking as if the
/// text came from each region gives the candidates a text could be in.
const REGIONS: [&[u8]; 14] = [
    b"com", b"cz", b"ru", b"gr", b"tr", b"il", b"sa", b"lt", b"vn", b"th", b"cn", b"tw", b"jp",
    b"kr",
];

/// Encodings chardetng never proposes, and the commonest ones: always
/// judged. (Of the DOS code pages, IBM850 last: where IBM437 reads the
/// bytes alike, the one Western European DOS wrote is named.)
const ALWAYS_JUDGED: [&str; 8] = [
    "windows-1252",
    "windows-1250",
    "windows-1251",
    "windows-1258",
    "macintosh",
    "x-mac-cyrillic",
    "IBM437",
    "IBM850",
];

/// [`ALWAYS_JUDGED`] as encodings, looked up once.
static ALWAYS_JUDGED_ENCODINGS: LazyLock<Vec<Encoding>> = LazyLock::new(|| {
    ALWAYS_JUDGED
        .iter()
        .map(|label| Encoding::for_label(label).expect("a known label"))
        .collect()
});

/// The DOS code pages, which chardetng never proposes: judged last (see
/// [`legacy_guess_by`]).
const DOS_CODE_PAGES: [&str; 2] = ["IBM437", "IBM850"];

/// How much better than chardetng's choice another reading must read to
/// take its place (a letter in four reading as a case flip or a symbol
/// inside a word).
const CLEARLY_BETTER: f64 = 0.5;

/// Two readings whose plausibility is this close, each of one language's
/// letters, are as likely as each other: the guess is ambiguous.
const AS_GOOD: f64 = 0.05;

/// Bytes beyond ASCII that detection looks at: a hundred or so of them
/// tell code pages apart as well as thousands do (on the tuning and the
/// held-out corpora, 128 name the same encodings as 256 did), and both
/// chardetng and the judging of each reading take time in their number.
const TELLING: usize = 128;

/// Guesses the legacy encoding of `bytes` (which are not valid UTF-8).
pub fn legacy_guess(bytes: &[u8]) -> Detection {
    let (telling, context) = telling_words(bytes, TELLING);
    guess_among(&telling, &context, None).0
}

/// The bytes of ASCII words kept beside the telling ones: they read the
/// same in every code page, but say which language the text is in.
const CONTEXT: usize = 512;

/// The words of `bytes` that hold bytes beyond ASCII, a space between
/// them, from the start until `enough` such bytes (see [`TELLING`]): all
/// that tells one code page from another (words of ASCII read the same in
/// all of them). Beside them, the ASCII words among them (up to
/// [`CONTEXT`] bytes), which the letter pairs of each reading are priced
/// with ([`by_letter_pairs`]).
/// Whitespace is never a byte of a multi-byte char in the encodings
/// guessed here, so no char is cut.
fn telling_words(bytes: &[u8], enough: usize) -> (Vec<u8>, String) {
    let mut telling = Vec::new();
    let mut context = String::new();
    let mut seen = 0;
    for word in bytes.split(|b| b.is_ascii_whitespace()) {
        let beyond = word.iter().filter(|b| !b.is_ascii()).count();
        if beyond == 0 {
            if context.len() + word.len() < CONTEXT {
                // (All ASCII, so one char a byte.)
                context.extend(word.iter().map(|&b| char::from(b)));
                context.push(' ');
            }
            continue;
        }
        if !telling.is_empty() {
            telling.push(b' ');
        }
        telling.extend_from_slice(word);
        seen += beyond;
        if seen >= enough {
            break;
        }
    }
    (telling, context)
}

/// The letter pairs of each reading, priced beside the context when first
/// asked ([`PairPricer`]): most guesses never ask, and those that do ask
/// of a reading more than once.
struct ReadingPrices<'a> {
    pricer: PairPricer<'a>,
    readings: &'a [Reading],
    prices: Vec<std::sync::OnceLock<Option<PairCost>>>,
}

impl<'a> ReadingPrices<'a> {
    /// Prices for `readings`, each beside `context`.
    fn new(context: &'a str, readings: &'a [Reading]) -> ReadingPrices<'a> {
        ReadingPrices {
            pricer: PairPricer::new(context),
            readings,
            prices: readings
                .iter()
                .map(|_| std::sync::OnceLock::new())
                .collect(),
        }
    }

    /// What the letter pairs of `reading` (one of the readings) cost in
    /// the language that prices them lowest.
    fn of(&self, reading: &Reading) -> Option<PairCost> {
        let at = (self.readings.iter()).position(|r| r.encoding == reading.encoding)?;
        *self.prices[at].get_or_init(|| self.pricer.cheapest(&reading.text))
    }
}

/// A candidate encoding, its reading of the bytes and how it reads.
struct Reading {
    encoding: Encoding,
    text: String,
    judgment: Judgment,
    /// Regions chardetng chose it for.
    votes: usize,
    /// Whether it is a CJK code page's reading with no CJK character in
    /// it: one that reads a Latin text's byte and the letter after it as
    /// one accented letter (HKSCS's `ì` for IBM850's `ê` and `s`), by
    /// chance.
    cjk_without_cjk: bool,
    /// For a multi-byte CJK encoding, how many of the chars beyond ASCII it
    /// reads are its everyday pairs, and how many it reads
    /// ([`everyday_share`]), worked out when first asked.
    everyday: std::cell::OnceCell<Option<(usize, usize)>>,
}

impl Reading {
    /// How many of the chars beyond ASCII that it reads `bytes` as are its
    /// encoding's everyday pairs, and how many; `None` if it is no
    /// multi-byte CJK encoding.
    fn everyday(&self, bytes: &[u8]) -> Option<(usize, usize)> {
        *self.everyday.get_or_init(|| {
            (self.encoding.encoding_rs()).and_then(|encoding| everyday_share(encoding, bytes))
        })
    }

    /// Reads as text at all: letters, mostly inside words, not of several
    /// alphabets at once; in a CJK code page, with CJK among them.
    fn sound(&self) -> bool {
        self.judgment.score >= PLAUSIBLE
            && self.judgment.fits != Some(false)
            && !self.cjk_without_cjk
    }
}

/// Guesses the legacy encoding of `bytes`, judging each candidate by the
/// text `render` makes of the bytes in it; also returns the best score.
/// chardetng's first choice keeps the lead unless another reads clearly
/// better. For the rows of a UTF-8 file: the DOS code pages are not
/// weighed, since every byte is a char in them and a few invalid bytes
/// read as accented capitals (E0 80 AF as "ÓÇ»").
pub fn legacy_guess_by(bytes: &[u8], render: impl Fn(Encoding) -> String) -> (Detection, f64) {
    guess_among(bytes, "", Some(&render))
}

/// [`legacy_guess_by`]; without `render`, a whole file's guess: each
/// candidate's reading is `bytes` decoded, and the DOS code pages are
/// weighed too.
fn guess_among(
    bytes: &[u8],
    context: &str,
    render: Option<&dyn Fn(Encoding) -> String>,
) -> (Detection, f64) {
    let dos = render.is_none();
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let mut votes: Vec<(Encoding, usize)> = Vec::new();
    for region in REGIONS {
        let guess = detector.guess(Some(region), Utf8Detection::Deny);
        if let Some(encoding) = Encoding::from_encoding_rs(guess)
            && !encoding.is_utf8()
        {
            match votes.iter_mut().find(|(e, _)| *e == encoding) {
                Some((_, n)) => *n += 1,
                None => votes.push((encoding, 1)),
            }
        }
    }
    // The region hints all agreeing is chardetng being sure.
    let unanimous = votes.len() == 1;
    let mut candidates: Vec<Encoding> = votes.iter().map(|(e, _)| *e).collect();
    for &encoding in ALWAYS_JUDGED_ENCODINGS.iter() {
        if !dos && DOS_CODE_PAGES.contains(&encoding.name()) {
            continue;
        }
        if !candidates.contains(&encoding) {
            candidates.push(encoding);
        }
    }
    let mut cache = FactsCache::new();
    let mut readings: Vec<Reading> = Vec::with_capacity(candidates.len());
    for &encoding in &candidates {
        let text = match render {
            Some(render) => render(encoding),
            None => decode_lossy(encoding, bytes),
        };
        // Code pages that read the bytes alike (a lone "é" in windows-1250
        // and windows-1252) are judged once; a single-byte one's reading
        // of the bytes from its table (as judging its text would).
        let judgment = match readings.iter().find(|r| r.text == text) {
            Some(same) => same.judgment.clone(),
            None => (render.is_none())
                .then(|| judge_single_byte(encoding, bytes, &mut cache))
                .flatten()
                .unwrap_or_else(|| judge_with(&text, &mut cache)),
        };
        readings.push(Reading {
            encoding,
            judgment,
            cjk_without_cjk: encoding.codec().max_unit_len() > 1 && !text.chars().any(is_cjk),
            everyday: std::cell::OnceCell::new(),
            text,
            votes: votes
                .iter()
                .find(|(e, _)| *e == encoding)
                .map_or(0, |v| v.1),
        });
    }
    let prices = ReadingPrices::new(context, &readings);
    // chardetng's own answer for a text of unknown origin (the first
    // region's) is the first candidate.
    let first = 0;
    // chardetng's choice stands unless it reads as no text, or another
    // sound candidate reads clearly better in the same alphabet (a code
    // page of the same language, where chardetng's models tell little
    // apart): then the best-reading sound candidate wins. (Not for Han:
    // plausibility does not tell a common ideograph from a rare one;
    // between CJK readings the everyday pairs decide, below.)
    let is_dos = |i: usize| DOS_CODE_PAGES.contains(&readings[i].encoding.name());
    let best_sound_of = |dos: bool| {
        (0..readings.len())
            .filter(|&i| readings[i].sound() && is_dos(i) == dos)
            .max_by(|&a, &b| {
                readings[a]
                    .judgment
                    .score
                    .total_cmp(&readings[b].judgment.score)
            })
    };
    // The DOS code pages read many a byte of the others as another
    // accented letter (macintosh's "ç" is IBM850's "ì"): one wins only
    // where it reads better than every other code page by more than a tie.
    // Of the two, IBM850 where it reads about as well: it holds the
    // accented capitals where IBM437 draws boxes ("À bientôt" or "╖
    // bientôt"), and text is made of letters.
    let ibm850 = (0..readings.len()).find(|&i| readings[i].encoding.name() == "IBM850");
    let best_dos = match (best_sound_of(true), ibm850) {
        (Some(best), Some(western))
            if readings[western].sound()
                && readings[western].judgment.score + AS_GOOD > readings[best].judgment.score =>
        {
            Some(western)
        }
        (best, _) => best,
    };
    let best_sound = match (best_sound_of(false), best_dos) {
        (Some(other), Some(dos))
            if readings[dos].judgment.score < readings[other].judgment.score + AS_GOOD =>
        {
            Some(other)
        }
        (other, dos) => dos.or(other),
    };
    let script = |i: usize| readings[i].judgment.script;
    let score = |i: usize| readings[i].judgment.score;
    // A reading with a mark on no letter is no text, whatever its score:
    // chardetng's choice gives way then to one clearly better in any script.
    let stray_mark =
        |i: usize| (readings[i].judgment.flaw).is_some_and(|(flaw, _)| flaw == Flaw::StrayMark);
    let chosen = match best_sound {
        Some(best) if !readings[first].sound() => best,
        Some(best)
            if stray_mark(first)
                && !stray_mark(best)
                && score(best) >= score(first) + CLEARLY_BETTER =>
        {
            best
        }
        Some(best)
            if score(best) >= score(first) + CLEARLY_BETTER
                && script(best) == script(first)
                && script(first) != Script::Han =>
        {
            best
        }
        Some(best)
            if score(best) > score(first) + AS_GOOD
                && script(best) == script(first)
                && script(first) != Script::Han
                && readings[first].judgment.flaw.is_some()
                && readings[best].judgment.flaw.is_none()
                && readings[best].judgment.fits == Some(true) =>
        {
            best
        }
        _ => first,
    };
    let chosen = by_everyday_pairs(&readings, chosen, bytes).unwrap_or(chosen);
    let by_pairs = by_letter_pairs(&readings, chosen, dos, &prices)
        .or_else(|| by_typography(&readings, chosen, &prices));
    let chosen = by_pairs.map_or(chosen, |(better, _, _)| better);
    let chosen = typography_over_lone_letters(&readings, chosen).unwrap_or(chosen);
    // Letters that fit only the Vietnamese alphabet in a code page that
    // cannot write Vietnamese (no ơ, ư, đ, ă) are windows-1258's: other
    // code pages show its tone marks (bytes CC D2 DE EC F2) as Ì Ò Þ ì ò
    // after vowels ("Tiêìng" for "Tiếng"). windows-1258 is named when it
    // reads the bytes as Vietnamese too.
    // (Only letters that fit one alphabet name a language so.)
    let vietnamese = |i: usize| {
        readings[i].judgment.fits == Some(true)
            && language(&readings[i].judgment, &readings[i].text).is_some_and(|l| l.code == "vi")
    };
    let windows_1258 = Encoding::from_encoding_rs(encoding_rs::WINDOWS_1258).expect("a code page");
    let chosen = match readings.iter().position(|r| r.encoding == windows_1258) {
        Some(home)
            if home != chosen
                && readings[home].sound()
                && vietnamese(chosen)
                && vietnamese(home) =>
        {
            home
        }
        _ => chosen,
    };
    // Where the commonest code page reads the bytes exactly as the choice
    // does (a lone "é" is the same in windows-1250 and windows-1252), it
    // is the one named.
    let commonest = Encoding::from_encoding_rs(encoding_rs::WINDOWS_1252).expect("a code page");
    let chosen = readings
        .iter()
        .position(|r| r.encoding == commonest && r.text == readings[chosen].text)
        .unwrap_or(chosen);
    let winner = &readings[chosen];
    let non_ascii = bytes.iter().filter(|b| !b.is_ascii()).count();
    // Other readings of the text that are some language's letters.
    let rivals: Vec<&Reading> = readings
        .iter()
        .filter(|r| r.text != winner.text && r.sound() && r.judgment.fits == Some(true))
        .collect();
    // Likely when chardetng is sure whatever the region, or when its
    // reading is the only one that is some language's letters, over enough
    // bytes.
    let only_reading = winner.judgment.fits == Some(true) && rivals.is_empty() && non_ascii >= 32;
    let likely =
        chosen == first && winner.sound() && ((unanimous && non_ascii >= 8) || only_reading);
    // Ambiguous when another reading of some language's letters reads as
    // well as the winner's, and chardetng does not clearly prefer the
    // winner (it is the commonest code page for most regions).
    // (A DOS code page's reading that reads as well as another's is no
    // rival: it is named only when it reads better, and IBM850 before
    // IBM437.)
    let tie = rivals
        .iter()
        .filter(|r| !DOS_CODE_PAGES.contains(&r.encoding.name()))
        .filter(|r| r.judgment.script == winner.judgment.script)
        .filter(|r| r.votes * 2 >= winner.votes)
        .filter(|r| (r.judgment.score - winner.judgment.score).abs() < AS_GOOD)
        .filter(|r| !rarely_everyday(r, winner, bytes))
        .find(|r| rarer_pairs(r, winner, &prices).is_none());
    let confidence = if likely {
        Confidence::Likely
    } else if tie.is_some() && winner.judgment.fits == Some(true) {
        Confidence::Ambiguous
    } else {
        Confidence::Tentative
    };
    let mut others: Vec<&Reading> = readings
        .iter()
        .filter(|r| r.encoding != winner.encoding && r.text != winner.text)
        .collect();
    others.sort_by(|a, b| b.judgment.score.total_cmp(&a.judgment.score));
    // A tie comes first among the alternatives.
    if let Some(tie) = tie
        && let Some(at) = others.iter().position(|r| r.encoding == tie.encoding)
    {
        let tie = others.remove(at);
        others.insert(0, tie);
    }
    // (Where the alphabet names no one language, the letter pairs may:
    // é is French, Spanish and a dozen others', "décembre" French. Only
    // where every language whose alphabet holds the letters has a table:
    // Estonian has none, and its "pühapäev" priced as German would be
    // named German.)
    let priced_alike = |judgment: &Judgment| {
        judgment.fits == Some(true)
            && languages_of(judgment.alphabets).all(|l| l.is_some_and(|l| has_table(l.code)))
    };
    let alphabet_language = language(&winner.judgment, &winner.text);
    let pairs_language = match alphabet_language {
        None if priced_alike(&winner.judgment) => prices.pricer.language(&winner.text),
        _ => None,
    };
    let winner_language = alphabet_language.or(pairs_language);
    let winner_score = format!("{:.2}", winner.judgment.score);
    let mut reasons = vec![winner_reason(winner, alphabet_language, &readings)];
    if let Some(language) = pairs_language {
        let _ = write!(reasons[0].fact, "; letter pairs of {}", language.name);
    }
    // (Where the letter pairs decided, the winner says so.)
    if let Some((decided, pairs, _)) = by_pairs
        && decided == chosen
    {
        let _ = write!(
            reasons[0].fact,
            "; letter pairs {}% common in {}",
            pairs.common_percent(),
            pairs.language
        );
    }
    reasons.extend(others.iter().take(6).map(|r| {
        let tied = tie.is_some_and(|t| t.encoding == r.encoding);
        rejection(r, winner, &winner_score, tied, &prices, bytes)
    }));
    let detection = Detection {
        encoding: winner.encoding,
        evidence: Evidence::Guess,
        confidence,
        alternatives: others.iter().map(|r| r.encoding).take(4).collect(),
        bom_len: 0,
        language: winner_language,
        reasons,
    };
    (detection, winner.judgment.score)
}

/// How few CJK chars beyond ASCII a reading must have for its everyday
/// share to count: one or two pairs are everyday or not by chance.
const MIN_EVERYDAY_CHARS: usize = 4;

/// Whether `reading` is a CJK encoding's reading of `bytes` of which at
/// most half the chars are its everyday pairs where `other`'s (a CJK
/// encoding's) are nine in ten or more: text keeps to the pairs of the
/// encoding it was written in.
fn rarely_everyday(reading: &Reading, other: &Reading, bytes: &[u8]) -> bool {
    let Some((everyday, their_chars)) = other.everyday(bytes) else {
        return false;
    };
    if their_chars < MIN_EVERYDAY_CHARS || everyday * 10 < their_chars * 9 {
        return false;
    }
    reading
        .everyday(bytes)
        .is_some_and(|(rare, chars)| chars >= MIN_EVERYDAY_CHARS && rare * 2 <= chars)
}

/// Where `chosen` is a CJK encoding's reading of `bytes` that keeps to its
/// everyday pairs no better than half the time, the sound CJK reading that
/// reads about as well or better and keeps to its own nine times in ten
/// (the one with the most, if several): Shift_JIS "この本" read as GBK is
/// "偙偺杮", GBK's rare hanzi, which plausibility, knowing no ideograph
/// from another, reads as well.
fn by_everyday_pairs(readings: &[Reading], chosen: usize, bytes: &[u8]) -> Option<usize> {
    let current = &readings[chosen];
    let (everyday, chars) = current.everyday(bytes)?;
    if chars < MIN_EVERYDAY_CHARS || everyday * 2 > chars {
        return None;
    }
    (0..readings.len())
        .filter(|&i| {
            let r = &readings[i];
            r.sound()
                && r.judgment.score + AS_GOOD > current.judgment.score
                && rarely_everyday(current, r, bytes)
        })
        .max_by_key(|&i| readings[i].everyday(bytes).map(|(everyday, _)| everyday))
}

/// Where readings are each one language's letters at the same places
/// (the code pages of one script: "wrzesieñ" in windows-1252, "wrzesień"
/// in windows-1250), the one whose letter pairs are clearly commoner in
/// some language than `chosen`'s are in any ([`ReadingPrices`]),
/// with both prices; `None` when the pairs do not clearly decide, or no
/// language's words hold the letters of both.
fn by_letter_pairs(
    readings: &[Reading],
    chosen: usize,
    dos: bool,
    prices: &ReadingPrices,
) -> Option<(usize, PairCost, PairCost)> {
    let current = &readings[chosen];
    if current.judgment.fits != Some(true) {
        return None;
    }
    let rivals: Vec<usize> = (0..readings.len())
        .filter(|&i| {
            let r = &readings[i];
            r.text != current.text
                && r.sound()
                && r.judgment.fits == Some(true)
                && r.judgment.script == current.judgment.script
                && (dos || !DOS_CODE_PAGES.contains(&r.encoding.name()))
                && letters_alike(&r.text, &current.text)
        })
        .collect();
    if rivals.is_empty() {
        return None;
    }
    (rivals.into_iter())
        .filter_map(|i| {
            let (theirs, ours) = clearly_commoner(&readings[i], current, prices)?;
            Some((i, theirs, ours))
        })
        .min_by_key(|(_, theirs, _)| theirs.cost)
}

/// windows-1252's reading, with its letter pairs and the choice's, where
/// it holds no letter beyond ASCII, only [`only_typography`]
/// (`It’s a “test” — isn’t it?`), and its letter pairs are clearly
/// commoner than those of the choice, which reads the same bytes as
/// letters (macintosh's `Itís a ìtestî ó isnít it?`). [`by_letter_pairs`]
/// compares only readings of letters beyond ASCII, and the plausibility
/// of a reading of letters inside words is higher than that of one of
/// quotes touching them; the pairs of "it" and "s" are priced against
/// those of "itís".
fn by_typography(
    readings: &[Reading],
    chosen: usize,
    prices: &ReadingPrices,
) -> Option<(usize, PairCost, PairCost)> {
    let commonest = Encoding::from_encoding_rs(encoding_rs::WINDOWS_1252)?;
    let home = readings.iter().position(|r| r.encoding == commonest)?;
    let (ours, theirs) = typography_prices(&readings[home], &readings[chosen], prices)?;
    Some((home, ours, theirs))
}

/// windows-1252's reading, where it holds no letter beyond ASCII, only
/// [`only_typography`], and the choice reads the same bytes as letters
/// that each stand alone, none inside a word of three letters
/// ([`lone_letters_against_typography`]): `Price: 5 € – ok` is no
/// x-mac-cyrillic `Price: 5 А Ц ok`. (Such a reading has no letter pairs
/// to weigh: [`by_typography`] weighs those of words.)
fn typography_over_lone_letters(readings: &[Reading], chosen: usize) -> Option<usize> {
    let commonest = Encoding::from_encoding_rs(encoding_rs::WINDOWS_1252)?;
    let home = readings.iter().position(|r| r.encoding == commonest)?;
    lone_letters_against_typography(&readings[home], &readings[chosen]).then_some(home)
}

/// Whether `typed` holds no letter beyond ASCII, only [`only_typography`],
/// where `lettered` reads letters beyond ASCII, none of them inside a word
/// of three letters or more.
fn lone_letters_against_typography(typed: &Reading, lettered: &Reading) -> bool {
    typed.text != lettered.text
        && typed.judgment.letters == 0
        && lettered.judgment.letters > 0
        && lettered.judgment.in_words == 0
        && only_typography(&typed.text)
}

/// The letter pairs of `typed` (a reading [`only_typography`]) and of
/// `lettered` (one of some language's letters), where `typed`'s are
/// clearly commoner ([`by_typography`]).
fn typography_prices(
    typed: &Reading,
    lettered: &Reading,
    prices: &ReadingPrices,
) -> Option<(PairCost, PairCost)> {
    if typed.text == lettered.text
        || lettered.judgment.fits != Some(true)
        || !only_typography(&typed.text)
    {
        return None;
    }
    let ours = prices.pricer.cheapest(&apostrophes_joined(&typed.text))?;
    // (Letters that no one language's words hold together, "ìtestî" and
    // "isnít", price nowhere: that is as clear.)
    let theirs = prices.of(lettered).unwrap_or(PairCost {
        language: "no language",
        cost: u32::MAX,
        pairs: 0,
        common: 0,
    });
    (ours.cost.saturating_add(PAIRS_CLEARLY_CHEAPER) <= theirs.cost).then_some((ours, theirs))
}

/// The prices of the letter pairs of `commoner` and of `rarer` (readings
/// of one script's letters at the same places), where `commoner`'s are
/// clearly commoner: in the language that prices them lowest, than
/// `rarer`'s in any; or, where the two price lowest in the same language,
/// there ([`PAIRS_CHEAPER_IN_ONE_LANGUAGE`]: Slovak "veľmi" and "vežmi";
/// not Croatian "Ožujka" against "Oľujka", which only Slovak holds).
fn clearly_commoner(
    commoner: &Reading,
    rarer: &Reading,
    prices: &ReadingPrices,
) -> Option<(PairCost, PairCost)> {
    let (ours, theirs) = (prices.of(commoner)?, prices.of(rarer)?);
    let margin = if ours.language == theirs.language {
        PAIRS_CHEAPER_IN_ONE_LANGUAGE
    } else {
        PAIRS_CLEARLY_CHEAPER
    };
    (ours.cost + margin <= theirs.cost).then_some((ours, theirs))
}

/// The prices of the letter pairs of `reading` and of `winner`'s reading
/// (letters at the same places), where `reading`'s are clearly rarer in
/// every language than `winner`'s are in one, or clearly rarer in the one
/// language that holds both's letters: then the two are no tie, however
/// alike they read.
fn rarer_pairs(
    reading: &Reading,
    winner: &Reading,
    prices: &ReadingPrices,
) -> Option<(PairCost, PairCost)> {
    // (Only readings of one script's letters, each of one language's, are
    // priced against each other.)
    let lettered = |r: &Reading| r.judgment.fits == Some(true);
    if !(lettered(reading) && lettered(winner))
        || reading.judgment.script != winner.judgment.script
        || !letters_alike(&reading.text, &winner.text)
    {
        return None;
    }
    let (ours, theirs) = clearly_commoner(winner, reading, prices)?;
    Some((theirs, ours))
}

/// Why the winner won: chardetng's votes and how its reading reads (in
/// `its_language`).
fn winner_reason(winner: &Reading, its_language: Option<Language>, readings: &[Reading]) -> Reason {
    let judgment = &winner.judgment;
    let mut facts = Vec::new();
    if winner.votes > 0 {
        facts.push(format!(
            "chardetng's choice for {} of {} regions",
            winner.votes,
            REGIONS.len()
        ));
    }
    if judgment.letters > 0 {
        facts.push(format!(
            "{} letter{} beyond ASCII, {}% inside words",
            judgment.letters,
            if judgment.letters == 1 { "" } else { "s" },
            judgment.in_words * 100 / judgment.letters
        ));
    }
    match (judgment.fits, its_language) {
        (Some(true), Some(language)) => {
            facts.push(format!("all of the {} alphabet", language.name))
        }
        (Some(true), None) => facts.push("all of one alphabet".to_string()),
        (None, Some(language)) => facts.push(format!("{} script", language.name)),
        _ => {}
    }
    let same: Vec<&str> = readings
        .iter()
        .filter(|r| r.encoding != winner.encoding && r.text == winner.text)
        .map(|r| r.encoding.name())
        .collect();
    if !same.is_empty() {
        facts.push(format!("{} read the bytes the same", same.join(", ")));
    }
    Reason::for_encoding(winner.encoding, facts.join("; "))
}

/// Why `reading` lost to `winner` (both readings of `bytes`): its worst
/// flaw and where, letters no one language writes together, rare pairs of
/// its CJK encoding, or only a less plausible reading.
fn rejection(
    reading: &Reading,
    winner: &Reading,
    winner_score: &str,
    tie: bool,
    prices: &ReadingPrices,
    bytes: &[u8],
) -> Reason {
    let judgment = &reading.judgment;
    // (One string written in place: a detection words half a dozen.)
    let mut fact = String::with_capacity(128);
    let _ = if tie {
        let (theirs, ours) = first_difference(&reading.text, &winner.text);
        write!(
            fact,
            "reads “{theirs}” where {} reads “{ours}”, as plausibly; the bytes cannot tell \
             them apart",
            winner.encoding
        )
    } else if let Some((flaw, at)) = judgment.flaw.filter(|_| judgment.score < PLAUSIBLE) {
        write!(
            fact,
            "{} in “{}”",
            flaw.describe(),
            word_at(&reading.text, at)
        )
    } else if let (Some(false), Some(at)) = (judgment.fits, judgment.misfit) {
        write!(
            fact,
            "letters no one language writes together (“{}”)",
            word_at(&reading.text, at)
        )
    } else if let Some((flaw, at)) = judgment.flaw {
        write!(
            fact,
            "{} in “{}”",
            flaw.describe(),
            word_at(&reading.text, at)
        )
    } else if let (true, Some((rare, chars)), Some((everyday, their_chars))) = (
        rarely_everyday(reading, winner, bytes),
        reading.everyday(bytes),
        winner.everyday(bytes),
    ) {
        let (theirs, ours) = first_difference(&reading.text, &winner.text);
        write!(
            fact,
            "reads “{theirs}” where {} reads “{ours}”; {rare} of its {chars} chars are \
             everyday {} pairs (kana, Hangul, common ideographs), against {everyday} of \
             {their_chars} in {}",
            winner.encoding, reading.encoding, winner.encoding
        )
    } else if reading.cjk_without_cjk {
        let (theirs, ours) = first_difference(&reading.text, &winner.text);
        write!(
            fact,
            "reads “{theirs}” where {} reads “{ours}”, and no CJK character: its \
             pairs of bytes make other letters only by chance",
            winner.encoding
        )
    } else {
        let (theirs, ours) = first_difference(&reading.text, &winner.text);
        let _ = write!(
            fact,
            "reads “{theirs}” where {} reads “{ours}”",
            winner.encoding
        );
        if let Some((theirs, ours)) = rarer_pairs(reading, winner, prices) {
            let _ = write!(
                fact,
                "; letter pairs {}% common in {} ({} bits) against {}% in {} ({} bits)",
                theirs.common_percent(),
                theirs.language,
                theirs.cost,
                ours.common_percent(),
                ours.language,
                ours.cost
            );
        } else if let Some((ours, theirs)) = typography_prices(winner, reading, prices) {
            let theirs = match theirs.pairs {
                0 => "no one language's words hold its letters".to_string(),
                _ => format!(
                    "letter pairs {}% common in {} ({} bits)",
                    theirs.common_percent(),
                    theirs.language,
                    theirs.cost
                ),
            };
            let _ = write!(
                fact,
                "; {theirs}, against {}% in {} ({} bits) where {} reads punctuation",
                ours.common_percent(),
                ours.language,
                ours.cost,
                winner.encoding
            );
        } else if lone_letters_against_typography(winner, reading) {
            let _ = write!(
                fact,
                "; its letters stand alone, in no word, where {} reads punctuation",
                winner.encoding
            );
        } else if judgment.score > winner.judgment.score - CLEARLY_BETTER {
            let _ = write!(
                fact,
                "; chardetng's letter-pair models prefer {}",
                winner.encoding
            );
        }
        Ok(())
    };
    let _ = write!(
        fact,
        " (plausibility {:.2} against {winner_score})",
        judgment.score
    );
    Reason {
        encoding: reading.encoding,
        rejected: !tie,
        fact,
    }
}

/// The word around the char at `index` of `text` (at most 24 chars: 12
/// before it and 12 from it), or around its last char if it is shorter.
fn word_at(text: &str, index: usize) -> String {
    // (Walked a char at a time from the char's offset: the readings are
    // hundreds of chars long and only their words are wanted.)
    let Some(at) = (text.char_indices().nth(index))
        .or_else(|| text.char_indices().next_back())
        .map(|(at, _)| at)
    else {
        return String::new();
    };
    let before: usize = text[..at]
        .chars()
        .rev()
        .take(12)
        .take_while(|c| !c.is_whitespace())
        .map(char::len_utf8)
        .sum();
    let from: usize = text[at..]
        .chars()
        .take(12)
        .take_while(|c| !c.is_whitespace())
        .map(char::len_utf8)
        .sum();
    text[at - before..at + from].to_string()
}

/// The first words where two readings of the same bytes differ.
fn first_difference(a: &str, b: &str) -> (String, String) {
    let at = a
        .chars()
        .zip(b.chars())
        .position(|(x, y)| x != y)
        .unwrap_or(0);
    (word_at(a, at), word_at(b, at))
}

/// The language a reading is in, where its letters say it: the one
/// alphabet they fit, or a script one language writes (Hebrew, Thai), or
/// kana for Japanese and Hangul for Korean.
pub fn language(judgment: &Judgment, text: &str) -> Option<Language> {
    if judgment.fits == Some(true) {
        return language_of(judgment.alphabets);
    }
    let named = |name, code| Some(Language { name, code });
    match judgment.script {
        Script::Hebrew => named("Hebrew", "he"),
        Script::Thai => named("Thai", "th"),
        Script::Greek => named("Greek", "el"),
        Script::Arabic if text.chars().any(|c| matches!(c, 'پ' | 'چ' | 'ژ' | 'گ')) => {
            named("Persian", "fa")
        }
        Script::Arabic => named("Arabic", "ar"),
        Script::Han => {
            let has = |script: Script| text.chars().any(|c| c.script() == script);
            if has(Script::Hiragana) || has(Script::Katakana) {
                named("Japanese", "ja")
            } else if has(Script::Hangul) {
                named("Korean", "ko")
            } else {
                named("Chinese", "zh")
            }
        }
        _ => None,
    }
}
