"""Game, cube and match rules: the worked examples ST1, SS1-SS8 and LS1-LS5 of CORE_RULES.md."""

import pytest

from nardy_core import BLACK, WHITE, Position, get_variant
from nardy_core.engine.cube import CubeState
from nardy_core.engine.errors import GameStateError, IllegalMoveError
from nardy_core.engine.game import DOUBLE, MOVE, OVER, ROLL, Game
from nardy_core.engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, Match, MatchScore
from nardy_core.engine.position import side_from
from nardy_core.formats.record import game_from_record, game_record


def pos(game, white, black, turn=WHITE, dice=None, **kw):
    variant = game if not isinstance(game, str) else get_variant(game)
    return Position(variant, (side_from(**white), side_from(**black)), turn=turn, dice=dice, **kw)


def finish(game, dice=(6, 5)):
    """Roll and play the first legal play until the game is over."""
    while not game.is_over:
        if game.phase == ROLL:
            game.roll(dice)
        else:
            game.play(game.legal_plays()[0])
    return game.result


# White needs one roll to finish: a checker on his 1-point, 14 off
WHITE_LAST = {"points": {1: 1}, "off": 14}


# --- ST1: the opening throw ----------------------------------------------------------------------
def test_st1_higher_die_moves_first_with_both_dice():
    game = Game("short", seed=1, throw_opening=False)
    game.opening(throws=[(3, 5)])
    assert game.phase == MOVE
    assert game.position.turn == BLACK and game.position.dice == (5, 3)


def test_st1_tie_is_thrown_again_and_doubles_cube_with_automatic_doubles():
    game = Game(get_variant("short", {"automatic_doubles": 1}), throw_opening=False)
    game.opening(throws=[(4, 4), (2, 6)])
    assert game.cube == CubeState(2, None)
    assert game.position.turn == BLACK and game.position.dice == (6, 2)
    plain = Game("short", throw_opening=False)
    plain.opening(throws=[(4, 4), (2, 6)])
    assert plain.cube == CubeState(1, None)


def test_long_lot_winner_takes_white_and_rolls_again():
    game = Game("long", throw_opening=False)
    game.opening(throws=[(2, 5)])  # player 1 wins the lot
    assert game.players == (1, 0)
    assert game.position.turn == WHITE and game.phase == ROLL
    lot = Game(get_variant("long", {"first_move_dice": "lot_dice"}), throw_opening=False)
    lot.opening(throws=[(6, 1)])
    assert lot.phase == MOVE and lot.position.dice == (6, 1)


# --- SS1-SS3: results and the Jacoby rule --------------------------------------------------------
def test_ss1_backgammon_scores_three():
    start = pos("short", WHITE_LAST, {"points": {19: 14}, "bar": 1}, dice=(2, 1))
    game = Game("short", position=start)
    game.play(game.legal_plays()[0])
    assert (game.result.winner, game.result.kind, game.result.points) == (WHITE, "backgammon", 3)


def test_ss2_jacoby_without_a_double_scores_single():
    variant = get_variant("short", {"jacoby": True})
    start = pos(variant, WHITE_LAST, {"points": {19: 14}, "bar": 1}, dice=(2, 1))
    game = Game(variant, position=start)
    game.play(game.legal_plays()[0])
    assert game.result.points == 1


def test_ss3_jacoby_with_cube_turned_counts_the_gammon():
    variant = get_variant("short", {"jacoby": True})
    start = pos(variant, WHITE_LAST, {"points": {6: 15}}, dice=(2, 1))
    game = Game(variant, position=start, cube=CubeState(2, BLACK))
    game.play(game.legal_plays()[0])
    assert (game.result.kind, game.result.points) == ("gammon", 4)


def test_jacoby_does_not_apply_in_match_play():
    variant = get_variant("short", {"jacoby": True})
    start = pos(variant, WHITE_LAST, {"points": {6: 15}}, dice=(2, 1))
    game = Game(variant, position=start, match=MatchScore(5, (0, 0)))
    game.play(game.legal_plays()[0])
    assert game.result.points == 2


