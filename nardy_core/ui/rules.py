"""The rules of every game, in English and Russian, for the page's "Rules" panel: a thin reader
and renderer. The texts are data, one JSON file per game beside the games
(``nardy_core/variants/texts/<key>.json``, ``common.json``; the format is in that package's
docstring); the games, their names and their options are the registry's
(``nardy_core.variants.VARIANTS``). Runs in Pyodide; no syntax newer than 3.11.

Tables (live views of the registry and its texts: a game registered later is in them)
------
``RULES = {game_key: {"en": html, "ru": html}}``
    A rules summary per game (setup, direction, dice and doubles, entering / hitting / blocking or
    pinning, special restrictions, bearing off, end of game and scoring, the cube where there is
    one), written from ``CORE_RULES.md`` and ``VARIANT_RULES.md`` with the **default** options:
    the game's name (``Variant.names``) as ``<h3>``, then its file's ``"rules"`` blocks.
    HTML uses only ``<h3> <p> <ul> <li> <b>``, no attributes.

``OPTIONS = {option_key: entry}``, every entry a dict::

    {"en": sentence, "ru": sentence,            # what the option does (one sentence)
     "title": {"en": ..., "ru": ...},           # a short name for the option
     "source": {"en": ..., "ru": ...},          # where the rule is written down
     "choices": {value: {"en": ..., "ru": ..., "words": {"en": ..., "ru": ...}}}}
                                                # only for options with named values

    ``value`` is the value's text form as the engine writes it (``Option.format``): ``"reroll"``,
    ``"LEGAL"``, ``"13"``; look-ups compare it case-insensitively. Yes/no and number options have
    no ``choices``: their sentence says what "on" or the number means.

``GAME_OPTIONS = {game_key: [option_key, ...]}``
    The options each game declares (``Variant.option_specs``), in the engine's order.

``DEFAULTS = {game_key: {option_key: text}}``
    Each game's default value of each of its options, as text (``"true"``, ``"0"``, ``"346"`` for a
    set of dice, a choice name), from the game's declaration.

``GAME_TITLES = {game_key: {"en": name, "ru": name}}``: the games' names (``Variant.names``'
English, translated by the catalogues: ``nardy_core/variants/i18n.py``).

Function
--------
``rules_html(game_key, lang, options=None, values=None) -> str``
    The game's text in ``lang`` (``"en"``/``"ru"``; anything else gives English) followed by an
    "Options" / "Варианты правил" section. ``options``: the option keys to list (a list/tuple of
    keys, of ``Option`` objects, a dict whose keys are option keys, or an ``OptionSet``); ``None``
    lists ``GAME_OPTIONS[game_key]``. ``values`` (optional ``{key: value}``): current values; a
    value that differs from the game's default is shown after the option ("in this game: …").
    Never raises: an unknown game gives a short "no rules text yet" paragraph, an unknown option key
    is listed by its key alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ..variants import VARIANTS
from ..variants import i18n as _i18n
from ..variants import texts as _texts

__all__ = [
    "RULES",
    "OPTIONS",
    "GAME_OPTIONS",
    "DEFAULTS",
    "GAME_TITLES",
    "rules_html",
    "option_text",
    "option_field",
    "option_fields",
    "rules_panel_html",
    "source_html",
    "number_words",
    "dieset_words",
    "NUMBER_CHOICES",
    "DIESET_CHOICES",
    "game_name",
    "render_blocks",
]

LANGS = _texts.LANGS

# ---------------------------------------------------------------------------------------------
# Reading the texts


def _pair(text, lang) -> str:
    """One text of a data file (``{"en": ..., "ru": ...}``) in ``lang``, else its English."""
    return text.get(lang) or text.get("en", "")


def render_blocks(blocks, lang) -> str:
    """A data file's ``"rules"`` blocks as HTML in ``lang``."""
    out = []
    for block in blocks:
        for tag, content in block.items():
            if tag == "ul":
                out.append(
                    "<ul>" + "".join(f"<li>{_pair(item, lang)}</li>" for item in content) + "</ul>"
                )
            else:
                out.append(f"<{tag}>{_pair(content, lang)}</{tag}>")
    return "".join(out)


