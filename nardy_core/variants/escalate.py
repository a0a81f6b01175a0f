"""Gioul and gul bara (VARIANT_RULES.md §3.10, §3.15): the two games with escalating doubles.

The escalation itself (§4) is ``EscalationMixin``, the one home both games use:

* ``units``: a double d-d is the ordered list d×4, (d+1)×4, …, 6×4 (gul bara: only from the
  roller's fourth two-dice turn on, ``grace_turns``; ``Position.turn_number`` counts them);
* ``select``: the block-wise maximal rule (AMB-43): each run of equal units ("block") is
  maximised from the position where it starts, without looking at later blocks; the game's
  TURN rule filters the candidate ends first (AMB-44). Option ``escalation_lookahead=FULL``
  maximises the whole list instead, as the ordinary rule does for one roll;
* ``handed_over``: what is left of the list when the roller stops; gioul hands it to the
  opponent (``Position.pending``), who plays it with his own checkers by the same rules before
  rolling; gul bara forfeits it. The opponent's share is not a turn of his (no turn count)
  and what he cannot play of it is void (AMB-26).
"""

from __future__ import annotations

from ..geometry import CONTRARY, PARALLEL
from ..options import Option
from ..variant import HIT_NONE, REROLL, Outcome, Variant
from .backgammon_family import StuckDrawMixin
from .common import cube_options
from .fevga import Fevga

TRANSFER, FORFEIT = "transfer", "forfeit"


def escalation_list(d):
    """d×4, (d+1)×4, …, 6×4."""
    return tuple(v for v in range(d, 7) for _ in range(4))


class EscalationMixin:
    on_fail = FORFEIT
    grace_turns = 0     # each player's first turns whose doubles are ordinary (X4)
    # units of one ordered list may not be reordered across a change of value; the search
    # keeps its canonical order within runs of equal units only (movegen.Search)

    def escalates(self, position) -> bool:
        dice = position.dice
        return (not position.pending and dice is not None and dice[0] == dice[1]
                and position.turn_number[position.turn] >= self.grace_turns)

    def units(self, position):
        if self.escalates(position):
            return escalation_list(position.dice[0]), True
        return super().units(position)

    def handed_over(self, before, steps):
        if self.on_fail != TRANSFER or before.pending:
            return ()  # forfeit; what the opponent cannot play of a transfer is void
        if self.escalates(before):
            units = escalation_list(before.dice[0])
            return units[len(steps):]
        if before.dice and self.options.values.get("transfer_all_rolls"):
            left = sorted(before.dice, reverse=True)  # AMB-46: the higher die first
            for step in steps:
                left.remove(step[2])
            return tuple(left)
        return ()

    def select(self, ctx, nodes, full, units, ordered):
        if not ordered or self.options["escalation_lookahead"] == "FULL":
            return super().select(ctx, nodes, full, units, ordered)
        return self._blockwise(ctx, nodes, units)

    def _blockwise(self, ctx, nodes, units):
        """§4 per block: from the node where a block starts, the player plays as many of its
        units as any candidate end allows, and the turn stops when that is fewer than the
        block. Nodes are ``(frame, turn_state, remaining)``; in an ordered list the depth of a
        node is fixed by what remains."""
        n = len(units)
        ends = [0] * (n + 1)  # depth -> depth where its block ends
        e = n
        for k in range(n - 1, -1, -1):
            if k + 1 < n and units[k] != units[k + 1]:
                e = k + 1
            ends[k] = e
        ends[n] = n
        finished = self.finished
        children = {}
        for key in nodes:
            s, t, rem = key
            if rem and not finished(s):
                rest = rem[1:]
                children[key] = [c for c in {(s2, t2, rest) for s2, t2, _ in
                                             self.unit_moves(ctx, s, t, rem[0], 26)}
                                 if c in nodes]
        cands = set(nodes)
        if self.has_turn_constraint:
            ok = {key for key in nodes if self.turn_ok(ctx, key[0], key[1])}
            if ok:  # AMB-44: waived only when no end of the list meets it
                cands = ok
        order = sorted(nodes, key=lambda key: len(key[2]))  # deepest first
        viable, best = {}, {}
        for key in order:
            depth = n - len(key[2])
            kids = children.get(key, ())
            viable[key] = key in cands or any(viable[c] for c in kids)
            if depth == n:
                continue
            end = ends[depth]
            b = depth if key in cands else -1
            for c in kids:
                v = (end if viable[c] else -1) if depth + 1 == end else best[c]
                if v > b:
                    b = v
            best[key] = b
        good = {self._root_of(nodes, n)}
        legal = []
        for key in reversed(order):  # shallowest first
            if key not in good:
                continue
            depth = n - len(key[2])
            if depth == n or best[key] == depth:
                legal.append(key)
                continue
            end = ends[depth]
            target = best[key]
            for c in children.get(key, ()):
                if depth + 1 == end:
                    if target == end and viable[c]:
                        good.add(c)
                elif best[c] == target:
                    good.add(c)
        return legal

    @staticmethod
    def _root_of(nodes, n):
        for key in nodes:  # the search records the root first
            return key


class _EscalatingGame(EscalationMixin, StuckDrawMixin, Variant):
    group = "tavli"
    setup_points = {24: 15}
    block_min = 1
    hit_mode = HIT_NONE
    opening = REROLL
    outcome_kinds = ("single", "gammon", "draw")

    def end_of_turn(self, before, after):
        outcome, following = super().end_of_turn(before, after)
        if outcome is None and before.pending:
            following = after  # the transfer played, its receiver now rolls for his turn
        return outcome, following

    def outcome(self, position, winner):
        if position.sides[1 - winner][0]:
            return Outcome(winner, "single", 1)
        return Outcome(winner, "gammon", 2)

    def resign_levels(self):
        return [("single", 1), ("gammon", 2)]


_LOOKAHEAD = Option("escalation_lookahead", "BLOCK", choices=("BLOCK", "FULL"),
                    doc="maximal usage per block of four, or over the whole list (AMB-43)")
_NEXT = Option("next_game_starter", "winner", choices=("winner", "opening_roll"),
               doc="who starts the next game (the previous winner)")


class Gioul(_EscalatingGame):
    key = "gioul"
    names = {"en": "Gioul", "ru": "Гиоул"}
    geometry = CONTRARY
    on_fail = TRANSFER
    option_specs = (
        Option("transfer_all_rolls", False, "bool",
               doc="an unplayable die of any roll passes to the opponent, not only the rest "
                   "of a double's list (AMB-26, AMB-46)"),
        _LOOKAHEAD, _NEXT,
    ) + cube_options(False)


class GulBara(_EscalatingGame):
    key = "gul_bara"
    names = {"en": "Gul bara", "ru": "Гульбар"}
    geometry = PARALLEL
    on_fail = FORFEIT
    grace_turns = 3
    has_turn_constraint = True
    option_specs = (_LOOKAHEAD, _NEXT) + cube_options(False)

    def turn_ok(self, ctx, s, t):
        return Fevga._table_ok(s)  # START_TABLE_NOT_FULL, as fevga


GAMES = (Gioul, GulBara)