# --- SS4-SS5: doubles, takes, drops, ownership ---------------------------------------------------
MIDGAME = ({"points": {13: 5, 8: 5, 6: 5}}, {"points": {13: 5, 8: 5, 6: 5}})


def test_ss4_redouble_and_drop():
    game = Game("short", position=pos("short", *MIDGAME, turn=BLACK), cube=CubeState(2, BLACK))
    game.double()
    assert game.phase == DOUBLE
    game.drop()
    assert (game.result.winner, game.result.points, game.result.reason) == (BLACK, 2, "drop")


def test_ss4_redouble_and_take_moves_the_cube():
    game = Game("short", position=pos("short", *MIDGAME, turn=BLACK), cube=CubeState(2, BLACK))
    game.double()
    game.take()
    assert game.cube == CubeState(4, WHITE)
    assert game.phase == ROLL and game.position.turn == BLACK
    with pytest.raises(IllegalMoveError) as err:
        game.double()
    assert err.value.code == "cube_owned"


def test_ss5_only_the_owner_may_redouble_and_only_before_rolling():
    game = Game("short", position=pos("short", *MIDGAME, turn=BLACK), cube=CubeState(2, WHITE))
    assert not game.can_double()
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    assert game.position.turn == WHITE and game.can_double()
    game.roll((3, 1))
    with pytest.raises(IllegalMoveError):
        game.double()


def test_max_cube_and_beaver():
    variant = get_variant("short", {"max_cube": 4, "beaver": True})
    game = Game(variant, position=pos(variant, *MIDGAME), cube=CubeState(4, WHITE))
    assert game.double_refusal()[0] == "max_cube"
    game = Game(variant, position=pos(variant, *MIDGAME))
    game.double()
    game.beaver()
    assert game.cube == CubeState(4, BLACK)
    match_game = Game(variant, position=pos(variant, *MIDGAME), match=MatchScore(5))
    match_game.double()
    assert not match_game.can_beaver()


def test_cube_disabled_game_cannot_double():
    variant = get_variant("short", {"cube_enabled": False})
    game = Game(variant, position=pos(variant, *MIDGAME))
    assert game.double_refusal()[0] == "cube_disabled"
    assert not Game("long").can_double()


def test_long_nardy_cube_when_enabled_scores_mars_times_cube():
    variant = get_variant("long", {"cube_enabled": True})
    start = pos(variant, WHITE_LAST, {"points": {24: 1, 13: 14}}, dice=(2, 1))
    game = Game(variant, position=start, cube=CubeState(2, BLACK))
    game.play(game.legal_plays()[0])
    assert (game.result.kind, game.result.points) == ("mars", 4)


def test_resignation_accepted_and_declined():
    game = Game("short", position=pos("short", *MIDGAME), cube=CubeState(2, BLACK))
    game.resign("gammon")
    game.decline_resignation()
    assert game.phase == ROLL
    game.resign("gammon")
    game.accept_resignation()
    assert (game.result.winner, game.result.points, game.result.reason) == (BLACK, 4, "resign")
    with pytest.raises(IllegalMoveError):
        Game("long", position=pos("long", {"points": {24: 15}}, {"points": {24: 15}})).resign(
            "koks"
        )


def test_actions_in_the_wrong_phase_raise_typed_errors():
    game = Game("short", position=pos("short", *MIDGAME))
    with pytest.raises(GameStateError):
        game.take()
    game.roll((6, 5))
    with pytest.raises(GameStateError):
        game.roll((1, 2))
    assert isinstance(GameStateError("x"), ValueError)


# --- SS6-SS8: match play and the Crawford rule ---------------------------------------------------
def _set_game(match, white, black, dice=(2, 1), cube=None):
    players = match.game.players
    match.game = Game(
        match.variant,
        position=pos(match.variant, white, black, dice=dice),
        match=match.score_for(players),
        players=players,
        cube=cube,
    )
    return match.game


