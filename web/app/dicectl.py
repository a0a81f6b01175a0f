"""Verifiable dice and dice statistics (docs/dice.md): the dice line under the board (the
commitment before play; the seed, Verify and the record's download after it), the statistics
dialog, and the device's totals, to which each finished game is added once
(``nardy_core.ui.dicetally``)."""

import js

from dicepanel import dice_line, stats_dialog, verification_text
from dom import absent, by_id, copy_text, download, today
from nardy_core.engine.errors import NardyError
from nardy_core.ui import dicetally
from nardy_core.ui import pagerecords as R
from nardy_core.ui import text as T
from storage import DICE_STATS, Storage, device_totals


class DiceCtl:
    def __init__(self, app):
        self.app = app
        self.result = None  # (key, (text, ok)): the last Verify, for this state only
        self.counted = set()  # ids of finished games known to be in the device totals

    def bind(self, on):
        on(by_id("dice"), "click", self.on_click)
        on(by_id("dlg-dice"), "click", self.on_dialog)

    def revealed(self) -> bool:
        """The seed is shown once no game still to be played draws from it: at the end of a
        match, and in a money session (no length) when its first game is over."""
        session = self.app.session
        if session.match.length:
            return session.match_over
        return session.game.is_over or bool(session.match.games)

    def _key(self):
        app = self.app
        return (app.session_id, len(app.session.match.games), len(app.session.game.actions))

    def render(self):
        node = by_id("dice")
        if absent(node):
            return
        from nardy_core.analysis.dicecheck import commitment

        session = self.app.session
        if hasattr(session, "friend"):  # a friend game's dice come from two chains (docs/dice.md)
            node.innerHTML = ""
            return
        if session.recorded_dice:
            info = {"recorded": True}
        else:
            seed = session.match.seed
            result = self.result
            info = {
                "commitment": commitment(seed),
                "match": bool(session.match.length),
                "seed": seed if self.revealed() else None,
                "result": result[1] if result and result[0] == self._key() else None,
            }
        node.innerHTML = dice_line(self.app.lang, info)

    def on_click(self, event):
        target = event.target
        act = target.getAttribute("data-dice") if hasattr(target, "getAttribute") else None
        if act == "verify":
            self.verify()
        elif act == "stats":
            self.open_stats()
        elif act == "copy":
            self.copy_hash(target)
        elif act == "download":
            self.download_record()

    def download_record(self):
        """The session's record as JSON, for ``python -m nardy_core verify-dice SEED HASH
        --record FILE`` (docs/dice.md); only once the seed is revealed."""
        session = self.app.session
        if session.recorded_dice or not self.revealed():
            return
        download(*R.dice_export(session, today()))

    def verify(self):
        """Recompute every throw of the session from the revealed seed, here in the page."""
        from nardy_core.analysis.dicecheck import verify, verify_record

        app = self.app
        session = app.session
        if session.recorded_dice or not self.revealed():
            return
        seed = session.match.seed
        shown = R.commitment_shown(session, app.games.saves().get(app.session_id))
        try:
            result = verify_record(R.session_record(session), seed)
            text = verification_text(app.lang, result, verify(seed, shown))
            ok = result.ok and verify(seed, shown)
        except NardyError as exc:
            text, ok = T.error_text(app.lang, exc), False
        self.result = (self._key(), (text, ok))
        app.render()

    def copy_hash(self, button):
        lang = self.app.lang

        def say(key):
            button.textContent = T.tr(lang, key)

        copy_text(by_id("dice-hash").getAttribute("data-full"), say)

    def _player_label(self, player):
        app = self.app
        session = app.session
        colour = session.game.players.index(player)
        return f"{T.colour_name(app.lang, colour)} · {T.tr(app.lang, session.players[player])}"

    def open_stats(self):
        from nardy_core.analysis.dicestats import game_stats, session_games, session_stats

        lang = self.app.lang
        session = self.app.session
        sections = []
        try:
            stats = game_stats(session.game)
            sections.append(
                (
                    "ds-game",
                    T.tr(lang, "stats_this_game"),
                    [(self._player_label(p), stats[p]) for p in (0, 1)],
                )
            )
            if len(session_games(session)) > 1:
                stats = session_stats(session)
                sections.append(
                    (
                        "ds-match",
                        T.tr(lang, "stats_this_match"),
                        [(self._player_label(p), stats[p]) for p in (0, 1)],
                    )
                )
        except NardyError as exc:
            js.console.warn(f"nardy: no dice statistics for this game ({exc})")
        players, _counted = device_totals()
        rows = dicetally.device_rows(players, lambda label: T.tr(lang, label))
        sections.append(("ds-device", T.tr(lang, "stats_device"), rows))
        dialog = by_id("dlg-dice")
        dialog.innerHTML = stats_dialog(lang, sections)
        dialog.showModal()

    def on_dialog(self, event):
        if event.target.id == "ds-close":
            by_id("dlg-dice").close()

    def count(self):
        """Add each finished game of the session to the device's totals once: a reload or a
        later save never counts it again."""
        session = self.app.session
        fresh = dicetally.uncounted(session, self.counted)
        if not fresh:
            return
        players, counted = device_totals()
        changed, skipped = dicetally.add(players, counted, session, fresh, self.counted)
        for reason in skipped:
            js.console.warn(f"nardy: a game left out of the dice totals ({reason})")
        if changed:
            Storage.put(DICE_STATS, dicetally.stored(players, counted))
