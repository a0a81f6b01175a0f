"""Caucasian nardy (CORE_RULES.md section 4): short nardy without "hit and hide" at home.

A checker that hits on the mover's own points 1-6 is *exposed* for the rest of the turn. The
turn state is a bit mask of the points where an exposed checker stands; rules 2-4 of 4.2 act on
the successors the backgammon step generator produces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.frame import SH
from ..engine.options import Option
from .short import ShortNardy

if TYPE_CHECKING:
    from ..engine.variant import Successor, TurnContext

NO_HIDE, STAY, NO_HIT, NONE = "no_hide", "stay", "no_hit", "none"


class CaucasianNardy(ShortNardy):
    key = "caucasian"
    names = {"en": "Caucasian nardy"}
    link_tag = "c"
    shared_network = "short"
    race_database = True
    blurred_intermediate = True
    has_turn_constraint = True
    steps_commute = False  # which checker hit first decides who is exposed
    option_specs = ShortNardy.option_specs + (
        Option("caucasian_hit_rule", NO_HIDE, choices=(NO_HIDE, STAY, NO_HIT, NONE)),
    )

    def configure(self) -> None:
        self.hit_rule = self.options["caucasian_hit_rule"]
        self.has_turn_constraint = self.hit_rule in (NO_HIDE, STAY)

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        base = super().unit_moves(ctx, s, t, d, limit)
        rule = self.hit_rule
        if rule == NONE:
            return base
        if rule == NO_HIT:
            return [m for m in base if not (m[2][3] and m[2][1] <= 6 and m[2][0] <= 24)]
        out: list[Successor] = []
        for s2, _, step in base:
            here = (s >> SH[step[0]]) & 15
            src, dst, die, hit = step
            home_hit = hit and dst <= 6 and src <= 24
            src_bit = 1 << src if src <= 24 else 0
            if t & src_bit:
                # an exposed checker stands on src; the count there includes it
                if here > 1:  # a plain checker may move instead (4.2 rule 4: branch on both)
                    out.append((s2, (t | (1 << dst)) if home_hit else t, step))
                if rule == STAY and dst != 0:
                    continue
                if dst and (s >> SH[dst]) & 15:
                    continue  # rule 2: the exposed checker may not join own checkers
                t2 = t & ~src_bit
                if dst:
                    t2 |= 1 << dst
                out.append((s2, t2, step + ("exposed",)))
            else:
                out.append((s2, (t | (1 << dst)) if home_hit else t, step))
        return out

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        # rule 3: at the end of the turn no other own checker shares an exposed checker's point
        while t:
            low = t & -t
            point = low.bit_length() - 1
            if (s >> SH[point]) & 15 > 1:
                return False
            t ^= low
        return True
