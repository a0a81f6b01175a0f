"""The referee's own knowledge of plakoto (VARIANT_RULES.md §3.7, AMB-20/21/22/45), written out
from the spec.

Nothing here reads the variant's declarations or calls its hooks or the move generator: the
board is kept as physical points (White's numbering, Black's point n is White's 25 - n, §0.2
CONTRARY) each holding a stack described bottom-up, and every unit of a play is replayed on it:
a pinned checker never moves, a point where the mover's checker lies pinned or that two plain
opposing checkers hold is closed, a single opposing checker is pinned by the checker landing on
it and freed when the last pinner leaves, bear-off is STD and waits while an own checker is
pinned (option ``bear_off_requires_unpinned``), and after every unit the mother-checker rule is
asked. Which play the maximal-usage rule picks is the generator's decision, proven by the rule
vectors (``tests/data/variant_vectors/plakoto.json``), not re-derived here.
"""

from __future__ import annotations

from ..engine.game import OVER
from ..engine.position import BAR, HAND, OFF
from . import frame as frame
from .core import Violation

GAME = "plakoto"


def _check(cond, message):
    if not cond:
        raise Violation(message)


def mine(variant) -> bool:
    return variant.key == GAME


def _phys(colour, p):
    """White's number of colour's own point p (§0.2 CONTRARY)."""
    return p if colour == 0 else 25 - p


class Board:
    """Both sides by physical point: ``count[c][x]`` checkers of colour c on White's x and
    ``under[x]``: the colour whose single checker lies pinned there, or None."""

    def __init__(self, position):
        self.count = [[0] * 25, [0] * 25]
        self.off = [0, 0]
        self.under = [None] * 25
        for c in (0, 1):
            side = position.sides[c]
            _check(
                not side[BAR] and not side[HAND],
                f"colour {c} has checkers on the bar or in the hand; plakoto has neither",
            )
            self.off[c] = side[OFF]
            for p in range(1, 25):
                self.count[c][_phys(c, p)] = side[p]
            for p in position.pins[c]:
                x = _phys(c, p)
                _check(self.under[x] is None, f"two pins on white's point {x}")
                self.under[x] = c
        for x in range(1, 25):
            w, b = self.count[0][x], self.count[1][x]
            if w and b:
                pinned = self.under[x]
                _check(pinned is not None, f"white's point {x} holds both colours, no pin")
                _check(
                    self.count[pinned][x] == 1 and self.count[1 - pinned][x] >= 1,
                    f"white's point {x}: {w} white and {b} black is not a pinned point",
                )
            else:
                _check(
                    self.under[x] is None,
                    f"white's point {x} is marked pinned with {w} white and {b} black",
                )

    def own(self, c, p):
        return self.count[c][_phys(c, p)]

    def pinned(self, c, p):
        return self.under[_phys(c, p)] == c

    def side(self, c):
        out = [0] * 27
        out[OFF] = self.off[c]
        for p in range(1, 25):
            out[p] = self.own(c, p)
        return tuple(out)

    def pins(self, c):
        return frozenset(p for p in range(1, 25) if self.pinned(c, p))

    def step(self, variant, c, src, dst, die, pin_flag):
        """One unit of colour c from own ``src`` to own ``dst`` (0 = off), judged on the board
        before it."""
        _check(1 <= src <= 24, f"step from {src}: plakoto has no bar or hand")
        _check(self.own(c, src) > 0, f"no checker on {src} to move")
        _check(not self.pinned(c, src), f"the pinned checker on {src} moved")
        x = _phys(c, src)
        if dst == OFF:
            outside = sum(self.own(c, p) for p in range(7, 25))
            _check(outside == 0, f"bear-off from {src} with {outside} checkers outside home")
            if variant.options.values.get("bear_off_requires_unpinned", True):
                _check(
                    not any(self.pinned(c, p) for p in range(1, 25)),
                    f"bear-off from {src} while an own checker is pinned",
                )
            _check(
                src == die or (src < die and not any(self.own(c, p) for p in range(src + 1, 7))),
                f"bear-off from {src} with a {die} while a higher point is occupied",
            )
            _check(not pin_flag, f"bear-off from {src} marked as a pin")
            self.count[c][x] -= 1
            self.off[c] += 1
            if not self.count[c][x] and self.under[x] == 1 - c:
                self.under[x] = None
            return
        _check(src - dst == die, f"step {src}/{dst} does not move {die} pips")
        y = _phys(c, dst)
        theirs = self.count[1 - c][y]
        if theirs:
            _check(self.under[y] != c, f"step lands on {dst}, where an own checker is pinned")
            if self.under[y] is None:
                _check(theirs == 1, f"step lands on {dst}, held by {theirs} opposing checkers")
        pins_now = theirs == 1 and self.under[y] is None
        _check(
            bool(pin_flag) == pins_now,
            f"step to {dst}: pin flag {pin_flag}, the rules say {pins_now}",
        )
        self.count[c][x] -= 1
        if not self.count[c][x] and self.under[x] == 1 - c:
            self.under[x] = None  # the last pinner left
        self.count[c][y] += 1
        if pins_now:
            self.under[y] = 1 - c

    def mother(self, mover):
        """§3.7 after a unit of ``mover``: ("draw", None), ("mother", winner) or None."""

        def mother_pinned(c):
            return self.own(c, 24) == 1 and self.pinned(c, 24)

        if mother_pinned(0) and mother_pinned(1):
            return "draw", None
        if mother_pinned(1 - mover) and not self.own(mover, 24):
            return "mother", mover
        return None

    def can_move(self, variant, c) -> bool:
        """AMB-45: could colour c play one unit with some die value?"""
        for d in range(1, 7):
            for p in range(1, 25):
                if not self.own(c, p) or self.pinned(c, p):
                    continue
                if p - d >= 1:
                    y = _phys(c, p - d)
                    theirs = self.count[1 - c][y]
                    if (
                        not theirs
                        or (self.under[y] == 1 - c)
                        or (theirs == 1 and self.under[y] is None)
                    ):
                        return True
            home = not any(self.own(c, p) for p in range(7, 25))
            free = not variant.options.values.get("bear_off_requires_unpinned", True) or not any(
                self.pinned(c, p) for p in range(1, 25)
            )
            if home and free:
                top = max((p for p in range(1, 7) if self.own(c, p)), default=0)
                src = top if top < d else d
                if src and self.own(c, src) and not self.pinned(c, src):
                    return True
        return False


