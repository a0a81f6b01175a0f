"""A rollout run in steps, in the page's web worker (docs/rollouts.md, "In the page").

The worker cannot be interrupted in the middle of a call, so a rollout there is a
``RolloutRun`` that plays a few hundred milliseconds of trials per ``step`` call: the page asks
for step after step, shows the figures after each (they sharpen as trials come in), and stops
asking to cancel. The trials and the sums are the library's own (``analysis/rollout.py``), in
trial order, so a run in steps gives the result ``rolloutjobs.rollout`` gives for the same
position, plays, level, seed and number of games. Its panel is ``rolloutview``.
"""

from __future__ import annotations

import time

from ..analysis.rollout import MAX_GAMES, RolloutError, Tally
from ..analysis.rolloutjobs import check_range, plan, player_of, result
from ..engine.cube import CubeState
from ..formats.record import GameRecord, action, replay
from .rolloutview import DEFAULT_GAMES, DEFAULT_LEVEL, GAMES, LEVELS, MAX_STEP_MS, STEP_MS


class RolloutRun:
    """A rollout of ``position`` (with a roll: ``plays``, the candidates' steps, or the
    chooser's ``top`` best; ``decision="cube"``: the cube decision of the side on roll, with
    ``cube`` and ``match`` as the game has them) played ``step`` by ``step``."""

    def __init__(self, position, games=DEFAULT_GAMES, level=DEFAULT_LEVEL, **choices):
        """``choices``: ``rolloutjobs.plan``'s (seed, luck, truncate, top, within, plays,
        decision, cube, match)."""
        check_range("games", games, 1, MAX_GAMES)
        start, self.spec, self.columns, self.names = plan(position, level, **choices)
        # the trials start from the state's text read back, as the library's workers do
        self.position, self.player = player_of(self.spec)
        self.start = start
        self.games = games
        self.tally = Tally(len(self.columns))
        self.seconds = 0.0  # time spent in steps

    @property
    def finished(self) -> bool:
        return self.tally.games >= self.games

    def step(self, ms=STEP_MS, most=None) -> dict:
        """Plays trials for about ``ms`` milliseconds (at least one, at most ``most`` when
        given, never past ``games``); returns ``state()``."""
        ms = max(1, min(int(ms), MAX_STEP_MS))
        started = time.perf_counter()
        deadline = started + ms / 1000
        played = 0
        player, position, seed = self.player, self.position, self.spec["seed"]
        while not self.finished and (most is None or played < most):
            index = self.tally.games
            self.tally.add(player.trials(position, self.columns, seed, index))
            played += 1
            if time.perf_counter() >= deadline:
                break
        self.seconds += time.perf_counter() - started
        return self.state()

    def state(self) -> dict:
        """``{"done", "games", "finished", "seconds", "result"}``: ``result`` is the rollout's
        data so far (``rolloutjobs.result``), None before the first trial."""
        done = self.tally.games
        return {
            "done": done,
            "games": self.games,
            "finished": self.finished,
            "seconds": round(self.seconds, 3),
            "result": result(self.spec, self.tally, self.start, self.names) if done else None,
        }


def open_run(position, request: dict, cube=None, match=None) -> RolloutRun:
    """A run from the page's request: ``{"games", "level", "seed"?, "plays"?: [steps, …],
    "cube"?: true}`` (``plays``: the hint's candidates; without them the chooser's best five;
    ``cube``: the cube decision of the side on roll, with the game's ``cube`` and ``match``)."""
    games = request.get("games", DEFAULT_GAMES)
    level = request.get("level", DEFAULT_LEVEL)
    if games not in GAMES or level not in LEVELS:
        raise RolloutError(
            f"the page rolls out {GAMES} games at {LEVELS}, not {games!r:.20} at {level!r:.20}",
            code="rollout_games",
            low=GAMES[0],
            high=GAMES[-1],
        )
    plays = request.get("plays")
    return RolloutRun(
        position,
        games=games,
        level=level,
        seed=str(request.get("seed", "0")),
        plays=plays,
        decision="cube" if request.get("cube") is True else None,
        cube=cube,
        match=match,
    )


def open_from_record(request: dict) -> RolloutRun:
    """``open_run`` on the position a game record ends in (``{"record", …}``: the hint's
    request, ``Session.hint_request``, with the rollout's choices)."""
    parsed = GameRecord.from_dict(request["record"])
    game = parsed.new_game()
    replay(game, [action(a) for a in parsed.actions])
    # a double waiting for its answer is the doubler's decision, with the cube before it
    cube = CubeState(game.cube.value, game.cube.owner)
    return open_run(game.position, request, cube, game.match)


__all__ = ["RolloutRun", "open_run", "open_from_record"]
