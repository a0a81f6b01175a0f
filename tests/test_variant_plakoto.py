"""Plakoto (VARIANT_RULES.md §3.7): the spec's scenarios as exact result sets, the vector file,
the mother-checker end, the draw and the scoring through ``Game`` and ``Match``, properties of
random positions (checker counts, shared points only where a pin is, pinned checkers never move,
plays reachable step by step and back, notation, link codes, records) and the referee."""

import json
import os
import random

import pytest

from conftest import DATA
from helpers import all_step_sequences
from nardy_core.engine.errors import NardyError, PositionError
from nardy_core.engine.frame import F_PIN, PIN_MINE, PIN_THEIRS, SH, to_frame
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.match import Match
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.playnotation import find_play
from nardy_core.engine.position import BLACK, WHITE, Position, side_from
from nardy_core.engine.turn import Turn
from nardy_core.formats import linkcode
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.formats.records import export_match, import_match, replay_match
from nardy_core.referee import plakoto as referee_plakoto
from nardy_core.referee.core import Violation
from nardy_core.referee.selfplay import selfplay
from nardy_core.referee.vectors import check_file, turn_outcomes
from nardy_core.variants import VARIANTS, Plakoto, get_variant
from nardy_core.variants.i18n import game_name

VECTORS = os.path.join(DATA, "variant_vectors", "plakoto.json")


def position(
    white,
    black,
    dice,
    turn=WHITE,
    white_pins=(),
    black_pins=(),
    options=None,
    white_off=0,
    black_off=0,
):
    """Each side in its own numbering (Black's n is White's 25 - n)."""
    variant = get_variant("plakoto", options or {})
    return Position(
        variant,
        (side_from(white, off=white_off), side_from(black, off=black_off)),
        turn=turn,
        dice=dice,
        pins=(frozenset(white_pins), frozenset(black_pins)),
    )


def results(p):
    """The turn's outcomes as (mover points, mover pins, opponent points, opponent pins,
    mover off, end), each side in its own numbering."""
    out = set()
    for key in turn_outcomes(p):
        data = json.loads(key)
        end = data.get("end")
        me, opp = data["mover"], data["opponent"]
        out.add(
            (
                pts(me["points"]),
                tuple(me.get("pinned", ())),
                pts(opp["points"]),
                tuple(opp.get("pinned", ())),
                me.get("off", 0),
                None if end is None else (end["winner"], end["points"]),
            )
        )
    return out


def pts(points):
    return tuple(sorted((int(k), v) for k, v in points.items()))


def play_text(game, text):
    return game.play(find_play(game.position, text))


# --- declaration ----------------------------------------------------------------------------------
def test_registered_with_its_names_and_options():
    assert VARIANTS["plakoto"] is Plakoto
    v = get_variant("plakoto")
    assert (v.names["en"], game_name(v, "ru")) == ("Plakoto", "Плакото") and v.group == "tavli"
    assert v.options["bear_off_requires_unpinned"] is True
    assert v.options["next_game_starter"] == "winner"
    assert v.cube_enabled is False and v.opening == "reroll"
    start = v.initial_position()
    assert start.sides[WHITE] == start.sides[BLACK] == side_from({24: 15})
    assert v.resign_levels() == [("single", 1), ("gammon", 2)]
    assert linkcode.TAGS["plakoto"] == "pl"


def test_the_vector_file_passes():
    got = check_file(VECTORS)
    assert len(got) >= 13
    assert [r.id for r in got if not r.ok] == []


