#!/usr/bin/env bash
# One time step of the stream-power model, ours against fastscapelib 0.3 (the field's library,
# C++ with Python bindings, from PyPI), on the same grid (fixed border), K, m, U and dt, one
# thread each. Ours: `terrain uplift` with 1 and 1 + N time steps, the difference over N (what
# is left is the start, the normalising and the file). Writes a table to stdout.
# Usage: bash benches/uplift/run.sh [SIDES...]  (default: 1025 4097; needs python3 -m venv)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TERRAIN="${TERRAIN_BIN:-$ROOT/target/release/terrain}"
VENV="${FASTSCAPE_VENV:-${TMPDIR:-/tmp}/terrain-fastscape-venv}"
[ -x "$VENV/bin/python" ] || { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q fastscapelib numpy; }
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ours() { # SIDE STEPS -> seconds
  local e; e=$(python3 -c "import math; print(int(math.log2($1 - 1)))")
  local t0 t1
  t0=$( { /usr/bin/time -f %e "$TERRAIN" uplift --threads 1 --exponent "$e" --steps 1 --seed 1 --out "$OUT/a.r32" >/dev/null; } 2>&1 )
  t1=$( { /usr/bin/time -f %e "$TERRAIN" uplift --threads 1 --exponent "$e" --steps $((1 + $2)) --seed 1 --out "$OUT/b.r32" >/dev/null; } 2>&1 )
  python3 -c "print(f'{($t1 - $t0) / $2:.6f}')"
}
echo "| side | ours (s / step) | fastscapelib (s / step) | ratio | ours (µs / cell) | fastscapelib (µs / cell) |"
echo "|---|---|---|---|---|---|"
for side in "${@:-1025 4097}"; do
  n=$([ "$side" -gt 2000 ] && echo 3 || echo 10)
  a=$(ours "$side" "$n")
  b=$(OMP_NUM_THREADS=1 "$VENV/bin/python" "$ROOT/benches/uplift/fastscape_step.py" "$side" "$n")
  python3 -c "s=$side*$side; print(f'| {$side}² | {$a:.3f} | {$b:.3f} | {$a/$b:.2f} | {$a/s*1e6:.3f} | {$b/s*1e6:.3f} |')"
done
