"""Cube and resignation decisions (CORE_RULES.md 3.7-3.10; how and why: ``docs/cube.md``).

The side on roll is "A", its opponent "B". Its cubeless probabilities ``(win, win_g, win_bg,
lose_g, lose_bg)`` come from the evaluator in contact and from Keith's count in a pure race
(no contact left: every checker of each side has passed every checker of the other). They
become cubeful equities with the model of ``met.py`` (the taut string of a continuous game,
blended with the dead cube by a Janowski-style cube efficiency ``x``):

* money: in points (cube value included); Jacoby (gammons count only once the cube has been
  turned), beavers and ``max_cube`` as the game's options say;
* match: in match winning chances, through ``met.py``'s table, the Crawford game (no cube) and
  post-Crawford play (the leader's cube is dead, the trailer doubles at once).

In a money race without gammon chances the double and the take follow Keith's published rules.
Long nardy uses the same machinery with its own outcome values (mars 2, koks ``koks_points``).
Nothing here ever doubles where ``Game.can_double()`` says no.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..engine.cube import CubeState, double_refusal, jacoby_applies
from ..engine.frame import to_frame
from ..engine.movegen import Play
from ..engine.position import BAR, HAND, OFF
from .chooser import Chooser
from .evaluator import equity, outcome_values
from .met import CubeModel, default_met

CONTACT_EFFICIENCY = 0.68  # Janowski's x for positions with contact
MONEY_LEVELS = 6  # money: cube levels modelled above the current one (then dead)
GAMMONLESS = 0.01  # a race where neither side has 1% gammon chances is a pure race

# Keith's count (Paul Keith, 1975): the roller adds one seventh to his count, then
KEITH_DOUBLE = 4  # doubles a centred cube when his count exceeds the opponent's by ≤ 4,
KEITH_REDOUBLE = 3  # redoubles when it exceeds it by ≤ 3,
KEITH_TAKE = 2  # and the opponent takes when it exceeds his by ≥ 2.

# Keith counts turned into a winning chance (docs/cube.md): the roller's lead in counts plus
# RACE_ON_ROLL, over a spread that grows with the square root of the race.
RACE_ON_ROLL = 4.0
RACE_SPREAD = 1.15

# actions
DOUBLE, NO_DOUBLE, TOO_GOOD, NO_ACCESS = "double", "no_double", "too_good", "no_access"
TAKE, DROP, BEAVER = "take", "drop", "beaver"


# --- races --------------------------------------------------------------------------------------
def is_race(position) -> bool:
    """No contact: no checker on a bar or in hand, and no checker of either side still has an
    opposing checker ahead of it on its path (any geometry, through the cross table)."""
    me, opp = position.sides[position.turn], position.sides[1 - position.turn]
    if me[BAR] or me[HAND] or opp[BAR] or opp[HAND]:
        return False
    cross = position.variant.cross
    mine = [p for p in range(1, 25) if me[p]]
    theirs = [q for q in range(1, 25) if opp[q]]
    return not any(cross[q] < p or cross[p] < q for p in mine for q in theirs)


def keith_count(side) -> int:
    """Keith's count of one side (own numbering): the pip count plus 2 for each checker beyond
    one on the 1-point, 1 for each beyond one on the 2-point, 1 for each beyond three on the
    3-point and 1 for each empty 4-, 5- or 6-point."""
    pips = sum(p * side[p] for p in range(1, 25)) + 25 * (side[BAR] + side[HAND])
    return (
        pips
        + 2 * max(0, side[1] - 1)
        + max(0, side[2] - 1)
        + max(0, side[3] - 3)
        + sum(1 for p in (4, 5, 6) if not side[p])
    )


def keith_excess(roller: float, opponent: float) -> float:
    """How far the roller's count, increased by one seventh, exceeds the opponent's."""
    return roller * 8 / 7 - opponent


def keith_doubles(roller, opponent, redouble=False) -> bool:
    return keith_excess(roller, opponent) <= (KEITH_REDOUBLE if redouble else KEITH_DOUBLE)


def keith_takes(roller, opponent) -> bool:
    return keith_excess(roller, opponent) >= KEITH_TAKE


def race_win(roller: float, opponent: float) -> float:
    """The roller's chance to finish first, from the two counts (normal approximation)."""
    total = max(roller + opponent, 1.0)
    z = (opponent - roller + RACE_ON_ROLL) / (RACE_SPREAD * math.sqrt(total))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def save_count(side) -> int:
    """Pips a side needs to save the gammon: bring every checker home, then bear one off from
    its lowest point."""
    outside = sum((p - 6) * side[p] for p in range(7, 25))
    low = min([p for p in range(1, 7) if side[p]] + [6])
    return outside + low


