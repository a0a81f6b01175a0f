"""Service worker registration for the page (PyScript, main thread).

``await pwa.register(on_update)`` registers ``./sw.js``. When a new build has been installed
while an older one controls the page, ``on_update(apply)`` is called once: the page tells the
player and calls ``apply()`` when they agree; ``apply`` activates the waiting worker and
reloads the page as soon as the new worker has taken control. Nothing here may break the page:
every failure is only logged (console.warn), since the app works without a service worker.
"""

import asyncio

import js
from pyodide.ffi import create_proxy, to_js

# Event handlers handed to JavaScript live as long as the page: kept here so that their
# proxies are never garbage-collected while the browser may still call them.
_keep = []


def _warn(*parts):
    try:
        js.console.warn("nardy pwa:", *[str(p) for p in parts])
    except Exception:  # noqa: BLE001 - a log line must not raise either
        pass


def _listen(target, event, handler):
    def guarded(*args):
        try:
            handler(*args)
        except Exception as exc:  # noqa: BLE001
            _warn(f"{event} handler failed:", repr(exc))

    proxy = create_proxy(guarded)
    _keep.append(proxy)
    target.addEventListener(event, proxy)


class _Updater:
    """Tells the page once about a waiting worker and switches to it on request."""

    def __init__(self, container, registration, on_update):
        self.container = container
        self.registration = registration
        self.on_update = on_update
        self.announced = False
        self.reloading = False

    def announce(self):
        if self.announced or not self.registration.waiting:
            return
        self.announced = True
        try:
            result = self.on_update(self.apply)
            if asyncio.iscoroutine(result):
                asyncio.ensure_future(result)
        except Exception as exc:  # noqa: BLE001
            _warn("on_update failed:", repr(exc))

    def apply(self, *_):
        try:
            waiting = self.registration.waiting
            if not waiting:  # already activated (another tab applied it): a reload suffices
                js.location.reload()
                return
            _listen(self.container, "controllerchange", self._reload)
            message = to_js({"type": "skipWaiting"}, dict_converter=js.Object.fromEntries)
            waiting.postMessage(message)
        except Exception as exc:  # noqa: BLE001
            _warn("applying the update failed:", repr(exc))

    def _reload(self, *_):
        if not self.reloading:  # controllerchange can fire more than once
            self.reloading = True
            js.location.reload()

    def watch(self, worker):
        """Announce ``worker`` once it is installed, if an older worker controls the page (on
        the first visit there is none: the new worker simply takes over, nothing to say)."""

        def changed(*_):
            if worker.state == "installed" and self.container.controller:
                self.announce()

        _listen(worker, "statechange", changed)


async def register(on_update):
    """Register the service worker; return the registration, or None where there is none."""
    try:
        container = getattr(js.navigator, "serviceWorker", None)
        if not container:  # an old browser, or a page served over plain http off localhost
            return None
        options = to_js(
            {"scope": "./", "updateViaCache": "none"}, dict_converter=js.Object.fromEntries
        )
        # updateViaCache "none": the update check always asks the server for sw.js and
        # build.js, whatever HTTP caching the host applies.
        registration = await container.register("./sw.js", options)
        updater = _Updater(container, registration, on_update)
        if registration.waiting and container.controller:  # installed on an earlier visit
            updater.announce()
        if registration.installing:
            updater.watch(registration.installing)
        _listen(
            registration,
            "updatefound",
            lambda *_: registration.installing and updater.watch(registration.installing),
        )
        return registration
    except Exception as exc:  # noqa: BLE001 - e.g. private mode, or storage denied
        _warn("service worker registration failed:", repr(exc))
        return None
