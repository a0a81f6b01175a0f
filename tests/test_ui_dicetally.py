"""The device's dice totals (nardy_core.ui.dicetally): each finished game counted once, by
the label of who threw, damaged stored totals dropped."""

import json
import random

from nardy_core.analysis.dicestats import game_stats, summary
from nardy_core.ui import dicetally as D
from nardy_core.ui.session import HUMAN, Session
from test_ui_session import play_to_end


def finished(players, seed, length=0):
    session = Session("short", players=players, seed=seed, length=length)
    play_to_end(session, random.Random(seed))
    return session


def test_a_game_is_counted_once_by_the_label_of_each_player():
    session = finished(("beginner", "intermediate"), "tally-1")
    seen = set()
    fresh = D.uncounted(session, seen)
    assert [ident for ident, _ in fresh] == [D.game_ident("tally-1", 1)]
    players, counted = {}, []
    changed, skipped = D.add(players, counted, session, fresh, seen)
    assert changed and not skipped and counted == [fresh[0][0]] and seen == {fresh[0][0]}
    stats = game_stats(session.game)
    assert players["beginner"]["rolls"] == stats[0]["rolls"]
    assert players["intermediate"]["rolls"] == stats[1]["rolls"]
    assert players["beginner"]["games"] == 1
    assert D.uncounted(session, seen) == []  # this page knows it is counted
    # another page (a reload) knows nothing, but the stored ids say it is counted
    again, skipped = D.add(players, counted, session, D.uncounted(session, set()), set())
    assert not again and counted == [fresh[0][0]]


def test_two_people_add_to_one_row():
    session = finished((HUMAN, HUMAN), "tally-2")
    players, counted = {}, []
    D.add(players, counted, session, D.uncounted(session, set()), set())
    stats = game_stats(session.game)
    assert list(players) == [HUMAN]
    assert players[HUMAN]["rolls"] == stats[0]["rolls"] + stats[1]["rolls"]
    assert players[HUMAN]["games"] == 1


def test_unfinished_and_recorded_games_are_not_counted():
    assert D.uncounted(Session("short", seed="tally-3"), set()) == []
    session = finished((HUMAN, HUMAN), "tally-4")
    session.recorded_dice = True
    assert D.uncounted(session, set()) == []


def test_stored_totals_are_checked_and_kept_short():
    good = game_stats(finished((HUMAN, HUMAN), "tally-5").game)[0]
    stored = json.loads(
        json.dumps(
            {
                "players": {"human": good, "strong": "junk", "weak": {"rolls": "x"}},
                "counted": ["a", 3, None, "b"],
            }
        )
    )
    players, counted, dropped = D.clean(stored)
    assert list(players) == ["human"] and summary(players["human"])
    assert sorted(label for label, _ in dropped) == ["strong", "weak"]
    assert counted == ["a", "b"]
    assert D.clean("junk") == ({}, [], [])
    assert D.clean({"players": [], "counted": {}}) == ({}, [], [])
    many = [str(i) for i in range(D.COUNTED_KEEP + 5)]
    assert D.stored({}, many)["counted"] == many[5:]


def test_device_rows_list_people_first():
    rows = D.device_rows({"strong": {"r": 1}, HUMAN: {"r": 2}, "beginner": {"r": 3}}, str.upper)
    assert [label for label, _ in rows] == ["HUMAN", "BEGINNER", "STRONG"]
