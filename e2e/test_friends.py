"""Games with a friend on another device (docs/dice.md): browser contexts are the devices, and
the only thing between them is the links one page shows and the other opens.

- A short nardy money game played with the cube (a double taken, a redouble taken, the next
  one dropped), every cheat of docs/dice.md tried on the way and refused with the game
  unchanged, a link opened twice ("nothing new"), a reload, and an invitation accepted on a
  second device.
- A long nardy game played to its end; half way, the player exports it and goes on from
  another device of his; its QR code decodes back to its link.
- A 3-point match: a game resigned, a game whose double is dropped, each ended game shown
  until Next game.
"""

import os
from pathlib import Path

import pytest

from conftest import click_header, open_app, wait_ready, wait_until, watch_page
from nardy_core.friends.protocol import pack, unpack
from test_game import board_state, play_human_turn

PHONE = {"width": 390, "height": 844}
LINK = "(document.querySelector('#fr-link') || {}).value || ''"
SOMETHING_TO_DO = """(previous) => {
    const link = document.querySelector('#fr-link');
    return (link && link.value !== previous) || document.body.dataset.phase === 'over'
        || document.querySelector('#controls button:not([disabled]), #board .loc.movable');
}"""


def shot(page, name):
    """A screenshot for a person to judge, only when asked for (``$NARDY_SCREENSHOTS``)."""
    folder = os.environ.get("NARDY_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"friends-{name}.png"))


def present(page, selector):
    return page.locator(selector).count() > 0


def first_legal(page):
    """The test's player: roll, take, accept, else the first legal play by clicks."""
    for button in ("#btn-roll", "#btn-take", "#btn-accept"):
        if present(page, button):
            page.click(button)
            return
    play_human_turn(page)


def link_after(page, previous, decide=first_legal, limit=40):
    """Play this device's part (``decide`` makes one action) until the page shows a new link
    to send, or the game is over; returns the link ("" when the game ended with nothing to
    send)."""
    for _ in range(limit):
        page.wait_for_function(SOMETHING_TO_DO, arg=previous, timeout=60_000)
        link = page.evaluate(LINK)
        if link and link != previous:
            return link
        if page.evaluate("document.body.dataset.phase") == "over":
            return ""
        decide(page)
    raise AssertionError("no link to send came")


def open_link(page, link):
    page.evaluate("(n => n && (n.hidden = true))(document.querySelector('#notice'))")
    page.goto(link)
    wait_ready(page)


def notice(page):
    wait_until(page, "!document.querySelector('#notice').hidden")
    return page.text_content("#notice")


# the board shows a play of the friend being made: his dice, his colour to move, nothing to click
STEPPING = """document.body.dataset.phase === 'move'
    && !document.querySelector('#board .loc.movable, #controls button')
    && document.querySelectorAll('#board .die').length > 0
    && !document.querySelector('#fr-link')"""


def edited(link, change):
    """``link`` with its message changed by ``change(data)``, packed again."""
    base, code = link.split("#f=", 1)
    data = unpack(code)
    change(data)
    return base + "#f=" + pack(data)


def refused(page, link, why):
    """``link`` opened on ``page``: an alert whose details name ``why``, the board, the move
    list and the link to send as they were."""
    before = board_state(page), page.text_content("#log"), page.evaluate(LINK)
    open_link(page, link)
    text = notice(page)
    assert page.get_attribute("#notice", "role") == "alert", text
    assert why in text, text
    assert (board_state(page), page.text_content("#log"), page.evaluate(LINK)) == before


def invite(page, game, name, length=None):
    open_app(page, f"?new={game}")
    click_header(page, "#btn-new")
    page.select_option("#ng-game", game)
    if length:
        page.select_option("#ng-length", str(length))
    page.select_option("#ng-p1", "friend")
    page.fill("#ng-name", name)
    page.click("#ng-start")
    return link_after(page, "")


def accept(page, invitation, name):
    open_link(page, invitation)
    page.wait_for_selector("#dlg-friend[open] #fr-name")
    page.fill("#fr-name", name)
    page.click("#fr-accept")
    return link_after(page, "")


INSTANT = """if (!localStorage.getItem('nardy.prefs'))
    localStorage.setItem('nardy.prefs', JSON.stringify({anim_ms: 0}));"""


def device(new_context):
    """A phone whose player set the speed of the other side's moves to Instant (the tests play
    hundreds of turns; one shows a play step by step: ``speed``)."""
    context = new_context(viewport=PHONE)
    context.add_init_script(INSTANT)
    return watch_page(context.new_page())


def two_devices(new_context):
    return [device(new_context) for _ in range(2)]


def speed(page, value):
    """The speed of the other side's moves, chosen in Settings."""
    click_header(page, "#btn-settings")
    page.select_option("#set-speed", value)
    page.click("#set-close")


def play_by_links(pages, links, decide=first_legal, limit=400, each=None):
    """The two devices pass links until the game is over on both. ``links``: each device's
    last link (the one to open on the other); ``each(turn, receiver, link)`` may open other
    links on the receiver before the friend's link is opened. Returns the turns played."""
    sender = 1
    for turn in range(limit):
        receiver = 1 - sender
        if each is not None:  # (it may change a device: ``pages`` is read after it)
            each(turn, receiver, links[sender])
        page = pages[receiver]
        open_link(page, links[sender])
        link = link_after(page, links[receiver], decide)
        if not link:  # over, nothing more to send (a forced last play may end it here)
            return turn
        links[receiver] = link
        sender = receiver
    raise AssertionError("the game did not end")


# --- a whole short nardy game, the cube, the cheats --------------------------------------------------
def test_a_short_nardy_game_with_the_cube_and_every_cheat_refused(new_context):
    ann, bob = pages = two_devices(new_context)
    invitation = invite(ann, "short", "Ann")
    assert "#f=" in invitation
    shot(ann, "ann-invite")
    ann.click("#fr-copy")  # copied, or left selected for the player to copy
    wait_until(ann, "document.querySelector('#fr-msg').textContent")
    bob.goto(invitation)
    wait_ready(bob)
    bob.wait_for_selector("#dlg-friend[open] #fr-name")
    assert "Ann" in bob.text_content("#dlg-friend h2")
    shot(bob, "bob-invited")
    bob.fill("#fr-name", "Bob")
    bob.click("#fr-accept")
    acceptance = link_after(bob, "")
    links = [invitation, acceptance]

    # Carol accepts the same invitation on a third device: Ann's game is bound to Bob's
    carol = device(new_context)
    elsewhere = accept(carol, invitation, "Carol")

    cube = {"doubles": 0, "released": False}
    tried = set()
    sent = []  # every link opened, in order
    cheats = {"accepted elsewhere", "history", "illegal", "roll", "wrong side", "fork"}

    def decide(page):
        """The first player who may double doubles, the other takes and redoubles at his
        next turn, which is taken; the first roll said while a double was possible waits for
        the friend to release it; once every cheat was tried, the next double (to 8) is
        dropped, and the game ends."""
        if present(page, "#btn-drop") and cube["doubles"] == 3:
            page.click("#btn-drop")
        elif present(page, "#btn-double") and (
            cube["doubles"] < 2 or (cube["released"] and tried >= cheats | {"old", "shown"})
        ):
            page.click("#btn-double")
            cube["doubles"] += 1
        elif present(page, "#btn-double") and not cube["released"]:
            page.click("#btn-roll")
            page.wait_for_function(
                "document.querySelector('#status').textContent.includes('release')"
            )
            shot(page, "release")
            cube["released"] = True
        else:
            first_legal(page)

    def each(turn, receiver, link):
        page = pages[receiver]
        sent.append(link)
        if turn == 2:  # a reload (or the next visit) shows the game kept on this device
            page.reload()
            wait_ready(page)
            page.wait_for_selector("#fr-link")
            # an acceptance from another device than Bob's, after Bob's was read
            refused(ann, elsewhere, "already accepted")
            tried.add("accepted elsewhere")
        data = unpack(link.split("#f=", 1)[1])
        plays = [i for i, item in enumerate(data["a"]) if item[0] == "play" and item[1]]
        reveals = [i for i, item in enumerate(data["a"]) if item[0] == "reveal"]
        if turn >= 3 and "history" not in tried:  # a changed past: the history hash differs
            refused(page, edited(link, lambda d: d.update(h="00" * 12)), "history differs")
            tried.add("history")
        elif plays and "illegal" not in tried:  # a checker moved where it cannot go

            def illegal(d):
                d["a"][plays[0]][1][0] = [d["a"][plays[0]][1][0][0], 0]

            refused(page, edited(link, illegal), "the rules do not allow")
            tried.add("illegal")
        elif reveals and "roll" not in tried:  # another roll: an element off the chain

            def reroll(d):
                d["a"][reveals[0]][1] = "ab" * 16

            refused(page, edited(link, reroll), "does not follow")
            tried.add("roll")
        elif plays and "wrong side" not in tried and turn >= 6:  # a move for the other side

            def twice(d):
                d["a"].append(list(d["a"][plays[-1]]))

            refused(page, edited(link, twice), "other player")
            tried.add("wrong side")
        elif turn >= 8 and "fork" not in tried and plays:
            # a second continuation of the friend's link before this one, already read here:
            # the first one read stands
            refused(page, edited(link, lambda d: d.update(n=d["n"] - 2)), "differs")
            tried.add("fork")
        elif turn >= 10 and "old" not in tried:  # the friend's link before, opened again
            open_link(page, sent[-3])
            assert "Nothing new in this link" in notice(page)
            assert page.get_attribute("#notice", "role") == "status"
            tried.add("old")
        if turn >= 5 and plays and "shown" not in tried:  # the friend's play step by step
            speed(page, "slow")
            page.goto(link)
            page.wait_for_function(STEPPING)
            shot(page, "stepping")
            page.wait_for_function(f"!({STEPPING})")
            speed(page, "instant")
            tried.add("shown")

    turns = play_by_links(pages, links, decide, each=each)
    for page in pages:
        page.wait_for_function("document.body.dataset.phase === 'over'")
    assert tried == cheats | {"old", "shown"}, tried
    assert turns > 10
    log = ann.text_content("#log")
    assert log == bob.text_content("#log")
    assert "double to 2" in log and "double to 4" in log and "double to 8" in log
    assert log.count("take") == 2 and log.count("double to") == 3
    status = ann.text_content("#status")
    assert status == bob.text_content("#status")
    assert "win 4 points: the double was dropped" in status, status
    shot(ann, "over")
    # Carol's device kept her half of a game that never began: it says it waits for Ann
    for page in (ann, bob, carol):
        assert not page.console_errors, page.console_errors


# --- a whole long nardy game, continued from another device; its QR code ----------------------------
QR_PIXELS = """async () => {
    const svg = document.querySelector('#dlg-friend[open] .qr svg');
    const box = svg.viewBox.baseVal;
    const scale = 4, width = Math.round(box.width * scale), height = Math.round(box.height * scale);
    const image = new Image();
    image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width + 40; canvas.height = height + 40;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 20, 20, width, height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const grey = [];
    for (let i = 0; i < data.length; i += 4) grey.push(data[i + 1]);
    return {width: canvas.width, height: canvas.height, grey};
}"""


def decoded_qr(page):
    """The QR code the page shows, drawn on a canvas and read by zxing-cpp (an independent
    decoder, CPython-only: requirements-dev.txt)."""
    np = pytest.importorskip("numpy")
    zxingcpp = pytest.importorskip("zxingcpp")
    picture = page.evaluate(QR_PIXELS)
    pixels = np.array(picture["grey"], dtype=np.uint8).reshape(picture["height"], picture["width"])
    found = zxingcpp.read_barcodes(pixels, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1
    return found[0].text


def test_a_long_nardy_game_continued_on_another_device(new_context):
    ann, bob = pages = two_devices(new_context)
    invitation = invite(ann, "long", "Ann")
    links = [invitation, accept(bob, invitation, "Bob")]
    moved = {}

    def each(turn, receiver, link):
        if turn == 4:  # Bob's link as a QR code (before Ann opens it): it decodes to the link
            page = pages[1]
            page.click("#fr-qr")
            page.wait_for_selector("#dlg-friend[open] .qr svg")
            shot(page, "qr")
            assert decoded_qr(page) == page.evaluate(LINK) == link
            page.click("#fr-close")
        if turn == 31:  # (before Bob opens Ann's link)
            # Bob goes on from his tablet: the game exported (its secrets with it) and imported
            click_header(bob, "#btn-new")
            assert "Ann" in bob.text_content("#friend-games")
            shot(bob, "list")
            with bob.expect_download() as download:
                bob.locator("[data-friend-export]").first.click()
            tablet = device(new_context)
            open_app(tablet, "?new=short")
            click_header(tablet, "#btn-new")
            tablet.set_input_files("#fr-import", str(download.value.path()))
            tablet.wait_for_selector("#fr-link")
            assert "Bob" in tablet.text_content("#player-bottom")
            assert tablet.text_content("#log") == bob.text_content("#log")
            pages[1] = moved["tablet"] = tablet

    play_by_links(pages, links, each=each)
    tablet = moved["tablet"]
    for page in (ann, tablet):
        page.wait_for_function("document.body.dataset.phase === 'over'")
    assert ann.text_content("#log") == tablet.text_content("#log")
    assert "win" in ann.text_content("#status")
    # the ended game is reviewed as any game (its dice written in the record)
    ann.click("#btn-review")
    ann.wait_for_function("!document.querySelector('#review').hidden")
    for page in (ann, bob, tablet):
        assert not page.console_errors, page.console_errors


# --- a match ---------------------------------------------------------------------------------------
def test_a_match_by_links_shows_each_game_over_until_next_game(new_context):
    """A 3-point match: the first game resigned, then doubles dropped; each ended game stays
    on the board, with its result, until Next game, and the match ends."""
    ann, bob = pages = two_devices(new_context)
    invitation = invite(ann, "short", "Ann", length=3)
    links = ["", accept(bob, invitation, "Bob")]
    ended = []

    def decide(page):
        """The second game (at 1–0, never a Crawford game) ends by a double dropped: the first
        player who may double does and the other drops; the others are resigned."""
        doubling = len(ended) == 1
        rolling = page.evaluate("document.body.dataset.phase") == "roll"
        if present(page, "#btn-drop"):
            page.click("#btn-drop")
        elif doubling and present(page, "#btn-double"):
            page.click("#btn-double")
        elif present(page, "#btn-resign") and (not doubling or rolling):
            page.click("#btn-resign")
            page.locator('[data-act="resignkind"]').first.click()
        else:
            first_legal(page)

    sender = 1
    for _ in range(40):
        receiver = 1 - sender
        page = pages[receiver]
        open_link(page, links[sender])
        if present(page, "#btn-newmatch"):
            break
        if present(page, "#btn-next"):  # a game ended: its result until Next game
            if page.text_content("#status") not in ended[-1:]:  # (each device shows it)
                ended.append(page.text_content("#status"))
                shot(page, f"match-{len(ended)}")
            page.click("#btn-next")
        links[receiver] = link_after(page, links[receiver], decide)
        sender = receiver
    else:
        raise AssertionError(f"the match did not end: {ended} {ann.text_content('#log')[-400:]}")
    for page in pages:
        page.wait_for_selector("#btn-newmatch")
    assert "resignation" in ended[0]
    assert any("dropped" in text for text in ended[1:]), ended
    assert "match" in ann.text_content("#status")
    assert not ann.console_errors and not bob.console_errors
