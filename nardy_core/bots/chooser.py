"""The chooser: rank the legal plays of a roll by an evaluator, 0-ply or 1-ply.

0-ply scores every distinct result by the evaluator (the opponent then on roll). 1-ply takes the
best few 0-ply candidates and averages, over the opponent's 21 rolls, the result of his best
0-ply reply. Levels are fixed amounts of work (depth, candidates, noise), never a clock, so the
strength measured in CPython is the strength met in the browser. Noise is a deterministic
function of the bot's seed and the position, separate from the dice: the bot never sees future
rolls and plays the same way every time it meets the same position.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, replace
from typing import Any

from ..engine.errors import SearchLimitError
from ..engine.frame import flip, pins_of, sides_of, to_frame
from ..engine.legality import SHORT_LIST, legality_for
from ..engine.movegen import Play, Search
from ..engine.position import Position
from ..engine.variant import Variant
from .evaluator import equity, outcome_values
from .phases import evaluator_for


def distinct_rolls(count: int) -> tuple:
    """``((dice, ways), …)``: every distinct roll of ``count`` dice (higher die first) and how
    many of the 6**count ordered throws give it (21 rolls of two dice, 56 of three)."""
    from itertools import combinations_with_replacement
    from math import factorial

    out = []
    for dice in combinations_with_replacement(range(6, 0, -1), count):
        ways = factorial(count)
        for value in set(dice):
            ways //= factorial(dice.count(value))
        out.append((dice, ways))
    return tuple(out)


# The strong level's work per decision (docs/strength.md, "Time per move"): its 1-ply stage
# takes the best 0-ply candidates in order, each costing one listing of the opponent's replies
# per roll; from the third on, it stops before a candidate once the replies listed so far plus
# the mean per candidate would pass BUDGET (the best two are always looked at). Counted in
# plays, not seconds, so the level stays a fixed amount of work: the same choice in every run
# and in the page. A two-dice game lists about 300-700 replies per candidate, so there it binds
# only on rare heavy positions; fayles' 56 rolls of three dice list 1,000-5,000 per candidate.
BUDGET = 7_000
# Evaluations of one decision are kept by position (MEMO_SIZE at most): different rolls of the
# opponent often reach the same position (fayles: about a third of all evaluations).
MEMO_SIZE = 100_000


@dataclass(frozen=True)
class Level:
    name: str
    ply: int = 0  # 0: evaluate the results; 1: also the opponent's best reply
    candidates: int = 0  # 1-ply: at most this many 0-ply candidates
    prune: float = 0.0  # 1-ply: and only those within this equity of the best
    noise: float = 0.0  # standard deviation of the equity noise
    evaluator: str = "net"  # "net" where a trained network exists, else the heuristic
    settle: int = 3  # plays that leave units to play before the next roll (the blocks
    # of an escalating double, a transfer): this many best 0-ply
    # candidates are judged where the whole list ends
    budget: int = 0  # 1-ply: no further candidate once the replies listed so far, plus the
    # mean per candidate, would pass this many (0: no limit; "Time per move" in strength.md)


LEVELS = {
    "beginner": Level("beginner", ply=0, noise=0.15),
    "intermediate": Level("intermediate", ply=0, noise=0.06),
    "strong": Level("strong", ply=1, candidates=4, prune=0.16, settle=6, budget=BUDGET),
}


# Intermediate plays the evaluator's 0-ply choice blurred by noise 0.06. That blur suits the
# mature networks (short nardy's, fitted to 10 M positions judged by GNU Backgammon, and long
# nardy's, 55,000 self-play games): their intermediate still beats the heuristic baseline
# clearly. The younger self-play networks and the hand-made evaluator separate plays less
# sharply, and the same blur takes them down to the baseline (LongGammon: 0-ply +0.85 ± 0.09
# points per game against the heuristic without it, +0.14 ± 0.11 with it; 200 games each), so
# in those games intermediate plays the unblurred 0-ply choice (strong still looks a ply deeper).
# A game says which it is: ``Variant.blurred_intermediate``.

# Fixed work, never a clock (docs/architecture.md, "Bounded move generation"): the bot judges
# every result of a roll of four units or fewer (every roll of every game under its default
# options), and of a longer list whose search holds at most RESULT_NODES nodes (gioul's whole
# 4-4 list from the start: 5,209). A longer list past that (an escalating double under
# escalation_lookahead=FULL: 59,810 plays for 3-3, millions for 1-1) is played block by block
# instead (``Chooser._by_blocks``): the BEAM best positions after each run of equal units, by
# the 0-ply evaluation, go on to the next run. The opponent's rolls in a 1-ply look-ahead get
# REPLY_NODES and a beam of one.
RESULT_NODES = 20_000
REPLY_NODES = 2_000
BEAM = 3


def level_for(variant, name) -> Level:
    """The level ``name`` as it plays ``variant``."""
    level = LEVELS[name]
    if name == "intermediate" and not variant.blurred_intermediate:
        return Level(name, ply=0, noise=0.0, settle=level.settle)
    if name == "strong" and variant.strong_search is not None:
        candidates, prune = variant.strong_search
        return replace(level, candidates=candidates, prune=prune)
    return level


def _gauss(key) -> float:
    """A standard normal value that depends only on ``key``, a tuple of ints, whose hash is
    the same in every process (Box-Muller on the hash)."""
    h = hash(key) & 0xFFFFFFFFFFFF
    u1 = ((h >> 24) + 1) / (2**24 + 1)
    u2 = (h & 0xFFFFFF) / 2**24
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def _mine(probs):
    """The other side's probabilities seen from this side."""
    win, win_g, win_bg, lose_g, lose_bg = probs
    return (1.0 - win, lose_g, lose_bg, win_g, win_bg)


