"""The position editor (nardy_core.ui.editor): building a state, what it says is wrong."""

import pytest

from nardy_core.engine.errors import PositionError
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.ui.editor import Editor
from nardy_core.ui.session import HUMAN, Session


def codes(editor):
    return [(p.code, p.params.get("colour")) for p in editor.problems()]


def test_the_starting_position_is_valid_and_round_trips():
    for game in ("short", "long", "caucasian"):
        editor = Editor(game)
        assert editor.problems() == []
        position, cube, match = editor.state()
        assert position == editor.variant.initial_position()
        assert Editor(start=(position, cube, match)).state() == (position, cube, match)


def test_sixteen_white_checkers_is_named():
    editor = Editor("short")
    editor.add("p6", 0)
    assert codes(editor) == [("checker_count", "white")]
    problem = editor.problems()[0]
    assert problem.params["count"] == 16 and problem.params["expected"] == 15
    with pytest.raises(PositionError):
        editor.state()
    editor.remove("p6")
    assert editor.is_valid()


def test_both_colours_short_of_checkers_are_both_named():
    editor = Editor("long")
    editor.remove("p24")
    editor.remove("p12")
    assert codes(editor) == [("checker_count", "white"), ("checker_count", "black")]


def test_a_point_held_by_the_other_colour_is_refused():
    editor = Editor("short")
    with pytest.raises(PositionError) as info:
        editor.add("p1", 0)  # Black's 24-point (two black checkers)
    assert info.value.code == "edit_occupied"
    editor.remove("p1")
    editor.remove("p1")
    editor.add("p1", 0)


def test_locations_follow_each_games_geometry():
    short, long_ = Editor("short"), Editor("long")
    short.clear()
    long_.clear()
    short.add("p1", 1)  # short nardy: White's 1 is Black's 24
    long_.add("p12", 1)  # long nardy: White's 12 is Black's head (24)
    assert short.sides[1][24] == 1 and long_.sides[1][24] == 1
    short.add("bar1", 1)
    short.add("off0", 0)
    assert short.sides[1][25] == 1 and short.sides[0][0] == 1
    with pytest.raises(PositionError):
        short.add("hand0", 0)  # short nardy has no hand
    with pytest.raises(PositionError):
        short.add("p25", 0)


def test_dice_cube_and_match_are_checked_by_the_rules():
    editor = Editor("short")
    with pytest.raises(PositionError):
        editor.set_dice([7, 1])
    editor.set_dice([3, 1])
    editor.set_cube(3)
    assert [p.code for p in editor.problems()] == ["bad_cube"]
    editor.set_cube(2, owner=1)
    editor.set_match(5, (5, 1))
    assert [p.code for p in editor.problems()] == ["bad_match"]
    editor.set_match(5, (4, 1), "crawford")
    editor.set_turn(1)
    position, cube, match = editor.state()
    assert (
        format_state(position, cube, match)
        == "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 b 31 2b 4-1/5* first:wb"
    )


def test_a_race_set_up_in_the_editor_is_played_on():
    editor = Editor("short")
    editor.clear()
    for _ in range(3):
        editor.add("p3", 0)
        editor.add("p22", 1)
    editor.fill_off()
    editor.set_turn(1)
    editor.set_dice([6, 5])
    assert editor.is_valid()
    session = Session(start=editor.state(), players=(HUMAN, HUMAN), prefs={"auto_forced": False})
    assert session.movable() == ["p22"]
    assert session.click("p22")
    assert sorted(session.targets()) == ["off1"]


def test_a_finished_game_cannot_be_set_up():
    editor = Editor("short")
    editor.clear()
    editor.fill_off()
    assert "start_over" in [p.code for p in editor.problems()]


def test_the_view_is_a_drawable_board():
    from nardy_core.ui.svg import render_board

    editor = Editor("long", start=parse_state("long 24:14,19:1 24:15 b 53 - money"))
    view = editor.view()
    assert view["points"][24] == (0, 14) and view["points"][12] == (1, 15)
    svg = render_board(view)
    assert svg.count('data-loc="p') == 24 and 'tabindex="0"' in svg
