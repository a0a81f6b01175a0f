"""Gioul and gul bara (VARIANT_RULES.md §3.10, §3.15): the two games with escalating doubles.

The escalation itself (§4) is ``EscalationMixin``, the one home both games use:

* ``escalates`` / ``split``: a double d-d is the list d×4, (d+1)×4, …, 6×4 (gul bara: only from
  the roller's fourth two-dice turn on, ``grace_turns``; ``Position.turn_number`` counts them);
* the block-wise maximal rule (AMB-43) makes each block of four a play of its own: the choice
  in one block never depends on the later ones, so ``units`` gives the current block, and
  ``Position.pending`` holds the rest (``dice`` stays set while the roller's own list goes on);
  the ordinary "most units" rule then maximises the block. Option
  ``escalation_lookahead=FULL`` makes the whole list one play instead;
* ``follow_up``: who plays next: the same side with the next block; when the roller stops
  short, gioul hands what is left to the opponent (``pending`` without dice), who plays it with
  his own checkers by the same rules before rolling, and gul bara forfeits it. The opponent's
  share is not a turn of his (no turn count) and what he cannot play of it is void (AMB-26);
* ``select``: gul bara's TURN rule is judged where the whole list ends (§4): a play of a whole
  block meets it when some continuation through the rest, a shorter one included, does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..engine.errors import PositionError
from ..engine.geometry import CONTRARY, PARALLEL
from ..engine.options import Option
from ..engine.variant import HIT_NONE, NO_BEAR_OFF, REROLL, Outcome, Variant
from .common import cube_options
from .escalate_bound import ListBound
from .fevga import Fevga
from .stuck import StuckDrawMixin

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ..engine.position import Position
    from ..engine.variant import Node, StepTuple, TurnContext, UnitBound

    _Base = Variant
else:
    _Base = object

TRANSFER, FORFEIT = "transfer", "forfeit"


def escalation_list(d: int) -> tuple[int, ...]:
    """d×4, (d+1)×4, …, 6×4."""
    return tuple(v for v in range(d, 7) for _ in range(4))


class EscalationMixin(_Base):
    on_fail = FORFEIT
    grace_turns = 0  # each player's first turns whose doubles are ordinary (X4)
    one_play_per_roll = False  # a list is played block by block, a transferred one by the other

    def escalates(self, position: Position) -> bool:
        """A fresh roll that starts an escalating list (not its continuation)."""
        dice = position.dice
        return (
            not position.pending
            and dice is not None
            and dice[0] == dice[1]
            and position.turn_number[position.turn] >= self.grace_turns
        )

    def _full(self) -> bool:
        lookahead: str = self.options["escalation_lookahead"]
        return lookahead == "FULL"

    def split(self, position: Position) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
        """(units of this play, units after it). With the block-wise rule each block is a play
        of its own: the choice in one block never depends on the later ones, and the
        position where a block starts is all the next one needs (``Position.pending`` holds
        the rest; ``dice`` stays set while the roller's own list goes on). With
        ``escalation_lookahead=FULL`` the whole list is one play."""
        if position.pending:
            units = position.pending
        elif self.escalates(position):
            units = escalation_list(cast("tuple[int, ...]", position.dice)[0])  # escalates: rolled
        else:
            return None, ()
        if self._full():
            return units, ()
        k = 1
        while k < len(units) and units[k] == units[0]:
            k += 1
        return units[:k], units[k:]

    def validate_pending(self, pending: Sequence[int]) -> None:
        """What a list leaves: the tail of an escalating list (values rising, at most four of
        each, 24 units at most: 1-1's list), or a transferred roll's dice (at most two)."""
        rising = all(a <= b for a, b in zip(pending, pending[1:]))
        if (
            any(not 1 <= u <= 6 for u in pending)
            or len(pending) > 24
            or not (
                (rising and all(pending.count(v) <= 4 for v in set(pending)))
                or (len(pending) <= 2 and self.on_fail == TRANSFER)
            )
        ):
            raise PositionError(
                f"{list(pending)} is not what an escalating double or a transfer leaves to play",
                code="pending",
                pending=list(pending),
            )

    def units(self, position: Position) -> tuple[tuple[int, ...], bool]:
        block, _ = self.split(position)
        if block is None:
            return super().units(position)
        return block, True

    def units_after(self, position: Position) -> tuple[int, ...]:
        block, rest = self.split(position)
        return rest if block is not None else ()

    def turn_context(self, position: Position, frame: int) -> TurnContext:
        ctx = super().turn_context(position, frame)
        ctx.data = self.split(position)[1]  # the rest of the list after this play
        return ctx

    def follow_up(
        self, before: Position, steps: tuple[StepTuple, ...], following: Position
    ) -> Position:
        block, rest = self.split(before)
        mover = before.turn
        own = not before.pending or before.dice is not None  # the roller's list, no transfer
        left: list[int] | tuple[int, ...]
        if block is None:
            if self.on_fail == TRANSFER and self.options.values.get("transfer_all_rolls"):
                # AMB-46: the higher die first (no list and nothing pending: a rolled turn)
                left = sorted(cast("tuple[int, ...]", before.dice), reverse=True)
                for step in steps:
                    left.remove(step[2])
                if left:
                    return following.replace(pending=tuple(left))
            return following
        left = block[len(steps) :] + rest
        if not left:
            return following.replace(turn=1 - mover if own else mover, dice=None, pending=())
        if len(steps) == len(block):  # the block is played: the next one, same side
            return following.replace(turn=mover, dice=before.dice if own else None, pending=left)
        if own and self.on_fail == TRANSFER:  # gioul: the opponent plays the rest for himself
            return following.replace(turn=1 - mover, dice=None, pending=left)
        # forfeited (gul bara), or what the receiver of a transfer cannot play is void: the
        # side whose roll comes next rolls
        return following.replace(turn=1 - mover if own else mover, dice=None, pending=())

    def select(
        self,
        ctx: TurnContext,
        nodes: Iterable[Node],
        full: list[Node],
        units: tuple[int, ...],
        ordered: bool,
    ) -> list[Node]:
        if not self.has_turn_constraint or not ctx.data or not ordered:
            return super().select(ctx, nodes, full, units, ordered)
        # the TURN rule is judged where the whole list ends (§4): a play of this block that
        # uses it all is a candidate when some continuation through the rest, a shorter one
        # included, meets the rule
        rest: tuple[int, ...] = ctx.data
        memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}

        def ok(n: Node) -> bool:
            s, t, rem = n
            if rem:
                return self.turn_ok(ctx, s, t)
            return self._can_meet(ctx, s, t, rest, memo)

        cands = [n for n in nodes if ok(n)] or list(nodes)  # AMB-44: waived if none can
        fewest = min(len(n[2]) for n in cands)
        return [n for n in cands if len(n[2]) == fewest]

    def selects_by_units(self, ctx: TurnContext, ordered: bool) -> bool:
        return not (self.has_turn_constraint and ctx.data and ordered)

    def unit_bound(self, ctx: TurnContext) -> UnitBound | None:
        return ListBound(ctx.closed, self.bear_off != NO_BEAR_OFF)

    def _can_meet(
        self,
        ctx: TurnContext,
        s: int,
        t: int,
        rest: tuple[int, ...],
        memo: dict[tuple[int, int, tuple[int, ...]], bool],
    ) -> bool:
        key = (s, t, rest)
        if key not in memo:
            memo[key] = self.turn_ok(ctx, s, t) or (
                bool(rest)
                and not self.finished(s)
                and any(
                    self._can_meet(ctx, s2, t2, rest[1:], memo)
                    for s2, t2, _ in self.unit_moves(ctx, s, t, rest[0], 26)
                )
            )
        return memo[key]


class _EscalatingGame(EscalationMixin, StuckDrawMixin, Variant):
    group = "tavli"
    setup_points = {24: 15}
    block_min = 1
    hit_mode = HIT_NONE
    opening = REROLL
    outcome_kinds = ("single", "gammon", "draw")

    def outcome(self, position: Position, winner: int) -> Outcome:
        if position.sides[1 - winner][0]:
            return Outcome(winner, "single", 1)
        return Outcome(winner, "gammon", 2)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1), ("gammon", 2)]


_LOOKAHEAD = Option(
    "escalation_lookahead",
    "BLOCK",
    choices=("BLOCK", "FULL"),
    doc="maximal usage per block of four, or over the whole list (AMB-43)",
)
_NEXT = Option(
    "next_game_starter",
    "winner",
    choices=("winner", "opening_roll"),
    doc="who starts the next game (the previous winner)",
)


class Gioul(_EscalatingGame):
    key = "gioul"
    names = {"en": "Gioul"}
    link_tag = "gi"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    geometry = CONTRARY
    on_fail = TRANSFER
    option_specs = (
        Option(
            "transfer_all_rolls",
            False,
            "bool",
            doc="an unplayable die of any roll passes to the opponent, not only the rest "
            "of a double's list (AMB-26, AMB-46)",
        ),
        _LOOKAHEAD,
        _NEXT,
    ) + cube_options(False)


class GulBara(_EscalatingGame):
    key = "gul_bara"
    names = {"en": "Gul bara"}
    link_tag = "gb"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    geometry = PARALLEL
    on_fail = FORFEIT
    grace_turns = 3
    has_turn_constraint = True
    option_specs = (_LOOKAHEAD, _NEXT) + cube_options(False)

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        return Fevga._table_ok(s)  # START_TABLE_NOT_FULL, as fevga


GAMES = (Gioul, GulBara)
