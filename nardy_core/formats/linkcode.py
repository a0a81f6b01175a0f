"""Link codes: a game state, or a whole game, as a short text that fits in a URL fragment.

``s.w2DKexJjIPYHw`` is a short-nardy state; ``s~…`` a whole short-nardy game from its start.
A code is ``<tag>[-<version>]<kind><payload>``: the game's stable tag (``TAGS``), the format
version when it is not 1, ``.`` for a state or ``~`` for a whole game, and the payload: one
mixed-radix integer written in base 64 with the base64url alphabet. The layout, the tag table and
the versioning policy are in ``docs/links.md``.

A state code holds exactly what the state notation (``notation.py``) writes, and every decoded
state is checked by ``notation.parse_state`` itself. A game code holds the start (a state, or the
game's initial position with its match score and starter) and every action, each as its index
among the actions the rules allow at that moment, so the decoder replays the game with the
engine. Decoders raise ``LinkCodeError`` (a ``NotationError``) and nothing else, whatever the
input.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict, TypeVar, cast

from ..engine.cube import CubeState
from ..engine.errors import NardyError, NotationError
from ..engine.frame import from_frame
from ..engine.game import DOUBLE, MOVE, OPENING, OVER, RESIGN, ROLL, Game
from ..engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from ..engine.position import BAR, BLACK, HAND, SIDE_LEN, WHITE, Position
from ..engine.turn import Turn
from ..engine.variant import HIT_NONE, Variant
from ..variants import VARIANTS, get_variant
from . import record as record_model
from .notation import format_state, parse_state
from .record import GameRecord, game_record

if TYPE_CHECKING:
    from ..engine.options import Option
    from ..engine.position import Side
    from ..engine.turn import Step
    from ..engine.variant import Node, StepTuple

    _T = TypeVar("_T")
    #: One symbol of a game code's action: ``(value, radix)``; a play's step order is written
    #: first as its rank in each of STEP_ORDERS (a tuple), and the mode chosen keeps one.
    _Symbol = tuple[int | tuple[int, ...], int]
    #: A decoded or written state: what ``notation.parse_state`` returns.
    _State = tuple[Position, CubeState, MatchScore]

    class _Cache(TypedDict, total=False):
        """What a game code's writer or reader keeps between actions."""

        position: Position  # the position ``tree`` is of
        tree: _PlayTree
        stepwise: int  # actions written step by step (version 2)


VERSION = 1  # the format version this module writes
STEPWISE = 2  # game codes with plays of long lists written step by step
READS = (1, 2)  # the versions it reads (old versions keep decoding)
MAX_LENGTH = 4096  # longest code accepted, in characters
MAX_ACTIONS = 2000  # most actions a game code may replay
STATE, GAME = ".", "~"  # the kind mark between the tag part and the payload
ORDER_MODES = ("source_first", "die_first", "explicit")  # how a game code orders plays' steps
EXPLICIT = 2


class _Tags(Mapping[str, str]):
    """The stable game tags, ``{game key: tag}``, read from the registry: each game declares
    its own (``Variant.link_tag``; never inherited, ``Variant.link_name``). A tag, once
    published, is never reused or changed; a game without one is written with its key
    (``plakoto.…``), which stays readable after it gets a tag. A live view: a game registered
    later is in it."""

    def _table(self) -> dict[str, str]:
        return {key: cls.link_name() for key, cls in VARIANTS.items() if cls.link_name() != key}

    def __getitem__(self, key: str) -> str:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


TAGS = _Tags()

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {c: i for i, c in enumerate(ALPHABET)}
_HEAD = re.compile(r"([a-z][a-z0-9_]{0,31})(?:-([1-9][0-9]{0,3}))?")
_NON_TIES = tuple((a, b) for a in range(1, 7) for b in range(1, 7) if a != b)
_SEED = "linkcode"  # the replaying games never roll: every die is in the code
_ANSWERS = ("take", "drop", "beaver")


class LinkCodeError(NotationError):
    """A link code that cannot be read (or a state or record that cannot be written).
    ``params['reason']`` says what is wrong, in a stable word (docs/links.md, Errors)."""

    code = "link_code"


def _fail(reason: str, message: str, **params: Any) -> NoReturn:
    raise LinkCodeError(message, reason=reason, **params)


# --- the mixed-radix integer ----------------------------------------------------------------
class _Writer:
    """Symbols ``(value, radix)`` in reading order; the first symbol is the least significant
    digit of the integer."""

    def __init__(self) -> None:
        self.symbols: list[tuple[int, int]] = []

    def put(self, value: int, radix: int) -> None:
        if not 0 <= value < radix:  # a bug in this module, never a user's error
            raise AssertionError(f"link code symbol {value} out of radix {radix}")
        if radix > 1:
            self.symbols.append((value, radix))

    def bit(self, flag: object) -> None:
        self.put(1 if flag else 0, 2)

    def nat(self, n: int, k: int = 0) -> None:
        """A natural number of any size: exponential-Golomb of order ``k``: ``u`` ones and a
        zero, then the ``u + k`` bits below the leading one of ``n + 2**k``."""
        m = n + (1 << k)
        u = m.bit_length() - 1 - k
        for _ in range(u):
            self.put(1, 2)
        self.put(0, 2)
        self.put(m - (1 << (u + k)), 1 << (u + k))

    def integer(self, top: int = 0) -> int:
        n = top
        for value, radix in reversed(self.symbols):
            n = n * radix + value
        return n


