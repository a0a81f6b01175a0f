"""Standard play notation: ``24/18 13/8``, ``bar/22*``, ``6/off(2)``, ``13/7*/1``.

Steps of one checker are chained (``13/7/1`` is written ``13/1`` unless it hit on the way);
identical moves are grouped with a count; moves are listed from the highest starting point.
Checkers are interchangeable, so a chained path may be two checkers' moves: one reaches a
point on the way and another, already there, moves on from it, perhaps first (``11/3`` for
9/3 then 11/9; in tourne-case, where a checker may not pass another, only that order is
legal). ``find_play`` reads every text ``format_steps`` writes back to the same play and,
where its search (``MAX_SEARCH`` partial plays a pass) finds them, to the very steps that
write the same text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from .errors import IllegalMoveError, NotationError
from .playtext import (
    BAR_POINT,
    CHAIN,
    HAND_POINT,
    OFF_POINT,
    chains,
    format_steps,
    point_name,
    start_rank,
)
from .turn import Turn

MAX_UNITS = 24  # most units one play moves (an escalating 1-1's whole list; tricktrack's 8)
MAX_SEARCH = 5_000  # partial plays each pass of a reading of play text tries, at most
__all__ = [
    "BAR_POINT",
    "HAND_POINT",
    "OFF_POINT",
    "CHAIN",
    "MAX_UNITS",
    "MAX_SEARCH",
    "MAX_PLAY_TEXT",
    "point_name",
    "chains",
    "format_steps",
    "parse_play_text",
    "find_play",
]

if TYPE_CHECKING:
    from .movegen import Play
    from .position import Position
    from .turn import Step

#: One checker's written move from one point to the next: ``(from, to)``.
Segment = tuple[int, int]
#: The segments of one written path (``13/8*/5``), and the paths of a play.
Segments = tuple[Segment, ...]
Paths = tuple[Segments, ...]


MAX_PLAY_TEXT = 1000  # the longest play text read, in characters: no play is written longer


def _small_number(text: str, low: int, high: int) -> int | None:
    """``text`` as a number from ``low`` to ``high`` when it is one to two ASCII digits, else
    None: ``str.isdigit`` and ``int`` also take other scripts' digits (``²``, ``٢``) and ``int``
    refuses thousands of digits with a ValueError."""
    if 1 <= len(text) <= 2 and text.isascii() and text.isdigit() and low <= int(text) <= high:
        return int(text)
    return None


_NAMED = {
    "bar": BAR_POINT,
    "b": BAR_POINT,
    "hand": HAND_POINT,
    "h": HAND_POINT,
    "off": OFF_POINT,
    "o": OFF_POINT,
}


def parse_play_text(
    text: str, numbers: Sequence[int] | Mapping[int, int] | None = None
) -> list[list[int]]:
    """``"24/18 13/7*/1 6/off(2)"`` -> checker moves ``[[24, 18], [13, 7, 1], [6, 0], [6, 0]]``.

    Hit marks (``*``, and plakoto's pin mark ``^`` of VARIANT_RULES.md §0.7) are accepted and
    ignored (the result decides whether a blot is hit or pinned). ``numbers``
    maps displayed point numbers back to internal ones (tourne-case rows)."""
    if not isinstance(text, str):
        raise NotationError("a play is written as text", code="bad_play", column=1)
    if len(text) > MAX_PLAY_TEXT:
        raise NotationError(
            f"a play is at most {MAX_PLAY_TEXT} characters, not {len(text)}",
            code="bad_play",
            column=MAX_PLAY_TEXT + 1,
            limit=MAX_PLAY_TEXT,
        )
    moves: list[list[int]] = []
    column = 1
    for token in text.replace(",", " ").split():
        count: int | None = 1
        body = token
        if body.endswith(")") and "(" in body:
            body, _, n = body[:-1].partition("(")
            count = _small_number(n, 1, MAX_UNITS)
            if count is None:
                raise NotationError(
                    f"column {column}: bad repeat count in {token!r}",
                    code="bad_play",
                    column=column,
                    token=token,
                )
        points: list[int] = []
        for part in body.split("/"):
            name = part.rstrip("*^").lower()
            point = _small_number(name, 1, 24)
            if name in _NAMED:
                points.append(_NAMED[name])
            elif point is not None:
                points.append(numbers[point] if numbers else point)
            else:
                raise NotationError(
                    f"column {column}: {part!r} in {token!r} is not a point",
                    code="bad_play",
                    column=column,
                    token=token,
                )
        if len(points) < 2:
            raise NotationError(
                f"column {column}: {token!r} needs from/to",
                code="bad_play",
                column=column,
                token=token,
            )
        moves.extend([points] * cast(int, count))  # None raised above
        column += len(token) + 1
    return moves


def _writer_form(text: str, moves: list[list[int]]) -> bool:
    """Whether ``text`` is laid out as ``format_steps`` writes a play: paths from the highest
    start, repeats grouped, a point between a path's ends written only where it hit (``*``)."""
    tokens = text.split()
    for token in tokens:
        points = token.split("(")[0].split("/")
        if any(not point.endswith("*") for point in points[1:-1]):
            return False
    paths = sorted(moves, key=lambda path: (-start_rank(path[0]), -path[-1]))
    out: list[list[Any]] = []
    for path in paths:
        shown = "/".join(point_name(p) for p in path)
        if out and out[-1][0] == shown:
            out[-1][1] += 1
        else:
            out.append([shown, 1])
    layout = " ".join(shown if n == 1 else f"{shown}({n})" for shown, n in out)
    return layout == " ".join(token.replace("*", "") for token in tokens)


def find_play(position: Position, text: str) -> Play:
    """The legal play that ``text`` describes, or IllegalMoveError/NotationError."""
    moves: list[list[int]]
    if text.strip() in ("-", "", "pass"):
        moves = []
    else:
        moves = parse_play_text(text)
    turn = Turn(position)

    def segment_steps(at: int, target: int) -> Iterator[tuple[Step, bool]]:
        # every step of the checker on ``at`` that arrives at ``target`` or can still reach it
        # (checkers only ever move to lower numbers; bar and hand are 25 and 26) without a hit
        # on the way: the notation shows every point where a checker hit (13/8*/5)
        for step in turn.legal_steps():
            if step.src != at:
                continue
            if step.dst == target:
                yield step, True
            elif (
                step.dst != OFF_POINT
                and (target == OFF_POINT or step.dst > target)
                and not step.hit
            ):
                yield step, False

    def walk(paths: Paths, handover: int = 0) -> bool:
        # the checkers' moves in the order written first; then in any other order (each
        # checker's own segments in order), for games where the order of different checkers'
        # steps matters (fayles: a hit sends the mover's blot on his 1-point to his 24-point,
        # which another unit may then move)
        if not paths:
            if not turn.is_complete:
                return False
            if not found:
                found.append(turn.play())
            # where several step orders fit, the one written back as this very text wins
            return format_steps(turn.steps) == written
        if len(paths) > len(turn.remaining):
            return False  # each path needs a unit of its own
        # the text a play writes depends on its steps in chains()'s order only (sources
        # descending, the order played among steps of one source): orders of the same steps
        # that reach this point with the same paths left end alike
        key = (
            turn.node,
            paths,
            handover,
            tuple(sorted(turn.steps, key=lambda step: -start_rank(step[0]))),
        )
        if key in dead:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return False
        tried: set[Segments] = set()
        for index, segments in enumerate(paths):
            if segments in tried:
                continue
            tried.add(segments)
            others = paths[:index] + paths[index + 1 :]
            (at, target), rest = segments[0], segments[1:]
            for step, arrived in list(segment_steps(at, target)):
                turn.step(step)
                going = rest if arrived else ((step.dst, target),) + rest
                if walk(((going,) if going else ()) + others, handover):
                    return True
                turn.undo()
            if handover:
                for before, after in handovers(segments):
                    if walk(others + (before, after), handover - 1):
                        return True
        if budget[0] >= 0:  # explored in full
            dead.add(key)
        return False

    def handovers(segments: Segments) -> Iterator[tuple[Segments, Segments]]:
        # a written path may be two checkers' moves (checkers are interchangeable): one
        # reaches a point on the way, another already there moves on from it, perhaps first
        # (9/3 then 11/9 is written 11/3; hand/19 after 19/13* is hand/13*). Split the path
        # where a checker can move on now, along the rest of the path.
        moving = {step.src for step in turn.legal_steps()}
        for i, (a, b) in enumerate(segments):
            inner = [x for x in moving if b < x < a and x != BAR_POINT and x != HAND_POINT]
            if i:
                inner += [a] if a in moving else []
            for x in sorted(inner, reverse=True):
                if x == a:  # at a written point between two segments
                    yield segments[:i], segments[i:]
                else:
                    yield segments[:i] + ((a, x),), ((x, b),) + segments[i + 1 :]

    def complete(paths: Paths) -> bool:
        # any play the text describes, whatever text its steps write: each (node, paths) is
        # tried once (long lists: an escalating double's whole list is one play under
        # escalation_lookahead=FULL)
        if not paths:
            return turn.is_complete
        key = (turn.node, tuple(sorted(paths)))
        if key in failed or len(paths) > len(turn.remaining) or len(failed) > MAX_SEARCH:
            return False
        for index, segments in enumerate(paths):
            others = paths[:index] + paths[index + 1 :]
            (at, target), rest = segments[0], segments[1:]
            for step, arrived in list(segment_steps(at, target)):
                turn.step(step)
                going = rest if arrived else ((step.dst, target),) + rest
                if complete(((going,) if going else ()) + others):
                    return True
                turn.undo()
            for before, after in handovers(segments):
                if complete(others + (before, after)):
                    return True
        failed.add(key)
        return False

    paths = tuple(tuple((path[i], path[i + 1]) for i in range(len(path) - 1)) for path in moves)
    written = " ".join(text.split())
    found: list[Play] = []
    dead: set[tuple[Any, ...]] = set()
    if _writer_form(text, moves):  # else no order of steps writes this very text
        for handover in range(3):  # paths followed as written; then split once, twice
            budget = [MAX_SEARCH]
            if walk(paths, handover):
                return turn.play()
        if found:
            return found[0]
    failed: set[tuple[Any, ...]] = set()
    if complete(paths):
        return turn.play()
    raise IllegalMoveError(
        f"{text!r} is not a legal play with {position.dice}", code="illegal_play", play=text
    )
