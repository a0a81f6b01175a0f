"""The app as an installable, offline app: the service worker serves it with the network off,
the manifest is valid, and no request ever leaves the origin."""

from __future__ import annotations

import json
import re
import struct

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import open_app, start_server, wait_ready, wait_until, watch_page

# "activated": installed (precache complete) and past activation (old caches deleted).
SW_ACTIVATED = "navigator.serviceWorker.ready.then(r => r.active.state === 'activated')"
CONTROLLED = "navigator.serviceWorker.controller !== null"


def build_info(web):
    """NARDY_BUILD from web/build.js: the build's hash and the precached files."""
    text = (web / "build.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"=\s*(\{.*\})\s*;", text, re.S).group(1))


def install_service_worker(page):
    """First visit: wait until the service worker is active and controls the page."""
    open_app(page)
    wait_until(
        page,
        "navigator.serviceWorker.getRegistration().then(r => !!r)",
        20_000,
        "the page registered no service worker: main.py must call "
        "`await pwa.register(...)` after the board is drawn",
    )
    wait_until(page, SW_ACTIVATED, 60_000, "the service worker did not activate")
    try:  # clients.claim() makes the first page controlled without a reload ...
        page.wait_for_function(CONTROLLED, timeout=5_000)
    except PlaywrightTimeout:  # ... but a reload is what a user would do anyway
        page.reload()
        wait_ready(page)
        page.wait_for_function(CONTROLLED, timeout=5_000)


def test_offline_reload_is_served_by_the_service_worker(context, page, server_log, outside):
    install_service_worker(page)
    context.set_offline(True)
    before = server_log.mark()

    response = page.reload()
    wait_ready(page)
    # The service worker answered (from its cache): not the HTTP cache, not the network.
    assert response.from_service_worker, "the offline page did not come from the service worker"

    # A query string is part of the app's links (./?new=short starts a game): the cached
    # index.html must answer it too.
    response = open_app(page, "?new=short")
    assert response.from_service_worker
    # Chromium's own update check of the service worker (sw.js and the build.js it imports,
    # answered 304) is made by the browser process, outside the emulated offline network, on
    # its own schedule after navigations (seen in long runs only): it is not the page's load.
    # Everything the page itself asked for came from the service worker.
    update_check = {"GET /sw.js 304", "GET /build.js 304"}
    reached = [line for line in server_log.lines(since=before) if line not in update_check]
    assert reached == [], "requests reached the server while offline"
    assert outside == []


def test_manifest_is_linked_and_valid(context, page):
    open_app(page)
    href = page.evaluate("document.querySelector('link[rel=manifest]')?.href ?? null")
    assert href, 'index.html lacks <link rel="manifest" href="./manifest.webmanifest">'
    response = context.request.get(href)
    assert response.ok
    manifest = json.loads(response.text())
    assert manifest["name"] == "Nardy" and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]

    sizes = {}
    for icon in manifest["icons"]:
        png = context.request.get(page.url.split("?")[0].rsplit("/", 1)[0] + "/" + icon["src"])
        assert png.ok, icon["src"]
        body = png.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n", f"{icon['src']} is not a PNG"
        width, height = struct.unpack(">II", body[16:24])  # IHDR comes first
        assert icon["sizes"] == f"{width}x{height}", icon
        assert icon.get("purpose", "any") == "any" and icon["type"] == "image/png"
        sizes[width] = icon["src"]
    assert {192, 512} <= set(sizes)


def test_a_whole_visit_stays_on_the_origin(built, page, server_log, outside):
    install_service_worker(page)
    build = build_info(built)
    # The precache has finished (install waits for it): every listed file is in the cache.
    cached = page.evaluate(
        """async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""",
        f"nardy-{build['hash']}",
    )
    assert len(cached) == len(build["files"])
    assert page.evaluate("caches.keys()") == [f"nardy-{build['hash']}"]

    assert outside == []
    served = {"/" + f[2:] for f in build["files"]} | {"/sw.js", "/build.js"}
    for method, path, status in server_log.requests():
        assert method == "GET", (method, path)
        assert path.split("?")[0] in served, f"unexpected request {method} {path}"
        assert status in ("200", "304"), (method, path, status)


@pytest.fixture
def second_build(built, server, tmp_path):
    """A copy of web/ (symlinks) whose build.js can be changed to simulate a deployment,
    served on another port (another origin: its own service worker)."""
    for entry in built.iterdir():
        if entry.name != "build.js":
            (tmp_path / entry.name).symlink_to(entry)
    (tmp_path / "build.js").write_text((built / "build.js").read_text())
    srv = start_server(tmp_path, server.log_path)
    yield tmp_path, srv
    srv.httpd.shutdown()
    srv.httpd.server_close()


def test_a_new_build_waits_until_the_player_applies_it(new_context, second_build):
    """A deployment while the app is open: the new worker installs and waits; the page offers
    a reload (pwa.register's on_update: the app's #btn-update); taking it activates the new
    build, reloads the page under it and deletes the old build's cache."""
    web, srv = second_build
    page = watch_page(new_context(base_url=srv.url).new_page())
    install_service_worker(page)
    assert page.locator("#btn-update").count() == 0, "an update offered on the first visit"
    old, new = build_info(web)["hash"], "0123456789abcdef"

    # Deploy: a new build hash. The next visit's update check sees the changed build.js.
    (web / "build.js").write_text((web / "build.js").read_text().replace(old, new))
    page.reload()
    wait_ready(page)
    wait_until(
        page,
        "navigator.serviceWorker.getRegistration().then(r => !!r.waiting)",
        60_000,
        "the new build was not installed",
    )
    # Waiting, not active: the open page keeps its build until the player agrees.
    assert page.evaluate("caches.keys()") == [f"nardy-{old}", f"nardy-{new}"]
    assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"

    page.wait_for_selector("#btn-update", timeout=10_000)
    with page.expect_navigation(timeout=30_000):
        page.click("#btn-update")
    wait_ready(page)
    wait_until(
        page,
        f"caches.keys().then(k => k.join() === 'nardy-{new}')",
        10_000,
        "the old build's cache was not deleted",
    )
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r.waiting)")
    assert page.console_errors == []
