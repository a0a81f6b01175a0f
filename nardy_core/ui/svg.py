"""The board as SVG: a pure function of a ``BoardView`` (``ui/boardview.py``; ``Session.view()``
and ``Editor.view()`` hold one) and the viewer's settings.

Layout: the viewer's own points 13-24 run along the top from left to right and 12-1 along the
bottom from right to left (home at the bottom right; ``mirror`` puts it at the bottom left).
This one rule draws every geometry: which physical point a number denotes comes from
``geometry.absolute_point``, so long nardy's same-direction track and heads come out right.

A pinned point (plakoto, ``view["pinned"]``) shows the pinned checker at the base of the point,
outlined, with the pinning stack on it.

Every place a checker can be picked from or put on is a ``<g data-loc=…>`` (``p1``-``p24`` in
White's numbering, ``bar0``/``bar1``, ``off0``/``off1``) with a role, an accessible name and
``tabindex`` 0 when it is actionable; the page binds clicks, drags and keys to those groups.
Its tap target (``.hit``) is the whole half-column, the frame and the number included; the
dice, the cube and the marks take no taps.

The look: a wooden case with a felt field, shaded points, checkers with a lit dome, a groove and
a shadow, dice with pips, a cube with depth, painted with gradients defined once in ``<defs>``
(no images, nothing fetched). Every colour is a ``--nb-*`` custom property (``COLOURS``: the
light theme's values, the fallbacks); ``web/board.css`` sets them for the light and dark themes.
The last play (``view["last"]``) is marked until the next: a dashed outline where a checker
left, a ring in the checker where it arrived (``data-last="from"``/``"to"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..engine.geometry import absolute_point, cross_table
from .boardview import BoardView

# ``label(key, **params)``: a text of the board in the player's language (``text.board_label``)
Label = Callable[..., str]
# a gradient stop: (offset, colour name) or (offset, colour name, opacity)
Stop = tuple[float, str] | tuple[float, str, float]

M, NUM = 10, 21  # side frame; top and bottom frame, where the point numbers are
PW, R = 44, 20  # point width, checker radius
BW, TW = 40, 44  # bar and tray width
PH, GAP = 5 * 2 * R, 36  # point height (five checkers), middle strip
W = M + 12 * PW + BW + M + TW + M
H = 2 * NUM + 2 * PH + GAP
TOP = NUM  # top edge of the top row
BOTTOM = NUM + 2 * PH + GAP  # bottom edge of the bottom row
MID = NUM + PH + GAP / 2
VISIBLE = 5  # checkers drawn on a point before a count is shown
HW = 44  # the hand strip beside the board (games with a hand)
# a pinned checker (plakoto): a dashed red outline, inline so that no style sheet hides it
PINNED_STYLE = "stroke:var(--nb-pinned, #c0392b);stroke-width:3;stroke-dasharray:5 3"
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

# Every colour the board uses: a custom property (web/board.css sets them, the dark theme
# included) with the light theme's value as the fallback, so that the SVG alone looks right.
COLOURS = {
    "wood": "#6e4426",
    "wood-hi": "#8c5a33",
    "wood-lo": "#4a2c17",
    "grain": "#2e1a0c",
    "felt": "#2e5e45",
    "felt-hi": "#3b7356",
    "felt-lo": "#224a36",
    "shade": "#0b1a12",
    "pt-dark": "#9e3a2c",
    "pt-dark-lo": "#7a2a1f",
    "pt-light": "#e8d9b8",
    "pt-light-lo": "#cdb88f",
    "pt-edge": "#1d130b",
    "ck0": "#f4eee2",
    "ck0-hi": "#ffffff",
    "ck0-lo": "#cfc4ae",
    "ck0-rim": "#8a7a62",
    "ck1": "#2f2925",
    "ck1-hi": "#5a514a",
    "ck1-lo": "#171310",
    "ck1-rim": "#0a0806",
    "count0": "#1a1410",
    "count1": "#f6f0e4",
    "die0": "#fbf6e9",
    "die0-lo": "#e3d8bf",
    "pip0": "#1f1712",
    "die-edge": "#4d3a28",
    "die1": "#3a302a",
    "die1-lo": "#1e1916",
    "pip1": "#f6efe0",
    "die1-edge": "#0e0b09",
    "tray": "#3b2414",
    "tray-lo": "#24150a",
    "num": "#f1e4c8",
    "later": "#f6eedc",
    "cube": "#fbf6e9",
    "cube-side": "#d6cab0",
    "cube-top": "#ffffff",
    "cube-text": "#2a1e14",
    "hint": "#e67e22",
    "hint-text": "#ffffff",
    "last": "#ffd54a",
    "pinned": "#c0392b",
}


def _c(name: str) -> str:
    return f"var(--nb-{name}, {COLOURS[name]})"


def _stops(*stops: Stop) -> str:
    return "".join(
        f'<stop offset="{stop[0]}" class="nbs-{stop[1]}"'
        + (f' stop-opacity="{stop[2]}"' if len(stop) == 3 else "")
        + "/>"
        for stop in stops
    )


def _defs() -> str:
    """The gradients, patterns and shadow the board is painted with, defined once."""
    grain = "".join(
        f'<path d="M0 {y} C40 {y - a} 80 {y + a} 120 {y} S200 {y - a} 240 {y}" '
        f'class="grain" stroke-width="{w}" opacity="{o}"/>'
        for y, a, w, o in (
            (4, 2, 1.2, 0.35),
            (11, 3, 0.7, 0.25),
            (17, 1.5, 1.6, 0.22),
            (24, 3.5, 0.8, 0.3),
            (31, 2, 1.1, 0.2),
            (37, 2.5, 0.6, 0.3),
        )
    )
    return (
        "<defs>"
        f'<pattern id="nb-wood" patternUnits="userSpaceOnUse" width="240" height="40">'
        f'<rect class="wood" width="240" height="40"/>{grain}</pattern>'
        '<linearGradient id="nb-sheen" x1="0" y1="0" x2="0" y2="1">'
        + _stops((0, "wood-hi", 0.45), (0.5, "wood-hi", 0), (1, "wood-lo", 0.5))
        + "</linearGradient>"
        '<linearGradient id="nb-barg" x1="0" y1="0" x2="1" y2="0">'
        + _stops(
            (0, "wood-lo", 0.7),
            (0.2, "wood-hi", 0.25),
            (0.5, "wood-hi", 0),
            (0.8, "wood-hi", 0.25),
            (1, "wood-lo", 0.7),
        )
        + "</linearGradient>"
        # the cloth: lit in the middle, darker towards the case (a pattern costs more to
        # draw on every move than it shows at a phone's size)
        '<linearGradient id="nb-felt" x1="0" y1="0" x2="0" y2="1">'
        + _stops((0, "felt-lo"), (0.45, "felt-hi"), (1, "felt-lo"))
        + "</linearGradient>"
        '<radialGradient id="nb-vignette" cx=".5" cy=".5" r=".75">'
        + _stops((0, "shade", 0), (0.6, "shade", 0.05), (1, "shade", 0.45))
        + "</radialGradient>"
        '<linearGradient id="nb-ptd" x1="0" y1="0" x2="1" y2="0">'
        + _stops((0, "pt-dark-lo"), (0.5, "pt-dark"), (1, "pt-dark-lo"))
        + "</linearGradient>"
        '<linearGradient id="nb-ptl" x1="0" y1="0" x2="1" y2="0">'
        + _stops((0, "pt-light-lo"), (0.5, "pt-light"), (1, "pt-light-lo"))
        + "</linearGradient>"
        # a checker seen from above: a lit dome, a turned groove, a rim
        '<radialGradient id="nb-ck0" cx=".5" cy=".5" r=".5" fx=".4" fy=".35">'
        + _stops(
            (0, "ck0-hi"),
            (0.5, "ck0"),
            (0.6, "ck0-lo"),
            (0.66, "ck0-hi"),
            (0.9, "ck0"),
            (1, "ck0-lo"),
        )
        + "</radialGradient>"
        '<radialGradient id="nb-ck1" cx=".5" cy=".5" r=".5" fx=".4" fy=".35">'
        + _stops(
            (0, "ck1-hi"),
            (0.5, "ck1"),
            (0.6, "ck1-lo"),
            (0.66, "ck1-hi"),
            (0.9, "ck1"),
            (1, "ck1-lo"),
        )
        + "</radialGradient>"
        '<linearGradient id="nb-slab0" x1="0" y1="0" x2="0" y2="1">'
        + _stops((0, "ck0-hi"), (0.5, "ck0"), (1, "ck0-lo"))
        + "</linearGradient>"
        '<linearGradient id="nb-slab1" x1="0" y1="0" x2="0" y2="1">'
        + _stops((0, "ck1-hi"), (0.5, "ck1"), (1, "ck1-lo"))
        + "</linearGradient>"
        '<linearGradient id="nb-die0" x1="0" y1="0" x2="1" y2="1">'
        + _stops((0, "die0"), (0.6, "die0"), (1, "die0-lo"))
        + "</linearGradient>"
        '<linearGradient id="nb-die1" x1="0" y1="0" x2="1" y2="1">'
        + _stops((0, "die1"), (0.6, "die1"), (1, "die1-lo"))
        + "</linearGradient>"
        '<linearGradient id="nb-trayg" x1="0" y1="0" x2="1" y2="0">'
        + _stops((0, "tray-lo"), (0.25, "tray"), (1, "tray"))
        + "</linearGradient>"
        '<filter id="nb-shadow" x="-30%" y="-30%" width="160%" height="160%">'
        '<feDropShadow dx="0.8" dy="1.6" stdDeviation="1.3" flood-color="#000" '
        'flood-opacity=".5"/></filter>'
        "</defs>"
    )


def _english(key: str, **params: Any) -> str:
    colour = ("white", "black")[params.get("colour", 0)] if "colour" in params else ""
    return {
        "point": f"point {params.get('number')}",
        "checkers": f"{params.get('count')} {colour}",
        "empty": "empty",
        "bar": f"bar, {colour}: {params.get('count')}",
        "off": f"borne off, {colour}: {params.get('count')}",
        "hand": f"hand, {colour}: {params.get('count')}",
        "pinned": f"1 {colour} pinned under them",
        "board": "Board",
        "cube": f"cube {params.get('value')}",
        "later": f"then {params.get('units')}",
    }.get(key, key)


class _Canvas:
    def __init__(self, mirror: bool) -> None:
        self.mirror = mirror
        self.out: list[str] = []

    def x(self, x: float, width: float = 0) -> float:
        return W - x - width if self.mirror else x

    def add(self, text: str) -> None:
        self.out.append(text)


def _column_x(column: int) -> int:
    return M + column * PW + (BW if column >= 6 else 0)


def _place(own: int) -> tuple[int, bool]:
    """(column 0-11 from the left, top row?) of the viewer's own point number."""
    if own >= 13:
        return own - 13, True
    return 12 - own, False


