#!/usr/bin/env bash
# Whole process, start to exit: `terrain flow` (D8) on a 4097 x 4097 Diamond-Square map, this
# checkout's release `terrain` beside `56844fc`'s (the baseline issue 75 names), both reading
# the same file and writing the flow in the same format, in alternating rounds so the host's
# drift hits both alike; then checks the two flows are the same bytes. Prints each one's median
# and the ratio for a 16-bit PNG and for raw f32; the issue asks for at most half.
#
#   bash benches/process/flow.sh                  # builds 56844fc in a worktree under target/
#   ROUNDS=3 OLD=/path/to/old/terrain bash benches/process/flow.sh
#   BUILT=1 ...     uses the release `terrain` already in the target directory
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROUNDS="${ROUNDS:-3}"
target="${CARGO_TARGET_DIR:-target}"
out="$target/process"
mkdir -p "$out"
if [ "${BUILT:-}" != 1 ]; then
  cargo build --quiet --release -p terrain-cli --bin terrain
fi
OLD="${OLD:-}"
if [ -z "$OLD" ]; then
  old_tree="$PWD/$target/process/56844fc"
  [ -d "$old_tree" ] || git worktree add --detach "$old_tree" 56844fc
  (cd "$old_tree" && cargo build --quiet --release -p terrain-cli --bin terrain)
  OLD="$old_tree/target/release/terrain"
fi

# time_ms, median, spread.
source benches/process/lib.sh

for ext in png r32; do
  [ -f "$out/ds12.$ext" ] || "$target"/release/terrain ds --exponent 12 --seed 1 --out "$out/ds12.$ext" > /dev/null
  : > "$out/flow-old.txt"; : > "$out/flow-new.txt"
  for _ in $(seq "$ROUNDS"); do
    time_ms "$OLD" flow --in "$out/ds12.$ext" --out "$out/flow-old.$ext" >> "$out/flow-old.txt"
    time_ms "$target"/release/terrain flow --in "$out/ds12.$ext" --out "$out/flow-new.$ext" >> "$out/flow-new.txt"
  done
  cmp "$out/flow-old.$ext" "$out/flow-new.$ext"
  old=$(median < "$out/flow-old.txt"); new=$(median < "$out/flow-new.txt")
  echo "terrain flow, 4097², .$ext in and out, median of $ROUNDS alternating rounds: 56844fc $old ms, now $new ms: $(python3 -c "print(f'{$new / $old:.2f}')") x (the same bytes)"
done
