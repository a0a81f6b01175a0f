"""Dice from a seed: the same seed gives the same rolls on every platform.

Die values come from the byte stream SHA-256(seed + "/" + block number), block after block;
a byte below 252 gives ``byte % 6 + 1`` and bytes 252-255 are skipped, so every face has
probability exactly 1/6. Anyone holding the seed can recompute every roll (docs/dice.md).
"""

from __future__ import annotations

import hashlib
import secrets

MAX_SEED = 4096  # the longest seed, in characters (the page makes 32; game k of S is "S/k")


class Dice:
    __slots__ = ("seed", "used", "_block", "_block_index")

    def __init__(self, seed=None, used: int = 0):
        self.seed = secrets.token_hex(16) if seed is None else str(seed)
        _check_seed(self.seed)
        self.used = 0          # bytes of the stream consumed so far (the generator's state)
        self._block = b""
        self._block_index = -1
        self._skip(used)

    def _byte(self) -> int:
        index, offset = divmod(self.used, 32)
        if index != self._block_index:
            self._block = hashlib.sha256(f"{self.seed}/{index}".encode()).digest()
            self._block_index = index
        self.used += 1
        return self._block[offset]

    def _skip(self, count: int) -> None:
        for _ in range(count):
            self._byte()

    def die(self) -> int:
        while True:
            b = self._byte()
            if b < 252:
                return b % 6 + 1

    def roll(self, count: int = 2) -> tuple:
        return tuple(self.die() for _ in range(count))

    def commitment(self) -> str:
        """SHA-256 of the seed: published before the first roll, checked after the game."""
        return hashlib.sha256(self.seed.encode()).hexdigest()

    def state(self) -> dict:
        return {"seed": self.seed, "used": self.used}

    @classmethod
    def from_state(cls, state: dict) -> "Dice":
        return cls(state["seed"], int(state.get("used", 0)))


def _check_seed(seed):
    """A seed is hashed as UTF-8 text: one that has no UTF-8 form (a lone surrogate, which a
    command line's undecodable bytes become) or that would make every block's hash long is
    refused before any die is thrown."""
    from .errors import NardyError
    if len(seed) > MAX_SEED:
        raise NardyError(f"a dice seed has at most {MAX_SEED} characters, not {len(seed)}",
                         code="bad_seed", length=len(seed), limit=MAX_SEED)
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise NardyError(f"the dice seed {seed!r} is not text that UTF-8 can write",
                         code="bad_seed") from None