# --- the spec's scenarios -------------------------------------------------------------------------
def test_pl1_landing_on_a_blot_pins_it_and_a_touchdown_pins_then_releases():
    p = position({24: 14, 20: 1}, {24: 14, 6: 1}, (2, 1))
    got = results(p)
    # 20/19^ pins Black's B6 (= W19); 20/19^/17 pins on the touchdown and moves on, releasing it
    assert (pts({24: 13, 22: 1, 19: 1}), (), pts({24: 14, 6: 1}), (6,), 0, None) in got
    assert (pts({24: 14, 17: 1}), (), pts({24: 14, 6: 1}), (), 0, None) in got
    assert got == {
        (pts({24: 13, 22: 1, 19: 1}), (), pts({24: 14, 6: 1}), (6,), 0, None),
        (pts({24: 14, 17: 1}), (), pts({24: 14, 6: 1}), (), 0, None),
        (pts({24: 13, 23: 1, 18: 1}), (), pts({24: 14, 6: 1}), (), 0, None),
        (pts({24: 12, 23: 1, 22: 1, 20: 1}), (), pts({24: 14, 6: 1}), (), 0, None),
        (pts({24: 13, 21: 1, 20: 1}), (), pts({24: 14, 6: 1}), (), 0, None),
    }
    pin = next(pl for pl in legal_plays(p) if pl.board[1][BLACK])
    assert pin.notation() in ("24/22 20/19*", "20/19* 24/22")
    assert pin.board[1] == (frozenset(), frozenset({6}))
    # the spec's pin mark reads as well as the hit mark the notation writes
    assert find_play(p, "20/19^ 24/22").frame == pin.frame
    assert find_play(p, "20/19^/17").board[1] == (frozenset(), frozenset())


def test_pl2_a_pinned_checker_cannot_move_and_its_point_is_closed_to_its_owner():
    # Black to move; Black's B6 lies pinned under a white checker (W19)
    p = position({24: 14, 19: 1}, {24: 13, 11: 1, 6: 1}, (5, 2), turn=BLACK, black_pins={6})
    for play in legal_plays(p):
        assert all(step[0] != 6 for step in play.steps)  # the pinned checker stays
        assert all(step[1] != 6 for step in play.steps)  # 11/6 is illegal
        assert play.board[1][BLACK] == frozenset({6})
    # White piles on his pinning checker: 24/19 is legal and the pin stays
    w = position({24: 14, 19: 1}, {24: 13, 11: 1, 6: 1}, (5, 3), black_pins={6})
    pile = [pl for pl in legal_plays(w) if pl.mover_side[19] == 2]
    assert pile and all(pl.board[1][BLACK] == {6} for pl in pile)


def test_pl3_two_plain_opposing_checkers_close_a_point_even_for_a_touchdown():
    # B19 = W6 and B16 = W9 are made by Black
    p = position({24: 14, 10: 1}, {24: 11, 19: 2, 16: 2}, (4, 1))
    landings = {step[1] for play in legal_plays(p) for step in play.steps}
    assert 6 not in landings and 9 not in landings
    assert all(play.mover_side[5] == 0 for play in legal_plays(p))  # 10/5 touches 6 or 9


def test_pl4_pinning_the_mother_with_an_empty_head_wins_2_after_the_other_die():
    p = position({24: 1, 12: 14}, {6: 14, 2: 1}, (1, 3), turn=BLACK)
    assert results(p) == {
        (pts({6: 13, 3: 1, 1: 1}), (), pts({24: 1, 12: 14}), (24,), 0, ("mover", 2)),
        (pts({6: 12, 5: 1, 3: 1, 2: 1}), (), pts({24: 1, 12: 14}), (), 0, None),
        (pts({6: 13, 2: 2}), (), pts({24: 1, 12: 14}), (), 0, None),
    }
    game = Game(p.variant, seed=1, position=p.replace(dice=None))
    game.roll((1, 3))
    with pytest.raises(NardyError):  # 2/1 first would end the game with the 3 unplayed
        play_text(game, "2/1")
    play_text(game, "6/3 2/1")
    r = game.result
    assert game.phase == OVER and (r.winner, r.kind, r.points) == (BLACK, "mother", 2)
    assert game.position.pins == (frozenset({24}), frozenset())


def test_pl5_both_mothers_pinned_is_a_draw_through_the_game():
    p = position({24: 1, 12: 14}, {24: 1, 6: 13, 2: 1}, None, turn=BLACK)
    game = Game(p.variant, seed=2, position=p)
    game.roll((1, 2))
    play_text(game, "2/1 6/4")
    assert game.phase == ROLL and game.position.turn == WHITE
    assert game.position.pins == (frozenset({24}), frozenset())  # White's mother, play goes on
    game.roll((6, 5))
    play_text(game, "12/1")
    r = game.result
    assert game.phase == OVER and r.winner is None and (r.kind, r.points) == ("draw", 0)
    assert game.position.pins == (frozenset({24}), frozenset({24}))


