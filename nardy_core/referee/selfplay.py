"""Random self-play: many games per variant, each turn judged by the independent referee.

A self-play game is a money game: both sides play random legal plays, and a side that may
double does so now and then (``referee_frame.CubeJudge``). Every game is played by one loop
(``play_game``); each referee module gives the judge that states its games' rules
(``judge_for``). ``option_matrix`` lists the variants that ``selfplay --all-options`` plays."""

from __future__ import annotations

import random
from collections import Counter

from ..engine.game import MOVE, OVER, ROLL, Game
from ..engine.position import BLACK, OFF, WHITE
from . import frame as frame
from . import hand as referee_hand
from . import plakoto as referee_plakoto
from .core import (
    CHECKERS,
    Violation,
    check_draw,
    check_next,
    check_position,
    check_start,
    check_turn,
    check_unplayable,
    expected_outcome_points,
    random_play,
)
from .option_matrix import label


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
        return (
            f"{self.game}: {self.games} games, {self.turns} turns, {kinds}; "
            f"{len(self.violations)} rule violations"
        )


def judge_for(game):
    """The referee that judges ``game``: tawula and tourne-case (``referee.hand``) and plakoto
    (pins and the mother checker, ``referee.plakoto``) have their own; every other game is
    judged by ``referee.core`` and ``referee.frame`` (``Judge`` here)."""
    if referee_hand.mine(game.variant):
        return referee_hand.Judge(game)
    if referee_plakoto.mine(game.variant):
        return referee_plakoto.Judge(game)
    return Judge(game)


def play_one(variant, rng, seed, report):
    game = Game(variant, seed=seed)
    frame.check_opening(game)
    cube = frame.CubeJudge.after_opening(game)
    judge = judge_for(game)
    judge.start()
    play_game(game, rng, report, cube, judge)
    cube.check_end(game)
    report.outcomes[game.result.kind] += 1
    report.games += 1


def play_game(game, rng, report, cube=None, judge=None):
    """Play ``game`` (a new one, or one set up on a position) to its end at random, each
    turn, the end and the score judged by the referee; with ``cube`` (a ``CubeJudge``) the
    sides double now and then.

    The one self-play loop of every game: what differs between the games is ``judge`` (by
    default ``judge_for(game)``), which states the rules on its own: ``check_position`` before
    each roll and play, ``turn(before, play)`` replays a play by the rules before it is made
    and returns what it expects, ``after(before, expected)`` judges the game after it, and
    ``end()`` the end and the score once the game is over (not after a dropped double:
    ``cube`` judges that)."""
    if judge is None:
        judge = judge_for(game)
    while game.phase != OVER:
        judge.check_position(game.position)
        if game.phase == ROLL:
            if cube is not None:
                cube.at_roll(game, rng)
                if game.phase == OVER:  # a dropped double: judged there
                    return
            game.roll()
            continue
        _check(game.phase == MOVE, f"unexpected phase {game.phase}")
        before = game.position
        play = random_play(game, rng)  # every step offered one at a time
        expected = judge.turn(before, play)
        game.play(play)
        report.turns += 1
        judge.after(before, expected)
    judge.end()


class Judge:
    """The games of ``referee.core``: every turn replayed by hand (``check_turn``), who rolls
    next, long nardy's head rule count and last roll, and the end and the score by the table
    (``expected_outcome_points``)."""

    def __init__(self, game):
        self.game = game
        # long nardy's last roll: the sides when White bore off his last checker
        self.finished = None
        # what the rules say ended the game: ("win", colour, sides) or ("draw",)
        self.verdict = None
        self.turns = [0 if first else 1 for first in game.position.first_turn]  # own turns played

    def start(self):
        check_start(self.game.position)

    def check_position(self, position):
        check_position(position)

    def turn(self, before, play):
        mover = before.turn
        if self.game.variant.key == "long":  # the head rule's first turn counts own turns
            _check(
                before.first_turn[mover] == (self.turns[mover] == 0),
                f"colour {mover}'s first turn is {before.first_turn[mover]} after "
                f"{self.turns[mover]} turns",
            )
        sides = play.board[0]
        check_turn(before, play.steps, sides)
        return sides, len(self.game.actions)

    def after(self, before, expected):
        game, variant = self.game, self.game.variant
        sides, done = expected
        mover = before.turn
        self.turns[mover] += 1
        if self.finished is not None:  # Black's last roll was played: the game is over
            self.verdict = (
                ("draw",)
                if sides[BLACK][OFF] == CHECKERS
                else ("win", WHITE, self.finished if frame.at_white_finish(variant) else sides)
            )
        elif sides[mover][OFF] == CHECKERS:
            if frame.last_roll(variant) and mover == WHITE:
                self.finished = sides
                _check(
                    game.phase != OVER,
                    "White bore off his last checker and the game "
                    "ended before Black's last roll (CORE 2.7.4)",
                )
            else:
                self.verdict = ("win", mover, sides)
        if self.verdict is not None:
            _check(game.phase == OVER, f"the rules end the game ({self.verdict[0]}), it goes on")
            return
        if game.phase != OVER:  # with the empty plays the game made on its own after it
            check_next(before, game.position, [a[1] for a in game.actions[done:] if a[0] == "play"])
        else:
            _check(
                game.result.reason == "draw",
                f"the game ended ({game.result}) though nobody bore off his last checker",
            )

    def end(self):
        if self.verdict is None and self.finished is not None:
            self.verdict = ("win", WHITE, self.finished)  # no move for Black's last roll
        _check_result(self.game, self.verdict)


def _check_result(game, verdict):
    variant = game.variant
    result = game.result
    final = game.position
    if result.reason == "roll":  # the roll itself ended the game (fayles' sudden death)
        _check(verdict is None and variant.key == "fayles", f"the game ended on a roll ({result})")
        check_unplayable(final)
        expected = frame.game_points(game, 1)
        _check(
            result.winner == 1 - final.turn and result.points == expected,
            f"an unplayable roll scored {result.points} for {result.winner}",
        )
        return
    if verdict is None:  # neither side can ever move again (AMB-45)
        _check(
            result.reason == "draw" and result.winner is None and result.points == 0,
            f"the game ended {result} without a draw by the rules",
        )
        check_draw(final)
        return
    if verdict[0] == "draw":
        share = frame.last_roll_draw_points(variant)
        _check(
            result.reason == "draw" and result.winner is None and result.points == share,
            f"Black's last roll drew the game ({share} each), the engine says {result}",
        )
        return
    _, winner, sides = verdict
    _check(
        result.reason == "bear_off" and result.winner == winner,
        f"colour {winner} bore off his last checker, the engine says {result}",
    )
    multiplier = expected_outcome_points(variant, final.replace(sides=sides), winner)
    expected = frame.game_points(game, multiplier)
    _check(result.points == expected, f"scored {result.points}, the table says {expected}")


def selfplay(variant, games, seed=0) -> SelfPlayReport:
    """``games``: a count, or a range of game numbers (one share of a parallel run). Game i
    is the same whichever process plays it: its plays and dice depend only on (seed, i)."""
    report = SelfPlayReport(label(variant))
    for i in range(games) if isinstance(games, int) else games:
        try:
            play_one(variant, random.Random(f"{seed}/{i}"), f"selfplay/{seed}/{i}", report)
        except Violation as exc:
            report.violations.append(f"game {i}: {exc}")
    return report
