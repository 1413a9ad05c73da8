#!/usr/bin/env bash
# Builds the Python package into a virtual environment of its own and runs
# its tests against the program `cargo test` built (target/debug/utf8scope)
# and the corpus the Rust tests generate. Needs python3 with venv and pip;
# everything else comes from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(realpath -m "${UTF8SCOPE_VENV:-target/python-venv}")
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check \
  maturin pytest hypothesis "dask[distributed]" pandas pyarrow
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps ./python
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
UTF8SCOPE_CORPUS_DIR=$corpus cargo test --locked -q --test mojibake_corpus -- --ignored write_the_corpus >/dev/null
[ -x target/debug/utf8scope ] || cargo build --locked -q
cd python/tests
UTF8SCOPE_CORPUS_DIR=$corpus UTF8SCOPE_BIN=../../target/debug/utf8scope \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
