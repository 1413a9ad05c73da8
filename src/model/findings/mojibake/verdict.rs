//! The verdict on each word of a line: the repair that is clearly right,
//! the readings when none is, or nothing; first word by word, then by what
//! the line's other words say of how it was garbled.

use super::badness::Context;
use super::chains::{Candidate, Memo};
use super::garblers::{Garbler, byte_row};
use super::line_alphabet::{self, Decided};
use super::runs::add_repair;
use super::undo::Layer;
use super::words::{Measured, Word, is_suspect, words_of};
use super::{Chain, HeldBack, Mojibake, Reading};
use crate::model::encoding::{PAIRS_CLEARLY_CHEAPER, PairPricer, letters_alike};

/// What was decided for a word.
enum Verdict {
    Repair(Reading),
    Ambiguous(Vec<Reading>),
    /// One reading, reported and not repaired.
    Held(Reading, HeldBack),
}

/// Judges `text[start..end]` (one line) once: its runs of mojibake. A
/// line that [`super::words::shows_none_plainly`] has none: callers see
/// so first.
pub(super) fn judge_line(memo: &mut Memo, text: &str, start: usize, end: usize) -> Vec<Mojibake> {
    let line = &text[start..end];
    let Measured {
        words,
        context,
        shows,
    } = Measured::of(memo, line);
    // Most lines that reach here have no word that shows garbling: the
    // readings of the others matter only beside one that does.
    if !shows.contains(&true) {
        return Vec::new();
    }
    // (What was found of each word above, found again by where it is.)
    let offset = |word: &str| word.as_ptr() as usize - line.as_ptr() as usize;
    let index = |word: &str| {
        let at = offset(word);
        words.binary_search_by_key(&at, |(w, _)| offset(w)).ok()
    };
    let shows_garbling = |word: &str| index(word).is_some_and(|i| shows[i]);
    let mut context = context;
    let mut first = judge_words(memo, text, start, end, &context, &shows_garbling);
    if !first.iter().any(|run| run.repair().is_some()) {
        return first;
    }
    // The scripts that the repaired words agree on are the line's too:
    // judged again beside them, a word takes the reading that agrees with
    // the rest of its line ("їх", not "Ñ—Ñ…", in Ukrainian read as
    // ISO-8859-1 beside a Latin name, whose script alone the unchanged
    // words had shown).
    let repaired_words = (first.iter())
        .filter_map(Mojibake::repair)
        .flat_map(str::split_ascii_whitespace);
    let repaired = context.clone().and_agreed(repaired_words);
    if repaired.adds_to(&context) {
        context = repaired;
        first = judge_words(memo, text, start, end, &context, &shows_garbling);
        if !first.iter().any(|run| run.repair().is_some()) {
            return first;
        }
    }
    // Where every suspect word shows its garbling (most garbled lines),
    // judging them all is judging the same words again.
    if words
        .iter()
        .zip(&shows)
        .all(|(&(_, suspect), &shows)| suspect == shows)
    {
        return first;
    }
    let suspect = |word: &str| index(word).map_or_else(|| is_suspect(word), |i| words[i].1);
    judge_words(memo, text, start, end, &context, &suspect)
}

/// Judges the words of `text[start..end]` that `read` picks, in five
/// stages: the words' readings measured beside the line; a verdict for
/// each word that shows its garbling; those verdicts held back if the line
/// holds text the garbling would have changed and did not (the words are
/// then reported as they are, and nothing more is decided); the chains the
/// line was garbled by, from the verdicts; and then the other words decided
/// by those chains.
fn judge_words(
    memo: &mut Memo,
    text: &str,
    start: usize,
    end: usize,
    context: &Context,
    read: &dyn Fn(&str) -> bool,
) -> Vec<Mojibake> {
    let words = measured_words(memo, text, start, end, context, read);
    let mut verdicts = first_verdicts(&words);
    if hold_if_left_ungarbled(memo, text, start, end, &words, &mut verdicts) {
        return into_runs(text, words, verdicts);
    }
    decide_by_line_chains(&words, &mut verdicts);
    // What the alphabet settles tells more of the line's chains: the other
    // words are decided again beside it.
    if settle_by_alphabet(text, start, end, &words, &mut verdicts) {
        decide_by_line_chains(&words, &mut verdicts);
    }
    if settle_by_letter_pairs(&text[start..end], &mut verdicts) {
        decide_by_line_chains(&words, &mut verdicts);
    }
    into_runs(text, words, verdicts)
}