def _checker(colour: int, cx: float, cy: float, extra: str = "") -> str:
    return (
        f'<circle class="ck c{colour}" cx="{cx:.1f}" cy="{cy:.1f}" r="{R - 1}" '
        f'fill="url(#nb-ck{colour})" filter="url(#nb-shadow)"{extra}/>'
    )


def _attrs(loc: str, label: str, view: BoardView, actionable: bool) -> str:
    classes = []
    if loc in view["movable"]:
        classes.append("movable")
    if loc == view["selected"]:
        classes.append("selected")
    if loc in view["targets"]:
        classes.append("target")
    focus = 0 if actionable and classes else -1
    return (
        f'data-loc="{loc}" class="loc {" ".join(classes)}" role="button" '
        f'tabindex="{focus}" aria-label="{_escape(label)}"'
    )


def _escape(text: object) -> str:
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


def _last_marks(view: BoardView) -> dict[str, str]:
    """Where the last play went from and to: {loc: "from" | "to"}. A point passed through
    (8/5/3: 5) or left and entered again in the same play is not marked."""
    steps = view["last"]
    froms = {src for src, _ in steps}
    tos = {dst for _, dst in steps}
    marks = {loc: "from" for loc in froms - tos}
    marks.update({loc: "to" for loc in tos - froms})
    return marks


