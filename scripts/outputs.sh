#!/usr/bin/env bash
# Records what utf8scope says and writes for a set of inputs, one file per
# input and command, so that two builds can be compared byte for byte:
#
#   scripts/outputs.sh target/release/utf8scope /tmp/before
#   (change the code, build)
#   scripts/outputs.sh target/release/utf8scope /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
#
# Inputs: the shipped samples, a generated multilingual file with mojibake,
# controls and invalid bytes, and, when UTF8SCOPE_MATRIX_DIR names a folder
# written by `cargo test --test encoding_matrix -- --ignored` with the same
# variable, the encoding matrix's 773 files (every encoding the model reads).
set -euo pipefail
bin=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The generated file: every sample's lines, then garbled and broken ones.
generated=$work/generated.txt
for i in $(seq 1 200); do
  cat assets/samples/multilingual.txt
  printf 'Le cafÃ© est prÃªt, line %d\n' "$i"
  printf 'РџСЂРёРІРµС‚, РјРёСЂ! \x01 tab\there \xC3\x28 end\r\n'
done > "$generated"

# (Named as they are given: the generated file from its folder, so that its
# name in the outputs is the same in every run.)
inputs=(assets/samples/* generated.txt)
if [ -n "${UTF8SCOPE_MATRIX_DIR:-}" ]; then
  while IFS= read -r -d '' file; do inputs+=("$file"); done \
    < <(find "$UTF8SCOPE_MATRIX_DIR" -type f -print0 | sort -z)
fi

run() { # name command...: stdout, stderr and status into $out/name
  local name=$1
  shift
  local status=0
  "$@" > "$out/$name.out" 2> "$out/$name.err" || status=$?
  echo "$status" > "$out/$name.status"
}

here=$(pwd)
for input in "${inputs[@]}"; do
  name=$(echo "$input" | tr '/' '_')
  if [ "$input" = generated.txt ]; then cd "$work"; else cd "$here"; fi
  run "$name.check" "$bin" check --no-config "$input"
  run "$name.check-jsonl" "$bin" check --no-config --format jsonl "$input"
  run "$name.check-sarif" "$bin" check --no-config --format sarif "$input"
  run "$name.check-findings" "$bin" check --no-config --findings "$input"
  run "$name.check-auto" "$bin" check --no-config --findings --encoding auto --format jsonl "$input"
  run "$name.fix" "$bin" fix "$input" -o -
  run "$name.fix-auto" "$bin" fix --from auto "$input" -o -
  run "$name.fix-legacy" "$bin" fix --invalid legacy "$input" -o -
  run "$name.dump" "$bin" dump --color never --encoding auto "$input"
done
cd "$here"
run explain-text "$bin" explain "Ã© é 😀 Привет"
echo "recorded $(ls "$out" | wc -l) files in $out"
