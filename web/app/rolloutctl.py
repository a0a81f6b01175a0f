"""The rollout of a hint's plays, or of a review mistake's play and the best (docs/rollouts.md,
"In the page"): run in the bot's web worker a batch at a time (``rollout_open``, then
``rollout_step`` after ``rollout_step``, each a few hundred milliseconds of trials), the panel
redrawn after each batch with the figures so far. Cancel stops asking for batches and keeps the partial result; any action on the board (a
move, a new game, another session; for a review's, the review closed or redone) makes the
rollout stale: it stops and its panel goes."""

import asyncio
import json

import js

from dom import absent, by_id, closest
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R
from nardy_core.ui import rolloutview as V
from nardy_core.ui import text as T


class RolloutCtl:
    def __init__(self, app):
        self.app = app
        self.run = None  # {"key", "level", "games", "done", "seconds", "status", "result"?}
        self.level = V.DEFAULT_LEVEL
        self.games = V.DEFAULT_GAMES
        self.serial = 0  # bumps at each start and stop: a batch loop of another serial ends
        self.item = None  # a review's play item to roll out: {"key", "game", "item"}

    def bind(self, on):
        box = by_id("rollout")
        on(box, "click", self.on_click)
        on(box, "change", self.on_change)

    def on_click(self, event):
        button = closest(event, "button")
        if button is None:
            return
        if button.id == "rollout-start":
            self.start()
        elif button.id == "rollout-cancel":
            self.cancel()

    def on_change(self, event):
        target = event.target
        if target.id == "rollout-level" and target.value in V.LEVELS:
            self.level = target.value
        elif target.id == "rollout-games" and int(target.value) in V.GAMES:
            self.games = int(target.value)
        else:
            return
        if self.run and self.run["status"] != "running":
            self.run = None  # other choices: the last result goes
        self.render()

    def source(self):
        """What the panel rolls out: ``(key, request)`` of a review's item while that review is
        on show, else of the hint's plays while a hint shows plays, else of the hint's cube
        decision in a money game, else None."""
        review, chosen = self.app.review.current(), self.item
        if chosen and review and review["key"] == chosen["key"]:
            game = self.app.review.games()[chosen["game"]]
            request = V.review_request(R.game_record(game), chosen["item"])
            if request is not None:
                return ["review", chosen["key"], chosen["item"]["index"]], request
        self.item = None
        hints = self.app.hints
        plays = hints.plays()
        cube = hints.cube()
        if not plays and cube and cube.get("unit") == "points":
            return ["hint-cube", hints.key()], {**self.app.session.hint_request(), "cube": True}
        if not plays:
            return None
        request = {
            **self.app.session.hint_request(),
            "plays": [p["steps"] for p in plays[: V.PLAYS]],
        }
        return ["hint", hints.key()], request

    def start_review(self, review, index):
        """Roll out a review mistake's play and the best (its row's Roll out button)."""
        if self.running():
            self.cancel()
        item = review["items"][index]
        self.item = {"key": review["key"], "game": review["game"], "item": item}
        self.run = None
        self.app.replays.show_state(review["game"], item["action"], item)  # its position
        self.start()

    def running(self) -> bool:
        return bool(self.run) and self.run["status"] == "running"

    def start(self):
        if self.running() or self.source() is None:
            return
        self.serial += 1
        asyncio.ensure_future(self.loop(self.serial))

    def cancel(self):
        """Stop asking for batches (the one under way ends within its few hundred
        milliseconds, and its answer is dropped); the figures so far stay, marked partial."""
        if self.running():
            self.serial += 1
            self.run["status"] = "cancelled"
            self.render()
            self._focus("rollout-start")

    async def loop(self, serial):
        app = self.app
        key, request = self.source()
        request.update(games=self.games, level=self.level)
        self.run = {"key": key, "level": self.level, "games": self.games, "done": 0}
        self.run.update(seconds=0.0, status="running", result=None)
        self.render()
        self._focus("rollout-cancel")
        started = js.performance.now()
        try:
            worker = await app.workers.ensure_bot()
            answer = json.loads(await worker.rollout_open(json.dumps(request)))
            while True:
                if serial != self.serial:
                    return  # cancelled, or stale
                if answer.get("error"):
                    raise NardyError(answer["error"], code="bot")
                self.run.update(
                    done=answer["done"],
                    result=answer["result"],
                    seconds=(js.performance.now() - started) / 1000,
                )
                if answer["finished"]:
                    self.run["status"] = "done"
                    self.render()
                    self._focus("rollout-start")
                    return
                self.render()
                answer = json.loads(await worker.rollout_step(V.STEP_MS))
        except NardyError as exc:
            if serial == self.serial and self.run is not None:
                self.run.update(status="error", error=T.error_text(app.lang, exc))
                self.render()

    def _focus(self, element_id):
        element = by_id(element_id)
        if not absent(element):
            element.focus()

    def render(self):
        box = by_id("rollout")
        if absent(box):
            return
        source = self.source()
        if self.run is not None and (source is None or self.run["key"] != source[0]):
            self.serial += 1  # the board moved on: the rollout stops and goes
            self.run = None
        if source is None:
            box.hidden = True
            box.innerHTML = ""
            box.removeAttribute("data-html")
            return
        run = self.run or {"level": self.level, "games": self.games}
        html = V.panel_html(self.app.lang, run)
        if box.getAttribute("data-html") != html:
            box.innerHTML = html
            box.setAttribute("data-html", html)
        box.hidden = False