/// Decides each of `words` beside the chains its line's verdicts show.
fn decide_by_line_chains(words: &[Word], verdicts: &mut [Option<Verdict>]) {
    let line = LineChains::of(words, verdicts);
    for (word, verdict) in words.iter().zip(verdicts.iter_mut()) {
        line.decide(word, verdict);
    }
}

/// The words of `text[start..end]` that `read` picks and that have
/// readings, each reading measured beside `context`.
fn measured_words(
    memo: &mut Memo,
    text: &str,
    start: usize,
    end: usize,
    context: &Context,
    read: &dyn Fn(&str) -> bool,
) -> Vec<Word> {
    let mut words = words_of(memo, text, start, end, read);
    words.retain(|w| !w.candidates.is_empty());
    for word in &mut words {
        word.badness = memo.badness(&word.text, context);
        word.badness_of = (word.candidates.iter())
            .map(|c| c.measure.against(context))
            .collect();
    }
    words
}

/// The verdict on each word that shows its garbling. (A plain word has no
/// verdict of its own: see [`super::words::shows_garbling`].)
fn first_verdicts(words: &[Word]) -> Vec<Option<Verdict>> {
    words
        .iter()
        .map(|word| if word.plain { None } else { judge(word) })
        .collect()
}

/// Holds back every repair when the line also holds text that the chains
/// would have garbled but did not ("Mccoy – DrÃ¥ber": "–" is
/// windows-1252's 96) and the repairs undo less than two chars: such a
/// line is less likely to be mojibake, and one char undone is then too
/// little to go on. The words are still reported, with their one reading
/// and why it was not made ("Le cafÃ© de l'île": a line of two sources
/// is as likely). Whether it held them back.
fn hold_if_left_ungarbled(
    memo: &mut Memo,
    text: &str,
    start: usize,
    end: usize,
    words: &[Word],
    verdicts: &mut [Option<Verdict>],
) -> bool {
    let Some(left) = left_ungarbled(memo, text, start, end, words, verdicts) else {
        return false;
    };
    let undone: usize = words
        .iter()
        .zip(verdicts.iter())
        .filter_map(|(w, v)| match v {
            // C1 controls are never text: undoing them counts in full.
            Some(Verdict::Repair(r)) if r.chain.0 == [Layer::Windows1252AsLatin1] => Some(2),
            Some(Verdict::Repair(r)) => Some(
                w.text
                    .chars()
                    .count()
                    .saturating_sub(r.text.chars().count()),
            ),
            _ => None,
        })
        .sum();
    if undone >= 2 {
        return false;
    }
    let held_back = HeldBack::LineNotGarbledWhole {
        word: left.to_string(),
    };
    for verdict in verdicts.iter_mut() {
        if let Some(Verdict::Repair(reading)) = verdict.take() {
            *verdict = Some(Verdict::Held(reading, held_back.clone()));
        }
    }
    true
}

/// What the verdicts of a line's words say of how the line was garbled.
struct LineChains {
    /// The chains the line was garbled by: those that every word that
    /// shows its garbling allows, or if they disagree, any of them.
    chains: Vec<Chain>,
    /// How many layers every repair of the line undid, if they agree.
    layers: Option<usize>,
}

impl LineChains {
    /// What `verdicts` (of `words`) say.
    fn of(words: &[Word], verdicts: &[Option<Verdict>]) -> LineChains {
        let allowed: Vec<&[Chain]> = words
            .iter()
            .zip(verdicts)
            .filter_map(|(word, v)| match v {
                Some(Verdict::Repair(reading)) => Some(word.chains_to(&reading.text)),
                _ => None,
            })
            .collect();
        let mut chains: Vec<Chain> = allowed
            .first()
            .map(|first| {
                first
                    .iter()
                    .filter(|chain| allowed.iter().all(|chains| chains.contains(chain)))
                    .map(|chain| (*chain).clone())
                    .collect()
            })
            .unwrap_or_default();
        if chains.is_empty() {
            // Each chain once: a long line would otherwise list its chains
            // once a word, and every word would look through them all.
            for chain in allowed.iter().flat_map(|chains| chains.iter()) {
                if !chains.contains(chain) {
                    chains.push(chain.clone());
                }
            }
        }
        let layers = {
            let mut layers =
                (allowed.iter().flat_map(|chains| chains.iter())).map(|chain| chain.0.len());
            let first = layers.next();
            first.filter(|&n| layers.all(|m| m == n))
        };
        LineChains { chains, layers }
    }

