"""A browser that cannot run the game gets a clear page, never a blank or dead board: the check
that index.html and embed.html make before PyScript starts (WebAssembly, module scripts, module
workers), emulated here by init scripts that take each away from Chromium. And a browser that
refuses the page its storage still plays, with a notice that stays until closed
(docs/web.md, "When a browser cannot run the game")."""

from __future__ import annotations

import json
import re

import pytest

from conftest import WEB, open_app, watch_page
from test_game import play_human_turn, wait_for_person

NO_WASM = "delete window.WebAssembly;"
# A browser older than module workers: Firefox before 114 ignored the `type` option (a classic
# worker starts), Chromium before 80 threw on it. Neither may pass the page's check.
WORKER_IGNORES_TYPE = """(() => { const W = window.Worker;
  window.Worker = function (url) { return new W(url); }; })();"""
WORKER_THROWS_ON_MODULE = """(() => { const W = window.Worker;
  window.Worker = class extends W { constructor(url, options) {
    if (options && options.type === 'module')
      throw new TypeError('Module scripts are not supported on DedicatedWorker yet.');
    super(url, options); } }; })();"""
NO_MODULES = "delete HTMLScriptElement.prototype.noModule;"
STORAGE_REFUSED = """Object.defineProperty(window, 'localStorage', {configurable: true,
  get() { throw new DOMException('denied', 'SecurityError'); }});"""
# What would show that Python started: Pyodide, the app's Python, PyScript's configuration.
PYTHON_FILES = re.compile(r"/vendor/pyodide/|/app/|pyscript\.json|/build\.json|/wheels/")
LOADS_CHECK = (
    '<script type="py" src="./app/main.py" config="./pyscript.json"></script>\n'
    '<script src="./support.js"></script>'
)


def unsupported_page(new_context, init, *, query="", locale=None, viewport=None):
    options = {k: v for k, v in (("locale", locale), ("viewport", viewport)) if v}
    context = new_context(**options)
    context.add_init_script(init)
    page = watch_page(context.new_page())
    page.goto("./" + query)
    page.wait_for_selector("#unsupported", state="visible")
    page.wait_for_load_state("networkidle")  # what PyScript would have fetched has been asked
    return page


def assert_not_started(page, server_log):
    """The message in the board's place, and nothing of a game that would not answer."""
    assert page.locator("#unsupported[role=alert] h2").count() == 1
    assert page.locator("#board svg").count() == 0
    assert not page.locator("#board").is_visible()
    assert not page.locator("#loading").is_visible()
    assert not page.locator("#btn-new").is_visible()
    assert not page.locator("#btn-menu").is_visible()
    assert page.evaluate("document.querySelector('script[type=\"py\"]')") is None
    assert page.evaluate("document.body.dataset.ready") is None
    fetched = [path for _, path, _ in server_log.requests()]
    assert not [p for p in fetched if PYTHON_FILES.search(p)], fetched
    assert page.console_errors == []


def test_both_pages_check_before_python_in_plain_es5():
    for page in ("index.html", "embed.html"):  # a blocking script, run before core.js (deferred)
        assert LOADS_CHECK in (WEB / page).read_text(encoding="utf-8"), page
    # plain ES5: it must run in the old browsers it is there for
    code = re.sub(r"//[^\n]*", "", (WEB / "support.js").read_text(encoding="utf-8"))
    assert "WebAssembly" in code and not re.search(r"=>|\bconst\b|\blet\b|`|\?\.|\?\?", code)


def test_without_webassembly_the_page_says_so(new_context, server_log):
    page = unsupported_page(new_context, NO_WASM)
    assert page.evaluate("document.body.dataset.unsupported") == "wasm"
    text = page.inner_text("#unsupported")
    assert "This browser cannot run the game" in page.inner_text("#unsupported h2")
    assert "WebAssembly" in text and "turned off" in text
    for advice in ("Firefox, Chrome, Edge or Safari", "Lockdown Mode", "turn it back on"):
        assert advice in text
    assert_not_started(page, server_log)
    assert "/firstboard.js" not in [path for _, path, _ in server_log.requests()]