def units(before):
    dice = list(before.dice)
    return dice * 2 if dice[0] == dice[1] else dice  # X4


def check_turn(before, steps, after_board):
    """Replay ``steps`` on ``before`` by the spec; compare with the engine's (sides, pins).
    Returns the end the rules give: None, ("draw", None), ("mother", winner) or
    ("bear_off", winner)."""
    variant = before.variant
    c = before.turn
    board = Board(before)
    left = units(before)
    ended = None
    for i, (src, dst, die, pin_flag, *_tag) in enumerate(steps):
        _check(ended is None, f"step {i + 1} played after the game ended ({ended})")
        _check(die in left, f"step {src}/{dst} uses die {die}, not among {left}")
        left.remove(die)
        board.step(variant, c, src, dst, die, pin_flag)
        if board.off[c] == 15:
            ended = ("bear_off", c)
        else:
            ended = board.mother(c)
    sides, pins = after_board
    for colour in (0, 1):
        _check(
            tuple(sides[colour]) == board.side(colour),
            f"colour {colour}'s checkers differ from the engine's",
        )
        _check(
            frozenset(pins[colour]) == board.pins(colour),
            f"colour {colour}'s pins {sorted(pins[colour])} differ from the rules' "
            f"{sorted(board.pins(colour))}",
        )
    return ended, board


def check_position(position):
    for c in (0, 1):
        side = position.sides[c]
        _check(sum(side) == 15 and min(side) >= 0, f"colour {c} has {sum(side)} checkers")
    Board(position)  # shared points only as pinned points, pins only there


def expected_points(kind_winner, final):
    """Points of the end the rules gave: (winner or None, points, kind)."""
    kind, winner = kind_winner
    if kind == "draw":
        return None, 0
    if kind == "mother":
        return winner, 2
    return winner, 1 if final.sides[1 - winner][OFF] else 2


class Judge:
    """A self-play game of plakoto as this referee judges it (the loop is
    ``selfplay.play_game``): the start and every position on the board, every turn replayed
    on it, the end and the score after the turn that the rules say ends the game."""

    def __init__(self, game):
        self.game = game

    def start(self):
        start = self.game.position
        for c in (0, 1):
            side = start.sides[c]
            _check(
                side[24] == 15 and sum(side) == 15 and not start.pins[c],
                f"colour {c} does not start with fifteen on its 24-point",
            )

    def check_position(self, position):
        check_position(position)

    def turn(self, before, play):
        return check_turn(before, play.steps, play.board)

    def after(self, before, expected):
        game, variant = self.game, self.game.variant
        ended, board = expected
        if ended is None and game.phase != OVER:
            _check(game.position.turn == 1 - before.turn, "the same side rolls again")
            return
        if ended is None:
            # only AMB-45 may end a game that no rule above ended
            _check(
                not board.can_move(variant, 0) and not board.can_move(variant, 1),
                "the game was drawn while a side can still move",
            )
            ended = ("draw", None)
        _check(game.phase == OVER, f"the rules end the game ({ended}), the engine goes on")
        winner, points = expected_points(ended, game.position)
        result = game.result
        expected = frame.game_points(game, points) if winner is not None else 0
        _check(
            result.winner == winner and result.points == expected,
            f"the game ended {result.winner}:{result.points}, the rules say "
            f"{winner}:{expected} ({ended[0]})",
        )

    def end(self):
        """The end was judged after the turn that made it."""
