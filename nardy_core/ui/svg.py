"""The board as SVG: a pure function of ``Session.view()`` and the viewer's settings.

Layout: the viewer's own points 13-24 run along the top from left to right and 12-1 along the
bottom from right to left (home at the bottom right; ``mirror`` puts it at the bottom left).
This one rule draws every geometry: which physical point a number denotes comes from
``geometry.absolute_point``, so long nardy's same-direction track and heads come out right.

A pinned point (plakoto, ``view["pinned"]``) shows the pinned checker at the base of the point,
outlined, with the pinning stack on it.

Every place a checker can be picked from or put on is a ``<g data-loc=…>`` (``p1``-``p24`` in
White's numbering, ``bar0``/``bar1``, ``off0``/``off1``) with a role, an accessible name and
``tabindex`` 0 when it is actionable; the page binds clicks, drags and keys to those groups.
"""

from __future__ import annotations

from ..geometry import absolute_point, cross_table

M, NUM = 12, 18          # frame, number strip
PW, R = 44, 20           # point width, checker radius
BW, TW = 44, 52          # bar and tray width
PH, GAP = 5 * 2 * R, 40  # point height (five checkers), middle strip
W = M + 12 * PW + BW + M + TW + M
H = 2 * NUM + 2 * M + 2 * PH + GAP
TOP = NUM + M                      # top edge of the top row
BOTTOM = NUM + M + 2 * PH + GAP    # bottom edge of the bottom row
MID = NUM + M + PH + GAP / 2
VISIBLE = 5                        # checkers drawn on a point before a count is shown
HW = 52                            # the hand strip beside the board (games with a hand)
# a pinned checker (plakoto): a dashed red outline, inline so that no style sheet hides it
PINNED_STYLE = "stroke:#c0392b;stroke-width:3;stroke-dasharray:5 3"
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _english(key, **params):
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
    def __init__(self, mirror):
        self.mirror = mirror
        self.out = []

    def x(self, x, width=0):
        return W - x - width if self.mirror else x

    def add(self, text):
        self.out.append(text)


def _column_x(column):
    return M + column * PW + (BW if column >= 6 else 0)


def _place(own):
    """(column 0-11 from the left, top row?) of the viewer's own point number."""
    if own >= 13:
        return own - 13, True
    return 12 - own, False


def _checker(colour, cx, cy, extra=""):
    return (f'<circle class="ck c{colour}" cx="{cx:.1f}" cy="{cy:.1f}" r="{R - 1}"{extra}/>')


def _attrs(loc, label, view, actionable):
    classes = []
    if loc in view.get("movable", ()):
        classes.append("movable")
    if loc == view.get("selected"):
        classes.append("selected")
    if loc in view.get("targets", {}):
        classes.append("target")
    focus = 0 if actionable and classes else -1
    return (f'data-loc="{loc}" class="loc {" ".join(classes)}" role="button" '
            f'tabindex="{focus}" aria-label="{_escape(label)}"')


