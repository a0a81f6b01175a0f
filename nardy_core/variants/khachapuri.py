"""Khachapuri (VARIANT_RULES.md §3.8): long nardy from another setup, {24:4, 6:11} each, with
no head limit, the long-nardy six-block rule, difference scoring and the Greek opening.

Everything that moves checkers is long nardy's (the default ``unit_moves`` with BLOCK1 and no
hitting; ``SixBlockMixin`` for LN6BLOCK, AMB-24). What differs is declared here: no
``head_limit`` (any number may leave the head, so the first-turn exception is moot), the
opening (REROLL, the colour not decided by the lot, the previous winner starts) and the score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.geometry import PARALLEL
from ..engine.options import Option
from ..engine.position import OFF
from ..engine.variant import HIT_NONE, REROLL, Outcome, Variant
from .common import cube_options
from .long import LONG_OPTIONS, SixBlockMixin
from .stuck import StuckDrawMixin

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import TurnContext

DIFF, LN = "DIFF", "LN"
_BLOCK_OPTIONS = tuple(o for o in LONG_OPTIONS if o.key in ("block_rule", "block_check"))


class Khachapuri(StuckDrawMixin, SixBlockMixin, Variant):
    key = "khachapuri"
    names = {"en": "Khachapuri"}
    link_tag = "kh"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "nardy"
    geometry = PARALLEL
    setup_points = {24: 4, 6: 11}
    block_min = 1
    hit_mode = HIT_NONE
    opening = REROLL
    outcome_kinds: tuple[str, ...] = ("difference", "oin", "mars", "draw")
    option_specs = (
        (
            Option(
                "KHACH_SCORE",
                DIFF,
                choices=(DIFF, LN),
                doc="the winner scores 15 minus the loser's borne-off checkers, or long "
                "nardy's oin 1 / mars 2 (AMB-23)",
            ),
        )
        + _BLOCK_OPTIONS
        + (
            Option(
                "next_game_starter",
                "winner",
                choices=("winner", "opening_roll"),
                doc="who starts the next game (the previous winner, [bkgm rgb])",
            ),
        )
        + cube_options(False)
    )

    def configure(self) -> None:
        self.configure_six_block()
        self.difference = self.options["KHACH_SCORE"] == DIFF
        if not self.difference:  # a dropped cube or a resignation is then an oin or a mars
            self.outcome_kinds = ("oin", "mars", "draw")

    def turn_context(self, position: Position, frame: int) -> TurnContext:
        return self.block_context(position, super().turn_context(position, frame))

    def outcome(self, position: Position, winner: int) -> Outcome:
        loser_off = position.sides[1 - winner][OFF]
        if self.difference:
            return Outcome(winner, "difference", self.checkers - loser_off)
        if loser_off:
            return Outcome(winner, "oin", 1)
        return Outcome(winner, "mars", 2)

    def resign_levels(self) -> list[tuple[str, int]]:
        if self.difference:
            # the most a resignation can concede; what it is worth depends on the position
            # (resign_points)
            return [("difference", self.checkers)]
        return [("oin", 1), ("mars", 2)]

    def resign_points(self, position: Position, kind: str, resigner: int) -> int:
        if kind == "difference":
            # conceding the game as if the winner bore off his last checker now
            return self.checkers - position.sides[resigner][OFF]
        return super().resign_points(position, kind, resigner)

    def validate(self, position: Position) -> None:
        super().validate(position)
        self.validate_six_block(position)
