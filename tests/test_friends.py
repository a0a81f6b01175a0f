"""A game with a friend on another device, by links (nardy_core/friends, docs/dice.md "Playing a
friend on another device"): two devices play whole games and matches by passing links; every
roll verifies; any change to a revealed value or an action is refused with the game unchanged;
a roll is never computable by a side before the protocol entitles it; old, forked, missing and
foreign links are told apart."""

from __future__ import annotations

import copy
import functools
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_core.engine.game import DOUBLE, MOVE, OPENING, RESIGN, ROLL
from nardy_core.engine.match import MATCH_KINDS
from nardy_core.friends import Chain, FriendError, FriendGame, verify
from nardy_core.friends.chain import LENGTH, follows, step
from nardy_core.friends.protocol import Table, draw_seed, pack, unpack
from nardy_core.variants import VARIANTS

# every game as a money game, matches, and the cube options that add actions (beaver); inside
# Pyodide (the same protocol code, three times slower) the first six only
PYODIDE = sys.platform == "emscripten"
IN_PYODIDE = {"short", "long", "plakoto", "gioul", "fayles"}
GAMES = [
    pytest.param(
        key,
        length,
        options,
        marks=pytest.mark.skipif(PYODIDE and key not in IN_PYODIDE, reason="CPython: all"),
    )
    for key, length, options in [(key, 0, {}) for key in VARIANTS]
    + [
        ("short", 3, {}),
        ("long", 3, {}),
        ("short", 0, {"beaver": "true", "jacoby": "true"}),
        ("caucasian", 5, {}),
    ]
]


def choose(device: FriendGame, rng: random.Random) -> tuple:
    game = device.table.match.game
    if game.phase == ROLL:
        if game.can_double() and rng.random() < 0.05:
            return ("double",)
        if rng.random() < 0.002:
            return ("resign", game.variant.outcome_kinds[0])
        return ("roll",)
    if game.phase == MOVE:
        play = rng.choice(game.legal_plays())
        return ("play", [list(s) for s in play.steps])
    if game.phase == DOUBLE:
        return (rng.choice(["take", "take", "drop"] + (["beaver"] if game.can_beaver() else [])),)
    if game.phase == RESIGN:
        return (rng.choice(["accept", "decline"]),)
    raise AssertionError(game.phase)


def play_out(game: str, length: int, seed: int, kind: str | None = None, watch=None, options=None):
    """Two devices play a whole game (or match) by links; returns (inviter, friend, links)."""
    rng = random.Random(seed)
    devices = [FriendGame.invite(game, options or {}, length=length, name="Ann", kind=kind)]
    devices.append(FriendGame.accept(devices[0].invitation_link(), name="Bob"))
    links = [devices[1].link()]
    sender = 1
    for _ in range(5000):
        receiver = devices[1 - sender]
        assert receiver.receive(links[-1]) == "new"
        if watch:
            watch(devices, links)
        while receiver.my_turn:
            action = choose(receiver, rng)
            if action == ("roll",) and not receiver.table.roller_may_double():
                continue
            receiver.act(*action)
        if not receiver.must_send:
            break
        links.append(receiver.link())
        sender = receiver.me
    return devices[0], devices[1], links


@pytest.mark.parametrize("game,length,options", GAMES)
def test_two_devices_play_a_whole_game_and_agree(game, length, options):
    inviter, friend, links = play_out(game, length, seed=len(game) + length, options=options)
    assert inviter.table.over and friend.table.over
    assert inviter.record() == friend.record()
    checked, table = verify(inviter.record())
    assert checked == len(links)
    played = lambda m: [g.actions for g in m.all_games()]  # noqa: E731
    assert played(table.match) == played(inviter.match) == played(friend.match)
    assert inviter.status() == friend.status() == "over"


@pytest.mark.parametrize("kind", list(MATCH_KINDS))
def test_a_mixed_match_by_links(kind):
    first = MATCH_KINDS[kind].games[0]
    inviter, friend, _ = play_out(first, 3, seed=5, kind=kind)
    assert inviter.table.over and inviter.match.kind.key == kind
    assert verify(friend.record())[1].match.score == inviter.match.score
    assert len({g.variant.key for g in inviter.match.all_games()}) > 1  # the games alternate


