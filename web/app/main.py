"""The page: a thin DOM layer over ``nardy_core.ui.session.Session``.

No rule logic lives here (chessground's rule): the board is drawn from ``Session.view()`` by
``nardy_core.ui.svg.render_board``, gestures are sent back as locations, and every state change
ends in ``render()`` — the one render path. The bot runs in a PyScript web worker, started after
the first board is drawn, so the page keeps responding while it thinks.
"""

import asyncio
import json
from html import escape

import js
import pyodide_js
from pyodide.ffi import create_proxy
from pyscript import document, window

BUILD = json.loads(await (await js.fetch("./build.json")).text())  # noqa: F704 (PyScript)
await pyodide_js.loadPackage(BUILD["wheel"])  # noqa: F704 — the wheel built from this repo

from forms import (GAMES, hint_html, length_field, match_kind_of, new_game_form,  # noqa: E402
                   option_fields, settings_form)
from nardy_core.errors import NardyError, OptionError  # noqa: E402
from nardy_core.ui import share  # noqa: E402
from nardy_core.ui import text as T  # noqa: E402
from nardy_core.ui.editor import Editor  # noqa: E402
from sharing import editor_panel, embed_snippet, open_form, players_for, share_form  # noqa: E402
from nardy_core.ui.session import (HUMAN, PREF_DEFAULTS, Session, bot_levels,  # noqa: E402
                                   step_locs)
from reviewpanel import log_marks, review_panel  # noqa: E402
from nardy_core.ui.svg import render_board  # noqa: E402
from dicepanel import dice_line, stats_dialog, verification_text  # noqa: E402
from storage import (CURRENT, DAMAGED, DICE_STATS, PREFS, SAVES, Storage,  # noqa: E402
                     choice_of, device_totals, put_saves, saved_games,
                     set_aside_unreadable_saves)

DICE_COUNTED_KEEP = 1000           # ids of counted games kept, so a reload never counts twice
# embed.html: the same app with minimal chrome, configured by its query, talking to the host
# page by postMessage, saving nothing on the device (docs/embed.md).
EMBED = document.body.getAttribute("data-mode") == "embed"
EMBED_MODES = ("static", "play", "replay")
DRAG_THRESHOLD = 6  # px before a press becomes a drag
# A reader that has not answered within its budget and this grace (messages, a queue) is
# stopped: its work cannot be interrupted any other way (docs/web.md).
READ_LIMIT_S = share.READ_BUDGET_MS / 1000 + 2


def _by_id(name):
    return document.getElementById(name)


def _absent(node) -> bool:
    """A DOM lookup that found nothing: JavaScript's null arrives as None or as JsNull."""
    return node is None or type(node).__name__ == "JsNull"


def _today() -> str:
    return str(js.Date.new().toISOString())[:10]


def _download(text, name, mime):
    """Offer ``text`` as a file download (no server: a blob URL, revoked a little later)."""
    blob = js.Blob.new([text], js.JSON.parse(json.dumps({"type": mime})))
    url = js.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = name
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)


