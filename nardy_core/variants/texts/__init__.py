"""Every player-facing text of the games, as data: one JSON file per game, ``<key>.json``, and
``common.json`` for what several games share. Shipped in the wheel (``pyproject.toml``,
``[tool.setuptools.package-data]``) and read with ``importlib.resources``.

Every text is a JSON object ``{"en": ...}`` (a *text* below): English, the source and the gettext
msgid. Its translations are in the gettext catalogues (``nardy_core/locale/<lang>/LC_MESSAGES/
nardy.po``, context ``<file stem>:<path of the text in the file>``: ``nardy_core/variants/i18n.py``);
``read`` gives every text as ``{lang: text}`` for every language of ``LANGS``, the catalogue's
translation or else the English. A game from outside the package, which has no entries in our
catalogues, may write its translations inline (``{"en": ..., "ru": ...}``): they are used where the
catalogue has none. A plural text, ``{"en": singular, "plural": plural}`` (``words.points``),
is an ngettext message, read with ``i18n.nlocalised(lang, text, count)``. A text holds plain words
with at most ``<b>…</b>`` in it; ``{n}`` stands for a number where one is inserted. After changing
an English text: ``python tools/i18n.py extract``, ``update``, translate in the ``.po``,
``compile``.

``<key>.json`` (a game; the game's English name is code, ``Variant.names``, translated in the
catalogues with context ``game:<key>``)::

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
from typing import TYPE_CHECKING, Any, cast

from ..i18n import LANGUAGES, localise

if TYPE_CHECKING:
    from ...engine.variant import Variant

LANGS = LANGUAGES
_CACHE: dict[tuple[str, str], dict[str, Any]] = {}


def read(package: str, name: str) -> dict[str, Any]:
    """The JSON file ``name`` of ``package`` (cached), or ``{}`` when there is none, each text
    as ``{lang: text}`` (translated: ``i18n.localise``)."""
    found = _CACHE.get((package, name))
    if found is None:
        try:
            text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            text = "{}"
        stem = name.rsplit(".", 1)[0]
        found = _CACHE[(package, name)] = cast("dict[str, Any]", localise(json.loads(text), stem))
    return found


def common() -> dict[str, Any]:
    """The texts several games share (``common.json``)."""
    return read(__name__, "common.json")


def of_game(variant: type[Variant] | Variant) -> dict[str, Any]:
    """The texts of a game (a ``Variant`` class or instance): ``{}`` when it has none."""
    return read(getattr(variant, "texts_package", None) or __name__, f"{variant.key}.json")
