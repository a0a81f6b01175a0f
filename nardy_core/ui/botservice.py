"""The bot as a service: a request (the game record and the level) in, a decision out, as plain
JSON-ready data. The page runs this in a web worker so that the board never waits on it.

The service keeps the last game it rebuilt and replays only the actions added since, so a
decision late in a long game costs the decision, not a replay of the whole game.
"""

from __future__ import annotations

import time

from ..errors import GameStateError
from ..game import DOUBLE, MOVE, RESIGN, ROLL, Game


class BotService:
    def __init__(self):
        self._game = None
        self._header = None
        self._players = {}

    def _game_for(self, record):
        header = {k: v for k, v in record.items() if k not in ("actions", "dice_used")}
        actions = record.get("actions") or []
        game = self._game
        if (game is None or header != self._header or len(game.actions) > len(actions)
                or [list(a) for a in game.actions] != [list(a) for a in
                                                       actions[:len(game.actions)]]):
            game = Game.from_dict(dict(record, actions=[]))
            self._header = header
        game.replay(actions[len(game.actions):])
        self._game = game
        return game

    def _bot(self, variant, level):
        from ..bots.player import BotPlayer
        key = (variant.key, variant.options.format_non_default(), level)
        if key not in self._players:
            self._players[key] = BotPlayer(variant, level)
        return self._players[key]

    def decide(self, request: dict) -> dict:
        """``{"level", "record", "actions"}`` → ``{"action", "steps"?, "actions", "ms"}``;
        ``actions`` echoes the record's length so that the page can drop a stale answer."""
        start = time.perf_counter()
        game = self._game_for(request["record"])
        bot = self._bot(game.variant, request["level"])
        answer = {"actions": request.get("actions", len(game.actions))}
        if game.phase == ROLL:
            answer["action"] = "double" if game.can_double() and bot.wants_to_double(game) \
                else "roll"
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
