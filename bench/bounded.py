"""Whole-list escalation bench: ``python3 bench/bounded.py [--runs R]``.

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
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.movegen import machine, revision  # noqa: E402
from nardy_core.bots.chooser import Chooser  # noqa: E402
from nardy_core.errors import SearchLimitError  # noqa: E402
from nardy_core.movegen import MAX_SEARCH_NODES, Search  # noqa: E402
from nardy_core.notation import parse_state  # noqa: E402
from nardy_core.turn import Turn  # noqa: E402
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


def step_walk(position, seed=1):
    """(ms to build the turn and answer its first legal_steps, slowest step in ms, steps,
    nodes visited)."""
    start = time.perf_counter()
    turn = Turn(position)
    steps = turn.legal_steps()
    first = time.perf_counter() - start
    rng = random.Random(seed)
    slowest, count = 0.0, 0
    while steps:
        start = time.perf_counter()
        step = rng.choice(steps)
        turn.destinations(step.src)
        turn.step(step)
        steps = turn.legal_steps()
        slowest = max(slowest, time.perf_counter() - start)
        count += 1
    assert turn.is_complete
    return first * 1000, slowest * 1000, count, turn.legality.visits


def bot_ms(position, level):
    chooser = Chooser(position.variant, level)
    start = time.perf_counter()
    chooser.choose(position)
    return (time.perf_counter() - start) * 1000


def listing(position):
    """'nodes, plays, seconds' of the full listing, or 'over the limit'."""
    start = time.perf_counter()
    try:
        search = Search(position)
    except SearchLimitError:
        return f"over {MAX_SEARCH_NODES:,} nodes ({time.perf_counter() - start:.2f} s)"
    plays = len(search.results())
    return f"{len(search.nodes):,} nodes, {plays:,} plays, {time.perf_counter() - start:.2f} s"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    args = parser.parse_args(argv)
    print(f"# Whole-list escalation bench, {datetime.date.today().isoformat()}")
    print(machine())
    print(revision())
    print(f"command: python3 bench/bounded.py --runs {args.runs}")
    print()
    print("| roll | turn + first answer (ms) | slowest step (ms) | steps | nodes | "
          + " | ".join(f"bot {level} (ms)" for level in LEVELS) + " | listing every play |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(LEVELS) + "---|")
    for label, position in positions():
        walks = [step_walk(position) for _ in range(args.runs)]
        first = statistics.median(w[0] for w in walks)
        slowest = statistics.median(w[1] for w in walks)
        _, _, count, nodes = walks[0]
        bots = [statistics.median(bot_ms(position, level) for _ in range(args.runs))
                for level in LEVELS]
        print(f"| {label} | {first:,.0f} | {slowest:,.0f} | {count} | {nodes:,} | "
              + " | ".join(f"{ms:,.0f}" for ms in bots) + f" | {listing(position)} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
