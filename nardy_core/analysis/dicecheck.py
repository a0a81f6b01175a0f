"""Checking dice against a revealed seed (docs/dice.md).

Before the first roll the page shows ``commitment(seed)``, the SHA-256 of the seed; once the
seed is revealed anyone can check it against that hash (``verify``) and recompute every roll
of a record from it (``verify_record``). The check follows only the dice stream, not the rules:
each game of a match draws from its own ``Dice("<seed>/<n>")`` (``match.Match``), an opening
throw takes two dice per throw (ties included), a roll takes the game's ``dice_count`` dice,
and nothing else draws (an escalating double, a transferred rest, a forfeited roll: none of
them throws again). So a record verifies exactly when every throw in it is the next one of the
stream, in order, with nothing left out.
"""

from __future__ import annotations

import re

from ..engine.dice import Dice
from ..engine.errors import NardyError
from ..engine.match import get_match_kind
from ..formats.notation import parse_state
from ..variants import get_variant

MAX_ROLLS_LISTED = 100_000  # the most rolls ``verify-dice --count`` lists


def commitment(seed) -> str:
    """The SHA-256 of ``seed`` (its UTF-8 text) in hexadecimal: what is shown before play
    (``Dice.commitment``, the one definition)."""
    return Dice(str(seed)).commitment()


def verify(seed, digest) -> bool:
    """Whether ``digest`` (hexadecimal, any case, spaces ignored) is the SHA-256 of ``seed``."""
    text = re.sub(r"\s+", "", str(digest)).lower()
    return commitment(seed) == text


def rolls(seed, count: int, dice: int = 2) -> list:
    """The first ``count`` rolls of ``dice`` dice that ``seed``'s stream gives."""
    return list(iter_rolls(seed, count, dice))


def iter_rolls(seed, count: int, dice: int = 2):
    """``rolls`` one at a time, so that a long listing is printed as it is made."""
    stream = Dice(str(seed))
    for _ in range(int(count)):
        yield stream.roll(dice)


def game_seed(seed, number: int) -> str:
    """The seed of game ``number`` (1 = the first) of a match or session played from ``seed``."""
    return f"{seed}/{number}"


class Failure:
    """The first throw of a record that the seed does not give."""

    __slots__ = ("game", "kind", "number", "action", "expected", "recorded", "reason")

    def __init__(self, game, kind, number, action, expected, recorded, reason=""):
        self.game = game  # 1 = the first game of the record
        self.kind = kind  # "opening", "roll", "seed" or "count"
        self.number = number  # the roll's number in its game (1 = the first), or the throw's
        self.action = action  # the action's index in its game's list (1 = the first)
        self.expected = expected
        self.recorded = recorded
        self.reason = reason

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "kind": self.kind,
            "number": self.number,
            "action": self.action,
            "expected": None if self.expected is None else list(self.expected),
            "recorded": None if self.recorded is None else list(self.recorded),
            "reason": self.reason,
        }

    def message(self) -> str:
        if self.kind == "seed":
            return self.reason
        if self.kind == "count":
            return f"game {self.game}: {self.reason}"
        where = f"opening throw {self.number}" if self.kind == "opening" else f"roll {self.number}"
        return (
            f"game {self.game}, {where} (action {self.action}): the seed gives "
            f"{_dice_text(self.expected)}, the record has {_dice_text(self.recorded)}"
        )


def _dice_text(dice) -> str:
    return "-".join(map(str, dice)) if dice else "nothing"


class Verification:
    """What ``verify_record`` found: ``ok``, ``rolls`` (throws that matched, opening throws
    included), ``games`` checked, ``failure`` (a ``Failure``) or ``unavailable`` (a reason
    the record cannot be checked: its dice were typed in, not drawn from a seed)."""

    __slots__ = ("ok", "rolls", "games", "failure", "unavailable")

    def __init__(self, ok, rolls=0, games=0, failure=None, unavailable=None):
        self.ok = ok
        self.rolls = rolls
        self.games = games
        self.failure = failure
        self.unavailable = unavailable

    def message(self) -> str:
        if self.unavailable:
            return self.unavailable
        if self.ok:
            return (
                f"verified: {self.rolls} throw{'' if self.rolls == 1 else 's'} in "
                f"{self.games} game{'' if self.games == 1 else 's'} match the seed"
            )
        return "not verified: " + self.failure.message()

    def to_dict(self) -> dict:
        return {
            "ok": self.ok,
            "rolls": self.rolls,
            "games": self.games,
            "failure": self.failure.to_dict() if self.failure else None,
            "unavailable": self.unavailable,
            "message": self.message(),
        }


