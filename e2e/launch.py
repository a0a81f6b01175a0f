"""How the browser tests and bench/web_load.py start Chromium: Debian's build (never
`playwright install`), the flags known to work here (docs: shared notes, web-stack.md), and the
script every page gets before its own."""

from __future__ import annotations

import os

# Routing and network events must cover the service worker's own requests too (the tests'
# "no request leaves the origin" check). Playwright 1.64 does so by default; older ones need
# this switch, which the driver reads when it starts: set here, at import, before any
# ``sync_playwright()``.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

CHROMIUM = os.environ.get("NARDY_CHROMIUM", "/usr/bin/chromium")
# The resolver rule makes every host but ours unresolvable, so Chromium's own background
# traffic cannot leave the machine even where a flag misses some of it.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
READY = "document.body && document.body.dataset.ready === '1'"

# Runs in every page before its own scripts: long tasks (buffered, so the ones before the
# observer started count too) and the moment the app declares itself ready (navigation start
# is time 0), which tests and the load benchmark read without polling error.
INIT_SCRIPT = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__longTasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: 'longtask', buffered: true});
} catch (e) {}
window.__readyAt = null;
new MutationObserver(() => {
  if (window.__readyAt === null && document.body && document.body.dataset.ready === '1')
    window.__readyAt = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""


def launch(playwright):
    """Headless Debian Chromium with the flags above."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def new_page(browser):
    """(context, page, errors) for the bench scripts: a fresh context with the init script,
    ``errors`` filled with the page's console errors and uncaught exceptions."""
    context = browser.new_context()
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text[:200]))
    page.on("pageerror", lambda e: errors.append(str(e)[:200]))
    return context, page, errors
