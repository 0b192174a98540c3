#!/usr/bin/env bash
# Whole process, start to exit: `terrain fbm --exponent 11 --threads 1 --out ours.r32` (2049 x
# 2049, 8 octaves) beside a program that writes noise-rs's `Fbm<Perlin>` with the same octaves,
# frequency, lacunarity and persistence to the same kind of file by the same writer
# (crates/terrain-cli/examples/noise_rs_fbm.rs), in alternating rounds so the host's drift hits
# both alike. Prints each one's median and the ratio; the issue asks for at most a third.
#
#   bash benches/process/fbm.sh              # exponent 11, 7 rounds
#   ROUNDS=3 EXPONENT=9 bash benches/process/fbm.sh
#   BUILT=1 ...     uses the release `terrain` and `examples/noise_rs_fbm` already built
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROUNDS="${ROUNDS:-7}"
EXPONENT="${EXPONENT:-11}"
SEED=7
if [ "${BUILT:-}" != 1 ]; then
  cargo build --quiet --release -p terrain-cli --bin terrain --example noise_rs_fbm
fi
target="${CARGO_TARGET_DIR:-target}"
out="$target/process"
mkdir -p "$out"

# time_ms, median, spread.
source benches/process/lib.sh

: > "$out/fbm-ours.txt"; : > "$out/fbm-noise-rs.txt"
for _ in $(seq "$ROUNDS"); do
  time_ms "$target"/release/terrain fbm --exponent "$EXPONENT" --seed "$SEED" --threads 1 --out "$out/fbm-ours.r32" >> "$out/fbm-ours.txt"
  time_ms "$target"/release/examples/noise_rs_fbm "$EXPONENT" "$SEED" "$out/fbm-noise-rs.r32" >> "$out/fbm-noise-rs.txt"
done
size_ours=$(stat -c %s "$out/fbm-ours.r32"); size_theirs=$(stat -c %s "$out/fbm-noise-rs.r32")
[ "$size_ours" = "$size_theirs" ] || { echo "the files differ in size: $size_ours against $size_theirs" >&2; exit 1; }

ours=$(median < "$out/fbm-ours.txt"); theirs=$(median < "$out/fbm-noise-rs.txt")
side=$(( (1 << EXPONENT) + 1 ))
echo "fBm, 8 octaves, ${side} x ${side}, one thread, whole process, median of $ROUNDS alternating rounds:"
echo "| program | median ms | range ms | / noise-rs |"
echo "|---|---:|---:|---:|"
for row in "terrain fbm --threads 1:fbm-ours:$ours" "noise-rs Fbm<Perlin> (examples/noise_rs_fbm.rs):fbm-noise-rs:$theirs"; do
  IFS=: read -r name file ms <<< "$row"
  range=$(spread "$out/$file.txt")
  ratio=$(awk -v a="$ms" -v b="$theirs" 'BEGIN { printf "%.2f x", a / b }')
  echo "| $name | $ms | $range | $ratio |"
done
echo "(both files $size_ours bytes)"
