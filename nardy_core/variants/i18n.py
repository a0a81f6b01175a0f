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
import struct
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from typing import Any, cast

from .pofile import mo_bytes, po_header

SOURCE = "en"
DOMAIN = "nardy"
# languages written right to left: their pages set dir="rtl" (the board keeps its geometry)
RTL = frozenset({"ar", "fa", "he", "ur", "ps", "ckb"})
# where a language has no catalogue, the one its players most likely read (the rest: English)
FALLBACKS = {"kk": "ru", "ky": "ru", "uz": "ru", "tg": "ru", "tk": "ru", "be": "ru"}


def _discover() -> tuple[str, ...]:
    """English, then every language with a catalogue under ``nardy_core/locale`` (a ``.po`` or
    its compiled ``.mo``), in code order: adding a language is adding its folder."""
    found: set[str] = set()
    try:
        for folder in resources.files("nardy_core").joinpath("locale").iterdir():
            messages = folder.joinpath("LC_MESSAGES")
            if any(messages.joinpath(DOMAIN + s).is_file() for s in (".po", ".mo")):
                found.add(folder.name)
    except (OSError, FileNotFoundError):
        pass
    found.discard(SOURCE)
    return (SOURCE, *sorted(found))


LANGUAGES = _discover()

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


def match_language(tag: object) -> str | None:
    """The language of ``LANGUAGES`` for one tag (a browser's ``"ru-RU"``, a locale's
    ``"uk_UA.UTF-8"``, a choice's ``"tr"``): its own where it has a catalogue, else its fallback
    (``FALLBACKS``: Kazakh, Kyrgyz, Uzbek, Tajik, Turkmen and Belarusian read Russian), else
    None. ``C`` and ``POSIX`` name no language."""
    if not isinstance(tag, str):
        return None
    for part in tag.split(":"):  # LANGUAGE may list several: "uk:ru"
        code = part.strip().replace("_", "-").split(".")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if FALLBACKS.get(code) in LANGUAGES:
            return FALLBACKS[code]
    return None


def best_language(*tags: object) -> str:
    """The language for the first tag of ``tags`` that ``match_language`` knows (the browser's
    languages in the player's order; the locale's variables); English when none."""
    for tag in tags:
        found = match_language(tag)
        if found is not None:
            return found
    return SOURCE


def direction(lang: str) -> str:
    """``"rtl"`` for a language written right to left, else ``"ltr"``."""
    return "rtl" if lang in RTL else "ltr"


def about(lang: str) -> dict[str, str]:
    """What a language's catalogue says of itself, from its header alone (the menu lists every
    language without loading every catalogue): ``name`` (the language in its own name,
    ``X-Native-Name``) and ``reviewed`` (``X-Reviewed-By``: empty until a speaker of the language
    has read the whole catalogue)."""
    if lang == SOURCE:
        return {"name": "English", "reviewed": "the nardy project"}
    header = _header(lang)
    return {
        "name": header.get("X-Native-Name", lang),
        "reviewed": header.get("X-Reviewed-By", ""),
    }


_HEADERS: dict[str, dict[str, str]] = {}


def _header(lang: str) -> dict[str, str]:
    found = _HEADERS.get(lang)
    if found is None:
        found = _HEADERS[lang] = _read_header(lang)
    return found


def _read_header(lang: str) -> dict[str, str]:
    folder = resources.files("nardy_core").joinpath("locale", lang, "LC_MESSAGES")
    try:
        raw = folder.joinpath(DOMAIN + ".mo").read_bytes()
    except OSError:
        try:
            return po_header(folder.joinpath(DOMAIN + ".po").read_text(encoding="utf-8"))
        except OSError:
            return {}
    return _mo_header(raw)


def _mo_header(raw: bytes) -> dict[str, str]:
    """The header of a compiled catalogue: the translation of the empty msgid, which sorts first
    (the GNU .mo layout: magic, revision, count, then the offsets of the two string tables)."""
    try:
        order = "<" if raw[:4] == b"\xde\x12\x04\x95" else ">"
        _, _, count, originals, translations = struct.unpack(order + "5I", raw[:20])
        if not count:
            return {}
        length, offset = struct.unpack(order + "2I", raw[originals : originals + 8])
        if length:
            return {}  # no header entry
        length, offset = struct.unpack(order + "2I", raw[translations : translations + 8])
        text = raw[offset : offset + length].decode("utf-8")
    except (struct.error, UnicodeDecodeError):
        return {}
    header = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            header[key.strip()] = value.strip()
    return header


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


class Localised(Mapping[str, str]):
    """A text as ``{lang: text in lang}`` for every language of ``LANGUAGES``, each looked up in
    its catalogue when first asked for: a page in Greek never loads the other catalogues."""

    __slots__ = ("_context", "_text", "_found")

    def __init__(self, context: str, text: Mapping[str, str]) -> None:
        self._context = context
        self._text = text
        self._found: dict[str, str] = {}

    def __getitem__(self, lang: str) -> str:
        found = self._found.get(lang)
        if found is None:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            found = self._found[lang] = localised(lang, self._context, self._text)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)

    def __repr__(self) -> str:
        return f"Localised({self._context!r}, {self._text['en']!r})"


class PerLanguage(Mapping[str, Any]):
    """``{lang: build(lang)}`` for every language of ``LANGUAGES``, each built when first asked
    for (a table of the games' names or rules panels that loads no catalogue before it is read)."""

    __slots__ = ("_build", "_found")

    def __init__(self, build: Callable[[str], Any]) -> None:
        self._build = build
        self._found: dict[str, Any] = {}

    def __getitem__(self, lang: str) -> Any:
        if lang not in self._found:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            self._found[lang] = self._build(lang)
        return self._found[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


class WithTexts(dict[str, Any]):
    """A dict whose language keys (``"en"``, ``"ru"``, …) are read from a text (a ``Localised``)
    when first asked for, beside its other keys (an option's ``title``, ``choices``…)."""

    def __init__(self, text: Mapping[str, str]) -> None:
        super().__init__()
        self._text = text

    def __missing__(self, key: str) -> Any:
        if key in LANGUAGES:
            found = self[key] = self._text[key]
            return found
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in LANGUAGES


def localise(data: object, stem: str) -> object:
    """A texts file's data with every text (a dict with an ``"en"`` string) replaced by a
    ``Localised`` mapping ``{lang: text in lang}`` (contexts as above); a plural text (``{"en":
    singular, "plural": plural}``) gets its ``"context"`` and is read with ``nlocalised``."""

    def one(path: str, text: dict[str, Any]) -> object:
        context = f"{stem}:{path}"
        if isinstance(text.get("plural"), str):
            return {"en": text["en"], "plural": text["plural"], "context": context}
        return Localised(context, text)

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
