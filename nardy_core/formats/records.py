"""Match records as text: Jellyfish ``.mat`` for short nardy, the same style for the other games.

``export_match(record)`` writes the JSON-ready match record that the page saves
(``Session.to_dict()``) as text; ``import_match(text)`` reads such a text back into a record
whose dice are the ones written in the file (``"dice": "recorded"``, no seed), and
``replay_match(record)`` rebuilds the ``Match`` from the recorded dice and actions with the
engine. ``docs/records.md`` describes the format: the subset of Jellyfish/GNU Backgammon
``.mat`` written and read for short nardy, and the extension for long and Caucasian nardy.

The reader is forgiving about layout (blank lines, CRLF, tabs, trailing spaces, the comment
lines GNU Backgammon and XG write, column widths, ``bar``/``25``, ``off``/``0``, chained or
single-step moves, ``(2)`` repeats) and strict about meaning: every roll, play, cube action and
result is played through the engine, and anything that does not fit raises ``RecordError``
(a ``NotationError``, code ``record``) naming the line. It raises nothing else.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NoReturn, cast

from ..engine.cube import jacoby_applies
from ..engine.errors import GameStateError, NardyError, NotationError
from ..engine.frame import to_frame
from ..engine.game import DOUBLE, MOVE, OPENING, ROLL
from ..engine.match import Match
from ..engine.movegen import Play
from ..engine.playnotation import MAX_UNITS, find_play, format_steps
from ..engine.position import BAR, HAND, OFF
from ..engine.turn import Turn
from ..engine.variant import HIT_BAR, HIT_NONE, USE_DICE
from ..variants import VARIANTS, get_variant
from . import record as record_model
from .inputs import parse_json
from .notation import parse_state

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from ..engine.cube import CubeState
    from ..engine.game import Game, GameResult
    from ..engine.legality import Legality
    from ..engine.match import FirstGame
    from ..engine.position import Position, Side
    from ..engine.variant import Variant
    from .record import RawAction, State

    #: ``export_match``'s notes: ``{(game index, action index): {"mark", "comments"}}``.
    Notes = Mapping[tuple[int, int], Mapping[str, Any]]

RECORDED = record_model.RECORDED  # record["dice"]: the actions carry the dice; no seed
MAT_GAME = "short"  # the game a plain .mat file holds
LEFT_WIDTH = 27  # GNU Backgammon's column layout: "%3d) %-27s %s"
RIGHT_COLUMN = 33  # where the right column starts
COLUMN_SPLIT = 16  # an entry alone on a line starting at or after this is the right one
META_TAGS = ("Site", "Event", "Round", "EventDate", "EventTime", "Transcriber")
MAX_LENGTH = 999


class RecordError(NotationError):
    """A record text that cannot be read or does not fit the rules. ``params``: ``line``
    (1-based, 0 when the problem is the text as a whole) and ``reason``, a stable key."""

    code = "record"


def _roll(dice: Iterable[int]) -> str:
    """A roll as its digits: ``31``, or ``621`` with three dice (fayles)."""
    return "".join(map(str, dice))


def _quoted(text: object, limit: int = 60) -> str:
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _fail(line: int, reason: str, message: str, **params: Any) -> NoReturn:
    where = f"line {line}: " if line else ""
    raise RecordError(where + message, line=line, reason=reason, **params)


# --- the record the page keeps ------------------------------------------------------------------
def _variant_of(record: Mapping[str, Any]) -> Variant:
    return get_variant(record["game"], record.get("options") or {})


def _lists(value: Any) -> Any:
    """Tuples to lists, all the way down (the record is JSON-ready and compares as such)."""
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


def replay_match(record: object) -> Match:
    """The match of ``record`` (``Session.to_dict()``'s or ``import_match()``'s), rebuilt by
    replaying every recorded action, dice included, with the engine. ``match.game`` is the
    record's last game, possibly over (then ``match.score`` does not count it yet, as in a
    session: ``match.next_game()`` scores it and starts the next one). A seed, when the record
    has one, is only the source of the dice for rolls still to come. Anything that does not fit
    the rules raises ``GameStateError`` ``bad_record`` (``record.replay``'s error, naming the
    action) and nothing but NardyError."""
    return _replay(record)[0]


def _replay(
    record: object,
    on_action: Callable[[int, Game, Sequence[Any], _Before], object] | None = None,
) -> tuple[Match, list[list[float]]]:
    """``(match, starts)`` of a JSON match record (``record_model.replay_match``), calling
    ``on_action(index, game, action, before)`` after every action."""
    parsed = record_model.match_record(record)
    return record_model.replay_match(
        parsed,
        _Before,
        None
        if on_action is None
        # a JSON record's actions are lists, and a snapshot is taken before each
        else cast(
            "Callable[[int, int, _Before | None, RawAction, Game], object]",
            lambda index, number, before, action, game: on_action(index, game, action, before),
        ),
    )


class _Before:
    """What the writer needs to know of a game before an action."""

    __slots__ = ("phase", "position", "cube", "players")

    phase: str
    position: Position
    cube: CubeState
    players: tuple[int, ...]

    def __init__(self, game: Game) -> None:
        self.phase = game.phase
        self.position = game.position
        self.cube = game.cube
        self.players = game.players


# --- writing ------------------------------------------------------------------------------------
def _number(value: float) -> str:
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def _points(value: float) -> str:
    return f"{_number(value)} point" + ("" if float(value) == 1 else "s")


def _clean_name(name: object, default: str) -> str:
    text = " ".join(str(name).split()).replace(":", "-") if name is not None else ""
    return text or default


def _default_names(record: Mapping[str, Any]) -> list[str]:
    players = record.get("players") or ("human", "human")
    names = []
    for index in (0, 1):
        who = players[index] if index < len(players) else "human"
        names.append(f"Player {index + 1}" if who == "human" else f"Bot {who}")
    return names


def _tag(key: str, value: object) -> str:
    value = " ".join(str(value).replace('"', "'").split())
    return f'; [{key} "{value}"]'


class _Grid:
    """A game's entries laid out in two columns, left = player 0, right = player 1; comment
    lines (an annotated export) follow the line of the cell they belong to."""

    def __init__(self) -> None:
        self.rows: list[list[Any]] = []  # [number or None, left cell, right cell, comment lines]
        self.count = 0

    def add(
        self, column: int, cell: str, result: bool = False, comments: Iterable[str] = ()
    ) -> None:
        last = self.rows[-1] if self.rows else None
        if column == 1 and last and last[0] is not None and last[1] is not None and last[2] is None:
            last[2] = cell
            last[3] += list(comments)
        elif result:
            self.rows.append(
                [None, cell if column == 0 else None, cell if column else None, list(comments)]
            )
        else:
            self.count += 1
            self.rows.append(
                [
                    self.count,
                    cell if column == 0 else None,
                    cell if column else None,
                    list(comments),
                ]
            )

    def lines(self) -> list[str]:
        out = []
        for number, left, right, comments in self.rows:
            if number is None:
                line = " " * 5 + left if left is not None else " " * RIGHT_COLUMN + right
            else:
                line = f"{number:3d}) {left or '':<{LEFT_WIDTH}} {right or ''}"
            out.append(line.rstrip())
            out += [_comment(text) for text in comments]
        return out


def _comment(text: object) -> str:
    """A comment line of an annotated export: read back as a comment, never as a tag."""
    return "; " + " ".join(str(text).replace("[", "(").replace("]", ")").split())


class _GameWriter:
    def __init__(self, variant: Variant, mat: bool) -> None:
        self.variant = variant
        self.mat = mat  # short nardy: GNU Backgammon's move style
        self.grid = _Grid()
        self.tags: list[str] = []  # lines between the score line and the moves
        self.pending: tuple[int, tuple[int, ...]] | None = (
            None  # (column, dice) rolled (or thrown) and not yet played
        )
        self.resign_dice: tuple[int, tuple[int, ...]] | None = (
            None  # the pending dice of a resignation offered after the roll
        )
        self.passed = False  # the engine passed a roll: its recorded empty play is shown
        self.note: tuple[str, list[str]] | None = (
            None  # the annotation of actions whose cell is still to come
        )

    def moves(self, steps: Sequence[Sequence[Any]]) -> str:
        if self.mat:
            return " ".join(f"{s[0]}/{s[1]}" + ("*" if s[3] else "") for s in steps)
        return format_steps([tuple(s) for s in steps]) if steps else ""

    def add(self, column: int, cell: str, result: bool = False) -> None:
        comments: list[str]
        mark, comments = "", []
        if self.note is not None:
            mark, comments = self.note
            self.note = None
        self.grid.add(column, f"{cell} {mark}" if mark else cell, result, comments)

    def annotate(self, note: Mapping[str, Any] | None) -> None:
        """Keep ``{"mark", "comments"}`` for the next cell written (an action's own cell, or
        for a roll or a cube decision not to double, the cell of the play that follows)."""
        if not note:
            return
        mark, comments = self.note or ("", [])
        self.note = (note.get("mark") or mark, comments + list(note.get("comments") or ()))

    def roll_cell(
        self, column: int, dice: Sequence[int], steps: Sequence[Sequence[Any]] = ()
    ) -> None:
        self.add(column, f"{_roll(dice)}: {self.moves(steps)}".rstrip())

    def action(self, game: Game, action: Sequence[Any], before: _Before) -> None:
        name = action[0]
        position = before.position
        column = before.players[position.turn]
        passed, self.passed = self.passed, False
        if name == "opening":
            self.opening(action[1], before)
            if game.phase == MOVE:  # the opening throw is the first move's roll
                dice = cast("tuple[int, ...]", game.position.dice)  # rolled: the move phase
                self.pending = (game.players[game.position.turn], dice)
        elif name == "roll":
            dice = tuple(action[1])
            if game.phase == MOVE and game.position.turn == position.turn:
                self.pending = (column, dice)
            else:  # no legal move: the engine passed at once
                self.roll_cell(column, dice)
                self.passed = True
        elif name == "play":
            if passed and not action[1]:
                return
            if self.pending is None:
                raise GameStateError(
                    "a match record writes one play per roll; the further plays of an "
                    "escalating double or of a transferred list (gioul, gul bara) have no "
                    f"place in it: {JSON_HINT}",
                    code="unsupported",
                )
            column, dice = self.pending
            self.pending = None
            self.roll_cell(column, dice, action[1])
        elif name == "double":
            self.add(column, f" Doubles => {before.cube.value * 2}")
        elif name in ("take", "beaver", "drop"):
            answer = before.players[1 - cast(int, before.cube.offered_by)]  # a double is on
            text = {
                "take": " Takes",
                "drop": " Drops",
                "beaver": f" Beavers => {before.cube.value * 4}",
            }[name]
            self.add(answer, text)
        elif name == "resign":
            self.resign_dice = self.pending if before.phase == MOVE else None
        elif name == "accept":
            if self.resign_dice is not None:
                self.roll_cell(*self.resign_dice)
            self.pending = self.resign_dice = None
        elif name == "decline":
            self.resign_dice = None

    def opening(self, throws: Iterable[Sequence[int]], before: _Before) -> None:
        throws = [tuple(t) for t in throws]
        auto = self.variant.options.values.get("automatic_doubles", 0)
        if self.mat and not (auto and len(throws) > 1):
            return  # a plain .mat shows the opening by the first move alone
        white = before.players[0]  # the player who throws White's die
        pairs = [t if white == 0 else (t[1], t[0]) for t in throws]
        self.tags.append(_tag("Opening", " ".join(f"{a}{b}" for a, b in pairs)))

    def finish(self, game: Game) -> None:
        if self.pending is not None and not game.is_over:
            self.roll_cell(*self.pending)  # rolled and not yet played
        result = game.result
        if result is None:
            return
        if result.winner is None:
            each = f", {_points(result.points)} each" if result.points else ""
            self.add(0, f" Draw{each}", result=True)
            return
        kind = "" if self.mat else f" ({result.kind})"
        self.add(game.players[result.winner], f" Wins {_points(result.points)}{kind}", result=True)


def export_json(record: Mapping[str, Any]) -> str:
    """The JSON text of a match record (``Session.to_dict()``'s, or ``import_match()``'s):
    the form of every game, mixed matches and the games whose moves a match file cannot hold
    (gioul, gul bara) included. As a match file, it holds the dice thrown, not the seed of the
    dice to come (``"dice": "recorded"``, no ``"seed"``): ``import_json`` reads it back as
    that record. The record is replayed first: one that does not fit the rules raises
    GameStateError ``bad_record``."""
    import json

    replay_match(record)
    shared = {k: v for k, v in record.items() if k != "seed"}
    shared["dice"] = RECORDED
    return json.dumps(shared, ensure_ascii=False, indent=1) + "\n"


def import_json(text: object) -> dict[str, Any]:
    """The match record of ``export_json``'s text (or a saved game's JSON: the page's saved
    entry ``{"session": record}`` is read too), checked by replaying it. Raises ``RecordError``
    (``line`` 0; ``reason`` ``bad_json`` for text that is no JSON record, else the replay's
    error code) and nothing else."""
    if not isinstance(text, (str, bytes, bytearray)):
        _fail(0, "not_text", "a match record is text")
    try:  # the one guarded reader: size, depth, UTF-8 and finite numbers checked first
        record = parse_json(text, "a match record")
    except NardyError as exc:
        _fail(0, "bad_json", f"not a JSON record: {exc.message}")
    if isinstance(record, dict) and isinstance(record.get("session"), dict):
        record = record["session"]
    if not isinstance(record, dict) or not isinstance(record.get("games"), list):
        _fail(0, "bad_json", "a JSON match record is an object with its games")
    try:
        replay_match(record)
    except NardyError as exc:
        _fail(0, exc.code, exc.message)
    return record


def import_file(text: object) -> dict[str, Any]:
    """The record of a game file: ``import_json`` for JSON text (it starts with ``{``),
    ``import_match`` for a match file."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    if isinstance(text, str) and text.lstrip("\ufeff \t\r\n").startswith("{"):
        return import_json(text)
    return import_match(text)


def export_match(record: Mapping[str, Any], notes: Notes | None = None) -> str:
    """The text of a match record (``Session.to_dict()`` or ``import_match()``'s record; the
    record may carry ``"names": [name0, name1]`` and ``"tags"``). Short nardy is written as a
    Jellyfish .mat file that GNU Backgammon and XG import; the other games in the same style
    with a ``; [Nardy "key"]`` header. A record that does not replay raises GameStateError
    (``bad_record``) and nothing but NardyError.

    ``notes`` (an annotated export, ``review.Review.export_text``): ``{(game index, action
    index): {"mark": "?!", "comments": [text, ...]}}``; the mark follows the action's cell
    (a roll's or a no-double's note goes to the play that follows), the comments are ``;``
    lines after its line. ``import_match`` reads such a text back as the same match."""
    try:
        return _export(record, notes or {})
    except NardyError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise GameStateError(f"not a valid match record: {exc!r}", code="bad_record") from None


JSON_HINT = "save it as JSON instead (records.export_json; the page's Export does so)"


def _writable(record: object) -> None:
    """Refuse, before any work, a record whose moves a match file cannot hold."""
    if not isinstance(record, dict):
        return
    if record.get("kind") is not None:
        raise GameStateError(
            "a match of mixed games (tavli, gul bara and tapa) has no match "
            f"file: a file holds one game; {JSON_HINT}",
            code="mixed_match",
            kind=str(record.get("kind")),
        )
    variant = (
        VARIANTS.get(cast(str, record.get("game"))) if isinstance(record.get("game"), str) else None
    )
    if variant is not None and not variant.one_play_per_roll:
        raise GameStateError(
            f"a match file writes one play per roll, and a roll of "
            f"{record['game']} may take several (an escalating double is "
            "played block by block; gioul passes a list its roller cannot "
            f"play to the opponent): {JSON_HINT}",
            code="unsupported",
            game=record["game"],
        )


def _export(record: Mapping[str, Any], notes: Notes | None = None) -> str:
    _writable(record)
    writers: list[_GameWriter] = []
    counts: list[int] = []

    def on_action(index: int, game: Game, action: Sequence[Any], before: _Before) -> None:
        while len(writers) <= index:
            writers.append(_GameWriter(game.variant, game.variant.key == MAT_GAME))
            counts.append(0)
        if notes:
            writers[index].annotate(notes.get((index, counts[index])))
        if not counts[index] and before.phase == MOVE:  # a start state with the dice rolled
            writers[index].pending = (
                before.players[before.position.turn],
                cast("tuple[int, ...]", before.position.dice),  # rolled: the move phase
            )
        counts[index] += 1
        writers[index].action(game, action, before)

    match, starts = _replay(record, on_action)
    variant = match.variant
    mat = variant.key == MAT_GAME
    games = match.all_games()
    while len(writers) < len(games):
        writers.append(_GameWriter(variant, mat))
    defaults = _default_names(record)
    given = record.get("names") or [None, None]
    names = [_clean_name(given[i] if i < len(given) else None, defaults[i]) for i in (0, 1)]

    header: list[str] = []
    tags = record.get("tags") or {}
    for key in META_TAGS:
        if tags.get(key):
            header.append(_tag(key, tags[key]))
    options = variant.options.format_non_default()
    values = variant.options.values
    if mat:
        if not variant.cube_enabled:
            header.append(_tag("CubeLimit", "1"))
        if values.get("jacoby"):
            header.append(_tag("Jacoby", "On"))
        if values.get("beaver"):
            header.append(_tag("Beaver", "On"))
        if not values.get("crawford", True):
            header.append(_tag("Crawford", "Off"))
    else:
        header.append(_tag("Nardy", variant.key))
    if options:
        header.append(_tag("Options", options))
    if record.get("start"):  # our extension: the first game is played on from this state
        header.append(_tag("Position", record["start"]))
    if match.first is not None:  # our extension: the first game is a later game of a match
        header.append(_tag("FirstGame", _first_game_text(match.first)))
    lines = header + [""] if header else []
    lines += [f" {match.length} point match", ""]
    for index, game in enumerate(games):
        writer = writers[index]
        writer.finish(game)
        score = starts[index]
        left = f"{names[0]} : {_number(score[0])}"
        lines.append(f" Game {index + 1}")
        lines.append(f" {left:<30} {names[1]} : {_number(score[1])}")
        lines += writer.tags + writer.grid.lines() + [""]
    return "\n".join(lines) + "\n"


_COLOUR_WORDS = ("white", "black")


def _first_game_text(first: FirstGame) -> str:
    """The FirstGame tag: what differs from a match's opening game besides the score, which
    the first game's score line holds."""
    items = []
    if first.players != (0, 1):
        items.append("white=right")
    if first.starter is not None:
        items.append(f"starter={_COLOUR_WORDS[first.starter]}")
    if first.crawford != "pre":
        items.append(f"crawford={first.crawford}")
    return ",".join(items)


# --- reading ------------------------------------------------------------------------------------
# [0-9], not \d: \d and int() accept other scripts' digits.
_NUM = r"([0-9]{1,9}(?:\.[0-9]{1,3})?)"
_MATCH_LINE = re.compile(r"\s*([0-9]{1,12})\s+points?\s+match\b", re.I)
_MONEY_LINE = re.compile(r"\s*(?:money\s+(?:session|game|play)|unlimited\s+match)\b", re.I)
_GAME_LINE = re.compile(r"\s*game\s+([0-9]{1,9})\b", re.I)
_TAG = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9 ]*?)\s+\"(.*)\"\s*\]")
_NUMBERED = re.compile(r"\s*[0-9]{1,6}\)")
_ENTRY = re.compile(
    r"(?<!\S)(?:([0-9]+)\s*:|(doubles|redoubles|beavers|raccoons|takes|accepts|"
    r"drops|passes|rejects|wins|draws|draw)(?![A-Za-z]))",
    re.I,
)
_SCORE = re.compile(rf"\s*(.+?)\s*:\s*{_NUM}\s+(.+?)\s*:\s*{_NUM}\s*$")
_CUBE_VALUE = re.compile(r"\s*(?:=>|=|to)?\s*([0-9]{1,9})?\s*$")
_WINS = re.compile(
    rf"\s+{_NUM}\s+points?\b\s*(?:\(\s*([a-z_]+)\s*\))?"
    r"(?:\s*(?:and|,)?\s*the\s+match)?\s*$",
    re.I,
)
_DRAW = re.compile(rf"\s*(?:,\s*{_NUM}\s+points?\s+each)?\s*$", re.I)
_NO_MOVE = re.compile(r"(?:cannot\s+move|can'?t\s+move|no\s+move|\?+|-|pass(?:es)?)$", re.I)
_MARK = re.compile(r"(?:^|\s+)(?:\?\?|\?!|!\?|\?|!!|!)$")  # an annotation's mark after a cell
_MOVE_TOKEN = re.compile(r"([^/()]+(?:/[^/()]+)+)(?:\(([0-9]{1,2})\))?")
MAX_LINE = 1000  # longer lines are not a match record's (GNU Backgammon reads 1023)
_POINT_NAMES = {"bar": BAR, "b": BAR, "off": OFF, "o": OFF, "hand": HAND, "h": HAND}
_SYNONYMS = {
    "redoubles": "doubles",
    "accepts": "takes",
    "passes": "drops",
    "rejects": "drops",
    "draws": "draw",
}


