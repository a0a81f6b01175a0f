"""A whole bot-against-bot game of every game, played in the page (headless Chromium).

    .venv/bin/python bench/web_games.py [--level strong] [--game fayles ...] [--timeout 900]

Run by hand (a game takes from seconds to minutes), not in CI. Needs web/ built
(tools/setup.sh); starts tools/serve.py's server itself. For each game it opens
``?new=GAME&p0=LEVEL&p1=LEVEL&seed=web-games/GAME&anim=0``, waits until the game is over and
reports the result line, the number of bot decisions, their median and p95 milliseconds
(``window.nardyStats.botMs``, measured in the page around each web-worker request), the longest
main-thread task after the board was first drawn and any console error. Exit status 1 if a game did not finish or the page
logged an error.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from launch import READY, launch, new_page  # noqa: E402 - sets the Playwright switch first
from nardy_core.variants import VARIANTS  # noqa: E402
from serve import make_server  # noqa: E402


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * p // 100) - 1)] if ordered else 0


def play(browser, url, game, level, timeout_s):
    context, page, errors = new_page(browser)
    started = time.monotonic()
    try:
        page.goto(f"{url}?new={game}&p0={level}&p1={level}&seed=web-games/{game}&anim=0")
        page.wait_for_function(READY, timeout=60_000)
        page.wait_for_function(
            "document.body.dataset.phase === 'over'", timeout=timeout_s * 1000, polling=500
        )
        finished = True
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        finished = False
        errors.append(f"not finished: {str(exc).splitlines()[0][:120]}")
    ms = [float(x) for x in page.evaluate("Array.from(window.nardyStats?.botMs || [])")]
    ready_at = page.evaluate("window.__readyAt") or 0
    longest = max(
        [
            t["duration"]
            for t in page.evaluate("window.__longTasks || []")
            if t["start"] >= ready_at
        ],
        default=0,
    )  # while the bots play
    row = {
        "game": game,
        "finished": finished,
        "seconds": time.monotonic() - started,
        "result": page.text_content("#status") if finished else "",
        "decisions": len(ms),
        "median_ms": statistics.median(ms) if ms else 0,
        "p95_ms": percentile(ms, 95),
        "longest_task_ms": longest,
        "errors": errors,
    }
    context.close()
    return row


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--game", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--timeout", type=int, default=900, help="seconds per game")
    args = parser.parse_args(argv)
    if not (ROOT / "web" / "build.js").is_file():
        sys.exit("web_games: web/ is not built: run `bash tools/setup.sh` first")
    from playwright.sync_api import sync_playwright

    games = args.game or list(VARIANTS)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        server = make_server("127.0.0.1", 0, log=str(Path(tmp) / "requests.log"))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}/"
        with sync_playwright() as playwright:
            browser = launch(playwright)
            print(f"Chromium {browser.version}, level {args.level}")
            for game in games:
                row = play(browser, url, game, args.level, args.timeout)
                rows.append(row)
                print(
                    f"{game:20} {'done' if row['finished'] else 'FAILED':6} "
                    f"{row['seconds']:6.1f} s  {row['decisions']:4d} decisions  "
                    f"median {row['median_ms']:6.0f} ms  p95 {row['p95_ms']:6.0f} ms  "
                    f"longest task {row['longest_task_ms']:4.0f} ms  {row['result']}"
                    + (f"  errors: {row['errors']}" if row["errors"] else ""),
                    flush=True,
                )
            browser.close()
        server.shutdown()
    return 0 if all(r["finished"] and not r["errors"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
