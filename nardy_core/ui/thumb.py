"""A small picture of a board for the saved-games list: a pure function of a ``BoardView``,
laid out by the board's own rule (``svg``: the viewer's 13-24 along the top), with stacks drawn
as up to five checkers and a number. A few kilobytes, kept with each saved game."""

from __future__ import annotations

from ..engine.geometry import absolute_point
from .boardview import BoardView

W, H = 132, 100
PW, R = 9, 4.2  # column width, checker radius
M, BAR = 6, 12  # frame, bar


def _x(column: int) -> float:
    return M + column * PW + (BAR if column >= 6 else 0) + PW / 2


def board_thumbnail(view: BoardView, viewer: int = 0) -> str:
    """An SVG of ``view``'s checkers seen by ``viewer``, ``W`` x ``H``; no text but counts
    over five, no ids (many sit on one page), colours inline (it is shown outside the board's
    style sheet too)."""
    geometry = view["geometry"]
    points = view["points"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="thumb" '
        f'aria-hidden="true"><rect width="{W}" height="{H}" rx="5" fill="#6b4425"/>'
        f'<rect x="{M}" y="{M}" width="{12 * PW + BAR}" height="{H - 2 * M}" fill="#2f6b4f"/>'
        f'<rect x="{M + 6 * PW}" y="{M}" width="{BAR}" height="{H - 2 * M}" fill="#6b4425"/>'
    ]
    fills = ("#f4efe4", "#2a2420")
    for own in range(1, 25):
        top = own >= 13
        column = own - 13 if top else 12 - own
        x = _x(column)
        base, sign = (M, 1) if top else (H - M, -1)
        shade = "#c9b48f" if (column + (0 if top else 1)) % 2 else "#9c3a2c"
        out.append(
            f'<path d="M{x - PW / 2:.1f},{base} L{x + PW / 2:.1f},{base} '
            f'L{x:.1f},{base + sign * 36}Z" fill="{shade}"/>'
        )
        occupant = points.get(absolute_point(geometry, viewer, own))
        if not occupant:
            continue
        colour, count = occupant
        for i in range(min(count, 5)):
            cy = base + sign * (R + i * 2 * R)
            out.append(
                f'<circle cx="{x:.1f}" cy="{cy:.1f}" r="{R}" fill="{fills[colour]}" '
                f'stroke="#000" stroke-width=".5"/>'
            )
        if count > 5:
            cy = base + sign * (R + 4 * 2 * R)
            out.append(
                f'<text x="{x:.1f}" y="{cy + 2.2:.1f}" font-size="6" text-anchor="middle" '
                f'fill="{fills[1 - colour]}">{count}</text>'
            )
    out.append("</svg>")
    return "".join(out)