class _Reader:
    def __init__(self, n: int) -> None:
        self.n = n

    def get(self, radix: int) -> int:
        if radix == 1:
            return 0
        self.n, value = divmod(self.n, radix)
        return value

    def bit(self) -> bool:
        return self.get(2) == 1

    def nat(self, k: int = 0, limit: int = 1 << 62, what: str = "a number") -> int:
        u = 0
        while self.get(2):
            u += 1
            if u > 64:
                _fail("number", f"the link code holds {what} that is far too large")
        n = (1 << (u + k)) + self.get(1 << (u + k)) - (1 << k)
        if n > limit:
            _fail("number", f"the link code holds {what} of {n}, above {limit}", value=n)
        return n


def _to_text(n: int) -> str:
    digits = []
    while n:
        n, d = divmod(n, 64)
        digits.append(ALPHABET[d])
    return "".join(reversed(digits))


def _from_text(text: str, column: int) -> int:
    n = 0
    for i, c in enumerate(text):
        d = _DIGIT.get(c)
        if d is None:
            _fail(
                "character",
                f"column {column + i}: {c!r} is not a link code character (A-Z, a-z, 0-9, - and _)",
                column=column + i,
            )
        n = n * 64 + d
    if text[:1] == "A":
        _fail("leading_zero", f"column {column}: a payload never starts with A", column=column)
    return n


# --- the code's head ------------------------------------------------------------------------
def _tag(variant: Variant) -> str:
    return variant.link_name()


def _head(variant: Variant, kind: str, version: int = VERSION) -> str:
    return _tag(variant) + ("" if version == 1 else f"-{version}") + kind


def _open(code: object, kind: str) -> tuple[type[Variant], int, _Reader]:
    """``(variant class, version, reader)`` from a code of ``kind``; checks everything up to
    the payload's characters."""
    if not isinstance(code, str):
        _fail("not_text", f"a link code is text, not {type(code).__name__}")
    if len(code) > MAX_LENGTH:
        _fail(
            "too_long",
            f"the link code has {len(code)} characters; codes are at most {MAX_LENGTH}",
            length=len(code),
            limit=MAX_LENGTH,
        )
    cut = min((i for i in (code.find(STATE), code.find(GAME)) if i >= 0), default=-1)
    if cut < 0:
        _fail(
            "syntax",
            "a link code is a game tag, then . (a state) or ~ (a whole game), "
            "then the payload, e.g. s.w2DKexJjIPYHw",
        )
    m = _HEAD.fullmatch(code[:cut])
    if not m:
        _fail(
            "syntax", f"column 1: {code[:cut][:40]!r} is not a game tag such as s, l or c", column=1
        )
    tag, version = m[1], m[2]
    if version is not None:
        version = int(version)
        if version == 1:
            _fail(
                "syntax",
                f"column {len(tag) + 1}: version 1 is written without a number",
                column=len(tag) + 1,
            )
    else:
        version = 1
    if version not in READS:
        _fail(
            "version",
            f"this link code is in format version {version}; this program reads "
            f"version{'s' if len(READS) > 1 else ''} {', '.join(map(str, READS))} "
            "(a newer program wrote it)",
            version=version,
            reads=list(READS),
        )
    tags = dict(TAGS)
    keys = {t: k for k, t in tags.items()}
    key = keys.get(tag, tag)
    if key not in VARIANTS:
        _fail(
            "unknown_game",
            f"column 1: unknown game tag {tag!r} (tags: "
            + ", ".join(f"{t} {k}" for k, t in tags.items())
            + ")",
            column=1,
            tag=tag,
        )
    if code[cut] != kind:
        other = "a whole game (~)" if code[cut] == GAME else "a state (.)"
        reader = "decode_game" if code[cut] == GAME else "decode_state"
        _fail(
            "kind",
            f"column {cut + 1}: this link code holds {other}: read it with {reader}",
            column=cut + 1,
        )
    return VARIANTS[key], version, _Reader(_from_text(code[cut + 1 :], cut + 2))


# --- rule options ---------------------------------------------------------------------------
def _mask(dice: Iterable[int]) -> int:
    return sum(1 << (d - 1) for d in dice)


def _write_options(w: _Writer, variant: Variant) -> None:
    specs = variant.options.specs
    changed = [i for i, o in enumerate(specs) if variant.options.values[o.key] != o.default]
    w.bit(changed)
    start = 0
    for n, i in enumerate(changed):
        # the option's index among those after the previous one; 0 ends the list (not first)
        w.put(i - start + (n > 0), len(specs) - start + (n > 0))
        start = i + 1
        spec = specs[i]
        _write_value(w, spec, variant.options.values[spec.key])
    if changed and start < len(specs):
        w.put(0, len(specs) - start + 1)


