"""Markup of the game review panel (issue 10): progress, the per-player figures, the
win-chance graph, the worst mistakes and every marked move. Pure functions of the review's
data (``nardy_core.analysis.review`` items and summary, computed in the web worker): HTML text out,
nothing touched, like forms.py and dicepanel.py. reviewctl.py puts it in the DOM (docs/review.md)."""

from html import escape

from nardy_core.ui import text as T
from nardy_core.ui.rolloutview import review_button_html
from nardy_core.ui.winchart import win_chart

MARKED = ("doubtful", "error", "blunder")


def _t(lang, key, **params):
    return escape(T.tr(lang, key, **params))


def _dice(item):
    return "-".join(map(str, item.get("dice") or ())) or ""


def _who(lang, item):
    return T.colour_name(lang, item["colour"])


def _decision_text(lang, item):
    """ "Turn 12 · White 6-4: 13/7 13/9 ??", a cube action by its name."""
    played = item.get("played") or ""
    if item["kind"] in ("cube", "answer"):
        played = T.tr(lang, "review_act_" + played) if played else ""
    elif not played:
        played = T.tr(lang, "no_play")
    head = T.tr(
        lang, "review_turn", turn=item.get("turn") or "?", who=_who(lang, item), dice=_dice(item)
    )
    return f"{head}: {played} {item.get('symbol') or ''}".strip()


def _better(lang, item):
    best = item.get("best") or ""
    if item["kind"] in ("cube", "answer"):
        best = T.tr(lang, "review_act_" + best) if best else ""
    return T.tr(
        lang,
        "review_better",
        play=best,
        loss=f"{item.get('loss', 0):.3f}",
        mark=T.tr(lang, "mark_" + item["mark"]),
    )


def player_table(lang, summary, colours) -> str:
    """``colours``: the match player of White and of Black in this game."""
    players = {p["player"]: p for p in summary.get("players") or ()}
    head = "".join(
        f"<th>{_t(lang, k)}</th>"
        for k in (
            "review_player",
            "review_decisions",
            "mark_doubtful_pl",
            "mark_error_pl",
            "mark_blunder_pl",
            "review_error_rate",
            "review_luck",
        )
    )
    rows = []
    for colour, player in enumerate(colours):
        p = players.get(player)
        if p is None:
            continue
        rows.append(
            f'<tr data-colour="{colour}"><th>{escape(T.colour_name(lang, colour))}</th>'
            f"<td>{p['decisions']}</td><td>{p['doubtful']}</td><td>{p['errors']}</td>"
            f'<td>{p["blunders"]}</td><td class="rate">{p["error_rate"]:.1f}</td>'
            f'<td class="luck">{p["luck"]:+.3f}</td></tr>'
        )
    return (
        f'<table class="review-players"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        + tutor_counts(lang, summary, colours)
        + f'<p class="note">{_t(lang, "review_units")}</p>'
    )


def tutor_counts(lang, summary, colours) -> str:
    """What the tutor caught, per player: in a game played with the tutor on, or wherever it
    warned (docs/review.md, "Tutor")."""
    players = {p["player"]: p for p in summary.get("players") or ()}
    lines = []
    for colour, player in enumerate(colours):
        p = players.get(player) or {}
        warnings, taken = p.get("tutor_warnings", 0), p.get("tutor_taken_back", 0)
        if summary.get("tutor") or warnings:
            lines.append(
                f'<li data-colour="{colour}">{escape(T.colour_name(lang, colour))}: '
                f"{_t(lang, 'tutor_review', warnings=warnings, taken=taken)}</li>"
            )
    return f'<ul class="review-tutor">{"".join(lines)}</ul>' if lines else ""


def chart_points(summary, white_player, marks) -> list:
    """The graph's points: White's chance before each turn's roll; ``marks``: {action of a
    roll: worst mark of that turn}."""
    points = []
    for n, entry in enumerate(summary.get("win_chance") or (), 1):
        win = entry["win"][white_player]
        points.append(
            {
                "state": entry["action"],
                "win": win,
                "turn": entry.get("turn") or n,
                "mark": marks.get(entry["action"]),
            }
        )
    return points


