"""What the board draws: ``BoardView``, every key ``svg.render_board`` (and ``thumb``) reads,
and ``board_view``, the one function that builds it.

A view is built from a position (its variant gives the geometry, the hand, the point labels and
whether there is a cube), the cube, and what the page adds on top of the checkers: the dice
shown and which are used, the places a checker may be picked from or put on, the last play, a
play drawn as arrows. ``Session.view()`` and ``Editor.view()`` both call ``board_view`` and put
their own page-only keys (players, score, phase, ...) around it; a replay and the first board
of ``tools/build_web.py`` take the editor's.

Locations are the board's: ``p1``-``p24`` in White's numbering, ``bar0``/``bar1``,
``off0``/``off1``, ``hand0``/``hand1``. Points are White's numbers.

Why a ``TypedDict`` and not a frozen dataclass: the view is plain data on purpose. The sessions
spread it into the larger dict the page reads (``view["pips"]``, ``view["phase"]``), a replay
sets ``moves`` and ``dice`` on it, tests draw variants of it with ``dict(view, last=...)``, and
it compares with ``==`` like any dict; a ``TypedDict`` types all of that without changing a line
of those readers, and costs nothing when the page starts (it is a ``dict`` at run time).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypedDict

from ..engine.cube import CubeState
from ..engine.errors import NardyError
from ..engine.position import BAR, HAND, OFF, Position
from ..formats.textboard import columns, pinned_points


class CubeView(TypedDict):
    """The doubling cube as drawn: ``offered_by`` is the colour whose double waits for an
    answer (the cube is drawn doubled, in the middle), else None."""

    enabled: bool
    value: int
    owner: int | None
    offered_by: int | None


class BoardView(TypedDict):
    """Everything the board is drawn from (a colour is 0 White, 1 Black; a pair of counts is
    indexed by colour)."""

    geometry: str  # engine.geometry: how the two sides' points map onto the board
    turn: int  # the side to move: its dice sit on its half
    points: dict[int, tuple[int, ...]]  # White's point number -> (colour, count) on top
    pinned: dict[int, int]  # plakoto: White's point number -> colour of the checker under it
    bar: list[int]
    off: list[int]
    hand: list[int]  # checkers not yet entered (games that start from a hand)
    pips: list[int]  # not drawn: the panels beside the board show it
    has_hand: bool  # the game starts from a hand: the hand strip is drawn even when empty
    labels: list[int | None] | None  # the game's own point names (tourne-case), or None
    dice: list[int]
    used: list[bool]  # one per die
    later: list[int]  # an escalating game's units still to come after these dice
    cube: CubeView
    movable: list[str]  # locations a checker may be picked from
    selected: str | None  # the picked checker's location
    targets: dict[str, int]  # where the picked checker may go -> number of ways there
    last: list[list[str]]  # the last play, ``[[from, to], ...]``, marked until the next
    moves: list[list[str]]  # a play drawn as arrows (a hint, a review's better play)


def board_view(
    position: Position,
    cube: CubeState,
    *,
    dice: Iterable[int] = (),
    used: Iterable[bool] | None = None,
    later: Iterable[int] = (),
    movable: Iterable[str] = (),
    selected: str | None = None,
    targets: Mapping[str, int] | None = None,
    last: Iterable[Sequence[str]] = (),
    moves: Iterable[Sequence[str]] = (),
) -> BoardView:
    """The view of ``position`` (the checkers as they stand, a turn's steps included) with
    ``cube`` as it is to be drawn. ``used``: None when no die is used yet. The position may be
    one the editor has not finished: a board that is no position yet draws no points."""
    variant = position.variant
    sides = position.sides
    try:
        points, pinned = columns(position), pinned_points(position)
    except NardyError:
        points, pinned = {}, {}
    shown = list(dice)
    return {
        "geometry": variant.geometry,
        "turn": position.turn,
        "points": points,
        "pinned": pinned,
        "bar": [sides[0][BAR], sides[1][BAR]],
        "off": [sides[0][OFF], sides[1][OFF]],
        "hand": [sides[0][HAND], sides[1][HAND]],
        "pips": [position.pip_count(0), position.pip_count(1)],
        "has_hand": bool(variant.setup_hand),
        "labels": list(variant.point_labels) if variant.point_labels else None,
        "dice": shown,
        "used": [False] * len(shown) if used is None else list(used),
        "later": list(later),
        "cube": {
            "enabled": variant.cube_enabled,
            "value": cube.value,
            "owner": cube.owner,
            "offered_by": cube.offered_by,
        },
        "movable": list(movable),
        "selected": selected,
        "targets": dict(targets or {}),
        "last": [list(step) for step in last],
        "moves": [list(step) for step in moves],
    }


__all__ = ["BoardView", "CubeView", "board_view"]
