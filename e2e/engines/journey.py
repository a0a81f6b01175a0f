"""The player journey, written once for every engine (drivers.py: Chromium by Playwright,
Firefox by puppeteer-core, WebKitGTK by Selenium). Each step is what a player does and sees,
in terms of the driver's few primitives: open, reload, click or tap, read the page.

``SMOKE`` is what CI runs in every engine; ``FULL`` the whole journey (CI runs it in Chromium,
the other engines by ``--full-journey``, before an issue about browsers is resolved). A step
returns a dict of measurements (load time, the bot's time per move) for bench/web_engines.py.
"""

from __future__ import annotations

import json
import statistics
import time

from drivers import JourneyError

READY = "document.body && document.body.dataset.ready === '1'"
PERSON = (
    "!!document.querySelector('#controls button:not([disabled]), #board .loc.movable, "
    "#btn-next, #btn-newmatch')"
)
MOVABLE = "#board .loc.movable"
TARGET = "#board .loc.target"
CONTROLLED = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"
BOT_GAME = "?new=short&p0=human&p1=beginner&seed=journey-{engine}&anim=0"

# What the board shows: checkers per place (count labels included) and the dice, used or not.
BOARD = """(() => {
  const out = {};
  for (const g of document.querySelectorAll('#board [data-loc]')) {
    const label = g.querySelector('text');
    out[g.dataset.loc] = label ? label.textContent : g.querySelectorAll('.ck').length;
    if (g.classList.contains('tray-half') || g.dataset.loc.startsWith('off'))
      out[g.dataset.loc] = g.querySelectorAll('.slab').length;
  }
  out.dice = [...document.querySelectorAll('#board .die')].map(
    d => d.dataset.die + (d.classList.contains('used') ? 'u' : ''));
  return out;
})()"""


def check(condition, message):
    if not condition:
        raise JourneyError(message)


# --- what every step uses ------------------------------------------------------------------


def page_errors(d):
    """What went wrong in the page: uncaught errors it recorded itself (index.html keeps
    ``window.nardyErrors``), PyScript's error boxes, and what the driver's protocol saw."""
    own = d.js(
        "(window.nardyErrors || []).concat([...document.querySelectorAll('.py-error')]"
        ".map(e => 'pyscript: ' + e.textContent.slice(0, 300)))"
    )
    return own + d.errors()


def open_app(d, app, query="", timeout=90):
    """Open the page and wait until it says it is ready; the load time in ms (the page's own
    clock from navigation start to the board ready)."""
    d.goto("about:blank")  # a whole load, even where only the fragment differs
    # What the page left behind said as it unloaded (Firefox reports a fetch cut short by the
    # navigation, e.g. the bot worker's start, as an uncaught NetworkError) is no step's error.
    d.errors()
    d.goto(app.url + query)
    d.wait(READY, timeout, f"{d.engine}: the page was not ready after {timeout} s")
    return d.js("window.nardyStats && window.nardyStats.readyMs")


def phase(d):
    return d.js("document.body.dataset.phase")


def board(d):
    return d.js(BOARD)


def wait_person(d, timeout=120):
    d.wait(PERSON, timeout, f"{d.engine}: nothing for a person to do after {timeout} s")


def press_header(d, button):
    """A header button (below 1180 px the header folds into the ☰ menu)."""
    if not d.js(f"document.querySelector('{button}').offsetParent !== null"):
        d.press("#btn-menu")
    d.press(button)


def step(d):
    """One step by two presses: the first movable checker to its first destination."""
    d.press(MOVABLE)
    if d.count(TARGET) == 0:  # this checker has nowhere to go: put it down
        d.press("#board .loc.selected")
        return False
    d.press(TARGET)
    if d.count("#btn-way-0"):  # two ways to the same point: the first
        d.press("#btn-way-0")
    return True


