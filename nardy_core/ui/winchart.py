"""The win-chance graph of a reviewed game as SVG: a pure function of the review's points.

One point per turn: White's chance to win (cubeless) before that turn's roll, as the strong
level's evaluator sees it. Each point is a focusable button (``data-state`` is the index of the
game state it stands for) so that a click or Enter on it shows that position; the marked
decisions' points are coloured by the worst mark of that turn.
"""

from __future__ import annotations

from html import escape

W, H = 600, 160
PAD_L, PAD_R, PAD_T, PAD_B = 34, 10, 10, 20
MARK_COLOURS = {"doubtful": "#d4ac0d", "error": "#e67e22", "blunder": "#c0392b"}


def win_chart(points, selected=None, label=None, title="Win chances") -> str:
    """``points``: ``[{"state": int, "win": float (White's chance 0-1), "turn": int,
    "mark": str | None}, …]`` in game order; ``selected``: the ``state`` shown on the board.
    ``label(point)`` gives a point's accessible name (default: English)."""
    label = label or (lambda p: f"turn {p['turn']}: White {100 * p['win']:.0f}%")
    n = len(points)
    inner_w, inner_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def xy(i, win):
        x = PAD_L + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)
        return x, PAD_T + inner_h * (1 - min(max(win, 0.0), 1.0))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="win-chart" '
           f'role="group" aria-label="{escape(title)}">']
    for level, text in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        _, y = xy(0, level)
        out.append(f'<line class="grid" x1="{PAD_L}" y1="{y:.1f}" x2="{W - PAD_R}" '
                   f'y2="{y:.1f}" style="stroke:#bbb;stroke-width:{1.5 if level == 0.5 else 0.5}"/>')
        out.append(f'<text x="{PAD_L - 4}" y="{y + 4:.1f}" style="font-size:10px;'
                   f'text-anchor:end;fill:#777">{text}</text>')
    if n:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, p["win"])
                                                        for i, p in enumerate(points)))
        out.append(f'<polyline class="win-line" points="{path}" '
                   'style="fill:none;stroke:#5c3a21;stroke-width:2"/>')
    for i, p in enumerate(points):
        x, y = xy(i, p["win"])
        colour = MARK_COLOURS.get(p.get("mark") or "", "#5c3a21")
        chosen = p["state"] == selected
        r = 6 if chosen else (4.5 if p.get("mark") else 3)
        out.append(f'<circle class="win-point{" chosen" if chosen else ""}" cx="{x:.1f}" '
                   f'cy="{y:.1f}" r="{r}" data-state="{p["state"]}" tabindex="0" role="button" '
                   f'aria-label="{escape(label(p))}" style="fill:{colour};cursor:pointer'
                   f'{";stroke:#000;stroke-width:2" if chosen else ""}"/>')
    out.append("</svg>")
    return "".join(out)