def game_name(game, lang="en") -> str:
    """A registered game's name in ``lang`` (its English name where it has none)."""
    return _i18n.game_name(VARIANTS[game], lang)


class _View(Mapping):
    """A read-only table computed from the registry and the texts each time it is read (a game
    registered later is in it); ``build()`` returns the whole table as a dict."""

    def __init__(self, build):
        self._build = build

    def __getitem__(self, key):
        return self._build()[key]

    def __iter__(self):
        return iter(self._build())

    def __len__(self):
        return len(self._build())

    def __repr__(self):
        return repr(self._build())


_MEMO: dict[object, Any] = {}


def _memo(name, build):
    """``build()``, recomputed only when the registry changes."""
    stamp = tuple(VARIANTS.items())
    found = _MEMO.get(name)
    if found is None or found[0] != stamp:
        found = _MEMO[name] = (stamp, build())
    return found[1]


def _rules_table() -> dict:
    table = {}
    for key, cls in VARIANTS.items():
        blocks = _texts.of_game(cls).get("rules")
        if blocks:
            table[key] = _i18n.PerLanguage(partial(_rules_in, key, blocks))
    return table


def _rules_in(key: str, blocks: list, lang: str) -> str:
    return f"<h3>{_esc(game_name(key, lang))}</h3>" + render_blocks(blocks, lang)


def _entry(data) -> dict:
    """An option of a data file in ``OPTIONS``' shape."""
    entry = _i18n.WithTexts(data["help"])
    entry["title"] = data["title"]
    entry["source"] = data.get("source", {})
    if data.get("choices"):
        entry["choices"] = {}
        for value, texts in data["choices"].items():
            choice = _i18n.WithTexts(texts["help"])
            if "words" in texts:
                choice["words"] = texts["words"]
            entry["choices"][value] = choice
    return entry


def _options_table() -> dict:
    table: dict[str, Any] = {}
    for source in [_texts.common()] + [_texts.of_game(cls) for cls in VARIANTS.values()]:
        for key, data in source.get("options", {}).items():
            table.setdefault(key, _entry(data))
    return table


def _defaults_table() -> dict:
    return {
        key: {o.key: str(o.format(o.default)) for o in cls.option_specs}
        for key, cls in VARIANTS.items()
    }


RULES = _View(lambda: _memo("rules", _rules_table))
OPTIONS = _View(lambda: _memo("options", _options_table))
DEFAULTS = _View(lambda: _memo("defaults", _defaults_table))
GAME_OPTIONS = _View(
    lambda: {key: [o.key for o in cls.option_specs] for key, cls in VARIANTS.items()}
)
GAME_TITLES = _View(
    lambda: {key: _i18n.PerLanguage(partial(_i18n.game_name, cls)) for key, cls in VARIANTS.items()}
)


def _key_default(key):
    """The default of option ``key`` where no game says it: the one most games have."""

    def build():
        counts = {}
        for defaults in DEFAULTS.values():
            for k, value in defaults.items():
                counts.setdefault(k, {}).setdefault(value, 0)
                counts[k][value] += 1
        return {k: max(c, key=c.get) for k, c in counts.items()}

    return _memo("key_defaults", build).get(key)


def _declared_choices(game, key):
    """The values of option ``key`` that ``game`` declares (None: not a choice it has)."""
    cls = VARIANTS.get(game) if isinstance(game, str) else None
    for spec in getattr(cls, "option_specs", ()):
        if spec.key == key:
            choices = getattr(spec, "choices", None)
            return tuple(choices) if isinstance(choices, (tuple, list)) and choices else None
    return None