def _escape(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def render_board(view: dict, viewer: int = 0, mirror: bool = False, numbers: bool = True,
                 label=None, actionable: bool = True) -> str:
    """The SVG markup of the board ``view`` (``Session.view()``) seen by colour ``viewer``."""
    label = label or _english
    cv = _Canvas(mirror)
    geometry = view["geometry"]
    hand = bool(view.get("has_hand")) or any(view.get("hand") or ())
    width = W + (HW if hand else 0)
    cv.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {H}" class="board" '
           f'role="group" aria-label="{_escape(label("board"))}">')
    if hand:
        # checkers waiting to enter sit in a strip on the far side from the trays
        _hand(cv, view, viewer, W if mirror else 0, label, actionable)
        if not mirror:
            cv.add(f'<g transform="translate({HW} 0)">')
    cv.add(f'<rect class="frame" x="0" y="{NUM}" width="{W}" height="{H - 2 * NUM}" rx="8"/>')
    for left in (M, M + 6 * PW + BW):
        cv.add(f'<rect class="field" x="{cv.x(left, 6 * PW)}" y="{TOP}" width="{6 * PW}" '
               f'height="{2 * PH + GAP}"/>')
    cv.add(f'<rect class="bar" x="{cv.x(M + 6 * PW, BW)}" y="{TOP}" width="{BW}" '
           f'height="{2 * PH + GAP}"/>')
    tray_x = M + 12 * PW + BW + M
    cv.add(f'<rect class="tray" x="{cv.x(tray_x, TW)}" y="{TOP}" width="{TW}" '
           f'height="{2 * PH + GAP}"/>')

    points = view["points"]
    pinned = view.get("pinned") or {}
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
        occupant = points.get(absolute) or points.get(str(absolute))
        under = pinned.get(absolute, pinned.get(str(absolute)))
        text = label("point", number=names[own] if numbers else absolute)
        text += ", " + (label("checkers", count=occupant[1], colour=occupant[0]) if occupant
                        else label("empty"))
        if under is not None:
            text += ", " + label("pinned", colour=under)
        cv.add(f'<g {_attrs(loc, text, view, actionable)}>')
        hit_y = TOP if top else BOTTOM - PH
        cv.add(f'<rect class="hit" x="{cv.x(x, PW)}" y="{hit_y}" width="{PW}" height="{PH}"/>')
        cv.add(f'<polygon class="pt {shade}" points="{cx - PW / 2 + 1:.1f},{base} '
               f'{cx + PW / 2 - 1:.1f},{base} {cx:.1f},{tip}"/>')
        first = 0
        if under is not None:
            # the pinned checker lies at the base of the point, its pinners stacked on it
            cy = base + (R if top else -R)
            cv.add(_checker(under, cx, cy, f' data-pinned="1" style="{PINNED_STYLE}"'))
            first = 1
        if occupant:
            colour, count = occupant
            shown = min(count, VISIBLE - first)
            for i in range(shown):
                slot = i + first
                cy = base + (R + 2 * R * slot if top else -(R + 2 * R * slot))
                is_top = i == shown - 1
                cv.add(_checker(colour, cx, cy, ' data-top="1"' if is_top else ""))
                if is_top and count > shown:
                    cv.add(f'<text class="count c{colour}" x="{cx:.1f}" y="{cy + 6:.1f}">'
                           f'{count}</text>')
        cv.add('<circle class="mark" cx="{:.1f}" cy="{:.1f}" r="7"/>'.format(
            cx, base + (PH + 10 if top else -(PH + 10))))
        cv.add("</g>")
        if numbers:
            ny = NUM - 5 if top else H - 5
            cv.add(f'<text class="num" x="{cx:.1f}" y="{ny}">{names[own]}</text>')

    _bar(cv, view, viewer, label, actionable)
    _trays(cv, view, viewer, tray_x, label, actionable)
    _dice(cv, view, viewer, label)
    _cube(cv, view, viewer, tray_x, label)
    if view.get("moves"):
        _moves(cv, view, viewer, tray_x)
    if hand and not mirror:
        cv.add("</g>")
    cv.add("</svg>")
    return "".join(cv.out)


def _point_names(view):
    """The number each of the viewer's own points is called by: the own number, or the game's
    own labels (tourne-case's rows count 1-12 towards home; the far row is the other side's,
    named as that side calls it)."""
    labels = view.get("labels")
    if not labels:
        return list(range(25))
    cross = cross_table(view["geometry"])
    return [0] + [labels[p] if labels[p] is not None else labels[cross[p]]
                  for p in range(1, 25)]


