"""Build the served folder ``web/`` from the repository: the pinned Pyodide and PyScript files
from ``node_modules`` into ``web/vendor/``, the ``nardy_core`` wheel built from this checkout
into ``web/wheels/`` (both with Python bytecode compiled for the page's interpreter), the app
icons, and ``web/build.js`` (the build's content hash and the list
of files the service worker caches). Everything written here is git-ignored build output.

Run by ``tools/setup.sh`` after ``npm ci``; safe to run again (it rebuilds from scratch).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
VENDOR = WEB / "vendor"
WHEELS = WEB / "wheels"
ICONS = WEB / "icons"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Files that are part of the app but not needed to show the first board (cached on first use).
LAZY_SUFFIXES = (".map",)


def copy_vendor():
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    pyodide = ROOT / "node_modules" / "pyodide"
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("build_web: node_modules lacks pyodide or @pyscript/core: run `npm ci` first")
    (VENDOR / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, VENDOR / "pyodide" / name)
    # Nothing is loaded by name (the wheel is loaded by URL), so a lock with no packages is
    # enough and saves the page from parsing the full one.
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    (VENDOR / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": {}})
    )
    (VENDOR / "pyscript").mkdir(parents=True)
    for path in sorted(pyscript.iterdir()):
        if path.suffix in (".js", ".css"):  # chunks import each other by relative path
            shutil.copy2(path, VENDOR / "pyscript" / path.name)


def build_wheel() -> str:
    if WHEELS.exists():
        shutil.rmtree(WHEELS)
    WHEELS.mkdir(parents=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "--disable-pip-version-check",
            "-w",
            str(WHEELS),
        ],
        check=True,
        cwd=ROOT,
    )
    wheels = sorted(WHEELS.glob("nardy_core-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"build_web: expected one nardy_core wheel, found {wheels}")
    return wheels[0].name


def precompile(mode: str, path: Path):
    """Bytecode for the served standard library and wheel (why: tools/precompile.mjs)."""
    subprocess.run(
        ["node", str(ROOT / "tools" / "precompile.mjs"), mode, str(path)], check=True, cwd=ROOT
    )


def _png(size: int) -> bytes:
    """A square app icon: a dark board with one white and one black checker (no image library:
    the pixels are computed and written as an RGBA PNG)."""
    rows = []
    c1 = (size * 0.36, size * 0.40)
    c2 = (size * 0.64, size * 0.60)
    r = size * 0.22
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            colour = (92, 58, 33)
            if size * 0.06 < x < size * 0.94 and size * 0.06 < y < size * 0.94:
                colour = (214, 180, 124)
            for (cx, cy), fill in ((c1, (250, 248, 240)), (c2, (40, 36, 34))):
                d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
                if d < r:
                    colour = fill if d < r - size * 0.02 else (110, 90, 70)
            row += bytes(colour) + b"\xff"
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_icons():
    ICONS.mkdir(exist_ok=True)
    for size in (192, 512):
        target = ICONS / f"icon-{size}.png"
        if not target.exists():
            target.write_bytes(_png(size))


def write_first_board():
    """``web/firstboard.js``: long nardy's starting board as SVG, which index.html shows on a
    first visit before Python has started (a returning player sees their own last board, kept
    by the app in localStorage). Drawn by the engine's renderer, so it is the board the app draws."""
    sys.path.insert(0, str(ROOT))
    from nardy_core.ui import text as T
    from nardy_core.ui.replay import state_view
    from nardy_core.ui.session import HUMAN, Session
    from nardy_core.ui.svg import render_board

    game = Session("long", players=(HUMAN, HUMAN), seed="first").game
    view = state_view(game.variant.initial_position(), game.cube, game.match)
    svg = render_board(view, viewer=0, label=T.board_label("en"), actionable=False)
    (WEB / "firstboard.js").write_text(
        "// Generated by tools/build_web.py: do not edit.\n"
        f"window.NARDY_FIRST_BOARD = {json.dumps(svg)};\n"
    )


def served_files() -> list:
    """Every file the app needs offline, relative to ``web/`` (the service worker's cache)."""
    skip = {"build.js"}
    files = []
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if (
            path.is_file()
            and rel not in skip
            and not rel.endswith(LAZY_SUFFIXES)
            and "__pycache__" not in rel
            and not rel.startswith("test")
        ):
            files.append(rel)
    return files


def write_build(wheel: str):
    files = served_files()
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (WEB / rel).read_bytes())
    build = {
        "hash": digest.hexdigest()[:16],
        "wheel": wheel,
        "files": ["./"] + [f"./{rel}" for rel in files],
    }
    # A script (not JSON) so that the service worker can importScripts it; the browser's update
    # check compares imported scripts too, so a new build installs a new worker.
    (WEB / "build.js").write_text(
        "// Generated by tools/build_web.py: do not edit.\n"
        f"self.NARDY_BUILD = {json.dumps(build, indent=1)};\n"
    )
    return build


def compile_catalogues():
    """The translation catalogues' .mo files (git-ignored), which the wheel ships."""
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "i18n.py"), "compile"], check=True, cwd=ROOT
    )


def main():
    copy_vendor()
    compile_catalogues()
    wheel = build_wheel()
    precompile("stdlib", VENDOR / "pyodide" / "python_stdlib.zip")
    precompile("wheel", WHEELS / wheel)
    write_icons()
    write_first_board()
    # What the page and the bot worker load: read at start-up (the wheel's name has a version).
    (WEB / "build.json").write_text(json.dumps({"wheel": f"./wheels/{wheel}"}))
    build = write_build(wheel)
    print(f"build_web: {len(build['files'])} files, build {build['hash']}, wheel {wheel}")


if __name__ == "__main__":
    main()
