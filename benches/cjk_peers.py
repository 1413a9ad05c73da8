#!/usr/bin/env python3
"""ftfy and utf8scope on the CJK mojibake corpus that tests/cjk_mojibake.rs
writes, scored as that test scores utf8scope.

    UTF8SCOPE_CORPUS_DIR=DIR cargo test --test cjk_mojibake -- --ignored
    python3 benches/cjk_peers.py DIR

Prints, per way of garbling (tuning and held-out sentences together), the
lines each repaired exactly, as far as can be known (bytes lost to U+FFFD
left as U+FFFD), and wrongly; and the clean CJK lines each changed. Needs
ftfy (pip install ftfy==6.3.1).
"""
import json
import sys
from collections import defaultdict

import ftfy


def as_far_as_known(out, meant):
    """Whether `out`'s pieces between U+FFFD are in `meant`, in order."""
    pieces = out.split("\ufffd")
    rest = meant
    for i, piece in enumerate(pieces):
        at = (0 if rest.startswith(piece) else -1) if i == 0 else rest.find(piece)
        if at < 0:
            return False
        rest = rest[at + len(piece):]
    return len(pieces) > 1 or rest == ""


def score(line, out):
    if out == line["meant"]:
        return "exact"
    if out == line["text"]:
        return "left"
    return "known" if as_far_as_known(out, line["meant"]) else "wrong"


def main():
    folder = sys.argv[1]
    lines = [json.loads(l) for l in open(f"{folder}/cjk-garbled.jsonl", encoding="utf-8")]
    tally = defaultdict(lambda: defaultdict(int))
    for line in lines:
        how = line["how"]
        tally[how]["lines"] += 1
        tally[how]["ftfy " + score(line, ftfy.fix_encoding(line["text"]))] += 1
        tally[how]["ours " + score(line, line["ours"])] += 1
    print("| garbled through | lines | ftfy exact | ftfy as known | ftfy wrong "
          "| utf8scope exact | utf8scope as known | utf8scope wrong |")
    print("|---|---|---|---|---|---|---|---|")
    for how in sorted(tally):
        t = tally[how]
        pct = lambda k: f"{100 * t[k] / t['lines']:.1f}%"
        print(f"| {how} | {t['lines']} | {pct('ftfy exact')} | {pct('ftfy known')} | "
              f"{t['ftfy wrong']} | {pct('ours exact')} | {pct('ours known')} | {t['ours wrong']} |")
    clean = [json.loads(l)["text"] for l in open(f"{folder}/cjk-clean.jsonl", encoding="utf-8")]
    changed = sum(ftfy.fix_encoding(t) != t for t in clean)
    print(f"\nclean CJK lines: {len(clean)}; ftfy changed {changed}")


if __name__ == "__main__":
    main()
