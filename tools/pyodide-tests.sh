#!/usr/bin/env bash
# Run the nardy_core pytest suite inside Pyodide (Python 3.14 on WebAssembly) under Node.
#
#   bash tools/pyodide-tests.sh [pytest args]   (default: -q tests -m "not oracle"; args that
#                                               have no -m of their own get -m "not oracle" added)
#
# Idempotent: installs node_modules/ from package-lock.json (npm ci) when it is missing or stale,
# downloads the pinned pure-Python wheels into .cache/pyodide-wheels/ when they are missing, then
# runs tools/pyodide_pytest.mjs and exits with pytest's exit status. Needs node >= 20, npm, and a
# Python with pip (only to download the wheels; PYTHON=... picks it). Both caches are git-ignored.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

WHEELS_DIR="${PYODIDE_WHEELS_DIR:-$ROOT/.cache/pyodide-wheels}"
PYTHON="${PYTHON:-python3}"

# The wheels pytest and hypothesis need on Python 3.14 (their full dependency closure there), at
# the versions pinned in requirements-dev.txt, the one list of test tools. Those pins must be pure
# Python wheels ("py3-none-any"): PyPI has no emscripten wheels.
PYODIDE_PACKAGES=(pytest pluggy iniconfig packaging pygments hypothesis sortedcontainers)
WHEELS=()
for name in "${PYODIDE_PACKAGES[@]}"; do
  spec="$(grep -i -m1 -E "^${name}==[^[:space:]#]+" requirements-dev.txt | sed -E 's/[[:space:]#].*//')" \
    || { printf 'pyodide-tests: no %s==VERSION pin in requirements-dev.txt\n' "$name" >&2; exit 3; }
  WHEELS+=("$spec")
done

log() { printf 'pyodide-tests: %s\n' "$*" >&2; }

command -v node >/dev/null || { log "node not found (need node >= 20)"; exit 3; }
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  log "node $(node --version) is too old (need >= 20)"; exit 3
fi

# 1. Pyodide from npm. npm ci when node_modules is missing or older than the lock.
if [ ! -f package-lock.json ]; then
  log "no package-lock.json: npm install (commit the lock it writes)"
  npm install --no-audit --no-fund
elif [ ! -f node_modules/.package-lock.json ] || [ ! -f node_modules/pyodide/pyodide.mjs ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ] \
     || [ package.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  npm ci --no-audit --no-fund
fi

# 2. The wheels: one pip download of whatever pinned wheel is not there yet.
mkdir -p "$WHEELS_DIR"
missing=()
for spec in "${WHEELS[@]}"; do
  name="${spec%%==*}"
  version="${spec##*==}"
  # Wheel file names use the normalised project name (lower case, "-" -> "_").
  shopt -s nullglob nocaseglob
  found=("$WHEELS_DIR/${name//-/_}-${version}-"*.whl)
  shopt -u nullglob nocaseglob
  [ "${#found[@]}" -gt 0 ] || missing+=("$spec")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "downloading ${missing[*]}"
  "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps \
    --only-binary=:all: --python-version 3.14 --implementation py --platform any --abi none \
    --dest "$WHEELS_DIR" "${missing[@]}"
fi
# Pinned versions only: a stale wheel of another version left in the cache would be loaded too.
shopt -s nullglob
for whl in "$WHEELS_DIR"/*.whl; do
  base="$(basename "$whl")"
  keep=0
  for spec in "${WHEELS[@]}"; do
    name="${spec%%==*}"; version="${spec##*==}"
    case "${base,,}" in "${name//-/_}-${version}-"*) keep=1 ;; esac
  done
  if [ "$keep" = 0 ]; then log "removing unpinned $base"; rm -f "$whl"; fi
done
shopt -u nullglob

# 3. pytest inside Pyodide; its exit status is ours.
set +e
node tools/pyodide_pytest.mjs "$@"
status=$?
set -e
exit "$status"
