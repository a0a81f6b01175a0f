"""Rule vectors: read format 1 (``test_vectors.json``) and format 2 (``variant_vectors/``),
compute each vector's legal outcomes with the engine and compare them as sets."""

from __future__ import annotations

import json

from .errors import NardyError, SearchLimitError
from .movegen import legal_plays
from .position import BAR, HAND, OFF, WHITE, Position, side_from
from .variants import get_variant


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
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise NardyError(f"{path}: cannot read the file ({exc.strerror or exc})",
                         code="vector_file", path=str(path)) from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
        raise NardyError(f"{path}: not a JSON file ({exc})", code="vector_file",
                         path=str(path)) from None
    if isinstance(data, list):
        return 1, None, data
    if isinstance(data, dict) and data.get("format") == 2:
        return 2, data.get("game"), data.get("vectors", [])
    raise NardyError(f"{path}: neither a format-1 list nor a format-2 object", code="vector_file")


def check_file(path):
    fmt, game, vectors = load(path)
    check = check_format1 if fmt == 1 else check_format2
    results = []
    for vector in vectors:
        vid = vector.get("id", "?") if isinstance(vector, dict) else "?"
        try:
            results.append(check(vector, game))
        except NardyError as exc:
            results.append(VectorResult(vid, error=str(exc)))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            results.append(VectorResult(vid, error=f"malformed vector: {what}"))
    return results


# --- format 1: mover numbering ------------------------------------------------------------------
def _f1_position(vector):
    options = dict(vector.get("options") or {})
    rule = vector.get("caucasian_rule")
    # format 1 writes plain short nardy as game "short" with caucasian_rule "none"
    if rule and not (vector["game"] == "short" and rule == "none"):
        options["caucasian_hit_rule"] = rule
    variant = get_variant(vector["game"], options)
    n = variant.checkers
    mover = {int(k): v for k, v in vector["mover"].items()}
    bar = mover.pop(25, 0)
    me = side_from(mover, bar=bar, off=n - sum(mover.values()) - bar)
    obar = vector.get("opponent_on_bar", 0) or 0
    theirs = {variant.cross[int(k)]: v for k, v in vector["opponent_in_mover_numbering"].items()}
    opp = side_from(theirs, bar=obar, off=n - sum(theirs.values()) - obar)
    position = Position(variant, (me, opp), turn=WHITE, dice=tuple(vector["dice"]),
                        first_turn=(bool(vector.get("mover_first_turn")), False))
    return variant, position


def _f1_key(variant, game, me, opp):
    mover = {str(p): me[p] for p in range(1, 25) if me[p]}
    if me[BAR]:
        mover["25"] = me[BAR]
    if game == "long":
        return json.dumps(mover, sort_keys=True)
    board = {str(p): opp[variant.cross[p]] for p in range(1, 25) if opp[variant.cross[p]]}
    return json.dumps({"mover": mover, "opponent_on_bar": opp[BAR], "opponent_board": board},
                      sort_keys=True)


def check_format1(vector, _game=None):
    variant, position = _f1_position(vector)
    got = set()
    for play in legal_plays(position):
        got.add(_f1_key(variant, vector["game"], play.mover_side, play.opponent_side))
    want = set()
    for result in vector["legal_results"]:
        if vector["game"] == "long":
            me = side_from({int(k): v for k, v in result.items()})
            want.add(_f1_key(variant, "long", me, None))
        else:
            mover = {int(k): v for k, v in result["mover"].items()}
            bar = mover.pop(25, 0)
            me = side_from(mover, bar=bar)
            theirs = {variant.cross[int(k)]: v for k, v in result["opponent_board"].items()}
            opp = side_from(theirs, bar=result.get("opponent_on_bar", 0))
            want.add(_f1_key(variant, vector["game"], me, opp))
    return VectorResult(vector["id"], want - got, got - want)


# --- format 2: each side in its own numbering ------------------------------------------------
def side_from_json(data, labels=None):
    """``labels``: the game's ``point_labels`` (the vector numbers points as the spec does)."""
    points = {int(k): v for k, v in (data.get("points") or {}).items()}
    if labels:
        points = {labels.index(k): v for k, v in points.items()}
    side = side_from(points, bar=data.get("bar", 0), off=data.get("off", 0),
                     hand=data.get("hand", 0))
    return side, frozenset(int(p) for p in data.get("pinned", ()))


def side_to_json(side, pins=(), labels=None):
    out = {"points": {str(labels[p] if labels else p): side[p]
                      for p in range(24, 0, -1) if side[p]}}
    for name, index in (("bar", BAR), ("hand", HAND), ("off", OFF)):
        if side[index]:
            out[name] = side[index]
    if pins:
        out["pinned"] = sorted(pins, reverse=True)
    return out


def position_from_json(variant, vector):
    labels = variant.point_labels
    me, my_pins = side_from_json(vector["mover"], labels)
    opp, their_pins = side_from_json(vector["opponent"], labels)
    state = vector.get("state") or {}
    dice = vector.get("dice")
    turn_number = int(state.get("turn_number", 1)) - 1
    return Position(variant, (me, opp), turn=WHITE, dice=tuple(dice) if dice else None,
                    first_turn=(bool(state.get("first_turn")), False),
                    turn_number=(turn_number, 0), pins=(my_pins, their_pins),
                    pending=tuple(vector.get("units") or ()))


def outcome_key(mover, mover_pins, opponent, opponent_pins, transfer=(), end=None,
                labels=None):
    data = {"mover": side_to_json(mover, mover_pins, labels),
            "opponent": side_to_json(opponent, opponent_pins, labels)}
    if transfer:
        data["transfer"] = list(transfer)
    if end:
        data["end"] = end
    return json.dumps(data, sort_keys=True)


def _expected_key(result):
    me, my_pins = side_from_json(result["mover"])
    opp, their_pins = side_from_json(result["opponent"])
    return outcome_key(me, my_pins, opp, their_pins, result.get("transfer") or (),
                       result.get("end"))


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
        who = "draw" if lost.winner is None else (
            "mover" if lost.winner == position.turn else "opponent")
        return {outcome_key(me, pins[position.turn], opp, pins[1 - position.turn], (),
                            {"winner": who, "points": lost.points}, variant.point_labels)}
    _outcomes(position, plays, keys, set(), left, limit)
    return keys


def _counted(plays, left, limit):
    left[0] -= len(plays)
    if left[0] < 0:
        raise SearchLimitError(f"the outcomes of this turn need more than {limit:,} plays to "
                               "list", limit=limit, what="plays")
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
            who = "draw" if outcome.winner is None else (
                "mover" if outcome.winner == position.turn else "opponent")
            end = {"winner": who, "points": outcome.points}
        else:
            following = variant.follow_up(position, play.steps, following)
            if following.pending and following.turn == position.turn:
                # the turn goes on (the next block of an escalating double): its outcomes
                # are those of the rest
                if following not in seen:
                    seen.add(following)
                    _outcomes(following, _counted(legal_plays(following), left, limit),
                              keys, seen, left, limit)
                continue
            if following.turn != position.turn:
                transfer = following.pending
        keys.add(outcome_key(sides[position.turn], pins[position.turn],
                             sides[1 - position.turn], pins[1 - position.turn], transfer, end,
                             variant.point_labels))


def check_format2(vector, game=None):
    variant = get_variant(vector.get("game") or game, vector.get("options") or {})
    position = position_from_json(variant, vector)
    got = turn_outcomes(position)
    want = {_expected_key(r) for r in vector["results"]}
    return VectorResult(vector["id"], want - got, got - want)


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
