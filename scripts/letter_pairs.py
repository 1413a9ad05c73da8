#!/usr/bin/env python3
"""Writes src/model/encoding/letter_pairs.txt: how common each pair of
letters is in the words of 30 languages written in the Latin, Cyrillic and
Greek scripts, for telling apart code pages whose readings are each made of
one language's letters ("wrzesieñ" or "wrzesień").

    pip install wordfreq==3.1.1
    python3 scripts/letter_pairs.py > src/model/encoding/letter_pairs.txt

The pairs are counted over each language's 30,000 commonest words in
wordfreq (Robyn Speer and others; data under CC BY-SA 4.0), each weighted
by its frequency, a word's start and end counted as a letter "_" (words
with letters rarer than one in 100,000 left out; Romanian's comma-below
letters written with the cedilla, as in the legacy code pages). A pair's
cost is -log2 of its share of all pairs, rounded; pairs costlier than
MAX_COST are left out (the reader prices a pair it has not got above all).
wordfreq case-folds its words, so ß is counted as "ss": no table holds ß,
and the reader prices a reading's ß as "ss" too. The output is data derived from wordfreq's,
under the same licence.
"""

import collections
import math
import sys

import wordfreq

# wordfreq's code, and the language's name as utf8scope words it.
LANGUAGES = [
    ("ca", "Catalan"), ("cs", "Czech"), ("da", "Danish"), ("de", "German"),
    ("en", "English"), ("es", "Spanish"), ("fi", "Finnish"), ("fr", "French"),
    ("hu", "Hungarian"), ("is", "Icelandic"), ("it", "Italian"),
    ("lt", "Lithuanian"), ("lv", "Latvian"), ("nb", "Norwegian"),
    ("nl", "Dutch"), ("pl", "Polish"), ("pt", "Portuguese"),
    ("ro", "Romanian"), ("sh", "Serbo-Croatian"), ("sk", "Slovak"),
    ("sl", "Slovenian"), ("sv", "Swedish"), ("tr", "Turkish"),
    ("vi", "Vietnamese"), ("ru", "Russian"), ("uk", "Ukrainian"),
    ("bg", "Bulgarian"), ("mk", "Macedonian"), ("el", "Greek"),
    ("id", "Indonesian"),
]

# The ISO 639-1 code where wordfreq's differs (Norwegian Bokmål is "nb" to
# wordfreq, Norwegian "no" to the detector).
ISO_CODES = {"nb": "no"}

WORDS = 30_000
MAX_COST = 20


# Romanian's ș and ț as the legacy code pages write them (ş, ţ): they have
# no comma below.
LEGACY_FORMS = str.maketrans("șțȘȚ", "şţŞŢ")

# Letters this rare in a language's words are foreign names and symbols
# ("nº"): the words holding them are left out.
MIN_LETTER_SHARE = 1e-5


def is_letter(c):
    """A letter of a word; not the ordinal indicators ª and º."""
    return c.isalpha() and c not in "ªº"


def letter_runs(word):
    letters = "".join(c if is_letter(c) else " " for c in word.lower().translate(LEGACY_FORMS))
    return letters.split()


def pairs_of(code):
    words = [(w, wordfreq.word_frequency(w, code)) for w in wordfreq.top_n_list(code, WORDS)]
    letters = collections.Counter()
    for word, weight in words:
        for run in letter_runs(word):
            for c in run:
                letters[c] += weight
    total = sum(letters.values())
    rare = {c for c, n in letters.items() if n / total < MIN_LETTER_SHARE}
    counts = collections.Counter()
    for word, weight in words:
        runs = letter_runs(word)
        if any(c in rare for run in runs for c in run):
            continue
        for run in runs:
            padded = f"_{run}_"
            for a, b in zip(padded, padded[1:]):
                counts[a + b] += weight
    total = sum(counts.values())
    costs = {pair: round(-math.log2(n / total)) for pair, n in counts.items()}
    return sorted((pair, cost) for pair, cost in costs.items() if cost <= MAX_COST)


def main():
    out = sys.stdout
    out.write("# Letter pairs of 30 languages and their costs (-log2 of the pair's share),\n")
    out.write("# written by scripts/letter_pairs.py from wordfreq 3.1.1's word lists\n")
    out.write("# (https://github.com/rspeer/wordfreq; data CC BY-SA 4.0, and so is this file).\n")
    out.write("# A line a language: code, name, then pair:cost; _ is a word's start or end.\n")
    for code, name in LANGUAGES:
        pairs = " ".join(f"{pair}:{cost}" for pair, cost in pairs_of(code))
        out.write(f"{ISO_CODES.get(code, code)}\t{name}\t{pairs}\n")


if __name__ == "__main__":
    main()
