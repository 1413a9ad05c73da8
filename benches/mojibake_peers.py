#!/usr/bin/env python3
"""ftfy on the mojibake corpus that tests/mojibake_corpus.rs writes.

    UTF8SCOPE_CORPUS_DIR=DIR cargo test --test mojibake_corpus -- --ignored
    python3 benches/mojibake_peers.py DIR

Prints, per way of garbling, the lines found, repaired exactly and repaired
wrongly by ftfy.fix_encoding (ftfy's encoding repair alone) and by
utf8scope (whose output the corpus file carries), judged the same way as
the Rust test: a changed word must become the word meant. Also the clean
lines each changes.

    python3 benches/mojibake_peers.py --mixed DIR FILE
    python3 benches/mojibake_peers.py --repeated DIR FILE
    python3 benches/mojibake_peers.py --time FILE [UTF8SCOPE]

writes a 20 MiB file of the corpus's lines, 3% of them garbled (seed 7);
writes one shaped as the issue's hidden file (25,000 such lines, repeated
to about 18.6 MB: each garbled line recurs some 16 times); and

times `utf8scope fix FILE` (the release binary, CPU time of all its
threads) against ftfy.fix_encoding on each line and ftfy.fix_text on the
same file, in the same run. Needs ftfy (pip install ftfy==6.3.1, in a virtualenv:
only this comparison uses it).
"""
import json
import re
import sys
from collections import defaultdict

import ftfy


def changes_are_right(garbled, out, meant):
    if out == garbled:
        return True
    # ASCII whitespace only, as garbling keeps it (a no-break space is a
    # char garbling changes).
    words = lambda s: [w for w in re.split(r"[\t\n\x0b\x0c\r ]+", s) if w]
    g, o, m = words(garbled), words(out), words(meant)
    if not (len(g) == len(o) == len(m)):
        return out == meant
    return all(ow == gw or ow == mw for gw, ow, mw in zip(g, o, m))


def time_fix(path, binary):
    """CPU time of `utf8scope fix` (all its threads) against ftfy's encoding
    repair on each line (the same job, one core), and ftfy.fix_text (its
    default fixes too) once; the least of three runs of each but the last."""
    import resource
    import subprocess
    import time

    def children_cpu():
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.split("\n")
    ours, ours_wall, encoding = [], [], []
    for _ in range(3):
        cpu, start = children_cpu(), time.perf_counter()
        subprocess.run([binary, "fix", path, "-o", "/dev/null"], check=True, stderr=subprocess.DEVNULL)
        ours_wall.append(time.perf_counter() - start)
        ours.append(children_cpu() - cpu)
        start = time.process_time()
        for line in lines:
            ftfy.fix_encoding(line)
        encoding.append(time.process_time() - start)
    start = time.process_time()
    ftfy.fix_text(text)
    whole = time.process_time() - start
    mib = len(text.encode()) / 2**20
    ours = min(ours)
    print(f"{path}: {mib:.1f} MiB, {len(lines):,} lines")
    print(f"  utf8scope fix           {ours:6.3f} s CPU ({min(ours_wall):.3f} s wall)")
    print(f"  ftfy.fix_encoding       {min(encoding):6.2f} s CPU, a call a line: {min(encoding) / ours:5.1f}x utf8scope")
    print(f"  ftfy.fix_text           {whole:6.2f} s CPU, one run: {whole / ours:5.1f}x utf8scope")


def corpus_lines(corpus):
    """A function that draws a line of the corpus, 3% of them garbled (seed 7)."""
    import random

    random.seed(7)
    with open(f"{corpus}/mojibake-garbled.jsonl", encoding="utf-8") as f:
        garbled = [json.loads(line)["text"] for line in f]
    with open(f"{corpus}/mojibake-clean.jsonl", encoding="utf-8") as f:
        clean = [json.loads(line)["text"] for line in f]
    return lambda: random.choice(garbled) if random.random() < 0.03 else random.choice(clean)


def write_mixed(corpus, path):
    draw = corpus_lines(corpus)
    lines, size = [], 0
    while size < 20 * 2**20:
        line = draw()
        lines.append(line)
        size += len(line.encode()) + 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write_repeated(corpus, path):
    draw = corpus_lines(corpus)
    unit = ("\n".join(draw() for _ in range(25_000)) + "\n").encode()
    with open(path, "wb") as f:
        f.write(unit * max(1, round(18.6e6 / len(unit))))


def main():
    if sys.argv[1] == "--mixed":
        return write_mixed(sys.argv[2], sys.argv[3])
    if sys.argv[1] == "--repeated":
        return write_repeated(sys.argv[2], sys.argv[3])
    if sys.argv[1] == "--time":
        binary = sys.argv[3] if len(sys.argv) > 3 else "target/release/utf8scope"
        return time_fix(sys.argv[2], binary)
    corpus = sys.argv[1]
    tally = defaultdict(lambda: {"lines": 0, "ftfy": [0, 0, 0], "ours": [0, 0, 0]})
    with open(f"{corpus}/mojibake-garbled.jsonl", encoding="utf-8") as lines:
        for raw in lines:
            case = json.loads(raw)
            text, meant = case["text"], case["meant"]
            # The family of the way: "windows-1252, twice" counts under both.
            for key in (case["how"], "all"):
                t = tally[key]
                t["lines"] += 1
                for who, out in (("ftfy", ftfy.fix_encoding(text)), ("ours", case["ours"])):
                    t[who][0] += out != text
                    t[who][1] += out == meant
                    t[who][2] += out != meant and not changes_are_right(text, out, meant)
    print(f"{'garbled':<40} {'lines':>6}  {'ftfy found/exact/wrong':>24}  {'utf8scope found/exact/wrong':>28}")
    pct = lambda n, d: 100.0 * n / max(d, 1)
    for key in sorted(k for k in tally if k != "all") + ["all"]:
        t = tally[key]
        f, o = t["ftfy"], t["ours"]
        print(
            f"{key:<40} {t['lines']:>6}  {pct(f[0], t['lines']):>6.1f}% {pct(f[1], t['lines']):>6.1f}% {f[2]:>6}"
            f"    {pct(o[0], t['lines']):>6.1f}% {pct(o[1], t['lines']):>6.1f}% {o[2]:>6}"
        )
    changed = 0
    total = 0
    with open(f"{corpus}/mojibake-clean.jsonl", encoding="utf-8") as lines:
        for raw in lines:
            text = json.loads(raw)["text"]
            total += 1
            changed += ftfy.fix_encoding(text) != text
    print(f"clean lines changed by ftfy: {changed} of {total}")


if __name__ == "__main__":
    main()
