"""Load times and bot speed of the browser app, measured in headless Chromium.

    .venv/bin/python bench/web_load.py [--runs 5] [--json out.json] [--no-bot]

Run by hand, not in CI (timings depend on the machine). Needs web/ built (tools/setup.sh);
builds nothing, starts tools/serve.py's server itself on a free local port.

Per run, in a fresh browser context (no service worker, no HTTP cache, no storage):
  cold   navigation start -> ``document.body.dataset.ready === "1"`` (the board is drawn),
  warm   the same page opened again in that context once the service worker is active and in
         control (it serves the files from its cache),
and the bytes the server sent for each (response bodies as stored, uncompressed: serve.py does
not compress), plus what the first visit fetches after the board is drawn until the service
worker is active (its precache, and the bot's web worker). Playwright's contexts keep their
HTTP cache in memory, where Chromium stores no entry as big as pyodide.asm.wasm: the precache
fetches that file again here, where a normal profile would get a 304. ``--warm-visits``
(default 3) opens the page again several times: the first is judged, the last shows what the
browser's code caches add for a returning player. The ready time is taken in the page (``performance.now()`` when data-ready
turns "1", recorded by a MutationObserver), so polling adds no error.

Bot: a bot-against-bot game opened by query (``?new=short&p0=strong&p1=strong&anim=0``); the app
appends each bot decision's milliseconds to ``window.nardyStats.botMs``; median and p95 over
the first decisions (``--bot-decisions``, default 20). Same for long nardy.

First paint: index.html draws a board before Python starts (the player's last board, kept in
localStorage, or the starting board of firstboard.js on a first visit) and records
``performance.now()`` then: ``cold_paint_ms`` (first visit) and ``warm_paint_ms`` (a returning
player: the saved board, checked) beside the times to a playable board.

Targets (the issues): cold <= 3.5 s, warm <= 2 s, a returning player's first painted board
<= 0.3 s, judged on the medians.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from launch import INIT_SCRIPT, READY, launch  # noqa: E402 - sets the Playwright switch first
from serve import make_server, read_log  # noqa: E402

TARGETS_S = {"cold": 3.5, "warm": 2.0, "warm_paint": 0.3}
BOT_QUERIES = {
    "short": "?new=short&p0=strong&p1=strong&anim=0",
    "long": "?new=long&p0=strong&p1=strong&anim=0",
}
SW_ACTIVE = (
    "navigator.serviceWorker.ready.then(r => r.active.state === 'activated' "
    "&& navigator.serviceWorker.controller !== null)"
)


class ServerBytes:
    """Bytes the server sent, from its request log ("METHOD PATH STATUS" lines): a 200 sent
    the whole file, a 304 no body."""

    def __init__(self, log_path):
        self.log_path = log_path

    def mark(self):
        return len(self._lines())

    def _lines(self):
        return read_log(self.log_path)

    def since(self, mark):
        total, count = 0, 0
        for line in self._lines()[mark:]:
            method, path, status = line.rsplit(" ", 2)
            count += 1
            if method == "GET" and status == "200":
                rel = unquote(urlsplit(path).path).lstrip("/") or "index.html"
                file = WEB / rel
                total += file.stat().st_size if file.is_file() else 0
        return total, count


def poll(page, expression, timeout_s, what):
    """Evaluate ``expression`` (it may give a promise) until truthy."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(0.05)


def ready_ms(page, timeout_s=60):
    page.wait_for_function(READY, timeout=timeout_s * 1000)
    return page.evaluate("window.__readyAt")


def painted(page, expect=None):
    """When the page painted its first board (ms after navigation start), and from where."""
    at, source = page.evaluate("[window.__paintedAt ?? null, window.__paintedFrom ?? null]")
    if at is None or (expect and source != expect):
        raise RuntimeError(f"no first paint of the {expect or 'any'} board ({at}, {source})")
    return at


def one_run(browser, url, counter, warm_visits):
    context = browser.new_context()
    context.add_init_script(INIT_SCRIPT)
    try:
        page = context.new_page()
        mark = counter.mark()
        page.goto(url, wait_until="commit")
        run = {"cold_ms": ready_ms(page), "cold_paint_ms": painted(page, "start")}
        run["cold_bytes"], run["cold_requests"] = counter.since(mark)

        # Until the worker is active it precaches every file; the app may fetch more
        # meanwhile (the bot's web worker loads a second Pyodide).
        mark = counter.mark()
        poll(page, SW_ACTIVE, 120, "the service worker to activate and take control")
        run["after_ready_bytes"], _ = counter.since(mark)

        warm = []
        for visit in range(warm_visits):
            mark = counter.mark()
            page.goto(url, wait_until="commit")
            warm.append(ready_ms(page))
            if visit == 0:
                run["warm_paint_ms"] = painted(page, "saved")
                run["warm_bytes"], run["warm_requests"] = counter.since(mark)
            if not page.evaluate("navigator.serviceWorker.controller !== null"):
                raise RuntimeError("a warm load was not controlled by the service worker")
        # The first warm visit is the one judged; later ones show what the browser's code
        # caches add for a returning player.
        run["warm_ms"], run["warm_last_ms"] = warm[0], warm[-1]
        return run
    finally:
        context.close()


