"""Markup of the dice line (the commitment before play, the revealed seed and Verify after) and
of the dice statistics dialog: pure functions of their inputs (HTML text out, nothing touched),
like forms.py and sharing.py. dicectl.py puts them in the DOM (docs/dice.md)."""

from html import escape

from nardy_core.analysis.dicestats import PAIRS, summary
from nardy_core.ui import text as T

SHORT_HASH = 16  # hex digits shown; the whole hash is in the title and copied by the button


def _t(lang, key, **params):
    return escape(T.tr(lang, key, **params))


def dice_line(lang, info) -> str:
    """``info``: {"recorded": bool, "commitment": hex, "seed": the revealed seed or None,
    "match": bool (revealed at the match's end), "result": (text, ok) or None}."""
    stats = (
        f'<button type="button" id="dice-stats" data-dice="stats">{_t(lang, "dice_stats")}</button>'
    )
    if info.get("recorded"):
        return f'<span id="dice-unavailable">{_t(lang, "dice_recorded")}</span> {stats}'
    full = info["commitment"]
    code = (
        f'<code id="dice-hash" title="{escape(full)}" data-full="{escape(full)}">'
        f"{escape(full[:SHORT_HASH])}…</code>"
    )
    copy = (
        f'<button type="button" id="dice-copy" data-dice="copy">'
        f"{_t(lang, 'dice_copy_hash')}</button>"
    )
    if info.get("seed") is None:
        note = "dice_commitment_note_match" if info.get("match") else "dice_commitment_note"
        return (
            f"<span>{_t(lang, 'dice_commitment')}:</span> {code} {copy} {stats} "
            f'<span class="note">({_t(lang, note)})</span>'
        )
    parts = [
        f'<span>{_t(lang, "dice_seed")}:</span> <code id="dice-seed">'
        f"{escape(info['seed'])}</code> · SHA-256 {code} {copy} ",
        f'<button type="button" id="dice-verify" data-dice="verify">'
        f"{_t(lang, 'dice_verify')}</button> {stats} "
        f'<button type="button" id="dice-download" data-dice="download">'
        f"{_t(lang, 'dice_download')}</button>",
    ]
    result = info.get("result")
    cls = "" if result is None else (' class="ok"' if result[1] else ' class="error"')
    parts.append(
        f'<span id="dice-result" role="status"{cls}>{escape(result[0]) if result else ""}</span>'
    )
    return "".join(parts)


def verification_text(lang, verification, commitment_ok=True) -> str:
    """``dicecheck.Verification`` in the page's words."""
    if not commitment_ok:
        return T.tr(lang, "dice_bad_commitment")
    if verification.unavailable:
        return T.tr(lang, "dice_recorded")
    if verification.ok:
        return T.tr(lang, "dice_verified", rolls=verification.rolls)
    failure = verification.failure
    if failure.kind in ("roll", "opening"):
        where = T.tr(lang, "dice_where_" + failure.kind, n=failure.number)
        return T.tr(
            lang,
            "dice_mismatch",
            game=failure.game,
            where=where,
            expected="-".join(map(str, failure.expected)),
            recorded="-".join(map(str, failure.recorded)),
        )
    return T.tr(lang, "dice_mismatch_other", detail=failure.message())


def _num(x, digits=2):
    return "–" if x is None else f"{x:.{digits}f}"


def _pct(x):
    return "–" if x is None else f"{100 * x:.1f}%"


def stats_table(lang, ident, title, rows) -> str:
    """``rows``: [(label, tally)]: one table, expected values beside the counts."""
    exp = _t(lang, "stats_expected")
    head = (
        f'<tr><th scope="col">{_t(lang, "stats_player")}</th>'
        f'<th scope="col">{_t(lang, "stats_rolls")}</th>'
        f'<th scope="col">{_t(lang, "stats_doubles")} ({exp})</th>'
        f'<th scope="col">{_t(lang, "stats_pips")} ({exp})</th>'
        f'<th scope="col">{_t(lang, "stats_faces")} ({exp})</th></tr>'
    )
    body = []
    pairs = []
    for label, tally in rows:
        s = summary(tally)
        if not s["rolls"]:
            body.append(
                f'<tr><th scope="row">{escape(label)}</th>'
                f'<td colspan="4">{_t(lang, "stats_none")}</td></tr>'
            )
            continue
        faces = " ".join(str(n) for n in s["faces"])
        games = s["games"]
        who = escape(label) + (
            f" <small>({_t(lang, 'stats_games', n=games)})</small>" if games > 1 else ""
        )
        body.append(
            f'<tr data-rolls="{s["rolls"]}"><th scope="row">{who}</th>'
            f'<td class="rolls">{s["rolls"]}</td>'
            f'<td class="doubles">{s["doubles"]} ({_num(s["doubles_expected"], 1)}) · '
            f"{_pct(s['doubles_rate'])} ({_pct(s['doubles_rate_expected'])})</td>"
            f'<td class="pips">{_num(s["pips_per_roll"])} ({_num(s["pips_per_roll_expected"])})'
            f'</td><td class="faces">{faces} ({_num(s["faces_expected"], 1)})</td></tr>'
        )
        if tally.get("pair_rolls"):
            cells = "".join(
                f'<td title="{_t(lang, "stats_expected")} '
                f'{_num(s["pairs_expected"][p], 1)}">{p}: {s["pairs"][p]}</td>'
                + ("</tr><tr>" if i % 7 == 6 and i < len(PAIRS) - 1 else "")
                for i, p in enumerate(PAIRS)
            )
            pairs.append(f'<p>{escape(label)}</p><table class="pairs"><tr>{cells}</tr></table>')
    details = (
        (f"<details><summary>{_t(lang, 'stats_pairs')}</summary>{''.join(pairs)}</details>")
        if pairs
        else ""
    )
    return (
        f'<section id="{ident}"><h3>{escape(title)}</h3><div class="stats-scroll">'
        f'<table class="stats">{head}{"".join(body)}</table></div>{details}</section>'
    )


def stats_dialog(lang, sections) -> str:
    """``sections``: [(ident, title, rows)] as ``stats_table`` takes them."""
    tables = "".join(stats_table(lang, ident, title, rows) for ident, title, rows in sections)
    return (
        f'<h2 id="dice-title">{_t(lang, "dice_stats")}</h2>{tables}'
        f'<p class="note">{_t(lang, "stats_note")}</p>'
        f'<div class="buttons"><button type="button" id="ds-close" class="primary">'
        f"{_t(lang, 'close')}</button></div>"
    )