def _last_marker(kind: str, cx: float, cy: float, over: bool = False) -> str:
    """The last play's mark on a checker's place: where it went, a ring inlaid in the checker;
    where it left, a dashed outline of the checker that was there (``over``: drawn over the
    top checker of a full stack, unfilled, so that its count stays readable)."""
    if kind == "from" and over:
        return (
            f'<circle class="last last-from over" data-last="from" cx="{cx:.1f}" '
            f'cy="{cy:.1f}" r="{R - 1}" pointer-events="none"/>'
        )
    if kind == "to":
        return (
            f'<circle class="last last-to" data-last="to" cx="{cx:.1f}" cy="{cy:.1f}" '
            f'r="{R - 6.5}" '
            'pointer-events="none"/>'
        )
    return (
        f'<circle class="last last-from" data-last="from" cx="{cx:.1f}" cy="{cy:.1f}" '
        f'r="{R - 3}" pointer-events="none"/>'
    )


def _target_mark(cx: float, cy: float) -> str:
    """Where a picked checker can go: a dot on the place it would take."""
    return f'<circle class="mark" cx="{cx:.1f}" cy="{cy:.1f}" r="7"/>'


def render_board(
    view: BoardView,
    viewer: int = 0,
    mirror: bool = False,
    numbers: bool = True,
    label: Label | None = None,
    actionable: bool = True,
) -> str:
    """The SVG markup of the board ``view`` seen by colour ``viewer``."""
    label = label or _english
    cv = _Canvas(mirror)
    geometry = view["geometry"]
    hand = view["has_hand"] or any(view["hand"])
    width = W + (HW if hand else 0)
    marks = _last_marks(view)
    cv.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {H}" class="board" '
        f'role="group" aria-label="{_escape(label("board"))}">'
    )
    cv.add(_defs())
    if hand:
        # checkers waiting to enter sit in a strip on the far side from the trays
        _hand(cv, view, viewer, W if mirror else 0, label, actionable, marks)
        if not mirror:
            cv.add(f'<g transform="translate({HW} 0)">')
    # the wooden case: frame, bar, the trays' wall; the fields are felt laid in it
    cv.add(
        f'<rect class="frame" x="0" y="0" width="{W}" height="{H}" rx="10" '
        f'fill="url(#nb-wood)" style="stroke:{_c("wood-lo")};stroke-width:2"/>'
    )
    cv.add(
        f'<rect class="frame-sheen" x="0" y="0" width="{W}" height="{H}" rx="10" '
        'fill="url(#nb-sheen)" pointer-events="none"/>'
    )
    for left in (M, M + 6 * PW + BW):
        x = cv.x(left, 6 * PW)
        cv.add(
            f'<rect class="field" x="{x}" y="{TOP}" width="{6 * PW}" '
            f'height="{2 * PH + GAP}" fill="url(#nb-felt)" '
            f'style="stroke:{_c("wood-lo")};stroke-width:2"/>'
        )
        cv.add(
            f'<rect class="field-shade" x="{x}" y="{TOP}" width="{6 * PW}" '
            f'height="{2 * PH + GAP}" fill="url(#nb-vignette)" pointer-events="none"/>'
        )
    bar_x = cv.x(M + 6 * PW, BW)
    cv.add(
        f'<rect class="bar" x="{bar_x}" y="{TOP}" width="{BW}" '
        f'height="{2 * PH + GAP}" fill="url(#nb-barg)"/>'
    )
    cv.add(
        f'<line class="hinge" x1="{bar_x + BW / 2}" y1="{TOP}" x2="{bar_x + BW / 2}" '
        f'y2="{BOTTOM}" style="stroke:{_c("wood-lo")};stroke-width:1.5;opacity:.7"/>'
    )
    tray_x = M + 12 * PW + BW + M
    cv.add(
        f'<rect class="tray" x="{cv.x(tray_x, TW)}" y="{TOP}" width="{TW}" '
        f'height="{2 * PH + GAP}" rx="4" fill="url(#nb-trayg)" '
        f'style="stroke:{_c("wood-lo")};stroke-width:2"/>'
    )

    points = view["points"]
    pinned = view["pinned"]
    names = _point_names(view)
    for own in range(1, 25):
        absolute = absolute_point(geometry, viewer, own)
        column, top = _place(own)
        x = _column_x(column)
        cx = cv.x(x, PW) + PW / 2
        base = TOP if top else BOTTOM
        tip = base + (PH - 8 if top else -(PH - 8))
        shade = "light" if (column + (0 if top else 1)) % 2 else "dark"
        loc = f"p{absolute}"
        occupant = points.get(absolute)
        under = pinned.get(absolute)
        text = label("point", number=names[own] if numbers else absolute)
        text += ", " + (
            label("checkers", count=occupant[1], colour=occupant[0]) if occupant else label("empty")
        )
        if under is not None:
            text += ", " + label("pinned", colour=under)
        cv.add(f"<g {_attrs(loc, text, view, actionable)}>")
        # the whole column, frame and numbers included, up to the middle: the tap target
        hit_y = 0 if top else MID
        cv.add(
            f'<rect class="hit" x="{cv.x(x, PW)}" y="{hit_y}" width="{PW}" '
            f'height="{MID if top else H - MID}"/>'
        )
        triangle = f"{cx - PW / 2 + 1.5:.1f},{base} {cx + PW / 2 - 1.5:.1f},{base} {cx:.1f},{tip}"
        cv.add(f'<polygon class="pt {shade}" points="{triangle}" fill="url(#nb-pt{shade[0]})"/>')
        mark = marks.get(loc)

        def slot_y(slot: int) -> int:
            return base + (R + 2 * R * slot if top else -(R + 2 * R * slot))

        first = 0
        if under is not None:
            # the pinned checker lies at the base of the point, its pinners stacked on it
            cv.add(_checker(under, cx, slot_y(0), f' data-pinned="1" style="{PINNED_STYLE}"'))
            first = 1
        shown = 0
        if occupant:
            colour, count = occupant
            shown = min(count, VISIBLE - first)
            for i in range(shown):
                cy = slot_y(i + first)
                is_top = i == shown - 1
                cv.add(_checker(colour, cx, cy, ' data-top="1"' if is_top else ""))
                if is_top and count > shown:
                    cv.add(
                        f'<text class="count c{colour}" x="{cx:.1f}" y="{cy + 6:.1f}">'
                        f"{count}</text>"
                    )
        if mark == "to" and shown:
            cv.add(_last_marker("to", cx, slot_y(shown - 1 + first)))
        elif mark == "from":
            cv.add(
                _last_marker(
                    "from", cx, slot_y(min(shown + first, VISIBLE - 1)), shown + first >= VISIBLE
                )
            )
        free = min(shown + first, VISIBLE - 1)
        if occupant and occupant[1] == 1 and occupant[0] != view["turn"] and not first:
            free = 0  # a blot to hit: the mark on it
        cv.add(_target_mark(cx, slot_y(free)))
        cv.add("</g>")
        if numbers:
            ny = NUM - 5.5 if top else H - 5.5
            cv.add(
                f'<text class="num" x="{cx:.1f}" y="{ny}" pointer-events="none">{names[own]}</text>'
            )

    _bar(cv, view, viewer, label, actionable, marks)
    _trays(cv, view, viewer, tray_x, label, actionable, marks)
    _dice(cv, view, viewer, label)
    _cube(cv, view, viewer, tray_x, label)
    if view["moves"]:
        _moves(cv, view, viewer, tray_x)
    if hand and not mirror:
        cv.add("</g>")
    cv.add("</svg>")
    return "".join(cv.out)


