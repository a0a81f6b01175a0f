"""Short nardy = backgammon (CORE_RULES.md section 3): the base of the hitting family."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.options import Option
from ..engine.variant import USE_DICE, Variant
from .common import cube_options

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Outcome


class ShortNardy(Variant):
    key = "short"
    names = {"en": "Short nardy (backgammon)"}
    link_tag = "s"
    shared_network = ""
    race_database = True
    blurred_intermediate = True
    group = "nardy"
    setup_points = {24: 2, 13: 5, 8: 3, 6: 5}
    opening = USE_DICE
    outcome_kinds: tuple[str, ...] = ("single", "gammon", "backgammon")
    option_specs = cube_options(True) + (
        Option("next_game_starter", "opening_roll", choices=("opening_roll", "winner")),
    )

    def outcome(self, position: Position, winner: int) -> Outcome:
        return self.gammon_outcome(position, winner)