class _Entry:
    """One cell of a game: ``kind`` roll | doubles | beavers | raccoons | takes | drops | wins |
    draw | opening; ``column`` 0 (left, player 0) or 1."""

    __slots__ = ("kind", "column", "line", "dice", "text", "value", "result_kind")

    kind: str
    column: int
    line: int
    dice: tuple[int, ...] | None  # a roll's
    text: str
    value: float | None  # a cube value, a result's points
    result_kind: str | None

    def __init__(
        self,
        kind: str,
        column: int,
        line: int,
        dice: tuple[int, ...] | None = None,
        text: str = "",
        value: float | None = None,
        result_kind: str | None = None,
    ) -> None:
        self.kind, self.column, self.line = kind, column, line
        self.dice, self.text, self.value, self.result_kind = dice, text, value, result_kind


class _ParsedGame:
    __slots__ = ("line", "number", "names", "scores", "entries")

    line: int
    number: int
    names: list[str]
    scores: list[float]
    entries: list[_Entry]

    def __init__(self, line: int, number: int) -> None:
        self.line, self.number = line, number
        # None until _parse reads the score line, at once: every reader sees the lists
        self.names = None  # type: ignore[assignment]
        self.scores = None  # type: ignore[assignment]
        self.entries = []


def import_match(text: object) -> dict[str, Any]:
    """The match record of a text written by ``export_match`` or by another program's .mat
    export: ``{"v": 1, "game", "options", "length", "players": ["human", "human"],
    "names": [name0, name1], "tags": {...}, "dice": "recorded", "games": [[action, ...]]}``
    (no seed). Raises ``RecordError`` (code ``record``, params ``line`` and ``reason``) and
    nothing but NardyError."""
    try:
        return _import(text)
    except NardyError:
        raise
    except (
        LookupError,
        TypeError,
        ValueError,
        AttributeError,
        ArithmeticError,
        RecursionError,
    ) as exc:  # a bug of ours: still a typed error for the page
        raise RecordError(
            f"the record cannot be read ({type(exc).__name__})", line=0, reason="internal"
        ) from None


