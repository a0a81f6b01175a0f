"""An independent referee for self-play: checks each turn against the rules from scratch.

Nothing here calls the move generator or reads a variant's declarations: a check that asks the
generator to judge itself proves nothing (decisions.md). The geometry, the setup and the rules
are restated by game name and option value (here for long, short and Caucasian nardy and
fayles; the other games' modules are consulted for theirs). The referee recomputes, step by
step, what the rules say about checker counts, shared points, landing, bearing off, the bar,
the head rule, the six-block rule and the score, and reports every violation as text. Which
play the must-play rules (CORE 1.4) allow is the generator's own decision: it is proven by the
spec's vectors and, for short nardy, by agreement with GNU Backgammon
(tests/test_gnubg_oracle.py), not re-derived here.
"""

from __future__ import annotations

from ..engine.errors import SearchLimitError
from ..engine.position import BAR, HAND, OFF
from ..engine.turn import Turn
from . import bg_family as family
from . import escalate as escalate
from . import parallel as parallel

CHECKERS = 15  # every game judged here (tourne-case's three are ``referee_hand``'s)
# The games this module knows itself, by name: the geometry (CORE 1.2, VARIANT_RULES.md §0.2)
# and the opposing checkers that close a point (one in long nardy, two in the others)
_CROSS = {
    "long": family.PARALLEL,
    "short": family.CONTRARY,
    "caucasian": family.CONTRARY,
    "fayles": family.CONTRARY,
}
_CLOSES = {"long": 1, "short": 2, "caucasian": 2, "fayles": 2}
_SN = {24: 2, 13: 5, 8: 3, 6: 5}
_SETUP = {"long": {24: 15}, "short": _SN, "caucasian": _SN, "fayles": {24: 2, 6: 13}}


class Violation(Exception):
    pass


def _check(cond, message):
    if not cond:
        raise Violation(message)


def _fail(message):
    raise Violation(message)


def _rules(variant):
    """The module that restates this game's rules from the spec, or None (the core games and
    fayles, whose rules this module knows itself)."""
    for module in (family, parallel, escalate):
        if module.mine(variant):
            return module
    return None


def _cross(variant):
    rules = _rules(variant)
    return rules.cross(variant) if rules else _CROSS[variant.key]


def _option(variant, key, default=None):
    return variant.options.values.get(key, default)


def random_play(game, rng):
    """A random legal play of ``game``'s roll, after checking that the step interface offers
    each of its steps one at a time and accepts it as complete (every self-play referee
    plays this way). A roll whose plays are too many to list (a whole escalating list) is
    played by random steps of the step interface instead."""
    turn = Turn(game.position)
    try:
        play = rng.choice(game.legal_plays())
    except SearchLimitError:
        while not turn.is_complete:
            turn.step(rng.choice(turn.legal_steps()))
        return turn.play()
    for step in play.steps:
        _check(
            tuple(step) in [tuple(s) for s in turn.legal_steps()],
            f"step {step} of {play} was not offered by the step interface",
        )
        turn.step(step)
    _check(turn.is_complete, f"the step interface does not accept {play} as complete")
    return play


def check_position(position):
    variant = position.variant
    cross = _cross(variant)
    for colour in (0, 1):
        side = position.sides[colour]
        _check(sum(side) == CHECKERS, f"colour {colour} has {sum(side)} checkers")
        _check(min(side) >= 0, f"colour {colour} has a negative count")
    white, black = position.sides
    for p in range(1, 25):
        _check(not (white[p] and black[cross[p]]), f"white point {p} is held by both colours")