def play_turn(d):
    """The whole roll by presses, then Done."""
    for _ in range(12):
        if d.count("#btn-done:not([disabled])"):
            d.press("#btn-done")
            return
        if phase(d) != "move" or d.count(MOVABLE) == 0:
            return
        step(d)
    raise JourneyError(f"{d.engine}: the turn did not complete")


def act(d):
    """Whatever a person has to do now: roll, answer a double, or play the roll."""
    for button in ("#btn-roll", "#btn-take", "#btn-accept"):
        if d.count(button):
            d.press(button)
            return
    play_turn(d)


def play_until(d, selector, turns):
    """Act as a person until ``selector`` is on the page (True) or ``turns`` actions passed."""
    for _ in range(turns):
        wait_person(d)
        if d.count(selector):
            return True
        act(d)
    return False


def shown_state(d):
    """The state text of the Share dialog (the canonical one-line notation) and the link."""
    press_header(d, "#btn-share")
    d.wait("document.querySelector('#dlg-share').open && !!document.querySelector('#sh-state')")
    state, link = d.value("#sh-state"), d.value("#sh-link")
    d.press("#sh-close")
    d.wait("!document.querySelector('#dlg-share').open")
    return state, link


def bot_ms(d):
    return d.js("window.nardyStats ? window.nardyStats.botMs : []") or []


# --- the steps -----------------------------------------------------------------------------


def first_visit(d, app):
    """A first visit: the picker, short nardy against the beginner bot, a playable board."""
    ms = open_app(d, app)
    d.wait("document.querySelector('#dlg-pick').open", 30, f"{d.engine}: no game picker")
    d.press("#pk-short")
    d.js(
        "(() => { const s = document.querySelector('#pk-opponent'); s.value = 'beginner';"
        " s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()"
    )
    d.press("#pk-play")
    d.wait("!document.querySelector('#dlg-pick').open")
    wait_person(d)
    check(d.count("#board [data-loc]") == 28, f"{d.engine}: the board is not drawn")
    check(
        d.js("document.querySelector('#match').dataset.game") == "short",
        f"{d.engine}: the picked game is not on the board",
    )
    return {"load_ms": ms}


def turn_against_the_bot(d, app):
    """One whole turn of a person, then the bot's answer, back to the person."""
    ms = open_app(d, app, BOT_GAME.format(engine=d.engine))
    wait_person(d)
    turns = d.js("document.querySelectorAll('#log li').length")
    if d.count("#btn-roll"):
        d.press("#btn-roll")
    check(phase(d) == "move", f"{d.engine}: no roll to play")
    before = board(d)
    play_turn(d)
    d.wait(
        f"document.querySelectorAll('#log li').length >= {turns + 2}",
        120,
        f"{d.engine}: the bot did not answer",
    )
    wait_person(d)
    check(board(d) != before, f"{d.engine}: the board did not change")
    return {"load_ms": ms, "bot_ms": bot_ms(d)}


def reload_keeps_the_dice(d, app):
    """Dice thrown and not yet played: a reload shows the same game and the same dice."""
    open_app(d, app, BOT_GAME.format(engine=d.engine))
    for _ in range(6):
        wait_person(d)
        if d.count("#btn-roll"):
            d.press("#btn-roll")
        if phase(d) == "move":
            break
        act(d)
    check(phase(d) == "move", f"{d.engine}: no roll in play")
    before = board(d), d.text("#log")
    check(any(not die.endswith("u") for die in before[0]["dice"]), "no dice shown")
    d.reload()
    d.wait(READY, 90)
    check(
        (board(d), d.text("#log")) == before,
        f"{d.engine}: the reload changed the game or re-rolled the dice",
    )
    check("restored" in (d.text("#notice") or ""), f"{d.engine}: no 'restored' notice")
    return {}


