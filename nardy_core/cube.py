"""The doubling cube (CORE_RULES.md 3.7-3.8): state and the rules of who may double."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CubeState:
    """``owner``: None = centred, else the colour that owns it. ``offered_by``: the colour whose
    double awaits an answer (the cube shows the value before the double until it is taken)."""

    value: int = 1
    owner: int | None = None
    offered_by: int | None = None

    def may_double(self, colour: int) -> bool:
        return self.offered_by is None and (self.owner is None or self.owner == colour)

    def taken(self, taker: int, beaver: bool = False) -> "CubeState":
        return CubeState(self.value * (4 if beaver else 2), taker, None)

    def offer(self, colour: int) -> "CubeState":
        return CubeState(self.value, self.owner, colour)
