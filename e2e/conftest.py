"""Fixtures for the browser tests: the built app served locally, Debian's Chromium driven by
Playwright (pytest-playwright is not needed), and the checks every test gets for free.

    .venv/bin/python -m pytest e2e          # needs web/ built: bash tools/setup.sh

Every context routes all requests and aborts (and records) any that would leave the machine;
every page records console errors and uncaught exceptions. Both fail the test at teardown, so
a test only has to drive the app. NARDY_E2E_WEB=<dir> serves another built copy of web/.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = Path(os.environ.get("NARDY_E2E_WEB", ROOT / "web"))
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
READY_TIMEOUT_MS = 60_000

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
sys.path.insert(0, str(ROOT / "e2e" / "engines"))  # the journey's drivers and steps
from launch import CHROMIUM, INIT_SCRIPT, READY, launch  # noqa: E402
from serve import make_server, read_log  # noqa: E402


def pytest_addoption(parser):
    parser.addoption(
        "--engines",
        default="chromium,firefox,webkit",
        help="test_journey.py: the engines to drive (comma-separated)",
    )
    parser.addoption(
        "--full-journey",
        action="store_true",
        help="test_journey.py: the whole journey in every engine, not only "
        "Chromium (the others run the smoke journey by default)",
    )


def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.e2e)


# --- the app, served ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def built():
    """web/ as built by tools/build_web.py (a test of an unbuilt tree would test nothing)."""
    if not (WEB / "build.js").is_file():
        pytest.fail(
            f"{WEB} is not built (no build.js): run `bash tools/setup.sh` first "
            "(or `.venv/bin/python tools/build_web.py`)",
            pytrace=False,
        )
    return WEB


class Server:
    def __init__(self, httpd, log_path):
        self.httpd = httpd
        self.log_path = log_path
        self.url = f"http://127.0.0.1:{httpd.server_port}/"

    def log_lines(self):
        """Every request so far, one "METHOD PATH STATUS" line each."""
        return read_log(self.log_path)


def start_server(directory, log_path):
    httpd = make_server("127.0.0.1", 0, log=str(log_path), directory=directory)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return Server(httpd, log_path)


@pytest.fixture(scope="session")
def server(built, tmp_path_factory):
    """tools/serve.py's server on a free port, logging every request (the page's and its
    service worker's alike) to a file."""
    srv = start_server(built, tmp_path_factory.mktemp("server") / "requests.log")
    yield srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


class RequestLog:
    """The server's request log from the start of one test on."""

    def __init__(self, server):
        self.server = server
        self.start = len(server.log_lines())

    def mark(self):
        """A position in the log: ``lines(since=mark)`` gives what came after it."""
        return self.start + len(self.lines())

    def lines(self, since=None):
        return self.server.log_lines()[self.start if since is None else since :]

    def requests(self, since=None):
        """(method, path, status) for each logged line."""
        return [tuple(line.rsplit(" ", 2)) for line in self.lines(since)]


@pytest.fixture
def server_log(server):
    return RequestLog(server)


# --- the browser -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"no Chromium at {CHROMIUM}: `apt-get install -y chromium` "
            "(tools/e2e-tests.sh does it)",
            pytrace=False,
        )
    # launch.py has set PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS before this starts
    # the driver: routing sees the service worker's requests too.
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


def _guard(context):
    """Route every request: local ones go on, any other is recorded and aborted. Console
    errors of the service worker (no page) are recorded too; pages record their own."""
    context.outside_requests = []
    context.worker_errors = []

    def route(route):
        url = route.request.url
        if urlsplit(url).hostname in LOCAL_HOSTS:
            route.fallback()
        else:
            context.outside_requests.append(f"{route.request.method} {url}")
            route.abort()

    context.route("**/*", route)
    context.on(
        "console",
        lambda msg: (
            msg.page is None
            and msg.type == "error"
            and context.worker_errors.append(f"console.error (worker): {msg.text}")
        ),
    )
    context.add_init_script(INIT_SCRIPT)
    return context


@pytest.fixture
def new_context(browser, server):
    """A factory: ``new_context(viewport=..., has_touch=True, locale=...)`` gives a fresh
    context (no cache, no service worker, no storage) whose base URL is the server's, so
    ``page.goto("./?new=short")`` works. All are checked and closed after the test."""
    made = []

    def make(**options):
        options.setdefault("base_url", server.url)
        context = _guard(browser.new_context(**options))
        made.append(context)
        return context

    yield make
    problems = []
    for context in made:
        problems += [f"request left the origin: {r}" for r in context.outside_requests]
        problems += context.worker_errors
        context.close()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def context(request, new_context):
    """A fresh context; options by indirect parametrization:
    ``@pytest.mark.parametrize("context", [{"has_touch": True}], indirect=True)``."""
    return new_context(**getattr(request, "param", {}))


@pytest.fixture
def outside(context):
    """Requests of ``context`` that tried to leave the machine (aborted): must stay empty."""
    return context.outside_requests


def watch_page(page):
    """Record console errors and uncaught exceptions in ``page.console_errors`` (a test that
    expects one removes it from the list)."""
    page.console_errors = []
    page.on(
        "console",
        lambda msg: (
            msg.type == "error"
            and page.console_errors.append(
                f"console.error: {msg.text} ({msg.location.get('url', '')})"
            )
        ),
    )
    page.on("pageerror", lambda exc: page.console_errors.append(f"uncaught: {exc}"))
    return page


@pytest.fixture
def page(context):
    page = watch_page(context.new_page())
    yield page
    if page.console_errors:
        pytest.fail("errors in the page:\n" + "\n".join(page.console_errors), pytrace=False)


def open_app(page, query="", timeout=READY_TIMEOUT_MS):
    """Go to the app (``query`` e.g. "?new=short") and wait until it says it is ready
    (``document.body.dataset.ready === "1"``, set when the board is drawn). Returns the
    navigation's response."""
    response = page.goto("./" + query)
    wait_ready(page, timeout)
    return response


def wait_ready(page, timeout=READY_TIMEOUT_MS):
    page.wait_for_function(READY, timeout=timeout)


def wait_until(page, expression, timeout=30_000, message=None):
    """Poll a JavaScript expression that may give a promise until it is truthy.
    (``page.wait_for_function`` does not await promises: a pending one counts as truthy.)"""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message or f"still false after {timeout} ms: {expression}")
        time.sleep(0.1)


@pytest.fixture(name="open_app")
def open_app_fixture():
    """``open_app(page, query="")`` for tests that prefer a fixture to an import."""
    return open_app


def choose_language(page, lang):
    """Pick ``lang`` in the header's language menu."""
    click_header(page, "#btn-lang")
    page.click(f'#dlg-lang [data-lang="{lang}"]')
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")


def click_header(page, button):
    """Click one of the header's buttons (``#btn-new``, ``#btn-share``…): below 1180 px they
    sit in the menu, opened first."""
    if not page.locator(button).is_visible():
        page.click("#btn-menu")
    page.click(button)
