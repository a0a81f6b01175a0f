"""Time to review a 60-move game in the page (issue 10), headless Chromium.

    .venv/bin/python bench/web_review.py [--runs 5] [--plays 60] [--game short] [--level strong]

Run by hand, not in CI. Needs web/ built (tools/setup.sh); starts tools/serve.py's server
itself. Makes a finished game between two intermediate bots with about ``--plays`` plays (the
first seed whose game is closest), opens it by its ``#g=`` link in a fresh page for each run,
presses Review and reports, per run and as medians: the time until the first reviewed decision
is shown (``nardyStats.reviewFirstMs``) and the first play with its mark
(``reviewFirstPlayMs``), the whole review (``reviewMs``), and the longest main-thread task
during the review. Targets (issue 10): whole review ≤ 30 s at the strong level, first marks
within 3 s, no task over 200 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
from launch import READY, launch, new_page  # noqa: E402 - sets the Playwright switch first
from nardy_core.bots.player import BotPlayer  # noqa: E402
from nardy_core.engine.game import Game  # noqa: E402
from nardy_core.formats import linkcode  # noqa: E402
from nardy_core.formats.record import game_record  # noqa: E402
from serve import make_server  # noqa: E402


def game_of_length(key, plays, tries=40):
    """(link code, plays, seed) of the bot game whose number of plays is closest to ``plays``."""
    best = None
    for n in range(tries):
        game = Game(key, seed=f"web-review/{n}")
        bot = BotPlayer(game.variant, "intermediate", seed=n)
        while not game.is_over:
            bot.act(game)
        count = sum(1 for a in game.actions if a[0] == "play")
        if best is None or abs(count - plays) < abs(best[1] - plays):
            best = (game, count, n)
        if count == plays:
            break
    game, count, n = best
    return linkcode.encode_game(game_record(game)), count, n


def one_run(browser, url, code, level, timeout_s):
    context, page, errors = new_page(browser)
    page.goto(f"{url}#g={code}")
    page.wait_for_function(READY, timeout=60_000)
    page.wait_for_selector("#controls [data-act='review']")
    page.wait_for_timeout(1500)  # let the worker warm up as it does after the first paint
    started = page.evaluate("performance.now()")
    page.click("#controls [data-act='review']")
    page.wait_for_selector("#review[data-running='0']", state="attached", timeout=timeout_s * 1000)
    stats = page.evaluate("""() => ({first: window.nardyStats.reviewFirstMs,
        firstPlay: window.nardyStats.reviewFirstPlayMs, total: window.nardyStats.reviewMs,
        done: Number(document.querySelector('#review').dataset.done)})""")
    longest = max(
        [t["duration"] for t in page.evaluate("window.__longTasks || []") if t["start"] >= started],
        default=0,
    )
    context.close()
    return dict(stats, longest=longest, errors=errors)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--plays", type=int, default=60)
    parser.add_argument("--game", default="short")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args(argv)
    if not (ROOT / "web" / "build.js").is_file():
        sys.exit("web_review: web/ is not built: run `bash tools/setup.sh` first")
    from playwright.sync_api import sync_playwright

    code, plays, seed = game_of_length(args.game, args.plays)
    print(f"{args.game}: a game of {plays} plays (seed web-review/{seed}), level {args.level}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        httpd = make_server(
            "127.0.0.1", 0, log=str(Path(tmp) / "requests.log"), directory=str(ROOT / "web")
        )
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_port}/"
        with sync_playwright() as pw:
            browser = launch(pw)
            for run in range(args.runs):
                row = one_run(browser, url, code, args.level, args.timeout)
                rows.append(row)
                print(
                    f"run {run + 1}: first item {row['first'] / 1000:.2f} s, first play "
                    f"{row['firstPlay'] / 1000:.2f} s, whole review {row['total'] / 1000:.1f} s "
                    f"({row['done']} items), longest task {row['longest']:.0f} ms"
                    + (f", errors: {row['errors']}" if row["errors"] else ""),
                    flush=True,
                )
            browser.close()
        httpd.shutdown()
    med = {
        k: statistics.median(r[k] for r in rows) for k in ("first", "firstPlay", "total", "longest")
    }
    print(
        f"median of {len(rows)}: first item {med['first'] / 1000:.2f} s, first play "
        f"{med['firstPlay'] / 1000:.2f} s, whole review {med['total'] / 1000:.1f} s, longest "
        f"task {max(r['longest'] for r in rows):.0f} ms (max)"
    )
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
