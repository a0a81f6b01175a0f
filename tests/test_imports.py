"""The package's import graph, read from the source (ast): no loop anywhere, every import going
the way the layers go (docs/architecture.md, "The map"), and no import hidden inside a function
unless it is there for start-up time and says so.

Every ``import`` and ``from ... import`` counts, at module level or inside a function (an import
inside a function still closes a loop: it only defers it). Imports under ``if TYPE_CHECKING:``
never run, so they count for the direction of the layers but not for loops.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nardy_core"

# What each part may import besides itself. The engine reads game keys through the variants'
# registry; the variants are declarations on top of the engine; formats read and write what the
# engine holds; the referees, bots and analysis use both; the page's logic (ui) and the command
# line sit on top. The package root (``__init__``, ``__main__`` and the re-exports of the old
# flat modules) may import anything and is imported by nothing inside the package.
ALLOWED = {
    "engine": {"variants"},
    "variants": {"engine"},
    "formats": {"engine", "variants"},
    "referee": {"engine", "variants", "formats"},
    "bots": {"engine", "variants", "formats"},
    "analysis": {"engine", "variants", "formats", "bots"},
    "friends": {"engine", "variants", "formats"},
    "ui": {"engine", "variants", "formats", "bots", "analysis", "friends"},
    "cli": {"engine", "variants", "formats", "referee", "bots", "analysis", "ui", "friends"},
}
# The directions the issue names, checked apart so that a loosened ALLOWED cannot hide them.
FORBIDDEN = {
    "engine": {"formats", "analysis", "bots", "ui"},
    "bots": {"ui"},
    "formats": {"ui"},
}
LAZY_MARK = "start-up"  # a comment on or above an import inside a function names this reason


def _modules() -> dict:
    """``{dotted name: (path, is_package)}`` of every module of the package."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = (path, is_package)
    return found


MODULES = _modules()


class _Import:
    def __init__(self, source, target, line, in_function, type_only):
        self.source, self.target, self.line = source, target, line
        self.in_function, self.type_only = in_function, type_only  # in_function: its first line

    def __repr__(self):
        return f"{self.source}:{self.line} -> {self.target}"


def _targets(name, is_package, node) -> list:
    """The package modules an import statement loads (a ``from x import y`` loads ``x.y`` when
    that is a module, else ``x``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".")
        if not is_package:
            base.pop()
        base = base[: len(base) - node.level + 1]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    return [
        f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
        for alias in node.names
    ]


def _is_type_checking(node) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports() -> list:
    found = []
    for name, (path, is_package) in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

        def walk(node, in_function, type_only, name=name, is_package=is_package):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    for target in _targets(name, is_package, child):
                        if target in MODULES and target != name:
                            found.append(
                                _Import(name, target, child.lineno, in_function, type_only)
                            )
                function = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                walk(
                    child,
                    in_function or (child.lineno if function else 0),
                    type_only or (isinstance(child, ast.If) and _is_type_checking(child)),
                )

        walk(tree, 0, False)
    return found


IMPORTS = _imports()


def _part(module: str) -> str:
    """The part of the package a module belongs to: ``engine``, ``formats``, …, or ``root``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "root"
    path, is_package = MODULES[".".join(parts[:2])]
    return parts[1] if is_package else "root"


def _cycles(edges) -> list:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    graph = {name: sorted({e.target for e in edges if e.source == name}) for name in MODULES}
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            if child < len(graph[node]):
                work.append((node, child + 1))
                nxt = graph[node][child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    result.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return result


def test_the_graph_is_read():
    # a walk that found nothing would pass every test below
    assert len(MODULES) > 60 and len(IMPORTS) > 300
    assert {"engine", "variants", "formats", "referee", "bots", "analysis", "ui", "cli"} <= {
        _part(m) for m in MODULES
    }


def test_no_import_loop():
    loops = _cycles([e for e in IMPORTS if not e.type_only])
    assert loops == [], f"import loops: {loops}"


def test_the_loop_finder_finds_a_loop():
    fake = [
        _Import("nardy_core.engine.game", "nardy_core.engine.match", 1, False, False),
        _Import("nardy_core.engine.match", "nardy_core.formats.notation", 1, True, False),
        _Import("nardy_core.formats.notation", "nardy_core.engine.game", 1, False, False),
    ]
    assert _cycles(fake) == [
        ["nardy_core.engine.game", "nardy_core.engine.match", "nardy_core.formats.notation"]
    ]


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_imports_go_the_way_the_layers_go(part):
    wrong = [
        e
        for e in IMPORTS
        if _part(e.source) == part
        and _part(e.target) != part
        and _part(e.target) not in ALLOWED[part]
    ]
    assert wrong == [], f"{part} may import only {sorted(ALLOWED[part])}: {wrong}"


@pytest.mark.parametrize("part", sorted(FORBIDDEN))
def test_the_named_wrong_ways_are_absent(part):
    wrong = [e for e in IMPORTS if _part(e.source) == part and _part(e.target) in FORBIDDEN[part]]
    assert wrong == [], wrong


def test_nothing_inside_imports_the_package_root():
    """The root re-exports the public API (and the old flat modules): a module inside that
    imported it would load every part of the package and close a loop through it."""
    wrong = [e for e in IMPORTS if _part(e.source) != "root" and _part(e.target) == "root"]
    assert wrong == [], wrong


def test_an_import_inside_a_function_says_why():
    """An import inside a function is for start-up time only (the page draws its board before
    it needs the bots), and a comment in the function, before the import, says so."""
    unexplained = []
    for e in IMPORTS:
        if not e.in_function or e.type_only:
            continue
        lines = MODULES[e.source][0].read_text(encoding="utf-8").split("\n")
        comments = [line for line in lines[e.in_function - 1 : e.line] if "#" in line]
        if not any(LAZY_MARK in line for line in comments):
            unexplained.append(e)
    assert unexplained == [], (
        f"imports inside functions without a '# {LAZY_MARK}' reason: {unexplained}"
    )
