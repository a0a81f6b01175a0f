"""Shots: how many of a side's throws hit an opposing blot, direct and indirect.

A side's throws are the ``6 ** dice_count`` ordered throws of its dice, each giving the units of
``Variant.units`` (a double four, two or one times its value as the game declares). For every
distance ``d`` the tables say which throws reach ``d`` pips with one checker and through which
intermediate landing points (cumulative distances), so that a shot is counted only when some
order of the units finds every intermediate point open. Throws are bits of an int; the number
of hitting throws of several shooters and blots is the popcount of the union of their masks.

Everything here is in the attacker's own numbering: he moves from higher to lower numbers and
enters from 25 (bar or hand).
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

_TABLES: dict[Any, Any] = {}


def _units(dice, doubles_count):
    if len(dice) == 2 and dice[0] == dice[1]:
        return (dice[0],) * doubles_count
    return tuple(dice)


def throw_tables(dice_count, doubles_count):
    """(throws, direct, indirect): ``direct[d]`` a mask of the throws with a unit of exactly
    ``d``; ``indirect[d]`` a list of ``(bit, paths)`` for the other throws that reach ``d`` by
    several units, ``paths`` the alternative tuples of intermediate distances."""
    key = (dice_count, doubles_count)
    tables = _TABLES.get(key)
    if tables is not None:
        return tables
    throws = list(product(range(1, 7), repeat=dice_count))
    direct = [0] * 25
    paths_of = [dict() for _ in range(25)]
    for i, dice in enumerate(throws):
        bit = 1 << i
        units = _units(dice, doubles_count)
        for d in set(units):
            direct[d] |= bit
        for order in set(permutations(units)):
            total, inter = 0, []
            for k, u in enumerate(order):
                total += u
                if total > 24:
                    break
                if k > 0 and not direct[total] & bit:
                    paths_of[total].setdefault(bit, set()).add(tuple(inter))
                inter.append(total)
    indirect = [
        [(bit, tuple(paths)) for bit, paths in sorted(paths_of[d].items()) if not direct[d] & bit]
        for d in range(25)
    ]
    tables = _TABLES[key] = (len(throws), direct, indirect)
    return tables


def popcount(x):
    return bin(x).count("1")


def hit_mask(target, shooters, blocked, direct, indirect):
    """The throws with which a checker of ``shooters`` (own points, 25 = bar/hand) reaches own
    point ``target``; ``blocked[q]`` is true where the attacker cannot land."""
    mask = 0
    for s in shooters:
        d = s - target
        if d <= 0 or d > 24:
            continue
        mask |= direct[d]
        for bit, paths in indirect[d]:
            if mask & bit:
                continue
            for inter in paths:
                for c in inter:
                    if blocked[s - c]:
                        break
                else:
                    mask |= bit
                    break
    return mask
