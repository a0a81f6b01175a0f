"""Standard play notation: ``24/18 13/8``, ``bar/22*``, ``6/off(2)``, ``13/7*/1``.

Steps of one checker are chained (``13/7/1`` is written ``13/1`` unless it hit on the way);
identical moves are grouped with a count; moves are listed from the highest starting point.
"""

from __future__ import annotations

BAR_POINT, HAND_POINT, OFF_POINT = 25, 26, 0


def point_name(point: int, names=None) -> str:
    if point == BAR_POINT:
        return "bar"
    if point == HAND_POINT:
        return "hand"
    if point == OFF_POINT:
        return "off"
    return str(names[point]) if names else str(point)


def chains(steps):
    """Group steps into per-checker paths: a step continues a path that ended on its start."""
    paths = []
    for step in steps:
        src, dst, hit = step[0], step[1], step[3]
        for path in reversed(paths):
            if path[-1][0] == src and src != OFF_POINT:
                path.append((dst, hit))
                break
        else:
            paths.append([(src, False), (dst, hit)])
    return paths


def format_steps(steps, names=None) -> str:
    """``names`` maps internal point numbers to displayed ones (tourne-case rows)."""
    if not steps:
        return "-"
    texts = []
    for path in chains(steps):
        shown = [path[0]] + [node for node in path[1:-1] if node[1]] + [path[-1]]
        texts.append((path[0][0], path[-1][0], "/".join(
            point_name(p, names) + ("*" if hit else "") for p, hit in shown)))
    texts.sort(key=lambda x: (-x[0], -x[1]))
    out = []
    for src, dst, text in texts:
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in out)