def _write_value(w: _Writer, spec: Option, value: Any) -> None:
    if spec.kind == "bool":
        return  # the one value that is not the default
    if spec.kind == "choice":
        others = [c for c in spec.choices if c != spec.default]
        w.put(others.index(value), len(others))
    elif spec.kind == "int":
        n = value - spec.minimum
        w.nat(n - (value > spec.default and cast(int, spec.default) >= spec.minimum), 2)
    elif spec.kind == "dieset":
        m, default = _mask(value), _mask(cast("Iterable[int]", spec.default))
        w.put(m - (m > default), 63)
    else:
        _fail(
            "option_kind",
            f"option {spec.key!r} is of kind {spec.kind!r}, which link codes cannot hold yet",
            key=spec.key,
            kind=spec.kind,
        )


def _read_options(r: _Reader, cls: type[Variant]) -> Variant:
    specs = cls.option_specs
    values: dict[str, object] = {}
    if r.bit():
        start, first = 0, True
        while start < len(specs):
            radix = len(specs) - start + (not first)
            i = r.get(radix) - (not first)
            if i < 0:
                break
            i += start
            spec = specs[i]
            values[spec.key] = _read_value(r, spec)
            start, first = i + 1, False
    try:
        return cls(values)
    except NardyError as exc:
        _fail(
            "option",
            f"the link code holds rule options the game does not accept: {exc.message}",
            detail=exc.code,
        )


def _read_value(r: _Reader, spec: Option) -> object:
    if spec.kind == "bool":
        return not spec.default
    if spec.kind == "choice":
        others = [c for c in spec.choices if c != spec.default]
        if not others:
            _fail("option", f"option {spec.key!r} has no value besides its default")
        return others[r.get(len(others))]
    if spec.kind == "int":
        n = r.nat(2, what=f"option {spec.key!r}") + spec.minimum
        return n + (n >= cast(int, spec.default) and cast(int, spec.default) >= spec.minimum)
    if spec.kind == "dieset":
        m = r.get(63)
        m += m >= _mask(cast("Iterable[int]", spec.default))
        return frozenset(d for d in range(1, 7) if m >> (d - 1) & 1)
    _fail(
        "option_kind",
        f"option {spec.key!r} is of kind {spec.kind!r}, which link codes cannot hold",
        key=spec.key,
        kind=spec.kind,
    )


# --- states ---------------------------------------------------------------------------------
def _places(variant: Variant, other: Side | None = None) -> list[int]:
    """The places a side's checkers are written on, in order: own points 24…1, bar, hand (off
    is what remains). ``other``: the side written before, whose points this side cannot hold
    in a game where no point is ever shared."""
    skip = set()
    if other is not None and type(variant).points_may_be_shared is Variant.points_may_be_shared:
        skip = {variant.cross[p] for p in range(1, 25) if other[p]}
    places = [p for p in range(24, 0, -1) if p not in skip]
    if variant.hit_mode != HIT_NONE:
        places.append(BAR)
    places.append(HAND)
    return places


def _write_side(w: _Writer, variant: Variant, side: Side, other: Side | None = None) -> None:
    left = variant.checkers
    for place in _places(variant, other):
        if not left:
            break
        count = side[place]
        for _ in range(count):
            w.put(1, 2)
        left -= count
        if left:
            w.put(0, 2)


def _read_side(r: _Reader, variant: Variant, other: Side | None = None) -> Side:
    side = [0] * SIDE_LEN
    left = variant.checkers
    for place in _places(variant, other):
        count = 0
        while left and r.bit():
            count += 1
            left -= 1
        side[place] = count
    side[0] = left
    return tuple(side)


def _pin_points(variant: Variant, sides: Sequence[Side], colour: int) -> list[int]:
    """Own points where a checker of ``colour`` could lie pinned: one checker of its own and an
    opposing checker on the same point."""
    mine, other = sides[colour], sides[1 - colour]
    return [p for p in range(24, 0, -1) if mine[p] == 1 and other[variant.cross[p]]]


def _turn_choices(turn: int, white: int) -> list[int]:
    """Black's count of turns that strict alternation allows, given white's and the side to
    move: equal, or one more (Black started) / one fewer (White started)."""
    if turn == WHITE:
        return [white, white + 1]
    return [white, white - 1] if white else [white]


def _write_state(w: _Writer, position: Position, cube: CubeState, match: MatchScore) -> None:
    variant = position.variant
    _write_options(w, variant)
    w.put(position.turn, 2)
    faces = 6**variant.dice_count
    index = 0
    for d in position.dice or ():
        index = index * 6 + d - 1
    w.put(0 if position.dice is None else 1 + index, 1 + faces)
    _write_side(w, variant, position.sides[WHITE])
    _write_side(w, variant, position.sides[BLACK], position.sides[WHITE])
    white, black = position.turn_number
    w.nat(white, 2)
    choices = _turn_choices(position.turn, white)
    if black in choices:
        w.put(choices.index(black), len(choices) + 1)
    else:
        w.put(len(choices), len(choices) + 1)
        w.nat(black, 2)
    rare = any(position.first_turn) or position.pending or position.last_roll or any(position.pins)
    w.bit(rare)
    if rare:
        w.put(position.first_turn[WHITE] + 2 * position.first_turn[BLACK], 4)
        # eight or more: 8, then how many more (an escalating list holds up to 24 units)
        w.put(min(len(position.pending), 8), 9)
        if len(position.pending) >= 8:
            w.nat(len(position.pending) - 8, 2)
        for unit in position.pending:
            w.put(unit - 1, 6)
        w.bit(position.last_roll)
        for colour in (WHITE, BLACK):
            for p in _pin_points(variant, position.sides, colour):
                w.bit(p in position.pins[colour])
    if variant.cube_enabled:
        _write_cube(w, cube, position)
    _write_match(w, match)


