"""Match and money-session state (CORE_RULES.md 2.7.6, 3.9)."""

from __future__ import annotations

from dataclasses import dataclass

PRE_CRAWFORD, CRAWFORD, POST_CRAWFORD = "pre", "crawford", "post"


@dataclass(frozen=True)
class MatchScore:
    """The score as the current game sees it: by colour, with the match length (0 = money) and
    where the match stands with respect to the Crawford game."""

    length: int = 0
    score: tuple = (0, 0)          # (white, black)
    crawford: str = PRE_CRAWFORD   # pre | crawford (this game is it) | post

    @property
    def is_money(self) -> bool:
        return self.length == 0
