#!/usr/bin/env node
// Run one of the repository's Python scripts inside Pyodide (CPython compiled to WebAssembly,
// the interpreter the page runs: web/vendor/pyodide is copied from node_modules/pyodide), under
// Node. Used by bench/bounded.py --pyodide to time the same work in the page's Python.
//
//   node bench/pyodide_run.mjs SCRIPT [args]       (SCRIPT relative to the repository root)
//
// - Pyodide comes from node_modules/pyodide (`npm ci`); no wheel and no network is needed:
//   nardy_core is pure Python with no dependencies.
// - The repository is mounted with NODEFS at its own absolute path, as tools/pyodide_pytest.mjs
//   does, and the script runs as __main__ with sys.argv = [SCRIPT, args…].
// - The exit status is the script's (SystemExit), 1 for an exception, 3 when Pyodide is missing.

import fs from "node:fs";
import path from "node:path";

import { PYODIDE_DIR, ROOT, startPyodide } from "../tools/pyodide_node.mjs";

if (!fs.existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
  process.stderr.write(`pyodide_run: no Pyodide in ${PYODIDE_DIR}: run \`npm ci\` first\n`);
  process.exit(3);
}
const [script, ...args] = process.argv.slice(2);
if (!script) {
  process.stderr.write("usage: node bench/pyodide_run.mjs SCRIPT [args]\n");
  process.exit(3);
}

const { pyodide, startup_s } = await startPyodide({ PYTHONDONTWRITEBYTECODE: "1" });
pyodide.mountNodeFS(ROOT, ROOT);
pyodide.globals.set("ROOT", ROOT);
pyodide.globals.set("SCRIPT", path.resolve(ROOT, script));
pyodide.globals.set("ARGS", pyodide.toPy(args));
pyodide.globals.set("STARTUP_S", startup_s);
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, runpy, sys
os.chdir(ROOT)
sys.path.insert(0, ROOT)
sys.argv = [SCRIPT, *ARGS]
sys.stderr.write(f"pyodide_run: Python {sys.version.split()[0]} on {sys.platform}, "
                 f"ready in {STARTUP_S:.1f} s\\n")
try:
    runpy.run_path(SCRIPT, run_name="__main__")
    code = 0
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
sys.stdout.flush()
sys.stderr.flush()
code
`);
} catch (err) {
  process.stderr.write(`pyodide_run: ${err && err.message ? err.message : err}\n`);
  code = 1;
}
process.exit(code);
