"""Fevga and moultezim (VARIANT_RULES.md §3.13-3.14): long nardy's board and movement (PARALLEL,
fifteen on own 24, one checker blocks, no hitting, doubles four times) with three rules of
their own instead of the head rule and the six-block rule:

* FIRST_PASS (a UNIT rule, in ``unit_moves``): until one own checker stands on own 11 or
  lower (or is off), no second checker leaves own 24. It can lift in the middle of a turn, so
  the order of steps matters (``steps_commute = False``);
* START_TABLE_NOT_FULL (TURN, ``turn_ok``): no turn ends with all of own 24-19 occupied
  (fevga option ``fevga_start_table=ONLY_IF_STUCK``: not a rule of its own, AMB-35; the
  literal reading is then the prime rule below applied to the starting table);
* PRIME_UNBLOCK_IF_STUCK (TURN, ``turn_ok``): no turn ends holding the six points just in
  front of a point where all the opponent's remaining checkers stand. The opponent never moves
  during the mover's turn and nothing is hit, so that point is found once per turn
  (``turn_context``).

A TURN rule is waived only when no play of the roll meets it, the empty one included, so the
start of the turn already breaks it (AMB-44, vector FV-X1); ``Fevga.select`` decides that for
each of the two rules on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.frame import BOARD, occupied, ones, slot_mask
from ..engine.geometry import PARALLEL
from ..engine.options import Option
from ..engine.variant import HIT_NONE, REROLL, Outcome, Variant
from .common import cube_options
from .stuck import StuckDrawMixin

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..engine.position import Position
    from ..engine.variant import Node, Successor, TurnContext

_PASSED = slot_mask(0, 11)  # own checkers off or on own 1-11: the first one has passed
_ON_THE_WAY = slot_mask(12, 23)  # checkers that left the head and have not passed yet
_START_TABLE = slot_mask(19, 24)
_START_FULL = ones(19, 24)


class Fevga(StuckDrawMixin, Variant):
    key = "fevga"
    names = {"en": "Fevga"}
    link_tag = "fe"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "tavli"
    geometry = PARALLEL
    setup_points = {24: 15}
    block_min = 1
    hit_mode = HIT_NONE
    opening = REROLL
    has_turn_constraint = True
    steps_commute = False  # FIRST_PASS can lift mid-turn (FV-2: 13/10 then 24/23)
    outcome_kinds = ("single", "gammon", "draw")
    option_specs = (
        Option(
            "fevga_start_table",
            "ALWAYS",
            choices=("ALWAYS", "ONLY_IF_STUCK"),
            doc="never end a turn with all of own 24-19 occupied, or only the stuck-prime "
            "rule (AMB-35)",
        ),
        Option(
            "next_game_starter",
            "winner",
            choices=("winner", "opening_roll"),
            doc="who starts the next game (the previous winner)",
        ),
    ) + cube_options(False)

    def configure(self) -> None:
        self.start_table_rule = self.options["fevga_start_table"] == "ALWAYS"

    def turn_context(self, position: Position, frame: int) -> TurnContext:
        ctx = super().turn_context(position, frame)
        opp = position.sides[1 - position.turn]
        where = [q for q in range(1, 25) if opp[q]]
        block = 0
        if len(where) == 1 and where[0] >= 7:
            # the six points in front of that one point, in the opponent's order q-6 … q-1,
            # on the mover's numbers
            q = where[0]
            block = sum(ones(self.cross[r], self.cross[r]) for r in range(q - 6, q))
        ctx.data = [self.start_table_rule, block]  # the TURN rules in force this turn
        return ctx

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        if limit > 23 and s & _ON_THE_WAY and not s & _PASSED:
            limit = 23  # FIRST_PASS: the head is shut while the first checker is on its way
        return super().unit_moves(ctx, s, t, d, limit)

    @staticmethod
    def _table_ok(s: int) -> bool:
        return occupied(s & _START_TABLE) != _START_FULL

    @staticmethod
    def _prime_ok(block: int, s: int) -> bool:
        return occupied(s & BOARD) & block != block

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        table, block = ctx.data
        return (not table or self._table_ok(s)) and (not block or self._prime_ok(block, s))

    def select(
        self,
        ctx: TurnContext,
        nodes: Iterable[Node],
        full: list[Node],
        units: tuple[int, ...],
        ordered: bool,
    ) -> list[Node]:
        # AMB-44 rule by rule: a TURN rule that no prefix of the roll meets (the empty play
        # included, so the start already breaks it) is waived for this turn, while the other
        # still filters. If each can be met but not both at once, Variant.select waives both.
        rules = ctx.data
        if rules[0] and not any(self._table_ok(n[0]) for n in nodes):
            rules[0] = False
        if rules[1] and not any(self._prime_ok(rules[1], n[0]) for n in nodes):
            rules[1] = 0
        return super().select(ctx, nodes, full, units, ordered)

    def outcome(self, position: Position, winner: int) -> Outcome:
        if position.sides[1 - winner][0] or not self.gammons():
            return Outcome(winner, "single", 1)
        return Outcome(winner, "gammon", 2)

    def gammons(self) -> bool:
        return True

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1), ("gammon", 2)] if self.gammons() else [("single", 1)]


class Moultezim(Fevga):
    """§3.14: fevga with the starting table always closed to a full occupation; option
    ``moultezim_gammon`` (AMB-38): no double win."""

    key = "moultezim"
    names = {"en": "Moultezim"}
    link_tag = "mz"
    shared_network = "fevga"
    race_database = False
    blurred_intermediate = False
    option_specs = (
        Option(
            "moultezim_gammon",
            True,
            "bool",
            doc="2 points when the loser has borne off none; off: every win is 1 (AMB-38)",
        ),
        Option(
            "next_game_starter",
            "winner",
            choices=("winner", "opening_roll"),
            doc="who starts the next game (the previous winner)",
        ),
    ) + cube_options(False)

    def configure(self) -> None:
        self.start_table_rule = True

    def gammons(self) -> bool:
        gammon: bool = self.options["moultezim_gammon"]
        return gammon


GAMES = (Fevga, Moultezim)
