"""Positions at a turn boundary, in each side's own numbering.

A side is a tuple of 27 counts: index 0 = borne off, 1…24 = the side's own points (24 = first
point of its track, 1 = last before bearing off), 25 = bar, 26 = hand (checkers not yet entered).
Both colours use their own numbering, so handing the turn over never renumbers anything; which
physical point a number denotes is the variant's geometry (``geometry.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .variant import Variant

#: One side: 27 checker counts in the side's own numbering (see the module docstring).
Side = tuple[int, ...]
#: A position's identity: every field but the cached hash.
PositionKey = tuple[Any, ...]

OFF, BAR, HAND = 0, 25, 26
SIDE_LEN = 27
WHITE, BLACK = 0, 1
COLOUR_NAMES = ("white", "black")


def side_from(
    points: Mapping[Any, int | str] | None = None, bar: int = 0, off: int = 0, hand: int = 0
) -> Side:
    """Build a side tuple from ``{point: count}`` (keys may be str, as in JSON)."""
    side = [0] * SIDE_LEN
    for point, count in (points or {}).items():
        side[int(point)] += int(count)
    side[BAR] = bar
    side[OFF] = off
    side[HAND] = hand
    return tuple(side)


def side_points(side: Side) -> dict[int, int]:
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

    __slots__ = (
        "variant",
        "sides",
        "turn",
        "dice",
        "first_turn",
        "turn_number",
        "pins",
        "pending",
        "last_roll",
        "_hash",
    )

    variant: Variant
    sides: tuple[Side, Side]
    turn: int
    dice: tuple[int, ...] | None
    first_turn: tuple[bool, ...]
    turn_number: tuple[int, ...]
    pins: tuple[frozenset[int], frozenset[int]]
    pending: tuple[int, ...]
    last_roll: bool
    _hash: int | None

    def __init__(
        self,
        variant: Variant,
        sides: Sequence[Iterable[int]],
        turn: int = WHITE,
        dice: Iterable[int] | None = None,
        first_turn: Iterable[object] = (False, False),
        turn_number: Iterable[int] = (0, 0),
        pins: Sequence[Iterable[int]] = (frozenset(), frozenset()),
        pending: Iterable[int] = (),
        last_roll: object = False,
    ) -> None:
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

    def replace(self, **changes: Any) -> Position:
        fields = {name: getattr(self, name) for name in self.__slots__ if name != "_hash"}
        fields.update(changes)
        return Position(**fields)

    # --- views -------------------------------------------------------------------------------
    @property
    def mover(self) -> Side:
        return self.sides[self.turn]

    @property
    def opponent(self) -> Side:
        return self.sides[1 - self.turn]

    def pip_count(self, colour: int) -> int:
        side = self.sides[colour]
        track = self.variant.track_length
        return sum(p * side[p] for p in range(1, 25)) + (side[BAR] + side[HAND]) * (track + 1)

    def borne_off(self, colour: int) -> int:
        return self.sides[colour][OFF]

    def winner(self) -> int | None:
        """The colour that has borne off every checker, else None (draws are the game's business)."""
        n = self.variant.checkers
        for colour in (WHITE, BLACK):
            if self.sides[colour][OFF] == n:
                return colour
        return None

    # --- identity ----------------------------------------------------------------------------
    def _key(self) -> PositionKey:
        return (
            self.variant,
            self.sides,
            self.turn,
            self.dice,
            self.first_turn,
            self.turn_number,
            self.pins,
            self.pending,
            self.last_roll,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        # The engine writes no text format (its text is ``formats.notation.format_state``):
        # the repr names every field, each side by its own points.
        fields = [repr(self.variant), COLOUR_NAMES[self.turn]]
        for colour in (WHITE, BLACK):
            side = self.sides[colour]
            extra = {
                name: side[i] for name, i in (("bar", BAR), ("off", OFF), ("hand", HAND)) if side[i]
            }
            fields.append(
                f"{COLOUR_NAMES[colour]}={side_points(side)}"
                + "".join(f" {k}={v}" for k, v in extra.items())
            )
        if self.dice:
            fields.append(f"dice={self.dice}")
        for name, value, default in (
            ("first_turn", self.first_turn, (False, False)),
            ("turn_number", self.turn_number, (0, 0)),
            ("pins", tuple(sorted(p) for p in self.pins), ([], [])),
            ("pending", self.pending, ()),
            ("last_roll", self.last_roll, False),
        ):
            if value != default:
                fields.append(f"{name}={value}")
        return f"<Position {' '.join(fields)}>"
