"""What the page shares and reads (nardy_core.ui.share): links, pasted codes, replays."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_core.engine.errors import NardyError, NotationError
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.records import export_match
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
    assert format_state(*share.session_state(again)) == format_state(*share.session_state(session))
    assert again.player_of(again.game.position.turn) == HUMAN


def test_every_code_a_player_pastes_is_read():
    state = parse_state(START)
    codes = share.codes(Session(start=state, players=(HUMAN, HUMAN)))
    assert codes["state"] == START
    for text in (
        codes["state"],
        codes["link"],
        "p=" + codes["link"],
        codes["gnubg"],
        codes["xgid"],
    ):
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
    assert opened.game.is_over and opened.game.result.to_dict() == session.game.result.to_dict()


def test_an_unfinished_whole_game_plays_on():
    session = played("long", 6, "on")
    kind, record = share.read(share.fragment(session, whole_game=True))
    opened = share.session_from(kind, record, players=(HUMAN, HUMAN))
    assert opened.game.position == session.game.position
    assert opened.game.phase == session.game.phase


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "#",
        "https://x/#p=",
        "p=",
        "g=",
        "p=zz.zz",
        "XGID=",
        "garbage",
        "#q=1",
        "x" * 30_000,
    ],
)
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


# --- the page's reader (share.check, run in a web worker before anything opens) -------------
def _answer_through_json(answer):
    """What the page receives: the worker's answer after a trip through JSON."""
    return json.loads(json.dumps(answer))


def test_the_reader_answers_what_the_page_opens_for_a_state_a_game_and_a_file():
    session = played("short", 5, "reader")
    state = format_state(*share.session_state(session))
    for text, kind in (
        (share.fragment(session), "state"),
        (share.fragment(session, whole_game=True), "game"),
    ):
        answer = _answer_through_json(share.check("text", text))
        assert answer["kind"] == kind and answer["ms"] >= 0
        got_kind, payload = share.checked(answer)
        opened, states = share.opened(got_kind, payload)
        assert format_state(*share.session_state(opened)) == state
        assert (states is not None) == (kind == "game")
    text = export_match(session.to_dict())
    answer = _answer_through_json(share.check("file", text))
    kind, record = share.checked(answer)
    opened, states = share.opened(kind, record)
    assert kind == "file" and states is None
    assert format_state(*share.session_state(opened)) == state


@pytest.mark.parametrize(
    "source, text, code",
    [
        ("text", "#p=s.!!!garbage", "link_code"),
        ("text", "x" * 30_000, "share_too_long"),
        ("file", "not a match file", "record"),
        ("file", "x" * (share.MAX_FILE_BYTES + 1), "file_too_big"),
    ],
)
def test_the_reader_refuses_with_the_engines_code(source, text, code):
    answer = _answer_through_json(share.check(source, text))
    assert answer["code"] == code and answer["error"]
    with pytest.raises(NardyError) as caught:
        share.checked(answer)
    assert caught.value.code == code and caught.value.params == answer["params"]


def test_a_read_over_the_budget_is_refused_whatever_it_holds():
    ticks = iter([0.0, 4.0])  # the clock: 4 s between the start and the end of the work
    answer = share.check(
        "text",
        share.fragment(played("short", 2, "slow")),
        budget_ms=3000,
        clock=lambda: next(ticks),
    )
    assert answer["code"] == "read_budget" and answer["params"] == {"seconds": "3"}


def test_a_file_over_the_cap_is_refused_by_its_size():
    share.check_file_size(share.MAX_FILE_BYTES)
    with pytest.raises(NotationError) as caught:
        share.check_file_size(share.MAX_FILE_BYTES + 1)
    assert caught.value.code == "file_too_big"
    assert caught.value.params == {
        "size_kb": share.MAX_FILE_BYTES // 1024 + 1,
        "limit_kb": share.MAX_FILE_BYTES // 1024,
    }