def _point_names(view: BoardView) -> list[int | None]:
    """The number each of the viewer's own points is called by: the own number, or the game's
    own labels (tourne-case's rows count 1-12 towards home; the far row is the other side's,
    named as that side calls it)."""
    labels = view["labels"]
    if not labels:
        return list(range(25))
    cross = cross_table(view["geometry"])
    return [0] + [labels[p] if labels[p] is not None else labels[cross[p]] for p in range(1, 25)]


def _half(mine: bool) -> tuple[float, float]:
    """The y range (top, height) of a side's half of a strip: the viewer's is the lower."""
    return (MID, H - MID) if mine else (0, MID)


def _stack_y(mine: bool, i: int) -> float:
    """The centre of the ``i``-th checker of a stack in a strip's half, from the middle out
    (the bar) or from the rim in (the hand)."""
    return MID + (GAP / 2 + R + 2 * R * i if mine else -(GAP / 2 + R + 2 * R * i))


def _hand(
    cv: _Canvas,
    view: BoardView,
    viewer: int,
    x: float,
    label: Label,
    actionable: bool,
    marks: dict[str, str],
) -> None:
    """Each colour's checkers not yet entered: the viewer's in the lower half."""
    cv.add(
        f'<rect class="tray hand" x="{x + 1}" y="1" width="{HW - 2}" height="{H - 2}" '
        f'rx="8" fill="url(#nb-wood)" style="stroke:{_c("wood-lo")};stroke-width:2"/>'
    )
    cv.add(
        f'<rect class="hand-well" x="{x + 4}" y="{TOP}" width="{HW - 8}" '
        f'height="{2 * PH + GAP}" rx="4" fill="url(#nb-trayg)"/>'
    )
    cx = x + HW / 2
    for colour in (0, 1):
        count = view["hand"][colour]
        mine = colour == viewer
        loc = f"hand{colour}"
        y0, height = _half(mine)
        cv.add(f"<g {_attrs(loc, label('hand', colour=colour, count=count), view, actionable)}>")
        cv.add(f'<rect class="hit" x="{x}" y="{y0}" width="{HW}" height="{height}"/>')
        shown = min(count, VISIBLE)

        def slot_y(i: int) -> float:
            return (BOTTOM - R - 2 * R * i) if mine else (TOP + R + 2 * R * i)

        for i in range(shown):
            cy = slot_y(i)
            cv.add(_checker(colour, cx, cy, ' data-top="1"' if i == shown - 1 else ""))
            if i == shown - 1 and count > VISIBLE:
                cv.add(
                    f'<text class="count c{colour}" x="{cx:.1f}" y="{cy + 6:.1f}">{count}</text>'
                )
        if marks.get(loc) == "from":
            cv.add(_last_marker("from", cx, slot_y(min(shown, VISIBLE - 1)), shown >= VISIBLE))
        cv.add(_target_mark(cx, slot_y(min(shown, VISIBLE - 1))))
        cv.add("</g>")


