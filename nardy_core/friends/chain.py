"""A hash chain: the secret a device commits to before a game with a friend (docs/dice.md,
"Playing a friend on another device").

``e[N]`` is the secret, ``e[i-1] = SHA-256("nardy-chain|" + e[i])`` cut to 16 bytes, ``e[0]`` the
public tip. Elements are revealed in order ``e[1], e[2], …``; each is checked by hashing it once
into the one before, and none can be computed from those before it.
"""

from __future__ import annotations

import hashlib
import secrets

from ..engine.errors import NardyError

LENGTH = 4096  # elements a chain holds: draws enough for a long match (a game uses < 200)
SIZE = 16  # bytes of an element


class ChainError(NardyError):
    """A revealed element that does not follow from the one before it."""

    code = "friend_chain"


def step(element: bytes) -> bytes:
    """The element before ``element`` in its chain."""
    return hashlib.sha256(b"nardy-chain|" + element).digest()[:SIZE]


class Chain:
    """A device's own chain, from its secret (kept on the device)."""

    __slots__ = ("secret", "tip", "_marks")

    def __init__(self, secret: bytes | None = None) -> None:
        self.secret = secrets.token_bytes(SIZE) if secret is None else bytes(secret)
        if len(self.secret) != SIZE:
            raise ChainError(f"a chain's secret has {SIZE} bytes", code="friend_chain")
        # every 64th element, kept so that any element costs at most 64 hashes
        self._marks: dict[int, bytes] = {}
        element = self.secret
        for index in range(LENGTH, 0, -1):
            if index % 64 == 0:
                self._marks[index] = element
            element = step(element)
        self.tip = element

    def element(self, index: int) -> bytes:
        """Element ``index`` (1 … LENGTH; 0 is the tip)."""
        if not 0 <= index <= LENGTH:
            raise ChainError(
                f"the game has used all {LENGTH} draws of its dice chain",
                code="friend_chain_used",
            )
        if index == 0:
            return self.tip
        mark = -(-index // 64) * 64
        element = self._marks[mark]
        for _ in range(mark - index):
            element = step(element)
        return element


def follows(previous: bytes, element: bytes) -> bool:
    """Whether ``element`` is the element after ``previous`` in their chain."""
    return len(element) == SIZE and step(element) == previous