def review_panel(lang, review, colours, selected=None, games=1, viewer=0) -> str:
    """``review``: {"count", "items": [analysed items], "summary" | None, "running",
    "cancelled", "error", "game"}; ``colours``: (White's match player, Black's); ``selected``:
    the state shown on the board; ``games``: how many games the session has (a match's other
    games can be reviewed too)."""
    parts = [f"<h2>{_t(lang, 'review_title')}</h2>"]
    if games > 1:
        shown = review.get("game", games - 1)
        pressed = ' aria-pressed="true"'
        off = " disabled" if review.get("running") else ""
        buttons = "".join(
            f'<button type="button" data-review-game="{k}"{pressed if k == shown else ""}'
            f"{off}>{_t(lang, 'game_n', n=k + 1)}</button>"
            for k in range(games)
        )
        parts.append(f'<p class="review-games">{buttons}</p>')
    count, items = review.get("count") or 0, review.get("items") or []
    if review.get("error"):
        parts.append(f'<p class="error" role="alert">{escape(review["error"])}</p>')
    if review.get("running"):
        parts.append(
            f'<p class="review-progress"><progress id="review-progress" max="{max(count, 1)}" '
            f'value="{len(items)}"></progress> '
            f"{_t(lang, 'review_progress', done=len(items), count=count)} "
            f'<button type="button" id="review-cancel" data-review="cancel">'
            f"{_t(lang, 'cancel')}</button></p>"
        )
    elif review.get("cancelled"):
        parts.append(
            f'<p class="note">{_t(lang, "review_cancelled", done=len(items), count=count)}</p>'
        )
    summary = review.get("summary")
    marked = [i for i in items if i.get("mark") in MARKED]
    if summary:
        parts.append(player_table(lang, summary, colours))
        roll_marks = {}
        last_roll = {}
        for item in items:  # each turn's worst mark, on the point of the turn's roll
            if item["kind"] == "roll":
                last_roll[item["colour"]] = item["action"]
            elif item.get("mark") in MARKED and item["colour"] in last_roll:
                at = last_roll[item["colour"]]
                if (
                    MARKED.index(item["mark"]) > MARKED.index(roll_marks.get(at, "doubtful"))
                    or at not in roll_marks
                ):
                    roll_marks[at] = item["mark"]
        points = chart_points(summary, colours[0], roll_marks)
        if points:  # drawn from the viewer's side: the line is the viewer's colour's chance
            label = lambda p, chance: T.tr(
                lang, "review_point", turn=p["turn"], win=f"{100 * chance:.0f}"
            )
            title = T.tr(lang, "review_chart_side", colour=T.colour_name(lang, viewer))
            words = {
                "line": T.tr(lang, "review_line", colour=T.colour_name(lang, viewer)),
                "turn": T.tr(lang, "review_axis"),
                **{m: T.tr(lang, "mark_" + m) for m in MARKED},
            }
            parts.append(
                f'<div id="review-chart" class="review-chart">'
                f"{win_chart(points, selected, label, title, viewer, words)}"
                "</div>"
            )
    if marked:
        worst = sorted(marked, key=lambda i: -i.get("loss", 0))[:10]
        parts.append(f'<h3>{_t(lang, "review_worst")}</h3><ol class="review-worst">')
        for item in worst:
            parts.append(_row(lang, item, selected))
        parts.append("</ol>")
        parts.append(
            f'<details class="review-all"><summary>{_t(lang, "review_all", n=len(marked))}'
            "</summary><ol>"
        )
        for item in marked:
            parts.append(_row(lang, item, selected))
        parts.append("</ol></details>")
    elif summary and not review.get("running"):
        parts.append(f"<p>{_t(lang, 'review_clean')}</p>")
    if summary and not review.get("running"):
        parts.append(
            '<p class="buttons">'
            f'<button type="button" data-review="export">{_t(lang, "review_export")}</button>'
            f'<button type="button" data-review="link">{_t(lang, "review_link")}</button>'
            f'<button type="button" data-review="close">{_t(lang, "close")}</button></p>'
        )
    return "".join(parts)


def _row(lang, item, selected):
    current = ' aria-current="true"' if item["action"] == selected else ""
    return (
        f'<li class="mark-{item["mark"]}"><button type="button" data-review-state='
        f'"{item["action"]}" data-review-index="{item["index"]}"{current}>'
        f'<span class="dec">{escape(_decision_text(lang, item))}</span> '
        f'<span class="better">{escape(_better(lang, item))}</span></button>'
        f"{review_button_html(lang, item)}</li>"
    )


def log_marks(actions, items) -> list:
    """The review's mark (``?!``, ``?``, ``??`` or "") of each move-list row, in the order the
    move list shows them: one row per action but the rolls (a roll is shown with its play).
    ``actions``: the reviewed game's actions; ``items``: the review's analysed items."""
    marks = {
        item["action"]: item.get("symbol") or ""
        for item in items
        if item["kind"] in ("play", "cube", "answer")
    }
    return [marks.get(index, "") for index, action in enumerate(actions) if action[0] != "roll"]