# The values a number or die-set option offers in a list (a value in force outside them is
# added), and how each reads: ``{key: (values, kind of words)}``.
NUMBER_CHOICES = {
    "max_cube": ((0, 2, 4, 8, 16, 32, 64, 128, 256), "limit"),
    "automatic_doubles": ((0, 1, 2, 3, 4), "times"),
    "koks_points": ((2, 3, 4, 5, 6), "points"),
    "home_mars_points": ((1, 2, 3, 4), "points"),
}
DIESET_CHOICES = {
    "head_exception_rolls": ((3, 4, 6), (4, 6), (6,), (3, 4, 5, 6), (1, 2, 3, 4, 5, 6), ()),
}

# ---------------------------------------------------------------------------------------------
# Rendering


def _words_table() -> _i18n.PerLanguage:
    """The Rules panel's own words per language, read when a language is first shown."""
    return _i18n.PerLanguage(
        lambda lang: {name: _pair(text, lang) for name, text in _texts.common()["words"].items()}
    )


_WORDS = _words_table()

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}


def _esc(value) -> str:
    try:
        text = value if isinstance(value, str) else str(value)
    except Exception:  # noqa: BLE001 - a value whose str() fails is shown as '?'
        text = "?"
    return "".join(_ESCAPES.get(c, c) for c in text)


def _lang(lang) -> str:
    return lang if isinstance(lang, str) and lang in LANGS else "en"


def _text(value) -> str:
    """A value as the engine writes it: True -> 'true', {6, 3, 4} -> '346'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (set, frozenset)):
        try:
            return "".join(str(v) for v in sorted(value))
        except TypeError:
            return ",".join(sorted(str(v) for v in value))
    return str(value)


def _same(a, b) -> bool:
    return _text(a).strip().lower() == _text(b).strip().lower()


def _option_keys(game, options):
    """``[(key, choices, default)]`` from whatever the caller passed as ``options``; choices and
    default are None unless an ``Option`` declaration says them."""
    if options is None:
        return [(k, None, None) for k in GAME_OPTIONS.get(game, [])]
    specs = getattr(options, "specs", None)  # an OptionSet
    if specs is not None:
        options = specs
    if isinstance(options, (str, bytes)):
        options = [options]
    keys, seen = [], set()
    try:
        for item in options:  # a dict iterates over its keys
            key = getattr(item, "key", item)
            if isinstance(key, bytes):
                key = key.decode("utf-8", "replace")
            if isinstance(key, str) and key and key not in seen:
                seen.add(key)
                choices = getattr(item, "choices", None)  # an Option declares its choices
                choices = tuple(choices) if isinstance(choices, (tuple, list)) and choices else None
                default = None
                if hasattr(item, "default") and hasattr(item, "format"):  # and its default
                    try:
                        default = str(item.format(item.default))
                    except Exception:  # noqa: BLE001 - fall back on the table
                        default = None
                keys.append((key, choices, default))
    except TypeError:
        return [(k, None, None) for k in GAME_OPTIONS.get(game, [])]
    return keys


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _offered(key, game, entry, choices=None):
    """The (name, texts) pairs of ``key``'s choices that ``game`` offers."""
    named = entry.get("choices", {})
    if choices is None:
        choices = _declared_choices(game, key)
    if choices is None:
        return list(named.items())
    wanted = {_text(c).lower() for c in choices}
    picked = [(n, t) for n, t in named.items() if n.lower() in wanted]
    return picked or list(named.items())


def _choice(entry, value):
    for name, texts in entry.get("choices", {}).items():
        if _same(name, value):
            return name, texts
    return None, None


def _dice(value):
    """A die set as a sorted tuple of faces, from a set, a list or its text ('346', 'none')."""
    if isinstance(value, (set, frozenset, list, tuple)):
        faces = value
    else:
        text = str(value).strip().lower()
        faces = [] if text in ("none", "") else [c for c in text if c.isdigit()]
    try:
        return tuple(sorted({int(f) for f in faces if 1 <= int(f) <= 6}))
    except (TypeError, ValueError):
        return ()


def _dice_text(faces) -> str:
    return "".join(str(f) for f in faces) or "none"