def _lines(text: object) -> list[str]:
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    if not isinstance(text, str):
        _fail(0, "not_text", "a match record is text")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if len(line) > MAX_LINE:
            _fail(number + 1, "unreadable", f"the line is longer than {MAX_LINE} characters")
    return [line.expandtabs(8).rstrip() for line in lines]


def _import(text: object) -> dict[str, Any]:
    lines = _lines(text)
    tags, length, games = _parse(lines)
    game_key, options = _game_and_options(tags)
    try:
        variant = get_variant(game_key, options)
    except NardyError as exc:
        _fail(tags.get("_options_line", 0), exc.code, exc.message)
    start: State | None = None
    if tags.get("Position"):
        try:
            start = parse_state(tags["Position"])
        except NotationError as exc:
            _fail(
                tags.get("_line Position", 0),
                "position",
                f"the Position tag is not a state: {exc.message}",
            )
        if start[0].variant.key != variant.key:
            _fail(
                tags.get("_line Position", 0),
                "position",
                f"the Position tag is a {start[0].variant.key} position, not {variant.key}",
            )
    return _Reader(variant, length, games, tags, start).run()


def _parse(lines: list[str]) -> tuple[dict[str, Any], int, list[_ParsedGame]]:
    """(header tags, match length, games) of the text; the layout only, no rules."""
    tags: dict[str, Any] = {}  # a tag's text; "_line " + its name: its line
    length: int | None = None
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            _header_tag(stripped, index, tags)
            continue
        found = _MATCH_LINE.match(line)
        if found:
            length = int(found.group(1))
            if length > MAX_LENGTH:
                _fail(index, "bad_length", f"a match to {length} points is too long")
            break
        if _MONEY_LINE.match(line):
            length = 0
            break
        if _GAME_LINE.match(line) or _NUMBERED.match(line):
            break
    if length is None:
        _fail(
            0,
            "no_match_line",
            "no ' N point match' line (' 0 point match' for money "
            "play): this is not a .mat match record",
        )
    games: list[_ParsedGame] = []
    current: _ParsedGame | None = None
    while index < len(lines):
        line = lines[index]
        index += 1
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] in ";#":
            if current is None:
                _header_tag(stripped, index, tags)
            else:
                found = _TAG.search(stripped)
                if found and found.group(1).lower() == "opening":
                    current.entries.append(_Entry("opening", 0, index, text=found.group(2)))
            continue
        if _MATCH_LINE.match(line) or _MONEY_LINE.match(line):
            break  # a second match in the same file: only the first is read
        found = _GAME_LINE.match(line)
        if found and not _NUMBERED.match(line):
            current = _ParsedGame(index, int(found.group(1)))
            games.append(current)
            while index < len(lines) and not lines[index].strip():
                index += 1
            if index >= len(lines):
                _fail(
                    index,
                    "no_score_line",
                    f"'Game {current.number}' has no line with the players' names and scores",
                )
            score = _SCORE.match(lines[index])
            if not score:
                _fail(
                    index + 1,
                    "bad_score_line",
                    "expected the players' names and scores ('name : 0   name : 0') after "
                    f"'Game {current.number}', not {_quoted(lines[index].strip())}",
                )
            current.names = [score.group(1), score.group(3)]
            current.scores = [float(score.group(2)), float(score.group(4))]
            index += 1
            continue
        if current is None:
            _fail(
                index, "no_game_line", f"{_quoted(stripped)} comes before the first 'Game 1' line"
            )
        current.entries += _entries(line, index)
    if not games:
        _fail(0, "no_games", "the record has no game ('Game 1' line)")
    return tags, length, games


