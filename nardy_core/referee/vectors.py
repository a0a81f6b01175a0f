"""Rule vectors: read format 1 (``test_vectors.json``) and format 2 (``variant_vectors/``),
compute each vector's legal outcomes with the engine and compare them as sets.

A vector file comes from outside: its JSON is read by ``inputs.read_json_file`` and every field
of a vector is checked for its type and range before the engine sees it, and the position for
what ``Variant.validate`` allows; a vector that fails raises NardyError ``bad_vector`` (naming
the field), which ``check_file`` reports as that vector's error."""

from __future__ import annotations

import json
import re

from ..engine.errors import NardyError, PositionError, SearchLimitError
from ..engine.movegen import legal_plays
from ..engine.position import BAR, HAND, OFF, WHITE, Position, side_from
from ..formats.inputs import read_json_file
from ..variants import get_variant

MAX_VECTORS = 100_000  # the most vectors a file may hold


class VectorResult:
    __slots__ = ("id", "missing", "extra", "error")

    def __init__(self, vid, missing=(), extra=(), error=None):
        self.id = vid
        self.missing = sorted(missing)
        self.extra = sorted(extra)
        self.error = error

    @property
    def ok(self):
        return not (self.missing or self.extra or self.error)


def load(path):
    """``(format, file game or None, vectors)`` of a vector file: a format-1 list or a
    format-2 object whose ``vectors`` is a list. The file's own errors (unreadable, not JSON,
    another shape) raise NardyError; a malformed vector is left to its check."""
    data = read_json_file(path)
    if isinstance(data, list):
        fmt, game, vectors = 1, None, data
    elif isinstance(data, dict) and data.get("format") == 2:
        fmt, game, vectors = 2, data.get("game"), data.get("vectors", [])
        if game is not None and not isinstance(game, str):
            raise NardyError(
                f"{path}: the file's game is text, not {_shown(game)}",
                code="vector_file",
                path=str(path),
            )
    else:
        raise NardyError(
            f"{path}: neither a format-1 list nor a format-2 object",
            code="vector_file",
            path=str(path),
        )
    if not isinstance(vectors, list):
        raise NardyError(
            f"{path}: the vectors are a list, not {_shown(vectors)}",
            code="vector_file",
            path=str(path),
        )
    if len(vectors) > MAX_VECTORS:
        raise NardyError(
            f"{path}: more than {MAX_VECTORS} vectors",
            code="vector_file",
            path=str(path),
            limit=MAX_VECTORS,
        )
    return fmt, game, vectors


def vector_id(vector):
    """The id a report names a vector by: its ``id`` when that is text or a number."""
    vid = vector.get("id") if isinstance(vector, dict) else None
    return vid if isinstance(vid, (str, int)) and not isinstance(vid, bool) else "?"


def check_file(path):
    fmt, game, vectors = load(path)
    check = check_format1 if fmt == 1 else check_format2
    results = []
    for vector in vectors:
        try:
            results.append(check(vector, game))
        except NardyError as exc:
            results.append(VectorResult(vector_id(vector), error=str(exc)))
    return results


# --- checking a vector's fields -------------------------------------------------------------------
def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _bad(field, expected, value):
    raise NardyError(
        f"malformed vector: {field} is {expected}, not {_shown(value)}",
        code="bad_vector",
        field=field,
    )


def _object(value, field, optional=True) -> dict:
    if value is None and optional:
        return {}
    if not isinstance(value, dict):
        _bad(field, "an object", value)
    return value


def _items(value, field, optional=True) -> list:
    if value is None and optional:
        return []
    if not isinstance(value, list):
        _bad(field, "a list", value)
    return value


