"""Tawula and tourne-case (VARIANT_RULES.md §3.2, §3.11): the spec's vectors, scenarios that the
vector files do not hold, the ROWS12 board mapping, and properties of random games (checker
counts, shared points, the step interface against the legal plays, notation, link codes, game
records)."""

from __future__ import annotations

import os
import random

import pytest

from conftest import DATA
from nardy_core.engine.game import MOVE, ROLL, Game
from nardy_core.engine.geometry import ROWS12, ROWS12_CONTRARY, absolute_point
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.position import BAR, HAND, Position, side_from
from nardy_core.engine.turn import Turn
from nardy_core.engine.variant import Outcome
from nardy_core.formats.linkcode import TAGS, decode_game, decode_state, encode_game, encode_state
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.formats.records import export_match, import_match
from nardy_core.referee import hand as referee_hand
from nardy_core.referee.vectors import check_file
from nardy_core.variants import VARIANTS, get_variant
from nardy_core.variants.i18n import game_name

RULES = os.path.join(DATA, "variant_vectors")  # copies of the spec's files (test_vectors.py)
GAMES = ("tawula", "tourne_case")


# --- declarations ------------------------------------------------------------------------------
def test_registered_with_names_group_and_options():
    for key in GAMES:
        cls = VARIANTS[key]
        assert (
            cls.group == "historical"
            and cls.names["en"]
            and game_name(cls, "ru") != cls.names["en"]
        )
        assert key in TAGS
    tawula = get_variant("tawula")
    assert tawula.options.values == {
        "tawula_entry": "SRC",
        "tawula_far_cap": 2,
        "tawula_head": 13,
        "tawula_open_rule": "BROAD",
        "tawula_capote": "AT_LEAST_ONE",
        "tawula_lock_lift": "MID_TURN",
        "next_game_starter": "opening_roll",
    }
    tourne = get_variant("tourne_case")
    assert tourne.options.values == {
        "tourne_rows": "PARALLEL",
        "tourne_dice": "BOTH",
        "tourne_overshoot": False,
        "next_game_starter": "opening_roll",
    }
    assert tourne.checkers == 3 and tourne.track_length == 12
    assert get_variant("tourne_case", {"tourne_rows": "CONTRARY"}).geometry == ROWS12_CONTRARY
    start = tawula.initial_position()
    assert start.sides[0][24] == 2 and start.sides[0][HAND] == 13
    assert tourne.initial_position().sides[1][HAND] == 3


@pytest.mark.parametrize("game", GAMES)
def test_spec_vectors(game):
    results = check_file(os.path.join(RULES, f"{game}.json"))
    assert results and all(r.ok for r in results), [r.id for r in results if not r.ok]


# --- the ROWS12 board mapping ------------------------------------------------------------------
@pytest.mark.parametrize(
    "geometry,black_faces", [(ROWS12, lambda k: k), (ROWS12_CONTRARY, lambda k: 13 - k)]
)
def test_rows_face_each_other_on_the_board(geometry, black_faces):
    # row point k is own point 13 - k; White's row is board 12…1, Black's the top half;
    # board point b faces 25 - b
    white = [absolute_point(geometry, 0, 13 - k) for k in range(1, 13)]
    black = [absolute_point(geometry, 1, 13 - k) for k in range(1, 13)]
    assert white == list(range(12, 0, -1))
    assert sorted(black) == list(range(13, 25))
    for k in range(1, 13):
        assert black[black_faces(k) - 1] == 25 - white[k - 1]


# --- scenarios ---------------------------------------------------------------------------------
def tc(me, opp, dice, options=None, me_extra=None, opp_extra=None):
    """A tourne-case position from row points (the spec's numbering), White to move."""
    variant = get_variant("tourne_case", options or {})

    def side(points, extra):
        return side_from({13 - k: n for k, n in points.items()}, **(extra or {}))

    return Position(variant, (side(me, me_extra), side(opp, opp_extra)), dice=dice)


def rows_after(play):
    return {13 - p: n for p, n in enumerate(play.mover_side) if 1 <= p <= 12 and n}


def test_tourne_case_overshoot_and_contrary_rows():
    # no overshoot: 10 with a 5 cannot move, 4 may enter on... nothing (own checkers before it)
    pos = tc({10: 1, 11: 1, 12: 1}, {}, (5, 4), opp_extra={"hand": 3})
    assert [p.steps for p in legal_plays(pos)] == [()]
    over = tc({10: 1, 11: 1, 12: 1}, {}, (5, 4), {"tourne_overshoot": True}, opp_extra={"hand": 3})
    assert {tuple(sorted(rows_after(p).items())) for p in legal_plays(over)} == {((12, 3),)}
    # contrary rows: 4/7 hits the opponent's 6
    pos = tc(
        {4: 1},
        {6: 1},
        (3, 1),
        {"tourne_rows": "CONTRARY"},
        me_extra={"hand": 2},
        opp_extra={"hand": 2},
    )
    hits = [p for p in legal_plays(pos) if any(s[3] for s in p.steps)]
    assert hits and all(p.opponent_side[BAR] == 1 for p in hits)


