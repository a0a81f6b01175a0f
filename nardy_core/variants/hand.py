"""Helpers shared by the games whose checkers start in the hand (tawula, tourne-case).

``stuck_draw``: VARIANT_RULES.md AMB-45 — at the end of a turn, when neither side can play a
single unit with any die value, the game ends at once as a draw (0 : 0). Each side's ability to
move is asked of the game's own ``unit_moves`` on that side's frame, as its next turn would
start (the generator's successor function, not a full search).
"""

from __future__ import annotations

from ..engine.frame import to_frame
from ..engine.variant import Outcome


def can_ever_move(variant, position, colour) -> bool:
    seen = position.replace(turn=colour, dice=None, pending=())
    frame = to_frame(seen, variant.cross)
    ctx = variant.turn_context(seen, frame)
    t = variant.initial_turn_state(ctx)
    return any(variant.unit_moves(ctx, frame, t, d, 26) for d in range(1, 7))


def stuck_draw(variant, position):
    """An ``Outcome`` draw when neither side can ever move again, else None."""
    if any(can_ever_move(variant, position, colour) for colour in (position.turn,
                                                                   1 - position.turn)):
        return None
    return Outcome(None, "draw", 0)
