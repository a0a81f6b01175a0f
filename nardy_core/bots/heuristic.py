"""A hand-made evaluator for every game: a race model plus contact features in pips.

It is the beginner's evaluator and the fallback where no network is trained yet (every game but
short, long and Caucasian nardy). Everything is read from the frame (the side on roll's view;
the opponent's checkers stand on the roller's point numbers) through the variant's
declarations only (``block_min``, ``hit_mode``, ``cross``, ``checkers``, ``dice_count``,
``doubles``, ``track_length``), never from the game's name:

* race (``race_win``): the pip counts turned into a win chance (about 8.17 pips a roll, the
  roller a half roll ahead, a spread that grows with the length of the race);
* hitting games (``block_min`` >= 2, a blot can be hit): the contact score of ``contact.py`` in
  pips (shots at blots counted over the dice's throws, made points, primes in front of the
  other's checkers, checkers on the bar against a board, anchors) is added to the roller's
  lead before the race model turns it into a win chance;
* blocking games (``block_min`` == 1): blocks in front of the other's checkers and checkers
  left on the starting point, on the logit scale;
* gammons: the loser is still far from bearing his first checker off when the winner finishes
  (a race of the winner's pips against the loser's pips to bring everything home), plus the
  hit-and-close-out chances of contact; only where the game scores a second (third) outcome
  worth 2 (3) points.
"""

from __future__ import annotations

import math

from ..engine.frame import F_OBAR, F_OHAND, F_OOFF, F_OPP, SLOTS
from .contact import contact_pips, in_contact
from .evaluator import Evaluator

PIPS_PER_ROLL = 8.17
ROLL_VARIANCE = 0.28  # variance of rolls needed, per roll of the race (sd 4.3 pips / 8.17)
GAMMON_SPREAD = 1.6  # rolls: the uncertainty of the gammon race
CONTACT_SPREAD = 1.3  # contact positions are more volatile than the race model says
GAMMON_BASE = 0.12  # contact: the share of wins that are gammons at an even position
GAMMON_SLOPE = 0.0  # … and its growth per pip of lead
RACE_SPREAD = 1.0  # the spread of races without contact
CHECKER_PIPS = 4.0  # wastage: every checker still on the board costs about this many pips


