#!/usr/bin/env bash
# Keeps the rustc 1.95 miscompile out of what ships (BUILD.md, "The rustc 1.95
# miscompile"). The guard itself runs inside every optimised compilation of a workspace crate:
# the test command sets scripts/rustc-mir-guard.sh as RUSTC_WORKSPACE_WRAPPER, so the release
# tests (the bench-like profile: release settings, cfg(test)), the `terrain` binary, the benchmarks
# and the page build's five wasm32 modules each have their optimised MIR read as they compile,
# and a finding fails that compilation. This script, run after those builds:
#  1. checks the guard on a known positive, tests/miscompile, compiled through the same wrapper:
#     the compilation must be refused, and says when the toolchain has the fix (the workaround
#     can then go);
#  2. says what the guard read in this run (MIR_GUARD_LOG, written by the wrapper).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
WRAPPER="$ROOT/scripts/rustc-mir-guard.sh"

# 1. The known positive. Its own target directory (inside the build cache when there is one);
#    touching its root file makes it compile, and so be guarded, on every run.
repro="$ROOT/tests/miscompile"
repro_target="${CARGO_TARGET_DIR:-$ROOT/target}/miscompile"
touch "$repro/src/main.rs"
log="$(mktemp -t miscompile.XXXXXX.log)"
refused=no
RUSTC_WORKSPACE_WRAPPER="$WRAPPER" MIR_GUARD_LOG="" \
  cargo build -q --release --manifest-path "$repro/Cargo.toml" --target-dir "$repro_target" >"$log" 2>&1 \
  || refused=yes
if [ "$refused" = yes ] && ! grep -q "read but never set" "$log"; then
  cat "$log" >&2
  echo "mir-guard: tests/miscompile failed to compile for another reason (above)" >&2
  exit 1
fi
rm -f "$log"
# The wrapper refuses after rustc has written the program, so it can still be run: from deps/,
# where rustc wrote it (Cargo copies it up to release/ only when the compilation succeeds).
program="$(ls -t "$repro_target"/release/deps/miscompile_repro-* | grep -v '\.d$' | head -n 1)"
if [ ! -x "$program" ]; then
  echo "mir-guard: no program was built from tests/miscompile" >&2
  exit 1
fi
if "$program" >/dev/null 2>&1; then ran_right=yes; else ran_right=no; fi
case "$ran_right/$refused" in
  no/yes) echo "mir-guard: $(rustc --version) still miscompiles tests/miscompile, and the guard refuses it" ;;
  yes/no) echo "mir-guard: $(rustc --version) compiles tests/miscompile right: the toolchain has the fix;" \
               "the workaround (BUILD.md) can go" ;;
  yes/yes) echo "mir-guard: the reproduction ran right, but its MIR still reads an unset bool" ;;
  *) echo "mir-guard: the reproduction was miscompiled and the guard let it compile: the guard is blind" >&2
     exit 1 ;;
esac

# 2. What the guard read in this run. A crate Cargo reused from the build cache was read when it
#    was compiled: Cargo keeps only compilations that succeeded, and the wrapper fails any with
#    a finding.
if [ -n "${MIR_GUARD_LOG:-}" ] && [ -s "$MIR_GUARD_LOG" ]; then
  echo "mir-guard: read the optimised MIR of $(wc -l <"$MIR_GUARD_LOG") compilations this run:" \
    "$(awk '{ print $1 " (" $2 ")" }' "$MIR_GUARD_LOG" | sort | uniq -c | awk '{ printf "%s%s %s x%d", sep, $2, $3, $1; sep = ", " }')"
else
  echo "mir-guard: no optimised workspace crate compiled this run (all reused from the build cache," \
    "each guarded when it compiled)"
fi
