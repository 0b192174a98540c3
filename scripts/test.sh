#!/usr/bin/env bash
# Runs every check and test: format, lints, native tests in both profiles (the MIR guard reading
# every optimised compilation as it happens), docs, the benchmark smokes, wasm tests in headless
# Chromium in both profiles, the page build, and the end-to-end suites in three engines. Installs
# whatever is missing first (see setup.sh). Ends with a table of every stage and its wall time.
#
# Two things keep it fast (README, "The test command"):
# - Builds go to one target directory outside the clone (build_cache in setup.sh), so a second
#   clone compiles only the workspace's own crates; the dependencies come from the cache. Cargo's
#   fingerprints decide what is reused, so a stale cache cannot pass a change: every file of a
#   fresh clone is newer than anything built from the last one, and its crates compile again.
# - The end-to-end suites run in the background, from the moment the page is built, while the
#   tests and benchmark smokes build and run beside them (TEST_SERIAL=1: last, alone); the lints
#   and docs run in the background beside the page build. The few tests that time the page's
#   main thread run first, alone, so no build beside them can stretch a task past its limit.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
trap stage_on_exit EXIT
ensure_build_tools
ensure_browser
ensure_npm_packages
cd "$ROOT"
build_cache
# Every optimised compilation of a workspace crate, native or wasm32, also has its MIR read for
# the rustc 1.95 miscompile (scripts/rustc-mir-guard.sh, BUILD.md).
export RUSTC_WORKSPACE_WRAPPER="$ROOT/scripts/rustc-mir-guard.sh"
MIR_GUARD_LOG="$(mktemp -t mir-guard.XXXXXX.log)"
export MIR_GUARD_LOG
export CHROMEDRIVER=/usr/bin/chromedriver
# The browser tests: one binary (crates/terrain-web/tests/browser/).
WASM_TESTS=(--test browser)

