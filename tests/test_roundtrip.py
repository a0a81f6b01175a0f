"""Exact round trips (issue 18, class 3): every valid state, play, game and match of every game
under every option value is written and read back to the same thing — state text, link codes
(state and whole game), play notation, saved games (JSON), match files where the game's moves
fit one. The regression tests of each class that once failed come first; the property tests
(hypothesis and seeded self-play) after them. ``NARDY_HEAVY=1`` scales the property tests up."""

import pytest

from nardy_core.cube import CubeState
from nardy_core.errors import IllegalMoveError
from nardy_core.game import DOUBLE, ROLL, Game
from nardy_core.linkcode import decode_game, encode_game
from nardy_core.notation import format_state, parse_state
from nardy_core.variants import get_variant


def state_of(game):
    return format_state(game.position, game.cube, game.match)


# --- the cube never passes max_cube ------------------------------------------------------------
def test_a_beaver_never_raises_the_cube_past_max_cube():
    game = Game(get_variant("short", {"beaver": True, "max_cube": 2}), seed=1, starter=0)
    game.double()
    assert game.phase == DOUBLE and not game.can_beaver()
    with pytest.raises(IllegalMoveError) as err:
        game.beaver()
    assert err.value.code == "max_cube"
    game.take()
    assert game.cube == CubeState(2, 1 - game.position.turn)
    # where the limit leaves room, the beaver stays
    roomy = Game(get_variant("short", {"beaver": True, "max_cube": 4}), seed=1, starter=0)
    roomy.double()
    roomy.beaver()
    assert roomy.cube.value == 4
    assert parse_state(state_of(roomy))[1] == roomy.cube


@pytest.mark.parametrize("limit,expected", [(2, 2), (3, 2), (4, 4), (0, 8), (1, 1)])
def test_automatic_doubles_stop_at_max_cube(limit, expected):
    variant = get_variant("short", {"automatic_doubles": 5, "max_cube": limit})
    game = Game(variant, seed=1, throw_opening=False)
    game.opening(throws=[(3, 3), (5, 5), (1, 1), (2, 6)])
    assert game.cube.value == expected
    assert parse_state(state_of(game))[1] == game.cube  # the notation accepts it


def test_a_code_with_a_beaver_past_max_cube_keeps_its_layout():
    """The beaver keeps its place among the answers where max_cube refuses it (the layout of
    version 1): a take written before the fix reads as a take."""
    variant = get_variant("short", {"beaver": True, "max_cube": 2})
    game = Game(variant, seed=3, starter=1)
    game.double()
    game.take()
    record = game.to_dict()
    assert decode_game(encode_game(record))["actions"] == [list(a) for a in game.actions]
    record["actions"][-1] = ["beaver"]
    with pytest.raises(Exception) as err:
        encode_game(record)
    assert err.value.params["reason"] == "record" and err.value.params["detail"] == "max_cube"


# --- an empty set of dice ------------------------------------------------------------------------
def test_an_empty_set_of_dice_is_written_in_a_form_every_reader_accepts():
    from nardy_core.linkcode import decode_state, encode_state
    from nardy_core.records import export_match, import_match
    variant = get_variant("long", {"head_exception_rolls": frozenset()})
    text = "long[head_exception_rolls=none] 24:15 24:15 w 33 - money first:wb"
    state = (variant.initial_position(turn=0, dice=(3, 3)), CubeState(), None)
    assert format_state(*state) == text
    assert format_state(*parse_state(text)) == text
    assert format_state(*decode_state(encode_state(*parse_state(text)))) == text
    game = Game(variant, seed=4)
    record = {"v": 1, "game": "long", "options": game.to_dict()["options"], "length": 0,
              "seed": "x", "players": ["human", "human"], "games": [game.actions]}
    assert record["options"] == {"head_exception_rolls": "none"}
    assert import_match(export_match(record))["options"] == {"head_exception_rolls": "none"}
    # what earlier versions wrote (an empty value) still reads as the empty set
    assert get_variant("long", {"head_exception_rolls": ""}).options[
        "head_exception_rolls"] == frozenset()
