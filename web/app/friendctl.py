"""A game with a friend on another device (docs/dice.md, "Playing a friend on another device"):
the invitation made from the New game dialog, the ``#f=`` links read from the address, the side
panel's link to send (Copy, Share, QR code), and the friend games kept on this device (their
secrets included) under their own key. The game itself is a ``FriendSession`` on the board:
the player's actions go through the board as usual and on to the ``FriendGame``."""

import asyncio
import json
from html import escape

from pyodide.ffi import create_proxy
from pyscript import window

from dom import absent, by_id, copy_text, download, now_ms
from forms import MATCH_PREFIX, _date, match_kind_of
from nardy_core.engine.errors import NardyError
from nardy_core.engine.match import MATCH_KINDS
from nardy_core.friends.protocol import FriendError, FriendGame, Invitation, unpack
from nardy_core.ui import friendlist as FL
from nardy_core.ui import text as T
from nardy_core.ui.friendsession import FRIEND, FriendSession
from nardy_core.ui.prefs import SPEEDS
from nardy_core.ui.session import HUMAN
from nardy_core.variants import get_variant, i18n
from storage import CURRENT, Storage

# {game id: {"game": FriendGame.to_dict(), "updated": ms, **friendlist.summary()}}: the friend's
# name, the game's status, the score, the ended game still shown … kept beside it, so that the list
# needs no replay of it; "updated": when the game last changed (a link read or sent, a move)
FRIENDS = "nardy.friends.v1"
WAITING = FL.WAITING  # what the friend game waits for, by FriendGame.status()
PREFIX = "friend:"  # a friend game's session id (and CURRENT's value while it is on the board)


def is_friend(session) -> bool:
    return isinstance(session, FriendSession)


