"""The hint (issue 10): the strong level's best plays for the roll on the board, with their
equities; the cube advice before a roll; a hinted play drawn on the board; hints switched off
for a match."""

import json

import pytest

from nardy_core.bots import Chooser
from nardy_core.engine.errors import GameStateError
from nardy_core.ui.botservice import BotService
from nardy_core.ui.session import HUMAN, Session
from nardy_core.ui.svg import render_board
from test_ui_session import on_position

SERVICE = BotService()


def ask(session):
    return SERVICE.hint(json.loads(json.dumps(session.hint_request())))


def test_the_hint_ranks_the_rolls_plays_as_the_strong_level_does():
    session = on_position("short", "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31")
    assert session.can_hint()
    answer = ask(session)
    ranked = Chooser(session.variant, "strong").rank(session.game.position)
    assert answer["count"] == len(ranked) == len(session.game.legal_plays())
    # the strong level's choice first; every play shown judged a ply ahead, as it is
    assert answer["plays"][0]["notation"] == ranked[0].play.notation()
    assert {p["ply"] for p in answer["plays"]} == {1}
    shown = {p["notation"]: p["equity"] for p in answer["plays"]}
    for r in ranked:
        if r.ply == 1 and r.play.notation() in shown:
            assert shown[r.play.notation()] == pytest.approx(r.equity, abs=0.0005)
    assert answer["plays"][0]["notation"] == "8/5 6/5"  # the classic 3-1: make the 5 point
    assert answer["plays"][0]["diff"] == 0
    assert all(p["diff"] <= 0 for p in answer["plays"])
    assert [p["equity"] for p in answer["plays"]] == sorted(
        (p["equity"] for p in answer["plays"]), reverse=True
    )
    assert answer["cube"] is None and answer["actions"] == 0


def test_a_hinted_play_is_drawn_on_the_board():
    session = on_position("short", "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31")
    play = ask(session)["plays"][0]
    view = session.preview(play["steps"])
    assert view["moves"] == [["p8", "p5"], ["p6", "p5"]]
    assert view["points"][5] == (0, 2) and view["points"][8] == (0, 2)
    assert view["movable"] == [] and all(view["used"])
    svg = render_board(view)
    assert svg.count('class="move c0"') == 2 and 'data-move="p8-p5"' in svg
    # the game itself is untouched
    assert session.view()["points"][8] == (0, 3) and session.game.turn().steps == ()


def test_the_cube_hint_before_a_roll_and_to_answer_a_double():
    session = on_position("short", "short 6:2,5:2,4:2,off:9 24:1,23:14 w -")
    assert session.game.phase == "roll" and session.can_hint()
    cube = ask(session)["cube"]
    assert cube["phase"] == "roll" and cube["action"] in ("double", "too_good")
    assert cube["win"] > 0.8 and cube["double_pass"] == 1.0
    session.double()
    cube = ask(session)["cube"]
    assert cube["phase"] == "double" and cube["response"] == "drop"


def test_no_hint_where_there_is_nothing_to_advise_or_hints_are_off():
    session = Session("long", players=(HUMAN, HUMAN), seed="h", prefs={"auto_roll": False})
    while session.game.phase == "move":  # the opening roll's play, then the other's roll
        session.game.play(session.game.legal_plays()[0])
    assert session.game.phase == "roll" and not session.can_hint()  # no cube in long nardy
    with pytest.raises(GameStateError):
        ask(session)
    off = Session("short", players=(HUMAN, "strong"), seed="h", hints=False)
    assert not off.can_hint()
    record = off.to_dict()
    assert record["hints"] is False
    assert not Session.from_dict(record).hints
    assert Session.from_dict(Session("short", seed="h").to_dict()).hints
