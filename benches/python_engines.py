#!/usr/bin/env python3
"""Runs the Dask, Spark and Ray examples on a folder of JSON lines and
checks each one's output against `utf8scope fix` on the same lines.

    python3 benches/python_engines.py FOLDER [UTF8SCOPE]

FOLDER holds `*.jsonl` files of `{"id": N, "text": "..."}` (ids 0..n, one
per line of the corpus); UTF8SCOPE is the program (target/release/utf8scope).
Each engine that is not installed (`pip install "dask[distributed]"
pyspark "ray[data]"`; Spark also needs a Java runtime) is skipped, and says
so. Prints each engine's time (start-up included) and whether its output
matches.
"""

import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import pandas

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples")


def expected(folder, program):
    rows = []
    for path in sorted(glob.glob(os.path.join(folder, "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            rows.extend(json.loads(line) for line in f)
    rows.sort(key=lambda row: row["id"])
    data = "".join(row["text"] + "\n" for row in rows).encode()
    out = subprocess.run([program, "fix", "-"], input=data, capture_output=True, check=True)
    return out.stdout.decode().split("\n")[:-1]


def main():
    folder = sys.argv[1]
    program = sys.argv[2] if len(sys.argv) > 2 else "target/release/utf8scope"
    meant = expected(folder, program)
    print(f"{len(meant):,} lines")
    for engine, module, args in [
        ("dask", "dask.distributed", [os.path.join(folder, "*.jsonl")]),
        ("spark", "pyspark", [os.path.join(folder, "*.jsonl")]),
        ("ray", "ray", [folder]),
    ]:
        try:
            __import__(module)
        except ImportError:
            print(f"  {engine}: not installed, skipped")
            continue
        out = tempfile.mkdtemp(prefix=f"{engine}-")
        script = os.path.join(EXAMPLES, f"{engine}_fix.py")
        start = time.perf_counter()
        run = subprocess.run([sys.executable, script, *args, os.path.join(out, "fixed")], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if run.returncode != 0:
            print(f"  {engine}: failed ({run.stderr.strip().splitlines()[-1] if run.stderr else run.returncode})")
            continue
        result = pandas.read_parquet(os.path.join(out, "fixed")).sort_values("id")
        same = list(result["text"]) == meant
        print(f"  {engine}: {seconds:.1f} s with start-up, {'the same as' if same else 'DIFFERENT from'} utf8scope fix")


if __name__ == "__main__":
    main()
