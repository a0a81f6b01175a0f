"""Dice from a seed: the same seed gives the same rolls on every platform.

Die values come from the byte stream SHA-256(seed + "/" + block number), block after block;
a byte below 252 gives ``byte % 6 + 1`` and bytes 252-255 are skipped, so every face has
probability exactly 1/6. Anyone holding the seed can recompute every roll (docs/dice.md).
The stream is counter-based: byte ``n`` is in block ``n // 32``, so going on from a saved
position of the stream costs one hash, however far into it that is.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from .errors import GameStateError, NardyError

# The most bytes of the stream a record may say were used: 2**53 - 1, the largest count a
# JSON reader in a browser holds exactly (a game uses a few hundred).
MAX_USED = 2**53 - 1
MAX_SEED = 4096  # the longest seed, in characters (the page makes 32; game k of S is "S/k")


class Dice:
    __slots__ = ("seed", "used", "_block", "_block_index")

    def __init__(self, seed: object = None, used: int = 0) -> None:
        """``used``: bytes of the stream already consumed (a saved game's ``dice_used``), an
        int from 0 to ``MAX_USED`` (``GameStateError`` ``dice_used`` otherwise)."""
        self.seed = secrets.token_hex(16) if seed is None else str(seed)
        check_seed(self.seed)
        if type(used) is not int or not 0 <= used <= MAX_USED:
            raise GameStateError(
                f"the count of dice bytes used must be a whole number from 0 "
                f"to {MAX_USED}, not {used!r:.40}",
                code="dice_used",
                limit=MAX_USED,
            )
        self.used = used  # bytes of the stream consumed so far (the generator's state)
        self._block = b""
        self._block_index = -1

    def _byte(self) -> int:
        index, offset = divmod(self.used, 32)
        if index != self._block_index:
            self._block = hashlib.sha256(f"{self.seed}/{index}".encode()).digest()
            self._block_index = index
        self.used += 1
        return self._block[offset]

    def die(self) -> int:
        while True:
            b = self._byte()
            if b < 252:
                return b % 6 + 1

    def roll(self, count: int = 2) -> tuple[int, ...]:
        return tuple(self.die() for _ in range(count))

    def commitment(self) -> str:
        """SHA-256 of the seed: published before the first roll, checked after the game."""
        return hashlib.sha256(self.seed.encode()).hexdigest()

    def state(self) -> dict[str, Any]:
        return {"seed": self.seed, "used": self.used}

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Dice:
        return cls(state["seed"], int(state.get("used", 0)))


def check_seed(seed: str) -> None:
    """A seed is hashed as UTF-8 text: one that has no UTF-8 form (a lone surrogate, which a
    command line's undecodable bytes become) or that would make every block's hash long is
    refused before any die is thrown."""
    if len(seed) > MAX_SEED:
        raise NardyError(
            f"a dice seed has at most {MAX_SEED} characters, not {len(seed)}",
            code="bad_seed",
            length=len(seed),
            limit=MAX_SEED,
        )
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise NardyError(
            f"the dice seed {seed!r} is not text that UTF-8 can write", code="bad_seed"
        ) from None
