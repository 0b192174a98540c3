#!/usr/bin/env bash
# The page benchmark: builds the release page (wasm-opt included), serves it on loopback and runs
# Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown) against it in headless
# Chromium, then prints performance, largest contentful paint, total blocking time, the other
# categories and the bundle's size, gzipped. The JSON report goes to target/page/.
#
#   bash benches/page/run.sh            # one Lighthouse run
#   RUNS=3 bash benches/page/run.sh     # several runs, each printed (Lighthouse varies run to run)
#
# Installs only what is missing: the build tools (scripts/setup.sh), Chromium, and Lighthouse
# from npm, pinned by benches/page/package-lock.json.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/setup.sh"
ensure_build_tools
ensure_browser
cd "$ROOT"

say "building the page (release, wasm-opt)"
trunk build --release --offline

stamp="$ROOT/benches/page/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$ROOT/benches/page/package-lock.json" -nt "$stamp" ]; then
  say "installing Lighthouse from npm (npm ci)"
  (cd "$ROOT/benches/page" && npm ci --no-audit --no-fund)
fi

OUT="${CARGO_TARGET_DIR:-$ROOT/target}/page"
mkdir -p "$OUT"
say "bundle (gzip -9)"
# The first load is the page's module (terrain-web-*), which makes no terrain; the worker's own
# module (terrain-worker*: its mailbox and the quick chapters) is fetched by the generator worker
# as it starts, the later chapters' module (terrain-chapters*: fault lines, fBm, erosion, the
# steps) when one of their demos comes near, the heightmap readers (terrain-readers*) when the real land comes near or a
# map file is read, and the file encoders (terrain-files*) on the first download.
first=0
chapters=0
worker=0
readers=0
later=0
for file in dist/*.wasm dist/*.js; do
  raw=$(stat -c %s "$file")
  gz=$(gzip -9c "$file" | wc -c)
  case "$(basename "$file")" in
    terrain-files*) later=$((later + gz)) ;;
    terrain-readers*) readers=$((readers + gz)) ;;
    terrain-chapters*) chapters=$((chapters + gz)) ;;
    terrain-worker*) worker=$((worker + gz)) ;;
    *) first=$((first + gz)) ;;
  esac
  printf '  %-50s %9d B raw %9d B gzipped\n' "$(basename "$file")" "$raw" "$gz"
done
printf '  first load, wasm + JS gzipped: %d B (target at most 150 KB)\n' "$first"
printf '  as the worker starts (its mailbox, the quick chapters), wasm + JS gzipped: %d B\n' "$worker"
printf '  when a later chapter comes near (fault lines, erosion), wasm + JS gzipped: %d B\n' "$chapters"
printf '  when a map file is first read (real land, Your map), wasm + JS gzipped: %d B\n' "$readers"
printf '  on the first download (file encoders), wasm + JS gzipped: %d B\n' "$later"

node scripts/static-server.mjs dist > "$OUT/address" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s "$OUT/address" ] && break; sleep 0.1; done
address=$(cat "$OUT/address")

for run in $(seq "${RUNS:-1}"); do
  say "Lighthouse, mobile preset, run $run"
  CHROME_PATH=/usr/bin/chromium node benches/page/node_modules/lighthouse/cli/index.js "$address" \
    --quiet --output=json --output-path="$OUT/lighthouse-$run.json" \
    --chrome-flags="--headless=new --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader --disable-background-networking --no-first-run"
  node benches/page/summary.mjs "$OUT/lighthouse-$run.json"
done
