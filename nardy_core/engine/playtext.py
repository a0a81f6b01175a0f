"""How a play is written: ``24/18 13/8``, ``bar/22*``, ``6/off(2)``, ``13/7*/1``.

The writing half of the play notation (``playnotation`` reads it back). It lives apart from
the reader because the engine's own objects print themselves with it (a ``Play`` is its text)
while the reader walks a ``Turn``, which is built on the move generator.

Steps of one checker are chained (``13/7/1`` is written ``13/1`` unless it hit on the way);
identical moves are grouped with a count; moves are listed from the highest starting point.
Checkers are interchangeable, so a chained path may be two checkers' moves: one reaches a
point on the way and another, already there, moves on from it, perhaps first (``11/3`` for
9/3 then 11/9).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BAR_POINT, HAND_POINT, OFF_POINT = 25, 26, 0
CHAIN = "chain"  # a step's tag (turn.Step): its hit moved one of the mover's own checkers back


def point_name(point: int, names: Sequence[Any] | None = None) -> str:
    if point == BAR_POINT:
        return "bar"
    if point == HAND_POINT:
        return "hand"
    if point == OFF_POINT:
        return "off"
    return str(names[point]) if names else str(point)


def start_rank(point: int) -> int:
    """Where a move's start sorts: the bar above the hand, as it is played first."""
    return 27 if point == BAR_POINT else point


def chains(steps: Sequence[Sequence[Any]]) -> list[list[tuple[int, bool]]]:
    """Group steps into per-checker paths: a step continues a path that ended on its start.

    Checkers are interchangeable, so steps are taken from the highest source down: a step
    found first in the play may still continue another (23/18 played before 24/23 is 24/18).
    Not after a step tagged ``chain`` (fayles: a hit that sent the mover's own blot back to his
    24-point): a checker may then move from a point it reached only by that hit, and the steps
    are taken in the order played, so that the text can be played back."""
    paths: list[list[tuple[int, bool]]] = []
    ordered = any(len(s) > 4 and s[4] == CHAIN for s in steps)
    for step in steps if ordered else sorted(steps, key=lambda s: -start_rank(s[0])):
        src, dst, hit = step[0], step[1], step[3]
        for path in reversed(paths):
            if path[-1][0] == src and src != OFF_POINT:
                path.append((dst, hit))
                break
        else:
            paths.append([(src, False), (dst, hit)])
    return paths


def format_steps(steps: Sequence[Sequence[Any]], names: Sequence[Any] | None = None) -> str:
    """``names`` maps internal point numbers to displayed ones (tourne-case rows)."""
    if not steps:
        return "-"
    texts = []
    for path in chains(steps):
        shown = [path[0]] + [node for node in path[1:-1] if node[1]] + [path[-1]]
        texts.append(
            (
                path[0][0],
                path[-1][0],
                "/".join(point_name(p, names) + ("*" if hit else "") for p, hit in shown),
            )
        )
    texts.sort(key=lambda x: (-start_rank(x[0]), -x[1]))
    out: list[list[Any]] = []
    for _, _, text in texts:
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in out)
