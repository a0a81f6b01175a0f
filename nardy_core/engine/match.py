"""Matches and money sessions (CORE_RULES.md 2.2, 2.7.6, 3.2, 3.9).

A match is a sequence of games between player 0 and player 1. Each game is played by colour;
``game.players[colour]`` says which player has that colour. The match decides who starts each
game (next_game_starter), keeps the score by player and tracks the Crawford game.

A *mixed* match (``kind=``, a ``MatchKind`` of ``MATCH_KINDS``) plays its games in rotation:
the tavli match portes → plakoto → fevga to 3, 5 or 7 points, each game scored in its own
terms; the gul bara / tapa match gul bara and plakoto alternating until one player has won 7
(or 5) games, every won game counting one whatever its kind. Each game after the first is opened
by the rule of the game being started (``next_game_starter``: in tavli and gul bara the previous
winner; after a draw, an opening roll). There is no Crawford game in a mixed match (its games
have no cube).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..variants import VARIANTS, get_variant
from ..variants.i18n import game_name, name_in
from .dice import Dice
from .errors import GameStateError, OptionError
from .game import Game
from .score import CRAWFORD, MAX_LENGTH, POST_CRAWFORD, PRE_CRAWFORD, MatchScore

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .cube import CubeState
    from .game import GameResult
    from .position import Position
    from .variant import Variant

__all__ = [
    "PRE_CRAWFORD",
    "CRAWFORD",
    "POST_CRAWFORD",
    "MAX_LENGTH",
    "MatchScore",
    "FirstGame",
    "first_game_record",
    "POINTS",
    "WINS",
    "MatchKind",
    "MATCH_KINDS",
    "get_match_kind",
    "available_match_kinds",
    "Match",
]


@dataclass(frozen=True)
class FirstGame:
    """How a match's first game starts when it is not the opening game of a match: a later
    game of a match opened on its own (a shared whole-game link), whose record names the score
    it was played at, who plays which colour and the colour that rolls first. The default is a
    match's opening game: 0-0, player 0 White, an opening throw."""

    score: tuple[int, int] = (0, 0)  # by colour, as the game sees it
    crawford: str = PRE_CRAWFORD
    players: tuple[int, int] = (0, 1)  # players[colour]: the player index with that colour
    starter: int | None = None  # the colour that rolls first; None: an opening throw

    def to_record(self) -> dict[str, Any]:
        """The fields that differ from a match's opening game (a saved record's
        ``"first_game"``)."""
        return first_game_record(list(self.score), self.crawford, list(self.players), self.starter)

    def match_score(self, length: int) -> MatchScore:
        return MatchScore(length, self.score, self.crawford if length else PRE_CRAWFORD)

    def by_player(self) -> list[int]:
        """The score by player."""
        score = [0, 0]
        for colour in (0, 1):
            score[self.players[colour]] = self.score[colour]
        return score


def first_game_record(
    score: list[int], crawford: str, players: list[int], starter: int | None
) -> dict[str, Any]:
    """A saved record's ``"first_game"``: the given fields that differ from a match's
    opening game (0-0 before the Crawford game, player 0 White, an opening throw)."""
    fields = {"score": score, "crawford": crawford, "players": players, "starter": starter}
    opening = {"score": [0, 0], "crawford": PRE_CRAWFORD, "players": [0, 1], "starter": None}
    return {k: v for k, v in fields.items() if v != opening[k]}


POINTS, WINS = "points", "wins"  # how a mixed match counts: the games' points, or games won


@dataclass(frozen=True)
class MatchKind:
    """A match of mixed games: ``games`` (keys) played in rotation, ``lengths`` offered,
    ``default_length`` among them, ``count``: POINTS (each game's own score) or WINS (one per game
    won)."""

    key: str
    names: dict[str, str]
    games: tuple[str, ...]
    lengths: tuple[int, ...]
    default_length: int
    count: str = POINTS

    def game_key(self, index: int) -> str:
        """The game played as game ``index`` (0 = the first) of the match."""
        return self.games[index % len(self.games)]

    @property
    def available(self) -> bool:
        """Whether every game of the rotation is registered (gul bara may not be yet)."""
        return all(key in VARIANTS for key in self.games)

    def name(self, lang: str = "en") -> str:
        """The match's name in ``lang`` (catalogue context ``match:<key>``)."""
        return name_in(lang, f"match:{self.key}", self.names)


