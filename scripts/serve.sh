#!/usr/bin/env bash
# Builds the page and serves it on http://127.0.0.1:8080/ (PORT=... to change), installing any
# missing build tool first. Rebuilds on change; stop with Ctrl-C.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_build_tools
cd "$ROOT"
# The same build cache as the test command's (setup.sh), so each reuses what the other built.
build_cache
say "serving on http://127.0.0.1:${PORT:-8080}/"
exec trunk serve --release --offline --port "${PORT:-8080}"
