"""A game with a friend on another device, played by links (docs/dice.md, "Playing a friend on
another device"): the invitation, the acceptance, each turn's link, and the replay that checks
them.

The record of a friend game is its invitation and the list of messages the two devices sent each
other, in order. Each message holds its sender (0 the inviter, 1 the friend), the sender's
actions since the last message and the elements of the sender's hash chain it reveals. No dice
travel: each roll is computed from the two chains (``draw_dice``) the moment both elements of its
draw are known, and replaying the messages on a fresh match is the one way a state is reached,
so a device and a verifier (``verify``) check exactly the same things.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.dice import Dice
from ..engine.errors import NardyError
from ..engine.game import MOVE, OPENING, OVER, ROLL
from ..engine.match import Match
from ..formats import record as record_model
from ..variants import get_variant
from . import linkcode
from .chain import LENGTH, SIZE, Chain, follows

VERSION = 1
MAX_LINK = 8192  # characters of a link's code: a turn's is a few hundred
MAX_ACTIONS = 64  # actions in one message (a turn of escalating doubles has a dozen)
MAX_NAME = 40  # characters of a player's name
HASH = 12  # bytes of the history hash in a link

# what the sender of a message may do: a roll is never sent (it follows from the chains), a
# player who may double first says "roll" instead
ACTIONS = ("roll", "play", "double", "take", "drop", "beaver", "resign", "accept", "decline")


class FriendError(NardyError):
    """A friend game's link that this device refuses (the game is left as it was)."""

    code = "friend"


def _fail(code: str, message: str, **params: Any) -> FriendError:
    return FriendError(message, code=code, **params)