def offline_reload(d, app):
    """With the server gone, a reload is answered by the service worker: the same game."""
    open_app(d, app, BOT_GAME.format(engine=d.engine))
    d.wait(
        "navigator.serviceWorker.ready.then(r => r.active.state === 'activated')",
        90,
        f"{d.engine}: the service worker did not activate",
    )
    if not d.js(CONTROLLED):  # clients.claim() controls the first page; a reload otherwise
        d.reload()
        d.wait(READY, 90)
    d.wait(CONTROLLED, 10, f"{d.engine}: the service worker does not control the page")
    wait_person(d)
    before = board(d)
    with app.offline():
        seen = len(app.requests())
        d.reload()
        d.wait(READY, 90, f"{d.engine}: no page offline")
        check(d.js(CONTROLLED), f"{d.engine}: the offline page has no service worker")
        check(board(d) == before, f"{d.engine}: the offline page shows another game")
        check(len(app.requests()) == seen, "a request reached the server while it was down")
    return {}


def shared_link(d, app):
    """A link copied from the Share dialog, opened by a friend (a fresh profile): the same
    position there."""
    open_app(d, app, "?new=short&p0=human&p1=human&seed=share-journey&anim=0")
    play_turn(d)
    d.wait("location.hash.startsWith('#p=')")
    state, link = shown_state(d)
    check(link.startswith(app.url) and "#p=" in link, f"{d.engine}: a strange link {link}")
    with d.fresh() as friend:
        friend.goto(link)
        friend.wait(READY, 90)
        check(
            shown_state(friend)[0] == state, f"{d.engine}: the friend's page shows another position"
        )
        check((friend.text("#notice") or "").strip() != "", f"{d.engine}: no notice")
        problems = page_errors(friend)
    check(not problems, f"{d.engine}: errors in the friend's page: {problems}")
    return {}


# What the page uses that engines differ in, and what it does where one is missing.
FEATURES = """(async () => {
  let moduleWorker = false;
  try {
    const url = URL.createObjectURL(new Blob([''], {type: 'text/javascript'}));
    new Worker(url, {get type() { moduleWorker = true; return 'module'; }}).terminate();
    URL.revokeObjectURL(url);
  } catch (e) { moduleWorker = false; }
  const storage = navigator.storage && navigator.storage.estimate
    ? await navigator.storage.estimate().then(e => Math.round(e.quota / 1048576), () => null) : null;
  return {
    webassembly: typeof WebAssembly === 'object',
    wasm_exceptions: typeof WebAssembly === 'object' && typeof WebAssembly.Tag === 'function',
    module_worker: moduleWorker,
    service_worker: 'serviceWorker' in navigator,
    dialog: typeof HTMLDialogElement === 'function' &&
            typeof HTMLDialogElement.prototype.showModal === 'function',
    pointer_events: typeof PointerEvent === 'function',
    touch_events: 'ontouchstart' in window,
    clipboard_write: !!(navigator.clipboard && navigator.clipboard.writeText),
    web_share: typeof navigator.share === 'function',
    storage_persist: !!(navigator.storage && navigator.storage.persist),
    storage_quota_mb: storage,
    local_storage: (() => { try { localStorage.setItem('probe', '1');
                                  localStorage.removeItem('probe'); return true; }
                            catch (e) { return false; } })(),
    color_scheme_dark: matchMedia('(prefers-color-scheme: dark)').matches,
    css_has: CSS.supports('selector(:has(a))'),
    css_dvh: CSS.supports('height', '100dvh'),
    user_agent: navigator.userAgent,
  };
})()"""


def features(d, app):
    """What this engine offers of what the page uses (recorded for docs/web.md), and the
    Share dialog's copy button: copied, or the text left selected with a word to copy it."""
    open_app(d, app, "?new=short&p0=human&p1=human&seed=features&anim=0")
    found = d.js(FEATURES)
    for need in ("webassembly", "module_worker", "service_worker", "dialog", "pointer_events"):
        check(found[need], f"{d.engine}: no {need}, which the page needs")
    press_header(d, "#btn-share")
    d.wait("document.querySelector('#dlg-share').open")
    d.press("[data-copy=sh-link]")
    said = d.wait(
        "document.querySelector('#sh-msg').textContent",
        10,
        f"{d.engine}: the copy button said nothing",
    )
    selected = d.js(
        "document.activeElement && document.activeElement.id === 'sh-link' && "
        "document.activeElement.selectionEnd > 0"
    )
    check(
        said == "Copied" or (said.startswith("Select the text") and selected),
        f"{d.engine}: the copy button said {said!r} (selected: {selected})",
    )
    d.press("#sh-close")
    return {"features": found, "copy": said}