def _write_cube(w: _Writer, cube: CubeState, position: Position) -> None:
    w.put(0 if cube.owner is None else 1 + cube.owner, 3)
    exponent = cube.value.bit_length() - 1
    w.nat(exponent - (cube.owner is not None))
    if position.dice is None and cube.owner in (None, position.turn):
        w.bit(cube.offered_by is not None)


def _write_match(w: _Writer, match: MatchScore) -> None:
    w.bit(match.length)
    if match.length:
        w.nat(match.length - 1, 2)
        w.put(match.score[WHITE], match.length)
        w.put(match.score[BLACK], match.length)
        choices = _crawford_choices(match.length, match.score)
        w.put(choices.index(match.crawford), len(choices))


def _crawford_choices(length: int, score: Sequence[int]) -> list[str]:
    at = [s == length - 1 for s in score]
    choices = [PRE_CRAWFORD]
    if at[0] != at[1]:
        choices.append(CRAWFORD)
    if length >= 2 and any(at):
        choices.append(POST_CRAWFORD)
    return choices


def _read_state(r: _Reader, cls: type[Variant]) -> _State:
    variant = _read_options(r, cls)
    turn = r.get(2)
    count = variant.dice_count
    index = r.get(1 + 6**count)
    dice = None
    if index:
        index -= 1
        dice = tuple(index // 6 ** (count - 1 - i) % 6 + 1 for i in range(count))
    white_side = _read_side(r, variant)
    black_side = _read_side(r, variant, white_side)
    sides = (white_side, black_side)
    white = r.nat(2, what="a count of turns")
    choices = _turn_choices(turn, white)
    pick = r.get(len(choices) + 1)
    if pick < len(choices):
        black = choices[pick]
    else:
        black = r.nat(2, what="a count of turns")
        if black in choices:
            _fail("not_canonical", "the link code writes a count of turns the long way")
    flags: dict[str, Any] = {"turn_number": (white, black)}
    if r.bit():
        first = r.get(4)
        flags["first_turn"] = (bool(first & 1), bool(first & 2))
        count = r.get(9)
        if count == 8:
            count += r.nat(2, limit=16, what="a count of units")
        flags["pending"] = tuple(r.get(6) + 1 for _ in range(count))
        flags["last_roll"] = r.bit()
        pins = tuple(
            frozenset(p for p in _pin_points(variant, sides, colour) if r.bit())
            for colour in (WHITE, BLACK)
        )
        flags["pins"] = pins
        if not (any(flags["first_turn"]) or flags["pending"] or flags["last_roll"] or any(pins)):
            _fail("not_canonical", "the link code marks rare flags but sets none")
    position = Position(variant, sides, turn=turn, dice=dice, **flags)
    cube = _read_cube(r, position) if variant.cube_enabled else CubeState()
    return position, cube, _read_match(r)


def _read_cube(r: _Reader, position: Position) -> CubeState:
    owner: int | None
    owner = r.get(3)
    owner = None if owner == 0 else owner - 1
    exponent = r.nat(limit=40, what="the cube's exponent") + (owner is not None)
    if exponent > 40:
        _fail("number", f"the link code holds a cube of 2^{exponent}, above 2^40")
    offered = None
    if position.dice is None and owner in (None, position.turn) and r.bit():
        offered = position.turn
    return CubeState(1 << exponent, owner, offered)


def _read_match(r: _Reader) -> MatchScore:
    if not r.bit():
        return MatchScore()
    length = r.nat(2, limit=998, what="the match length less one") + 1
    score = (r.get(length), r.get(length))
    choices = _crawford_choices(length, score)
    return MatchScore(length, score, choices[r.get(len(choices))])


def _checked(
    position: Position, cube: CubeState | None, match: MatchScore | None, reading: bool = True
) -> _State:
    """The state as ``notation.parse_state`` reads it back: every rule the notation checks."""
    text = format_state(position, cube, match)
    try:
        return parse_state(text)
    except NotationError as exc:
        what = "the link code holds a state" if reading else "the state"
        _fail(
            "invalid_state", f"{what} that cannot occur: {exc.message}", detail=exc.code, state=text
        )


def encode_state(
    position: Position, cube: CubeState | None = None, match: MatchScore | None = None
) -> str:
    """The state code of a state (the arguments of ``notation.format_state``). The state is
    checked as the notation reader checks it; a state that cannot occur raises
    ``LinkCodeError`` (reason ``invalid_state``)."""
    position, cube, match = _checked(position, cube, match, reading=False)
    w = _Writer()
    _write_state(w, position, cube, match)
    return _head(position.variant, STATE) + _to_text(w.integer())


def decode_state(code: object) -> _State:
    """``(Position, CubeState, MatchScore)`` from a state code, as ``notation.parse_state``
    gives them; raises ``LinkCodeError`` (a ``NotationError``) and nothing else."""
    return _guarded(_decode_state, code)


def _decode_state(code: object) -> _State:
    cls, version, r = _open(code, STATE)
    if version != 1:
        _fail(
            "not_canonical", f"a state code is written in version 1, not {version}", version=version
        )
    state = _read_state(r, cls)
    if r.n:
        _fail("trailing", "the link code goes on after the state ends")
    return _checked(*state)


def _guarded(function: Callable[[object], _T], code: object) -> _T:
    try:
        return function(code)
    except LinkCodeError:
        raise
    except NardyError as exc:
        _fail(
            "invalid",
            f"the link code does not hold a valid {_KIND_NAMES[function]}: {exc.message}",
            detail=exc.code,
        )
    except Exception as exc:  # the contract: readers raise LinkCodeError only
        _fail(
            "internal",
            f"the link code could not be read ({type(exc).__name__}: {exc})",
            detail=type(exc).__name__,
        )


# --- whole games ----------------------------------------------------------------------------
def _resign_kinds(game: Game) -> list[str]:
    if game.phase in (ROLL, MOVE) and game.variant.options.values.get("allow_resign", True):
        return [kind for kind, _ in game.variant.resign_levels()]
    return []


# Orders of the steps that may come next in a play: the highest source first (the larger die
# first from it), or the larger die first (the highest source first with it). Plays made by
# choosing among the legal plays (bots) mostly follow one of them; hand-made plays need not.
STEP_ORDERS: tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...] = (
    lambda step: (-step[0], -step[2], -step[1], bool(step[3]), tuple(step[4:])),
    lambda step: (-step[2], -step[0], -step[1], bool(step[3]), tuple(step[4:])),
)


