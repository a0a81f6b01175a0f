#!/usr/bin/env bash
# The whole test suite: set up (venv, npm, the served folder web/), then pytest natively (with
# the GNU Backgammon oracle tests), the core suite again inside Pyodide (Python 3.14, as in the
# browser), and the browser tests (e2e/, Playwright driving Debian's Chromium on the served page).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash tools/setup.sh
echo "== pytest (CPython $(.venv/bin/python -c 'import platform; print(platform.python_version())'))"
.venv/bin/python -m pytest -q -p no:cacheprovider tests
echo "== pytest inside Pyodide"
PYTHON=.venv/bin/python bash tools/pyodide-tests.sh
echo "== browser tests (Chromium)"
bash tools/e2e-tests.sh
