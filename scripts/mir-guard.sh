#!/usr/bin/env bash
# Keeps the rustc 1.95 miscompile out of what ships (ARCHITECTURE.md, "The rustc 1.95
# miscompile"). Emits the optimised MIR of every crate as it ships (release, native and wasm32)
# and of its unit tests (the bench profile: release settings, cfg(test)), and fails when any
# function reads a bool local that nothing sets: the mark SimplifyComparisonIntegral leaves.
# First it checks the guard on a known positive, tests/miscompile, and says when the toolchain
# has the fix (the workaround can then go).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
GUARD="python3 $ROOT/scripts/mir_guard.py"

# 1. The known positive: the reproduction is miscompiled and the guard sees it, or the
#    toolchain has the fix.
repro="$ROOT/tests/miscompile"
repro_target="$ROOT/target/miscompile"
# Cargo does not count the .mir files among a build's outputs: a crate it thinks is fresh is not
# compiled again and writes none. Touching its root file makes every run write them anew.
rm -f "$repro_target"/release/deps/*.mir
touch "$repro/src/main.rs"
cargo rustc -q --release --manifest-path "$repro/Cargo.toml" --target-dir "$repro_target" -- --emit=mir,link
if "$repro_target/release/miscompile-repro" >/dev/null 2>&1; then ran_right=yes; else ran_right=no; fi
# Status 1 is a finding; 2 means the guard had no MIR to read, which must not pass for one.
status=0
$GUARD "$repro_target"/release/deps/*.mir >/dev/null || status=$?
case $status in
  0) seen=no ;;
  1) seen=yes ;;
  *) echo "mir-guard: no MIR was written for tests/miscompile" >&2; exit 1 ;;
esac
case "$ran_right/$seen" in
  no/yes) echo "mir-guard: $(rustc --version) still miscompiles tests/miscompile, and the guard sees it" ;;
  yes/no) echo "mir-guard: $(rustc --version) compiles tests/miscompile right: the toolchain has the fix;" \
               "the workaround (ARCHITECTURE.md) can go" ;;
  yes/yes) echo "mir-guard: the reproduction ran right, but its MIR still reads an unset bool" ;;
  *) echo "mir-guard: the reproduction was miscompiled and the guard did not see it: the guard is blind" >&2
     exit 1 ;;
esac

# 2. The workspace, as it ships and as its tests run.
rm -f target/release/deps/*.mir target/wasm32-unknown-unknown/release/deps/*.mir
touch crates/*/src/lib.rs crates/terrain-cli/src/main.rs
for crate in terrain terrain-web terrain-files; do
  cargo rustc -q -p "$crate" --lib --profile bench -- --emit=mir,link
done
cargo rustc -q -p terrain-cli --bin terrain --release -- --emit=mir,link
for crate in terrain-web terrain-files terrain-chapters; do
  cargo rustc -q -p "$crate" --lib --release --target wasm32-unknown-unknown -- --emit=mir,link
done
$GUARD target/release/deps/*.mir target/wasm32-unknown-unknown/release/deps/*.mir
echo "mir-guard: no bool is read unset in the optimised MIR of the workspace"
