"""Matches of mixed games (issue 9): the tavli match (portes → plakoto → fevga in rotation, each
game scored in its own terms) and the gul bara / tapa match (gul bara and plakoto alternating,
counted in games won), through ``Match`` and the page's ``Session`` (save and restore)."""

import json
import random

import pytest

from nardy_core.engine.errors import GameStateError, NardyError, OptionError
from nardy_core.engine.game import OPENING, ROLL, Game
from nardy_core.engine.match import MATCH_KINDS, Match, available_match_kinds, get_match_kind
from nardy_core.engine.position import BLACK, WHITE, Position, side_from
from nardy_core.formats.records import export_match
from nardy_core.ui.session import HUMAN, Session
from nardy_core.variants import VARIANTS, get_variant


def play_out(game, rng):
    """Play ``game`` to its end with random legal plays (the dice from its seed)."""
    while not game.is_over:
        if game.phase == OPENING:
            game.opening()
        elif game.phase == ROLL:
            game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    return game.result


def test_the_tavli_kind_is_declared_with_its_rotation_and_lengths():
    kind = get_match_kind("tavli")
    assert kind.games == ("portes", "plakoto", "fevga")
    assert kind.lengths == (3, 5, 7) and kind.default_length in kind.lengths
    assert [kind.game_key(i) for i in range(7)] == [
        "portes",
        "plakoto",
        "fevga",
        "portes",
        "plakoto",
        "fevga",
        "portes",
    ]
    assert kind.name("en").startswith("Tavli match") and kind.name("ru").startswith("Матч")
    assert kind in available_match_kinds()


def test_a_seeded_tavli_match_rotates_scores_each_game_and_ends_at_its_length():
    rng = random.Random(9)
    match = Match(None, length=7, seed="tavli-rotation", kind="tavli")
    keys, expected = [], [0, 0]
    while True:
        game = match.game
        keys.append(match.game_key)
        assert game.variant.key == match.game_key
        assert match.game_name("en") == game.variant.names["en"]
        assert game.match.length == 7 and game.match.score == (
            match.score[game.players[0]],
            match.score[game.players[1]],
        )
        result = play_out(game, rng)
        if result.winner is not None:
            # each game in its own terms: portes 1/2, plakoto 1/2/mother 2, fevga 1/2
            assert result.points in (1, 2)
            expected[game.players[result.winner]] += result.points
        nxt = match.next_game()
        assert match.score == expected
        if nxt is None:
            break
        # the next game's rule (all three: the previous winner starts; a draw: an opening throw)
        if result.winner is None:
            assert nxt.phase == OPENING or nxt.actions[0][0] == "opening"
        else:
            assert nxt.phase == ROLL and not nxt.actions
            assert nxt.players == game.players
            assert nxt.players[nxt.position.turn] == game.players[result.winner]
    assert match.is_over and max(match.score) >= 7 and match.game is None
    assert match.winner == (0 if match.score[0] > match.score[1] else 1)
    assert len(keys) >= 4  # 7 points take at least four games of at most 2 points
    assert keys == [("portes", "plakoto", "fevga")[i % 3] for i in range(len(keys))]
    assert match.crawford == "pre"  # no Crawford game: the tavli games have no cube


def test_the_second_game_is_plakoto_set_up_as_plakoto_and_started_by_the_winner():
    match = Match(None, length=3, seed="tavli-second", kind="tavli")
    first = match.game
    assert first.variant.key == "portes" and first.phase == ROLL  # the opening was thrown
    loser = first.position.turn
    first.resign("gammon")
    first.accept_resignation()
    assert first.result.winner == 1 - loser and first.result.points == 2
    second = match.next_game()
    assert match.game_key == "plakoto" and match.game_name("ru") == "Плакото"
    assert match.score[first.players[1 - loser]] == 2
    assert second.position.sides[WHITE][24] == 15 and second.position.sides[BLACK][24] == 15
    assert second.position.turn == 1 - loser and second.phase == ROLL
    assert second.match.score[1 - loser] == 2


def test_a_plakoto_draw_scores_nothing_and_the_next_game_opens_with_a_throw():
    rng = random.Random(3)
    match = Match(None, length=5, seed="tavli-draw", kind="tavli")
    play_out(match.game, rng)
    match.next_game()
    before = list(match.score)
    plakoto = match.game
    assert plakoto.variant.key == "plakoto"
    # PL-5 set up as the match's second game (the players and the score stay the match's)
    variant = plakoto.variant
    p = Position(
        variant,
        (side_from({24: 1, 12: 14}), side_from({24: 1, 6: 12, 4: 1, 1: 1})),
        turn=WHITE,
        pins=(frozenset({24}), frozenset()),
    )
    match.game = Game(
        variant, seed="draw", position=p, players=plakoto.players, match=plakoto.match
    )
    match.game.roll((6, 5))
    match.game.play("12/1")
    assert match.game.result.winner is None and match.game.result.kind == "draw"
    fevga = match.next_game()
    assert match.score == before  # 0 : 0
    assert fevga.variant.key == "fevga"
    assert fevga.actions and fevga.actions[0][0] == "opening"  # per plakoto's rule (AMB-22)


