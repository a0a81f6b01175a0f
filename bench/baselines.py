"""Measuring sticks for the bots (docs/strength.md): a random player and a one-ply heuristic.

Both choose among the game's distinct legal results (``Game.legal_plays()``), so they play every
game of the engine by its rules. They live here, not in ``nardy_core``: they are not bots to
play against, only fixed references that later versions of the bots are measured by.

* ``RandomPlayer``: every distinct legal result equally likely.
* ``HeuristicPlayer``: the play whose resulting position has the highest ``score()`` (below),
  ties broken uniformly at random. It looks at the result of its own play only (one ply: no
  dice of the opponent, no look-ahead). The score, for the side that has just moved, with
  ``pips`` = sum of point number x checkers in each side's own numbering, a checker on the bar
  or in hand counting 25, and borne-off checkers 0:

  - backgammon family (a lone checker can be hit: short and Caucasian nardy)::

        score = (opponent's pips - my pips) + 4 * my made points (2+ checkers, points 1-24)
                - 6 * my exposed blots + 4 * my checkers borne off

    a blot is exposed when an opposing checker stands 1-6 pips behind it on the opponent's
    way, or the opponent has a checker on the bar and the blot is on my points 1-6;
  - long-nardy family (a lone checker blocks, no hitting)::

        score = (opponent's pips - my pips) + 3 * my blocking points
                - 2 * my checkers on the head (point 24) + 4 * my checkers borne off

    a blocking point is a point I occupy that lies on the opponent's way ahead of his
    rearmost checker (so some opposing checker still has to pass it).

  A play that bears off the last checker (wins the game) always scores highest.

The random draws come from ``random.Random(seed)`` (a string seed is hashed with SHA-512, so
the player makes the same choices in every process and every run).
"""

from __future__ import annotations

import math
import random

from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL
from nardy_core.engine.position import BAR, HAND, OFF

TRACK = 24
HEAD = 24

# weights of the heuristic score (docs/strength.md repeats them)
BG_MADE, BG_BLOT, BG_OFF = 4, 6, 4
LONG_BLOCK, LONG_HEAD, LONG_OFF = 3, 2, 4


def pips(side) -> int:
    """Pips to bear everything off: own point number per checker, 25 on the bar or in hand."""
    return sum(p * side[p] for p in range(1, TRACK + 1)) + (side[BAR] + side[HAND]) * (TRACK + 1)


def is_blocking_family(variant) -> bool:
    """True for the long-nardy family: one checker holds a point and nothing is ever hit."""
    return variant.block_min == 1


def score(variant, me, opp) -> float:
    """The heuristic score of a position for the side ``me`` that has just moved (both sides in
    their own numbering, 27 counts each: off, points 1-24, bar, hand)."""
    if me[OFF] == variant.checkers:
        return math.inf
    value = pips(opp) - pips(me)
    cross = variant.cross
    if is_blocking_family(variant):
        # the opponent's rearmost checker, in his own numbering (24 = his head)
        rear = max((q for q in range(1, TRACK + 1) if opp[q]), default=0)
        if opp[HAND]:
            rear = TRACK + 1
        blocking = sum(1 for p in range(1, TRACK + 1) if me[p] and cross[p] < rear)
        value += LONG_BLOCK * blocking - LONG_HEAD * me[HEAD] + LONG_OFF * me[OFF]
        return value
    made = sum(1 for p in range(1, TRACK + 1) if me[p] >= 2)
    # the opponent's checkers on my point numbers (he moves from my 1 towards my 24)
    theirs = [0] * (TRACK + 1)
    for q in range(1, TRACK + 1):
        if opp[q]:
            theirs[cross[q]] = opp[q]
    exposed = 0
    for p in range(1, TRACK + 1):
        if me[p] != 1:
            continue
        entering = (opp[BAR] or opp[HAND]) and p <= 6
        if entering or any(theirs[r] for r in range(max(1, p - 6), p)):
            exposed += 1
    value += BG_MADE * made - BG_BLOT * exposed + BG_OFF * me[OFF]
    return value


class BaselinePlayer:
    """Plays its side of a game: rolls, chooses a play, never doubles, takes every double and
    accepts every resignation offered to it (with the cube off neither ever comes up)."""

    name = "baseline"

    def __init__(self, variant, seed=0):
        self.variant = variant
        self.rng = random.Random(f"{self.name}/{seed}")

    def choose(self, position, plays):
        raise NotImplementedError

    def act(self, game):
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            game.play(self.choose(game.position, game.legal_plays()))
        elif game.phase == DOUBLE:
            game.take()
        elif game.phase == RESIGN:
            game.accept_resignation()


class RandomPlayer(BaselinePlayer):
    """Every distinct legal result equally likely."""

    name = "random"

    def choose(self, position, plays):
        return self.rng.choice(plays)


class HeuristicPlayer(BaselinePlayer):
    """The play whose result has the highest ``score()``; ties broken at random."""

    name = "heuristic"

    def choose(self, position, plays):
        turn = position.turn
        best, best_score = [], -math.inf
        for play in plays:
            sides = play.board[0]
            value = score(self.variant, sides[turn], sides[1 - turn])
            if value > best_score:
                best, best_score = [play], value
            elif value == best_score:
                best.append(play)
        return best[0] if len(best) == 1 else self.rng.choice(best)


BASELINES = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
