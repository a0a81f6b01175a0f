"""The game review (docs/review.md): a game of the session reviewed in the bot's web worker,
one decision per call, the panel filling in as the answers come; its decisions open in the
replay, its text is exported, its link copied."""

import asyncio
import json

import js
from pyscript import window

from dom import absent, by_id, download, today
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import text as T
from reviewpanel import review_panel


class ReviewCtl:
    def __init__(self, app):
        self.app = app
        self.review = None  # {"key", "game", "count", "items", "summary", …}

    def bind(self, on):
        on(by_id("review"), "click", self.on_click)
        on(by_id("review"), "keydown", self.on_key)

    def games(self):
        return self.app.session.match.all_games()

    def key(self, game=None):
        games = self.games()
        game = len(games) - 1 if game is None else game
        return [self.app.session_id, game, len(games[game].actions)]

    def current(self):
        """The review on show, if it is of this session's game as it stands."""
        review = self.review
        if not review or review["game"] >= len(self.games()):
            return None
        return review if review["key"] == self.key(review["game"]) else None

    def items_of_current_game(self):
        """The review's items when it is of the game on the board (its marks go beside the
        move list), else None."""
        review = self.current()
        if review and review["game"] == len(self.games()) - 1:
            return review["items"]
        return None

    def can_start(self):
        """No review of this game on show, or one that was stopped (again from the start)."""
        review = self.current()
        return (
            review is None
            or review["game"] != len(self.games()) - 1
            or (not review["running"] and bool(review["cancelled"] or review["error"]))
        )

    def start(self, game=None):
        asyncio.ensure_future(self.run(self.app.token, game=game))

    async def run(self, token, level="strong", game=None):
        """Review a game of the session (by default the one on the board) in the web worker,
        one decision per call: the panel fills in as the answers come (the first marks at
        once), Cancel stops between two."""
        app = self.app
        session = app.session
        game = len(self.games()) - 1 if game is None else game
        review = {
            "key": self.key(game),
            "game": game,
            "count": 0,
            "items": [],
            "summary": None,
            "running": True,
            "cancelled": False,
            "error": None,
            "started": js.performance.now(),
        }
        app.replays.leave_unless(game)
        self.review = review
        app.render()
        try:
            worker = await app.workers.ensure_bot()
            opened = json.loads(
                await worker.review_open(
                    json.dumps({"record": R.session_record(session), "level": level, "game": game})
                )
            )
            if opened.get("error"):
                raise NardyError(opened["error"], code="review")
            review["count"] = opened["count"]
            for index in range(review["count"]):
                if review["cancelled"] or token != app.token or self.review is not review:
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
                    self.render()
            if self.review is review and not review["cancelled"]:
                review["summary"] = json.loads(await worker.review_summary())
        except NardyError as exc:
            review["error"] = T.error_text(app.lang, exc)
        review["running"] = False
        review["ms"] = js.performance.now() - review["started"]
        window.nardyStats.reviewMs = review["ms"]
        if self.review is review:
            app.render()

    def render(self):
        app = self.app
        box = by_id("review")
        if absent(box):
            return
        review = self.current()
        if review is None:
            box.hidden = True
            box.innerHTML = ""
            return
        games = self.games()
        players = games[review["game"]].players
        html = review_panel(
            app.lang,
            review,
            (players[0], players[1]),
            app.replays.selected(),
            games=len(games),
            viewer=app.viewer(),
        )
        if box.getAttribute("data-html") != html:
            box.innerHTML = html
            box.setAttribute("data-html", html)
        box.hidden = False
        box.dataset.done = str(len(review["items"]))
        app.play.render_log()  # the marks beside the moves, as they come
        box.dataset.running = "1" if review["running"] else "0"

    def on_click(self, event):
        target = event.target
        rollout = target.closest("[data-rollout-item]") if hasattr(target, "closest") else None
        if not absent(rollout) and self.current() is not None:
            self.app.rollouts.start_review(self.current(), int(rollout.dataset.rolloutItem))
            return
        button = (
            target.closest("[data-review], [data-review-state], [data-state], [data-review-game]")
            if hasattr(target, "closest")
            else None
        )
        if absent(button):
            return
        review = self.current()
        if review is None:
            return
        act = button.getAttribute("data-review")
        if button.hasAttribute("data-review-game"):
            if not review["running"]:
                self.start(int(button.getAttribute("data-review-game")))
            return
        if act == "cancel":
            review["cancelled"] = True
            self.render()
        elif act == "close":
            self.review = None
            self.app.render()
        elif act == "export":
            asyncio.ensure_future(self.export())
        elif act == "link":
            asyncio.ensure_future(self.copy_link())
        else:
            # (a missing attribute reads as JS null, not None: ask hasAttribute)
            state = button.getAttribute(
                "data-review-state" if button.hasAttribute("data-review-state") else "data-state"
            )
            item = (
                review["items"][int(button.getAttribute("data-review-index"))]
                if button.hasAttribute("data-review-index")
                else None
            )
            self.app.replays.show_state(review["game"], int(state), item)

    def on_key(self, event):
        if (
            event.key in ("Enter", " ")
            and hasattr(event.target, "hasAttribute")
            and event.target.hasAttribute("data-state")
        ):
            event.preventDefault()
            self.on_click(event)

    async def export(self):
        app = self.app
        worker = await app.workers.ensure_bot()
        answer = json.loads(await worker.review_text())
        if answer.get("error"):
            app.fail(NardyError(answer["error"], code="review"))
            return
        download(*R.review_export(app.session, today(), answer["text"]))

    async def copy_link(self):
        """A link that opens this game and its review (``#r=``, the whole-game code)."""
        app = self.app
        try:
            review = self.current()
            game = self.games()[review["game"]] if review else app.session.game
            answer = await app.workers.game_code(game)
            if answer.get("error"):
                raise NardyError(answer["error"], code="bad_link")
        except NardyError as exc:
            app.fail(exc)
            return
        link = R.review_link(window.location.href, answer["code"])
        try:
            await window.navigator.clipboard.writeText(link)
            app.set_notice(T.tr(app.lang, "review_link_copied"))
        except Exception:
            app.set_notice(link)
        window.nardyStats.reviewLink = link
        app.render()