# --- links -----------------------------------------------------------------------------------
def pack(data: Mapping[str, Any]) -> str:
    """A message as compact JSON, deflated, base64url without padding: what the hashes (the
    game id, the history) are of, and a link's code of encoding 1 (still read: ``unpack``);
    the links a device makes now are of encoding 2 (``linkcode``), the same message smaller."""
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def unpack(code: object) -> dict[str, Any]:
    """The message of a link's code; FriendError ``friend_link`` for anything else."""
    if not isinstance(code, str):
        raise _fail("friend_link", "a friend game's link is text")
    code = code.strip()
    for prefix in ("#f=", "f="):
        if prefix in code:
            code = code.split(prefix, 1)[1]
    if not code or len(code) > MAX_LINK:
        raise _fail("friend_link", f"a friend game's link has 1 to {MAX_LINK} characters")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        if packed[:1] in (bytes([linkcode.MESSAGE]), bytes([linkcode.INVITATION])):
            data = linkcode.decode(packed, VERSION)  # encoding 2: binary
        else:  # encoding 1: deflated JSON
            inflater = zlib.decompressobj()
            raw = inflater.decompress(packed, 64 * MAX_LINK)
            if inflater.unconsumed_tail:
                raise ValueError("too big")
            data = json.loads(raw.decode())
    except (ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise _fail(
            "friend_link", "this is not a friend game's link (it is cut or damaged)"
        ) from None
    if (
        not isinstance(data, dict)
        or data.get("v") != VERSION
        or data.get("t")
        not in (
            "inv",
            "msg",
        )
    ):
        raise _fail("friend_link", "this is not a friend game's link of a version this page reads")
    return data


def _hex(value: object, size: int, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size:
        raise _fail("friend_link", f"the link's {what} is not {size} bytes in hexadecimal")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise _fail("friend_link", f"the link's {what} is not hexadecimal") from None


def _name(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise _fail("friend_link", f"a player's name has at most {MAX_NAME} characters")
    return value


# --- the invitation --------------------------------------------------------------------------
@dataclass(frozen=True)
class Invitation:
    """What the inviter offers: the game (or mixed match), its options, the match length (0:
    money), the inviter's name and chain tip, and a nonce that makes every invitation unique."""

    game: str
    options: Mapping[str, str]
    length: int
    name: str
    tip: bytes
    nonce: bytes
    kind: str | None = None  # a mixed match's key (``game`` is then its first game)

    def to_dict(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "t": "inv",
            "game": self.game,
            "options": dict(self.options),
            "length": self.length,
            "name": self.name,
            "tip": self.tip.hex(),
            "nonce": self.nonce.hex(),
            "kind": self.kind,
        }

    @property
    def game_id(self) -> str:
        """16 hexadecimal digits of SHA-256 of the invitation: the game's name in every link."""
        return hashlib.sha256(pack(self.to_dict()).encode()).hexdigest()[:16]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Invitation:
        options = data.get("options")
        if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()
        ):
            raise _fail("friend_link", "the invitation's options are not a list of names")
        length = data.get("length")
        if not isinstance(length, int) or isinstance(length, bool):
            raise _fail("friend_link", "the invitation's match length is not a number")
        kind = data.get("kind")
        game = data.get("game")
        if not isinstance(game, str) or not (kind is None or isinstance(kind, str)):
            raise _fail("friend_link", "the invitation names no game")
        invitation = cls(
            game=game,
            options=dict(options),
            length=length,
            name=_name(data.get("name")),
            tip=_hex(data.get("tip"), SIZE, "chain tip"),
            nonce=_hex(data.get("nonce"), SIZE, "nonce"),
            kind=kind,
        )
        invitation.new_match()  # an unknown game, option or length is refused here
        return invitation

    def new_match(self) -> Match:
        """The match this invitation starts (each game waiting for its opening throw)."""
        if self.kind is not None:
            return Match(None, self.length, kind=self.kind, throw_opening=False)
        return Match(get_variant(self.game, dict(self.options)), self.length, throw_opening=False)


def draw_seed(game_id: str, draw: int, a: bytes, b: bytes) -> str:
    """The dice seed of draw ``draw`` (1, 2, …) from the two players' elements."""
    text = f"nardy-friend-v{VERSION}|{game_id}|{draw}|{a.hex()}|{b.hex()}"
    return hashlib.sha256(text.encode()).hexdigest()


# --- a message ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Message:
    """One link's content: the sender's items since his last link, in the order he made them:
    his actions, and ``("reveal", element)`` for each element of his chain he reveals (the next
    one, when the rules entitle the other side to the draw it makes). The acceptance also
    carries the friend's name and chain tip."""

    number: int  # 1 = the acceptance
    sender: int  # 0 the inviter, 1 the friend
    items: tuple[tuple[Any, ...], ...] = ()
    name: str | None = None
    tip: bytes | None = None

    def content(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "n": self.number,
            "s": self.sender,
            "a": [[i[0], i[1].hex()] if i[0] == "reveal" else list(i) for i in self.items],
        }
        if self.tip is not None:
            data["name"] = self.name
            data["tip"] = self.tip.hex()
        return data

    def digest(self) -> bytes:
        return hashlib.sha256(pack(self.content()).encode()).digest()

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Message:
        number, sender, raw_items = data.get("n"), data.get("s"), data.get("a")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise _fail("friend_link", "the link's number is not a positive number")
        if sender not in (0, 1):
            raise _fail("friend_link", "the link does not say who sent it")
        if not isinstance(raw_items, list) or len(raw_items) > MAX_ACTIONS:
            raise _fail("friend_link", f"a link holds at most {MAX_ACTIONS} actions")
        items: list[tuple[Any, ...]] = []
        for raw in raw_items:
            if not isinstance(raw, list) or not raw or raw[0] not in (*ACTIONS, "reveal"):
                raise _fail("friend_link", "the link holds an action this game does not know")
            if raw[0] == "reveal":
                if len(raw) != 2:
                    raise _fail("friend_link", "the link reveals a dice element badly")
                items.append(("reveal", _hex(raw[1], SIZE, "dice element")))
            else:
                items.append(tuple(raw))
        tip = data.get("tip")
        return cls(
            number=number,
            sender=sender,
            items=tuple(items),
            name=_name(data.get("name")) if tip is not None else None,
            tip=_hex(tip, SIZE, "chain tip") if tip is not None else None,
        )


# --- the replay ----------------------------------------------------------------------------
@dataclass
class Table:
    """The state both devices agree on after some messages: the match, both chains' tips and
    revealed elements, the draws made, and who has said "roll"."""

    invitation: Invitation
    match: Match
    tips: list[bytes | None]
    revealed: list[list[bytes]] = field(default_factory=lambda: [[], []])
    draws: int = 0  # draws made (each opening throw and each roll is one)
    declared: bool = False  # the roller said "roll" (he may double, and did not)
    names: list[str] = field(default_factory=lambda: ["", ""])
    history: bytes = b""  # hash of the invitation and every message so far

    @classmethod
    def start(cls, invitation: Invitation) -> Table:
        table = cls(invitation, invitation.new_match(), [invitation.tip, None])
        table.names[0] = invitation.name
        table.history = hashlib.sha256(pack(invitation.to_dict()).encode()).digest()
        return table

    def player_of(self, colour: int) -> int:
        game = self.match.game
        assert game is not None
        return int(game.players[colour])

    def waiting_for(self) -> int | None:
        """The player (0 or 1) whose action the game waits for now, None when over."""
        game = self.match.game
        if game is None or game.phase == OVER:
            return None
        actor = game.actor
        return None if actor is None else self.player_of(actor)

    def roller_may_double(self) -> bool:
        game = self.match.game
        return game is not None and game.phase == ROLL and game.can_double()

    def draw_due(self) -> bool:
        """Whether the game needs a draw now: an opening throw, or a roll that the roller may
        not double before (or for which he said "roll")."""
        game = self.match.game
        if game is None:
            return False
        if game.phase == OPENING:
            return True
        return game.phase == ROLL and (self.declared or not game.can_double())

    def make_draws(self) -> None:
        """Throw every draw whose two elements are known, as the rules reach it."""
        while self.draw_due():
            k = self.draws + 1
            if len(self.revealed[0]) < k or len(self.revealed[1]) < k:
                return
            seed = draw_seed(
                self.invitation.game_id, k, self.revealed[0][k - 1], self.revealed[1][k - 1]
            )
            game = self.match.game
            assert game is not None
            # the game throws from the draw's seed as from its own (ties thrown again)
            game.dice = Dice(seed)
            if game.phase == OPENING:
                game.opening()
            else:
                game.roll()
            self.draws = k
            self.declared = False
            self._next_game()

    @property
    def over(self) -> bool:
        """The friend game is over: its one money game, or its match."""
        game = self.match.game
        if game is None:
            return True
        return game.is_over and (not self.match.length or self.match.is_over)

    def _next_game(self) -> None:
        """A match goes on to its next game (a money game with a friend is one game)."""
        game = self.match.game
        if game is not None and game.is_over and self.match.length and not self.match.is_over:
            self.match.next_game()

    def apply(self, message: Message) -> None:
        """``message`` played on this table (which the caller throws away on an error)."""
        sender = message.sender
        if message.tip is not None:  # the acceptance
            if message.number != 1 or sender != 1 or self.tips[1] is not None:
                raise _fail("friend_accepted", "this game was accepted already")
            self.tips[1] = message.tip
            self.names[1] = message.name or ""
        elif self.tips[1] is None:
            raise _fail("friend_order", "the friend's acceptance must come first")
        for item in message.items:
            if item[0] == "reveal":
                self.reveal(sender, item[1])
            else:
                self.act(sender, item)
        self.history = hashlib.sha256(self.history + message.digest()).digest()

    def owes(self, player: int) -> bool:
        """Whether ``player`` may reveal his element of the next draw (it is due: the same
        moment for both players, each reveals in his next link, docs/dice.md) and has not."""
        return len(self.revealed[player]) == self.draws and self.draw_due()

    def reveal(self, sender: int, element: bytes) -> None:
        """The sender's next chain element; the draws it completes are thrown."""
        chain = self.revealed[sender]
        if len(chain) >= LENGTH:
            raise _fail("friend_chain_used", "the game has used all its dice")
        if not self.owes(sender):
            raise _fail(
                "friend_early",
                "a dice element was revealed before its roll was due",
                draw=len(chain) + 1,
            )
        previous = chain[-1] if chain else self.tips[sender]
        assert previous is not None
        if not follows(previous, element):
            raise _fail(
                "friend_bad_element",
                f"a dice element of {'the inviter' if sender == 0 else 'the friend'} does not "
                "follow from the ones before it: the roll would not be the one committed to",
                draw=len(chain) + 1,
            )
        chain.append(element)
        self.make_draws()

    def act(self, sender: int, raw: Sequence[Any]) -> None:
        """One of the sender's actions, checked: by the rules, and made by the right side."""
        game = self.match.game
        if game is None or game.phase == OVER:
            raise _fail("friend_over", "the link goes on after the game is over")
        actor = self.waiting_for()
        name = raw[0]
        if game.phase == OPENING or (game.phase == ROLL and self.declared):
            raise _fail(
                "friend_wait", "an action before the dice due were thrown", action=str(name)
            )
        if actor != sender and not (name == "resign" and game.phase in (ROLL, MOVE)):
            raise _fail(
                "friend_wrong_side",
                f"an action ({name}) made for the other player",
                action=str(name),
            )
        if name == "resign" and self.player_of(game.position.turn) != sender:
            raise _fail(
                "friend_wrong_side",
                "a resignation offered for the other player",
                action="resign",
            )
        if name == "roll":
            if game.phase != ROLL or not game.can_double() or raw[1:]:
                raise _fail("friend_bad_action", "a roll where none is to be said", action="roll")
            self.declared = True
            return
        try:
            record_model.apply(game, record_model.action(list(raw)))
        except NardyError as exc:
            raise _fail(
                "friend_illegal",
                f"an action the rules do not allow: {exc.message}",
                action=str(name),
            ) from None
        self._next_game()
        self.make_draws()


# --- a device's game -------------------------------------------------------------------------
class FriendGame:
    """One device's side of a friend game: the invitation, its own chain (the secret stays
    here), every message so far, and the table they give. ``me``: 0 the inviter, 1 the friend.

    The device's own items wait in ``outbox`` until ``link()`` sends them: its actions, and its
    chain's next element as soon as the rules entitle the other side to the draw (so that this
    device sees its own roll as soon as the friend's element is in: the element goes out with
    the next link). ``table`` is the state with the outbox played."""

    def __init__(self, invitation: Invitation, me: int, chain: Chain) -> None:
        self.invitation = invitation
        self.me = me
        self.chain = chain
        self.messages: list[Message] = []
        self.outbox: list[tuple[Any, ...]] = []
        self.table = Table.start(invitation)
        self.hashes = [self.table.history]  # the history's hash before each message

    # -- starting
    @classmethod
    def invite(
        cls,
        game: str,
        options: Mapping[str, str] | None = None,
        length: int = 0,
        name: str = "",
        kind: str | None = None,
        chain: Chain | None = None,
    ) -> FriendGame:
        chain = chain or Chain()
        invitation = Invitation(
            game=game,
            options=dict(options or {}),
            length=length,
            name=_name(name),
            tip=chain.tip,
            nonce=secrets.token_bytes(SIZE),
            kind=kind,
        )
        invitation.new_match()
        return cls(invitation, 0, chain)

    def invitation_link(self) -> str:
        return linkcode.encode(self.invitation.to_dict())

    @classmethod
    def accept(cls, link: str, name: str = "", chain: Chain | None = None) -> FriendGame:
        """The friend's side, from the invitation's link; ``link()`` is then its acceptance."""
        data = unpack(link)
        if data["t"] != "inv":
            raise _fail("friend_link", "this link is not an invitation")
        friend = cls(Invitation.read(data), 1, chain or Chain())
        friend.name = _name(name)
        friend.table = friend._local([], [])
        friend._refresh()
        return friend

    name = ""  # the friend's name, sent with the acceptance

    # -- the state
    @property
    def game_id(self) -> str:
        return self.invitation.game_id

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def accepted(self) -> bool:
        return self.table.tips[1] is not None or self.me == 1

    @property
    def must_send(self) -> bool:
        """This device has items the friend has not seen (or has not sent its acceptance)."""
        return bool(self.outbox) or (self.me == 1 and not self.messages)

    @property
    def my_turn(self) -> bool:
        """Whether the game waits for this device's player to act."""
        return self.accepted and self.table.waiting_for() == self.me and not self.waiting_for_draw()

    def status(self) -> str:
        """Where the game stands for this device, as the page says it: ``"send"`` (its link is
        to be sent), ``"over"``, ``"invited"`` (the inviter waits for the acceptance),
        ``"release"`` (this player said "roll": waiting for the friend to release it),
        ``"play"`` (this player's turn), ``"wait"`` (the friend's turn)."""
        if self.must_send:
            return "send"
        if self.table.over:
            return "over"
        if not self.accepted:
            return "invited"
        if self.waiting_for_draw():
            return "release" if self.table.waiting_for() == self.me else "wait"
        return "play" if self.my_turn else "wait"

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names: the inviter's, the friend's."""
        friend = self.name if self.me == 1 else self.table.names[1]
        return self.table.names[0], friend

    def waiting_for_draw(self) -> bool:
        """The game needs a draw whose friend's element has not come yet (after this player
        said "roll": waiting for the friend to release the roll)."""
        return self.table.draw_due() and len(self.table.revealed[1 - self.me]) <= self.table.draws

    # -- acting
    def act(self, *action: Any) -> None:
        """Make one of this player's actions (``"play", steps``, ``"double"``, ``"roll"`` …); a
        refused one changes nothing (the table is replayed again from the record then)."""
        try:
            self.table.act(self.me, tuple(action))
        except NardyError:
            self.table = self._local(self.messages, self.outbox)
            raise
        self.outbox.append(tuple(action))
        self._refresh()

    def link(self) -> str | None:
        """The link to send now (the items since the last one), or None when there is none."""
        if not self.outbox and not (self.me == 1 and not self.messages):
            return None
        number = len(self.messages) + 1
        first = self.me == 1 and number == 1
        message = Message(
            number,
            self.me,
            tuple(self.outbox),
            self.name if first else None,
            self.chain.tip if first else None,
        )
        previous = self.hashes[number - 1]
        self.messages.append(message)
        self.hashes.append(hashlib.sha256(previous + message.digest()).digest())
        self.table.history = self.hashes[-1]
        if first:  # the acceptance's name and tip, as the inviter's table reads them
            self.table.names[1] = self.name
        self.outbox = []
        return self._link_of(number)

    def _link_of(self, number: int) -> str:
        message = self.messages[number - 1]
        previous = self.hashes[number - 1][:HASH].hex()
        return linkcode.encode(
            {"v": VERSION, "t": "msg", "g": self.game_id, "h": previous, **message.content()}
        )

    def last_link(self) -> str | None:
        """The last link this device sent, to send again (a friend who lost it)."""
        for number in range(len(self.messages), 0, -1):
            if self.messages[number - 1].sender == self.me:
                return self._link_of(number)
        return None

    def _local(self, messages: Sequence[Message], items: Sequence[tuple[Any, ...]]) -> Table:
        table = Table.start(self.invitation)
        for message in messages:
            table.apply(message)
        if self.me == 1 and not messages:
            table.tips[1] = self.chain.tip
        for item in items:
            if item[0] == "reveal":
                table.reveal(self.me, item[1])
            else:
                table.act(self.me, item)
        return table

    def _refresh(self) -> None:
        """Reveal this device's next element wherever the rules entitle the friend to it (it
        goes out with the next link), and the draws it completes. Nothing before the friend has
        accepted: the inviter's first element goes out in the link that answers the acceptance
        (a game restored before it must not make a link of its own)."""
        if self.table.tips[1] is None:
            return
        while self.table.owes(self.me):
            element = self.chain.element(len(self.table.revealed[self.me]) + 1)
            self.table.reveal(self.me, element)
            self.outbox.append(("reveal", element))

    # -- receiving
    def receive(self, link: str) -> str:
        """Read the friend's link. Returns ``"new"`` (the game went on) or ``"old"`` (nothing new
        in this link); raises FriendError, the game unchanged, for a link it refuses."""
        data = unpack(link)
        if data["t"] == "inv":
            if Invitation.read(data) == self.invitation:
                return "old"
            raise _fail("friend_other_game", "this invitation is for another game")
        if data.get("g") != self.game_id:
            raise _fail("friend_other_game", "this link belongs to another game")
        message = Message.read(data)
        number = message.number
        if number <= len(self.messages):
            if self.messages[number - 1] == message:
                return "old"
            if message.sender == self.me:
                raise _fail("friend_own_link", "this link claims to be this device's own")
            if message.tip is not None and self.me == 0:
                raise _fail(
                    "friend_accepted", "this invitation was already accepted on another device"
                )
            raise _fail(
                "friend_fork",
                f"link {number} differs from the one this device already read: "
                "the first one read stands",
                number=number,
            )
        if message.sender == self.me:
            raise _fail("friend_own_link", "this link claims to be this device's own")
        if number > len(self.messages) + 1:
            raise _fail(
                "friend_missing",
                f"a link is missing before this one: open link {len(self.messages) + 1} first",
                number=len(self.messages) + 1,
            )
        if data.get("h") != self.hashes[number - 1][:HASH].hex():
            raise _fail(
                "friend_history",
                "this link's game history differs from this device's: a move or a roll was changed",
                number=number,
            )
        if any(i[0] != "reveal" for i in self.outbox):
            raise _fail(
                "friend_outbox",
                "send your own link first: this device has moves the friend has not seen",
            )
        if self.outbox:  # this device's own elements, not sent: the record's state first
            self.table = self._local(self.messages, [])
        try:
            self.table.apply(message)
        except NardyError:
            self.table = self._local(self.messages, self.outbox)  # as it was
            raise
        self.messages.append(message)
        self.hashes.append(self.table.history)
        self.outbox = []
        self._refresh()
        return "new"

    def _take(self, message: Message) -> None:
        self.table.apply(message)
        self.messages.append(message)
        self.hashes.append(self.table.history)

    # -- saving (the secret included: a device's own copy, docs/dice.md)
    def to_dict(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "invitation": self.invitation.to_dict(),
            "me": self.me,
            "name": self.name,
            "secret": self.chain.secret.hex(),
            "messages": [m.content() for m in self.messages],
            "outbox": [[i[0], i[1].hex()] if i[0] == "reveal" else list(i) for i in self.outbox],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FriendGame:
        if not isinstance(data, Mapping) or data.get("v") != VERSION:
            raise _fail("friend_file", "this is not a friend game saved by this page")
        me = data.get("me")
        if me not in (0, 1):
            raise _fail("friend_file", "the saved friend game does not say whose it is")
        game = cls(
            Invitation.read(data.get("invitation") or {}),
            me,
            Chain(_hex(data.get("secret"), SIZE, "secret")),
        )
        game.name = _name(data.get("name", ""))
        own_tip = game.invitation.tip if me == 0 else None
        if own_tip is not None and own_tip != game.chain.tip:
            raise _fail("friend_file", "the saved secret is not the one this game was made with")
        for raw in data.get("messages") or []:
            game._take(Message.read(raw))
        if me == 1 and game.messages and game.table.tips[1] != game.chain.tip:
            raise _fail("friend_file", "the saved secret is not the one this game was made with")
        if me == 1 and not game.messages:
            game.table.tips[1] = game.chain.tip
        game._refresh()
        for raw in data.get("outbox") or []:
            if raw and raw[0] != "reveal":
                game.act(*raw)
        return game

    def record(self) -> dict[str, Any]:
        """What ``verify`` checks: the invitation and every message, without the secret."""
        return {
            "v": VERSION,
            "invitation": self.invitation.to_dict(),
            "messages": [m.content() for m in self.messages],
        }


def verify(record: Mapping[str, Any]) -> tuple[int, Table]:
    """Replay a friend game's record (``FriendGame.record()``): every revealed element against
    its chain, every roll from the elements, every action by the rules and by the right side.
    Returns ``(messages checked, table)``; raises FriendError naming the first wrong message
    (``params["number"]``)."""
    if not isinstance(record, Mapping) or record.get("v") != VERSION:
        raise _fail("friend_file", "this is not a friend game's record")
    invitation = Invitation.read(record.get("invitation") or {})
    table = Table.start(invitation)
    messages = record.get("messages")
    if not isinstance(messages, list) or not all(isinstance(m, Mapping) for m in messages):
        raise _fail("friend_file", "the record lists no messages")
    for number, raw in enumerate(messages, 1):
        try:
            message = Message.read(raw)
            if message.number != number:
                raise _fail("friend_order", f"message {number} is numbered {message.number}")
            # a link as sent also names its game and the history it continues: both checked
            if "g" in raw and raw["g"] != invitation.game_id:
                raise _fail("friend_other_game", "it belongs to another game")
            if "h" in raw and raw["h"] != table.history[:HASH].hex():
                raise _fail("friend_history", "its game history differs from the links before it")
            table.apply(message)
        except FriendError as exc:
            exc.params.setdefault("number", number)
            raise FriendError(
                f"link {number} is wrong: {exc.message}", code=exc.code, **exc.params
            ) from None
    return len(messages), table


LINK_CODE = re.compile(r"f=([A-Za-z0-9_-]{1,%d})" % MAX_LINK)


def codes_in(text: str) -> list[str]:
    """The ``#f=`` link codes in a text (a chat's history copied, one link per line…), in order."""
    return LINK_CODE.findall(text)


