"""Rollouts: a position (or a position and roll, comparing candidate plays) played out to the
end of the game many times by a bot level, cubeless, with variance reduction (docs/rollouts.md).

This module plays trials and adds them up; ``rolloutjobs.py`` runs batches of trials, in
processes where there are any, saves and resumes, and writes the result.

* **Common random numbers.** Trial ``i`` throws its dice from ``Dice(f"{seed}/{i}")`` whatever
  the candidate: every candidate meets the same rolls, so their difference is measured with
  much less noise than either equity.
* **Luck adjustment** (as GNU Backgammon's variance reduction): at each roll of a trial the
  roller's luck — the cheap evaluator's value of the roll (its best 0-ply play) minus the
  average over every roll — is taken off the result (with the sign of the side it favoured).
  Each luck has mean zero given the position, so the adjusted result has the same expectation
  and, in practice, a smaller variance.
* **Truncation.** Before a roll in a bear-off race that the one-sided database plays
  (``bots/bearoff.py``), the trial stops and takes the database's probabilities instead.
* **Cubeful** (optional, money games): the trials play with the cube, the bot's cube
  decisions (``bots/cube.py``) on both sides, and score what the game scores with it; a
  truncated trial takes the cube model's cubeful value of its probabilities. A cube decision
  is rolled out as two candidates on the same dice, no double and double/take (double/pass is
  the cube's value); luck is weighted by the cube's value at the roll.
* **A horizon** (optional, GNU Backgammon's "truncated rollout"): after that many plays the
  trial stops before the next roll and takes the evaluator's probabilities for the position.
  Much faster, and less noisy, but biased by the evaluator's own errors at the horizon.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..bots.bearoff import is_bearoff, race_probabilities
from ..bots.chooser import LEVELS, Chooser, Level, distinct_rolls
from ..bots.cube import (
    CONTACT_EFFICIENCY,
    DROP,
    CubeDecider,
    Situation,
    decide,
    is_race,
    race_efficiency,
)
from ..bots.cube import DOUBLE as DOUBLES
from ..bots.evaluator import equity
from ..engine.cube import CubeState
from ..engine.dice import Dice
from ..engine.errors import GameStateError, NardyError
from ..engine.frame import sides_of, to_frame
from ..engine.game import DOUBLE, MOVE, ROLL, Game
from ..engine.position import OFF
from ..engine.variant import Variant
from ..variants import get_variant

MAX_GAMES = 1_000_000  # the most trials a rollout is asked for
MAX_JOBS = 64  # the most processes
MAX_TOP = 20  # the most candidate plays compared
MAX_LUCK = 10_000  # the most rolls counted for the luck adjustment
MAX_HORIZON = 1000  # the farthest horizon, in plays
# A rollout may also be played by the evaluator's own choice, without noise or look-ahead (GNU
# Backgammon's 0-ply rollouts): the steadiest cheap player, the one to check a judge with.
ROLLOUT_LEVELS = {**LEVELS, "0ply": Level("0ply", ply=0, settle=3)}
LUCK_SETTLE = 3  # escalating lists: candidates settled per roll for the luck (as the review)
LUCK_CACHE = 4096  # pre-roll positions whose roll table is kept (the first rolls repeat)
SLOTS = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


def luck_rolls(luck, level):
    """The rolls of each trial to adjust for luck: None for every one, else how many from the
    first. ``luck``: "all", "none", a count, or "auto": every roll with a level that looks a
    ply ahead (a luck table costs about a third of a 1-ply move), else none: at 0-ply a table
    costs some twenty moves, more than the variance it saves (docs/rollouts.md)."""
    if luck == "all":
        return None
    if luck == "none":
        return 0
    if luck == "auto":
        return None if ROLLOUT_LEVELS[level].ply >= 1 else 0
    if type(luck) is not int or not 0 <= luck <= MAX_LUCK:
        raise RolloutError(
            f"luck is 'auto', 'all', 'none' or a count of rolls from 0 to {MAX_LUCK}, "
            f"not {luck!r:.40}",
            code="rollout_luck",
        )
    return luck


@dataclass(frozen=True)
class Candidate:
    """What one column of a rollout plays: ``steps``, a play of the roll (None: the side on roll
    rolls); ``cube``, (value, owner) of a cubeful trial's cube (None: centred at 1);
    ``no_double``, whether the side on roll must roll without doubling first."""

    steps: tuple | None = None
    cube: tuple | None = None
    no_double: bool = False


class RolloutError(NardyError):
    """A rollout refused: bad numbers, a finished game, a save file of another rollout."""


@dataclass(frozen=True)
class Trial:
    """One trial of one candidate: ``points`` won (negative: lost) by the side the rollout is
    for, ``luck`` the sum of the rolls' luck from that side's point of view, ``outcome``
    ``{"win:gammon": 1.0, …}`` (fractions where the database finished the game), ``truncated``
    whether it did."""

    points: float
    luck: float
    outcome: tuple  # ((key, weight), …)
    truncated: bool


def cubeless(variant: Variant) -> Variant:
    """The game as the trials play it: the Jacoby rule is a cube rule (gammons count only once
    the cube is turned), so a cubeless rollout plays without it."""
    values = variant.options.values
    if not values.get("jacoby"):
        return variant
    return get_variant(variant.key, {**values, "jacoby": False})


class Player:
    """Plays trials of one game at one level: the chooser, the luck tables, the database."""

    def __init__(
        self,
        variant,
        level="intermediate",
        seed="0",
        luck=None,
        truncate=True,
        horizon=None,
        cubeful=False,
        evaluator=None,
    ):
        """``luck``: the rolls of each trial that are luck adjusted, the first ``luck`` (0:
        none) or, None, every one. ``horizon``: the plays after which a trial stops and takes
        the evaluator's value (None: played to the end or the race database). ``cubeful``:
        the trials play with the cube (money games). ``evaluator``: instead of the game's own
        (a judge that must not change when the shipped network does)."""
        self.variant = variant if cubeful else cubeless(variant)
        self.cubeful = cubeful
        level = ROLLOUT_LEVELS[level] if level == "0ply" else level
        self.chooser = Chooser(self.variant, level, seed=seed, evaluator=evaluator)
        # the luck of a roll is judged by the same evaluator at 0-ply, without noise
        self.judge = Chooser(
            self.variant,
            Level("luck", ply=0, settle=LUCK_SETTLE),
            evaluator=self.chooser.evaluator,
        )
        self.luck, self.truncate, self.horizon = luck, truncate, horizon
        self.decider = CubeDecider(self.chooser.evaluator) if cubeful else None
        kinds = [kind for kind, _ in self.variant.resign_levels()][:3]
        self.kinds = tuple(kinds + [kinds[-1]] * (3 - len(kinds)))
        self.roll_ends = type(self.variant).roll_outcome is not Variant.roll_outcome
        self.rolls = distinct_rolls(self.variant.dice_count)
        self.throws = 6**self.variant.dice_count
        self._tables: dict = {}

    # --- the luck of a roll ---------------------------------------------------------------
    def _roll_value(self, position) -> float:
        """The roller's equity after his best 0-ply play of the roll on ``position``."""
        judge = self.judge
        if self.roll_ends:
            ended = judge._roll_ended(position, judge._results(position))
            if ended is not None:
                return ended[0]
        return judge.rank(position, ply=0, top=LUCK_SETTLE)[0].equity

    def luck_of(self, position, dice) -> float:
        """The roller's luck of ``dice`` on ``position`` (no dice set): its value minus the
        average of every roll's."""
        key = position
        table = self._tables.get(key)
        if table is None:
            values = {d: self._roll_value(position.replace(dice=d)) for d, _ in self.rolls}
            mean = sum(values[d] * w for d, w in self.rolls) / self.throws
            table = {d: v - mean for d, v in values.items()}
            if len(self._tables) >= LUCK_CACHE:
                self._tables.clear()
            self._tables[key] = table
        return table[tuple(sorted(dice, reverse=True))]

    # --- truncation -----------------------------------------------------------------------
    def _race(self, position, side):
        """The outcome of a bear-off race from the database, for ``side``: (points, outcome,
        the roller's probabilities)."""
        variant = self.variant
        frame = to_frame(position, variant.cross)
        probs = race_probabilities(*(s[1:7] for s in sides_of(frame, variant.cross)))
        win, win_g, _, lose_g, _ = probs
        roller = position.turn
        single_w, gammon_w = self._race_kinds(position, roller)
        single_l, gammon_l = self._race_kinds(position, 1 - roller)
        # (probability, winner, (kind, points)) from the roller's side
        parts = (
            (win - win_g, roller, single_w),
            (win_g, roller, gammon_w),
            (1.0 - win - lose_g, 1 - roller, single_l),
            (lose_g, 1 - roller, gammon_l),
        )
        points, outcome = 0.0, []
        for p, winner, (kind, value) in parts:
            if p <= 0.0:
                continue
            mine = winner == side
            points += p * value if mine else -p * value
            outcome.append((f"{'win' if mine else 'lose'}:{kind}", p))
        return points, tuple(outcome), probs

    def _horizon(self, position, side):
        """The evaluator's outcome of ``position`` (before its roll) for ``side``: (points,
        outcome, the roller's probabilities), the outcome's kinds those of the game's first
        three results."""
        variant = self.variant
        probs = self.chooser.evaluator.evaluate(variant, to_frame(position, variant.cross))
        win, win_g, win_bg, lose_g, lose_bg = probs
        points = equity(variant, probs)
        mine = position.turn == side
        if not mine:
            points = -points
        parts = (
            (True, 0, win - win_g),
            (True, 1, win_g - win_bg),
            (True, 2, win_bg),
            (False, 0, 1.0 - win - lose_g),
            (False, 1, lose_g - lose_bg),
            (False, 2, lose_bg),
        )
        outcome = {}
        for roller_wins, k, p in parts:
            if p > 0.0:
                key = f"{'win' if roller_wins == mine else 'lose'}:{self.kinds[k]}"
                outcome[key] = outcome.get(key, 0.0) + p
        return points, tuple(outcome.items()), probs

    def _cubeful(self, game, probs, side, no_double):
        """A truncated cubeful trial's points for ``side``: the cube model's value of
        ``probs`` (the side on roll's, before its roll, the cube as it stands: he doubles if
        the model says so, unless ``no_double``, and the other answers so), with the bot's
        cube efficiency (``bots/cube.py``: a race's own, or contact's)."""
        position = game.position
        situation = Situation.of(game, position.turn)
        situation = replace(situation, access_a=game.can_double() and not no_double)
        x = race_efficiency(position) if is_race(position) else CONTACT_EFFICIENCY
        nd, dt, dp, action, response = decide(situation, probs, x)
        value = nd if action != DOUBLES else dp if response == DROP else dt
        return value if position.turn == side else -value

    def _race_kinds(self, position, winner):
        """(kind, points) of ``winner``'s race win as a single and as the game's second outcome
        (the loser with nothing off): asked of the game's own scoring."""
        variant = self.variant
        sides = list(position.sides)
        done = list(sides[winner])
        done[1:7] = [0] * 6
        done[OFF] = variant.checkers
        sides[winner] = tuple(done)
        loser = list(sides[1 - winner])
        out = []
        for off in (1, 0):
            home = list(loser)
            if off and not home[OFF]:  # one checker borne off: no gammon
                low = next(p for p in range(1, 7) if home[p])
                home[low] -= 1
                home[OFF] += 1
            sides[1 - winner] = tuple(home)
            result = variant.outcome(position.replace(sides=tuple(sides)), winner)
            out.append((result.kind, float(result.points)))
        return out[0], out[1]

    # --- one trial ------------------------------------------------------------------------
    def play_out(self, game, dice, side, no_double=False) -> Trial:
        """Plays ``game`` (no resignations; cubeless unless the player is cubeful) to its end
        with ``dice``; the points and luck from ``side``'s point of view. ``no_double``: the
        side on roll rolls at once (a cube decision's "no double")."""
        variant = self.variant
        luck = 0.0
        rolls = 0
        adjusted = self.luck if self.luck is not None else math.inf
        horizon = self.horizon if self.horizon is not None else math.inf
        plays = 0
        choose = self.chooser.choose
        decider = self.decider
        while not game.is_over:
            if game.phase == ROLL:
                position = game.position
                stop = None
                if self.truncate and is_bearoff(variant, to_frame(position, variant.cross)):
                    stop = self._race(position, side)
                elif plays >= horizon:
                    stop = self._horizon(position, side)
                if stop is not None:
                    points, outcome, probs = stop
                    if decider is not None:  # the cube as it stands decides the points
                        points = self._cubeful(game, probs, side, no_double)
                    return Trial(points, luck, outcome, True)
                if decider is not None and not no_double and decider.wants_to_double(game):
                    game.double()
                    continue
                no_double = False
                roll = dice.roll(variant.dice_count)
                if rolls < adjusted:
                    value = self.luck_of(position, roll) * game.cube.value
                    luck += value if position.turn == side else -value
                rolls += 1
                game.roll(roll)
            elif game.phase == MOVE:
                game.play(choose(game.position))
                plays += 1
            elif game.phase == DOUBLE and decider is not None:
                decider.answer(game)
            else:  # no resignation: nothing else can be asked
                raise GameStateError(f"a rollout cannot go on in the {game.phase} phase")
        result = game.result
        if result.winner is None:
            return Trial(0.0, luck, (("draw", 1.0),), False)
        mine = result.winner == side
        points = float(result.points) if mine else -float(result.points)
        return Trial(points, luck, ((f"{'win' if mine else 'lose'}:{result.kind}", 1.0),), False)

    def trial(self, position, steps, seed, index, cube=None, no_double=False) -> Trial:
        """Trial ``index`` from ``position``: the side on roll rolls first, or (``steps`` not
        None: a candidate play of the roll set in ``position``) the play is made first.
        ``cube``: the cube of a cubeful trial (default centred at 1); ``no_double``: the side
        on roll rolls without doubling first."""
        dice = Dice(f"{seed}/{index}")
        if position.variant is not self.variant:  # the same game without the Jacoby rule
            position = position.replace(variant=self.variant)
        game = Game(self.variant, position=position, cube=cube or CubeState())
        side = position.turn
        if steps is not None:
            game.play(steps)
        return self.play_out(game, dice, side, no_double)

    def trials(self, position, candidates, seed, index) -> list:
        """Trial ``index`` of every candidate (``Candidate``), on the same dice."""
        return [
            self.trial(
                position,
                c.steps,
                seed,
                index,
                CubeState(*c.cube) if c.cube else None,
                c.no_double,
            )
            for c in candidates
        ]


