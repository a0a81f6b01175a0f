"""The doubling cube (CORE_RULES.md 3.7-3.8): state and the rules of who may double."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import MatchScore
    from .variant import Variant


@dataclass(frozen=True)
class CubeState:
    """``owner``: None = centred, else the colour that owns it. ``offered_by``: the colour whose
    double awaits an answer (the cube shows the value before the double until it is taken)."""

    value: int = 1
    owner: int | None = None
    offered_by: int | None = None

    def may_double(self, colour: int) -> bool:
        return self.offered_by is None and (self.owner is None or self.owner == colour)

    def taken(self, taker: int, beaver: bool = False) -> CubeState:
        return CubeState(self.value * (4 if beaver else 2), taker, None)

    def offer(self, colour: int) -> CubeState:
        return CubeState(self.value, self.owner, colour)


def within_limit(variant: Variant, value: int) -> bool:
    """Whether the cube may stand at ``value`` under the game's ``max_cube`` (0: no limit).
    Every path that raises the cube asks this: a double, a beaver (the taker's redouble at
    once, to four times the value) and each automatic double of a tied opening throw."""
    limit = variant.options.values.get("max_cube", 0)
    return not limit or value <= limit


def double_refusal(
    variant: Variant, cube: CubeState, match: MatchScore, colour: int, turns_done: Sequence[int]
) -> tuple[str, str] | None:
    """Why ``colour`` may not double now, as ``(code, message)``; None when the double is legal.

    ``turns_done``: (white, black) turns completed in this game, for the Holland rule."""
    options = variant.options.values
    if not variant.cube_enabled:
        return "cube_disabled", f"{variant.key} is being played without the doubling cube"
    if cube.offered_by is not None:
        return "double_pending", "a double is already waiting for an answer"
    if not cube.may_double(colour):
        return "cube_owned", "only the owner of the cube may redouble"
    if not within_limit(variant, cube.value * 2):
        return "max_cube", f"the cube may not go above {options['max_cube']}"
    if not match.is_money:
        if match.crawford == "crawford":
            return "crawford", "no doubling in the Crawford game"
        if match.crawford == "post" and options.get("holland") and min(turns_done) < 2:
            trailer = 0 if match.score[0] < match.score[1] else 1
            if match.score[0] != match.score[1] and colour == trailer:
                return "holland", "Holland rule: the trailer doubles only after two turns each"
    return None


def jacoby_applies(variant: Variant, cube: CubeState, match: MatchScore) -> bool:
    """Money play with the Jacoby rule and a cube never turned: gammons count as singles."""
    return match.is_money and bool(variant.options.values.get("jacoby")) and cube.value < 2
