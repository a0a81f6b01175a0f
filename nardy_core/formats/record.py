"""The one record model: a game and a match as typed, versioned records, and the one replay.

Every saved or shared game is a *record*: the rules it was played by, how it started and its
*actions* — the opening throw, each roll (the dice are in the record, so a reload never
rerolls), each play and each cube or resignation decision. This module is the only place that
reads and writes records and the only place that dispatches on an action's name:

- ``Action`` and its ten kinds (``Opening``, ``Roll``, ``Move``, ``Double``, ``Take``,
  ``Beaver``, ``Drop``, ``Resign``, ``Accept``, ``Decline``); ``action(raw)`` reads one from its
  JSON list (``["roll", [3, 1]]``) or from ``Game.actions``' tuples;
- ``replay(game, actions, …)`` drives a ``Game`` through actions, for every reader (a saved
  page game, a link, a match file, the review, the dice statistics, the bot worker);
- ``GameRecord``: one game (``game_record(game)`` writes it, ``game_from_record(data)``
  rebuilds the game): the bot worker's requests and the whole-game link codes;
- ``MatchRecord``: a match or money session as the page saves it, as a match file is read,
  as the review and the dice check read it; ``new_match()`` and ``replay_match(…)``;
- ``upgrade(data)``: the one place that turns an older record into the current version.

``docs/records.md`` (The record model) describes the fields, the versions and the upgrade path.
Anything malformed raises ``GameStateError`` ``bad_record`` (``newer_record`` for a record of a
newer version) and never anything but a ``NardyError``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias, TypeVar, cast

from ..engine.cube import CubeState
from ..engine.dice import Dice
from ..engine.errors import GameStateError, NardyError
from ..engine.game import MOVE, Game
from ..engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, FirstGame, Match, MatchScore
from ..variants import get_variant
from .notation import format_state, parse_state

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from ..engine.movegen import Steps
    from ..engine.position import Position
    from ..engine.variant import Variant

    #: An action as a record holds it: typed, its JSON list or a ``Game.actions`` tuple.
    RawAction: TypeAlias = "Action | Sequence[Any]"
    #: A parsed state: ``(Position, CubeState, MatchScore)`` (``notation.parse_state``).
    State = tuple[Position, CubeState, MatchScore]

T = TypeVar("T")

VERSION = 2  # the record model's version (docs/records.md, The record model)
SINGLE_VERSION = 1  # the version a match of one game's rules is written as (no "kind")
SEED, RECORDED = "seed", "recorded"  # MatchRecord.dice: where the dice of the actions come from


def _bad(message: str, **params: Any) -> GameStateError:
    return GameStateError(message, code="bad_record", **params)


# --- actions ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One recorded action. ``name``: its name in a record; ``method``: the ``Game`` method
    that makes it; ``to_list()``: its JSON form (``[name, *arguments]``)."""

    name: ClassVar[str] = ""
    method: ClassVar[str] = ""

    def args(self) -> tuple[Any, ...]:
        """The arguments the game's method is called with."""
        return ()

    def to_list(self) -> list[Any]:
        return [self.name]

    @classmethod
    def read(cls, args: list[Any]) -> Self:
        if args:
            raise _bad(f"{cls.name} takes no arguments")
        return cls()


@dataclass(frozen=True)
class Opening(Action):
    """The opening throw: each side's die, ties thrown again (``throws``: ``(white, black)``
    pairs, the last one not a tie)."""

    throws: tuple[tuple[int, ...], ...] = ()
    name: ClassVar[str] = "opening"
    method: ClassVar[str] = "opening"

    def args(self) -> tuple[list[tuple[int, ...]]]:
        return ([tuple(t) for t in self.throws],)

    def to_list(self) -> list[Any]:
        return [self.name, [list(t) for t in self.throws]]

    @classmethod
    def read(cls, args: list[Any]) -> Self:
        (throws,) = args
        return cls(tuple(tuple(_die(d) for d in pair) for pair in throws))


