"""New games and saved games: the New game dialog, the list of saved games in it, and the
saving and restoring of the game on the board (each through ``nardy_core.ui.pagerecords``).
An embedded board saves nothing on the visitor's device."""

import asyncio

from pyscript import document

from dom import EMBED, by_id, now_ms
from forms import GAMES, length_field, match_kind_of, new_game_form, option_fields
from friendctl import is_friend
from nardy_core.engine.errors import NardyError, OptionError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import text as T
from nardy_core.ui.friendsession import FRIEND
from nardy_core.ui.session import DEFAULT_LEVEL, HUMAN, Session
from storage import (
    CURRENT,
    DAMAGED,
    SAVES,
    Storage,
    put_saves,
    saved_games,
    set_aside_unreadable_saves,
)


class NewGame:
    def __init__(self, app):
        self.app = app
        # a save was refused and the player has been told (a storage refused from the start
        # has its own standing notice: App.storage_refused)
        self.save_refused = app.storage_refused

    def bind(self, on):
        on(by_id("btn-new"), "click", self.open)
        on(by_id("dlg-new"), "click", self.on_dialog)
        on(by_id("dlg-new"), "change", self.on_change)

    # --- saved games ------------------------------------------------------------------------
    def saves(self) -> dict:
        saves = Storage.get(SAVES, {})
        return saves if isinstance(saves, dict) else {}

    def check_saves(self):
        """A store of saved games that no version can read is set aside, with a notice."""
        if set_aside_unreadable_saves():
            self.app.set_notice(T.tr(self.app.lang, "saves_unreadable", name=DAMAGED), alert=True)

    def load(self, ident) -> bool:
        app = self.app
        saves = self.saves()
        try:
            session = R.restore(saves.get(ident), prefs=app.session_prefs())
        except (NardyError, KeyError, TypeError) as exc:
            if getattr(exc, "code", None) == "newer_record":  # kept for the newer version
                app.set_notice(T.error_text(app.lang, exc), alert=True)
                return False
            saves.pop(ident, None)
            Storage.put(SAVES, saves)
            app.set_notice(T.tr(app.lang, "corrupt_save", detail=str(exc)[:120]), alert=True)
            return False
        app.use(session, ident)
        return True

    def save(self):
        if EMBED:
            return  # an embedded board keeps nothing on the visitor's device
        app = self.app
        if is_friend(app.session):
            app.friends.save()
            return
        saves = self.saves()
        saves[app.session_id] = R.save_entry(
            app.session, app.lang, now_ms(), previous=saves.get(app.session_id)
        )
        if put_saves(saves, app.session_id):
            self.save_refused = False
            Storage.put(CURRENT, app.session_id)
        elif not self.save_refused:  # said once, not at every move
            self.save_refused = True
            app.set_notice(
                T.tr(app.lang, "storage_full" if Storage.full else "storage_unavailable"),
                alert=True,
            )
        app.dice.count()

    def new_session(self, choice, save=True):
        app = self.app
        try:
            game = choice.get("game", "long")
            kind = match_kind_of(game)
            if kind is None and isinstance(game, str) and game.startswith("match:"):
                raise OptionError(
                    f"the match {game!r} is not available", code="match_unavailable", match=game
                )
            length = int(choice.get("length") or 0)
            if kind is not None and not length:  # ?new=match:tavli without a length
                length = kind.default_length
            session = Session(
                game if kind is None else None,
                (choice.get("options") or {}) if kind is None else None,
                length,
                (choice.get("p0", HUMAN), choice.get("p1", DEFAULT_LEVEL)),
                seed=choice.get("seed"),
                prefs=app.session_prefs(),
                kind=None if kind is None else kind.key,
                hints=choice.get("hints") is not False,
                tutor=choice.get("tutor") or None,
            )
        except (NardyError, TypeError, ValueError) as exc:
            app.set_notice(T.error_text(app.lang, exc), alert=True)
            session = Session("long", prefs=app.session_prefs())
        app.use(session, R.new_ident(now_ms()), save=save)

    # --- the New game dialog ---------------------------------------------------------------------
    def open(self, _event=None, choice=None):
        """The dialog, with the last choice made in it (or ``choice``)."""
        app = self.app
        dialog = by_id("dlg-new")
        if choice is None:
            choice = dict(app.prefs.get("new_game") or {})
        dialog.innerHTML = (
            new_game_form(app.lang, choice, saved_games(self.saves(), app.session_id))
            + app.friends.list_html()
        )
        dialog.showModal()

    def on_dialog(self, event):
        app = self.app
        target = event.target
        dialog = by_id("dlg-new")
        if target.id == "ng-cancel":
            dialog.close()
        elif target.id == "ng-start":
            choice = self.read_form()
            friend = choice["p1"] == FRIEND
            if friend:  # remembered as a game against the bot: a friend game starts here only
                choice["p1"] = DEFAULT_LEVEL
            app.prefs["new_game"] = choice
            app.save_prefs()
            dialog.close()
            if friend:
                app.friends.invite(choice, str(by_id("ng-name").value).strip()[:40])
            else:
                self.new_session(choice)
        elif app.friends.on_list(target):
            pass
        elif target.getAttribute("data-resume"):
            dialog.close()
            self.load(target.getAttribute("data-resume"))
            app.render()
        elif target.getAttribute("data-delete"):
            saves = self.saves()
            saves.pop(target.getAttribute("data-delete"), None)
            Storage.put(SAVES, saves)
            target.closest("li").remove()

    def on_change(self, event):
        if event.target.id == "ng-tutor":
            by_id("ng-tutor-mark").disabled = not event.target.checked
        elif event.target.id == "ng-p1":
            by_id("ng-name-box").hidden = event.target.value != FRIEND
        elif event.target.id == "fr-import":
            files = event.target.files
            if files.length:
                asyncio.ensure_future(self.app.friends.import_file(files.item(0)))
        elif event.target.id == "ng-game":
            game = event.target.value
            if game in GAMES or match_kind_of(game):
                lang = self.app.lang
                length = by_id("ng-length").value
                by_id("ng-length-box").outerHTML = length_field(lang, game, length)
                by_id("ng-options").innerHTML = (
                    f"<legend>{T.tr(lang, 'rules')}</legend>" + option_fields(lang, game, {})
                )

    def read_form(self):
        options = {}
        for field in document.querySelectorAll("#dlg-new [data-opt]"):
            key = field.getAttribute("data-opt")
            options[key] = (
                ("true" if field.checked else "false") if field.type == "checkbox" else field.value
            )
        return {
            "game": by_id("ng-game").value,
            "p0": by_id("ng-p0").value,
            "p1": by_id("ng-p1").value,
            "length": int(by_id("ng-length").value),
            "options": options,
            "hints": bool(by_id("ng-hints").checked),
            "tutor": str(by_id("ng-tutor-mark").value) if by_id("ng-tutor").checked else "",
        }
