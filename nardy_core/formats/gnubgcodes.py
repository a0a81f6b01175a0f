"""GNU Backgammon's Position ID + Match ID and eXtreme Gammon's XGID, for short nardy.

Short nardy is backgammon, so a short-nardy state in progress can be written in the two codes
that backgammon programs exchange: ``4HPwATDgc/ABMA:cAkAAAAAAAAA`` (GNU Backgammon) and
``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10`` (eXtreme Gammon, which GNU Backgammon
reads too). ``docs/codes.md`` describes both, field by field, and every choice made here.

Colours. White (O, at the bottom of our canonical board) is GNU Backgammon's player 1 (at the
bottom of its board) and XG's bottom player (upper-case letters); black is GNU Backgammon's
player 0 and XG's top player. GNU Backgammon maps an XGID's bottom player to its player 1 too, so
both codes of one state describe the same players.

Writers raise ``NotationError`` (code ``not_backgammon`` or ``unsupported_state``) for a state
the codes cannot hold; readers raise only ``NotationError`` (code ``gnubg_id`` or ``xgid``, with
``reason``, ``field`` and ``column`` in the params) for any malformed text. Pure Python, no
dependencies: it runs in Pyodide too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

from ..engine.cube import CubeState, double_refusal
from ..engine.errors import NotationError, OptionError, PositionError
from ..engine.geometry import CONTRARY
from ..engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from ..engine.position import BAR, BLACK, COLOUR_NAMES, HAND, OFF, SIDE_LEN, WHITE, Position
from ..variants import get_variant
from .notation import parse_state

if TYPE_CHECKING:
    from ..engine.position import Side
    from ..engine.variant import Variant

    _T = TypeVar("_T")

__all__ = [
    "format_gnubg_id",
    "parse_gnubg_id",
    "format_xgid",
    "parse_xgid",
    "parse_any",
    "detect_format",
    "position_id",
    "GNUBG",
    "XGID",
]

GNUBG, XGID = "gnubg_id", "xgid"
FORMAT_NAMES = {GNUBG: "GNU Backgammon ID", XGID: "XGID"}

PLAYER_OF = {WHITE: 1, BLACK: 0}  # our colour -> GNU Backgammon's player number
COLOUR_OF = (BLACK, WHITE)  # GNU Backgammon's player number -> our colour
BOTTOM, TOP = WHITE, BLACK  # XG's bottom and top players

CHECKERS = 15
MAX_CUBE_LOG = 12  # GNU Backgammon refuses cubes above 4096 (MAX_CUBE)
GNUBG_MAX_MATCH = 64  # GNU Backgammon refuses longer matches (MAXSCORE)
XGID_MAX_MATCH = 999  # the longest match our state notation writes
XGID_NO_LIMIT = 10  # XG's usual max-cube field; 10 and above: no limit

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_VALUE = {c: i for i, c in enumerate(_B64)}
POSITION_ID_LEN, MATCH_ID_LEN = 14, 12  # 80 bits (10 bytes) and 72 bits (9 bytes)
_POSITION_BITS, _MATCH_BITS = 80, 72

# Match key fields: (first bit, width), as GNU Backgammon's matchid.c lays them out.
_CUBE, _OWNER, _MOVE, _CRAWFORD = (0, 4), (4, 2), (6, 1), (7, 1)
_STATE, _TURN, _DOUBLED, _RESIGN = (8, 3), (11, 1), (12, 1), (13, 2)
_DIE1, _DIE2, _LENGTH, _SCORE0, _SCORE1 = (15, 3), (18, 3), (21, 15), (36, 15), (51, 15)
_NO_JACOBY = (66, 1)  # 1: the Jacoby rule is not in use (money play only)
_PADDING = 67  # bits 67-71 are unused and written as 0
_CENTRED = 3
_PLAYING = 1
_GAME_STATES = (
    "no game has started",
    "a game is being played",
    "the game is over",
    "the game was resigned",
    "the game ended with a dropped cube",
)

XGID_FIELDS = (
    "position",
    "cube value",
    "cube owner",
    "turn",
    "dice",
    "bottom player's score",
    "top player's score",
    "Crawford/Jacoby",
    "match length",
    "maximum cube",
)
_XG_NUMBER = re.compile(r"0|[1-9][0-9]{0,4}")  # no sign, no leading zeros, ASCII only
_XG_POINT = re.compile(r"[-A-Pa-p]{26}")
_XG_DICE = re.compile(r"00|[1-6][1-6]|[DBR]")

# What players paste: "GNUBGID 4HPw...:cAk...", "GNUbg ID: ...", and GNU Backgammon's board
# header ("GNU Backgammon  Position ID: 4HPw...\n  Match ID   : cAk...").
_GNUBG_PREFIX = re.compile(r"(?:GNU\s*BG\s*ID|GNU\s*ID)\s*[:=]?\s*", re.IGNORECASE)
_GNUBG_SHOWN = re.compile(  # a board diagram may follow on the next lines
    r"(?:GNU\s+Backgammon\s+)?Position\s+ID\s*:\s*(?P<pos>\S*)"
    r"(?:\s+Match\s+ID\s*:\s*(?P<match>\S*))?(?:[ \t]*\r?\n.*)?",
    re.IGNORECASE | re.DOTALL,
)
_XGID_PREFIX = re.compile(r"XGID\s*=", re.IGNORECASE)
_GNUBG_LIKE = re.compile(r"[A-Za-z0-9+/]{14}(?::|$)")
_STATE_LIKE = re.compile(r"[a-z][a-z0-9_]*(?:\[|\s)")


# --- errors -------------------------------------------------------------------------------------
def _fail(
    fmt: str,
    reason: str,
    message: str,
    field: str | None = None,
    column: int | None = None,
    **params: Any,
) -> NoReturn:
    """A reader's error: the text is not a valid code of format ``fmt``."""
    if field is not None:
        params["field"] = field
    if column is not None:
        params["column"] = column
    where = f" ({field})" if field else ""
    raise NotationError(f"{FORMAT_NAMES[fmt]}{where}: {message}", code=fmt, reason=reason, **params)