def race_probabilities(position) -> tuple:
    """(win, win_g, win_bg, lose_g, lose_bg) for the side on roll in a pure race: the win from
    the Keith counts, the gammons as races to save them (backgammons are neglected)."""
    me, opp = position.sides[position.turn], position.sides[1 - position.turn]
    mine, theirs = keith_count(me), keith_count(opp)
    win = race_win(mine, theirs)
    win_g = 0.0 if opp[OFF] else min(win, race_win(mine, save_count(opp)))
    lose_g = 0.0 if me[OFF] else min(1.0 - win, 1.0 - race_win(save_count(me), theirs))
    return (win, win_g, 0.0, lose_g, 0.0)


def race_efficiency(position) -> float:
    """Cube efficiency in a race: higher in long races (smaller jumps), 0.60-0.80."""
    pips = sum(position.pip_count(c) for c in (0, 1)) / 2
    return min(0.80, max(0.60, 0.55 + 0.0015 * pips))


# --- the situation of one decision --------------------------------------------------------------
@dataclass(frozen=True)
class Situation:
    """What the model needs, from the view of player A (whose probabilities are given)."""

    money: bool
    values: tuple  # points of a single, second and third outcome (outcome_values)
    cube: int
    owner: str  # "A", "B" or "C" (centred)
    jacoby: bool  # money: gammons count as singles while the cube is at 1
    max_cube: int
    access_a: bool  # A may double at this cube level now (by the rules)
    access_b: bool  # B may double at this cube level at his turn
    away: tuple = (0, 0)  # match: points A and B still need
    state: str = "pre"  # match: pre | crawford | post
    crawford_rule: bool = True

    @classmethod
    def of(cls, game, colour):
        """The situation of ``game`` for ``colour`` as A (cube as before any pending double)."""
        variant, cube, match = game.variant, game.cube, game.match
        options = variant.options.values
        owner = "C" if cube.owner is None else ("A" if cube.owner == colour else "B")
        plain = CubeState(cube.value, cube.owner)
        turns = game.position.turn_number
        access = [double_refusal(variant, plain, match, c, turns) is None for c in (0, 1)]
        away = (0, 0)
        if not match.is_money:
            away = (match.length - match.score[colour], match.length - match.score[1 - colour])
        return cls(
            money=match.is_money,
            values=outcome_values(variant),
            cube=cube.value,
            owner=owner,
            jacoby=jacoby_applies(variant, plain, match),
            max_cube=options.get("max_cube", 0) or 0,
            access_a=access[colour],
            access_b=access[1 - colour],
            away=away,
            state=match.crawford,
            crawford_rule=bool(options.get("crawford", True)),
        )


def _shares(values, probs):
    """((points, share of wins), …), ((points, share of losses), …)."""
    win, win_g, win_bg, lose_g, lose_bg = probs
    single, gammon, backgammon = values

    def split(total, g, bg):
        if total <= 1e-12:
            return ((single, 1.0),)
        g, bg = min(g, total), min(bg, g, total)
        return ((single, (total - g) / total), (gammon, (g - bg) / total), (backgammon, bg / total))

    return split(win, win_g, win_bg), split(1.0 - win, lose_g, lose_bg)


