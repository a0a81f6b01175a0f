"""Playing a friend on another device with no server: turns travel as links, and the dice come
from two hash chains, one per player, so that neither can choose or foresee a roll
(docs/dice.md, "Playing a friend on another device")."""

from .chain import Chain
from .protocol import FriendError, FriendGame, Invitation, verify

__all__ = ["Chain", "FriendError", "FriendGame", "Invitation", "verify"]