def _header_tag(stripped: str, number: int, tags: dict[str, Any]) -> None:
    found = _TAG.search(stripped)
    if found:
        key = " ".join(found.group(1).split())
        tags.setdefault(key, found.group(2).strip())
        tags.setdefault("_line " + key, number)


def _entries(line: str, number: int) -> list[_Entry]:
    """The cells of one move line, each with its column."""
    body_start = 0
    numbered = _NUMBERED.match(line)
    if numbered:
        body_start = numbered.end()
    starts = list(_ENTRY.finditer(line, body_start))
    if numbered and not line[body_start:].strip():
        return []  # a move number with nothing after it
    if not starts or line[body_start : starts[0].start()].strip():
        _fail(
            number,
            "unreadable",
            f"cannot read {_quoted(line.strip())} (expected moves like "
            "'1) 31: 8/5 6/5   42: 24/20 13/11', a cube action or 'Wins N points')",
        )
    if len(starts) > 2:
        _fail(number, "unreadable", f"{_quoted(line.strip())} holds more than two players' entries")
    out = []
    for i, found in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(line)
        body = line[found.end() : end].strip()
        if len(starts) == 2:
            column = i
        else:
            column = 1 if found.start() >= COLUMN_SPLIT else 0
        out.append(_entry(found, body, column, number))
    return out


