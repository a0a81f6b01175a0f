"""The referee's own knowledge of tawula and tourne-case (VARIANT_RULES.md §3.2, §3.11, §5a),
written out from the spec.

Nothing here reads a variant's declarations (geometry, entry, caps, hooks) or calls the move
generator: the rules are restated keyed by the game's name and its option values. The only
shared convention is how a position stores a side: tourne-case's row point k is stored as own
point 13 - k (``variants/tourne_case.py``); the referee converts to row points and judges there.
"""

from __future__ import annotations

from ..engine.position import BAR, HAND, OFF
from . import frame as frame
from .core import Violation

GAMES = ("tawula", "tourne_case")


def _check(cond, message):
    if not cond:
        raise Violation(message)


def mine(variant) -> bool:
    return variant.key in GAMES


def _opt(variant, key):
    return variant.options.values[key]


# --- tawula ------------------------------------------------------------------------------------
def _tw_cross(p):  # §0.2 PARALLEL: White's n is Black's n - 12 / n + 12
    return p + 12 if p <= 12 else p - 12


class _Tawula:
    """One side's turn in tawula, replayed unit by unit with the spec's rules."""

    def __init__(self, variant, me, opp, start_hand):
        self.variant = variant
        self.me, self.opp = list(me), list(opp)
        self.start_hand = start_hand
        self.hits = set()  # own points 7-12 (the opponent's 24-19) where a hit happened
        self.cap = int(_opt(variant, "tawula_far_cap"))
        head = int(_opt(variant, "tawula_head"))
        self.capped = {p for p in range(13, 25) if p != head}

    def destination(self, src, die):
        """Where a unit of ``die`` takes the checker from ``src``, by the spec's arithmetic."""
        if src == BAR:
            return 25 - die
        if src == HAND:
            return (25 if _opt(self.variant, "tawula_entry") == "SRC" else 24) - die
        return max(src - die, OFF)

    def step(self, src, dst, die, hit):
        me, opp = self.me, self.opp
        _check(me[src] > 0, f"no checker on {src} to move")
        if me[BAR]:
            _check(src == BAR, f"step from {src} while a checker is on the bar")
        _check(dst == self.destination(src, die), f"step {src}/{dst} with a {die}")
        if (
            src == 24
            and me[24]
            and (
                me[HAND]
                if _opt(self.variant, "tawula_lock_lift") == "MID_TURN"
                else self.start_hand
            )
        ):
            raise Violation("the initial pair moved while checkers are in the hand")
        if dst == OFF:
            _check(
                not me[BAR] and not me[HAND] and not any(me[7:25]),
                f"bear-off from {src} with checkers outside home",
            )
            _check(
                src == die or (src < die and not any(me[src + 1 : 7])),
                f"bear-off from {src} with a {die} while a higher point is occupied",
            )
            _check(not hit, "a bear-off marked as a hit")
            me[src] -= 1
            me[OFF] += 1
            return
        theirs = opp[_tw_cross(dst)]
        _check(theirs < 2, f"step lands on {dst}, closed by {theirs} opposing checkers")
        if src in (BAR, HAND):
            _check(me[dst] == 0, f"entry on {dst}, which holds an own checker")
        _check(bool(hit) == bool(theirs), f"step to {dst}: hit flag {hit} with {theirs} there")
        me[src] -= 1
        me[dst] += 1
        if theirs:
            opp[_tw_cross(dst)] -= 1
            opp[BAR] += 1
            if 7 <= dst <= 12:
                self.hits.add(dst)
        if dst in self.capped:
            _check(me[dst] <= self.cap, f"{me[dst]} own checkers on the far-side point {dst}")

    def end_ok(self):
        if not self.hits:
            return True
        me, opp = self.me, self.opp
        if _opt(self.variant, "tawula_open_rule") == "NARROW":
            return all(me[p] < 2 for p in self.hits)
        return any(not opp[_tw_cross(p)] and me[p] < 2 for p in range(7, 13))


def _tw_capote(variant, me, opp):
    if not me[OFF] or (_opt(variant, "tawula_capote") == "EXACTLY_ONE" and me[OFF] != 1):
        return False
    if me[BAR] or me[HAND] or any(me[7:25]):
        return False
    return opp[BAR] == 1 and not opp[HAND] and not any(opp[7:25])