def hostile_link(d, app):
    """A link that would cost minutes of work, and garbage: refused with a message, the
    saved game stays on the board and plays on."""
    open_app(d, app, "?new=short&p0=human&p1=human&seed=hostile-journey&anim=0")
    before, _ = shown_state(d)
    for code in ("g=gi~o8c-qOuPxtZKgx2", "p=s.!!!garbage"):
        d.js("(() => { document.querySelector('#notice').textContent = ''; return 1; })()")
        d.js(f"(() => {{ location.hash = {json.dumps('#' + code)}; return 1; }})()")
        d.wait(
            "document.querySelector('#notice').textContent.includes('could not')",
            60,
            f"{d.engine}: the link {code} was not refused",
        )
        d.wait(f"!location.hash.includes({json.dumps(code[2:8])})")
        d.wait(READY)
        check(shown_state(d)[0] == before, f"{d.engine}: the game changed")
    play_turn(d)
    check(shown_state(d)[0] != before, f"{d.engine}: the board does not play on")
    return {}


def undo(d, app):
    open_app(d, app, "?new=short&p0=human&p1=human&seed=undo-journey&anim=0")
    before = board(d)
    check(step(d), f"{d.engine}: no step")
    check(board(d) != before, f"{d.engine}: the step changed nothing")
    d.press("#btn-undo")
    check(board(d) == before, f"{d.engine}: undo did not put the checker back")
    return {}


def cube(d, app):
    """A person doubles; the bot takes or drops (the move list says which)."""
    open_app(d, app, "?new=short&p0=human&p1=strong&seed=cube3&anim=0")
    check(play_until(d, "#btn-double", 20), f"{d.engine}: the cube never became available")
    d.press("#btn-double")
    d.wait(
        "/Black (take|drop)/.test(document.querySelector('#log').textContent)",
        120,
        f"{d.engine}: the bot did not answer the double",
    )
    return {}


def whole_game(d, app):
    """A whole game against the bot by presses, to its end, then the next game."""
    open_app(d, app, "?new=short&p0=human&p1=beginner&seed=whole-journey&anim=0")
    check(play_until(d, "#btn-next, #btn-newmatch", 400), f"{d.engine}: the game did not end")
    check(" win" in d.text("#status"), f"{d.engine}: no winner said: {d.text('#status')}")
    d.press("#btn-next")
    wait_person(d)
    check("Game 2" in d.text("#log-title"), f"{d.engine}: no second game")
    return {"bot_ms": bot_ms(d)}


def touch_turn(d, app):
    """A turn by taps on a phone-sized screen (engines whose protocol has touch input)."""
    phone = d.sibling(390, 844, touch=True)
    with phone:
        open_app(phone, app, "?new=short&p0=human&p1=human&seed=touch-journey&anim=0")
        check(
            phone.js("matchMedia('(pointer: coarse)').matches || 'ontouchstart' in window")
            is not None,
            "",
        )
        mover = phone.js("document.body.dataset.turn")
        play_turn(phone)
        phone.wait(
            f"document.body.dataset.turn !== '{mover}'",
            30,
            f"{d.engine}: the turn by taps did not end",
        )
        problems = page_errors(phone)
    check(not problems, f"{d.engine}: errors on the phone: {problems}")
    return {}


