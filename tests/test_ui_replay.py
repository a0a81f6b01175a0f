"""The frozen board (nardy_core.ui.replay): a diagram, a replay stepped through, a reviewed
decision's better play drawn."""

import random

from nardy_core.ui import pagerecords as R
from nardy_core.ui import replay as RP
from nardy_core.ui.session import HUMAN, Session, step_locs
from test_ui_session import play_to_end


def game_replay():
    session = Session("short", players=("beginner", "beginner"), seed="replay-view")
    play_to_end(session, random.Random(1))
    return session, R.game_replay(session.game, 0)


def test_a_diagram_shows_the_board_with_nothing_movable():
    session = Session("short", players=(HUMAN, HUMAN), seed="diagram")
    view = RP.diagram(session.game)
    assert view["movable"] == [] and view["turn"] == session.game.position.turn


def test_stepping_stays_within_the_states():
    _session, replay = game_replay()
    last = RP.last(replay)
    assert last == len(replay["states"]) - 1 > 2
    RP.step(replay, "prev")
    assert replay["index"] == 0
    RP.step(replay, "nextstate")
    assert replay["index"] == 1
    RP.step(replay, "last")
    assert replay["index"] == last
    RP.step(replay, "nextstate")
    assert replay["index"] == last
    RP.step(replay, "first")
    assert replay["index"] == 0
    RP.show(replay, 10_000)
    assert replay["index"] == last
    RP.show(replay, -3)
    assert replay["index"] == 0


def test_each_state_shows_the_move_that_led_there():
    session, replay = game_replay()
    view, row = RP.current(replay)
    assert row is None and view["movable"] == []
    RP.show(replay, 2)
    view, row = RP.current(replay)
    assert row == replay["states"][2][3] and row is not None
    position, cube, match = RP.state_of(replay)
    assert position == replay["states"][2][0]


def test_a_reviewed_decision_draws_its_better_play():
    _session, replay = game_replay()
    from nardy_core import legal_plays

    index, position, steps = next(
        (i, s[0], [list(step) for step in legal_plays(s[0])[0].steps])
        for i, s in enumerate(replay["states"])
        if i > 0 and s[0].dice and legal_plays(s[0]) and legal_plays(s[0])[0].steps
    )
    item = {"colour": position.turn, "best_steps": steps}
    RP.show(replay, index, item)
    view, _row = RP.current(replay)
    assert view["moves"] == step_locs(position.variant, position.turn, steps)
    assert view["dice"] == list(position.dice) and view["used"] == [False] * len(view["dice"])
    RP.show(replay, index, {"colour": 0, "best_steps": None})  # no better play: no arrows
    assert replay["arrows"] == {index: (position.turn, steps)}