def test_ss6_match_over_when_the_length_is_reached():
    match = Match("short", length=5, seed=1)
    match.score = [3, 1]
    finish(_set_game(match, WHITE_LAST, {"points": {6: 15}}))
    assert match.game.result.points == 2
    assert match.next_game() is None and match.is_over and match.score == [5, 1]


def test_ss7_crawford_game_then_post_crawford():
    match = Match("short", length=5, seed=1)
    match.score = [3, 2]
    finish(_set_game(match, WHITE_LAST, {"points": {6: 14}, "off": 1}))
    match.next_game()
    assert match.score == [4, 2] and match.crawford == CRAWFORD
    assert match.game.match.crawford == CRAWFORD
    game = _set_game(match, {"points": {13: 15}}, {"points": {1: 1}, "off": 14}, dice=None)
    game.position = game.position.replace(turn=BLACK)
    assert game.double_refusal()[0] == "crawford"
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert game.result.points == 2
    match.next_game()
    assert match.score == [4, 4] and match.crawford == POST_CRAWFORD
    assert match.game.match.crawford == POST_CRAWFORD


def test_ss8_points_beyond_the_length():
    match = Match("short", length=5, seed=1)
    match.score = [2, 2]
    finish(_set_game(match, WHITE_LAST, {"points": {6: 15}}, cube=CubeState(2, BLACK)))
    match.next_game()
    assert match.score == [6, 2] and match.is_over and match.winner == 0


def test_crawford_off_and_one_point_match():
    match = Match(get_variant("short", {"crawford": False}), length=3, seed=2)
    match.score = [1, 0]
    finish(_set_game(match, WHITE_LAST, {"points": {6: 14}, "off": 1}))
    match.next_game()
    assert match.crawford == PRE_CRAWFORD
    one = Match("short", length=1, seed=3)
    assert one.crawford == PRE_CRAWFORD


# --- LS1-LS5: long-nardy results -------------------------------------------------------------
def _long_end(black, options=None, dice=(2, 1)):
    variant = get_variant("long", options or {})
    game = Game(variant, position=pos(variant, WHITE_LAST, black, dice=dice))
    game.play(game.legal_plays()[0])
    return game


def test_ls1_oin():
    r = _long_end({"points": {13: 12}, "off": 3}).result
    assert (r.kind, r.points) == ("oin", 1)


def test_ls2_mars_and_home_mars():
    assert _long_end({"points": {13: 15}}).result.kind == "mars"
    assert _long_end({"points": {6: 15}}).result.points == 2  # home mars scores 2 by default
    game = _long_end({"points": {6: 15}}, {"home_mars_points": 3})
    assert (game.result.kind, game.result.points) == ("home_mars", 3)


def test_ls3_koks_by_option():
    black = {"points": {24: 1, 13: 14}}
    assert _long_end(black).result.kind == "mars"
    game = _long_end(black, {"koks_rule": "head"})
    assert (game.result.kind, game.result.points) == ("koks", 3)


def test_ls4_last_roll_draw():
    options = {"last_roll_draw": True}
    black = {"points": {3: 1, 1: 1}, "off": 13}  # each side in its own numbering
    game = _long_end(black, options)
    assert game.phase == ROLL and game.position.turn == BLACK and game.position.last_roll
    game.roll((3, 1))
    game.play("3/off 1/off")
    assert game.result.winner is None and game.result.points == 0.5
    game = _long_end(black, options)
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert (game.result.winner, game.result.kind, game.result.points) == (WHITE, "oin", 1)
    each = _long_end(black, {"last_roll_draw": True, "draw_points": "one_each"})
    each.roll((3, 1))
    each.play("3/off 1/off")
    assert each.result.points == 1


def test_ls5_draw_eval():
    black = {"points": {2: 2, 1: 13}}  # own points: Black's home is his 1-6
    for option, points in (("after_last_roll", 1), ("at_white_finish", 2)):
        variant = get_variant("long", {"last_roll_draw": True, "draw_eval": option})
        start = Position(variant, (side_from(**WHITE_LAST), side_from(**black)), dice=(2, 1))
        game = Game(variant, position=start)
        game.play(game.legal_plays()[0])
        game.roll((2, 1))
        game.play(game.legal_plays()[0])
        assert game.result.winner == WHITE and game.result.points == points, option


