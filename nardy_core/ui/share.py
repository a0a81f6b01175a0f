"""What the page shares and what it accepts: links, position codes and game files.

One reader for everything a person may paste or open — a link of this app (``#p=`` a state,
``#g=`` a whole game), a bare link code, GNU Backgammon's ``PositionID:MatchID``, an XGID or
our one-line state text — so the address bar, the Open box and the embed's messages accept the
same things. Readers raise only ``NardyError``s (the page shows them and keeps its game).
"""

from __future__ import annotations

import re
import time

from ..engine.errors import NardyError, NotationError
from ..engine.match import first_game_record
from ..formats.notation import format_state, parse_state
from ..formats.record import first_game_of, game_record
from .session import DEFAULT_LEVEL, HUMAN, Session

MAX_TEXT = 20_000
# The page's limits on what it opens (docs/web.md, "Links and files that cannot hang the
# page"): a game file's size, checked before the file is read; and the work of reading a link
# or a file and building what the board shows, done first in the reader worker (``check``).
MAX_FILE_BYTES = 1024 * 1024
READ_BUDGET_MS = 3000
_LINK_CODE = re.compile(
    r"[a-z][a-z0-9_]*(?:-[0-9]+)?[.~][A-Za-z0-9_-]*\Z"
)  # no position or game code is this long; a bigger paste is a mistake


def session_state(session):
    """The state at the current turn boundary: ``(position, cube, MatchScore)``."""
    game = session.game
    return game.position, game.cube, game.match


def fragment(session, whole_game=False) -> str:
    """The address fragment (without ``#``) of the game on the board: its state, or the whole
    game so far (always the whole game once it is over: its last position cannot be played)."""
    # start-up: link codes, GNU Backgammon IDs and game files load when the page first
    # shares or opens one
    from ..formats import linkcode

    game = session.game
    if whole_game or game.is_over:
        return "g=" + linkcode.encode_game(game_record(game))
    return "p=" + linkcode.encode_state(*session_state(session))


def codes(session) -> dict:
    """Every code of the current state the Share dialog shows."""
    return state_codes(session_state(session))


def state_codes(state) -> dict:
    """``{state, link, gnubg, xgid}`` of ``(position, cube, match)``: gnubg's and XG's only
    where the game is backgammon (short nardy with its standard rules), else None."""
    # start-up: link codes, GNU Backgammon IDs and game files load when the page first
    # shares or opens one
    from ..formats import gnubgcodes, linkcode

    out: dict[str, str | None] = {
        "state": format_state(*state),
        "link": linkcode.encode_state(*state),
    }
    for key, writer in (("gnubg", gnubgcodes.format_gnubg_id), ("xgid", gnubgcodes.format_xgid)):
        try:
            out[key] = writer(*state)
        except NardyError:
            out[key] = None
    return out


def read(text):
    """``("state", (position, cube, match))`` or ``("game", game_record)`` from anything a
    person pastes; raises ``NotationError`` with a readable message otherwise."""
    # start-up: link codes, GNU Backgammon IDs and game files load when the page first
    # shares or opens one
    from ..formats import gnubgcodes, linkcode

    if not isinstance(text, str):
        raise NotationError("expected text", code="share_input")
    text = text.strip()
    if not text:
        raise NotationError("nothing to read: paste a link or a position code", code="share_empty")
    if len(text) > MAX_TEXT:
        raise NotationError(
            f"the text is too long ({len(text)} characters)",
            code="share_too_long",
            length=len(text),
        )
    if "#" in text:  # a link: only its fragment matters
        text = text.split("#", 1)[1].strip()
        if not text:
            raise NotationError("the link holds no position", code="share_empty")
    if text.startswith("g="):
        return "game", linkcode.decode_game(text[2:])
    if text.startswith("p="):
        return "state", linkcode.decode_state(text[2:])
    if _LINK_CODE.match(text):  # a bare link code: "s.…" (a state) or "s~…" (a game)
        return linkcode.decode_link(text)
    return "state", gnubgcodes.parse_any(text)


def decode(source, text):
    """``read(text)`` for ``source`` "text" (a link or a code); for "file", ``("file",
    match_record)`` of a game file's text (``records.import_file``: a match file or JSON)."""
    if source == "file":
        # start-up: link codes, GNU Backgammon IDs and game files load when the page first
        # shares or opens one
        from ..formats import records

        if isinstance(text, str):
            check_file_size(len(text))  # characters: no more than the file's bytes
        return "file", records.import_file(text)
    return read(text)


