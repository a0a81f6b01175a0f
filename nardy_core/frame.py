"""The mover's frame: a position seen from the side to move, as one flat ``bytearray``.

Move generation runs thousands of times per bot decision, so it works on this compact form
(cheap to copy, hashable as ``bytes``) instead of ``Position`` objects. Everything is in the
mover's own numbering: the opponent's checkers are stored on the mover's point numbers.
"""

from __future__ import annotations

from operator import itemgetter

from .position import BAR, HAND, OFF, SIDE_LEN

F_OFF, F_BAR, F_HAND = OFF, BAR, HAND  # mover: 0 off, 1…24 points, 25 bar, 26 hand
F_OPP = 26                             # opponent's count on mover point p: s[F_OPP + p]
F_OBAR = 51                            # opponent's bar
F_PIN = 51                             # pin state of mover point p: s[F_PIN + p]
PIN_MINE, PIN_THEIRS = 1, 2            # 1: mover's single checker is pinned there; 2: opponent's
FRAME_LEN = 76


_GATHER = {}


def _gather(cross):
    """A C-level getter of the opponent's counts on the mover's points 1-24 (hot path)."""
    getter = _GATHER.get(cross)
    if getter is None:
        getter = _GATHER[cross] = itemgetter(*cross[1:25])
    return getter


def to_frame(position, cross) -> bytearray:
    me = position.sides[position.turn]
    opp = position.sides[1 - position.turn]
    s = bytearray(FRAME_LEN)
    s[0:SIDE_LEN] = bytes(me)
    s[F_OPP + 1:F_OPP + 25] = bytes(_gather(cross)(opp))
    s[F_OBAR] = opp[BAR]
    my_pins = position.pins[position.turn]
    their_pins = position.pins[1 - position.turn]
    for p in my_pins:
        s[F_PIN + p] = PIN_MINE
    for q in their_pins:
        s[F_PIN + cross[q]] = PIN_THEIRS
    return s


def from_frame(position, s, cross):
    """Return (sides, pins) of ``position`` with the mover's frame ``s`` written back."""
    mover = position.turn
    opp_old = position.sides[1 - mover]
    me = tuple(s[0:SIDE_LEN])
    opp = [0] * SIDE_LEN
    for p in range(1, 25):
        opp[cross[p]] = s[F_OPP + p]
    opp[OFF] = opp_old[OFF]
    opp[BAR] = s[F_OBAR]
    opp[HAND] = opp_old[HAND]
    my_pins = frozenset(p for p in range(1, 25) if s[F_PIN + p] == PIN_MINE)
    their_pins = frozenset(cross[p] for p in range(1, 25) if s[F_PIN + p] == PIN_THEIRS)
    sides = [None, None]
    sides[mover] = me
    sides[1 - mover] = tuple(opp)
    pins = [None, None]
    pins[mover] = my_pins
    pins[1 - mover] = their_pins
    return tuple(sides), tuple(pins)