def test_the_dice_are_those_of_the_two_chains():
    inviter, friend, _ = play_out("short", 0, seed=2)
    table = verify(inviter.record())[1]
    game = table.match.all_games()[0]
    rolls = [a[1] for a in game.actions if a[0] == "roll"]
    assert rolls and table.draws == len(rolls) + 1  # and the opening throw
    # the second draw is the first roll after the opening, from the two second elements
    a2, b2 = table.revealed[0][1], table.revealed[1][1]
    from nardy_core.engine.dice import Dice

    assert tuple(Dice(draw_seed(inviter.game_id, 2, a2, b2)).roll(2)) == tuple(rolls[0])
    assert a2 == inviter.chain.element(2) and b2 == friend.chain.element(2)


def test_the_chain():
    chain = Chain(bytes(range(16)))
    assert Chain(bytes(range(16))).tip == chain.tip  # the secret fixes the chain
    assert follows(chain.tip, chain.element(1)) and follows(chain.element(1), chain.element(2))
    assert step(chain.element(LENGTH)) == chain.element(LENGTH - 1)
    assert not follows(chain.tip, chain.element(2))
    with pytest.raises(FriendError.__mro__[1]):  # a NardyError
        chain.element(LENGTH + 1)


def _watch_entitlement(devices, links):
    """At every link: a device knows its friend's element of a draw only once the draw is
    due, with nothing left to decide before it (the roller may no longer double)."""
    for device in devices:
        table = device.table
        friend = 1 - device.me
        known = len(table.revealed[friend])
        assert known <= table.draws + 1
        if known == table.draws + 1:  # an element of a draw not yet made: it must be due
            assert table.draw_due() or table.match.game.phase == OPENING


@pytest.mark.parametrize("game,length,options", GAMES)
def test_no_side_can_compute_a_roll_before_it_is_due(game, length, options):
    play_out(game, length, seed=11, watch=_watch_entitlement, options=options)


def test_an_element_revealed_early_is_refused():
    inviter, friend, links = play_out("short", 0, seed=4)
    record = inviter.record()
    # find a roll of a player who could double: the friend's element came only after "roll"
    index = next(i for i, m in enumerate(record["messages"]) if ["roll"] in m["a"])
    # the other side's previous message reveals its element early, before "roll" was said
    forged = copy.deepcopy(record)
    early = forged["messages"][index - 1]
    releases = forged["messages"][index + 1]["a"]
    early["a"].append(next(i for i in releases if i[0] == "reveal"))
    with pytest.raises(FriendError) as caught:
        verify(forged)
    assert caught.value.code in ("friend_early",)
    assert caught.value.params["number"] == index  # 1-based: the message before the roll


def _tampered(record: dict, rng: random.Random) -> dict:
    forged = copy.deepcopy(record)
    messages = [m for m in forged["messages"] if m["a"]]
    message = rng.choice(messages)
    item = rng.choice(message["a"])
    if item[0] == "reveal":
        raw = bytearray.fromhex(item[1])
        raw[rng.randrange(16)] ^= 1 << rng.randrange(8)
        item[1] = raw.hex()
    elif item[0] == "play" and item[1]:
        step_ = item[1][rng.randrange(len(item[1]))]
        step_[1] = (step_[1] % 24) + 1
    else:
        item[0] = {"roll": "double", "double": "roll", "take": "drop", "drop": "take"}.get(
            item[0], "decline"
        )
    return forged


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_any_change_to_a_reveal_or_an_action_is_detected(seed):
    rng = random.Random(seed)
    inviter, _, _ = play_out("short", 0, seed=seed % 7)
    record = inviter.record()
    forged = _tampered(record, rng)
    if forged == record:
        return
    try:
        _, table = verify(forged)
    except FriendError:
        return
    # a change the rules happen to allow (another legal play) still changes the history:
    # the friend's next link carries the hash of the history it saw
    assert table.history != verify(record)[1].history


