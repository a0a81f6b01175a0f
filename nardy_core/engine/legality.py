"""Which nodes of a turn lead to a legal play: what the step interface (``turn.py``) asks.

A node is ``(frame, turn_state, remaining_units)``, as in ``movegen.Search``. A node is
*legal* when its steps form a legal play, and *playable* when a legal node lies in or below it.
Two ways to decide, with one interface (``legality_for`` picks):

* ``SearchLegality`` — every roll of at most four units, and every game whose own ``select``
  rules go beyond the default ones: ``movegen.Search`` lists every legal end node once, and a
  node is playable when one of them lies below it.
* ``ListLegality`` — a long ordered unit list (an escalating double's whole list under
  ``escalation_lookahead=FULL`` or its rest, up to 24 units; Russian tricktrack's complement
  doubles, 8) whose distinct plays may run into millions and are never listed. The must-play
  rules of ``Variant.select`` come down to one number for such a list: the most units any
  candidate end plays, the candidates being the nodes that meet the turn constraints when
  any node does (AMB-44). A memoised depth-first search finds that number and stops at the
  first witness of it; a node is legal when it is a candidate playing that many units, and
  playable when its own search reaches that many. A game may give an upper bound on what a
  frame can still play (``Variant.unit_bound``): the search then skips any subtree that
  cannot reach the number, so that proving "no more than this" costs little.

Both count their work (``visits``: search nodes held) and stop with ``SearchLimitError`` past
their limit; docs/architecture.md ("Bounded move generation") gives the figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from .errors import GameStateError, SearchLimitError
from .frame import F_HAND, to_frame
from .movegen import Search, Steps, unit_choices
from .variant import Node, StepTuple, TurnContext, UnitBound, Variant

if TYPE_CHECKING:
    from .position import Position

# Units above which an ordered list is decided without listing it (a double's four units and
# anything shorter are listed: about a thousand search nodes at most).
SHORT_LIST = 4
# The game's bound is asked only once the search of a turn has visited this many nodes: the
# usual turn finds its witness long before, and a bound costs from one to thirty milliseconds.
BOUND_AFTER = 2_000
# Nodes the memoised search of one turn may visit. Over 36,000 whole-list turns of random
# gioul and gul bara games, a whole walk through the step interface visited at most 5,103.
MAX_LIST_NODES = 300_000


class _Costly(Exception):
    """The search has passed BOUND_AFTER nodes without the game's bound."""


def legality_for(position: Position, limit: int | None = None) -> Legality:
    """The legality of ``position``'s turn (which must have dice or pending units)."""
    variant = position.variant
    if position.dice is None and not position.pending:
        raise GameStateError("the dice have not been rolled", code="no_dice")
    units, ordered = variant.units(position)
    if ordered and len(units) > SHORT_LIST:
        s0 = to_frame(position, variant.cross)
        ctx = variant.turn_context(position, s0)
        if variant.selects_by_units(ctx, ordered):
            return ListLegality(
                position, s0, ctx, tuple(units), MAX_LIST_NODES if limit is None else limit
            )
    return SearchLegality(position, limit)


class _Legality:
    __slots__ = ("position", "variant", "ctx", "ordered", "root")

    position: Position
    variant: Variant
    ctx: TurnContext
    ordered: bool
    root: Node

    def children(self, node: Node) -> list[tuple[StepTuple, Node]]:
        """``[(step, child node), …]``: every step from ``node`` in any order of the units."""
        s, t, rem = node
        if not rem or self.variant.finished(s):
            return []
        unit_moves = self.variant.unit_moves
        ctx = self.ctx
        out: list[tuple[StepTuple, Node]] = []
        for d, rest in unit_choices(rem, self.ordered):
            for s2, t2, step in unit_moves(ctx, s, t, d, 26):
                out.append((step, (s2, t2, rest)))
        return out


