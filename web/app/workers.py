"""The page's two web workers: the bot (moves, hints, reviews, a finished game's code) and the
reader (links, codes and files, read within a budget). Each is started on first use; a reader
that runs past its budget is stopped, since its work cannot be interrupted any other way
(docs/web.md)."""

import asyncio
import json

import js
from pyscript import document, window

from dom import absent
from nardy_core.engine.errors import NardyError
from nardy_core.ui import pagerecords as R

# A reader that has not answered within its budget and this grace (messages, a queue) is
# stopped.
READ_LIMIT_S = R.READ_BUDGET_MS / 1000 + 2


class Workers:
    def __init__(self, wheel):
        self.wheel = wheel
        self.bot = None
        self.bot_loading = None
        self.reader = None  # (name, proxy)
        self.reader_loading = None
        self.readers = 0  # readers started: each has its own name
        self.read_lock = asyncio.Lock()  # one read at a time: each has the whole budget

    async def _start(self, src, name):
        from pyscript import create_named_worker

        worker = await create_named_worker(src=src, name=name, config="./worker.json")
        await worker.init(str(js.URL.new(self.wheel, window.location.href).href))
        return worker

    # --- the bot ----------------------------------------------------------------------------
    async def ensure_bot(self):
        if self.bot is not None:
            return self.bot
        if self.bot_loading is None:
            self.bot_loading = asyncio.ensure_future(self._start_bot())
        return await self.bot_loading

    async def _start_bot(self):
        self.bot = await self._start("./app/bot_worker.py", "bot")
        return self.bot

    async def game_code(self, game):
        """The whole-game code of ``game`` (encoding replays it: done in the bot's worker);
        ``{"code"}`` or ``{"error"}``."""
        worker = await self.ensure_bot()
        return json.loads(await worker.game_code(json.dumps(R.game_record(game))))

    # --- the reader -------------------------------------------------------------------------
    async def ensure_reader(self):
        if self.reader is None:
            if self.reader_loading is None:
                self.reader_loading = asyncio.ensure_future(self._start_reader())
            try:
                await self.reader_loading
            finally:
                self.reader_loading = None
        return self.reader

    async def _start_reader(self):
        self.readers += 1
        name = f"reader{self.readers}"  # a stopped reader's name is never used again
        self.reader = (name, await self._start("./app/read_worker.py", name))

    def stop_reader(self, name):
        """Stop the reader ``name``; the next read starts a fresh one."""
        script = document.querySelector(f'script[name="{name}"]')
        if not absent(script):
            try:
                script.xworker.terminate()
            except Exception as exc:
                js.console.warn(f"nardy: the reader could not be stopped ({exc})")
            script.remove()
        if self.reader and self.reader[0] == name:
            self.reader = None

    async def read(self, source, text):
        """``(kind, payload)`` of a link or code (``source`` "text") or a game file's text
        ("file"), read by the reader (``pagerecords.check``); raises NardyError when it cannot be
        read, or when the reader does not answer within its budget (it is then stopped)."""
        async with self.read_lock:
            try:
                await self.ensure_reader()
            except Exception as exc:
                raise NardyError(
                    f"the reader could not start ({exc})", code="read_failed"
                ) from None
            name, worker = self.reader
            request = json.dumps({"source": source, "text": text})

            async def ask():
                return await worker.read(request)

            window.nardyStats.readStart = js.performance.now()
            try:
                answer = json.loads(str(await asyncio.wait_for(ask(), READ_LIMIT_S)))
            except asyncio.TimeoutError:
                self.stop_reader(name)
                raise R.budget_error() from None
            finally:
                window.nardyStats.readEnd = js.performance.now()
        return R.checked(answer)
