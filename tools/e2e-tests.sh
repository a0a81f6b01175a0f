#!/usr/bin/env bash
# The browser tests (e2e/): the built app in Debian's Chromium driven by Playwright for Python,
# and the player journey (e2e/test_journey.py) in Firefox ESR and WebKitGTK too. Installs the
# browsers when missing (tools/browsers.sh: apt, never `playwright install`). Run after
# tools/setup.sh, which builds web/. Extra arguments go to pytest, e.g. --full-journey.
#
# Two pytest workers (pytest-xdist, a test file per worker at a time: each its own server and
# browser) run every test but those marked `solo`; the solo tests, which measure the page's
# main-thread long tasks and so must have the machine to themselves, run after them, alone.
# E2E_WORKERS=1 runs everything in one process.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash tools/browsers.sh
if [ ! -x .venv/bin/python ] || [ ! -f web/build.js ]; then
  echo "e2e-tests: no .venv or web/ is not built: run \`bash tools/setup.sh\` first" >&2
  exit 1
fi
echo "== browser tests (Chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), $(/usr/bin/firefox-esr --version 2>/dev/null), WebKitGTK $(dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null))"
workers="${E2E_WORKERS:-2}"
if [ "$workers" -le 1 ]; then
  exec .venv/bin/python -m pytest -q -p no:cacheprovider --durations=12 e2e "$@"
fi
start=$SECONDS
echo "== the browser tests but the solo ones, $workers at a time"
rc=0
.venv/bin/python -m pytest -q -p no:cacheprovider --durations=12 -n "$workers" --dist loadfile \
  -m "not solo" e2e "$@" || rc=$?
echo "== the solo browser tests (they time the page's main thread), alone"
solo_rc=0
.venv/bin/python -m pytest -q -p no:cacheprovider --durations=4 -m solo e2e "$@" || solo_rc=$?
# 5: pytest collected nothing (a -k or a file that selects none of that part's tests)
status=5
for code in "$rc" "$solo_rc"; do
  case "$code" in
    5) ;;
    0) if [ "$status" -eq 5 ]; then status=0; fi ;;
    *) status=$code ;;
  esac
done
echo "== browser tests: exit $status ($((SECONDS - start)) s)"
exit "$status"
