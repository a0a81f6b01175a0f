"""Links, position codes, the editor, game files and the embedded board, in Chromium.

The state a page shows is read from its Share dialog's position text (the canonical one-line
notation), so two pages show the same state exactly when those texts are equal."""

import json
import time

from conftest import click_header, open_app, start_server, wait_ready, wait_until, watch_page
from nardy_core.formats.gnubgcodes import parse_any
from nardy_core.formats.notation import format_state
from test_game import MOVABLE, phase, play_human_turn

TWO = "?new=short&p0=human&p1=human&seed=share-1&anim=0"


def shown_state(page):
    """The page's current state text (opens and closes the Share dialog)."""
    click_header(page, "#btn-share")
    page.wait_for_selector("#dlg-share[open] #sh-state", state="attached")
    text = page.input_value("#sh-state")
    page.click("#sh-close")
    return text


def test_a_copied_link_opens_the_same_position_in_a_fresh_browser(new_context):
    page = watch_page(new_context(permissions=["clipboard-read", "clipboard-write"]).new_page())
    open_app(page, TWO)
    play_human_turn(page)
    wait_until(page, "location.hash.startsWith('#p=')")
    state = shown_state(page)
    page.click("#btn-share")
    page.click("[data-copy=sh-link]")
    wait_until(page, "document.getElementById('sh-msg').textContent !== ''")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.input_value("#sh-link") == page.evaluate("location.href")
    page.click("#sh-close")
    assert "#p=" in link and len(link.split("#p=")[1]) < 60

    other = watch_page(new_context().new_page())
    other.goto(link)
    wait_ready(other)
    assert shown_state(other) == state
    assert other.locator("#notice").inner_text().strip() != ""  # "opened from the link"
    assert page.console_errors == [] and other.console_errors == []


PASTED = {  # what GNU Backgammon says these codes hold (tests/test_gnubg_codes.py checks ours)
    "4HPwATDgc/ABMA:cAkAAAAAAAAA": "short[jacoby=true] 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money first:wb",
    "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:1:0:7:10": "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 2w 3-1/7 first:wb",
}


def test_a_gnubg_id_and_an_xgid_pasted_show_that_position(page):
    open_app(page, TWO)
    for code, expected in PASTED.items():
        assert format_state(*parse_any(code)) == expected  # the page's reader is this one
        page.click("#btn-open")
        page.fill("#op-text", code)
        page.select_option("#op-players", "two")
        page.click("#op-open")
        page.wait_for_selector("#dlg-open", state="hidden")
        wait_ready(page)
        assert shown_state(page) == expected


def test_a_bad_code_pasted_says_why_and_keeps_the_game(page):
    open_app(page, TWO)
    before = shown_state(page)
    page.click("#btn-open")
    page.fill("#op-text", "XGID=not-a-position")
    page.click("#op-open")
    wait_until(page, "document.getElementById('op-error').textContent.trim()")  # read in a worker
    # what is wrong in a player's words, and what to do; the engine's words only collapsed
    shown = page.locator("#op-error").inner_text()
    assert "copy it again" in shown and "column" not in shown and "Details" in shown
    assert page.locator("#op-error details:not([open])").count() == 1
    page.click("#op-cancel")
    assert shown_state(page) == before


def test_the_editor_sets_up_a_position_that_is_shared_by_link(new_context, page):
    open_app(page, TWO)
    page.click("#btn-edit")
    page.wait_for_selector("#editor:not([hidden])")
    page.click("[data-ed-act=clear]")
    assert page.locator("#ed-problems li").count() == 2  # both colours short of checkers
    for _ in range(3):
        page.click('#board [data-loc="p3"]')
    page.check('input[data-ed=colour][value="1"]')
    for _ in range(2):
        page.click('#board [data-loc="p22"]')
    page.click("[data-ed-act=fill]")
    page.check('input[data-ed=turn][value="1"]')
    page.fill("#ed-dice", "21")  # not a forced play: the game goes on after the link opens
    page.dispatch_event("#ed-dice", "change")
    wait_until(page, "document.querySelectorAll('#ed-problems li').length === 0")
    page.select_option("#ed-players", "two")
    page.click("[data-ed-act=share]")
    page.wait_for_selector("#dlg-share[open]")
    link = page.input_value("#sh-link")
    state = page.input_value("#sh-state")
    assert state == "short 3:3,off:12 3:2,off:13 b 21 1 money"
    page.click("#sh-close")

    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    assert shown_state(other) == state


