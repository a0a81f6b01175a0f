"""The referee's own knowledge of the frame around the checker play (CORE_RULES.md 2.2, 2.7.4,
3.2, 3.7-3.8; VARIANT_RULES.md §0.6, §2, §3.4): the opening, automatic doubles, who may double
and what a take, a beaver and a drop do, the Jacoby rule, long nardy's last roll and the value
of a draw.

As in the other referee modules, nothing here reads a variant's declarations or calls its
hooks: the rules are restated keyed by the game's name and its option values. A self-play game
is a money game; now and then a side that may double does (``CubeJudge``), and the referee
keeps the cube itself to compare with the engine's.
"""

from __future__ import annotations

from ..engine.position import BLACK, WHITE
from .core import Violation

# §2 OPENING_USE_DICE: the winner of the opening throw plays the two dice thrown
USE_DICE = (
    "short",
    "caucasian",
    "irish",
    "longgammon",
    "dutch_tricktrack",
    "russian_tricktrack",
    "tawula",
)
# CORE 2.2 (long nardy; jacquet's opening is long nardy's, §3.12): the winner of the lot
# takes White and starts; option ``first_move_dice=lot_dice`` plays the lot dice
LOT_TAKES_WHITE = ("long", "jacquet")


def _check(cond, message):
    if not cond:
        raise Violation(message)


def _option(variant, key, default=None):
    return variant.options.values.get(key, default)


def cube_on(variant) -> bool:
    """The game is played with the cube: option ``cube_enabled``, except Russian tricktrack's
    ``RUSSIAN_HOYLE`` preset, which has none (§3.4)."""
    hoyle = (
        variant.key == "russian_tricktrack" and _option(variant, "russian_rules") == "RUSSIAN_HOYLE"
    )
    return bool(_option(variant, "cube_enabled", False)) and not hoyle


def plays_opening_dice(variant) -> bool:
    return variant.key in USE_DICE or _option(variant, "first_move_dice") == "lot_dice"


def start_cube(variant, throws, money=True) -> int:
    """CORE 3.2: in money play with the cube, each tied opening throw doubles the cube, at most
    ``automatic_doubles`` times."""
    if not (money and cube_on(variant)):
        return 1
    ties = sum(1 for white, black in throws if white == black)
    return 2 ** min(ties, _option(variant, "automatic_doubles", 0))


def check_opening(game):
    """The opening of a new game (the first recorded action): one die each, ties thrown again;
    the higher die starts, with the two dice thrown or rolling his own."""
    variant = game.variant
    name, throws = game.actions[0][0], [tuple(t) for t in game.actions[0][1]]
    _check(name == "opening", f"the game starts with {name!r}, not the opening throw")
    _check(
        throws and all(w == b for w, b in throws[:-1]) and throws[-1][0] != throws[-1][1],
        f"the opening throws {throws} do not end at the first untied one",
    )
    white, black = throws[-1]
    winner = WHITE if white > black else BLACK
    position = game.position
    if variant.key in LOT_TAKES_WHITE:
        _check(game.players[WHITE] == winner, "the winner of the lot does not take White")
        winner = WHITE
    _check(position.turn == winner, f"colour {position.turn} starts, the opening says {winner}")
    _check(position.first_turn == (True, True), "a side's first turn is already over")
    if plays_opening_dice(variant):
        _check(
            position.dice == (max(white, black), min(white, black)),
            f"the first roll is {position.dice}, not the opening dice {white}-{black}",
        )
    else:
        _check(not position.dice, f"the starter plays {position.dice} without rolling")
    value = start_cube(variant, throws, game.match.is_money)
    _check(
        game.cube.value == value and game.cube.owner is None,
        f"the cube starts at {game.cube.value}, the opening says {value} (centred)",
    )


class CubeJudge:
    """The cube of one money game as the referee keeps it (CORE 3.7): at each roll it judges
    whether the side to roll may double, and now and then doubles; the other side takes,
    beavers or drops at random. ``value``/``owner``: the cube by the rules (owner None:
    centred)."""

    DOUBLE, DROP, BEAVER = 1 / 50, 1 / 8, 1 / 3  # how often self-play does each

    def __init__(self, value=1, owner=None):
        self.value, self.owner = value, owner

    @classmethod
    def after_opening(cls, game):
        return cls(start_cube(game.variant, game.actions[0][1], game.match.is_money))

    def may_double(self, game) -> bool:
        """3.7.1: the side to roll, before rolling, with the cube on and centred or his own,
        and not above ``max_cube`` (money play: no Crawford game)."""
        variant, colour = game.variant, game.position.turn
        cap = _option(variant, "max_cube", 0)
        return (
            cube_on(variant) and self.owner in (None, colour) and not (cap and 2 * self.value > cap)
        )

    def at_roll(self, game, rng):
        """Before the roll: judge the engine's answer to "may I double?" and perhaps double.
        The game may end (a drop)."""
        allowed = self.may_double(game)
        _check(
            game.can_double() == allowed,
            f"the engine says a double is "
            f"{'allowed' if game.can_double() else 'refused'}, the rules say the opposite "
            f"(cube {self.value}, owner {self.owner})",
        )
        if not allowed or rng.random() >= self.DOUBLE:
            return
        doubler = game.position.turn
        game.double()
        beaver = bool(_option(game.variant, "beaver")) and game.match.is_money  # 3.7.2
        _check(
            game.can_beaver() == beaver,
            f"a beaver is {'not ' * beaver}offered, but the rules say the opposite",
        )
        answer = rng.random()
        if answer < self.DROP:
            game.drop()
            _check(
                game.is_over
                and game.result.winner == doubler
                and game.result.reason == "drop"
                and game.result.points == self.value,
                f"a dropped double of a "
                f"{self.value} cube ends {game.result}, not {self.value} to the doubler",
            )
            return
        if beaver and answer < self.DROP + self.BEAVER:
            game.beaver()
            self.value *= 4
        else:
            game.take()
            self.value *= 2
        self.owner = 1 - doubler
        _check(
            (game.cube.value, game.cube.owner) == (self.value, self.owner)
            and game.position.turn == doubler,
            f"after the answer the cube is {game.cube} and "
            f"colour {game.position.turn} rolls; the rules say {self.value} owned by "
            f"{self.owner}, the doubler rolls",
        )

    def check_end(self, game):
        _check(
            game.result.cube == self.value,
            f"the game ends with the cube at "
            f"{game.result.cube}, the referee's cube is at {self.value}",
        )


def game_points(game, multiplier) -> int:
    """What the winner scores for a result worth ``multiplier`` games: CORE 3.8's Jacoby rule
    (money play, cube never turned: every result above a single game counts as a single),
    times the cube."""
    cube = game.result.cube
    if multiplier > 1 and game.match.is_money and _option(game.variant, "jacoby") and cube < 2:
        multiplier = 1
    return multiplier * cube


def last_roll(variant) -> bool:
    """CORE 2.7.4: White's finish gives Black one more turn (long nardy, ``last_roll_draw``)."""
    return variant.key == "long" and bool(_option(variant, "last_roll_draw"))


def last_roll_draw_points(variant):
    """Each side's share of a drawn last roll: nothing with the cube, else ½ or 1."""
    if _option(variant, "cube_enabled"):
        return 0
    return 0.5 if _option(variant, "draw_points") == "half" else 1


def at_white_finish(variant) -> bool:
    """Whether the last roll's outcome is read where White finished (``draw_eval``)."""
    return _option(variant, "draw_eval") == "at_white_finish"
