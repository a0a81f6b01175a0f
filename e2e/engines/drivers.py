"""Three browser engines behind one small interface, so that the player journey
(e2e/engines/journey.py) is written once and run by Playwright (Chromium), puppeteer-core
(Firefox ESR, over WebDriver BiDi) and Selenium (WebKitGTK's MiniBrowser, the engine of Safari).

A driver is one browser with one tab and its own fresh profile; ``driver.fresh()`` starts
another of the same engine with another fresh profile (a friend opening a shared link). Each
method is what a player or a tester does: open an address, reload, click or tap an element
(real pointer events at its centre, through the engine's automation protocol), read the page
with a JavaScript expression. Everything else the journey needs is built from these.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

CHROMIUM = os.environ.get("NARDY_CHROMIUM", "/usr/bin/chromium")
FIREFOX = os.environ.get("NARDY_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("NARDY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "NARDY_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
# Debian packages that provide each engine (installed by tools/browsers.sh).
PACKAGES = {
    "chromium": ["chromium"],
    "firefox": ["firefox-esr"],
    "webkit": ["webkit2gtk-driver", "xvfb"],
}
BINARIES = {
    "chromium": [CHROMIUM],
    "firefox": [FIREFOX],
    "webkit": [WEBKIT_DRIVER, MINIBROWSER, "/usr/bin/Xvfb"],
}

# Firefox's own background traffic (updates, telemetry, safe browsing, remote settings) is
# turned off: the page's journey must be the only thing the browser does.
FIREFOX_PREFS = {
    "app.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "network.captive-portal-service.enabled": False,
    "browser.region.network.url": "",
    "services.settings.server": "http://127.0.0.1:9/",
    "network.connectivity-service.enabled": False,
    "extensions.getAddons.cache.enabled": False,
}


# The viewport coordinates of an element's centre, scrolled into view first.
CENTRE = """(() => {
  const el = document.querySelector(SELECTOR);
  if (!el) throw new Error('no element matches ' + SELECTOR);
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
})()"""


class JourneyError(AssertionError):
    """A step of the journey did not see what a player should see."""


class Driver:
    """One browser (one tab, a fresh profile). Subclasses implement the primitives."""

    engine = ""
    touch = False  # taps are real touch events

    def __init__(self, width=1280, height=800, touch=False):
        self.width, self.height, self.touch_wanted = width, height, touch

    # --- primitives ---------------------------------------------------------------------
    def goto(self, url):
        raise NotImplementedError

    def reload(self):
        raise NotImplementedError

    def js(self, expression):
        """The value of a JavaScript expression (awaited when it is a promise), as JSON."""
        raise NotImplementedError

    def click(self, selector):
        """A mouse click at the centre of the first element matching ``selector``."""
        raise NotImplementedError

    def tap(self, selector):
        """A touch tap there (engines with touch input only)."""
        raise NotImplementedError

    def screenshot(self, path):
        raise NotImplementedError

    def errors(self):
        """Uncaught exceptions and console errors since the last call (where the engine's
        protocol reports them; the page's own ``window.__journeyErrors`` covers the rest)."""
        return []

    def version(self):
        raise NotImplementedError

    def close(self):
        raise NotImplementedError

    def sibling(self, width, height, touch=False):
        """Another browser of the same engine with a fresh profile (no storage, no cache,
        no service worker) and this window size."""
        return type(self)(width, height, touch)

    def fresh(self):
        return self.sibling(self.width, self.height, self.touch_wanted)

    # --- built from the primitives --------------------------------------------------------
    def wait(self, expression, timeout=30.0, message=None):
        """Poll ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise JourneyError(
                    message or f"{self.engine}: still false after {timeout} s: {expression}"
                )
            time.sleep(0.1)

    def count(self, selector):
        return self.js(f"document.querySelectorAll({json.dumps(selector)}).length")

    def text(self, selector):
        return self.js(f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent")

    def value(self, selector):
        return self.js(f"(document.querySelector({json.dumps(selector)}) || {{}}).value")

    def press(self, selector):
        """A click, or a tap on a touch driver: how this player presses things."""
        if self.touch:
            self.tap(selector)
        else:
            self.click(selector)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class PlaywrightDriver(Driver):
    """Debian's Chromium through Playwright for Python (as the rest of e2e/)."""

    engine = "chromium"

    def __init__(self, width=1280, height=800, touch=False, browser=None):
        super().__init__(width, height, touch)
        from launch import INIT_SCRIPT, launch  # e2e/launch.py: Chromium's flags

        self._pw = None
        if browser is None:  # a browser of our own (bench/), else the tests' shared one
            from playwright.sync_api import sync_playwright

            self._pw = sync_playwright().start()
            browser = launch(self._pw)
        self._browser = browser
        self._context = self._browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=False
        )
        self._context.add_init_script(INIT_SCRIPT)
        self.touch = touch
        self.page = self._context.new_page()
        self._errors = []
        self.page.on(
            "console",
            lambda m: m.type == "error" and self._errors.append(f"console.error: {m.text[:300]}"),
        )
        self.page.on("pageerror", lambda e: self._errors.append(f"uncaught: {str(e)[:300]}"))

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()

    def js(self, expression):
        return self.page.evaluate(f"async () => ({expression})")

    def click(self, selector):
        self.page.locator(selector).first.click()

    def tap(self, selector):
        self.page.locator(selector).first.tap()

    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def errors(self):
        out, self._errors = self._errors, []
        return out

    def version(self):
        return self._browser.version

    def sibling(self, width, height, touch=False):
        return PlaywrightDriver(width, height, touch, browser=self._browser)

    def close(self):
        self._context.close()
        if self._pw is not None:
            self._browser.close()
            self._pw.stop()


