"""Plakoto (VARIANT_RULES.md §3.7; "tapa"): pinning instead of hitting, the mother checker.

Where it sits on the axes of §1:
- geometry CONTRARY, setup ``{24: 15}``, 2 dice, doubles X4, no head rule, no bar;
- landing PIN and hit mode PIN: ``unit_moves``. A checker landing on a single opposing checker
  pins it (the frame's ``F_PIN`` slot of that point becomes ``PIN_THEIRS``); a pinned checker
  (``PIN_MINE``) cannot move, and its point is closed to its owner; the pinner's side may pile
  on. The pin is released when the last pinning checker leaves. Every unit is a landing, so a
  touchdown during a combined move pins and releases too;
- bear-off STD, and while ``bear_off_requires_unpinned`` (AMB-21, default) none while an own
  checker is pinned;
- the mother-checker rule (AMB-20: after every unit): ``finished`` stops the search at a unit
  that pins both mothers (draw) or leaves the opponent's mother pinned with the mover's own
  24-point empty (the mover wins 2); units left then are void and count as unplayed for the
  maximal-usage rule (§0.3.6), so ``Variant.select`` needs no change. ``end_of_turn`` scores it;
- scoring 1 / 2 (no backgammon), mother pin 2, draw 0 : 0 (AMB-22, AMB-45); no cube by default;
- opening REROLL, next game by the previous winner (a draw: opening roll, AMB-22).

Pins are part of the frame (``frame.py``) and of ``Position.pins``; nothing outside this
module knows the rules above. Ending the game mid-turn depends on the order of units (12/9 then
24/18 wins, 24/18 first ends the turn after one unit), so ``steps_commute = False``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.errors import PositionError
from ..engine.frame import F_OPP, F_PIN, ONE, OUTSIDE, PIN_MINE, PIN_THEIRS, SH
from ..engine.geometry import CONTRARY
from ..engine.options import Option
from ..engine.position import BAR, BLACK, HAND, OFF, WHITE
from ..engine.variant import REROLL, STD, X4, Outcome, Variant
from .common import cube_options
from .stuck import stuck_draw

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Successor, TurnContext

SINGLE, GAMMON, MOTHER, DRAW = "single", "gammon", "mother", "draw"
PIN_MARK = "pin"  # Variant.hit_mode value of §1 (the victim stays where it is, pinned)

_PIN_SHIFT = tuple(SH[F_PIN + p] if p else 0 for p in range(25))
_OPP_SHIFT = tuple(SH[F_OPP + p] if p else 0 for p in range(25))
_THEIRS = tuple(PIN_THEIRS << _PIN_SHIFT[p] if p else 0 for p in range(25))
# any PIN_MINE on points 1-24 (PIN_MINE is 1, PIN_THEIRS 2: the low bit of a pin slot)
_ANY_MINE = sum(PIN_MINE << _PIN_SHIFT[p] for p in range(1, 25))


class Plakoto(Variant):
    key = "plakoto"
    names = {"en": "Plakoto"}
    link_tag = "pl"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    # its network's 0-ply ranking often puts the best play 5th or 6th (docs/strength.md, "Error
    # rate judged by rollouts"): the strong level looks at six within 0.3
    strong_search = (6, 0.3)
    group = "tavli"
    geometry = CONTRARY
    doubles = X4
    setup_points = {24: 15}
    block_min = 2
    hit_mode = PIN_MARK
    bear_off = STD
    steps_commute = False
    opening = REROLL
    outcome_kinds = (SINGLE, GAMMON, MOTHER, DRAW)
    # Link codes name options by their place in this list: add new ones at the end only.
    option_specs = (
        Option(
            "bear_off_requires_unpinned",
            True,
            "bool",
            doc="AMB-21: no bearing off while an own checker is pinned",
        ),
        Option(
            "next_game_starter",
            "winner",
            choices=("winner", "opening_roll"),
            doc="who starts the next game (the previous winner; after a draw the opening "
            "roll, AMB-22)",
        ),
    ) + cube_options(False)  # no cube by the rules (§2), an option as in portes

    def configure(self) -> None:
        self.unpinned_bear_off = bool(self.options["bear_off_requires_unpinned"])
        self.their_head = self.cross[24]  # the opponent's 24-point on the mover's numbers

    # --- positions -------------------------------------------------------------------------
    def validate(self, position: Position) -> None:
        super().validate(position)
        cross = self.cross
        for colour in (WHITE, BLACK):
            side, other = position.sides[colour], position.sides[1 - colour]
            name = ("white", "black")[colour]
            if side[BAR] or side[HAND]:
                raise PositionError(
                    f"{name} has checkers on the bar or in the hand, but "
                    "plakoto has neither (a checker is pinned, not hit)",
                    code="no_bar",
                    colour=name,
                )
            for p in position.pins[colour]:
                if not 1 <= p <= 24 or side[p] != 1 or not other[cross[p]]:
                    raise PositionError(
                        f"{name}'s checker on {p} is marked pinned, but a pinned point holds "
                        "exactly one of its checkers under opposing ones",
                        code="bad_pin",
                        colour=name,
                        point=p,
                    )
                if cross[p] in position.pins[1 - colour]:
                    raise PositionError(
                        f"both colours are marked pinned on {name}'s {p}",
                        code="bad_pin",
                        colour=name,
                        point=p,
                    )

    def points_may_be_shared(self, position: Position, white_point: int) -> bool:
        # only a pinned point holds both colours: one pinned checker under the other colour
        return (
            white_point in position.pins[WHITE] or self.cross[white_point] in position.pins[BLACK]
        )

    # --- units -----------------------------------------------------------------------------
    def turn_context(self, position: Position, frame: int) -> TurnContext:
        ctx = super().turn_context(position, frame)
        ctx.closed = 0  # landing depends on the pin states, judged per unit in unit_moves
        return ctx

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        out: list[Successor] = []
        append = out.append
        high = 24 if limit > 24 else limit
        for src in range(high, 0, -1):
            n = (s >> SH[src]) & 15
            if not n:
                continue
            pin_src = (s >> _PIN_SHIFT[src]) & 3
            if pin_src == PIN_MINE:
                continue  # a pinned checker cannot move
            dst = src - d
            if dst < 1:
                continue
            s2 = s - ONE[src] + ONE[dst]
            if pin_src == PIN_THEIRS and n == 1:
                s2 -= _THEIRS[src]  # the last pinner leaves: the pinned checker is free again
            pins = False
            if (s >> _OPP_SHIFT[dst]) & 15:
                pin_dst = (s >> _PIN_SHIFT[dst]) & 3
                if pin_dst == PIN_MINE:
                    continue  # own checker pinned there: the opponent owns the point
                if pin_dst != PIN_THEIRS:
                    if (s >> _OPP_SHIFT[dst]) & 15 >= 2:
                        continue  # a made point
                    s2 += _THEIRS[dst]  # a single opposing checker: pinned
                    pins = True
            append((s2, t, (src, dst, d, pins)))
        if s & OUTSIDE or (self.unpinned_bear_off and s & _ANY_MINE):
            return out
        # STD bear-off: from point d, or from the highest point when d is above it; a pinned
        # checker (possible only without bear_off_requires_unpinned) never leaves
        top = next((p for p in range(6, 0, -1) if (s >> SH[p]) & 15), 0)
        if not top:
            return out
        src = top if top < d else d
        if src > limit or not (s >> SH[src]) & 15 or (s >> _PIN_SHIFT[src]) & 3 == PIN_MINE:
            return out
        s2 = s - ONE[src] + 1
        if (s >> _PIN_SHIFT[src]) & 3 == PIN_THEIRS and (s >> SH[src]) & 15 == 1:
            s2 -= _THEIRS[src]
        append((s2, t, (src, 0, d, False)))
        return out

    # --- the end: fifteen off, or the mother checker (after every unit, AMB-20) -------------
    def finished(self, s: int) -> bool:
        if s & 15 == self.checkers:
            return True
        if (s >> _PIN_SHIFT[self.their_head]) & 3 != PIN_THEIRS:
            return False  # the opponent's mother is not pinned
        # both mothers pinned (draw), or the mover's own 24-point is empty (he wins)
        return (s >> _PIN_SHIFT[24]) & 3 == PIN_MINE or not (s >> SH[24]) & 15

    def may_end(self, frame: int) -> bool:
        return self.finished(frame)

    def mother_outcome(self, position: Position) -> Outcome | None:
        """The mother-checker rule (§3.7) on a position: draw, a 2-point win, or None.

        Read from the checkers alone: a side's own 24-point can only be reached by the other
        side, so one checker there with opposing ones on the same point is always a pinned
        mother (callers that rebuild a position from a frame need not carry the pins)."""
        head = self.cross[24]
        sides = position.sides
        pinned = [sides[c][24] == 1 and sides[1 - c][head] > 0 for c in (WHITE, BLACK)]
        if all(pinned):
            return Outcome(None, DRAW, 0)
        for colour in (WHITE, BLACK):
            if pinned[1 - colour] and not position.sides[colour][24]:
                return Outcome(colour, MOTHER, 2)
        return None

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        mover = after.turn
        if after.sides[mover][OFF] == self.checkers:
            return self.outcome(after, mover), None
        ended = self.mother_outcome(after)
        if ended is not None:
            return ended, None
        following = after.replace(turn=1 - mover)
        draw = stuck_draw(self, following)
        return (draw, None) if draw is not None else (None, following)

    def outcome(self, position: Position, winner: int) -> Outcome:
        if position.sides[1 - winner][OFF]:
            return Outcome(winner, SINGLE, 1)
        return Outcome(winner, GAMMON, 2)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [(SINGLE, 1), (GAMMON, 2)]
