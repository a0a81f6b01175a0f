"""The board as text, in the canonical layout (CORE_RULES.md 1.2): White's points 13-24 along
the top from left to right, 12-1 along the bottom; White (O) sits at the bottom."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..engine.geometry import absolute_point
from ..engine.position import BAR, HAND, OFF

if TYPE_CHECKING:
    from ..engine.position import Position

MARKS = ("O", "X")
HEIGHT = 5


def columns(position: Position) -> dict[int, tuple[int, ...]]:
    """White's number of each occupied point -> (colour, count): what a board draws. A pinned
    point (plakoto) is its owner's: the stack on top; ``pinned_points`` names what lies under."""
    cols: dict[int, tuple[int, ...]] = {}
    geometry = position.variant.geometry
    for colour in (0, 1):
        side = position.sides[colour]
        pins = position.pins[colour]
        for p in range(1, 25):
            if side[p] and p not in pins:
                cols[absolute_point(geometry, colour, p)] = (colour, side[p])
    return cols


def pinned_points(position: Position) -> dict[int, int]:
    """White's number of each pinned point -> the colour of the single checker pinned there."""
    geometry = position.variant.geometry
    return {
        absolute_point(geometry, colour, p): colour
        for colour in (0, 1)
        for p in position.pins[colour]
    }


def _cell(col: tuple[int, ...] | None, row: int) -> str:
    if col is None:
        return " . " if row == 0 else "   "
    colour, count, under = cast(
        "tuple[int, int, int | None]", col if len(col) == 3 else (*col, None)
    )
    room = HEIGHT
    if under is not None:  # a pinned checker at the base, in lower case, its pinners above
        if row == 0:
            return f" {MARKS[under].lower()} "
        row, room = row - 1, HEIGHT - 1
    if row < min(count, room):
        if row == room - 1 and count > room:
            return f"{count:^3}"
        return f" {MARKS[colour]} "
    return "   "


# the words of the lines under the board, English; the terminal game passes its language's
_ENGLISH = {
    "term_white": "White (O)",
    "term_black": "Black (X)",
    "term_bar": "bar {n}",
    "term_hand": "hand {n}",
    "term_off": "off {n}",
    "term_pips": "pips {n}",
    "term_to_move": "{player} to move, dice {dice}",
    "term_not_rolled": "{player} to move, dice not rolled",
}


def _english(key: str, **params: object) -> str:
    return _ENGLISH[key].format(**params)


def render(position: Position, viewer: int = 0, words: Callable[..., str] = _english) -> str:
    """The board as ``viewer`` (a colour) sees it: his own points 13-24 on top, 12-1 below,
    labelled with his own numbers; ``words(key, **params)`` says the lines under it (keys of
    ``_ENGLISH``, the page's texts ``term_*``: ``ui.text.tr`` in a language)."""
    cols = columns(position)
    for point, colour in pinned_points(position).items():
        cols[point] = cols[point] + (colour,)
    geometry = position.variant.geometry
    own_top = list(range(13, 25))
    own_bottom = list(range(12, 0, -1))
    top = [absolute_point(geometry, viewer, p) for p in own_top]
    bottom = [absolute_point(geometry, viewer, p) for p in own_bottom]
    lines = []

    def numbers(points: list[int]) -> str:
        left = "".join(f"{p:^3}" for p in points[:6])
        right = "".join(f"{p:^3}" for p in points[6:])
        return f" {left}|   |{right}"

    lines.append(numbers(own_top))
    for row in range(HEIGHT):
        lines.append(
            " "
            + "".join(_cell(cols.get(p), row) for p in top[:6])
            + "|   |"
            + "".join(_cell(cols.get(p), row) for p in top[6:])
        )
    lines.append(" " + "-" * 18 + "|BAR|" + "-" * 18)
    for row in reversed(range(HEIGHT)):
        lines.append(
            " "
            + "".join(_cell(cols.get(p), row) for p in bottom[:6])
            + "|   |"
            + "".join(_cell(cols.get(p), row) for p in bottom[6:])
        )
    lines.append(numbers(own_bottom))
    names = (words("term_white"), words("term_black"))
    for colour in (1, 0):
        side = position.sides[colour]
        extra = []
        if side[BAR]:
            extra.append(words("term_bar", n=side[BAR]))
        if side[HAND]:
            extra.append(words("term_hand", n=side[HAND]))
        extra.append(words("term_off", n=side[OFF]))
        extra.append(words("term_pips", n=position.pip_count(colour)))
        lines.append(f" {names[colour]}: " + ", ".join(extra))
    turn = names[position.turn]
    if position.dice:
        dice = "-".join(map(str, position.dice))
        lines.append(" " + words("term_to_move", player=turn, dice=dice))
    else:
        lines.append(" " + words("term_not_rolled", player=turn))
    return "\n".join(lines)
