"""Playing a friend on another device with no server: turns travel as links, and the dice come
from two hash chains, one per player, so that neither can choose or foresee a roll
(docs/dice.md, "Playing a friend on another device")."""

from .chain import Chain
from .protocol import FriendError, FriendGame, Invitation, codes_in, record_of_links, verify

__all__ = [
    "Chain",
    "FriendError",
    "FriendGame",
    "Invitation",
    "codes_in",
    "record_of_links",
    "verify",
]
