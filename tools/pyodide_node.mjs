// Pyodide under Node, as the repository's runners start it (tools/pyodide_pytest.mjs, the
// test suite; bench/pyodide_run.mjs, a benchmark script): the runtime from node_modules/pyodide
// with Python's standard output and error passed through byte for byte.

import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");

// Raw byte-level output, so that pytest's progress and tracebacks come out unchanged.
const writer = (stream) => ({
  write(buffer) {
    stream.write(Buffer.from(buffer)); // a copy: Pyodide may reuse the buffer
    return buffer.length;
  },
  isatty: false,
});

// A started Pyodide with ``env`` as Python's environment; ``startup_s``: how long it took.
export async function startPyodide(env) {
  const { loadPyodide } = await import(path.join(PYODIDE_DIR, "pyodide.mjs"));
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep, env });
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));
  return { pyodide, startup_s: (Date.now() - started) / 1000 };
}
