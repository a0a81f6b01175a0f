"""A game with a friend on another device as the board shows it (docs/dice.md, "Playing a friend
on another device").

``FriendSession`` presents a ``friends.FriendGame`` to the page the way ``Session`` presents a
game against a bot: the same view, the same click-by-click turn, the same buttons. What differs
is where a completed action goes: not to a bot's turn but to ``FriendGame.act``, which checks it
and keeps it for the next link; and the dice are never thrown here, they follow from the two
players' chains (``FriendGame`` throws each roll as soon as both elements are known). The match
is the friend game's table's, read afresh at every step (the table is rebuilt when a link is
refused or read), and the move list is rebuilt from it after each change.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import GameStateError
from ..engine.game import MOVE, ROLL
from ..formats.record import MatchRecord, replay_match
from ..friends.protocol import FriendGame, Message, Table, unpack
from .session import HUMAN, Session

FRIEND = "friend"  # the other side's player label (a person on another device)


class FriendSession(Session):
    def __init__(self, friend: FriendGame, prefs=None, pending: int | None = None):
        self.friend = friend
        self.players = (HUMAN, FRIEND) if friend.me == 0 else (FRIEND, HUMAN)
        self.start = None
        self.recorded_dice = True
        # a game with a person: no bot's advice offered, nor its tutor
        self._board_state(prefs, hints=False, tutor=None, replaying=False)
        self._seen = None
        self.shown_plays: tuple[Table, Message] | None = None
        # a game of the match that ended here (the table starts the next one at once): the
        # board shows it, with its result, until the player presses Next game
        self.pending_over = None
        # while the page shows the friend's play step by step: the game at that step (a copy)
        self.showing = None
        self._games = len(self.match.all_games())
        # ``pending``: the index of the ended game the board showed when this game was saved
        # (``pending_index``): a reload shows it again, until Next game
        games = self.match.all_games()
        if (
            isinstance(pending, int)
            and not isinstance(pending, bool)
            and 0 <= pending < len(games) - 1
            and games[pending].is_over
        ):
            self.pending_over = games[pending]
        self.sync()

    # --- the friend game ---------------------------------------------------------------------
    @property
    def match(self):
        return self.friend.table.match

    @match.setter
    def match(self, _value):  # Session.__init__ is not run; nothing else sets it
        raise AttributeError("a friend session's match is its friend game's")

    @property
    def game(self):
        if self.showing is not None:
            return self.showing
        if self.pending_over is not None:
            return self.pending_over
        game = self.match.game
        if game is None:  # a finished match: its last game
            return self.match.all_games()[-1]
        return game

    @property
    def pending_index(self) -> int | None:
        """The index among the match's games of the ended game shown until Next game (None:
        the board shows the game the match is at); saved with the game, given back to
        ``FriendSession(…, pending=)``."""
        if self.pending_over is None:
            return None
        for index, game in enumerate(self.match.all_games()):
            if game is self.pending_over:
                return index
        return None

    def names_by_colour(self) -> list[str]:
        """The two players' names by colour of the game on the board."""
        names = self.friend.names
        return [names[self.game.players[c]] for c in (0, 1)]

    def status(self) -> str:
        return self.friend.status()

    def waiting_for_bot(self) -> bool:
        return False

    def human_to_act(self) -> bool:
        return self.pending_over is None and self.showing is None and self.friend.my_turn

    @property
    def match_over(self) -> bool:
        return self.friend.table.over

    def next_game(self):
        """The board goes on to the game the match is at (the table started it already)."""
        if self.pending_over is None:
            raise GameStateError("the game is not over", code="game_not_over")
        self.pending_over = None
        self._seen = None
        self.sync()
        self._advance()

    # --- actions: to the friend game ------------------------------------------------------------
    def _do(self, name, *args, advance=True):
        game = self.game
        if name == "roll":
            if not (game.phase == ROLL and game.can_double()):
                return  # the dice come from the two chains, as soon as both are in
            action: tuple[Any, ...] = ("roll",)
        elif name == "play":
            action = ("play", [list(s) for s in args[0].steps])
        elif name == "resign":
            kind = args[0] if args and args[0] else game.variant.outcome_kinds[0]
            action = ("resign", kind)
        elif name == "accept_resignation":
            action = ("accept",)
        elif name == "decline_resignation":
            action = ("decline",)
        elif name in ("double", "take", "drop", "beaver"):
            action = (name,)
        else:
            raise GameStateError(f"no {name} in a game with a friend", code="phase", phase=name)
        self.selected = None
        self.choice = None
        try:
            self.friend.act(*action)
        finally:
            self.sync()
        if advance:
            self._advance()

    def _advance(self):
        """A forced play is made for the player (option), as in ``Session``; rolls and
        opening throws are the chains' business."""
        for _ in range(8):
            game = self.match.game
            if game is None or not self.human_to_act() or game.phase != MOVE:
                return
            if not self.prefs["auto_forced"]:
                return
            plays = game.turn().legality.results(most=1)
            if len(plays) != 1:
                return
            ((_frame, steps),) = plays.items()
            if not steps:
                return
            self._do("play", game.legal_plays()[0], advance=False)

    def receive(self, link: str, show: bool = False) -> str:
        """The friend's link read (``FriendGame.receive``): "new" or "old"; FriendError for a
        refused one, the game unchanged. ``show``: keep what the board needs to show the
        friend's plays in it step by step (``friend_steps``)."""
        before = None
        if show:
            message = Message.read(unpack(link))
            if any(item[0] == "play" for item in message.items):
                # the table as this device had it before the link (its own unsent reveals
                # aside, as ``FriendGame.receive`` reads it)
                before = (self.friend._local(list(self.friend.messages), []), message)
        result = self.friend.receive(link)
        self.shown_plays = before if result == "new" else None
        self.selected = None
        self.choice = None
        self.sync()
        if result == "new":
            self._advance()
        return result

    def friend_steps(self):
        """The friend's plays of the link just read, step by step: yields once with the dice
        thrown and once after each step, ``self.game`` being that moment's game (a copy), for
        the page to draw; the board is the real game again when it ends (or is closed)."""
        shown, self.shown_plays = self.shown_plays, None
        if shown is None:
            return
        table, message = shown
        try:
            for item in message.items:
                if item[0] == "reveal":
                    table.reveal(message.sender, item[1])
                    continue
                game = table.match.game
                if item[0] == "play" and game is not None and game.phase == MOVE:
                    self.showing = game
                    turn = game.turn()
                    yield
                    for step in item[1]:
                        turn.step(tuple(step))
                        yield
                    turn.reset()
                    self.showing = None
                table.act(message.sender, item)
        finally:
            self.showing = None

    def link(self) -> str | None:
        """The link to send now (made once; ``last_link`` gives it again)."""
        link = self.friend.link()
        return link if link is not None else self.friend.last_link()

    # --- the move list, from the friend game's match -----------------------------------------------
    def sync(self):
        """Rebuild the move list (and the last play's marks) when the match has changed."""
        games = self.match.all_games()
        if len(games) > self._games:  # a game ended and the next began: shown ended first
            self._games = len(games)
            if games[-2].is_over:
                self.pending_over = games[-2]
        seen = tuple(len(g.actions) for g in games)
        if seen == self._seen:
            return
        self._seen = seen
        record = self.record()
        shadow = Session(
            record.game,
            record.options,
            record.length,
            (HUMAN, HUMAN),
            recorded_dice=True,
            _replaying=True,
            kind=record.kind,
            hints=False,
        )
        replay_match(
            record, match=shadow.match, next_game=shadow.next_game, seeded=False, do=shadow._do
        )
        pending = self.pending_over is not None
        self.logs = shadow.logs[:-1] if pending else shadow.logs
        self.last_play = None
        if shadow.last_play is not None and shadow.last_play[0] is shadow.match.game:
            _, colour, steps = shadow.last_play
            self.last_play = (self.game, colour, steps)
        ended = [n for n in shadow.notices if n[0] == "game_over"]
        if ended and self.game.is_over:
            self.notices.append(ended[-1])

    # --- saving ------------------------------------------------------------------------------------
    def record(self) -> MatchRecord:
        """The match as an ordinary record with its dice written in (Export, the review, the
        bot worker read it as any game's); the friend game itself is ``friend.to_dict()``."""
        return MatchRecord.of_match(self.match, (HUMAN, HUMAN), recorded=True, hints=False)

    @classmethod
    def from_friend(cls, data, prefs=None, pending: int | None = None) -> FriendSession:
        """The session of a friend game saved by ``friend.to_dict()`` (FriendError
        ``friend_file`` for anything else); ``pending``: its ``pending_index`` when saved."""
        return cls(FriendGame.from_dict(data), prefs=prefs, pending=pending)


__all__ = ["FriendSession", "FRIEND"]
