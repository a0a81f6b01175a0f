"""Random self-play: many games per variant, each turn judged by the independent referee."""

from __future__ import annotations

import random
from collections import Counter

from .game import MOVE, OVER, ROLL, Game
from . import referee_hand, referee_plakoto
from .referee import (Violation, check_draw, check_next, check_position, check_start,
                      check_turn, check_unplayable, expected_outcome_points, random_play)


class SelfPlayReport:
    def __init__(self, game):
        self.game = game
        self.games = 0
        self.turns = 0
        self.outcomes = Counter()
        self.violations = []

    def line(self):
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.outcomes.items()))
        return (f"{self.game}: {self.games} games, {self.turns} turns, {kinds}; "
                f"{len(self.violations)} rule violations")


def play_one(variant, rng, seed, report, options_cube=True):
    if referee_hand.mine(variant):  # tawula, tourne-case: their own referee
        return referee_hand.play_one(variant, rng, seed, report)
    if referee_plakoto.mine(variant):  # pins and the mother checker: its own referee
        return referee_plakoto.play_one(variant, rng, seed, report)
    game = Game(variant, seed=seed)
    check_start(game.position)
    while game.phase != OVER:
        check_position(game.position)
        if game.phase == ROLL:
            game.roll()
            continue
        assert game.phase == MOVE
        before = game.position
        play = random_play(game, rng)  # every step offered one at a time
        check_turn(before, play.steps, play.board[0])
        done = len(game.actions)
        game.play(play)
        if game.phase != OVER:  # with the empty plays the game made on its own after it
            check_next(before, game.position, [a[1] for a in game.actions[done:]
                                               if a[0] == "play"])
        report.turns += 1
    result = game.result
    if result.reason == "roll":  # the roll itself ended the game (fayles' sudden death)
        final = game.position
        check_unplayable(final)
        if result.winner != 1 - final.turn or result.points != 1 * result.cube:
            raise Violation(f"an unplayable roll scored {result.points} for {result.winner}")
    if result.reason == "draw":
        check_draw(game.position)
    if result.reason == "bear_off":
        final = game.position
        winner_side = final.sides[result.winner]
        if winner_side[0] != variant.checkers:
            raise Violation("the game ended before the winner bore off everything")
        expected = expected_outcome_points(variant, final, result.winner)
        if result.points != expected * result.cube:
            raise Violation(f"scored {result.points}, the table says {expected}")
    report.outcomes[result.kind] += 1
    report.games += 1


def selfplay(variant, games, seed=0) -> SelfPlayReport:
    """``games``: a count, or a range of game numbers (one share of a parallel run). Game i
    is the same whichever process plays it: its plays and dice depend only on (seed, i)."""
    report = SelfPlayReport(variant.key)
    for i in (range(games) if isinstance(games, int) else games):
        try:
            play_one(variant, random.Random(f"{seed}/{i}"), f"selfplay/{seed}/{i}", report)
        except Violation as exc:
            report.violations.append(f"game {i}: {exc}")
    return report