def test_a_device_refuses_a_bad_link_and_keeps_its_game():
    inviter = FriendGame.invite("short", name="Ann")
    friend = FriendGame.accept(inviter.invitation_link(), name="Bob")
    acceptance = friend.link()
    assert inviter.receive(acceptance) == "new"
    assert inviter.receive(acceptance) == "old"  # a second tap in the chat
    assert inviter.receive(inviter.invitation_link()) == "old"
    rng = random.Random(1)
    while inviter.my_turn:
        inviter.act(*choose(inviter, rng))
    link = inviter.link()
    before = json.dumps(friend.to_dict(), sort_keys=True)
    data = unpack(link)
    cases = {
        "friend_history": {**data, "h": "00" * 12},
        "friend_missing": {**data, "n": data["n"] + 1},
        "friend_other_game": {**data, "g": "0" * 16},
        "friend_own_link": {**data, "s": 1},
        "friend_link": "#f=AAAA",
    }
    for code, forged in cases.items():
        with pytest.raises(FriendError) as caught:
            friend.receive(forged if isinstance(forged, str) else pack(forged))
        assert caught.value.code == code, (code, caught.value)
        assert json.dumps(friend.to_dict(), sort_keys=True) == before
    assert friend.receive(link) == "new"
    # the same number with other content: a fork, the first one read stands
    forked = unpack(link)
    forked["a"] = forked["a"][::-1] if len(forked["a"]) > 1 else forked["a"] + [["roll"]]
    with pytest.raises(FriendError) as caught:
        friend.receive(pack(forked))
    assert caught.value.code == "friend_fork"


def test_an_invitation_is_bound_to_the_first_device_that_accepts():
    inviter = FriendGame.invite("long", name="Ann")
    first = FriendGame.accept(inviter.invitation_link(), name="Bob")
    second = FriendGame.accept(inviter.invitation_link(), name="Eve")
    assert inviter.receive(first.link()) == "new"
    with pytest.raises(FriendError) as caught:
        inviter.receive(second.link())
    assert caught.value.code == "friend_accepted"
    assert inviter.names == ("Ann", "Bob")


def test_a_move_for_the_wrong_side_or_an_illegal_one_is_refused():
    inviter = FriendGame.invite("short", name="Ann")
    friend = FriendGame.accept(inviter.invitation_link(), name="Bob")
    inviter.receive(friend.link())
    mover = inviter if inviter.my_turn else friend
    if mover is friend:
        friend.receive(inviter.link())
    with pytest.raises(FriendError) as caught:  # a link from the other side with this play
        mover.table.act(1 - mover.me, ("play", []))
    assert caught.value.code == "friend_wrong_side"
    with pytest.raises(FriendError) as caught:
        mover.act("play", [[1, 25, 24]])
    assert caught.value.code == "friend_illegal"


def test_a_saved_game_goes_on_on_another_device():
    inviter, friend, _ = play_out("short", 0, seed=3)
    copy_ = FriendGame.from_dict(json.loads(json.dumps(friend.to_dict())))
    assert copy_.record() == friend.record() and copy_.status() == friend.status()
    half = FriendGame.invite("long", name="Ann")
    bob = FriendGame.accept(half.invitation_link(), name="Bob")
    half.receive(bob.link())
    moved = FriendGame.from_dict(json.loads(json.dumps(half.to_dict())))
    assert moved.link() == half.link()  # the same elements, the same link


def test_a_turn_link_is_small():
    _, _, links = play_out("short", 0, seed=9)
    assert max(len(link) for link in links) < 400


def test_unpack_refuses_what_is_not_a_link():
    for junk in (None, "", "#f=", "#f=" + "A" * 9000, "#f=!!!!", pack({"v": 2, "t": "msg"})):
        with pytest.raises(FriendError):
            unpack(junk)
    assert Table  # the replay's state is public for the page


def test_verify_game_on_the_command_line(tmp_path, capsys):
    from nardy_core.cli.main import main

    inviter, friend, links = play_out("short", 0, seed=6)
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(friend.to_dict()))  # the page's export (secret included)
    assert main(["verify-game", str(honest)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"verified: {len(links)} links between Ann and Bob")
    record = inviter.record()
    number = next(
        i
        for i, m in enumerate(record["messages"], 1)
        if any(x[0] == "reveal" for x in m["a"]) and i > 3
    )
    item = next(x for x in record["messages"][number - 1]["a"] if x[0] == "reveal")
    item[1] = "00" * 16
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(record))
    assert main(["verify-game", str(forged)]) == 1
    assert f"link {number} is wrong" in capsys.readouterr().out
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    assert main(["verify-game", str(junk)]) == 2


