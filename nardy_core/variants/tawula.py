"""Tawula (VARIANT_RULES.md §3.11): long-nardy geometry, backgammon hitting, thirteen checkers
that start in the hand.

- HAND_OPTIONAL entry: with die d a hand checker enters on own ``25 - d`` (option
  ``tawula_entry = FALKENER``: ``24 - d``), a bar checker on ``25 - d``; a point holding any own
  checker or two opposing ones is closed to entering; a single opposing checker is hit. Bar
  checkers enter before anything else, hand checkers only if the player wants to.
- the initial pair on own 24 is locked while the hand is not empty (AMB-32: the lock lifts at
  once, ``tawula_lock_lift = NEXT_TURN``: from the next turn);
- TAWULA_FAR_CAP (a UNIT constraint, in ``unit_moves``): at most 2 (``tawula_far_cap``) own
  checkers on a far-side point 24-14; own 13, the Head, is unlimited (``tawula_head = 19``: own
  19 instead);
- TAWULA_OPEN_AFTER_HIT (a TURN constraint, ``turn_ok``): after a hit in the opponent's starting
  table (own 12-7) a point of that table stays enterable for him (``tawula_open_rule = NARROW``:
  no point where the mover hit is made). The turn state is the mask of those hit points;
- score 1; capote 7 at the end of the scorer's turn (AMB-31, ``tawula_capote``); AMB-45 draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.frame import F_BAR, F_HAND, F_OPP, ONE, SH
from ..engine.geometry import PARALLEL
from ..engine.options import Option
from ..engine.position import BAR, HAND, OFF
from ..engine.variant import HIT, USE_DICE, Outcome, Variant
from .stuck import stuck_draw

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Successor, TurnContext

SRC, FALKENER = "SRC", "FALKENER"
BROAD, NARROW = "BROAD", "NARROW"
AT_LEAST_ONE, EXACTLY_ONE = "AT_LEAST_ONE", "EXACTLY_ONE"
MID_TURN, NEXT_TURN = "MID_TURN", "NEXT_TURN"
OPP_START = range(7, 13)  # the opponent's starting table (his 24-19) on the mover's points
HEAD_PAIR = 24


class Tawula(Variant):
    key = "tawula"
    names = {"en": "Tawula"}
    link_tag = "tw"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "historical"
    geometry = PARALLEL
    setup_points = {24: 2}
    setup_hand = 13
    block_min = 2
    has_turn_constraint = True
    steps_commute = False  # the far-side cap and the pair lock depend on the order
    opening = USE_DICE
    outcome_kinds = ("single", "capote", "draw")
    # add new options at the end only (link codes number them by place)
    option_specs = (
        Option(
            "tawula_entry",
            SRC,
            choices=(SRC, FALKENER),
            doc="AMB-27: a hand checker enters with d on own 25-d, or 24-d (Falkener)",
        ),
        Option(
            "tawula_far_cap",
            2,
            choices=(2, 1),
            doc="AMB-28: most own checkers on one far-side point",
        ),
        Option("tawula_head", 13, choices=(13, 19), doc="AMB-29: the unlimited far-side point"),
        Option(
            "tawula_open_rule",
            BROAD,
            choices=(BROAD, NARROW),
            doc="AMB-30: after a hit in the opponent's starting table a point stays open"
            " (BROAD) or the hit point is not made (NARROW)",
        ),
        Option(
            "tawula_capote",
            AT_LEAST_ONE,
            choices=(AT_LEAST_ONE, EXACTLY_ONE),
            doc="AMB-31: capote with one or more checkers off, or exactly one",
        ),
        Option(
            "tawula_lock_lift",
            MID_TURN,
            choices=(MID_TURN, NEXT_TURN),
            doc="AMB-32: the initial pair is free as soon as the hand is empty, or from the"
            " next turn",
        ),
        Option(
            "next_game_starter",
            "opening_roll",
            choices=("opening_roll", "winner"),
            doc="AMB-33: who starts the next game of a match",
        ),
    )

    def configure(self) -> None:
        values = self.options.values
        self.hand_base = 25 if values["tawula_entry"] == SRC else 24
        self.cap = values["tawula_far_cap"]
        head = values["tawula_head"]
        self.capped = frozenset(p for p in range(13, 25) if p != head)  # the far side
        self.narrow = values["tawula_open_rule"] == NARROW
        self.exactly_one = values["tawula_capote"] == EXACTLY_ONE
        self.lock_next_turn = values["tawula_lock_lift"] == NEXT_TURN

    # --- move generation ------------------------------------------------------------------
    def turn_context(self, position: Position, frame: int) -> TurnContext:
        ctx = super().turn_context(position, frame)
        ctx.data = position.sides[position.turn][HAND]  # hand at the start of the turn
        return ctx

    def _enter(self, s: int, t: int, source: int, dst: int, d: int) -> Successor | None:
        """Entering from ``source`` onto ``dst``: None when closed (own checker, two opposing)."""
        if (s >> SH[dst]) & 15:
            return None
        theirs = (s >> SH[F_OPP + dst]) & 15
        if theirs >= 2:
            return None
        s2 = s - ONE[source] + ONE[dst]
        if theirs:
            return (s2 + HIT[dst], self._hit_state(t, dst), (source, dst, d, True))
        return (s2, t, (source, dst, d, False))

    @staticmethod
    def _hit_state(t: int, dst: int) -> int:
        return t | (1 << dst) if dst in OPP_START else t

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        if (s >> SH[F_BAR]) & 15:
            move = self._enter(s, t, F_BAR, 25 - d, d)
            return [move] if move else []
        out: list[Successor] = []
        hand = (s >> SH[F_HAND]) & 15
        if hand:
            move = self._enter(s, t, F_HAND, self.hand_base - d, d)
            if move:
                out.append(move)
        locked = ctx.data if self.lock_next_turn else hand
        capped, cap = self.capped, self.cap
        for s2, t2, step in super().unit_moves(ctx, s, t, d, limit):
            src, dst, _, hit = step
            if src == HEAD_PAIR and locked:
                continue
            if dst in capped and (s2 >> SH[dst]) & 15 > cap:
                continue
            out.append((s2, self._hit_state(t2, dst) if hit else t2, step))
        return out

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        if not t:
            return True
        if self.narrow:
            return all((s >> SH[p]) & 15 < 2 for p in OPP_START if t >> p & 1)
        return any(not (s >> SH[F_OPP + p]) & 15 and (s >> SH[p]) & 15 < 2 for p in OPP_START)

    # --- results --------------------------------------------------------------------------
    def may_end(self, frame: int) -> bool:
        return True  # capote and the AMB-45 deadlock are judged by end_of_turn

    def capote(self, position: Position, winner: int) -> bool:
        me, opp = position.sides[winner], position.sides[1 - winner]
        if not me[OFF] or (self.exactly_one and me[OFF] != 1):
            return False
        if me[BAR] or me[HAND] or any(me[7:25]):
            return False
        return opp[BAR] == 1 and not opp[HAND] and not any(opp[7:25])

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        mover = after.turn
        if self.capote(after, mover):
            return Outcome(mover, "capote", 7), None
        if after.sides[mover][OFF] == self.checkers:
            return self.outcome(after, mover), None
        draw = stuck_draw(self, after)
        if draw is not None:
            return draw, None
        return None, after.replace(turn=1 - mover)

    def outcome(self, position: Position, winner: int) -> Outcome:
        if self.capote(position, winner):
            return Outcome(winner, "capote", 7)
        return Outcome(winner, "single", 1)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1), ("capote", 7)]
