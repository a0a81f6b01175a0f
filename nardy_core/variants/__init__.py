"""The registry of games: ``get_variant("long", {"head_exception": "list"})``;
``register_variant(cls)`` adds one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.errors import OptionError
from ..engine.variant import Variant
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

if TYPE_CHECKING:
    from collections.abc import Mapping

_V = TypeVar("_V", bound=type[Variant])

VARIANTS: dict[str, type[Variant]] = {
    cls.key: cls
    for cls in (
        LongNardy,
        ShortNardy,
        CaucasianNardy,
        Fayles,
        Tawula,
        TourneCase,
        Khachapuri,
        Fevga,
        Moultezim,
        Plakoto,
        Gioul,
        GulBara,
    )
}
VARIANTS.update((cls.key, cls) for cls in _BACKGAMMON_FAMILY)
_TAG = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a link code's tag (formats/linkcode.py)


def _link_names(cls: type[Variant]) -> set[str]:
    """What a link code may call ``cls`` by: its tag, and its key (the reader takes both)."""
    return {cls.key, cls.link_name()}


def register_variant(cls: _V, replace: bool = False) -> _V:
    """Add the game ``cls`` (a ``Variant`` subclass) to the registry, after the others: from
    then on the CLI, link codes, the page's game lists and the Rules panel know it
    (docs/architecture.md, "Adding a game"). Checks what would break another game: a key or a
    link tag another game already has (``replace``: a game of the same key is replaced).
    Returns ``cls``, so it also serves as a class decorator."""
    if not (isinstance(cls, type) and issubclass(cls, Variant)):
        raise TypeError(f"a game is a Variant subclass, not {cls!r}")
    if not _TAG.fullmatch(cls.key or "") or not _TAG.fullmatch(cls.link_name()):
        raise ValueError(
            f"{cls.__name__}: key {cls.key!r} and link tag {cls.link_name()!r} must "
            "be lower-case letters, digits and _ (a letter first, at most 32)"
        )
    if not cls.names.get("en"):
        raise ValueError(f"{cls.__name__}: names has no English name")
    if cls.key in VARIANTS and not replace:
        raise ValueError(f"a game {cls.key!r} is already registered")
    for other in VARIANTS.values():
        if other.key != cls.key and _link_names(other) & _link_names(cls):
            raise ValueError(
                f"{cls.__name__}: link tag {cls.link_name()!r} or key {cls.key!r} is "
                f"already {other.key!r}'s in link codes"
            )
    VARIANTS[cls.key] = cls
    return cls


def unregister_variant(key: str) -> None:
    """Remove a game added by ``register_variant`` (tests); unknown keys are ignored."""
    VARIANTS.pop(key, None)


def get_variant(key: str, options: Mapping[str, Any] | None = None) -> Variant:
    cls = VARIANTS.get(key) if isinstance(key, str) else None
    if cls is None:
        raise OptionError(
            f"unknown game {key!r} (games: {', '.join(VARIANTS)})",
            code="unknown_game",
            game=str(key),
        )
    return cls(options)


__all__ = [
    "VARIANTS",
    "get_variant",
    "register_variant",
    "unregister_variant",
    "LongNardy",
    "ShortNardy",
    "CaucasianNardy",
    "Fayles",
    "Tawula",
    "TourneCase",
    "Khachapuri",
    "Fevga",
    "Moultezim",
    "Plakoto",
    "Gioul",
    "GulBara",
]