def test_verify_game_from_the_links_of_a_chat(tmp_path, capsys):
    """A skeptic holds the chat: the invitation and every link, some sent twice, in any order.
    ``verify-game`` reads them from a text file or as arguments; an edited link, a fork (two
    versions of one link) and a missing link are named."""
    from nardy_core.cli.main import main
    from nardy_core.friends import codes_in, record_of_links

    inviter, _friend, links = play_out("short", 0, seed=11)
    invitation = inviter.invitation_link()
    base = "https://example.org/nardy/#f="
    chat = [f"Ann: {base}{invitation}"] + [
        f"{base}{code} (sent 12:0{i % 10})" for i, code in enumerate(links)
    ]
    chat.insert(5, chat[3])  # a link sent twice
    text = tmp_path / "chat.txt"
    text.write_text("\n".join(chat) + "\n")
    assert codes_in(text.read_text())[0] == invitation
    record = record_of_links(reversed(codes_in(text.read_text())))
    assert [
        {k: v for k, v in m.items() if k not in ("g", "h")} for m in record["messages"]
    ] == inviter.record()["messages"]
    assert main(["verify-game", str(text)]) == 0
    assert capsys.readouterr().out.startswith(f"verified: {len(links)} links between Ann and Bob")
    assert main(["verify-game", invitation, *links[:6]]) == 0
    assert "still being played" in capsys.readouterr().out

    def verdict(codes):
        assert main(["verify-game", *codes]) == 1
        return capsys.readouterr().out

    # an edited history hash in link 7: the links before it do not lead to it
    data = unpack(links[6])
    data["h"] = "00" * 12
    assert "link 7 is wrong" in verdict([invitation, *links[:6], pack(data), *links[7:]])
    # a second version of link 4 (another move, or a changed reveal): a fork
    data = unpack(links[3])
    data["a"] = data["a"][:-1]
    assert "link 4 comes in two different versions" in verdict([invitation, *links, pack(data)])
    assert "link 3 is not among the links" in verdict([invitation, *links[:2], *links[3:]])
    assert "invitation" in verdict(links)
    assert main(["verify-game", "not a link"]) == 2  # no such file
    assert "error:" in capsys.readouterr().err


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**9), 10**9)
    | st.text(max_size=12)
    | st.sampled_from(["play", "reveal", "00ff" * 4, "0A0B0C0D", "abc"])
    | st.binary(min_size=4, max_size=16).map(bytes.hex),
    lambda inner: (
        st.lists(inner, max_size=40)
        | st.dictionaries(st.sampled_from(["a", "g", "n", "x", "ключ"]), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["a", "g", "h", "n", "s", "zz"]), JSONISH, max_size=6))
def test_a_link_of_encoding_2_carries_its_message_exactly(body):
    from nardy_core.friends import linkcode

    for kind in ("msg", "inv"):
        code = linkcode.encode({"v": 1, "t": kind, **body})
        assert unpack(code) == {**body, "v": 1, "t": kind}
        assert unpack(pack({"v": 1, "t": kind, **body})) == unpack(code)  # encoding 1 too


@functools.cache
def _sample_links() -> tuple[str, ...]:
    inviter, _friend, links = play_out("short", 0, seed=1)
    return (inviter.invitation_link(), *links[:6])


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_damaged_binary_link_is_refused_cleanly(data):
    """Any bytes after the first: a message or FriendError ``friend_link``, nothing else."""
    import base64

    from nardy_core.friends import linkcode

    code = data.draw(st.sampled_from(_sample_links()))
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(1, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    raw = raw[: data.draw(st.integers(1, len(raw)))]
    damaged = base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    try:
        unpack(damaged)
    except FriendError as exc:
        assert exc.code == "friend_link"
    assert linkcode.MESSAGE != 0x78  # (encoding 1 starts with zlib's 0x78)


def test_links_are_of_encoding_2_and_smaller_than_encoding_1():
    inviter, friend, links = play_out("long", 0, seed=2)
    for code in [inviter.invitation_link(), *links]:
        assert code[0] == "8"  # 0xF2 / 0xF3: encoding 2
        assert len(code) < 0.75 * len(pack(unpack(code)))
    assert max(len(code) for code in links) <= 140  # two dice elements and a play
    # a device reads a link of encoding 1 as the same link
    other = FriendGame.from_dict(inviter.to_dict())
    assert other.receive(pack(unpack(links[-1]))) == "old"
