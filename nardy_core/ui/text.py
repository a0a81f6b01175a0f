"""What the page (and the terminal game) says, in every language: one catalogue, ``tr(lang, key, **params)``, the
English read from ``texts/page.json`` (data shipped in the wheel: ``{key: {"en": text}}``) and the
translations from the gettext catalogues, context ``page:<key>`` (``nardy_core/variants/i18n.py``,
``nardy_core/locale``).

Engine errors carry a stable code (errors.py); ``error_text`` shows the code's own sentence
where the catalogue has one and falls back on the engine's English message otherwise.
"""

from __future__ import annotations

import json
from importlib import resources

from ..variants import i18n

LANGUAGES = i18n.LANGUAGES


def _load_catalogue() -> dict[str, str]:
    """``texts/page.json``: ``{key: {"en": text}}``, English the source (the gettext msgid, its
    translations in the catalogues, context ``page:<key>``); ``{name}`` placeholders are filled
    from params. A key twice is refused."""

    def unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError(f"a key twice in the page's texts: {sorted(keys)}")
        return dict(pairs)

    raw = json.loads(
        resources.files(__package__).joinpath("texts", "page.json").read_text(encoding="utf-8"),
        object_pairs_hook=unique,
    )
    return {key: entry["en"] for key, entry in raw.items() if "plural" not in entry}


def _load_plurals() -> dict[str, dict[str, str]]:
    """The plural words of ``texts/page.json``: ``{key: {"en": singular, "plural": plural}}``,
    ngettext messages (``ntr``)."""
    raw = json.loads(
        resources.files(__package__).joinpath("texts", "page.json").read_text(encoding="utf-8")
    )
    return {
        key: {"en": entry["en"], "plural": entry["plural"], "context": f"page:{key}"}
        for key, entry in raw.items()
        if "plural" in entry
    }


# key: English (the msgid; the translations are looked up when first used, per language)
CATALOGUE = _load_catalogue()
_FOUND: dict[str, dict[str, str]] = {}
# key: plural text (ntr)
PLURALS = _load_plurals()


def tr(lang: str, key: str, /, **params) -> str:
    english = CATALOGUE.get(key)
    if english is None:
        return key
    found = _FOUND.setdefault(lang, {})
    text = found.get(key)
    if text is None:
        text = found[key] = i18n.localised(lang, f"page:{key}", {"en": english})
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def ntr(lang: str, key: str, count: int, /, **params) -> str:
    """A plural word of the catalogue for ``count`` (ngettext: the language's own plural forms),
    ``{name}`` placeholders filled from params (``count`` among them as ``n``)."""
    entry = PLURALS.get(key)
    if entry is None:
        return key
    text = i18n.nlocalised(lang, entry, count)
    try:
        return text.format(n=count, **params)
    except (KeyError, IndexError, ValueError):
        return text


def colour_name(lang, colour) -> str:
    return tr(lang, ("white", "black")[colour])


# outcome kinds whose key names something else in the catalogue (the cube's Double button)
_OUTCOME_KEYS = {"double": "outcome_double"}


def outcome_word(lang, kind) -> str:
    """The words for a game's outcome kind (single, mars, capote, …)."""
    return tr(lang, _OUTCOME_KEYS.get(kind, kind))


def result_text(lang, result: dict) -> str:
    """A game's result in the game's own words: "White win 2 points: mars"."""
    if result["winner"] is None:
        return tr(lang, "result_draw")
    kind = outcome_word(lang, result["kind"])
    how = {"drop": tr(lang, "how_drop"), "resign": tr(lang, "how_resign", kind=kind)}.get(
        result["reason"], kind
    )
    points = result["points"]
    return tr(
        lang,
        "result_win",
        winner=colour_name(lang, result["winner"]),
        points=points,
        points_word=ntr(lang, "point_word", points),
        how=how,
    )


def _localised(lang, params: dict) -> dict:
    """Colours by name and dice as "6-5" (the parameters of rows and notices); in a language
    written right to left, a play and the dice are isolated left-to-right runs, so that
    "24/18 13/8" is not shown as "13/8 24/18"."""
    out = dict(params)
    colour = params.get("c", params.get("colour"))
    if colour in (0, 1):
        out["colour"] = colour_name(lang, colour)
    if "dice" in params:
        out["dice"] = "-".join(map(str, params["dice"]))
    if i18n.direction(lang) == "rtl":
        for key in ("dice", "play"):
            if isinstance(out.get(key), str):
                out[key] = ltr(out[key])
    return out


def ltr(text: str) -> str:
    """``text`` as a left-to-right isolate (Unicode LRI … PDI): notation inside a right-to-left
    sentence."""
    return "\u2066" + text + "\u2069"


def notice_text(lang, key, params: dict) -> str:
    """A ``Session.notices`` entry as a sentence (the live region's text)."""
    if key == "game_over":
        return result_text(lang, params)
    return tr(lang, key, **_localised(lang, params))


def log_text(lang, row: dict) -> str:
    """One line of the move list (``Session.logs`` row)."""
    kind = row["k"]
    if kind == "result":
        return result_text(lang, row)
    params = _localised(lang, row)
    if kind == "opening":
        params["throws"] = ", ".join(f"{w}-{b}" for w, b in row["throws"])
        if row.get("lot"):
            params["who"] = tr(lang, row.get("who", "human"))
            return tr(lang, "log_lot", **params)
    if kind == "resign":
        params["kind"] = outcome_word(lang, row["kind"])
    return tr(lang, "log_" + kind, **params)


# codes whose own sentence says what is wrong in a player's words; any other refusal of a link
# or a code is, for a player, a link that is cut or damaged (the engine's words go under Details)
_PLAIN_READ_ERRORS = ("read_budget", "share_too_long", "share_empty", "too_long", "too_big")


def read_error(lang, exc, link=True) -> tuple:
    """``(what is wrong, technical detail)`` of a link or code that could not be read: the
    first in a player's words (never a column number), the second for a collapsed detail."""
    detail = error_text(lang, exc)
    if getattr(exc, "code", "") in _PLAIN_READ_ERRORS and f"err_{exc.code}" in CATALOGUE:
        return detail, ""
    return tr(lang, "link_damaged" if link else "code_damaged"), detail


def error_text(lang, exc) -> str:
    """The error's own sentence where the catalogue has one for its code, filled from its
    parameters (colours by name), else the engine's English message."""
    code = getattr(exc, "code", "")
    key = f"err_{code}"
    if key not in CATALOGUE:
        return str(exc)
    params = dict(getattr(exc, "params", {}) or {})
    colour = params.get("colour")
    if colour in ("white", "black"):
        params["colour"] = colour_name(lang, ("white", "black").index(colour))
    return tr(lang, key, **params)


def board_label(lang):
    """The ``label`` callable ``svg.render_board`` takes, in ``lang``."""

    def label(key, **params):
        if "colour" in params:
            params = dict(params, colour=colour_name(lang, params["colour"]).lower())
        return tr(lang, key, **params)

    return label
