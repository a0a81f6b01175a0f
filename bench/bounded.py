"""Whole-list escalation bench: ``python3 bench/bounded.py [--runs R] [--pyodide]``.

Gioul and gul bara with ``escalation_lookahead=FULL`` make an escalating double one play of up
to 24 units (1-1 from the start: 1×4, 2×4, …, 6×4). For each such roll from the start (and
for the hardest positions found in 36,000 random ones) it times, in CPython:

* the step interface (``Turn``): building it and answering the first ``legal_steps()``, then
  the slowest single step of a seeded walk to a complete play (each step: ``legal_steps()``,
  ``destinations()`` of one checker, ``step()``), and the nodes its search visited;
* a bot move (``Chooser.choose``) at each level;
* what listing every play costs (``movegen.Search``), or that it passes the node limit.

Each figure is the median of R runs, each from fresh objects. Output: a markdown table for
``docs/bench-movegen.md``.

``--pyodide`` makes the same measurements in the page's Python too: after the CPython run, the
script runs itself (``--json``) inside Pyodide under Node (``bench/pyodide_run.mjs``, the
``pyodide`` npm package whose WebAssembly the page vendors; ``npm ci`` first), one after the
other on the same machine, and prints both tables and each timing's ratio Pyodide / CPython.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from nardy_core.bots.chooser import Chooser  # noqa: E402
from nardy_core.engine.errors import SearchLimitError  # noqa: E402
from nardy_core.engine.movegen import MAX_SEARCH_NODES, Search  # noqa: E402
from nardy_core.engine.turn import Turn  # noqa: E402
from nardy_core.formats.notation import parse_state  # noqa: E402
from nardy_core.variants import get_variant  # noqa: E402

FULL = {"escalation_lookahead": "FULL"}
LEVELS = ("beginner", "intermediate", "strong")
# the costliest whole lists met in random gul bara games (a wall of five opposing checkers
# keeps five of the mover's behind it: no play uses more than 19 and 18 of the 24 units)
HARD = (
    "gul_bara[escalation_lookahead=FULL] 22:2,21:1,18:2,11:1,7:2,6:1,5:2,4:1,3:2,2:1 "
    "24:5,4:2,3:3,2:2,1:3 w 11 - money turns:5-5",
    "gul_bara[escalation_lookahead=FULL] 22:2,21:1,18:2,9:1,7:2,5:2,4:1,3:2,2:1,1:1 "
    "24:4,18:1,4:1,3:3,2:3,1:3 w 11 - money turns:5-5",
)


def positions():
    """(label, position with dice) of every row."""
    out = []
    for key in ("gioul", "gul_bara"):
        variant = get_variant(key, FULL)
        for d in (1, 2, 3):
            # gul bara's doubles escalate from each player's fourth turn on
            position = variant.initial_position(dice=(d, d)).replace(turn_number=(3, 3))
            out.append((f"{key} {d}-{d}, start", position))
    for number, text in enumerate(HARD, 1):
        out.append((f"gul_bara 1-1, hard position {number}", parse_state(text)[0]))
    return out


def _cpu_clock():
    """The process's CPU time in seconds: CPython's ``time.process_time``; in Pyodide, where
    that is the wall clock, Node's ``process.cpuUsage()`` (user + system, all of Node's
    threads)."""
    if sys.platform == "emscripten":
        try:
            import js

            js.process.cpuUsage  # noqa: B018 - under Node only
        except (ImportError, AttributeError):
            return None
        return lambda: (lambda u: (u.user + u.system) / 1e6)(js.process.cpuUsage())
    return time.process_time


CPU = _cpu_clock()


def now():
    """(wall seconds, CPU seconds or 0.0 where there is no CPU clock)."""
    return time.perf_counter(), CPU() if CPU else 0.0


def since(start):
    """(wall ms, CPU ms) since ``start`` (a ``now()``)."""
    wall, cpu = now()
    return (wall - start[0]) * 1000, (cpu - start[1]) * 1000


def step_walk(position, seed=1):
    """((wall, CPU) ms to build the turn and answer its first legal_steps, (wall, CPU) ms of
    the slowest step by the wall clock, steps, nodes visited)."""
    start = now()
    turn = Turn(position)
    steps = turn.legal_steps()
    first = since(start)
    rng = random.Random(seed)
    slowest, count = (0.0, 0.0), 0
    while steps:
        start = now()
        step = rng.choice(steps)
        turn.destinations(step.src)
        turn.step(step)
        steps = turn.legal_steps()
        slowest = max(slowest, since(start))
        count += 1
    assert turn.is_complete
    return first, slowest, count, turn.legality.visits


def bot_ms(position, level):
    """(wall, CPU) ms of one bot move."""
    chooser = Chooser(position.variant, level)
    start = now()
    chooser.choose(position)
    return since(start)


def listing(position):
    """``(nodes or None past the limit, plays or None, (wall, CPU) ms)`` of the full
    listing."""
    start = now()
    try:
        search = Search(position)
    except SearchLimitError:
        return None, None, since(start)
    plays = len(search.results())
    return len(search.nodes), plays, since(start)


def _medians(row, name, pairs):
    """``row[name]``: the median wall ms; ``row[name + '_cpu']``: the median CPU ms."""
    pairs = list(pairs)
    row[name] = statistics.median(p[0] for p in pairs)
    row[name + "_cpu"] = statistics.median(p[1] for p in pairs)


def measure(runs, log=None):
    """One dict a row: the medians of ``runs`` runs (wall and CPU ms), the walk's steps and
    nodes, and the listing's nodes, plays and ms (one run: it is the same search each time)."""
    rows = []
    for label, position in positions():
        walks = [step_walk(position) for _ in range(runs)]
        _, _, count, nodes = walks[0]
        row = {"roll": label, "steps": count, "nodes": nodes}
        _medians(row, "first", (w[0] for w in walks))
        _medians(row, "slowest", (w[1] for w in walks))
        for level in LEVELS:
            _medians(row, level, (bot_ms(position, level) for _ in range(runs)))
        row["list_nodes"], row["list_plays"], spent = listing(position)
        _medians(row, "list_ms", [spent])
        rows.append(row)
        if log:
            log(f"{row['roll']}: done")
    return rows