def hint(d, app):
    open_app(d, app, "?new=short&p0=human&p1=strong&seed=hint1&anim=0")
    for _ in range(10):
        wait_person(d)
        if phase(d) == "move":
            break
        d.press("#btn-roll")
    d.press("#btn-hint")
    d.wait(
        "document.querySelectorAll('#hint li[data-hint]').length > 0", 90, f"{d.engine}: no hint"
    )
    rows = d.count("#hint li[data-hint]")
    first = d.text("#hint li[data-hint='0'] .hint-play")
    check(1 <= rows <= 5 and first and "/" in first, f"{d.engine}: a strange hint {first}")
    return {}


def review(d, app, code):
    """A finished game opened from its link (``code``: a ``g=`` code) and reviewed."""
    open_app(d, app, "#" + code)
    d.wait("!!document.querySelector(\"#controls [data-act='review']\")", 30)
    d.press("#controls [data-act='review']")
    d.wait(
        "!!document.querySelector(\"#review[data-running='0']\")",
        240,
        f"{d.engine}: the review did not finish",
    )
    check(d.count("#review .review-players tbody tr") == 2, f"{d.engine}: no review table")
    check(d.count("#review-chart circle.win-point") > 10, f"{d.engine}: no graph")
    return {"review_ms": d.js("window.nardyStats.reviewMs")}


HOST = """<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
<iframe id="diagram" src="{app}embed.html?mode=static#{code}" width="400" height="300"></iframe>
<iframe id="play" src="{app}embed.html?mode=play&level=beginner&anim=0" width="600"
        height="450"></iframe>
<script>
window.received = [];
addEventListener("message", (e) => {{
  const frame = ["diagram", "play"].find(id => e.source === document.getElementById(id).contentWindow);
  if (e.data && e.data.nardy) window.received.push({{frame, ...e.data}});
}});
window.send = (id, msg) => document.getElementById(id).contentWindow.postMessage(msg, "*");
</script></body></html>"""


def embed(d, app, host, other):
    """A host page on another origin embeds a diagram and a playable board and talks to them
    by postMessage (docs/embed.md): ready, set, state, and a malformed message ignored."""
    d.goto(host.url + "host.html")
    d.wait(
        "window.received.filter(m => m.type === 'ready').length === 2",
        120,
        f"{d.engine}: the embedded boards did not say ready",
    )
    d.js(f"window.send('diagram', {{type: 'set', code: {json.dumps(other)}}})")
    d.wait("window.received.some(m => m.frame === 'diagram' && m.type === 'state')", 30)
    reply = d.js("window.received.find(m => m.frame === 'diagram' && m.type === 'state')")
    check(reply["code"] == other, f"{d.engine}: the diagram answered {reply}")
    d.js(
        "(() => { window.send('diagram', {type: 'explode'}); window.send('diagram', 42);"
        " window.send('play', {type: 'get'}); return 1; })()"
    )
    d.wait("window.received.some(m => m.frame === 'play' && m.type === 'state')", 30)
    check(
        d.js("window.received.filter(m => m.type === 'error').length") == 0,
        f"{d.engine}: the board answered a malformed message with an error",
    )
    return {}


SMOKE = (
    "features",
    "turn_against_the_bot",
    "reload_keeps_the_dice",
    "offline_reload",
    "shared_link",
)
FULL = (
    ("first_visit",)
    + SMOKE
    + ("undo", "hostile_link", "cube", "hint", "touch_turn", "embed", "review", "whole_game")
)


def median(values):
    return round(statistics.median(values), 1) if values else None


def summary(engine, version, results):
    """One line per engine for bench/ and the test's report: load and bot medians."""
    loads = [r["load_ms"] for r in results.values() if r.get("load_ms")]
    bots = [ms for r in results.values() for ms in r.get("bot_ms", [])]
    return {
        "engine": engine,
        "version": version,
        "load_ms_median": median(loads),
        "loads": len(loads),
        "bot_ms_median": median(bots),
        "bot_moves": len(bots),
        "at": time.strftime("%Y-%m-%d %H:%M"),
    }