MATCH_KINDS = {
    kind.key: kind
    for kind in (
        MatchKind(
            "tavli",
            {"en": "Tavli match (portes, plakoto, fevga)"},
            ("portes", "plakoto", "fevga"),
            (3, 5, 7),
            5,
            POINTS,
        ),
        MatchKind(
            "gul_bara_tapa",
            {"en": "Gul bara and tapa"},
            ("gul_bara", "plakoto"),
            (5, 7),
            7,
            WINS,
        ),
    )
}


def get_match_kind(key: str | MatchKind) -> MatchKind:
    """The registered match kind ``key``; OptionError ``unknown_match`` if there is none, and
    ``match_unavailable`` if one of its games is not registered."""
    kind: MatchKind | None
    if isinstance(key, MatchKind):
        kind = key
    else:
        kind = MATCH_KINDS.get(key)
        if kind is None:
            raise OptionError(
                f"unknown match kind {key!r} (kinds: {', '.join(MATCH_KINDS)})",
                code="unknown_match",
                match=str(key),
            )
    if not kind.available:
        missing = [k for k in kind.games if k not in VARIANTS]
        raise OptionError(
            f"the {kind.key} match needs {', '.join(missing)}, which this version does not have",
            code="match_unavailable",
            match=kind.key,
        )
    return kind


def available_match_kinds() -> list[MatchKind]:
    """The match kinds whose games are all registered, in the registry's order."""
    return [kind for kind in MATCH_KINDS.values() if kind.available]