def test_pl6_moving_the_last_head_checker_away_wins_at_once():
    p = position({24: 1, 12: 14}, {24: 1, 6: 13, 2: 1}, (1, 2), turn=BLACK)
    wins = {r for r in results(p) if r[5] is not None}
    assert wins == {(pts({22: 1, 6: 13, 1: 1}), (), pts({24: 1, 12: 14}), (24,), 0, ("mover", 2))}
    for text in ("2/1 24/22", "24/22 2/1"):
        game = Game(p.variant, seed=3, position=p)
        play_text(game, text)
        assert (game.result.winner, game.result.kind, game.result.points) == (BLACK, "mother", 2)


def test_pl7_no_bear_off_while_an_own_checker_is_pinned_and_the_option():
    p = position({6: 5, 5: 5, 4: 4, 3: 1}, {24: 14, 22: 1}, (6, 5), white_pins={3})
    assert results(p) == {(pts({6: 5, 5: 5, 4: 4, 3: 1}), (3,), pts({24: 14, 22: 1}), (), 0, None)}
    free = position(
        {6: 5, 5: 5, 4: 4, 3: 1},
        {24: 14, 22: 1},
        (6, 5),
        white_pins={3},
        options={"bear_off_requires_unpinned": False},
    )
    assert results(free) == {
        (pts({6: 4, 5: 4, 4: 4, 3: 1}), (3,), pts({24: 14, 22: 1}), (), 2, None)
    }


def test_the_pinner_leaving_releases_and_a_stack_keeps_the_pin():
    # one white checker on W19 pins B6; it moves on: B6 is free. With two there it stays.
    one = position({24: 14, 19: 1}, {24: 14, 6: 1}, (6, 3), black_pins={6})
    freed = [pl for pl in legal_plays(one) if pl.mover_side[19] == 0]
    assert freed and all(pl.board[1] == (frozenset(), frozenset()) for pl in freed)
    two = position({24: 13, 19: 2}, {24: 14, 6: 1}, (6, 3), black_pins={6})
    assert all(pl.board[1][BLACK] == {6} for pl in legal_plays(two) if pl.mover_side[19] == 1)


def test_the_frame_carries_the_pins_on_both_sides():
    p = position({24: 14, 19: 1}, {24: 14, 6: 1}, None, black_pins={6})
    s = to_frame(p, p.variant.cross)
    assert (s >> SH[F_PIN + 19]) & 3 == PIN_THEIRS
    s_black = to_frame(p.replace(turn=BLACK), p.variant.cross)
    assert (s_black >> SH[F_PIN + 6]) & 3 == PIN_MINE


# --- scoring, cube, match ---------------------------------------------------------------------
def test_normal_wins_score_1_or_2_and_the_cube_multiplies():
    gammon = position({1: 1}, {24: 1, 6: 14}, (2, 1), white_off=14)
    assert ("mover", 2) in {r[5] for r in results(gammon)}
    single = position({1: 1}, {6: 14}, (2, 1), white_off=14, black_off=1)
    assert {r[5] for r in results(single)} == {("mover", 1)}
    cubed = position(
        {24: 1, 12: 13, 1: 1}, {24: 1, 6: 14}, None, black_pins={24}, options={"cube_enabled": True}
    )
    game = Game(cubed.variant, seed=4, position=cubed)
    game.double()
    game.take()
    game.roll((6, 3))
    play_text(game, "12/9 24/18")
    assert (game.result.winner, game.result.kind, game.result.points) == (WHITE, "mother", 4)


