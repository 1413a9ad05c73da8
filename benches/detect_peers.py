"""Detection accuracy of uchardet and charset-normalizer on utf8scope's
corpus, scored as tests/detect_corpus.rs scores utf8scope and chardetng: a
detection is right when the bytes decode back to the text exactly.

Write the corpus first:
    UTF8SCOPE_CORPUS_DIR=target/corpus cargo test --test detect_corpus -- --ignored
then: python3 benches/detect_peers.py target/corpus
(needs `pip install charset-normalizer` and the `uchardet` command).
"""

import codecs
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def reads_back(guess, data, text):
    """Whether `data` decoded in the encoding `guess` names gives `text`."""
    if not guess:
        return False
    try:
        return data.decode(codecs.lookup(guess).name) == text
    except (LookupError, UnicodeDecodeError):
        return False


def main():
    corpus = Path(sys.argv[1])
    cases = [json.loads(line) for line in (corpus / "index.jsonl").read_text().splitlines()]
    detectors = {}
    try:
        from charset_normalizer import from_bytes

        def normalizer(data):
            best = from_bytes(data).best()
            return best.encoding if best else None

        detectors["charset-normalizer"] = normalizer
    except ImportError:
        print("charset-normalizer is not installed", file=sys.stderr)
    try:
        subprocess.run(["uchardet", "--version"], capture_output=True, check=True)

        def uchardet(data):
            out = subprocess.run(["uchardet"], input=data, capture_output=True).stdout
            return out.decode().strip().lower() or None

        detectors["uchardet"] = uchardet
    except (OSError, subprocess.CalledProcessError):
        print("uchardet is not installed", file=sys.stderr)
    for name, detect in detectors.items():
        right = defaultdict(int)
        total = defaultdict(int)
        for case in cases:
            data = (corpus / case["file"]).read_bytes()
            ok = reads_back(detect(data), data, case["text"])
            for key in (case["length"], "all"):
                right[key] += ok
                total[key] += 1
        summary = ", ".join(
            f"{key} {100 * right[key] / total[key]:.1f}%"
            for key in ("one sentence", "one line", "paragraph", "several KB", "all")
        )
        print(f"{name}: {summary}")


if __name__ == "__main__":
    main()
