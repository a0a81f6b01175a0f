"""The player journey in three engines (issue 20): Chromium by Playwright, Firefox ESR by
puppeteer-core over WebDriver BiDi, WebKitGTK (Safari's engine) by Selenium — the steps written
once in e2e/engines/journey.py.

By default Chromium runs the whole journey and Firefox and WebKit the smoke journey (load, a
whole turn against the bot, reload with the same dice, offline reload, a shared link);
``--full-journey`` runs the whole journey in all three; ``--engines=firefox,webkit`` picks
engines. The page's load time and the bot's time per move are written to
``$NARDY_JOURNEY_OUT`` (default build/journey/) per engine; bench/web_engines.py measures them
properly (medians of many loads).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path

import pytest

import drivers  # noqa: E402
import journey  # noqa: E402
from conftest import ROOT
from serve import make_server, read_log  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
OUT = Path(os.environ.get("NARDY_JOURNEY_OUT", ROOT / "build" / "journey"))
# Steps an engine's automation cannot take, with the evidence (docs/web.md, "Browsers").
CANNOT = {
    ("webkit", "touch_turn"): "WebKitWebDriver (GTK) has no touch input source "
    "(Selenium's touch actions are refused)"
}


def pytest_generate_tests(metafunc):
    if "engine_step" not in metafunc.fixturenames:
        return
    config = metafunc.config
    engines = [e for e in config.getoption("engines").split(",") if e]
    full = config.getoption("full_journey")
    cases = []
    for engine in engines:
        steps = journey.FULL if full or engine == "chromium" else journey.SMOKE
        cases += [(engine, step) for step in steps]
    metafunc.parametrize("engine_step", cases, ids=[f"{e}-{s}" for e, s in cases])


class App:
    """The built app on a fixed port, which can be taken off the network (the server closes:
    connections are refused, as on a machine that is offline) and brought back."""

    def __init__(self, directory, log):
        self.directory, self.log = directory, log
        self.httpd = self._start(0)
        self.port = self.httpd.server_port
        self.url = f"http://127.0.0.1:{self.port}/"

    def _start(self, port):
        httpd = make_server("127.0.0.1", port, log=str(self.log), directory=self.directory)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        return httpd

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def requests(self):
        return read_log(self.log)

    @contextlib.contextmanager
    def offline(self):
        self.stop()
        try:
            yield
        finally:
            self.httpd = self._start(self.port)


@pytest.fixture(scope="module")
def app(built, tmp_path_factory):
    served = App(built, tmp_path_factory.mktemp("journey") / "requests.log")
    yield served
    served.stop()


@pytest.fixture(scope="module")
def host(app, tmp_path_factory):
    """A page on another origin (another port) that embeds the board."""
    from nardy_core.formats import linkcode
    from nardy_core.formats.notation import parse_state

    folder = tmp_path_factory.mktemp("host")
    start = "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31 1 money"
    code = "p=" + linkcode.encode_state(*parse_state(start))
    (folder / "host.html").write_text(journey.HOST.format(app=app.url, code=code))
    httpd = make_server("127.0.0.1", 0, directory=folder)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    httpd.url = f"http://127.0.0.1:{httpd.server_port}/"
    yield httpd
    httpd.shutdown()
    httpd.server_close()


_drivers = {}
_results = {}


@pytest.fixture(scope="module", autouse=True)
def _close_drivers():
    yield
    for engine, driver in _drivers.items():
        driver.close()
        OUT.mkdir(parents=True, exist_ok=True)
        line = journey.summary(engine, driver.version(), _results.get(engine, {}))
        (OUT / f"{engine}.json").write_text(
            json.dumps({**line, "steps": _results.get(engine, {})}, indent=1)
        )
    _drivers.clear()
    drivers._Display.stop()


def driver_for(engine, browser):
    if engine not in _drivers:
        why = drivers.missing(engine)
        if why:
            pytest.fail(why, pytrace=False)
        if engine == "chromium":
            _drivers[engine] = drivers.PlaywrightDriver(browser=browser)
        else:
            _drivers[engine] = drivers.DRIVERS[engine]()
    return _drivers[engine]


def test_journey(engine_step, request, app, host, tmp_path):
    engine, step = engine_step
    if (engine, step) in CANNOT:
        pytest.skip(CANNOT[engine, step])
    browser = request.getfixturevalue("browser") if engine == "chromium" else None
    d = driver_for(engine, browser)
    d.errors()  # what an earlier step left is that step's
    args = ()
    if step == "review":
        from test_review import finished_game

        args = ("g=" + finished_game()[0],)
    elif step == "embed":
        args = (
            host,
            "p=" + _other_code(),
        )
    try:
        result = getattr(journey, step)(d, app, *args)
    except Exception:
        with contextlib.suppress(Exception):
            d.screenshot(tmp_path / f"{engine}-{step}.png")
            print(f"screenshot: {tmp_path / f'{engine}-{step}.png'}")
        raise
    _results.setdefault(engine, {})[step] = result
    problems = journey.page_errors(d)
    assert not problems, f"{engine}: errors in the page during {step}: {problems}"


def _other_code():
    from nardy_core.formats import linkcode
    from nardy_core.formats.notation import parse_state

    return linkcode.encode_state(*parse_state("short 6:3,5:3,4:3,3:3,2:3 24:15 w - 1 money"))


# --- a real engine without what the page needs ---------------------------------------------
# Chromium's cases are emulated by init scripts (test_unsupported.py); Firefox's preferences
# turn the real features off, as a policy or a hardened profile does.


def firefox_with(request, prefs):
    if "firefox" not in request.config.getoption("engines").split(","):
        pytest.skip("Firefox is not among --engines")
    why = drivers.missing("firefox")
    if why:
        pytest.fail(why, pytrace=False)
    return drivers.PuppeteerDriver(prefs=prefs)


def test_firefox_without_webassembly_says_so(request, app):
    with firefox_with(request, {"javascript.options.wasm": False}) as d:
        d.goto(app.url)
        d.wait(
            "!!document.querySelector('#unsupported')",
            30,
            "firefox without WebAssembly: no message",
        )
        assert d.js("document.body.dataset.unsupported") == "wasm"
        assert "WebAssembly" in d.text("#unsupported")
        assert d.count("#board svg") == 0 and d.js("document.body.dataset.ready") is None


def test_firefox_refusing_storage_plays_on_and_says_so(request, app):
    with firefox_with(request, {"dom.storage.enabled": False}) as d:
        journey.open_app(d, app, "?new=short&p0=human&p1=human&seed=no-storage&anim=0")
        assert d.js("document.body.dataset.storage") == "refused"
        assert "will not be saved" in d.text("#notice")
        mover = d.js("document.body.dataset.turn")
        journey.play_turn(d)
        d.wait(f"document.body.dataset.turn !== '{mover}'", 30)
        assert journey.page_errors(d) == []
