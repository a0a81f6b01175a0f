"""The registry of games: ``get_variant("long", {"head_exception": "list"})``."""

from ..engine.errors import OptionError
from .backgammon_family import GAMES as _BACKGAMMON_FAMILY
from .caucasian import CaucasianNardy
from .escalate import Gioul, GulBara
from .fayles import Fayles
from .fevga import Fevga, Moultezim
from .khachapuri import Khachapuri
from .long import LongNardy
from .plakoto import Plakoto
from .short import ShortNardy
from .tawula import Tawula
from .tourne_case import TourneCase

VARIANTS = {cls.key: cls for cls in (LongNardy, ShortNardy, CaucasianNardy, Fayles,
                                     Tawula, TourneCase, Khachapuri, Fevga, Moultezim,
                                     Plakoto, Gioul, GulBara)}
VARIANTS.update((cls.key, cls) for cls in _BACKGAMMON_FAMILY)


def get_variant(key, options=None):
    cls = VARIANTS.get(key) if isinstance(key, str) else None
    if cls is None:
        raise OptionError(f"unknown game {key!r} (games: {', '.join(VARIANTS)})",
                          code="unknown_game", game=str(key))
    return cls(options)


__all__ = ["VARIANTS", "get_variant", "LongNardy", "ShortNardy", "CaucasianNardy", "Fayles",
           "Tawula", "TourneCase", "Khachapuri", "Fevga", "Moultezim",
           "Plakoto", "Gioul", "GulBara"]
