"""The referee's own knowledge of khachapuri, fevga and moultezim (VARIANT_RULES.md §2, §3.8,
§3.13-3.14, §5a), written out from the spec.

As in ``referee_bg_family``, nothing here reads a variant's declarations or calls its hooks or
the move generator: the geometry, the setup, the first-pass rule, the end-of-turn rules and the
scoring are restated by game name and option value, so that self-play compares two
independent readings of the rules. Khachapuri's six-block rule is long nardy's, which
``referee.py`` already checks from the ``block_rule`` option.
"""

from __future__ import annotations

from ..engine.position import BAR, HAND, OFF

GAMES = ("khachapuri", "fevga", "moultezim")
BLOCK_MIN = 1  # one opposing checker closes a point (BLOCK1)

# §0.2 PARALLEL: White's point n is Black's n - 12 (n > 12) or n + 12
_PARALLEL = (0,) + tuple(p + 12 if p <= 12 else p - 12 for p in range(1, 25))


def _opt(variant, key, default=None):
    return variant.options.values.get(key, default)


def mine(variant) -> bool:
    return variant.key in GAMES


def cross(variant):
    return _PARALLEL


def expected_setup(variant):
    if variant.key == "khachapuri":
        return {24: 4, 6: 11}, 0, 0
    return {24: 15}, 0, 0


def units(before):
    dice = list(before.dice)
    return (dice * 2 if dice[0] == dice[1] else dice), False


def liberal_bear_off(variant) -> bool:
    return False


def _first_pass_shut(me) -> bool:
    """FIRST_PASS (§3.13): no own checker has reached own 11 or below (or off) yet, and one has
    already left the head."""
    passed = me[OFF] > 0 or any(me[1:12])
    return not passed and any(me[12:24])


def check_step(variant, me, opp, src, dst, hit, fail):
    if src in (BAR, HAND):
        fail(f"a checker entered from {src} in {variant.key}, which has no bar and no hand")
    if hit:
        fail(f"step {src}/{dst} hits in {variant.key}, which has no hitting")
    if src == 24 and variant.key != "khachapuri" and _first_pass_shut(me):
        fail("a second checker left own 24 before the first passed the opponent's head")


def _start_table_full(me) -> bool:
    return all(me[p] for p in range(19, 25))


def _stuck_prime(me, opp) -> bool:
    """Six consecutive own points right in front (in the opponent's direction of travel) of
    the one point where all the opponent's checkers still on the board stand."""
    points = [q for q in range(1, 25) if opp[q]]
    if len(points) != 1:
        return False
    q = points[0]
    return q >= 7 and all(me[_PARALLEL[r]] for r in range(q - 6, q))


_RULES = {
    "table": "all six points of the starting table occupied (START_TABLE_NOT_FULL)",
    "prime": "six points held right in front of the opponent's whole remaining army "
    "(PRIME_UNBLOCK_IF_STUCK)",
}


def _broken(variant, me, opp) -> list:
    """The TURN rules of fevga and moultezim that an end-of-turn board breaks."""
    key = variant.key
    if key == "khachapuri":
        return []
    out = []
    always = key == "moultezim" or _opt(variant, "fevga_start_table") == "ALWAYS"
    if always and _start_table_full(me):
        out.append("table")
    if _stuck_prime(me, opp):
        out.append("prime")
    return out


def violates_end(variant, me, opp) -> str | None:
    broken = _broken(variant, me, opp)
    return " and ".join(_RULES[r] for r in broken) or None


def unit_ways(me, opp, die, cross, head_shut=False):
    """Every way to play one unit with long nardy's movement (§0.3: BLOCK1, no hitting, STD
    bear-off; ``head_shut``: FIRST_PASS keeps the head closed): the sides after. ``cross`` maps
    the mover's points to the opponent's numbering."""
    out = []
    for src in range(1, 25):
        dst = src - die
        if not me[src] or dst < 1 or opp[cross[dst]] or (src == 24 and head_shut):
            continue
        m = list(me)
        m[src] -= 1
        m[dst] += 1
        out.append(m)
    if not any(me[7:25]):
        highest = max((p for p in range(1, 7) if me[p]), default=0)
        src = die if me[die] else (highest if 0 < highest < die else 0)
        if src:
            m = list(me)
            m[src] -= 1
            m[OFF] += 1
            out.append(m)
    return out


def _unit_ways(variant, me, opp, die):
    return unit_ways(me, opp, die, _PARALLEL, variant.key != "khachapuri" and _first_pass_shut(me))


def avoidable(variant, before, after) -> bool:
    """Whether the TURN rules that the mover's final side ``after`` breaks could have been met
    (AMB-44: the rules filter before the must-play rules, so plays of any length count, the
    empty one included). A rule that no play meets is waived for the turn; the rules left must
    then be met together by the play chosen, unless no play meets them together either.
    Judged by brute force over the unit orders."""
    me, opp = list(before.sides[before.turn]), before.sides[1 - before.turn]
    dice = list(before.dice)
    units_left = dice * 2 if dice[0] == dice[1] else dice

    def reachable(good, side, left):
        if good(side):
            return True
        for i, die in enumerate(left):
            rest = left[:i] + left[i + 1 :]
            if any(reachable(good, m, rest) for m in _unit_ways(variant, side, opp, die)):
                return True
        return False

    def meets(rules):
        return lambda side: not set(rules) & set(_broken(variant, side, opp))

    in_force = [r for r in _RULES if reachable(meets([r]), me, units_left)]
    if not set(in_force) & set(_broken(variant, after, opp)):
        return False
    return reachable(meets(in_force), me, units_left)


def expected_points(variant, final, winner) -> int:
    loser_off = final.sides[1 - winner][OFF]
    key = variant.key
    if key == "khachapuri" and _opt(variant, "KHACH_SCORE") == "DIFF":
        return 15 - loser_off
    if key == "moultezim" and not _opt(variant, "moultezim_gammon"):
        return 1
    return 1 if loser_off else 2


def next_turn(before) -> int:
    return 1 - before.turn


def can_move(variant, position, colour) -> bool:
    """Whether ``colour`` could play one unit with some die value (AMB-45), from the rules."""
    me = position.sides[colour]
    opp = position.sides[1 - colour]
    if not any(me[7:25]) and any(me[1:7]):
        return True  # all home: a 6 bears off
    shut = variant.key != "khachapuri" and _first_pass_shut(me)
    return any(
        me[src] and src - d >= 1 and not opp[_PARALLEL[src - d]] and not (src == 24 and shut)
        for src in range(1, 25)
        for d in range(1, 7)
    )
