"""Dice statistics of played games, with the values a fair die would give beside them.

For each player: how many rolls, the count of each face and of each two-dice roll (the 21 of
them), doubles, and the pips per roll — the sum of the units the roll gives *by the game's own
rule* (``Variant.units`` and ``units_after``): a double counts four times in short nardy, twice
in the X2 games, once in tourne-case, a gioul or gul bara double its whole escalating list, a
fayles roll its three dice. The expected values are computed the same way for each roll, from
the position it was rolled in (gul bara's grace turns, for one, change what a double is worth),
averaging over every one of the 6^n equally likely rolls; so they are exact for any game and
any mix of games. Opening throws (one die each, a tie thrown again) are not rolls and are
left out; so are the dice of a position set up with dice already on it.

A tally is a plain dict of counts and sums, so tallies merge by adding (``merge``): the page
keeps the totals of every game finished on the device that way (docs/dice.md).
"""

from __future__ import annotations

from itertools import product

from ..formats.record import (
    GameRecord,
    Roll,
    action,
    game_from_record,
    match_record,
    replay,
    replay_match,
)

PAIRS = tuple(f"{a}-{b}" for a in range(6, 0, -1) for b in range(a, 0, -1))  # the 21 rolls


def empty() -> dict:
    return {
        "rolls": 0,
        "doubles": 0,
        "doubles_expected": 0.0,
        "pips": 0,
        "pips_expected": 0.0,
        "faces": [0] * 6,
        "dice": 0,
        "pairs": {},
        "pair_rolls": 0,
        "games": 0,
    }


def merge(a: dict, b: dict) -> dict:
    """The sum of two tallies (neither is changed)."""
    out = empty()
    for t in (a, b):
        if not t:
            continue
        for key in (
            "rolls",
            "doubles",
            "doubles_expected",
            "pips",
            "pips_expected",
            "dice",
            "pair_rolls",
            "games",
        ):
            out[key] += t.get(key, 0)
        for i, n in enumerate(t.get("faces", ())[:6]):
            out["faces"][i] += n
        for pair, n in (t.get("pairs") or {}).items():
            out["pairs"][pair] = out["pairs"].get(pair, 0) + n
    return out


def is_double(dice) -> bool:
    """All dice of the roll show the same face (a double of two dice, a triple of three)."""
    return len(set(dice)) == 1


def roll_value(variant, position, dice) -> int:
    """The pips ``dice`` give when rolled in ``position`` (the side on roll): the sum of the
    units the game's rule makes of them, later blocks of an escalating double included."""
    rolled = position.replace(dice=tuple(dice), pending=())
    units, _ordered = variant.units(rolled)
    return sum(units) + sum(variant.units_after(rolled))


def expected(variant, position) -> tuple:
    """(expected pips, probability of a double) of a roll in ``position`` over the 6^n rolls."""
    count = variant.dice_count
    total = 0
    doubles = 0
    rolls = list(product(range(1, 7), repeat=count))
    for dice in rolls:
        total += roll_value(variant, position, dice)
        doubles += is_double(dice)
    return total / len(rolls), doubles / len(rolls)


def expected_for(variant) -> tuple:
    """(expected pips, probability of a double) of a roll from the game's starting position."""
    return expected(variant, variant.initial_position())


def add_roll(tally: dict, dice, pips: int, pips_expected: float, double_p: float) -> None:
    tally["rolls"] += 1
    tally["dice"] += len(dice)
    for d in dice:
        tally["faces"][d - 1] += 1
    if is_double(dice):
        tally["doubles"] += 1
    tally["doubles_expected"] += double_p
    tally["pips"] += pips
    tally["pips_expected"] += pips_expected
    if len(dice) == 2:
        pair = f"{max(dice)}-{min(dice)}"
        tally["pairs"][pair] = tally["pairs"].get(pair, 0) + 1
        tally["pair_rolls"] += 1


def game_rolls(game) -> list:
    """Every roll of ``game`` (a ``Game``): ``(colour, player, dice, pips, expected pips,
    probability of a double)``, found by replaying its record on a fresh copy."""
    record = GameRecord.of(game)
    fresh = record.new_game()
    variant = fresh.variant
    out = []
    cache = {}

    def visit(_number, before, raw):
        act = action(raw)
        if not isinstance(act, Roll):
            return
        position, players = before
        key = (position.turn, position.turn_number, position.first_turn)
        if key not in cache:
            cache[key] = expected(variant, position)
        mean, double_p = cache[key]
        out.append(
            (
                position.turn,
                players[position.turn],
                act.dice,
                roll_value(variant, position, act.dice),
                mean,
                double_p,
            )
        )

    replay(fresh, record.actions, snapshot=lambda g: (g.position, g.players), visit=visit)
    return out


def game_stats(game) -> dict:
    """``{player: tally}`` of one game (player = the match player index, 0 or 1)."""
    stats = {0: empty(), 1: empty()}
    for _colour, player, dice, pips, mean, double_p in game_rolls(game):
        add_roll(stats[player], dice, pips, mean, double_p)
    for tally in stats.values():
        tally["games"] = 1
    return stats


def session_games(session) -> list:
    """The games of a session (``ui.session.Session``) or of anything with a ``match``,
    finished ones first."""
    return session.match.all_games()


def games_stats(games) -> dict:
    """``{player: tally}`` over ``games``."""
    total = {0: empty(), 1: empty()}
    for game in games:
        for player, tally in game_stats(game).items():
            total[player] = merge(total[player], tally)
    return total


def session_stats(session) -> dict:
    """``{player: tally}`` over every game of a session or match."""
    return games_stats(session_games(session))


def record_stats(record) -> dict:
    """``{player: tally}`` of a record (``formats.record``): a saved match (``"games"``) or
    one game's record."""
    if isinstance(record, dict) and "games" in record:
        match, _ = replay_match(match_record(record))
        return games_stats(match.all_games())
    return game_stats(game_from_record(record))


def summary(tally: dict) -> dict:
    """What a panel shows: counts with their expected values beside them."""
    rolls = tally.get("rolls", 0)
    dice = tally.get("dice", 0)
    pair_rolls = tally.get("pair_rolls", 0)
    return {
        "rolls": rolls,
        "games": tally.get("games", 0),
        "doubles": tally.get("doubles", 0),
        "doubles_expected": tally.get("doubles_expected", 0.0),
        "doubles_rate": tally["doubles"] / rolls if rolls else None,
        "doubles_rate_expected": tally["doubles_expected"] / rolls if rolls else None,
        "pips": tally.get("pips", 0),
        "pips_per_roll": tally["pips"] / rolls if rolls else None,
        "pips_per_roll_expected": tally["pips_expected"] / rolls if rolls else None,
        "faces": list(tally.get("faces", [0] * 6)),
        "faces_expected": dice / 6,
        "pairs": {p: tally.get("pairs", {}).get(p, 0) for p in PAIRS},
        "pairs_expected": {p: pair_rolls * (1 if p[0] == p[2] else 2) / 36 for p in PAIRS},
    }


__all__ = [
    "PAIRS",
    "empty",
    "merge",
    "roll_value",
    "expected",
    "expected_for",
    "game_rolls",
    "game_stats",
    "games_stats",
    "session_stats",
    "session_games",
    "record_stats",
    "summary",
]