def test_a_match_kind_needs_a_length_and_refuses_foreign_options_and_starts():
    with pytest.raises(OptionError) as err:
        Match(None, length=0, kind="tavli")
    assert err.value.code == "match_length"
    with pytest.raises(OptionError) as err:
        Match(None, length=3, kind="tavli", options={"long": {}})
    assert err.value.code == "match_options"
    with pytest.raises(OptionError) as err:
        Match(None, length=3, kind="chess")
    assert err.value.code == "unknown_match"
    plakoto = get_variant("plakoto")
    start = (plakoto.initial_position(turn=WHITE), None, None)
    with pytest.raises(OptionError) as err:
        Match(None, length=3, kind="tavli", start=start)
    assert err.value.code == "match_start"


def test_options_go_to_their_own_game():
    match = Match(
        None,
        length=3,
        seed="opts",
        kind="tavli",
        options={"plakoto": {"bear_off_requires_unpinned": False}},
    )
    assert match.game.variant.options.non_default() == {}
    match.game.resign()
    match.game.accept_resignation()
    assert match.next_game().variant.options["bear_off_requires_unpinned"] is False


# --- the gul bara / tapa match --------------------------------------------------------------------
def test_the_gul_bara_tapa_kind_counts_wins_and_is_offered_only_with_gul_bara():
    kind = MATCH_KINDS["gul_bara_tapa"]
    assert kind.games == ("gul_bara", "plakoto") and kind.count == "wins"
    assert kind.lengths == (5, 7) and kind.default_length == 7
    assert kind.available and kind in available_match_kinds()


def test_a_match_kind_whose_game_is_missing_is_not_offered(monkeypatch):
    monkeypatch.delitem(VARIANTS, "gul_bara")
    kind = MATCH_KINDS["gul_bara_tapa"]
    assert not kind.available and kind not in available_match_kinds()
    with pytest.raises(OptionError) as err:
        Session(kind="gul_bara_tapa", length=7, players=(HUMAN, HUMAN))
    assert err.value.code == "match_unavailable"


def test_a_gul_bara_tapa_match_alternates_counts_games_won_and_saves():
    check_gul_bara_tapa_match()
    session = Session(kind="gul_bara_tapa", length=5, players=(HUMAN, HUMAN), seed="gb-save")
    assert session.game_key == "gul_bara" and session.view()["length"] == 5
    session_play(session, random.Random(1), lambda: session.game.is_over)
    session.next_game()
    assert session.game_key == "plakoto"
    same(session, Session.from_dict(json.loads(json.dumps(session.to_dict()))))
    session = Session(kind="gul_bara_tapa", length=5, players=(HUMAN, HUMAN), seed="gb-save")
    assert session.game_key == "gul_bara" and session.view()["length"] == 5
    session_play(session, random.Random(1), lambda: session.game.is_over)
    session.next_game()
    assert session.game_key == "plakoto"
    same(session, Session.from_dict(json.loads(json.dumps(session.to_dict()))))


def check_gul_bara_tapa_match():
    rng = random.Random(4)
    match = Match(None, length=5, seed="gul-tapa", kind="gul_bara_tapa")
    keys, wins = [], [0, 0]
    while True:
        game = match.game
        keys.append(game.variant.key)
        result = play_out(game, rng)
        if result.winner is not None:
            wins[game.players[result.winner]] += 1  # a gammon or a mother pin is one win too
        nxt = match.next_game()
        assert match.score == wins
        if nxt is None:
            break
        if result.winner is not None:
            assert nxt.players[nxt.position.turn] == game.players[result.winner]
    assert max(match.score) == 5
    assert keys == [("gul_bara", "plakoto")[i % 2] for i in range(len(keys))]


# --- the page's session: saving and restoring -----------------------------------------------------
def session_play(session, rng, until):
    """Play a hot-seat session's current game with random plays until ``until()``."""
    while not until():
        game = session.game
        if game.phase == ROLL:
            session.roll()
        else:
            plays = game.legal_plays()
            session._do("play", rng.choice(plays))


def same(a, b):
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    va, vb = a.view(), b.view()
    assert va == vb
    assert a.match.score == b.match.score and a.game_key == b.game_key


