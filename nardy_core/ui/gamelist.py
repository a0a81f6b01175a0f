"""The game picker's words: every game and mixed match in its group, with one line on how it
plays and where it is played, in English and Russian (issue 19, "a clear start").

Pure Python (runs in Pyodide). The games themselves, their names and groups come from the
engine's registry (``nardy_core.variants``, ``nardy_core.engine.match``); the words a new player
needs to choose (each game's ``"about"``) are in its texts file (``nardy_core/variants/texts``);
this module only puts them together, and the picker's markup as a pure function.
"""

from __future__ import annotations

from html import escape

from ..engine.match import available_match_kinds
from ..variants import VARIANTS, texts
from ..variants.i18n import game_name

# the groups in order: nardy; tavli and the Turkish games; the old games of Europe; mixed matches
# (their headings are in nardy_core/variants/texts/common.json, "groups")
GROUP_KEYS = ("nardy", "tavli", "historical", "matches")

MATCH_PREFIX = "match:"


def _word(table, lang):
    return table.get(lang) or table.get("en", "")


def _about(data, lang):
    about = data.get("about", {})
    return _word(about.get("line", {}), lang), _word(about.get("region", {}), lang)


def about() -> dict:
    """``{value: (line, region)}``, each a text ``{"en": ..., "ru": ...}``, of every registered
    game and mixed match kind (a value of the game list: a key, or ``match:<kind>``)."""
    shared = texts.common().get("matches", {})
    out = {}
    for key, variant in VARIANTS.items():
        data = texts.of_game(variant).get("about", {})
        out[key] = (data.get("line", {}), data.get("region", {}))
    for kind, data in shared.items():
        data = data.get("about", {})
        out[MATCH_PREFIX + kind] = (data.get("line", {}), data.get("region", {}))
    return out


def entries(lang: str) -> list:
    """``[(group key, heading, [(value, name, line, region), …]), …]``: every registered game
    and every available mixed match, in registry order within its group."""
    shared = texts.common()
    out = []
    for group in GROUP_KEYS:
        items = []
        if group == "matches":
            for kind in available_match_kinds():
                line, region = _about(shared.get("matches", {}).get(kind.key, {}), lang)
                items.append((MATCH_PREFIX + kind.key, kind.name(lang), line, region))
        else:
            for key, variant in VARIANTS.items():
                if variant.group == group:
                    line, region = _about(texts.of_game(variant), lang)
                    name = game_name(variant, lang)
                    items.append((key, name, line, region))
        if items:
            out.append((group, _word(shared["groups"][group], lang), items))
    return out


def picker_html(lang: str, chosen: str, opponents, opponent: str, words) -> str:
    """The first visit's picker: the games as radio buttons in their groups, each with its
    line and region; the opponent (``opponents``: ``[(value, label), …]``, ``opponent`` chosen);
    one Play button. ``words``: {"title", "opponent", "play"} in ``lang``."""
    parts = [
        f'<h2 id="picker-title">{escape(words["title"])}</h2><form method="dialog" class="picker">'
    ]
    for group, heading, items in entries(lang):
        parts.append(f'<fieldset class="games"><legend>{escape(heading)}</legend>')
        for value, name, line, region in items:
            checked = " checked" if value == chosen else ""
            ident = "pk-" + value.replace(":", "-")
            parts.append(
                f'<label class="game" for="{ident}"><input type="radio" name="game" '
                f'id="{ident}" value="{escape(value)}"{checked}>'
                f'<span class="name">{escape(name)}</span>'
                f'<span class="line">{escape(line)}</span>'
                f'<span class="region">{escape(region)}</span></label>'
            )
        parts.append("</fieldset>")
    options = "".join(
        f'<option value="{escape(v)}"{" selected" if v == opponent else ""}>'
        f"{escape(label)}</option>"
        for v, label in opponents
    )
    # the opponent and Play stay together at the dialog's foot while the games scroll
    parts.append(
        f'<div class="buttons picker-foot"><label class="field inline">'
        f"{escape(words['opponent'])}"
        f'<select id="pk-opponent" name="opponent">{options}</select></label>'
        f'<button type="submit" id="pk-play" class="primary">'
        f"{escape(words['play'])}</button></div></form>"
    )
    return "".join(parts)
