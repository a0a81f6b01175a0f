"""The page: a thin DOM layer over ``nardy_core.ui.session.Session``.

No rule logic lives here (chessground's rule): the board is drawn from ``Session.view()`` by
``nardy_core.ui.svg.render_board``, gestures are sent back as locations, and every state change
ends in ``render()`` — the one render path. The bot runs in a PyScript web worker, started after
the first board is drawn, so the page keeps responding while it thinks.
"""

import asyncio
import json

import js
import pyodide_js
from pyodide.ffi import create_proxy
from pyscript import document, window

BUILD = json.loads(await (await js.fetch("./build.json")).text())  # noqa: F704 (PyScript)
await pyodide_js.loadPackage(BUILD["wheel"])  # noqa: F704 — the wheel built from this repo

from forms import GAMES, new_game_form, option_fields, settings_form  # noqa: E402
from nardy_core.errors import NardyError  # noqa: E402
from nardy_core.ui import text as T  # noqa: E402
from nardy_core.ui.session import HUMAN, PREF_DEFAULTS, Session  # noqa: E402
from nardy_core.ui.svg import render_board  # noqa: E402

SAVES, CURRENT, PREFS = "nardy.saves.v1", "nardy.current", "nardy.prefs"
DRAG_THRESHOLD = 6  # px before a press becomes a drag


def _by_id(name):
    return document.getElementById(name)


class Storage:
    """localStorage, which may be missing or full: failures are reported, never raised."""

    @staticmethod
    def get(key, default=None):
        try:
            raw = window.localStorage.getItem(key)
        except Exception:  # storage disabled
            return default
        if not isinstance(raw, str):  # null arrives as a JS null, not None
            return default
        try:
            return json.loads(raw)
        except ValueError:
            return default

    @staticmethod
    def put(key, value):
        try:
            window.localStorage.setItem(key, json.dumps(value))
            return True
        except Exception as exc:
            js.console.warn(f"nardy: could not save ({exc})")
            return False


