"""The bot as a service: a request (the game record and the level) in, a decision out, as plain
JSON-ready data. The page runs this in a web worker so that the board never waits on it.

The service keeps the last game it rebuilt and replays only the actions added since, so a
decision late in a long game costs the decision, not a replay of the whole game.
"""

from __future__ import annotations

import time

from ..analysis.tutor import DEFAULT_MARK, Tutor
from ..bots.chooser import Chooser, Level, level_for
from ..bots.player import BotPlayer
from ..engine.errors import GameStateError
from ..engine.game import DOUBLE, MOVE, RESIGN, ROLL
from ..formats.record import GameRecord, action, actions_of, replay


class BotService:
    def __init__(self):
        self._tutor = None
        self._game = None
        self._header = None
        self._players = {}

    def _game_for(self, record):
        parsed = GameRecord.from_dict(record)
        header = (
            parsed.game,
            parsed.options,
            parsed.seed,
            parsed.players,
            parsed.start,
            parsed.match,
            parsed.starter,
        )
        actions = [action(a) for a in parsed.actions]
        game = self._game
        if (
            game is None
            or header != self._header
            or len(game.actions) > len(actions)
            or actions_of(game) != actions[: len(game.actions)]
        ):
            game = parsed.new_game()
            self._header = header
        replay(game, actions[len(game.actions) :])
        self._game = game
        return game

    def _bot(self, variant, level):
        key = (variant.key, variant.options.format_non_default(), level)
        if key not in self._players:
            self._players[key] = BotPlayer(variant, level)
        return self._players[key]

    def _adviser(self, variant, top):
        """The strong level looking a ply ahead at every play it shows (the strong level
        itself does so for its best four only), so that the differences compare like with
        like."""
        key = (variant.key, variant.options.format_non_default(), "hint", top)
        if key not in self._players:
            strong = level_for(variant, "strong")
            level = Level(
                "hint",
                ply=strong.ply,
                candidates=max(top, strong.candidates),
                prune=float("inf"),
                settle=max(top, strong.settle),
            )
            self._players[key] = Chooser(variant, level)
        return self._players[key]

    def decide(self, request: dict) -> dict:
        """``{"level", "record", "actions"}`` → ``{"action", "steps"?, "actions", "ms"}``;
        ``actions`` echoes the record's length so that the page can drop a stale answer."""
        start = time.perf_counter()
        game = self._game_for(request["record"])
        bot = self._bot(game.variant, request["level"])
        answer = {"actions": request.get("actions", len(game.actions))}
        if game.phase == ROLL:
            answer["action"] = (
                "double" if game.can_double() and bot.wants_to_double(game) else "roll"
            )
        elif game.phase == DOUBLE:
            answer["action"] = bot.cube.response(game)  # take | beaver | drop
        elif game.phase == RESIGN:
            answer["action"] = "accept" if bot.accepts_resignation(game) else "decline"
        elif game.phase == MOVE:
            play = bot.chooser.choose(game.position)
            answer["action"] = "play"
            answer["steps"] = [list(s) for s in play.steps]
        else:
            raise GameStateError(f"no decision in the {game.phase} phase", code="phase")
        answer["ms"] = round((time.perf_counter() - start) * 1000, 1)
        return answer

    def hint(self, request: dict) -> dict:
        """The strong level's advice for the decision the game waits for: ``{"record",
        "actions", "top"?}`` → ``{"actions", "plays": [...], "count", "cube": {...} | None,
        "ms"}``. ``plays``: the best ``top`` plays of the roll, each with its steps (from the
        start of the turn), notation, equity, difference to the best, win and gammon chances
        and the look-ahead it was judged at; ``cube``: the cube decision before a roll (or the
        answer to a double) where the cube is in play."""
        start = time.perf_counter()
        game = self._game_for(request["record"])
        bot = self._bot(game.variant, "strong")
        top = max(1, min(int(request.get("top", 5)), 10))
        answer = {
            "actions": request.get("actions", len(game.actions)),
            "plays": [],
            "count": 0,
            "cube": None,
        }
        if game.phase == MOVE:
            ranked = self._adviser(game.variant, top).rank(game.position)
            best = ranked[0].equity
            answer["count"] = len(ranked)
            for r in ranked[:top]:
                win, win_g, _, lose_g, _ = r.probs
                answer["plays"].append(
                    {
                        "steps": [list(s) for s in r.play.steps],
                        "notation": r.play.notation(),
                        "equity": round(r.equity, 3),
                        "diff": round(r.equity - best, 3),
                        "win": round(win, 3),
                        "gammon": round(win_g, 3),
                        "lose_gammon": round(lose_g, 3),
                        "ply": r.ply,
                    }
                )
        elif game.variant.cube_enabled and (
            game.phase == DOUBLE or (game.phase == ROLL and game.can_double())
        ):
            analysis = bot.cube.analyse(game)
            answer["cube"] = {
                "phase": game.phase,
                "action": analysis.action,
                "response": analysis.response,
                "unit": analysis.unit,
                "no_double": round(analysis.no_double, 3),
                "double_take": round(analysis.double_take, 3),
                "double_pass": round(analysis.double_pass, 3),
                "win": round(analysis.probabilities[0], 3),
            }
        else:
            raise GameStateError(f"no advice in the {game.phase} phase", code="phase")
        answer["ms"] = round((time.perf_counter() - start) * 1000, 1)
        return answer

    def tutor(self, request: dict) -> dict:
        """Tutor mode: a person's decision judged before it is final, as the review judges it
        (``analysis.tutor``): ``{"record", "decision", "threshold", "actions"}`` → the verdict
        (``flag``, ``loss``, ``mark``, ``best``, ``best_steps``…) with ``actions`` echoed and
        ``ms``."""
        start = time.perf_counter()
        if self._tutor is None:
            self._tutor = Tutor()
        verdict = self._tutor.judge(
            request["record"], request["decision"], request.get("threshold", DEFAULT_MARK)
        )
        verdict["actions"] = request.get("actions")
        verdict["ms"] = round((time.perf_counter() - start) * 1000, 1)
        return verdict