    /// Decides `word` beside the verdicts of its line: a word garbled the
    /// same way that reads no worse repaired (Russian "и" shows as "Рё",
    /// which could be a name) is repaired, and an ambiguous word takes the
    /// reading that one of the line's chains gives, or else the one with as
    /// many layers as the line's repairs agree on ("Ôäó" or "™" from
    /// "├ö├ñ├│" in a line garbled twice through cp850). A repair then names
    /// the line's chain where that gives it.
    fn decide(&self, word: &Word, verdict: &mut Option<Verdict>) {
        // (The reading's own chain first: most are the line's, and the
        // chains as good as it are worked out only when it is not.)
        let by_line_chain = |&(c, badness): &(&Candidate, u32)| {
            badness <= word.badness
                && (self.chains.contains(&c.chain)
                    || (word.chains_to(&c.text).iter()).any(|chain| self.chains.contains(chain)))
        };
        match verdict {
            None => {
                // Read differently through the line's chains, it is
                // reported with each reading (and the line's alphabet may
                // yet settle it).
                let mut readings: Vec<Reading> = Vec::new();
                for (c, _) in word.judged().filter(by_line_chain) {
                    if !readings.iter().any(|r| r.text == c.text) {
                        readings.push(Reading {
                            chain: c.chain.clone(),
                            text: c.text.clone(),
                        });
                    }
                }
                drop_mixed_when_others(word, &mut readings);
                *verdict = match readings.len() {
                    0 => None,
                    1 => Some(Verdict::Repair(readings.remove(0))),
                    _ => Some(Verdict::Ambiguous(readings)),
                };
            }
            Some(Verdict::Ambiguous(readings)) => {
                let mut fitting: Vec<Reading> = readings
                    .iter()
                    .filter(|r| {
                        word.chains_to(&r.text)
                            .iter()
                            .any(|c| self.chains.contains(c))
                    })
                    .cloned()
                    .collect();
                drop_mixed_when_others(word, &mut fitting);
                let layered = || {
                    (readings.iter())
                        .filter(|r| Some(r.chain.0.len()) == self.layers)
                        .collect::<Vec<_>>()
                };
                if let [only] = fitting.as_slice() {
                    *verdict = Some(Verdict::Repair(only.clone()));
                } else if let [only] = layered().as_slice() {
                    *verdict = Some(Verdict::Repair((*only).clone()));
                }
            }
            // (A line held back is decided no further.)
            Some(Verdict::Repair(_) | Verdict::Held(..)) => {}
        }
        if let Some(Verdict::Repair(reading)) = verdict
            && !self.chains.contains(&reading.chain)
            && let Some(chain) = word
                .chains_to(&reading.text)
                .iter()
                .find(|c| self.chains.contains(c))
        {
            reading.chain = chain.clone();
        }
    }
}

/// Drops from `readings` (of `word`, through the line's chains) those
/// that read it as ISO-8859-1 and windows-1252 at once (C1 controls beside
/// the bytes 80–9F shown as windows-1252 shows them: "â\u{80}Š" as a hair
/// space) when others remain: a line read as ISO-8859-1 shows no such
/// chars, and a line garbled through windows-1252 shows no C1 controls.
fn drop_mixed_when_others(word: &Word, readings: &mut Vec<Reading>) {
    let mixed = |r: &Reading| match r.chain.0.first() {
        Some(&Layer::Utf8As(garbler, true)) => {
            word.text.chars().any(|c| garbler.shows_in_80_to_9f(c))
        }
        _ => false,
    };
    if readings.len() > 1 && readings.iter().any(|r| !mixed(r)) {
        readings.retain(|r| !mixed(r));
    }
}

