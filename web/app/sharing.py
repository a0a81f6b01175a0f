"""Markup of the Share and Open dialogs and of the position editor's panel: pure functions of
their inputs (HTML text out, nothing touched), like forms.py. The controllers (sharectl.py, editorctl.py) put them in the DOM."""

from html import escape

from nardy_core.ui import text as T

EMBED_MODES = ("static", "play", "replay")
THEMES = ("light", "dark")
CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)
EDIT_LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15, 21)


def _t(lang, key, **params):
    return escape(T.tr(lang, key, **params))


def _copy_field(lang, ident, label, value):
    return (
        f'<label class="field">{_t(lang, label)}'
        f'<span class="copyrow"><input type="text" id="{ident}" readonly '
        f'value="{escape(value)}" spellcheck="false">'
        f'<button type="button" data-copy="{ident}">{_t(lang, "copy")}</button></span>'
        "</label>"
    )


def share_form(lang, link, codes, whole_game, embed) -> str:
    """``codes``: ``share.codes()``; ``embed``: {mode, size, theme, snippet}."""
    parts = [
        f"<h2>{_t(lang, 'share')}</h2>",
        _copy_field(lang, "sh-link", "share_link", link),
        f'<label class="check"><input type="checkbox" id="sh-whole"'
        f"{' checked' if whole_game else ''}> {_t(lang, 'share_whole_game')}</label>",
        f"<details><summary>{_t(lang, 'position_codes')}</summary>",
        _copy_field(lang, "sh-state", "code_state", codes["state"]),
    ]
    if codes.get("gnubg"):
        parts.append(_copy_field(lang, "sh-gnubg", "code_gnubg", codes["gnubg"]))
    if codes.get("xgid"):
        parts.append(_copy_field(lang, "sh-xgid", "code_xgid", codes["xgid"]))
    parts.append("</details>")
    modes = "".join(
        f'<option value="{m}"{" selected" if m == embed["mode"] else ""}>'
        f"{_t(lang, 'embed_' + m)}</option>"
        for m in EMBED_MODES
    )
    themes = "".join(
        f'<option value="{t}"{" selected" if t == embed["theme"] else ""}>'
        f"{_t(lang, 'theme_' + t)}</option>"
        for t in THEMES
    )
    parts += [
        f'<details id="sh-embed"><summary>{_t(lang, "embed")}</summary>',
        f'<label class="field">{_t(lang, "embed_mode")}<select id="sh-mode">{modes}</select>'
        "</label>",
        f'<label class="field">{_t(lang, "embed_size")}<input type="number" id="sh-size" '
        f'min="200" max="1200" step="20" value="{int(embed["size"])}"></label>',
        f'<label class="field">{_t(lang, "embed_theme")}<select id="sh-theme">{themes}'
        "</select></label>",
        f'<label class="field">{_t(lang, "embed_snippet")}<textarea id="sh-snippet" rows="4" '
        f'readonly spellcheck="false">{escape(embed["snippet"])}</textarea></label>',
        f'<button type="button" data-copy="sh-snippet">{_t(lang, "copy")}</button></details>',
        '<div class="buttons">',
        f'<button type="button" id="sh-export">{_t(lang, "export_game")}</button>',
        f'<button type="button" id="sh-close" class="primary">{_t(lang, "close")}</button></div>',
        '<p id="sh-msg" class="msg" role="status"></p>',
    ]
    return "".join(parts)


def players_select(lang, ident, chosen="bot") -> str:
    options = (
        ("bot", T.tr(lang, "open_vs_bot")),
        ("bot_to_move", T.tr(lang, "open_bot_moves")),
        ("two", T.tr(lang, "open_two_people")),
        ("bots", T.tr(lang, "open_bot_vs_bot")),
    )
    items = "".join(
        f'<option value="{v}"{" selected" if v == chosen else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return (
        f'<label class="field">{_t(lang, "open_players")}'
        f'<select id="{ident}">{items}</select></label>'
    )


def open_form(lang) -> str:
    return "".join(
        [
            f"<h2>{_t(lang, 'open')}</h2>",
            f'<label class="field">{_t(lang, "open_paste")}<textarea id="op-text" rows="3" '
            f'spellcheck="false" placeholder="XGID=… · 4HPwATDgc/ABMA:cAkAAAAAAAAA · '
            f'https://…#p=…"></textarea></label>',
            players_select(lang, "op-players"),
            '<div class="buttons">',
            f'<button type="button" id="op-open" class="primary">{_t(lang, "open_position")}'
            "</button>",
            f'<button type="button" id="op-cancel">{_t(lang, "cancel")}</button></div>',
            f'<label class="field">{_t(lang, "import_file")}'
            '<input type="file" id="op-file" accept=".mat,.txt,.json,text/plain,application/json"></label>',
            '<p id="op-status" class="msg" role="status"></p>',
            '<p id="op-error" class="msg error" role="alert"></p>',
        ]
    )


