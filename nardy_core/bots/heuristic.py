"""A hand-made evaluator for every game: a race estimate plus a few contact features.

It is the beginner's evaluator, the fallback where no network is trained yet, and the
"one-ply heuristic" baseline of docs/strength.md. Features are read straight from the frame
(the side on roll's view; the opponent's checkers stand on the roller's point numbers):

* race: the pip counts turned into a win chance (about 8.17 pips a roll, the roller a half roll
  ahead, a spread that grows with the length of the race);
* backgammon family (a blot can be hit): the roller's and the opponent's blots in direct range
  of an enemy checker, home-board points, the longest prime, checkers on the bar;
* long-nardy family (one checker blocks): blocked landing points in front of each side's
  checkers, checkers still on the head, the longest run of points in the other's way.
"""

from __future__ import annotations

import math

from ..frame import F_OBAR, F_OHAND, F_OOFF, F_OPP, SLOTS
from ..geometry import CONTRARY
from .evaluator import Evaluator

PIPS_PER_ROLL = 8.17
ROLL_VARIANCE = 0.28  # variance of rolls needed, per roll of the race (sd 4.3 pips / 8.17)


def _logistic(x):
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def race_win(my_pips, opp_pips):
    """The roller's chance to win a race with these pip counts (rolling first)."""
    mine, theirs = my_pips / PIPS_PER_ROLL, opp_pips / PIPS_PER_ROLL
    lead = theirs - mine + 0.5
    spread = math.sqrt(ROLL_VARIANCE * (mine + theirs) + 0.25)
    return 0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0))))


def _longest_run(flags):
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


class HeuristicEvaluator(Evaluator):
    name = "heuristic"

    def evaluate(self, variant, frame):
        raw = frame.to_bytes(SLOTS, "little")
        cross = variant.cross
        n = variant.checkers
        me = raw[0:27]
        theirs = raw[F_OPP + 1:F_OPP + 25]  # index p - 1: opponent's checkers on my point p
        my_off, opp_off = me[0], raw[F_OOFF]
        my_pips = sum(p * me[p] for p in range(1, 25)) + 25 * (me[25] + me[26])
        opp_pips = sum(cross[p] * theirs[p - 1] for p in range(1, 25)) + 25 * (
            raw[F_OBAR] + raw[F_OHAND])
        if variant.track_length != 24:  # tourne-case and other short tracks: race only
            win = race_win(my_pips, opp_pips)
            return (win, 0.0, 0.0, 0.0, 0.0)
        contact = self._contact(variant, raw, me, theirs)
        win = race_win(my_pips, opp_pips)
        if contact:
            # shift the race estimate by the contact score, on the logit scale
            win = min(max(win, 1e-6), 1 - 1e-6)
            win = _logistic(math.log(win / (1 - win)) + contact)
        win_g = 0.0 if opp_off else win * _logistic((opp_pips - my_pips - 45) / 18)
        lose_g = 0.0 if my_off else (1 - win) * _logistic((my_pips - opp_pips - 45) / 18)
        if my_off == n:
            return (1.0, 0.0 if opp_off else 1.0, 0.0, 0.0, 0.0)
        return (win, win_g, 0.0, lose_g, 0.0)

    def _contact(self, variant, raw, me, theirs):
        """A score on the logit scale: positive favours the side on roll."""
        if variant.block_min == 1:
            return self._blocking_contact(variant, me, theirs)
        if variant.geometry != CONTRARY:
            return 0.0
        # in the roller's numbering the opponent moves up, from 1 towards 24
        lowest_mine = next((p for p in range(1, 25) if me[p]), 25)
        highest_theirs = max((p for p in range(1, 25) if theirs[p - 1]), default=0)
        if me[25] == 0 and raw[F_OBAR] == 0 and highest_theirs < lowest_mine:
            return 0.0  # no contact left: a pure race
        score = 0.0
        opp_bar = raw[F_OBAR]
        for p in range(1, 25):
            if me[p] == 1:  # my blot: shots from opponent checkers below it (and his bar)
                shooters = sum(theirs[q - 1] for q in range(max(1, p - 6), p))
                if opp_bar and p <= 6:
                    shooters += opp_bar
                if shooters:
                    score -= 0.10 + 0.004 * p  # a hit costs more the further it sends me back
            if theirs[p - 1] == 1:
                shooters = sum(me[q] for q in range(p + 1, min(25, p + 7)))
                if me[25] and p >= 19:
                    shooters += me[25]
                if shooters:
                    score += 0.10 + 0.004 * (25 - p)
        home = sum(1 for p in range(1, 7) if me[p] >= 2)
        their_home = sum(1 for p in range(19, 25) if theirs[p - 1] >= 2)
        score += 0.05 * home - 0.05 * their_home
        score += 0.06 * _longest_run(me[p] >= 2 for p in range(1, 25))
        score -= 0.06 * _longest_run(theirs[p - 1] >= 2 for p in range(1, 25))
        score += opp_bar * (0.15 + 0.06 * home) - me[25] * (0.15 + 0.06 * their_home)
        return score

    def _blocking_contact(self, variant, me, theirs):
        """Long-nardy family: blocks in front of the other's checkers decide the game."""
        cross = variant.cross
        score = 0.0
        # the opponent's path in my numbering visits cross[q] for q = 24 … 1
        their_path = [cross[q] for q in range(24, 0, -1)]
        my_block = _longest_run(me[p] > 0 for p in their_path)
        their_block = _longest_run(theirs[p - 1] > 0 for p in range(24, 0, -1))
        score += 0.12 * max(0, my_block - 2) - 0.12 * max(0, their_block - 2)
        score -= 0.02 * max(0, me[24] - 2) * (1 if sum(me[1:7]) < 15 else 0)
        return score
