"""The stuck-game draw (VARIANT_RULES.md AMB-45), one statement for every game that has it.

At the end of a turn, when neither side can play a single unit with any die value, the game
ends at once as a draw (0 : 0). Each side's ability to move is asked of the game's own
``unit_moves`` on that side's frame, as its next turn would start (the generator's successor
function, not a full search). The referees state the rule again on their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..engine.frame import to_frame
from ..engine.variant import Outcome

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Variant

    _Base = Variant
else:
    _Base = object

DRAW = "draw"


def can_ever_move(variant: Variant, position: Position, colour: int) -> bool:
    """Whether ``colour`` could play a single unit with some die value."""
    seen = position.replace(turn=colour, dice=None, pending=())
    frame = to_frame(seen, variant.cross)
    ctx = variant.turn_context(seen, frame)
    t = variant.initial_turn_state(ctx)
    return any(variant.unit_moves(ctx, frame, t, d, 26) for d in range(6, 0, -1))


def stuck_draw(variant: Variant, position: Position) -> Outcome | None:
    """The draw ``Outcome`` when neither side can ever move again from ``position``, else
    None."""
    if any(
        can_ever_move(variant, position, colour) for colour in (position.turn, 1 - position.turn)
    ):
        return None
    return Outcome(None, DRAW, 0)


class StuckDrawMixin(_Base):
    """A game that ends drawn when it is stuck (for games whose ``end_of_turn`` is the
    base one)."""

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        outcome, following = super().end_of_turn(before, after)
        if outcome is None:
            draw = stuck_draw(self, cast("Position", following))  # no outcome: a next position
            if draw is not None:
                return draw, None
        return outcome, following
