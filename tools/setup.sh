#!/usr/bin/env bash
# Set up a fresh checkout: a virtual environment in .venv with the test and build packages,
# Pyodide and PyScript from npm (pinned in package-lock.json), and the served folder web/
# (vendor copies, the nardy_core wheel built from this checkout, icons, service-worker list).
# Idempotent: reinstalls only what changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.requirements-dev.sha256
want="$(sha256sum requirements-dev.txt | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
  echo "$want" > "$stamp"
fi

npm_stamp=node_modules/.package-lock.sha256
npm_want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat "$npm_stamp" 2>/dev/null)" != "$npm_want" ]; then
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_want" > "$npm_stamp"
fi

# The compiled translation catalogues (nardy_core/locale/*/LC_MESSAGES/nardy.mo, git-ignored):
# the package needs them for every language but English. build_web.py compiles them too.
.venv/bin/python tools/i18n.py compile

.venv/bin/python tools/build_web.py
