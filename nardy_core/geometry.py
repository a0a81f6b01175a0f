"""Board geometry: which physical point a side's own point number denotes.

Each side counts its own track 24 → 1. ``cross(geometry)[p]`` is the opponent's own number of
the physical point that the mover calls ``p`` (an involution in every geometry used here).
"""

from __future__ import annotations

CONTRARY = "contrary"  # backgammon: the two sides travel in opposite directions
PARALLEL = "parallel"  # long nardy: same direction, starting in diagonally opposite corners
SHARED = "shared"      # Russian tricktrack: both sides enter and bear off in the same tables
ROWS12 = "rows12"      # tourne-case: each side has its own row, own k faces the opponent's k


def cross_table(geometry: str) -> tuple:
    if geometry == CONTRARY:
        return (0,) + tuple(25 - p for p in range(1, 25))
    if geometry == PARALLEL:
        return (0,) + tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))
    if geometry in (SHARED, ROWS12):
        return tuple(range(25))
    raise ValueError(f"unknown geometry {geometry!r}")


def absolute_point(geometry: str, colour: int, own_point: int) -> int:
    """White's numbering of a colour's own point (the canonical display numbering)."""
    if colour == 0 or geometry in (SHARED, ROWS12):
        return own_point
    return cross_table(geometry)[own_point]