def test_a_returning_visit_shows_the_message_not_the_saved_board(new_context, server_log):
    page = unsupported_page(new_context, NO_WASM)
    # the board the app kept on an earlier visit, which index.html paints before Python
    paint = {
        "svg": '<svg id="saved-paint" viewBox="0 0 642 478"><rect width="642" height="478"/></svg>'
    }
    page.evaluate("(paint) => localStorage.setItem('nardy.paint.v1', paint)", json.dumps(paint))
    mark = server_log.mark()
    page.reload()
    page.wait_for_selector("#unsupported", state="visible")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__paintedFrom") is None
    assert page.locator("#saved-paint").count() == 0
    assert page.evaluate("document.body.dataset.unsupported") == "wasm"
    assert not [p for _, p, _ in server_log.requests(since=mark) if PYTHON_FILES.search(p)]
    assert_not_started(page, server_log)


def test_the_message_speaks_russian_to_a_russian_browser(new_context, server_log):
    page = unsupported_page(new_context, NO_WASM, locale="ru-RU")
    assert page.get_attribute("#unsupported", "lang") == "ru"
    assert page.inner_text("#unsupported h2") == "Этот браузер не может запустить игру"
    text = page.inner_text("#unsupported")
    assert "WebAssembly" in text and "отключена" in text
    assert "режим блокировки" in text and "Firefox, Chrome, Edge или Safari" in text
    assert_not_started(page, server_log)


@pytest.mark.parametrize(
    "init", [WORKER_IGNORES_TYPE, WORKER_THROWS_ON_MODULE], ids=["type-ignored", "module-refused"]
)
def test_without_module_workers_the_page_says_so(new_context, server_log, init):
    page = unsupported_page(new_context, init)
    assert page.evaluate("document.body.dataset.unsupported") == "module-workers"
    text = page.inner_text("#unsupported")
    assert "bot needs module web workers" in text
    assert "update this browser" in text and "Lockdown" not in text
    assert_not_started(page, server_log)


def test_without_module_scripts_the_page_says_so(new_context, server_log):
    page = unsupported_page(new_context, NO_MODULES)
    assert page.evaluate("document.body.dataset.unsupported") == "modules"
    assert "needs JavaScript modules" in page.inner_text("#unsupported")
    assert_not_started(page, server_log)


def test_the_embedded_board_says_so_too(new_context, server_log):
    page = unsupported_page(
        new_context, NO_WASM + WORKER_IGNORES_TYPE, query="embed.html?lang=ru#p=x"
    )
    assert page.evaluate("document.body.dataset.unsupported") == "wasm,module-workers"
    assert page.inner_text("#unsupported h2") == "Этот браузер не может запустить игру"
    assert_not_started(page, server_log)


@pytest.mark.parametrize("width,height", [(360, 740), (1366, 768)])
def test_the_message_fits_the_screen(new_context, server_log, width, height):
    page = unsupported_page(new_context, NO_WASM, viewport={"width": width, "height": height})
    box = page.locator("#unsupported").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["y"] + box["height"] <= height  # the whole message without scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert_not_started(page, server_log)


@pytest.mark.parametrize("context", [{"viewport": {"width": 360, "height": 740}}], indirect=True)
def test_refused_storage_plays_on_with_a_notice_that_stays(context, page):
    context.add_init_script(STORAGE_REFUSED)
    open_app(page, "?new=short&p0=human&p1=human&seed=nostore")
    assert page.evaluate("document.body.dataset.storage") == "refused"
    assert page.evaluate("document.body.dataset.unsupported") is None
    notice = page.locator("#notice")
    page.wait_for_selector("#notice[data-standing]", state="visible")
    assert "does not let the page keep data" in notice.inner_text()
    assert "your games will not be saved" in notice.inner_text()
    # a turn is played; the notice outlives the actions (a passing notice goes at each one)
    turn = "document.body.dataset.turn"
    wait_for_person(page)
    first = page.evaluate(turn)
    play_human_turn(page)
    page.wait_for_function(f"{turn} !== '{first}'")
    wait_for_person(page)
    assert notice.is_visible() and "does not let the page keep data" in notice.inner_text()
    assert "cannot be saved" not in notice.inner_text()  # no second notice of the same
    page.click("#btn-notice-close")
    assert not notice.is_visible()
    page.click("#btn-roll")  # the next turn: closed, it stays closed
    play_human_turn(page)
    page.wait_for_function(f"{turn} === '{first}'")
    assert not notice.is_visible()
