"""Tutor mode (docs/review.md, "Tutor"): when the person presses Done, Roll (where a double
was possible), Double, Take, Drop or Beaver in a game with the tutor on, the decision is sent to
the bot's web worker and judged as the review judges it; nothing is applied meanwhile. A
decision that loses at least the game's tutor mark is held (``Session.tutor_pending``): the
status line says what it loses and what the bot would do, the board shows the better play, and
the player keeps theirs or takes it back. The page's thread never evaluates anything."""

import asyncio
import json
from html import escape

from nardy_core.engine.errors import NardyError
from nardy_core.ui import text as T

ACTS = ("done", "roll", "double", "take", "drop", "beaver")


class TutorCtl:
    def __init__(self, app):
        self.app = app
        self.checking = None  # the decision being judged: (key, act)

    def bind(self, on):
        pass

    def key(self):
        session = self.app.session
        return [
            self.app.session_id,
            len(session.match.games),
            len(session.game.actions),
            session.game.phase,
        ]

    def busy(self) -> bool:
        """A decision of the person is being judged: the board and the buttons wait."""
        return self.checking is not None and self.checking[0] == self.key()

    def pending(self):
        return getattr(self.app.session, "tutor_pending", None)

    def blocks(self) -> bool:
        """Nothing on the board may change: a decision is being judged or is held."""
        return self.busy() or self.pending() is not None

    def wants(self, act) -> bool:
        """The tutor judges ``act`` before it is made (tutor mode is on and it is a decision)."""
        session = self.app.session
        due = getattr(session, "tutor_due", None)
        return act in ACTS and not self.busy() and due is not None and due(act)

    def check(self, act):
        app = self.app
        self.checking = (self.key(), act)
        app.clear_notice()
        app.render()
        asyncio.ensure_future(self.run(act, app.token, self.key()))

    async def run(self, act, token, key):
        app = self.app
        session = app.session
        failed = None
        try:
            worker = await app.workers.ensure_bot()
            verdict = json.loads(await worker.tutor(json.dumps(session.tutor_request(act))))
            if verdict.get("error"):
                raise NardyError(verdict["error"], code="bot")
        except NardyError as exc:
            # the tutor must not stop the game: the decision goes through, the page says why
            failed = T.error_text(app.lang, exc)
            verdict = {"flag": False}
        if token != app.token or self.checking is None or self.checking[0] != key:
            return  # another game, or the game moved on: a stale answer
        self.checking = None

        def answer():
            session.tutor_answer(act, verdict)
            if failed:
                app.set_notice(T.tr(app.lang, "tutor_failed", detail=failed), alert=True)

        app.act(answer)

    def preview_view(self):
        """The board with the better play while the tutor asks about a play, or None."""
        session = self.app.session
        return session.tutor_preview() if self.pending() is not None else None

    def status_html(self):
        """The status line while the tutor asks (its message), or while it judges; None when
        it does neither."""
        lang = self.app.lang
        pending = self.pending()
        if pending is None:
            return T.tr(lang, "tutor_checking") if self.busy() else None
        verdict = pending["verdict"]
        loses = T.tr(
            lang,
            "tutor_loses_play" if verdict.get("kind") == "play" else "tutor_loses_cube",
            loss=f"{float(verdict.get('loss') or 0):.3f}",
            mark=T.tr(lang, "tutor_mark_" + (verdict.get("mark") or "doubtful")),
        )
        best = verdict.get("best") or ""
        if verdict.get("kind") == "play":
            better = T.tr(lang, "tutor_bot_play", play=T.ltr(best))
        else:
            better = T.tr(lang, "tutor_bot_" + best) if best else ""
        return f"{escape(loses)} {escape(better)}"

    def buttons(self):
        lang = self.app.lang
        return (
            '<button type="button" id="btn-tutorkeep" data-act="tutorkeep">'
            f"{escape(T.tr(lang, 'tutor_keep'))}</button>"
            '<button type="button" id="btn-tutorback" data-act="tutorback" class="primary">'
            f"{escape(T.tr(lang, 'tutor_back'))}</button>"
        )