def test_match_previous_winner_starts_and_a_draw_reopens():
    rng = random.Random(5)
    match = Match(get_variant("plakoto"), length=7, seed="pl-match")
    seen, starts = set(), 0
    while match.game is not None:
        game = match.game
        while not game.is_over:
            if game.phase == ROLL:
                game.roll()
            else:
                game.play(rng.choice(game.legal_plays()))
        result = game.result
        seen.add(result.kind)
        nxt = match.next_game()
        if nxt is None:
            break
        if result.winner is None:  # AMB-22: an opening throw
            assert nxt.actions and nxt.actions[0][0] == "opening"
        else:  # the previous winner rolls first, no opening throw
            assert nxt.phase == ROLL and not nxt.actions
            assert nxt.players[nxt.position.turn] == game.players[result.winner]
            starts += 1
    assert max(match.score) >= 7 and starts >= 2
    assert seen <= {"single", "gammon", "mother", "draw"}


def test_after_a_draw_the_next_game_opens_with_a_throw():
    match = Match(get_variant("plakoto"), length=3, seed="pl-draw")
    p = position({24: 1, 12: 14}, {24: 1, 6: 12, 4: 1, 1: 1}, None, white_pins={24})
    match.game = Game(p.variant, seed=1, position=p)
    match.game.roll((6, 5))
    play_text(match.game, "12/1")
    assert match.game.result.winner is None
    nxt = match.next_game()
    assert nxt.actions and nxt.actions[0][0] == "opening" and match.score == [0, 0]


# --- properties of random positions -------------------------------------------------------------
def random_positions(seed, count=20, options=None):
    rng = random.Random(seed)
    variant = get_variant("plakoto", options or {})
    game = Game(variant, seed=f"pl/{seed}")
    out = []
    while len(out) < count:
        if game.is_over:
            game = Game(variant, seed=f"pl/{seed}/{len(out)}")
        if game.phase == ROLL:
            game.roll()
            continue
        if game.phase == MOVE:
            if rng.random() < 0.5 or game.position.pins != (frozenset(), frozenset()):
                out.append(game.position)
            game.play(rng.choice(game.legal_plays()))
    return out


def check_board(sides, pins):
    white, black = sides
    for side in sides:
        assert sum(side) == 15 and min(side) >= 0 and side[25] == side[26] == 0
    for q in range(1, 25):
        if white[q] and black[25 - q]:  # only a pinned point holds both colours
            assert (q in pins[WHITE] and white[q] == 1) != (
                25 - q in pins[BLACK] and black[25 - q] == 1
            )
    for colour in (WHITE, BLACK):
        for q in pins[colour]:
            other = sides[1 - colour][25 - q]
            assert sides[colour][q] == 1 and other >= 1


@pytest.mark.parametrize("seed", range(3))
def test_properties_of_random_positions(seed):
    pinned_seen = 0
    for p in random_positions(seed):
        check_board(p.sides, p.pins)
        plays = legal_plays(p)
        frames = {play.frame for play in plays}
        assert len(frames) == len(plays)
        if p.dice[0] != p.dice[1]:  # doubles: the full tree is large, checked below per play
            assert all_step_sequences(Turn(p), set()) == frames
        mine = p.pins[p.turn]
        pinned_seen += bool(mine)
        for play in plays:
            sides, pins = play.board
            check_board(sides, pins)
            assert all(step[0] not in mine for step in play.steps)  # pinned never moves
            assert pins[p.turn] == mine  # the mover cannot free his own checkers
            turn = Turn(p)
            for step in play.steps:
                assert step in [tuple(s) for s in turn.legal_steps()]
                turn.step(step)
            assert turn.is_complete and turn.node[0] == play.frame
            assert find_play(p, play.notation()).frame == play.frame
        text = format_state(p)
        assert parse_state(text)[0] == p
        assert linkcode.decode_state(linkcode.encode_state(p))[0] == p
    assert pinned_seen  # the sample holds positions with the mover's own checker pinned


