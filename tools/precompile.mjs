#!/usr/bin/env node
// Compile Python sources to bytecode with the page's own interpreter (Pyodide from node_modules,
// so the bytecode's magic number is exactly the one the browser's Python expects).
//
//   node tools/precompile.mjs stdlib ZIP     python_stdlib.zip: every .py replaced by its .pyc
//   node tools/precompile.mjs wheel WHL      a wheel: a __pycache__ .pyc added beside every .py
//                                            (sources kept, RECORD rewritten)
//
// Why: npm's Pyodide ships its standard library as sources, so every page load compiled each
// module it imported again — about 1.3 s of a 1.7 s interpreter start on our machines. The .pyc
// files are "unchecked hash" ones: valid whatever the files' dates after unpacking, and built
// from the very sources beside them. Run by tools/build_web.py on the served copies only.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [mode, file] = process.argv.slice(2);
if (!["stdlib", "wheel"].includes(mode) || !file) {
  process.stderr.write("usage: node tools/precompile.mjs stdlib|wheel FILE\n");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide();
py.FS.writeFile("/tmp/in.zip", fs.readFileSync(file));
py.globals.set("MODE", mode);
py.runPython(`
import base64, hashlib, importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(name, source):
    code = compile(source, name, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

entries = []  # (name, data) in the output's order
with zipfile.ZipFile("/tmp/in.zip") as source:
    for info in source.infolist():
        data = source.read(info)
        if info.is_dir():
            continue
        if MODE == "stdlib" and info.filename.endswith(".py"):
            # zipimport finds "module.pyc" where "module.py" was (no __pycache__ in a zip).
            entries.append((info.filename[:-3] + ".pyc", pyc(info.filename, data)))
            continue
        if MODE == "wheel" and info.filename.endswith(".dist-info/RECORD"):
            record_name = info.filename
            continue
        entries.append((info.filename, data))
        if MODE == "wheel" and info.filename.endswith(".py"):
            entries.append((importlib.util.cache_from_source(info.filename), pyc(info.filename, data)))

if MODE == "wheel":
    lines = [record_line(name, data) for name, data in entries] + [f"{record_name},,"]
    entries.append((record_name, ("\\n".join(lines) + "\\n").encode()))

with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for name, data in entries:
        out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                     compress_type=zipfile.ZIP_DEFLATED)
`);
fs.writeFileSync(file, py.FS.readFile("/tmp/out.zip"));