/// Repairs the words still read several ways through the one chain that
/// keeps the line in one language's alphabet, if there is one (see
/// [`line_alphabet`]); whether it repaired any.
fn settle_by_alphabet(
    text: &str,
    start: usize,
    end: usize,
    words: &[Word],
    verdicts: &mut [Option<Verdict>],
) -> bool {
    if !verdicts
        .iter()
        .any(|v| matches!(v, Some(Verdict::Ambiguous(_))))
    {
        return false;
    }
    let decided: Vec<Decided> = (verdicts.iter())
        .map(|v| match v {
            Some(Verdict::Repair(r)) => Decided::Repaired(&r.text),
            Some(Verdict::Ambiguous(readings)) => Decided::Torn(readings),
            // (A line held back is decided no further.)
            Some(Verdict::Held(..)) | None => Decided::Kept,
        })
        .collect();
    let Some(settled) = line_alphabet::settle(text, start, end, words, &decided) else {
        return false;
    };
    for (w, r) in settled {
        if let Some(Verdict::Ambiguous(readings)) = &mut verdicts[w] {
            verdicts[w] = Some(Verdict::Repair(readings.swap_remove(r)));
        }
    }
    true
}

/// Repairs each word still read several ways, each reading of one
/// language's letters at the same places, through the one whose letter
/// pairs are clearly the commonest in a language that writes the letters
/// of them all ([`PairPricer::in_one_language`]), the line's ASCII words
/// and repaired words priced with each ("Bücher", not "Bßcher":
/// "BĂźcher" through ISO-8859-2 or windows-1250); whether it repaired any.
fn settle_by_letter_pairs(line: &str, verdicts: &mut [Option<Verdict>]) -> bool {
    let torn = |v: &Option<Verdict>| matches!(v, Some(Verdict::Ambiguous(_)));
    if !verdicts.iter().any(torn) {
        return false;
    }
    let mut context: String = (line.split_ascii_whitespace())
        .filter(|word| word.is_ascii())
        .collect::<Vec<_>>()
        .join(" ");
    for verdict in verdicts.iter() {
        if let Some(Verdict::Repair(reading)) = verdict {
            context.push(' ');
            context.push_str(&reading.text);
        }
    }
    let pricer = PairPricer::new(&context);
    let mut settled = false;
    for verdict in verdicts.iter_mut() {
        let Some(Verdict::Ambiguous(readings)) = verdict else {
            continue;
        };
        if !(readings.iter()).all(|r| letters_alike(&r.text, &readings[0].text)) {
            continue;
        }
        let texts: Vec<&str> = readings.iter().map(|r| r.text.as_str()).collect();
        let best = clearly_cheapest_in_one_language(&pricer, &texts)
            .or_else(|| pricer.common_in_own_language(&texts));
        if let Some(best) = best {
            *verdict = Some(Verdict::Repair(readings.swap_remove(best)));
            settled = true;
        }
    }
    settled
}

/// Which of `texts` one language that holds all their letters prices
/// [`PAIRS_CLEARLY_CHEAPER`] below every other, if one does.
fn clearly_cheapest_in_one_language(pricer: &PairPricer, texts: &[&str]) -> Option<usize> {
    let costs: Vec<u32> = (pricer.in_one_language(texts)?.iter())
        .map(|p| p.cost)
        .collect();
    let best = (0..costs.len()).min_by_key(|&i| costs[i])?;
    (costs.iter().enumerate())
        .all(|(i, &c)| i == best || costs[best] + PAIRS_CLEARLY_CHEAPER <= c)
        .then_some(best)
}

/// The runs the verdicts on `words` make, in order: repairs joined where
/// they may be, ambiguous words each a run of their own.
fn into_runs(text: &str, words: Vec<Word>, verdicts: Vec<Option<Verdict>>) -> Vec<Mojibake> {
    let mut runs = Vec::new();
    for (word, verdict) in words.into_iter().zip(verdicts) {
        match verdict {
            Some(Verdict::Repair(reading)) => add_repair(text, word.range, reading, &mut runs),
            Some(Verdict::Ambiguous(mut readings)) => {
                // (A finding names three readings at most.)
                readings.truncate(3);
                runs.push(Mojibake {
                    range: word.range,
                    readings,
                    held_back: None,
                })
            }
            Some(Verdict::Held(reading, held_back)) => runs.push(Mojibake {
                range: word.range,
                readings: vec![reading],
                held_back: Some(held_back),
            }),
            None => {}
        }
    }
    runs
}