class SearchLegality(_Legality):
    """Legality read off the full search of ``movegen.Search``."""

    __slots__ = ("search", "_legal", "_memo")
    listed = True  # every legal play is at hand: finding one costs nothing

    search: Search
    _legal: set[Node]
    _memo: dict[Node, bool]

    def __init__(self, position: Position, limit: int | None = None) -> None:
        self.search = search = Search(position, limit)
        self.position = position
        self.variant = search.variant
        self.ctx = search.ctx
        self.ordered = search.ordered
        self.root = search.root
        self._legal = search.legal_keys
        self._memo = {}

    @property
    def visits(self) -> int:
        return len(self.search.nodes)

    def is_legal(self, node: Node) -> bool:
        return node in self._legal

    def playable(self, node: Node) -> bool:
        memo = self._memo
        if node not in memo:
            memo[node] = node in self._legal or any(
                self.playable(child) for _, child in self.children(node)
            )
        return memo[node]

    def results(self, most: int | None = None) -> dict[int, Steps]:
        """Distinct legal results ``{frame: steps}``; ``most``: the caller needs to know only
        whether there are more than that many (here all are known anyway)."""
        return self.search.results()

    def may_reach(self, node: Node, frame: int) -> bool:
        """False only where no play through ``node`` can end in ``frame`` (here: never
        decided, the full list is at hand)."""
        return True

    def path_to(self, frame: int) -> Steps | None:
        """The steps of a legal play ending in ``frame``, or None."""
        nodes = self.search.nodes
        for key in self.search.legal:
            if key[0] == frame:
                return nodes[key]
        return None


