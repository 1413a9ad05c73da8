"""Repair the mojibake of a text column with PySpark, as an Arrow batch map.

    python examples/spark_fix.py 'crawl/*.jsonl' fixed/ [--master local[2]]

Each Arrow batch's column goes to ``utf8scope.fix_texts`` as it is (a
pyarrow string array in, one out), on the executors. Needs ``pyspark`` and a
Java runtime, and ``utf8scope`` on every executor.
"""

import argparse
import os
import sys

import pyarrow as pa
from pyspark.sql import SparkSession

import utf8scope


def fix_batches(batches, column):
    """Each record batch with its column repaired."""
    for batch in batches:
        at = batch.schema.get_field_index(column)
        fixed = utf8scope.fix_texts(batch.column(at), threads=1)
        columns = [fixed if i == at else batch.column(i) for i in range(batch.num_columns)]
        yield pa.RecordBatch.from_arrays(columns, schema=batch.schema)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--column", default="text")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()
    # Local executors run this interpreter, which has utf8scope (on a
    # cluster, set PYSPARK_PYTHON to the workers' own).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(args.master).appName("utf8scope-fix").getOrCreate()
    frame = spark.read.json(args.input)
    fixed = frame.mapInArrow(lambda batches: fix_batches(batches, args.column), frame.schema)
    fixed.write.mode("overwrite").parquet(args.output)
    spark.stop()
    print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
