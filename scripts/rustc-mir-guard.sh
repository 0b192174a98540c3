#!/usr/bin/env bash
# The MIR guard as part of compiling (BUILD.md, "The rustc 1.95 miscompile"). The test
# command sets this as RUSTC_WORKSPACE_WRAPPER, so Cargo runs it for every compilation of a
# workspace crate, as `rustc-mir-guard.sh RUSTC ARGS...`. Where the compilation is optimised the
# way the miscompile needs (opt-level 2 or 3: the release profile the tests, the CLI, the
# benchmarks and the page build use, native and wasm32), it also writes the crate's optimised MIR
# and reads it with mir_guard.py; a finding fails the compilation.
#
# Failing the compilation is what makes this safe with a warm build cache: Cargo records a crate
# as built only when its compilation succeeded, so a crate the guard refused is compiled, and
# checked, again on every later run until its code changes; and a crate Cargo reuses is one the
# guard passed with exactly these sources, flags and compiler.
set -euo pipefail
rustc="$1"
shift

optimised=no
crate="" prev=""
for arg in "$@"; do
  case "$prev/$arg" in
    -C/opt-level=2 | -C/opt-level=3) optimised=yes ;;
    --crate-name/*) crate="$arg" ;;
  esac
  case "$arg" in -Copt-level=2 | -Copt-level=3) optimised=yes ;; esac
  prev="$arg"
done
# Cargo's probes (`rustc -vV`, `--print cfg`) name no crate: pass them through.
if [ "$optimised" = no ] || [ -z "$crate" ]; then
  exec "$rustc" "$@"
fi

mir="$(mktemp -t "mir-$crate.XXXXXX")"
trap 'rm -f "$mir"' EXIT
"$rustc" "$@" "--emit=mir=$mir"
status=0
python3 "$(dirname "${BASH_SOURCE[0]}")/mir_guard.py" "$mir" >&2 || status=$?
target=host
for arg in "$@"; do case "$arg" in wasm32-*) target=wasm32 ;; esac; done
if [ -n "${MIR_GUARD_LOG:-}" ]; then
  echo "$crate $target $([ "$status" -eq 0 ] && echo clean || echo FINDING)" >>"$MIR_GUARD_LOG"
fi
case $status in
  0) ;;
  1) echo "mir-guard: crate $crate: a bool is read unset in its optimised MIR (see above);" \
          "rewrite the spot as BUILD.md says" >&2
     exit 1 ;;
  *) echo "mir-guard: crate $crate: rustc wrote no MIR to read" >&2
     exit 1 ;;
esac
