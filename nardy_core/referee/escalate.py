"""The referee's own knowledge of gioul and gul bara (VARIANT_RULES.md §3.10, §3.15, §4, §5a),
written out from the spec.

As in ``referee_parallel``, nothing here reads a variant's declarations or calls its hooks or
the move generator. The escalation is restated as a state machine over plays: which units a
play may use (a prefix of the current block of d×4, (d+1)×4, …, 6×4, or of a transferred
list), and, from the number of units a play used, who plays next, with which units still to
play, and whether a turn was counted (gul bara's three grace turns; a transfer is no turn).
"""

from __future__ import annotations

from ..engine.position import BAR, HAND, OFF
from . import parallel as parallel

GAMES = ("gioul", "gul_bara")
BLOCK_MIN = 1  # BLOCK1: one opposing checker closes a point

_CONTRARY = (0,) + tuple(25 - p for p in range(1, 25))
_PARALLEL = (0,) + tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))


def mine(variant) -> bool:
    return variant.key in GAMES


def cross(variant):
    return _CONTRARY if variant.key == "gioul" else _PARALLEL


def expected_setup(variant):
    return {24: 15}, 0, 0


def liberal_bear_off(variant) -> bool:
    return False


def _full(variant) -> bool:
    return variant.options.values.get("escalation_lookahead") == "FULL"


def _list(d):
    return [v for v in range(d, 7) for _ in range(4)]


def _escalates(variant, state):
    turn, dice, pending, turns = state
    grace = 3 if variant.key == "gul_bara" else 0
    return not pending and dice is not None and dice[0] == dice[1] and turns[turn] >= grace


def _block(variant, state):
    """(units this play may use, in order; units after them; own list?) or None for an
    ordinary roll."""
    turn, dice, pending, turns = state
    if pending:
        units = list(pending)
    elif _escalates(variant, state):
        units = _list(dice[0])
    else:
        return None
    own = not pending or dice is not None
    if _full(variant):
        return units, [], own
    k = (
        units.count(units[0])
        if len(set(units)) == 1
        else next(i for i, u in enumerate(units) if u != units[0])
    )
    return units[:k], units[k:], own


def units(before):
    state = _state(before)
    found = _block(before.variant, state)
    if found is None:
        dice = list(before.dice)
        return (dice * 2 if dice[0] == dice[1] else dice), False
    return list(found[0]), True


def _state(position):
    return (position.turn, position.dice, tuple(position.pending), tuple(position.turn_number))


def follow(variant, state, used, dice_used=()):
    """The state after a play that used ``used`` units from ``state``: §4's loop."""
    turn, dice, pending, turns = state
    turns = list(turns)
    if not pending:
        turns[turn] += 1  # a roll of one's own is a turn; the rest of a list or a transfer not
    turns = tuple(turns)
    found = _block(variant, state)
    if found is None:  # an ordinary roll; gioul's option transfer_all_rolls (AMB-26, -46)
        left = sorted(dice, reverse=True) if dice[0] != dice[1] else list(dice) * 2
        for d in dice_used:
            left.remove(d)
        if (
            variant.key == "gioul"
            and variant.options.values.get("transfer_all_rolls")
            and left
            and dice[0] != dice[1]
        ):
            return 1 - turn, None, tuple(left), turns
        return 1 - turn, None, (), turns
    block, rest, own = found
    if used == len(block) and rest:
        return turn, dice if own else None, tuple(rest), turns
    left = block[used:] + rest
    if left and own and variant.key == "gioul":  # TRANSFER
        return 1 - turn, None, tuple(left), turns
    # done, forfeited (gul bara) or the receiver's shortfall (void): the next roll is
    # the opponent's after one's own list, one's own after a transfer
    return (1 - turn if own else turn), None, (), turns


def check_step(variant, me, opp, src, dst, hit, fail):
    if src in (BAR, HAND):
        fail(f"a checker entered from {src} in {variant.key}, which has no bar and no hand")
    if hit:
        fail(f"step {src}/{dst} hits in {variant.key}, which has no hitting")


def _table_full(me) -> bool:
    return all(me[p] for p in range(19, 25))


def violates_end(variant, me, opp) -> str | None:
    if variant.key == "gul_bara" and _table_full(me):
        return "all six points of the starting table occupied (START_TABLE_NOT_FULL)"
    return None


def unit_ways(variant, me, opp, die):
    """Every way to play one unit (§0.3, BLOCK1, no hit, STD bear-off): the sides after."""
    return parallel.unit_ways(me, opp, die, cross(variant))


def avoidable(variant, before, after) -> bool:
    """Gul bara: whether some prefix of the rest of the list (the empty one included) ends
    with the starting table not full; judged over the whole remaining list (§4)."""
    me, opp = list(before.sides[before.turn]), before.sides[1 - before.turn]
    found = _block(variant, _state(before))
    if found is None:
        dice = list(before.dice)
        left = dice * 2 if dice[0] == dice[1] else dice
        free = True
    else:
        left, free = found[0] + found[1], False
    memo = set()

    def reachable(side, left):
        key = (tuple(side), tuple(left))
        if key in memo:
            return False
        memo.add(key)
        if not _table_full(side):
            return True
        choices = range(len(left)) if free else range(min(1, len(left)))
        return any(
            reachable(m, left[:i] + left[i + 1 :])
            for i in choices
            for m in unit_ways(variant, side, opp, left[i])
        )

    return reachable(me, left)


def goes_on(variant, before, used):
    """The units still to play by the same side after a play that used ``used`` units, when
    the turn goes on with them (an escalating list whose block was played in full)."""
    found = _block(variant, _state(before))
    if found is None or used != len(found[0]):
        return None
    return found[1] or None


def can_meet(variant, me, opp, rest):
    """Gul bara: whether some prefix of ``rest`` (the empty one included), played in order,
    ends with the starting table not full."""
    memo = set()

    def reachable(side, k):
        key = (tuple(side), k)
        if key in memo:
            return False
        memo.add(key)
        if not _table_full(side):
            return True
        return k < len(rest) and any(
            reachable(m, k + 1) for m in unit_ways(variant, side, opp, rest[k])
        )

    return reachable(list(me), 0)


def must_stop(variant, before, me, left) -> bool:
    """Gioul (no TURN rule): a play that stops before its list's end leaves the next unit of
    the list unplayable (the maximum is at least one more otherwise): within its block under
    the block-wise rule, anywhere in the list under the whole-list rule."""
    found = _block(variant, _state(before))
    if found is None or variant.key != "gioul" or me[OFF] == 15:
        return True
    return not unit_ways(variant, me, before.sides[1 - before.turn], left[0])


def expected_points(variant, final, winner) -> int:
    return 1 if final.sides[1 - winner][OFF] else 2


def next_turn(before) -> int:
    return 1 - before.turn


def can_move(variant, position, colour) -> bool:
    me = position.sides[colour]
    opp = position.sides[1 - colour]
    return any(unit_ways(variant, me, opp, d) for d in range(1, 7))