def _hand(cv, view, viewer, x, label, actionable):
    """Each colour's checkers not yet entered: the viewer's in the lower half."""
    cv.add(f'<rect class="tray hand" x="{x}" y="{NUM}" width="{HW}" height="{H - 2 * NUM}" '
           'rx="8"/>')
    cx = x + HW / 2
    for colour in (0, 1):
        count = view["hand"][colour]
        mine = colour == viewer
        loc = f"hand{colour}"
        y0 = MID + GAP / 2 if mine else TOP
        cv.add(f'<g {_attrs(loc, label("hand", colour=colour, count=count), view, actionable)}>')
        cv.add(f'<rect class="hit" x="{x}" y="{y0}" width="{HW}" height="{PH}"/>')
        shown = min(count, VISIBLE)
        for i in range(shown):
            cy = (BOTTOM - R - 2 * R * i) if mine else (TOP + R + 2 * R * i)
            cv.add(_checker(colour, cx, cy, ' data-top="1"' if i == shown - 1 else ""))
            if i == shown - 1 and count > VISIBLE:
                cv.add(f'<text class="count c{colour}" x="{cx:.1f}" y="{cy + 6:.1f}">'
                       f'{count}</text>')
        cv.add('<circle class="mark" cx="{:.1f}" cy="{:.1f}" r="7"/>'.format(
            cx, MID + (GAP / 2 + PH / 2 if mine else -GAP / 2 - PH / 2)))
        cv.add("</g>")


def _bar(cv, view, viewer, label, actionable):
    cx = cv.x(M + 6 * PW, BW) + BW / 2
    for colour in (0, 1):
        count = view["bar"][colour]
        mine = colour == viewer
        loc = f"bar{colour}"
        y0 = MID + (GAP / 2 if mine else -GAP / 2 - PH)
        cv.add(f'<g {_attrs(loc, label("bar", colour=colour, count=count), view, actionable)}>')
        cv.add(f'<rect class="hit" x="{cx - BW / 2}" y="{y0}" width="{BW}" height="{PH}"/>')
        shown = min(count, 4)
        for i in range(shown):
            cy = MID + ((GAP / 2 + R + 2 * R * i) if mine else -(GAP / 2 + R + 2 * R * i))
            cv.add(_checker(colour, cx, cy, ' data-top="1"' if i == shown - 1 else ""))
        if count > 4:
            cy = MID + ((GAP / 2 + R + 6 * R) if mine else -(GAP / 2 + R + 6 * R))
            cv.add(f'<text class="count c{colour}" x="{cx}" y="{cy + 6}">{count}</text>')
        cv.add("</g>")


def _trays(cv, view, viewer, tray_x, label, actionable):
    x = cv.x(tray_x, TW)
    for colour in (0, 1):
        count = view["off"][colour]
        mine = colour == viewer
        loc = f"off{colour}"
        y0 = MID + GAP / 2 if mine else TOP
        cv.add(f'<g {_attrs(loc, label("off", colour=colour, count=count), view, actionable)}>')
        cv.add(f'<rect class="hit tray-half" x="{x}" y="{y0}" width="{TW}" height="{PH}"/>')
        for i in range(count):
            y = (BOTTOM - 4 - 11 * (i + 1)) if mine else (TOP + 4 + 11 * i)
            cv.add(f'<rect class="slab c{colour}" x="{x + 6}" y="{y}" width="{TW - 12}" '
                   f'height="9" rx="2"/>')
        if count:
            ty = (BOTTOM - 4 - 11 * count - 6) if mine else (TOP + 4 + 11 * count + 14)
            cv.add(f'<text class="offcount" x="{x + TW / 2}" y="{ty}">{count}</text>')
        cv.add('<circle class="mark" cx="{:.1f}" cy="{:.1f}" r="7"/>'.format(
            x + TW / 2, MID + (GAP / 2 + PH / 2 if mine else -GAP / 2 - PH / 2)))
        cv.add("</g>")


def _anchor(cv, view, viewer, loc, tray_x):
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


