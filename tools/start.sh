#!/usr/bin/env bash
# Set everything up and start a game. Until the browser game exists this is the terminal game
# (python -m nardy_core play); arguments are passed on (e.g. --game short --match 5).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash tools/setup.sh
exec .venv/bin/python -m nardy_core play "$@"