def test_games_records_and_game_codes_round_trip():
    rng = random.Random(9)
    match = Match(get_variant("plakoto"), length=3, seed="pl/rec")
    while match.game is not None:
        game = match.game
        while not game.is_over:
            if game.phase == ROLL:
                game.roll()
            else:
                game.play(rng.choice(game.legal_plays()))
        code = linkcode.encode_game(game)
        assert code.startswith("pl~")
        assert linkcode.decode_game(code)["actions"] == [
            list(a) for a in game_record(game)["actions"]
        ]
        again = game_from_record(json.loads(json.dumps(game_record(game))))
        assert again.result.to_dict() == game.result.to_dict()
        if match.next_game() is None:
            break
    record = {
        "v": 1,
        "game": "plakoto",
        "options": {},
        "length": 3,
        "seed": "pl/rec",
        "players": ["human", "human"],
        "games": [[list(a) for a in g.actions] for g in match.games],
    }
    text = export_match(record)
    assert '; [Nardy "plakoto"]' in text
    imported = import_match(text)
    assert export_match(imported) == text
    import re

    pins_marked = re.sub(r"(\d)\*", r"\1^", text)  # the spec's pin mark reads the same
    assert pins_marked != text and export_match(import_match(pins_marked)) == text
    replayed = replay_match(imported)
    assert [g.result.to_dict() for g in replayed.games + [replayed.game]] == [
        g.result.to_dict() for g in match.games
    ]


def test_invalid_pins_are_refused():
    from nardy_core.engine.errors import PositionError

    v = get_variant("plakoto")
    ok = position({24: 14, 19: 1}, {24: 14, 6: 1}, None, black_pins={6})
    v.validate(ok)
    for bad in (
        position({24: 14, 19: 1}, {24: 14, 6: 1}, None),  # shared, no pin
        position({24: 13, 19: 2}, {24: 14, 6: 1}, None, white_pins={19}),
        position({24: 14, 18: 1}, {24: 14, 6: 1}, None, black_pins={6}),
    ):
        with pytest.raises(PositionError):
            v.validate(bad)


# --- self-play and the referee ------------------------------------------------------------------
def test_selfplay_judges_plakoto():
    report = selfplay(get_variant("plakoto"), 25, seed=3)
    assert report.violations == [] and report.games == 25
    assert set(report.outcomes) <= {"single", "gammon", "mother", "draw"}
    free = selfplay(get_variant("plakoto", {"bear_off_requires_unpinned": False}), 10, seed=4)
    assert free.violations == []


def test_the_referee_catches_wrong_plays():
    check = referee_plakoto.check_turn
    # PL-1: 20/19^ 24/22 pins Black's B6
    p = position({24: 14, 20: 1}, {24: 14, 6: 1}, (2, 1))
    steps = ((24, 22, 2, False), (20, 19, 1, True))
    sides = (side_from({24: 13, 22: 1, 19: 1}), side_from({24: 14, 6: 1}))
    assert check(p, steps, (sides, (frozenset(), frozenset({6}))))[0] is None
    with pytest.raises(Violation):  # the engine forgot the pin
        check(p, steps, (sides, (frozenset(), frozenset())))
    with pytest.raises(Violation):  # the step does not say it pins
        check(p, ((24, 22, 2, False), (20, 19, 1, False)), (sides, (frozenset(), {6})))
    # touchdown: 20/19^/17 releases the checker it pinned on the way
    moved = (side_from({24: 14, 17: 1}), side_from({24: 14, 6: 1}))
    check(p, ((20, 19, 1, True), (19, 17, 2, False)), (moved, (frozenset(), frozenset())))
    with pytest.raises(Violation):
        check(p, ((20, 19, 1, True), (19, 17, 2, False)), (moved, (frozenset(), {6})))
    # PL-2: the pinned checker moves, or Black lands on his own pinned point
    b = position({24: 14, 19: 1}, {24: 13, 11: 1, 6: 1}, (5, 2), turn=BLACK, black_pins={6})
    with pytest.raises(Violation):
        check(
            b,
            ((6, 4, 2, False),),
            ((b.sides[0], side_from({24: 13, 11: 1, 4: 1})), (frozenset(), frozenset())),
        )
    with pytest.raises(Violation):
        check(
            b,
            ((11, 6, 5, False),),
            ((b.sides[0], side_from({24: 13, 6: 2})), (frozenset(), frozenset({6}))),
        )
    # PL-3: a made point
    m = position({24: 14, 10: 1}, {24: 11, 19: 2, 16: 2}, (4, 1))
    with pytest.raises(Violation):
        check(
            m,
            ((10, 6, 4, False),),
            ((side_from({24: 14, 6: 1}), m.sides[1]), (frozenset(), frozenset())),
        )
    # PL-7: bear-off while pinned
    q = position({6: 5, 5: 5, 4: 4, 3: 1}, {24: 14, 22: 1}, (6, 5), white_pins={3})
    with pytest.raises(Violation):
        check(
            q,
            ((6, 0, 6, False),),
            ((side_from({6: 4, 5: 5, 4: 4, 3: 1}, off=1), q.sides[1]), ({3}, frozenset())),
        )
    # PL-4: the game ends at 2/1^, a step after it is a violation
    w = position({24: 1, 12: 14}, {6: 14, 2: 1}, (1, 3), turn=BLACK)
    end, _ = check(
        w,
        ((6, 3, 3, False), (2, 1, 1, True)),
        ((side_from({24: 1, 12: 14}), side_from({6: 13, 3: 1, 1: 1})), ({24}, frozenset())),
    )
    assert end == ("mother", BLACK)
    with pytest.raises(Violation):
        check(
            w,
            ((2, 1, 1, True), (6, 3, 3, False)),
            ((side_from({24: 1, 12: 14}), side_from({6: 13, 3: 1, 1: 1})), ({24}, frozenset())),
        )


