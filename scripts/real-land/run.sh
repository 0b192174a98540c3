#!/usr/bin/env bash
# Reproduces www/real-land/jacksboro.png from the matplotlib wheel on PyPI (see NOTICE.md there):
# pinned versions in a throwaway virtual environment, nothing from outside the package registries.
#   bash scripts/real-land/run.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q numpy==2.3.5 pypng==0.20220715.0
"$WORK/venv/bin/pip" download -q --no-deps matplotlib==3.11.2 -d "$WORK"
"$WORK/venv/bin/python" "$ROOT/scripts/real-land/convert.py" "$WORK"/matplotlib-3.11.2-*.whl \
  "$ROOT/www/real-land/jacksboro.png"