class PuppeteerDriver(Driver):
    """Debian's Firefox ESR through puppeteer-core (Node), over WebDriver BiDi: a small Node
    bridge (puppeteer_bridge.mjs) reads one JSON command per line."""

    engine = "firefox"

    def __init__(self, width=1280, height=800, touch=False, prefs=None):
        super().__init__(width, height, touch)
        self.prefs = {**FIREFOX_PREFS, **(prefs or {})}
        self._proc = subprocess.Popen(
            ["node", str(HERE / "puppeteer_bridge.mjs")],
            cwd=ROOT,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self._version = self._call(
            "launch", executable=FIREFOX, prefs=self.prefs, width=width, height=height, touch=touch
        )
        self.touch = touch

    def _call(self, op, **args):
        self._proc.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise JourneyError(f"firefox: the puppeteer bridge stopped during {op}")
        reply = json.loads(line)
        if "error" in reply:
            raise JourneyError(f"firefox: {op} failed: {reply['error']}")
        return reply["ok"]

    def sibling(self, width, height, touch=False):
        return PuppeteerDriver(width, height, touch, self.prefs)

    def goto(self, url):
        self._call("goto", url=url)

    def reload(self):
        self._call("reload")

    def js(self, expression):
        return self._call("eval", expression=expression)

    def click(self, selector):
        self._call("click", selector=selector)

    def tap(self, selector):
        self._call("tap", selector=selector)

    def screenshot(self, path):
        self._call("screenshot", path=str(path))

    def errors(self):
        return self._call("errors")

    def version(self):
        return self._version

    def close(self):
        try:
            self._call("close")
        except (JourneyError, BrokenPipeError, ValueError):
            pass
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()


class _Display:
    """One Xvfb display shared by every WebKitGTK browser of the run (MiniBrowser needs an X
    display; WebKitGTK has no headless mode)."""

    proc = None
    name = None

    @classmethod
    def ensure(cls):
        if os.environ.get("NARDY_WEBKIT_DISPLAY"):
            return os.environ["NARDY_WEBKIT_DISPLAY"]
        if cls.proc is None or cls.proc.poll() is not None:
            read, write = os.pipe()
            # -displayfd: Xvfb picks a free display number and writes it when it is ready.
            cls.proc = subprocess.Popen(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write),
                    "-screen",
                    "0",
                    "1920x1200x24",
                    "-nolisten",
                    "tcp",
                ],
                pass_fds=(write,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            os.close(write)
            with os.fdopen(read) as ready:
                cls.name = ":" + ready.readline().strip()
        return cls.name

    @classmethod
    def stop(cls):
        if cls.proc is not None:
            cls.proc.terminate()
            cls.proc.wait(10)
            cls.proc = None


class SeleniumDriver(Driver):
    """WebKitGTK: Selenium for Python drives MiniBrowser through WebKitWebDriver, under Xvfb."""

    engine = "webkit"

    def __init__(self, width=1280, height=800, touch=False):
        super().__init__(width, height, touch)
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        display = _Display.ensure()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # an ephemeral profile, driven by WebDriver
        self._profile = tempfile.mkdtemp(prefix="nardy-webkit-")
        env = {
            **os.environ,
            "DISPLAY": display,
            "XDG_CACHE_HOME": self._profile,
            "XDG_DATA_HOME": self._profile,
            "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
        }
        service = Service(executable_path=WEBKIT_DRIVER, env=env)
        self._driver = webdriver.WebKitGTK(options=options, service=service)
        self._driver.set_window_rect(0, 0, width, height)
        self._driver.set_script_timeout(120)
        # No command may wait for ever (a screenshot of a busy page can): the HTTP timeout.
        self._driver.command_executor._client_config.timeout = 180
        self.touch = False  # WebKitWebDriver (GTK) has no touch input source

    def goto(self, url):
        self._driver.get(url)

    def reload(self):
        self._driver.refresh()

    def js(self, expression):
        # WebDriver's Execute Script awaits a promise the script returns.
        return self._driver.execute_script(f"return (async () => ({expression}))()")

    def click(self, selector):
        # Pointer actions at the element's centre: WebKitWebDriver refuses Element Click on
        # SVG groups (ElementNotInteractableException), and a player clicks a place anyway.
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        x, y = self.js(CENTRE.replace("SELECTOR", json.dumps(selector)))
        actions = ActionBuilder(self._driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

    def tap(self, selector):
        raise JourneyError("webkit: WebKitWebDriver (GTK) offers no touch input")

    def screenshot(self, path):
        self._driver.save_screenshot(str(path))

    def version(self):
        return self._driver.capabilities.get("browserVersion", "?")

    def close(self):
        try:
            self._driver.quit()
        finally:
            shutil.rmtree(self._profile, ignore_errors=True)


DRIVERS = {"chromium": PlaywrightDriver, "firefox": PuppeteerDriver, "webkit": SeleniumDriver}


def missing(engine):
    """Why ``engine`` cannot run here (a binary absent), or None."""
    absent = [b for b in BINARIES[engine] if not os.path.exists(b)]
    if engine == "firefox" and not (ROOT / "node_modules" / "puppeteer-core").is_dir():
        absent.append("node_modules/puppeteer-core (npm ci)")
    if absent:
        return f"{engine}: missing {', '.join(absent)} (bash tools/browsers.sh {engine})"
    return None
