"""State notation: one line of text for a complete game state ("FEN for nardy").

``long 24:14,19:1 24:15 b 53 - money first:b`` — the grammar and examples are in
``docs/notation.md``. The writer is canonical and the reader strict: it takes canonical text
only, apart from surrounding whitespace and the order and spelling of rule options, so that a
state has one text to compare, store and share. Every problem in a text is a ``NotationError``
naming the column and the field.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NoReturn, cast

from ..engine.cube import CubeState
from ..engine.errors import NotationError, OptionError, PositionError
from ..engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from ..engine.position import BAR, BLACK, COLOUR_NAMES, HAND, OFF, SIDE_LEN, WHITE, Position
from ..variants import get_variant

if TYPE_CHECKING:
    from ..engine.position import Side
    from ..engine.variant import Variant

FIELDS = ("game", "white's side", "black's side", "side to move", "dice", "cube", "match")
COLOURS = "wb"
NAMED = (("bar", BAR), ("hand", HAND), ("off", OFF))  # written after the points, in this order
FLAGS = ("first", "turns", "pending", "lastroll")  # written in this order
MARKS = {CRAWFORD: "*", POST_CRAWFORD: "+"}

# [0-9], not \d: \d and int() accept non-ASCII digits, and the text must stay canonical.
# Numbers are capped in length so that int() stays cheap and within its digit limit.
_N3, _N5, _N10 = (r"(0|[1-9][0-9]{0,%d})" % (n - 1) for n in (3, 5, 10))
_GAME = re.compile(r"([a-z][a-z0-9_]*)(?:\[([^\[\]]*)\])?")
_OPTION = re.compile(r"([A-Za-z][A-Za-z0-9_]*)=([^,=\[\] ]+)")
_ITEM = re.compile(rf"([a-z]+|{_N3}):{_N3}(p?)")
_CUBE = re.compile(rf"{_N10}([wb]?)(?:!([wb]))?")
_MATCH = re.compile(rf"{_N3}-{_N3}/{_N3}([*+]?)")
_TURNS = re.compile(rf"{_N5}-{_N5}")


# --- writing ------------------------------------------------------------------------------------
def format_state(
    position: Position, cube: CubeState | None = None, match: MatchScore | None = None
) -> str:
    """The state's text. A money session's running totals are not part of a game state, nor is
    the cube of a game played without one: neither is written."""
    cube = CubeState() if cube is None else cube
    match = MatchScore() if match is None else match
    variant = position.variant
    options = variant.options.format_non_default()
    fields = [
        f"{variant.key}[{options}]" if options else variant.key,
        _format_side(position.sides[WHITE], position.pins[WHITE]),
        _format_side(position.sides[BLACK], position.pins[BLACK]),
        COLOURS[position.turn],
        "".join(map(str, position.dice)) if position.dice else "-",
        _format_cube(cube) if variant.cube_enabled else "-",
        _format_match(match),
    ]
    first = "".join(c for c, f in zip(COLOURS, position.first_turn) if f)
    if first:
        fields.append(f"first:{first}")
    if any(position.turn_number):
        fields.append("turns:%d-%d" % tuple(position.turn_number))
    if position.pending:
        fields.append("pending:" + "".join(map(str, position.pending)))
    if position.last_roll:
        fields.append("lastroll:1")
    return " ".join(fields)


def format_position(position: Position) -> str:
    return format_state(position)


def _format_side(side: Side, pins: frozenset[int]) -> str:
    items = [f"{p}:{side[p]}" + ("p" if p in pins else "") for p in range(24, 0, -1) if side[p]]
    items += [f"{name}:{side[index]}" for name, index in NAMED if side[index]]
    return ",".join(items) or "-"


def _format_cube(cube: CubeState) -> str:
    text = str(cube.value)
    if cube.owner is not None:
        text += COLOURS[cube.owner]
    if cube.offered_by is not None:
        text += "!" + COLOURS[cube.offered_by]
    return text


def _format_match(match: MatchScore) -> str:
    if not match.length:
        return "money"
    white, black = match.score
    return f"{white}-{black}/{match.length}" + MARKS.get(match.crawford, "")


# --- reading ------------------------------------------------------------------------------------
class _Field:
    """One field of the text: its name (for messages), 1-based column and text."""

    __slots__ = ("name", "column", "text")

    def __init__(self, name: str, column: int, text: str) -> None:
        self.name, self.column, self.text = name, column, text

    def fail(self, code: str, message: str, **params: Any) -> NoReturn:
        params.update(column=self.column, field=self.name)
        raise NotationError(f"column {self.column} ({self.name}): {message}", code=code, **params)


def _split(text: object) -> list[_Field]:
    if not isinstance(text, str):
        _Field("game", 1, "").fail("not_text", f"expected text, not {type(text).__name__}")
    body = text.strip()
    column = len(text) - len(text.lstrip()) + 1
    fields: list[_Field] = []
    for part in body.split(" ") if body else ():
        field = _Field(FIELDS[len(fields)] if len(fields) < len(FIELDS) else "flag", column, part)
        if not part:
            field.fail("spacing", "fields are separated by one space")
        fields.append(field)
        column += len(part) + 1
    if len(fields) < len(FIELDS):
        missing = FIELDS[len(fields)]
        _Field(missing, column, "").fail(
            "field_count",
            f"{missing} is missing; a state has at least {len(FIELDS)} fields: "
            + ", ".join(FIELDS),
        )
    return fields


def parse_state(text: object) -> tuple[Position, CubeState, MatchScore]:
    """``(Position, CubeState, MatchScore)`` from a state's text; raises only NotationError."""
    fields = _split(text)
    variant = _parse_game(fields[0])
    # zip pairs the two sides and the two pin sets; mypy would join each pair's types
    sides, pins = cast(
        "tuple[tuple[Side, Side], tuple[frozenset[int], frozenset[int]]]",
        zip(_parse_side(fields[1]), _parse_side(fields[2])),
    )
    if fields[3].text not in ("w", "b"):
        fields[3].fail("bad_turn", f"the side to move is w or b, not {fields[3].text!r}")
    turn = COLOURS.index(fields[3].text)
    dice = _parse_dice(variant, fields[4])
    cube = _parse_cube(variant, turn, dice, fields[5])
    match = _parse_match(fields[6])
    flags = _parse_flags(fields[len(FIELDS) :])
    _check_pins(variant, sides, pins, fields)
    position = Position(variant, sides, turn=turn, dice=dice, pins=pins, **flags)
    try:
        variant.validate(position)
    except PositionError as exc:
        colour = exc.params.get("colour")
        field = fields[4 if exc.code == "dice" else 2 if colour == COLOUR_NAMES[BLACK] else 1]
        field.fail(exc.code, exc.message, **exc.params)
    return position, cube, match