def record_games(record) -> list:
    """``[(game seed, dice per roll, actions, dice_used or None), …]`` of a record: a saved
    session or match (``"games"``, as the page saves and exports it) or one game's record
    (``record.game_record``: ``"actions"``). Every field this check reads is checked for its type
    first; anything else raises NardyError ``bad_record`` (or the error of a game, option or
    state text that does not exist)."""
    if not isinstance(record, dict):
        raise _bad("a dice record is a JSON object")
    seed = _optional(record, "seed", str, "text")
    first = _start_variant(record)
    if "games" in record:
        kind = _optional(record, "kind", str, "text")
        games = record["games"]
        if not isinstance(games, (list, tuple)):
            raise _bad(f"the record's games are a list, not {_shown(games)}", field="games")
        if kind is not None:
            kind = get_match_kind(kind)
        out = []
        for index, actions in enumerate(games):
            if kind is not None:
                key = kind.game_key(index)
            else:
                key = first or _game(record)
            out.append(
                (
                    None if seed is None else game_seed(seed, index + 1),
                    _dice_count(key),
                    _actions(actions, index + 1),
                    None,
                )
            )
        return out
    if "actions" in record:
        used = _optional(record, "dice_used", int, "a whole number")
        if used is not None and used < 0:
            raise _bad(f"dice_used is a count of bytes, not {used}")
        return [(seed, _dice_count(first or _game(record)), _actions(record["actions"], 1), used)]
    raise _bad('not a game record: it has neither "games" nor "actions"')


def _bad(message, **params):
    return NardyError(message, code="bad_record", **params)


def _optional(record, key, kind, what):
    value = record.get(key)
    if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
        raise _bad(f"the record's {key} is {what}, not {_shown(value)}", field=key)
    return value


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _game(record) -> str:
    key = _optional(record, "game", str, "text")
    if key is None:
        raise _bad("the record names no game", field="game")
    return key


def _start_variant(record):
    start = _optional(record, "start", str, "a state text")
    if start:
        return parse_state(start)[0].variant.key
    return None


def _dice_count(key) -> int:
    return get_variant(key).dice_count


def _actions(actions, number) -> list | tuple:
    if not isinstance(actions, (list, tuple)):
        raise _bad(f"game {number}: its actions are not a list", game=number)
    return actions


def verify_record(record, seed=None) -> Verification:
    """Recompute every throw of ``record`` from ``seed`` (the record's own seed when None) and
    compare. A record whose dice were typed in (``"dice": "recorded"``) has no seed to check."""
    if isinstance(record, dict) and record.get("dice") == "recorded":
        return Verification(
            False,
            unavailable="the dice of this record were written in it, "
            "not drawn from a seed: there is nothing to verify",
        )
    games = record_games(record)
    own = record.get("seed")
    if seed is None:
        if own is None:
            return Verification(False, unavailable="the record has no seed")
        seed = own
    seed = str(seed)
    if own is not None and str(own) != seed and not _is_game_of(str(own), seed):
        return Verification(
            False,
            failure=Failure(
                1,
                "seed",
                0,
                0,
                None,
                None,
                f"the record was played from seed {own!r}, not from {seed!r}",
            ),
        )
    if "games" not in record:  # one game's record: its seed may be "<match seed>/<n>"
        games = [(str(own) if own is not None else seed,) + tuple(games[0][1:])]
    checked = 0
    for number, (stream_seed, count, actions, used) in enumerate(games, 1):
        failure, done = _check_game(number, Dice(stream_seed), count, actions, used)
        checked += done
        if failure is not None:
            return Verification(False, checked, number, failure)
    return Verification(True, checked, len(games))


def _is_game_of(own, seed) -> bool:
    head, sep, tail = own.rpartition("/")
    return bool(sep) and head == seed and tail.isdigit()


def _check_game(number, dice, count, actions, used):
    checked = 0
    rolls = 0
    for index, action in enumerate(actions, 1):
        if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str):
            raise _bad(f"game {number}, action {index}: not an action", game=number, action=index)
        name = action[0]
        if name == "opening":
            throws = _argument(action, number, index)
            for k, throw in enumerate(throws, 1):
                expected = dice.roll(2)
                recorded = _dice(throw, 2, number, index)
                if recorded != expected:
                    return Failure(number, "opening", k, index, expected, recorded), checked
                checked += 1
        elif name == "roll":
            rolls += 1
            expected = dice.roll(count)
            recorded = _dice(_argument(action, number, index), count, number, index)
            if recorded != expected:
                return Failure(number, "roll", rolls, index, expected, recorded), checked
            checked += 1
    if used is not None and used != dice.used:
        return Failure(
            number,
            "count",
            rolls,
            len(actions),
            None,
            None,
            f"the record says {used} bytes of the dice stream were used, its "
            f"throws use {dice.used} (a throw is missing from it)",
        ), checked
    return None, checked


def _argument(action, number, index):
    if len(action) < 2 or not isinstance(action[1], (list, tuple)):
        raise _bad(
            f"game {number}, action {index}: {action[0]} without its dice",
            game=number,
            action=index,
        )
    return action[1]


def _dice(dice, count, number, index) -> tuple:
    if (
        not isinstance(dice, (list, tuple))
        or len(dice) != count
        or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in dice)
    ):
        raise _bad(
            f"game {number}, action {index}: {_shown(dice)} is not a throw of {count} dice of 1-6",
            game=number,
            action=index,
        )
    return tuple(dice)


__all__ = [
    "commitment",
    "verify",
    "rolls",
    "iter_rolls",
    "game_seed",
    "verify_record",
    "record_games",
    "Verification",
    "Failure",
    "MAX_ROLLS_LISTED",
]
