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

# The wasm-bindgen version in Cargo.lock; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}

ensure_build_tools() {
  ensure_wasm_bindgen
  ensure_wasm_opt
  if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
    say "installing Trunk $TRUNK_VERSION (about 20 minutes on 2 cores)"
    cargo install --locked trunk --version "$TRUNK_VERSION"
  fi
}

# The wasm32 target and the wasm-bindgen CLI (all the peer benchmark needs).
ensure_wasm_bindgen() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  local wbg
  wbg="$(wasm_bindgen_version)"
  if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $wbg" ]; then
    say "installing wasm-bindgen-cli $wbg (about 13 minutes on 2 cores)"
    # Not --locked: its lock file pins a webpki-roots version the registry no longer serves.
    cargo install wasm-bindgen-cli --version "$wbg" --force
  fi
}

# wasm-opt 132 from the npm package binaryen. Debian's binaryen 108 breaks wasm-bindgen 0.2.130's
# output (the page dies at start), so it is never used. Beside it esbuild, which the post-build
# step uses to minify the JS glue (scripts/minify-js.mjs); both pinned by tools/package-lock.json.
ensure_wasm_opt() {
  if [ "$("$ROOT/tools/node_modules/.bin/wasm-opt" --version 2>/dev/null || true)" != "wasm-opt version 132 (version_132)" ] \
    || [ "$("$ROOT/tools/node_modules/.bin/esbuild" --version 2>/dev/null || true)" != "0.28.2" ]; then
    say "installing wasm-opt and esbuild (npm binaryen and esbuild, tools/package-lock.json)"
    (cd "$ROOT/tools" && npm ci --no-audit --no-fund)
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
  # (crates/terrain-cli/tests/maps.rs).
  [ -x /usr/bin/oiiotool ] && [ -x /usr/bin/iinfo ] || missing+=(openimageio-tools)
  if [ "${#missing[@]}" -eq 0 ]; then
    return
  fi
  say "installing Debian's ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

ensure_npm_packages() {
  # Reinstall only when the lock file changed since the last install.
  local stamp="$ROOT/tests/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/tests/package-lock.json" -nt "$stamp" ]; then
    say "installing the end-to-end test packages (npm ci)"
    (cd "$ROOT/tests" && npm ci --no-audit --no-fund)
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  ensure_build_tools
  if [ "${1:-test}" = "test" ]; then
    ensure_browser
    ensure_npm_packages
  fi
  say "tools ready"
fi
