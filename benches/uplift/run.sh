#!/usr/bin/env bash
# One time step of the stream-power model, ours against fastscapelib 0.3 (the field's library,
# C++ with Python bindings, from PyPI), on the same grid (fixed border), K, m, U and dt, one
# thread each: with D8 routing, with multiple flow directions (slope exponent 1.1), and the
# hillslope diffusion by alternating directions alone (the d8 step with it less the d8 step
# without).
# Ours: `terrain uplift` with 1 and 1 + N time steps, the difference over N (what is left is the
# start, the normalising and the file). Writes a table to stdout.
# Usage: bash benches/uplift/run.sh [SIDES...]  (default: 1025 4097; needs python3 -m venv)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TERRAIN="${TERRAIN_BIN:-$ROOT/target/release/terrain}"
VENV="${FASTSCAPE_VENV:-${TMPDIR:-/tmp}/terrain-fastscape-venv}"
[ -x "$VENV/bin/python" ] || { python3 -m venv "$VENV" && "$VENV/bin/pip" install -q fastscapelib numpy; }
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
ours() { # SIDE STEPS [FLAGS...] -> seconds a step
  local side="$1" n="$2"; shift 2
  local e; e=$(python3 -c "import math; print(int(math.log2($side - 1)))")
  local t0 t1
  t0=$( { /usr/bin/time -f %e "$TERRAIN" uplift --threads 1 --exponent "$e" --steps 1 --seed 1 "$@" --out "$OUT/a.r32" >/dev/null; } 2>&1 )
  t1=$( { /usr/bin/time -f %e "$TERRAIN" uplift --threads 1 --exponent "$e" --steps $((1 + n)) --seed 1 "$@" --out "$OUT/b.r32" >/dev/null; } 2>&1 )
  python3 -c "print(f'{($t1 - $t0) / $n:.6f}')"
}
peer() { OMP_NUM_THREADS=1 "$VENV/bin/python" "$ROOT/benches/uplift/fastscape_step.py" "$@"; }
row() { # LABEL SIDE OURS THEIRS
  python3 -c "s=$2*$2; print(f'| $1 | {$2}² | {$3:.3f} | {$4:.3f} | {$3/$4:.2f} | {$3/s*1e6:.3f} | {$4/s*1e6:.3f} |')"
}
# Diffusion's coefficient for the third row.
D=0.05
echo "| what | side | ours (s / step) | fastscapelib (s / step) | ratio | ours (µs / cell) | fastscapelib (µs / cell) |"
echo "|---|---|---|---|---|---|---|"
for side in "${@:-1025 4097}"; do
  n=$([ "$side" -gt 2000 ] && echo 3 || echo 10)
  d8=$(ours "$side" "$n"); d8p=$(peer "$side" "$n" d8)
  row "step, d8" "$side" "$d8" "$d8p"
  mfd=$(ours "$side" "$n" --routing mfd); mfdp=$(peer "$side" "$n" mfd)
  row "step, mfd" "$side" "$mfd" "$mfdp"
  # Beside d8, whose step is short and steady, so the difference is the diffusion's.
  dif=$(ours "$side" "$n" --diffusion "$D"); difp=$(peer "$side" "$n" d8 "$D")
  row "diffusion (ADI)" "$side" "$(python3 -c "print($dif - $d8)")" "$(python3 -c "print($difp - $d8p)")"
done
