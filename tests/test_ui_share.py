"""What the page shares and reads (nardy_core.ui.share): links, pasted codes, replays."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from nardy_core.errors import NardyError, NotationError
from nardy_core.notation import format_state, parse_state
from nardy_core.ui import share
from nardy_core.ui.session import HUMAN, Session

from test_ui_session import human_turn, play_to_end

START = "short 24:2,13:4,8:3,6:5,5:1 24:2,13:5,8:3,6:4,5:1 w 31 2w 3-4/7"


def played(game, turns, seed):
    session = Session(game, players=(HUMAN, HUMAN), seed=seed, prefs={"auto_forced": False})
    rng = random.Random(seed)
    for _ in range(turns):
        if session.game.is_over:
            break
        if session.game.phase == "roll":
            session.roll()
        human_turn(session, rng)
    return session


@pytest.mark.parametrize("game", ["short", "long", "caucasian"])
def test_a_sessions_link_opens_the_same_state(game):
    session = played(game, 7, f"link-{game}")
    fragment = share.fragment(session)
    assert fragment.startswith("p=")
    base = "https://example.org/nardy/"
    for text in (fragment, base + "#" + fragment, "  " + base + "?x=1#" + fragment + "\n"):
        kind, state = share.read(text)
        assert kind == "state"
        assert format_state(*state) == format_state(*share.session_state(session))
    again = share.session_from(*share.read(fragment))
    assert format_state(*share.session_state(again)) == \
        format_state(*share.session_state(session))
    assert again.player_of(again.game.position.turn) == HUMAN


def test_every_code_a_player_pastes_is_read():
    state = parse_state(START)
    codes = share.codes(Session(start=state, players=(HUMAN, HUMAN)))
    assert codes["state"] == START
    for text in (codes["state"], codes["link"], "p=" + codes["link"], codes["gnubg"],
                 codes["xgid"]):
        kind, read = share.read(text)
        assert kind == "state" and format_state(*read) == START, text


def test_long_nardy_has_no_backgammon_codes():
    codes = share.codes(Session("long", players=(HUMAN, HUMAN), seed="x"))
    assert codes["gnubg"] is None and codes["xgid"] is None
    assert share.read(codes["link"])[0] == "state"


def test_a_whole_game_link_replays_every_state():
    session = Session("short", players=(HUMAN, HUMAN), seed="whole")
    play_to_end(session, random.Random(5))
    assert session.game.is_over
    fragment = share.fragment(session)
    assert fragment.startswith("g=")  # a finished game is shared whole
    kind, record = share.read(fragment)
    assert kind == "game"
    assert share.read(fragment[2:])[0] == "game"  # the bare code too
    states = share.replay_states(record)
    actions = session.game.actions
    assert len(states) == len(actions) + 1
    assert states[-1][0] == session.game.position
    opened = share.session_from(kind, record)
    assert opened.game.is_over and opened.game.result.to_dict() == \
        session.game.result.to_dict()


def test_an_unfinished_whole_game_plays_on():
    session = played("long", 6, "on")
    kind, record = share.read(share.fragment(session, whole_game=True))
    opened = share.session_from(kind, record, players=(HUMAN, HUMAN))
    assert opened.game.position == session.game.position
    assert opened.game.phase == session.game.phase


@pytest.mark.parametrize("text", ["", "   ", "#", "https://x/#p=", "p=", "g=", "p=zz.zz",
                                  "XGID=", "garbage", "#q=1", "x" * 30_000])
def test_what_cannot_be_read_says_so(text):
    with pytest.raises(NotationError):
        share.read(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_reading_random_text_raises_only_engine_errors(text):
    try:
        kind, payload = share.read(text)
    except NardyError:
        return
    assert kind in ("state", "game")
