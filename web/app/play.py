"""Play on the board: the players' cards, the buttons, the status line, the move list, the
gestures, and the bot's turn. Click and drag share one code path (a press that moves more
than DRAG_THRESHOLD is a drag; a drop on an illegal place redraws the board, so the checker
snaps back); Enter/Space on a focused place acts as a click. The session decides what is
legal: this only sends it locations."""

import asyncio
import json
from html import escape

import js
from pyscript import document, window

from dom import absent, button, by_id, closest
from friendctl import is_friend
from nardy_core.engine.errors import NardyError
from nardy_core.ui import text as T
from nardy_core.ui.prefs import SPEEDS
from reviewpanel import log_marks

DRAG_THRESHOLD = 6  # px before a press becomes a drag


class Play:
    def __init__(self, app):
        self.app = app
        self.press = None  # the pointer press being tracked (click or drag)
        self.resign_menu = False
        self.thinking = False

    def reset(self):
        """Another session is on the board."""
        self.thinking = False
        self.resign_menu = False

    def bind(self, on):
        board = by_id("board")
        on(board, "pointerdown", self.on_pointerdown)
        on(board, "pointermove", self.on_pointermove)
        on(board, "pointerup", self.on_pointerup)
        on(board, "pointercancel", self.on_pointercancel)
        on(board, "keydown", self.on_keydown)
        on(by_id("controls"), "click", self.on_control)

    # --- drawing ----------------------------------------------------------------------------
    def render(self, view):
        self.render_players(view, self.app.viewer())
        self.render_controls(view)
        self.render_status(view)

    def render_players(self, view, viewer):
        lang = self.app.lang
        session = self.app.session
        for slot, colour in (("top", 1 - viewer), ("bottom", viewer)):
            card = by_id(f"player-{slot}")
            who = view["players"][colour]
            names = session.names_by_colour() if hasattr(session, "friend") else None
            who_text = (names[colour] or T.tr(lang, who)) if names else T.tr(lang, who)
            marker = " ◀" if view["actor"] == colour else ""
            card.className = f"player c{colour}" + (" active" if view["actor"] == colour else "")
            card.innerHTML = (
                f'<span class="swatch c{colour}"></span>'
                f'<span class="name">{T.colour_name(lang, colour)} · {escape(who_text)}</span>'
                f'<span class="pips">{T.tr(lang, "pips", count=view["pips"][colour])}</span>'
                f'<span class="pts">{view["score"][colour]}</span>'
                f'<span class="onmove" aria-hidden="true">{marker}</span>'
            )
        match = by_id("match")
        kind = self.app.session.kind
        match.dataset.game = view["game"]
        if kind is not None:  # a match of mixed games: its name, length and the current game
            wins = kind.count == "wins"
            text = " · ".join(
                (
                    kind.name(lang),
                    T.tr(lang, "match_to_wins" if wins else "match_to", length=view["length"]),
                    T.tr(
                        lang,
                        "match_game",
                        number=view["game_number"],
                        name=view["game_names"].get(lang) or view["game_names"]["en"],
                    ),
                )
            )
        elif view["length"]:
            text = T.tr(lang, "match_to", length=view["length"])
            if view["crawford"] == "crawford":
                text += " · " + T.tr(lang, "crawford_game")
        else:
            text = T.tr(lang, "money")
        tutor = getattr(session, "tutor", None)
        if tutor:  # tutor mode: the mark it warns at
            symbol = {"doubtful": "?!", "error": "?", "blunder": "??"}[tutor]
            text += " · " + T.tr(
                lang, "tutor_info", mark=T.tr(lang, "mark_" + tutor), symbol=symbol
            )
        match.textContent = text

    def render_controls(self, view):
        app = self.app
        lang = app.lang
        session = app.session
        game = session.game
        phase = view["phase"]
        human = session.human_to_act() and not self.thinking and not app.tutor.blocks()
        buttons = []
        if app.tutor.pending() is not None:
            buttons.append(app.tutor.buttons())  # keep mine or take it back
        elif game.is_over:
            if session.match_over and is_friend(session):
                # another game with the same friend, not a match against the bot
                name = session.friend.names[1 - session.friend.me] or "?"
                buttons.append(
                    '<button type="button" id="btn-newmatch" data-act="newmatch" class="primary">'
                    f"{escape(T.tr(lang, 'friend_again', name=name))}</button>"
                )
            elif session.match_over:
                buttons.append(button(lang, "newmatch", "new_match", primary=True))
            else:
                buttons.append(button(lang, "next", "next_game", primary=True))
            # (a friend match's ended game shown until Next game: the review is of the next one)
            if app.review.can_start() and getattr(session, "pending_over", None) is None:
                buttons.append(button(lang, "review", "review"))
        elif human and view["choice"]:
            for index, way in enumerate(view["choice"]["ways"]):
                buttons.append(
                    f'<button type="button" id="btn-way-{index}" data-act="way" '
                    f'data-index="{index}">{way}</button>'
                )
            buttons.append(button(lang, "undo", "cancel"))
        elif human and self.resign_menu:
            for kind, _points in session.variant.resign_levels():
                buttons.append(
                    f'<button type="button" id="btn-resign-{kind}" '
                    f'data-act="resignkind" data-kind="{kind}">'
                    f"{T.tr(lang, 'resign')}: {T.outcome_word(lang, kind)}</button>"
                )
            buttons.append(button(lang, "resigncancel", "cancel"))
        elif human and phase == "roll":
            buttons.append(button(lang, "roll", "roll", primary=True))
            if game.can_double():
                buttons.append(button(lang, "double", "double"))
        elif human and phase == "move":
            buttons.append(button(lang, "undo", "undo", disabled=not session.can_undo()))
            buttons.append(
                button(lang, "done", "done", primary=True, disabled=not session.can_confirm())
            )
        elif human and phase == "double":
            buttons.append(button(lang, "take", "take", primary=True))
            buttons.append(button(lang, "drop", "drop"))
            if game.can_beaver():
                buttons.append(button(lang, "beaver", "beaver"))
        elif human and phase == "resign":
            buttons.append(button(lang, "accept", "accept", primary=True))
            buttons.append(button(lang, "decline", "decline"))
        if human and session.can_hint() and not self.resign_menu and not view["choice"]:
            buttons.append(button(lang, "hint", "hint", disabled=app.hints.asked()))
        if (
            human
            and phase in ("roll", "move")
            and not self.resign_menu
            and not view["choice"]
            and session.variant.options.values.get("allow_resign", True)
        ):
            buttons.append(button(lang, "resign", "resign"))
        by_id("controls").innerHTML = "".join(buttons)

    def render_status(self, view):
        lang = self.app.lang
        session = self.app.session
        game = session.game
        colour = view["actor"]
        name = T.colour_name(lang, colour) if colour is not None else ""
        if game.is_over:
            text = T.result_text(lang, view["result"])
            score = session.projected_score()
            if session.match_over and view["length"]:
                winner = 0 if score[0] > score[1] else 1
                colour_now = game.players.index(winner)
                text += ". " + T.tr(
                    lang,
                    "match_won",
                    winner=T.colour_name(lang, colour_now),
                    a=max(score),
                    b=min(score),
                )
            else:
                text += ". " + T.tr(lang, "score", white=view["score"][0], black=view["score"][1])
        elif self.thinking or session.waiting_for_bot():
            text = T.tr(lang, "thinking", player=name)
        elif view["choice"]:
            text = T.tr(lang, "choose_way")
        elif self.app.tutor.status_html() is not None:
            status = by_id("status")
            status.innerHTML = self.app.tutor.status_html()
            status.className = "status tutor-ask" if self.app.tutor.pending() else "status"
            return
        elif view["phase"] == "roll":
            text = T.tr(lang, "to_roll", player=name)
        elif view["phase"] == "move":
            text = T.tr(lang, "to_move", player=name, dice="-".join(map(str, view["dice"][:2])))
        elif view["phase"] == "double":
            text = T.tr(lang, "to_answer_double", player=name, value=view["cube"]["value"] * 2)
        elif view["phase"] == "resign":
            text = T.tr(
                lang,
                "to_answer_resign",
                player=name,
                other=T.colour_name(lang, view["resign_offer"][0]),
                kind=T.outcome_word(lang, view["resign_offer"][1]),
            )
        else:
            text = ""
        by_id("status").textContent = text
        by_id("status").className = "status"

    def render_log(self):
        """The move list of the game on the board, with the review's marks as they come."""
        app = self.app
        logs = app.session.logs
        shown = [row for row in logs[-1] if row["k"] != "roll"]
        items = app.review.items_of_current_game()
        marks = [] if items is None else log_marks(app.session.game.actions, items)
        rows = "".join(
            f"<li>{T.log_text(app.lang, row)}"
            + (f' <span class="mark">{marks[i]}</span>' if i < len(marks) and marks[i] else "")
            + "</li>"
            for i, row in enumerate(shown)
        )
        by_id("log").innerHTML = rows
        by_id("log-title").textContent = (
            T.tr(app.lang, "moves") + " · " + T.tr(app.lang, "game_n", n=len(logs))
        )

    # --- gestures: click and drag share one path ----------------------------------------------------
    def on_pointerdown(self, event):
        app = self.app
        if app.frozen():
            return
        group = closest(event, "[data-loc]")
        if app.editing.active:
            if group is not None:
                app.editing.edit_at(group.getAttribute("data-loc"), remove=bool(event.shiftKey))
            return
        if group is None or not app.session.human_to_act() or self.thinking or app.tutor.blocks():
            self.press = None
            return
        loc = group.getAttribute("data-loc")
        checker = None
        if loc in app.session.movable():
            tops = group.querySelectorAll('[data-top="1"]')
            checker = tops.item(tops.length - 1) if tops.length else None
        self.press = {
            "loc": loc,
            "x": event.clientX,
            "y": event.clientY,
            "drag": False,
            "checker": checker,
        }
        if checker is not None:
            event.preventDefault()

    def on_pointermove(self, event):
        press = self.press
        if not press or press["checker"] is None:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if not press["drag"] and dx * dx + dy * dy < DRAG_THRESHOLD**2:
            return
        if not press["drag"]:
            press["drag"] = True
            press["checker"].classList.add("dragging")
            try:
                by_id("board").setPointerCapture(event.pointerId)
            except Exception:
                pass
        svg = document.querySelector("#board svg")
        scale = svg.viewBox.baseVal.width / max(1, svg.getBoundingClientRect().width)
        press["checker"].setAttribute("transform", f"translate({dx * scale:.1f} {dy * scale:.1f})")
        event.preventDefault()

    def on_pointerup(self, event):
        app = self.app
        press, self.press = self.press, None
        if not press:
            return
        if press["drag"]:
            press["checker"].style.display = "none"  # look under the dragged checker
            under = document.elementFromPoint(event.clientX, event.clientY)
            target = under.closest("[data-loc]") if not absent(under) else None
            if absent(target):
                app.session.selected = None
                app.announce(T.tr(app.lang, "illegal_drop"))
                app.render()  # snaps back
                return
            app.act(app.session.drag, press["loc"], target.getAttribute("data-loc"))
        else:
            app.act(app.session.click, press["loc"])

    def on_pointercancel(self, _event):
        self.press = None
        self.app.render()

    def on_keydown(self, event):
        app = self.app
        if event.key in ("Enter", " "):
            group = closest(event, "[data-loc]")
            if app.editing.active:
                if group is not None:
                    event.preventDefault()
                    app.editing.edit_at(group.getAttribute("data-loc"), remove=bool(event.shiftKey))
            elif group is not None and app.session.human_to_act() and not app.tutor.blocks():
                event.preventDefault()
                app.act(app.session.click, group.getAttribute("data-loc"))
        elif event.key == "Escape" and app.session.selected is not None:
            app.act(app.session.undo)

    # --- the buttons under the board ------------------------------------------------------------------
    def on_control(self, event):
        app = self.app
        found = closest(event, "button[data-act]")
        if found is None or found.disabled:
            return
        act = found.getAttribute("data-act")
        session = app.session
        if app.replays.on_control(act):
            return
        if act == "resign":
            levels = session.variant.resign_levels()
            if len(levels) == 1:
                app.act(session.resign, levels[0][0])
            else:
                self.resign_menu = True
                app.render()
        elif act == "resigncancel":
            self.resign_menu = False
            app.render()
        elif act == "resignkind":
            self.resign_menu = False
            app.act(session.resign, found.getAttribute("data-kind"))
        elif act == "way":
            app.act(session.choose, int(found.getAttribute("data-index")))
        elif act == "hint":
            app.hints.ask()
        elif act == "tutorkeep":
            app.act(session.tutor_keep)
        elif act == "tutorback":
            app.act(session.tutor_take_back)
        elif app.tutor.busy():
            return  # the decision is being judged: nothing else meanwhile
        elif app.tutor.wants(act):
            app.tutor.check(act)  # judged first, in the worker; made or held after
        elif act == "review":
            app.review.start()
        elif act == "newmatch" and is_friend(session):
            app.friends.again()
        elif act == "newmatch":
            app.games.open()
        else:
            actions = {
                "roll": session.roll,
                "double": session.double,
                "undo": session.undo,
                "done": session.confirm,
                "take": session.take,
                "drop": session.drop,
                "beaver": session.beaver,
                "accept": session.accept_resignation,
                "decline": session.decline_resignation,
                "next": session.next_game,
            }
            if act in actions:
                app.act(actions[act])

    # --- the bot's turn ------------------------------------------------------------------------------
    def start_bot_if_due(self):
        app = self.app
        if app.session.waiting_for_bot() and not self.thinking:
            self.thinking = True  # before the task starts: a second render must not start one
            asyncio.ensure_future(self.bot_move(app.token))

    async def bot_move(self, token):
        app = self.app
        session = app.session
        self.render_status(session.view())
        try:
            worker = await app.workers.ensure_bot()
            request = session.bot_request()
            started = js.performance.now()
            answer = json.loads(await worker.decide(json.dumps(request)))
            if token != app.token:
                return  # another game was loaded meanwhile: a stale reply
            window.nardyStats.botMs.push(js.performance.now() - started)
            window.nardyStats.botThinkMs.push(answer.get("ms", 0))
            delay = max(0, int(app.prefs.get("anim_ms", SPEEDS["normal"]))) / 1000
            if answer.get("error"):
                raise NardyError(answer["error"], code="bot")
            if answer["action"] == "play" and delay:
                for step in answer["steps"][:-1]:
                    session.bot_play_step(step)
                    self.thinking = True
                    app.draw_board(session.view(), actionable=False)
                    await asyncio.sleep(delay)
            elif delay:
                await asyncio.sleep(delay / 2)
            if token != app.token:
                return
            session.apply_bot(answer)
        except NardyError as exc:
            app.set_notice(
                T.tr(app.lang, "bot_failed", detail=T.error_text(app.lang, exc)), alert=True
            )
            return
        finally:
            if token == app.token:
                self.thinking = False
        app.save()
        app.render()
