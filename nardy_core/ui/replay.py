"""What a frozen board shows: a diagram (nobody moves) or a replay stepped through with ◀ ▶.

A replay is plain data, ``{"states": [(position, cube, match, row)], "index": i}`` with
optionally ``"game"`` (its number in the match) and ``"arrows"`` (``{index: (colour,
steps)}``: a reviewed decision's better play, drawn on the board). Pure Python: the page
draws the view and the buttons.
"""

from __future__ import annotations

from .editor import Editor
from .session import step_locs

STEPS = ("first", "prev", "nextstate", "last")


def state_view(position, cube, match) -> dict:
    """The board view of a state, with nothing movable."""
    view = Editor(start=(position, cube, match)).view()
    view["movable"] = []
    return view


def diagram(game) -> dict:
    """A static diagram of the game on the board."""
    return state_view(game.position, game.cube, game.match)


def current(replay):
    """``(view, row)`` of the replay's current state: ``row`` the move-list row that led
    there (None at the start); a reviewed decision shows its better play and dice."""
    index = replay["index"]
    position, cube, match, row = replay["states"][index]
    view = state_view(position, cube, match)
    shown = replay.get("arrows", {}).get(index)
    if shown:
        view["moves"] = step_locs(position.variant, shown[0], shown[1])
        view["dice"] = list(position.dice or ())
        view["used"] = [False] * len(view["dice"])
    return view, row


def last(replay) -> int:
    return len(replay["states"]) - 1


def step(replay, act):
    """Move the replay by one of ``STEPS``."""
    index, end = replay["index"], last(replay)
    replay["index"] = {
        "first": 0,
        "prev": max(0, index - 1),
        "nextstate": min(end, index + 1),
        "last": end,
    }[act]


def show(replay, state, item=None):
    """Go to the state ``state`` (clamped); for a reviewed decision (``item``, the review's)
    with its better play drawn."""
    replay["index"] = max(0, min(state, last(replay)))
    if item is not None and item.get("best_steps"):
        replay.setdefault("arrows", {})[replay["index"]] = (item["colour"], item["best_steps"])


def state_of(replay):
    """``(position, cube, match)`` of the current state: what Play from here opens."""
    position, cube, match, _row = replay["states"][replay["index"]]
    return position, cube, match