def _moves(cv, view, viewer, tray_x):
    """A play shown on the board (a hint): an arrow per step, from where the checker was to
    where it goes; drawn over everything and not clickable."""
    colour = view["turn"]
    cv.add('<g class="moves" pointer-events="none">')
    for n, (src, dst) in enumerate(view["moves"], 1):
        x1, y1 = _anchor(cv, view, viewer, src, tray_x)
        x2, y2 = _anchor(cv, view, viewer, dst, tray_x)
        cv.add(f'<line class="move c{colour}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" '
               f'y2="{y2:.1f}" data-move="{src}-{dst}" '
               'style="stroke:#e67e22;stroke-width:4;stroke-linecap:round;opacity:.85"/>')
        cv.add(f'<circle class="move-end" cx="{x2:.1f}" cy="{y2:.1f}" r="9" '
               'style="fill:#e67e22;opacity:.9"/>')
        cv.add(f'<text class="move-n" x="{x2:.1f}" y="{y2 + 4:.1f}" '
               f'style="font-size:11px;text-anchor:middle;fill:#fff">{n}</text>')
    cv.add("</g>")


def _later(units) -> str:
    """An escalating list's later blocks, e.g. "5×4 6×4"."""
    runs = []
    for value in units:
        if runs and runs[-1][0] == value:
            runs[-1][1] += 1
        else:
            runs.append([value, 1])
    return " ".join(f"{value}×{count}" for value, count in runs)


def _dice(cv, view, viewer, label):
    dice = view.get("dice") or []
    if not dice:
        return
    size = 30 if len(dice) <= 2 else 24
    gap = 8
    total = len(dice) * size + (len(dice) - 1) * gap
    half_left = M + 6 * PW + BW if view["turn"] == viewer else M
    start = cv.x(half_left, 6 * PW) + (6 * PW - total) / 2
    y = MID - size / 2
    later = view.get("later") or []
    if later:   # the units still to come after these: the escalation list, shown in full
        text = _escape(label("later", units=_later(later)))
        cv.add(f'<text class="later" data-later="{len(later)}" x="{start + total / 2:.1f}" '
               f'y="{y + size + 14:.1f}" text-anchor="middle">{text}</text>')
    for i, value in enumerate(dice):
        used = view["used"][i] if i < len(view.get("used", ())) else False
        x = start + i * (size + gap)
        cv.add(f'<g class="die c{view["turn"]}{" used" if used else ""}" data-die="{value}">'
               f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="5"/>')
        step = size * 0.26
        for dx, dy in PIPS[value]:
            cv.add(f'<circle cx="{x + size / 2 + dx * step:.1f}" '
                   f'cy="{y + size / 2 + dy * step:.1f}" r="{size * 0.09:.1f}"/>')
        cv.add("</g>")


def _cube(cv, view, viewer, tray_x, label):
    cube = view.get("cube") or {}
    if not cube.get("enabled"):
        return
    size = 34
    value = cube["value"]
    offered = cube.get("offered_by")
    if offered is not None:
        value *= 2
        x = cv.x(M, 6 * PW) + 3 * PW - size / 2 if offered == viewer else \
            cv.x(M + 6 * PW + BW, 6 * PW) + 3 * PW - size / 2
        y = MID - size / 2
    else:
        x = cv.x(tray_x, TW) + (TW - size) / 2
        owner = cube.get("owner")
        # an owned cube sits at the inner end of its owner's tray (the slabs fill from the rim)
        if owner is None:
            y = MID - size / 2
        elif owner == viewer:
            y = MID + GAP / 2 + 2
        else:
            y = MID - GAP / 2 - size - 2
    shown = 64 if value == 1 and offered is None else value
    cv.add(f'<g class="cube{" offered" if offered is not None else ""}" role="img" '
           f'aria-label="{_escape(label("cube", value=value))}">'
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="4"/>'
           f'<text x="{x + size / 2:.1f}" y="{y + size / 2 + 6:.1f}">{shown}</text></g>')
