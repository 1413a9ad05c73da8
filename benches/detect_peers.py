"""Encoding detection side by side: utf8scope, chardet 7 and
charset-normalizer on the same files, per encoding and length, with the CPU
time each takes. A detection is right when the bytes, decoded in the
encoding it names, give the text back (an encoding that decodes them to the
same text is as right as the one they were written in).

Write a corpus first, the held-out one (words no tuning saw) or the tuning
one:
    UTF8SCOPE_CORPUS_DIR=target/heldout cargo test --release --test detect_heldout -- --ignored
    UTF8SCOPE_CORPUS_DIR=target/corpus cargo test --release --test detect_corpus -- --ignored
then, in a virtual environment with the package and the peers installed
(`pip install ./python chardet==7.7.0 charset-normalizer`):
    python benches/detect_peers.py target/heldout [--markdown]
(`--markdown` prints the table as docs/encodings.md shows it.)
"""

import codecs
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

import utf8scope

# The language each corpus language is, as ISO 639-1 codes (chardet's).
LANGUAGE_CODES = {
    "French": "fr", "German": "de", "Spanish": "es", "Portuguese": "pt",
    "Italian": "it", "Swedish": "sv", "Dutch": "nl", "Danish": "da",
    "Norwegian": "no", "Finnish": "fi", "Icelandic": "is", "Catalan": "ca",
    "Polish": "pl", "Czech": "cs", "Hungarian": "hu", "Romanian": "ro",
    "Croatian": "hr", "Slovak": "sk", "Slovenian": "sl", "Turkish": "tr",
    "Lithuanian": "lt", "Latvian": "lv", "Estonian": "et", "Russian": "ru",
    "Ukrainian": "uk", "Belarusian": "be", "Bulgarian": "bg", "Serbian": "sr",
    "Macedonian": "mk", "Greek": "el", "Hebrew": "he", "Arabic": "ar",
    "Persian": "fa", "Japanese": "ja", "Chinese (Simplified)": "zh",
    "Chinese (Traditional)": "zh", "Korean": "ko", "Vietnamese": "vi",
    "Thai": "th", "English": "en",
}

# WHATWG names whose Python codec has another name or a narrower table.
PYTHON_CODEC = {
    "shift_jis": "cp932", "euc-kr": "cp949", "big5": "big5hkscs",
    "macintosh": "mac_roman", "x-mac-cyrillic": "mac_cyrillic",
    "windows-874": "cp874", "gbk": "gb18030",
}


# Runs of each detector over the corpus; the least CPU time counts.
ROUNDS = 3


def without_bom(text):
    return text[1:] if text.startswith("\ufeff") else text


def python_decoded(name, data):
    """`data` decoded by Python's codec for `name`, or None."""
    name = PYTHON_CODEC.get(name.lower(), name)
    try:
        return without_bom(data.decode(codecs.lookup(name).name))
    except (LookupError, UnicodeDecodeError):
        return None


def utf8scope_decoded(name, data):
    """`data` decoded by utf8scope's own decoder for `name`, or None."""
    try:
        return without_bom(utf8scope.decode(data, name))
    except (LookupError, ValueError):
        return None


def run_utf8scope(data):
    found = utf8scope.detect(data)
    return found.encoding, getattr(found, "language", None), found.confidence


def run_chardet(data):
    import chardet

    found = chardet.detect(data)
    return found["encoding"], found.get("language"), None


def run_normalizer(data):
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None:
        return None, None, None
    return best.encoding, best.language, None