def parse_position(text: object) -> Position:
    return parse_state(text)[0]


def _parse_game(field: _Field) -> Variant:
    text, fail = field.text, field.fail
    m = _GAME.fullmatch(text)
    if not m:
        fail("bad_game", f"expected a game such as long or long[key=value,...], not {text!r}")
    key, body = m.groups()
    options: dict[str, str] = {}
    if body is not None:
        for item in body.split(","):
            om = _OPTION.fullmatch(item)
            if not om:
                fail("bad_game", f"expected an option as key=value, not {item!r}")
            if om[1] in options:
                fail("duplicate_option", f"option {om[1]!r} is given twice", key=om[1])
            options[om[1]] = om[2]
    try:
        return get_variant(key, options)
    except OptionError as exc:
        fail(exc.code, exc.message, **exc.params)


def _parse_side(field: _Field) -> tuple[Side, frozenset[int]]:
    text, fail = field.text, field.fail
    side = [0] * SIDE_LEN
    pins: set[int] = set()
    if text == "-":
        return tuple(side), frozenset()
    names = dict(NAMED)
    last = 0  # rank of the previous item: points 24…1 are ranks 1…24, then bar, hand, off
    for item in text.split(","):
        m = _ITEM.fullmatch(item)
        if not m:
            fail("bad_side", f"expected point:count, bar:n, hand:n or off:n, not {item!r}")
        where, count, pinned = m[1], int(m[3]), m[4]
        if m[2] is None:
            if where not in names:
                fail("bad_side", f"unknown place {where!r} (bar, hand or off)")
            if pinned:
                fail("bad_pin", f"only a checker on a point can be pinned, not {item!r}")
            index, rank = names[where], 25 + list(names).index(where)
        else:
            index = int(where)
            if not 1 <= index <= 24:
                fail("bad_point", f"points are numbered 1-24, not {index}", point=index)
            rank = 25 - index
            if pinned and count != 1:
                fail("bad_pin", f"a pinned point holds a single checker, not {count}", point=index)
        if count == 0:
            fail("bad_count", f"{item!r}: only places with checkers are written")
        if rank == last:
            fail("duplicate_point", f"{where} is written twice", place=where)
        if rank < last:
            fail("side_order", "points are written from 24 down to 1, then bar, hand, off")
        last = rank
        side[index] = count
        if pinned:
            pins.add(index)
    return tuple(side), frozenset(pins)


def _parse_dice(variant: Variant, field: _Field) -> tuple[int, ...] | None:
    text, fail = field.text, field.fail
    if text == "-":
        return None
    n = variant.dice_count
    if len(text) != n or any(c not in "123456" for c in text):
        fail(
            "bad_dice",
            f"{variant.key} is played with {n} dice of 1-6: write them as "
            f"{n} digits or - when not rolled, not {text!r}",
        )
    return tuple(int(c) for c in text)


