"""Long nardy (CORE_RULES.md section 2): no hitting, one checker blocks, the head rule and the
six-block rule. Khachapuri reuses the six-block machinery (``SixBlockMixin``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.errors import PositionError
from ..engine.frame import BOARD, SLOT_BITS, SLOT_SHIFT, occupied, ones, to_frame
from ..engine.geometry import PARALLEL
from ..engine.options import Option
from ..engine.position import BLACK, OFF, WHITE
from ..engine.variant import HIT_NONE, REROLL, Outcome, TurnContext, Variant
from .common import cube_options

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine.position import Position

    _Base = Variant
else:
    _Base = object

_FIRST_HALF = ones(1, 12)  # lowest bits of the mover's points 1-12
_HALF = 12 * SLOT_BITS  # twelve slots


class SixBlockMixin(_Base):
    """The six-block rule (2.5): six consecutive points along the opponent's path are legal
    only with an opposing checker ahead of them (``ahead``) or in its home (``opp_in_home``)."""

    block_rule: str
    block_check: str

    def configure_six_block(self) -> None:
        self.block_rule = self.options["block_rule"]
        self.block_check = self.options["block_check"]
        active = self.block_rule != "none"
        self.has_turn_constraint = active and self.block_check == "end_of_turn"
        self._unit_check = self._block_ok if active and self.block_check == "every_step" else None

    def block_context(self, position: Position, ctx: TurnContext) -> TurnContext:
        """Opponent facts that the check needs; opponents never move during the mover's turn."""
        opp = position.sides[1 - position.turn]
        ctx.data = (
            min((q for q in range(1, 25) if opp[q]), default=25),  # nearest opposing checker
            any(opp[1:7]),  # a checker in its home
        )
        return ctx

    def _block_ok(self, ctx: TurnContext, s: int) -> bool:
        occ = occupied(s & BOARD)
        # the mover's points in the opponent's order q = 1…24 (mover 13…24 are q 1…12), one
        # slot per q; windows of six never wrap around the ends of the opponent's path
        q = (occ >> _HALF) & _FIRST_HALF | (occ & _FIRST_HALF) << _HALF
        w = SLOT_BITS
        runs = q & q >> w & q >> 2 * w & q >> 3 * w & q >> 4 * w & q >> 5 * w
        if not runs or ctx.opp_off:
            return True
        # q where the first full window starts
        first = ((runs & -runs).bit_length() - 1) >> SLOT_SHIFT
        nearest: int
        in_home: bool
        nearest, in_home = ctx.data
        if self.block_rule == "ahead":
            return nearest < first  # an opposing checker already past every window
        return in_home

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        return self._block_ok(ctx, s)

    def validate_six_block(self, position: Position) -> None:
        if self.block_rule == "none":
            return
        for colour in (0, 1):
            seen = position.replace(turn=colour)
            ctx = self.block_context(seen, TurnContext(opp_off=seen.opponent[OFF]))
            if not self._block_ok(ctx, to_frame(seen, self.cross)):
                name = ("white", "black")[colour]
                raise PositionError(
                    f"{name} has a six-point block with no opposing checker ahead of it, "
                    "which the six-block rule never allows",
                    code="illegal_block",
                    colour=name,
                )


LONG_OPTIONS = (
    Option("first_move_dice", "reroll", choices=("reroll", "lot_dice")),
    Option("next_game_starter", "alternate", choices=("alternate", "winner", "lot")),
    Option(
        "head_exception",
        "head_obstacle",
        choices=("head_obstacle", "list", "any_blocked", "any_double", "none"),
    ),
    Option("head_exception_rolls", frozenset({3, 4, 6}), "dieset"),
    Option("block_rule", "ahead", choices=("ahead", "opp_in_home", "none")),
    Option("block_check", "end_of_turn", choices=("end_of_turn", "every_step")),
    Option("koks_rule", "none", choices=("none", "head", "start_quarter", "none_home")),
    Option("koks_points", 3, "int", minimum=1),
    Option("home_mars_points", 2, "int", minimum=1),
    Option("last_roll_draw", False, "bool"),
    Option("draw_points", "half", choices=("half", "one_each")),
    Option("draw_eval", "after_last_roll", choices=("after_last_roll", "at_white_finish")),
) + cube_options(False, automatic_doubles=False)