def test_tourne_case_contrary_rows_never_hit_the_home_point():
    # §3.2: checkers on 12 can never be hit. With contrary rows row point 1 faces the
    # opponent's home point: a 1 entering there leaves his checker where it is, in the
    # engine and in the referee alike
    pos = tc(
        {8: 1},
        {12: 1},
        (4, 1),
        {"tourne_rows": "CONTRARY"},
        me_extra={"hand": 2},
        opp_extra={"hand": 2},
    )
    plays = {str(p): p for p in legal_plays(pos)}
    assert set(plays) == {"hand/12 hand/9", "hand/12 5/1", "hand/8", "hand/9 5/4"}
    assert all(p.opponent_side[1] == 1 and not any(s[3] for s in p.steps) for p in plays.values())
    with pytest.raises(referee_hand.Violation):  # the old, wrong hit
        after = (side_from({12: 1, 5: 1}, hand=1), side_from({}, bar=1, hand=2))
        referee_hand.check_turn(pos, [(26, 12, 1, True), (5, 1, 4, False)], after)
    # parallel rows: row point 1 faces the opponent's row point 1, which a 1 does hit
    pos = tc({8: 1}, {1: 1}, (4, 1), me_extra={"hand": 2}, opp_extra={"hand": 2})
    assert "hand/12*" in {str(p).split()[0] for p in legal_plays(pos)}


def test_tourne_case_lower_die_only_and_double_once():
    pos = tc({}, {}, (6, 6), me_extra={"hand": 3}, opp_extra={"hand": 3})
    assert sorted(len(p.steps) for p in legal_plays(pos)) == [1]
    lower = tc(
        {}, {}, (5, 2), {"tourne_dice": "LOWER"}, me_extra={"hand": 3}, opp_extra={"hand": 3}
    )
    assert [[s[2] for s in p.steps] for p in legal_plays(lower)] == [[2]]


def test_tourne_case_game_scores_1_or_2():
    variant = get_variant("tourne_case")
    # White's third checker reaches home; Black has one in hand -> 2
    pos = tc({12: 2, 9: 1}, {5: 1, 3: 1}, (3, 1), opp_extra={"hand": 1})
    game = Game(variant, position=pos)
    game.play("4/1")
    assert game.is_over and game.result.points == 2 and game.result.kind == "double"
    pos = tc({12: 2, 9: 1}, {5: 1, 3: 1, 1: 1}, (3, 1))
    game = Game(variant, position=pos)
    game.play("4/1")
    assert game.result.points == 1 and game.result.kind == "single"


def test_tawula_capote_through_the_game():
    variant = get_variant("tawula")
    me = side_from({6: 5, 5: 5, 3: 4}, off=1)
    opp = side_from({16: 1, 6: 7, 5: 7})
    game = Game(variant, position=Position(variant, (me, opp), dice=(2, 6)))
    game.play("6/4* 6/off")
    assert game.is_over and (game.result.kind, game.result.points, game.result.winner) == (
        "capote",
        7,
        0,
    )


def test_tawula_hand_entry_steps_and_undo():
    variant = get_variant("tawula")
    pos = variant.initial_position(dice=(6, 3))
    turn = Turn(pos)
    assert sorted(tuple(s)[:2] for s in turn.legal_steps()) == [(26, 19), (26, 22)]
    turn.move(26, 22)
    assert sorted(tuple(s)[:2] for s in turn.legal_steps()) == [(22, 16), (26, 19)]
    assert turn.board[0][0][HAND] == 12
    turn.undo()
    assert turn.board[0][0][HAND] == 13
    turn.move(26, 19)
    turn.move(19, 16)
    assert turn.is_complete and turn.play().notation() == "hand/16"


def test_tawula_far_cap_option_and_deadlock_draw():
    variant = get_variant("tawula", {"tawula_far_cap": 1})
    me = side_from({24: 2, 18: 1, 16: 1}, hand=11)
    opp = side_from({24: 2}, hand=13)
    plays = legal_plays(Position(variant, (me, opp), dice=(2, 1)))
    assert all(p.mover_side[16] <= 1 and p.mover_side[17] <= 1 for p in plays)
    # both sides with a checker on the bar and their own starting tables full: a draw
    full = {24: 2, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2}
    white = side_from(full, bar=1, off=2)
    black = side_from(full, bar=1, off=2)
    game = Game(variant, position=Position(variant, (white, black)))
    game.roll((3, 1))  # nothing enters: the pass ends the game
    assert game.is_over and game.result.winner is None and game.result.points == 0


# --- properties of random games ----------------------------------------------------------------
def reachable(position):
    """Every complete play the step interface builds, as frames."""
    turn = Turn(position)
    found = set()

    def walk():
        steps = turn.legal_steps()
        if turn.is_complete:
            found.add(turn.play().frame)
        assert steps or turn.is_complete, "a dead end offered by the step interface"
        for step in steps:
            turn.step(step)
            walk()
            turn.undo()

    walk()
    return found


