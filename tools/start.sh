#!/usr/bin/env bash
# Set everything up and serve the game on a local URL (printed). Options go to tools/serve.py,
# e.g. --port 8080. The terminal game is `.venv/bin/python -m nardy_core play`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash tools/setup.sh
exec .venv/bin/python tools/serve.py "$@"