# --- tourne-case -------------------------------------------------------------------------------
def _rows(side):
    """A stored side as row points: row[k] for k = 1…12, with bar and hand."""
    row = [0] * 13
    for k in range(1, 13):
        row[k] = side[13 - k]
    return row, side[BAR], side[HAND]


def _row_label(point):
    return point if point in (BAR, HAND) else 13 - point


class _Tourne:
    def __init__(self, variant, me, opp):
        self.variant = variant
        self.me, self.bar, self.hand = _rows(me)
        self.opp, self.obar, self.ohand = _rows(opp)
        self.contrary = _opt(variant, "tourne_rows") == "CONTRARY"

    def facing(self, k):
        return 13 - k if self.contrary else k

    def destination(self, src, die):
        if src in (BAR, HAND):
            return die
        k = src + die
        if k > 12 and _opt(self.variant, "tourne_overshoot"):
            return 12
        return k

    def step(self, src, dst, die, hit):
        """``src``/``dst`` as row points (BAR, HAND kept)."""
        me = self.me
        if self.bar:
            _check(src == BAR, f"step from {src} while a checker is on the bar")
        if src == BAR:
            _check(self.bar > 0, "no checker on the bar")
        elif src == HAND:
            _check(self.hand > 0, "no checker in the hand")
        else:
            _check(1 <= src <= 11 and me[src] > 0, f"no movable checker on row point {src}")
        _check(
            dst == self.destination(src, die) and 1 <= dst <= 12, f"step {src}/{dst} with a {die}"
        )
        first = 1 if src in (BAR, HAND) else src + 1
        _check(not any(me[first:dst]), f"step {src}/{dst} passes an own checker")
        _check(dst == 12 or me[dst] == 0, f"step to row point {dst}, which is occupied")
        # §3.2: landing on 12 never hits, and checkers on 12 can never be hit
        theirs = self.opp[self.facing(dst)] if dst <= 11 and self.facing(dst) != 12 else 0
        _check(bool(hit) == bool(theirs), f"step to {dst}: hit flag {hit} with {theirs} facing")
        if src == BAR:
            self.bar -= 1
        elif src == HAND:
            self.hand -= 1
        else:
            me[src] -= 1
        me[dst] += 1
        if theirs:
            self.opp[self.facing(dst)] -= 1
            self.obar += 1

    def sides(self):
        def side(row, bar, hand):
            out = [0] * 27
            for k in range(1, 13):
                out[13 - k] = row[k]
            out[BAR], out[HAND] = bar, hand
            return tuple(out)

        return side(self.me, self.bar, self.hand), side(self.opp, self.obar, self.ohand)


def _tc_units(variant, dice):
    if _opt(variant, "tourne_dice") == "LOWER":
        return [min(dice)]
    return [dice[0]] if dice[0] == dice[1] else list(dice)


# --- shared ------------------------------------------------------------------------------------
def check_position(position):
    variant = position.variant
    n = 15 if variant.key == "tawula" else 3
    for colour in (0, 1):
        side = position.sides[colour]
        _check(sum(side) == n and min(side) >= 0, f"colour {colour} has {sum(side)} checkers")
    white, black = position.sides
    if variant.key == "tawula":
        for p in range(1, 25):
            _check(not (white[p] and black[_tw_cross(p)]), f"white point {p} held by both")
        return
    for colour in (0, 1):
        side = position.sides[colour]
        _check(not any(side[13:25]) and not side[OFF], f"colour {colour} is off its row")
    wrow, brow = _rows(white)[0], _rows(black)[0]
    contrary = _opt(variant, "tourne_rows") == "CONTRARY"
    for k in range(1, 12):  # facing checkers off the home points: one would have hit
        facing = 13 - k if contrary else k
        _check(
            facing == 12 or not (wrow[k] and brow[facing]),
            f"white's row point {k} faces a black checker",
        )


