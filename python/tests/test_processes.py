"""Safe under fork and in worker processes, and on a real Dask cluster: a
scheduler and two worker processes talking over TCP."""

import json
import multiprocessing
import os

import pytest

from conftest import cli_fix, corpus

import utf8scope as u


def _fix_in_child(text):
    return u.fix_text(text)


def test_forked_children_repair_after_the_parent_used_threads():
    u.fix_texts(["cafÃ©"] * 1000, threads=4)
    context = multiprocessing.get_context("fork")
    with context.Pool(2) as pool:
        assert pool.map(_fix_in_child, ["cafÃ©", "prÃªt"]) == ["café", "prêt"]


def test_spawned_workers_get_pickled_functions():
    context = multiprocessing.get_context("spawn")
    with context.Pool(1) as pool:
        assert pool.map(u.fix_text, ["cafÃ©"]) == ["café"]


def test_dask_workers_fix_a_jsonl_corpus_as_the_program_does(tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("dask.distributed")
    lines = [line["text"] for line in corpus("mojibake-garbled")][:3000]
    lines += [line["text"] for line in corpus("mojibake-clean")][:1000]
    source = tmp_path / "in"
    source.mkdir()
    # Several partitions, as a crawl's shards would be.
    for part in range(4):
        with open(source / f"part-{part}.jsonl", "w", encoding="utf-8") as f:
            for i, text in enumerate(lines[part::4]):
                f.write(json.dumps({"id": i * 4 + part, "text": text}) + "\n")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
            frame = dd.read_json(str(source / "*.jsonl"), lines=True, blocksize=None)
            assert frame.npartitions == 4

            def fix_partition(part):
                part = part.copy()
                part["text"] = u.fix_texts(list(part["text"]))
                return part

            fixed = frame.map_partitions(fix_partition, meta=frame._meta)
            out = tmp_path / "out"
            fixed.to_parquet(str(out))
    import pandas

    result = pandas.read_parquet(str(out)).sort_values("id")
    assert list(result["text"]) == cli_fix(lines)