def bot_times(browser, url, decisions, timeout_s):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(
            f"(window.nardyStats?.botMs?.length ?? 0) >= {decisions}",
            timeout=timeout_s * 1000,
            polling=250,
        )
        return [float(ms) for ms in page.evaluate("Array.from(window.nardyStats.botMs)")]
    finally:
        context.close()


def percentile(values, p):
    """Nearest-rank percentile (no interpolation: with 20 values, p95 is the 19th)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main(argv=None):
    global WEB
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument(
        "--warm-visits",
        type=int,
        default=3,
        help="warm visits per run (the first is judged; the last is shown)",
    )
    parser.add_argument("--no-bot", action="store_true", help="load times only")
    parser.add_argument("--web", default="web", help="the built folder to serve (default web/)")
    parser.add_argument("--bot-decisions", type=int, default=20)
    parser.add_argument("--bot-timeout", type=int, default=600, help="seconds per game kind")
    args = parser.parse_args(argv)
    WEB = (ROOT / args.web).resolve()

    build_js = WEB / "build.js"
    if not build_js.is_file():
        sys.exit("web_load: web/ is not built: run `bash tools/setup.sh` first")
    build = json.loads(re.search(r"=\s*(\{.*\})\s*;", build_js.read_text(), re.S).group(1))

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "requests.log"
        server = make_server("127.0.0.1", 0, log=str(log), directory=WEB)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}/"
        counter = ServerBytes(log)
        with sync_playwright() as playwright:
            browser = launch(playwright)
            runs = []
            for i in range(args.runs):
                runs.append(one_run(browser, url, counter, max(1, args.warm_visits)))
                r = runs[-1]
                print(
                    f"run {i + 1}/{args.runs}: cold {r['cold_ms']:.0f} ms, "
                    f"warm {r['warm_ms']:.0f} ms",
                    file=sys.stderr,
                    flush=True,
                )
            bots = {}
            if not args.no_bot:
                for game, query in BOT_QUERIES.items():
                    ms = bot_times(browser, url + query, args.bot_decisions, args.bot_timeout)
                    bots[game] = {
                        "decisions": len(ms),
                        "median_ms": statistics.median(ms),
                        "p95_ms": percentile(ms, 95),
                        "max_ms": max(ms),
                    }
            version = browser.version
            browser.close()
        server.shutdown()
        server.server_close()

    result = {
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "chromium": version,
            "build": build["hash"],
        },
        "runs": runs,
        "load": {key: summary([r[key] for r in runs]) for key in runs[0]},
        "bot": bots,
    }
    report(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


def _fmt(value, unit):
    if unit != "B":
        return f"{value:.0f}"
    return f"{value / 1e6:.2f} MB" if value >= 100_000 else f"{value / 1e3:.1f} kB"


def report(result):
    m = result["machine"]
    print(
        f"Nardy web load: build {m['build']}, Chromium {m['chromium']} headless, "
        f"{m['cpus']} CPUs, {len(result['runs'])} runs, localhost (no network latency)\n"
    )
    rows = [
        ("cold: board painted, ms", "cold_paint_ms", "ms"),
        ("cold: playable, ms", "cold_ms", "ms"),
        ("warm: board painted, ms", "warm_paint_ms", "ms"),
        ("warm: playable (SW), ms", "warm_ms", "ms"),
        ("  later warm load, ms", "warm_last_ms", "ms"),
        ("cold: bytes sent", "cold_bytes", "B"),
        ("cold: requests", "cold_requests", ""),
        ("then until SW active", "after_ready_bytes", "B"),
        ("warm: bytes sent", "warm_bytes", "B"),
        ("warm: requests", "warm_requests", ""),
    ]
    print(f"{'':24}{'median':>10}{'min':>10}{'max':>10}")
    for label, key, unit in rows:
        s = result["load"][key]
        print(f"{label:24}" + "".join(f"{_fmt(s[k], unit):>10}" for k in ("median", "min", "max")))
    for game, b in result["bot"].items():
        print(
            f"bot, {game} nardy: {b['decisions']} decisions, median {b['median_ms']:.0f} ms, "
            f"p95 {b['p95_ms']:.0f} ms, max {b['max_ms']:.0f} ms"
        )
    print()
    for kind, limit in TARGETS_S.items():
        median = result["load"][f"{kind}_ms"]["median"] / 1000
        verdict = "met" if median <= limit else "NOT met"
        print(f"target {kind} <= {limit} s: {verdict} (median {median:.2f} s)")


if __name__ == "__main__":
    sys.exit(main())