def start_position(position):
    """``position`` made a rollout's start, checked: a game that is not over."""
    variant = position.variant
    variant.validate(position)
    done = [side[OFF] == variant.checkers for side in position.sides]
    if done[position.turn] or (done[1 - position.turn] and not position.last_roll):
        raise GameStateError("the game is already over in this position", code="start_over")
    return position


def candidates(position, level="intermediate", seed="0", top=5, within=None):
    """The plays a rollout of a roll compares: the chooser's ``top`` best (and only those
    within ``within`` points of the best, when given), as ``Ranked`` items, best first."""
    level = ROLLOUT_LEVELS[level] if level == "0ply" else level
    ranked = Chooser(cubeless(position.variant), level, seed=seed).rank(position)
    best = ranked[0].equity
    out = [r for r in ranked[:top] if within is None or best - r.equity <= within]
    return out or ranked[:1]


class Tally:
    """Running sums of one rollout, in trial order (so that they are the same whatever the
    batches and processes were): per candidate the sums of the plain and the luck-adjusted
    results and their squares, the products of every pair of adjusted results (for the paired
    differences), the outcome weights and the truncated trials."""

    def __init__(self, count):
        self.count = count
        self.games = 0
        self.plain = [0.0] * count
        self.plain_sq = [0.0] * count
        self.adjusted = [0.0] * count
        self.adjusted_sq = [0.0] * count
        self.cross = [[0.0] * count for _ in range(count)]
        self.outcomes: list[dict] = [{} for _ in range(count)]
        self.truncated = [0] * count

    def add(self, trials) -> None:
        """One trial index: its ``Trial`` for each candidate."""
        values = []
        for c, t in enumerate(trials):
            v = t.points - t.luck
            values.append(v)
            self.plain[c] += t.points
            self.plain_sq[c] += t.points * t.points
            self.adjusted[c] += v
            self.adjusted_sq[c] += v * v
            for key, weight in t.outcome:
                self.outcomes[c][key] = self.outcomes[c].get(key, 0.0) + weight
            self.truncated[c] += t.truncated
        for a in range(self.count):
            row = self.cross[a]
            for b in range(self.count):
                row[b] += values[a] * values[b]
        self.games += 1

    # --- checkpoints ----------------------------------------------------------------------
    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in _TALLY_FIELDS}

    @classmethod
    def from_json(cls, data, count) -> Tally:
        tally = cls(count)
        try:
            for k in _TALLY_FIELDS:
                value = data[k]
                if k != "games" and len(value) != count:
                    raise ValueError(k)
                setattr(tally, k, value)
            if type(tally.games) is not int or tally.games < 0:
                raise ValueError("games")
            numbers = [*tally.plain, *tally.plain_sq, *tally.adjusted, *tally.adjusted_sq]
            numbers += [x for row in tally.cross if len(row) == count for x in row]
            numbers += [x for o in tally.outcomes for x in o.values()] + tally.truncated
            if len(numbers) != 4 * count + count * count + sum(map(len, tally.outcomes)) + count:
                raise ValueError("cross")
            if any(type(x) not in (int, float) or not math.isfinite(x) for x in numbers):
                raise ValueError("a figure that is not a number")
            if any(type(k) is not str for o in tally.outcomes for k in o):
                raise ValueError("outcomes")
            tally.outcomes = [dict(o) for o in tally.outcomes]
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise RolloutError(
                f"the save file is damaged ({exc})", code="rollout_save_damaged"
            ) from None
        return tally

    # --- figures --------------------------------------------------------------------------
    def mean_se(self, c, adjusted=True):
        n = self.games
        s, sq = (
            (self.adjusted[c], self.adjusted_sq[c])
            if adjusted
            else (self.plain[c], self.plain_sq[c])
        )
        mean = s / n
        return mean, _se(sq / n - mean * mean, n)

    def diff_se(self, a, b):
        """The paired difference ``a - b`` of the adjusted results and its standard error."""
        n = self.games
        ma, mb = self.adjusted[a] / n, self.adjusted[b] / n
        var = (
            self.adjusted_sq[a] / n
            - ma * ma
            + self.adjusted_sq[b] / n
            - mb * mb
            - 2 * (self.cross[a][b] / n - ma * mb)
        )
        return ma - mb, _se(var, n)

    def rates(self, c) -> dict:
        """``{"win": {kind: rate}, "lose": {kind: rate}, "draw": rate}`` and the totals."""
        n = self.games
        out: dict = {"win": {}, "lose": {}, "draw": 0.0}
        for key in sorted(self.outcomes[c]):
            rate = self.outcomes[c][key] / n
            if key == "draw":
                out["draw"] = rate
            else:
                side, kind = key.split(":", 1)
                out[side][kind] = rate
        return out


_TALLY_FIELDS = (
    "games",
    "plain",
    "plain_sq",
    "adjusted",
    "adjusted_sq",
    "cross",
    "outcomes",
    "truncated",
)


def _se(variance, n) -> float:
    """The standard error of a mean of ``n`` results with this (population) variance: the
    sample variance's n - 1 correction, 0 for a single result."""
    if n < 2:
        return 0.0
    return math.sqrt(max(variance, 0.0) * n / (n - 1) / n)
