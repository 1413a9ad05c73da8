"""Repair the mojibake of a text column over a Dask cluster.

    python examples/dask_fix.py 'crawl/*.jsonl' fixed/            # a local cluster
    python examples/dask_fix.py 'crawl/*.parquet' fixed/ --scheduler tcp://scheduler:8786

Reads JSON lines or Parquet (one partition per file), runs
``utf8scope.fix_texts`` over the column named by ``--column`` (``text``) on
each partition, and writes Parquet to the output folder. Every worker needs
``pip install utf8scope`` (or ``pip install ./python`` from this repository).
"""

import argparse

import dask.dataframe as dd
from dask.distributed import Client, LocalCluster

import utf8scope


def fix_partition(part, column):
    """One partition with its column repaired (the engine runs without the
    GIL, on the worker's threads)."""
    part = part.copy()
    part[column] = utf8scope.fix_texts(list(part[column]), threads=1)
    return part


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="a glob of .jsonl or .parquet files")
    parser.add_argument("output", help="the folder to write Parquet to")
    parser.add_argument("--column", default="text")
    parser.add_argument("--scheduler", help="a running cluster's address (tcp://host:8786)")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    args = parser.parse_args()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True))
    with client:
        if args.input.endswith(".parquet"):
            frame = dd.read_parquet(args.input)
        else:
            frame = dd.read_json(args.input, lines=True, blocksize=None)
        fixed = frame.map_partitions(fix_partition, args.column, meta=frame._meta)
        fixed.to_parquet(args.output)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