def test_a_game_file_exported_and_imported_gives_the_same_game(page):
    open_app(page, TWO)
    for _ in range(3):
        if phase(page) == "roll":
            page.click("#btn-roll")
        play_human_turn(page)
    state = shown_state(page)
    moves = page.locator("#log li").all_inner_texts()
    page.click("#btn-share")
    with page.expect_download() as info:
        page.click("#sh-export")
    download = info.value
    assert download.suggested_filename.endswith(".mat")
    path = download.path()
    text = open(path, encoding="utf-8").read()
    assert "Game 1" in text
    page.click("#sh-close")

    open_app(page, "?new=long&p0=human&p1=human&anim=0")  # another game on the board
    page.click("#btn-open")
    page.select_option("#op-players", "two")
    page.set_input_files("#op-file", path)
    page.wait_for_selector("#dlg-open", state="hidden")
    wait_ready(page)
    assert shown_state(page) == state
    imported = page.locator("#log li").all_inner_texts()
    # .mat keeps the opening throw that decided, not the tied throws before it
    assert imported[0].split(": ")[-1] == moves[0].split(": ")[-1]
    assert imported[1:] == moves[1:]


def test_a_game_a_match_file_cannot_hold_is_exported_as_json_and_opened_again(page):
    """Gioul plays an escalating double block by block: Export saves it as JSON, Open reads it."""
    open_app(page, "?new=gioul&p0=human&p1=human&seed=share-json&anim=0")
    for _ in range(3):
        if phase(page) == "roll":
            page.click("#btn-roll")
        play_human_turn(page)
    state = shown_state(page)
    moves = page.locator("#log li").all_inner_texts()
    page.click("#btn-share")
    with page.expect_download() as info:
        page.click("#sh-export")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    path = download.path()
    assert json.loads(open(path, encoding="utf-8").read())["game"] == "gioul"
    page.click("#sh-close")

    open_app(page, "?new=long&p0=human&p1=human&anim=0")
    page.click("#btn-open")
    page.select_option("#op-players", "two")
    page.set_input_files("#op-file", path)
    page.wait_for_selector("#dlg-open", state="hidden")
    wait_ready(page)
    assert shown_state(page) == state
    assert page.locator("#log li").all_inner_texts() == moves


def test_a_whole_game_link_replays_move_by_move_and_plays_on(new_context, page):
    open_app(page, "?new=short&p0=strong&p1=strong&seed=replay-1&anim=0")
    wait_until(page, "document.body.dataset.phase === 'over'", timeout=240_000)
    state = shown_state(page)
    page.click("#btn-share")
    page.check("#sh-whole")
    link = page.input_value("#sh-link")
    assert "#g=" in link
    page.click("#sh-close")

    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    counter = other.locator("#controls .counter")
    assert counter.inner_text().startswith("0/")
    total = int(counter.inner_text().split("/")[1])
    assert total > 10
    other.click("[data-act=nextstate]")
    assert counter.inner_text() == f"1/{total}"
    assert other.locator("#status").inner_text()  # the action that led here
    other.click("[data-act=last]")
    assert counter.inner_text() == f"{total}/{total}"
    other.click("[data-act=replayexit]")
    assert shown_state(other) == state
    assert other.evaluate("document.body.dataset.phase") == "over"


def test_a_malformed_link_shows_an_error_and_a_usable_board(page):
    open_app(page, TWO)
    before = shown_state(page)
    fresh = watch_page(page.context.new_page())  # a new tab: a full load of the bad link
    fresh.goto("./#p=s.!!!garbage")
    wait_ready(fresh)
    notice = fresh.locator("#notice")
    assert notice.is_visible() and notice.get_attribute("role") == "alert"
    assert shown_state(fresh) == before  # the saved game is on the board, untouched
    assert fresh.evaluate("location.hash") != "#p=s.!!!garbage"
    assert fresh.locator(MOVABLE).count() > 0 or phase(fresh) == "roll"
    # a bad link pasted into the address bar of an open page: same answer, same game
    fresh.evaluate("location.hash = '#g=zzzz'")
    wait_until(
        fresh,
        "document.querySelector('#notice').textContent.includes('zzzz') || "
        "!location.hash.startsWith('#g=zzzz')",
    )
    assert shown_state(fresh) == before
    assert fresh.console_errors == []


