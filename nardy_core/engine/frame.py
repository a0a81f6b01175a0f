"""The mover's frame: a position seen from the side to move, packed into one Python int.

Move generation runs thousands of times per bot decision, so it works on this compact form
instead of ``Position`` objects: a frame is immutable, is its own hash key, and a step is one or
two integer additions. Slot ``i`` is byte ``i`` of the int (little-endian), so packing and
unpacking are single ``int.from_bytes`` / ``to_bytes`` calls; counts never exceed 15, so the
upper four bits of each slot stay zero. Everything is in the mover's own numbering: the
opponent's checkers are stored on the mover's point numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .position import BAR, HAND, OFF, SIDE_LEN

if TYPE_CHECKING:
    from .position import Position, Side

#: ``cross_table(geometry)``: the opponent's own number of each mover point (geometry.py).
Cross = tuple[int, ...]

F_OFF, F_BAR, F_HAND = OFF, BAR, HAND  # mover: slot 0 off, 1…24 points, 25 bar, 26 hand
F_OPP = 26  # opponent's count on mover point p: slot F_OPP + p
F_OBAR = 51  # opponent's bar
F_PIN = 51  # pin state of mover point p: slot F_PIN + p
PIN_MINE, PIN_THEIRS = 1, 2  # 1: mover's single checker is pinned there; 2: opponent's
F_OOFF, F_OHAND = 76, 77  # opponent's borne-off and hand counts (constant in a turn)
SLOTS = 78

SLOT_BITS, SLOT_SHIFT = 8, 3  # a slot is a byte: bit = slot << 3
SH = tuple(i << SLOT_SHIFT for i in range(SLOTS))  # bit offset of a slot
ONE = tuple(1 << (i << SLOT_SHIFT) for i in range(SLOTS))  # +1 checker in a slot


def ones(first: int, last: int) -> int:
    """A mask with the lowest bit of every slot first…last set (empty when first > last)."""
    return sum(ONE[first : last + 1])


def slot_mask(first: int, last: int) -> int:
    """All bits of the slots first…last."""
    return ones(first, last) * 15


BOARD = slot_mask(1, 24)  # the mover's points
OUTSIDE = slot_mask(7, 26)  # mover checkers that stop bearing off: points 7-24, bar, hand


def count(s: int, slot: int) -> int:
    return (s >> (slot << SLOT_SHIFT)) & 15


ALL_ONES = ones(0, SLOTS - 1)


def occupied(masked: int) -> int:
    """Lowest bit of every non-empty slot of an already masked frame."""
    return (masked | masked >> 1 | masked >> 2 | masked >> 3) & ALL_ONES


def closed_points(s: int, block_min: int) -> int:
    """Mover points that ``block_min`` or more opposing checkers close (lowest bit per slot)."""
    theirs = (s >> SH[F_OPP]) & BOARD  # the opponent's counts moved onto the mover's slots
    if block_min == 1:
        return occupied(theirs)
    return (theirs >> 1 | theirs >> 2 | theirs >> 3) & ALL_ONES  # a count of 2 or more


_GATHER: dict[Cross, Callable[[Any], Any]] = {}


def _gather(cross: Cross) -> Callable[[Any], Any]:
    """A C-level getter of the opponent's counts on the mover's points 1-24."""
    getter = _GATHER.get(cross)
    if getter is None:
        getter = _GATHER[cross] = itemgetter(*cross[1:25])
    return getter


def to_frame(position: Position, cross: Cross) -> int:
    me = position.sides[position.turn]
    opp = position.sides[1 - position.turn]
    s = int.from_bytes(bytes(me) + bytes(_gather(cross)(opp)) + bytes((opp[BAR],)), "little")
    s |= opp[OFF] << SH[F_OOFF] | opp[HAND] << SH[F_OHAND]
    for p in position.pins[position.turn]:
        s |= PIN_MINE << SH[F_PIN + p]
    for q in position.pins[1 - position.turn]:
        s |= PIN_THEIRS << SH[F_PIN + cross[q]]
    return s


def pins_of(s: int, cross: Cross) -> tuple[frozenset[int], frozenset[int]]:
    """(mover's pinned points, opponent's pinned points), each in its own numbering."""
    pins = s.to_bytes(SLOTS, "little")[F_PIN + 1 : F_PIN + 25]
    if pins == _NO_PINS:
        return frozenset(), frozenset()
    return (
        frozenset(p for p in range(1, 25) if pins[p - 1] == PIN_MINE),
        frozenset(cross[p] for p in range(1, 25) if pins[p - 1] == PIN_THEIRS),
    )


def from_frame(
    position: Position, s: int, cross: Cross
) -> tuple[tuple[Side, ...], tuple[frozenset[int], ...]]:
    """Return (sides, pins) of ``position`` with the mover's frame ``s`` written back."""
    mover = position.turn
    me, opp = sides_of(s, cross)
    my_pins, their_pins = pins_of(s, cross)
    sides: list[Any] = [None, None]
    sides[mover], sides[1 - mover] = me, opp
    pin_sets: list[Any] = [None, None]
    pin_sets[mover], pin_sets[1 - mover] = my_pins, their_pins
    return tuple(sides), tuple(pin_sets)


def sides_of(s: int, cross: Cross) -> tuple[Side, Side]:
    """(mover's side, opponent's side), each a 27-tuple in its own numbering (position.py)."""
    raw = s.to_bytes(SLOTS, "little")
    theirs = raw[F_OPP + 1 : F_OPP + 25]
    opp = [0] * SIDE_LEN
    for p in range(1, 25):
        opp[cross[p]] = theirs[p - 1]
    opp[OFF] = raw[F_OOFF]
    opp[BAR] = raw[F_OBAR]
    opp[HAND] = raw[F_OHAND]
    return tuple(raw[:SIDE_LEN]), tuple(opp)


_FLIP: dict[Cross, Callable[[Any], Any]] = {}


_NO_PINS = bytes(24)
_SWAP_PIN = bytes((0, PIN_THEIRS, PIN_MINE))  # a pin seen by the other side


def flip(s: int, cross: Cross) -> int:
    """The same position seen by the other side: after a play, the frame of the player who now
    rolls (pins included: plakoto's look-ahead must see them)."""
    getter = _FLIP.get(cross)
    if getter is None:
        getter = _FLIP[cross] = itemgetter(*cross[1:25])
    raw = s.to_bytes(SLOTS, "little")
    me_points = raw[1:25]
    theirs = raw[F_OPP + 1 : F_OPP + 25]
    # the opponent's own point q holds what the mover sees on p = cross[q] (an involution)
    head = (
        bytes((raw[F_OOFF],)) + bytes(getter(b"\0" + theirs)) + bytes((raw[F_OBAR], raw[F_OHAND]))
    )
    tail = bytes(getter(b"\0" + me_points)) + bytes((raw[F_BAR],))
    pins = raw[F_PIN + 1 : F_PIN + 25]
    if pins != _NO_PINS:
        tail += bytes(getter(b"\0" + pins)).translate(_SWAP_PIN + bytes(253))
    return (
        int.from_bytes(head + tail, "little")
        | raw[F_OFF] << SH[F_OOFF]
        | raw[F_HAND] << SH[F_OHAND]
    )
