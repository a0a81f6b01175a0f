"""Board geometry: which physical point a side's own point number denotes.

Each side counts its own track 24 → 1. ``cross(geometry)[p]`` is the opponent's own number of
the physical point that the mover calls ``p`` (an involution in every geometry used here).
"""

from __future__ import annotations

CONTRARY = "contrary"  # backgammon: the two sides travel in opposite directions
PARALLEL = "parallel"  # long nardy: same direction, starting in diagonally opposite corners
SHARED = "shared"  # Russian tricktrack: both sides enter and bear off in the same tables
ROWS12 = "rows12"  # tourne-case: each side has its own row, own k faces the opponent's k
ROWS12_CONTRARY = "rows12_contrary"  # tourne-case option: own k faces the opponent's 13 - k

# ROWS12 (tourne-case): a side's row is its own points 12 … 1 (row point k = own 13 - k, the home
# point k = 12 is own 1), White's row on board points 12 … 1 (bottom, left to right), Black's on
# the top. With parallel rows Black's own p is board 25 - p, so own k faces the opponent's k (the
# CONTRARY table); with contrary rows Black's own p is board p + 12, so own k faces the
# opponent's 13 - k (the PARALLEL table). The points a side never uses (its own 13-24) are the
# other row, so no physical point is ever held by both colours. In every row geometry the
# mover's point p faces the mover's 25 - p, where the opponent's facing checker is found.


def cross_table(geometry: str) -> tuple[int, ...]:
    if geometry in (CONTRARY, ROWS12):
        return (0,) + tuple(25 - p for p in range(1, 25))
    if geometry in (PARALLEL, ROWS12_CONTRARY):
        return (0,) + tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))
    if geometry == SHARED:
        return tuple(range(25))
    raise ValueError(f"unknown geometry {geometry!r}")


def absolute_point(geometry: str, colour: int, own_point: int) -> int:
    """White's numbering of a colour's own point (the canonical display numbering)."""
    if colour == 0 or geometry == SHARED:
        return own_point
    return cross_table(geometry)[own_point]