def _bar(
    cv: _Canvas, view: BoardView, viewer: int, label: Label, actionable: bool, marks: dict[str, str]
) -> None:
    cx = cv.x(M + 6 * PW, BW) + BW / 2
    for colour in (0, 1):
        count = view["bar"][colour]
        mine = colour == viewer
        loc = f"bar{colour}"
        y0, height = _half(mine)
        cv.add(f"<g {_attrs(loc, label('bar', colour=colour, count=count), view, actionable)}>")
        cv.add(f'<rect class="hit" x="{cx - BW / 2}" y="{y0}" width="{BW}" height="{height}"/>')
        shown = min(count, 4)
        for i in range(shown):
            cv.add(
                _checker(colour, cx, _stack_y(mine, i), ' data-top="1"' if i == shown - 1 else "")
            )
        if count > 4:
            cy = _stack_y(mine, 3)
            cv.add(f'<text class="count c{colour}" x="{cx}" y="{cy + 6}">{count}</text>')
        if marks.get(loc) == "from":
            cv.add(_last_marker("from", cx, _stack_y(mine, min(shown, 3)), shown >= 4))
        cv.add(_target_mark(cx, _stack_y(mine, min(shown, 3))))
        cv.add("</g>")


def _trays(
    cv: _Canvas,
    view: BoardView,
    viewer: int,
    tray_x: float,
    label: Label,
    actionable: bool,
    marks: dict[str, str],
) -> None:
    x = cv.x(tray_x, TW)
    for colour in (0, 1):
        count = view["off"][colour]
        mine = colour == viewer
        loc = f"off{colour}"
        y0, height = _half(mine)
        cv.add(f"<g {_attrs(loc, label('off', colour=colour, count=count), view, actionable)}>")
        cv.add(f'<rect class="hit tray-half" x="{x}" y="{y0}" width="{TW}" height="{height}"/>')
        if marks.get(loc) == "to":
            cv.add(
                f'<rect class="last last-to" data-last="to" x="{x + 3}" '
                f'y="{MID + GAP / 2 if mine else TOP + 3}" width="{TW - 6}" '
                f'height="{PH - 3}" rx="3" pointer-events="none"/>'
            )
        for i in range(count):
            y = (BOTTOM - 4 - 11 * (i + 1)) if mine else (TOP + 4 + 11 * i)
            cv.add(
                f'<rect class="slab c{colour}" x="{x + 5}" y="{y}" width="{TW - 10}" '
                f'height="9" rx="3" fill="url(#nb-slab{colour})"/>'
            )
        if count:
            ty = (BOTTOM - 4 - 11 * count - 6) if mine else (TOP + 4 + 11 * count + 14)
            cv.add(f'<text class="offcount" x="{x + TW / 2}" y="{ty}">{count}</text>')
        cv.add(_target_mark(x + TW / 2, MID + (GAP / 2 + PH / 2 if mine else -GAP / 2 - PH / 2)))
        cv.add("</g>")


