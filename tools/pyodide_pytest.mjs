#!/usr/bin/env node
// Run the nardy_core pytest suite inside Pyodide (CPython compiled to WebAssembly), under Node.
//
//   node tools/pyodide_pytest.mjs [pytest args]      (default: -q tests -m "not oracle";
//                                                      args without -m get -m "not oracle" added)
//
// Usually started by tools/pyodide-tests.sh, which first runs `npm ci` and fetches the wheels.
// - Pyodide comes from node_modules/pyodide (the runtime only, no wheels).
// - The repository is mounted with NODEFS at its own absolute path (nothing copied), and so is the
//   sibling shared/ folder when there is one, so paths look the same as in a native run.
// - The pure-Python wheels in .cache/pyodide-wheels/ (or $PYODIDE_WHEELS_DIR) are installed from
//   local files with pyodide.loadPackage: no network is used.
// - pytest runs in-process (pytest.main); the node process exits with pytest's exit code.

import fs from "node:fs";
import path from "node:path";

import { PYODIDE_DIR, ROOT, startPyodide } from "./pyodide_node.mjs";
const WHEELS_DIR = path.resolve(process.env.PYODIDE_WHEELS_DIR || path.join(ROOT, ".cache", "pyodide-wheels"));
const DEFAULT_ARGS = ["-q", "tests", "-m", "not oracle"];

function die(message, code = 3) {
  process.stderr.write(`pyodide_pytest: ${message}\n`);
  process.exit(code);
}

if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  die(`no Pyodide in ${PYODIDE_DIR}: run \`npm ci\` (or bash tools/pyodide-tests.sh) first`);
}
const wheels = fs.existsSync(WHEELS_DIR)
  ? fs.readdirSync(WHEELS_DIR).filter((name) => name.endsWith(".whl")).sort()
  : [];
for (const needed of ["pytest-", "pluggy-", "iniconfig-", "packaging-", "pygments-", "hypothesis-", "sortedcontainers-"]) {
  if (!wheels.some((name) => name.toLowerCase().startsWith(needed))) {
    die(`no ${needed}*.whl in ${WHEELS_DIR}: run bash tools/pyodide-tests.sh to fetch the wheels`);
  }
}

// No arguments: the defaults. Arguments without a -m of their own still leave out the tests
// marked oracle (they need gnubg's compiled packages, which Pyodide cannot have).
let pytestArgs = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ARGS;
if (!pytestArgs.some((a) => a === "-m" || (a.startsWith("-m") && !a.startsWith("--")))) {
  pytestArgs = [...pytestArgs, "-m", "not oracle"];
}

// Environment passed into Python: only what affects the test run, never the host's HOME/PATH.
const env = { PYTHONDONTWRITEBYTECODE: "1" };
for (const [key, value] of Object.entries(process.env)) {
  if (key === "CI" || key === "PYTEST_ADDOPTS" || key.startsWith("HYPOTHESIS_") || key.startsWith("NARDY_")) {
    env[key] = value;
  }
}

const { pyodide, startup_s } = await startPyodide(env);

// Mount the repository (and shared/ beside it, which some tests compare against) at the same
// paths, plus the folder of any test path given on the command line that lies outside them
// (e.g. /tmp/x/test_y.py). Relative paths are taken from the repository root.
const isDir = (p) => fs.existsSync(p) && fs.statSync(p).isDirectory();
const inside = (p, dir) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
const mounts = [ROOT];
const shared = path.join(path.dirname(ROOT), "shared");
if (isDir(shared)) mounts.push(shared);
for (const arg of pytestArgs) {
  if (arg.startsWith("-")) continue;
  const hostPath = path.resolve(ROOT, arg.split("::")[0]);
  if (!fs.existsSync(hostPath)) continue;
  const dir = isDir(hostPath) ? hostPath : path.dirname(hostPath);
  if (mounts.some((m) => inside(dir, m))) continue;
  for (let i = mounts.length - 1; i >= 0; i--) if (inside(mounts[i], dir)) mounts.splice(i, 1);
  mounts.push(dir);
}
for (const hostPath of mounts) {
  try {
    pyodide.mountNodeFS(hostPath, hostPath);
  } catch (err) {
    die(`cannot mount ${hostPath} into Pyodide (its path there must be new or empty): ${err.message || err}`);
  }
}

await pyodide.loadPackage(
  wheels.map((name) => path.join(WHEELS_DIR, name)),
  { messageCallback: () => {}, errorCallback: (msg) => process.stderr.write(`${msg}\n`) },
);

pyodide.globals.set("ROOT", ROOT);
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
pyodide.globals.set("STARTUP_S", startup_s);
let exitCode;
try {
  exitCode = await pyodide.runPythonAsync(`
import os, sys, platform
print(f"Pyodide {platform.python_implementation()} {sys.version.split()[0]} on {sys.platform}"
      f" (Pyodide ready in {STARTUP_S:.1f} s)", flush=True)
os.chdir(ROOT)
sys.path.insert(0, ROOT)

import pytest

class PyodidePlugin:
    # Wall-clock timing under WebAssembly differs from a native run: keep every Hypothesis
    # setting the run would use (the "ci" profile when CI is set, ...) but drop the per-example
    # deadline. tryfirst, so that an explicit --hypothesis-profile still wins. Imported here,
    # not earlier, so that pytest can still rewrite hypothesis' asserts.
    @pytest.hookimpl(tryfirst=True)
    def pytest_configure(self, config):
        from hypothesis import settings
        settings.register_profile("pyodide", parent=settings.default, deadline=None)
        settings.load_profile("pyodide")

code = int(pytest.main(list(PYTEST_ARGS), plugins=[PyodidePlugin()]))
sys.stdout.flush()
sys.stderr.flush()
code
`);
} catch (err) {
  process.stderr.write(`pyodide_pytest: ${err && err.message ? err.message : err}\n`);
  exitCode = 3;
}
process.exitCode = exitCode;
process.exit(exitCode);
