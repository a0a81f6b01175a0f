"""The page's words about games with friends (nardy_core/ui/friendlist.py): each refusal a
player can meet in his own words, the summary kept beside a stored game and the list's row read
from it, and how long ago a game last changed."""

import json
import random

import pytest

from nardy_core.friends.protocol import FriendError, pack, unpack
from nardy_core.ui import friendlist as FL
from nardy_core.ui import text as T
from nardy_core.ui.friendsession import FriendSession
from test_friendsession import start, turn

PROTOCOL = "nardy_core/friends/protocol.py"


def test_every_refusal_a_player_can_meet_has_its_own_words_in_every_language():
    import re
    from pathlib import Path

    source = (Path(__file__).parent.parent / PROTOCOL).read_text(encoding="utf-8")
    raised = set(re.findall(r'(?:_fail\(|code=)\s*"(friend_\w+)"', source))
    assert raised == set(FL.REFUSALS), raised ^ set(FL.REFUSALS)
    for code in FL.REFUSALS:
        key = FL.refusal_key(code)
        assert key in T.CATALOGUE, key
        english = T.tr("en", key, number=3)
        assert english != T.tr("en", "friend_refused")
        for lang in T.LANGUAGES:
            assert T.tr(lang, key, number=3) and "{" not in T.tr(lang, key, number=3), lang
    assert FL.refusal_key("friend_something_new") == "friend_refused"
    assert FL.refusal_key(None) == "friend_refused"
    assert FL.refusal("en", FriendError("x", code="friend_unknown")) == T.tr("en", "friend_refused")


def test_a_refused_link_says_why_in_the_players_language():
    rng = random.Random(1)
    ann, bob = start()
    ann.receive(bob.link())
    turn(ann, rng)
    link = ann.link()
    data = unpack(link)
    data["h"] = "00" * 12
    with pytest.raises(FriendError) as caught:
        bob.receive(pack(data))
    assert FL.refusal("en", caught.value).startswith("This link changes a move or a roll")
    russian = FL.refusal("ru", caught.value)
    assert russian != FL.refusal("en", caught.value) and "отклон" in russian
    # a link of a later turn, the one before it never opened: which one to open first
    turn(bob, rng) if bob.receive(link) == "new" else None
    with pytest.raises(FriendError) as caught:
        bob.receive("#f=" + pack({**unpack(link), "n": 9}))
    assert caught.value.code == "friend_missing"
    number = caught.value.params["number"]
    assert f"(link {number})" in FL.refusal("en", caught.value)
    assert f"({number})" not in FL.refusal("ru", caught.value)
    assert f"ссылка {number}" in FL.refusal("ru", caught.value)


def test_the_summary_kept_beside_a_game_gives_the_lists_row():
    ann, bob = start("short", length=5)
    ann.receive(bob.link())
    entry = json.loads(json.dumps({"game": ann.friend.to_dict(), **FL.summary(ann)}))
    # the page keeps a game's time when it is saved again unchanged (read back from storage)
    assert entry["game"] == ann.friend.to_dict()
    assert entry["other"] == "Bob" and entry["me"] == 0 and entry["length"] == 5
    assert entry["score"] == [0, 0] and entry["pending"] is None and entry["links"] == 1
    assert FL.score_text("en", entry) == "match to 5, you 0, Bob 0"
    entry["score"] = [2, 1.5]
    assert FL.score_text("en", entry) == "match to 5, you 2, Bob 1.5"
    assert FL.score_text("en", {**entry, "me": 1, "other": "Ann"}) == "match to 5, you 1.5, Ann 2"
    assert FL.score_text("en", {**entry, "length": 0}) == "money game"
    assert FL.score_text("en", {"status": "play"}) == ""  # stored before the score was
    assert FL.mark("en", "play") == ("your turn", True)
    assert FL.mark("en", "send") == ("your turn", True)
    assert FL.mark("en", "wait") == ("Waiting for your friend's move", False)
    assert FL.mark("en", "over") == ("game over", False)
    assert FL.mark("en", "nonsense") == ("", False)
    # Russian: the same row in the page's language
    assert FL.score_text("ru", entry) != FL.score_text("en", entry)


def test_how_long_ago():
    now = 1_800_000_000_000
    minute = 60_000
    assert FL.ago(now, now) == (0, "minute")
    assert FL.ago(now, now - 5 * minute - 10) == (-5, "minute")
    assert FL.ago(now, now - 59 * minute) == (-59, "minute")
    assert FL.ago(now, now - 60 * minute) == (-1, "hour")
    assert FL.ago(now, now - 23 * 60 * minute) == (-23, "hour")
    assert FL.ago(now, now - 3 * 24 * 60 * minute) == (-3, "day")
    assert FL.ago(now, now - 7 * 24 * 60 * minute) is None  # a date then
    assert FL.ago(now, now + 10_000) == (0, "minute")  # clocks a few seconds apart
    assert FL.ago(now, now + 3600_000) is None
    for nothing in (None, 0, "yesterday", True):
        assert FL.ago(now, nothing) is None


class NoDouble(random.Random):
    def random(self):  # never doubles: the first game cannot end the match
        return 0.5


def test_an_ended_game_of_a_match_shown_until_next_game_is_shown_again_after_a_reload():
    rng = NoDouble(5)
    ann, bob = start("short", length=5)
    link, receiver = bob.link(), ann
    for _ in range(3000):
        receiver.receive(link)
        if receiver.pending_over is not None:
            break
        turn(receiver, rng)
        if receiver.pending_over is not None:
            break
        link = receiver.link()
        receiver = bob if receiver is ann else ann
    else:
        raise AssertionError("no game of the match ended")
    shown = receiver.view()
    index = receiver.pending_index
    assert index == 0 and shown["result"] is not None
    entry = json.loads(json.dumps({"game": receiver.friend.to_dict(), **FL.summary(receiver)}))
    assert entry["pending"] == 0
    again = FriendSession.from_friend(entry["game"], pending=entry["pending"])
    assert again.pending_over is not None and again.game.is_over
    assert again.view() == shown and again.logs == receiver.logs
    assert not again.human_to_act()
    again.next_game()
    receiver.next_game()
    assert again.pending_index is None and again.view() == receiver.view()
    # without it (stored before), or a wrong one: the game the match is at
    for pending in (None, 1, 7, -1, "0", True):
        plain = FriendSession.from_friend(entry["game"], pending=pending)
        assert plain.pending_over is None and plain.view() == receiver.view()