class LongNardy(SixBlockMixin, Variant):
    key = "long"
    names = {"en": "Long nardy"}
    link_tag = "l"
    shared_network = ""
    race_database = True
    blurred_intermediate = True
    group = "nardy"
    geometry = PARALLEL
    setup_points = {24: 15}
    block_min = 1
    hit_mode = HIT_NONE
    has_head_rule = True
    opening = REROLL
    lot_decides_colour = True
    outcome_kinds = ("oin", "mars", "koks", "home_mars")
    option_specs = LONG_OPTIONS

    def configure(self) -> None:
        self.configure_six_block()

    def turn_context(self, position: Position, frame: int) -> TurnContext:
        ctx = super().turn_context(position, frame)
        ctx.head_limit = self.head_limit(position)
        return self.block_context(position, ctx)

    def head_limit(self, position: Position) -> int:
        """Checkers that may leave the head this turn (2.4): 1, or 2 by the first-turn exception."""
        dice = position.dice
        if not (position.first_turn[position.turn] and dice and dice[0] == dice[1]):
            return 1
        mode = self.options["head_exception"]
        d = dice[0]
        opp = position.sides[1 - position.turn]
        cross = self.cross
        if mode == "any_double":
            return 2
        if mode == "any_blocked":
            # one head checker cannot play all four steps: an opposing checker on its path
            path: Sequence[int] = [24 - k * d for k in range(1, 5)]
            blocked = path[-1] <= 0 or any(opp[cross[p]] for p in path if p > 0)
            return 2 if blocked else 1
        if d not in self.options["head_exception_rolls"] or mode == "none":
            return 1
        if mode == "list":
            return 2
        # head_obstacle: the single head checker's four steps would land on point 12, where the
        # opponent's head stops it, and nothing above 12 stops it earlier (1-1 and 2-2 fall
        # short of 12 and 5-5 jumps over it: no exception is ever needed for them)
        if 12 % d or 12 // d > 4:
            return 1
        path = range(24 - d, 12, -d)
        return 1 if any(opp[cross[p]] for p in path) else 2

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        """2.7.4: with ``last_roll_draw`` White's finish gives Black one compensating turn."""
        if not self.options["last_roll_draw"]:
            return super().end_of_turn(before, after)
        n = self.checkers
        if after.last_roll:  # Black's compensating turn has just been played
            if after.sides[BLACK][OFF] == n:
                each = 0.5 if self.options["draw_points"] == "half" else 1
                # Outcome.points is an int everywhere else; only this draw scores 0.5 each
                return Outcome(None, "draw", each), None
            basis = after if self.options["draw_eval"] == "after_last_roll" else before
            return self.outcome(basis, WHITE), None
        if after.turn == WHITE and after.sides[WHITE][OFF] == n:
            return None, after.replace(turn=BLACK, last_roll=True)
        return super().end_of_turn(before, after)

    def resign_levels(self) -> list[tuple[str, int]]:
        levels = [("oin", 1), ("mars", 2)]
        if self.options["koks_rule"] != "none":
            levels.append(("koks", self.options["koks_points"]))
        return levels

    def outcome(self, position: Position, winner: int) -> Outcome:
        loser = position.sides[1 - winner]
        if loser[OFF]:
            return Outcome(winner, "oin", 1)
        rule = self.options["koks_rule"]
        if (
            (rule == "head" and loser[24])
            or (rule == "start_quarter" and any(loser[19:25]))
            or (rule == "none_home" and not any(loser[1:7]))
        ):
            return Outcome(winner, "koks", self.options["koks_points"])
        if sum(loser[1:7]) == self.checkers:
            return Outcome(winner, "home_mars", self.options["home_mars_points"])
        return Outcome(winner, "mars", 2)

    def validate(self, position: Position) -> None:
        super().validate(position)
        self.validate_six_block(position)
