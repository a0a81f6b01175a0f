"""Random self-play: many games per variant, each turn judged by the independent referee.

A self-play game is a money game: both sides play random legal plays, and a side that may
double does so now and then (``referee_frame.CubeJudge``). ``option_matrix`` lists the variants
that ``selfplay --all-options`` plays."""

from __future__ import annotations

import random
from collections import Counter

from ..engine.game import MOVE, OVER, ROLL, Game
from . import frame as frame
from . import hand as referee_hand, plakoto as referee_plakoto
from .option_matrix import label
from ..engine.position import BLACK, OFF, WHITE
from .core import (CHECKERS, Violation, check_draw, check_next, check_position, check_start,
                      check_turn, check_unplayable, expected_outcome_points, random_play)


def _check(cond, message):
    if not cond:
        raise Violation(message)


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


def play_one(variant, rng, seed, report):
    game = Game(variant, seed=seed)
    frame.check_opening(game)
    cube = frame.CubeJudge.after_opening(game)
    if referee_hand.mine(variant):  # tawula, tourne-case: their own referee
        referee_hand.play_game(game, rng, report, cube)
    elif referee_plakoto.mine(variant):  # pins and the mother checker: its own referee
        referee_plakoto.play_game(game, rng, report, cube)
    else:
        check_start(game.position)
        play_game(game, rng, report, cube)
    cube.check_end(game)
    report.outcomes[game.result.kind] += 1
    report.games += 1


def play_game(game, rng, report, cube=None):
    """Play ``game`` (a new one, or one set up on a position) to its end at random, each
    turn, the end and the score judged by the referee; with ``cube`` (a ``CubeJudge``) the
    sides double now and then."""
    variant = game.variant
    finished = None  # long nardy's last roll: the sides when White bore off his last checker
    verdict = None   # what the rules say ended the game: ("win", colour, sides) or ("draw",)
    turns = [0 if first else 1 for first in game.position.first_turn]  # own turns played
    while game.phase != OVER:
        check_position(game.position)
        if game.phase == ROLL:
            if cube is not None:
                cube.at_roll(game, rng)
                if game.phase == OVER:  # a dropped double: judged there
                    return
            game.roll()
            if game.phase == OVER and finished is not None:  # no move for the last roll
                verdict = ("win", WHITE, finished)
            continue
        assert game.phase == MOVE
        before = game.position
        mover = before.turn
        if variant.key == "long":  # the head rule's first-turn exception counts own turns
            _check(before.first_turn[mover] == (turns[mover] == 0),
                   f"colour {mover}'s first turn is {before.first_turn[mover]} after "
                   f"{turns[mover]} turns")
        play = random_play(game, rng)  # every step offered one at a time
        sides = play.board[0]
        check_turn(before, play.steps, sides)
        done = len(game.actions)
        game.play(play)
        turns[mover] += 1
        report.turns += 1
        if finished is not None:  # Black's last roll was played: the game is over
            verdict = ("draw",) if sides[BLACK][OFF] == CHECKERS else (
                "win", WHITE, finished if frame.at_white_finish(variant) else sides)
        elif sides[mover][OFF] == CHECKERS:
            if frame.last_roll(variant) and mover == WHITE:
                finished = sides
                _check(game.phase != OVER, "White bore off his last checker and the game "
                       "ended before Black's last roll (CORE 2.7.4)")
            else:
                verdict = ("win", mover, sides)
        if verdict is not None:
            _check(game.phase == OVER, f"the rules end the game ({verdict[0]}), it goes on")
            break
        if game.phase != OVER:  # with the empty plays the game made on its own after it
            check_next(before, game.position, [a[1] for a in game.actions[done:]
                                               if a[0] == "play"])
        else:
            _check(game.result.reason == "draw", f"the game ended ({game.result}) though "
                   "nobody bore off his last checker")
    _check_result(game, verdict)


def _check_result(game, verdict):
    variant = game.variant
    result = game.result
    final = game.position
    if result.reason == "roll":  # the roll itself ended the game (fayles' sudden death)
        _check(verdict is None and variant.key == "fayles", f"the game ended on a roll ({result})")
        check_unplayable(final)
        expected = frame.game_points(game, 1)
        _check(result.winner == 1 - final.turn and result.points == expected,
               f"an unplayable roll scored {result.points} for {result.winner}")
        return
    if verdict is None:  # neither side can ever move again (AMB-45)
        _check(result.reason == "draw" and result.winner is None and result.points == 0,
               f"the game ended {result} without a draw by the rules")
        check_draw(final)
        return
    if verdict[0] == "draw":
        share = frame.last_roll_draw_points(variant)
        _check(result.reason == "draw" and result.winner is None and result.points == share,
               f"Black's last roll drew the game ({share} each), the engine says {result}")
        return
    _, winner, sides = verdict
    _check(result.reason == "bear_off" and result.winner == winner,
           f"colour {winner} bore off his last checker, the engine says {result}")
    multiplier = expected_outcome_points(variant, final.replace(sides=sides), winner)
    expected = frame.game_points(game, multiplier)
    _check(result.points == expected, f"scored {result.points}, the table says {expected}")


def selfplay(variant, games, seed=0) -> SelfPlayReport:
    """``games``: a count, or a range of game numbers (one share of a parallel run). Game i
    is the same whichever process plays it: its plays and dice depend only on (seed, i)."""
    report = SelfPlayReport(label(variant))
    for i in (range(games) if isinstance(games, int) else games):
        try:
            play_one(variant, random.Random(f"{seed}/{i}"), f"selfplay/{seed}/{i}", report)
        except Violation as exc:
            report.violations.append(f"game {i}: {exc}")
    return report