def _anchor(
    cv: _Canvas, view: BoardView, viewer: int, loc: str, tray_x: float
) -> tuple[float, float]:
    """The middle of a location's area, where a shown move starts or ends."""
    mine = loc[-1:] == str(viewer)
    half = MID + (GAP / 2 + PH / 2 if mine else -GAP / 2 - PH / 2)
    if loc.startswith("bar"):
        return cv.x(M + 6 * PW, BW) + BW / 2, half
    if loc.startswith("off"):
        return cv.x(tray_x, TW) + TW / 2, half
    if loc.startswith("hand"):  # the strip outside the board's own coordinates
        return (W + HW / 2 if cv.mirror else -HW / 2), half
    # the geometry's numbering is its own inverse (White's number <-> the viewer's own)
    column, top = _place(absolute_point(view["geometry"], viewer, int(loc[1:])))
    return cv.x(_column_x(column), PW) + PW / 2, (TOP + PH / 2 if top else BOTTOM - PH / 2)


def _moves(cv: _Canvas, view: BoardView, viewer: int, tray_x: float) -> None:
    """A play shown on the board (a hint): an arrow per step, from where the checker was to
    where it goes; drawn over everything and not clickable."""
    colour = view["turn"]
    cv.add('<g class="moves" pointer-events="none">')
    for n, (src, dst) in enumerate(view["moves"], 1):
        x1, y1 = _anchor(cv, view, viewer, src, tray_x)
        x2, y2 = _anchor(cv, view, viewer, dst, tray_x)
        cv.add(
            f'<line class="move c{colour}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
            f'y2="{y2:.1f}" data-move="{src}-{dst}" '
            f'style="stroke:{_c("hint")};stroke-width:4;stroke-linecap:round;'
            'opacity:.85"/>'
        )
        cv.add(
            f'<circle class="move-end" cx="{x2:.1f}" cy="{y2:.1f}" r="9" '
            f'style="fill:{_c("hint")};opacity:.9"/>'
        )
        cv.add(
            f'<text class="move-n" x="{x2:.1f}" y="{y2 + 4:.1f}" '
            f'style="font-size:11px;text-anchor:middle;fill:{_c("hint-text")}">{n}</text>'
        )
    cv.add("</g>")