@dataclass(frozen=True)
class Roll(Action):
    dice: tuple[int, ...] = ()
    name: ClassVar[str] = "roll"
    method: ClassVar[str] = "roll"

    def args(self) -> tuple[tuple[int, ...]]:
        return (self.dice,)

    def to_list(self) -> list[Any]:
        return [self.name, list(self.dice)]

    @classmethod
    def read(cls, args: list[Any]) -> Self:
        (dice,) = args
        return cls(tuple(_die(d) for d in dice))


@dataclass(frozen=True)
class Move(Action):
    """A play: its steps (``(from, to, …)`` tuples); no steps: the roll could not be played."""

    steps: Steps = ()
    name: ClassVar[str] = "play"
    method: ClassVar[str] = "play"

    def args(self) -> tuple[list[tuple[Any, ...]]]:
        return ([tuple(s) for s in self.steps],)

    def to_list(self) -> list[Any]:
        return [self.name, [list(s) for s in self.steps]]

    @classmethod
    def read(cls, args: list[Any]) -> Self:
        (steps,) = args
        if not isinstance(steps, (list, tuple)):
            raise _bad("a play's steps are a list")
        return cls(tuple(tuple(s) for s in steps))


@dataclass(frozen=True)
class Resign(Action):
    kind: str = ""
    name: ClassVar[str] = "resign"
    method: ClassVar[str] = "resign"

    def args(self) -> tuple[str]:
        return (self.kind,)

    def to_list(self) -> list[Any]:
        return [self.name, self.kind]

    @classmethod
    def read(cls, args: list[Any]) -> Self:
        (kind,) = args
        return cls(kind)


@dataclass(frozen=True)
class Double(Action):
    name: ClassVar[str] = "double"
    method: ClassVar[str] = "double"


@dataclass(frozen=True)
class Take(Action):
    name: ClassVar[str] = "take"
    method: ClassVar[str] = "take"


@dataclass(frozen=True)
class Beaver(Action):
    name: ClassVar[str] = "beaver"
    method: ClassVar[str] = "beaver"


@dataclass(frozen=True)
class Drop(Action):
    name: ClassVar[str] = "drop"
    method: ClassVar[str] = "drop"


@dataclass(frozen=True)
class Accept(Action):
    name: ClassVar[str] = "accept"
    method: ClassVar[str] = "accept_resignation"


@dataclass(frozen=True)
class Decline(Action):
    name: ClassVar[str] = "decline"
    method: ClassVar[str] = "decline_resignation"


ACTIONS: dict[str, type[Action]] = {
    cls.name: cls
    for cls in (Opening, Roll, Move, Resign, Double, Take, Beaver, Drop, Accept, Decline)
}
# the decisions answered by name (a bot's answer): a roll (its dice still to throw) and those
# without arguments
DECISIONS: dict[str, type[Action]] = {
    name: cls for name, cls in ACTIONS.items() if cls is Roll or not fields(cls)
}


def _die(value: object) -> int:
    if type(value) is not int:
        raise _bad(f"a die is a number, not {value!r}")
    return value


def action(raw: object) -> Action:
    """The typed action of ``raw``: an ``Action``, its JSON list (``["roll", [3, 1]]``) or a
    ``Game.actions`` tuple. GameStateError ``bad_record`` when it is none of them."""
    if isinstance(raw, Action):
        return raw
    if not isinstance(raw, (list, tuple)) or not raw or not isinstance(raw[0], str):
        raise _bad(f"not an action: {raw!r}")
    kind = ACTIONS.get(raw[0])
    if kind is None:
        raise _bad(f"unknown action {raw[0]!r} in a game record", action=str(raw[0]))
    try:
        return kind.read(list(raw[1:]))
    except NardyError:
        raise
    except (LookupError, TypeError, ValueError) as exc:
        raise _bad(f"a bad {kind.name} action {raw!r}: {exc}") from None


def decision(name: object) -> Action:
    """The action of a decision taken by name (``"roll"``, ``"take"``, ``"accept"``…), as a
    bot answers; its ``method`` makes it."""
    kind = DECISIONS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise GameStateError(f"unknown decision {name!r}", code="bad_answer")
    return kind()