def dieset_words(faces, lang="en") -> str:
    """A set of doubles in words: (3, 4, 6) -> '3-3, 4-4 and 6-6'."""
    words = _WORDS[_lang(lang)]
    faces = _dice(faces)
    if not faces:
        return words["no_double"]
    if len(faces) == 6:
        return words["any_double"]
    names = ["%d-%d" % (f, f) for f in faces]
    if len(names) == 1:
        return names[0]
    return "%s %s %s" % (", ".join(names[:-1]), words["and"], names[-1])


def number_words(key, value, lang="en") -> str:
    """A number option's value in words: max_cube 0 -> 'No limit', koks_points 3 -> '3 points'."""
    words = _WORDS[_lang(lang)]
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        return _text(value)
    how = NUMBER_CHOICES.get(key, ((), ""))[1]
    if how == "limit":
        return words["no_limit"] if n == 0 else words["up_to"].format(n=n)
    if how == "times":
        if n == 0:
            return words["off"]
        return words["once"] if n == 1 else words["times"].format(n=n)
    if how == "points":
        return _i18n.nlocalised(lang, _texts.common()["words"]["points"], n).format(n=n)
    return str(n)


def _kind(key, spec, default):
    kind = getattr(spec, "kind", None)
    if kind in ("bool", "choice", "int", "dieset"):
        return kind
    if key in NUMBER_CHOICES:
        return "int"
    if key in DIESET_CHOICES:
        return "dieset"
    if OPTIONS.get(key, {}).get("choices"):
        return "choice"
    return "bool" if str(default).lower() in ("true", "false") else "choice"


def _norm(kind, value):
    """A value as the engine writes it, for comparisons."""
    if value is None:
        return None
    if kind == "dieset":
        return _dice_text(_dice(value))
    if kind == "bool":
        text = _text(value).strip().lower()
        return "true" if text in ("true", "on", "yes", "1") else "false"
    return _text(value).strip()


def option_field(key, lang="en", game=None, spec=None, value=None, choices=None, default=None):
    """What a player reads of one option, as a dict (see ``option_fields``); ``spec`` (optional)
    an ``Option`` declaration, else ``OPTIONS``/``DEFAULTS`` say what there is to say."""
    lang = _lang(lang)
    words = _WORDS[lang]
    entry = OPTIONS.get(key) if isinstance(key, str) else None
    if default is None and spec is not None and hasattr(spec, "format"):
        try:
            default = spec.format(spec.default)
        except Exception:  # noqa: BLE001 - fall back on the table
            default = None
    if default is None:
        default = (
            DEFAULTS.get(game, {}).get(key, _key_default(key))
            if isinstance(game, str)
            else _key_default(key)
        )
    kind = _kind(key, spec, default)
    default = _norm(kind, default)
    value = _norm(kind, value) if value is not None else default
    if choices is None and spec is not None:
        declared = getattr(spec, "choices", None)
        choices = tuple(declared) if isinstance(declared, (tuple, list)) and declared else None
    field = {
        "key": key,
        "kind": {"bool": "yesno", "int": "number"}.get(kind, kind),
        "question": entry["title"][lang] if entry else str(key),
        "explanation": entry[lang] if entry else words["unknown_option"],
        "value": value,
        "default": default,
        "choices": [],
    }
    listed = []
    if kind == "bool":
        listed = [("true", words["yes"]), ("false", words["no"])]
    elif kind == "int":
        values = list(NUMBER_CHOICES.get(key, ((), ""))[0])
        for extra in (default, value):
            try:
                if extra is not None and int(extra) not in values:
                    values.append(int(extra))
            except (TypeError, ValueError):
                pass
        listed = [(str(n), number_words(key, n, lang)) for n in sorted(values)]
    elif kind == "dieset":
        sets = [_dice_text(f) for f in DIESET_CHOICES.get(key, ())]
        for extra in (default, value):
            if extra is not None and extra not in sets:
                sets.append(extra)
        listed = [(d, dieset_words(d, lang)) for d in sets]
    elif entry is not None and entry.get("choices"):
        for name, texts in _offered(key, game, entry, choices):
            shown = texts.get("words", {}).get(lang) or _cap(texts[lang]).rstrip(".")
            listed.append((name, shown))
        if choices:  # the engine's spelling of each value (the form posts it back)
            spelled = {_text(c).lower(): _text(c) for c in choices}
            listed = [(spelled.get(n.lower(), n), w) for n, w in listed]
    elif choices:
        listed = [(_text(c), _text(c)) for c in choices]
    for name, shown in listed:
        field["choices"].append(
            {
                "value": name,
                "words": shown,
                "default": default is not None and _same(name, default),
                "sentence": _choice_sentence(entry, name, lang),
            }
        )
    field["default_words"] = next(
        (c["words"] for c in field["choices"] if c["default"]),
        _text(default) if default is not None else "",
    )
    field["value_words"] = next(
        (c["words"] for c in field["choices"] if value is not None and _same(c["value"], value)),
        _text(value) if value is not None else "",
    )
    source = [(words["written"], _pair(entry["source"], lang) if entry else "")]
    doc = getattr(spec, "doc", "") if spec is not None else ""
    if isinstance(doc, str) and doc.strip():
        source.append((words["spec"], doc.strip()))
    setting = "%s = %s" % (key, value if value is not None else "")
    if listed and kind != "bool":
        setting += " (%s)" % ", ".join(n for n, _ in listed)
    source.append((words["engine"], setting))
    field["source"] = source
    return field


