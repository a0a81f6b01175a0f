"""Every record operation of the page — save, restore, link, export, import, replay — in one
place, so that a change of the record model (``Session.to_dict``, the link codes, the match
file) is made here and nowhere in the DOM layer. Pure Python: the page passes in the clock,
the date and the language, and puts the results in storage, the address bar or a download.
"""

from __future__ import annotations

import json

from ..engine.errors import NardyError
from ..formats import record as record_model
from ..variants.i18n import game_name
from . import share
from . import text as T
from .session import DEFAULT_LEVEL, HUMAN, Session
from .thumb import board_thumbnail


def new_ident(now_ms) -> str:
    """A saved game's key: the time it was started (``Date.now()``)."""
    return f"g{int(now_ms)}"


def file_name(session, today, suffix, tag="") -> str:
    """``nardy-<game>-<date>[-<tag>].<suffix>``: every file the page offers is named alike."""
    return f"nardy-{session.variant.key}-{today}{'-' + tag if tag else ''}.{suffix}"


# --- save and restore -------------------------------------------------------------------------
def title(session, lang, view=None) -> str:
    """What the saved games list calls the game: its name, its players and the score
    (``view``: the session's, when the caller has it already)."""
    view = view or session.view()
    name = session.kind.name(lang) if session.kind else game_name(session.variant, lang)
    return "{} · {} · {}".format(
        name,
        " – ".join(T.tr(lang, p) for p in session.players),
        T.tr(lang, "score", white=view["score"][0], black=view["score"][1]),
    )


def card(session, view=None) -> dict:
    """What the saved-games list shows of a game besides its title, in no language: the
    game (a key, or "match:<kind>"), the players, the score, the move number and a small
    picture of the board (``thumb.board_thumbnail``)."""
    view = view or session.view()
    humans = [c for c in (0, 1) if session.player_of(c) == HUMAN]
    return {
        "game": "match:" + session.kind.key if session.kind else session.variant.key,
        "players": list(session.players),
        "score": list(view["score"]),
        "move": len([r for r in session.logs[-1] if r["k"] in ("play", "pass")]) + 1,
        "thumb": board_thumbnail(view, humans[0] if len(humans) == 1 else 0),
    }


THUMB_START = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 '


def card_text(lang, stored) -> dict:
    """A stored ``card`` read for the list (anything damaged gives an empty dict, and the list
    falls back on the title): {game, players, score, move, thumb} in ``lang``; a picture that
    is not the one ``card`` draws (hand-edited storage) is left out."""
    # start-up: what a saved game's card, link or file needs loads when the page first
    # lists, shares or exports one
    from ..engine.match import MATCH_KINDS
    from ..variants import VARIANTS

    try:
        game = stored["game"]
        if game.startswith("match:"):
            name = MATCH_KINDS[game[6:]].name(lang)
        else:
            name = game_name(VARIANTS[game], lang)
        players = " – ".join(T.tr(lang, str(p)) for p in stored["players"][:2])
        score = "{}:{}".format(*(int(x) for x in stored["score"][:2]))
        move = int(stored["move"])
        thumb = stored.get("thumb")
        if not (
            isinstance(thumb, str)
            and thumb.startswith(THUMB_START)
            and len(thumb) < 20_000
            and "<script" not in thumb.lower()
            and " on" not in thumb.lower()
        ):
            thumb = ""
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return {}
    return {
        "game": name,
        "players": players,
        "score": score,
        "move": T.tr(lang, "saved_move", n=move),
        "thumb": thumb,
    }


def save_entry(session, lang, now_ms, previous=None) -> dict:
    """The stored entry of a session. ``previous``: its entry as stored before, whose dice
    commitment is kept (the hash shown before the first roll stays the one shown)."""
    done = session.match_over or (session.game.is_over and not session.match.length)
    view = session.view()  # one view for the title and the card
    entry = {
        "session": session.to_dict(),
        "title": title(session, lang, view),
        "updated": int(now_ms),
        "finished": done,
        "card": card(session, view),
    }
    if not session.recorded_dice:
        # start-up: what a saved game's card, link or file needs loads when the page first
        # lists, shares or exports one
        from ..analysis.dicecheck import commitment

        before = previous.get("commitment") if isinstance(previous, dict) else None
        entry["commitment"] = before or commitment(session.match.seed)
    return entry


def restore(entry, prefs=None) -> Session:
    """The session of a stored entry. Raises NardyError (``newer_record``: kept for a newer
    version; any other code: damaged), KeyError or TypeError (damaged)."""
    if not isinstance(entry, dict):
        raise NardyError("missing", code="bad_record")
    return Session.from_dict(entry["session"], prefs=prefs)


def commitment_shown(session, entry) -> str:
    """The dice commitment the page showed for this session (its saved one, else computed)."""
    # start-up: what a saved game's card, link or file needs loads when the page first
    # lists, shares or exports one
    from ..analysis.dicecheck import commitment

    shown = entry.get("commitment") if isinstance(entry, dict) else None
    return shown or commitment(session.match.seed)


# --- links and codes ----------------------------------------------------------------------------
def fragment(session, whole_game=False) -> str:
    """The address fragment of the game on the board (``share.fragment``)."""
    return share.fragment(session, whole_game)


def link(href, session, whole_game=False) -> str:
    """The page's address ``href`` with the game on the board as its fragment."""
    base = str(href).split("#", 1)[0].split("?", 1)[0]
    return base + "#" + fragment(session, whole_game)