def check_turn(before, steps, after_sides):
    """Replay ``steps`` by hand on ``before`` and compare with the engine's ``after_sides``."""
    variant = before.variant
    mover = before.turn
    me = list(before.sides[mover])
    opp = list(before.sides[1 - mover])
    cross = _cross(variant)
    units = list(before.pending) if before.pending else list(before.dice)
    if not before.pending and len(units) == 2 and units[0] == units[1]:
        units = units * 2
    ordered, liberal = False, False
    rules = _rules(variant)  # the module restating this game's rules, if any
    ours = rules is not None
    block_min = rules.BLOCK_MIN if ours else _CLOSES[variant.key]
    fayles = variant.key == "fayles"
    # long nardy and khachapuri, block_check=every_step: no step may make an illegal block
    every_step = (
        _option(variant, "block_rule", "none") != "none"
        and _option(variant, "block_check") == "every_step"
        and not steps_waived(before)
    )
    if ours:
        liberal = rules.liberal_bear_off(variant)
        if not before.pending or hasattr(rules, "follow"):  # follow: it knows pending units
            units, ordered = rules.units(before)
    head_moves = 0
    rule = _option(variant, "caucasian_hit_rule", "none")
    exposed = []  # points of checkers that hit in the mover's home this turn (CORE 4.2)
    for src, dst, die, hit, *tag in steps:
        moves_exposed = bool(tag) and tag[0] == "exposed"
        _check(
            not moves_exposed or src in exposed,
            f"step {src}/{dst} moves a checker marked exposed from a point without one",
        )
        if rule in ("no_hide", "stay") and src in exposed and me[src] == 1:
            _check(moves_exposed, f"the exposed checker on {src} moved as a plain one")
        if moves_exposed:
            exposed.remove(src)
            _check(rule != "stay" or dst == OFF, "an exposed checker moved again under 'stay'")
            _check(dst == OFF or me[dst] == 0, f"the exposed checker joined own checkers on {dst}")
            if dst != OFF:
                exposed.append(dst)
        if rule == "no_hit":
            _check(not (hit and dst <= 6 and src <= 24), f"hit on {dst} in own home")
        _check(
            die in units and (not ordered or die == units[0]),
            f"step {src}/{dst} uses die {die}, not among {units}",
        )
        units.remove(die)
        if me[BAR]:
            _check(src == BAR, f"step from {src} while a checker is on the bar")
        if ours:
            rules.check_step(variant, me, opp, src, dst, hit, _fail)
        if src == BAR or (src == HAND and ours):
            _check(dst == 25 - die, f"entry with {die} lands on {dst}")
        elif dst == OFF:
            outside = me[BAR] + me[HAND] + sum(me[7:25])
            _check(outside == 0, f"bear-off from {src} with {outside} checkers outside home")
            _check(
                src == die or (src < die and (liberal or not any(me[src + 1 : 7]))),
                f"bear-off from {src} with a {die} while a higher point is occupied",
            )
        else:
            _check(src - dst == die, f"step {src}/{dst} does not move {die} pips")
        _check(me[src] > 0, f"no checker on {src} to move")
        me[src] -= 1
        if src == 24:
            head_moves += 1
        if dst == OFF:
            _check(not hit, f"bear-off from {src} marked as a hit")
            me[OFF] += 1
            continue
        theirs = opp[cross[dst]]
        _check(theirs < block_min, f"step lands on {dst}, closed by {theirs} checkers")
        _check(bool(hit) == bool(theirs), f"step to {dst}: hit flag {hit} with {theirs} there")
        if theirs and fayles:
            me[dst] += 1
            chained = _start_point_hit(variant, me, opp, dst, before=me[1] - (dst == 1))
            _check(
                chained == (tag[:1] == ["chain"]),
                f"hit on {dst}: the step's tag {tag} "
                f"does not say whether the mover's blot went back ({chained})",
            )
            continue
        if theirs:
            opp[cross[dst]] = 0
            opp[BAR] += theirs
            if rule in ("no_hide", "stay") and dst <= 6 and src <= 24 and not moves_exposed:
                exposed.append(dst)
        me[dst] += 1
        _check(
            not every_step or not _illegal_six_block(variant, me, opp),
            f"step {src}/{dst} makes an illegal six-point block (block_check=every_step)",
        )
    for point in exposed:
        _check(me[point] == 1, f"the hitter on {point} is covered at the end of the turn")
    stops = getattr(rules, "must_stop", None) if ours else None
    if stops and units and ordered:
        _check(
            stops(variant, before, me, units),
            f"the play stops with {units} left while a {units[0]} can still be played",
        )
    if fayles:  # fayles: all three dice, or the 15th checker off
        _check(
            not units or me[OFF] == CHECKERS,
            f"the play leaves {units} unplayed without bearing off the 15th checker",
        )
    _check(tuple(me) == tuple(after_sides[mover]), "mover's checkers differ from the engine's")
    _check(tuple(opp) == tuple(after_sides[1 - mover]), "opponent's checkers differ")
    broken = rules.violates_end(variant, me, opp) if ours else None
    goes_on = getattr(rules, "goes_on", None) if ours else None
    rest = goes_on(variant, before, len(steps)) if goes_on and broken else None
    if rest and rules.can_meet(variant, me, opp, rest):
        broken = None  # the turn goes on (an escalating list): judged where it can end
    if broken:  # a TURN constraint is waived only when the start already breaks it (AMB-44)
        _check(
            rules.violates_end(variant, before.sides[mover], before.sides[1 - mover]),
            f"the turn ends with {broken}",
        )
        # where the referee can search the roll itself, it also checks that no play avoids it
        avoidable = getattr(rules, "avoidable", None)
        _check(
            avoidable is None or not avoidable(variant, before, me),
            f"the turn ends with {broken}, which another play of the roll avoids",
        )
    if variant.key == "long":  # the head rule (CORE 2.4)
        limit = _head_limit(variant, before)
        _check(head_moves <= limit, f"{head_moves} checkers left the head (at most {limit})")
    if _option(variant, "block_rule", "none") != "none" and not steps_waived(before):
        _check(
            not _illegal_six_block(variant, me, opp),
            "the mover ends the turn with an illegal six-point block",
        )