def _choice_sentence(entry, name, lang) -> str:
    if entry is None:
        return ""
    _, texts = _choice(entry, name)
    return _cap(texts[lang]) if texts else ""


def _specs_by_key(options) -> dict:
    """The ``Option`` declarations among ``options`` (an ``OptionSet``, a list...), by key."""
    found: dict[str, Any] = {}
    try:
        items = getattr(options, "specs", options)
        if isinstance(items, (str, bytes, dict)) or items is None:
            return found
        for item in items:
            if hasattr(item, "key") and hasattr(item, "kind") and isinstance(item.key, str):
                found[item.key] = item
    except TypeError:
        return {}
    return found


def option_fields(game, lang="en", specs=None, values=None, keys=None) -> list:
    """The rule options of ``game`` as a player reads them, in ``lang``: a list of dicts
    ``{key, kind, question, explanation, value, default, choices, default_words, value_words,
    source}``. ``kind``: ``"yesno"``, ``"choice"``, ``"number"`` or ``"dieset"``; ``choices``:
    ``[{value, words, default, sentence}]`` (``value`` as the engine writes it, for a form to
    post back; ``words`` what the player reads); ``source``: ``[(label, text)]`` for the
    collapsed "where this rule comes from" detail, the only place a spec reference or an option
    key is shown. ``specs``: the game's ``Option`` declarations (``variant.options.specs``), else
    ``GAME_OPTIONS`` lists the options; ``values``: ``{key: value}`` (text or the engine's value)
    in force; ``keys``: only these options, in this order."""
    lang = _lang(lang)
    current = values if isinstance(values, dict) else {}
    listed = _option_keys(game, specs)
    by_key = _specs_by_key(specs)
    if keys is not None:
        known = {k: (c, d) for k, c, d in listed}
        listed = [(k, known.get(k, (None, None))[0], known.get(k, (None, None))[1]) for k in keys]
    return [option_field(k, lang, game, by_key.get(k), current.get(k), c, d) for k, c, d in listed]


def source_html(field, lang="en") -> str:
    """The collapsed "where this rule comes from" detail of a field."""
    words = _WORDS[_lang(lang)]
    lines = "".join(
        "<li>%s: %s</li>" % (_esc(label), _esc(text)) for label, text in field["source"]
    )
    return '<details class="rule-src"><summary>%s</summary><ul>%s</ul></details>' % (
        _esc(words["source"]),
        lines,
    )