def _later(units: Iterable[int]) -> str:
    """An escalating list's later blocks, e.g. "5×4 6×4"."""
    runs: list[list[int]] = []
    for value in units:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return " ".join(f"{value}×{count}" for value, count in runs)


def _dice(cv: _Canvas, view: BoardView, viewer: int, label: Label) -> None:
    """The dice of the side to move, thrown onto its own half of the board (the viewer's on
    the right, as in most backgammon programs); a used die is greyed. Not a tap target: a tap
    on a die goes to the point under it."""
    dice = view["dice"]
    if not dice:
        return
    size = 32 if len(dice) <= 2 else 26
    gap = 10 if len(dice) <= 2 else 6
    total = len(dice) * size + (len(dice) - 1) * gap
    half_left = M + 6 * PW + BW if view["turn"] == viewer else M
    start = cv.x(half_left, 6 * PW) + (6 * PW - total) / 2
    y = MID - size / 2
    later = view["later"]
    cv.add('<g class="dice" pointer-events="none">')
    if later:  # the units still to come after these: the escalation list, shown in full
        text = _escape(label("later", units=_later(later)))
        cv.add(
            f'<text class="later" data-later="{len(later)}" x="{start + total / 2:.1f}" '
            f'y="{y + size + 14:.1f}" text-anchor="middle" '
            f'style="fill:{_c("later")}">{text}</text>'
        )
    colour = view["turn"]
    for i, value in enumerate(dice):
        used = view["used"][i] if i < len(view["used"]) else False
        x = start + i * (size + gap)
        tilt = (-4, 3, -2, 5)[i % 4]
        cv.add(
            f'<g class="die c{colour}{" used" if used else ""}" data-die="{value}" '
            f'transform="rotate({tilt} {x + size / 2:.1f} {y + size / 2:.1f})">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="{size * 0.2:.1f}" '
            f'fill="url(#nb-die{colour})" filter="url(#nb-shadow)"/>'
        )
        step = size * 0.25
        for dx, dy in PIPS[value]:
            cv.add(
                f'<circle cx="{x + size / 2 + dx * step:.1f}" '
                f'cy="{y + size / 2 + dy * step:.1f}" r="{size * 0.085:.1f}"/>'
            )
        cv.add("</g>")
    cv.add("</g>")


