"""A rollout's panel in the page (docs/rollouts.md, "In the page"); the run itself, in the web
worker, is ``rolloutrun.RolloutRun`` (this module stays free of the bots: the page imports it at
start-up).

``panel_html`` and the time formatting are pure functions of the run's figures, like
``web/app/forms.py``: HTML text out, nothing touched.
"""

from __future__ import annotations

from html import escape

from . import text as T

GAMES = (36, 144, 324, 1296)  # the page's choices of trials
DEFAULT_GAMES = 324
LEVELS = ("beginner", "intermediate", "strong")
DEFAULT_LEVEL = "intermediate"
PLAYS = 3  # the hint's best plays the page rolls out (each costs as much as the rest)
STEP_MS = 300  # the work of one step, about (at least one trial)
MAX_STEP_MS = 5000


def review_request(record: dict, item: dict) -> dict | None:
    """The rollout request of a review's item (``analysis.review``): for a play that lost
    equity, the game's record up to the roll of that play, and the player's play and the best
    (best first); for a cube decision or an answer the review marks (a doubtful one or
    worse) in a money game, the record up to that decision, rolled out as a cube decision;
    None for any other item."""
    if item.get("kind") in ("cube", "answer"):
        if "mwc" in item or not item.get("mark"):
            return None  # a match's cube (match winning chances) or no mistake
        at = item["action"]
        return {"record": {**record, "actions": list(record["actions"][:at])}, "cube": True}
    if item.get("kind") != "play" or item.get("forced") or not item.get("best_steps"):
        return None
    played, best = item.get("steps"), item["best_steps"]
    if played is None or played == best:
        return None
    at = item["action"]
    return {"record": {**record, "actions": list(record["actions"][:at])}, "plays": [best, played]}


def review_button_html(lang, item) -> str:
    """A review mistake's Roll out button (after its row): rolls out the play and the best."""
    if review_request({"actions": []}, {**item, "action": 0}) is None:
        return ""
    return (
        f'<button type="button" class="rollout-item" data-rollout-item="{item["index"]}">'
        f"{_t(lang, 'rollout_button')}</button>"
    )


# --- the panel ---------------------------------------------------------------------------------
def clock(seconds) -> str:
    """A duration as ``m:ss`` (``h:mm:ss`` from an hour): digits read in every language."""
    s = max(0, int(round(seconds)))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def time_left(done, games, seconds):
    """The time the rest of the trials should take at the rate so far; None before any."""
    if done <= 0 or seconds <= 0:
        return None
    return seconds / done * max(0, games - done)


def _t(lang, key, **params):
    return escape(T.tr(lang, key, **params))


def _options(lang, values, chosen, label) -> str:
    return "".join(
        f'<option value="{v}"{" selected" if v == chosen else ""}>{escape(label(v))}</option>'
        for v in values
    )


def form_html(lang, level, games, running) -> str:
    """The rollout's choices (level, trials) and its Roll out button."""
    off = " disabled" if running else ""
    levels = _options(lang, LEVELS, level, lambda v: T.tr(lang, v))
    counts = _options(lang, GAMES, games, str)
    slow = (
        f'<p class="note rollout-slow">{_t(lang, "rollout_slow")}</p>' if level == "strong" else ""
    )
    return (
        '<p class="rollout-form">'
        f'<label>{_t(lang, "rollout_level")} <select id="rollout-level"{off}>{levels}</select>'
        "</label> "
        f'<label>{_t(lang, "rollout_games")} <select id="rollout-games"{off}>{counts}</select>'
        "</label> "
        f'<button type="button" id="rollout-start"{off}>{_t(lang, "rollout_button")}</button>'
        f"</p>{slow}"
    )


