"""Legal-play generation speed: ``python3 bench/movegen.py [--pairs N] [--runs R]``.

For each game, times ``Search(position).results()`` (the fast path bots use: every distinct legal
result with one step sequence) over a fixed set of (position, roll) pairs from seeded random
self-play (``bench/positions.py``), and reports pairs per second: the median of R runs and the
spread (min-max). On the same short nardy pairs it times GNU Backgammon's
``gnubg_nn.moves(board, d1, d2, 1)`` (boards converted before timing) and prints the ratio.
Runs of all rows are interleaved, and a run repeats its set until it lasts ~0.25 s (gnubg goes
through 3,000 pairs in ~20 ms), so a burst of load on a shared machine skews no row alone.
Output is a markdown table to paste into ``docs/bench-movegen.md``.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import math
import os
import platform
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.positions import DEFAULT_PAIRS, GAMES, describe, game_positions  # noqa: E402
from nardy_core.engine.movegen import Search  # noqa: E402
from nardy_core.engine.position import BAR  # noqa: E402


def gnubg_board(position) -> tuple:
    """``(opp, me)`` in gnubg's convention: each side's own points 1..24, then its bar."""
    me, opp = position.mover, position.opponent
    return tuple(opp[1:25]) + (opp[BAR],), tuple(me[1:25]) + (me[BAR],)


def _version(dist) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def revision() -> str:
    """The commit measured, marked dirty when nardy_core has uncommitted changes."""
    import subprocess

    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            text=True,
            capture_output=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "nardy_core"],
            cwd=ROOT,
            text=True,
            capture_output=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown revision"
    return f"nardy_core at {head}" + (" + uncommitted changes" if dirty else "")


MIN_RUN_S = 0.25  # a timed run repeats its set until it lasts about this long


def calibrate(func) -> int:
    """Warm ``func`` up and return how many passes over the set make one run of MIN_RUN_S."""
    start = time.perf_counter()
    func()
    once = max(time.perf_counter() - start, 1e-6)
    return max(1, math.ceil(MIN_RUN_S / once))


def time_interleaved(jobs: dict, runs: int) -> dict:
    """``jobs``: name -> (func, passes). Run r of every job is taken before run r+1 of any, so
    load that comes and goes on a shared machine hits every row alike. Returns name -> [s/pass]."""
    times = {name: [] for name in jobs}
    for _ in range(runs):
        for name, (func, passes) in jobs.items():
            gc.collect()
            start = time.perf_counter()
            for _ in range(passes):
                func()
            times[name].append((time.perf_counter() - start) / passes)
    return times


def ours(positions):
    def run():
        for position in positions:
            Search(position).results()

    return run


def gnubg(items, moves):
    def run():
        for board, d1, d2 in items:
            moves(board, d1, d2, 1)

    return run


def rates(n, times):
    """(median, slowest, fastest) pairs per second."""
    return n / statistics.median(times), n / max(times), n / min(times)


def fmt_rate(r) -> str:
    return f"{r:,.0f}"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = "load average %.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "load average ?"
    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.platform()}, {cpu}, os.cpu_count()={os.cpu_count()}, {load} at start"
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--pairs",
        type=int,
        default=DEFAULT_PAIRS,
        help=f"(position, roll) pairs per game (default {DEFAULT_PAIRS})",
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs per row (default 5)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game keys")
    args = parser.parse_args(argv)

    print(f"# Move generation bench, {datetime.date.today().isoformat()}")
    print(f"{machine()}")
    print(revision())
    print(f"command: python3 bench/movegen.py --pairs {args.pairs} --runs {args.runs}")
    print()
    jobs, rows = {}, []
    sets = {game: game_positions(game, args.pairs) for game in args.games.split(",")}
    for game, positions in sets.items():
        run = ours(positions)
        facts = describe(positions)
        jobs[game] = (run, calibrate(run))
        rows.append(
            (
                game,
                f"nardy_core `Search().results()`, {game}",
                len(positions),
                f"doubles {facts['doubles']}, on bar {facts['on_bar']}, "
                f"bearing off {facts['bearing_off']}",
            )
        )
    gnubg_note = None
    if "short" in sets:
        try:
            import gnubg_nn
        except ImportError as exc:
            gnubg_note = f"gnubg skipped: gnubg_nn is not importable ({exc})"
        else:
            items = [(gnubg_board(p), p.dice[0], p.dice[1]) for p in sets["short"]]
            run = gnubg(items, gnubg_nn.moves)
            jobs["gnubg"] = (run, calibrate(run))
            rows.append(
                (
                    "gnubg",
                    "gnubg_nn `moves(board, d1, d2, 1)`, short",
                    len(items),
                    f"gnubg-nn {_version('gnubg-nn')} (C)",
                )
            )
    times = time_interleaved(jobs, args.runs)
    medians = {name: rates(n, times[name])[0] for name, _, n, _ in rows}
    if "gnubg" in medians:
        ratio = medians["short"] / medians["gnubg"]
        gnubg_note = (
            f"ratio ours/gnubg on the same short pairs (medians): {ratio:.3f} "
            f"(gnubg is {1 / ratio:.1f}x faster)"
        )

    print(
        f"| generator, game | pairs | median pairs/s | spread (min-max of {args.runs} runs) | set |"
    )
    print("|---|---:|---:|---|---|")
    for key, name, n, note in rows:
        med, low, high = rates(n, times[key])
        print(f"| {name} | {n:,} | {fmt_rate(med)} | {fmt_rate(low)} - {fmt_rate(high)} | {note} |")
    print()
    if gnubg_note:
        print(gnubg_note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