class _PlayTree:
    """The legal plays of a position in a canonical order, and the step sequences that make
    each one (every order of the steps the step interface accepts)."""

    def __init__(self, position: Position) -> None:
        self.turn = Turn(position)
        self.legality = self.turn.legality
        self.root = self.legality.root
        frames = set(self.legality.results())  # bounded: SearchLimitError past its limit
        mover = position.turn
        cross = position.variant.cross

        def key(frame: int) -> tuple[Side, Side, tuple[int, ...], tuple[int, ...]]:
            sides, pins = from_frame(position, frame, cross)
            return (
                sides[mover],
                sides[1 - mover],
                tuple(sorted(pins[mover])),
                tuple(sorted(pins[1 - mover])),
            )

        # a play is named by the position it leaves: rules decide that, not the search order
        self.frames = sorted(frames, key=key)
        self.target: int | None = None
        self._counts: dict[Node, int] = {}
        self._choices: dict[tuple[Node, int], list[tuple[Step, Node]]] = {}

    def choices(self, node: Node, order: int) -> list[tuple[Step, Node]]:
        """Distinct steps from ``node`` that lead on to a legal play, in ``STEP_ORDERS[order]``,
        each with the node it reaches (the first that ``Turn.step`` would take)."""
        out = self._choices.get((node, order))
        if out is None:
            by_step: dict[StepTuple, tuple[Step, Node]] = {}
            for step, child in self.turn._children(node):
                t = tuple(step)
                if t not in by_step and self.turn._playable(child):
                    by_step[t] = (step, child)
            key = STEP_ORDERS[order]
            out = self._choices[node, order] = sorted(by_step.values(), key=lambda sc: key(sc[0]))
        return out

    def paths(self, node: Node) -> int:
        """Step sequences from ``node`` that end in the target play."""
        n = self._counts.get(node)
        if n is None:
            if self.legality.is_legal(node):
                n = 1 if node[0] == self.target else 0
            elif not self.legality.may_reach(node, cast(int, self.target)):  # aim() sets it
                n = 0
            else:
                n = sum(self.paths(child) for _, child in self.choices(node, 0))
            self._counts[node] = n
        return n

    def aim(self, index: int) -> int:
        """Aim at the play of this index; returns how many step sequences make it."""
        self.target = self.frames[index]
        self._counts = {}
        return self.paths(self.root)

    def find(self, steps: Iterable[Sequence[Any]]) -> int | None:
        """The index of the play these steps make, or None when they make no legal play."""
        node = self.root
        for step in steps:
            for candidate, child in self.choices(node, 0):
                if tuple(candidate) == tuple(step):
                    node = child
                    break
            else:
                return None
        return self.frames.index(node[0]) if self.legality.is_legal(node) else None

    def rank(self, steps: Iterable[Sequence[Any]], order: int) -> int:
        """The rank of these steps among the sequences that make the target play."""
        node, rank = self.root, 0
        for step in steps:
            for candidate, child in self.choices(node, order):
                if tuple(candidate) == tuple(step):
                    node = child
                    break
                rank += self.paths(child)
        return rank

    def steps(self, rank: int, order: int) -> list[Step]:
        """The step sequence of rank ``rank`` that makes the target play (``aim`` first)."""
        node, steps = self.root, []
        while not self.legality.is_legal(node):
            for candidate, child in self.choices(node, order):
                n = self.paths(child)
                if rank < n:
                    steps.append(candidate)
                    node = child
                    break
                rank -= n
        return steps


def _long_list(game: Game) -> bool:
    """Whether the roll to play is a long ordered list, decided by ``legality.ListLegality``
    without listing its plays (gioul and gul bara under ``escalation_lookahead=FULL``, Russian
    tricktrack's complement doubles): version 2 writes its play step by step."""
    return game.phase == MOVE and not game.turn().legality.listed