def _parse_cube(
    variant: Variant, turn: int, dice: tuple[int, ...] | None, field: _Field
) -> CubeState:
    text, fail = field.text, field.fail
    if not variant.cube_enabled:
        if text != "-":
            fail("bad_cube", f"this {variant.key} game has no cube: write -, not {text!r}")
        return CubeState()
    m = _CUBE.fullmatch(text)
    if not m:
        fail("bad_cube", f"expected a cube such as 1, 2w, 4b or 1!w, not {text!r}")
    value = int(m[1])
    owner = COLOURS.index(m[2]) if m[2] else None
    doubler = COLOURS.index(m[3]) if m[3] else None
    limit = variant.options.values.get("max_cube", 0)
    if value < 1 or value & (value - 1):
        fail("bad_cube", f"the cube shows a power of two, not {value}", value=value)
    if limit and value > limit:
        fail("bad_cube", f"the cube is at {value}, above max_cube={limit}", value=value)
    if owner is not None and value == 1:
        fail("bad_cube", "a cube at 1 has never been taken: it cannot have an owner")
    if doubler is not None:
        # 3.7.1: only the player on turn doubles, before rolling, with a cube he may turn
        if doubler != turn or dice is not None:
            fail("bad_cube", "only the side to move offers a double, before rolling")
        if owner not in (None, doubler) or (limit and 2 * value > limit):
            fail("bad_cube", f"{COLOUR_NAMES[doubler]} may not double this cube")
    return CubeState(value, owner, doubler)


def _parse_match(field: _Field) -> MatchScore:
    text, fail = field.text, field.fail
    if text == "money":
        return MatchScore()
    m = _MATCH.fullmatch(text)
    if not m:
        fail(
            "bad_match", f"expected money or a score such as 2-3/7, 4-1/5* or 4-4/5+, not {text!r}"
        )
    white, black, length = int(m[1]), int(m[2]), int(m[3])
    if length < 1 or max(white, black) >= length:
        fail("bad_match", f"in a match to {length} each score is below {length}")
    mark = m[4]
    if mark == "*" and (white == length - 1) == (black == length - 1):
        fail(
            "bad_match",
            "the Crawford game follows the first game that leaves exactly one "
            f"player at {length - 1}",
        )
    if mark == "+" and (length < 2 or max(white, black) != length - 1):
        fail("bad_match", f"a post-Crawford game needs a player at {length - 1}")
    crawford = {"*": CRAWFORD, "+": POST_CRAWFORD}.get(mark, PRE_CRAWFORD)
    return MatchScore(length, (white, black), crawford)


def _parse_flags(fields: list[_Field]) -> dict[str, Any]:
    flags: dict[str, Any] = {}
    last = -1
    for field in fields:
        text, fail = field.text, field.fail
        key, sep, value = text.partition(":")
        if not sep or key not in FLAGS:
            fail(
                "bad_flag", f"expected a flag {', '.join(k + ':...' for k in FLAGS)}, not {text!r}"
            )
        rank = FLAGS.index(key)
        if rank <= last:
            fail("flag_order", f"flags are written once each, in the order {', '.join(FLAGS)}")
        last = rank
        if key == "first":
            if value not in ("w", "b", "wb"):
                fail("bad_flag", f"first: names the colours yet to play, w, b or wb, not {value!r}")
            flags["first_turn"] = ("w" in value, "b" in value)
        elif key == "turns":
            m = _TURNS.fullmatch(value)
            if not m or value == "0-0":
                fail("bad_flag", f"turns: takes two counts W-B, not both 0, not {value!r}")
            flags["turn_number"] = (int(m[1]), int(m[2]))
        elif key == "pending":
            if not 1 <= len(value) <= 24 or any(c not in "123456" for c in value):
                fail("bad_flag", f"pending: takes die values 1-6, not {value!r}")
            flags["pending"] = tuple(int(c) for c in value)
        elif value != "1":
            fail("bad_flag", f"lastroll: is written only as lastroll:1, not {value!r}")
        else:
            flags["last_roll"] = True
    return flags


def _check_pins(
    variant: Variant,
    sides: tuple[Side, ...],
    pins: tuple[frozenset[int], ...],
    fields: list[_Field],
) -> None:
    # a pinned checker lies under an opposing checker on the same physical point
    for colour in (WHITE, BLACK):
        other = sides[1 - colour]
        for point in sorted(pins[colour], reverse=True):
            if not other[variant.cross[point]]:
                fields[1 + colour].fail(
                    "bad_pin",
                    f"{COLOUR_NAMES[colour]}'s checker on {point} is marked pinned, "
                    "but no opposing checker stands on that point",
                    colour=COLOUR_NAMES[colour],
                    point=point,
                )