def test_black_finishing_first_wins_at_once_with_last_roll_draw():
    variant = get_variant("long", {"last_roll_draw": True})
    start = Position(
        variant, (side_from({13: 15}), side_from(**WHITE_LAST)), turn=BLACK, dice=(2, 1)
    )
    game = Game(variant, position=start)
    game.play(game.legal_plays()[0])
    assert game.phase == OVER and game.result.winner == BLACK


# --- matches: who starts -----------------------------------------------------------------------
def test_long_match_alternates_colours():
    match = Match("long", length=3, seed=5)
    first = match.game.players
    match.score = [0, 0]
    finish(_set_game(match, WHITE_LAST, {"points": {13: 14}, "off": 1}))
    match.next_game()
    assert match.game.players == (first[1], first[0])
    assert match.game.phase == ROLL and match.game.position.turn == WHITE


def test_long_match_winner_starts_option():
    match = Match(get_variant("long", {"next_game_starter": "winner"}), length=3, seed=5)
    finish(_set_game(match, WHITE_LAST, {"points": {13: 14}, "off": 1}))
    winner = match.game.players[WHITE]
    match.next_game()
    assert match.game.players[WHITE] == winner


def test_random_games_finish_and_seeds_replay():
    a = Game("short", seed="same")
    b = Game("short", seed="same")
    assert a.position == b.position
    rolls_a = [a.dice.roll() for _ in range(20)]
    rolls_b = [b.dice.roll() for _ in range(20)]
    assert rolls_a == rolls_b


# --- saving and restoring ------------------------------------------------------------------------
def _random_game(key, seed, stop_after, rng_seed=0):
    import random

    rng = random.Random(rng_seed)
    game = Game(key, seed=seed)
    for _ in range(stop_after):
        if game.is_over:
            break
        if game.phase == ROLL:
            if game.can_double() and rng.random() < 0.1:
                game.double()
                game.take()
            else:
                game.roll()
        elif game.phase == MOVE:
            game.play(rng.choice(game.legal_plays()))
    return game


@pytest.mark.parametrize("key", ["long", "short", "caucasian"])
@pytest.mark.parametrize("stop_after", [0, 7, 40, 1000])
def test_game_record_restores_the_exact_game(key, stop_after):
    import json

    game = _random_game(key, f"save/{key}", stop_after)
    data = json.loads(json.dumps(game_record(game)))
    again = game_from_record(data)
    assert again.position == game.position and again.phase == game.phase
    assert again.cube == game.cube and again.players == game.players
    assert again.actions == game.actions
    if game.is_over:
        assert again.result.to_dict() == game.result.to_dict()
    elif game.phase == ROLL:
        assert again.roll() == game.roll()  # the dice go on from the same point: no reroll


def test_game_record_from_a_set_up_position():
    start = pos("short", *MIDGAME, dice=(3, 1))
    game = Game("short", position=start, cube=CubeState(2, BLACK), seed="s")
    game.play(game.legal_plays()[0])
    again = game_from_record(game_record(game))
    assert again.position == game.position and again.cube == game.cube


def test_a_record_with_a_play_out_of_place_is_rejected():
    game = _random_game("short", "bad", 5)
    data = game_record(game)
    data["actions"].insert(1, ["play", [[24, 18, 6, False]]])
    with pytest.raises(GameStateError):
        game_from_record(data)


def test_mutated_records_raise_only_typed_errors():
    import json
    import random

    from nardy_core.engine.errors import NardyError

    rng = random.Random(7)
    text = json.dumps(game_record(_random_game("short", "fuzz", 30)))
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice('0123456789[]{}",:abcdefnulltrue ')
        try:
            data = json.loads("".join(chars))
        except ValueError:
            continue
        try:
            game_from_record(data)
        except NardyError:
            pass
