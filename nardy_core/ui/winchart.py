"""The win-chance graph of a reviewed game as SVG: a pure function of the review's points.

One point per turn: a side's chance to win (cubeless) before that turn's roll, as the strong
level's evaluator sees it, drawn from the viewer's side (``side``: the colour whose chance is
the line; the points always carry White's). Each point is a focusable button (``data-state`` is
the index of the game state it stands for) so that a click or Enter on it shows that position;
the marked decisions' points are coloured by the worst mark of that turn. Turn numbers run along
the bottom and a legend says what the line and the colours mean.
"""

from __future__ import annotations

from html import escape

W, H = 600, 200
PAD_L, PAD_R, PAD_T, PAD_B = 34, 10, 10, 56
MARK_COLOURS = {"doubtful": "#b7950b", "error": "#d35400", "blunder": "#c0392b"}
LINE = "#5c3a21"
WORDS = {
    "line": "White's chance to win",
    "turn": "turn",
    "doubtful": "doubtful",
    "error": "error",
    "blunder": "blunder",
}


def _ticks(n, most=12):
    """The indexes of the points whose turn is written under the axis: at most ``most``,
    evenly spread, always the first and the last."""
    if n <= most:
        return list(range(n))
    step = -(-(n - 1) // (most - 1))
    return sorted(set(range(0, n - 1, step)) | {n - 1})


def win_chart(points, selected=None, label=None, title="Win chances", side=0, words=None) -> str:
    """``points``: ``[{"state": int, "win": float (White's chance 0-1), "turn": int,
    "mark": str | None}, …]`` in game order; ``selected``: the ``state`` shown on the board;
    ``side``: 0 draws White's chance, 1 Black's; ``label(point, chance)`` gives a point's
    accessible name (default: English); ``words``: the legend's and axis' words (``WORDS``)."""
    words = dict(WORDS, **(words or {}))
    label = label or (lambda p, chance: f"turn {p['turn']}: {100 * chance:.0f}%")
    n = len(points)
    inner_w, inner_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def chance(p):
        return p["win"] if side == 0 else 1.0 - p["win"]

    def xy(i, win):
        x = PAD_L + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)
        return x, PAD_T + inner_h * (1 - min(max(win, 0.0), 1.0))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="win-chart" '
        f'role="group" aria-label="{escape(title)}">'
    ]
    for level, text in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        _, y = xy(0, level)
        out.append(
            f'<line class="grid" x1="{PAD_L}" y1="{y:.1f}" x2="{W - PAD_R}" '
            f'y2="{y:.1f}" style="stroke:#bbb;stroke-width:{1.5 if level == 0.5 else 0.5}"/>'
        )
        out.append(
            f'<text x="{PAD_L - 4}" y="{y + 4:.1f}" style="font-size:10px;'
            f'text-anchor:end;fill:#666">{text}</text>'
        )
    axis_y = PAD_T + inner_h + 14
    for i in _ticks(n):
        x, _ = xy(i, 0)
        out.append(
            f'<text class="turn" x="{x:.1f}" y="{axis_y}" style="font-size:10px;'
            f'text-anchor:middle;fill:#666">{points[i]["turn"]}</text>'
        )
    if n:
        out.append(
            f'<text x="{PAD_L - 4}" y="{axis_y}" style="font-size:10px;text-anchor:end;'
            f'fill:#666">{escape(words["turn"])}</text>'
        )
        path = " ".join(
            f"{x:.1f},{y:.1f}" for x, y in (xy(i, chance(p)) for i, p in enumerate(points))
        )
        out.append(
            f'<polyline class="win-line" points="{path}" '
            f'style="fill:none;stroke:{LINE};stroke-width:2"/>'
        )
    for i, p in enumerate(points):
        x, y = xy(i, chance(p))
        colour = MARK_COLOURS.get(p.get("mark") or "", LINE)
        chosen = p["state"] == selected
        r = 6 if chosen else (4.5 if p.get("mark") else 3)
        out.append(
            f'<circle class="win-point{" chosen" if chosen else ""}" cx="{x:.1f}" '
            f'cy="{y:.1f}" r="{r}" data-state="{p["state"]}" tabindex="0" role="button" '
            f'aria-label="{escape(label(p, chance(p)))}" style="fill:{colour};cursor:pointer'
            f'{";stroke:#000;stroke-width:2" if chosen else ""}"/>'
        )
    # the legend: the line, then each mark's colour
    y = H - 12
    out.append(
        f'<g class="legend" style="font-size:11px;fill:#333">'
        f'<line x1="{PAD_L}" y1="{y - 4}" x2="{PAD_L + 22}" y2="{y - 4}" '
        f'style="stroke:{LINE};stroke-width:2"/>'
        f'<text x="{PAD_L + 27}" y="{y}">{escape(words["line"])}</text>'
    )
    x = PAD_L + 27 + 6.2 * len(words["line"]) + 18
    for mark, colour in MARK_COLOURS.items():
        out.append(
            f'<circle cx="{x:.1f}" cy="{y - 4}" r="4.5" style="fill:{colour}"/>'
            f'<text x="{x + 8:.1f}" y="{y}">{escape(words[mark])}</text>'
        )
        x += 8 + 6.2 * len(words[mark]) + 16
    out.append("</g></svg>")
    return "".join(out)