def test_the_referee_catches_a_wrong_end_through_selfplay(monkeypatch):
    # an engine that forgets the mother-checker rule is caught by the self-play referee
    from nardy_core.referee.selfplay import SelfPlayReport, play_one

    monkeypatch.setattr(Plakoto, "mother_outcome", lambda self, position: None)
    monkeypatch.setattr(Plakoto, "finished", lambda self, s: s & 15 == 15)
    report = SelfPlayReport("plakoto")
    caught = 0
    for i in range(40):
        try:
            play_one(get_variant("plakoto"), random.Random(i), f"pl-wrong/{i}", report)
        except Violation:
            caught += 1
    assert caught


def test_positions_without_pins_in_other_games_are_unchanged():
    # the shared frame code is untouched for games without pins
    p = get_variant("short").initial_position(dice=(3, 1))
    assert all(pl.board[1] == (frozenset(), frozenset()) for pl in legal_plays(p))


# --- the board ---------------------------------------------------------------------------------
def test_the_board_draws_a_pinned_checker_under_its_pinners():
    import xml.etree.ElementTree as ET

    from nardy_core.formats.textboard import columns, pinned_points
    from nardy_core.ui.session import HUMAN, Session
    from nardy_core.ui.svg import BOTTOM, TOP, R, render_board
    from nardy_core.ui.text import board_label

    svg = "{http://www.w3.org/2000/svg}"
    # White's two checkers on W19 pin Black's B6 (the same point: White's 19, top row)
    state = "plakoto 24:13,19:2 24:14,6:1p w 31 - money"
    p = parse_state(state)[0]
    assert columns(p)[19] == (WHITE, 2) and pinned_points(p) == {19: BLACK}
    session = Session("plakoto", players=(HUMAN, HUMAN))
    session.match.game = Game(p.variant, position=p)
    view = session.view()
    assert view["points"][19] == (WHITE, 2) and view["pinned"] == {19: BLACK}
    for viewer in (WHITE, BLACK):
        root = ET.fromstring(render_board(view, viewer=viewer))
        group = next(g for g in root.iter(svg + "g") if g.get("data-loc") == "p19")
        circles = [c for c in group.findall(svg + "circle") if c.get("class", "").startswith("ck")]
        assert [c.get("class") for c in circles] == ["ck c1", "ck c0", "ck c0"]
        pinned = circles[0]
        assert pinned.get("data-pinned") == "1" and "stroke-dasharray" in pinned.get("style")
        assert not any(c.get("data-pinned") for c in circles[1:])
        # the pinned checker at the base, the pinners stacked on it towards the middle
        ys = [float(c.get("cy")) for c in circles]
        base = TOP if viewer == WHITE else BOTTOM  # White's 19 is on the viewer's top or bottom
        assert abs(ys[0] - base) == R and [abs(y - ys[0]) for y in ys] == [0, 2 * R, 4 * R]
        assert circles[-1].get("data-top") == "1"
        assert "pinned" in group.get("aria-label") and "2 white" in group.get("aria-label")
    ru = ET.fromstring(render_board(view, label=board_label("ru")))
    group = next(g for g in ru.iter(svg + "g") if g.get("data-loc") == "p19")
    assert "закрыта" in group.get("aria-label")
    # a point without a pin draws no pinned checker anywhere
    plain = ET.fromstring(render_board(Session("plakoto", players=(HUMAN, HUMAN)).view()))
    assert not [c for c in plain.iter(svg + "circle") if c.get("data-pinned")]


