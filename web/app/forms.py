"""The dialogs' markup (new game, settings) as pure functions of the choices: HTML text in,
nothing touched. The page (main.py) puts it in the DOM and reads the form back."""

from html import escape

from nardy_core.ui import text as T
from nardy_core.ui.session import HUMAN, bot_levels
from nardy_core.variants import get_variant

GAMES = ("long", "short", "caucasian")
# The rule options players disagree on (issue: head exception, six-block rule, koks,
# last-roll draw, cube, Crawford), in the order they are shown.
DIALOG_OPTIONS = ("head_exception", "block_rule", "koks_rule", "last_roll_draw",
                  "caucasian_hit_rule", "cube_enabled", "crawford")
LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15, 21)


def _select(name, label, options, chosen):
    items = "".join(
        f'<option value="{escape(str(value))}"{" selected" if str(value) == str(chosen) else ""}>'
        f'{escape(text)}</option>' for value, text in options)
    return (f'<label class="field">{escape(label)}'
            f'<select id="ng-{name}" name="{name}">{items}</select></label>')


def option_fields(lang, game, values) -> str:
    """The fields of the rule options ``game`` has, with ``values`` (text) chosen."""
    variant = get_variant(game)
    specs = {o.key: o for o in variant.options.specs}
    out = []
    for key in DIALOG_OPTIONS:
        spec = specs.get(key)
        if spec is None:
            continue
        chosen = values.get(key, spec.format(spec.default))
        label = T.tr(lang, "opt_" + key)
        if spec.kind == "bool":
            checked = " checked" if str(chosen).lower() == "true" else ""
            out.append(f'<label class="check"><input type="checkbox" id="ng-opt-{key}" '
                       f'data-opt="{key}"{checked}> {escape(label)}</label>')
        else:
            options = [(c, T.tr(lang, "choice_" + str(c))) for c in spec.choices]
            field = _select(f"opt-{key}", label, options, chosen)
            out.append(field.replace("<select ", f'<select data-opt="{key}" ', 1))
    return "".join(out)


def new_game_form(lang, choice, saved) -> str:
    """``choice``: {game, p0, p1, length, options}; ``saved``: [(id, title)] to resume."""
    players = [(HUMAN, T.tr(lang, HUMAN))] + [(lvl, T.tr(lang, lvl)) for lvl in bot_levels()]
    games = [(g, get_variant(g).names.get(lang) or get_variant(g).names["en"]) for g in GAMES]
    lengths = [(n, T.tr(lang, "money") if n == 0 else str(n)) for n in LENGTHS]
    parts = [
        f'<h2>{escape(T.tr(lang, "new_game"))}</h2>',
        _select("game", T.tr(lang, "game"), games, choice.get("game", "long")),
        f'<fieldset><legend>{escape(T.tr(lang, "players"))}</legend>',
        _select("p0", T.tr(lang, "player_n", n=1), players, choice.get("p0", HUMAN)),
        _select("p1", T.tr(lang, "player_n", n=2), players, choice.get("p1", "strong")),
        "</fieldset>",
        _select("length", T.tr(lang, "match_length"), lengths, choice.get("length", 0)),
        f'<fieldset id="ng-options"><legend>{escape(T.tr(lang, "rules"))}</legend>',
        option_fields(lang, choice.get("game", "long"), choice.get("options", {})),
        "</fieldset>",
        '<div class="buttons">',
        f'<button type="button" id="ng-start" class="primary">{escape(T.tr(lang, "start"))}'
        '</button>',
        f'<button type="button" id="ng-cancel">{escape(T.tr(lang, "cancel"))}</button></div>',
    ]
    if saved:
        parts.append(f'<h3>{escape(T.tr(lang, "saved_games"))}</h3><ul class="saved">')
        for ident, title in saved:
            parts.append(
                f'<li><span>{escape(title)}</span>'
                f'<button type="button" data-resume="{escape(ident)}">'
                f'{escape(T.tr(lang, "resume"))}</button>'
                f'<button type="button" data-delete="{escape(ident)}">'
                f'{escape(T.tr(lang, "delete"))}</button></li>')
        parts.append("</ul>")
    return "".join(parts)


SETTINGS = ("auto_roll", "auto_confirm", "auto_forced", "mirror")


def settings_form(lang, prefs) -> str:
    rows = "".join(
        f'<label class="check"><input type="checkbox" id="set-{key}" data-pref="{key}"'
        f'{" checked" if prefs.get(key) else ""}> {escape(T.tr(lang, "pref_" + key))}</label>'
        for key in SETTINGS)
    return (f'<h2>{escape(T.tr(lang, "settings"))}</h2>{rows}<div class="buttons">'
            f'<button type="button" id="set-close" class="primary">'
            f'{escape(T.tr(lang, "close"))}</button></div>')