/// The first word of the line, outside the words found garbled (repaired,
/// or read more than one way), that holds a char that the encoding a
/// repair undid (its outermost layer) shows as a byte beyond ASCII: text
/// that garbling through it would have changed. None if there is none.
fn left_ungarbled<'t>(
    memo: &mut Memo,
    text: &'t str,
    start: usize,
    end: usize,
    words: &[Word],
    verdicts: &[Option<Verdict>],
) -> Option<&'t str> {
    let garbled: Vec<&std::ops::Range<usize>> = (words.iter().zip(verdicts))
        .filter(|(_, v)| v.is_some())
        .map(|(w, _)| &w.range)
        .collect();
    // Each encoding once: a line of thousands of repairs names a few.
    let mut garblers: Vec<&Garbler> = Vec::new();
    for v in verdicts {
        if let Some(Verdict::Repair(r)) = v
            && let Some(Layer::Utf8As(garbler, _)) = r.chain.0.first()
            && !garblers.iter().any(|g| g.index() == garbler.index())
        {
            garblers.push(garbler);
        }
    }
    if garblers.is_empty() {
        return None;
    }
    // A char beyond ASCII that one of those encodings shows as a byte.
    let garblable = |c: char| {
        let row = byte_row(c);
        !c.is_ascii() && garblers.iter().any(|g| row[g.index()] != 0)
    };
    // A plain word that undoes through one of them may be garbled too
    // (plain words have no verdict of their own: "ГЁ" is "è" beside
    // "cittГ"), and says nothing either way.
    let mut undoes_so = |word: &str| {
        memo.is_plain(word)
            && memo
                .readings_of(word)
                .iter()
                .any(|c| match c.chain.0.first() {
                    Some(Layer::Utf8As(garbler, _)) => {
                        garblers.iter().any(|g| g.index() == garbler.index())
                    }
                    _ => false,
                })
    };
    let mut left = |between: &'t str| {
        let word = (between.split_ascii_whitespace())
            .find(|word| word.chars().any(garblable) && !undoes_so(word))?;
        // Named without the punctuation around it ("café", not "“café”,"),
        // unless that is what garbling would have changed ("–").
        let letters = word.trim_matches(|c: char| !c.is_alphanumeric());
        Some(if letters.chars().any(garblable) {
            letters
        } else {
            word
        })
    };
    // The text between the garbled words (which are in order and apart).
    let mut from = start;
    for range in garbled {
        if let Some(word) = left(&text[from..range.start.max(from)]) {
            return Some(word);
        }
        from = from.max(range.end);
    }
    left(&text[from..end.max(from)])
}

