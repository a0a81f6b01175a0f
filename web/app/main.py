"""The page: a thin DOM layer over ``nardy_core.ui.session.Session``, and this file its shell.

No rule logic lives here (chessground's rule): the board is drawn from ``Session.view()`` by
``nardy_core.ui.svg.render_board``, gestures are sent back as locations, and every state change
ends in ``App.render()`` — the one render path. The shell holds what every part shares (the
session on the board, the settings, the language, the notice) and wires the controllers, each
owning its own state: play (board, gestures, controls), new game and saved games, share and
open, hint, review, replay, editor, dice, embed, settings. They talk through the shell, never
through each other's internals. The bot runs in a PyScript web worker, started after the first
board is drawn, so the page keeps responding while it thinks.
"""

import asyncio
import json
from html import escape
from urllib.parse import unquote

import js
import pyodide_js
from pyodide.ffi import create_proxy
from pyscript import document, window

BUILD = json.loads(await (await js.fetch("./build.json")).text())  # noqa: F704 (PyScript)
await pyodide_js.loadPackage(BUILD["wheel"])  # noqa: F704 — the wheel built from this repo

from dicectl import DiceCtl  # noqa: E402
from dom import EMBED, absent, by_id, focused_loc  # noqa: E402
from editorctl import EditorCtl  # noqa: E402
from embedctl import EMBED_MODES, EmbedCtl  # noqa: E402
from friendctl import PREFIX as FRIEND_PREFIX  # noqa: E402
from friendctl import FriendCtl  # noqa: E402
from hintctl import HintCtl  # noqa: E402
from nardy_core.engine.errors import NardyError  # noqa: E402
from nardy_core.ui import prefs as P  # noqa: E402
from nardy_core.ui import text as T  # noqa: E402
from nardy_core.ui.session import HUMAN  # noqa: E402
from nardy_core.ui.svg import render_board  # noqa: E402
from nardy_core.variants.i18n import about, match_language  # noqa: E402
from newgame import NewGame  # noqa: E402
from pickerctl import PickerCtl  # noqa: E402
from play import Play  # noqa: E402
from replayctl import ReplayCtl  # noqa: E402
from reviewctl import ReviewCtl  # noqa: E402
from rolloutctl import RolloutCtl  # noqa: E402
from settingsctl import SettingsCtl  # noqa: E402
from sharectl import ShareCtl  # noqa: E402
from storage import CURRENT, PREFS, Storage  # noqa: E402
from tutorctl import TutorCtl  # noqa: E402
from workers import Workers  # noqa: E402

NOTICE_S = {False: 6, True: 15}  # seconds a notice stays: a message, an error


