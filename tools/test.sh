#!/usr/bin/env bash
# The whole test suite: set up (venv, npm, the served folder web/), then the static checks (ruff
# lint and format, mypy: what pyproject.toml configures; a few seconds), then pytest natively (with
# the GNU Backgammon oracle tests) and the core suite again inside Pyodide (Python 3.14, as in
# the browser), the two sharing both cores; then the browser tests (e2e/: Playwright
# driving Debian's Chromium, and the player journey in Firefox ESR and WebKitGTK too), two at a
# time, then alone those that time the page's main thread (tools/e2e-tests.sh). Not beside the
# core suites: with all four on two cores, WebKitWebDriver once stalled for minutes.
# The browsers are installed (apt) in the background meanwhile. Every part runs even when an
# earlier one fails; the exit status says whether all passed. Extra arguments go to the
# browser tests (e.g. --full-journey: the whole journey in all three engines).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mkdir -p build
logs="$(mktemp -d)"
bash tools/browsers.sh > "$logs/browsers.log" 2>&1 &
browsers=$!
bash tools/setup.sh

# Static checks first (fast): lint, format and types, as pyproject.toml configures them (the same
# commands as .pre-commit-config.yaml). A failure fails the run; the tests still run.
echo "== ruff check, ruff format --check, mypy"
checks_rc=0
.venv/bin/python -m ruff check . || checks_rc=1
.venv/bin/python -m ruff format --check . || checks_rc=1
.venv/bin/python -m mypy || checks_rc=1
echo "== static checks: exit $checks_rc"

echo "== pytest (CPython $(.venv/bin/python -c 'import platform; print(platform.python_version())'))" \
     "and pytest inside Pyodide, on both cores"
# Two queues for two cores: Pyodide (about twice CPython's time) runs four fifths of the test
# files on one; CPython runs the whole suite on the other, then Pyodide's last fifth (every
# fifth file), started after the first Pyodide run has fetched what it needs.
start=$SECONDS
files=(tests/test_*.py)
first=(); last=()
for i in "${!files[@]}"; do
  if (( i % 5 == 4 )); then last+=("${files[$i]}"); else first+=("${files[$i]}"); fi
done
PYTHON=.venv/bin/python bash tools/pyodide-tests.sh -q -p no:cacheprovider "${first[@]}" \
  > "$logs/pyodide-1.log" 2>&1 &
pyodide_first=$!
(
  rc=0
  .venv/bin/python -m pytest -q -p no:cacheprovider tests > "$logs/native.log" 2>&1 || rc=$?
  echo "$rc" > "$logs/native.rc"
  PYTHON=.venv/bin/python bash tools/pyodide-tests.sh -q -p no:cacheprovider "${last[@]}" \
    > "$logs/pyodide-2.log" 2>&1
) &
second=$!
pyodide_rc=0
wait "$pyodide_first" || pyodide_rc=$?
wait "$second" || pyodide_rc=$?
native_rc="$(cat "$logs/native.rc")"
echo "== pytest (CPython): exit $native_rc"
cat "$logs/native.log"
echo "== pytest inside Pyodide (two runs: four fifths of the files, then the other fifth): exit $pyodide_rc"
cat "$logs/pyodide-1.log" "$logs/pyodide-2.log"
echo "(both in $((SECONDS - start)) s)"

browsers_rc=0
wait "$browsers" || browsers_rc=$?
if [ "$browsers_rc" -ne 0 ]; then
  echo "== installing the browsers failed:"
  cat "$logs/browsers.log"
fi
e2e_rc=0
bash tools/e2e-tests.sh "$@" || e2e_rc=$?
echo "== exit: static checks $checks_rc, CPython $native_rc, Pyodide $pyodide_rc, browsers install $browsers_rc, browser tests $e2e_rc"
[ "$checks_rc$native_rc$pyodide_rc$browsers_rc$e2e_rc" = "00000" ]
