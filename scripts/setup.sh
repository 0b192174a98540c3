#!/usr/bin/env bash
# Installs what building and testing need, skipping everything already present at the right
# version, so a second run takes seconds. Sourced by serve.sh and test.sh; run directly it
# installs everything:  bash scripts/setup.sh [build|test]
#
#   build: wasm32 target, Trunk 0.21.14, the wasm-bindgen CLI version Cargo.lock pins, and
#          wasm-opt from the npm package binaryen (tools/package-lock.json pins version 132)
#   test:  all of the above, plus Debian's chromium + chromium-driver, firefox-esr, webkit2gtk-driver
#          (WebKitGTK's WebKitWebDriver and MiniBrowser), xvfb and openimageio-tools (iinfo,
#          oiiotool), and the npm packages of tests/
#
# Nothing is downloaded from outside the package registries (crates.io, Debian, npm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
# tools/node_modules/.bin first: Trunk looks for wasm-opt on PATH (Trunk.toml names its version).
export PATH="$ROOT/tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
# shellcheck source=scripts/stages.sh
source "$ROOT/scripts/stages.sh"

# The tools Cargo builds (Trunk, the wasm-bindgen CLI) are built without link-time optimisation, in
# many codegen units, at opt-level 1: they only drive the build. On 2 cores on 2026-11-26 that took
# 395 s and 188 s (docs/benchmarks-history.md, "The test command"); their own release profiles
# were not timed the same day. Both share one target directory, so the crates they have in
# common are compiled once.
cargo_install_tool() {
  CARGO_PROFILE_RELEASE_LTO=false \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
  CARGO_PROFILE_RELEASE_DEBUG=false \
  CARGO_PROFILE_RELEASE_INCREMENTAL=false \
  CARGO_TARGET_DIR="${TOOLS_TARGET_DIR:-${TMPDIR:-/tmp}/terrain-tools-target}" \
    cargo install "$@"
}

# An install that was not needed is a row of its own too, so every table has the same rows.
present() { stage_note "install: $1" 0.0 "present"; }

# The wasm-bindgen version in Cargo.lock; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}

ensure_build_tools() {
  ensure_wasm_bindgen
  ensure_wasm_opt
  if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
    stage "install: Trunk $TRUNK_VERSION" cargo_install_tool --locked trunk --version "$TRUNK_VERSION"
  else
    present "Trunk $TRUNK_VERSION"
  fi
}

# The wasm32 target and the wasm-bindgen CLI (all the peer benchmark needs).
ensure_wasm_bindgen() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    stage "install: the wasm32-unknown-unknown target" rustup target add wasm32-unknown-unknown
  else
    present "the wasm32-unknown-unknown target"
  fi
  local wbg
  wbg="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wbg" ]; then
    # Not --locked: its lock file pins a webpki-roots version the registry no longer serves.
    stage "install: wasm-bindgen CLI $wbg" cargo_install_tool wasm-bindgen-cli --version "$wbg" --force
  else
    present "wasm-bindgen CLI $wbg"
  fi
}

# wasm-opt 132 from the npm package binaryen. Debian's binaryen 108 breaks wasm-bindgen 0.2.130's
# output (the page dies at start), so it is never used. Beside it esbuild, which the post-build
# step uses to minify the JS glue (scripts/minify-js.mjs); both pinned by tools/package-lock.json.
ensure_wasm_opt() {
  if [ "$("$ROOT/tools/node_modules/.bin/wasm-opt" --version 2>/dev/null || true)" != "wasm-opt version 132 (version_132)" ] \
    || [ "$("$ROOT/tools/node_modules/.bin/esbuild" --version 2>/dev/null || true)" != "0.28.2" ]; then
    stage "install: wasm-opt and esbuild (npm, tools/)" npm ci --prefix "$ROOT/tools" --no-audit --no-fund
  else
    present "wasm-opt and esbuild (npm, tools/)"
  fi
}

# The three engines the end-to-end tests drive: Chromium (headless), and Firefox ESR and WebKitGTK
# (the engine of Safari) in a window on Xvfb, where they have WebGL2.
ensure_browser() {
  local missing=()
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] || missing+=(chromium chromium-driver)
  [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
  [ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
  [ -x /usr/bin/Xvfb ] || missing+=(xvfb)
  # OpenImageIO's iinfo and oiiotool read back every EXR and PNG the command line writes
  # (crates/terrain-cli/tests/command/maps.rs).
  [ -x /usr/bin/oiiotool ] && [ -x /usr/bin/iinfo ] || missing+=(openimageio-tools)
  if [ "${#missing[@]}" -eq 0 ]; then
    present "Debian's browsers, drivers, Xvfb and OpenImageIO"
    return
  fi
  stage "install: Debian's browsers, drivers, Xvfb and OpenImageIO" apt_install "${missing[@]}"
}

apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "installing Debian's $*"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
}

ensure_npm_packages() {
  # Reinstall only when the lock file changed since the last install.
  local stamp="$ROOT/tests/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/tests/package-lock.json" -nt "$stamp" ]; then
    stage "install: the end-to-end test packages (npm, tests/)" npm ci --prefix "$ROOT/tests" --no-audit --no-fund
  else
    present "the end-to-end test packages (npm, tests/)"
  fi
}

# One Cargo target directory outside the clone, shared by every clone on this machine and by
# serve.sh and test.sh: a new clone then compiles only the workspace's own crates, not its
# dependencies. It is only ever an optimisation: Cargo's fingerprints decide what is reused, every
# file of a new clone is newer than anything built before it (so the workspace's crates always
# compile again), and a machine without it builds everything, as CI's does.
#   TERRAIN_BUILD_CACHE=DIR  keeps it in DIR (default ~/.cache/terrain-build)
#   TERRAIN_BUILD_CACHE=off  builds in the clone's own target/, as plain `cargo` does
#   CARGO_TARGET_DIR=DIR     set already: used as it is
# Past TERRAIN_BUILD_CACHE_GB (default 40) it is emptied before the build starts.
build_cache() {
  if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    :
  elif [ "${TERRAIN_BUILD_CACHE:-}" = off ]; then
    export CARGO_TARGET_DIR="$ROOT/target"
  else
    export CARGO_TARGET_DIR="${TERRAIN_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/terrain-build}"
  fi
  mkdir -p "$CARGO_TARGET_DIR"
  local kb limit_kb=$(( ${TERRAIN_BUILD_CACHE_GB:-40} * 1024 * 1024 ))
  kb="$(du -sk "$CARGO_TARGET_DIR" | cut -f1)"
  if [ "$CARGO_TARGET_DIR" != "$ROOT/target" ] && [ "$kb" -gt "$limit_kb" ]; then
    say "the build cache $CARGO_TARGET_DIR holds $(( kb / 1024 / 1024 )) GB: emptying it"
    rm -rf "$CARGO_TARGET_DIR"
    mkdir -p "$CARGO_TARGET_DIR"
  fi
  echo "build cache: $CARGO_TARGET_DIR ($(( kb / 1024 )) MB before this run)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  trap stage_on_exit EXIT
  ensure_build_tools
  if [ "${1:-test}" = "test" ]; then
    ensure_browser
    ensure_npm_packages
  fi
  say "tools ready"
fi