def _logistic(x):
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _phi(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def race_win(my_pips, opp_pips, spread_factor=1.0):
    """The roller's chance to win a race with these pip counts (rolling first)."""
    mine, theirs = my_pips / PIPS_PER_ROLL, opp_pips / PIPS_PER_ROLL
    lead = theirs - mine + 0.5
    spread = spread_factor * math.sqrt(ROLL_VARIANCE * (max(mine, 0.0) + max(theirs, 0.0)) + 0.25)
    return _phi(lead / spread)


def _longest_run(flags):
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def _scored_outcomes(variant):
    """(gammons count, backgammons count): the game scores a 2-point (3-point) outcome."""
    cached = getattr(variant, "_heuristic_outcomes", None)
    if cached is not None:
        return cached
    try:
        points = {p for _, p in variant.resign_levels()}
    except Exception:  # noqa: BLE001 - a game without the usual levels: singles only
        points = {1}
    cached = (2 in points, 3 in points)
    try:
        variant._heuristic_outcomes = cached
    except AttributeError:
        pass
    return cached


def _sides(variant, raw):
    """(mine, theirs): 27 counts each in its own numbering (0 off, 1-24, 25 bar, 26 hand)."""
    cross = variant.cross
    mine = list(raw[0:27])
    theirs = [0] * 27
    for p in range(1, 25):
        c = raw[F_OPP + p]
        if c:
            theirs[cross[p]] = c
    theirs[0], theirs[25], theirs[26] = raw[F_OOFF], raw[F_OBAR], raw[F_OHAND]
    return mine, theirs


def _pips(side, entry):
    return sum(p * side[p] for p in range(1, 25)) + entry * (side[25] + side[26])


def _home_pips(side, entry):
    """Pips to bring every checker into the home (own 1-6) and bear one off."""
    outside = sum((p - 6) * side[p] for p in range(7, 25)) + (entry - 6) * (side[25] + side[26])
    return outside + 3.0


class HeuristicEvaluator(Evaluator):
    name = "heuristic"

    def evaluate(self, variant, frame):
        raw = frame.to_bytes(SLOTS, "little")
        n = variant.checkers
        mine, theirs = _sides(variant, raw)
        if mine[0] == n:
            return (1.0, 0.0 if theirs[0] else 1.0, 0.0, 0.0, 0.0)
        if variant.track_length != 24:  # tourne-case and other short tracks: race only
            entry = variant.track_length + 1
            win = race_win(_pips(mine, entry) * 2, _pips(theirs, entry) * 2)
            return (win, 0.0, 0.0, 0.0, 0.0)
        my_pips = _pips(mine, 25) + CHECKER_PIPS * (n - mine[0])
        opp_pips = _pips(theirs, 25) + CHECKER_PIPS * (n - theirs[0])
        gammons, backgammons = _scored_outcomes(variant)
        if variant.block_min == 1:
            win = race_win(my_pips, opp_pips)
            logit = self._blocking_contact(variant, raw)
            if logit:
                win = min(max(win, 1e-6), 1 - 1e-6)
                win = _logistic(math.log(win / (1 - win)) + logit)
            lead = 0.0
            contact = logit != 0.0
        else:
            contact = in_contact(variant, mine, theirs)
            lead = contact_pips(variant, mine, theirs) if contact else 0.0
            win = race_win(my_pips - lead, opp_pips, CONTACT_SPREAD if contact else RACE_SPREAD)
        win = min(max(win, 0.0), 1.0)
        if not gammons:
            return (win, 0.0, 0.0, 0.0, 0.0)
        edge = opp_pips - my_pips + lead  # the roller's lead in pips, contact included
        win_g = (
            0.0 if theirs[0] else win * self._gammon(mine, theirs, my_pips - lead, contact, edge)
        )
        lose_g = (
            0.0
            if mine[0]
            else (1 - win)
            * self._gammon(theirs, mine, opp_pips + lead, contact, -edge, roller=False)
        )
        win_bg = lose_bg = 0.0
        if backgammons:
            if win_g and (theirs[25] or theirs[26] or any(theirs[19:25])):
                win_bg = 0.25 * win_g * _logistic((sum(theirs[19:27]) - 2.0))
            if lose_g and (mine[25] or mine[26] or any(mine[19:25])):
                lose_bg = 0.25 * lose_g * _logistic((sum(mine[19:27]) - 2.0))
        return (win, win_g, win_bg, lose_g, lose_bg)

    @staticmethod
    def _gammon(winner, loser, winner_pips, contact, edge, roller=True):
        """The chance that ``loser`` has nothing off when ``winner`` (who wins) finishes."""
        need_winner = max(winner_pips, 0.0) / PIPS_PER_ROLL + (0.0 if roller else 0.5)
        need_loser = _home_pips(loser, 25) / PIPS_PER_ROLL + 1.0
        g = _phi((need_loser - need_winner) / GAMMON_SPREAD)
        if contact:
            # hits and closed boards win gammons that the race alone does not
            g = max(
                g,
                min(max(GAMMON_BASE + GAMMON_SLOPE * edge, 0.02), 0.6)
                + 0.03 * (loser[25] + loser[26]),
            )
        return min(g, 0.95)

    def _blocking_contact(self, variant, raw):
        """Long-nardy family: blocks in front of the other's checkers decide the game."""
        cross = variant.cross
        me = raw[0:27]
        theirs = raw[F_OPP + 1 : F_OPP + 25]  # index p - 1: opponent's checkers on my point p
        score = 0.0
        # the opponent's path in my numbering visits cross[q] for q = 24 … 1
        their_path = [cross[q] for q in range(24, 0, -1)]
        my_block = _longest_run(me[p] > 0 for p in their_path)
        their_block = _longest_run(theirs[p - 1] > 0 for p in range(24, 0, -1))
        score += 0.12 * max(0, my_block - 2) - 0.12 * max(0, their_block - 2)
        score -= 0.02 * max(0, me[24] - 2) * (1 if sum(me[1:7]) < 15 else 0)
        return score