class FriendCtl:
    def __init__(self, app):
        self.app = app
        self.invitation = None  # the link of an invitation shown in the dialog, to accept
        self.shown_link = None  # the link last shown in the panel

    def bind(self, on):
        on(by_id("friend"), "click", self.on_panel)
        on(by_id("dlg-friend"), "click", self.on_dialog)

    # --- the games kept on this device ----------------------------------------------------------
    def stored(self) -> dict:
        games = Storage.get(FRIENDS, {})
        return games if isinstance(games, dict) else {}

    def save(self):
        session = self.app.session
        games = self.stored()
        friend = session.friend
        data = friend.to_dict()
        before = games.get(friend.game_id)
        updated = before.get("updated") if isinstance(before, dict) else None
        if not updated or before.get("game") != data:  # opened again, unchanged: same time
            updated = now_ms()
        games[friend.game_id] = {"game": data, "updated": updated, **FL.summary(session)}
        Storage.put(FRIENDS, games)
        Storage.put(CURRENT, PREFIX + session.friend.game_id)

    def load(self, ident) -> bool:
        app = self.app
        entry = self.stored().get(ident)
        try:
            session = FriendSession.from_friend(
                entry["game"], prefs=app.session_prefs(), pending=entry.get("pending")
            )
        except (NardyError, KeyError, TypeError) as exc:
            app.set_notice(T.tr(app.lang, "corrupt_save", detail=str(exc)[:120]), alert=True)
            return False
        app.use(session, PREFIX + ident)
        return True

    def game_name(self, invitation) -> str:
        lang = self.app.lang
        if invitation.kind is not None:
            return MATCH_KINDS[invitation.kind].name(lang)
        return i18n.game_name(get_variant(invitation.game, dict(invitation.options)), lang)

    def list_html(self) -> str:
        """The New game dialog's "Games with friends": the friend's name, the game, the score,
        what it waits for (marked when it waits for this player), when it last changed; Resume,
        Export, Delete; and Import."""
        lang = self.app.lang
        rows = []
        games = sorted(self.stored().items(), key=lambda kv: -(kv[1].get("updated") or 0))
        for ident, entry in games:
            try:
                invitation = Invitation.read(entry["game"]["invitation"])
                if "status" in entry:
                    other, status = entry.get("other"), entry["status"]
                else:  # kept before the summary was: the game replayed once
                    friend = FriendGame.from_dict(entry["game"])
                    other, status = friend.names[1 - friend.me], friend.status()
                game = self.game_name(invitation)
            except (NardyError, KeyError, TypeError, AttributeError):
                continue
            other = str(other or "?")
            said, mine = FL.mark(lang, status)
            score = FL.score_text(lang, entry) if "score" in entry else ""
            when = self.when(entry.get("updated"))
            if when:
                key = "friend_invited_when" if status == "invited" else "friend_last_move"
                when = T.tr(lang, key, when=when)
            about = " · ".join(escape(t) for t in (game, score) if t)
            status_html = f"<b>{escape(said)}</b>" if mine else escape(said)
            line = " · ".join(t for t in (status_html, f"<small>{escape(when)}</small>") if t)
            rows.append(
                f'<li data-friend-row="{escape(ident)}"{" data-mine" if mine else ""}>'
                f'<span class="about"><b>{escape(other)}</b> · {about}<br>{line}</span>'
                '<span class="acts">'
                f'<button type="button" data-friend="{escape(ident)}">'
                f"{escape(T.tr(lang, 'resume'))}</button>"
                f'<button type="button" data-friend-export="{escape(ident)}">'
                f"{escape(T.tr(lang, 'export_game'))}</button>"
                f'<button type="button" data-friend-delete="{escape(ident)}">'
                f"{escape(T.tr(lang, 'delete'))}</button></span></li>"
            )
        listed = f'<ul class="saved" id="friend-games">{"".join(rows)}</ul>' if rows else ""
        return (
            f"<h3>{escape(T.tr(lang, 'friend_games'))}</h3>{listed}"
            f'<label class="field">{escape(T.tr(lang, "friend_import"))}'
            f'<input type="file" id="fr-import" accept=".json,application/json"></label>'
        )

    def when(self, ms) -> str:
        """When a game last changed: "5 minutes ago" in the page's language (the browser's
        Intl, Latin digits as everywhere on the page), a date after a week."""
        lang = self.app.lang
        relative = FL.ago(now_ms(), ms)
        if relative is None:
            return _date(lang, ms) if isinstance(ms, (int, float)) else ""
        try:
            import js

            amount, unit = relative
            locale = ("en-GB" if lang == "en" else lang) + "-u-nu-latn"
            rtf = js.Intl.RelativeTimeFormat.new(locale, js.JSON.parse('{"numeric": "auto"}'))
            return str(rtf.format(amount, unit))
        except Exception:  # noqa: BLE001 - a browser without Intl.RelativeTimeFormat
            return _date(lang, ms)

    def on_list(self, target) -> bool:
        """A click in the dialog's "Games with friends" (True when it was one): Resume, Export,
        Delete (asked first: the game's secrets go with it), its confirmation or cancel."""
        app = self.app
        lang = app.lang
        if target.getAttribute("data-friend"):
            by_id("dlg-new").close()
            self.load(target.getAttribute("data-friend"))
            app.render()
        elif target.getAttribute("data-friend-export"):
            self.export(target.getAttribute("data-friend-export"))
        elif target.getAttribute("data-friend-delete"):
            ident = target.getAttribute("data-friend-delete")
            entry = self.stored().get(ident) or {}
            row = target.closest("li")
            if absent(row) or not absent(row.querySelector(".fr-confirm")):
                return True
            question = T.tr(lang, "friend_delete_confirm", name=str(entry.get("other") or "?"))
            row.insertAdjacentHTML(
                "beforeend",
                f'<div class="fr-confirm" role="alert"><p>{escape(question)}</p>'
                '<div class="fr-confirm-acts">'
                f'<button type="button" data-friend-delete-yes="{escape(ident)}">'
                f"{escape(T.tr(lang, 'delete'))}</button>"
                f'<button type="button" data-friend-delete-no="{escape(ident)}" class="primary">'
                f"{escape(T.tr(lang, 'cancel'))}</button></div></div>",
            )
            row.querySelector("[data-friend-delete-no]").focus()
        elif target.getAttribute("data-friend-delete-no"):
            target.closest(".fr-confirm").remove()
        elif target.getAttribute("data-friend-delete-yes"):
            self.delete(target.getAttribute("data-friend-delete-yes"))
            row = target.closest("li")
            listed = row.parentElement
            row.remove()
            if not listed.children.length:
                listed.remove()
        else:
            return False
        return True

    def delete(self, ident):
        """The game and its secrets gone from this device; on the board, a new game instead."""
        app = self.app
        games = self.stored()
        games.pop(ident, None)
        Storage.put(FRIENDS, games)
        if app.session_id == PREFIX + ident:
            choice = dict(app.prefs.get("new_game") or {})
            app.games.new_session(choice)

    def export(self, ident):
        entry = self.stored().get(ident)
        if entry:
            text = json.dumps(entry["game"], indent=1)
            download(text, f"nardy-friend-{ident}.json", "application/json")

    async def import_file(self, file):
        app = self.app
        try:
            session = FriendSession.from_friend(json.loads(await file.text()), app.session_prefs())
        except (NardyError, ValueError, TypeError, AttributeError) as exc:
            # whatever is wrong with it (not JSON, not a friend game, a damaged one): the file
            app.set_notice(T.tr(app.lang, "friend_refused_file"), alert=True, detail=str(exc)[:200])
            app.render()
            return
        by_id("dlg-new").close()
        app.use(session, PREFIX + session.friend.game_id)

    # --- starting ------------------------------------------------------------------------------
    def invite(self, choice, name):
        """The New game dialog's Start with "A friend on another device"."""
        app = self.app
        game = choice.get("game", "long")
        kind = match_kind_of(game)
        length = int(choice.get("length") or 0)
        try:
            if kind is not None:
                friend = FriendGame.invite(
                    kind.games[0], {}, length or kind.default_length, name, kind=kind.key
                )
            else:
                friend = FriendGame.invite(game, choice.get("options") or {}, length, name)
        except NardyError as exc:
            app.set_notice(T.error_text(app.lang, exc), alert=True)
            app.render()
            return
        app.use(FriendSession(friend, prefs=app.session_prefs()), PREFIX + friend.game_id)

    # --- links read from the address ----------------------------------------------------------------
    def open_link(self, code):
        """A ``#f=`` link: an invitation to accept, or a link of a game kept here."""
        app = self.app
        lang = app.lang
        app.clear_notice()
        window.history.replaceState(None, "", str(window.location.pathname))
        try:
            data = unpack(code)
            if data["t"] == "inv":
                invitation = Invitation.read(data)
                if invitation.game_id in self.stored():
                    self.load(invitation.game_id)
                    app.set_notice(T.tr(lang, "friend_old_link"))
                else:
                    self.ask_accept(code, invitation)
                return
            ident = data.get("g")
            if ident not in self.stored():
                raise FriendError(
                    "this link belongs to a game this device does not have",
                    code="friend_other_game",
                )
            if app.session is None or app.session_id != PREFIX + ident:
                self.load(ident)
            result = app.session.receive(code, show=self.delay() > 0)
        except NardyError as exc:
            app.set_notice(FL.refusal(lang, exc), alert=True, detail=exc.message)
            if app.session is not None:
                app.render()
            return
        if result == "old":
            app.set_notice(T.tr(lang, "friend_old_link"))
        app.save()
        steps = app.session.friend_steps()
        if next(steps, False) is None:  # the friend's play shown first, step by step
            asyncio.ensure_future(self.show_steps(steps, app.token))
        app.render()

    def delay(self) -> float:
        return max(0, int(self.app.prefs.get("anim_ms", SPEEDS["normal"]))) / 1000

    async def show_steps(self, steps, token):
        """The friend's play, from its dice to its last step, drawn as the bot's is; then the
        board as it is now. (Nothing on the board can be clicked meanwhile.)"""
        app = self.app
        try:
            while token == app.token:
                await asyncio.sleep(self.delay())
                if token != app.token or next(steps, False) is not None:
                    break
                app.draw_board(app.session.view(), actionable=False)
        finally:
            steps.close()
            if token == app.token:
                app.render()

    def ask_accept(self, code, invitation):
        lang = self.app.lang
        self.invitation = code
        dialog = by_id("dlg-friend")
        dialog.setAttribute("aria-labelledby", "fr-title")
        dialog.innerHTML = (
            '<h2 id="fr-title">'
            + escape(
                T.tr(
                    lang,
                    "friend_invites",
                    name=invitation.name or "?",
                    game=self.game_name(invitation),
                )
            )
            + "</h2>"
            f'<label class="field">{escape(T.tr(lang, "your_name"))}'
            f'<input type="text" id="fr-name" maxlength="40" autocomplete="nickname"></label>'
            '<div class="buttons">'
            f'<button type="button" id="fr-accept" class="primary">'
            f"{escape(T.tr(lang, 'accept'))}</button>"
            f'<button type="button" id="fr-close">{escape(T.tr(lang, "cancel"))}</button></div>'
        )
        if not dialog.open:
            dialog.showModal()

    def accept(self):
        app = self.app
        name = str(by_id("fr-name").value).strip()[:40]
        by_id("dlg-friend").close()
        try:
            friend = FriendGame.accept(self.invitation, name)
        except NardyError as exc:
            app.set_notice(FL.refusal(app.lang, exc), alert=True, detail=exc.message)
            app.render()
            return
        self.invitation = None
        app.use(FriendSession(friend, prefs=app.session_prefs()), PREFIX + friend.game_id)

    def again(self):
        """After a friend game ended: the New game dialog, ready for another game with the
        same friend (the same game, options and length; this player's name)."""
        app = self.app
        friend = app.session.friend
        invitation = friend.invitation
        choice = dict(app.prefs.get("new_game") or {})
        game = invitation.game if invitation.kind is None else MATCH_PREFIX + invitation.kind
        choice.update(
            game=game,
            options=dict(invitation.options),
            length=invitation.length,
            p0=HUMAN,
            p1=FRIEND,
        )
        app.games.open(choice=choice)
        by_id("ng-name-box").hidden = False
        by_id("ng-name").value = friend.names[friend.me]

    # --- the side panel -------------------------------------------------------------------------------
    def url_of(self, code) -> str:
        return f"{window.location.origin}{window.location.pathname}#f={code}"

    def render(self):
        """The link to send and where the game stands (the status line, when the friend is to
        act); hidden for any other game."""
        app = self.app
        panel = by_id("friend")
        if absent(panel):
            return
        session = app.session
        if not is_friend(session):
            panel.hidden = True
            return
        friend = session.friend
        lang = app.lang
        if friend.must_send and not friend.my_turn:
            friend.link()  # the items since the last link go into one link, made once
            app.save()
        status = friend.status()
        code = None
        if status == "invited":
            code = friend.invitation_link()
        elif friend.messages and friend.messages[-1].sender == friend.me:
            code = friend.last_link()
        waiting = WAITING.get(status)
        if waiting and not session.game.is_over:  # an ended game's result stays in view
            by_id("status").textContent = T.tr(lang, waiting)
        parts = []
        if code is not None and status != "play":
            url = self.url_of(code)
            share = (
                f'<button type="button" id="fr-share">{escape(T.tr(lang, "share"))}</button>'
                if hasattr(window.navigator, "share")
                else ""
            )
            parts.append(
                f'<label class="field">{escape(T.tr(lang, "friend_send"))}'
                f'<input type="text" id="fr-link" readonly value="{escape(url)}"></label>'
                '<div class="buttons">'
                f'<button type="button" id="fr-copy" class="primary">'
                f"{escape(T.tr(lang, 'copy'))}</button>{share}"
                f'<button type="button" id="fr-qr">{escape(T.tr(lang, "friend_show_qr"))}'
                "</button>"
                f'<button type="button" id="fr-export">{escape(T.tr(lang, "export_game"))}'
                '</button></div><p id="fr-msg" class="fr-msg" role="status"></p>'
            )
        if code is not None and self.starting(friend):
            # said at the start, once, where the first link is: the secrets are this device's
            parts.append(
                f'<p id="fr-warning" class="fr-warning">{escape(T.tr(lang, "friend_warning"))}</p>'
            )
        html = "".join(parts)
        if html != self.shown_link:
            self.shown_link = html
            panel.innerHTML = html
        panel.hidden = not html

    @staticmethod
    def starting(friend) -> bool:
        """The game is at its start on this device: the inviter waits for the acceptance, or the
        friend has sent nothing but the acceptance and read nothing from the inviter since."""
        if friend.me == 0:
            return not friend.accepted
        return all(message.sender == 1 for message in friend.messages)

    def on_panel(self, event):
        target = event.target
        lang = self.app.lang
        if target.id == "fr-export" and is_friend(self.app.session):
            self.app.save()  # the file is the game as it stands
            self.export(self.app.session.friend.game_id)
            return
        link = by_id("fr-link")
        if absent(link):
            return
        url = str(link.value)
        if target.id == "fr-copy":
            link.select()
            copy_text(url, lambda key: setattr(by_id("fr-msg"), "textContent", T.tr(lang, key)))
        elif target.id == "fr-share":
            try:
                shared = window.navigator.share(window.JSON.parse(json.dumps({"url": url})))
                shared.catch(create_proxy(lambda _e: None))  # cancelled: nothing to say
            except Exception:  # noqa: BLE001 - a refused share changes nothing
                pass
        elif target.id == "fr-qr":
            dialog = by_id("dlg-friend")
            dialog.removeAttribute("aria-labelledby")
            dialog.setAttribute("aria-label", T.tr(lang, "friend_show_qr"))
            # start-up: the QR encoder (570 lines) loads when a code is first shown
            from nardy_core.formats import qrcode

            code = qrcode.encode(url, ecc="L")
            dialog.innerHTML = (
                f'<div class="qr">{qrcode.svg(code, module=3, label=T.tr(lang, "friend_send"))}'
                '</div><div class="buttons">'
                f'<button type="button" id="fr-close" class="primary">'
                f"{escape(T.tr(lang, 'close'))}</button></div>"
            )
            dialog.showModal()

    def on_dialog(self, event):
        target = event.target
        if target.id == "fr-close":
            by_id("dlg-friend").close()
        elif target.id == "fr-accept":
            self.accept()
