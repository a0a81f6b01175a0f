"""The dialogs' markup (new game, settings) as pure functions of the choices: HTML text in,
nothing touched. The page (main.py) puts it in the DOM and reads the form back."""

from html import escape

from nardy_core.analysis.tutor import DEFAULT_MARK, TUTOR_MARKS
from nardy_core.engine.match import MATCH_KINDS, available_match_kinds
from nardy_core.ui import text as T
from nardy_core.ui.friendsession import FRIEND
from nardy_core.ui.pagerecords import card_text
from nardy_core.ui.prefs import SPEEDS, speed_of
from nardy_core.ui.rules import option_fields as plain_options
from nardy_core.ui.rules import source_html
from nardy_core.ui.session import DEFAULT_LEVEL, HUMAN, bot_levels
from nardy_core.variants import VARIANTS, get_variant, i18n
from nardy_core.variants.common import cube_options

GAMES = VARIANTS  # every registered game, in registry order (the registry itself: live)
GROUPS = ("nardy", "tavli", "historical")
# The rule options players disagree on (issue: head exception, six-block rule, koks,
# last-roll draw, cube, Crawford), in the order they are shown; a game of the other groups
# also shows every option of its own.
DIALOG_OPTIONS = (
    "head_exception",
    "block_rule",
    "koks_rule",
    "last_roll_draw",
    "caucasian_hit_rule",
    "cube_enabled",
    "crawford",
)
CUBE_KEYS = {o.key for o in cube_options(True)}
LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15, 21)
# A match of mixed games is chosen in the game list as "match:<kind>" (nardy_core.engine.match).
MATCH_PREFIX = "match:"


def match_kind_of(game):
    """The ``MatchKind`` a game-list value names, if it is a registered and available one."""
    if isinstance(game, str) and game.startswith(MATCH_PREFIX):
        kind = MATCH_KINDS.get(game[len(MATCH_PREFIX) :])
        if kind is not None and kind.available:
            return kind
    return None


def chosen_game(game) -> str:
    """A game-list value the dialog can show: a registered game or an available match kind,
    else long nardy (a saved choice may name a game this version lacks)."""
    return game if game in GAMES or match_kind_of(game) else "long"


def game_name(lang, game) -> str:
    return i18n.game_name(VARIANTS[game], lang) or game


def dialog_options(variant) -> list:
    specs = [o.key for o in variant.options.specs]
    keys = [k for k in DIALOG_OPTIONS if k in specs]
    if variant.group != "nardy":
        keys += [k for k in specs if k not in keys and k not in CUBE_KEYS]
    return keys


def _select(name, label, options, chosen):
    items = "".join(
        f'<option value="{escape(str(value))}"{" selected" if str(value) == str(chosen) else ""}>'
        f"{escape(text)}</option>"
        for value, text in options
    )
    return (
        f'<label class="field">{escape(label)}'
        f'<select id="ng-{name}" name="{name}">{items}</select></label>'
    )


def _usual(lang, words):
    return f"{words} ({T.tr(lang, 'usual')})"


def _hint(field, lang):
    """The one-line explanation under a field, and the collapsed source detail."""
    return (
        f'<small class="opt-hint">{escape(field["explanation"])}</small>{source_html(field, lang)}'
    )


def option_fields(lang, game, values) -> str:
    """The fields of the rule options ``game`` has, with ``values`` (text) chosen (none for a
    match of mixed games: each game is played with its own default rules). Each is a question
    with its choices in words (the usual one marked) and a one-line explanation; the option key
    and the spec's notes only inside the collapsed "where this rule comes from" detail. The
    values posted back are the engine's."""
    if match_kind_of(game):
        return ""
    variant = get_variant(game)
    out = []
    for field in plain_options(game, lang, variant.options.specs, values, dialog_options(variant)):
        key = field["key"]
        if field["kind"] == "yesno":
            checked = " checked" if field["value"] == "true" else ""
            usual = T.tr(lang, "usual_on" if field["default"] == "true" else "usual_off")
            out.append(
                f'<div class="opt"><label class="check"><input type="checkbox" '
                f'id="ng-opt-{key}" data-opt="{key}"{checked}> '
                f"<span>{escape(field['question'])} <small>({escape(usual)})</small>"
                "</span></label>"
                f"{_hint(field, lang)}</div>"
            )
        else:
            options = [
                (c["value"], _usual(lang, c["words"]) if c["default"] else c["words"])
                for c in field["choices"]
            ]
            select = _select(f"opt-{key}", field["question"], options, field["value"])
            select = select.replace("<select ", f'<select data-opt="{key}" ', 1)
            out.append(f'<div class="opt">{select}{_hint(field, lang)}</div>')
    return "".join(out)


