"""Rollout speed: games per second from the starting position, per game and level, in CPython.

    python3 bench/rollout_speed.py [--games long short] [--repeats 3] [--trials 10]
                                   [--levels beginner …] [--default-luck]
    node bench/pyodide_run.mjs bench/rollout_speed.py …     (the same in Pyodide, the page's
                                                             Python, under Node)

For each game and level: ``--repeats`` rollouts of the starting position (White to roll), each
of ``--trials`` trials (a fifth of them, at least two, in the slow runs: the strong level, and
the luck adjustment at 0-ply), one process, with truncation, with and without the luck
adjustment on every roll. Prints the median games per second as a Markdown table for
docs/rollouts.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from nardy_core import get_variant  # noqa: E402
from nardy_core.analysis.rollout import luck_rolls  # noqa: E402
from nardy_core.analysis.rolloutjobs import rollout  # noqa: E402
from nardy_core.bots import LEVELS  # noqa: E402


def measure(key, level, luck, trials, repeats):
    position = get_variant(key).initial_position()
    rollout(position, games=1, level=level, seed="warm-up", luck=luck)  # loads the network
    rates = []
    for r in range(repeats):
        start = time.perf_counter()
        rollout(position, games=trials, level=level, seed=f"speed/{r}", luck=luck)
        rates.append(trials / (time.perf_counter() - start))
    return statistics.median(rates)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["long", "short"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=list(LEVELS))
    parser.add_argument(
        "--default-luck", action="store_true", help="only each level's default luck adjustment"
    )
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {sys.platform}, one process")
    print()
    print("| game | level | luck adjustment | games/s (median) |")
    print("|---|---|---|---|")
    for key in args.games:
        for level in args.levels:
            few = max(2, args.trials // 5)
            if LEVELS[level].ply == 0:  # the default (none), then every roll
                runs = [("none", args.trials), ("all", few)]
            else:  # the default (every roll), then none
                runs = [("all", few), ("none", few)]
            if args.default_luck:
                runs = runs[:1]
            for luck, trials in runs:
                rate = measure(key, level, luck, trials, args.repeats)
                default = (
                    " (default)" if luck_rolls("auto", level) == luck_rolls(luck, level) else ""
                )
                shown = {"all": "every roll", "none": "none"}[luck] + default
                print(f"| {key} | {level} | {shown} | {rate:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
