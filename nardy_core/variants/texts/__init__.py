"""Every player-facing text of the games, as data: one JSON file per game, ``<key>.json``, and
``common.json`` for what several games share. Shipped in the wheel (``pyproject.toml``,
``[tool.setuptools.package-data]``) and read with ``importlib.resources``.

Every text is a JSON object ``{"en": ..., "ru": ...}`` (a *text* below): English is the source
(the future gettext msgid), the other languages its translations. A text holds plain words with
at most ``<b>…</b>`` in it; ``{n}`` stands for a number where one is inserted.

``<key>.json`` (a game; the game's names are code: ``Variant.names``)::

    {"about": {"line": text, "region": text},      # the game picker's line and region
     "rules": [block, ...],                          # the Rules panel's summary, in order
     "options": {option_key: option, ...}}           # the options only this game has

    block:  {"p": text} | {"h3": text} | {"ul": [text, ...]}   # a paragraph, a heading, a list
    option: {"title": text,                          # the question the option answers
             "help": text,                           # what it does, one sentence
             "source": text,                         # where the rule is written down
             "choices": {value: {"help": text, "words": text}, ...}}  # named values only

``common.json``: ``{"words": {name: text}`` (the Rules panel's own words), ``"groups": {group:
text}`` (the picker's headings), ``"matches": {kind: {"about": ...}}`` (mixed matches, as a
game's ``about``), ``"options": {option_key: option}`` (options several games share)}.

A game registered from outside this package names the package that holds its ``<key>.json``
in ``Variant.texts_package``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...engine.variant import Variant

LANGS = ("en", "ru")
_CACHE: dict[tuple[str, str], dict[str, Any]] = {}


def read(package: str, name: str) -> dict[str, Any]:
    """The JSON file ``name`` of ``package`` (cached), or ``{}`` when there is none."""
    found = _CACHE.get((package, name))
    if found is None:
        try:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            text = "{}"
        found = _CACHE[(package, name)] = json.loads(text)
    return found


def common() -> dict[str, Any]:
    """The texts several games share (``common.json``)."""
    return read(__name__, "common.json")


def of_game(variant: type[Variant] | Variant) -> dict[str, Any]:
    """The texts of a game (a ``Variant`` class or instance): ``{}`` when it has none."""
    return read(getattr(variant, "texts_package", None) or __name__, f"{variant.key}.json")
