"""The frozen board: a static diagram (the embed), or a replay of a game stepped through with
⏮ ◀ ▶ ⏭ — an opened whole game, or a reviewed game's decisions. The replay itself is
``nardy_core.ui.replay``'s plain data; this draws it and takes its buttons."""

from pyscript import document

from dom import EMBED, absent, button, by_id
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import replay as RP
from nardy_core.ui import text as T


class ReplayCtl:
    def __init__(self, app):
        self.app = app
        self.replay = None  # a game being replayed (nardy_core.ui.replay), or None
        self.still = None  # a diagram's state as read, (position, cube, match): a
        # static embed shows exactly that, not what a session would make of it (an opening
        # throw, a roll, a forced play)

    def bind(self, on):
        pass  # its buttons are under the board: Play's click handler passes them on

    def render(self):
        """A static diagram, or the replay's current state with its move and ◀ ▶."""
        app = self.app
        lang = app.lang
        dice = by_id("dice")
        if not absent(dice):  # no dice are thrown on a frozen board
            dice.innerHTML = ""
        replay = self.replay
        if replay:
            index, last = replay["index"], RP.last(replay)
            view, row = RP.current(replay)
            status = T.log_text(lang, row) if row else T.tr(lang, "replay_start")
            controls = (
                f'<button type="button" data-act="first" aria-label="{T.tr(lang, "first")}"'
                f"{' disabled' if index == 0 else ''}>⏮</button>"
                f'<button type="button" data-act="prev" aria-label="{T.tr(lang, "previous")}"'
                f"{' disabled' if index == 0 else ''}>◀</button>"
                f'<span class="counter">{index}/{last}</span>'
                f'<button type="button" data-act="nextstate" aria-label="{T.tr(lang, "next")}"'
                f"{' disabled' if index == last else ''}>▶</button>"
                f'<button type="button" data-act="last" aria-label="{T.tr(lang, "last")}"'
                f"{' disabled' if index == last else ''}>⏭</button>"
            )
            if not EMBED:
                controls += (
                    button(lang, "replayplay", "edit_play")
                    + button(lang, "replayexit", "replay_exit", primary=True)
                    + (button(lang, "review", "review") if app.review.can_start() else "")
                )
            by_id("controls").innerHTML = controls
        else:
            view = RP.state_view(*self.still) if self.still else RP.diagram(app.session.game)
            status = ""
            by_id("controls").innerHTML = ""
        app.draw_board(view, False)
        by_id("status").textContent = status
        app.review.render()
        if app.notice:
            app.show_notice()
        app.mark_ready()
        document.body.dataset.phase = "static"

    def on_control(self, act) -> bool:
        """A replay's button under the board; False for any other button."""
        app = self.app
        if act == "replayexit":
            self.replay = None
            app.render()
        elif act == "replayplay":
            if self.replay:
                try:
                    app.sharing.open_shared("state", RP.state_of(self.replay), "two")
                except NardyError as exc:
                    app.fail(exc)
        elif act in RP.STEPS:
            if self.replay:
                RP.step(self.replay, act)
                app.render()
        else:
            return False
        return True

    def leave_unless(self, game):
        """The replay of another game than ``game`` ends: the board goes back to play."""
        if self.replay is not None and self.replay.get("game", game) != game:
            self.replay = None

    def selected(self):
        return self.replay["index"] if self.replay else None

    def show_state(self, game, state, item=None):
        """Step the replay of the session's game ``game`` to its state ``state`` (the
        position before that action); for a reviewed decision, with the better play drawn."""
        app = self.app
        if self.replay is None or self.replay.get("game", game) != game:
            try:
                self.replay = R.game_replay(app.session.match.all_games()[game], game)
            except NardyError as exc:
                app.fail(exc)
                return
        RP.show(self.replay, state, item)
        app.render()
