"""The board view (ui/boardview.py): one structure, built in one place, is all the renderer
reads; a game's board and the editor's board of the same state are the same view and the same
picture."""

import pytest

from nardy_core.formats.notation import parse_state
from nardy_core.ui.boardview import BoardView, CubeView, board_view
from nardy_core.ui.editor import Editor
from nardy_core.ui.replay import state_view
from nardy_core.ui.session import HUMAN, Session
from nardy_core.ui.svg import render_board
from nardy_core.ui.text import board_label
from nardy_core.ui.thumb import board_thumbnail

KEYS = set(BoardView.__annotations__)
# the dice written high first: a game shows the units it plays (``Variant.units``: high first,
# a double as four dice), the editor the dice as they were entered
STATES = [
    "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31 1 money",
    "short 14:1,13:6,8:3,6:4,bar:1 21:1,20:1,18:1,13:3,8:3,6:4,5:1,2:1 w 54 2b 1-2/5",
    "long 24:10,19:1,11:1,9:1,8:1,1:1 24:9,22:1,16:2,8:2,2:1 w 52 - money",
    "plakoto 24:10,19:1,16:1,13:1,9:1p,2:1 24:10,19:1,16:2,11:1,2:1 b 65 - money",
    "tawula 24:2,18:1,16:1,13:1,1:1,bar:1,hand:8 24:2,20:1,15:1,14:1,9:1,hand:9 w 65 - money",
    "tourne_case hand:3 hand:3 b 52 - money",
]


def board_of(view) -> dict:
    """The ``BoardView`` part of a page's view."""
    return {key: view[key] for key in KEYS}


def pictures(view) -> list:
    return [
        render_board(view, viewer=viewer, mirror=mirror)
        for viewer in (0, 1)
        for mirror in (False, True)
    ] + [
        render_board(view, numbers=False, label=board_label("ru"), actionable=False),
        board_thumbnail(view, 1),
    ]


@pytest.mark.parametrize("text", STATES)
def test_a_games_board_and_the_editors_board_of_a_state_are_one_view(text):
    position, cube, match = parse_state(text)
    # nobody to move on either board: bots on move (their play is worked out elsewhere), and
    # the editor's state shown frozen, as a replay shows it
    session = Session(start=(position, cube, match), players=("beginner", "beginner"))
    editor = Editor(start=(position, cube, match))
    game_view, edit_view = session.view(), state_view(position, cube, match)
    assert set(game_view) >= KEYS and set(editor.view()) >= KEYS
    assert board_of(game_view) == board_of(edit_view)
    assert dict(board_of(editor.view()), movable=[]) == board_of(game_view)
    assert board_of(game_view) == board_view(position, cube, dice=position.dice or (), movable=[])
    assert pictures(game_view) == pictures(edit_view)


@pytest.mark.parametrize("text", STATES)
def test_the_renderer_reads_nothing_but_the_board_view(text):
    position, cube, match = parse_state(text)
    session = Session(start=(position, cube, match), players=(HUMAN, HUMAN))
    session.click(session.movable()[0])
    views = [session.view(), Editor(start=(position, cube, match)).view()]
    views.append(session.preview([]))
    for view in views:
        assert pictures(board_of(view)) == pictures(view)


def test_the_view_of_a_turn_in_progress_marks_what_the_page_may_do():
    position, cube, match = parse_state(STATES[0])
    session = Session(start=(position, cube, match), players=(HUMAN, HUMAN))
    session.click("p8")
    view = session.view()
    targets = {"p7": 1, "p5": 1, "p4": 1}
    assert view["selected"] == "p8" and view["targets"] == targets
    assert view["movable"] and view["last"] == [] and view["moves"] == []
    # the same board, built from the position with the page's marks
    assert board_of(view) == board_view(
        position,
        cube,
        dice=[3, 1],
        movable=view["movable"],
        selected="p8",
        targets=targets,
    )


def test_the_editor_draws_a_board_that_is_no_position_yet():
    editor = Editor("long")
    editor.sides[0][1] += 3  # 18 white checkers
    editor.dice = [6, 6]
    assert not editor.is_valid()
    view = editor.view()
    assert view["points"][1] == (0, 3) and view["counts"] == [18, 15]
    assert view["dice"] == [6, 6] and view["used"] == [False, False]
    assert render_board(view).count('data-loc="p') == 24


def test_a_double_is_drawn_offered_only_while_it_waits_for_an_answer():
    position, cube, match = parse_state("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money")
    session = Session(start=(position, cube, match), players=(HUMAN, HUMAN))
    session.double()
    offered: CubeView = session.view()["cube"]
    assert offered == {"enabled": True, "value": 1, "owner": None, "offered_by": 0}
    assert 'class="cube offered"' in render_board(session.view())
    session.drop()
    assert session.game.is_over and session.view()["cube"]["offered_by"] is None


@pytest.mark.parametrize(
    "state",
    [
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 44 1 money",  # a double: four units
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 35 1 money",  # low die first as entered
        "plakoto 24:15 24:15 w 55 - money",  # plakoto: a double is four units too
    ],
)
def test_a_replay_draws_the_roll_as_the_game_does(state):
    """A diagram or a replay (the editor's view) shows the dice as play shows them: high
    first, a double as the units it gives."""
    start = parse_state(state)
    session = Session(start=start, players=(HUMAN, HUMAN))
    played = session.view()
    replayed = state_view(*start)
    assert replayed["dice"] == played["dice"] == sorted(replayed["dice"], reverse=True)
    assert len(replayed["dice"]) == (4 if start[0].dice[0] == start[0].dice[1] else 2)