def record_of_links(codes: Sequence[str]) -> dict[str, Any]:
    """A game's record (for ``verify``) from its links as a chat holds them: the invitation and
    every turn's link, in any order, a link sent twice counted once. Two different links with
    one number (a fork) are refused, as is a gap (``friend_missing``, with the first missing
    number)."""
    invitation: Invitation | None = None
    messages: dict[int, dict[str, Any]] = {}
    for code in codes:
        data = unpack(code)
        if data["t"] == "inv":
            read = Invitation.read(data)
            if invitation is not None and read != invitation:
                raise _fail("friend_other_game", "the links hold two different invitations")
            invitation = read
            continue
        message = Message.read(data)
        content = {key: value for key, value in data.items() if key not in ("v", "t")}
        known = messages.get(message.number)
        if known is not None and known != content:
            raise _fail(
                "friend_fork",
                f"link {message.number} comes in two different versions: the game was forked",
                number=message.number,
            )
        messages[message.number] = content
    if invitation is None:
        raise _fail("friend_missing", "the invitation's link is not among the links", number=0)
    for number in range(1, len(messages) + 1):
        if number not in messages:
            raise _fail("friend_missing", f"link {number} is not among the links", number=number)
    return {
        "v": VERSION,
        "invitation": invitation.to_dict(),
        "messages": [messages[n] for n in sorted(messages)],
    }