def check_start(position):
    """The setup of every game judged here (all fifteen on the bar or in the hand in the
    tricktracks), before the first play."""
    variant = position.variant
    rules = _rules(variant)
    points, bar, hand = rules.expected_setup(variant) if rules else (_SETUP[variant.key], 0, 0)
    for colour in (0, 1):
        side = position.sides[colour]
        _check(
            {p: side[p] for p in range(1, 25) if side[p]} == points
            and side[BAR] == bar
            and side[HAND] == hand
            and side[OFF] == 0,
            f"colour {colour} starts {side}, not the setup {points} bar {bar} hand {hand}",
        )


def check_next(before, after, plays=None):
    """Who is to roll after ``before``'s play (and the game went on). ``plays``: the steps
    of that play and of any empty plays the game made on its own after it (a side with
    units to play and no legal move): the escalating games check the whole chain."""
    rules = _rules(before.variant)
    follow = getattr(rules, "follow", None)
    if follow and plays is not None:
        state = rules._state(before)
        for steps in plays:
            state = follow(before.variant, state, len(steps), [s[2] for s in steps])
        _check(
            state == rules._state(after),
            f"after the play the state is {rules._state(after)}, the spec says {state}",
        )
        return
    # the core games and fayles: the sides take turns (also for long nardy's last roll)
    expected = rules.next_turn(before) if rules else 1 - before.turn
    _check(after.turn == expected, f"colour {after.turn} rolls next")


def check_draw(position):
    """A game of ``referee_bg_family``, ``referee_parallel`` or ``referee_escalate`` ends drawn
    when neither side can ever move (AMB-45); the core games and fayles never do (long nardy's
    last roll aside, which ``selfplay`` judges)."""
    variant = position.variant
    rules = _rules(variant)
    _check(
        rules is not None,
        f"{variant.key} has no draw when nobody can move (CORE 2.7, VARIANT_RULES.md AMB-45)",
    )
    _check(
        not any(rules.can_move(variant, position, c) for c in (0, 1)),
        "the game was drawn while a side can still move",
    )


def _start_point_hit(variant, me, opp, dst, before):
    """Fayles (VARIANT_RULES.md §3.1), the hitter already on ``dst``: the victim goes to its own
    24-point (the mover's 1); a lone mover checker there goes to the mover's 24 (the victim's
    1), displacing a single victim checker to its 24; two victim checkers there forbid the hit.
    ``before``: the mover's checkers on his 1-point before the step (two or more: no hit).
    Returns whether the mover's own blot went back (the chain)."""
    _check(before < 2, f"hit on {dst} while the mover holds his own 1-point with {before}")
    _check(
        dst != 1 or variant.options["fayles_hit_on_own1"] == "LEGAL",
        "hit on the mover's own 1-point, which the option forbids",
    )
    victim_point = 25 - dst  # CONTRARY: the mover's p is the victim's 25 - p
    _check(opp[victim_point] == 1, f"hit on {dst}, where the victim has {opp[victim_point]}")
    opp[victim_point] -= 1
    opp[24] += 1
    if me[1] != 1:
        return False
    _check(
        opp[1] < 2,
        "the hitter's blot on his 1-point cannot go to his 24-point, "
        f"which holds {opp[1]} of the victim's checkers",
    )
    me[1] -= 1
    me[24] += 1
    if opp[1]:
        opp[1] -= 1
        opp[24] += 1
    return True


