"""The step-by-step interface a board needs: one checker, one die at a time, with undo.

Only steps that belong to some legal full play are offered, so a player moving one checker at
a time can never break the must-play rules. The legality of a partly played turn is decided by
``legality.py``: a node is playable when a legal end node lies below it, found from the full
search of the roll, or, for a long escalating list, by a search that never lists its plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError
from .frame import from_frame
from .legality import legality_for
from .movegen import Play

if TYPE_CHECKING:
    from .legality import Legality
    from .position import Position, Side
    from .variant import Node, Variant


class Step(tuple[Any, ...]):
    """``(from, to, die, hit[, tag])``; 25 = bar, 26 = hand, 0 = off. A tag names which checker
    moves where the choice matters (Caucasian: ``"exposed"``)."""

    __slots__ = ()

    src = property(lambda self: self[0])
    dst = property(lambda self: self[1])
    die = property(lambda self: self[2])
    hit = property(lambda self: self[3])
    tag = property(lambda self: self[4] if len(self) > 4 else "")


class Turn:
    position: Position
    variant: Variant
    legality: Legality
    _path: list[Node]
    _steps: list[Step]

    def __init__(self, position: Position, legality: Legality | None = None) -> None:
        """``legality``: that of the same position, shared (``fresh``) so that what it has
        decided is not decided again."""
        self.position = position
        self.variant = position.variant
        self.legality = legality or legality_for(position)
        self._path = [self.legality.root]
        self._steps = []

    def fresh(self) -> Turn:
        """A new turn of the same roll, from its start, sharing what this one has decided."""
        return Turn(self.position, self.legality)

    # --- tree ------------------------------------------------------------------------------
    def _children(self, key: Node) -> list[tuple[Step, Node]]:
        return [(Step(step), child) for step, child in self.legality.children(key)]

    def _playable(self, key: Node) -> bool:
        return self.legality.playable(key)

    # --- queries ---------------------------------------------------------------------------
    @property
    def node(self) -> Node:
        return self._path[-1]

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Units not yet played (for escalating doubles, in the order they must be played)."""
        return self.node[2]

    @property
    def board(self) -> tuple[tuple[Side, ...], tuple[frozenset[int], ...]]:
        """(sides, pins) with the steps so far played: what a board shows during the turn."""
        return from_frame(self.position, self.node[0], self.variant.cross)

    @property
    def is_complete(self) -> bool:
        """True when the steps played so far form a legal play (nothing more may be played)."""
        return self.legality.is_legal(self.node)

    def legal_steps(self) -> list[Step]:
        return [step for step, child in self._children(self.node) if self._playable(child)]

    def movable_points(self) -> list[int]:
        return sorted({s.src for s in self.legal_steps()}, reverse=True)

    def destinations(self, src: int) -> dict[int, list[list[Step]]]:
        """Where the checker on ``src`` can go in one gesture: ``{to: [path, …]}``, a path being
        the list of steps to play.

        One path: every way there reaches the same node (same position and turn state), so one
        gesture plays it, combined moves included. Several paths: single steps that reach
        different nodes (bearing off with either die, a choice of checker): the player is asked
        which. A combined move whose ways differ (a hit on one path only) is not offered: it is
        played step by step (decisions.md)."""
        found: dict[int, dict[Node, list[Step]]] = {}  # to -> {node: steps}

        def walk(key: Node, at: int, path: list[Step]) -> None:
            for step, child in self._children(key):
                if step[0] != at or not self._playable(child):
                    continue
                steps = path + [step]
                found.setdefault(step[1], {}).setdefault(child, steps)
                if step[1] != 0:
                    walk(child, step[1], steps)

        walk(self.node, src, [])
        out: dict[int, list[list[Step]]] = {}
        for dst, by_node in found.items():
            paths = list(by_node.values())
            if len(paths) > 1:
                paths = [path for path in paths if len(path) == 1]
            if paths:
                out[dst] = paths
        return out

    # --- actions ---------------------------------------------------------------------------
    def step(self, step: Sequence[Any]) -> None:
        """Play one step (a ``Step`` from ``legal_steps()`` or an equal tuple)."""
        for candidate, child in self._children(self.node):
            if tuple(candidate) == tuple(step) and self._playable(child):
                self._steps.append(candidate)
                self._path.append(child)
                return
        raise IllegalMoveError(
            f"step {tuple(step)} is not legal now", code="illegal_step", step=list(step)
        )

    def move(self, src: int, dst: int, die: int | None = None) -> Step:
        """Play the step from ``src`` to ``dst``; ask for ``die`` only where it matters."""
        options = [
            s
            for s in self.legal_steps()
            if s.src == src and s.dst == dst and (die is None or s.die == die)
        ]
        if not options:
            raise IllegalMoveError(
                f"no legal step from {src} to {dst}", code="illegal_step", src=src, dst=dst
            )
        children = {c for s, c in self._children(self.node) if s in options}
        if len(children) > 1:
            raise IllegalMoveError(
                f"the step from {src} to {dst} can be played in {len(options)} ways "
                f"({', '.join(f'die {s.die}' + (f' {s.tag}' if s.tag else '') for s in options)})"
                "; say which",
                code="ambiguous_step",
                src=src,
                dst=dst,
                dice=[s.die for s in options],
            )
        self.step(options[0])
        return options[0]

    def undo(self) -> Step:
        if not self._steps:
            raise IllegalMoveError("nothing to undo in this turn", code="nothing_to_undo")
        self._path.pop()
        return self._steps.pop()

    def reset(self) -> None:
        del self._path[1:]
        self._steps.clear()

    def play(self) -> Play:
        """The completed play; raises if the steps so far are not a legal play."""
        if not self.is_complete:
            raise IllegalMoveError(
                "the turn is not complete: more dice must be played", code="incomplete_turn"
            )
        return Play(self.position, self._steps, self.node[0])