def actions_of(game: Game) -> list[Action]:
    """``game``'s actions, typed."""
    return [action(a) for a in game.actions]


def action_lists(actions: Iterable[object]) -> list[list[Any]]:
    """Actions (typed, lists or the game's tuples) as JSON lists."""
    return [action(a).to_list() for a in actions]


def apply(
    game: Game, act: Action, do: Callable[..., object] | None = None, seeded: bool = False
) -> None:
    """Make ``act`` (an ``Action``) on ``game``. ``do(method, *args)`` makes it (default: the
    game's own method; a ``Session`` passes its ``_do`` so that its move list follows).
    ``seeded``: the dice are thrown from the game's seed and must equal the recorded ones."""
    do = do or (lambda method, *args: getattr(game, method)(*args))
    if isinstance(act, Move) and game.phase != MOVE:
        if act.steps:  # only an automatic pass is replayed by its roll already
            raise _bad("a play where none fits")
        return
    if seeded and isinstance(act, (Opening, Roll)):
        do(act.method)
        thrown = next(a for a in reversed(game.actions) if a[0] == act.name)
        if action(thrown) != act:
            raise _bad(
                f"the {'opening throw' if isinstance(act, Opening) else 'roll'} "
                "differs from the seed's"
            )
        return
    do(act.method, *act.args())


def replay(
    game: Game,
    actions: Sequence[RawAction],
    index: int | None = None,
    snapshot: Callable[[Game], T] | None = None,
    visit: Callable[[int, T | None, RawAction], object] | None = None,
    do: Callable[..., object] | None = None,
    seeded: bool = False,
) -> Game:
    """Replay recorded ``actions`` (typed, JSON lists or tuples) on ``game``: the one replay
    of every reader. Empty plays the game made on its own (a roll with no move) are counted
    off. ``visit(number, before, action)`` after each action, ``before`` being
    ``snapshot(game)`` taken before it; ``do`` and ``seeded``: as ``apply``. An action that
    does not fit raises GameStateError ``bad_record`` naming it (and game ``index``, 0-based,
    when given)."""
    if not isinstance(actions, (list, tuple)):
        raise _bad(f"game {(index or 0) + 1} is not a list of actions", game=(index or 0) + 1)
    where = "game record, " if index is None else f"game {index + 1}, "
    for number, raw in enumerate(actions):
        before = snapshot(game) if snapshot is not None else None
        try:
            act = action(raw)
            if not game.replayed_pass(isinstance(act, Move) and not act.steps):
                done = len(game.actions)
                apply(game, act, do, seeded)
                game.after_replay(done)
        except (NardyError, LookupError, TypeError, ValueError, AttributeError) as exc:
            message = exc.message if isinstance(exc, NardyError) else str(exc)
            params: dict[str, Any] = {"action": number + 1}
            if index is not None:
                params["game"] = index + 1
            raise _bad(
                f"{where}action {number + 1} {raw!r}: {message.split(': ', 1)[-1]}", **params
            ) from None
        if visit is not None:
            visit(number, before, raw)
    return game