def _cube(cv: _Canvas, view: BoardView, viewer: int, tray_x: float, label: Label) -> None:
    """The doubling cube, drawn as a cube: its face with the value, its top and a side."""
    cube = view["cube"]
    if not cube["enabled"]:
        return
    size, depth = 30, 5
    value = cube["value"]
    offered = cube["offered_by"]
    if offered is not None:
        value *= 2
        x = (
            cv.x(M, 6 * PW) + 3 * PW - size / 2
            if offered == viewer
            else cv.x(M + 6 * PW + BW, 6 * PW) + 3 * PW - size / 2
        )
        y = MID - size / 2
    else:
        x = cv.x(tray_x, TW) + (TW - size - depth) / 2
        owner = cube["owner"]
        # an owned cube sits at the inner end of its owner's tray (the slabs fill from the rim)
        if owner is None:
            y = MID - size / 2 + depth / 2
        elif owner == viewer:
            y = MID + GAP / 2 + depth + 2
        else:
            y = MID - GAP / 2 - size - 2
    shown = 64 if value == 1 and offered is None else value
    x2, y2 = x + size, y + size
    cv.add(
        f'<g class="cube{" offered" if offered is not None else ""}" role="img" '
        f'aria-label="{_escape(label("cube", value=value))}" pointer-events="none" '
        'filter="url(#nb-shadow)">'
        f'<polygon class="cube-top" points="{x:.1f},{y:.1f} {x + depth:.1f},{y - depth:.1f} '
        f'{x2 + depth:.1f},{y - depth:.1f} {x2:.1f},{y:.1f}" '
        f'style="fill:{_c("cube-top")};stroke:{_c("die-edge")};stroke-width:1"/>'
        f'<polygon class="cube-side" points="{x2:.1f},{y:.1f} {x2 + depth:.1f},{y - depth:.1f} '
        f'{x2 + depth:.1f},{y2 - depth:.1f} {x2:.1f},{y2:.1f}" '
        f'style="fill:{_c("cube-side")};stroke:{_c("die-edge")};stroke-width:1"/>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="3" '
        f'style="fill:{_c("cube")}"/>'
        f'<text x="{x + size / 2:.1f}" y="{y + size / 2 + 6:.1f}" '
        f'style="fill:{_c("cube-text")}">{shown}</text></g>'
    )
