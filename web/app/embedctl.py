"""Embedded on another site (embed.html, docs/embed.md): the board configured by the frame's
query — a static diagram, a game to play against the bot, or a replay — talking to the host
page by postMessage, saving nothing on the visitor's device."""

import json

import js
from pyscript import document, window

from dom import EMBED
from forms import GAMES
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import text as T
from nardy_core.ui.session import DEFAULT_LEVEL, HUMAN, Session, bot_levels

EMBED_MODES = ("static", "play", "replay")
# the move-list rows a host hears of as moves (a roll is not one: its play is)
MOVE_ROWS = ("play", "pass", "double", "take", "beaver", "drop", "resign", "accept", "decline")


class EmbedCtl:
    def __init__(self, app):
        self.app = app
        self.posted = None  # the last (session, games, moves, over) reported
        self.quiet = False  # a ``set`` under way: the host gets a ``state``, not a move

    def bind(self, on):
        if EMBED:
            on(window, "message", self.on_message)

    def start(self):
        app = self.app
        query = app.query
        theme = query.get("theme", "light")
        document.body.dataset.theme = theme if theme in ("light", "dark") else "light"
        app.flipped = query.get("flip") in ("1", "true")
        size = query.get("size", "")
        if size.isdigit():
            document.body.style.maxWidth = f"{max(200, min(1200, int(size)))}px"
        game = query.get("game", "short") if query.get("game") in GAMES else "short"
        fragment = str(window.location.hash)[1:] or R.initial_fragment(game)
        if not self.open_code(fragment):
            app.use(Session(game, players=(HUMAN, HUMAN), prefs=app.session_prefs()), "embed")

    def open_code(self, text) -> bool:
        """Show what a code or link holds, in this embed's mode; False (with a notice) when it
        cannot be read."""
        app = self.app
        level = app.query.get("level", DEFAULT_LEVEL)
        try:
            kind, payload = R.read(text)
            app.replays.still = payload if kind == "state" and app.mode == "static" else None
            self.quiet = True
            try:
                app.sharing.open_shared(
                    kind,
                    payload,
                    "bot" if app.mode == "play" else "two",
                    level=level if level in bot_levels() else DEFAULT_LEVEL,
                    ident="embed",
                )
            finally:
                self.quiet = False
        except NardyError as exc:
            what, detail = T.read_error(app.lang, exc, link=False)
            app.set_notice(T.tr(app.lang, "bad_code", detail=what), alert=True, detail=detail)
            if app.session is not None:
                app.render()
            return False
        return True

    def post(self, message):
        """A message to the host page (any origin may embed us: the data is the public
        position, nothing private)."""
        if window.parent is not None and window.parent != window:
            window.parent.postMessage(js.JSON.parse(json.dumps(dict(message, nardy=1))), "*")

    def report(self):
        """Tell the host what changed since the last report: exactly one ``move`` message per
        move (a play, a pass, a cube or resignation action: ``MOVE_ROWS``), none for a roll
        or for a position the host set, and ``gameover`` once at the end."""
        app = self.app
        session = app.session
        rows = session.logs[-1]
        moves = [r for r in rows if r["k"] in MOVE_ROWS]
        key = (id(session), len(session.logs), len(moves), session.game.is_over)
        if self.posted == key:
            return
        first, before, self.posted = self.posted is None, self.posted, key
        code = app.sharing.code()
        if first:
            self.post({"type": "ready", "mode": app.mode, "code": code})
            return
        if self.quiet or before[:2] != key[:2]:  # a position set, or a new game: no move
            return
        for row in moves[before[2] :]:
            self.post(
                {
                    "type": "move",
                    "code": code,
                    "move": T.log_text("en", row),
                    "turn": session.game.position.turn,
                }
            )
        if key[3] and not before[3]:
            self.post({"type": "gameover", "result": session.game.result.to_dict(), "code": code})

    def on_message(self, event):
        app = self.app
        data = event.data
        try:
            message = json.loads(js.JSON.stringify(data)) if data is not None else None
        except Exception:
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            js.console.warn("nardy embed: ignored a message that is not {type: ...}")
            return
        kind = message["type"]
        if kind == "set" and isinstance(message.get("code"), str):
            if self.open_code(message["code"]):
                self.post({"type": "state", "code": app.sharing.own_fragment()})
            else:
                self.post({"type": "error", "message": "the code could not be read"})
        elif kind == "get":
            self.post({"type": "state", "code": app.sharing.own_fragment()})
        elif kind == "flip":
            app.flipped = not app.flipped
            app.render()
        else:
            js.console.warn(f"nardy embed: ignored message type {kind[:40]!r}")
