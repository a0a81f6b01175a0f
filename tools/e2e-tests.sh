#!/usr/bin/env bash
# The browser tests (e2e/): the built app in Debian's Chromium, driven by Playwright for Python.
# Installs Chromium when it is missing (never `playwright install`: it downloads from outside
# the registries we may use). Run after tools/setup.sh, which builds web/.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "== installing Chromium (apt-get)"
  # A fresh machine may have no package lists yet: update only when the first try fails.
  if ! $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; then
    $SUDO apt-get update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  fi
fi
if [ ! -x .venv/bin/python ] || [ ! -f web/build.js ]; then
  echo "e2e-tests: no .venv or web/ is not built: run \`bash tools/setup.sh\` first" >&2
  exit 1
fi
echo "== browser tests (Chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'))"
exec .venv/bin/python -m pytest -q -p no:cacheprovider e2e "$@"
