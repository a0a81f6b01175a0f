"""The page's record operations (nardy_core.ui.pagerecords): save, restore, link, export,
import and replay, as the web page calls them."""

import json
import random

import pytest

from nardy_core.engine.errors import NardyError
from nardy_core.formats.records import import_match
from nardy_core.ui import pagerecords as R
from nardy_core.ui import share
from nardy_core.ui.session import HUMAN, Session
from test_ui_session import play_to_end

TODAY = "2026-11-27"


def finished(game="short", seed="rec-1", players=("beginner", "beginner")):
    session = Session(game, players=players, seed=seed)
    play_to_end(session, random.Random(seed))
    return session


def test_a_saved_entry_restores_the_same_session_and_keeps_its_first_commitment():
    from nardy_core.analysis.dicecheck import commitment

    session = Session("long", players=(HUMAN, "strong"), seed="save-1")
    entry = json.loads(json.dumps(R.save_entry(session, "en", 1_700_000_000_000.7)))
    assert entry["updated"] == 1_700_000_000_000 and entry["finished"] is False
    assert entry["title"] == "Long nardy · Person – Bot: strong · Score 0–0"
    assert entry["commitment"] == commitment("save-1")
    again = R.save_entry(session, "ru", 5, previous={"commitment": "shown-before"})
    assert again["commitment"] == "shown-before"  # the hash shown first stays the one shown
    restored = R.restore(entry, prefs={"auto_roll": False})
    assert restored.to_dict() == session.to_dict()
    assert R.commitment_shown(session, entry) == entry["commitment"]
    assert R.commitment_shown(session, None) == commitment("save-1")


def test_a_finished_money_game_is_saved_as_finished():
    session = finished()
    assert R.save_entry(session, "en", 0)["finished"] is True


@pytest.mark.parametrize("entry", [None, "text", {}, {"session": None}, {"session": {"v": 1}}])
def test_a_damaged_entry_is_refused_by_restore(entry):
    with pytest.raises((NardyError, KeyError, TypeError)):
        R.restore(entry)


def test_a_newer_entry_is_refused_as_newer():
    record = Session("short", seed="newer").to_dict()
    record["v"] = 99
    with pytest.raises(NardyError) as info:
        R.restore({"session": record})
    assert info.value.code == "newer_record"


def test_links_carry_the_board_and_drop_the_address_query_and_fragment():
    session = Session("short", players=(HUMAN, HUMAN), seed="link-1")
    fragment = R.fragment(session)
    assert fragment.startswith("p=") and fragment == share.fragment(session)
    link = R.link("https://x.test/nardy/?new=short#p=old", session)
    assert link == "https://x.test/nardy/#" + fragment
    assert R.link("https://x.test/", session, whole_game=True).split("#")[1].startswith("g=")
    assert R.review_link("https://x.test/a/?q=1#p=x", "CODE") == "https://x.test/a/?q=1#r=CODE"
    assert R.codes(session)["state"]


@pytest.mark.parametrize(
    "text, target",
    [
        ("#p=abc", ("p=abc", False)),
        ("g=abc", ("g=abc", False)),
        ("#r=abc", ("g=abc", True)),
        ("", None),
        ("#", None),
        ("#x=1", None),
        ("#gp=1", None),
    ],
)
def test_the_link_in_an_address(text, target):
    assert R.link_target(text) == target


def test_export_writes_a_match_file_or_the_json_record_with_a_dated_name():
    short = finished("short", "exp-1")
    text, name, mime = R.export(short, TODAY)
    assert name == f"nardy-short-{TODAY}.mat" and mime == "text/plain;charset=utf-8"
    assert import_match(text)["games"]
    long = finished("long", "exp-2")
    _text, name, _mime = R.export(long, TODAY)
    assert name == f"nardy-long-{TODAY}.txt"
    mixed = Session(kind="tavli", length=3, players=(HUMAN, HUMAN), seed="exp-3")
    text, name, mime = R.export(mixed, TODAY)
    assert name == f"nardy-{mixed.variant.key}-{TODAY}.json"
    assert mime == "application/json;charset=utf-8"
    assert json.loads(text)["kind"] == "tavli"


def test_the_other_files_are_named_alike():
    session = finished("short", "names")
    text, name, mime = R.dice_export(session, TODAY)
    assert name == f"nardy-short-{TODAY}-dice.json" and mime == "application/json"
    assert json.loads(text) == json.loads(json.dumps(session.to_dict()))
    assert R.review_export(session, TODAY, "T")[1] == f"nardy-short-{TODAY}-review.txt"
    assert R.new_ident(1234.9) == "g1234"


@pytest.mark.parametrize(
    "choice, turn, players",
    [
        ("two", 0, (HUMAN, HUMAN)),
        ("bots", 1, ("weak", "weak")),
        ("bot", 0, (HUMAN, "weak")),
        ("bot", 1, ("weak", HUMAN)),
        ("bot_to_move", 0, ("weak", HUMAN)),
        ("bot_to_move", 1, (HUMAN, "weak")),
    ],
)
def test_who_plays_an_opened_game(choice, turn, players):
    assert R.players_for(choice, turn, "weak") == players


def test_opening_a_state_and_a_whole_game():
    session = finished("short", "open-1")
    state = share.session_state(Session("short", players=(HUMAN, HUMAN), seed="open-2"))
    opened, replay = R.opened("state", state, "bot")
    assert replay is None and HUMAN in opened.players
    kind, payload = R.read(R.fragment(session))
    assert kind == "game"
    opened, replay = R.opened(kind, payload, "two")
    assert replay["index"] == 0 and len(replay["states"]) == len(session.game.actions) + 1
    _opened, replay = R.opened(kind, payload, "two", replay=False)
    assert replay is None


def test_an_imported_file_opens_with_its_recorded_dice():
    session = finished("short", "file-1")
    kind, payload = share.decode("file", R.export(session, TODAY)[0])
    opened, replay = R.opened(kind, payload, "bot")
    assert kind == "file" and replay is None and opened.recorded_dice


def test_a_game_replay_and_the_reader_answers():
    session = finished("short", "replay-1")
    replay = R.game_replay(session.game, 0)
    assert replay["game"] == 0 and replay["index"] == 0
    assert replay["states"][-1][0] == session.game.position
    with pytest.raises(NardyError) as info:
        R.checked({"error": "no", "code": "bad_code", "params": {}})
    assert info.value.code == "bad_code"
    assert R.budget_error().code == "read_budget"
    with pytest.raises(NardyError):
        R.check_file_size(share.MAX_FILE_BYTES + 1)
    R.check_file_size(share.MAX_FILE_BYTES)


def test_a_games_starting_position_and_a_whole_games_code():
    fragment = R.initial_fragment("long")
    kind, (position, _cube, _match) = R.read(fragment)
    assert kind == "state" and position.variant.key == "long"
    assert position.sides == position.variant.initial_position().sides
    assert R.initial_fragment("no_such_game") == "p="
    session = finished("short", "code-1")
    code = R.game_code(R.game_record(session.game))
    assert R.fragment(session) == "g=" + code
    answer = R.check("text", "g=" + code)
    assert answer["kind"] == "game" and R.checked(answer)[0] == "game"
    assert R.check("text", "nonsense")["code"]