def test_the_board_shows_a_pin_made_during_the_turn():
    from nardy_core.ui.session import HUMAN, Session

    p = position({24: 14, 20: 1}, {24: 14, 6: 1}, (2, 1))
    session = Session("plakoto", players=(HUMAN, HUMAN))
    session.match.game = Game(p.variant, position=p)
    t = session.game.turn()
    t.step(next(s for s in t.legal_steps() if s[0] == 20 and s[1] == 19))
    view = session.view()
    assert view["pinned"] == {19: BLACK} and view["points"][19] == (WHITE, 1)


def test_a_session_against_the_bot_plays_saves_and_restores():
    import re

    import test_ui_session as ui
    from nardy_core.ui import text as T
    from nardy_core.ui.session import HUMAN, Session

    rng = random.Random(4)
    session = Session("plakoto", players=(HUMAN, "beginner"), length=3, seed="pl-session")
    saved, kinds = [], set()
    while True:
        ui.play_to_end(session, rng)
        result = session.game.result.to_dict()
        kinds.add(result["kind"])
        for lang in T.LANGUAGES:
            words = T.result_text(lang, result)
            assert words and "{" not in words and "mother" != words.split(": ")[-1]
            for row in session.logs[-1]:
                line = T.log_text(lang, row)
                assert line and "{" not in line and not re.match(r"^log_", line)
        saved.append(json.dumps(session.to_dict()))
        if session.match_over:
            break
        session.next_game()
    assert max(session.projected_score()) >= 3 and kinds <= {"single", "gammon", "mother", "draw"}
    final = Session.from_dict(json.loads(saved[-1]))
    assert json.dumps(final.to_dict()) == saved[-1]
    assert final.view() == session.view() and final.logs == session.logs
    mother = {"winner": 1, "kind": "mother", "points": 2, "cube": 1, "reason": "bear_off"}
    assert T.result_text("en", mother) == "Black win 2 points: mother checker pinned"


def test_the_editor_pins_a_single_checker_and_frees_it():
    from nardy_core.ui.editor import Editor

    editor = Editor("plakoto")
    editor.clear()
    editor.add("p19", 1)  # Black's B6 (= W19): a single black checker
    editor.add("p19", 0)  # a white checker on it pins it
    assert editor.pins == [set(), {6}]
    editor.add("p19", 0)  # White piles on his pin
    with pytest.raises(PositionError):
        editor.add("p19", 1)  # the pinned side cannot join its pinned checker
    editor.add("p5", 0)
    editor.add("p5", 0)
    with pytest.raises(PositionError):
        editor.add("p5", 1)  # two plain checkers are not pinned
    editor.sides[0][24] += 11
    editor.sides[1][24] += 14
    assert editor.problems() == []
    position = editor.state()[0]
    assert position.pins == (frozenset(), frozenset({6}))
    assert editor.view()["pinned"] == {19: BLACK} and editor.view()["points"][19] == (WHITE, 2)
    assert Editor(start=editor.state()).pins == [set(), {6}]
    editor.remove("p19")  # the top goes first: one white pinner is left
    assert editor.pins == [set(), {6}] and editor.sides[0][19] == 1
    editor.remove("p19")  # the last pinner leaves: the black checker is free
    assert editor.pins == [set(), set()] and editor.sides[1][6] == 1
    # a game without pins still refuses a shared point
    short = Editor("short")
    with pytest.raises(PositionError):
        short.add("p6", 1)


