"""The page's settings and start-up choices, read from what storage or the address holds —
which may be anything (hand-edited, damaged, from another version): only known keys of the
right kind are kept, so a bad value never breaks the page."""

from __future__ import annotations

from typing import Any

from ..variants.i18n import best_language
from .session import DEFAULT_LEVEL, HUMAN, PREF_DEFAULTS

# picked: the player has chosen a game in the first visit's picker (it is not shown again)
# the bot's speed: the pause after each checker it moves, in ms (Settings: slow … instant)
SPEEDS = {"slow": 900, "normal": 500, "fast": 200, "instant": 0}
PAGE_DEFAULTS: dict[str, Any] = dict(
    PREF_DEFAULTS,
    mirror=False,
    numbers=True,
    anim_ms=SPEEDS["normal"],
    new_game={},
    lang=None,
    picked=False,
)


def speed_of(anim_ms) -> str:
    """The named speed nearest to a pause (a ``?anim=`` link may give any number)."""
    return min(SPEEDS, key=lambda name: abs(SPEEDS[name] - anim_ms))


CHOICE_KINDS = {
    "game": str,
    "p0": str,
    "p1": str,
    "length": int,
    "options": dict,
    "hints": bool,
    "tutor": str,  # tutor mode's mark ("" or absent: off)
}


def load(stored) -> dict:
    """The settings: the defaults, updated by the stored ones of the right kind."""
    prefs = dict(PAGE_DEFAULTS)
    if isinstance(stored, dict):
        prefs.update(
            {
                k: v
                for k, v in stored.items()
                if k in prefs and (prefs[k] is None or type(v) is type(prefs[k]))
            }
        )
    prefs["new_game"] = choice_of(prefs["new_game"])
    return prefs


def session_prefs(prefs) -> dict:
    """The settings a ``Session`` reads."""
    return {k: prefs[k] for k in PREF_DEFAULTS}


def choice_of(stored):
    """A stored new-game choice (the New game dialog's last answer), its fields of the right
    kind only: a damaged one must not break the dialog or the start."""
    if not isinstance(stored, dict):
        return {}
    choice = {k: v for k, v in stored.items() if k in CHOICE_KINDS and type(v) is CHOICE_KINDS[k]}
    if "options" in choice:
        choice["options"] = {
            k: v for k, v in choice["options"].items() if isinstance(k, str) and isinstance(v, str)
        }
    return choice


def language(stored, languages, browser) -> str:
    """The page's language: the one the player chose (stored), else the browser's first language
    with a catalogue (``browser``: ``navigator.languages``, or one tag), with the fallbacks of
    ``i18n.best_language`` (Kazakh → Russian, an unknown one → English)."""
    if stored in languages:
        return stored
    tags = [browser] if isinstance(browser, str) else list(browser or ())
    return best_language(*tags)


def query(search) -> dict:
    """``?a=1&b=2`` as a dict (no decoding: the page's own parameters are plain)."""
    return dict(x.split("=", 1) for x in str(search)[1:].split("&") if "=" in x)


def start_choice(params):
    """The new game ``?new=…`` asks for (``p0``/``p1`` or the older ``white``/``black``), or
    None when the address asks for none."""
    if "new" not in params:
        return None
    tutor = {"tutor": params["tutor"]} if "tutor" in params else {}  # tutor mode's mark
    return tutor | {
        "game": params["new"],
        "p0": params.get("p0", params.get("white", HUMAN)),
        "p1": params.get("p1", params.get("black", DEFAULT_LEVEL)),
        "length": params.get("length", "0"),
        "options": {},
        "seed": params.get("seed"),
        "hints": params.get("hints") != "0",
    }
