"""The registry of games: ``get_variant("long", {"head_exception": "list"})``."""

from ..errors import OptionError
from .caucasian import CaucasianNardy
from .long import LongNardy
from .short import ShortNardy

VARIANTS = {cls.key: cls for cls in (LongNardy, ShortNardy, CaucasianNardy)}


def get_variant(key, options=None):
    cls = VARIANTS.get(key)
    if cls is None:
        raise OptionError(f"unknown game {key!r} (games: {', '.join(VARIANTS)})",
                          code="unknown_game", game=str(key))
    return cls(options)


__all__ = ["VARIANTS", "get_variant", "LongNardy", "ShortNardy", "CaucasianNardy"]