def _entry(found: re.Match[str], body: str, column: int, number: int) -> _Entry:
    if found.group(1) is not None:
        digits = found.group(1)
        if len(digits) not in (2, 3):  # three dice: fayles (checked against the game later)
            _fail(
                number,
                "bad_dice",
                f"{digits + ':'!r} is not a roll of two dice (write it as two digits, e.g. '31:')",
            )
        dice = tuple(int(d) for d in digits)
        if not all(1 <= d <= 6 for d in dice):
            _fail(number, "bad_dice", f"{digits + ':'!r}: dice show 1 to 6")
        if _NO_MOVE.fullmatch(body):
            body = ""
        body = _MARK.sub("", body)
        return _Entry("roll", column, number, dice=dice, text=body)
    word = found.group(2).lower()
    kind = _SYNONYMS.get(word, word)
    if kind != "wins":
        body = _MARK.sub("", body)
    if kind in ("doubles", "beavers", "raccoons"):
        value = _CUBE_VALUE.fullmatch(body)
        if not value:
            _fail(number, "unreadable", f"cannot read {word!r} {body!r}")
        return _Entry(kind, column, number, value=int(value.group(1)) if value.group(1) else None)
    if kind in ("takes", "drops"):
        if body:
            _fail(number, "unreadable", f"unexpected {body!r} after {word!r}")
        return _Entry(kind, column, number)
    if kind == "wins":
        wins = _WINS.fullmatch(" " + body)
        if not wins:
            _fail(number, "unreadable", f"cannot read 'Wins {body}' (expected 'Wins N points')")
        return _Entry(
            "wins",
            column,
            number,
            value=float(wins.group(1)),
            result_kind=wins.group(2).lower() if wins.group(2) else None,
        )
    draw = _DRAW.fullmatch(body)
    if not draw:
        _fail(number, "unreadable", f"cannot read 'Draw {body}'")
    return _Entry("draw", column, number, value=float(draw.group(1)) if draw.group(1) else None)


def _game_and_options(tags: dict[str, Any]) -> tuple[str, Mapping[str, object]]:
    key = MAT_GAME
    for tag in ("Nardy", "Game"):
        value = tags.get(tag)
        if value is not None and (tag == "Nardy" or value in VARIANTS):
            if value not in VARIANTS:
                _fail(
                    tags.get("_line " + tag, 0),
                    "unknown_game",
                    f"unknown game {value!r} (games: {', '.join(VARIANTS)})",
                )
            key = value
            break
    variation = tags.get("Variation")
    if variation is not None and not variation.lower().startswith("backgammon"):
        _fail(
            tags.get("_line Variation", 0),
            "variation",
            f"the variation {variation!r} is not short nardy (standard backgammon)",
        )
    tags["_options_line"] = tags.get("_line Options", 0)
    text = tags.get("Options")
    if text is not None:
        options: dict[str, str] = {}
        for item in text.split(","):
            if not item.strip():
                continue
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                _fail(
                    tags["_options_line"],
                    "bad_options",
                    f"options are written key=value,key=value, not {text!r}",
                )
            options[name.strip()] = value.strip()
        return key, options
    specs = {o.key for o in VARIANTS[key].option_specs}
    derived: dict[str, bool] = {}
    if tags.get("Jacoby", "").lower() == "on":
        derived["jacoby"] = True
    if tags.get("Beaver", "").lower() == "on":
        derived["beaver"] = True
    if tags.get("Crawford", "").lower() == "off":
        derived["crawford"] = False
    if tags.get("CubeLimit", "").strip() == "1":
        derived["cube_enabled"] = False
    return key, {k: v for k, v in derived.items() if k in specs}