def _game_select(lang, chosen) -> str:
    """The game list in its groups (Nardy; Tavli; Historical games)."""
    groups = []
    for group in GROUPS:
        games = [g for g in GAMES if VARIANTS[g].group == group]
        if games:
            items = "".join(
                f'<option value="{g}"{" selected" if g == chosen else ""}>'
                f"{escape(game_name(lang, g))}</option>"
                for g in games
            )
            groups.append(
                f'<optgroup label="{escape(T.tr(lang, "group_" + group))}">{items}</optgroup>'
            )
    kinds = available_match_kinds()  # gul bara and tapa only once gul bara is registered
    if kinds:
        items = "".join(
            f'<option value="{MATCH_PREFIX}{k.key}"'
            f"{' selected' if MATCH_PREFIX + k.key == chosen else ''}>{escape(k.name(lang))}"
            "</option>"
            for k in kinds
        )
        groups.append(f'<optgroup label="{escape(T.tr(lang, "group_matches"))}">{items}</optgroup>')
    return (
        f'<label class="field">{escape(T.tr(lang, "game"))}'
        f'<select id="ng-game" name="game">{"".join(groups)}</select></label>'
    )


def length_field(lang, game, chosen) -> str:
    """The match-length field: money and 1-21 points for a game; a match of mixed games offers
    its own lengths (points, or games won for the gul bara / tapa match)."""
    kind = match_kind_of(game)
    if kind is None:
        lengths = [(n, T.tr(lang, "money") if n == 0 else str(n)) for n in LENGTHS]
    else:
        key = "match_to_wins" if kind.count == "wins" else "match_to"
        lengths = [(n, T.tr(lang, key, length=n)) for n in kind.lengths]
        if chosen not in kind.lengths and str(chosen) not in map(str, kind.lengths):
            chosen = kind.default_length
    return (
        f'<div id="ng-length-box">'
        f"{_select('length', T.tr(lang, 'match_length'), lengths, chosen)}</div>"
    )


def _date(lang, ms) -> str:
    """When a game was last saved, in the browser's own format for the language."""
    if not ms:
        return ""
    try:
        import js

        return str(
            js.Date.new(ms).toLocaleString(
                # Latin digits in every language, as on the board and in the move list
                ("en-GB" if lang == "en" else lang) + "-u-nu-latn",
                js.JSON.parse('{"dateStyle": "medium", "timeStyle": "short"}'),
            )
        )
    except Exception:  # noqa: BLE001 - outside a browser
        return ""


def tutor_fields(lang, mark) -> str:
    """Tutor mode: on or off (off by default), and the review's mark it warns at (error by
    default)."""
    on = mark in TUTOR_MARKS
    options = "".join(
        f'<option value="{m}"{" selected" if m == (mark if on else DEFAULT_MARK) else ""}>'
        f"{escape(T.tr(lang, 'tutor_at_' + m))}</option>"
        for m in TUTOR_MARKS
    )
    return (
        f'<label class="check"><input type="checkbox" id="ng-tutor"{" checked" if on else ""}> '
        f"{escape(T.tr(lang, 'tutor_option'))}</label>"
        f'<label class="field">{escape(T.tr(lang, "tutor_from"))}'
        f'<select id="ng-tutor-mark"{"" if on else " disabled"}>{options}</select></label>'
    )


