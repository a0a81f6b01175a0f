"""The few DOM helpers every controller uses: lookups that may find nothing, downloads, the
clipboard. Nothing here knows the game."""

import json

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from nardy_core.ui import text as T

# embed.html: the same app with minimal chrome, configured by its query, talking to the host
# page by postMessage, saving nothing on the device (docs/embed.md).
EMBED = document.body.getAttribute("data-mode") == "embed"


def by_id(name):
    return document.getElementById(name)


def absent(node) -> bool:
    """A DOM lookup that found nothing: JavaScript's null arrives as None or as JsNull."""
    return node is None or type(node).__name__ == "JsNull"


def today() -> str:
    return str(js.Date.new().toISOString())[:10]


def now_ms() -> int:
    return int(js.Date.now())


def download(text, name, mime):
    """Offer ``text`` as a file download (no server: a blob URL, revoked a little later)."""
    blob = js.Blob.new([text], js.JSON.parse(json.dumps({"type": mime})))
    url = js.URL.createObjectURL(blob)
    anchor = document.createElement("a")
    anchor.href = url
    anchor.download = name
    document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)


def copy_text(text, say):
    """Copy ``text``; ``say("copied")`` or ``say("copy_failed")`` once the browser answers
    (it refuses without permission, or outside a secure context)."""
    try:
        done = window.navigator.clipboard.writeText(text)
        done.then(
            create_proxy(lambda _r: say("copied")), create_proxy(lambda _e: say("copy_failed"))
        )
    except Exception:
        say("copy_failed")


def focused_loc():
    """The board place that has the keyboard focus (kept across a redraw), or None."""
    focused = document.activeElement
    return (
        focused.getAttribute("data-loc") if focused and hasattr(focused, "getAttribute") else None
    )


def button(lang, act, label, primary=False, disabled=False):
    cls = ' class="primary"' if primary else ""
    dis = " disabled" if disabled else ""
    return (
        f'<button type="button" id="btn-{act}" data-act="{act}"{cls}{dis}>'
        f"{T.tr(lang, label)}</button>"
    )


def closest(event, selector):
    """The element matching ``selector`` at or above the event's target, or None."""
    target = event.target
    found = target.closest(selector) if hasattr(target, "closest") else None
    return None if absent(found) else found