def option_text(
    key, lang="en", game=None, value=None, choices=None, default=None, spec=None, sources=False
) -> str:
    """One option as an HTML ``<li>``: its question, explanation, choices in words (the usual
    one marked) and, where ``value`` is given and differs from the game's default, the value in
    force in words. ``choices`` (optional): the values the game offers, where it offers fewer
    than ``OPTIONS`` explains; ``default`` (optional, text): the game's default, else
    ``DEFAULTS`` says it. ``sources``: add the collapsed "where this rule comes from" detail."""
    lang = _lang(lang)
    words = _WORDS[lang]
    if not isinstance(key, str) or key not in OPTIONS:
        return "<li><b>%s</b>: %s</li>" % (_esc(key), words["unknown_option"])
    field = option_field(key, lang, game, spec, value, choices, default)
    parts = ["<li><b>%s</b> %s" % (_esc(field["question"]), _esc(field["explanation"]))]
    if field["kind"] == "choice":
        parts.append("<ul>")
        for choice in field["choices"]:
            mark = " (%s)" % words["default"] if choice["default"] else ""
            sentence = choice["sentence"]
            sentence = (
                ": %s" % _esc(sentence)
                if sentence and sentence.rstrip(".") != choice["words"]
                else ""
            )
            parts.append("<li><b>%s</b>%s%s</li>" % (_esc(choice["words"]), mark, sentence))
        parts.append("</ul>")
    elif field["default_words"]:
        parts.append(
            " (%s: %s)"
            % (
                words["usually"].lower() if lang == "en" else words["usually"].lower(),
                _esc(field["default_words"]),
            )
        )
    if (
        value is not None
        and field["default"] is not None
        and not _same(field["value"], field["default"])
    ):
        parts.append("<p><b>%s: %s</b></p>" % (words["now"], _esc(field["value_words"])))
    if sources:
        parts.append(source_html(field, lang))
    parts.append("</li>")
    return "".join(parts)


def rules_html(game_key, lang="en", options=None, values=None, sources=False) -> str:
    """The rules of ``game_key`` in ``lang`` with an options section; never raises."""
    lang = _lang(lang)
    words = _WORDS[lang]
    try:
        game = game_key if isinstance(game_key, str) else None
        texts = RULES.get(game) if game is not None else None
        if texts is None:
            return "<p>%s</p>" % words["unknown_game"]
        keys = _option_keys(game, options)
        specs = _specs_by_key(options)
        current = values if isinstance(values, dict) else {}
        out = [texts[lang], "<h3>%s</h3>" % words["options"]]
        if keys:
            out.append("<ul>")
            out.extend(
                option_text(k, lang, game, current.get(k), c, d, specs.get(k), sources)
                for k, c, d in keys
            )
            out.append("</ul>")
        else:
            out.append("<p>%s</p>" % words["no_options"])
        return "".join(out)
    except Exception:  # noqa: BLE001 - the panel must always show something
        texts = RULES.get(game_key) if isinstance(game_key, str) else None
        return texts[lang] if texts else "<p>%s</p>" % words["unknown_game"]


def rules_panel_html(variant, lang="en") -> str:
    """The Rules panel's text for the game on the board (a ``Variant``): the game's rules, then
    each of its options as a question with its choices in words, the usual one marked, the value
    in force where it differs, and the collapsed "where this rule comes from" detail."""
    try:
        specs = variant.options.specs
        values = dict(variant.options.values)
    except Exception:  # noqa: BLE001 - a game without options still has rules
        specs, values = None, None
    return rules_html(getattr(variant, "key", variant), lang, specs, values, sources=True)


def rules_in_force(variant, lang="en") -> list:
    """The options of the game on the board that are not its usual ones, as a player reads
    them: ``[(question, the value in words), …]`` (empty for the usual rules). The page shows
    them in a line under the board that opens the Rules panel."""
    specs = list(variant.options.specs)
    values = variant.options.texts()
    if not values:
        return []
    return [
        (f["question"], f["value_words"])
        for f in option_fields(variant.key, lang, specs, values, keys=[k for k in values])
    ]