class Match:
    def __init__(
        self,
        variant: str | Variant | None,
        length: int = 0,
        seed: object = None,
        throw_opening: bool = True,
        start: tuple[Position, CubeState, MatchScore] | None = None,
        kind: str | MatchKind | None = None,
        options: Mapping[str, Mapping[str, Any]] | None = None,
        first: FirstGame | None = None,
    ) -> None:
        """``throw_opening=False`` leaves each new game in its opening phase, for a caller that
        replays a record (``Game.opening()`` then throws the same dice from the seed).
        ``start=(position, cube, MatchScore)``: the first game is played on from that state
        (a shared position); the match takes its length, score and Crawford state, player 0
        playing White.

        ``kind``: a mixed match (a ``MatchKind`` or its key); ``variant`` is then ignored (None
        will do), ``options`` maps a game key to that game's options, and ``length`` (points or
        wins, ≥ 1) is required.

        ``first``: a ``FirstGame``, when the first game is a later game of a match (its score,
        colours and starter); with ``start`` only its players count."""
        self.kind = None if kind is None else get_match_kind(kind)
        self.kind_options = {k: dict(v) for k, v in (options or {}).items()}
        if self.kind is not None:
            if start is not None or first is not None:
                raise OptionError(
                    "a mixed match starts from its first game's opening", code="match_start"
                )
            if isinstance(length, bool) or not isinstance(length, int) or length < 1:
                raise OptionError(
                    f"a {self.kind.key} match needs a length of at least 1 "
                    f"(offered: {', '.join(map(str, self.kind.lengths))})",
                    code="match_length",
                    length=str(length),
                )
            unknown = set(self.kind_options) - set(self.kind.games)
            if unknown:
                raise OptionError(
                    f"options for {', '.join(sorted(unknown))}, which the "
                    f"{self.kind.key} match does not play",
                    code="match_options",
                )
            variant = self._variant_for(0)
        # (None only for a mixed match, whose first game has set it)
        self.variant: Variant = (
            get_variant(variant) if isinstance(variant, str) else cast("Variant", variant)
        )
        if isinstance(length, bool) or not isinstance(length, int) or not 0 <= length <= MAX_LENGTH:
            raise OptionError(
                f"a match is played to 1-{MAX_LENGTH} points, or 0 for money play, not {length!r}",
                code="match_length",
                length=str(length),
                limit=MAX_LENGTH,
            )
        self.length = length
        self.seed = Dice(seed).seed
        self.score: list[float] = [0, 0]  # by player (a drawn long nardy game may give halves)
        self.crawford = PRE_CRAWFORD
        self.games: list[Game] = []  # finished games
        self.game: Game | None = None
        self.throw_opening = throw_opening
        self.start = start
        self.first = first if first != FirstGame() else None
        if start is not None:
            self.variant = start[0].variant
            self.length = start[2].length
            players = (0, 1) if first is None else first.players
            self.score = [0, 0]
            for colour in (0, 1):
                self.score[players[colour]] = start[2].score[colour]
            self.crawford = start[2].crawford
        elif self.first is not None:
            self.score = list[float](self.first.by_player())
            self.crawford = self.first.crawford if self.length else PRE_CRAWFORD
        self._start_game(previous=None)

    @property
    def is_over(self) -> bool:
        return bool(self.length) and max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def _variant_for(self, index: int) -> Variant:
        key = cast(MatchKind, self.kind).game_key(index)  # a mixed match
        return get_variant(key, self.kind_options.get(key) or {})

    def all_games(self) -> list[Game]:
        """Every game so far: the finished ones, then the one in progress (if any)."""
        return self.games + ([self.game] if self.game is not None else [])

    @property
    def game_key(self) -> str:
        """The key of the game on the board (the last one once the match is over)."""
        game = self.game or (self.games[-1] if self.games else None)
        return (game.variant if game is not None else self.variant).key

    def game_name(self, lang: str = "en") -> str:
        """The current game's name in ``lang`` (en, ru)."""
        game = self.game or (self.games[-1] if self.games else None)
        return game_name(game.variant if game is not None else self.variant, lang)

    def points_of(self, game: Game) -> list[float]:
        """What a finished ``game`` adds to the score, by player: its points (a mixed match by
        points: each game in its own terms), one for a win in a match counted by wins, nothing
        for a draw in a match (money: each side's share)."""
        added: list[float] = [0, 0]
        result = cast("GameResult", game.result)  # a finished game
        if result.winner is not None:
            won = 1 if self.kind is not None and self.kind.count == WINS else result.points
            added[game.players[result.winner]] += won
        elif not self.length:
            for colour in (0, 1):
                added[game.players[colour]] += result.points
        return added

    def score_for(self, players: Sequence[int]) -> MatchScore:
        # whole points in a match; money play's totals may hold a drawn long nardy game's
        # halves, which no format writes (the state notation writes "money" alone)
        score = cast("tuple[int, int]", (self.score[players[0]], self.score[players[1]]))
        return MatchScore(self.length, score, self.crawford if self.length else PRE_CRAWFORD)

    def _start_game(self, previous: Game | None) -> None:
        seed = f"{self.seed}/{len(self.games) + 1}"
        if self.kind is not None:
            self.variant = self._variant_for(len(self.games))
        players, starter = self._next_colours(previous)
        if previous is None and self.first is not None:
            players, starter = self.first.players, self.first.starter
        if previous is None and self.start is not None:
            position, cube, _ = self.start
            self.game = Game(
                self.variant,
                seed=seed,
                match=self.score_for(players),
                position=position,
                cube=cube,
                players=players,
            )
            return
        self.game = Game(
            self.variant,
            seed=seed,
            match=self.score_for(players),
            players=players,
            starter=starter,
            throw_opening=self.throw_opening,
        )

    def _next_colours(self, previous: Game | None) -> tuple[tuple[int, ...], int | None]:
        """(players by colour, starting colour or None for an opening throw), by the rule of the
        game being started (``self.variant``)."""
        if previous is None:
            return (0, 1), None
        rule = self.variant.options.values.get("next_game_starter", "opening_roll")
        result = cast("GameResult", previous.result)  # the finished game
        prev_players = previous.players
        if self.variant.lot_decides_colour:  # long nardy: the starter is White
            swapped = (prev_players[1], prev_players[0])
            if result.winner is None:  # a drawn game is replayed by the same starter
                return prev_players, 0
            if rule == "winner":
                winner = prev_players[result.winner]
                return (winner, 1 - winner), 0
            if rule == "lot":
                return (0, 1), None
            return swapped, 0  # alternate: the previous Black takes White
        if rule in ("winner", "previous_winner") and result.winner is not None:
            return prev_players, result.winner
        return prev_players, None

    def next_game(self) -> Game | None:
        """Score the finished current game and start the next one (unless the match is over)."""
        game = cast(Game, self.game)  # None once the match is over (an AttributeError below)
        if not game.is_over:
            raise GameStateError("the current game is not over", code="game_not_over")
        for player, points in enumerate(self.points_of(game)):
            self.score[player] += points
        self.games.append(game)
        if self.crawford == CRAWFORD:
            self.crawford = POST_CRAWFORD
        elif (
            self.length
            and self.kind is None
            and self.crawford == PRE_CRAWFORD
            and self.variant.options.values.get("crawford", True)
            and not self.is_over
            and self.length - 1 in self.score
        ):
            self.crawford = CRAWFORD
        if self.is_over:
            self.game = None
            return None
        self._start_game(previous=game)
        return self.game