def review_link(href, code) -> str:
    """A link that opens a game and its review (``#r=``, a whole-game code)."""
    return f"{str(href).split('#', 1)[0]}#r={code}"


def initial_fragment(game) -> str:
    """The fragment of ``game``'s starting position (``"p="`` alone when it has none)."""
    # start-up: what a saved game's card, link or file needs loads when the page first
    # lists, shares or exports one
    from ..formats import linkcode

    try:
        start = Session(game, players=(HUMAN, HUMAN), seed="embed").game
        return "p=" + linkcode.encode_state(
            start.variant.initial_position(), start.cube, start.match
        )
    except NardyError:
        return "p="


def game_code(record) -> str:
    """A game record's whole-game link code (made in the bot's worker: encoding replays the
    game)."""
    # start-up: what a saved game's card, link or file needs loads when the page first
    # lists, shares or exports one
    from ..formats import linkcode

    return linkcode.encode_game(record)


def codes(session) -> dict:
    return share.codes(session)


def game_record(game) -> dict:
    """A game's record, as the bot worker reads it (its code, its review)."""
    return record_model.game_record(game)


def session_record(session) -> dict:
    """The whole session's record, as the bot worker and the dice check read it."""
    return session.to_dict()


def link_target(hash_text):
    """``(fragment, review)`` of an address's ``#p=`` / ``#g=`` / ``#r=`` link (``#r=`` is a
    whole game opened with its review: read as ``g=``), or None when it holds none."""
    fragment_ = hash_text[1:] if hash_text.startswith("#") else hash_text
    review = fragment_.startswith("r=")
    if review:
        fragment_ = "g=" + fragment_[2:]
    if not fragment_.startswith(("p=", "g=")):
        return None
    return fragment_, review


# --- export -----------------------------------------------------------------------------------
def export(session, today):
    """``(text, name, mime)``: the session as a match file, or as the JSON record where a
    match file cannot hold its moves (mixed matches, gioul, gul bara; Open reads it back).
    Raises NardyError when neither can."""
    # start-up: what a saved game's card, link or file needs loads when the page first
    # lists, shares or exports one
    from ..formats import records

    record = session.to_dict()
    suffix, kind = ("mat" if session.variant.key == "short" else "txt"), "text/plain"
    try:
        text = records.export_match(record)
    except NardyError as exc:
        if exc.code not in ("unsupported", "mixed_match"):
            raise
        text, suffix, kind = records.export_json(record), "json", "application/json"
    return text, file_name(session, today, suffix), kind + ";charset=utf-8"


def dice_export(session, today):
    """``(text, name, mime)``: the record for ``verify-dice --record`` (docs/dice.md)."""
    return (
        json.dumps(session.to_dict(), ensure_ascii=False),
        file_name(session, today, "json", "dice"),
        "application/json",
    )


def review_export(session, today, text):
    """``(text, name, mime)`` of a review's text (written by the bot worker)."""
    return text, file_name(session, today, "txt", "review"), "text/plain;charset=utf-8"


# --- import: what a link, a code or a file opens ------------------------------------------------
def players_for(choice, turn, level=DEFAULT_LEVEL):
    """Players by colour (White, Black) for a "who plays" choice, ``turn`` the side to move:
    ``bot`` the person moves and the bot answers, ``bot_to_move`` the bot moves (the person
    answers), ``two`` two people, ``bots`` bot against bot."""
    if choice == "two":
        return (HUMAN, HUMAN)
    if choice == "bots":
        return (level, level)
    person = turn if choice != "bot_to_move" else 1 - turn
    return (HUMAN, level) if person == 0 else (level, HUMAN)


def assign_players(session, choice, level=DEFAULT_LEVEL):
    """Who plays, decided once the game is known (its side to move and which match player
    has which colour)."""
    chosen = players_for(choice, session.game.position.turn, level)
    session.players = chosen if session.game.players[0] == 0 else chosen[::-1]


def opened(kind, payload, choice, level=DEFAULT_LEVEL, prefs=None, replay=True):
    """``(session, replay)`` for what the reader read (``share.decode``'s answer): the new
    session with its players, and for a whole game (``replay``) the replay to step through
    from its first state, else None. Raises NardyError."""
    session, states = share.opened(kind, payload, prefs=prefs, replay=replay)
    assign_players(session, choice, level)
    return session, (None if states is None else {"states": states, "index": 0})


def read(text):
    """``(kind, payload)`` of a code or link read here (the embed's short codes)."""
    return share.read(text)


def game_replay(game, number) -> dict:
    """A replay of one of the session's games, ``number`` its index in the match, from its
    first state. Raises NardyError."""
    return {"states": share.replay_states(game_record(game)), "index": 0, "game": number}


# --- reading within a budget (the reader worker runs ``share.check``) ----------------------------
READ_BUDGET_MS = share.READ_BUDGET_MS


def check(source, text) -> dict:
    """The reader worker's answer for a link, a code or a file's text (``share.check``)."""
    return share.check(source, text)


def budget_error():
    return share.budget_error()


def checked(answer):
    """``(kind, payload)`` from the reader's answer; raises its refusal (``share.checked``)."""
    return share.checked(answer)


def check_file_size(size):
    """Refuse a game file too big to read, before it is read (``share.check_file_size``)."""
    share.check_file_size(size)
