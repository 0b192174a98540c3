#!/usr/bin/env bash
# The peer benchmark: THREE.Terrain (from npm) beside this project's wasm build (plain and with
# simd128) and the same code natively, at 513^2, 1025^2 and 2049^2, in one run.
#
#   bash benches/peers/run.sh           # full run, a few minutes; table on stdout and in
#                                       # target/peers/summary.md (under $CARGO_TARGET_DIR if set)
#   bash benches/peers/run.sh --smoke   # every case once at 33^2 (what CI runs)
#   bash benches/peers/run.sh --smoke --build-only   # its builds only (the test command's
#                                       # builds ahead), no timing
#
# Installs only what is missing: the wasm32 target and wasm-bindgen CLI (scripts/setup.sh), and
# the npm packages pinned by benches/peers/package-lock.json.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/setup.sh"
ensure_wasm_bindgen
cd "$ROOT"

TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
OUT="$TARGET/peers"
# The timed run uses the release profile the page ships; the smoke, which only shows that every
# case runs, the `smoke` profile (Cargo.toml: opt-level 1, no LTO), which builds in half the time.
PROFILE=release
BUILD_ONLY=no
for arg in "$@"; do
  case "$arg" in
    --smoke) PROFILE=smoke ;;
    --build-only) BUILD_ONLY=yes ;;
  esac
done
export PEERS_PROFILE="$PROFILE"
say "building the peer module ($PROFILE profile): wasm (plain and simd128) and native"
# The page's build (simd128, from .cargo/config.toml) and one without it, for comparison; an
# empty RUSTFLAGS overrides the config's flags.
cargo build --quiet --profile "$PROFILE" -p terrain-peers --lib --target wasm32-unknown-unknown
wasm-bindgen --target nodejs --out-dir "$OUT/wasm-simd128" \
  "$TARGET/wasm32-unknown-unknown/$PROFILE/terrain_peers.wasm"
CARGO_TARGET_DIR="$TARGET/wasm-plain" RUSTFLAGS="" \
  cargo build --quiet --profile "$PROFILE" -p terrain-peers --lib --target wasm32-unknown-unknown
wasm-bindgen --target nodejs --out-dir "$OUT/wasm" \
  "$TARGET/wasm-plain/wasm32-unknown-unknown/$PROFILE/terrain_peers.wasm"
cargo build --quiet --profile "$PROFILE" -p terrain-peers --bin terrain-peers-native
[ "$BUILD_ONLY" = no ] || exit 0

stamp="$ROOT/benches/peers/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$ROOT/benches/peers/package-lock.json" -nt "$stamp" ]; then
  say "installing THREE.Terrain and three from npm (npm ci)"
  (cd "$ROOT/benches/peers" && npm ci --no-audit --no-fund)
fi

say "timing"
cd "$ROOT/benches/peers"
node --import ./esm-hooks.mjs run.mjs --out "$OUT" "$@"
