#!/usr/bin/env bash
# Whole process, start to exit: `terrain ds --exponent 12 --out ours.r32` on every core and with
# `--threads 1`, beside the third post's Diamond-Square read plainly in a program of its own
# (crates/terrain-cli/examples/plain.rs: point by point, then the same .r32 written by the same
# code as `terrain`: temporary file, fsync, rename), in alternating
# rounds so the host's drift hits all three alike. Prints each one's median and its ratio to
# the plain reading's, and checks the three files are the same bytes.
#
#   bash benches/process/run.sh              # exponent 12, 11 rounds
#   ROUNDS=3 EXPONENT=9 bash benches/process/run.sh
#   BUILT=1 ...     uses the release `terrain` and `examples/plain` already in the target
#                   directory (the test command's release tests built both from this checkout)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROUNDS="${ROUNDS:-11}"
EXPONENT="${EXPONENT:-12}"
SEED=7
if [ "${BUILT:-}" != 1 ]; then
  cargo build --quiet --release -p terrain-cli --bin terrain --example plain
fi
target="${CARGO_TARGET_DIR:-target}"
out="$target/process"
mkdir -p "$out"


# time_ms, median, spread.
source benches/process/lib.sh

: > "$out/all.txt"; : > "$out/one.txt"; : > "$out/plain.txt"
for _ in $(seq "$ROUNDS"); do
  time_ms "$target"/release/terrain ds --exponent "$EXPONENT" --seed "$SEED" --out "$out/all.r32" >> "$out/all.txt"
  time_ms "$target"/release/terrain ds --exponent "$EXPONENT" --seed "$SEED" --threads 1 --out "$out/one.r32" >> "$out/one.txt"
  time_ms "$target"/release/examples/plain "$EXPONENT" "$SEED" "$out/plain.r32" >> "$out/plain.txt"
done
cmp "$out/all.r32" "$out/plain.r32"
cmp "$out/one.r32" "$out/plain.r32"

all=$(median < "$out/all.txt"); one=$(median < "$out/one.txt"); plain=$(median < "$out/plain.txt")
cores=$(nproc)
echo "Diamond-Square, exponent $EXPONENT, whole process, median of $ROUNDS alternating rounds ($cores cores):"
echo "| program | median ms | range ms | / plain reading |"
echo "|---|---:|---:|---:|"
for row in "terrain ds, all threads:all:$all" "terrain ds --threads 1:one:$one" "plain reading (examples/plain.rs):plain:$plain"; do
  IFS=: read -r name file ms <<< "$row"
  range=$(spread "$out/$file.txt")
  ratio=$(awk -v a="$ms" -v b="$plain" 'BEGIN { printf "%.2f x", a / b }')
  echo "| $name | $ms | $range | $ratio |"
done
echo "(the three files are the same bytes)"