def _literal(position: Position, moves: Sequence[Sequence[int]]) -> tuple[Side, Side] | None:
    """The sides after ``moves`` (paths of own points) as written: every written point after
    the first is a landing, and a landing on a lone opposing checker hits it where the game
    hits. None when a path starts where the mover has no checker."""
    variant = position.variant
    turn = position.turn
    sides = [list(position.sides[0]), list(position.sides[1])]
    mine, theirs = sides[turn], sides[1 - turn]
    cross = variant.cross
    hits = variant.hit_mode == HIT_BAR
    pending = list(moves)
    while pending:
        for path in pending:
            if mine[path[0]] > 0:
                break
        else:
            return None
        pending.remove(path)
        mine[path[0]] -= 1
        mine[path[-1]] += 1
        for point in path[1:]:
            if hits and 1 <= point <= 24 and theirs[cross[point]] == 1:
                theirs[cross[point]] = 0
                theirs[BAR] += 1
    return (tuple(sides[0]), tuple(sides[1]))


def _walk(position: Position, moves: Sequence[Sequence[int]]) -> Play | None:
    """The legal play whose steps are the written moves one die at a time, in the order
    written, or None (moves written chained, or in an order the rules do not allow)."""
    hops = [(a, b) for path in moves for a, b in zip(path, path[1:])]
    turn = Turn(position)

    def walk(index: int) -> bool:
        if index == len(hops):
            return turn.is_complete
        src, dst = hops[index]
        for step in turn.legal_steps():
            if step[0] == src and step[1] == dst:
                turn.step(step)
                if walk(index + 1):
                    return True
                turn.undo()
        return False

    return turn.play() if walk(0) else None


def _reaching(
    position: Position, legality: Legality, text: str, after: tuple[Side, Side]
) -> Play | None:
    """The legal play that leaves the mover's checkers as ``after``, or None: asked of the
    roll's legality, never by listing a long list (the written paths guide that search
    first)."""
    if not legality.listed:
        try:
            found = find_play(position, text)
            if found.board[0] == after:
                return found
        except NardyError:
            pass
    frame = to_frame(position.replace(sides=after), position.variant.cross)
    steps = legality.path_to(frame)
    return None if steps is None else Play(position, steps, frame)


def _as_written(position: Position, text: str, play: Play) -> Play:
    """The legal play with ``play``'s result whose steps write exactly ``text`` (the play
    notation's reader), or ``play`` itself where the text is not written that way."""
    if format_steps(play.steps) == " ".join(text.split()):
        return play
    try:
        exact = find_play(position, text)
    except NardyError:
        return play
    return exact if exact.board == play.board else play


def _parse_moves(text: str, line: int) -> list[list[int]]:
    """``"24/18 18/16* bar/20 6/off(2)"`` -> paths of own points (25 bar, 0 off, 26 hand)."""
    moves: list[list[int]] = []
    for token in text.replace(",", " ").split():
        found = _MOVE_TOKEN.fullmatch(token)
        if not found:
            _fail(line, "bad_move", f"{_quoted(token)} is not a move (write from/to, e.g. 24/18)")
        path: list[int] = []
        for part in found.group(1).split("/"):
            name = part.strip().rstrip("*^").lower()
            if name in _POINT_NAMES:
                path.append(_POINT_NAMES[name])
            elif re.fullmatch("[0-9]{1,2}", name) and int(name) <= 25:
                path.append(int(name))
            else:
                _fail(line, "bad_move", f"{part!r} in {token!r} is not a point")
        if any(b >= a for a, b in zip(path, path[1:])) or OFF in path[:-1]:
            _fail(line, "bad_move", f"{token!r} does not move forward")
        count = int(found.group(2)) if found.group(2) else 1
        if not 1 <= count <= MAX_UNITS:
            _fail(line, "bad_move", f"bad repeat count in {token!r}")
        moves += [path] * count
    if len(moves) > MAX_UNITS:
        _fail(line, "bad_move", f"too many moves in {_quoted(text)}")
    return moves


