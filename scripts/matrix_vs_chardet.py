#!/usr/bin/env python3
"""fix --from auto against chardet on the encoding matrix's files.

Writes nothing; prints, for each encoding, how many files `utf8scope fix
--from auto` gives back exactly, beside the same files decoded in the
encoding chardet guesses (and charset-normalizer, when installed).

    UTF8SCOPE_MATRIX_DIR=/tmp/matrix cargo test --test encoding_matrix -- --ignored
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install chardet charset-normalizer
    /tmp/venv/bin/python scripts/matrix_vs_chardet.py /tmp/matrix target/release/utf8scope
"""

import collections
import pathlib
import subprocess
import sys

import chardet

try:
    import charset_normalizer
except ImportError:
    charset_normalizer = None


def decoded(data, name):
    """data in the encoding `name` (Python's codecs), or None."""
    if not name:
        return None
    try:
        return data.decode(name)
    except (LookupError, UnicodeDecodeError):
        return None


def main():
    folder = pathlib.Path(sys.argv[1])
    binary = sys.argv[2]
    rows = collections.OrderedDict()
    for path in sorted(folder.glob("*.bin")):
        encoding = path.stem.split(".", 1)[1]
        text = path.with_suffix(".txt").read_text(encoding="utf-8")
        data = path.read_bytes()
        row = rows.setdefault(encoding, [0, 0, 0, 0])
        row[0] += 1
        ours = subprocess.run([binary, "fix", "--from", "auto", str(path)],
                              capture_output=True)
        row[1] += ours.returncode == 0 and ours.stdout == text.encode()
        guess = chardet.detect(data)["encoding"]
        # A BOM is part of the bytes; Python's utf-16/utf-32 drop it.
        theirs = decoded(data, guess)
        if theirs is not None and theirs.startswith("\ufeff"):
            theirs = theirs[1:]
        row[2] += theirs == text
        if charset_normalizer is not None:
            best = charset_normalizer.from_bytes(data).best()
            normal = str(best) if best is not None else None
            if normal is not None and normal.startswith("\ufeff"):
                normal = normal[1:]
            row[3] += normal == text
    print(f"{'encoding':<16} {'files':>5} {'utf8scope':>10} {'chardet':>8} {'ch-norm':>8}")
    total = [0, 0, 0, 0]
    for encoding, row in rows.items():
        print(f"{encoding:<16} {row[0]:>5} {row[1]:>10} {row[2]:>8} {row[3]:>8}")
        total = [a + b for a, b in zip(total, row)]
    print(f"{'all':<16} {total[0]:>5} {total[1]:>10} {total[2]:>8} {total[3]:>8}")


if __name__ == "__main__":
    main()
