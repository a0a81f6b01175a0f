#!/usr/bin/env bash
# The browser tests (e2e/): the built app in Debian's Chromium driven by Playwright for Python,
# and the player journey (e2e/test_journey.py) in Firefox ESR and WebKitGTK too. Installs the
# browsers when missing (tools/browsers.sh: apt, never `playwright install`). Run after
# tools/setup.sh, which builds web/. Extra arguments go to pytest, e.g. --full-journey.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash tools/browsers.sh
if [ ! -x .venv/bin/python ] || [ ! -f web/build.js ]; then
  echo "e2e-tests: no .venv or web/ is not built: run \`bash tools/setup.sh\` first" >&2
  exit 1
fi
echo "== browser tests (Chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), $(/usr/bin/firefox-esr --version 2>/dev/null), WebKitGTK $(dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null))"
exec .venv/bin/python -m pytest -q -p no:cacheprovider --durations=12 e2e "$@"