def _unit_ways(variant, me, opp, die):
    """Every way to play one unit, recomputed from the rules of §0.3/§3.1 (fayles): a list of
    (me, opp) after the step. Used to judge an unplayable roll without the move generator."""
    out = []
    home_only = not any(me[7:25]) and not me[BAR] and not me[HAND]
    highest = max((p for p in range(1, 7) if me[p]), default=0)
    for src in range(1, 25):
        if not me[src]:
            continue
        dst = src - die
        if dst <= 0:
            if home_only and (src == die or (src < die and src == highest)):
                m, o = list(me), list(opp)
                m[src] -= 1
                m[OFF] += 1
                out.append((m, o))
            continue
        theirs = opp[25 - dst]
        if theirs >= _CLOSES["fayles"]:
            continue
        m, o = list(me), list(opp)
        m[src] -= 1
        m[dst] += 1
        if theirs:
            try:
                _start_point_hit(variant, m, o, dst, before=me[1])
            except Violation:
                continue
        out.append((m, o))
    return out


def check_unplayable(position):
    """Fayles' sudden death (§3.1) judged afresh: the game may end on a roll only if no order
    of the three dice lets the roller play all of them, and none bears off his 15th checker."""
    variant = position.variant
    me = list(position.sides[position.turn])
    opp = list(position.sides[1 - position.turn])
    n = CHECKERS

    def playable(me, opp, dice):
        if me[OFF] == n or not dice:
            return True
        for i, die in enumerate(dice):
            rest = dice[:i] + dice[i + 1 :]
            for m, o in _unit_ways(variant, me, opp, die):
                if playable(m, o, rest):
                    return True
        return False

    _check(
        not playable(me, opp, list(position.dice)),
        f"the roll {position.dice} ended the game, but it can be played in full",
    )


def _head_limit(variant, before):
    """CORE 2.4 read afresh: two checkers may leave the head only on the first turn, with a
    double, as the ``head_exception`` option says."""
    dice, mover = before.dice, before.turn
    if not (before.first_turn[mover] and dice[0] == dice[1]):
        return 1
    mode = variant.options["head_exception"]
    d = dice[0]
    opp = before.sides[1 - mover]
    cross = _cross(variant)

    def blocked(points):
        return any(p > 0 and opp[cross[p]] for p in points)

    if mode == "any_double":
        return 2
    if mode == "any_blocked":
        path = [24 - d, 24 - 2 * d, 24 - 3 * d, 24 - 4 * d]
        return 2 if path[-1] <= 0 or blocked(path) else 1
    if mode == "none" or d not in variant.options["head_exception_rolls"]:
        return 1
    if mode == "list":
        return 2
    # head_obstacle: the single head checker, stepping 24 - d, 24 - 2d, … for the four units,
    # must be stopped by the opponent's head on 12 "and by nothing earlier"; a double whose
    # four steps never land on 12 (1-1, 2-2, 5-5) is never stopped by the head
    for k in range(1, 5):
        p = 24 - k * d
        if p == 12:
            return 2
        if blocked([p]):
            return 1
    return 1


def steps_waived(before):
    """The six-block filter is waived only when the start already breaks it (never in play)."""
    return _illegal_six_block(
        before.variant, before.sides[before.turn], before.sides[1 - before.turn]
    )


def _illegal_six_block(variant, me, opp):
    # walk the opponent's path q = 1…24; the mover's point p is the opponent's q = cross[p]
    cross = _cross(variant)
    run = 0
    for q in range(1, 25):
        run = run + 1 if me[cross[q]] else 0
        if run >= 6:
            start = q - 5
            ahead = opp[OFF] > 0 or any(opp[r] for r in range(1, start))
            if _option(variant, "block_rule") == "opp_in_home":
                ahead = opp[OFF] > 0 or any(opp[1:7])
            if not ahead:
                return True
    return False


def expected_outcome_points(variant, final, winner):
    """The scoring tables (CORE 2.7, 3.5) recomputed from the final position."""
    rules = _rules(variant)
    if rules:
        return rules.expected_points(variant, final, winner)
    loser = final.sides[1 - winner]
    if loser[OFF] or variant.key == "fayles":  # fayles: 1 point, no gammon (§3.1)
        return 1
    if variant.key == "long":
        koks = variant.options["koks_rule"]
        if (
            koks == "head"
            and loser[24]
            or koks == "start_quarter"
            and any(loser[19:25])
            or koks == "none_home"
            and not any(loser[1:7])
        ):
            return variant.options["koks_points"]
        if sum(loser[1:7]) == CHECKERS:
            return variant.options["home_mars_points"]
        return 2
    if loser[BAR] or any(loser[19:25]):
        return 3
    return 2