def editor_panel(lang, view, problems, palette) -> str:
    """The editor's tools beside the board. ``problems``: texts; ``palette``: {colour, mode}."""

    def radio(name, value, label, chosen):
        return (
            f'<label class="chip"><input type="radio" name="{name}" value="{value}" '
            f'data-ed="{name}"{" checked" if str(chosen) == str(value) else ""}> '
            f"{escape(label)}</label>"
        )

    turn = view["turn"]
    cube = view["cube"]
    dice = "".join(map(str, view["dice"]))
    counts = view["counts"]
    cubes = "".join(
        f'<option value="{v}"{" selected" if v == cube["value"] else ""}>{v}</option>'
        for v in CUBE_VALUES
    )
    owners = "".join(
        f'<option value="{v}"{" selected" if str(cube["owner"]) == v else ""}>'
        f"{escape(label)}</option>"
        for v, label in (
            ("None", T.tr(lang, "cube_centre")),
            ("0", T.tr(lang, "white")),
            ("1", T.tr(lang, "black")),
        )
    )
    lengths = "".join(
        f'<option value="{n}"{" selected" if n == view["length"] else ""}>'
        f"{escape(T.tr(lang, 'money') if n == 0 else str(n))}</option>"
        for n in EDIT_LENGTHS
    )
    crawfords = "".join(
        f'<option value="{v}"{" selected" if v == view["crawford"] else ""}>'
        f"{_t(lang, 'crawford_' + v)}</option>"
        for v in ("pre", "crawford", "post")
    )
    problem_items = "".join(f"<li>{escape(p)}</li>" for p in problems)
    ok = not problems
    parts = [
        f"<h2>{_t(lang, 'edit_position')}</h2>",
        f'<p class="hint">{_t(lang, "edit_hint")}</p>',
        '<div class="row">',
        radio("colour", 0, T.tr(lang, "white") + f" ({counts[0]})", palette["colour"]),
        radio("colour", 1, T.tr(lang, "black") + f" ({counts[1]})", palette["colour"]),
        radio("mode", "add", T.tr(lang, "edit_add"), palette["mode"]),
        radio("mode", "remove", T.tr(lang, "edit_remove"), palette["mode"]),
        '</div><div class="row">',
        f'<button type="button" data-ed-act="clear">{_t(lang, "edit_clear")}</button>',
        f'<button type="button" data-ed-act="reset">{_t(lang, "edit_reset")}</button>',
        f'<button type="button" data-ed-act="fill">{_t(lang, "edit_fill")}</button>',
        '</div><div class="row">',
        f"<span>{_t(lang, 'edit_turn')}</span>",
        radio("turn", 0, T.tr(lang, "white"), turn),
        radio("turn", 1, T.tr(lang, "black"), turn),
        f'<label class="field inline">{_t(lang, "edit_dice")}<input type="text" id="ed-dice" '
        f'inputmode="numeric" maxlength="3" size="4" value="{dice}" placeholder="31"></label>',
        "</div>",
    ]
    if cube["enabled"]:
        parts += [
            '<div class="row">',
            f'<label class="field inline">{_t(lang, "edit_cube")}<select id="ed-cube">'
            f"{cubes}</select></label>",
            f'<label class="field inline">{_t(lang, "edit_owner")}<select id="ed-owner">'
            f"{owners}</select></label></div>",
        ]
    parts += [
        '<div class="row">',
        f'<label class="field inline">{_t(lang, "match_length_short")}<select id="ed-length">'
        f"{lengths}</select></label>",
        f'<label class="field inline">{_t(lang, "white")}<input type="number" id="ed-s0" min="0" '
        f'max="99" value="{view["score"][0]}"></label>',
        f'<label class="field inline">{_t(lang, "black")}<input type="number" id="ed-s1" min="0" '
        f'max="99" value="{view["score"][1]}"></label>',
        f'<label class="field inline">{_t(lang, "crawford_state")}<select id="ed-crawford">'
        f"{crawfords}</select></label></div>",
        f'<ul id="ed-problems" class="problems" aria-live="polite">{problem_items}</ul>',
        players_select(lang, "ed-players"),
        '<div class="buttons">',
        f'<button type="button" data-ed-act="play" class="primary"{"" if ok else " disabled"}>'
        f"{_t(lang, 'edit_play')}</button>",
        f'<button type="button" data-ed-act="share"{"" if ok else " disabled"}>'
        f"{_t(lang, 'share')}</button>",
        f'<button type="button" data-ed-act="cancel">{_t(lang, "cancel")}</button></div>',
    ]
    return "".join(parts)


def embed_snippet(origin_url, fragment, mode, size, theme, lang) -> str:
    """The ``<iframe>`` a site owner pastes (``origin_url`` ends with ``/``)."""
    size = max(200, min(1200, int(size)))
    height = int(size * 0.75)
    query = f"mode={mode}&theme={theme}&lang={lang}"
    return (
        f'<iframe src="{origin_url}embed.html?{query}#{fragment}" width="{size}" '
        f'height="{height}" style="border:0" title="Nardy" loading="lazy"></iframe>'
    )
