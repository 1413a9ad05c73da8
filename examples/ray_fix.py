"""Repair the mojibake of a text column with Ray Data.

    python examples/ray_fix.py 'crawl/' fixed/

``map_batches`` hands each batch's column to ``utf8scope.fix_texts`` as a
pyarrow array. Needs ``ray[data]``, and ``utf8scope`` on every node.
"""

import argparse

import ray

import utf8scope


def fix_batch(batch, column="text"):
    """One pyarrow table with its column repaired."""
    at = batch.schema.get_field_index(column)
    return batch.set_column(at, column, utf8scope.fix_texts(batch.column(at).combine_chunks(), threads=1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="a .jsonl file or a folder of them")
    parser.add_argument("output")
    parser.add_argument("--column", default="text")
    args = parser.parse_args()
    ray.init()
    data = ray.data.read_json(args.input)
    fixed = data.map_batches(fix_batch, fn_kwargs={"column": args.column}, batch_format="pyarrow")
    fixed.write_parquet(args.output)
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