# The end-to-end suites (every Chromium suite, and Firefox and WebKit on Xvfb in engines) as one
# queue, the longest first, that two lanes take from, a suite at a time: the first from the
# moment the page is built, the second once the release tests are built and run, so the suites
# fill both cores when the builds are done instead of one. The tests that time the page's main
# thread (their names say "no main-thread task over 100 ms", harness.mjs TIMED) run apart, alone,
# before the builds (timed_alone): beside a build a busy processor stretches a 70 ms task past
# 100 ms. E2E_TIMED=skip leaves them out of the lanes.
TIMED="no main-thread task over 100 ms"
E2E_LONGEST=(page scale engines takehome sturdy stepping access water held)
E2E_QUEUE="$(mktemp -t e2e-queue.XXXXXX)"
(
  cd "$ROOT/tests"
  for name in "${E2E_LONGEST[@]}"; do echo "e2e/$name.test.mjs"; done
  ls e2e/*.test.mjs | grep -v -x -F "$(printf 'e2e/%s.test.mjs\n' "${E2E_LONGEST[@]}")"
) >"$E2E_QUEUE"
# The next suite in the queue (empty when none is left), taken under a lock.
e2e_next() { flock "$E2E_QUEUE.lock" sh -c 'head -n 1 "$1"; sed -i 1d "$1"' _ "$E2E_QUEUE"; }
e2e_lane() {
  local label="$1" file rc=0 t0 passed=0 done="" log
  t0="$(stage_now)"
  while file="$(e2e_next)" && [ -n "$file" ]; do
    log="$(mktemp -t e2e-lane.XXXXXX.log)"
    (cd "$ROOT/tests" && E2E_TIMED=skip "${E2E_NODE[@]}" "$file") 2>&1 | tee "$log" || rc=$?
    passed=$(( passed + $(awk '/^# pass / { n = $3 } END { print n + 0 }' "$log") ))
    done="$done $(basename "$file" .test.mjs)"
    rm -f "$log"
  done
  echo "$label: $passed passed in $(stage_secs "$t0" "$(stage_now)") s ($(echo $done | sed 's/ /, /g'))" >>"${STAGE_NOTE_FILE:-/dev/null}"
  return "$rc"
}
E2E1="end-to-end, lane 1: headless Chromium, and Firefox and WebKit on Xvfb"
E2E2="end-to-end, lane 2: the same queue, once the release tests are done"
timed_alone() {
  # The page build has just written its target folder: flush it to disk first, so the kernel's
  # writeback does not stall the browser under test (a 119 ms load task in a fresh-clone run
  # that measured 0 to 62 ms here with nothing written before it).
  sync
  counted_e2e "Chromium, alone" "--test-name-pattern=$TIMED" \
    $(cd "$ROOT/tests" && grep -l "^timedTest(" e2e/*.test.mjs)
}

# Lints and docs check code without building it, so they keep a target directory of their own
# (in the cache) and run in the background beside the page build, whose LTO and wasm-opt keep
# one core busy, without waiting on its lock. Clippy sets its own workspace wrapper
# (clippy-driver).
lints_and_docs() {
  export CARGO_TARGET_DIR="$CARGO_TARGET_DIR/check"
  timed "clippy native" env -u RUSTC_WORKSPACE_WRAPPER \
    cargo clippy --workspace --all-targets -- -D warnings || return
  # The browser tests are named: natively empty, they are left out of `cargo test` (test =
  # false), and so of --all-targets too.
  timed "clippy wasm32" env -u RUSTC_WORKSPACE_WRAPPER \
    cargo clippy -p terrain-web -p terrain-model -p terrain-files -p terrain-readers -p terrain-chapters -p terrain-worker --target wasm32-unknown-unknown --all-targets -- -D warnings || return
  timed "clippy wasm32, the browser tests" env -u RUSTC_WORKSPACE_WRAPPER \
    cargo clippy -p terrain-web --target wasm32-unknown-unknown "${WASM_TESTS[@]}" -- -D warnings || return
  timed "docs native" env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps || return
  # The front end's page and GPU parts are documented for wasm32.
  timed "docs wasm32" env RUSTDOCFLAGS="-D warnings" \
    cargo doc -p terrain-web -p terrain-model -p terrain-files -p terrain-readers -p terrain-chapters -p terrain-worker --no-deps --target wasm32-unknown-unknown
}
LINTS="lints (clippy, native and wasm32) and docs (rustdoc), warnings denied"

# Every test binary, built ahead of its stage, beside the page build and at the lowest
# priority: the page build compiles its five wasm modules one after another (Cargo's lock),
# mostly on one core, and this fills the other. First the debug `terrain` the suites compare
# downloads with, then in the order the stages run them. Built, the stages below only run them.
TERRAIN_BUILT="$(mktemp -u -t terrain-built.XXXXXX)"
builds_ahead() {
  renice -n 19 -p "$BASHPID" >/dev/null
  timed "the debug terrain command" cargo build -p terrain-cli --bin terrain || return
  : >"$TERRAIN_BUILT"
  timed "native debug" cargo test --workspace --no-run || return
  timed "native release" cargo test --workspace --release --no-run || return
  timed "native release benchmarks" cargo test --workspace --release --bench '*' --no-run || return
  timed "wasm debug" cargo test -p terrain-web --target wasm32-unknown-unknown --no-run "${WASM_TESTS[@]}" || return
  timed "wasm release" cargo test -p terrain-web --target wasm32-unknown-unknown --release --no-run "${WASM_TESTS[@]}" || return
  timed "the peers (smoke profile)" bash benches/peers/run.sh --smoke --build-only
}
AHEAD="test binaries built ahead (native and wasm32, debug and release, the peers; paused for the timed tests)"

# Every crate Cargo.lock names, from the registry, before anything builds: the page build below
# runs Trunk offline, and a crate new to this machine must be here by then.
stage "crates (cargo fetch)" cargo fetch --locked
stage "format" cargo fmt --all --check
stage_bg "$LINTS" lints_and_docs
stage_bg "$AHEAD" builds_ahead
# The page first, so the end-to-end suites can run while the rest builds. It has a target
# directory of its own, so the builds ahead never wait on its lock, nor it on theirs.
stage "page build (release, MIR guarded)" env CARGO_TARGET_DIR="$CARGO_TARGET_DIR/page" trunk build --release --offline
# The lints are done by now (they take a fraction of the page build): joined, and the builds
# ahead paused, so the tests that time the main thread have the processor to themselves.
stage_join "$LINTS"
stage_pause "$AHEAD"
stage "end-to-end: the tests that time the main thread, alone" timed_alone
stage_resume "$AHEAD"
# The debug terrain is the first of the builds ahead, long built by now (waited for if not).
while [ ! -e "$TERRAIN_BUILT" ] && [ ! -e "${STAGE_BG_LOG[$AHEAD]}.end" ]; do sleep 1; done
[ -e "$TERRAIN_BUILT" ] || stage_join "$AHEAD"
rm -f "$TERRAIN_BUILT"
export TERRAIN_BIN="$CARGO_TARGET_DIR/debug/terrain"
# TEST_SERIAL=1 runs them last, alone, for quiet page figures (BENCHMARKS.md).
if [ "${TEST_SERIAL:-}" != 1 ]; then
  stage_bg "$E2E1" e2e_lane "lane 1"
  # The builds beside them yield the processor to the browsers: some suites assert that no
  # main-thread task passes 100 ms, and a browser starved by a build fails that.
  renice -n 19 -p $$ >/dev/null
fi
stage_join "$AHEAD"

stage "native tests: debug" counted cargo test --workspace
# The release tests: `cargo test`'s own selection (every target that has tests, the examples
# built as the programs they are, the doc tests), then the criterion benchmarks, which `cargo
# test` runs once each (criterion's test mode: the benchmark smoke, without a second build of the
# core in the bench profile's own feature set). Targets with no tests (test = false in their
# Cargo.toml) are not linked as empty test binaries, each a fat-LTO link of its own.
release_tests() {
  cargo test --workspace --release && cargo test --workspace --release --bench '*'
}
stage "native tests: release (lto, one codegen unit; MIR guarded), criterion cases once" counted release_tests
# The wasm tests' Chromium runs at this script's low priority beside lane 1's browsers; under
# that load a WebDriver call once took past the runner's default 20 s ("execute/sync timed out
# after 18.0s") with no test at fault. So they get two minutes, and lane 2 starts after them.
export WASM_BINDGEN_TEST_TIMEOUT=120
# Twice the WebDriver session itself has failed there before any test ran ("Timed out receiving
# message from renderer", then the runner's "missing field `chunk`"). Such a run, with no test
# failed or panicked in it, is run once more; a test that fails is never retried.
wasm_tests() {
  local log rc=0
  log="$(mktemp -t wasm-tests.XXXXXX.log)"
  "$@" 2>&1 | tee "$log" || rc=$?
  if [ "$rc" != 0 ] && ! grep -qE 'panicked at|test result: FAILED|^failures:' "$log"; then
    echo "==> the browser's session failed before a test did: running the wasm tests once more"
    rc=0
    "$@" || rc=$?
  fi
  rm -f "$log"
  return "$rc"
}
stage "wasm tests in headless Chromium: debug" counted \
  wasm_tests cargo test -p terrain-web --target wasm32-unknown-unknown "${WASM_TESTS[@]}"
stage "wasm tests in headless Chromium: release" counted \
  wasm_tests cargo test -p terrain-web --target wasm32-unknown-unknown --release "${WASM_TESTS[@]}"
[ "${TEST_SERIAL:-}" = 1 ] || stage_bg "$E2E2" e2e_lane "lane 2"
stage "benchmark smoke: the whole process at 65^2" env BUILT=1 ROUNDS=1 EXPONENT=6 bash benches/process/run.sh
stage "benchmark smoke: the peers at 33^2" bash benches/peers/run.sh --smoke

# Last of the builds, so it counts every optimised compilation the guard read in this run.
stage "the MIR guard: its known positive, and what it read" bash scripts/mir-guard.sh
rm -f "$MIR_GUARD_LOG"
if [ "${TEST_SERIAL:-}" != 1 ]; then
  stage_join "$E2E1"
  stage_join "$E2E2"
else
  stage "$E2E1" e2e_lane "one lane"
fi
rm -f "$E2E_QUEUE" "$E2E_QUEUE.lock"
say "all tests passed; screenshots in tests/e2e/artifacts/"
