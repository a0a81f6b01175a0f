"""Legal plays: every distinct result of a roll, found by one game-independent search.

The search walks every sequence of units (CORE_RULES.md 1.5), merging sequences that reach the
same frame with the same turn state and remaining units, records every prefix as a candidate,
and lets the variant's ``select`` apply the must-play rules. Plays are distinct by resulting
position (mover's and opponent's checkers, bars, pins).

The search is bounded: it stops with ``SearchLimitError`` once it holds more than its node
limit (``MAX_SEARCH_NODES`` unless the caller names a smaller one). Only the whole-list
escalation of gioul and gul bara comes near it; the step interface decides those turns without
listing them (``legality.py``), and whatever lists whole plays falls back as
docs/architecture.md says ("Bounded move generation").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import GameStateError, SearchLimitError
from .frame import F_BAR, from_frame, to_frame
from .playtext import format_steps
from .variant import Node, StepTuple, TurnContext, Variant

if TYPE_CHECKING:
    from .position import Position, Side

#: The steps of a play so far, from the root of the search.
Steps = tuple[StepTuple, ...]
#: ``unit_choices``: each unit that may be played next with the units left after it.
Splits = list[tuple[int, tuple[int, ...]]]

# Search nodes one listing of a roll may hold: under a second and about 80 MB in CPython.
# Every roll of every game under its default options stays far below it (at most 1,110 nodes
# over 300 random positions of each game with each double: LongGammon's 1-1); gioul's whole 3-3
# list from the start (escalation_lookahead=FULL) holds 122,259 nodes (59,810 plays), its 2-2
# list 1.3 million.
MAX_SEARCH_NODES = 200_000


class Search:
    """The explored tree of one turn: candidate nodes and the legal ones among them."""

    __slots__ = (
        "variant",
        "position",
        "ctx",
        "units",
        "ordered",
        "nodes",
        "legal",
        "root",
        "_legal_keys",
    )

    variant: Variant
    position: Position
    ctx: TurnContext
    units: tuple[int, ...]
    ordered: bool
    nodes: dict[Node, Steps]
    legal: list[Node]
    root: Node
    _legal_keys: set[Node] | None

    def __init__(self, position: Position, limit: int | None = None) -> None:
        variant = position.variant
        self.variant = variant
        self.position = position
        s0 = to_frame(position, variant.cross)
        self.ctx = variant.turn_context(position, s0)
        if position.dice is None and not position.pending:
            raise GameStateError("the dice have not been rolled", code="no_dice")
        units, ordered = variant.units(position)
        self.units = tuple(units)
        self.ordered = ordered
        t0 = variant.initial_turn_state(self.ctx)
        self.root = (s0, t0, self.units)
        nodes: dict[Node, Steps] = {}
        self.nodes = nodes
        leaves: list[Node] = []  # nodes that played every unit
        unit_moves = variant.unit_moves
        finished = variant.finished
        # the usual end (every checker borne off) is tested inline: it runs at every node
        all_off = variant.checkers if type(variant).finished is Variant.finished else -1
        ctx = self.ctx

        canonical = variant.canonical_order
        splits = _SPLITS[ordered]
        most = MAX_SEARCH_NODES if limit is None else limit

        def visit(s: int, t: int, rem: tuple[int, ...], steps: Steps, limit: int) -> None:
            # rem is non-empty here and the node itself is already recorded. With canonical
            # order, a step may not start above the previous step's source (steps commute).
            if len(nodes) > most:
                raise SearchLimitError(
                    f"the plays of this roll need more than {most:,} search nodes to list",
                    limit=most,
                    what="search nodes",
                )
            for d, rest in splits.get(rem) or unit_choices(rem, ordered):
                children = unit_moves(ctx, s, t, d, limit)
                if rest:
                    for s2, t2, step in children:
                        key = (s2, t2, rest)
                        if key not in nodes:
                            nodes[key] = path = steps + (step,)
                            if (s2 & 15) != all_off if all_off >= 0 else not finished(s2):
                                # an ordered list may not be reordered across a change of
                                # value (4 then 5 is not 5 then 4), so the canonical order
                                # holds only within a run of equal units; a bar entry binds
                                # nothing: it comes first in every order (nothing else moves
                                # while a checker is on the bar), and the hand (26) sorts
                                # above the bar (25) though it may only follow it
                                visit(
                                    s2,
                                    t2,
                                    rest,
                                    path,
                                    step[0]
                                    if canonical
                                    and (not ordered or rest[0] == d)
                                    and step[0] != F_BAR
                                    else 26,
                                )
                else:  # the last unit: children are leaves
                    for s2, t2, step in children:
                        key = (s2, t2, rest)
                        if key not in nodes:
                            nodes[key] = steps + (step,)
                            leaves.append(key)

        nodes[self.root] = ()
        if self.units and not finished(s0):
            visit(s0, t0, self.units, (), 26)
        self.legal = variant.select(ctx, nodes, leaves, self.units, ordered)
        self._legal_keys = None

    @property
    def legal_keys(self) -> set[Node]:
        if self._legal_keys is None:
            self._legal_keys = set(self.legal)
        return self._legal_keys

    def results(self) -> dict[int, Steps]:
        """Distinct legal results: a dict ``frame -> steps`` (the first sequence found)."""
        nodes = self.nodes
        return {key[0]: nodes[key] for key in reversed(self.legal)}


_SPLITS: dict[bool, dict[tuple[int, ...], Splits]] = {False: {}, True: {}}


def unit_choices(rem: tuple[int, ...], ordered: bool) -> Splits:
    """The units that may be played next from ``rem``, each with what remains after it:
    the distinct values of free units, or the first of ordered ones (cached)."""
    out = _SPLITS[ordered].get(rem)
    if out is None:
        out = []
        for i, d in enumerate(rem):
            if all(d != e for e, _ in out):
                out.append((d, rem[:i] + rem[i + 1 :]))
            if ordered:
                break
        _SPLITS[ordered][rem] = out
    return out


class Play:
    """One legal play: its steps, resulting position and standard notation."""

    __slots__ = ("position", "steps", "frame", "_after")

    position: Position
    steps: Steps
    frame: int
    _after: tuple[tuple[Side, ...], tuple[frozenset[int], ...]] | None

    def __init__(self, position: Position, steps: Iterable[StepTuple], frame: int) -> None:
        self.position = position
        self.steps = tuple(steps)
        self.frame = frame
        self._after = None

    @property
    def board(self) -> tuple[tuple[Side, ...], tuple[frozenset[int], ...]]:
        """(sides, pins) after the play, the side to move unchanged."""
        if self._after is None:
            self._after = from_frame(self.position, self.frame, self.position.variant.cross)
        return self._after

    @property
    def mover_side(self) -> Side:
        return self.board[0][self.position.turn]

    @property
    def opponent_side(self) -> Side:
        return self.board[0][1 - self.position.turn]

    def notation(self) -> str:
        return format_steps(self.steps)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Play({self.notation()!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Play)
            and self.frame == other.frame
            and self.position == other.position
        )

    def __hash__(self) -> int:
        return hash(self.frame)


def legal_plays(position: Position, limit: int | None = None) -> list[Play]:
    """All distinct legal plays of ``position`` (which must have dice or pending units),
    the highest starting points first; ``SearchLimitError`` past ``limit`` search nodes
    (default ``MAX_SEARCH_NODES``)."""
    search = Search(position, limit)
    plays = [Play(position, steps, frame) for frame, steps in search.results().items()]
    plays.sort(key=lambda p: _sort_key(p.steps))
    return plays


def _sort_key(steps: Steps) -> tuple[tuple[int, int], ...]:
    return tuple((-s[0], -s[1]) for s in sorted(steps, key=lambda s: (-s[0], -s[1])))