class ListLegality(_Legality):
    """Legality of a long ordered unit list by a memoised depth-first search (module doc)."""

    listed = False  # finding a given play is a search of its own (``path_to``)

    __slots__ = (
        "units",
        "total",
        "limit",
        "visits",
        "most",
        "_best",
        "_reach",
        "_bound",
        "_bounds",
        "_filter",
        "_target",
        "_bounding",
    )

    units: tuple[int, ...]
    total: int
    limit: int
    visits: int
    most: int  # None only while __init__ works it out
    _best: dict[Node, int]
    _reach: dict[Node, bool]
    _bound: UnitBound | None
    _bounds: dict[tuple[int, tuple[int, ...]], int]
    _filter: bool
    _target: tuple[int | None, tuple[list[int], int, int, int]]
    _bounding: bool

    def __init__(
        self,
        position: Position,
        s0: int,
        ctx: TurnContext,
        units: tuple[int, ...],
        limit: int = MAX_LIST_NODES,
    ) -> None:
        variant = position.variant
        self.position = position
        self.variant = variant
        self.ctx = ctx
        self.ordered = True
        self.units = units
        self.total = len(units)
        self.limit = limit
        self.visits = 0
        self.root = (s0, variant.initial_turn_state(ctx), units)
        self._best = {}  # node -> most units played at a candidate end in or below it
        self._reach = {}  # node -> whether a legal node lies in or below it
        self._bounds = {}
        self._bound = variant.unit_bound(ctx)
        # the frame path_to and may_reach aim at, its heights
        self._target = (None, None)  # type: ignore[assignment]
        # the turn constraints filter the candidates only when some node meets them (AMB-44)
        self._filter = variant.has_turn_constraint and self._some_node_meets()
        self._bounding = False
        self.most = None  # type: ignore[assignment]
        self.most = self._bounded_best(self.root)

    # --- the search ---------------------------------------------------------------------------
    def _count(self, n: int = 1) -> None:
        self.visits += n
        if self.visits > self.limit:
            raise SearchLimitError(
                f"deciding the plays of this {self.total}-unit list needs more than "
                f"{self.limit:,} search nodes",
                limit=self.limit,
                what="list nodes",
            )

    def _next(self, node: Node) -> list[Node] | tuple[()]:
        s, t, rem = node
        if not rem or self.variant.finished(s):
            return ()
        rest = rem[1:]
        return [(s2, t2, rest) for s2, t2, _ in self.variant.unit_moves(self.ctx, s, t, rem[0], 26)]

    def _some_node_meets(self) -> bool:
        variant, ctx = self.variant, self.ctx
        seen: set[Node] = set()
        stack = [self.root]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            self._count()
            if variant.turn_ok(ctx, node[0], node[1]):
                return True
            stack.extend(self._next(node))
        return False

    def _candidate(self, node: Node) -> bool:
        return not self._filter or self.variant.turn_ok(self.ctx, node[0], node[1])

    def _ceiling(self, node: Node) -> int:
        """The most units any node in or below ``node`` can have played (a game's bound, or
        every unit)."""
        s, _, rem = node
        played = self.total - len(rem)
        if self._bound is None or not rem:
            return self.total
        key = (s, rem)
        bound = self._bounds.get(key)
        if bound is None:
            bound = self._bounds[key] = self._bound(s, rem)
        return played + bound

    def _bounded_best(self, node: Node) -> int:
        """``_best_below(node)``; if the search turns out costly, it starts again from
        ``node`` with the game's bound on (what it has found stays: every value is exact)."""
        try:
            return self._best_below(node)
        except _Costly:
            self._bounding = True
            return self._best_below(node)

    def _best_below(self, node: Node, cap: int | None = None) -> int:
        """The most units played at a candidate node in or below ``node`` (-1: none), exact.
        ``cap``: an upper bound on it known from above; the search stops once it is reached,
        and skips a child whose own bound shows it cannot beat what is found."""
        best = self._best.get(node)
        if best is not None:
            return best
        self._count()
        if not self._bounding and self._bound is not None and self.visits > BOUND_AFTER:
            raise _Costly  # unwinds to _bounded_best, so that every node above gets its bound
        rem = node[2]
        played = self.total - len(rem)
        if cap is None:
            cap = self.total if self.most is None else self.most
        if self._bound is not None and self._bounded(node):
            cap = min(cap, self._ceiling(node))
        best = played if self._candidate(node) else -1
        if best < cap:
            for child in self._next(node):
                if child in self._best:
                    below = self._best[child]
                elif (
                    self._bound is not None
                    and self._bounded(child)
                    and self._ceiling(child) <= best
                ):
                    continue
                else:
                    below = self._best_below(child, cap)
                if below > best:
                    best = below
                    if best >= cap:
                        break
        self._best[node] = best
        return best

    def _bounded(self, node: Node) -> bool:
        """Whether the game's bound is asked at ``node``: once the turn has proved costly,
        at the root and where a run of equal units begins (inside a run the next few nodes
        decide as cheaply as a bound would)."""
        if not self._bounding:
            return False
        rem = node[2]
        played = self.total - len(rem)
        return played == 0 or bool(rem) and rem[0] != self.units[played - 1]

    # --- the interface ------------------------------------------------------------------------
    def is_legal(self, node: Node) -> bool:
        return self.total - len(node[2]) == self.most and self._candidate(node)

    def playable(self, node: Node) -> bool:
        try:
            return self._reaches(node)
        except _Costly:
            self._bounding = True
            return self._reaches(node)

    def _reaches(self, node: Node) -> bool:
        """Whether a legal node (a candidate playing ``most`` units) lies in or below
        ``node``: the search stops at the first one, and skips what cannot get there."""
        known = self._reach.get(node)
        if known is not None:
            return known
        best = self._best.get(node)
        if best is not None:
            known = best >= self.most
        else:
            self._count()
            if not self._bounding and self._bound is not None and self.visits > BOUND_AFTER:
                raise _Costly
            played = self.total - len(node[2])
            if played >= self.most:  # nothing below plays exactly most units
                known = played == self.most and self._candidate(node)
            elif self._bounding and self._bound is not None and self._ceiling(node) < self.most:
                known = False
            else:
                known = any(self._reaches(child) for child in self._next(node))
        self._reach[node] = known
        return known

    def _walk(self, keep: Callable[[Node], bool] | None = None) -> Iterator[tuple[Node, Steps]]:
        """Legal nodes with one step sequence each, depth first along playable steps; or,
        with ``keep(node)`` (whether a subtree may hold what the caller looks for), along
        the steps it keeps (a legal end found that way makes every node on its way
        playable, so they are not asked)."""
        seen: set[Node] = set()
        stack: list[tuple[Node, Steps]] = [(self.root, ())]
        while stack:
            node, steps = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            self._count()
            if self.is_legal(node):
                yield node, steps
                continue
            for step, child in reversed(self.children(node)):
                if child not in seen and (keep(child) if keep else self.playable(child)):
                    stack.append((child, steps + (step,)))

    def results(self, most: int | None = None) -> dict[int, Steps]:
        """Distinct legal results ``{frame: steps}``: all of them by the plain search
        (``movegen.Search``, faster than a walk, bounded by its node limit), or with ``most``
        by a walk that stops once it has found one more than that (the caller asked whether
        there are more)."""
        if most is None:
            return Search(self.position).results()
        out: dict[int, Steps] = {}
        for node, steps in self._walk():
            out.setdefault(node[0], steps)
            if most is not None and len(out) > most:
                break
        return out

    def may_reach(self, node: Node, frame: int) -> bool:
        """False when no play through ``node`` can end in ``frame`` (a legal end). A mover's
        checker only ever moves towards his home here (no game with a long list sends one
        back), so ``node`` needs at least as many checkers on or above every point as
        ``frame``; and the units still to play must move his checkers exactly the pips
        between them (at most, where checkers are borne off on the way, with an overshoot)."""
        if self._target[0] != frame:
            self._target = (frame, _shape(frame))
        heights, pips, off, hand = self._target[1]
        here = _shape(node[0])
        if not _covers(here[0], heights):
            return False
        if here[3] or hand:
            return True  # a hand entry moves a checker one pip more than its unit
        rem = node[2]
        left = self.most - (self.total - len(rem))  # units still to play to a legal end
        if left < 0:
            return False
        moved = sum(rem[:left])
        return here[1] - pips == moved if here[2] == off else here[1] - pips <= moved

    def path_to(self, frame: int) -> Steps | None:
        """The steps of a legal play ending in ``frame``, or None: a depth-first search along
        the nodes that ``may_reach`` it, trying first the steps that take a checker from a
        point where the frame has fewer to one where it has more."""
        want = _slots(frame)
        seen: set[Node] = set()
        stack: list[tuple[Node, Steps]] = [(self.root, ())]
        while stack:
            node, steps = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            self._count()
            if node[0] == frame and self.is_legal(node):
                return steps
            have = _slots(node[0])
            children = self.children(node)
            ranked = sorted(
                range(len(children)),
                key=lambda i: (
                    (have[children[i][0][0]] > want[children[i][0][0]])
                    + (have[children[i][0][1]] < want[children[i][0][1]]),
                    i,
                ),
            )
            for i in ranked:  # the most promising last: popped first
                step, child = children[i]
                if child not in seen and self.may_reach(child, frame):
                    stack.append((child, steps + (step,)))
        return None


def _slots(frame: int) -> bytes:
    """The mover's checkers on each of his slots, off (0) to the hand (26)."""
    return (frame & ((1 << ((F_HAND + 1) * 8)) - 1)).to_bytes(F_HAND + 1, "little")


def _shape(frame: int) -> tuple[list[int], int, int, int]:
    """The mover's side of ``frame``: (for each slot from the hand (26) down to off (0), his
    checkers on it or above; his pips, the bar counting 25; his checkers off; in the hand)."""
    raw = _slots(frame)
    heights: list[int] = []
    total = 0
    for p in range(F_HAND, -1, -1):
        total += raw[p]
        heights.append(total)
    return heights, sum(p * raw[p] for p in range(1, F_HAND)), raw[0], raw[F_HAND]


def _covers(heights: list[int], target: list[int]) -> bool:
    return all(a >= b for a, b in zip(heights, target))


#: What ``legality_for`` answers: the legality of one turn, listed or searched.
Legality = SearchLegality | ListLegality
