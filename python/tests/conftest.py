"""What the tests share: the CLI binary to compare with, and the corpus of
garbled and clean lines the Rust tests generate (33 languages, 15
encodings), written by `python/run-tests.sh` before pytest runs."""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def cli() -> str:
    """The `utf8scope` program: UTF8SCOPE_BIN, else the debug build."""
    path = os.environ.get("UTF8SCOPE_BIN") or str(REPOSITORY / "target" / "debug" / "utf8scope")
    if not Path(path).exists():
        pytest.skip(f"no utf8scope program at {path} (run cargo build, or set UTF8SCOPE_BIN)")
    return path


def cli_fix(lines):
    """What `utf8scope fix` writes for these lines, line by line."""
    data = "".join(line + "\n" for line in lines).encode()
    out = subprocess.run([cli(), "fix", "-"], input=data, capture_output=True, check=True)
    return out.stdout.decode().split("\n")[:-1]


def corpus(name):
    """The lines of a corpus file (`mojibake-garbled` or `mojibake-clean`)."""
    folder = os.environ.get("UTF8SCOPE_CORPUS_DIR")
    if not folder or not (Path(folder) / f"{name}.jsonl").exists():
        pytest.skip("no corpus: set UTF8SCOPE_CORPUS_DIR (python/run-tests.sh writes it)")
    with open(Path(folder) / f"{name}.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def ftfy_cases():
    """ftfy's own test cases (tests/data/ftfy, Apache-2.0, from python-ftfy)."""
    cases = []
    for name in ["in-the-wild", "synthetic", "negative", "language-names"]:
        with open(REPOSITORY / "tests" / "data" / "ftfy" / f"{name}.json", encoding="utf-8") as f:
            cases.extend(json.load(f))
    return cases
