"""Standard play notation: ``24/18 13/8``, ``bar/22*``, ``6/off(2)``, ``13/7*/1``.

Steps of one checker are chained (``13/7/1`` is written ``13/1`` unless it hit on the way);
identical moves are grouped with a count; moves are listed from the highest starting point.
"""

from __future__ import annotations

BAR_POINT, HAND_POINT, OFF_POINT = 25, 26, 0
CHAIN = "chain"  # a step's tag (turn.Step): its hit moved one of the mover's own checkers back


def point_name(point: int, names=None) -> str:
    if point == BAR_POINT:
        return "bar"
    if point == HAND_POINT:
        return "hand"
    if point == OFF_POINT:
        return "off"
    return str(names[point]) if names else str(point)


def _rank(point: int) -> int:
    """Where a move's start sorts: the bar above the hand, as it is played first."""
    return 27 if point == BAR_POINT else point


def chains(steps):
    """Group steps into per-checker paths: a step continues a path that ended on its start.

    Checkers are interchangeable, so steps are taken from the highest source down: a step
    found first in the play may still continue another (23/18 played before 24/23 is 24/18).
    Not after a step tagged ``chain`` (fayles: a hit that sent the mover's own blot back to his
    24-point): a checker may then move from a point it reached only by that hit, and the steps
    are taken in the order played, so that the text can be played back."""
    paths = []
    ordered = any(len(s) > 4 and s[4] == CHAIN for s in steps)
    for step in (steps if ordered else sorted(steps, key=lambda s: -_rank(s[0]))):
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
    texts.sort(key=lambda x: (-_rank(x[0]), -x[1]))
    out = []
    for _, _, text in texts:
        if out and out[-1][0] == text:
            out[-1][1] += 1
        else:
            out.append([text, 1])
    return " ".join(text if n == 1 else f"{text}({n})" for text, n in out)


MAX_PLAY_TEXT = 1000  # the longest play text read, in characters: no play is written longer


def _small_number(text, low, high):
    """``text`` as a number from ``low`` to ``high`` when it is one to two ASCII digits, else
    None: ``str.isdigit`` and ``int`` also take other scripts' digits (``²``, ``٢``) and ``int``
    refuses thousands of digits with a ValueError."""
    if 1 <= len(text) <= 2 and text.isascii() and text.isdigit() and low <= int(text) <= high:
        return int(text)
    return None


_NAMED = {"bar": BAR_POINT, "b": BAR_POINT, "hand": HAND_POINT, "h": HAND_POINT,
          "off": OFF_POINT, "o": OFF_POINT}


def parse_play_text(text: str, numbers=None) -> list:
    """``"24/18 13/7*/1 6/off(2)"`` -> checker moves ``[[24, 18], [13, 7, 1], [6, 0], [6, 0]]``.

    Hit marks (``*``, and plakoto's pin mark ``^`` of VARIANT_RULES.md §0.7) are accepted and
    ignored (the result decides whether a blot is hit or pinned). ``numbers``
    maps displayed point numbers back to internal ones (tourne-case rows)."""
    from .errors import NotationError
    if not isinstance(text, str):
        raise NotationError("a play is written as text", code="bad_play", column=1)
    if len(text) > MAX_PLAY_TEXT:
        raise NotationError(f"a play is at most {MAX_PLAY_TEXT} characters, not {len(text)}",
                            code="bad_play", column=MAX_PLAY_TEXT + 1, limit=MAX_PLAY_TEXT)
    moves = []
    column = 1
    for token in text.replace(",", " ").split():
        count = 1
        body = token
        if body.endswith(")") and "(" in body:
            body, _, n = body[:-1].partition("(")
            count = _small_number(n, 1, 4)
            if count is None:
                raise NotationError(f"column {column}: bad repeat count in {token!r}",
                                    code="bad_play", column=column, token=token)
        points = []
        for part in body.split("/"):
            name = part.rstrip("*^").lower()
            point = _small_number(name, 1, 24)
            if name in _NAMED:
                points.append(_NAMED[name])
            elif point is not None:
                points.append(numbers[point] if numbers else point)
            else:
                raise NotationError(f"column {column}: {part!r} in {token!r} is not a point",
                                    code="bad_play", column=column, token=token)
        if len(points) < 2:
            raise NotationError(f"column {column}: {token!r} needs from/to", code="bad_play",
                                column=column, token=token)
        moves.extend([points] * count)
        column += len(token) + 1
    return moves


def find_play(position, text: str):
    """The legal play that ``text`` describes, or IllegalMoveError/NotationError."""
    from .errors import IllegalMoveError
    from .turn import Turn
    if text.strip() in ("-", "", "pass"):
        moves = []
    else:
        moves = parse_play_text(text)
    turn = Turn(position)

    def segment_steps(at, target):
        # every step of the checker on ``at`` that arrives at ``target`` or can still reach it
        # (checkers only ever move to lower numbers; bar and hand are 25 and 26) without a hit
        # on the way: the notation shows every point where a checker hit (13/8*/5)
        for step in turn.legal_steps():
            if step.src != at:
                continue
            if step.dst == target:
                yield step, True
            elif step.dst != OFF_POINT and (target == OFF_POINT or step.dst > target) \
                    and not step.hit:
                yield step, False

    def walk(paths):
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
        tried = set()
        for index, segments in enumerate(paths):
            if segments in tried:
                continue
            tried.add(segments)
            (at, target), rest = segments[0], segments[1:]
            for step, arrived in list(segment_steps(at, target)):
                turn.step(step)
                going = rest if arrived else ((step.dst, target),) + rest
                if walk(paths[:index] + ((going,) if going else ()) + paths[index + 1:]):
                    return True
                turn.undo()
        return False

    paths = tuple(tuple((path[i], path[i + 1]) for i in range(len(path) - 1)) for path in moves)
    written = " ".join(text.split())
    found = []
    if walk(paths):
        return turn.play()
    if found:
        return found[0]
    raise IllegalMoveError(f"{text!r} is not a legal play with {position.dice}",
                           code="illegal_play", play=text)