def build_model(situation: Situation, probs, x: float, met=None) -> CubeModel:
    """The cube model of one game for A, with A's gammon shares from ``probs``."""
    s = situation
    wins, losses = _shares(s.values, probs)
    v0 = s.cube
    cap_ok = (lambda v: True) if not s.max_cube else (lambda v: 2 * v <= s.max_cube)
    if s.money:
        plain = ((1, 1.0),)

        def terminal(v):
            w, lo = (plain, plain) if (s.jacoby and v < 2) else (wins, losses)
            return -v * sum(k * q for k, q in lo), v * sum(k * q for k, q in w)

        def cash_a(v):
            return float(v)

        def cash_b(v):
            return -float(v)

        def may_a(v):
            return cap_ok(v) and (s.access_a if v == v0 else True)

        def may_b(v):
            return cap_ok(v) and (s.access_b if v == v0 else True)

        top = v0 * 2**MONEY_LEVELS
    else:
        met = met or default_met()
        a, b = s.away
        state, rule = s.state, s.crawford_rule

        def after(x_away, y_away):
            return met.after(x_away, y_away, state, rule)

        def terminal(v):
            return (
                sum(q * after(a, b - k * v) for k, q in losses),
                sum(q * after(a - k * v, b) for k, q in wins),
            )

        def cash_a(v):
            return after(a - v, b)

        def cash_b(v):
            return after(a, b - v)

        def may_a(v):
            return state != "crawford" and v < a and cap_ok(v) and (s.access_a if v == v0 else True)

        def may_b(v):
            return state != "crawford" and v < b and cap_ok(v) and (s.access_b if v == v0 else True)

        top = v0
        while top < max(a, b):
            top *= 2
    return CubeModel(terminal, cash_a, cash_b, may_a, may_b, x, top)


# --- decisions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CubeAnalysis:
    """A cube decision of the side on roll (A), equities from A's view: points in money play
    (cube included), match winning chances in match play."""

    probabilities: tuple
    method: str  # "evaluator" or "race" (Keith's count)
    unit: str  # "points" or "mwc"
    efficiency: float
    no_double: float
    double_take: float
    double_pass: float
    action: str  # A's: double | no_double | too_good | no_access
    response: str  # B's answer to a double: take | drop | beaver
    keith: tuple | None = None  # (A's count, B's count) in a race

    @property
    def best(self) -> float:
        """A's equity when both sides act as decided (a beaver doubles the take's stake)."""
        if self.action != DOUBLE:
            return self.no_double
        if self.response == DROP:
            return self.double_pass
        return self.double_take * (2 if self.response == BEAVER else 1)


def decide(
    situation: Situation, probs, x: float, met=None, beaver_allowed=False, keith=None
) -> tuple:
    """(no double, double/take, double/pass, action, response) for A on roll."""
    model = build_model(situation, probs, x, met)
    v, owner = situation.cube, situation.owner
    nd = model.equity(v, owner, probs[0])
    dt = model.equity(2 * v, "B", probs[0])
    dp = model.cash_a(v)
    # B's answer
    if dt > dp:
        response = DROP
    elif (
        beaver_allowed
        and situation.money
        and dt < 0
        and (not situation.max_cube or 4 * v <= situation.max_cube)
    ):
        response = BEAVER
    else:
        response = TAKE
    # A's action
    if owner == "B" or not situation.access_a:
        action = NO_ACCESS
    elif not model.may_a(v):  # legal but useless: a single win already wins the match
        action = NO_DOUBLE
    elif nd >= dp:
        action = TOO_GOOD
    elif min(dt, dp) > nd:
        action = DOUBLE
    else:
        action = NO_DOUBLE
    if keith is not None and situation.money and max(probs[1], probs[3]) < GAMMONLESS:
        # a pure race without gammons: Keith's published rules decide
        roller, opponent = keith
        if response != BEAVER:
            response = TAKE if keith_takes(roller, opponent) else DROP
        if action in (DOUBLE, NO_DOUBLE):
            action = DOUBLE if keith_doubles(roller, opponent, owner == "A") else NO_DOUBLE
    return nd, dt, dp, action, response