def new_game_form(lang, choice, saved) -> str:
    """``choice``: {game, p0, p1, length, options}; ``saved``: [(id, title, newer)] to
    resume (``newer``: saved by a newer version of the app: listed, not resumable here)."""
    players = [(HUMAN, T.tr(lang, HUMAN))] + [(lvl, T.tr(lang, lvl)) for lvl in bot_levels()]
    game = chosen_game(choice.get("game", "long"))
    parts = [
        f"<h2>{escape(T.tr(lang, 'new_game'))}</h2>",
        _game_select(lang, game),
        f"<fieldset><legend>{escape(T.tr(lang, 'players'))}</legend>",
        _select("p0", T.tr(lang, "player_n", n=1), players, choice.get("p0", HUMAN)),
        _select(
            "p1",
            T.tr(lang, "player_n", n=2),
            players + [(FRIEND, T.tr(lang, FRIEND))],
            choice.get("p1", DEFAULT_LEVEL),
        ),
        f'<label class="field" id="ng-name-box" hidden>{escape(T.tr(lang, "your_name"))}'
        '<input type="text" id="ng-name" maxlength="40" autocomplete="nickname"></label>',
        f'<label class="check"><input type="checkbox" id="ng-hints"'
        f"{'' if choice.get('hints') is False else ' checked'}> "
        f"{escape(T.tr(lang, 'hints_allowed'))}</label>",
        tutor_fields(lang, choice.get("tutor") or ""),
        "</fieldset>",
        length_field(lang, game, choice.get("length", 0)),
        f'<fieldset id="ng-options"><legend>{escape(T.tr(lang, "rules"))}</legend>',
        option_fields(lang, game, choice.get("options", {})),
        "</fieldset>",
        '<div class="buttons">',
        f'<button type="button" id="ng-start" class="primary">{escape(T.tr(lang, "start"))}'
        "</button>",
        f'<button type="button" id="ng-cancel">{escape(T.tr(lang, "cancel"))}</button></div>',
    ]
    if saved:
        parts.append(f'<h3>{escape(T.tr(lang, "saved_games"))}</h3><ul class="saved">')
        for ident, title, newer, stored, updated in saved:
            resume = (
                f"<small>{escape(T.tr(lang, 'saved_by_newer'))}</small>"
                if newer
                else f'<button type="button" data-resume="{escape(ident)}">'
                f"{escape(T.tr(lang, 'resume'))}</button>"
            )
            card = card_text(lang, stored)
            when = _date(lang, updated)
            if card:  # the game, the players, the score, the move, the date, a picture
                about = (
                    f'<span class="card">{card["thumb"]}<span class="about">'
                    f"<b>{escape(card['game'])}</b> {escape(card['players'])}<br>"
                    f"{escape(T.tr(lang, 'saved_score', score=card['score']))} · "
                    f"{escape(card['move'])}<br><small>{escape(when)}</small></span></span>"
                )
            else:
                about = f"<span>{escape(title)}<br><small>{escape(when)}</small></span>"
            parts.append(
                f'<li>{about}<span class="acts">{resume}'
                f'<button type="button" data-delete="{escape(ident)}">'
                f"{escape(T.tr(lang, 'delete'))}</button></span></li>"
            )
        parts.append("</ul>")
    return "".join(parts)


SETTINGS = ("auto_roll", "auto_confirm", "auto_forced", "mirror")


def settings_form(lang, prefs) -> str:
    rows = "".join(
        f'<label class="check"><input type="checkbox" id="set-{key}" data-pref="{key}"'
        f"{' checked' if prefs.get(key) else ''}> {escape(T.tr(lang, 'pref_' + key))}</label>"
        for key in SETTINGS
    )
    chosen = speed_of(prefs.get("anim_ms", SPEEDS["normal"]))
    speeds = "".join(
        f'<option value="{name}"{" selected" if name == chosen else ""}>'
        f"{escape(T.tr(lang, 'speed_' + name))}</option>"
        for name in SPEEDS
    )
    rows += (
        f'<label class="field">{escape(T.tr(lang, "pref_speed"))}'
        f'<select id="set-speed" data-speed="1">{speeds}</select></label>'
    )
    return (
        f'<h2>{escape(T.tr(lang, "settings"))}</h2>{rows}<div class="buttons">'
        f'<button type="button" id="set-close" class="primary">'
        f"{escape(T.tr(lang, 'close'))}</button></div>"
    )


def _pct(value) -> str:
    return f"{100 * value:.0f}%"


def hint_html(lang, answer) -> str:
    """The hint panel: the strong level's best plays of the roll (each a focusable row that
    shows the play on the board), or its cube advice."""
    parts = [f"<h2>{escape(T.tr(lang, 'hint_title'))}</h2>"]
    plays = answer.get("plays") or []
    if plays:
        count = T.tr(lang, "hint_count", shown=len(plays), count=answer.get("count", len(plays)))
        parts.append(f'<p class="hint-count">{escape(count)}</p><ol class="hint-plays">')
        for index, play in enumerate(plays):
            diff = "" if index == 0 else f' <span class="hint-diff">{play["diff"]:+.3f}</span>'
            text = play["notation"] or T.tr(lang, "no_play")
            chances = T.tr(lang, "hint_win", win=_pct(play["win"]), gammon=_pct(play["gammon"]))
            parts.append(
                f'<li tabindex="0" data-hint="{index}">'
                f'<span class="hint-play">{escape(text)}</span> '
                f'<span class="hint-eq">{play["equity"]:+.3f}</span>{diff} '
                f'<span class="hint-win">{escape(chances)}</span></li>'
            )
        parts.append("</ol>")
    cube = answer.get("cube")
    if cube:
        key = cube["response"] if cube["phase"] == "double" else cube["action"]
        figures = T.tr(
            lang,
            "hint_cube_figures",
            nd=f"{cube['no_double']:+.3f}",
            dt=f"{cube['double_take']:+.3f}",
            dp=f"{cube['double_pass']:+.3f}",
            win=_pct(cube["win"]),
        )
        parts.append(
            f'<p class="hint-cube"><strong>{escape(T.tr(lang, "hint_" + key))}'
            f"</strong> · {escape(figures)}</p>"
        )
    return "".join(parts)
