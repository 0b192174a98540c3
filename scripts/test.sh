#!/usr/bin/env bash
# Runs every check and test: format, lints, native tests, docs, wasm tests in headless Chromium,
# the page build, and the end-to-end suite. Installs whatever is missing first (see setup.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_build_tools
ensure_browser
ensure_npm_packages
cd "$ROOT"

say "format"
cargo fmt --all --check

say "lints (native and wasm32)"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy -p terrain-web -p terrain-files -p terrain-chapters --target wasm32-unknown-unknown --all-targets -- -D warnings

say "native tests"
cargo test --workspace

say "native tests in the profile that ships (release: lto, one codegen unit)"
cargo test --workspace --release

say "the rustc 1.95 miscompile kept out of the optimised MIR (ARCHITECTURE.md)"
bash scripts/mir-guard.sh

say "docs (warnings denied; the front end's page and GPU parts are documented for wasm32)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
RUSTDOCFLAGS="-D warnings" cargo doc -p terrain-web -p terrain-files -p terrain-chapters --no-deps --target wasm32-unknown-unknown

say "benchmark smoke: every benchmark case once, optimised (figures: BENCHMARKS.md)"
cargo bench -p terrain --bench generators -- --test

say "whole-process benchmark smoke: terrain ds and the plain reading, once each at 65^2"
ROUNDS=1 EXPONENT=6 bash benches/process/run.sh

say "peer benchmark smoke: THREE.Terrain beside our wasm and native builds, once each at 33^2"
bash benches/peers/run.sh --smoke

say "wasm tests in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test -p terrain-web --target wasm32-unknown-unknown --test render --test messages --test replies --test numbers

say "wasm tests in headless Chromium, in the profile that ships"
CHROMEDRIVER=/usr/bin/chromedriver cargo test -p terrain-web --target wasm32-unknown-unknown --release --test render --test messages --test replies --test numbers

say "page build"
trunk build --release --offline

say "end-to-end tests: headless Chromium, then Firefox and WebKit on Xvfb (engines.test.mjs)"
(cd tests && npm test)

say "all tests passed; screenshots in tests/e2e/artifacts/"