def _can_move(variant, me, opp, start_hand):
    """Can this side play a single unit with some die value (AMB-45)?"""
    tawula = variant.key == "tawula"

    def judge():
        return _Tawula(variant, me, opp, start_hand) if tawula else _Tourne(variant, me, opp)

    if tawula:
        sources = [BAR] if me[BAR] else [HAND] + list(range(1, 25))
    else:
        sources = [BAR] if me[BAR] else [HAND] + list(range(1, 12))
    for die in range(1, 7):
        for src in sources:
            for hit in (False, True):
                trial = judge()
                try:
                    trial.step(src, trial.destination(src, die), die, hit)
                    return True
                except Violation:
                    pass
    return False


def check_turn(before, steps, after_sides):
    """Replay ``steps`` on ``before`` by the spec; compare with the engine's ``after_sides``.
    Returns what the rules say happens next: None (the game goes on), ``("win", colour,
    points)`` or ``("draw",)``."""
    variant = before.variant
    mover = before.turn
    me, opp = before.sides[mover], before.sides[1 - mover]
    dice = list(before.dice)
    if variant.key == "tawula":
        units = dice * 2 if dice[0] == dice[1] else dice
        judge = _Tawula(variant, me, opp, me[HAND])
        for src, dst, die, hit, *_ in steps:
            _check(die in units, f"step {src}/{dst} uses die {die}, not among {units}")
            units.remove(die)
            judge.step(src, dst, die, hit)
        _check(
            judge.end_ok(),
            "after a hit in the opponent's starting table no point of it is left open",
        )
        new_me, new_opp = tuple(judge.me), tuple(judge.opp)
    else:
        units = _tc_units(variant, dice)
        judge = _Tourne(variant, me, opp)
        for src, dst, die, hit, *_ in steps:
            _check(die in units, f"step {src}/{dst} uses die {die}, not among {units}")
            units.remove(die)
            judge.step(_row_label(src), _row_label(dst), die, hit)
        new_me, new_opp = judge.sides()
    _check(new_me == tuple(after_sides[mover]), "mover's checkers differ from the engine's")
    _check(new_opp == tuple(after_sides[1 - mover]), "opponent's checkers differ")
    return expected_end(variant, mover, new_me, new_opp)


def expected_end(variant, mover, me, opp):
    """The end-of-turn rules: capote / bear-off (tawula), three home (tourne-case), AMB-45."""
    if variant.key == "tawula":
        if _tw_capote(variant, me, opp):
            return ("win", mover, 7)
        if me[OFF] == 15:
            return ("win", mover, 1)
    else:
        if me[1] == 3:  # row point 12
            return ("win", mover, 1 if not (opp[BAR] or opp[HAND]) else 2)
    if not _can_move(variant, me, opp, me[HAND]) and not _can_move(variant, opp, me, opp[HAND]):
        return ("draw",)
    return None


def check_result(expected, game):
    """After the play: the game is over exactly when ``expected`` says, with that score."""
    if expected is None:
        _check(not game.is_over, f"the game ended ({game.result}) though the rules go on")
        return
    _check(game.is_over, f"the rules end the game ({expected}) but it goes on")
    result = game.result
    if expected[0] == "draw":
        _check(result.winner is None and result.points == 0, f"expected a draw, got {result}")
        return
    _, winner, points = expected
    _check(
        result.winner == winner and result.points == frame.game_points(game, points),
        f"expected {points} for colour {winner}, got {result}",
    )


class Judge:
    """A self-play game of tawula or tourne-case as this referee judges it (the loop is
    ``selfplay.play_game``): the start and every position by the spec, every turn replayed by
    the spec, the end and the score after the turn that the spec says ends the game."""

    def __init__(self, game):
        self.game = game

    def start(self):
        variant, start = self.game.variant, self.game.position
        for colour in (0, 1):
            side = start.sides[colour]
            want = (2, 13) if variant.key == "tawula" else (0, 3)
            _check(
                (side[24], side[HAND]) == want and sum(side) == sum(want),
                f"colour {colour} does not start as the spec says",
            )

    def check_position(self, position):
        check_position(position)

    def turn(self, before, play):
        return check_turn(before, play.steps, play.board[0])

    def after(self, before, expected):
        check_result(expected, self.game)

    def end(self):
        """The end was judged after the turn that made it."""
