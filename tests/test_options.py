"""Every option of CORE_RULES.md tables 2.8 and 3.11 and section 4.2, by its key, with the
documented default; bad keys and values are typed errors; the dice are seedable and fair."""

from collections import Counter

import pytest

from nardy_core import get_variant
from nardy_core.engine.dice import Dice
from nardy_core.engine.errors import OptionError

SPEC_DEFAULTS = {
    "long": {  # CORE_RULES.md 2.8
        "first_move_dice": "reroll",
        "next_game_starter": "alternate",
        "head_exception": "head_obstacle",
        "head_exception_rolls": frozenset({3, 4, 6}),
        "block_rule": "ahead",
        "block_check": "end_of_turn",
        "koks_rule": "none",
        "koks_points": 3,
        "home_mars_points": 2,
        "last_roll_draw": False,
        "draw_points": "half",
        "draw_eval": "after_last_roll",
        "cube_enabled": False,
    },
    "short": {  # CORE_RULES.md 3.11
        "cube_enabled": True,
        "max_cube": 0,
        "jacoby": False,
        "beaver": False,
        "automatic_doubles": 0,
        "crawford": True,
        "holland": False,
        "next_game_starter": "opening_roll",
        "allow_resign": True,
    },
}
SPEC_DEFAULTS["caucasian"] = dict(SPEC_DEFAULTS["short"], caucasian_hit_rule="no_hide")  # 4.2

ALTERNATIVES = {
    "long": {
        "first_move_dice": "lot_dice",
        "next_game_starter": "lot",
        "head_exception": "none",
        "head_exception_rolls": "46",
        "block_rule": "opp_in_home",
        "block_check": "every_step",
        "koks_rule": "start_quarter",
        "koks_points": 4,
        "home_mars_points": 3,
        "last_roll_draw": "on",
        "draw_points": "one_each",
        "draw_eval": "at_white_finish",
        "cube_enabled": "true",
    },
    "short": {
        "cube_enabled": "off",
        "max_cube": 64,
        "jacoby": True,
        "beaver": "yes",
        "automatic_doubles": 2,
        "crawford": False,
        "holland": True,
        "next_game_starter": "winner",
        "allow_resign": False,
    },
}
ALTERNATIVES["caucasian"] = dict(ALTERNATIVES["short"], caucasian_hit_rule="stay")


@pytest.mark.parametrize("game", sorted(SPEC_DEFAULTS))
def test_documented_defaults(game):
    values = get_variant(game).options.values
    for key, default in SPEC_DEFAULTS[game].items():
        assert values[key] == default, key


@pytest.mark.parametrize("game", sorted(SPEC_DEFAULTS))
def test_every_option_selectable_by_key(game):
    for key, value in ALTERNATIVES[game].items():
        variant = get_variant(game, {key: value})
        assert variant.options[key] != SPEC_DEFAULTS[game][key], key
        assert variant.options.non_default() == {key: variant.options[key]}


def test_unknown_key_and_bad_value_are_typed_errors():
    with pytest.raises(OptionError) as err:
        get_variant("long", {"head_rule": "none"})
    assert err.value.code == "option_unknown" and isinstance(err.value, ValueError)
    with pytest.raises(OptionError) as err:
        get_variant("long", {"head_exception": "sometimes"})
    assert err.value.code == "option_value" and "head_obstacle" in str(err.value)
    for bad in (
        {"koks_points": 0},
        {"max_cube": "x"},
        {"head_exception_rolls": "7"},
        {"jacoby": "maybe"},
    ):
        with pytest.raises(OptionError):
            get_variant("short" if "max_cube" in bad or "jacoby" in bad else "long", bad)
    with pytest.raises(OptionError) as err:
        get_variant("chess")
    assert err.value.code == "unknown_game"


def test_holland_rule():
    from nardy_core.engine.game import Game
    from nardy_core.engine.match import MatchScore

    variant = get_variant("short", {"holland": True})
    start = variant.initial_position().replace(first_turn=(False, False), turn=1)
    post = MatchScore(5, (4, 2), "post")  # black trails
    game = Game(variant, position=start, match=post)
    assert game.double_refusal()[0] == "holland"
    game.position = start.replace(turn_number=(2, 2))
    assert game.can_double()
    leader = Game(variant, position=start.replace(turn=0), match=post)
    assert leader.double_refusal() is None


def test_same_seed_same_dice_and_fair_faces():
    assert [Dice("s").roll() for _ in range(3)] == [Dice("s").roll() for _ in range(3)]
    dice = Dice("fairness")
    rolls = [dice.die() for _ in range(60000)]
    counts = Counter(rolls)
    chi2 = sum((counts[f] - 10000) ** 2 / 10000 for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6} and chi2 < 20.5  # p > 0.001 at 5 d.o.f.
    restored = Dice.from_state(dice.state())
    assert restored.roll() == dice.roll()
    assert len(Dice("x").commitment()) == 64