class App:
    def __init__(self):
        self.prefs = P.load(Storage.get(PREFS, {}))
        # the language the player chose in the menu (remembered), else the browser's; ?lang= on
        # the address shows the page in another for this visit without changing that choice
        stored = self.prefs.get("lang")
        self.lang_choice = stored if stored in T.LANGUAGES else None
        browser = list(window.navigator.languages or ()) or [window.navigator.language]
        self.lang = P.language(self.lang_choice, T.LANGUAGES, browser)
        self.lang_notice = None
        self.session = None
        self.session_id = None
        self.flipped = False
        self.token = 0  # bumps when another session is loaded: old replies drop
        self.notice = None  # (text, is_alert, detail) to show at the next render
        self.notice_shown = 0  # counts notices shown: a timer hides only its own
        self.standing = None  # key of a notice that stays until closed (storage refused)
        # the browser lets the page keep nothing: play goes on, the page says so once ready
        # (an embed keeps nothing anyway, and does not probe)
        self.storage_refused = not EMBED and Storage.refused()
        self.starting = False  # reading the address's link at start: not ready yet
        self.was_ready = False
        self.query = P.query(window.location.search)
        self.mode = self.query.get("mode", "play") if EMBED else "app"
        if self.mode not in EMBED_MODES + ("app",):
            self.mode = "static"
        asked = self.query.get("lang")
        if asked is not None:
            found = match_language(unquote(asked))
            self.lang = found or self.lang
            if unquote(asked).lower() not in T.LANGUAGES:
                self.lang_notice = T.tr(
                    self.lang,
                    "err_unknown_language",
                    lang=unquote(asked)[:20],
                    language=about(self.lang)["name"],
                )
        window.nardyStats = js.JSON.parse('{"botMs": [], "botThinkMs": []}')
        self.workers = Workers(BUILD["wheel"])
        self.play = Play(self)
        self.games = NewGame(self)
        self.sharing = ShareCtl(self)
        self.hints = HintCtl(self)
        self.rollouts = RolloutCtl(self)
        self.tutor = TutorCtl(self)
        self.review = ReviewCtl(self)
        self.replays = ReplayCtl(self)
        self.editing = EditorCtl(self)
        self.dice = DiceCtl(self)
        self.embed = EmbedCtl(self)
        self.settings = SettingsCtl(self)
        self.picker = PickerCtl(self)
        self.friends = FriendCtl(self)
        self.controllers = (
            self.play,
            self.games,
            self.sharing,
            self.hints,
            self.rollouts,
            self.tutor,
            self.review,
            self.replays,
            self.editing,
            self.dice,
            self.embed,
            self.settings,
            self.picker,
            self.friends,
        )
        self._proxies = []

    # --- what the address asks for ------------------------------------------------------------
    def start(self):
        """What the address asks for: ``?new=…`` a new game; a ``#p=``/``#g=`` link that is
        not the saved game's own address a new game from the link; else the saved game.
        A link is read off the main thread: the saved game (or a new one, saved only if the
        link fails or someone plays on it) is on the board meanwhile, and the page says it is
        ready once the link is open or refused."""
        if EMBED:
            if self.lang_notice:
                self.set_notice(self.lang_notice, alert=True)
            self.embed.start()
            return
        self.games.check_saves()
        hash_text = str(window.location.hash)
        query = P.query(window.location.search)
        choice = P.start_choice(query)
        if choice is not None:
            if query.get("anim", "").isdigit():
                self.prefs["anim_ms"] = int(query["anim"])
            window.history.replaceState(None, "", str(window.location.pathname))
            self.games.new_session(choice)
            if self.lang_notice:  # ?lang= named a language with no catalogue
                self.set_notice(self.lang_notice, alert=True)
                self.render()
            return
        self.starting = True  # no data-ready before the address's link is settled
        current = Storage.get(CURRENT)
        restored = False
        if isinstance(current, str) and current in self.games.saves():
            self.set_notice(T.tr(self.lang, "restored"))  # replaced by a notice of damage
            restored = self.games.load(current)
        elif isinstance(current, str) and current[len(FRIEND_PREFIX) :] in self.friends.stored():
            restored = self.friends.load(current[len(FRIEND_PREFIX) :])
        # a reload shows the saved game: the address is its own
        own = restored and (
            hash_text in ("", "#") or "#" + self.sharing.own_fragment() == hash_text
        )
        reading = not own and self.sharing.open_link(hash_text)
        inviting = self.friends.invitation is not None  # the invitation's dialog is open
        first_visit = self.session is None and not reading and self.picker.wanted()
        first_visit = first_visit and not inviting
        if first_visit or (self.session is None and inviting):  # nobody moves on it until Play
            self.games.new_session(self.picker.preview_choice(), save=False)
        elif self.session is None:
            self.games.new_session(self.prefs.get("new_game") or {}, save=not reading)
        self.starting = reading
        if self.lang_notice:  # ?lang= named a language with no catalogue
            self.set_notice(self.lang_notice, alert=True)
        self.mark_ready()
        if first_visit:
            self.picker.open()

    def use(self, session, ident, replay=None, save=True):
        """Put ``session`` on the board (a new game, a saved one, an opened one)."""
        self.session = session
        self.session_id = ident
        self.replays.replay = replay
        self.sharing.forget_address()
        self.token += 1
        self.play.reset()
        self.flipped = False
        if save:
            self.save()
        self.render()

    def session_prefs(self):
        return P.session_prefs(self.prefs)

    def save(self):
        self.games.save()

    def save_prefs(self):
        if self.lang_choice:  # only a language picked in the menu is remembered
            self.prefs["lang"] = self.lang_choice
        else:
            self.prefs.pop("lang", None)
        Storage.put(PREFS, self.prefs)

    def choose_language(self, lang):
        """The player picked ``lang`` in the menu: the page speaks it now and from now on."""
        if lang not in T.LANGUAGES:
            return
        self.lang = self.lang_choice = lang
        self.save_prefs()
        self.settings.label_page()
        self.render()

    # --- one path for every change ----------------------------------------------------------------
    def act(self, fn, *args):
        """Run a session action from a gesture or a button; errors become a readable notice
        and leave the game as it was."""
        self.clear_notice()  # a notice lasts until the next action
        try:
            fn(*args)
        except NardyError as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
        self.save()
        self.render()
        if self.session.prefs.get("auto_confirm") and self.tutor.wants("done"):
            self.tutor.check("done")  # the turn ends by itself: the tutor judges it first

    def fail(self, exc):
        """An action refused: say why, change nothing."""
        self.set_notice(T.error_text(self.lang, exc), alert=True)
        self.render()

    def mark_ready(self):
        """``data-ready``: the board is drawn and what the address asked for is on it (or
        was refused): not while the link of the address is being read at start."""
        if not self.starting:
            if not self.was_ready:  # the load time, for bench/web_engines.py
                self.was_ready = True
                window.nardyStats.readyMs = js.performance.now()
            document.body.dataset.ready = "1"

    def set_notice(self, text, alert=False, detail=""):
        """A notice replaces the one before; ``detail``: technical words, shown collapsed."""
        self.notice = (text, alert, detail)

    def show_notice(self):
        text, alert, detail = self.notice
        banner = by_id("notice")
        banner.innerHTML = f'<span class="text">{escape(text)}</span>' + (
            f"<details><summary>{escape(T.tr(self.lang, 'details'))}</summary>"
            f"{escape(detail)}</details>"
            if detail
            else ""
        )
        banner.setAttribute("role", "alert" if alert else "status")
        banner.removeAttribute("data-standing")
        banner.hidden = False
        self.notice_shown += 1
        shown = self.notice_shown
        # it goes by itself: a message after a few seconds, an error after longer
        asyncio.get_event_loop().call_later(NOTICE_S[alert], lambda: self.clear_notice(shown))
        if not self.starting:  # at start, kept so that a link opened next leaves an alert
            self.notice = None

    def clear_notice(self, shown=None):
        """Hide the notice (``shown``: only if it is still that one); the new-version banner,
        which asks the player something, stays, and the standing notice comes back."""
        banner = by_id("notice")
        if absent(banner) or (shown is not None and shown != self.notice_shown):
            return
        if absent(banner.querySelector("#btn-update")):  # JavaScript null: None or JsNull
            if self.standing:
                self.show_standing()
            else:
                banner.hidden = True

    def set_standing(self, key):
        """A notice that stays until the player closes it (``key``: its text in the catalogue):
        a passing notice covers it for its while, then it is back. Shown now unless a notice
        is in view."""
        self.standing = key
        banner = by_id("notice")
        if not absent(banner) and banner.hidden:
            self.show_standing()

    def show_standing(self):
        banner = by_id("notice")
        mark = f"{self.standing}:{self.lang}"
        if not banner.hidden and banner.getAttribute("data-standing") == mark:
            return  # in view, in this language: left as it is (and its focus)
        close = escape(T.tr(self.lang, "close"))
        banner.innerHTML = (
            f'<span class="text">{escape(T.tr(self.lang, self.standing))}</span>'
            f'<button type="button" id="btn-notice-close" class="notice-close" '
            f'aria-label="{close}" title="{close}">×</button>'
        )
        banner.setAttribute("data-standing", mark)
        banner.setAttribute("role", "status")
        banner.hidden = False

    def on_notice_click(self, event):
        if event.target.closest("#btn-notice-close"):
            self.standing = None
            by_id("notice").hidden = True

    def announce(self, text):
        by_id("live").textContent = text

    def frozen(self) -> bool:
        """A diagram or a replay: the board shows, nobody moves on it."""
        return self.mode == "static" or self.replays.replay is not None

    def viewer(self):
        session = self.session
        humans = [c for c in (0, 1) if session.player_of(c) == HUMAN]
        base = humans[0] if len(humans) == 1 else 0
        return 1 - base if self.flipped else base

    def draw_board(self, view, actionable):
        svg = render_board(
            view,
            viewer=self.viewer(),
            mirror=bool(self.prefs["mirror"]),
            numbers=bool(self.prefs["numbers"]),
            label=T.board_label(self.lang),
            actionable=actionable,
        )
        by_id("board").innerHTML = svg
        if not EMBED:
            Storage.keep_board(svg)  # the next visit's first paint (index.html)

    def render(self):
        if self.editing.active:
            self.editing.render()
            return
        by_id("editor").hidden = True
        if self.frozen():
            self.sharing.sync_address()
            self.replays.render()
            self.rollouts.render()  # a review mistake's rollout goes on beside the replay
            if EMBED:
                self.embed.report()
            return
        session = self.session
        view = session.view()
        focus_loc = focused_loc()
        preview = self.tutor.preview_view() or self.hints.preview_view()
        if preview is not None:
            self.draw_board(preview, False)
        else:
            self.draw_board(
                view,
                session.human_to_act() and not self.play.thinking and not self.tutor.blocks(),
            )
        self.play.render(view)
        self.friends.render()
        self.settings.render_badge()
        self.hints.render()
        self.rollouts.render()
        self.review.render()
        self.dice.render()
        self.play.render_log()
        for key, params in session.drain_notices():
            self.announce(T.notice_text(self.lang, key, params))
        if self.notice:
            self.show_notice()
        elif self.standing and by_id("notice").hasAttribute("data-standing"):
            self.show_standing()  # in the page's language (the player may have switched it)
        if focus_loc:
            target = document.querySelector(
                f'[data-loc="{focus_loc}"][tabindex="0"]'
            ) or document.querySelector('#board [tabindex="0"]')
            if target:
                target.focus()
        self.sharing.sync_address()
        if EMBED:
            self.embed.report()
        self.mark_ready()
        document.body.dataset.phase = view["phase"]
        document.body.dataset.turn = str(view["turn"])
        self.play.start_bot_if_due()

    # --- wiring -----------------------------------------------------------------------------------
    def on(self, element, kind, handler):
        """Listen to ``element`` (a missing one is skipped: the embed page has no header nor
        dialogs); the proxies are kept for the page's life."""
        if absent(element):
            return
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        element.addEventListener(kind, proxy)

    def bind(self):
        for controller in self.controllers:
            controller.bind(self.on)
        self.on(by_id("notice"), "click", self.on_notice_click)


app = App()
app.settings.label_page()
app.bind()
app.start()
by_id("loading").hidden = True
if app.storage_refused:
    document.body.dataset.storage = "refused"
    app.set_standing("storage_refused")
# the page answers from here on (a link may still be read: data-ready waits for it); the
# buttons pressed while Python loaded are pressed now (index.html)
document.body.dataset.live = "1"


def _on_update(apply):
    """A new build is installed: say so and reload when the player agrees."""
    banner = by_id("notice")
    banner.innerHTML = (
        f'{T.tr(app.lang, "new_version")} <button type="button" '
        f'id="btn-update">{T.tr(app.lang, "reload")}</button>'
    )
    banner.setAttribute("role", "status")
    banner.removeAttribute("data-standing")
    banner.hidden = False
    app.on(by_id("btn-update"), "click", lambda _e: apply())


async def _after_first_paint():
    await asyncio.sleep(0.05)
    if not EMBED:  # a service worker in another site's frame would be that site's business
        import pwa

        await pwa.register(_on_update)
    if any(p != HUMAN for p in app.session.players):
        await app.workers.ensure_bot()  # warm the bot up before it is first needed


asyncio.ensure_future(_after_first_paint())
