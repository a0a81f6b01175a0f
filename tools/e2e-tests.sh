#!/usr/bin/env bash
# The browser tests (e2e/): Playwright for Python driving Debian's Chromium against the built
# web/ folder. Installs Chromium from Debian's packages when /usr/bin/chromium is missing (never
# `playwright install`). Needs `bash tools/setup.sh` first (tools/test.sh runs it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get install -y chromium || { $SUDO apt-get update && $SUDO apt-get install -y chromium; }
fi
if [ ! -f web/build.js ]; then
  echo "e2e: web/ is not built: run bash tools/setup.sh" >&2
  exit 2
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider e2e "$@"
