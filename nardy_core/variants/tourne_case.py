"""Tourne-case (VARIANT_RULES.md §3.2): three checkers a side, each on its own 12-point row.

Numbering (geometry ROWS12, ``geometry.py``): a side's row is its own points 12 … 1, so that
checkers move to lower numbers as in every other game; the spec's row point ``k`` is own point
``13 - k`` (``point_labels``), the home point ``k = 12`` is own 1. The other row is the side's own
13-24, which it never uses; the opponent's checker facing the mover's point p sits on the mover's
25 - p in the frame (both ``tourne_rows`` choices: the option only picks the geometry).

- entry (hand and bar) with die d: onto own ``13 - d`` (row point d) when it is empty and no own
  checker stands between it and the start of the row (HAND_ORDERED);
- a move: no overshoot past the home point (option ``tourne_overshoot``), no passing an own
  checker, landing on an empty point or on the home point (ROW_OWN);
- a unit that ends on a point other than home hits the facing opposing checker to its bar (ACROSS);
- bar first; doubles are one unit (X1); option ``tourne_dice = LOWER``: only the lower die;
- no bearing off: the game is won when all three stand on the home point; the loser pays 1 when
  all three of his checkers are on his row, else 2 (AMB-08). AMB-45 deadlock: a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..engine.errors import PositionError
from ..engine.frame import F_BAR, F_HAND, F_OBAR, F_OPP, ONE, SH, slot_mask
from ..engine.geometry import ROWS12, ROWS12_CONTRARY, cross_table
from ..engine.options import Option
from ..engine.position import BAR, HAND
from ..engine.variant import NO_BEAR_OFF, REROLL, X1, Outcome, Variant
from .stuck import stuck_draw

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Successor, TurnContext

HOME = 1  # own point of row point 12
ROW_LEN = 12
HIT = (0,) + tuple(ONE[F_OBAR] - ONE[F_OPP + 25 - p] for p in range(1, 25))  # facing p -> bar
BETWEEN = [[slot_mask(lo, hi) if lo <= hi else 0 for hi in range(27)] for lo in range(27)]
PARALLEL_ROWS, CONTRARY_ROWS = "PARALLEL", "CONTRARY"
BOTH, LOWER = "BOTH", "LOWER"


class TourneCase(Variant):
    key = "tourne_case"
    names = {"en": "Tourne-case"}
    link_tag = "tc"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "historical"
    geometry = ROWS12
    track_length = ROW_LEN
    checkers = 3
    setup_points = {}
    setup_hand = 3
    doubles = X1
    hit_mode = "across"
    bear_off = NO_BEAR_OFF
    steps_commute = False  # entry order and passing make the order of steps matter
    opening = REROLL
    outcome_kinds = ("single", "double", "draw")
    point_labels = (0,) + tuple(13 - p if p <= ROW_LEN else None for p in range(1, 25))
    # add new options at the end only (link codes number them by place)
    option_specs = (
        Option(
            "tourne_rows",
            PARALLEL_ROWS,
            choices=(PARALLEL_ROWS, CONTRARY_ROWS),
            doc="AMB-06: own row point k faces the opponent's k, or his 13 - k",
        ),
        Option(
            "tourne_dice",
            BOTH,
            choices=(BOTH, LOWER),
            doc="AMB-07: both dice (a double once), or only the lower die",
        ),
        Option(
            "tourne_overshoot",
            False,
            "bool",
            doc="AMB-10: a larger die may carry a checker onto the home point",
        ),
        Option(
            "next_game_starter",
            "opening_roll",
            choices=("opening_roll", "winner"),
            doc="AMB-04: who starts the next game of a match",
        ),
    )

    def configure(self) -> None:
        rows = self.options["tourne_rows"]
        self.geometry = ROWS12 if rows == PARALLEL_ROWS else ROWS12_CONTRARY
        self.cross = cross_table(self.geometry)
        self.lower_only = self.options["tourne_dice"] == LOWER
        self.overshoot = self.options["tourne_overshoot"]
        # landing on p hits the facing checker unless p is the home point or faces the
        # opponent's (contrary rows: row point 1 faces it); home checkers are never hit
        self._hits_on = tuple(HOME < p <= ROW_LEN and self.cross[25 - p] != HOME for p in range(25))

    # --- positions ------------------------------------------------------------------------
    def validate(self, position: Position) -> None:
        super().validate(position)
        for colour in (0, 1):
            side = position.sides[colour]
            name = ("white", "black")[colour]
            if any(side[ROW_LEN + 1 : 25]) or side[0]:
                raise PositionError(
                    f"{name} has checkers off his row (tourne-case has row "
                    "points 1-12 and no bearing off)",
                    code="off_row",
                    colour=name,
                )
        white, black = position.sides
        for p in range(HOME + 1, ROW_LEN + 1):  # two facing checkers: one would have hit
            facing = self.cross[25 - p]  # black's own point facing white's p
            if facing != HOME and white[p] and black[facing]:
                raise PositionError(
                    f"white's row point {13 - p} faces a black checker",
                    code="facing",
                    colour="white",
                    point=13 - p,
                )

    def points_may_be_shared(self, position: Position, white_point: int) -> bool:
        return False

    # --- move generation ------------------------------------------------------------------
    def units(self, position: Position) -> tuple[tuple[int, ...], bool]:
        dice = cast("tuple[int, ...]", position.dice)  # asked of a rolled position
        if self.lower_only:
            return (min(dice),), False
        return super().units(position)

    def finished(self, s: int) -> bool:
        return (s >> SH[HOME]) & 15 == self.checkers

    def _land(self, s: int, src: int, dst: int, d: int, t: int) -> Successor:
        if self._hits_on[dst] and (s >> SH[F_OPP + 25 - dst]) & 15:
            return (s + ONE[dst] + HIT[dst], t, (src, dst, d, True))
        return (s + ONE[dst], t, (src, dst, d, False))

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        out: list[Successor] = []
        for source in (F_BAR, F_HAND):
            if (s >> SH[source]) & 15:
                dst = ROW_LEN + 1 - d
                # the entry point empty and no own checker nearer the start of the row
                if not s & BETWEEN[dst][ROW_LEN]:
                    out.append(self._land(s - ONE[source], source, dst, d, t))
                if source == F_BAR:
                    return out  # bar first
        for src in range(HOME + 1, ROW_LEN + 1):
            if not (s >> SH[src]) & 15:
                continue
            dst = src - d
            if dst < HOME:
                if not self.overshoot:
                    continue
                dst = HOME
            if s & BETWEEN[dst + 1][src - 1]:
                continue  # no passing an own checker
            if dst != HOME and (s >> SH[dst]) & 15:
                continue  # one checker a point, except the home point
            out.append(self._land(s - ONE[src], src, dst, d, t))
        return out

    # --- results --------------------------------------------------------------------------
    def may_end(self, frame: int) -> bool:
        return (
            (frame >> SH[HOME]) & 15 == self.checkers
            or bool((frame >> SH[F_BAR]) & 15)
            or bool((frame >> SH[F_OBAR]) & 15)
        )

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        mover = after.turn
        if after.sides[mover][HOME] == self.checkers:
            return self.outcome(after, mover), None
        if after.sides[0][BAR] or after.sides[1][BAR]:
            draw = stuck_draw(self, after)
            if draw is not None:
                return draw, None
        return None, after.replace(turn=1 - mover)

    def outcome(self, position: Position, winner: int) -> Outcome:
        loser = position.sides[1 - winner]
        if loser[BAR] or loser[HAND]:
            return Outcome(winner, "double", 2)
        return Outcome(winner, "single", 1)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1), ("double", 2)]
