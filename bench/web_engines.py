"""Load time and the bot's time per move in each browser engine: Chromium (Playwright),
Firefox ESR (puppeteer-core, WebDriver BiDi) and WebKitGTK (Selenium, under Xvfb), through the
drivers of the player journey (e2e/engines/drivers.py).

    .venv/bin/python bench/web_engines.py [--runs 5] [--engines chromium,firefox,webkit]
                                          [--decisions 20] [--json out.json]

Run by hand, not in CI (timings depend on the machine). Needs web/ built (tools/setup.sh)
and the browsers (tools/browsers.sh). Per run, a fresh browser (fresh profile):
  cold   first visit: navigation start -> the board ready (``nardyStats.readyMs``, taken by
         the page itself when ``data-ready`` turns "1", so polling adds no error);
  warm   once the service worker controls the page, the page opened again;
then the bot against itself (``?new=GAME&p0=L&p1=L&anim=0``, both players the same level):
the milliseconds of each decision as the page sees them (``nardyStats.botMs``: request to
answer from the bot's web worker), the first ``--decisions`` of short and of long nardy.
Medians over all runs; each engine's ratio to Chromium measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e" / "engines"), str(ROOT / "e2e"), str(ROOT / "tools")]
import drivers  # noqa: E402
import journey  # noqa: E402
from serve import make_server  # noqa: E402

GAMES = ("short", "long")


def one_run(driver_class, url, level, decisions):
    with driver_class() as d:
        cold = journey.open_app(
            d, type("App", (), {"url": url}), "?new=short&p0=human&p1=human&anim=0"
        )
        d.wait("navigator.serviceWorker.ready.then(r => r.active.state === 'activated')", 120)
        if not d.js(journey.CONTROLLED):
            d.reload()
            d.wait(journey.READY, 90)
        d.wait(journey.CONTROLLED, 10)
        d.reload()
        d.wait(journey.READY, 90)
        warm = d.js("window.nardyStats.readyMs")
        bot = {}
        for game in GAMES:
            d.goto("about:blank")
            d.goto(f"{url}?new={game}&p0={level}&p1={level}&anim=0")
            d.wait(journey.READY, 90)
            d.wait(
                f"window.nardyStats.botMs.length >= {decisions} || "
                "document.body.dataset.phase === 'over'",
                600,
            )
            bot[game] = d.js("window.nardyStats.botMs")[:decisions]
        return {"cold_ms": cold, "warm_ms": warm, "bot_ms": bot, "version": d.version()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--level", default="intermediate", help="the bots' level (the default one)")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--json", help="write every timing here")
    args = parser.parse_args(argv)
    engines = args.engines.split(",")
    for engine in engines:
        if drivers.missing(engine):
            sys.exit(drivers.missing(engine))
    httpd = make_server("127.0.0.1", 0, directory=ROOT / "web")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_port}/"
    runs = {engine: [] for engine in engines}
    try:
        # engines take turns run by run, so that a slow spell of the machine hits all alike
        for run in range(args.runs):
            for engine in engines:
                result = one_run(drivers.DRIVERS[engine], url, args.level, args.decisions)
                runs[engine].append(result)
                print(
                    f"run {run + 1} {engine}: cold {result['cold_ms']:.0f} ms, warm "
                    f"{result['warm_ms']:.0f} ms",
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        drivers._Display.stop()
        httpd.shutdown()
    table = {}
    for engine, results in runs.items():
        row = {
            "version": results[0]["version"],
            "runs": len(results),
            "cold_ms": statistics.median(r["cold_ms"] for r in results),
            "warm_ms": statistics.median(r["warm_ms"] for r in results),
        }
        for game in GAMES:
            times = [ms for r in results for ms in r["bot_ms"][game]]
            row[f"bot_{game}_ms"] = statistics.median(times) if times else None
            row[f"bot_{game}_n"] = len(times)
        table[engine] = row
    if "chromium" in table:
        base = table["chromium"]
        for row in table.values():
            for key in ("cold_ms", "warm_ms", "bot_short_ms", "bot_long_ms"):
                if row[key] and base[key]:
                    row[key.replace("_ms", "_vs_chromium")] = round(row[key] / base[key], 2)
    print(
        f"{'engine':10} {'version':16} {'cold ms':>8} {'warm ms':>8} "
        f"{'bot short':>10} {'bot long':>9}   (medians; × Chromium)"
    )
    for engine, row in table.items():
        ratio = lambda k: f" ×{row.get(k, 1.0):.2f}"
        print(
            f"{engine:10} {str(row['version'])[:16]:16} {row['cold_ms']:8.0f} "
            f"{row['warm_ms']:8.0f} {row['bot_short_ms'] or 0:10.0f} "
            f"{row['bot_long_ms'] or 0:9.0f}  {ratio('cold_vs_chromium')}"
            f"{ratio('warm_vs_chromium')}{ratio('bot_short_vs_chromium')}"
            f"{ratio('bot_long_vs_chromium')}"
        )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "machine": platform.platform(),
                    "level": args.level,
                    "at": time.strftime("%F %T"),
                    "table": table,
                    "runs": runs,
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
