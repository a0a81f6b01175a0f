"""Move generation and the bots, this checkout against another one, in the same run:
``python3 bench/before_after.py --before DIR [--rounds R] [--pairs N] [--bot-positions M]``.

``DIR`` is a checkout of an older commit (``git worktree add /tmp/before <commit>``). Each
round times both trees, each in a fresh process, the order alternating from round to round, so
that load that comes and goes on a shared machine hits both alike. A process times, per game,
``Search(position).results()`` over the (position, roll) pairs of ``bench/positions.py`` (the
set ``bench/movegen.py`` uses; the median of five passes) and the strong bot's ``Chooser.choose`` over the first M of
them. The report gives medians over the rounds and the ratio after/before (> 1: after is
slower). Works with trees from before and after the package was split into parts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("long", "short", "plakoto", "fevga", "tawula")

CHILD = r"""
import gc, json, sys, time
sys.path.insert(0, sys.argv[1])
try:
    from nardy_core.engine.movegen import Search
except ImportError:
    from nardy_core.movegen import Search
from nardy_core.bots.chooser import Chooser
from bench.positions import game_positions
out = {}
pairs, bot_positions = int(sys.argv[2]), int(sys.argv[3])
for game in sys.argv[4].split(","):
    positions = game_positions(game, pairs)
    for position in positions:          # warm up: caches, the network's weights
        Search(position).results()
    passes = []
    for _ in range(5):                  # the median of five passes over the set
        gc.collect()
        start = time.perf_counter()
        for position in positions:
            Search(position).results()
        passes.append((time.perf_counter() - start) / len(positions))
    out["movegen " + game] = sorted(passes)[2]
    chooser = Chooser(positions[0].variant, "strong")
    chooser.choose(positions[0])
    gc.collect()
    start = time.perf_counter()
    for position in positions[:bot_positions]:
        chooser.choose(position)
    out["bot " + game] = (time.perf_counter() - start) / bot_positions
print(json.dumps(out))
"""


def one(tree, args) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, tree, str(args.pairs), str(args.bot_positions), args.games],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True, help="a checkout of the older commit")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=600)
    parser.add_argument("--bot-positions", type=int, default=20)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    trees = {"before": os.path.abspath(args.before), "after": ROOT}
    times: dict = {"before": {}, "after": {}}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for name in order:
            for key, value in one(trees[name], args).items():
                times[name].setdefault(key, []).append(value)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print(
        "| measure (time per position) | before, median | after, median | after/before "
        "| before, min-max | after, min-max |"
    )
    print("|---|---:|---:|---:|---|---|")
    for key in times["before"]:
        b, a = times["before"][key], times["after"][key]
        unit, scale = ("µs", 1e6) if key.startswith("movegen") else ("ms", 1e3)
        mb, ma = statistics.median(b) * scale, statistics.median(a) * scale
        print(
            f"| {key} | {mb:,.1f} {unit} | {ma:,.1f} {unit} | {ma / mb:.3f} | "
            f"{min(b) * scale:,.1f}-{max(b) * scale:,.1f} | "
            f"{min(a) * scale:,.1f}-{max(a) * scale:,.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