class Ranked:
    """A play and its value for the mover. ``ply``: 1 where the opponent's replies were
    looked at; ``settled``: judged where the unit list ends (``Chooser._settle``)."""

    __slots__ = ("play", "equity", "probs", "ply", "settled")

    def __init__(self, play, equity_, probs, ply):
        self.play, self.equity, self.probs, self.ply = play, equity_, probs, ply
        self.settled = False

    def __repr__(self):
        return f"Ranked({self.play.notation()!r}, {self.equity:+.3f}, ply {self.ply})"


class Chooser:
    def __init__(self, variant, level="strong", seed=0, evaluator=None):
        self.variant = variant
        self.level = level_for(variant, level) if isinstance(level, str) else level
        self.evaluator = evaluator or evaluator_for(variant, self.level.evaluator)
        self.noise = self.level.noise
        # a stable hash: str hashes change from process to process (PYTHONHASHSEED), and the
        # bot must play the same way every time it meets the same position
        self.seed = zlib.crc32(str(seed).encode())
        # only games whose turn can go on after a play (Variant.follow_up) need settling
        self._settles = type(variant).follow_up is not Variant.follow_up
        self._memo: dict | None = None  # {result frame: (equity, probs)} during one decision
        self._values = outcome_values(variant)
        self._listed = 0  # replies listed by the 1-ply look-aheads (the level's budget)

    # --- evaluation ---------------------------------------------------------------------------
    def _results(self, position, limit=RESULT_NODES, beam=BEAM):
        """``{frame after the play: steps}`` of every legal play, or, for a long unit list
        whose plays would take more than ``limit`` search nodes to list, of the plays
        ``_by_blocks`` builds (a roll of four units or fewer is always listed in full)."""
        units, ordered = self.variant.units(position)
        if not (ordered and len(units) > SHORT_LIST):
            return Search(position).results()
        try:
            return Search(position, limit).results()
        except SearchLimitError:
            return self._by_blocks(position, beam)

    def _by_blocks(self, position, beam):
        """Legal plays built one run of equal units at a time (the blocks of an escalating
        list): of the positions the next run can reach on the way to a legal play, the
        ``beam`` best by the 0-ply evaluation go on. Returns ``{frame: steps}`` of the
        complete plays met, at least one."""
        legality = legality_for(position)
        root = legality.root
        if legality.is_legal(root):
            return {root[0]: ()}
        done, frontier = {}, [(root, ())]
        while frontier:
            ends = {}
            for node, steps in frontier:
                for end, path in _run_ends(legality, node).items():
                    if legality.is_legal(end):
                        done.setdefault(end[0], steps + path)
                    else:
                        ends.setdefault(end, steps + path)
            keys = list(ends)
            scored = self._score_results(position, [key[0] for key in keys])
            order = sorted(range(len(keys)), key=lambda i: -scored[i][0])
            frontier = [(keys[i], ends[keys[i]]) for i in order[:beam]]
        return done

    def _score_results(self, position, frames):
        """0-ply (equity, probs) of each result frame for the side that just moved. Within a
        decision (``_memo``) each distinct frame that does not end the game is evaluated once:
        the same values, less work (the opponent's rolls often reach the same position)."""
        variant = self.variant
        cross = variant.cross
        may_end = variant.may_end
        memo = self._memo
        out = [None] * len(frames)
        open_frames = {}  # {frame: [indexes]}, in order of first appearance
        for i, frame in enumerate(frames):
            if may_end(frame):
                ended = self._ended(position, frame)
                if ended is not None:
                    out[i] = ended
                    continue
            if memo is not None:
                known = memo.get(frame)
                if known is not None:
                    out[i] = known
                    continue
            at = open_frames.get(frame)
            if at is None:
                open_frames[frame] = [i]
            else:
                at.append(i)
        if not open_frames:
            return out
        probs_of = self.evaluator.evaluate_many(variant, [flip(f, cross) for f in open_frames])
        single, gammon, backgammon = self._values
        if memo is not None and len(memo) + len(open_frames) > MEMO_SIZE:
            memo.clear()
        for (frame, indexes), (win, win_g, win_bg, lose_g, lose_bg) in zip(
            open_frames.items(), probs_of
        ):
            mine = (1.0 - win, lose_g, lose_bg, win_g, win_bg)  # _mine
            value = (  # evaluator.equity(variant, mine), term by term
                single * (2 * mine[0] - 1)
                + (gammon - single) * (mine[1] - mine[3])
                + (backgammon - gammon) * (mine[2] - mine[4]),
                mine,
            )
            for i in indexes:
                out[i] = value
            if memo is not None:
                memo[frame] = value
        return out

    def _ended(self, position, frame):
        """Exact (equity, probs) when the play ends the game (the game's own end rule,
        ``Variant.end_of_turn``), else None."""
        if not self.variant.may_end(frame):
            return None
        me, opp = sides_of(frame, self.variant.cross)
        sides = [None, None]
        sides[position.turn], sides[1 - position.turn] = me, opp
        after = position.replace(sides=tuple(sides))
        outcome, _ = self.variant.end_of_turn(position, after)
        if outcome is None:  # e.g. long nardy's last roll still to come
            return None
        if outcome.winner is None:
            return 0.0, (0.5, 0.0, 0.0, 0.0, 0.0)
        probs = (1.0, float(outcome.points >= 2), float(outcome.points >= 3), 0.0, 0.0)
        return float(outcome.points), probs

    def _roll_ended(self, position, results):
        """Exact (equity, probs) for the roller when his roll itself ends the game
        (``Variant.roll_outcome``: fayles' unplayable roll), else None."""
        if len(results) != 1:  # such a roll leaves one result: the position unchanged
            return None
        plays = [Play(position, steps, f) for f, steps in results.items()]
        outcome = self.variant.roll_outcome(position, plays)
        if outcome is None:
            return None
        if outcome.winner is None:
            return 0.0, (0.5, 0.0, 0.0, 0.0, 0.0)
        points = outcome.points
        if outcome.winner == position.turn:
            return float(points), (1.0, float(points >= 2), float(points >= 3), 0.0, 0.0)
        return -float(points), (0.0, 0.0, 0.0, float(points >= 2), float(points >= 3))

    def _noisy(self, frame, value):
        if not self.noise:
            return value
        return value + self.noise * _gauss((self.seed, frame))

    # --- ranking ------------------------------------------------------------------------------
    def rank(self, position, ply=None, top=None, also=None) -> list:
        """Every legal play with its equity for the mover, best first. ``top``: how many
        candidates are settled where the turn goes on (default: the level's ``settle``).
        ``also``: one more play (a ``Play``, or its result frame) to judge as deeply as the
        best candidates wherever it stands at 0-ply (a review compares the play made with the
        best on equal terms); it changes nothing else."""
        if self._memo is not None:  # within a decision (settling a candidate): same memo
            return self._rank(position, ply, top, also)
        self._memo = {}
        try:
            return self._rank(position, ply, top, also)
        finally:
            self._memo = None

    def _rank(self, position, ply, top, also) -> list:
        ply = self.level.ply if ply is None else ply
        results = self._results(position)
        made = also if isinstance(also, Play) else None
        also = made.frame if made is not None else also
        if also is not None and also not in results:  # not among the plays built by blocks
            steps = made.steps if made is not None else legality_for(position).path_to(also)
            if steps is not None:
                results[also] = steps
        frames = list(results)
        scored = self._score_results(position, frames)
        ranked = [
            Ranked(Play(position, results[f], f), self._noisy(f, eq), probs, 0)
            for f, (eq, probs) in zip(frames, scored)
        ]
        ranked.sort(key=lambda r: -r.equity)
        if self._settles and self._settle(
            position, ranked, self.level.settle if top is None else top, also
        ):
            return ranked  # judged where the list ends: a 1-ply reply would come too early
        if ply >= 1 and len(ranked) > 1:
            best = ranked[0].equity
            limit = self.level.candidates or len(ranked)
            budget, looked, listed = self.level.budget, 0, self._listed
            for r in ranked[:limit]:
                if best - r.equity > self.level.prune and r is not ranked[0]:
                    break
                if r.probs[0] in (0.0, 1.0) and self._ended(position, r.play.frame):
                    continue  # a finished game needs no look-ahead
                spent = self._listed - listed
                if budget and looked >= 2 and spent + spent / looked > budget:
                    break  # fixed work: the rest stay at 0-ply, behind those looked at
                r.equity, r.probs = self._one_ply(position, r.play.frame)
                looked += 1
                r.equity = self._noisy(r.play.frame, r.equity)
                r.ply = 1
            for r in ranked:  # a game ended by the play is exact: never behind an estimate
                if r.ply == 0 and r.probs[0] in (0.0, 1.0) and self._ended(position, r.play.frame):
                    r.ply = 1
            extra = (
                next((r for r in ranked if r.play.frame == also), None)
                if also is not None
                else None
            )
            if (
                extra is not None
                and extra.ply == 0
                and not (extra.probs[0] in (0.0, 1.0) and self._ended(position, also))
            ):
                extra.equity, extra.probs = self._one_ply(position, also)
                extra.equity = self._noisy(also, extra.equity)
                extra.ply = 1
            ranked.sort(key=lambda r: (-r.ply, -r.equity))
        return ranked

    def _settle(self, position, ranked, top, also=None) -> bool:
        """Where a play leaves units to be played before the next roll (the next block of an
        escalating double, or a rest handed to the opponent), the 0-ply value — the opponent
        on roll — is the wrong question. The ``top`` best candidates (and the play whose
        frame is ``also``) are instead judged after the rest of the list, played greedily (each
        later block by its best 0-ply play, itself settled), and put first. False when no
        candidate's turn goes on."""
        settled, goes_on = [], False
        chosen = ranked[: max(top, 1)]
        if also is not None and all(r.play.frame != also for r in chosen):
            chosen += [r for r in ranked if r.play.frame == also]
        for r in chosen:
            value = self._after_list(position, r.play)
            if value is not None:
                r.equity, r.probs = value
                goes_on = True
            settled.append(r)  # or a play that ended the game, scored exactly
        if not goes_on:
            return False  # the turn passes as usual: nothing to settle
        for r in settled:
            r.settled = True
        settled.sort(key=lambda r: -r.equity)
        rest = [r for r in ranked if r not in settled]
        ranked[:] = settled + rest
        return True

    def _after_list(self, position, play):
        """(equity, probs) for the mover once the units left after ``play`` are played, or
        None when the turn simply passes (or the game ended: scored exactly already)."""
        variant = self.variant
        mover = position.turn
        outcome, _, following = variant.after_play(position, play)
        if outcome is not None:
            return None
        if following.pending:
            best = self.rank(following, ply=0, top=1)[0]
            equity_, probs = best.equity, best.probs
        elif following.turn == mover:  # the receiver of a transfer rolls next himself
            probs = self.evaluator.evaluate(variant, to_frame(following, variant.cross))
            equity_ = equity(variant, probs)
        else:
            return None
        if following.turn != mover:
            return -equity_, _mine(probs)
        return equity_, probs

    def _one_ply(self, position, frame):
        """The mover's equity after ``frame``: the opponent's best 0-ply reply, averaged over
        his rolls (21 with two dice, 56 with three)."""
        variant = self.variant
        cross = variant.cross
        theirs_frame = flip(frame, cross)
        opp_side, my_side = sides_of(theirs_frame, cross)
        pins = [None, None]
        pins[1 - position.turn], pins[position.turn] = pins_of(theirs_frame, cross)
        pins = tuple(pins)
        opponent = 1 - position.turn
        first = list(position.first_turn)
        first[position.turn] = False
        total_eq = 0.0
        total_probs = [0.0] * 5
        rolls = distinct_rolls(variant.dice_count)
        throws = 6**variant.dice_count
        for dice, weight in rolls:
            sides = [None, None]
            sides[opponent], sides[position.turn] = opp_side, my_side
            reply_pos = Position(
                variant,
                sides,
                turn=opponent,
                dice=dice,
                first_turn=first,
                turn_number=position.turn_number,
                pins=pins,
            )
            results = self._results(reply_pos, REPLY_NODES, 1)
            self._listed += len(results)
            ended = self._roll_ended(reply_pos, results)
            if ended is not None:  # the roll itself ends the game (fayles: unplayable)
                eq, probs = ended
            else:
                replies = list(results)
                scored = self._score_results(reply_pos, replies)  # for the opponent
                eq, probs = max(scored, key=lambda x: x[0])
            total_eq -= weight * eq
            mine = _mine(probs)
            for k in range(5):
                total_probs[k] += weight * mine[k]
        return total_eq / throws, tuple(p / throws for p in total_probs)

    def choose(self, position) -> Play:
        return self.rank(position)[0].play


def _run_ends(legality, node) -> dict:
    """``{end node: steps}``: where playing on from ``node`` along playable steps ends the run
    of units equal to its next one (or ends the play)."""
    value = node[2][0]
    out: dict[Any, tuple] = {}
    seen = {node}
    stack: list[tuple[Any, tuple]] = [(node, ())]
    while stack:
        at, path = stack.pop()
        for step, child in legality.children(at):
            if child in seen or not legality.playable(child):
                continue
            seen.add(child)
            steps = path + (step,)
            if legality.is_legal(child) or child[2][:1] != (value,):
                out.setdefault(child, steps)
            else:
                stack.append((child, steps))
    return out
