"""Fayles (VARIANT_RULES.md §3.1): three dice, hits to the victim's own 24-point, sudden death.

Where it sits on the axes of §1:
- geometry CONTRARY, setup ``{24: 2, 6: 13}``, BLOCK2, STD bear-off; no cube by default (the
  cube options of every game, ``cube_enabled`` off, as in long nardy);
- dice 3, doubles NA3: ``dice_count = 3``; ``Variant.units`` gives three units for any roll
  (a 4-4-4 is three units of 4, FA-5);
- hit mode START_POINT and FAYLES_NO_HIT_IF_OWN1_MADE: ``unit_moves`` takes the backgammon
  step generator's successors and rewrites each hit (victim to its own 24-point, the chain);
- sudden death: ``select`` keeps only plays of all three units (or those that bear off the
  15th checker); when there is none it returns the unchanged position, and ``roll_outcome``
  tells ``Game`` that the roll has lost the game ("unplayable", 1 point).

The chain (§3.1 hitting, AMB-02, AMB-05): the victim goes to its own 24-point, which is the
mover's 1-point. If the mover then has exactly one checker there (his own blot, or the hitter
itself when the hit was on that point), that checker goes to the mover's own 24-point (the
victim's 1-point): illegal when two or more victim checkers hold it; a single one is displaced
to the victim's 24-point, where it stacks with its own colour. Hitting while the mover's own
1-point holds two or more of his checkers is illegal.

A hit can move one of the mover's checkers back to his 24-point, and bearing off from the
1-point can make a later hit legal, so the order of steps of different checkers matters:
``steps_commute = False``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.errors import PositionError
from ..engine.frame import F_OPP, ONE, SH
from ..engine.geometry import CONTRARY
from ..engine.options import Option
from ..engine.position import BAR, HAND
from ..engine.variant import NA3, REROLL, STD, Outcome, Variant
from .common import cube_options

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ..engine.movegen import Play
    from ..engine.position import Position
    from ..engine.variant import Node, Successor, TurnContext

CHAIN = "chain"  # step tag: this hit moved the mover's own blot to his 24-point (playnotation)
LEGAL, ILLEGAL = "LEGAL", "ILLEGAL"
SINGLE, UNPLAYABLE = "single", "unplayable"


class Fayles(Variant):
    key = "fayles"
    names = {"en": "Fayles"}
    link_tag = "fa"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "historical"
    geometry = CONTRARY
    dice_count = 3
    doubles = NA3
    setup_points = {24: 2, 6: 13}
    block_min = 2
    hit_mode = "start_point"
    bear_off = STD
    steps_commute = False
    opening = REROLL  # AMB-01: the lot winner rolls all three dice
    outcome_kinds = (SINGLE, UNPLAYABLE)
    # Link codes name options by their place in this list: add new ones at the end only.
    option_specs = (
        Option(
            "fayles_hit_on_own1",
            LEGAL,
            choices=(LEGAL, ILLEGAL),
            doc="AMB-05: hitting a blot on one's own 1-point (it comes back, the hitter "
            "goes to the far corner)",
        ),
        Option(
            "next_game_starter",
            "opening_roll",
            choices=("opening_roll", "winner"),
            doc="AMB-04: who starts the next game of a match",
        ),
    ) + cube_options(False, automatic_doubles=False)  # no cube by the rules (§2), as long nardy

    def configure(self) -> None:
        self.hit_own1 = self.options["fayles_hit_on_own1"] == LEGAL
        cross = self.cross
        self.victim_home = cross[24]  # the victim's 24-point, in the mover's numbering (1)
        self.far = 24  # the mover's own 24-point (the victim's cross[24])

    def validate(self, position: Position) -> None:
        super().validate(position)
        for colour in (0, 1):
            side = position.sides[colour]
            if side[BAR] or side[HAND]:
                name = ("white", "black")[colour]
                raise PositionError(
                    f"{name} has checkers on the bar or in the hand, but fayles "
                    "has neither (a hit checker goes to its 24-point)",
                    code="no_bar",
                    colour=name,
                )

    # --- units -----------------------------------------------------------------------------
    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        out = super().unit_moves(ctx, s, t, d, limit)
        v1 = self.victim_home
        if (s >> SH[F_OPP + v1]) & 15 >= 2 and not ctx.closed >> SH[v1] & 1:
            # victims sent there earlier this turn have closed the mover's 1-point (the base
            # generator takes closed points from the start of the turn)
            out = [m for m in out if m[2][1] != v1]
        if not any(m[2][3] for m in out):
            return out
        far = self.far
        own1 = (s >> SH[v1]) & 15
        result = []
        for m in out:
            step = m[2]
            if not step[3]:
                result.append(m)
                continue
            src, dst = step[0], step[1]
            if own1 >= 2:
                continue  # FAYLES_NO_HIT_IF_OWN1_MADE
            if dst == v1 and not self.hit_own1:
                continue  # option: no hit on one's own 1-point
            # the hitter lands, the victim goes to its own 24-point (the mover's v1)
            s2 = s - ONE[src] + ONE[dst] - ONE[F_OPP + dst] + ONE[F_OPP + v1]
            if (s2 >> SH[v1]) & 15 == 1:
                # the mover's single checker there is displaced to his own 24-point
                corner = (s2 >> SH[F_OPP + far]) & 15
                if corner >= 2:
                    continue  # AMB-02: the chain is blocked, so the hit is illegal
                s2 += ONE[far] - ONE[v1]
                if corner:
                    s2 += ONE[F_OPP + v1] - ONE[F_OPP + far]
                step = step + (CHAIN,)  # the notation then keeps the order of play
            result.append((s2, m[1], step))
        return result

    # --- the must-play rule: all three units, or lose --------------------------------------
    def select(
        self,
        ctx: TurnContext,
        nodes: Iterable[Node],
        full: list[Node],
        units: tuple[int, ...],
        ordered: bool,
    ) -> list[Node]:
        if full:
            return full
        # the 15th checker off ends the game: leftover units are void (the longest such plays)
        wins = [n for n in nodes if self.finished(n[0])]
        if wins:
            fewest = min(len(n[2]) for n in wins)
            return [n for n in wins if len(n[2]) == fewest]
        # no play of all three units: the position stays and the roll loses (roll_outcome)
        return [next(iter(nodes))]

    def roll_outcome(self, position: Position, plays: Sequence[Play]) -> Outcome | None:
        if position.pending or position.dice is None:
            return None
        need = len(position.dice)
        for play in plays:
            if len(play.steps) == need or self.finished(play.frame):
                return None
        return Outcome(1 - position.turn, UNPLAYABLE, 1)

    # --- results ---------------------------------------------------------------------------
    def outcome(self, position: Position, winner: int) -> Outcome:
        return Outcome(winner, SINGLE, 1)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [(SINGLE, 1)]
