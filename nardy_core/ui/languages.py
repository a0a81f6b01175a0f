"""The page's languages: the language menu (every language in its own name, the ones no speaker
has reviewed yet marked so) and what the page's first script needs before Python runs (each
language's name, direction and "Loading…", written to ``web/langs.js`` by tools/build_web.py)."""

from __future__ import annotations

from html import escape

from ..variants import i18n
from . import text as T

UNSUPPORTED = (
    "title",
    "wasm",
    "modules",
    "module_workers",
    "what",
    "tip_browser",
    "tip_lockdown",
    "tip_wasm_off",
    "tip_update",
)


def entries(current: str) -> list[dict[str, object]]:
    """The language menu's rows, in the order of ``i18n.LANGUAGES`` (English first):
    ``{"code", "name" (its own name), "dir", "reviewed", "current"}``."""
    rows = []
    for code in i18n.LANGUAGES:
        about = i18n.about(code)
        rows.append(
            {
                "code": code,
                "name": about["name"],
                "dir": i18n.direction(code),
                "reviewed": bool(about["reviewed"]),
                "current": code == current,
            }
        )
    return rows


def menu_html(current: str) -> str:
    """The language dialog's content: a button per language, named in that language (``lang``
    and ``dir`` set on it, so that a screen reader and the text's direction follow it), with a
    note in the page's language where no speaker has reviewed the catalogue."""
    note = escape(T.tr(current, "language_unreviewed"))
    items = []
    for row in entries(current):
        mark = ' aria-current="true"' if row["current"] else ""
        unreviewed = (
            ""
            if row["reviewed"]
            else f'<small lang="{current}" dir="{i18n.direction(current)}">{note}</small>'
        )
        items.append(
            f'<li><button type="button" data-lang="{row["code"]}" lang="{row["code"]}" '
            f'dir="{row["dir"]}"{mark}><span>{escape(str(row["name"]))}</span>'
            f"{unreviewed}</button></li>"
        )
    return (
        f'<h2 id="lang-title">{escape(T.tr(current, "language_menu_title"))}</h2>'
        f'<ul class="languages">{"".join(items)}</ul>'
        f'<div class="buttons"><button type="button" id="lang-close">'
        f"{escape(T.tr(current, 'close'))}</button></div>"
    )


def first_script_data() -> dict[str, object]:
    """What index.html's first script needs to speak the right language before Python has
    started: ``{"languages": {code: {"name", "dir", "loading"}}, "fallbacks": {...}}``."""
    return {
        "languages": {
            code: {
                "name": i18n.about(code)["name"],
                "dir": i18n.direction(code),
                "loading": T.tr(code, "loading"),
                # web/support.js: the page's words where this browser cannot run the game
                "unsupported": {key: T.tr(code, "unsupported_" + key) for key in UNSUPPORTED},
            }
            for code in i18n.LANGUAGES
        },
        "fallbacks": dict(i18n.FALLBACKS),
    }
