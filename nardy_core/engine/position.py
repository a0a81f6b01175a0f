"""Positions at a turn boundary, in each side's own numbering.

A side is a tuple of 27 counts: index 0 = borne off, 1…24 = the side's own points (24 = first
point of its track, 1 = last before bearing off), 25 = bar, 26 = hand (checkers not yet entered).
Both colours use their own numbering, so handing the turn over never renumbers anything; which
physical point a number denotes is the variant's geometry (``geometry.py``).
"""

from __future__ import annotations

OFF, BAR, HAND = 0, 25, 26
SIDE_LEN = 27
WHITE, BLACK = 0, 1
COLOUR_NAMES = ("white", "black")


def side_from(points=None, bar=0, off=0, hand=0) -> tuple:
    """Build a side tuple from ``{point: count}`` (keys may be str, as in JSON)."""
    side = [0] * SIDE_LEN
    for point, count in (points or {}).items():
        side[int(point)] += int(count)
    side[BAR] = bar
    side[OFF] = off
    side[HAND] = hand
    return tuple(side)


def side_points(side) -> dict:
    return {p: side[p] for p in range(24, 0, -1) if side[p]}


class Position:
    """Immutable: board of both colours, side to move, dice, and state carried between turns.

    ``first_turn[c]``: colour c has not yet played a turn (long nardy head exception).
    ``turn_number[c]``: two-dice turns colour c has started (gul bara's grace turns).
    ``pins[c]``: own points of colour c where its single checker lies pinned (plakoto).
    ``pending``: a tuple of units the side to move must play before rolling: the rest of his
    escalating double while ``dice`` is set, or the list gioul transfers to him when not.
    ``last_roll``: long nardy with ``last_roll_draw``: White has finished, Black's turn is the
    compensating one.
    """

    __slots__ = ("variant", "sides", "turn", "dice", "first_turn", "turn_number", "pins",
                 "pending", "last_roll", "_hash")

    def __init__(self, variant, sides, turn=WHITE, dice=None, first_turn=(False, False),
                 turn_number=(0, 0), pins=(frozenset(), frozenset()), pending=(),
                 last_roll=False):
        self.variant = variant
        self.sides = (tuple(sides[0]), tuple(sides[1]))
        self.turn = turn
        self.dice = tuple(dice) if dice else None
        self.first_turn = tuple(bool(f) for f in first_turn)
        self.turn_number = tuple(turn_number)
        self.pins = (frozenset(pins[0]), frozenset(pins[1]))
        self.pending = tuple(pending)
        self.last_roll = bool(last_roll)
        self._hash = None

    def replace(self, **changes) -> Position:
        fields = {name: getattr(self, name) for name in self.__slots__ if name != "_hash"}
        fields.update(changes)
        return Position(**fields)

    # --- views -------------------------------------------------------------------------------
    @property
    def mover(self) -> tuple:
        return self.sides[self.turn]

    @property
    def opponent(self) -> tuple:
        return self.sides[1 - self.turn]

    def pip_count(self, colour: int) -> int:
        side = self.sides[colour]
        track = self.variant.track_length
        return sum(p * side[p] for p in range(1, 25)) + (side[BAR] + side[HAND]) * (track + 1)

    def borne_off(self, colour: int) -> int:
        return self.sides[colour][OFF]

    def winner(self):
        """The colour that has borne off every checker, else None (draws are the game's business)."""
        n = self.variant.checkers
        for colour in (WHITE, BLACK):
            if self.sides[colour][OFF] == n:
                return colour
        return None

    # --- identity ----------------------------------------------------------------------------
    def _key(self):
        return (self.variant, self.sides, self.turn, self.dice, self.first_turn,
                self.turn_number, self.pins, self.pending, self.last_roll)

    def __eq__(self, other):
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self):
        from ..formats.notation import format_position
        return f"Position({format_position(self)!r})"