def test_a_session_knows_the_current_game_and_saves_and_restores_mid_match():
    rng = random.Random(11)
    session = Session(kind="tavli", length=5, players=(HUMAN, HUMAN), seed="tavli-session")
    assert session.kind.key == "tavli" and session.game_key == "portes"
    view = session.view()
    assert view["kind"] == "tavli" and view["game"] == "portes" and view["game_number"] == 1
    assert view["game_names"]["en"] == "Portes" and view["game_names"]["ru"] == "Портес"
    assert view["game_names"]["el"] == "Πόρτες"
    session_play(session, rng, lambda: session.game.is_over)
    record = session.to_dict()
    assert record["kind"] == "tavli" and record["game"] == "portes" and record["v"] == 2
    # after the first game ended, before the next one: the same state
    same(session, Session.from_dict(json.loads(json.dumps(record))))
    winner = session.game.players[session.game.result.winner]
    session.next_game()
    assert session.game_key == "plakoto" and session.game_name("en") == "Plakoto"
    assert session.view()["game_number"] == 2
    assert session.game.players[session.game.position.turn] == winner
    # mid-game: a few turns of plakoto
    turns = len(session.game.actions) + 6
    session_play(session, rng, lambda: len(session.game.actions) >= turns or session.game.is_over)
    restored = Session.from_dict(json.loads(json.dumps(session.to_dict())))
    same(session, restored)
    # the restored session plays on exactly as the original
    for s in (session, restored):
        session_play(s, random.Random(12), lambda s=s: s.game.is_over)
    same(session, restored)


def test_a_finished_tavli_match_restores_finished():
    rng = random.Random(2)
    session = Session(kind="tavli", length=3, players=(HUMAN, HUMAN), seed="tavli-end")
    games = 0
    while True:
        session_play(session, rng, lambda: session.game.is_over)
        games += 1
        if session.match_over:
            break
        session.next_game()
    assert max(session.projected_score()) >= 3
    with pytest.raises(GameStateError):
        session.next_game()
    restored = Session.from_dict(session.to_dict())
    same(session, restored)
    assert restored.match_over and len(restored.to_dict()["games"]) == games


def test_a_mixed_record_never_restores_as_something_else():
    session = Session(kind="tavli", length=3, players=(HUMAN, HUMAN), seed="tavli-bad")
    record = session.to_dict()
    without_kind = {k: v for k, v in record.items() if k != "kind"}
    for bad in (
        dict(record, kind="chess"),
        dict(record, kind=7),
        dict(record, length=0),
        dict(record, v=1),
        without_kind,
    ):  # never as a one-game portes match
        with pytest.raises(GameStateError) as err:
            Session.from_dict(bad)
        assert err.value.code == "bad_record"


def test_a_mixed_match_file_export_is_refused_with_a_typed_error():
    session = Session(kind="tavli", length=3, players=(HUMAN, HUMAN), seed="tavli-export")
    with pytest.raises(NardyError) as err:
        export_match(session.to_dict())
    assert err.value.code == "mixed_match"


def test_single_game_matches_are_unchanged():
    session = Session("plakoto", length=3, players=(HUMAN, HUMAN), seed="single")
    record = session.to_dict()
    assert "kind" not in record and record["game"] == "plakoto"
    assert session.kind is None and session.view()["kind"] is None
    same(session, Session.from_dict(record))


# --- the new-game dialog's markup (web/app/forms.py, pure functions) -----------------------------
def forms():
    import sys
    from pathlib import Path

    app = str(Path(__file__).resolve().parent.parent / "web" / "app")
    if app not in sys.path:
        sys.path.insert(0, app)
    import forms as module

    return module


def test_the_dialog_offers_the_tavli_match_with_its_lengths_and_no_options():
    f = forms()
    html = f.new_game_form("en", {"game": "match:tavli", "length": 0}, [])
    assert 'label="Matches of mixed games"' in html
    assert '<option value="match:tavli" selected>Tavli match (portes, plakoto, fevga)' in html
    assert ('value="match:gul_bara_tapa"' in html) == ("gul_bara" in VARIANTS)
    box = f.length_field("ru", "match:tavli", 7)
    assert [v for v in ("3", "5", "7", "0", "9") if f'value="{v}"' in box] == ["3", "5", "7"]
    assert 'value="7" selected>матч до 7' in box
    assert 'value="5" selected' in f.length_field("en", "match:tavli", 0)  # the default
    assert f.option_fields("en", "match:tavli", {}) == ""


def test_a_saved_choice_of_an_unknown_match_falls_back_to_a_game():
    f = forms()
    assert f.match_kind_of("match:no_such_match") is None
    assert f.chosen_game("match:no_such_match") == "long"
    html = f.new_game_form("en", {"game": "match:no_such_match", "length": 7}, [])
    assert "no_such_match" not in html and 'value="long" selected' in html


def test_a_mixed_session_keeps_each_games_options_through_a_save():
    session = Session(
        kind="tavli",
        length=3,
        players=(HUMAN, HUMAN),
        seed="tavli-opts",
        options={"plakoto": {"bear_off_requires_unpinned": False}},
    )
    record = json.loads(json.dumps(session.to_dict()))
    assert list(record["options"]) == ["plakoto"]
    restored = Session.from_dict(record)
    assert restored.match.kind_options == {"plakoto": record["options"]["plakoto"]}
    for s in (session, restored):
        s.resign()
        s.accept_resignation()
        s.next_game()
        assert s.variant.options["bear_off_requires_unpinned"] is False
    same(session, restored)
