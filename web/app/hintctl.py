"""The hint: the bot's advice for the decision on the board, asked of the web worker, listed
under the board; pointing at a play shows it on the board. Any action makes the hint stale."""

import asyncio
import json
from html import escape

from dom import absent, by_id, closest
from forms import hint_html
from nardy_core.engine.errors import NardyError
from nardy_core.ui import text as T


class HintCtl:
    def __init__(self, app):
        self.app = app
        self.hint = None  # the worker's advice: {"key", "answer" | "busy"}
        self.preview = None  # the hint play shown on the board (index), or None

    def bind(self, on):
        box = by_id("hint")
        on(box, "mouseover", self.on_point)
        on(box, "focusin", self.on_point)
        on(box, "mouseleave", lambda e: self.on_point(e, leave=True))
        on(box, "focusout", lambda e: self.on_point(e, leave=True))

    def key(self):
        """What a hint answers: this game at this decision (any action makes it stale)."""
        app = self.app
        session = app.session
        return [
            app.session_id,
            len(session.match.games),
            len(session.game.actions),
            session.game.phase,
        ]

    def asked(self) -> bool:
        """A hint for this decision is shown or on its way (the button is then disabled)."""
        return self.key() == (self.hint or {}).get("key")

    def plays(self):
        hint = self.hint
        if not hint or hint.get("key") != self.key() or "answer" not in hint:
            return []
        return hint["answer"].get("plays") or []

    def cube(self):
        """The hint's cube advice for this decision (``BotService.hint``'s ``cube``), or None."""
        hint = self.hint
        if not hint or hint.get("key") != self.key() or "answer" not in hint:
            return None
        return hint["answer"].get("cube")

    def preview_view(self):
        """The board view with the pointed-at play made, or None (then no play is pointed
        at)."""
        plays = self.plays()
        if plays and self.preview is not None and self.preview < len(plays):
            return self.app.session.preview(plays[self.preview]["steps"])
        self.preview = None
        return None

    def ask(self):
        asyncio.ensure_future(self.run(self.app.token))

    async def run(self, token):
        app = self.app
        key = self.key()
        self.hint = {"key": key, "busy": True}
        self.preview = None
        app.render()
        try:
            worker = await app.workers.ensure_bot()
            answer = json.loads(await worker.hint(json.dumps(app.session.hint_request())))
            if answer.get("error"):
                raise NardyError(answer["error"], code="bot")
        except NardyError as exc:
            answer = {"error": T.error_text(app.lang, exc)}
        if token != app.token or (self.hint or {}).get("key") != key:
            return  # the game moved on meanwhile: a stale answer
        self.hint = {"key": key, "answer": answer}
        app.render()

    def render(self):
        box = by_id("hint")
        if absent(box):
            return
        hint = self.hint
        if not hint or hint.get("key") != self.key():
            box.hidden = True
            box.innerHTML = ""
            return
        lang = self.app.lang
        if hint.get("busy"):
            html = f'<p class="hint-busy">{T.tr(lang, "hint_thinking")}</p>'
        elif hint["answer"].get("error"):
            html = f'<p class="hint-error">{escape(hint["answer"]["error"])}</p>'
        else:
            html = hint_html(lang, hint["answer"])
        if box.getAttribute("data-html") != html:  # the focused row stays across renders
            box.innerHTML = html
            box.setAttribute("data-html", html)
        for row in box.querySelectorAll("[data-hint]"):
            if row.getAttribute("data-hint") == str(self.preview):
                row.setAttribute("aria-current", "true")
            else:
                row.removeAttribute("aria-current")
        box.hidden = False

    def on_point(self, event, leave=False):
        row = None if leave else closest(event, "[data-hint]")
        index = None if row is None else int(row.getAttribute("data-hint"))
        if index != self.preview:
            self.preview = index
            self.app.render()