class CubeDecider:
    """Cube decisions for any game with the cube: ``evaluator`` gives the probabilities in
    contact (any ``Evaluator``), Keith's count in races; ``met``: a MatchEquityTable."""

    def __init__(self, evaluator=None, met=None, contact_efficiency=CONTACT_EFFICIENCY):
        self.evaluator = evaluator
        self.met = met
        self.contact_efficiency = contact_efficiency

    # -- probabilities of the side on roll --
    def probabilities(self, position):
        """(probs, method, keith counts or None, efficiency) for the side on roll of
        ``position`` (before its roll)."""
        if is_race(position):
            me, opp = position.sides[position.turn], position.sides[1 - position.turn]
            keith = (keith_count(me), keith_count(opp))
            return race_probabilities(position), "race", keith, race_efficiency(position)
        if self.evaluator is None:
            raise ValueError("a position with contact needs an evaluator")
        variant = position.variant
        probs = tuple(self.evaluator.evaluate(variant, to_frame(position, variant.cross)))
        return probs, "evaluator", None, self.contact_efficiency

    def analyse(self, game) -> CubeAnalysis:
        """The decision of the side on roll (before rolling, or with its double pending)."""
        colour = game.position.turn
        probs, method, keith, x = self.probabilities(game.position)
        situation = Situation.of(game, colour)
        if game.phase == "double":  # the double on the table was legal when it was made
            situation = replace(situation, access_a=True)
        elif game.phase == "roll":
            situation = replace(situation, access_a=game.can_double())
        beaver = bool(game.variant.options.values.get("beaver")) and game.match.is_money
        nd, dt, dp, action, response = decide(situation, probs, x, self.met, beaver, keith)
        return CubeAnalysis(
            probs,
            method,
            "points" if situation.money else "mwc",
            x,
            nd,
            dt,
            dp,
            action,
            response,
            keith,
        )

    # -- what a player calls --
    def double_action(self, game) -> str:
        """double | no_double | too_good | no_access, for the side on roll (phase roll)."""
        if game.phase != "roll" or not game.can_double():
            return NO_ACCESS
        return self.analyse(game).action

    def wants_to_double(self, game) -> bool:
        return self.double_action(game) == DOUBLE

    def response(self, game) -> str:
        """take | drop | beaver, for the side that answers the pending double."""
        answer = self.analyse(game).response
        if answer == BEAVER and not game.can_beaver():
            answer = TAKE
        return answer

    def answer(self, game) -> str:
        """Answer the pending double in ``game`` and say how."""
        answer = self.response(game)
        getattr(game, answer)()
        return answer


# --- resignation ---------------------------------------------------------------------------------
def _resign_points(game, kind) -> int:
    points = dict(game.variant.resign_levels())[kind]
    if points > 1 and jacoby_applies(game.variant, game.cube, game.match):
        points = 1
    return points * game.cube.value


def _offered_value(game, colour, points, met=None):
    """What ``colour`` receives when the other side gives up ``points``: points in money play,
    the match winning chance in match play."""
    if game.match.is_money:
        return float(points)
    match = game.match
    met = met or default_met()
    mine = match.length - match.score[colour]
    theirs = match.length - match.score[1 - colour]
    return met.after(
        mine - points,
        theirs,
        match.crawford,
        bool(game.variant.options.values.get("crawford", True)),
    )


def _on_roll_value(decider, game, position, colour_on_roll):
    """Cubeful value of ``position`` (no dice) for the side on roll, who may double now if
    the rules allow: points (money) or match winning chance."""
    probs, _, keith, x = decider.probabilities(position)
    situation = Situation.of(game, colour_on_roll)
    nd, dt, dp, action, response = decide(situation, probs, x, decider.met, False, keith)
    if action == DOUBLE:
        return dp if response == DROP else min(dt, dp)
    return nd