def listing_text(row, clock=""):
    seconds = row["list_ms" + clock] / 1000
    if row["list_nodes"] is None:
        return f"over {MAX_SEARCH_NODES:,} nodes ({seconds:.2f} s)"
    return f"{row['list_nodes']:,} nodes, {row['list_plays']:,} plays, {seconds:.2f} s"


def table(rows, clock=""):
    """The rows by the wall clock (``clock`` ""), or by CPU time (``"_cpu"``)."""
    print(
        "| roll | turn + first answer (ms) | slowest step (ms) | steps | nodes | "
        + " | ".join(f"bot {level} (ms)" for level in LEVELS)
        + " | listing every play |"
    )
    print("|---|---:|---:|---:|---:|" + "---:|" * len(LEVELS) + "---|")
    for row in rows:
        print(
            f"| {row['roll']} | {row['first' + clock]:,.0f} | {row['slowest' + clock]:,.0f} "
            f"| {row['steps']} | {row['nodes']:,} | "
            + " | ".join(f"{row[level + clock]:,.0f}" for level in LEVELS)
            + f" | {listing_text(row, clock)} |",
            flush=True,
        )


TIMINGS = ("first", "slowest") + LEVELS + ("list_ms",)
HEADS = (
    ("turn + first answer", "slowest step")
    + tuple(f"bot {level}" for level in LEVELS)
    + ("listing",)
)
# a timing under this many ms in CPython is left out of the ratios: timer and scheduling noise
RATIO_FLOOR_MS = 20