def _refuse(
    fmt: str, reason: str, message: str, code: str = "unsupported_state", **params: Any
) -> NoReturn:
    """A writer's error: the state cannot be written in format ``fmt``."""
    raise NotationError(
        f"cannot write this state as a {FORMAT_NAMES[fmt]}: {message}",
        code=code,
        format=fmt,
        reason=reason,
        **params,
    )


# --- base64 keys ----------------------------------------------------------------------------------
def _key_to_text(key: int, nbits: int, nchars: int) -> str:
    """GNU Backgammon's base64 of a little-endian bit string (bit i of ``key`` is bit i)."""
    stream = int.from_bytes(key.to_bytes(nbits // 8, "little"), "big")
    stream <<= 6 * nchars - nbits
    return "".join(_B64[(stream >> (6 * (nchars - 1 - i))) & 63] for i in range(nchars))


def _text_to_key(text: str, nbits: int, fmt: str, field: str, column: int) -> int:
    """The inverse of ``_key_to_text``; the caller has checked the length."""
    stream = 0
    for i, char in enumerate(text):
        value = _B64_VALUE.get(char)
        if value is None:
            _fail(
                fmt,
                "bad_character",
                f"{char!r} is not a base64 character (A-Z, a-z, 0-9, + and /)",
                field,
                column + i,
                char=char,
            )
        stream = stream << 6 | value
    spare = 6 * len(text) - nbits
    if stream & ((1 << spare) - 1):
        _fail(
            fmt,
            "bad_character",
            f"the last character {text[-1]!r} carries bits beyond the {nbits} of the key",
            field,
            column + len(text) - 1,
            char=text[-1],
        )
    stream >>= spare
    return int.from_bytes(stream.to_bytes(nbits // 8, "big"), "little")


def _bits(key: int, place: tuple[int, int]) -> int:
    first, width = place
    return (key >> first) & ((1 << width) - 1)


# --- board conversions --------------------------------------------------------------------------
def _half(side: Side) -> tuple[int, ...]:
    """Our side (own numbering) -> GNU Backgammon's 25 counts: points 1..24, then the bar."""
    return tuple(side[1:25]) + (side[BAR],)


def _side(points_and_bar: Sequence[int]) -> Side:
    """GNU Backgammon's 25 counts -> our side tuple (borne-off checkers fill it to 15)."""
    side = [0] * SIDE_LEN
    side[1:25] = points_and_bar[:24]
    side[BAR] = points_and_bar[24]
    side[OFF] = CHECKERS - sum(points_and_bar)
    return tuple(side)


def _short(options: Mapping[str, Any] | None = None) -> Variant:
    return get_variant("short", options or {})


def _build_position(
    variant: Variant, sides: tuple[Side, Side], turn: int, dice: tuple[int, ...] | None
) -> Position:
    """A decoded position. The codes hold neither turn counts nor first-turn flags: a side still
    on its starting points is taken as not having played (as the board editor does)."""
    start = variant.initial_position().sides[WHITE]
    first = tuple(sides[c] == start for c in (WHITE, BLACK))
    return Position(variant, sides, turn=turn, dice=dice, first_turn=first)


# --- checks shared by readers and writers -------------------------------------------------------
def _state_problem(
    position: Position, cube: CubeState, match: MatchScore
) -> tuple[str, str, dict[str, Any]] | None:
    """Why this short-nardy state is not one the codes hold, as (reason, message, params), or
    None. Readers and writers apply the same checks, so that whatever a writer writes, its reader
    reads back, and the reverse."""
    variant = position.variant
    try:
        variant.validate(position)
    except PositionError as exc:
        return exc.code, exc.message, dict(exc.params)
    for colour in (WHITE, BLACK):
        if position.sides[colour][OFF] == CHECKERS:
            return (
                "game_over",
                f"{COLOUR_NAMES[colour]} has borne off every checker: the codes "
                "hold a game in progress",
                {"colour": COLOUR_NAMES[colour]},
            )
    white, black = position.sides
    if (
        white[BAR]
        and black[BAR]
        and all(white[p] >= 2 for p in range(1, 7))
        and all(black[p] >= 2 for p in range(1, 7))
    ):
        return ("deadlock", "both sides are on the bar against closed home boards", {})
    value, owner, doubler = cube.value, cube.owner, cube.offered_by
    if not isinstance(value, int) or value < 1 or value & (value - 1):
        return "bad_cube", f"the cube shows a power of two, not {value!r}", {"value": value}
    if value > 1 << MAX_CUBE_LOG:
        return (
            "bad_cube",
            f"the cube is at {value}; the codes hold at most {1 << MAX_CUBE_LOG}",
            {"value": value},
        )
    limit = variant.options.values.get("max_cube", 0)
    if limit and value > limit:
        return "bad_cube", f"the cube is at {value}, above max_cube={limit}", {"value": value}
    if owner not in (None, WHITE, BLACK) or doubler not in (None, WHITE, BLACK):
        return "bad_cube", "the cube's owner and doubler are colours or None", {}
    if owner is not None and value == 1:
        return "bad_cube", "a cube at 1 has never been taken: it cannot have an owner", {}
    if not variant.cube_enabled and cube != CubeState():
        return "bad_cube", "this game is played without the cube", {}
    if match.length:
        white_score, black_score = match.score
        if max(white_score, black_score) >= match.length or min(white_score, black_score) < 0:
            return (
                "bad_match",
                f"in a match to {match.length} each score is below {match.length}",
                {"length": match.length},
            )
        expected = _crawford_state(match.length, match.score, match.crawford == CRAWFORD)
        if expected is None or expected != match.crawford:
            return (
                "crawford",
                "the codes mark only the Crawford game: a player at "
                f"{match.length - 1} outside it makes the game post-Crawford, and a game "
                f"with nobody at {match.length - 1} is before it",
                {},
            )
    if doubler is not None:
        if doubler != position.turn or position.dice is not None:
            return "bad_cube", "only the side to move offers a double, before rolling", {}
        refusal = double_refusal(
            variant, CubeState(value, owner), match, doubler, position.turn_number
        )
        if refusal:
            return "bad_cube", f"{COLOUR_NAMES[doubler]} may not double: {refusal[1]}", {}
    return None


def _crawford_state(length: int, score: Sequence[int], crawford_flag: int) -> str | None:
    """The Crawford state the codes mean: a flag for the Crawford game, post-Crawford inferred
    from a player at length-1. None when the flag contradicts the score. A one-point match has no
    Crawford game (GNU Backgammon ignores the flag there)."""
    if length < 2:
        return PRE_CRAWFORD
    at_match_point = sum(1 for s in score if s == length - 1)
    if crawford_flag:
        return CRAWFORD if at_match_point == 1 else None
    return POST_CRAWFORD if at_match_point else PRE_CRAWFORD


def _check_writable(position: Position, cube: CubeState, match: MatchScore, fmt: str) -> None:
    variant = position.variant
    if (
        variant.key != "short"
        or variant.geometry != CONTRARY
        or variant.checkers != CHECKERS
        or variant.track_length != 24
        or variant.dice_count != 2
    ):
        _refuse(
            fmt,
            "not_backgammon",
            f"{variant.key} is not backgammon: only short nardy can "
            f"be written as a {FORMAT_NAMES[fmt]}",
            code="not_backgammon",
            game=variant.key,
        )
    if (
        position.sides[WHITE][HAND]
        or position.sides[BLACK][HAND]
        or any(position.pins)
        or position.pending
        or position.last_roll
    ):
        _refuse(
            fmt,
            "extra_state",
            "checkers in hand, pins, pending units and a last roll are not backgammon",
        )
    problem = _state_problem(position, cube, match)
    if problem:
        reason, message, params = problem
        _refuse(fmt, reason, message, **params)
    limit = GNUBG_MAX_MATCH if fmt == GNUBG else XGID_MAX_MATCH
    if match.length > limit:
        _refuse(
            fmt,
            "match_length",
            f"a match to {match.length}: the longest is {limit}",
            length=match.length,
        )


def _check_read(
    fmt: str, position: Position, cube: CubeState, match: MatchScore, column: int | None
) -> tuple[Position, CubeState, MatchScore]:
    problem = _state_problem(position, cube, match)
    if problem:
        reason, message, params = problem
        _fail(fmt, reason, message, column=column, **params)
    return position, cube, match


# --- GNU Backgammon: writing --------------------------------------------------------------------
def format_gnubg_id(
    position: Position, cube: CubeState | None = None, match: MatchScore | None = None
) -> str:
    """``"PositionID:MatchID"`` exactly as GNU Backgammon writes them (14 + 12 characters)."""
    cube = CubeState() if cube is None else cube
    match = MatchScore() if match is None else match
    _check_writable(position, cube, match, GNUBG)
    return position_id(position) + ":" + _match_id(position, cube, match)


def position_id(position: Position) -> str:
    """The 14-character Position ID: the side not on roll, then the side on roll, each as its
    points 1..24 and its bar (GNU Backgammon's ``anBoard[0]`` and ``anBoard[1]``)."""
    mover = position.turn
    key = bit = 0
    for side in (position.sides[1 - mover], position.sides[mover]):
        for count in _half(side):
            key |= ((1 << count) - 1) << bit
            bit += count + 1
    return _key_to_text(key, _POSITION_BITS, POSITION_ID_LEN)


def _match_id(position: Position, cube: CubeState, match: MatchScore) -> str:
    mover = position.turn
    doubled = cube.offered_by is not None
    dice = sorted(position.dice, reverse=True) if position.dice else (0, 0)
    money = match.is_money
    scores = (0, 0) if money else (match.score[BLACK], match.score[WHITE])
    jacoby = money and bool(position.variant.options.values.get("jacoby"))
    fields = (
        (_CUBE, cube.value.bit_length() - 1),
        (_OWNER, _CENTRED if cube.owner is None else PLAYER_OF[cube.owner]),
        (_MOVE, PLAYER_OF[mover]),
        (_CRAWFORD, int(match.crawford == CRAWFORD and not money)),
        (_STATE, _PLAYING),
        (_TURN, PLAYER_OF[1 - mover] if doubled else PLAYER_OF[mover]),
        (_DOUBLED, int(doubled)),
        (_RESIGN, 0),
        (_DIE1, dice[0]),
        (_DIE2, dice[1]),
        (_LENGTH, match.length),
        (_SCORE0, scores[0]),
        (_SCORE1, scores[1]),
        (_NO_JACOBY, int(not jacoby)),
    )
    key = 0
    for (first, _width), value in fields:
        key |= value << first
    return _key_to_text(key, _MATCH_BITS, MATCH_ID_LEN)


# --- GNU Backgammon: reading --------------------------------------------------------------------
def parse_gnubg_id(text: object) -> tuple[Position, CubeState, MatchScore]:
    """``(Position, CubeState, MatchScore)`` from ``PositionID:MatchID`` or a Position ID alone
    (money, centred cube, white on roll, not rolled). Surrounding whitespace, the prefixes
    ``GNUBGID``/``GNUbg ID:`` and GNU Backgammon's ``Position ID: … Match ID : …`` header are
    accepted. Raises only NotationError (code ``gnubg_id``)."""
    pos_text, pos_col, match_text, match_col = _split_gnubg(text)
    if len(pos_text) != POSITION_ID_LEN:
        _fail(
            GNUBG,
            "length",
            f"a Position ID has {POSITION_ID_LEN} characters, not {len(pos_text)}: {pos_text!r}",
            "position ID",
            pos_col,
            length=len(pos_text),
        )
    halves = _decode_position(
        _text_to_key(pos_text, _POSITION_BITS, GNUBG, "position ID", pos_col), pos_col
    )
    if match_text is None:
        variant = _short()
        sides: list[Side | None] = [None, None]
        sides[WHITE], sides[BLACK] = _side(halves[1]), _side(halves[0])
        position = _build_position(variant, cast("tuple[Side, Side]", tuple(sides)), WHITE, None)
        return _check_read(GNUBG, position, CubeState(), MatchScore(), pos_col)
    if len(match_text) != MATCH_ID_LEN:
        _fail(
            GNUBG,
            "length",
            f"a Match ID has {MATCH_ID_LEN} characters, not {len(match_text)}: {match_text!r}",
            "match ID",
            match_col,
            length=len(match_text),
        )
    # _split_gnubg gives the Match ID's column whenever it gives the Match ID
    key = _text_to_key(match_text, _MATCH_BITS, GNUBG, "match ID", cast(int, match_col))
    return _decode_match(key, halves, cast(int, match_col))


def _split_gnubg(text: object) -> tuple[str, int, str | None, int | None]:
    """(position ID text, its column, match ID text or None, its column)."""
    if not isinstance(text, str):
        _fail(GNUBG, "not_text", f"expected text, not {type(text).__name__}")
    start = len(text) - len(text.lstrip())
    body = text.strip()
    shown = _GNUBG_SHOWN.fullmatch(body)
    if shown:
        match_col = start + shown.start("match") + 1 if shown["match"] is not None else None
        return shown["pos"], start + shown.start("pos") + 1, shown["match"], match_col
    prefix = _GNUBG_PREFIX.match(body)
    if prefix:
        start += prefix.end()
        body = body[prefix.end() :]
    if not body:
        _fail(GNUBG, "empty", "no Position ID given", "position ID", start + 1)
    pos_text, sep, match_text = body.partition(":")
    sep = sep and match_text  # "PositionID:" with nothing after it: the Position ID alone
    return (
        pos_text,
        start + 1,
        match_text if sep else None,
        start + len(pos_text) + 2 if sep else None,
    )


def _decode_position(key: int, column: int) -> tuple[list[int], list[int]]:
    """The two halves (each 25 counts) of a Position ID key: 50 slots, each a run of 1s (the
    checkers) closed by a 0; the bits after the 50th 0 are all 0."""
    halves = ([0] * 25, [0] * 25)
    slot = 0
    for i in range(_POSITION_BITS):
        if key >> i & 1:
            halves[slot // 25][slot % 25] += 1
            continue
        slot += 1
        if slot == 50:
            if key >> (i + 1):
                _fail(
                    GNUBG,
                    "bad_position",
                    "the Position ID has checkers beyond the last point",
                    "position ID",
                    column,
                )
            break
    else:
        _fail(
            GNUBG,
            "bad_position",
            "the Position ID does not close all 50 points and bars (too many checkers)",
            "position ID",
            column,
        )
    for half, who in ((halves[1], "the player on roll"), (halves[0], "the opponent")):
        if sum(half) > CHECKERS:
            _fail(
                GNUBG,
                "checker_count",
                f"{who} has {sum(half)} checkers on the board; a side has {CHECKERS}",
                "position ID",
                column,
                count=sum(half),
            )
    return halves


def _decode_match(
    key: int, halves: tuple[list[int], list[int]], column: int
) -> tuple[Position, CubeState, MatchScore]:
    def bad(reason: str, message: str, **params: Any) -> NoReturn:
        _fail(GNUBG, reason, message, "match ID", column, **params)

    if key >> _PADDING:
        bad("unused_bits", "bits 68-72 of the Match ID are unused and must be 0")
    state = _bits(key, _STATE)
    if state != _PLAYING:
        what = _GAME_STATES[state] if state < len(_GAME_STATES) else f"game state {state}"
        bad("game_state", f"{what}: the codes read here hold a game in progress", game_state=state)
    if _bits(key, _RESIGN):
        bad("resignation", "a resignation awaiting its answer is not part of a state here")
    owner = _bits(key, _OWNER)
    if owner == 2:
        bad("cube_owner", "the cube owner is 0, 1 or 3 (centred), not 2")
    move, turn, doubled = _bits(key, _MOVE), _bits(key, _TURN), _bits(key, _DOUBLED)
    dice = (_bits(key, _DIE1), _bits(key, _DIE2))
    if dice != (0, 0) and not (min(dice) >= 1 and max(dice) <= 6):
        bad(
            "dice",
            f"the dice are 1-6 each, or both 0 before the roll, not {dice[0]}-{dice[1]}",
            dice=list(dice),
        )
    if doubled:
        if turn == move:
            bad("turn", "with a double offered, the player to answer is not the doubler")
        if dice != (0, 0):
            bad("dice", "a double is offered before rolling")
    elif turn != move:
        bad(
            "turn",
            "the player to act differs from the player on roll, but no double or "
            "resignation is offered",
        )
    length = _bits(key, _LENGTH)
    if length > GNUBG_MAX_MATCH:
        bad(
            "match_length",
            f"a match to {length}: GNU Backgammon plays at most {GNUBG_MAX_MATCH} points",
            length=length,
        )
    crawford = _bits(key, _CRAWFORD)
    score0, score1 = _bits(key, _SCORE0), _bits(key, _SCORE1)
    options: dict[str, Any] = {}
    if length:
        if max(score0, score1) >= length:
            bad(
                "bad_match",
                f"in a match to {length} each score is below {length}, not {score0}-{score1}",
                length=length,
            )
        white_black = (score1, score0)
        crawford_state = _crawford_state(length, white_black, crawford)
        if crawford_state is None:
            bad(
                "crawford",
                f"the Crawford game follows the first game that leaves exactly one "
                f"player at {length - 1}",
            )
        match = MatchScore(length, white_black, crawford_state)
    else:
        if crawford:
            bad("crawford", "money play has no Crawford game")
        match = MatchScore()  # a money session's running score is not part of the state
        if not _bits(key, _NO_JACOBY):
            options["jacoby"] = True
    mover = COLOUR_OF[move]
    sides: list[Side | None] = [None, None]
    sides[mover], sides[1 - mover] = _side(halves[1]), _side(halves[0])
    variant = _short(options)
    position = _build_position(
        variant, cast("tuple[Side, Side]", tuple(sides)), mover, dice if dice != (0, 0) else None
    )
    cube = CubeState(
        1 << _bits(key, _CUBE),
        None if owner == _CENTRED else COLOUR_OF[owner],
        mover if doubled else None,
    )
    return _check_read(GNUBG, position, cube, match, column)


# --- XGID: writing ------------------------------------------------------------------------------
def format_xgid(
    position: Position, cube: CubeState | None = None, match: MatchScore | None = None
) -> str:
    """``"XGID=…"``: the ten fields as eXtreme Gammon writes them (``docs/codes.md``)."""
    cube = CubeState() if cube is None else cube
    match = MatchScore() if match is None else match
    _check_writable(position, cube, match, XGID)
    white, black = position.sides
    points = [_xg_letter(black[BAR], "a")]
    for p in range(1, 25):  # XG's points are the bottom player's (white's) own numbers
        if white[p]:
            points.append(_xg_letter(white[p], "A"))
        else:
            points.append(_xg_letter(black[25 - p], "a"))
    points.append(_xg_letter(white[BAR], "A"))
    options = position.variant.options.values
    if cube.offered_by is not None:
        dice = "D"
    elif position.dice:
        dice = "".join(map(str, position.dice))
    else:
        dice = "00"
    if match.is_money:
        flags = int(bool(options.get("jacoby"))) + 2 * int(bool(options.get("beaver")))
        scores = (0, 0)
    else:
        flags = int(match.crawford == CRAWFORD)
        scores = match.score
    limit = options.get("max_cube", 0)
    max_cube = min(limit.bit_length() - 1, XGID_NO_LIMIT) if limit else XGID_NO_LIMIT
    fields = (
        "".join(points),
        str(cube.value.bit_length() - 1),
        {None: "0", BOTTOM: "1", TOP: "-1"}[cube.owner],
        "1" if position.turn == BOTTOM else "-1",
        dice,
        str(scores[BOTTOM]),
        str(scores[TOP]),
        str(flags),
        str(match.length),
        str(max_cube),
    )
    return "XGID=" + ":".join(fields)


def _xg_letter(count: int, base: str) -> str:
    return chr(ord(base) + count - 1) if count else "-"


# --- XGID: reading ------------------------------------------------------------------------------
def parse_xgid(text: object) -> tuple[Position, CubeState, MatchScore]:
    """``(Position, CubeState, MatchScore)`` from an XGID, the ``XGID=`` prefix optional (any
    case), surrounding whitespace allowed. Raises only NotationError (code ``xgid``)."""
    if not isinstance(text, str):
        _fail(XGID, "not_text", f"expected text, not {type(text).__name__}")
    column = len(text) - len(text.lstrip()) + 1
    body = text.strip()
    prefix = _XGID_PREFIX.match(body)
    if prefix:
        column += prefix.end()
        body = body[prefix.end() :]
    parts = body.split(":")
    if len(parts) != len(XGID_FIELDS):
        _fail(
            XGID,
            "field_count",
            f"an XGID has {len(XGID_FIELDS)} fields separated by ':' "
            f"({', '.join(XGID_FIELDS)}), not {len(parts)}",
            column=column,
            count=len(parts),
        )
    columns = []
    for part in parts:
        columns.append(column)
        column += len(part) + 1

    def bad(i: int, reason: str, message: str, **params: Any) -> NoReturn:
        _fail(XGID, reason, message, XGID_FIELDS[i], columns[i], **params)

    def number(i: int, low: int, high: int) -> int:
        part = parts[i]
        if not _XG_NUMBER.fullmatch(part):
            bad(i, "bad_number", f"expected a whole number, not {part!r}", value=part)
        value = int(part)
        if not low <= value <= high:
            bad(i, "out_of_range", f"{value} is outside {low}-{high}", value=value)
        return value

    def choice(i: int, table: dict[str, _T]) -> _T:
        if parts[i] not in table:
            bad(i, "bad_value", f"expected {' or '.join(table)}, not {parts[i]!r}", value=parts[i])
        return table[parts[i]]

    sides = _xg_sides(parts[0], bad)
    cube_log = number(1, 0, MAX_CUBE_LOG)
    owner = choice(2, {"0": None, "1": BOTTOM, "-1": TOP})
    turn = choice(3, {"1": BOTTOM, "-1": TOP})
    dice_text = parts[4]
    if not _XG_DICE.fullmatch(dice_text):
        bad(
            4,
            "bad_dice",
            f"expected 00 (not rolled), D (doubled) or two dice 1-6, not {dice_text!r}",
            value=dice_text,
        )
    if dice_text in ("B", "R"):
        bad(
            4,
            "beaver",
            "a beaver or raccoon awaiting its answer is not part of a state here",
            value=dice_text,
        )
    bottom, top = number(5, 0, 99999), number(6, 0, 99999)
    flags = number(7, 0, 3)
    length = number(8, 0, XGID_MAX_MATCH)
    max_cube = number(9, 0, MAX_CUBE_LOG)
    options: dict[str, Any] = {}
    if length:
        if flags > 1:
            bad(
                7,
                "out_of_range",
                f"in a match this field is 1 for the Crawford game, else 0, not {flags}",
                value=flags,
            )
        score = [0, 0]
        score[BOTTOM], score[TOP] = bottom, top
        if max(score) >= length:
            bad(
                5,
                "bad_match",
                f"in a match to {length} each score is below {length}",
                length=length,
            )
        crawford_state = _crawford_state(length, score, flags)
        if crawford_state is None:
            bad(
                7,
                "crawford",
                "the Crawford game follows the first game that leaves exactly "
                f"one player at {length - 1}",
            )
        match = MatchScore(length, cast("tuple[int, int]", tuple(score)), crawford_state)
    else:
        match = MatchScore()  # a money session's running score is not part of the state
        if flags & 1:
            options["jacoby"] = True
        if flags & 2:
            options["beaver"] = True
    if max_cube < XGID_NO_LIMIT:
        options["max_cube"] = 1 << max_cube
    try:
        variant = _short(options)
    except OptionError as exc:  # not expected: the options are built above
        bad(9, exc.code, exc.message)
    dice = tuple(int(c) for c in dice_text) if dice_text[0] in "123456" else None
    position = _build_position(variant, sides, turn, dice)
    cube = CubeState(1 << cube_log, owner, turn if dice_text == "D" else None)
    return _check_read(XGID, position, cube, match, columns[0])


def _xg_sides(text: str, bad: Callable[..., NoReturn]) -> tuple[Side, Side]:
    """Our two sides from XG's 26 characters: 0 = the top player's bar, 1..24 = the bottom
    player's points, 25 = the bottom player's bar; A-P are the bottom player's checkers, a-p the
    top player's, - an empty point."""
    if not _XG_POINT.fullmatch(text):
        bad(
            0,
            "bad_position",
            f"expected 26 characters, each -, A-P or a-p, not {text!r}",
            value=text,
        )
    if text[0].isupper() or text[25].islower():
        bad(
            0,
            "bad_position",
            "the first character is the top player's bar (- or a-o), the "
            "last the bottom player's bar (- or A-O)",
        )
    counts = {BOTTOM: [0] * 25, TOP: [0] * 25}  # points 1..24 (own numbering), then the bar
    for i, char in enumerate(text):
        if char == "-":
            continue
        if char.isupper():
            counts[BOTTOM][24 if i == 25 else i - 1] = ord(char) - ord("A") + 1
        else:
            counts[TOP][24 if i == 0 else 24 - i] = ord(char) - ord("a") + 1
    sides: list[Side | None] = [None, None]
    for colour in (BOTTOM, TOP):
        total = sum(counts[colour])
        if total > CHECKERS:
            who = "bottom (upper case)" if colour == BOTTOM else "top (lower case)"
            bad(
                0,
                "checker_count",
                f"the {who} player has {total} checkers on the board; a side has {CHECKERS}",
                count=total,
            )
        sides[colour] = _side(counts[colour])
    return cast("tuple[Side, Side]", tuple(sides))


# --- any of the three ---------------------------------------------------------------------------
def detect_format(text: object) -> str | None:
    """``"gnubg_id"``, ``"xgid"``, ``"state"`` (``nardy_core.formats.notation``) or None: which form
    ``text`` is written in, judged from its shape only."""
    if not isinstance(text, str):
        return None
    body = text.strip()
    if _XGID_PREFIX.match(body) or re.match(r"[-A-Pa-p]{26}:", body):
        return XGID
    if _GNUBG_PREFIX.match(body) or _GNUBG_SHOWN.fullmatch(body) or _GNUBG_LIKE.match(body):
        return GNUBG
    if _STATE_LIKE.match(body):
        return "state"
    return None


def parse_any(text: object) -> tuple[Position, CubeState, MatchScore]:
    """``(Position, CubeState, MatchScore)`` from a GNU Backgammon ID, an XGID or our own state
    text (``nardy_core.formats.notation.parse_state``), whichever ``text`` is. Raises only
    NotationError."""
    kind = detect_format(text)
    if kind == GNUBG:
        return parse_gnubg_id(text)
    if kind == XGID:
        return parse_xgid(text)
    if kind == "state":
        return parse_state(text)
    if not isinstance(text, str):
        raise NotationError(f"expected text, not {type(text).__name__}", code="not_text")
    raise NotationError(
        "not a position: paste a GNU Backgammon ID (PositionID:MatchID, e.g. "
        "4HPwATDgc/ABMA:cAkAAAAAAAAA), an XGID (XGID=...) or a state such as "
        "'short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money'",
        code="unknown_format",
    )