class _Reader:
    """Plays the parsed entries through the engine."""

    def __init__(
        self,
        variant: Variant,
        length: int,
        games: list[_ParsedGame],
        tags: dict[str, Any],
        start: State | None = None,
    ) -> None:
        self.variant = variant
        self.length = length
        self.games = games
        self.tags = tags
        self.start = start

    def run(self) -> dict[str, Any]:
        if self.start is not None and self.start[2].length != self.length:
            _fail(
                self.tags.get("_line Position", 0),
                "position",
                f"the Position tag is a state of a match to {self.start[2].length}, the "
                f"record's match is to {self.length}",
            )
        self.first = self.first_game()
        match = Match(
            self.variant,
            length=self.length,
            seed="imported",
            throw_opening=False,
            start=self.start,
            first=self.first,
        )
        self.match = match
        names: list[str] | None = None
        for index, parsed in enumerate(self.games):
            if index:
                game = cast("Game", match.game)  # the game before: on until next_game
                if not game.is_over:
                    _fail(
                        parsed.line,
                        "game_not_over",
                        f"game {index} ends before it is over ('Game {parsed.number}' starts here)",
                    )
                match.next_game()
                if match.game is None:
                    _fail(
                        parsed.line,
                        "match_over",
                        f"'Game {parsed.number}' comes after the end of the match",
                    )
            if names is None:
                names = [" ".join(n.split()) for n in parsed.names]
            self.check_score(parsed, index)
            self.play_game(cast("Game", match.game), parsed)  # checked above: a game is on
        record = record_model.MatchRecord.of_match(
            match,
            ["human", "human"],
            recorded=True,
            about={"names": names, "tags": {k: v for k, v in self.tags.items() if k in META_TAGS}},
        )
        record.seed = None
        if self.start is not None:
            record.start = self.tags["Position"]
        return record.to_dict()

    def first_game(self) -> FirstGame | None:
        """The FirstGame tag's first game (its score from the first game's score line), or
        None."""
        text = self.tags.get("FirstGame")
        if text is None:
            return None
        line = self.tags.get("_line FirstGame", 0)
        fields: dict[str, Any] = {"players": [0, 1], "starter": None, "crawford": "pre"}
        for item in text.split(","):
            key, _, value = (part.strip().lower() for part in item.partition("="))
            if key == "white" and value in ("left", "right"):
                fields["players"] = [0, 1] if value == "left" else [1, 0]
            elif key == "starter" and value in _COLOUR_WORDS:
                fields["starter"] = _COLOUR_WORDS.index(value)
            elif key == "crawford" and value in ("pre", "crawford", "post"):
                fields["crawford"] = value
            elif key:
                _fail(
                    line,
                    "bad_first_game",
                    f"{item.strip()!r} in the FirstGame tag is not "
                    "white=right, starter=white or black, or crawford=crawford or post",
                )
        scores = self.games[0].scores
        if self.start is not None or not self.length:
            scores = [0, 0]  # a start state holds the score; money has none
        if any(not float(v).is_integer() for v in scores):
            _fail(self.games[0].line + 1, "score", "a match score is whole points")
        by_player = [int(v) for v in scores]
        fields["score"] = [by_player[p] for p in fields["players"]]
        variant, length = self.variant, self.length
        if self.start is not None:
            variant, length = self.start[0].variant, self.start[2].length
        try:
            return record_model.first_game(fields, variant, length)
        except NardyError as exc:
            _fail(line, "bad_first_game", exc.message)

    def check_score(self, parsed: _ParsedGame, index: int) -> None:
        expected = self.match.score
        if index == 0 and self.start is not None:
            if self.length and [float(s) for s in expected] != parsed.scores:
                _fail(
                    parsed.line + 1,
                    "score",
                    f"the Position tag's score is "
                    f"{_number(expected[0])}-{_number(expected[1])}, the first game's "
                    f"{_number(parsed.scores[0])}-{_number(parsed.scores[1])}",
                )
            return
        if index == 0 and self.first is not None:
            return  # the FirstGame tag takes the first game's score from its score line
        if index == 0 and any(parsed.scores):
            _fail(
                parsed.line + 1,
                "score",
                "the first game starts at "
                f"{_number(parsed.scores[0])}-{_number(parsed.scores[1])}: only whole "
                "matches can be read (the first game at 0-0), or a later game with a "
                "FirstGame tag",
            )
        if self.length and [float(s) for s in expected] != parsed.scores:
            _fail(
                parsed.line + 1,
                "score",
                f"game {index + 1} starts at {_number(expected[0])}-{_number(expected[1])} "
                f"by the games before it, not {_number(parsed.scores[0])}-"
                f"{_number(parsed.scores[1])}",
            )

    # --- one game --------------------------------------------------------------------------
    def play_game(self, game: Game, parsed: _ParsedGame) -> None:
        entries = parsed.entries
        self.after_beaver: int | None = None
        for position, entry in enumerate(entries):
            following = entries[position + 1] if position + 1 < len(entries) else None
            try:
                self.entry(game, entry, following)
            except RecordError:
                raise
            except NardyError as exc:
                params = {k: v for k, v in exc.params.items() if k not in ("line", "reason")}
                _fail(entry.line, exc.code, exc.message, **params)

    def player(self, game: Game, colour: int) -> int:
        return game.players[colour]

    @staticmethod
    def who(column: int) -> str:
        return ("the left", "the right")[column] + " column"

    def actor(self, game: Game) -> int | None:
        """The player (a column of the file) whose decision the game waits for; None in the
        opening (both throw) and after the end."""
        colour = game.actor if game.phase != OPENING else None
        return None if colour is None else game.players[colour]

    def need_turn(self, game: Game, entry: _Entry, what: str) -> None:
        if game.is_over:
            _fail(entry.line, "game_over", f"{what} after the end of the game")
        actor = self.actor(game)
        if actor is not None and actor != entry.column:
            _fail(
                entry.line,
                "wrong_player",
                f"{what} in {self.who(entry.column)}, but {self.who(actor)}'s player is to act",
            )

    def entry(self, game: Game, entry: _Entry, following: _Entry | None) -> None:
        kind = entry.kind
        if kind != "takes":
            self.after_beaver = None
        if kind == "opening":
            self.opening_tag(game, entry)
        elif kind == "roll":
            self.roll(game, entry, following)
        elif kind == "doubles":
            self.need_turn(game, entry, "a double")
            if game.phase != ROLL:
                _fail(
                    entry.line,
                    "phase",
                    f"a double is offered before rolling, not in the {game.phase} phase",
                )
            wanted = game.cube.value * 2
            if entry.value is not None and entry.value != wanted:
                _fail(
                    entry.line, "cube_value", f"the cube goes to {wanted} here, not {entry.value}"
                )
            game.double()
        elif kind in ("takes", "drops", "beavers"):
            if kind == "takes" and self.after_beaver == entry.column:
                self.after_beaver = None
                return  # the doubler taking a beaver: our beaver is always taken
            self.need_turn(game, entry, f"'{kind}'")
            if game.phase != DOUBLE:
                _fail(entry.line, "no_double", f"'{kind}' answers no double")
            if kind == "takes":
                game.take()
            elif kind == "drops":
                game.drop()
            else:
                wanted = game.cube.value * 4
                if entry.value is not None and entry.value != wanted:
                    _fail(
                        entry.line,
                        "cube_value",
                        f"a beaver turns the cube to {wanted} here, not {entry.value}",
                    )
                doubler = game.players[cast(int, game.cube.offered_by)]  # a double is on
                game.beaver()
                self.after_beaver = doubler
        elif kind == "raccoons":
            _fail(entry.line, "raccoon", "raccoons are not part of the rules here")
        elif kind == "wins":
            self.wins(game, entry)
        else:
            self.draw(game, entry)

    def opening_tag(self, game: Game, entry: _Entry) -> None:
        if game.phase != OPENING:
            _fail(
                entry.line,
                "opening",
                "an opening throw comes first in a game, and only in a game that opens with one",
            )
        pairs: list[tuple[int, int]] = []
        for token in entry.text.replace(",", " ").split():
            digits = token.replace("-", "")
            if not re.fullmatch("[1-6]{2}", digits):
                _fail(
                    entry.line,
                    "bad_opening",
                    f"{token!r} is not a throw of two dice "
                    "(the left player's die, then the right player's)",
                )
            pairs.append((int(digits[0]), int(digits[1])))
        if not pairs:
            _fail(entry.line, "bad_opening", "the opening lists no throw")
        if any(a != b for a, b in pairs[:-1]) or pairs[-1][0] == pairs[-1][1]:
            _fail(
                entry.line,
                "bad_opening",
                "the opening is thrown again after a tie only, "
                "and ends with a throw that is not a tie",
            )
        white = game.players[0]
        throws = [p if white == 0 else (p[1], p[0]) for p in pairs]
        game.opening(throws=throws)

    def opening_for(self, game: Game, entry: _Entry) -> None:
        """The opening throw a plain .mat implies: the first mover won it (with the dice of
        the first move, where the game plays them)."""
        colour = game.players.index(entry.column)
        dice = cast("tuple[int, ...]", entry.dice)  # a roll's entry
        high, low = max(dice), min(dice)
        if (
            self.variant.opening == USE_DICE
            or self.variant.options.values.get("first_move_dice") == "lot_dice"
        ):
            if high == low:
                _fail(
                    entry.line,
                    "opening_double",
                    f"{high}{low}: the first roll of a game is the opening throw, never a double",
                )
        else:
            high, low = 2, 1
        game.opening(throws=[(high, low) if colour == 0 else (low, high)])

    def roll(self, game: Game, entry: _Entry, following: _Entry | None) -> None:
        dice = cast("tuple[int, ...]", entry.dice)  # a roll's entry
        count = self.variant.dice_count
        if len(dice) != count:
            _fail(
                entry.line,
                "bad_dice",
                f"{_roll(dice) + ':'!r}: {self.variant.key} is played "
                f"with {count} dice (write them as {count} digits)",
            )
        if game.phase == OPENING:
            self.opening_for(game, entry)
        self.need_turn(game, entry, f"the roll {_roll(dice)}")
        if game.phase == DOUBLE:
            _fail(
                entry.line,
                "no_answer",
                "the double has no answer (Takes or Drops) before this roll",
            )
        mover = game.position.turn
        if game.phase == MOVE:
            rolled = cast("tuple[int, ...]", game.position.dice)  # the move phase: rolled
            if sorted(rolled) != sorted(dice):
                shown = "".join(map(str, rolled))
                _fail(entry.line, "dice", f"the dice to play are {shown}, not {_roll(dice)}")
        elif game.phase == ROLL:
            game.roll(dice=dice)
        else:
            _fail(entry.line, "phase", f"a roll in the {game.phase} phase")
        if game.phase != MOVE or game.position.turn != mover:
            if entry.text:  # the engine passed: no legal move
                _fail(
                    entry.line,
                    "no_legal_move",
                    f"{_roll(dice)} has no legal move here, but the record plays {entry.text!r}",
                )
            return
        # the roll's plays are asked about, never listed (an escalating list may have millions)
        legality = game.turn().legality
        if not entry.text:
            other_wins = (
                following is not None
                and following.kind == "wins"
                and following.column != entry.column
            )
            if following is None or other_wins:
                return  # rolled and not yet played, or resigned after the roll
            forced = legality.results(most=1)
            if len(forced) == 1:  # a forced play left unwritten (as GNU Backgammon reads it)
                game.play(next(iter(forced.values())))
                return
            _fail(
                entry.line,
                "no_move",
                f"no move is written for {_roll(dice)}, which has legal moves",
            )
        moves = _parse_moves(entry.text, entry.line)
        if self.variant.hit_mode not in (HIT_BAR, HIT_NONE):
            # hits the literal reading below does not model (fayles sends the victim to its
            # 24-point and may move the mover's own blot): the engine reads the text
            try:
                game.play(find_play(game.position, entry.text))
                return
            except NardyError:
                _fail(
                    entry.line,
                    "illegal_play",
                    f"{_roll(dice)}: {entry.text} is not a legal "
                    f"play for {self.who(entry.column)}'s player here",
                    play=entry.text,
                )
        after = _literal(game.position, moves)
        if after is not None:
            chosen = _walk(game.position, moves)  # keeps the steps as written, where it can
            if chosen is None or chosen.board[0] != after:
                chosen = _reaching(game.position, legality, entry.text, after)
            if chosen is not None:
                if self.variant.key != MAT_GAME:
                    # our own text: the steps it is written from (which checker hit where
                    # two reach one point: 21/19 20/19* is not 21/19* 20/19)
                    chosen = _as_written(game.position, entry.text, chosen)
                game.play(chosen)
                return
        _fail(
            entry.line,
            "illegal_play",
            f"{_roll(dice)}: {entry.text} is not a legal "
            f"play for {self.who(entry.column)}'s player here",
            play=entry.text,
        )

    def wins(self, game: Game, entry: _Entry) -> None:
        if not game.is_over:
            self.resignation(game, entry)
        result = cast("GameResult", game.result)  # over (resigned, where not yet)
        if result.winner is None:
            _fail(entry.line, "result", "the game is a draw, not a win")
        winner = game.players[result.winner]
        if winner != entry.column:
            _fail(
                entry.line,
                "result",
                f"{self.who(winner)}'s player wins this game, not {self.who(entry.column)}'s",
            )
        if float(result.points) != entry.value:
            _fail(
                entry.line,
                "result",
                f"the game is won for {_points(result.points)}, not "
                f"{_number(cast(float, entry.value))}",  # a win's points
            )
        if entry.result_kind is not None and entry.result_kind != result.kind:
            _fail(
                entry.line, "result", f"the game is won as {result.kind}, not {entry.result_kind}"
            )

    def resignation(self, game: Game, entry: _Entry) -> None:
        """A win written where the game goes on: the other player resigned."""
        if game.phase not in (ROLL, MOVE) or self.actor(game) == entry.column:
            _fail(
                entry.line,
                "result",
                f"{self.who(entry.column)}'s player cannot win here: "
                "the game is not over and the other player cannot resign now",
            )
        levels = self.variant.resign_levels()
        jacoby = jacoby_applies(self.variant, game.cube, game.match)
        kind = entry.result_kind
        if kind is None:
            for name, _ in levels:
                points = self.variant.resign_points(game.position, name, game.position.turn)
                worth = 1 if points > 1 and jacoby else points
                if worth * game.cube.value == entry.value:
                    kind = name
                    break
            else:
                _fail(
                    entry.line,
                    "result",
                    f"no resignation is worth {_points(cast(float, entry.value))} "  # a win's
                    f"with the cube at {game.cube.value}",
                )
        game.resign(kind)
        game.accept_resignation()

    def draw(self, game: Game, entry: _Entry) -> None:
        result = game.result
        if result is None or result.winner is not None:
            _fail(entry.line, "result", "the game is not a draw")
        if entry.value is not None and float(result.points) != entry.value:
            _fail(
                entry.line,
                "result",
                f"the draw gives {_points(result.points)} each, not {_number(entry.value)}",
            )


__all__ = [
    "export_match",
    "import_match",
    "replay_match",
    "export_json",
    "import_json",
    "import_file",
    "RecordError",
    "RECORDED",
]