def compare(cpython, pyodide):
    """The CPU-time table CPython → Pyodide with each ratio, and the median ratios by CPU time
    and by the wall clock (timings of at least RATIO_FLOOR_MS in CPython)."""
    print("| roll | " + " | ".join(HEADS) + " |")
    print("|---|" + "---:|" * len(HEADS))
    ratios = {(name, clock): [] for name in TIMINGS for clock in ("", "_cpu")}
    for c, p in zip(cpython, pyodide):
        assert (
            c["roll"] == p["roll"]
            and c["steps"] == p["steps"]
            and c["nodes"] == p["nodes"]
            and c["list_nodes"] == p["list_nodes"]
        ), (c, p)
        cells = []
        for name in TIMINGS:
            for clock in ("", "_cpu"):
                if c[name + clock] >= RATIO_FLOOR_MS:
                    ratios[name, clock].append(p[name + clock] / c[name + clock])
            a, b = c[name + "_cpu"], p[name + "_cpu"]
            cells.append(
                f"{a:,.0f} → {b:,.0f}" + (f" ({b / a:.1f}×)" if a >= RATIO_FLOOR_MS else "")
            )
        print(f"| {c['roll']} | " + " | ".join(cells) + " |")
    for clock, what in (("_cpu", "CPU time"), ("", "wall clock")):
        every = [r for name in TIMINGS for r in ratios[name, clock]]
        print()
        print(
            f"Median ratio Pyodide / CPython by {what}: "
            + ", ".join(
                f"{head} {statistics.median(ratios[name, clock]):.1f}×"
                for head, name in zip(HEADS, TIMINGS)
                if ratios[name, clock]
            )
            + (
                f"; all {len(every)} timings {statistics.median(every):.1f}× "
                f"(range {min(every):.1f}-{max(every):.1f}×)"
                if every
                else ""
            )
        )


def in_pyodide(runs):
    """(rows, description) of the same measurements in Pyodide under Node."""
    node = subprocess.run(
        ["node", "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    done = subprocess.run(
        [
            "node",
            os.path.join(ROOT, "bench", "pyodide_run.mjs"),
            "bench/bounded.py",
            "--json",
            "--runs",
            str(runs),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"bounded: the Pyodide run failed ({done.returncode}):\n{done.stderr[-3000:]}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    with open(
        os.path.join(ROOT, "node_modules", "pyodide", "package.json"), encoding="utf-8"
    ) as handle:
        version = json.load(handle)["version"]
    return data["rows"], (
        f"Pyodide {version} (Python {data['python']}, WebAssembly) "
        f"under Node {node}, by the wall clock ({data['seconds']:.0f} s)"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument(
        "--pyodide", action="store_true", help="also measure in Pyodide under Node and compare"
    )
    parser.add_argument(
        "--json", action="store_true", help="print the rows as one JSON line (what --pyodide reads)"
    )
    args = parser.parse_args(argv)
    if args.json:
        start = time.perf_counter()
        rows = measure(args.runs, log=lambda m: print(m, file=sys.stderr, flush=True))
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "rows": rows,
                    "seconds": time.perf_counter() - start,
                }
            )
        )
        return 0
    from bench.movegen import machine, revision

    print(f"# Whole-list escalation bench, {datetime.date.today().isoformat()}")
    print(machine())
    print(revision())
    print(
        f"command: python3 bench/bounded.py --runs {args.runs}"
        + (" --pyodide" if args.pyodide else "")
    )
    print()
    start = time.perf_counter()
    rows = measure(args.runs)
    if args.pyodide:
        print(f"CPython, by the wall clock ({time.perf_counter() - start:.0f} s):")
        print()
    table(rows)
    if args.pyodide:
        pyodide_rows, described = in_pyodide(args.runs)
        print()
        print(f"{described}:")
        print()
        table(pyodide_rows)
        print()
        print(
            "By CPU time (CPython's process time; Node's process.cpuUsage()), CPython then Pyodide:"
        )
        print()
        table(rows, "_cpu")
        print()
        table(pyodide_rows, "_cpu")
        print()
        print(
            "CPU time, CPython → Pyodide (ms), the ratio where CPython took at least "
            f"{RATIO_FLOOR_MS} ms:"
        )
        print()
        compare(rows, pyodide_rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