def table_html(lang, data) -> str:
    """The candidates, best first: equity ± standard error, and the difference to the best
    ± its (paired) standard error."""
    plays = data.get("plays") or []
    head = (
        f'<tr><th scope="col">{_t(lang, "rollout_play")}</th>'
        f'<th scope="col">{_t(lang, "rollout_equity")}</th>'
        f'<th scope="col">{_t(lang, "rollout_diff")}</th></tr>'
    )
    rows = []
    for index, p in enumerate(plays):
        diff = "" if index == 0 else f"{p['diff']:+.3f} ± {p['diff_se']:.3f}"
        rows.append(
            f'<tr data-rollout-play="{index}"><th scope="row">'
            f"{escape(p['play'] or T.tr(lang, 'no_play'))}</th>"
            f'<td class="num">{p["equity"]:+.3f} ± {p["se"]:.3f}</td>'
            f'<td class="num">{diff}</td></tr>'
        )
    return (
        f'<table class="rollout-table"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
    )


def cube_table_html(lang, data) -> str:
    """A cube decision: no double and double/take (equity ± standard error), double/drop (the
    cube's value, exact), and the verdict the rollout gives."""
    head = (
        f'<tr><th scope="col">{_t(lang, "rollout_decision")}</th>'
        f'<th scope="col">{_t(lang, "rollout_equity")}</th></tr>'
    )
    rows = []
    for key, label in (("no_double", "hint_no_double"), ("double_take", "rollout_double_take")):
        figures = data[key]
        rows.append(
            f'<tr data-rollout-cube="{key}"><th scope="row">{_t(lang, label)}</th>'
            f'<td class="num">{figures["equity"]:+.3f} ± {figures["se"]:.3f}</td></tr>'
        )
    rows.append(
        f'<tr data-rollout-cube="double_pass"><th scope="row">'
        f"{_t(lang, 'rollout_double_drop')}</th>"
        f'<td class="num">{data["double_pass"]:+.3f}</td></tr>'
    )
    action = data.get("action", "")
    first = (
        "hint_too_good"
        if action.startswith("too good")
        else "hint_double"
        if action.startswith("double")
        else "hint_no_double"
    )
    verdict = T.tr(lang, first)
    if first != "hint_too_good":
        verdict += " · " + T.tr(lang, "hint_take" if action.endswith("take") else "hint_drop")
    return (
        f'<table class="rollout-table rollout-cube"><thead>{head}</thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="rollout-verdict"><strong>{escape(verdict)}</strong></p>'
    )


def panel_html(lang, run) -> str:
    """The rollout panel. ``run``: None (nothing rolled out: the form) or ``{"level",
    "games", "done", "seconds", "status": "running" | "done" | "cancelled" | "error",
    "result"?, "error"?}`` (``seconds``: the time since it started)."""
    run = run or {}
    status = run.get("status")
    level = run.get("level", DEFAULT_LEVEL)
    games = run.get("games", DEFAULT_GAMES)
    parts = [f"<h3>{_t(lang, 'rollout_title')}</h3>"]
    parts.append(form_html(lang, level, games, status == "running"))
    done, seconds = run.get("done", 0), run.get("seconds", 0.0)
    if status == "running":
        left = time_left(done, games, seconds)
        text = T.tr(
            lang,
            "rollout_progress",
            done=done,
            games=games,
            elapsed=clock(seconds),
            left="…" if left is None else clock(left),
        )
        parts.append(
            f'<p class="rollout-progress"><progress id="rollout-progress" max="{games}" '
            f'value="{done}" aria-label="{_t(lang, "rollout_title")}"></progress> <span class="rollout-status">{escape(text)}</span> '
            f'<button type="button" id="rollout-cancel">{_t(lang, "cancel")}</button></p>'
        )
    elif status == "done":
        text = T.tr(lang, "rollout_done", games=done, elapsed=clock(seconds))
        parts.append(f'<p class="rollout-status">{escape(text)}</p>')
    elif status == "cancelled":
        text = T.tr(lang, "rollout_partial", done=done, games=games)
        parts.append(f'<p class="rollout-status rollout-partial">{escape(text)}</p>')
    if status == "error":
        parts.append(f'<p class="error" role="alert">{escape(run.get("error") or "")}</p>')
    data = run.get("result")
    if data and data.get("decision") == "cube":
        parts.append(cube_table_html(lang, data))
        parts.append(f'<p class="note">{_t(lang, "rollout_cube_note")}</p>')
    elif data and data.get("plays"):
        parts.append(table_html(lang, data))
        parts.append(f'<p class="note">{_t(lang, "rollout_note")}</p>')
    return "".join(parts)
