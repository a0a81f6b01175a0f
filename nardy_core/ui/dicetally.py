"""The device's dice totals (docs/dice.md): every finished game played on this device, added
once to the tally of the player who threw (a person, or a bot level). Pure Python over the
stored object ``{"players": {label: tally}, "counted": [ids]}``; the page reads and writes it.
"""

from __future__ import annotations

import hashlib

from ..analysis.dicestats import game_stats, merge, summary
from ..engine.errors import NardyError
from .session import HUMAN

COUNTED_KEEP = 1000  # ids of counted games kept, so that a reload never counts a game twice


def game_ident(seed, number) -> str:
    """A finished game's id in the totals: made from the session's seed and its number, so
    that the same game saved again (or reloaded) is known."""
    return hashlib.sha256(f"{seed}/{number}".encode()).hexdigest()[:16]


def clean(stored):
    """``(players, counted, dropped)`` from the stored totals, each player's tally checked by
    summing it: a damaged tally is dropped (``dropped``: ``[(label, reason)]``), not carried
    into every later save."""
    device = stored if isinstance(stored, dict) else {}
    players, dropped = {}, []
    tallies = device.get("players")
    for label, tally in tallies.items() if isinstance(tallies, dict) else ():
        try:
            if not isinstance(tally, dict):
                raise TypeError("not a tally")
            players[label] = merge(tally, {})
            summary(players[label])
        except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError) as exc:
            players.pop(label, None)
            dropped.append((label, repr(exc)))
    counted = device.get("counted")
    counted = [x for x in counted if isinstance(x, str)] if isinstance(counted, list) else []
    return players, counted, dropped


def uncounted(session, seen) -> list:
    """``[(ident, game)]``: the session's finished games not in ``seen`` (the ids this page
    already knows to be counted). None for a session whose dice were typed in (a file)."""
    if session.recorded_dice:
        return []
    games = [g for g in session.match.all_games() if g.is_over]
    idents = [(game_ident(session.match.seed, n), g) for n, g in enumerate(games, 1)]
    return [(ident, game) for ident, game in idents if ident not in seen]


def add(players, counted, session, fresh, seen):
    """Add the games ``fresh`` (``uncounted``'s) to ``players`` unless ``counted`` has them;
    each one's id goes into ``seen`` and ``counted``. Two people (or two bots of one level)
    add to one row. Returns ``(changed, skipped)``: ``skipped`` the reasons of games left
    out (their statistics could not be made)."""
    known = set(counted)
    changed, skipped = False, []
    for ident, game in fresh:
        seen.add(ident)
        if ident in known:
            continue
        try:
            stats = game_stats(game)
        except NardyError as exc:
            skipped.append(str(exc))
            continue
        by_label = {}
        for player, tally in stats.items():
            label = session.players[player]
            by_label[label] = merge(by_label.get(label) or {}, tally)
        for label, tally in by_label.items():
            tally["games"] = 1
            players[label] = merge(players.get(label) or {}, tally)
        counted.append(ident)
        known.add(ident)
        changed = True
    return changed, skipped


def stored(players, counted) -> dict:
    """What is written back: the newest ``COUNTED_KEEP`` ids only."""
    return {"players": players, "counted": counted[-COUNTED_KEEP:]}


def device_rows(players, label_of):
    """The device section's rows, people first: ``[(label_of(label), tally)]``."""
    return [
        (label_of(label), tally)
        for label, tally in sorted(players.items(), key=lambda item: (item[0] != HUMAN, item[0]))
    ]
