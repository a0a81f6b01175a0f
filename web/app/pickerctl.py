"""The first visit's game picker (issue 19, "a clear start"): the games in their groups with a
line on each, the opponent, one Play button, and the chosen game's board drawn behind. Shown
until the player has once chosen a game (``prefs["picked"]``); a ``?new=`` link, an opened link
and the embed start directly."""

from dom import EMBED, absent, by_id
from nardy_core.ui import text as T
from nardy_core.ui.gamelist import picker_html
from nardy_core.ui.session import DEFAULT_LEVEL, HUMAN, bot_levels


class PickerCtl:
    def __init__(self, app):
        self.app = app

    def bind(self, on):
        on(by_id("dlg-pick"), "change", self.on_change)
        on(by_id("dlg-pick"), "submit", self.on_play)
        on(by_id("dlg-pick"), "cancel", self.on_cancel)

    def wanted(self) -> bool:
        return not EMBED and not self.app.prefs.get("picked")

    def preview_choice(self, game="long"):
        """The board behind the picker: two people, so that no bot moves meanwhile."""
        return {"game": game, "p0": HUMAN, "p1": HUMAN}

    def open(self):
        app = self.app
        dialog = by_id("dlg-pick")
        if absent(dialog):
            return
        lang = app.lang
        opponents = [(HUMAN, T.tr(lang, "pick_person"))] + [
            (level, T.tr(lang, level)) for level in bot_levels()
        ]
        chosen = _game_of(app.session)
        dialog.innerHTML = picker_html(
            lang,
            chosen,
            opponents,
            DEFAULT_LEVEL,
            {
                "title": T.tr(lang, "pick_title"),
                "opponent": T.tr(lang, "pick_opponent"),
                "play": T.tr(lang, "pick_play"),
            },
        )
        dialog.showModal()

    def choice(self):
        dialog = by_id("dlg-pick")
        game = dialog.querySelector('input[name="game"]:checked')
        opponent = by_id("pk-opponent").value
        return {
            "game": game.value if not absent(game) else "long",
            "p0": HUMAN,
            "p1": opponent if opponent in bot_levels() else HUMAN,
        }

    def on_change(self, event):
        """Another game chosen: its starting board is drawn behind the picker (two people, so
        that no bot moves meanwhile; nothing is saved until Play)."""
        if event.target.getAttribute("name") == "game":
            self.app.games.new_session(self.preview_choice(self.choice()["game"]), save=False)

    def on_play(self, event):
        event.preventDefault()
        app = self.app
        choice = self.choice()
        app.prefs["picked"] = True
        app.prefs["new_game"] = dict(choice, length=0, options={}, hints=True)
        app.save_prefs()
        by_id("dlg-pick").close()
        app.games.new_session(choice)

    def on_cancel(self, event):
        """Escape keeps the game behind as it is, against the default bot: a player who
        closes the picker has not chosen (it comes back next visit)."""
        app = self.app
        if app.session is not None and all(p == HUMAN for p in app.session.players):
            app.games.new_session({"game": _game_of(app.session)})


def _game_of(session) -> str:
    """The picker's value of the game on the board: a game key, or "match:<kind>"."""
    return "match:" + session.kind.key if session.kind else session.variant.key