/// The verdict on a word that shows its garbling: the repair that is
/// clearly more plausible than the word and than any other; or, when
/// repairs that differ read about as well, all of them.
///
/// Among repairs that read about as well, the one that undoes the most
/// (the fewest chars left) wins, then the one with the fewest layers: each
/// further coincidence is less likely than the one before.
fn judge(word: &Word) -> Option<Verdict> {
    if word.guessed_space && !word.text.ends_with("Ã\u{A0}") {
        return None;
    }
    let shown = |&(_, badness): &(&Candidate, u32)| word.reads_clearly_better(badness);
    let best = word.judged().filter(shown).map(|(_, b)| b).min()?;
    let within_reach = |&(_, badness): &(&Candidate, u32)| badness <= best + 1;
    // A plain reading that a reading within reach takes one layer further
    // is its rival whatever it costs: the further layer is as likely a
    // coincidence ("РµС‘" alone is "её", or "ţ" through KOI8-R after it).
    let goes_on_from_it = |&(short, _): &(&Candidate, u32)| {
        short.is_plain()
            && (word.judged().filter(within_reach))
                .any(|(long, _)| goes_one_layer_on(&long.chain, &short.chain))
    };
    let close: Vec<(&Candidate, u32)> = word
        .judged()
        .filter(shown)
        .filter(|c| within_reach(c) || goes_on_from_it(c))
        .collect();
    // A reading that a longer chain in the running goes on from is garbling
    // left ("nÃ©" from "nÃƒÂ©", where "né" is also a reading).
    // (One that undoes every char of it, one layer on.)
    let continued = |short: &Chain| {
        (close.iter()).any(|(long, _)| goes_one_layer_on(&long.chain, short) && long.last_left == 0)
    };
    // But a plain reading is no garbling left: the longer chain's reading
    // of it is a coincidence ("её" from "РµС‘" is "ţ" in KOI8-R), and both
    // are kept for the line to decide between.
    let left_garbled: Vec<&String> = close
        .iter()
        .filter(|(c, _)| continued(&c.chain) && !c.is_plain())
        .map(|(c, _)| &c.text)
        .collect();
    let mut close: Vec<(&Candidate, u32)> = close
        .into_iter()
        .filter(|(c, _)| !left_garbled.contains(&&c.text))
        .collect();
    // The fewest chars left alone by the outermost layer, then the fewest
    // layers, then the most undone; but readings that leave as few alone
    // and say different things are rivals: each is a coincidence or not.
    close.sort_by_key(|&(c, badness)| (c.left, c.chain.0.len(), c.text.chars().count(), badness));
    let (top, top_badness) = close[0];
    let mut readings = vec![Reading {
        chain: top.chain.clone(),
        text: top.text.clone(),
    }];
    // Readings that leave as few alone are rivals, but for two kinds of
    // coincidence:
    // - beside a reading of two layers or more that reads UTF-8 as one
    //   encoding each time (garbling the same way again is common), one at
    //   least as long that only chains mixing encodings reach and that
    //   reads no better ("(ง'̀⌣'́)ง" is windows-1252 twice, not "(ง'̤⌣'́)ง"
    //   through ISO-8859-15, windows-1256 and windows-1252 in a row, which
    //   happen to undo as far);
    // - a reading as long whose last layer left chars it shows, where the
    //   top's left none;
    // - a reading as long through an encoding that shows fewer of the
    //   word's chars: the chars it cannot show were text beside the
    //   garbling, where the top's encoding explains more of the word
    //   ("ItÃ?Â¢â?¬â?¢s" through windows-1258, which has no Ã, keeps
    //   "Ã?" where windows-1252 reads C3 and a lost byte).
    let repeated = top.chain.0.len() >= 2 && top.chain.is_one_encoding();
    // (The chars of the word that the outermost layer's encoding shows no
    // byte as; the top's counted once, when a rival as long first asks.)
    let unshown = |c: &Candidate| match c.chain.0.first() {
        Some(Layer::Utf8As(garbler, _)) => (word.text.chars())
            .filter(|&ch| garbler.byte_of(ch).is_none())
            .count(),
        _ => 0,
    };
    let top_unshown = std::cell::OnceCell::new();
    let coincidence = |rival: &Candidate, badness: u32| {
        let mixed = repeated
            && rival.chain.0.len() >= top.chain.0.len()
            && badness >= top_badness
            && !(word.chains_to(&rival.text).iter()).any(Chain::is_one_encoding);
        let as_long = rival.chain.0.len() == top.chain.0.len();
        let left_more = as_long && top.last_left == 0 && rival.last_left > 0;
        mixed
            || left_more
            || (as_long && unshown(rival) > *top_unshown.get_or_init(|| unshown(top)))
    };
    let rivals =
        (close.iter()).filter(|&&(c, badness)| c.left == top.left && !coincidence(c, badness));
    for (rival, _) in rivals {
        if !readings.iter().any(|r| r.text == rival.text) {
            readings.push(Reading {
                chain: rival.chain.clone(),
                text: rival.text.clone(),
            });
        }
    }
    Some(match readings.len() {
        1 => Verdict::Repair(readings.remove(0)),
        _ => Verdict::Ambiguous(readings),
    })
}

/// Whether `long` undoes the layers of `short` and one more after them.
fn goes_one_layer_on(long: &Chain, short: &Chain) -> bool {
    long.0.len() == short.0.len() + 1 && long.0.starts_with(&short.0)
}
