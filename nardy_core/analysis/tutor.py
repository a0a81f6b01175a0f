"""The tutor: a person's play, cube decision or answer to a double judged *before* it is made
final, by the same analysis as the game review (``review.Review``), so that the page can warn
when it loses more than a chosen mark (``docs/review.md``, "Tutor").

    tutor = Tutor()
    verdict = tutor.judge(game_record(game), ["play", steps], threshold="error")
    if verdict["flag"]: ...  # "This play loses 0.084 (an error). The bot would play …"

The decision is judged exactly as the review will judge it afterwards: the game's record with
the decision added is reviewed, and only the decision's own item is analysed. A forced play
(one distinct result) is never flagged. Pure Python: it runs in the page's web worker.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import GameStateError
from ..formats.record import GameRecord
from .marks import MARKS

# the marks a tutor may warn from, mildest first, and the equity each starts at
TUTOR_MARKS = tuple(name for name, _, _ in reversed(MARKS))  # doubtful, error, blunder
THRESHOLDS = {name: threshold for name, _, threshold in MARKS}
DEFAULT_MARK = "error"
# what the person is about to do: a play, or a cube action
DECISIONS = ("play", "double", "no_double", "take", "drop", "beaver")


def tutor_mark(value: object) -> str | None:
    """A tutor setting as stored or asked for: one of ``TUTOR_MARKS``, else None (off)."""
    return value if isinstance(value, str) and value in THRESHOLDS else None


def flagged(loss: float, threshold: str) -> bool:
    """Whether a decision that loses ``loss`` (single-game units, as the review rounds it)
    is worth a warning at ``threshold`` (a mark name)."""
    return loss >= THRESHOLDS[threshold]


class Tutor:
    """Judges single decisions with the review's analysis at ``level`` (strong by default);
    keeps the level's chooser and cube decider between calls."""

    def __init__(self, level: str = "strong") -> None:
        self.level = level
        self._tools: dict[Any, Any] = {}

    def judge(self, record: dict, decision: list, threshold: str = DEFAULT_MARK) -> dict:
        """``record``: the game's record before the decision (``formats.record.game_record``);
        ``decision``: ``["play", steps]`` (the steps from the start of the turn), or
        ``[name]`` of ``double``, ``no_double`` (the Roll button where a double was possible),
        ``take``, ``drop``, ``beaver``. Returns the review's verdict on it — ``kind`` (play,
        cube, answer), ``played``, ``best`` (and ``best_steps`` for a play), ``loss``,
        ``mark``, ``symbol``, ``forced`` — and ``flag``: whether it loses at least
        ``threshold``'s equity. A decision that does not fit the game raises GameStateError
        ``bad_record``."""
        # start-up: the session reads this module's marks before the page loads the bots
        from .review import ANSWER, CUBE, PLAY, Review

        if tutor_mark(threshold) is None:
            raise GameStateError(f"unknown tutor mark {threshold!r}", code="bad_request")
        if not isinstance(decision, (list, tuple)) or not decision or decision[0] not in DECISIONS:
            raise GameStateError(f"not a decision: {decision!r}", code="bad_request")
        parsed = GameRecord.from_dict(record)
        actions = list(parsed.actions)
        name = decision[0]
        added: list[Any]
        if name == "play":
            added = ["play", [list(s) for s in decision[1]]]
        elif name == "no_double":  # the roll that follows: any dice (the item is before it)
            added = ["roll", list(range(1, parsed.new_game().variant.dice_count + 1))]
        else:
            added = [name]
        whole = parsed.to_dict()
        whole["actions"] = [*whole["actions"], added]
        review = Review(whole, level=self.level, top=3)
        review._tools = self._tools  # one chooser per game and level for every call
        index = len(actions)
        wanted = PLAY if name == "play" else ANSWER if name in ("take", "drop", "beaver") else CUBE
        items = [
            item
            for item in review.decisions()
            if item["action"] == index and item["kind"] == wanted
        ]
        if not items:
            raise GameStateError(f"no {name} decision here", code="bad_record")
        result = review.analyse(items[0]["index"])
        verdict = {
            "kind": result["kind"],
            "player": result["player"],
            "played": result["played"],
            "best": result.get("best") or "",
            "loss": result["loss"],
            "mark": result["mark"],
            "symbol": result["symbol"],
            "forced": bool(result.get("forced")),
            "threshold": threshold,
        }
        if result["kind"] == PLAY:
            verdict["best_steps"] = result.get("best_steps") or []
        verdict["flag"] = not verdict["forced"] and flagged(verdict["loss"], threshold)
        return verdict


__all__ = ["Tutor", "TUTOR_MARKS", "THRESHOLDS", "DEFAULT_MARK", "flagged", "tutor_mark"]