class App:
    def __init__(self):
        self.prefs = dict(PREF_DEFAULTS, mirror=False, numbers=True, anim_ms=350, new_game={},
                          lang=None)
        stored = Storage.get(PREFS, {})
        if isinstance(stored, dict):  # keep only known keys of the right kind
            self.prefs.update({k: v for k, v in stored.items() if k in self.prefs and (
                self.prefs[k] is None or type(v) is type(self.prefs[k]))})
        self.prefs["new_game"] = choice_of(self.prefs["new_game"])
        lang = self.prefs.get("lang")
        if lang not in T.LANGUAGES:
            lang = "ru" if str(window.navigator.language or "").lower().startswith("ru") else "en"
        self.lang = lang
        self.session = None
        self.session_id = None
        self.flipped = False
        self.press = None            # the pointer press being tracked (click or drag)
        self.resign_menu = False
        self.thinking = False
        self.token = 0               # bumps when another session is loaded: old replies drop
        self.worker = None
        self.worker_loading = None
        self.notice = None           # (text, is_alert)
        self.editor = None           # the position editor, while it is open
        self.palette = {"colour": 0, "mode": "add"}
        self.whole_game = False      # the Share dialog's link carries the whole game
        self.embed = {"mode": "static", "size": 480, "theme": "light"}
        self.address = None          # (session id, actions, fragment) last written
        self.query = dict(x.split("=", 1) for x in str(window.location.search)[1:].split("&")
                          if "=" in x)
        self.mode = self.query.get("mode", "play") if EMBED else "app"
        if self.mode not in EMBED_MODES + ("app",):
            self.mode = "static"
        self.replay = None           # a game being replayed: {"states": [...], "index": i}
        self.hint = None             # the worker's advice: {"key", "answer" | "busy"}
        self.review = None           # the game review: {"key", "count", "items", "summary", …}
        self.preview = None          # the hint play shown on the board (index), or None
        self.posted = None           # embed: the last (actions, over) reported to the host
        self.dice_result = None      # (key, (text, ok)): the last Verify, for this state only
        self.dice_counted = set()    # ids of finished games known to be in the device totals
        self.reader = None           # the reader worker (links, codes, files): (name, proxy)
        self.reader_loading = None
        self.readers = 0             # readers started: each has its own name
        self.read_lock = asyncio.Lock()  # one read at a time: each has the whole budget
        self.read_serial = 0         # bumps when the Open dialog's read is no longer wanted
        self.starting = False        # reading the address's link at start: not ready yet
        self.save_refused = False    # a save was refused and the player has been told
        if EMBED and self.query.get("lang") in T.LANGUAGES:
            self.lang = self.query["lang"]
        window.nardyStats = js.JSON.parse('{"botMs": [], "botThinkMs": []}')

    # --- sessions --------------------------------------------------------------------------
    def start(self):
        """What the address asks for: ``?new=…`` a new game; a ``#p=``/``#g=`` link that is
        not the saved game's own address a new game from the link; else the saved game.
        A link is read off the main thread: the saved game (or a new one, saved only if the
        link fails or someone plays on it) is on the board meanwhile, and the page says it is
        ready once the link is open or refused."""
        if EMBED:
            self.start_embed()
            return
        self.check_saves()
        hash_text = str(window.location.hash)
        query = dict(x.split("=", 1) for x in str(window.location.search)[1:].split("&")
                     if "=" in x)
        if "new" in query:
            choice = {"game": query["new"], "p0": query.get("p0", query.get("white", HUMAN)),
                      "p1": query.get("p1", query.get("black", "strong")),
                      "length": query.get("length", "0"), "options": {},
                      "seed": query.get("seed"), "hints": query.get("hints") != "0"}
            if query.get("anim", "").isdigit():
                self.prefs["anim_ms"] = int(query["anim"])
            window.history.replaceState(None, "", str(window.location.pathname))
            self.new_session(choice)
            return
        self.starting = True  # no data-ready before the address's link is settled
        current = Storage.get(CURRENT)
        restored = False
        if isinstance(current, str) and current in self.saves():
            self.set_notice(T.tr(self.lang, "restored"))  # replaced by a notice of damage
            restored = self.load(current)
        # a reload shows the saved game: the address is its own
        own = restored and (hash_text in ("", "#") or "#" + self.own_fragment() == hash_text)
        reading = not own and self.open_link(hash_text)
        if self.session is None:
            self.new_session(self.prefs.get("new_game") or {}, save=not reading)
        self.starting = reading
        self.mark_ready()

    def own_fragment(self) -> str:
        """The game on the board's own address (computed here if the worker has not yet
        delivered a finished game's code)."""
        if self.address and self.address[1]:
            return self.address[1]
        try:
            return share.fragment(self.session)
        except NardyError:
            return ""

    def open_link(self, hash_text) -> bool:
        """Start reading ``#p=…`` / ``#g=…`` / ``#r=…`` (``open_read_link``) unless it is the
        board's own address; False when there is no link to read."""
        fragment = hash_text[1:] if hash_text.startswith("#") else hash_text
        review = fragment.startswith("r=")  # a game with its review: the review runs again
        if review:
            fragment = "g=" + fragment[2:]
        if not fragment.startswith(("p=", "g=")):
            return False
        if self.session is not None and self.address and self.address[1] == fragment:
            return False  # our own address
        asyncio.ensure_future(self.open_read_link(fragment, review))
        return True

    async def open_read_link(self, fragment, review):
        """Open a link as a new game once the reader has read it (the game on the board stays
        saved); a link that cannot be read, or asks for more work than the budget, says why
        and changes nothing."""
        try:
            kind, payload = await self.read_input("text", fragment)
            self.open_shared(kind, payload, "bot", notice="opened_link")
            if review:
                asyncio.ensure_future(self.run_review(self.token))
        except NardyError as exc:
            if self.session_id not in self.saves():
                self.save()  # the new game shown while the link was read stays
            self.set_notice(T.tr(self.lang, "bad_link", detail=T.error_text(self.lang, exc)),
                            alert=True)
            self.address = None  # put the game's own address back
        finally:
            self.starting = False
        self.render()

    # --- the reader: links, codes and files, read in a worker within a budget ------------------
    async def ensure_reader(self):
        if self.reader is None:
            if self.reader_loading is None:
                self.reader_loading = asyncio.ensure_future(self._start_reader())
            try:
                await self.reader_loading
            finally:
                self.reader_loading = None
        return self.reader

    async def _start_reader(self):
        from pyscript import create_named_worker
        self.readers += 1
        name = f"reader{self.readers}"  # a stopped reader's name is never used again
        worker = await create_named_worker(src="./app/read_worker.py", name=name,
                                           config="./worker.json")
        await worker.init(str(js.URL.new(BUILD["wheel"], window.location.href).href))
        self.reader = (name, worker)

    def stop_reader(self, name):
        """Stop the reader ``name`` (it ran past its budget: a decode cannot be interrupted
        otherwise); the next read starts a fresh one."""
        script = document.querySelector(f'script[name="{name}"]')
        if not _absent(script):
            try:
                script.xworker.terminate()
            except Exception as exc:
                js.console.warn(f"nardy: the reader could not be stopped ({exc})")
            script.remove()
        if self.reader and self.reader[0] == name:
            self.reader = None

    async def read_input(self, source, text):
        """``(kind, payload)`` of a link or code (``source`` "text") or a game file's text
        ("file"), read by the reader worker (``share.check``); raises NardyError when it
        cannot be read, or when the reader does not answer within its budget (it is then
        stopped). The board stays in use meanwhile."""
        async with self.read_lock:
            try:
                await self.ensure_reader()
            except Exception as exc:
                raise NardyError(f"the reader could not start ({exc})",
                                 code="read_failed") from None
            name, worker = self.reader
            request = json.dumps({"source": source, "text": text})

            async def ask():
                return await worker.read(request)

            window.nardyStats.readStart = js.performance.now()
            try:
                answer = json.loads(str(await asyncio.wait_for(ask(), READ_LIMIT_S)))
            except asyncio.TimeoutError:
                self.stop_reader(name)
                raise share.budget_error() from None
            finally:
                window.nardyStats.readEnd = js.performance.now()
        return share.checked(answer)

    def open_shared(self, kind, payload, choice, level="strong", notice=None, ident=None):
        """Put what ``share.read`` gave on the board as a new game. ``choice`` (players_for):
        who plays; a whole game opens as a replay from its first position (the app) or as the
        embed's mode says. Raises NardyError and then changes nothing."""
        session, states = share.opened(kind, payload, prefs=self._session_prefs(),
                                       replay=self.mode in ("app", "replay"))
        self.assign_players(session, choice, level)
        replay = None if states is None else {"states": states, "index": 0}
        if notice and not (self.notice and self.notice[1]):  # an alert stays in view
            self.set_notice(T.tr(self.lang, notice))
        self.editor = None
        self.use(session, ident or f"g{int(js.Date.now())}", replay)

    @staticmethod
    def assign_players(session, choice, level="strong"):
        """Who plays, decided once the game on the board is known (its side to move and which
        match player has which colour)."""
        chosen = players_for(choice, session.game.position.turn, level)
        session.players = chosen if session.game.players[0] == 0 else chosen[::-1]

    # --- embedded on another site --------------------------------------------------------------
    def start_embed(self):
        theme = self.query.get("theme", "light")
        document.body.dataset.theme = theme if theme in ("light", "dark") else "light"
        self.flipped = self.query.get("flip") in ("1", "true")
        size = self.query.get("size", "")
        if size.isdigit():
            document.body.style.maxWidth = f"{max(200, min(1200, int(size)))}px"
        fragment = str(window.location.hash)[1:]
        if not fragment:
            game = self.query.get("game", "short")
            fragment = "p=" + self.default_code(game)
        if not self.embed_open(fragment):
            self.use(Session(self.query.get("game", "short") if self.query.get("game") in GAMES
                             else "short", players=(HUMAN, HUMAN), prefs=self._session_prefs()),
                     "embed")

    def default_code(self, game):
        from nardy_core import linkcode
        try:
            position = Session(game if game in GAMES else "short", players=(HUMAN, HUMAN),
                               seed="embed").game
            return linkcode.encode_state(position.variant.initial_position(), position.cube,
                                         position.match)
        except NardyError:
            return ""

    def embed_open(self, text) -> bool:
        """Show what a code or link holds, in this embed's mode; False (with a notice) when it
        cannot be read."""
        level = self.query.get("level", "strong")
        try:
            self.open_shared(*share.read(text), "bot" if self.mode == "play" else "two",
                             level=level if level in bot_levels() else "strong",
                             ident="embed")
        except NardyError as exc:
            self.set_notice(T.tr(self.lang, "bad_code", detail=T.error_text(self.lang, exc)),
                            alert=True)
            if self.session is not None:
                self.render()
            return False
        return True

    def frozen(self) -> bool:
        """A diagram or a replay: the board shows, nobody moves on it."""
        return self.mode == "static" or self.replay is not None

    def render_frozen(self):
        """A static diagram, or the replay's current state with its move and ◀ ▶."""
        lang = self.lang
        dice = _by_id("dice")
        if not _absent(dice):  # no dice are thrown on a frozen board
            dice.innerHTML = ""
        if self.replay:
            states, index = self.replay["states"], self.replay["index"]
            position, cube, match, row = states[index]
            view = Editor(start=(position, cube, match)).view()
            shown = self.replay.get("arrows", {}).get(index)
            if shown:  # a reviewed decision: the better play drawn on the board
                view["moves"] = step_locs(position.variant, shown[0], shown[1])
                view["dice"] = list(position.dice or ())
                view["used"] = [False] * len(view["dice"])
            status = T.log_text(lang, row) if row else T.tr(lang, "replay_start")
            _by_id("controls").innerHTML = (
                f'<button type="button" data-act="first" aria-label="{T.tr(lang, "first")}"'
                f'{" disabled" if index == 0 else ""}>⏮</button>'
                f'<button type="button" data-act="prev" aria-label="{T.tr(lang, "previous")}"'
                f'{" disabled" if index == 0 else ""}>◀</button>'
                f'<span class="counter">{index}/{len(states) - 1}</span>'
                f'<button type="button" data-act="nextstate" aria-label="{T.tr(lang, "next")}"'
                f'{" disabled" if index == len(states) - 1 else ""}>▶</button>'
                f'<button type="button" data-act="last" aria-label="{T.tr(lang, "last")}"'
                f'{" disabled" if index == len(states) - 1 else ""}>⏭</button>')
            if not EMBED:
                _by_id("controls").innerHTML += (
                    self._button("replayplay", "edit_play") +
                    self._button("replayexit", "replay_exit", primary=True) +
                    (self._button("review", "review") if self.can_start_review() else ""))
        else:
            game = self.session.game
            view = Editor(start=(game.position, game.cube, game.match)).view()
            status = ""
            _by_id("controls").innerHTML = ""
        view["movable"] = []
        self.draw_board(view, False)
        _by_id("status").textContent = status
        self.render_review()
        if self.notice:
            self.show_notice()
        self.mark_ready()
        document.body.dataset.phase = "static"

    def post(self, message):
        """A message to the host page (any origin may embed us: the data is the public
        position, nothing private)."""
        if window.parent is not None and window.parent != window:
            window.parent.postMessage(js.JSON.parse(json.dumps(dict(message, nardy=1))), "*")

    def report(self):
        """Tell the host what changed since the last report: a move, the end of a game."""
        session = self.session
        game = session.game
        key = (len(session.match.games), len(game.actions), game.is_over)
        if self.posted == key:
            return
        first = self.posted is None
        self.posted = key
        code = (self.address[1] if self.address else "") or ""
        if first:
            self.post({"type": "ready", "mode": self.mode, "code": code})
            return
        rows = session.logs[-1]
        last = next((r for r in reversed(rows) if r["k"] not in ("roll", "result")), None)
        self.post({"type": "move", "code": code, "move": T.log_text("en", last) if last else "",
                   "turn": game.position.turn})
        if game.is_over:
            self.post({"type": "gameover", "result": game.result.to_dict(), "code": code})

    def on_message(self, event):
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
            if self.embed_open(message["code"]):
                self.post({"type": "state", "code": self.own_fragment()})
            else:
                self.post({"type": "error", "message": "the code could not be read"})
        elif kind == "get":
            self.post({"type": "state", "code": self.own_fragment()})
        elif kind == "flip":
            self.flipped = not self.flipped
            self.render()
        else:
            js.console.warn(f"nardy embed: ignored message type {kind[:40]!r}")

    def saves(self) -> dict:
        saves = Storage.get(SAVES, {})
        return saves if isinstance(saves, dict) else {}

    def check_saves(self):
        """A store of saved games that no version can read is set aside, with a notice."""
        if set_aside_unreadable_saves():
            self.set_notice(T.tr(self.lang, "saves_unreadable", name=DAMAGED), alert=True)

    def load(self, ident) -> bool:
        saves = self.saves()
        entry = saves.get(ident)
        try:
            if not isinstance(entry, dict):
                raise NardyError("missing", code="bad_record")
            session = Session.from_dict(entry["session"], prefs=self._session_prefs())
        except (NardyError, KeyError, TypeError) as exc:
            if getattr(exc, "code", None) == "newer_record":  # kept for the newer version
                self.set_notice(T.error_text(self.lang, exc), alert=True)
                return False
            saves.pop(ident, None)
            Storage.put(SAVES, saves)
            self.set_notice(T.tr(self.lang, "corrupt_save", detail=str(exc)[:120]), alert=True)
            return False
        self.use(session, ident)
        return True

    def new_session(self, choice, save=True):
        try:
            game = choice.get("game", "long")
            kind = match_kind_of(game)
            if kind is None and isinstance(game, str) and game.startswith("match:"):
                raise OptionError(f"the match {game!r} is not available",
                                  code="match_unavailable", match=game)
            length = int(choice.get("length") or 0)
            if kind is not None and not length:  # ?new=match:tavli without a length
                length = kind.default_length
            session = Session(game if kind is None else None,
                              (choice.get("options") or {}) if kind is None else None, length,
                              (choice.get("p0", HUMAN), choice.get("p1", "strong")),
                              seed=choice.get("seed"), prefs=self._session_prefs(),
                              kind=None if kind is None else kind.key,
                              hints=choice.get("hints") is not False)
        except (NardyError, TypeError, ValueError) as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
            session = Session("long", prefs=self._session_prefs())
        ident = f"g{int(js.Date.now())}"
        self.use(session, ident, save=save)

    def use(self, session, ident, replay=None, save=True):
        self.session = session
        self.session_id = ident
        self.replay = replay
        self.address = None
        self.token += 1
        self.thinking = False
        self.resign_menu = False
        self.flipped = False
        if save:
            self.save()
        self.render()

    def _session_prefs(self):
        return {k: self.prefs[k] for k in PREF_DEFAULTS}

    def save(self):
        if EMBED:
            return  # an embedded board keeps nothing on the visitor's device
        session = self.session
        saves = self.saves()
        view = session.view()
        title = "{} · {} · {}".format(
            session.kind.name(self.lang) if session.kind else
            session.variant.names.get(self.lang) or session.variant.names["en"],
            " – ".join(T.tr(self.lang, p) for p in session.players),
            T.tr(self.lang, "score", white=view["score"][0], black=view["score"][1]))
        done = session.match_over or (session.game.is_over and not session.match.length)
        saves[self.session_id] = {"session": session.to_dict(), "title": title,
                                  "updated": int(js.Date.now()), "finished": done}
        if not session.recorded_dice:  # the hash shown before the first roll, kept as shown
            from nardy_core.dicecheck import commitment
            before = (self.saves().get(self.session_id) or {}).get("commitment")
            saves[self.session_id]["commitment"] = before or commitment(session.match.seed)
        if put_saves(saves, self.session_id):
            self.save_refused = False
            Storage.put(CURRENT, self.session_id)
        elif not self.save_refused:  # said once, not at every move
            self.save_refused = True
            self.set_notice(T.tr(self.lang, "storage_full" if Storage.full
                                 else "storage_unavailable"), alert=True)
        self.count_device_dice()

    def save_prefs(self):
        self.prefs["lang"] = self.lang
        Storage.put(PREFS, self.prefs)

    # --- one path for every change ------------------------------------------------------------
    def act(self, fn, *args):
        """Run a session action from a gesture or a button; errors become a readable notice
        and leave the game as it was."""
        try:
            fn(*args)
        except NardyError as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
        self.save()
        self.render()

    def mark_ready(self):
        """``data-ready``: the board is drawn and what the address asked for is on it (or
        was refused): not while the link of the address is being read at start."""
        if not self.starting:
            document.body.dataset.ready = "1"

    def set_notice(self, text, alert=False):
        self.notice = (text, alert)

    def show_notice(self):
        banner = _by_id("notice")
        banner.textContent = self.notice[0]
        banner.setAttribute("role", "alert" if self.notice[1] else "status")
        banner.hidden = False
        if not self.starting:  # at start, kept so that a link opened next leaves an alert
            self.notice = None

    def announce(self, text):
        live = _by_id("live")
        live.textContent = text

    # --- rendering ------------------------------------------------------------------------------
    def viewer(self):
        session = self.session
        humans = [c for c in (0, 1) if session.player_of(c) == HUMAN]
        base = humans[0] if len(humans) == 1 else 0
        return 1 - base if self.flipped else base

    def render(self):
        if self.editor is not None:
            self.render_editor()
            return
        _by_id("editor").hidden = True
        if self.frozen():
            self.sync_address()
            self.render_frozen()
            if EMBED:
                self.report()
            return
        session = self.session
        lang = self.lang
        view = session.view()
        viewer = self.viewer()
        focused = document.activeElement
        focus_loc = focused.getAttribute("data-loc") if focused and hasattr(
            focused, "getAttribute") else None
        plays = self.hint_plays()
        if plays and self.preview is not None and self.preview < len(plays):
            self.draw_board(session.preview(plays[self.preview]["steps"]), False)
        else:
            self.preview = None
            self.draw_board(view, session.human_to_act() and not self.thinking)
        self.render_players(view, viewer)
        self.render_controls(view)
        self.render_status(view)
        self.render_hint()
        self.render_review()
        self.render_dice()
        self.render_log()
        for key, params in session.drain_notices():
            self.announce(T.notice_text(lang, key, params))
        if self.notice:
            self.show_notice()
        if focus_loc:
            target = document.querySelector(f'[data-loc="{focus_loc}"][tabindex="0"]') or \
                document.querySelector('#board [tabindex="0"]')
            if target:
                target.focus()
        self.sync_address()
        if EMBED:
            self.report()
        self.mark_ready()
        document.body.dataset.phase = view["phase"]
        document.body.dataset.turn = str(view["turn"])
        if session.waiting_for_bot() and not self.thinking:
            self.thinking = True  # before the task starts: a second render must not start one
            asyncio.ensure_future(self.bot_move(self.token))

    def sync_address(self):
        """The address bar always holds the game on the board (replaceState: no history entry
        per move, and no hashchange). A finished game's address is its whole-game code, made
        in the web worker (encoding replays the game)."""
        session = self.session
        key = (self.session_id, len(session.match.games), len(session.game.actions))
        if self.address and self.address[0] == key:
            return
        if session.game.is_over:
            if EMBED:
                return  # an embed keeps the code it was given
            self.address = (key, None)
            asyncio.ensure_future(self.address_of_finished_game(key))
            return
        try:
            fragment = share.fragment(session)
        except NardyError as exc:
            js.console.warn(f"nardy: no link for this state ({exc})")
            return
        self.address = (key, fragment)
        window.history.replaceState(None, "", "#" + fragment)

    async def address_of_finished_game(self, key):
        try:
            worker = await self.ensure_worker()
            answer = json.loads(await worker.game_code(json.dumps(self.session.game.to_dict())))
        except Exception as exc:  # no worker: the address keeps the last position
            js.console.warn(f"nardy: no link for the finished game ({exc})")
            return
        if self.address != (key, None) or "code" not in answer:
            return  # another game or move meanwhile, or no code
        fragment = "g=" + answer["code"]
        self.address = (key, fragment)
        window.history.replaceState(None, "", "#" + fragment)

    def link(self, whole_game=False):
        base = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
        return base + "#" + share.fragment(self.session, whole_game)

    def render_players(self, view, viewer):
        lang = self.lang
        for slot, colour in (("top", 1 - viewer), ("bottom", viewer)):
            card = _by_id(f"player-{slot}")
            who = view["players"][colour]
            marker = " ◀" if view["actor"] == colour else ""
            card.className = f"player c{colour}" + (" active" if view["actor"] == colour else "")
            card.innerHTML = (
                f'<span class="swatch c{colour}"></span>'
                f'<span class="name">{T.colour_name(lang, colour)} · {T.tr(lang, who)}</span>'
                f'<span class="pips">{T.tr(lang, "pips", count=view["pips"][colour])}</span>'
                f'<span class="pts">{view["score"][colour]}</span>'
                f'<span class="onmove" aria-hidden="true">{marker}</span>')
        match = _by_id("match")
        kind = self.session.kind
        match.dataset.game = view["game"]
        if kind is not None:  # a match of mixed games: its name, length and the current game
            wins = kind.count == "wins"
            text = " · ".join((
                kind.name(lang),
                T.tr(lang, "match_to_wins" if wins else "match_to", length=view["length"]),
                T.tr(lang, "match_game", number=view["game_number"],
                     name=view["game_names"].get(lang) or view["game_names"]["en"])))
        elif view["length"]:
            text = T.tr(lang, "match_to", length=view["length"])
            if view["crawford"] == "crawford":
                text += " · " + T.tr(lang, "crawford_game")
        else:
            text = T.tr(lang, "money")
        match.textContent = text

    def _button(self, act, label, primary=False, disabled=False):
        cls = ' class="primary"' if primary else ""
        dis = " disabled" if disabled else ""
        return (f'<button type="button" id="btn-{act}" data-act="{act}"{cls}{dis}>'
                f'{T.tr(self.lang, label)}</button>')

    def render_controls(self, view):
        session = self.session
        game = session.game
        phase = view["phase"]
        human = session.human_to_act() and not self.thinking
        buttons = []
        if game.is_over:
            if session.match_over:
                buttons.append(self._button("newmatch", "new_match", primary=True))
            else:
                buttons.append(self._button("next", "next_game", primary=True))
            if self.can_start_review():
                buttons.append(self._button("review", "review"))
        elif human and view["choice"]:
            for index, way in enumerate(view["choice"]["ways"]):
                buttons.append(f'<button type="button" id="btn-way-{index}" data-act="way" '
                               f'data-index="{index}">{way}</button>')
            buttons.append(self._button("undo", "cancel"))
        elif human and self.resign_menu:
            for kind, _points in session.variant.resign_levels():
                buttons.append(f'<button type="button" id="btn-resign-{kind}" '
                               f'data-act="resignkind" data-kind="{kind}">'
                               f'{T.tr(self.lang, "resign")}: {T.outcome_word(self.lang, kind)}</button>')
            buttons.append(self._button("resigncancel", "cancel"))
        elif human and phase == "roll":
            buttons.append(self._button("roll", "roll", primary=True))
            if game.can_double():
                buttons.append(self._button("double", "double"))
        elif human and phase == "move":
            buttons.append(self._button("undo", "undo", disabled=not session.can_undo()))
            buttons.append(self._button("done", "done", primary=True,
                                        disabled=not session.can_confirm()))
        elif human and phase == "double":
            buttons.append(self._button("take", "take", primary=True))
            buttons.append(self._button("drop", "drop"))
            if game.can_beaver():
                buttons.append(self._button("beaver", "beaver"))
        elif human and phase == "resign":
            buttons.append(self._button("accept", "accept", primary=True))
            buttons.append(self._button("decline", "decline"))
        if human and session.can_hint() and not self.resign_menu and not view["choice"]:
            buttons.append(self._button("hint", "hint", disabled=self.hint_key() == (
                self.hint or {}).get("key")))
        if human and phase in ("roll", "move") and not self.resign_menu and not view["choice"] \
                and session.variant.options.values.get("allow_resign", True):
            buttons.append(self._button("resign", "resign"))
        _by_id("controls").innerHTML = "".join(buttons)

    def render_status(self, view):
        lang = self.lang
        session = self.session
        game = session.game
        status = _by_id("status")
        colour = view["actor"]
        name = T.colour_name(lang, colour) if colour is not None else ""
        if game.is_over:
            text = T.result_text(lang, view["result"])
            score = session.projected_score()
            if session.match_over:
                winner = 0 if score[0] > score[1] else 1
                colour_now = game.players.index(winner)
                text += ". " + T.tr(lang, "match_won", winner=T.colour_name(lang, colour_now),
                                    a=max(score), b=min(score))
            else:
                text += ". " + T.tr(lang, "score", white=view["score"][0],
                                    black=view["score"][1])
        elif self.thinking or session.waiting_for_bot():
            text = T.tr(lang, "thinking", player=name)
        elif view["choice"]:
            text = T.tr(lang, "choose_way")
        elif view["phase"] == "roll":
            text = T.tr(lang, "to_roll", player=name)
        elif view["phase"] == "move":
            text = T.tr(lang, "to_move", player=name, dice="-".join(map(str, view["dice"][:2])))
        elif view["phase"] == "double":
            text = T.tr(lang, "to_answer_double", player=name, value=view["cube"]["value"] * 2)
        elif view["phase"] == "resign":
            text = T.tr(lang, "to_answer_resign", player=name,
                        other=T.colour_name(lang, view["resign_offer"][0]),
                        kind=T.outcome_word(lang, view["resign_offer"][1]))
        else:
            text = ""
        status.textContent = text

    def render_log(self):
        logs = self.session.logs
        shown = [row for row in logs[-1] if row["k"] != "roll"]
        review = self.review_current()
        marks = log_marks(self.session.game.actions, review["items"]) if review and \
            review["game"] == len(self.match_games()) - 1 else []
        rows = "".join(
            f"<li>{T.log_text(self.lang, row)}"
            + (f' <span class="mark">{marks[i]}</span>' if i < len(marks) and marks[i] else "")
            + "</li>" for i, row in enumerate(shown))
        _by_id("log").innerHTML = rows
        _by_id("log-title").textContent = (T.tr(self.lang, "moves") + " · " +
                                           T.tr(self.lang, "game_n", n=len(logs)))

    # --- verifiable dice and dice statistics (docs/dice.md) -------------------------------------
    def dice_revealed(self) -> bool:
        """The seed is shown once no game still to be played draws from it: at the end of a
        match, and in a money session (no length) when its first game is over."""
        session = self.session
        if session.match.length:
            return session.match_over
        return session.game.is_over or bool(session.match.games)

    def _dice_key(self):
        session = self.session
        return (self.session_id, len(session.match.games), len(session.game.actions))

    def render_dice(self):
        node = _by_id("dice")
        if _absent(node):
            return
        from nardy_core.dicecheck import commitment
        session = self.session
        if session.recorded_dice:
            info = {"recorded": True}
        else:
            seed = session.match.seed
            result = self.dice_result
            info = {"commitment": commitment(seed), "match": bool(session.match.length),
                    "seed": seed if self.dice_revealed() else None,
                    "result": result[1] if result and result[0] == self._dice_key() else None}
        node.innerHTML = dice_line(self.lang, info)

    def on_dice_click(self, event):
        target = event.target
        act = target.getAttribute("data-dice") if hasattr(target, "getAttribute") else None
        if act == "verify":
            self.verify_dice()
        elif act == "stats":
            self.open_dice_stats()
        elif act == "copy":
            self.copy_hash(target)
        elif act == "download":
            self.download_dice_record()

    def download_dice_record(self):
        """The session's record as JSON, for ``python -m nardy_core verify-dice SEED HASH
        --record FILE`` (docs/dice.md); only once the seed is revealed."""
        session = self.session
        if session.recorded_dice or not self.dice_revealed():
            return
        text = json.dumps(session.to_dict(), ensure_ascii=False)
        _download(text, f"nardy-{session.variant.key}-{_today()}-dice.json", "application/json")

    def verify_dice(self):
        """Recompute every throw of the session from the revealed seed, here in the page."""
        from nardy_core.dicecheck import commitment, verify, verify_record
        session = self.session
        if session.recorded_dice or not self.dice_revealed():
            return
        seed = session.match.seed
        entry = self.saves().get(self.session_id) or {}
        shown = entry.get("commitment") or commitment(seed)
        try:
            result = verify_record(session.to_dict(), seed)
            text = verification_text(self.lang, result, verify(seed, shown))
            ok = result.ok and verify(seed, shown)
        except NardyError as exc:
            text, ok = T.error_text(self.lang, exc), False
        self.dice_result = (self._dice_key(), (text, ok))
        self.render()

    def copy_hash(self, button):
        full = _by_id("dice-hash").getAttribute("data-full")
        lang = self.lang

        def say(key):
            button.textContent = T.tr(lang, key)

        try:
            done = window.navigator.clipboard.writeText(full)
            done.then(create_proxy(lambda _r: say("copied")),
                      create_proxy(lambda _e: say("copy_failed")))
        except Exception:
            say("copy_failed")

    def _player_label(self, player):
        session = self.session
        colour = session.game.players.index(player)
        return f"{T.colour_name(self.lang, colour)} · {T.tr(self.lang, session.players[player])}"

    def open_dice_stats(self):
        from nardy_core.dicestats import game_stats, session_games, session_stats
        lang = self.lang
        session = self.session
        sections = []
        try:
            stats = game_stats(session.game)
            sections.append(("ds-game", T.tr(lang, "stats_this_game"),
                             [(self._player_label(p), stats[p]) for p in (0, 1)]))
            if len(session_games(session)) > 1:
                stats = session_stats(session)
                sections.append(("ds-match", T.tr(lang, "stats_this_match"),
                                 [(self._player_label(p), stats[p]) for p in (0, 1)]))
        except NardyError as exc:
            js.console.warn(f"nardy: no dice statistics for this game ({exc})")
        players, _counted = device_totals()
        rows = [(T.tr(lang, label), tally) for label, tally in sorted(
            players.items(), key=lambda item: (item[0] != HUMAN, item[0]))]
        sections.append(("ds-device", T.tr(lang, "stats_device"), rows))
        dialog = _by_id("dlg-dice")
        dialog.innerHTML = stats_dialog(lang, sections)
        dialog.showModal()

    def on_dice_dialog(self, event):
        if event.target.id == "ds-close":
            _by_id("dlg-dice").close()

    def count_device_dice(self):
        """Add each finished game of the session to the device's dice totals once (by an id
        made from its seed, kept in the totals): a reload or a later save never counts it
        again. Games whose dice were typed in (an imported file) are not counted."""
        import hashlib

        from nardy_core.dicestats import game_stats, merge
        session = self.session
        if session.recorded_dice:
            return
        games = [g for g in session.match.all_games() if g.is_over]
        seed = session.match.seed
        fresh = []
        for number, game in enumerate(games, 1):
            ident = hashlib.sha256(f"{seed}/{number}".encode()).hexdigest()[:16]
            if ident not in self.dice_counted:
                fresh.append((ident, game))
        if not fresh:
            return
        players, counted = device_totals()
        known = set(counted)
        changed = False
        for ident, game in fresh:
            self.dice_counted.add(ident)
            if ident in known:
                continue
            try:
                stats = game_stats(game)
            except NardyError as exc:
                js.console.warn(f"nardy: a game left out of the dice totals ({exc})")
                continue
            by_label = {}
            for player, tally in stats.items():  # two people (or two bots) alike: one row
                label = session.players[player]
                by_label[label] = merge(by_label.get(label) or {}, tally)
            for label, tally in by_label.items():
                tally["games"] = 1
                players[label] = merge(players.get(label) or {}, tally)
            counted.append(ident)
            known.add(ident)
            changed = True
        if changed:
            Storage.put(DICE_STATS, {"players": players,
                                     "counted": counted[-DICE_COUNTED_KEEP:]})

    # --- static labels (language switch) --------------------------------------------------------
    def label_page(self):
        lang = self.lang
        document.documentElement.lang = lang
        document.title = T.tr(lang, "app_title")
        for ident, key in (("btn-new", "new_game"), ("btn-share", "share"),
                           ("btn-open", "open"), ("btn-edit", "edit"), ("btn-rules", "rules_title"),
                           ("btn-settings", "settings"),
                           ("btn-flip", "flip"), ("btn-numbers", "numbers"),
                           ("btn-lang", "language")):
            if not _absent(_by_id(ident)):
                _by_id(ident).textContent = T.tr(lang, key)
        if EMBED:
            return
        _by_id("btn-lang").setAttribute("aria-label", T.tr(lang, "language_name") + ": " +
                                        T.tr(lang, "language"))

    # --- the bot ---------------------------------------------------------------------------------
    async def ensure_worker(self):
        if self.worker is not None:
            return self.worker
        if self.worker_loading is None:
            self.worker_loading = asyncio.ensure_future(self._start_worker())
        return await self.worker_loading

    async def _start_worker(self):
        from pyscript import create_named_worker
        worker = await create_named_worker(src="./app/bot_worker.py", name="bot",
                                           config="./worker.json")
        await worker.init(str(js.URL.new(BUILD["wheel"], window.location.href).href))
        self.worker = worker
        return worker

    async def bot_move(self, token):
        session = self.session
        self.render_status(session.view())
        try:
            worker = await self.ensure_worker()
            request = session.bot_request()
            started = js.performance.now()
            answer = json.loads(await worker.decide(json.dumps(request)))
            if token != self.token:
                return  # another game was loaded meanwhile: a stale reply
            window.nardyStats.botMs.push(js.performance.now() - started)
            window.nardyStats.botThinkMs.push(answer.get("ms", 0))
            delay = max(0, int(self.prefs.get("anim_ms", 350))) / 1000
            if answer.get("error"):
                raise NardyError(answer["error"], code="bot")
            if answer["action"] == "play" and delay:
                for step in answer["steps"][:-1]:
                    session.bot_play_step(step)
                    self.thinking = True
                    self.draw_board(session.view(), actionable=False)
                    await asyncio.sleep(delay)
            elif delay:
                await asyncio.sleep(delay / 2)
            if token != self.token:
                return
            session.apply_bot(answer)
        except NardyError as exc:
            self.set_notice(T.tr(self.lang, "bot_failed", detail=T.error_text(self.lang, exc)),
                            alert=True)
            return
        finally:
            if token == self.token:
                self.thinking = False
        self.save()
        self.render()

    # --- the game review -----------------------------------------------------------------------
    def match_games(self):
        return self.session.match.all_games()

    def review_key(self, game=None):
        games = self.match_games()
        game = len(games) - 1 if game is None else game
        return [self.session_id, game, len(games[game].actions)]

    def review_current(self):
        review = self.review
        if not review or review["game"] >= len(self.match_games()):
            return None
        return review if review["key"] == self.review_key(review["game"]) else None

    def can_start_review(self):
        """No review of this game on show, or one that was stopped (again from the start)."""
        review = self.review_current()
        return review is None or review["game"] != len(self.match_games()) - 1 or (
            not review["running"] and bool(review["cancelled"] or review["error"]))

    async def run_review(self, token, level="strong", game=None):
        """Review a game of the session (by default the one on the board) in the web worker,
        one decision per call: the panel fills in as the answers come (the first marks at
        once), Cancel stops between two."""
        session = self.session
        game = len(self.match_games()) - 1 if game is None else game
        key = self.review_key(game)
        review = {"key": key, "game": game, "count": 0, "items": [], "summary": None,
                  "running": True, "cancelled": False, "error": None,
                  "started": js.performance.now()}
        if self.replay is not None and self.replay.get("game", game) != game:
            self.replay = None  # the replay of another game: the board goes back to play
        self.review = review
        self.render()
        try:
            worker = await self.ensure_worker()
            opened = json.loads(await worker.review_open(json.dumps(
                {"record": session.to_dict(), "level": level, "game": game})))
            if opened.get("error"):
                raise NardyError(opened["error"], code="review")
            review["count"] = opened["count"]
            for index in range(review["count"]):
                if review["cancelled"] or token != self.token or self.review is not review:
                    break
                item = json.loads(await worker.review_item(index))
                if item.get("error"):
                    raise NardyError(item["error"], code="review")
                review["items"].append(item)
                if len(review["items"]) == 1:
                    window.nardyStats.reviewFirstMs = js.performance.now() - review["started"]
                if item["kind"] == "play" and "reviewFirstPlayMs" not in review:
                    review["reviewFirstPlayMs"] = js.performance.now() - review["started"]
                    window.nardyStats.reviewFirstPlayMs = review["reviewFirstPlayMs"]
                if index % 8 == 7 or index == review["count"] - 1:
                    review["summary"] = json.loads(await worker.review_summary())
                if self.review is review:
                    self.render_review()
            if self.review is review and not review["cancelled"]:
                review["summary"] = json.loads(await worker.review_summary())
        except NardyError as exc:
            review["error"] = T.error_text(self.lang, exc)
        review["running"] = False
        review["ms"] = js.performance.now() - review["started"]
        window.nardyStats.reviewMs = review["ms"]
        if self.review is review:
            self.render()

    def render_review(self):
        box = _by_id("review")
        if _absent(box):
            return
        review = self.review_current()
        if review is None:
            box.hidden = True
            box.innerHTML = ""
            return
        games = self.match_games()
        players = games[review["game"]].players
        selected = self.replay["index"] if self.replay else None
        html = review_panel(self.lang, review, (players[0], players[1]), selected,
                            games=len(games))
        if box.getAttribute("data-html") != html:
            box.innerHTML = html
            box.setAttribute("data-html", html)
        box.hidden = False
        box.dataset.done = str(len(review["items"]))
        self.render_log()  # the marks beside the moves, as they come
        box.dataset.running = "1" if review["running"] else "0"

    def on_review_click(self, event):
        target = event.target
        button = target.closest("[data-review], [data-review-state], [data-state], "
                                "[data-review-game]") \
            if hasattr(target, "closest") else None
        if _absent(button):
            return
        review = self.review_current()
        if review is None:
            return
        act = button.getAttribute("data-review")
        if button.hasAttribute("data-review-game"):
            if not review["running"]:
                asyncio.ensure_future(self.run_review(
                    self.token, game=int(button.getAttribute("data-review-game"))))
            return
        if act == "cancel":
            review["cancelled"] = True
            self.render_review()
        elif act == "close":
            self.review = None
            self.render()
        elif act == "export":
            asyncio.ensure_future(self.export_review())
        elif act == "link":
            asyncio.ensure_future(self.copy_review_link())
        else:
            # (a missing attribute reads as JS null, not None: ask hasAttribute)
            state = button.getAttribute("data-review-state" if button.hasAttribute(
                "data-review-state") else "data-state")
            item = review["items"][int(button.getAttribute("data-review-index"))] \
                if button.hasAttribute("data-review-index") else None
            self.show_state(int(state), item)

    def on_review_key(self, event):
        if event.key in ("Enter", " ") and hasattr(event.target, "hasAttribute") and \
                event.target.hasAttribute("data-state"):
            event.preventDefault()
            self.on_review_click(event)

    def show_state(self, state, item=None):
        """Step the replay to the game's state ``state`` (the position before that action);
        for a reviewed decision, with the better play drawn on the board."""
        game = self.review["game"] if self.review_current() else len(self.match_games()) - 1
        if self.replay is None or self.replay.get("game", game) != game:
            try:
                self.replay = {"states": share.replay_states(
                    self.match_games()[game].to_dict()), "index": 0, "game": game}
            except NardyError as exc:
                self.set_notice(T.error_text(self.lang, exc), alert=True)
                self.render()
                return
        states = self.replay["states"]
        self.replay["index"] = max(0, min(state, len(states) - 1))
        if item is not None and item.get("best_steps"):
            self.replay.setdefault("arrows", {})[self.replay["index"]] = (
                item["colour"], item["best_steps"])
        self.render()

    async def export_review(self):
        worker = await self.ensure_worker()
        answer = json.loads(await worker.review_text())
        if answer.get("error"):
            self.set_notice(T.error_text(self.lang, NardyError(answer["error"], code="review")),
                            alert=True)
            self.render()
            return
        session = self.session
        _download(answer["text"], f"nardy-{session.variant.key}-{_today()}-review.txt",
                  "text/plain;charset=utf-8")

    async def copy_review_link(self):
        """A link that opens this game and its review (``#r=``, the whole-game code)."""
        try:
            worker = await self.ensure_worker()
            review = self.review_current()
            game = self.match_games()[review["game"]] if review else self.session.game
            answer = json.loads(await worker.game_code(json.dumps(game.to_dict())))
            if answer.get("error"):
                raise NardyError(answer["error"], code="bad_link")
        except NardyError as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
            self.render()
            return
        base = str(window.location.href).split("#", 1)[0]
        link = f"{base}#r={answer['code']}"
        try:
            await window.navigator.clipboard.writeText(link)
            self.set_notice(T.tr(self.lang, "review_link_copied"))
        except Exception:
            self.set_notice(link)
        window.nardyStats.reviewLink = link
        self.render()

    # --- the hint ------------------------------------------------------------------------------
    def hint_key(self):
        """What a hint answers: this game at this decision (any action makes it stale)."""
        session = self.session
        return [self.session_id, len(session.match.games), len(session.game.actions),
                session.game.phase]

    def hint_plays(self):
        hint = self.hint
        if not hint or hint.get("key") != self.hint_key() or "answer" not in hint:
            return []
        return hint["answer"].get("plays") or []

    async def ask_hint(self, token):
        key = self.hint_key()
        self.hint = {"key": key, "busy": True}
        self.preview = None
        self.render()
        try:
            worker = await self.ensure_worker()
            answer = json.loads(await worker.hint(json.dumps(self.session.hint_request())))
            if answer.get("error"):
                raise NardyError(answer["error"], code="bot")
        except NardyError as exc:
            answer = {"error": T.error_text(self.lang, exc)}
        if token != self.token or (self.hint or {}).get("key") != key:
            return  # the game moved on meanwhile: a stale answer
        self.hint = {"key": key, "answer": answer}
        self.render()

    def render_hint(self):
        box = _by_id("hint")
        if _absent(box):
            return
        hint = self.hint
        if not hint or hint.get("key") != self.hint_key():
            box.hidden = True
            box.innerHTML = ""
            return
        lang = self.lang
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

    def on_hint_point(self, event, leave=False):
        row = event.target.closest("[data-hint]") if hasattr(event.target, "closest") else None
        index = None if leave or _absent(row) else int(row.getAttribute("data-hint"))
        if index != self.preview:
            self.preview = index
            self.render()

    def draw_board(self, view, actionable):
        _by_id("board").innerHTML = render_board(
            view, viewer=self.viewer(), mirror=bool(self.prefs["mirror"]),
            numbers=bool(self.prefs["numbers"]), label=T.board_label(self.lang),
            actionable=actionable)

    # --- gestures: click and drag share one path -------------------------------------------------
    def on_pointerdown(self, event):
        if self.frozen():
            return
        if self.editor is not None:
            group = event.target.closest("[data-loc]")
            if not _absent(group):
                self.edit_at(group.getAttribute("data-loc"), remove=bool(event.shiftKey))
            return
        group = event.target.closest("[data-loc]")
        if _absent(group) or not self.session.human_to_act() or self.thinking:
            self.press = None
            return
        loc = group.getAttribute("data-loc")
        checker = None
        if loc in self.session.movable():
            tops = group.querySelectorAll('[data-top="1"]')
            checker = tops.item(tops.length - 1) if tops.length else None
        self.press = {"loc": loc, "x": event.clientX, "y": event.clientY, "drag": False,
                      "checker": checker}
        if checker is not None:
            event.preventDefault()

    def on_pointermove(self, event):
        press = self.press
        if not press or press["checker"] is None:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not press["drag"] and dx * dx + dy * dy < DRAG_THRESHOLD ** 2:
            return
        if not press["drag"]:
            press["drag"] = True
            press["checker"].classList.add("dragging")
            try:
                _by_id("board").setPointerCapture(event.pointerId)
            except Exception:
                pass
        svg = document.querySelector("#board svg")
        scale = svg.viewBox.baseVal.width / max(1, svg.getBoundingClientRect().width)
        press["checker"].setAttribute("transform", f"translate({dx * scale:.1f} {dy * scale:.1f})")
        event.preventDefault()

    def on_pointerup(self, event):
        press, self.press = self.press, None
        if not press:
            return
        if press["drag"]:
            press["checker"].style.display = "none"  # look under the dragged checker
            under = document.elementFromPoint(event.clientX, event.clientY)
            target = under.closest("[data-loc]") if not _absent(under) else None
            if _absent(target):
                self.session.selected = None
                self.announce(T.tr(self.lang, "illegal_drop"))
                self.render()  # snaps back
                return
            self.act(self.session.drag, press["loc"], target.getAttribute("data-loc"))
        else:
            self.act(self.session.click, press["loc"])

    def on_keydown(self, event):
        if self.editor is not None and event.key in ("Enter", " "):
            group = event.target.closest("[data-loc]")
            if not _absent(group):
                event.preventDefault()
                self.edit_at(group.getAttribute("data-loc"), remove=bool(event.shiftKey))
            return
        if event.key in ("Enter", " "):
            group = event.target.closest("[data-loc]")
            if not _absent(group) and self.session.human_to_act():
                event.preventDefault()
                self.act(self.session.click, group.getAttribute("data-loc"))
        elif event.key == "Escape" and self.session.selected is not None:
            self.act(self.session.undo)

    def on_control(self, event):
        button = event.target.closest("button[data-act]")
        if _absent(button) or button.disabled:
            return
        act = button.getAttribute("data-act")
        session = self.session
        if act == "resign":
            levels = session.variant.resign_levels()
            if len(levels) == 1:
                self.act(session.resign, levels[0][0])
            else:
                self.resign_menu = True
                self.render()
            return
        if act == "resigncancel":
            self.resign_menu = False
            self.render()
            return
        if act == "resignkind":
            self.resign_menu = False
            self.act(session.resign, button.getAttribute("data-kind"))
            return
        if act == "way":
            self.act(session.choose, int(button.getAttribute("data-index")))
            return
        if act == "hint":
            asyncio.ensure_future(self.ask_hint(self.token))
            return
        if act == "review":
            asyncio.ensure_future(self.run_review(self.token))
            return
        if act == "newmatch":
            self.open_new_game()
            return
        if act == "replayexit":
            self.replay = None
            self.render()
            return
        if act == "replayplay" and self.replay:
            position, cube, match, _row = self.replay["states"][self.replay["index"]]
            try:
                self.open_shared("state", (position, cube, match), "two")
            except NardyError as exc:
                self.set_notice(T.error_text(self.lang, exc), alert=True)
                self.render()
            return
        if act in ("first", "prev", "nextstate", "last") and self.replay:
            last = len(self.replay["states"]) - 1
            index = self.replay["index"]
            self.replay["index"] = {"first": 0, "prev": max(0, index - 1),
                                    "nextstate": min(last, index + 1), "last": last}[act]
            self.render()
            return
        actions = {"roll": session.roll, "double": session.double, "undo": session.undo,
                   "done": session.confirm, "take": session.take, "drop": session.drop,
                   "beaver": session.beaver, "accept": session.accept_resignation,
                   "decline": session.decline_resignation, "next": session.next_game}
        if act in actions:
            self.act(actions[act])

    # --- the position editor ------------------------------------------------------------------------
    def open_editor(self, _event=None):
        game = self.session.game
        self.editor = Editor(start=(game.position.replace(dice=game.position.dice), game.cube,
                                    game.match))
        self.render()

    def edit_at(self, loc, remove=False):
        editor = self.editor
        colour = int(self.palette["colour"])
        named = loc.startswith(("bar", "off", "hand"))
        if named:
            colour = int(loc[-1])  # each colour has its own part of the bar and its own tray
        try:
            if remove or self.palette["mode"] == "remove":
                editor.remove(loc, colour if named else None)
            else:
                try:
                    editor.add(loc, colour)
                except NardyError as exc:
                    if exc.code != "edit_occupied":
                        raise
                    editor.remove(loc)  # a click on the other colour's point takes one away
        except NardyError as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
        self.render()

    def render_editor(self):
        editor = self.editor
        lang = self.lang
        view = editor.view()
        problems = [T.error_text(lang, p) for p in editor.problems()]
        focused = document.activeElement
        focus_loc = focused.getAttribute("data-loc") if focused and hasattr(
            focused, "getAttribute") else None
        self.draw_board(view, True)
        panel = _by_id("editor")
        panel.innerHTML = editor_panel(lang, view, problems, self.palette)
        panel.hidden = False
        _by_id("controls").innerHTML = ""
        _by_id("status").textContent = problems[0] if problems else T.tr(lang, "edit_ok")
        for slot, colour in (("top", 1 - self.viewer()), ("bottom", self.viewer())):
            _by_id(f"player-{slot}").innerHTML = (
                f'<span class="swatch c{colour}"></span><span class="name">'
                f'{T.colour_name(lang, colour)}</span><span class="pips">'
                f'{T.tr(lang, "pips", count=view["pips"][colour])}</span>')
        if self.notice:
            self.show_notice()
        if focus_loc:
            target = document.querySelector(f'[data-loc="{focus_loc}"]')
            if target:
                target.focus()
        self.mark_ready()
        document.body.dataset.phase = "edit"

    def on_editor_click(self, event):
        button = event.target.closest("button[data-ed-act]")
        if _absent(button) or button.disabled:
            return
        act = button.getAttribute("data-ed-act")
        editor = self.editor
        if act == "clear":
            editor.clear()
        elif act == "reset":
            editor.reset()
        elif act == "fill":
            editor.fill_off()
        elif act == "cancel":
            self.editor = None
        elif act in ("play", "share"):
            try:
                self.open_shared("state", editor.state(), _by_id("ed-players").value)
            except NardyError as exc:
                self.set_notice(T.error_text(self.lang, exc), alert=True)
                self.render()
                return
            if act == "share":
                self.open_share()
            return
        self.render()

    def on_editor_change(self, event):
        target = event.target
        editor = self.editor
        name = target.getAttribute("data-ed") if hasattr(target, "getAttribute") else None
        try:
            if name in ("colour", "mode"):
                self.palette[name] = target.value
            elif name == "turn":
                editor.set_turn(int(target.value))
            elif target.id == "ed-dice":
                text = str(target.value).strip()
                if text and not text.isdigit():
                    raise NardyError("dice are digits", code="dice")
                editor.set_dice([int(c) for c in text])
            elif target.id in ("ed-cube", "ed-owner"):
                owner = _by_id("ed-owner").value
                editor.set_cube(int(_by_id("ed-cube").value),
                                None if owner == "None" else int(owner))
            elif target.id in ("ed-length", "ed-s0", "ed-s1", "ed-crawford"):
                editor.set_match(int(_by_id("ed-length").value or 0),
                                 (int(_by_id("ed-s0").value or 0),
                                  int(_by_id("ed-s1").value or 0)), _by_id("ed-crawford").value)
        except (NardyError, ValueError) as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
        self.render()

    # --- sharing, opening, files ----------------------------------------------------------------------
    def open_share(self, _event=None):
        dialog = _by_id("dlg-share")
        try:
            self.fill_share()
        except NardyError as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
            self.render()
            return
        dialog.showModal()

    def fill_share(self):
        link = self.link(self.whole_game)
        fragment = link.split("#", 1)[1]
        base = link.split("#", 1)[0]
        embed = dict(self.embed, snippet=embed_snippet(
            base, fragment, self.embed["mode"], self.embed["size"], self.embed["theme"],
            self.lang))
        _by_id("dlg-share").innerHTML = share_form(self.lang, link, share.codes(self.session),
                                                   self.whole_game, embed)

    def on_share_click(self, event):
        target = event.target
        if target.id == "sh-close":
            _by_id("dlg-share").close()
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
        opened = _by_id("sh-embed").open
        self.fill_share()
        _by_id("sh-embed").open = opened

    def copy(self, ident):
        """Copy a field to the clipboard; where the browser refuses (no permission, not a
        secure context) the text is left selected for the person to copy."""
        field = _by_id(ident)
        field.select()
        message = _by_id("sh-msg")
        lang = self.lang

        def say(key):
            message.textContent = T.tr(lang, key)

        try:
            done = window.navigator.clipboard.writeText(field.value)
            done.then(create_proxy(lambda _r: say("copied")),
                      create_proxy(lambda _e: say("copy_failed")))
        except Exception:
            say("copy_failed")

    def export_file(self):
        from nardy_core import records
        session = self.session
        record = session.to_dict()
        suffix, kind = ("mat" if session.variant.key == "short" else "txt"), "text/plain"
        try:
            text = records.export_match(record)
        except NardyError as exc:
            if exc.code not in ("unsupported", "mixed_match"):
                _by_id("sh-msg").textContent = T.error_text(self.lang, exc)
                return
            # moves a match file cannot hold (mixed matches, gioul, gul bara): the JSON record,
            # which Open reads back
            text, suffix, kind = records.export_json(record), "json", "application/json"
        name = f"nardy-{session.variant.key}-{_today()}.{suffix}"
        _download(text, name, kind + ";charset=utf-8")
        _by_id("sh-msg").textContent = T.tr(self.lang, "exported", name=name)

    def open_rules(self, _event=None):
        """The rules of the game on the board, with its options and the values in force."""
        from html import escape

        from nardy_core.ui.rules import rules_panel_html
        variant = self.session.variant
        lang = self.lang
        name = variant.names.get(lang) or variant.names.get("en") or variant.key
        dialog = _by_id("dlg-rules")
        dialog.innerHTML = (
            f'<h2 id="rules-title">{escape(T.tr(lang, "rules_title"))}: {escape(name)}</h2>'
            f'<div class="rules">'
            f'{rules_panel_html(variant, lang)}</div>'
            f'<div class="buttons"><button type="button" id="rules-close" class="primary">'
            f'{escape(T.tr(lang, "close"))}</button></div>')
        dialog.showModal()

    def on_rules_click(self, event):
        if event.target.id == "rules-close":
            _by_id("dlg-rules").close()

    def open_open(self, _event=None):
        dialog = _by_id("dlg-open")
        dialog.innerHTML = open_form(self.lang)
        dialog.showModal()

    def on_open_click(self, event):
        target = event.target
        if target.id == "op-cancel":
            self.read_serial += 1  # a read under way is no longer wanted
            _by_id("dlg-open").close()
        elif target.id == "op-open":
            asyncio.ensure_future(self.open_input("text", str(_by_id("op-text").value)))

    def on_open_change(self, event):
        if event.target.id == "op-file":
            files = event.target.files
            if files.length:
                asyncio.ensure_future(self.import_file(files.item(0)))

    async def open_input(self, source, text):
        """Read what was pasted or a game file's text in the reader, then open it; the dialog
        says "Reading…" meanwhile and, when it cannot be read, why. Returns ``(kind,
        payload)``, or None (refused, or the dialog was closed meanwhile: nothing opens)."""
        serial = self.read_serial = self.read_serial + 1
        dialog, error, status = _by_id("dlg-open"), _by_id("op-error"), _by_id("op-status")
        error.textContent = ""
        status.textContent = T.tr(self.lang, "reading")
        try:
            kind, payload = await self.read_input(source, text)
            if serial != self.read_serial or not dialog.open:
                return None
            if kind == "file":
                session, _ = share.opened(kind, payload, prefs=self._session_prefs())
                self.assign_players(session, _by_id("op-players").value)
            else:
                self.open_shared(kind, payload, _by_id("op-players").value)
        except NardyError as exc:
            if serial == self.read_serial:
                status.textContent = ""
                error.textContent = T.tr(self.lang, "bad_file" if source == "file"
                                         else "bad_code", detail=T.error_text(self.lang, exc))
            return None
        status.textContent = ""
        dialog.close()
        if kind == "file":
            self.editor = None
            games = len(payload.get("games") or ())
            self.set_notice(T.tr(self.lang, "imported", games=games, games_word=T.plural(
                self.lang, games, T.tr(self.lang, "game_word"))))
            self.use(session, f"g{int(js.Date.now())}")
        return kind, payload

    async def import_file(self, file):
        """A game file: refused by its size before it is read (share.MAX_FILE_BYTES), else
        read as text and opened like a pasted code."""
        error = _by_id("op-error")
        try:
            share.check_file_size(int(file.size))
            text = str(await file.text())
        except NardyError as exc:
            error.textContent = T.tr(self.lang, "bad_file", detail=T.error_text(self.lang, exc))
            return
        except Exception as exc:  # the browser could not read it: still a readable message
            error.textContent = T.tr(self.lang, "bad_file", detail=str(exc)[:160])
            return
        await self.open_input("file", text)

    # --- dialogs -----------------------------------------------------------------------------------
    def open_new_game(self, _event=None):
        dialog = _by_id("dlg-new")
        choice = dict(self.prefs.get("new_game") or {})
        dialog.innerHTML = new_game_form(self.lang, choice,
                                         saved_games(self.saves(), self.session_id))
        dialog.showModal()

    def on_new_game_dialog(self, event):
        target = event.target
        dialog = _by_id("dlg-new")
        if target.id == "ng-cancel":
            dialog.close()
        elif target.id == "ng-start":
            choice = self.read_new_game()
            self.prefs["new_game"] = choice
            self.save_prefs()
            dialog.close()
            self.new_session(choice)
        elif target.getAttribute("data-resume"):
            dialog.close()
            self.load(target.getAttribute("data-resume"))
            self.render()
        elif target.getAttribute("data-delete"):
            saves = self.saves()
            saves.pop(target.getAttribute("data-delete"), None)
            Storage.put(SAVES, saves)
            target.closest("li").remove()

    def on_new_game_change(self, event):
        if event.target.id == "ng-game":
            game = event.target.value
            if game in GAMES or match_kind_of(game):
                length = _by_id("ng-length").value
                _by_id("ng-length-box").outerHTML = length_field(self.lang, game, length)
                _by_id("ng-options").innerHTML = (
                    f"<legend>{T.tr(self.lang, 'rules')}</legend>" +
                    option_fields(self.lang, game, {}))

    def read_new_game(self):
        options = {}
        for field in document.querySelectorAll("#dlg-new [data-opt]"):
            key = field.getAttribute("data-opt")
            options[key] = ("true" if field.checked else "false") if field.type == "checkbox" \
                else field.value
        return {"game": _by_id("ng-game").value, "p0": _by_id("ng-p0").value,
                "p1": _by_id("ng-p1").value, "length": int(_by_id("ng-length").value),
                "options": options, "hints": bool(_by_id("ng-hints").checked)}

    def open_settings(self, _event=None):
        dialog = _by_id("dlg-settings")
        dialog.innerHTML = settings_form(self.lang, self.prefs)
        dialog.showModal()

    def on_settings(self, event):
        target = event.target
        if target.id == "set-close":
            _by_id("dlg-settings").close()
            return
        key = target.getAttribute("data-pref") if hasattr(target, "getAttribute") else None
        if key:
            self.prefs[key] = bool(target.checked)
            self.session.prefs.update(self._session_prefs())
            self.save_prefs()
            self.render()

    def toggle(self, what):
        if what == "flip":
            self.flipped = not self.flipped
        elif what == "numbers":
            self.prefs["numbers"] = not self.prefs["numbers"]
            self.save_prefs()
        elif what == "lang":
            self.lang = "en" if self.lang == "ru" else "ru"
            self.save_prefs()
            self.label_page()
        self.render()

    def bind(self):
        proxies = []

        def on(element, kind, handler):
            if _absent(element):  # the embed page has no header nor dialogs
                return
            proxy = create_proxy(handler)
            proxies.append(proxy)
            element.addEventListener(kind, proxy)

        board = _by_id("board")
        on(board, "pointerdown", self.on_pointerdown)
        on(board, "pointermove", self.on_pointermove)
        on(board, "pointerup", self.on_pointerup)
        on(board, "pointercancel", lambda e: (setattr(self, "press", None), self.render()))
        on(board, "keydown", self.on_keydown)
        on(_by_id("controls"), "click", self.on_control)
        on(_by_id("review"), "click", self.on_review_click)
        on(_by_id("review"), "keydown", self.on_review_key)
        hint = _by_id("hint")
        on(hint, "mouseover", self.on_hint_point)
        on(hint, "focusin", self.on_hint_point)
        on(hint, "mouseleave", lambda e: self.on_hint_point(e, leave=True))
        on(hint, "focusout", lambda e: self.on_hint_point(e, leave=True))
        on(_by_id("btn-new"), "click", self.open_new_game)
        on(_by_id("btn-settings"), "click", self.open_settings)
        on(_by_id("btn-flip"), "click", lambda e: self.toggle("flip"))
        on(_by_id("btn-numbers"), "click", lambda e: self.toggle("numbers"))
        on(_by_id("btn-lang"), "click", lambda e: self.toggle("lang"))
        on(_by_id("dlg-new"), "click", self.on_new_game_dialog)
        on(_by_id("dlg-new"), "change", self.on_new_game_change)
        on(_by_id("dlg-settings"), "click", self.on_settings)
        on(_by_id("btn-share"), "click", self.open_share)
        on(_by_id("btn-open"), "click", self.open_open)
        on(_by_id("btn-edit"), "click", self.open_editor)
        on(_by_id("btn-rules"), "click", self.open_rules)
        on(_by_id("dlg-rules"), "click", self.on_rules_click)
        on(_by_id("dlg-share"), "click", self.on_share_click)
        on(_by_id("dlg-share"), "change", self.on_share_change)
        on(_by_id("dlg-open"), "click", self.on_open_click)
        on(_by_id("dlg-open"), "change", self.on_open_change)
        on(_by_id("editor"), "click", self.on_editor_click)
        on(_by_id("dice"), "click", self.on_dice_click)
        on(_by_id("dlg-dice"), "click", self.on_dice_dialog)
        on(_by_id("editor"), "change", self.on_editor_change)
        if EMBED:
            on(window, "message", self.on_message)
        else:
            on(window, "hashchange", lambda e: self.open_link(str(window.location.hash)))
        self._proxies = proxies


app = App()
app.label_page()
app.bind()
app.start()
_by_id("loading").hidden = True


def _on_update(apply):
    """A new build is installed: say so and reload when the player agrees."""
    banner = _by_id("notice")
    banner.innerHTML = (f'{T.tr(app.lang, "new_version")} <button type="button" '
                        f'id="btn-update">{T.tr(app.lang, "reload")}</button>')
    banner.setAttribute("role", "status")
    banner.hidden = False
    proxy = create_proxy(lambda _e: apply())
    app._proxies.append(proxy)
    _by_id("btn-update").addEventListener("click", proxy)


async def _after_first_paint():
    await asyncio.sleep(0.05)
    if not EMBED:  # a service worker in another site's frame would be that site's business
        import pwa
        await pwa.register(_on_update)
    if any(p != HUMAN for p in app.session.players):
        await app.ensure_worker()  # warm the bot up before it is first needed


asyncio.ensure_future(_after_first_paint())