class App:
    def __init__(self):
        self.prefs = dict(PREF_DEFAULTS, mirror=False, numbers=True, anim_ms=350, new_game={},
                          lang=None)
        stored = Storage.get(PREFS, {})
        if isinstance(stored, dict):  # keep only known keys of the right kind
            self.prefs.update({k: v for k, v in stored.items() if k in self.prefs and (
                self.prefs[k] is None or type(v) is type(self.prefs[k]))})
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
        window.nardyStats = js.JSON.parse('{"botMs": [], "botThinkMs": []}')

    # --- sessions --------------------------------------------------------------------------
    def start(self):
        query = dict(x.split("=", 1) for x in str(window.location.search)[1:].split("&")
                     if "=" in x)
        if "new" in query:
            choice = {"game": query["new"], "p0": query.get("p0", query.get("white", HUMAN)),
                      "p1": query.get("p1", query.get("black", "strong")),
                      "length": query.get("length", "0"), "options": {},
                      "seed": query.get("seed")}
            if "anim" in query:
                self.prefs["anim_ms"] = int(query["anim"])
            window.history.replaceState(None, "", str(window.location.pathname))
            self.new_session(choice)
            return
        current = Storage.get(CURRENT)
        saves = self.saves()
        if current in saves:
            self.set_notice(T.tr(self.lang, "restored"))  # replaced by a notice of damage
            if self.load(current):
                return
        self.new_session(self.prefs.get("new_game") or {})

    def saves(self) -> dict:
        saves = Storage.get(SAVES, {})
        return saves if isinstance(saves, dict) else {}

    def load(self, ident) -> bool:
        saves = self.saves()
        entry = saves.get(ident)
        try:
            if not isinstance(entry, dict):
                raise NardyError("missing", code="bad_record")
            session = Session.from_dict(entry["session"], prefs=self._session_prefs())
        except (NardyError, KeyError, TypeError) as exc:
            saves.pop(ident, None)
            Storage.put(SAVES, saves)
            self.set_notice(T.tr(self.lang, "corrupt_save", detail=str(exc)[:120]), alert=True)
            return False
        self.use(session, ident)
        return True

    def new_session(self, choice):
        try:
            session = Session(choice.get("game", "long"), choice.get("options") or {},
                              int(choice.get("length") or 0),
                              (choice.get("p0", HUMAN), choice.get("p1", "strong")),
                              seed=choice.get("seed"), prefs=self._session_prefs())
        except (NardyError, ValueError) as exc:
            self.set_notice(T.error_text(self.lang, exc), alert=True)
            session = Session("long", prefs=self._session_prefs())
        ident = f"g{int(js.Date.now())}"
        self.use(session, ident)

    def use(self, session, ident):
        self.session = session
        self.session_id = ident
        self.token += 1
        self.thinking = False
        self.resign_menu = False
        self.flipped = False
        self.save()
        self.render()

    def _session_prefs(self):
        return {k: self.prefs[k] for k in PREF_DEFAULTS}

    def save(self):
        session = self.session
        saves = self.saves()
        view = session.view()
        title = "{} · {} · {}".format(
            session.variant.names.get(self.lang) or session.variant.names["en"],
            " – ".join(T.tr(self.lang, p) for p in session.players),
            T.tr(self.lang, "score", white=view["score"][0], black=view["score"][1]))
        done = session.match_over or (session.game.is_over and not session.match.length)
        saves[self.session_id] = {"session": session.to_dict(), "title": title,
                                  "updated": int(js.Date.now()), "finished": done}
        Storage.put(SAVES, saves)
        Storage.put(CURRENT, self.session_id)

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

    def set_notice(self, text, alert=False):
        self.notice = (text, alert)

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
        session = self.session
        lang = self.lang
        view = session.view()
        viewer = self.viewer()
        focused = document.activeElement
        focus_loc = focused.getAttribute("data-loc") if focused and hasattr(
            focused, "getAttribute") else None
        self.draw_board(view, session.human_to_act() and not self.thinking)
        self.render_players(view, viewer)
        self.render_controls(view)
        self.render_status(view)
        self.render_log()
        for key, params in session.drain_notices():
            self.announce(T.notice_text(lang, key, params))
        if self.notice:
            banner = _by_id("notice")
            banner.textContent = self.notice[0]
            banner.setAttribute("role", "alert" if self.notice[1] else "status")
            banner.hidden = False
            self.notice = None
        if focus_loc:
            target = document.querySelector(f'[data-loc="{focus_loc}"][tabindex="0"]') or \
                document.querySelector('#board [tabindex="0"]')
            if target:
                target.focus()
        document.body.dataset.ready = "1"
        document.body.dataset.phase = view["phase"]
        document.body.dataset.turn = str(view["turn"])
        if session.waiting_for_bot() and not self.thinking:
            self.thinking = True  # before the task starts: a second render must not start one
            asyncio.ensure_future(self.bot_move(self.token))

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
        if view["length"]:
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
        elif human and view["choice"]:
            for index, way in enumerate(view["choice"]["ways"]):
                buttons.append(f'<button type="button" id="btn-way-{index}" data-act="way" '
                               f'data-index="{index}">{way}</button>')
            buttons.append(self._button("undo", "cancel"))
        elif human and self.resign_menu:
            for kind, _points in session.variant.resign_levels():
                buttons.append(f'<button type="button" id="btn-resign-{kind}" '
                               f'data-act="resignkind" data-kind="{kind}">'
                               f'{T.tr(self.lang, "resign")}: {T.tr(self.lang, kind)}</button>')
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
                        kind=T.tr(lang, view["resign_offer"][1]))
        else:
            text = ""
        status.textContent = text

    def render_log(self):
        logs = self.session.logs
        rows = "".join(f"<li>{T.log_text(self.lang, row)}</li>" for row in logs[-1]
                       if row["k"] != "roll")
        _by_id("log").innerHTML = rows
        _by_id("log-title").textContent = (T.tr(self.lang, "moves") + " · " +
                                           T.tr(self.lang, "game_n", n=len(logs)))

    # --- static labels (language switch) --------------------------------------------------------
    def label_page(self):
        lang = self.lang
        document.documentElement.lang = lang
        document.title = T.tr(lang, "app_title")
        for ident, key in (("btn-new", "new_game"), ("btn-settings", "settings"),
                           ("btn-flip", "flip"), ("btn-numbers", "numbers"),
                           ("btn-lang", "language")):
            _by_id(ident).textContent = T.tr(lang, key)
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

    def draw_board(self, view, actionable):
        _by_id("board").innerHTML = render_board(
            view, viewer=self.viewer(), mirror=bool(self.prefs["mirror"]),
            numbers=bool(self.prefs["numbers"]), label=T.board_label(self.lang),
            actionable=actionable)

    # --- gestures: click and drag share one path -------------------------------------------------
    def on_pointerdown(self, event):
        group = event.target.closest("[data-loc]")
        if group is None or not self.session.human_to_act() or self.thinking:
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
            target = under.closest("[data-loc]") if under is not None else None
            if target is None:
                self.session.selected = None
                self.announce(T.tr(self.lang, "illegal_drop"))
                self.render()  # snaps back
                return
            self.act(self.session.drag, press["loc"], target.getAttribute("data-loc"))
        else:
            self.act(self.session.click, press["loc"])

    def on_keydown(self, event):
        if event.key in ("Enter", " "):
            group = event.target.closest("[data-loc]")
            if group is not None and self.session.human_to_act():
                event.preventDefault()
                self.act(self.session.click, group.getAttribute("data-loc"))
        elif event.key == "Escape" and self.session.selected is not None:
            self.act(self.session.undo)

    def on_control(self, event):
        button = event.target.closest("button[data-act]")
        if button is None or button.disabled:
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
        if act == "newmatch":
            self.open_new_game()
            return
        actions = {"roll": session.roll, "double": session.double, "undo": session.undo,
                   "done": session.confirm, "take": session.take, "drop": session.drop,
                   "beaver": session.beaver, "accept": session.accept_resignation,
                   "decline": session.decline_resignation, "next": session.next_game}
        if act in actions:
            self.act(actions[act])

    # --- dialogs -----------------------------------------------------------------------------------
    def open_new_game(self, _event=None):
        dialog = _by_id("dlg-new")
        saved = [(ident, entry.get("title", ident)) for ident, entry in
                 sorted(self.saves().items(), key=lambda kv: -int(kv[1].get("updated", 0))
                        if isinstance(kv[1], dict) else 0)
                 if isinstance(entry, dict) and not entry.get("finished")
                 and ident != self.session_id]
        choice = dict(self.prefs.get("new_game") or {})
        dialog.innerHTML = new_game_form(self.lang, choice, saved)
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
            if game in GAMES:
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
                "options": options}

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
        on(_by_id("btn-new"), "click", self.open_new_game)
        on(_by_id("btn-settings"), "click", self.open_settings)
        on(_by_id("btn-flip"), "click", lambda e: self.toggle("flip"))
        on(_by_id("btn-numbers"), "click", lambda e: self.toggle("numbers"))
        on(_by_id("btn-lang"), "click", lambda e: self.toggle("lang"))
        on(_by_id("dlg-new"), "click", self.on_new_game_dialog)
        on(_by_id("dlg-new"), "change", self.on_new_game_change)
        on(_by_id("dlg-settings"), "click", self.on_settings)
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
    import pwa
    await pwa.register(_on_update)
    if any(p != HUMAN for p in app.session.players):
        await app.ensure_worker()  # warm the bot up before it is first needed


asyncio.ensure_future(_after_first_paint())
