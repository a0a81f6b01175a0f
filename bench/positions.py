"""Reproducible benchmark positions: (position with dice) pairs from seeded random self-play.

``game_positions("short")`` returns the same list on every run, machine and Python 3.11+:
games start from the initial position, every roll comes from ``random.Random(seed)`` and every
play is chosen uniformly from ``legal_plays`` ordered by resulting board (so the set does not
change when the engine finds the same results in another order); each position is recorded
with the roll that was played from it. Nothing is cached on disk: regenerating takes seconds.
"""

from __future__ import annotations

import functools
import os
import random
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from nardy_core import get_variant, legal_plays  # noqa: E402

GAMES = ("long", "short", "caucasian")
DEFAULT_PAIRS = 3000


def after(position, play):
    """The position after ``play``: the other side to move, no dice yet."""
    sides, pins = play.board
    first = list(position.first_turn)
    first[position.turn] = False
    numbers = list(position.turn_number)
    numbers[position.turn] += 1
    return position.replace(
        sides=sides,
        pins=pins,
        turn=1 - position.turn,
        dice=None,
        first_turn=tuple(first),
        turn_number=tuple(numbers),
        pending=(),
    )


def random_games(variant, rng):
    """Endless (position with dice, legal plays) pairs from random games, one game after another."""
    while True:
        position = variant.initial_position(turn=rng.randrange(2))
        while position.winner() is None:
            position = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
            # ordered by result, not by steps: the set survives changes to the search order
            plays = sorted(legal_plays(position), key=lambda play: play.board[0])
            yield position, plays
            position = after(position, rng.choice(plays))


@functools.lru_cache(maxsize=None)
def game_positions(game: str, pairs: int = DEFAULT_PAIRS, seed: int = 0) -> tuple:
    """``pairs`` positions with dice of ``game`` (default options), from seeded random games."""
    variant = get_variant(game)
    rng = random.Random(zlib.crc32(game.encode()) + 1_000_003 * seed)
    out = []
    for position, _ in random_games(variant, rng):
        out.append(position)
        if len(out) == pairs:
            return tuple(out)


def describe(positions) -> dict:
    """A few facts about a set (for the bench report): doubles, bar, bear-off phases."""
    n = len(positions)
    doubles = sum(1 for p in positions if p.dice[0] == p.dice[1])
    bar = sum(1 for p in positions if p.mover[25])
    home = sum(
        1 for p in positions if not p.mover[25] and not p.mover[26] and not any(p.mover[7:25])
    )
    return {"pairs": n, "doubles": doubles, "on_bar": bar, "bearing_off": home}


if __name__ == "__main__":
    for game in GAMES:
        print(game, describe(game_positions(game)))
