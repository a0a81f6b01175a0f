"""FriendSession: a friend game as the board shows it, every action routed to the FriendGame."""

import random

import pytest

from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL
from nardy_core.friends.protocol import FriendError, FriendGame, pack, unpack
from nardy_core.ui.friendsession import FRIEND, FriendSession
from nardy_core.ui.session import HUMAN


def start(game="short", length=0, kind=None):
    ann = FriendSession(FriendGame.invite(game, length=length, name="Ann", kind=kind))
    bob = FriendSession(FriendGame.accept(ann.friend.invitation_link(), name="Bob"))
    return ann, bob


def turn(session, rng):
    """The player's actions through the session's API, as the board's buttons make them."""
    if session.pending_over is not None:  # a game of the match ended: Next game
        assert session.game.is_over and session.view()["result"] is not None
        session.next_game()
    while session.human_to_act():
        game = session.game
        if game.phase == ROLL:
            if game.can_double() and rng.random() < 0.1:
                session.double()
            else:
                session.roll()
        elif game.phase == MOVE:
            play = rng.choice(game.legal_plays())
            session._steps(play.steps)
            session.confirm()
        elif game.phase == DOUBLE:
            session.take()
        elif game.phase == RESIGN:
            session.accept_resignation()


@pytest.mark.parametrize(
    "game,length,kind",
    [("short", 0, None), ("long", 0, None), ("short", 3, None), ("portes", 1, "tavli")],
)
def test_two_sessions_play_a_whole_game_by_links(game, length, kind):
    rng = random.Random(3)
    ann, bob = start(game, length, kind)
    assert ann.players == (HUMAN, FRIEND) and bob.players == (FRIEND, HUMAN)
    assert bob.status() == "send"
    link, receiver = bob.link(), ann
    for _ in range(3000):
        assert receiver.receive(link) == "new"
        assert receiver.receive(link) == "old"
        turn(receiver, rng)
        if receiver.status() != "send":
            break
        link = receiver.link()
        receiver = bob if receiver is ann else ann
    assert ann.status() == bob.status() == "over"
    assert ann.friend.record() == bob.friend.record()
    assert ann.game.is_over and ann.view()["result"] is not None
    assert any(row["k"] == "result" for row in ann.logs[-1])
    assert ann.names_by_colour() in (["Ann", "Bob"], ["Bob", "Ann"])
    # saved and restored: the same game
    again = FriendSession.from_friend(ann.friend.to_dict())
    assert again.view() == ann.view() and again.logs == ann.logs
    # Export and the review read the match as any game's record, its dice written in
    from nardy_core.ui import pagerecords as R
    from nardy_core.ui.session import Session

    text, name, _mime = R.export(ann, "2026-11-27")
    assert name and text
    assert Session.from_dict(ann.to_dict()).view()["checkers"] == ann.view()["checkers"]


def test_a_changed_link_is_refused_and_the_session_is_unchanged():
    rng = random.Random(1)
    ann, bob = start()
    ann.receive(bob.link())
    turn(ann, rng)
    link = ann.link()
    data = unpack(link)
    data["h"] = "00" * 12
    before = bob.view()
    with pytest.raises(FriendError) as caught:
        bob.receive(pack(data))
    assert caught.value.code == "friend_history"
    assert bob.view() == before
    assert bob.receive(link) == "new"


def test_the_board_shows_the_friend_game_and_its_move_list():
    rng = random.Random(2)
    ann, bob = start()
    ann.receive(bob.link())
    assert ann.logs[0] and ann.logs[0][0]["k"] == "opening"
    turn(ann, rng)
    bob.receive(ann.link())
    assert [r["k"] for r in bob.logs[0]] == [r["k"] for r in ann.logs[0]]
    assert bob.view()["checkers"] == ann.view()["checkers"]


def test_the_friends_plays_are_shown_step_by_step():
    """Reading a link with ``show``: ``friend_steps`` shows each play of the friend from its
    dice to its last step on a copy (the board's game meanwhile), then the real game again."""
    rng = random.Random(8)
    ann, bob = start("long")
    link, receiver = bob.link(), ann
    shown = 0
    for _ in range(12):
        before = receiver.view()
        assert receiver.receive(link, show=True) == "new"
        after = receiver.view()
        plays = [i for i in unpack(link)["a"] if i[0] == "play" and i[1]]
        frames = []
        for _ in receiver.friend_steps():
            assert not receiver.human_to_act()  # nothing to click while it is shown
            view = receiver.view()
            frames.append((view["points"], view["dice"], view["turn"]))
        assert receiver.view() == after and receiver.showing is None
        assert len(frames) == sum(len(p[1]) + 1 for p in plays)
        if plays:
            shown += 1
            assert frames[0][0] == before["points"] or before["phase"] == "opening"
            assert frames[0][1]  # the friend's dice are shown first
            assert len({str(f[0]) for f in frames}) == len(frames)  # each step moves a checker
        turn(receiver, rng)
        link = receiver.link()
        receiver = bob if receiver is ann else ann
    assert shown >= 5


def test_an_invitation_restored_before_it_is_accepted_sends_nothing():
    """A reload of the inviter's page before the friend accepts: the game waits for the
    acceptance, as before it (no link of its own that the acceptance would then contradict)."""
    ann = FriendGame.invite("short", length=3, name="Ann")
    again = FriendSession.from_friend(ann.to_dict())
    assert again.friend.outbox == [] and again.status() == "invited"
    assert again.friend.link() is None
    bob = FriendGame.accept(ann.invitation_link(), name="Bob")
    assert again.receive(bob.link()) == "new"
    assert again.friend.names == ("Ann", "Bob") and again.status() == "send"
    assert bob.receive(again.link()) == "new"


def test_a_friend_session_has_every_attribute_a_session_sets():
    """FriendSession does not run Session.__init__: whatever that sets, it sets too (a new
    Session attribute, such as the tutor's, would otherwise break friend games at once)."""
    from nardy_core.ui.session import Session

    plain = vars(Session("short"))
    ann, _bob = start()
    missing = [name for name in plain if not hasattr(ann, name)]
    assert missing == []