def test_the_bot_takes_a_mother_pin_win():
    # PL-6: 24/22 2/1^ wins at once; the bot's exact end test rebuilds the position from the
    # result frame, and the mother checker is read from the checkers alone
    from nardy_core.bots.chooser import LEVELS, Chooser

    p = position({24: 1, 12: 14}, {24: 1, 6: 13, 2: 1}, (1, 2), turn=BLACK)
    for level in LEVELS:
        play = Chooser(p.variant, level).choose(p)
        assert play.notation() == "24/22 2/1*", level


# --- the generator's choice against a brute force over the referee's board -------------------
def brute_outcomes(p):
    """Every unit sequence replayed on ``referee_plakoto.Board`` (the spec's rules restated),
    then the maximal-usage rule of §0.3.3/§0.3.6 (a game-ending sequence counts the units it
    played; one die only: the larger if it can be played): the set of
    (sides, pins, (winner, points) or None)."""
    import copy

    variant, c = p.variant, p.turn
    found = []
    seen = set()

    def key(board, ended):
        return (board.side(0), board.side(1), board.pins(0), board.pins(1), ended)

    def rec(board, left, used, ended):
        k = (key(board, ended), tuple(sorted(left)))
        if k in seen:
            return
        seen.add(k)
        found.append((len(used), tuple(used), board, ended))
        if ended is not None or not left:
            return
        for d in sorted(set(left)):
            rest = list(left)
            rest.remove(d)
            for src in range(1, 25):
                for flag in (False, True):
                    b2 = copy.deepcopy(board)
                    try:
                        b2.step(variant, c, src, max(src - d, 0), d, flag)
                    except Violation:
                        continue
                    end = ("bear_off", c) if b2.off[c] == 15 else b2.mother(c)
                    rec(b2, rest, used + [d], end)

    units = referee_plakoto.units(p)
    rec(referee_plakoto.Board(p), units, [], None)
    most = max(n for n, *_ in found)
    best = [f for f in found if f[0] == most]
    if most == 1 and len(units) == 2 and units[0] != units[1]:
        larger = [f for f in best if f[1] == (max(units),)]
        best = larger or best
    out = set()
    for _, _, board, ended in best:
        if ended is None and not board.can_move(variant, 0) and not board.can_move(variant, 1):
            ended = ("draw", None)
        score = (
            None
            if ended is None
            else referee_plakoto.expected_points(
                ended, p.replace(sides=(board.side(0), board.side(1)))
            )
        )
        out.add((board.side(0), board.side(1), board.pins(0), board.pins(1), score))
    return out


def engine_outcomes(p):
    out = set()
    for play in legal_plays(p):
        sides, pins = play.board
        outcome, _ = p.variant.end_of_turn(p, p.replace(sides=sides, pins=pins))
        score = None if outcome is None else (outcome.winner, outcome.points)
        out.add((sides[0], sides[1], pins[0], pins[1], score))
    return out


@pytest.mark.parametrize(
    "seed,options", [(0, {}), (1, {}), (2, {"bear_off_requires_unpinned": False})]
)
def test_legal_plays_equal_a_brute_force_over_the_spec_rules(seed, options):
    positions = random_positions(100 + seed, count=60, options=options)
    # and the spec's scenarios, whose ends and forced orders are the delicate part
    positions += [
        position({24: 1, 12: 14}, {6: 14, 2: 1}, (1, 3), turn=BLACK),
        position({24: 1, 12: 14}, {24: 1, 6: 13, 2: 1}, (1, 2), turn=BLACK),
        position({24: 1, 12: 14}, {24: 1, 6: 12, 4: 1, 1: 1}, (6, 5), white_pins={24}),
        position({24: 1, 12: 13, 1: 1}, {24: 1, 6: 14}, (6, 3), black_pins={24}),
        position({6: 5, 5: 5, 4: 4, 3: 1}, {24: 14, 22: 1}, (6, 5), white_pins={3}),
    ]
    for p in positions:
        assert engine_outcomes(p) == brute_outcomes(p), format_state(p)
