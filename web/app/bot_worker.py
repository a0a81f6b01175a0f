"""The bot in a web worker: the page sends a request (game record + level) as JSON and awaits
the decision, so the board keeps responding while the bot thinks. The worker loads the same
nardy_core wheel as the page; the page passes its absolute URL (a worker's own location is not
the page's, so relative URLs would not resolve)."""

import json

import pyodide_js

service = None


async def init(wheel_url):
    global service
    if service is None:
        await pyodide_js.loadPackage(wheel_url)
        from nardy_core.ui.botservice import BotService
        service = BotService()
    return "ready"


def decide(request_json):
    from nardy_core.errors import NardyError
    try:
        return json.dumps(service.decide(json.loads(request_json)))
    except (NardyError, KeyError, TypeError, ValueError) as exc:
        return json.dumps({"error": str(exc)})


def hint(request_json):
    from nardy_core.errors import NardyError
    try:
        return json.dumps(service.hint(json.loads(request_json)))
    except (NardyError, KeyError, TypeError, ValueError) as exc:
        return json.dumps({"error": str(exc)})


def game_code(record_json):
    """The whole-game link code of a finished game: replaying a long game to encode it takes
    a few hundred milliseconds, which the page's own thread must not spend."""
    from nardy_core import linkcode
    from nardy_core.errors import NardyError
    try:
        return json.dumps({"code": linkcode.encode_game(json.loads(record_json))})
    except (NardyError, KeyError, TypeError, ValueError) as exc:
        return json.dumps({"error": str(exc)})


__export__ = ["init", "decide", "hint", "game_code"]
