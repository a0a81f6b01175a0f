"""Screenshots of the page at the sizes players use (docs/screenshots/, judged by eye).

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--query '?new=short'] [--lang ru]

Serves the built web/ on a free port, opens it in Debian's Chromium at each size and writes
one PNG a size: the app's pages at phone, tablet and laptop sizes, and the embed in frames of
the sizes the README and the Share dialog give.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

from launch import INIT_SCRIPT, READY, launch  # noqa: E402
from serve import make_server  # noqa: E402

PAGE_SIZES = [
    (360, 740),
    (390, 844),
    (844, 390),
    (820, 1180),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
]
EMBED_SIZES = [(600, 450), (480, 360), (320, 320)]


def shoot(out: Path, query: str, lang: str, dark: bool, embed: bool = True) -> list:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    httpd = make_server("127.0.0.1", 0, directory=ROOT / "web")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}/"
    written = []
    scheme = "dark" if dark else "light"
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for width, height in PAGE_SIZES:
                ctx = browser.new_context(
                    viewport={"width": width, "height": height},
                    locale=lang,
                    color_scheme=scheme,
                    has_touch=width < 900,
                    device_scale_factor=1,
                )
                ctx.add_init_script(INIT_SCRIPT)
                page = ctx.new_page()
                page.goto(base + query)
                page.wait_for_function(READY, timeout=90_000)
                page.wait_for_timeout(500)
                path = out / f"page-{width}x{height}-{lang}{'-dark' if dark else ''}.png"
                page.screenshot(path=str(path))
                written.append(path)
                ctx.close()
            if embed:
                for width, height in EMBED_SIZES:
                    ctx = browser.new_context(
                        viewport={"width": width + 40, "height": height + 40},
                        locale=lang,
                        color_scheme=scheme,
                    )
                    ctx.add_init_script(INIT_SCRIPT)
                    page = ctx.new_page()
                    page.goto(base + "manifest.webmanifest")
                    page.set_content(
                        f'<body style="margin:20px;background:#888">'
                        f'<iframe src="{base}embed.html?mode=play&amp;level=beginner" '
                        f'width="{width}" height="{height}" style="border:0"></iframe></body>'
                    )
                    frame = page.frames[1]
                    frame.wait_for_function(READY, timeout=90_000)
                    page.wait_for_timeout(500)
                    path = out / f"embed-{width}x{height}-{lang}{'-dark' if dark else ''}.png"
                    page.screenshot(path=str(path))
                    written.append(path)
                    ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--query", default="?new=long")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--no-embed", action="store_true")
    args = parser.parse_args(argv)
    for path in shoot(Path(args.out), args.query, args.lang, args.dark, not args.no_embed):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
