#!/usr/bin/env bash
# The batch-size table of docs/realism.md: pits per 1000, the busiest 1 % of cells' share of the
# flow and the spectral slope of Diamond-Square maps (seed 7) eroded one droplet after another
# and in batches of 1, 256, 1024, 4096, 16384, 65536 and all of them, at 257², 513² and 1025²
# with about 1.14 droplets a cell (300 000 on 513², as issue 47's figures).
# Usage: bash benches/rain/batch-table.sh [path/to/terrain]   (a release build)
set -euo pipefail
T=${1:-target/release/terrain}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
row() { # label file
    "$T" stats "$2" --json | python3 -c '
import json, sys
m = json.load(sys.stdin)
print("| %s | %.2f | %.4f | %.3f |" % (sys.argv[1], m["pits_per_1000"], m["drainage_top1"], m["spectral_slope"]))' "$1"
}
for e in 8 9 10; do
    side=$(( (1 << e) + 1 ))
    droplets=$(( side * side * 114 / 100 ))
    echo
    echo "$side², $droplets droplets"
    echo
    echo "| run | pits per 1000 | top-1 % drainage | spectral slope |"
    echo "|---|---:|---:|---:|"
    "$T" ds --exponent $e --seed 7 --out "$out/start.r32" > /dev/null
    row "start (not eroded)" "$out/start.r32"
    "$T" ds --exponent $e --seed 7 --erode $droplets --out "$out/seq.r32" > /dev/null
    row "one after another" "$out/seq.r32"
    for b in 1 256 1024 4096 16384 65536 $droplets; do
        "$T" ds --exponent $e --seed 7 --erode $droplets --batch $b --out "$out/b.r32" > /dev/null
        label="batch $b"
        [ "$b" = "$droplets" ] && label="one batch of all"
        row "$label" "$out/b.r32"
    done
done
