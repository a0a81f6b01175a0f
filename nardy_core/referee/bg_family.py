"""The referee's own knowledge of portes, LongGammon, Irish, jacquet and the Dutch and Russian
tricktracks (VARIANT_RULES.md §2, §3.3-3.6, 3.9, 3.12, §5a), written out from the spec.

Nothing here reads a variant's declarations or calls its hooks or the move generator: the
geometry, the setup, the doubles, the bear-off, the constraints and the scoring tables are
restated from the spec keyed by the game's name and its option values, so that self-play
compares two independent readings of the rules (decisions.md).
"""

from __future__ import annotations

from ..engine.position import BAR, HAND, OFF

GAMES = ("portes", "longgammon", "irish", "jacquet", "dutch_tricktrack", "russian_tricktrack")
BLOCK_MIN = 2  # two opposing checkers close a point in all six (BLOCK2)

# §0.2: White's point n is Black's point cross[n]
CONTRARY = (0,) + tuple(25 - p for p in range(1, 25))
PARALLEL = (0,) + tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))
SHARED = tuple(range(25))
GEOMETRY = {
    "portes": CONTRARY,
    "longgammon": CONTRARY,
    "irish": CONTRARY,
    "dutch_tricktrack": CONTRARY,
    "jacquet": PARALLEL,
    "russian_tricktrack": SHARED,
}

_SN = {24: 2, 13: 5, 8: 3, 6: 5}


def _opt(variant, key, default=None):
    return variant.options.values.get(key, default)


def mine(variant) -> bool:
    return variant.key in GAMES


def cross(variant):
    return GEOMETRY[variant.key]


def expected_setup(variant):
    """(points, bar, hand) of each side at the start (§2)."""
    key = variant.key
    if key in ("portes", "irish"):
        return _SN, 0, 0
    if key in ("longgammon", "jacquet"):
        return {24: 15}, 0, 0
    if key == "dutch_tricktrack":
        return ({}, 0, 15) if _opt(variant, "dutch_entry") == "FREE" else ({}, 15, 0)
    return ({}, 0, 15) if _opt(variant, "russian_rules") == "RUSSIAN_HOYLE" else ({}, 15, 0)


def _hoyle(variant):
    return variant.key == "russian_tricktrack" and _opt(variant, "russian_rules") == "RUSSIAN_HOYLE"


def units(before):
    """(units, ordered) of the roll: Irish doubles give two units; Russian-Hoyle doubles four d
    then four 7 - d, in that order; other doubles four."""
    variant = before.variant
    dice = list(before.dice)
    if dice[0] != dice[1]:
        return dice, False
    d = dice[0]
    if variant.key == "irish":
        return [d, d], False
    if _hoyle(variant):
        return [d] * 4 + [7 - d] * 4, True
    return [d] * 4, False


def hand_entry_allowed(variant) -> bool:
    return (variant.key == "dutch_tricktrack" and _opt(variant, "dutch_entry") == "FREE") or _hoyle(
        variant
    )


def liberal_bear_off(variant) -> bool:
    return variant.key == "irish" and _opt(variant, "irish_bear_off") == "LIBERAL"


def _home_or_off(side):
    return side[OFF] > 0 or any(side[1:7])


def check_step(variant, me, opp, src, dst, hit, fail):
    """Rules of one unit judged on the position before it (``fail(message)`` on a breach)."""
    key = variant.key
    if src == HAND and not hand_entry_allowed(variant):
        fail("a checker entered from the hand in a game without a hand")
    if (
        hit
        and key in ("dutch_tricktrack", "russian_tricktrack")
        and _opt(variant, "dutch_rule") == "HOYLE_HIT"
        and not _home_or_off(me)
    ):
        fail(f"hit on {dst} with no own checker home or off (HOYLE_HIT)")
    if (
        src == 24
        and key == "jacquet"
        and _opt(variant, "jacquet_courier")
        and not _home_or_off(me)
        and (sum(me[1:24]) or me[BAR])
    ):
        fail("a second checker left own 24 before the courier came home")


def six_prime(side) -> bool:
    run = 0
    for p in range(1, 25):
        run = run + 1 if side[p] >= 2 else 0
        if run >= 6:
            return True
    return False


def _opp_home_or_off(variant, opp):
    return opp[OFF] > 0 or any(opp[1:7])


def violates_end(variant, me, opp) -> str | None:
    """The TURN constraints (§3.3 DUTCH_PRIME, §3.5 IRISH_NO_CLOSE) on an end-of-turn board."""
    key = variant.key
    if key in ("dutch_tricktrack", "russian_tricktrack") and _opt(variant, "dutch_rule") == "PRIME":
        # the opponent's home is his own 1-6 in both geometries (shared: the same table)
        if six_prime(me) and not _opp_home_or_off(variant, opp):
            return "a six-point prime while the opponent has nothing home or off (DUTCH_PRIME)"
    if key == "irish" and _opt(variant, "irish_close") == "FORBID":
        if all(me[p] >= 2 for p in range(1, 7)) and opp[BAR]:
            return "the home board closed with an opposing checker on the bar (IRISH_NO_CLOSE)"
    return None


def expected_points(variant, final, winner) -> int:
    """The scoring tables of §2/§3 and §5a from the final position."""
    key = variant.key
    loser = final.sides[1 - winner]
    if key == "irish":
        return 1
    if loser[OFF]:
        return 1
    if key == "portes":
        return 2
    stranded = loser[BAR] or loser[HAND]
    if key == "jacquet":
        if _opt(variant, "jacquet_backgammon") and (stranded or any(loser[13:19])):
            return 3
        return 2
    if key == "russian_tricktrack" and not _opt(variant, "russian_backgammon"):
        return 2
    return 3 if stranded or any(loser[19:25]) else 2


def next_turn(before) -> int:
    """Who rolls after ``before``'s play: the roller of a double again under RUSSIAN_HOYLE."""
    if _hoyle(before.variant) and before.dice and before.dice[0] == before.dice[1]:
        return before.turn
    return 1 - before.turn


def can_move(variant, position, colour) -> bool:
    """Whether ``colour`` could play one unit with some die value (AMB-45), from the rules."""
    geo = cross(variant)
    me = position.sides[colour]
    opp = position.sides[1 - colour]

    def open_for(p):
        return opp[geo[p]] < 2

    if me[BAR] or me[HAND]:
        if any(open_for(25 - d) for d in range(1, 7)):
            return True
        if me[BAR]:
            return False
    home = not me[BAR] and not me[HAND] and not any(me[7:25])
    if home and any(me[1:7]):
        return True  # a 6 always bears off
    return any(
        me[src] and src - d >= 1 and open_for(src - d) for src in range(1, 25) for d in range(1, 7)
    )
