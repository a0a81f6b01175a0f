"""Contact features of the hitting games (``block_min`` >= 2), in pips for the side on roll.

Both sides are 27-count lists in their own numbering (0 off, 1-24, 25 bar, 26 hand); every side
moves from 24 towards 1 and enters from 25, and ``variant.cross[p]`` is the other side's number
of the point a side calls ``p`` (an involution), so one code serves every geometry.

* shots: the throws of the attacker's dice that hit a blot (direct and indirect, a path through
  a closed point does not count; with a checker on the bar only entering checkers shoot), each
  worth the pips the blot loses plus its trouble entering against the attacker's points; the
  side on roll shoots now, the other side only after the roller has had his turn to tidy up;
* made points that some opposing checker still has to pass, more in the other's entry zone
  (the hit checker's way back in) and in the own home; the longest run of them (a prime) with
  opposing checkers trapped behind it;
* opposing checkers on the bar (or in hand) against made points of their entry zone;
* anchors (made points in the other's home) while the other still has checkers to bring home;
* heavy stacks.
"""

from __future__ import annotations

from .shots import hit_mask, popcount, throw_tables

ON_ROLL, OFF_ROLL = 1.5, 0.45  # weight of the shots of the roller and of the other side
POINT_BLOCK = 1.5  # a made point some opposing checker must still pass
POINT_ENTRY = 2.0  # … in the other's entry zone (own 19-24 of the other)
POINT_HOME = 1.0  # … in the own home (1-6)
PRIME = (0, 0, 0.5, 2.0, 4.5, 8.0, 13.0, 13.0, 13.0, 13.0, 13.0, 13.0, 13.0)
BAR_CLOSED = 2.5  # per opposing checker waiting, per closed entry point
ANCHOR = 2.5
STACK = 0.6  # per checker above three on a point
HIT_TEMPO = 4.0  # pips of a hit beyond the pips the blot loses
ENTRY_CLOSED = 1.5  # per closed entry point facing the hit checker
SCALE = 3.0  # all of the above


def _doubles_count(variant):
    return {"x4": 4, "x2": 2, "x1": 1}.get(getattr(variant, "doubles", "x4"), 4)


def in_contact(variant, mine, theirs):
    """True while some checker of one side has still to pass a point the other may use."""
    cross = variant.cross
    my_rear = 24 if mine[25] or mine[26] else max((p for p in range(1, 25) if mine[p]), default=0)
    their_rear = (
        24 if theirs[25] or theirs[26] else max((q for q in range(1, 25) if theirs[q]), default=0)
    )
    if not my_rear or not their_rear:
        return False
    for p in range(1, my_rear + 1):
        if cross[p] <= their_rear:
            return True
    return False


def _shots(attacker, victim, cross, block_min, tables, start_point):
    """Expected pips won by ``attacker`` rolling now against ``victim``'s blots."""
    throws, direct, indirect = tables
    blots = [v for v in range(1, 25) if victim[v] == 1]
    if not blots:
        return 0.0
    # the attacker's own numbering: a victim point v is the attacker's cross[v]
    blocked = [False] * 26
    for q in range(1, 25):
        if victim[cross[q]] >= block_min:
            blocked[q] = True
    if attacker[25]:
        shooters = [25]
    else:
        shooters = [q for q in range(1, 25) if attacker[q]]
        if attacker[26]:
            shooters.append(25)
    if not shooters:
        return 0.0
    # the victim re-enters on his own 19-24: the attacker's points cross[19…24]
    closed_entry = sum(1 for v in range(19, 25) if attacker[cross[v]] >= block_min)
    entry_cost = HIT_TEMPO + ENTRY_CLOSED * closed_entry
    valued = []
    for v in blots:
        lost = (24 - v) if start_point else (25 - v)
        valued.append((lost + entry_cost, cross[v]))
    valued.sort(reverse=True)
    covered = 0
    gain = 0.0
    for value, target in valued:
        mask = hit_mask(target, shooters, blocked, direct, indirect)
        new = mask & ~covered
        if new:
            gain += value * popcount(new)
            covered |= mask
    return gain / throws


def _structure(side, other, cross, block_min):
    """Pips for ``side``'s points, primes, anchors and the other's checkers waiting to enter."""
    other_rear = (
        25 if other[25] or other[26] else max((q for q in range(1, 25) if other[q]), default=0)
    )
    score = 0.0
    run = best = 0
    run_top = best_top = 0
    # walk the points in the other's order of travel (his 24 … 1) to find primes
    for e in range(24, 0, -1):
        p = cross[e]
        made = side[p] >= block_min
        if made and e < other_rear:
            score += POINT_BLOCK
            if e >= 19:
                score += POINT_ENTRY
            if p <= 6:
                score += POINT_HOME
        if made:
            if run == 0:
                run_top = e
            run += 1
            if run > best:
                best, best_top = run, run_top
        else:
            run = 0
        if side[p] > 3:
            score -= STACK * (side[p] - 3)
    if best >= 2:
        trapped = sum(other[q] for q in range(best_top + 1, 25)) + other[25] + other[26]
        if trapped:
            score += PRIME[best] * min(1.0, 0.4 + 0.3 * trapped)
    waiting = min(other[25] + other[26], 2)  # (15 wait at the start of some games)
    if waiting:
        closed = sum(1 for v in range(19, 25) if side[cross[v]] >= block_min)
        score += waiting * BAR_CLOSED * closed
        if closed == 6:
            score += 6.0 * waiting
    # anchors: made points in the other's home while he still has checkers outside it
    if other_rear > 6:
        anchors = sum(1 for e in range(1, 7) if side[cross[e]] >= block_min)
        score += ANCHOR * min(anchors, 2)
    return score


def contact_pips(variant, mine, theirs):
    """The roller's lead in pips from contact features (positive favours the roller)."""
    cross = variant.cross
    block_min = variant.block_min
    score = _structure(mine, theirs, cross, block_min) - _structure(theirs, mine, cross, block_min)
    if variant.hit_mode == "none":
        return SCALE * score
    tables = throw_tables(variant.dice_count, _doubles_count(variant))
    start_point = variant.hit_mode == "start_point"
    score += ON_ROLL * _shots(mine, theirs, cross, block_min, tables, start_point)
    score -= OFF_ROLL * _shots(theirs, mine, cross, block_min, tables, start_point)
    return SCALE * score