HOST = """<!doctype html><html><body>
<iframe id="diagram" src="{app}embed.html?mode=static#{code}" width="400" height="300"></iframe>
<iframe id="play" src="{app}embed.html?mode=play&level=beginner#{code}" width="600" height="450">
</iframe>
<iframe id="start" src="{app}embed.html?mode=static&game=long" width="480" height="360"></iframe>
<script>
window.received = [];
window.addEventListener("message", (e) => {{
  const frame = ["diagram", "play", "start"].find(
      id => e.source === document.getElementById(id).contentWindow);
  if (e.data && e.data.nardy) window.received.push({{frame, ...e.data}});
}});
window.send = (id, msg) => document.getElementById(id).contentWindow.postMessage(msg, "*");
</script></body></html>"""


def test_a_host_page_on_another_port_embeds_a_diagram_and_a_playable_board(server, page, tmp_path):
    from nardy_core.formats import linkcode
    from nardy_core.formats.notation import parse_state

    start = "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31 1 money"
    code = "p=" + linkcode.encode_state(*parse_state(start))
    (tmp_path / "host.html").write_text(HOST.format(app=server.url, code=code))
    host = start_server(tmp_path, tmp_path / "host.log")
    try:
        page.goto(host.url + "host.html")
        wait_until(
            page, "window.received.filter(m => m.type === 'ready').length === 3", timeout=90_000
        )
        # a static diagram of a game with no fragment is that game's starting position:
        # both heads full, no dice thrown, nobody's turn played
        start = page.frame_locator("#start")
        for head in ("p24", "p12"):
            assert start.locator(f'#board [data-loc="{head}"] .count').text_content() == "15"
        assert start.locator("#board .die").count() == 0
        diagram = page.frame_locator("#diagram")
        assert diagram.locator("#board svg").count() == 1
        assert diagram.locator("#board [tabindex='0']").count() == 0  # nothing to act on
        # the diagram starts no bot worker: the playable board's is the only one
        wait_until(page, "window.received.length >= 2")
        deadline = time.monotonic() + 30
        while not page.workers and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1)
        assert len(page.workers) == 1  # the two diagrams start none

        # the host sets a position and reads it back
        other = "short 6:3,5:3,4:3,3:3,2:3 24:15 w - 1 money"
        other_code = "p=" + linkcode.encode_state(*parse_state(other))
        page.evaluate(f"window.send('diagram', {{type: 'set', code: {json.dumps(other_code)}}})")
        wait_until(page, "window.received.some(m => m.frame === 'diagram' && m.type === 'state')")
        reply = page.evaluate(
            "window.received.find(m => m.frame === 'diagram' && m.type === 'state')"
        )
        assert reply["code"] == other_code
        assert diagram.locator('#board [data-loc="p6"] .ck').count() == 3

        # unknown or malformed messages are ignored (a console warning, no error)
        page.evaluate("window.send('diagram', {type: 'explode'}); window.send('diagram', 42)")

        # a move on the playable board is reported to the host
        play = next(f for f in page.frames if "mode=play" in f.url)
        for _ in range(4):  # a step may use both dice at once: step until Done is enabled
            if play.locator("#btn-done:not([disabled])").count():
                break
            play.locator("#board .loc.movable").first.click()
            play.locator("#board .loc.target").first.click()
        play.locator("#btn-done").click()
        # exactly one move message per move: ours, then the bot's (a roll is none); the
        # position the host set on the diagram was no move
        moves = "window.received.filter(m => m.frame === 'play' && m.type === 'move')"
        wait_until(page, f"{moves}.length >= 2", timeout=60_000)
        play.locator("#btn-roll, #btn-done").first.wait_for(timeout=60_000)  # our turn again
        time.sleep(1)
        sent = page.evaluate(moves)
        assert [m["move"].split(" ")[0] for m in sent] == ["White", "Black"], sent
        assert sent[0]["move"].startswith("White 3-1: ") and sent[0]["turn"] == 1
        assert not page.evaluate(
            "window.received.some(m => m.frame !== 'play' && m.type === 'move')"
        )
    finally:
        host.httpd.shutdown()
        host.httpd.server_close()
