"""The page's storage (localStorage), which may be missing, full, or hold anything: damaged
or hand-edited text, entries of the wrong shape, games saved by a newer version. Reads never
raise and writes report refusal; what cannot be read is set aside or skipped, never allowed to
break the page or the other saved games (docs/web.md, "Saved games")."""

import json
import math

import js
from pyscript import window

from nardy_core.engine.errors import NardyError
from nardy_core.formats.inputs import parse_json
from nardy_core.formats.record import newer_record

SAVES, CURRENT, PREFS = "nardy.saves.v1", "nardy.current", "nardy.prefs"
DAMAGED = SAVES + ".damaged"  # an unreadable store of saved games, kept aside
DICE_STATS = "nardy.dicestats.v1"  # dice totals of every game finished here (docs/dice.md)
PAINT = "nardy.paint.v1"  # the last board drawn, which index.html shows before Python starts
PROBE = "nardy.probe"  # written and removed at once: does the browser let the page keep data?


class Storage:
    """localStorage, which may be missing, full or hold anything: failures are reported,
    never raised. ``full`` says whether the last refused write was refused for want of room."""

    full = False

    @staticmethod
    def refused() -> bool:
        """True when the browser lets the page keep nothing: localStorage missing or throwing
        on access (site data blocked, cookies off, some private windows) or refusing a write
        of a few bytes with nothing stored (old private windows: a quota of 0). A storage that
        is merely full is not refused: its saves say so (``storage_full``)."""
        try:
            store = window.localStorage
            store.setItem(PROBE, "1")
            store.removeItem(PROBE)
            return False
        except Exception as exc:  # noqa: BLE001 - whatever the browser throws, it refused
            if "quota" not in str(exc).lower():
                return True
            try:
                return window.localStorage.length == 0
            except Exception:  # noqa: BLE001
                return True

    @staticmethod
    def raw(key):
        """The stored text, or None (nothing stored, or storage disabled)."""
        try:
            raw = window.localStorage.getItem(key)
        except Exception:  # storage disabled
            return None
        return raw if isinstance(raw, str) else None  # null arrives as a JS null, not None

    @staticmethod
    def get(key, default=None):
        raw = Storage.raw(key)
        if raw is None:
            return default
        try:
            return parse_json(raw, "the browser's storage")
        except NardyError:  # not JSON, nested too deeply, a non-finite number: the one reader's
            return default

    @staticmethod
    def put(key, value):
        return Storage.put_text(key, json.dumps(value))

    @staticmethod
    def put_text(key, text):
        try:
            window.localStorage.setItem(key, text)
            return True
        except Exception as exc:  # QuotaExceededError, or storage disabled
            Storage.full = "quota" in str(exc).lower()
            js.console.warn(f"nardy: could not save ({exc})")
            return False

    @staticmethod
    def keep_board(svg):
        """The board just drawn, for the next visit's first paint: best effort, silently (a
        full storage is reported by the saves that matter, not by this copy)."""
        try:
            window.localStorage.setItem(PAINT, json.dumps({"svg": svg}))
        except Exception:
            pass

    @staticmethod
    def remove(key):
        try:
            window.localStorage.removeItem(key)
        except Exception as exc:
            js.console.warn(f"nardy: could not remove {key} ({exc})")


def device_totals():
    """The device's dice totals ``(players, counted)`` (``dicetally.clean``: a damaged tally
    is dropped, not carried into every later save)."""
    from nardy_core.ui.dicetally import clean

    players, counted, dropped = clean(Storage.get(DICE_STATS, {}))
    for label, reason in dropped:
        js.console.warn(f"nardy: damaged dice totals of {label!r} dropped ({reason})")
    return players, counted


def set_aside_unreadable_saves() -> bool:
    """The store of saved games as a whole: a text that is not a JSON object (cut short,
    overwritten) can be read by no version, and the next save would overwrite it. It is kept
    aside under DAMAGED, where a person can still find it, and the store starts empty.
    True when that happened (the page says so)."""
    raw = Storage.raw(SAVES)
    if raw is None:
        return False
    try:
        if isinstance(parse_json(raw, "the saved games"), dict):
            return False
    except NardyError:
        pass
    Storage.put_text(DAMAGED, raw)  # best effort: a full storage may refuse it
    Storage.remove(SAVES)
    return True


def saved_games(saves, shown):
    """``(ident, title, newer, card, updated)`` of the unfinished saved games but ``shown``
    (the one on the board), the latest first; ``newer``: saved by a newer version (listed, not
    resumable here); ``card``: the stored card (``pagerecords.card``, read with
    ``card_text``), ``updated`` ms since 1970 (0 when unknown). An entry of the wrong shape is
    listed by its id: resuming it says it is damaged."""
    rows = []
    for ident, entry in saves.items():
        if not isinstance(entry, dict) or entry.get("finished") or ident == shown:
            continue
        title = entry.get("title")
        updated = entry.get("updated")
        if not isinstance(updated, (int, float)) or not math.isfinite(updated):
            updated = 0
        rows.append(
            (
                -updated,
                ident,
                title[:200] if isinstance(title, str) else ident,
                newer_record(entry.get("session")),
                entry.get("card"),
                updated,
            )
        )
    return [row[1:] for row in sorted(rows)]


def put_saves(saves, keep) -> bool:
    """Write the saved games; when the storage is full, make room from the finished games
    first (the page offers none of them again) but ``keep``'s. False when refused still."""
    if Storage.put(SAVES, saves):
        return True
    if not Storage.full:
        return False
    kept = {
        k: v
        for k, v in saves.items()
        if k == keep or not (isinstance(v, dict) and v.get("finished"))
    }
    return len(kept) < len(saves) and Storage.put(SAVES, kept)