# --- one game -----------------------------------------------------------------------------------
@dataclass
class GameRecord:
    """One game: what ``Game`` it is (``game``, ``options``), how it started — from a state
    (``start``, the state notation) or at a match score (``match``: ``(length, score,
    crawford)``) with ``starter`` rolling first (None: an opening throw) — the player of each
    colour, the seed and dice drawn from it (None and 0 where the dice are all in the
    actions), and the actions. JSON: ``to_dict()`` / ``from_dict()`` (the shape
    ``Game.to_dict()`` had)."""

    game: str
    options: dict[str, str] = field(default_factory=dict)
    seed: object = None
    dice_used: int = 0
    players: tuple[int, ...] = (0, 1)
    start: str | None = None
    match: tuple[int, tuple[int, ...], str] | None = (0, (0, 0), PRE_CRAWFORD)
    starter: int | None = None
    actions: Sequence[RawAction] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        position, cube, match, starter = game._setup
        return cls(
            game.variant.key,
            game.variant.options.texts(),
            game.dice.seed,
            game.dice.used,
            tuple(game._initial_players),
            None if position is None else format_state(position, cube, match),
            None if position is not None else (match.length, tuple(match.score), match.crawford),
            starter,
            actions_of(game),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "dice_used": self.dice_used,
            "players": list(self.players),
            "start": self.start,
            "match": None
            if self.match is None
            else [self.match[0], list(self.match[1]), self.match[2]],
            "starter": self.starter,
            "actions": action_lists(self.actions),
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        data = upgrade(data)
        match = data.get("match")
        if match is not None:
            length, score, crawford = match
            match = (length, tuple(score), crawford)
        return cls(
            data["game"],
            dict(data.get("options") or {}),
            data.get("seed"),
            int(data.get("dice_used", 0)),
            tuple(data.get("players") or (0, 1)),
            data.get("start") or None,
            match,
            data.get("starter"),
            list(data.get("actions") or ()),
        )

    def new_game(self) -> Game:
        """The game before its first action."""
        variant = get_variant(self.game, self.options)
        if self.start:
            position, cube, match = parse_state(self.start)
            return Game(
                position.variant,
                seed=self.seed,
                match=match,
                position=position,
                cube=cube,
                players=self.players,
            )
        length, score, crawford = self.match or (0, (0, 0), PRE_CRAWFORD)
        return Game(
            variant,
            seed=self.seed,
            players=self.players,
            match=MatchScore(length, cast("tuple[int, int]", tuple(score)), crawford),
            starter=self.starter,
            throw_opening=False,
        )

    def build(self) -> Game:
        """The game, every action replayed; its dice go on from the seed where it stopped."""
        game = replay(self.new_game(), self.actions)
        game.dice = Dice(self.seed, self.dice_used)
        return game


def game_record(game: Game) -> dict[str, Any]:
    """The JSON record of ``game`` from which ``game_from_record`` rebuilds this exact game."""
    return GameRecord.of(game).to_dict()


def game_from_record(data: object) -> Game:
    """The game of a game record (``game_record``'s, a link code's); anything malformed
    raises a NardyError (``bad_record`` unless a more precise error applies) and never
    anything else."""
    return _guarded(lambda: GameRecord.from_dict(data).build(), "game record")


def _guarded(work: Callable[[], T], what: str) -> T:
    try:
        return work()
    except NardyError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise _bad(f"not a valid {what}: {exc!r}") from None


# --- the first game of a match ------------------------------------------------------------------
def first_game(data: object, variant: Variant, length: int) -> FirstGame:
    """The ``FirstGame`` of a record's ``"first_game"`` (``FirstGame.to_record()``'s shape,
    every key optional), checked as the state notation checks a match score."""
    if not isinstance(data, dict):
        raise _bad("a record's first_game is an object")
    score = data.get("score", [0, 0])
    players = data.get("players", [0, 1])
    starter = data.get("starter")
    crawford = data.get("crawford", PRE_CRAWFORD)
    if not (
        isinstance(score, (list, tuple)) and len(score) == 2 and all(type(v) is int for v in score)
    ) or (not length and any(score)):
        raise _bad(f"a bad first-game score {score!r}")
    if (
        not isinstance(players, (list, tuple))
        or list(players) not in ([0, 1], [1, 0])
        or any(type(p) is not int for p in players)
    ):
        raise _bad(f"a first game's players are [0, 1] or [1, 0], not {players!r}")
    if starter not in (None, 0, 1) or isinstance(starter, bool):
        raise _bad(f"a first game's starter is 0, 1 or null, not {starter!r}")
    if crawford not in (PRE_CRAWFORD, CRAWFORD, POST_CRAWFORD):
        raise _bad(f"a bad Crawford state {crawford!r}")
    first = FirstGame(tuple(score), crawford, tuple(players), starter)
    try:  # the notation's checks of a match score
        parse_state(
            format_state(variant.initial_position(), CubeState(), first.match_score(length))
        )
    except NardyError as exc:
        raise _bad(f"the first game cannot start so: {exc.message}") from None
    return first


def first_game_of(record: Mapping[str, Any], start: State | None = None) -> FirstGame | None:
    """The ``FirstGame`` of a record's ``"first_game"`` (None when it has none), checked
    against the record's game and length, or its start state's (``start``: the parsed
    ``"start"``)."""
    data = record.get("first_game")
    if data is None:
        return None
    if start is not None:
        variant, length = start[0].variant, start[2].length
    else:
        variant = get_variant(record["game"], record.get("options") or {})
        length = record.get("length", 0)
    return first_game(data, variant, length)


# --- a match ------------------------------------------------------------------------------------
@dataclass
class MatchRecord:
    """A match or money session: its rules (``game`` and ``options``, or a mixed match's
    ``kind`` with ``options`` by game key), ``length`` (0: money), the seed the dice are
    thrown from (``dice``: SEED) or none (RECORDED: the dice are all in the actions, as in an
    imported file), who plays (``players``: "human" or a bot level), the state the first
    game was played on from (``start``) or the first game's score and colours when it is a
    later game of a match (``first_game``), whether hints were allowed, the actions of each
    game, what a file said about the players (``about``: names, tags), and tutor mode: the
    mark it warned from (``tutor``, None: off) and what it flagged and what the player chose
    (``tutor_log``: ``{"game", "action", "player", "kind", "played", "best", "loss", "mark",
    "kept"}`` each; older records have neither)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    length: int = 0
    seed: object = None
    players: tuple[str, ...] = ("human", "human")
    games: list[Sequence[RawAction]] = field(default_factory=lambda: [[]])
    kind: str | None = None
    start: str | None = None
    first_game: FirstGame | None = None
    dice: str = SEED
    hints: bool = True
    about: dict[str, Any] = field(default_factory=dict)
    version: int = VERSION
    tutor: str | None = None
    tutor_log: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The JSON record, written as the lowest version that holds it: version 1 without a
        ``kind`` (so that the page of an earlier version still opens it), 2 with one."""
        record: dict[str, Any] = {
            "v": SINGLE_VERSION if self.kind is None else VERSION,
            "game": self.game,
            "options": self.options,
            "length": self.length,
            "seed": self.seed,
            "players": list(self.players),
            "games": [action_lists(actions) for actions in self.games],
        }
        if self.seed is None:
            del record["seed"]  # recorded dice: an imported file has no seed
        if self.kind is not None:
            record["kind"] = self.kind
        if self.start is not None:
            record["start"] = self.start
        if self.first_game is not None:
            record["first_game"] = self.first_game.to_record()
        if self.dice == RECORDED:
            record["dice"] = RECORDED
        if not self.hints:
            record["hints"] = False
        if self.tutor is not None:
            record["tutor"] = self.tutor
        if self.tutor_log:
            record["tutor_log"] = [dict(entry) for entry in self.tutor_log]
        record.update(self.about)
        return record

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        """The record of a saved match of any version (``upgrade``); GameStateError
        ``bad_record`` (``newer_record``: written by a newer version) when it is not one."""
        data = upgrade(data)
        kind = data.get("kind")
        if kind is not None and not isinstance(kind, str):
            raise _bad("a bad match kind in a record")
        dice = data.get("dice", SEED)
        if dice not in (SEED, RECORDED):
            raise _bad("unknown kind of dice in a record")
        length = data.get("length", 0)
        if isinstance(length, bool) or not isinstance(length, int) or length < 0:
            raise _bad(f"bad match length {length!r}")
        start = data.get("start") or None
        if start is not None and not isinstance(start, str):
            raise _bad("a record's start is a state's text")
        parsed = parse_state(start) if start else None
        if (
            parsed is not None
            and kind is None
            and data.get("game") is not None
            and parsed[0].variant.key != data["game"]
        ):
            raise _bad(
                f"the record's start is a {parsed[0].variant.key} position, not {data['game']}"
            )
        games = data["games"]
        if not isinstance(games, (list, tuple)) or not games:
            raise _bad("the record has no games")
        return cls(
            game=data["game"],
            options=data.get("options") or {},
            length=length,
            seed=data.get("seed"),
            players=tuple(data.get("players") or ("human", "human")),
            games=[
                list(actions) if isinstance(actions, (list, tuple)) else actions
                for actions in games
            ],
            kind=kind,
            start=start,
            first_game=first_game_of(data, parsed),
            dice=dice,
            hints=data.get("hints", True) is not False,
            about={k: data[k] for k in ("names", "tags") if isinstance(data.get(k), (list, dict))},
            tutor=data["tutor"] if data.get("tutor") in TUTOR_MARKS else None,
            tutor_log=tutor_log_of(data.get("tutor_log")),
        )

    @classmethod
    def of_match(
        cls,
        match: Match,
        players: Iterable[str],
        recorded: bool = False,
        hints: bool = True,
        about: Mapping[str, Any] | None = None,
        tutor: str | None = None,
        tutor_log: Iterable[Mapping[str, Any]] = (),
    ) -> MatchRecord:
        """The record of ``match`` (a ``Match``) played by ``players``."""
        kind = match.kind
        options: dict[str, Any]
        if kind is None:
            options = match.variant.options.texts()
        else:
            options = {}
            for key in kind.games:
                texts = get_variant(key, match.kind_options.get(key) or {}).options.texts()
                if texts:
                    options[key] = texts
        return cls(
            game=match.variant.key if kind is None else kind.games[0],
            options=options,
            length=match.length,
            seed=match.seed,
            players=tuple(players),
            games=[actions_of(g) for g in match.all_games()],
            kind=None if kind is None else kind.key,
            start=None if match.start is None else format_state(*match.start),
            first_game=match.first,
            dice=RECORDED if recorded else SEED,
            hints=hints,
            about=dict(about or {}),
            tutor=tutor,
            tutor_log=[dict(entry) for entry in tutor_log],
        )

    def parsed_start(self) -> State | None:
        """``(position, cube, MatchScore)`` of ``start``, or None."""
        return parse_state(self.start) if self.start else None

    def new_match(self) -> Match:
        """The match before the first game's first action; the record's seed, when it has
        one, is the source of the dice for rolls still to come."""
        seed = self.seed
        start = self.parsed_start()
        if self.kind is not None:
            variant = None
        elif start is not None:
            variant = start[0].variant
        else:
            variant = get_variant(self.game, self.options)
        return Match(
            variant,
            length=self.length,
            seed=None if seed is None else str(seed),
            throw_opening=False,
            start=start,
            kind=self.kind,
            options=self.options if self.kind else None,
            first=self.first_game,
        )


TUTOR_MARKS = ("doubtful", "error", "blunder")  # analysis.marks' names (a test checks)
_TUTOR_KEYS = {"game": int, "action": int, "player": int, "kind": str, "played": str}


def tutor_log_of(data: object) -> list[dict[str, Any]]:
    """A record's ``tutor_log``, its well-formed entries only (it is a count shown after the
    game: a damaged entry is left out rather than the game refused)."""
    if not isinstance(data, list):
        return []
    out = []
    for entry in data:
        if isinstance(entry, dict) and all(
            isinstance(entry.get(k), kind) and not isinstance(entry.get(k), bool)
            for k, kind in _TUTOR_KEYS.items()
        ):
            out.append(
                {
                    **{k: entry[k] for k in _TUTOR_KEYS},
                    "best": entry.get("best") if isinstance(entry.get("best"), str) else "",
                    "loss": float(entry["loss"])
                    if isinstance(entry.get("loss"), (int, float))
                    and not isinstance(entry.get("loss"), bool)
                    else 0.0,
                    "mark": entry.get("mark") if entry.get("mark") in TUTOR_MARKS else None,
                    "kept": entry.get("kept") is not False,
                }
            )
    return out


def replay_match(
    record: MatchRecord,
    snapshot: Callable[[Game], T] | None = None,
    visit: Callable[[int, int, T | None, RawAction, Game], object] | None = None,
    seeded: bool = False,
    match: Match | None = None,
    next_game: Callable[[], object] | None = None,
    do: Callable[..., object] | None = None,
) -> tuple[Match, list[list[float]]]:
    """Replay a ``MatchRecord`` game by game: ``(match, starts)``, ``starts`` being the score
    by player before each game. ``visit(index, number, before, action, game)`` after every
    action (``before``: ``snapshot(game)`` before it). ``match``: the Match to replay on
    (default ``record.new_match()``); ``next_game()``: how the next game starts (default
    ``match.next_game``: a ``Session`` passes its own); ``seeded`` and ``do``: as
    ``apply``."""
    match = record.new_match() if match is None else match
    next_game = next_game or match.next_game
    starts: list[list[float]] = []  # money play's totals may hold halves
    for index, actions in enumerate(record.games):
        if index:
            if not cast("Game", match.game).is_over:
                raise _bad(f"game {index} ends unfinished", game=index)
            next_game()
            if match.game is None:
                raise _bad(f"game {index + 1} comes after the end of the match", game=index + 1)
        starts.append(list(match.score))
        game = cast("Game", match.game)  # a game is on (checked above after the first)
        replay(
            game,
            actions,
            index,
            snapshot,
            None
            if visit is None
            else cast(  # mypy infers no type for a lambda with defaults
                "Callable[[int, T | None, RawAction], object]",
                lambda number, before, act, g=game, i=index: visit(i, number, before, act, g),
            ),
            do=do,
            seeded=seeded,
        )
    return match, starts


def match_record(data: object) -> MatchRecord:
    """``MatchRecord.from_dict`` with every error a NardyError."""
    return _guarded(lambda: MatchRecord.from_dict(data), "match record")


# --- versions -----------------------------------------------------------------------------------
def newer_record(data: object) -> bool:
    """A saved match written by a newer version of the app (its ``v`` above ``VERSION``):
    kept for that version, never opened here nor discarded as damaged."""
    version = data.get("v") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


def upgrade(data: object) -> dict[str, Any]:
    """The one place that reads older records: ``data`` (a JSON record) in the current
    version's shape.

    - a game record (``"actions"``, no ``"v"``) has had one shape: returned as it is;
    - a match record of version 1 (one game's rules; no ``"v"`` at all is read as 1) is
      version 2 without ``"kind"``;
    - version 2 is current (a ``"kind"`` needs it: a version 1 record with one is refused);
    - a newer version raises ``newer_record``; anything else ``bad_record``.
    """
    if not isinstance(data, dict):
        raise _bad("a record is an object")
    if "v" not in data and "games" not in data:
        return data  # a game record
    version = data.get("v")
    if newer_record(data):
        raise GameStateError(
            f"a game saved by a newer version (format {version})",
            code="newer_record",
            version=version,
        )
    if version is None and not data.get("kind"):
        version = 1  # a match record written without its version (a file's JSON by hand)
    if type(version) is not int or version < 1:
        raise _bad("unknown saved-game version")
    if version == 1:
        if data.get("kind") is not None:
            raise _bad("a mixed match is a record of version 2")
        data = dict(data, v=VERSION)
    elif data.get("kind") is None:
        raise _bad("a version 2 record is a mixed match")
    return data


__all__ = [
    "VERSION",
    "SEED",
    "RECORDED",
    "Action",
    "Opening",
    "Roll",
    "Move",
    "Resign",
    "Double",
    "Take",
    "Beaver",
    "Drop",
    "Accept",
    "Decline",
    "ACTIONS",
    "action",
    "decision",
    "actions_of",
    "action_lists",
    "apply",
    "replay",
    "GameRecord",
    "game_record",
    "game_from_record",
    "first_game",
    "first_game_of",
    "MatchRecord",
    "replay_match",
    "match_record",
    "newer_record",
    "upgrade",
]
