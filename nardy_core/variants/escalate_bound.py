"""How much of an escalating list the mover can still play, at most (``Variant.unit_bound``).

The step interface decides a whole list (``escalation_lookahead=FULL``) by a depth-first search
for the most units playable (``legality.py``); proving that no play reaches more would search
every node, and some positions have half a million. This bound lets it skip those subtrees.

In gioul and gul bara nothing the mover does changes where he may land: no checker is hit, the
points a single opposing checker closes stay closed all turn, and his own checkers never close
a point to each other. Until he may bear off his checkers are therefore independent, and the
first k units of the list (ascending, as every escalating list is) can be played exactly when
they can be shared out among his checkers so that each one, taking its share in list order,
lands on open points only. A small dynamic programme over the checkers decides that exactly:
its states are the multisets of units shared out so far (at most 5^6 = 15,625 for 1-1's 24
units), held as the bits of one integer, a checker's possible shares applied as shifts.

Bearing off couples the checkers: all must be home first. The bound asks first whether they
can all be home while a unit is left (the same programme, every share ending at home); if not,
nobody bears off this turn and the figure is exact. If so, bearing off is relaxed (any home
checker may bear off with any unit that takes it past the edge), which only allows more, so
the figure stays an upper bound; the search then does the rest. The turn constraint (gul
bara's start table) and the end of the game mid-list are left out the same way.
"""

from __future__ import annotations

from typing import Any, cast

from ..engine.frame import F_BAR, SH

FREE, STAY, HOME = "free", "stay", "home"  # bear off relaxed; never bear off; end at home

#: A list's runs of equal units, ascending: ``((value, count), ...)``.
Groups = tuple[tuple[int, int], ...]
#: What one checker can take: ``[(code, room)]`` (``ListBound._shares_of``).
Shares = list[tuple[int, int]]


class ListBound:
    __slots__ = ("open", "bear_off", "_shares", "_boxes", "_memo")

    open: tuple[bool, ...]
    bear_off: bool
    _shares: dict[tuple[int, Groups, str], Shares]
    _boxes: dict[tuple[Groups, tuple[int, ...]], int]
    _memo: dict[tuple[bytes, tuple[int, ...]], int]

    def __init__(self, closed: int, bear_off: bool) -> None:
        self.open = tuple(p >= 1 and not (closed >> SH[p]) & 1 for p in range(25))
        self.bear_off = bear_off
        self._shares = {}  # (point, groups, mode) -> [(code, room)]: what one checker can take
        # (its code), and the states with room for it (bits)
        self._boxes = {}  # (groups, vector) -> the states that still have room for it
        self._memo = {}  # (points, remaining) -> bound

    def __call__(self, s: int, rem: tuple[int, ...]) -> int:
        if s >> SH[F_BAR] & 0xFFFF or any(a > b for a, b in zip(rem, rem[1:])):
            return len(rem)  # a bar or a hand, or a transferred roll (higher die first)
        points = (s >> SH[1] & ((1 << 192) - 1)).to_bytes(24, "little")
        key = (points, rem)
        bound = self._memo.get(key)
        if bound is None:
            bound = self._memo[key] = self._bound(points, rem)
        return bound

    def _bound(self, points: bytes, rem: tuple[int, ...]) -> int:
        groups: list[list[int]] | Groups
        weights: list[int]
        groups, weights, code = [], [], 0
        for u in rem:
            if groups and groups[-1][0] == u:
                groups[-1][1] += 1
            else:
                groups.append([u, 1])
        groups = tuple((v, n) for v, n in groups)
        weight = 1
        for _, n in groups:
            weights.append(weight)
            weight *= n + 1
        # the codes of the list's prefixes, shortest first: (length, code)
        prefixes = [(0, 0)]
        for j, (_, n) in enumerate(groups):
            for _ in range(n):
                code += weights[j]
                prefixes.append((len(prefixes), code))
        held = [(p + 1, c) for p, c in enumerate(points) if c]
        mode = STAY
        # all home before the last unit: not while the pips to bring them home exceed the list's
        if self.bear_off and sum((p - 6) * c for p, c in held if p > 6) <= sum(rem[:-1]):
            home = self._shared(held, groups, weights, HOME)
            if any(home >> c & 1 for _, c in prefixes[:-1]):
                mode = FREE
        reached = self._shared(held, groups, weights, mode)
        return next(k for k, c in reversed(prefixes) if reached >> c & 1)

    def _shared(
        self, held: list[tuple[int, int]], groups: Groups, weights: list[int], mode: str
    ) -> int:
        """The set of unit multisets the checkers can take between them, as bits."""
        reached = 1
        for point, count in held:
            shares = self._shares_of(point, groups, weights, mode)
            if len(shares) == 1 and mode != HOME:
                continue  # this checker cannot move: it takes nothing
            for _ in range(count):
                grown = _or_shifted(reached, shares)
                if grown == reached:
                    break  # the zero share keeps what was reached: more copies add nothing
                reached = grown
                if not reached:
                    return 0
        return reached

    def _shares_of(self, point: int, groups: Groups, weights: list[int], mode: str) -> Shares:
        key = (point, groups, mode)
        # the cached shares; else the walk's (code, vector) pairs, made into shares below
        out: list[tuple[int, Any]] | None = self._shares.get(key)
        if out is not None:
            return out
        out = []
        is_open = self.open
        m = len(groups)

        # mypy does not carry the narrowing of ``out`` to a list into ``walk`` (it is assigned
        # again after it): the casts below say it is the list
        def walk(j: int, at: int, code: int, vector: tuple[int, ...]) -> None:
            if j == m:
                if mode != HOME or at <= 6:
                    cast("list[tuple[int, Any]]", out).append((code, vector))
                return
            value, n = groups[j]
            walk(j + 1, at, code, vector + (0,))
            for c in range(1, n + 1):
                to = at - value
                if to < 1:
                    if mode == FREE and at <= 6:  # borne off: nothing more for this checker
                        cast("list[tuple[int, Any]]", out).append(
                            (code + c * weights[j], vector + (c,) + (0,) * (m - j - 1))
                        )
                    return
                if not is_open[to]:
                    return
                at = to
                walk(j + 1, at, code + c * weights[j], vector + (c,))

        walk(0, point, 0, ())
        out = self._shares[key] = [
            (code, self._box(groups, weights, vector)) for code, vector in out
        ]
        return out

    def _box(self, groups: Groups, weights: list[int], vector: tuple[int, ...]) -> int:
        key = (groups, vector)
        box = self._boxes.get(key)
        if box is None:
            box = 1
            for j, (_, n) in enumerate(groups):
                step, grown = weights[j], 0
                for c in range(n - vector[j] + 1):
                    grown |= box << (c * step)
                box = grown
            self._boxes[key] = box
        return box


def _or_shifted(reached: int, boxes: Shares) -> int:
    out = 0
    for code, box in boxes:
        out |= (reached & box) << code
    return out