def print_markdown(right, names, lengths):
    """One row per encoding: each length's right files for each detector,
    utf8scope's first, in bold where no peer does better."""
    print("| encoding | " + " | ".join(lengths) + " |")
    print("|---" * (len(lengths) + 1) + "|")
    encodings = sorted({key[0] for key in right["utf8scope"]}, key=lambda e: (e == "all", e))
    for encoding in encodings:
        cells = []
        for length in lengths:
            key = (encoding, length)
            if key not in right["utf8scope"]:
                cells.append("–")
                continue
            ours, total = right["utf8scope"][key]
            theirs = [right[n][key][0] for n in names[1:]]
            mark = "**" if all(ours >= t for t in theirs) else ""
            cells.append(f"{mark}{ours}{mark} · " + " · ".join(map(str, theirs)) + f" /{total}")
        print(f"| {encoding} | " + " | ".join(cells) + " |")
    print(f"\n(cells: {' · '.join(names)} / files)\n")


def main():
    corpus = Path(sys.argv[1])
    cases = [json.loads(line) for line in (corpus / "index.jsonl").read_text().splitlines()]
    for case in cases:
        case["data"] = (corpus / case["file"]).read_bytes()
    detectors = [("utf8scope", run_utf8scope, utf8scope_decoded)]
    for module, name, run in (
        ("chardet", "chardet", run_chardet),
        ("charset_normalizer", "charset-normalizer", run_normalizer),
    ):
        try:
            __import__(module)
            detectors.append((name, run, python_decoded))
        except ImportError:
            print(f"{name} is not installed", file=sys.stderr)
    lengths = list(dict.fromkeys(case["length"] for case in cases))
    # name → (encoding, length) → [right, total]; language → [right, named].
    right = {name: defaultdict(lambda: [0, 0]) for name, _, _ in detectors}
    languages = {name: [0, 0] for name, _, _ in detectors}
    wording = defaultdict(lambda: [0, 0])
    seconds = {}
    for name, run, decoded in detectors:
        # The least CPU time of three runs: the machine's noise only adds.
        for _ in range(ROUNDS):
            answers = []
            start = time.process_time()
            for case in cases:
                answers.append(run(case["data"]))
            spent = time.process_time() - start
            seconds[name] = min(seconds.get(name, spent), spent)
        for case, (guess, language, confidence) in zip(cases, answers):
            ok = bool(guess) and decoded(guess, case["data"]) == case["text"]
            for key in ((case["encoding"], case["length"]), ("all", case["length"])):
                right[name][key][0] += ok
                right[name][key][1] += 1
            if language:
                languages[name][1] += 1
                languages[name][0] += language == LANGUAGE_CODES.get(case["language"])
            if confidence:
                wording[confidence][0] += ok
                wording[confidence][1] += 1
    names = [name for name, _, _ in detectors]
    if "--markdown" in sys.argv:
        print_markdown(right, names, lengths)
    print(f"{len(cases)} files; right / total per encoding and length\n")
    print(f"{'encoding':<16} {'length':<9}" + "".join(f"{n:>20}" for n in names))
    for key in sorted(right["utf8scope"], key=lambda k: (k[0] == "all", k[0], lengths.index(k[1]))):
        cells = []
        for name in names:
            r, t = right[name][key]
            cells.append(f"{r:>5}/{t:<4} {100 * r / t:5.1f}%")
        behind = any(right[n][key][0] > right["utf8scope"][key][0] for n in names)
        mark = "  <" if behind else ""
        print(f"{key[0]:<16} {key[1]:<9}" + "".join(f"{c:>20}" for c in cells) + mark)
    print(f"\nCPU time over all files (one thread, least of {ROUNDS} runs):")
    for name in names:
        ratio = seconds[name] / seconds["utf8scope"] if seconds["utf8scope"] else float("nan")
        print(f"  {name:<20} {seconds[name]:8.3f} s  ({ratio:.1f}x utf8scope's)")
    print("\nLanguage named (right / files where one was named):")
    for name in names:
        r, t = languages[name]
        print(f"  {name:<20} {r}/{t}")
    print("\nutf8scope's wording (right / total):")
    for confidence, (r, t) in sorted(wording.items()):
        print(f"  {confidence:<12} {r}/{t}")


if __name__ == "__main__":
    main()
