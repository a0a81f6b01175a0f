"""The translations: gettext catalogues read with the standard library's ``gettext``.

The English texts are the source (the msgids); every other language comes from the compiled
catalogue ``nardy_core/locale/<lang>/LC_MESSAGES/nardy.mo``, read with ``importlib.resources``
(so it works from the wheel in Pyodide too). Each text has a context (msgctxt) that says where
it is, so that equal English in two places can be translated differently:

* the page's words (``ui/texts/page.json``): ``page:<key>``;
* the games' texts (``variants/texts/<file>.json``): ``<file stem>:<path>``, the path of the text
  in the file with ``:`` between keys and list indices (``long:rules:3:p``,
  ``common:options:max_cube:choices:0:help``);
* the games' names: ``game:<key>``; the mixed matches' names: ``match:<kind>``.

The ``.po`` files are edited (Poedit), the ``.pot`` template is extracted from the texts files and
the code, the ``.mo`` files are compiled at build time and never committed:
``python tools/i18n.py extract|update|compile`` (Babel, a development tool only).

A language of ``LANGUAGES`` other than English whose ``.mo`` is missing (a copy installed where
the compile never ran) is read from its ``.po``, compiled in memory (``pofile``); with neither,
``CatalogueMissing`` says to run ``python tools/i18n.py compile``. English never needs a
catalogue; a language not in ``LANGUAGES`` reads as English.

A text may also carry its translations inline (``{"en": ..., "ru": ...}``, a game registered
from outside this package, which has no entry in our catalogues): the catalogue's translation
comes first, then the inline one, then the English.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, cast

from .pofile import mo_bytes

SOURCE = "en"
LANGUAGES = ("en", "ru")
DOMAIN = "nardy"

_TRANSLATIONS: dict[str, gettext.NullTranslations] = {}


class CatalogueMissing(RuntimeError):
    """A language's compiled catalogue (``.mo``) is not there."""


def translation(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (cached): English and unknown languages translate nothing."""
    found = _TRANSLATIONS.get(lang)
    if found is not None:
        return found
    if lang == SOURCE or lang not in LANGUAGES:
        found = gettext.NullTranslations()
    else:
        found = gettext.GNUTranslations(io.BytesIO(_compiled(lang)))
    _TRANSLATIONS[lang] = found
    return found


def _compiled(lang: str) -> bytes:
    """The ``.mo`` of ``lang``: the compiled file, else (a copy installed without the compile
    step) its ``.po`` compiled here; ``CatalogueMissing`` when neither is there."""
    folder = resources.files("nardy_core").joinpath("locale", lang, "LC_MESSAGES")
    try:
        return folder.joinpath(DOMAIN + ".mo").read_bytes()
    except OSError:
        pass
    try:
        return mo_bytes(folder.joinpath(DOMAIN + ".po").read_text(encoding="utf-8"))
    except OSError as exc:
        raise CatalogueMissing(
            f"no catalogue nardy_core/locale/{lang}/LC_MESSAGES/{DOMAIN}.mo (nor its .po): "
            "run `python tools/i18n.py compile` (tools/setup.sh and tools/build_web.py do)"
        ) from exc


def gettext_(lang: str, msgid: str) -> str:
    return translation(lang).gettext(msgid)


def pgettext(lang: str, context: str, msgid: str) -> str:
    return translation(lang).pgettext(context, msgid)


def npgettext(lang: str, context: str, singular: str, plural: str, count: int) -> str:
    return translation(lang).npgettext(context, singular, plural, count)


def localised(lang: str, context: str, text: Mapping[str, str]) -> str:
    """A text (``{"en": ..., maybe other languages inline}``) in ``lang``: the catalogue's
    translation, else the inline one, else the English."""
    english = text["en"]
    if lang == SOURCE:
        return english
    found = pgettext(lang, context, english)
    if found != english:
        return found
    return text.get(lang) or english


def nlocalised(lang: str, text: Mapping[str, str], count: int) -> str:
    """A plural text (``{"en": singular, "plural": plural, "context": msgctxt}``, as ``localise``
    leaves it) in ``lang`` for ``count``: the catalogue's form (ngettext: the language's own
    plural rule from the catalogue's header), else the English one."""
    return npgettext(lang, text["context"], text["en"], text["plural"], count)


def _is_text(data: object) -> bool:
    return isinstance(data, dict) and isinstance(data.get("en"), str)


def _map_texts(
    data: object, on_text: Callable[[str, dict[str, Any]], object], path: str = ""
) -> object:
    """``data`` with every text (a dict with an ``"en"`` string) replaced by ``on_text(path,
    text)``: the one walk that names a text's place (``rules:3:p``), shared by the reader and
    the extractor so that both give a text the same context."""
    if _is_text(data):
        return on_text(path, cast("dict[str, Any]", data))
    if isinstance(data, dict):
        return {
            k: _map_texts(v, on_text, f"{path}:{k}" if path else str(k)) for k, v in data.items()
        }
    if isinstance(data, list):
        return [
            _map_texts(v, on_text, f"{path}:{i}" if path else str(i)) for i, v in enumerate(data)
        ]
    return data


def localise(data: object, stem: str) -> object:
    """A texts file's data with every text (a dict with an ``"en"`` string) replaced by
    ``{lang: text in lang}`` for every language of ``LANGUAGES`` (contexts as above); a plural
    text (``{"en": singular, "plural": plural}``) gets its ``"context"`` and is read with
    ``nlocalised``."""

    def one(path: str, text: dict[str, Any]) -> object:
        context = f"{stem}:{path}"
        if isinstance(text.get("plural"), str):
            return {"en": text["en"], "plural": text["plural"], "context": context}
        return {lang: localised(lang, context, text) for lang in LANGUAGES}

    return _map_texts(data, one)


def texts_in(data: object) -> list[tuple[str, str, str | None]]:
    """``[(path, English, English plural or None), ...]`` of every text of a texts file's data,
    in file order (what ``tools/babel_extract.py`` extracts; the context is ``<stem>:<path>``)."""
    found: list[tuple[str, str, str | None]] = []

    def one(path: str, text: dict[str, Any]) -> object:
        plural = text.get("plural")
        found.append((path, text["en"], plural if isinstance(plural, str) else None))
        return text

    _map_texts(data, one)
    return found


def name_in(lang: str, context: str, names: Mapping[str, str]) -> str:
    """A game's or a match's name (``names``: ``{"en": ..., maybe others inline}``) in
    ``lang``; ``context``: ``game:<key>`` or ``match:<kind>``."""
    return localised(lang, context, names)


def game_name(variant: object, lang: str) -> str:
    """A game's name (a ``Variant`` class or instance) in ``lang``."""
    names: Mapping[str, str] = getattr(variant, "names")  # noqa: B009
    return name_in(lang, f"game:{getattr(variant, 'key')}", names)  # noqa: B009
