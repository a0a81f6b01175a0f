"""The score a game is played at: the match length, the score by colour and where the match
stands with respect to the Crawford game (CORE_RULES.md 2.2, 3.9). ``Game`` keeps one;
``match.Match`` makes one for each game it starts."""

from __future__ import annotations

from dataclasses import dataclass

PRE_CRAWFORD, CRAWFORD, POST_CRAWFORD = "pre", "crawford", "post"
MAX_LENGTH = 999  # the longest match, in points: what the state notation and link codes write


@dataclass(frozen=True)
class MatchScore:
    """The score as the current game sees it: by colour, with the match length (0 = money) and
    where the match stands with respect to the Crawford game."""

    length: int = 0
    score: tuple[int, int] = (0, 0)  # (white, black); 0-0 in money play
    crawford: str = PRE_CRAWFORD  # pre | crawford (this game is it) | post

    @property
    def is_money(self) -> bool:
        return self.length == 0
