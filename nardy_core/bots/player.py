"""A bot as a player: whatever the game waits for (roll or double, answer a double or a
resignation, play the roll), it acts. The chooser picks plays; cube.py decides the cube."""

from __future__ import annotations

from ..engine.game import DOUBLE, MOVE, RESIGN, ROLL
from .chooser import Chooser
from .cube import CubeDecider, resignation_response


class BotPlayer:
    def __init__(self, variant, level="strong", seed=0):
        self.chooser = Chooser(variant, level, seed=seed)
        self.level = self.chooser.level
        self.cube = CubeDecider(self.chooser.evaluator)

    def act(self, game):
        """Make one action in ``game`` for the side whose decision it is."""
        if game.phase == ROLL:
            if game.can_double() and self.wants_to_double(game):
                game.double()
            else:
                game.roll()
        elif game.phase == DOUBLE:
            self.answer_double(game)
        elif game.phase == RESIGN:
            if self.accepts_resignation(game):
                game.accept_resignation()
            else:
                game.decline_resignation()
        elif game.phase == MOVE:
            game.play(self.chooser.choose(game.position))

    def wants_to_double(self, game) -> bool:
        return self.cube.wants_to_double(game)

    def answer_double(self, game):
        self.cube.answer(game)

    def accepts_resignation(self, game) -> bool:
        return resignation_response(game, self.chooser.evaluator)