def _whole(value, field, low=0, high=None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        _bad(
            field, f"a whole number from {low}" + (f" to {high}" if high is not None else ""), value
        )
    return value


def _flag(value, field) -> bool:
    if value is not None and not isinstance(value, bool):
        _bad(field, "true or false", value)
    return bool(value)


def _text(value, field, optional=True):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        _bad(field, "text", value)
    return value


def _field(vector, key):
    if not isinstance(vector, dict):
        _bad("the vector", "an object", vector)
    if key not in vector:
        raise NardyError(f"malformed vector: {key} is missing", code="bad_vector", field=key)
    return vector[key]


_POINT = re.compile(r"[0-9]{1,2}")


def _counts(data, field, high, labels=None) -> dict:
    """``{point: count}`` of a JSON object of points (own numbers 1..``high``, or the
    game's ``labels``) and checker counts."""
    out = {}
    for key, count in _object(data, field).items():
        number = int(key) if _POINT.fullmatch(key) else None
        if labels:
            point = labels.index(number) if number in labels[1:] and number else None
        else:
            point = number if number is not None and 1 <= number <= high else None
        if point is None:
            _bad(f"{field} point", "a point of the board", key)
        out[point] = _whole(count, f"{field}[{key}]")
    return out


def _dice(value, field):
    return tuple(_whole(d, field, 1, 6) for d in _items(value, field))


def _validated(variant, position):
    """``position`` as ``Variant.validate`` allows it. A vector may set up a six-point block
    that no game reaches (the spec's X6 waiver: the end-of-turn filter then passes): that one
    check is left to the vector; it comes after every other (``LongNardy.validate``)."""
    try:
        variant.validate(position)
    except PositionError as exc:
        if exc.code != "illegal_block":
            raise NardyError(
                f"malformed vector: the position cannot occur: {exc.message}",
                code="bad_vector",
                field="position",
                detail=exc.code,
            ) from None
    return position


# --- format 1: mover numbering ------------------------------------------------------------------
def _f1_position(vector):
    game = _text(_field(vector, "game"), "game", optional=False)
    options = dict(_object(vector.get("options"), "options"))
    rule = _text(vector.get("caucasian_rule"), "caucasian_rule")
    # format 1 writes plain short nardy as game "short" with caucasian_rule "none"
    if rule and not (game == "short" and rule == "none"):
        options["caucasian_hit_rule"] = rule
    variant = get_variant(game, options)
    n = variant.checkers
    mover = _counts(_field(vector, "mover"), "mover", 25)
    bar = mover.pop(25, 0)
    me = side_from(mover, bar=bar, off=n - sum(mover.values()) - bar)
    obar = _whole(vector.get("opponent_on_bar") or 0, "opponent_on_bar")
    theirs = {
        variant.cross[p]: v
        for p, v in _counts(
            _field(vector, "opponent_in_mover_numbering"), "opponent_in_mover_numbering", 24
        ).items()
    }
    opp = side_from(theirs, bar=obar, off=n - sum(theirs.values()) - obar)
    position = Position(
        variant,
        (me, opp),
        turn=WHITE,
        dice=_dice(_field(vector, "dice"), "dice"),
        first_turn=(_flag(vector.get("mover_first_turn"), "mover_first_turn"), False),
    )
    return variant, _validated(variant, position)


def _f1_key(variant, game, me, opp):
    mover = {str(p): me[p] for p in range(1, 25) if me[p]}
    if me[BAR]:
        mover["25"] = me[BAR]
    if game == "long":
        return json.dumps(mover, sort_keys=True)
    board = {str(p): opp[variant.cross[p]] for p in range(1, 25) if opp[variant.cross[p]]}
    return json.dumps(
        {"mover": mover, "opponent_on_bar": opp[BAR], "opponent_board": board}, sort_keys=True
    )


def check_format1(vector, _game=None):
    variant, position = _f1_position(vector)
    game = vector["game"]
    vid = _id(vector)
    want = set()
    for result in _items(_field(vector, "legal_results"), "legal_results", optional=False):
        if game == "long":
            me = side_from(_counts(result, "legal_results", 25))
            want.add(_f1_key(variant, "long", me, None))
        else:
            result = _object(result, "legal_results", optional=False)
            mover = _counts(_field(result, "mover"), "legal_results mover", 25)
            bar = mover.pop(25, 0)
            me = side_from(mover, bar=bar)
            theirs = {
                variant.cross[p]: v
                for p, v in _counts(
                    _field(result, "opponent_board"), "legal_results opponent_board", 24
                ).items()
            }
            opp = side_from(
                theirs,
                bar=_whole(result.get("opponent_on_bar") or 0, "legal_results opponent_on_bar"),
            )
            want.add(_f1_key(variant, game, me, opp))
    got = set()
    for play in legal_plays(position):
        got.add(_f1_key(variant, game, play.mover_side, play.opponent_side))
    return VectorResult(vid, want - got, got - want)


def _id(vector):
    vid = _field(vector, "id")
    if vector_id(vector) != vid:
        _bad("id", "text or a number", vid)
    return vid


# --- format 2: each side in its own numbering ------------------------------------------------
def side_from_json(data, labels=None, field="side"):
    """``labels``: the game's ``point_labels`` (the vector numbers points as the spec does)."""
    data = _object(data, field, optional=False)
    points = _counts(data.get("points"), f"{field} points", 24, labels)
    side = side_from(
        points,
        **{name: _whole(data.get(name) or 0, f"{field} {name}") for name in ("bar", "off", "hand")},
    )
    pinned = frozenset(
        _whole(p, f"{field} pinned", 1, 24) for p in _items(data.get("pinned"), f"{field} pinned")
    )
    return side, pinned


def side_to_json(side, pins=(), labels=None):
    out = {
        "points": {str(labels[p] if labels else p): side[p] for p in range(24, 0, -1) if side[p]}
    }
    for name, index in (("bar", BAR), ("hand", HAND), ("off", OFF)):
        if side[index]:
            out[name] = side[index]
    if pins:
        out["pinned"] = sorted(pins, reverse=True)
    return out


def position_from_json(variant, vector):
    """The position of a format-2 vector, checked (``bad_vector`` otherwise)."""
    labels = variant.point_labels
    me, my_pins = side_from_json(_field(vector, "mover"), labels, "mover")
    opp, their_pins = side_from_json(_field(vector, "opponent"), labels, "opponent")
    state = _object(vector.get("state"), "state")
    dice = _dice(vector.get("dice"), "dice")
    turn_number = _whole(state.get("turn_number", 1), "state turn_number", 1) - 1
    position = Position(
        variant,
        (me, opp),
        turn=WHITE,
        dice=dice or None,
        first_turn=(_flag(state.get("first_turn"), "state first_turn"), False),
        turn_number=(turn_number, 0),
        pins=(my_pins, their_pins),
        pending=_dice(vector.get("units"), "units"),
    )
    return _validated(variant, position)


def vector_variant(vector, game=None):
    """The variant of a format-2 vector: its own game or the file's, with its options."""
    vector = _object(vector, "the vector", optional=False)
    key = _text(vector.get("game"), "game") or game
    return get_variant(key, _object(vector.get("options"), "options"))


def outcome_key(mover, mover_pins, opponent, opponent_pins, transfer=(), end=None, labels=None):
    data = {
        "mover": side_to_json(mover, mover_pins, labels),
        "opponent": side_to_json(opponent, opponent_pins, labels),
    }
    if transfer:
        data["transfer"] = list(transfer)
    if end:
        data["end"] = end
    return json.dumps(data, sort_keys=True)


def _expected_key(result):
    result = _object(result, "results", optional=False)
    me, my_pins = side_from_json(_field(result, "mover"), field="results mover")
    opp, their_pins = side_from_json(_field(result, "opponent"), field="results opponent")
    return outcome_key(
        me,
        my_pins,
        opp,
        their_pins,
        _dice(result.get("transfer"), "transfer"),
        _object(result.get("end"), "end") or None,
    )


# Plays one vector's outcomes may go through (each block of an escalating list counts its
# plays; the spec's vectors need under 1,000, GI-2b the most: 640). A gul bara 3-3 at a late
# turn, its list played block by block, has 105,000 outcomes from 430,000 plays: such a turn
# is refused, not listed. Each listing is also bounded by ``movegen.MAX_SEARCH_NODES``.
MAX_OUTCOME_PLAYS = 20_000


def turn_outcomes(position, limit=None):
    """Every distinct outcome of the mover's turn, as format-2 keys; ``SearchLimitError``
    when they need more than ``limit`` plays (default ``MAX_OUTCOME_PLAYS``)."""
    variant = position.variant
    limit = MAX_OUTCOME_PLAYS if limit is None else limit
    keys = set()
    left = [limit]
    plays = _counted(legal_plays(position), left, limit)
    lost = variant.roll_outcome(position, plays)
    if lost is not None:  # the roll itself ends the game (fayles' unplayable roll)
        me, opp = position.sides[position.turn], position.sides[1 - position.turn]
        pins = position.pins
        who = (
            "draw"
            if lost.winner is None
            else ("mover" if lost.winner == position.turn else "opponent")
        )
        return {
            outcome_key(
                me,
                pins[position.turn],
                opp,
                pins[1 - position.turn],
                (),
                {"winner": who, "points": lost.points},
                variant.point_labels,
            )
        }
    _outcomes(position, plays, keys, set(), left, limit)
    return keys


def _counted(plays, left, limit):
    left[0] -= len(plays)
    if left[0] < 0:
        raise SearchLimitError(
            f"the outcomes of this turn need more than {limit:,} plays to list",
            limit=limit,
            what="plays",
        )
    return plays


def _outcomes(position, plays, keys, seen, left, limit):
    variant = position.variant
    for play in plays:
        sides, pins = play.board
        after = position.replace(sides=sides, pins=pins, dice=None, pending=())
        end = None
        transfer = ()
        outcome, following = variant.end_of_turn(position, after)
        if outcome is not None:
            who = (
                "draw"
                if outcome.winner is None
                else ("mover" if outcome.winner == position.turn else "opponent")
            )
            end = {"winner": who, "points": outcome.points}
        else:
            following = variant.follow_up(position, play.steps, following)
            if following.pending and following.turn == position.turn:
                # the turn goes on (the next block of an escalating double): its outcomes
                # are those of the rest
                if following not in seen:
                    seen.add(following)
                    _outcomes(
                        following,
                        _counted(legal_plays(following), left, limit),
                        keys,
                        seen,
                        left,
                        limit,
                    )
                continue
            if following.turn != position.turn:
                transfer = following.pending
        keys.add(
            outcome_key(
                sides[position.turn],
                pins[position.turn],
                sides[1 - position.turn],
                pins[1 - position.turn],
                transfer,
                end,
                variant.point_labels,
            )
        )


def check_format2(vector, game=None):
    variant = vector_variant(vector, game)
    position = position_from_json(variant, vector)
    vid = _id(vector)
    want = {_expected_key(r) for r in _items(_field(vector, "results"), "results", optional=False)}
    got = turn_outcomes(position)
    return VectorResult(vid, want - got, got - want)


def report(results, out):
    failed = 0
    for r in results:
        if r.ok:
            continue
        failed += 1
        if r.error:
            print(f"{r.id}: error: {r.error}", file=out)
            continue
        print(f"{r.id}: FAILED", file=out)
        for key in r.missing:
            print(f"  missing: {key}", file=out)
        for key in r.extra:
            print(f"  extra:   {key}", file=out)
    print(f"{len(results) - failed} passed, {failed} failed", file=out)
    return failed