def _step_choices(turn: Turn, node: Node) -> list[tuple[Step, Node]]:
    """The distinct steps from ``node`` that lead on to a legal play, source-first, each with
    the node it reaches (the first that ``Turn.step`` takes); empty at a legal node (in a long
    list nothing goes on from one). Asked of the step interface: nothing lists the plays."""
    legality = turn.legality
    if legality.is_legal(node):
        return []
    by_step: dict[StepTuple, tuple[Step, Node]] = {}
    for step, child in turn._children(node):
        t = tuple(step)
        if t not in by_step and legality.playable(child):
            by_step[t] = (step, child)
    if not by_step:
        _fail("invalid", "the link code reaches a partial play that cannot be completed")
    return sorted(by_step.values(), key=lambda sc: STEP_ORDERS[0](sc[0]))


def _stepwise_symbols(
    game: Game, name: str, args: list[Any], kinds: list[str]
) -> list[_Symbol] | None:
    """Version 2's symbols of an action in the move phase of a long list: each step as its
    index among ``_step_choices`` (the first with the resignations after the steps; a legal
    empty play is the one choice there); None when the action does not fit."""
    turn = game.turn()
    node = turn.legality.root
    choices = _step_choices(turn, node)
    first = len(choices) or 1
    if name == "resign":
        if args and args[0] in kinds:
            return [(first + kinds.index(args[0]), first + len(kinds))]
        return None
    if name != "play" or len(args) != 1:
        return None
    symbols: list[_Symbol]
    symbols, radix = [], first + len(kinds)
    for step in args[0]:
        index = next((i for i, (c, _) in enumerate(choices) if tuple(c) == tuple(step)), None)
        if index is None:
            return None
        symbols.append((index, radix))
        node = choices[index][1]
        choices = _step_choices(turn, node)
        radix = len(choices)
    if choices or not symbols and first != 1:
        return None  # the steps stop before a legal play
    return symbols or [(0, radix)]


def _read_stepwise(
    game: Game, get: Callable[[int], int], kinds: list[str]
) -> tuple[str, str | list[StepTuple]]:
    """The action that version 2's symbols of a long list's move phase name."""
    turn = game.turn()
    choices = _step_choices(turn, turn.legality.root)
    first = len(choices) or 1
    value = get(first + len(kinds))
    if value >= first:
        return ("resign", kinds[value - first])
    steps: list[StepTuple] = []
    while choices:
        step, node = choices[value]
        steps.append(tuple(step))
        choices = _step_choices(turn, node)
        if choices:
            value = get(len(choices))
    return ("play", steps)


def _tree(game: Game, cache: _Cache) -> _PlayTree:
    """The play tree of the game's position, built once however often the position is asked
    about (a resignation offered and declined before the play)."""
    if cache.get("position") != game.position:
        cache["position"], cache["tree"] = game.position, _PlayTree(game.position)
    return cache["tree"]


def _action_symbols(game: Game, action: Sequence[Any], cache: _Cache) -> list[_Symbol] | None:
    """The symbols of one recorded action in the game's present phase, as a list of
    ``(value, radix)``, a play's step order as ``((rank in each of STEP_ORDERS), radix)``;
    None when the action does not fit the game now."""
    index: int | None  # a roll's index among the throws, or a play's among the tree's frames
    name, args = action[0], list(action[1:])
    phase = game.phase
    kinds = _resign_kinds(game)
    if _long_list(game):
        cache["stepwise"] = cache.get("stepwise", 0) + 1
        return _stepwise_symbols(game, name, args, kinds)
    if name == "resign" and args and args[0] in kinds:
        base = _roll_radix(game) if phase == ROLL else len(_tree(game, cache).frames)
        return [(base + kinds.index(args[0]), base + len(kinds))]
    if phase == OPENING and name == "opening":
        throws = [tuple(t) for t in args[0]]
        if not throws or any(a != b for a, b in throws[:-1]) or throws[-1] not in _NON_TIES:
            return None
        return [(a, 7) for a, _ in throws[:-1]] + [(0, 7), (_NON_TIES.index(throws[-1]), 30)]
    if phase == ROLL:
        radix = _roll_radix(game) + len(kinds)
        faces = 6**game.variant.dice_count
        if name == "roll":
            dice = tuple(args[0])
            if len(dice) != game.variant.dice_count or any(d not in range(1, 7) for d in dice):
                return None
            index = 0
            for d in dice:
                index = index * 6 + d - 1
            return [(index, radix)]
        if name == "double" and game.can_double():
            return [(faces, radix)]
        return None
    if phase == MOVE and name == "play":
        tree = _tree(game, cache)
        index = tree.find(args[0])
        if index is None:
            return None
        total = tree.aim(index)
        ranks = tuple(tree.rank(args[0], order) for order in range(len(STEP_ORDERS)))
        return [(index, len(tree.frames) + len(kinds)), (ranks, total)]
    if phase == DOUBLE and name in _ANSWERS:
        radix = _answer_radix(game)
        if _ANSWERS.index(name) < radix:
            return [(_ANSWERS.index(name), radix)]
    if phase == RESIGN and name in ("accept", "decline"):
        return [(("accept", "decline").index(name), 2)]
    return None


