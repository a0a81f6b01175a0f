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


reviewer = None


def review_open(request_json):
    """Start reviewing a record (``{"record", "level", "game"}``: a session's record and the
    index of its game to review): ``{"count"}`` items to
    analyse, one call of ``review_item`` each, so that the page shows progress and can stop."""
    global reviewer
    from nardy_core.errors import NardyError
    from nardy_core.review import Review
    try:
        request = json.loads(request_json)
        reviewer = Review(request["record"], level=request.get("level", "strong"),
                          game=request.get("game"))
        return json.dumps({"count": len(reviewer.decisions())})
    except (NardyError, KeyError, TypeError, ValueError) as exc:
        reviewer = None
        return json.dumps({"error": str(exc)})


def review_item(index):
    from nardy_core.errors import NardyError
    try:
        return json.dumps(reviewer.analyse(int(index)))
    except (NardyError, AttributeError, IndexError, TypeError, ValueError) as exc:
        return json.dumps({"error": str(exc)})


def review_summary():
    try:
        return json.dumps(reviewer.summary())
    except AttributeError as exc:
        return json.dumps({"error": str(exc)})


def review_text():
    """The reviewed game as a record text with the marks and comments."""
    from nardy_core.errors import NardyError
    try:
        return json.dumps({"text": reviewer.export_text()})
    except (NardyError, AttributeError) as exc:
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


__export__ = ["init", "decide", "hint", "review_open", "review_item", "review_summary",
              "review_text", "game_code"]