def random_game(key, seed, options=None):
    rng = random.Random(seed)
    game = Game(get_variant(key, options or {}), seed=f"hand/{seed}")
    seen = []
    while not game.is_over and len(game.actions) < 400:
        if game.phase == ROLL:
            game.roll()
            continue
        assert game.phase == MOVE
        seen.append(game.position)
        game.play(rng.choice(game.legal_plays()))
    return game, seen


OPTION_SETS = {
    "tawula": [
        {},
        {
            "tawula_entry": "FALKENER",
            "tawula_far_cap": 1,
            "tawula_head": 19,
            "tawula_open_rule": "NARROW",
            "tawula_capote": "EXACTLY_ONE",
            "tawula_lock_lift": "NEXT_TURN",
        },
    ],
    "tourne_case": [
        {},
        {"tourne_rows": "CONTRARY", "tourne_overshoot": True},
        {"tourne_dice": "LOWER"},
    ],
}


@pytest.mark.parametrize("key", GAMES)
def test_random_games_properties(key):
    games = 6 if key == "tawula" else 20
    for options in OPTION_SETS[key]:
        for seed in range(games):
            game, seen = random_game(key, seed, options)
            variant = game.variant
            for index, position in enumerate(seen):
                referee_hand.check_position(position)  # counts, no shared / facing points
                if index % (7 if key == "tawula" else 1) == 0:
                    plays = {p.frame for p in legal_plays(position)}
                    assert reachable(position) == plays
                text = format_state(position)
                assert parse_state(text)[0] == position
                assert decode_state(encode_state(position))[0] == position
            record = game_record(game)
            again = game_from_record(record)
            assert again.position == game.position and again.actions == game.actions
            code = encode_game(record)
            assert code.startswith(TAGS[key] + "~")
            decoded = decode_game(code)
            assert game_from_record(decoded).position == game.position
            assert variant.checkers == sum(game.position.sides[0])


@pytest.mark.parametrize("key", GAMES)
def test_match_record_round_trip(key):
    from nardy_core.engine.match import Match

    variant = get_variant(key)
    match = Match(variant, length=3, seed=f"hand-records/{key}", throw_opening=False)
    rng = random.Random(5)
    for _ in range(3):
        game = match.game
        while not game.is_over:
            if game.phase == "opening":
                game.opening()
            elif game.phase == ROLL:
                game.roll()
            else:
                game.play(rng.choice(game.legal_plays()))
        if match.next_game() is None:
            break
    games = [g.actions for g in match.games] + ([match.game.actions] if match.game else [])
    record = {
        "v": 1,
        "game": key,
        "options": {},
        "length": 3,
        "seed": match.seed,
        "players": ["human", "human"],
        "games": [[list(a) for a in g] for g in games],
    }
    text = export_match(record)
    assert export_match(import_match(text)) == text


@pytest.mark.parametrize("key", GAMES)
def test_selfplay_referee_finds_no_violation(key):
    from nardy_core.referee.selfplay import selfplay

    count = 12 if key == "tawula" else 60
    for options in OPTION_SETS[key]:
        report = selfplay(get_variant(key, options), count, seed=3)
        assert not report.violations and report.games == count, report.violations


def test_referee_catches_a_wrong_play():
    pos = tc({}, {}, (5, 3), me_extra={"hand": 3}, opp_extra={"hand": 3})
    # hand/3 then hand/5 passes the checker on 3 (TC-1)
    with pytest.raises(referee_hand.Violation):
        after = (side_from({13 - 3: 1, 13 - 5: 1}, hand=1), pos.sides[1])
        referee_hand.check_turn(pos, [(26, 10, 3, False), (26, 8, 5, False)], after)
    tw = get_variant("tawula")
    start = tw.initial_position(dice=(6, 3))
    with pytest.raises(referee_hand.Violation):  # the locked pair
        after = (side_from({24: 1, 21: 1, 18: 1}, hand=12), start.sides[1])
        referee_hand.check_turn(start, [(24, 21, 3, False), (26, 19, 6, False)], after)


@pytest.mark.parametrize(
    "key, outcome",
    [
        ("tawula", lambda self, position, winner: Outcome(winner, "single", 2)),  # worth 1
        ("tourne_case", lambda self, position, winner: Outcome(winner, "single", 1)),  # no double
    ],
)
def test_selfplay_referee_catches_a_wrong_result(monkeypatch, key, outcome):
    # an engine that scores the end wrongly is caught by the self-play loop's hand referee
    from nardy_core.referee.selfplay import selfplay

    monkeypatch.setattr(VARIANTS[key], "outcome", outcome)
    report = selfplay(get_variant(key), 6, seed=3)
    assert report.violations and all("expected" in v for v in report.violations)