def check_file_size(size):
    """Refuse a game file of ``size`` bytes over MAX_FILE_BYTES: the page asks before it
    reads the file (``File.size``)."""
    if size > MAX_FILE_BYTES:
        raise NotationError(
            f"the file is too big: {size} bytes, at most {MAX_FILE_BYTES}",
            code="file_too_big",
            size_kb=-(-size // 1024),
            limit_kb=MAX_FILE_BYTES // 1024,
        )


def opened(kind, payload, players=(HUMAN, HUMAN), prefs=None, replay=True):
    """``(session, states)``: what the board shows for ``decode``'s answer — the session, and
    for a whole game (``replay``) its states to step through (else None)."""
    if kind == "file":
        return Session.from_dict(dict(payload, players=list(players)), prefs=prefs), None
    session = session_from(kind, payload, players, prefs)
    return session, (replay_states(payload) if kind == "game" and replay else None)


def check(source, text, budget_ms=READ_BUDGET_MS, clock=time.perf_counter) -> dict:
    """What the page's reader worker answers before the page opens anything: the work the
    page will do (``decode``, ``opened``, a first ``view``) done here, timed. ``{"kind",
    "payload", "ms"}`` (``payload``: ``decode``'s, as JSON: a state as its text) when it took
    at most ``budget_ms``, else ``{"error", "code", "params"}`` — so the page repeats only work
    it knows to be short, and never a decoder's that runs away."""
    start = clock()
    try:
        kind, payload = decode(source, text)
        session, _states = opened(kind, payload)
        session.view()
        ms = (clock() - start) * 1000
        if ms > budget_ms:
            raise budget_error(budget_ms)
    except NardyError as exc:
        return {
            "error": exc.message,
            "code": exc.code,
            "params": {
                k: v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
                for k, v in exc.params.items()
            },
        }
    except (RecursionError, MemoryError) as exc:  # the decoders' own guards missed it
        return {
            "error": f"this cannot be read ({type(exc).__name__})",
            "code": "read_failed",
            "params": {},
        }
    return {
        "kind": kind,
        "payload": format_state(*payload) if kind == "state" else payload,
        "ms": round(ms, 1),
    }


def budget_error(budget_ms=READ_BUDGET_MS):
    """The refusal of a read that ran past its budget (here, or stopped by the page)."""
    seconds = f"{budget_ms / 1000:g}"
    return NotationError(
        f"reading this takes more than {seconds} s of work", code="read_budget", seconds=seconds
    )


def checked(answer):
    """``(kind, payload)`` from ``check``'s answer (as the page received it); raises the
    refusal as a ``NardyError`` with its code and parameters."""
    if "error" in answer:
        raise NardyError(
            str(answer["error"]),
            code=str(answer.get("code") or "read_failed"),
            **dict(answer.get("params") or {}),
        )
    kind, payload = answer["kind"], answer["payload"]
    return kind, parse_state(payload) if kind == "state" else payload


def session_from(kind, payload, players=None, prefs=None) -> Session:
    """A new session from ``read()``'s answer. ``players`` by match player (player 0 plays
    White); by default the side to move is a person and the other side the bot at the
    default level (``DEFAULT_LEVEL``)."""
    if kind == "state":
        position = payload[0]
        if players is None:
            players = (HUMAN, DEFAULT_LEVEL) if position.turn == 0 else (DEFAULT_LEVEL, HUMAN)
        return Session(start=payload, players=players, prefs=prefs)
    record = game_session_record(payload, players or (HUMAN, HUMAN))
    return Session.from_dict(record, prefs=prefs)


def game_session_record(game_record, players) -> dict:
    """A one-game session record (the saved-game format) from a game record
    (``record.game_record``'s shape), replayed with the dice written in it. The fields it reads are checked for their
    types first (NotationError ``bad_record``); the rules check the rest on replay."""
    _check_game_record(game_record)
    match = game_record.get("match") or [0, [0, 0], "pre"]
    record = {
        "v": 1,
        "game": game_record["game"],
        "options": game_record.get("options") or {},
        "length": match[0],
        "players": list(players),
        "dice": "recorded",
        "games": [game_record.get("actions") or []],
    }
    colours = list(game_record.get("players") or (0, 1))  # the player of each colour
    if game_record.get("start"):
        record["start"] = game_record["start"]
        first = first_game_record([0, 0], "pre", colours, None)  # the state holds the rest
    else:  # a later game of a match: its score, colours and first roller (no opening throw)
        first = first_game_record(list(match[1]), match[2], colours, game_record.get("starter"))
    if first:
        record["first_game"] = first
    return record


_GAME_FIELDS = (
    ("game", str, "text"),
    ("options", dict, "an object"),
    ("start", str, "text"),
    ("match", list, "a list"),
    ("actions", list, "a list"),
)


def _check_game_record(game_record):
    if not isinstance(game_record, dict):
        raise NotationError("a game record is an object", code="bad_record")
    for key, kind, what in _GAME_FIELDS:
        value = game_record.get(key)
        if (value is not None or key == "game") and not isinstance(value, kind):
            raise NotationError(f"the game record's {key} is {what}", code="bad_record", field=key)
    match = game_record.get("match")
    if match is not None and (
        len(match) != 3 or isinstance(match[0], bool) or not isinstance(match[0], int)
    ):
        raise NotationError(
            "the game record's match is [length, score, crawford]", code="bad_record", field="match"
        )
    for index, action in enumerate(game_record.get("actions") or (), 1):
        if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str):
            raise NotationError(
                f"action {index} of the game record is not an action",
                code="bad_record",
                action=index,
            )


def replay_states(game_record) -> list:
    """Every state of a recorded game, for stepping through it: ``[(position, cube, match,
    row)]`` where ``row`` is the move-list row of the action that led there (None first)."""
    record = game_session_record(game_record, (HUMAN, HUMAN))
    start = parse_state(record["start"]) if record.get("start") else None
    try:
        step = Session(
            record["game"],
            record["options"],
            record["length"],
            (HUMAN, HUMAN),
            start=start,
            recorded_dice=True,
            _replaying=True,
            first=first_game_of(record, start),
        )
    except (LookupError, TypeError, ValueError) as exc:
        if isinstance(exc, NardyError):
            raise
        raise NotationError(f"not a game record: {exc!r}", code="bad_record") from None
    actions = record["games"][0]
    states = [(step.game.position, step.game.cube, step.game.match, None)]
    for action in actions:
        try:
            step.replay_action(action)
        except NardyError:
            raise
        except (LookupError, TypeError, ValueError) as exc:
            raise NotationError(f"game record: {exc!r}", code="bad_record") from None
        rows = step.logs[-1]
        states.append(
            (step.game.position, step.game.cube, step.game.match, rows[-1] if rows else None)
        )
    return states
