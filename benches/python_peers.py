#!/usr/bin/env python3
"""The Python package against ftfy and plsfix, and on Dask, in one run.

    UTF8SCOPE_CORPUS_DIR=DIR cargo test --test mojibake_corpus -- --ignored
    python3 benches/mojibake_peers.py --mixed DIR mixed.txt     # 20 MiB, 3% garbled
    python3 benches/mojibake_peers.py --repeated DIR rep.txt    # the issue's shape
    python3 benches/python_peers.py mixed.txt                   # speed per core
    python3 benches/python_peers.py --dask mixed.txt [MiB]       # 1 worker vs 2

Run it in a virtual environment holding the package (python/run-tests.sh
makes one: target/python-venv) and `pip install ftfy plsfix`. Every figure
is the best of three runs on this machine, in this run; ratios are what to
compare, not seconds.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import timeit

import utf8scope
from utf8scope import _utf8scope as native


def best(work, runs=3):
    """The fastest of `runs` runs of `work`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def best_on_fresh(work, lines, runs=3):
    """The fastest of `runs` runs of `work` on a fresh copy of `lines`, in
    seconds (the copy made before the clock starts). A str keeps the UTF-8
    that a native call asked it for, so a second run on the same objects
    would skip that work where a pipeline, seeing each batch once, does not."""
    times = []
    for _ in range(runs):
        fresh = [line.encode().decode() for line in lines]
        start = time.perf_counter()
        work(fresh)
        times.append(time.perf_counter() - start)
    return min(times)


def speed(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    size = os.path.getsize(path) / 2**20
    print(f"{path}: {len(lines):,} lines, {size:.1f} MiB")
    rows = [("utf8scope.fix_texts, 1 thread", lambda d: utf8scope.fix_texts(d, threads=1))]
    rows.append(("utf8scope.fix_text, a call a line", lambda d: [utf8scope.fix_text(l) for l in d]))
    try:
        import ftfy

        rows.append(("ftfy.fix_encoding", lambda d: [ftfy.fix_encoding(l) for l in d]))
        rows.append(("ftfy.fix_text (its default fixes)", lambda d: [ftfy.fix_text(l) for l in d]))
    except ImportError:
        print("(ftfy is not installed: pip install ftfy)")
    try:
        import plsfix

        rows.append(("plsfix.fix_text", lambda d: [plsfix.fix_text(l) for l in d]))
    except ImportError:
        print("(plsfix is not installed: pip install plsfix)")
    times = {}
    for name, work in rows:
        runs = 1 if "ftfy.fix_text" in name else 3
        times[name] = best_on_fresh(work, lines, runs)
    ours = times[rows[0][0]]
    for name, seconds in times.items():
        print(f"  {name:40} {seconds:8.3f} s  {size / seconds:8.1f} MiB/s  {seconds / ours:6.1f}× utf8scope")
    clean = "The quick brown fox jumps over the lazy dog, then rests by the river bank for a while. Fin."
    assert len(clean) >= 90
    n = 200_000
    call = min(timeit.repeat(lambda: native.noop(clean), number=n, repeat=5)) / n
    fix = min(timeit.repeat(lambda: utf8scope.fix_text(clean), number=n, repeat=5)) / n
    print(f"  per call on a {len(clean)}-char clean line: fix_text {fix * 1e6:.2f} µs, "
          f"a no-op native call {call * 1e6:.2f} µs: {(fix - call) * 1e6:.2f} µs more")


def dask_scaling(path, mib):
    import dask.dataframe as dd
    from dask.distributed import Client, LocalCluster

    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    folder = tempfile.mkdtemp()
    # The file's lines again and again, a partition a half of them: enough
    # partitions that two workers end together (with 11, one worker had
    # six and the other five, and 2× could not be reached).
    half = (len(lines) + 1) // 2
    copies, parts, written, target = 0, 0, 0, mib * 2**20
    while written < target:
        for first in (0, half):
            with open(os.path.join(folder, f"part-{parts:03}.parquet.src"), "w", encoding="utf-8") as f:
                for i, line in enumerate(lines[first:first + half], first):
                    row = json.dumps({"id": i, "text": line}, ensure_ascii=False) + "\n"
                    written += len(line.encode())
                    f.write(row)
            parts += 1
        copies += 1
    # Parquet, so that reading is not what is measured.
    import pandas

    for name in sorted(os.listdir(folder)):
        source = os.path.join(folder, name)
        pandas.read_json(source, lines=True).to_parquet(source.replace(".parquet.src", ".parquet"))
        os.remove(source)
    text_mib = written / 2**20
    print(f"{parts} partitions, {text_mib:.0f} MiB of text")

    def fix_partition(part, run_number):
        # (`run_number` makes each run's tasks new to the scheduler: one
        # that sees a graph it still holds the results of hands them back,
        # and a run then measures nothing.)
        part = part.copy()
        part["text"] = utf8scope.fix_texts(list(part["text"]), threads=1)
        return part

    results = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            with Client(cluster):
                frame = dd.read_parquet(os.path.join(folder, "*.parquet"))

                runs = iter(range(1_000_000))

                def run():
                    fixed = frame.map_partitions(fix_partition, next(runs), meta=frame._meta)
                    return fixed["text"].str.len().sum().compute()

                run()  # warm the workers
                results[workers] = best(run)
        print(f"  {workers} worker(s): {results[workers]:.2f} s, {text_mib / results[workers]:.1f} MiB/s")
    print(f"  2 workers / 1 worker: {results[1] / results[2]:.2f}×")
    program = os.environ.get("UTF8SCOPE_BIN", "target/release/utf8scope")
    if os.path.exists(program):
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
            for _ in range(copies):
                f.write("\n".join(lines) + "\n")
        command = [program, "fix", f.name, "-o", os.devnull]
        seconds = best(lambda: subprocess.run(command, check=True, stderr=subprocess.DEVNULL))
        print(f"  utf8scope fix on the same text (every core): {seconds:.2f} s, {text_mib / seconds:.1f} MiB/s")
        os.remove(f.name)


if __name__ == "__main__":
    if sys.argv[1] == "--dask":
        dask_scaling(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 200)
    else:
        speed(sys.argv[1])
