"""The bot in a web worker: the page sends a request (game record + level) as JSON and awaits
the decision, so the board keeps responding while the bot thinks. The worker loads the same
nardy_core wheel as the page; the page passes its absolute URL (a worker's own location is not
the page's, so relative URLs would not resolve). Every answer is JSON: the result, or
``{"error": message}`` for a request the engine refuses."""

import json

import pyodide_js

service = None
reviewer = None  # the review being run (review_open … review_item … review_summary)
rolling = None  # the rollout being run (rollout_open … rollout_step)


async def init(wheel_url):
    global service
    if service is None:
        await pyodide_js.loadPackage(wheel_url)
        from nardy_core.ui.botservice import BotService

        service = BotService()
    return "ready"


def _reply(work):
    """``work()`` as JSON, or its refusal as ``{"error"}`` (no review open: AttributeError
    on None; an item out of range: IndexError)."""
    from nardy_core.engine.errors import NardyError

    try:
        return json.dumps(work())
    except (NardyError, AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        return json.dumps({"error": str(exc)})


def _request(request_json):
    """A request's JSON through the engine's guarded reader (size, depth, numbers)."""
    from nardy_core.formats.inputs import parse_json

    return parse_json(request_json, "the request")


def decide(request_json):
    return _reply(lambda: service.decide(_request(request_json)))


def hint(request_json):
    return _reply(lambda: service.hint(_request(request_json)))


def tutor(request_json):
    """Tutor mode: the person's decision judged before it is final (``BotService.tutor``)."""
    return _reply(lambda: service.tutor(_request(request_json)))


def review_open(request_json):
    """Start reviewing a record (``{"record", "level", "game"}``: a session's record and the
    index of its game to review): ``{"count"}`` items to analyse, one call of ``review_item``
    each, so that the page shows progress and can stop."""

    def open_review():
        global reviewer
        from nardy_core.analysis.review import Review

        reviewer = None
        request = _request(request_json)
        reviewer = Review(
            request["record"], level=request.get("level", "strong"), game=request.get("game")
        )
        return {"count": len(reviewer.decisions())}

    return _reply(open_review)


def review_item(index):
    return _reply(lambda: reviewer.analyse(int(index)))


def review_summary():
    return _reply(lambda: reviewer.summary())


def review_text():
    """The reviewed game as a record text with the marks and comments."""
    return _reply(lambda: {"text": reviewer.export_text()})


def rollout_open(request_json):
    """Start rolling out (``rolloutrun.open_from_record``): the run's state; then one call of
    ``rollout_step`` per batch, so that the page shows progress and can stop asking."""

    def open_rollout():
        global rolling
        from nardy_core.ui.rolloutrun import open_from_record

        rolling = None
        rolling = open_from_record(_request(request_json))
        return rolling.state()

    return _reply(open_rollout)


def rollout_step(ms):
    return _reply(lambda: rolling.step(int(ms)))


def game_code(record_json):
    """The whole-game link code of a finished game: replaying a long game to encode it takes
    a few hundred milliseconds, which the page's own thread must not spend."""
    from nardy_core.ui import pagerecords

    return _reply(lambda: {"code": pagerecords.game_code(_request(record_json))})


__export__ = [
    "init",
    "decide",
    "hint",
    "tutor",
    "review_open",
    "review_item",
    "review_summary",
    "review_text",
    "game_code",
    "rollout_open",
    "rollout_step",
]