def play_on_value(game, colour, evaluator=None, met=None) -> float:
    """What ``colour`` expects from playing on after declining the pending resignation (its
    cubeful equity in points, or its match winning chance)."""
    decider = CubeDecider(evaluator, met)
    position = game.position
    resigner = position.turn
    money = game.match.is_money

    def flip(value):
        return -value if money else 1.0 - value

    if not position.dice:
        value = _on_roll_value(decider, game, position, resigner)
        return value if colour == resigner else flip(value)
    # the resigner has rolled: he makes his best play (by cubeless equity), then the other
    # side is on roll
    after = _best_reply_position(decider, game, position)
    if isinstance(after, float):  # the best play wins the game: its points for the resigner
        value = flip(_offered_value(game, resigner, after, met))
    else:
        value = _on_roll_value(decider, game, after, 1 - resigner)
    return value if colour != resigner else flip(value)


def _best_reply_position(decider, game, position):
    """The position after the roller's best play (the opponent on roll), or the points the
    roller scores when a play wins the game outright."""
    variant, roller = game.variant, position.turn
    best_points, candidates = None, []
    # the chooser's bounded list: every play, or those an escalating list's blocks lead to
    results = Chooser(variant, "beginner", evaluator=decider.evaluator)._results(position)
    for frame, steps in results.items():
        sides, pins = Play(position, steps, frame).board
        if sides[roller][OFF] == variant.checkers:
            points = variant.outcome(position.replace(sides=sides), roller).points
            if points > 1 and jacoby_applies(variant, game.cube, game.match):
                points = 1
            best_points = max(best_points or 0, points * game.cube.value)
            continue
        candidates.append(
            position.replace(sides=sides, pins=pins, dice=None, pending=(), turn=1 - roller)
        )
    if best_points is not None:
        return float(best_points)
    races = [p for p in candidates if is_race(p)]
    contact = [p for p in candidates if not is_race(p)]
    scored = [(equity(variant, race_probabilities(p)), i, p) for i, p in enumerate(races)]
    if contact:
        if decider.evaluator is None:
            raise ValueError("a position with contact needs an evaluator")
        frames = [to_frame(p, variant.cross) for p in contact]
        probs = decider.evaluator.evaluate_many(variant, frames)
        scored += [
            (equity(variant, pr), len(races) + i, p)
            for i, (pr, p) in enumerate(zip(probs, contact))
        ]
    return min(scored)[2]  # the opponent's equity is lowest after the roller's best play


def resignation_response(game, evaluator=None, met=None) -> bool:
    """True to accept the pending resignation: the points it gives (cube × level, Jacoby
    applied) are worth at least what playing on is expected to bring the answering side."""
    resigner, kind = game.resign_offer
    colour = 1 - resigner
    offered = _offered_value(game, colour, _resign_points(game, kind), met)
    return offered >= play_on_value(game, colour, evaluator, met) - 1e-9


def resignation_offer(game, evaluator=None, met=None, tolerance=0.005):
    """The level the side on turn should resign now, or None: only when it has (practically)
    no chance left, the opponent would accept, and resigning costs no more than playing on."""
    if not game.variant.options.values.get("allow_resign", True):
        return None
    if game.phase not in ("roll", "move"):
        return None
    colour = game.position.turn
    decider = CubeDecider(evaluator, met)
    position = game.position.replace(dice=None)
    probs, _, _, _ = decider.probabilities(position)
    if probs[0] > 0.001:
        return None
    opponent = 1 - colour
    # what the opponent expects if we play on, with us on roll (before any roll of ours)
    value = _on_roll_value(decider, game, position, colour)
    theirs = -value if game.match.is_money else 1.0 - value
    scale = game.cube.value if game.match.is_money else 1.0
    for kind, _ in game.variant.resign_levels():
        offered = _offered_value(game, opponent, _resign_points(game, kind), met)
        if offered >= theirs - 1e-9:
            return kind if offered - theirs <= tolerance * scale else None
    return None
