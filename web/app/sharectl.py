"""Share and Open: the address bar (always the game on the board), links opened from the
address, the Share dialog (link, codes, embed snippet, export) and the Open dialog (a pasted
code or link, a game file). What is read goes through the reader worker first; every record
operation through ``nardy_core.ui.pagerecords``."""

import asyncio
from html import escape

import js
from pyscript import window

from dom import EMBED, by_id, copy_text, download, now_ms, today
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import text as T
from nardy_core.ui.session import DEFAULT_LEVEL
from sharing import embed_snippet, open_form, share_form


class ShareCtl:
    def __init__(self, app):
        self.app = app
        self.address = None  # (key, fragment) last written to the address bar
        self.whole_game = False  # the Share dialog's link carries the whole game
        self.embed = {"mode": "static", "size": 480, "theme": "light"}
        self.read_serial = 0  # bumps when the Open dialog's read is no longer wanted

    def bind(self, on):
        on(by_id("btn-share"), "click", self.open_share)
        on(by_id("btn-open"), "click", self.open_open)
        on(by_id("dlg-share"), "click", self.on_share_click)
        on(by_id("dlg-share"), "change", self.on_share_change)
        on(by_id("dlg-open"), "click", self.on_open_click)
        on(by_id("dlg-open"), "change", self.on_open_change)
        if not EMBED:
            on(window, "hashchange", lambda e: self.open_link(str(window.location.hash)))

    # --- the address bar ------------------------------------------------------------------------
    def forget_address(self):
        """Another session is on the board: its address is written at the next render."""
        self.address = None

    def own_fragment(self) -> str:
        """The game on the board's own address (computed here if the worker has not yet
        delivered a finished game's code)."""
        if self.address and self.address[1]:
            return self.address[1]
        try:
            return R.fragment(self.app.session)
        except NardyError:
            return ""

    def code(self) -> str:
        """The code last written to the address ("" while a finished game's is being made)."""
        return (self.address[1] if self.address else "") or ""

    def sync_address(self):
        """The address bar always holds the game on the board (replaceState: no history entry
        per move, and no hashchange). A finished game's address is its whole-game code, made
        in the web worker (encoding replays the game)."""
        app = self.app
        session = app.session
        if hasattr(session, "friend"):  # a friend game's address is the page's: its links are sent
            if str(window.location.hash):
                window.history.replaceState(None, "", str(window.location.pathname))
            self.address = None
            return
        key = (app.session_id, len(session.match.games), len(session.game.actions))
        if self.address and self.address[0] == key:
            return
        if session.game.is_over:
            if EMBED:
                return  # an embed keeps the code it was given
            self.address = (key, None)
            asyncio.ensure_future(self.address_of_finished_game(key))
            return
        try:
            fragment = R.fragment(session)
        except NardyError as exc:
            js.console.warn(f"nardy: no link for this state ({exc})")
            return
        self.address = (key, fragment)
        window.history.replaceState(None, "", "#" + fragment)

    async def address_of_finished_game(self, key):
        try:
            answer = await self.app.workers.game_code(self.app.session.game)
        except Exception as exc:  # no worker: the address keeps the last position
            js.console.warn(f"nardy: no link for the finished game ({exc})")
            return
        if self.address != (key, None) or "code" not in answer:
            return  # another game or move meanwhile, or no code
        fragment = "g=" + answer["code"]
        self.address = (key, fragment)
        window.history.replaceState(None, "", "#" + fragment)

    # --- links opened from the address ----------------------------------------------------------
    def open_link(self, hash_text) -> bool:
        """Start reading ``#p=…`` / ``#g=…`` / ``#r=…`` (``open_read_link``) unless it is the
        board's own address; False when there is no link to read."""
        if hash_text.startswith("#f="):  # a game with a friend: its link is read here, at once
            self.app.friends.open_link(hash_text[3:])
            return False
        target = R.link_target(hash_text)
        if target is None:
            return False
        fragment, review = target
        if self.app.session is not None and self.address and self.address[1] == fragment:
            return False  # our own address
        asyncio.ensure_future(self.open_read_link(fragment, review))
        return True

    async def open_read_link(self, fragment, review):
        """Open a link as a new game once the reader has read it (the game on the board stays
        saved); a link that cannot be read, or asks for more work than the budget, says why
        and changes nothing."""
        app = self.app
        try:
            kind, payload = await app.workers.read("text", fragment)
            self.open_shared(kind, payload, "bot", notice="opened_link")
            if review:
                app.review.start()
        except NardyError as exc:
            if app.session_id not in app.games.saves():
                app.save()  # the new game shown while the link was read stays
            what, detail = T.read_error(app.lang, exc)
            app.set_notice(T.tr(app.lang, "bad_link", detail=what), alert=True, detail=detail)
            self.address = None  # put the game's own address back
        finally:
            app.starting = False
        app.render()

    def open_shared(self, kind, payload, choice, level=DEFAULT_LEVEL, notice=None, ident=None):
        """Put what the reader read on the board as a new game. ``choice``
        (``pagerecords.players_for``): who plays; a whole game opens as a replay from its
        first position (the app) or as the embed's mode says. Raises NardyError and then
        changes nothing."""
        app = self.app
        session, replay = R.opened(
            kind,
            payload,
            choice,
            level,
            prefs=app.session_prefs(),
            replay=app.mode in ("app", "replay"),
        )
        if notice and not (app.notice and app.notice[1]):  # an alert stays in view
            app.set_notice(T.tr(app.lang, notice))
        app.editing.close()
        app.use(session, ident or R.new_ident(now_ms()), replay)

    # --- the Share dialog ----------------------------------------------------------------------------
    def open_share(self, _event=None):
        try:
            self.fill_share()
        except NardyError as exc:
            self.app.fail(exc)
            return
        by_id("dlg-share").showModal()

    def fill_share(self):
        app = self.app
        link = R.link(window.location.href, app.session, self.whole_game)
        base, fragment = link.split("#", 1)
        embed = dict(
            self.embed,
            snippet=embed_snippet(
                base,
                fragment,
                self.embed["mode"],
                self.embed["size"],
                self.embed["theme"],
                app.lang,
            ),
        )
        by_id("dlg-share").innerHTML = share_form(
            app.lang, link, R.codes(app.session), self.whole_game, embed
        )

    def on_share_click(self, event):
        target = event.target
        if target.id == "sh-close":
            by_id("dlg-share").close()
        elif target.id == "sh-export":
            self.export_file()
        elif target.getAttribute("data-copy"):
            self.copy(target.getAttribute("data-copy"))

    def on_share_change(self, event):
        target = event.target
        if target.id == "sh-whole":
            self.whole_game = bool(target.checked)
        elif target.id == "sh-mode":
            self.embed["mode"] = target.value
            if target.value == "replay":
                self.whole_game = True
        elif target.id == "sh-size":
            try:
                self.embed["size"] = max(200, min(1200, int(target.value)))
            except ValueError:
                pass
        elif target.id == "sh-theme":
            self.embed["theme"] = target.value
        else:
            return
        opened = by_id("sh-embed").open
        self.fill_share()
        by_id("sh-embed").open = opened

    def copy(self, ident):
        """Copy a field to the clipboard; where the browser refuses the text is left
        selected for the person to copy."""
        field = by_id(ident)
        field.select()
        message = by_id("sh-msg")
        lang = self.app.lang

        def say(key):
            message.textContent = T.tr(lang, key)

        copy_text(field.value, say)

    def export_file(self):
        lang = self.app.lang
        try:
            text, name, mime = R.export(self.app.session, today())
        except NardyError as exc:
            by_id("sh-msg").textContent = T.error_text(lang, exc)
            return
        download(text, name, mime)
        by_id("sh-msg").textContent = T.tr(lang, "exported", name=name)

    # --- the Open dialog -------------------------------------------------------------------------------
    def open_open(self, _event=None):
        dialog = by_id("dlg-open")
        dialog.innerHTML = open_form(self.app.lang)
        dialog.showModal()

    def on_open_click(self, event):
        target = event.target
        if target.id == "op-cancel":
            self.read_serial += 1  # a read under way is no longer wanted
            by_id("dlg-open").close()
        elif target.id == "op-open":
            asyncio.ensure_future(self.open_input("text", str(by_id("op-text").value)))

    def on_open_change(self, event):
        if event.target.id == "op-file":
            files = event.target.files
            if files.length:
                asyncio.ensure_future(self.import_file(files.item(0)))

    async def open_input(self, source, text):
        """Read what was pasted or a game file's text in the reader, then open it; the dialog
        says "Reading…" meanwhile and, when it cannot be read, why. Returns ``(kind,
        payload)``, or None (refused, or the dialog was closed meanwhile: nothing opens)."""
        app = self.app
        serial = self.read_serial = self.read_serial + 1
        dialog, error, status = by_id("dlg-open"), by_id("op-error"), by_id("op-status")
        error.textContent = ""
        status.textContent = T.tr(app.lang, "reading")
        try:
            kind, payload = await app.workers.read(source, text)
            if serial != self.read_serial or not dialog.open:
                return None
            if kind == "file":
                session, _ = R.opened(
                    kind, payload, by_id("op-players").value, prefs=app.session_prefs()
                )
            else:
                self.open_shared(kind, payload, by_id("op-players").value)
        except NardyError as exc:
            if serial == self.read_serial:
                status.textContent = ""
                if source == "file":
                    error.textContent = T.tr(
                        app.lang, "bad_file", detail=T.error_text(app.lang, exc)
                    )
                else:  # in a player's words; the engine's under Details
                    what, detail = T.read_error(app.lang, exc, link=False)
                    error.innerHTML = escape(T.tr(app.lang, "bad_code", detail=what)) + (
                        f"<details><summary>{escape(T.tr(app.lang, 'details'))}</summary>"
                        f"{escape(detail)}</details>"
                        if detail
                        else ""
                    )
            return None
        status.textContent = ""
        dialog.close()
        if kind == "file":
            app.editing.close()
            games = len(payload.get("games") or ())
            app.set_notice(
                T.tr(
                    app.lang,
                    "imported",
                    games=games,
                    games_word=T.ntr(app.lang, "game_word", games),
                )
            )
            app.use(session, R.new_ident(now_ms()))
        return kind, payload

    async def import_file(self, file):
        """A game file: refused by its size before it is read, else read as text and opened
        like a pasted code."""
        lang = self.app.lang
        error = by_id("op-error")
        try:
            R.check_file_size(int(file.size))
            text = str(await file.text())
        except NardyError as exc:
            error.textContent = T.tr(lang, "bad_file", detail=T.error_text(lang, exc))
            return
        except Exception as exc:  # the browser could not read it: still a readable message
            error.textContent = T.tr(lang, "bad_file", detail=str(exc)[:160])
            return
        await self.open_input("file", text)
