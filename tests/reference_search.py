"""An exhaustive reference for ``movegen.Search``: every order of the units, every step.

``Search`` takes shortcuts to be fast: it merges sequences that reach the same node, and where a
game declares that steps commute it explores only sequences whose sources never increase
(``Variant.steps_commute``, docs/architecture.md "The canonical step order"). A rule that breaks
a shortcut's assumption loses plays silently (a bar entry forced before hand entries did).

This module takes none of them. It plays every distinct order of the roll's units (an ordered
list, such as an escalating double, in its fixed order: within a block all units are equal),
every step the variant's per-unit hook ``unit_moves`` offers for each unit, from any source,
each sequence to its end without merging, and hands every prefix reached to the variant's
must-play selection ``select``. It shares with ``Search`` only those two hooks and the frame
encoding, so it catches errors in the search, not rule errors inside the hooks (the vectors
and the referees are there for those).

When a tree is too large for the budget without merging, the same walk is made merging
identical nodes (frame, turn state, units left), which is exact as long as ``unit_moves`` is a
function of its arguments; a tree too large even so is reported as such (``TooLarge``).
"""

from __future__ import annotations

from itertools import permutations

from nardy_core.engine.frame import to_frame


class TooLarge(Exception):
    """The walk would exceed its node budget."""


def _left(units, played):
    """Units left after ``played``, in the form the search keys nodes by: the roll's units with
    the first occurrence of each played value removed (for an ordered list: its tail)."""
    rest = list(units)
    for d in played:
        rest.remove(d)
    return tuple(rest)


def unit_orders(units, ordered):
    """Every distinct order the units may be played in."""
    if ordered:
        return [tuple(units)]
    return sorted(set(permutations(units)))


def reference_legal(position, budget=200_000, merge=False):
    """The legal nodes ``(frame, turn_state, units_left)`` of ``position``'s roll.

    Returns ``(legal, nodes_visited)``; raises ``TooLarge`` past ``budget`` visited nodes."""
    variant = position.variant
    s0 = to_frame(position, variant.cross)
    ctx = variant.turn_context(position, s0)
    units, ordered = variant.units(position)
    units = tuple(units)
    t0 = variant.initial_turn_state(ctx)
    root = (s0, t0, units)
    nodes = {root: ()}
    leaves = {}
    seen = set()
    visited = 0

    def walk(s, t, order, i, steps):
        nonlocal visited
        if i == len(order) or variant.finished(s):
            return
        d = order[i]
        rest = _left(units, order[: i + 1])
        for s2, t2, step in variant.unit_moves(ctx, s, t, d, 26):
            visited += 1
            if visited > budget:
                raise TooLarge
            key = (s2, t2, rest)
            path = steps + (step,)
            nodes.setdefault(key, path)
            if not rest:
                leaves.setdefault(key, None)
            if merge:
                if (key, order[i + 1 :]) in seen:
                    continue
                seen.add((key, order[i + 1 :]))
            walk(s2, t2, order, i + 1, path)

    if units:
        for order in unit_orders(units, ordered):
            walk(s0, t0, order, 0, ())
    legal = variant.select(ctx, nodes, list(leaves), units, ordered)
    return legal, visited


def reference_results(position, budget=200_000):
    """``(results, how)``: the set of distinct legal result frames and whether the walk had to
    merge nodes (``"merged"``) or not (``"plain"``)."""
    try:
        legal, _ = reference_legal(position, budget)
        how = "plain"
    except TooLarge:
        legal, _ = reference_legal(position, budget, merge=True)
        how = "merged"
    return {key[0] for key in legal}, how
