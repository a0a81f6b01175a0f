"""The position editor: while it is open the board edits ``nardy_core.ui.editor.Editor``
(checkers added and taken away by the same gestures as play), with its tools beside the board;
Play and Share open the edited position as a new game."""

from pyscript import document

from dom import absent, by_id, focused_loc
from nardy_core.engine.errors import NardyError
from nardy_core.ui import text as T
from nardy_core.ui.editor import Editor
from sharing import editor_panel


class EditorCtl:
    def __init__(self, app):
        self.app = app
        self.editor = None  # the position editor, while it is open
        self.palette = {"colour": 0, "mode": "add"}

    @property
    def active(self) -> bool:
        return self.editor is not None

    def bind(self, on):
        on(by_id("btn-edit"), "click", self.open)
        on(by_id("editor"), "click", self.on_click)
        on(by_id("editor"), "change", self.on_change)

    def open(self, _event=None):
        game = self.app.session.game
        self.editor = Editor(
            start=(game.position.replace(dice=game.position.dice), game.cube, game.match)
        )
        self.app.render()

    def close(self):
        self.editor = None

    def edit_at(self, loc, remove=False):
        app = self.app
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
            app.set_notice(T.error_text(app.lang, exc), alert=True)
        app.render()

    def render(self):
        app = self.app
        editor = self.editor
        lang = app.lang
        view = editor.view()
        problems = [T.error_text(lang, p) for p in editor.problems()]
        focus_loc = focused_loc()
        app.draw_board(view, True)
        panel = by_id("editor")
        panel.innerHTML = editor_panel(lang, view, problems, self.palette)
        panel.hidden = False
        by_id("controls").innerHTML = ""
        by_id("status").textContent = problems[0] if problems else T.tr(lang, "edit_ok")
        viewer = app.viewer()
        for slot, colour in (("top", 1 - viewer), ("bottom", viewer)):
            by_id(f"player-{slot}").innerHTML = (
                f'<span class="swatch c{colour}"></span><span class="name">'
                f'{T.colour_name(lang, colour)}</span><span class="pips">'
                f"{T.tr(lang, 'pips', count=view['pips'][colour])}</span>"
            )
        if app.notice:
            app.show_notice()
        if focus_loc:
            target = document.querySelector(f'[data-loc="{focus_loc}"]')
            if target:
                target.focus()
        app.mark_ready()
        document.body.dataset.phase = "edit"

    def on_click(self, event):
        app = self.app
        button = event.target.closest("button[data-ed-act]")
        if absent(button) or button.disabled:
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
                app.sharing.open_shared("state", editor.state(), by_id("ed-players").value)
            except NardyError as exc:
                app.fail(exc)
                return
            if act == "share":
                app.sharing.open_share()
            return
        app.render()

    def on_change(self, event):
        app = self.app
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
                owner = by_id("ed-owner").value
                editor.set_cube(
                    int(by_id("ed-cube").value), None if owner == "None" else int(owner)
                )
            elif target.id in ("ed-length", "ed-s0", "ed-s1", "ed-crawford"):
                editor.set_match(
                    int(by_id("ed-length").value or 0),
                    (int(by_id("ed-s0").value or 0), int(by_id("ed-s1").value or 0)),
                    by_id("ed-crawford").value,
                )
        except (NardyError, ValueError) as exc:
            app.set_notice(T.error_text(app.lang, exc), alert=True)
        app.render()
