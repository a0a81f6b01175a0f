"""The reader in a web worker: every link, pasted code and game file is read here first
(``pagerecords.check``: decoded, replayed and timed), so that a link or a file that asks for
minutes of work stops this worker — the page stops it — and never the board. The bot has its
own worker (bot_worker.py), so a reader that is stopped takes no game with it.

Like the bot's worker, it loads the wheel from the absolute URL the page passes, and answers
JSON: ``pagerecords.check``'s answer."""

import json

import pyodide_js

ready = False


async def init(wheel_url):
    global ready
    if not ready:
        await pyodide_js.loadPackage(wheel_url)
        ready = True
    return "ready"


def read(request_json):
    """``{"source": "text" | "file", "text"}`` → ``pagerecords.check``'s answer."""
    from nardy_core.ui import pagerecords

    try:
        request = json.loads(request_json)
        answer = pagerecords.check(request["source"], request["text"])
    except Exception as exc:  # noqa: BLE001 — a bug must come back as an answer, not a hang
        answer = {
            "error": f"this cannot be read ({type(exc).__name__})",
            "code": "read_failed",
            "params": {},
        }
    return json.dumps(answer)


__export__ = ["init", "read"]