def _answer_radix(game: Game) -> int:
    """Take and drop, and a beaver wherever money play with the beaver option allows one. The
    layout of version 1 keeps the beaver's place also where ``max_cube`` refuses it (a beaver
    past the limit was once allowed): old codes keep their meaning, and such a beaver is an
    invalid action."""
    beaver = game.match.is_money and bool(game.variant.options.values.get("beaver"))
    return 3 if beaver else 2


def _roll_radix(game: Game) -> int:
    # int ** int is Any to mypy (a negative exponent makes a float)
    return cast(int, 6**game.variant.dice_count + game.can_double())


def _apply(game: Game, act: Sequence[object]) -> None:
    record_model.apply(game, record_model.action(act))


def _read_action(
    game: Game, r: _Reader, mode: int, forced: bool, cache: _Cache, version: int = 1
) -> tuple[bool, ...]:
    """Read one action for the game's present phase and play it. ``mode``: the step order of
    the plays (``ORDER_MODES``); ``version``: the format's (2: a long list's play is written
    step by step, counted in ``cache["stepwise"]``). Returns, for each of STEP_ORDERS that
    comes before ``mode``, whether the action is a play whose steps are not the first in that
    order."""

    def get(radix: int) -> int:
        if forced and radix > 1:
            _fail("not_canonical", "the link code's forced actions at its end do not fit")
        return r.get(radix)

    phase = game.phase
    kinds = _resign_kinds(game)
    nonzero: tuple[bool, ...] = (False, False)
    action: tuple[object, ...]
    if phase == OPENING:
        throws: list[tuple[int, int]] = []
        while True:
            tie = get(7)
            if not tie:
                throws.append(_NON_TIES[get(30)])
                break
            throws.append((tie, tie))
            if len(throws) > 64:
                _fail("record", "the link code's opening throw ties more than 64 times")
        action = ("opening", throws)
    elif phase == ROLL:
        faces = 6**game.variant.dice_count
        index = get(_roll_radix(game) + len(kinds))
        if index < faces:
            count = game.variant.dice_count
            action = ("roll", tuple(index // 6 ** (count - 1 - i) % 6 + 1 for i in range(count)))
        elif index == faces and game.can_double():
            action = ("double",)
        else:
            action = ("resign", kinds[index - _roll_radix(game)])
    elif phase == MOVE and version == STEPWISE and _long_list(game):
        cache["stepwise"] = cache.get("stepwise", 0) + 1
        action = _read_stepwise(game, get, kinds)
    elif phase == MOVE:
        tree = _tree(game, cache)
        index = get(len(tree.frames) + len(kinds))
        if index >= len(tree.frames):
            action = ("resign", kinds[index - len(tree.frames)])
        else:
            total = tree.aim(index)
            steps = tree.steps(get(total), 0) if mode == EXPLICIT else tree.steps(0, mode)
            # for the check that no cheaper step order mode would do
            nonzero = tuple(
                order < mode and tree.rank(steps, order) > 0 for order in range(len(STEP_ORDERS))
            )
            action = ("play", [tuple(s) for s in steps])
    elif phase == DOUBLE:
        action = (_ANSWERS[get(_answer_radix(game))],)
    elif phase == RESIGN:
        action = (("accept", "decline")[get(2)],)
    else:
        assert phase == OVER
        _fail("record", "the link code goes on after the game is over")
    _apply(game, action)
    return nonzero


def _record(data: object) -> dict[str, Any]:
    if isinstance(data, GameRecord):
        data = data.to_dict()
    elif isinstance(data, Game):
        data = game_record(data)
    if not isinstance(data, dict):
        _fail("record", f"expected a game record (record.game_record()), not {type(data).__name__}")
    return data


def encode_game(record: object) -> str:
    """The whole-game code of a game record (``record.game_record()``'s, a ``GameRecord``
    or a ``Game``). The seed is not written: the dice are in the actions. Raises
    ``LinkCodeError`` when the record does not replay."""
    try:
        return _encode_game(_record(record))
    except LinkCodeError:
        raise
    except NardyError as exc:
        _fail(
            "record",
            f"the game record cannot be written as a link code: {exc.message}",
            detail=exc.code,
        )
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        _fail("record", f"not a valid game record: {exc!r}")


def _encode_game(data: dict[str, Any]) -> str:
    variant = get_variant(data["game"], data.get("options") or {})
    players = tuple(data.get("players") or (0, 1))
    if players not in ((0, 1), (1, 0)):
        _fail("record", f"players must be [0, 1] or [1, 0], not {list(players)}")
    w = _Writer()
    start = data.get("start")
    w.bit(start)
    if start:
        position, cube, match = parse_state(start)
        if position.variant.key != variant.key:
            _fail(
                "record",
                f"the record's game {variant.key} is not its start's {position.variant.key}",
            )
        variant = position.variant
        _write_state(w, position, cube, match)
        game = Game(variant, seed=_SEED, match=match, position=position, cube=cube, players=players)
    else:
        length, score, crawford = data.get("match") or (0, (0, 0), PRE_CRAWFORD)
        # the notation's checks of the match (on a state text with the initial position)
        match = _checked(
            variant.initial_position(),
            CubeState(),
            MatchScore(length, tuple(score), crawford),
            reading=False,
        )[2]
        starter = data.get("starter")
        if starter not in (None, WHITE, BLACK):
            _fail("record", f"the starter is 0, 1 or None, not {starter!r}")
        _write_options(w, variant)
        _write_match(w, match)
        w.put(0 if starter is None else 1 + starter, 3)
        game = Game(
            variant, seed=_SEED, match=match, players=players, starter=starter, throw_opening=False
        )
    w.put(players[0], 2)
    actions: list[list[_Symbol]]
    cache: _Cache
    actions, cache = [], {}
    made: list[
        Any
    ] = []  # passes the game made on its own after the last action (units left, no move)
    symbols: Sequence[_Symbol] | None
    for index, action in enumerate(data.get("actions") or ()):
        action = list(action)
        if (
            action[:1] == ["play"]
            and len(action) == 2
            and not action[1]
            and (game.phase != MOVE or made)
        ):
            if made:
                made.pop()
            continue  # a pass the roll or the play before it already made
        made = []
        symbols = _action_symbols(game, action, cache)
        if symbols is None:
            _fail(
                "record",
                f"game record, action {index + 1} {action!r} does not fit the game "
                f"in its {game.phase} phase",
                action=index + 1,
            )
        before = len(game.actions)
        _apply(game, action)
        made = [a for a in game.actions[before + 1 :] if a[0] == "play"]
        actions.append(symbols)
        if len(actions) > MAX_ACTIONS:
            _fail("too_long", f"a game code holds at most {MAX_ACTIONS} actions")
    ranks = [v for symbols in actions for v, _ in symbols if isinstance(v, tuple)]
    mode = next(
        (order for order in range(len(STEP_ORDERS)) if not any(rank[order] for rank in ranks)),
        EXPLICIT,
    )
    kept = [
        [
            (v[0], r) if isinstance(v, tuple) else (v, r)
            for v, r in symbols
            if mode == EXPLICIT or not isinstance(v, tuple)
        ]
        for symbols in actions
    ]
    tail = 0
    while tail < len(kept) and all(r == 1 for _, r in kept[-1 - tail]):
        tail += 1
    w.put(mode, len(ORDER_MODES))
    w.nat(tail)
    for symbols in kept:
        for v, r in symbols:
            w.put(v, r)
    # version 2 only where a long list's move phase is written (else the two are the same)
    version = STEPWISE if cache.get("stepwise") else VERSION
    return _head(variant, GAME, version) + _to_text(w.integer(top=1))


def decode_game(code: object) -> dict[str, Any]:
    """A game record (``record.game_record()``'s shape, ``seed`` None) from a whole-game code:
    ``record.game_from_record`` rebuilds the game, drawing a fresh seed for the rolls after the code's
    end. Raises ``LinkCodeError`` (a ``NotationError``) and nothing else."""
    return _guarded(_decode_game, code)


def _decode_game(code: object) -> dict[str, Any]:
    cls, version, r = _open(code, GAME)
    if r.n == 0:
        _fail("truncated", "the game code is empty")
    start: _State | None = None
    if r.bit():
        position, cube, match = _checked(*_read_state(r, cls))
        variant = position.variant
        start = (position, cube, match)
        starter = None
    else:
        variant = _read_options(r, cls)
        match = _read_match(r)
        _checked(variant.initial_position(), CubeState(), match)
        starter = (None, WHITE, BLACK)[r.get(3)]
    players = ((0, 1), (1, 0))[r.get(2)]
    if start:
        game = Game(
            variant, seed=_SEED, match=match, position=start[0], cube=start[1], players=players
        )
    else:
        game = Game(
            variant, seed=_SEED, match=match, players=players, starter=starter, throw_opening=False
        )
    mode = r.get(len(ORDER_MODES))
    tail = r.nat(limit=MAX_ACTIONS, what="a count of forced actions")
    cache: _Cache
    count, nonzero, cache = 0, [False, False], {}
    while r.n > 1:
        for order, flag in enumerate(_read_action(game, r, mode, False, cache, version)):
            nonzero[order] |= flag
        count += 1
        if count > MAX_ACTIONS:
            _fail("too_long", f"a game code holds at most {MAX_ACTIONS} actions")
    if r.n != 1:
        _fail("truncated", "the game code ends in the middle of an action")
    for _ in range(tail):
        _read_action(game, r, mode, True, cache, version)
    if version == STEPWISE and not cache.get("stepwise"):
        _fail(
            "not_canonical",
            "a version 2 game code holds no play of a long list: it is written in version 1",
        )
    if not all(nonzero[:mode]):
        _fail(
            "not_canonical",
            "the game code's plays all follow a step order that comes before the one it names",
        )
    record = GameRecord.of(game)
    record.seed, record.dice_used = None, 0
    return record.to_dict()


def decode_link(code: object) -> tuple[str, dict[str, Any] | _State]:
    """``("state", (position, cube, match))`` or ``("game", record)``, whichever the code
    holds; raises ``LinkCodeError`` and nothing else."""
    if isinstance(code, str):
        dot, tilde = code.find(STATE), code.find(GAME)
        if tilde >= 0 and (dot < 0 or tilde < dot):
            return "game", decode_game(code)
    return "state", decode_state(code)


_KIND_NAMES: dict[Callable[[object], object], str] = {_decode_state: "state", _decode_game: "game"}

__all__ = [
    "LinkCodeError",
    "TAGS",
    "VERSION",
    "MAX_LENGTH",
    "encode_state",
    "decode_state",
    "encode_game",
    "decode_game",
    "decode_link",
]
