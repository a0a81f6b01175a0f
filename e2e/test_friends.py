"""A game with a friend on another device (docs/dice.md): two browser contexts are the two
devices, and the only thing between them is the links one page shows and the other opens.

Ann invites from the New game dialog, Bob accepts the invitation's link, and they play a short
nardy game by links to its end (a few turns of moves, then a resignation accepted); a link with
an edited history hash is refused with a notice and the game unchanged, and a link opened twice
says there is nothing new in it."""

import os
from pathlib import Path

from conftest import click_header, open_app, wait_ready, wait_until, watch_page
from nardy_core.friends.protocol import pack, unpack
from test_game import board_state, play_human_turn

PHONE = {"width": 390, "height": 844}


def shot(page, name):
    """A screenshot for a person to judge, only when asked for (``$NARDY_SCREENSHOTS``)."""
    folder = os.environ.get("NARDY_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"friends-{name}.png"))


LINK = "(document.querySelector('#fr-link') || {}).value || ''"


def link_after(page, previous, limit=40):
    """Play this device's part until it shows a new link to send; returns that link."""
    for _ in range(limit):
        page.wait_for_function(
            """(previous) => {
                const link = document.querySelector('#fr-link');
                return (link && link.value !== previous)
                    || document.querySelector('#controls button:not([disabled]), #board .loc.movable');
            }""",
            arg=previous,
            timeout=60_000,
        )
        link = page.evaluate(LINK)
        if link and link != previous:
            return link
        for button in ("#btn-roll", "#btn-take", "#btn-accept"):
            if page.locator(button).count():
                page.click(button)
                break
        else:
            play_human_turn(page)
    raise AssertionError("no link to send came")


def open_link(page, link):
    page.goto(link)
    wait_ready(page)


def notice(page):
    wait_until(page, "!document.querySelector('#notice').hidden")
    return page.text_content("#notice .text")


def test_two_devices_play_a_game_by_links(new_context):
    ann = watch_page(new_context(viewport=PHONE).new_page())
    bob = watch_page(new_context(viewport=PHONE).new_page())
    open_app(ann, "?new=short")
    click_header(ann, "#btn-new")
    ann.select_option("#ng-game", "short")
    ann.select_option("#ng-p1", "friend")
    ann.fill("#ng-name", "Ann")
    shot(ann, "newgame")
    ann.click("#ng-start")
    invitation = link_after(ann, "")
    assert "#f=" in invitation
    shot(ann, "ann-invite")
    ann.click("#fr-qr")  # the link as a QR code, for a phone beside this one
    ann.wait_for_selector("#dlg-friend[open] .qr svg")
    shot(ann, "qr")
    ann.click("#fr-close")
    ann.click("#fr-copy")  # copied, or left selected for the player to copy
    wait_until(ann, "document.querySelector('#fr-msg').textContent")

    open_link(bob, invitation)
    bob.wait_for_selector("#dlg-friend[open] #fr-name")
    assert "Ann" in bob.text_content("#dlg-friend h2")
    shot(bob, "bob-invited")
    bob.fill("#fr-name", "Bob")
    bob.click("#fr-accept")
    links = {"ann": invitation, "bob": link_after(bob, "")}

    pages = {"ann": ann, "bob": bob}
    sender = "bob"
    cheated = opened_twice = False
    resigned = False
    for turn in range(30):
        receiver = "ann" if sender == "bob" else "bob"
        page = pages[receiver]
        link = links[sender]
        if not cheated and turn >= 3:  # an edited history: refused, the game unchanged
            data = unpack(link.split("#f=", 1)[1])
            data["h"] = "00" * 12
            before = board_state(page)
            open_link(page, link.split("#f=", 1)[0] + "#f=" + pack(data))
            assert "refused" in notice(page)
            assert board_state(page) == before
            shot(page, "refused")
            cheated = True
        if turn == 2:  # a reload (or the next visit) shows the friend game kept on the device
            page.reload()
            wait_ready(page)
            page.wait_for_selector("#fr-link")
        open_link(page, link)
        if not opened_twice and turn >= 4:  # the same link again: nothing new
            open_link(page, link)
            assert notice(page) == "Nothing new in this link"
            opened_twice = True
        if turn >= 8 and not resigned:  # the player to roll resigns; the friend accepts
            page.wait_for_function(
                """(previous) => document.querySelector('#btn-resign')
                    || ((document.querySelector('#fr-link') || {}).value || '') !== previous""",
                arg=links[receiver],
            )
            if page.locator("#btn-resign").count():
                page.click("#btn-resign")
                page.locator('[data-act="resignkind"]').first.click()
                resigned = True
        links[receiver] = link_after(page, links[receiver])
        if turn == 6:
            shot(page, "send")
        sender = receiver
        if page.evaluate("document.body.dataset.phase") == "over":
            break
    # the last link reaches the other device: the game is over on both
    receiver = "ann" if sender == "bob" else "bob"
    open_link(pages[receiver], links[sender])
    for page in pages.values():
        page.wait_for_function("document.body.dataset.phase === 'over'")
    assert cheated and opened_twice
    shot(ann, "over")
    # both devices list the game with the friend's name; its file continues it elsewhere
    click_header(bob, "#btn-new")
    assert "Ann" in bob.text_content("#friend-games")
    bob.locator("#friend-games").scroll_into_view_if_needed()
    shot(bob, "list")
    with bob.expect_download() as download:
        bob.locator("[data-friend-export]").first.click()
    path = download.value.path()
    other = watch_page(new_context(viewport=PHONE).new_page())  # Bob's other device
    open_app(other, "?new=short")
    click_header(other, "#btn-new")
    other.set_input_files("#fr-import", str(path))
    other.wait_for_function("document.body.dataset.phase === 'over'")
    assert "Bob" in other.text_content("#player-bottom")
    assert other.text_content("#log") == bob.text_content("#log")
    # the ended game is reviewed as any game (its dice written in the record)
    ann.click("#btn-review")
    ann.wait_for_function("!document.querySelector('#review').hidden")
    for page in (ann, bob, other):
        assert not page.console_errors, page.console_errors


def test_a_match_by_links_shows_each_game_over_until_next_game(new_context):
    """A 3-point match: in each game the player on turn resigns and the friend accepts; each
    ended game stays on the board, with its result, until Next game, and the match ends."""
    ann = watch_page(new_context(viewport=PHONE).new_page())
    bob = watch_page(new_context(viewport=PHONE).new_page())
    open_app(ann, "?new=short")
    click_header(ann, "#btn-new")
    ann.select_option("#ng-game", "short")
    ann.select_option("#ng-length", "3")
    ann.select_option("#ng-p1", "friend")
    ann.fill("#ng-name", "Ann")
    ann.click("#ng-start")
    open_link(bob, link_after(ann, ""))
    bob.fill("#fr-name", "Bob")
    bob.click("#fr-accept")
    pages = {"ann": ann, "bob": bob}
    links = {"ann": "", "bob": link_after(bob, "")}
    sender, ended = "bob", 0
    for _ in range(40):
        receiver = "ann" if sender == "bob" else "bob"
        page = pages[receiver]
        open_link(page, links[sender])
        if page.locator("#btn-newmatch").count():
            break
        if page.locator("#btn-next").count():  # a game ended: its result until Next game
            assert "resignation" in page.text_content("#status")
            ended += 1
            shot(page, f"match-{ended}")
            page.click("#btn-next")
        page.wait_for_function(
            """(previous) => document.querySelector('#btn-resign, #btn-accept')
                || ((document.querySelector('#fr-link') || {}).value || '') !== previous""",
            arg=links[receiver],
        )
        if page.locator("#btn-resign").count():
            page.click("#btn-resign")
            page.locator('[data-act="resignkind"]').first.click()
        links[receiver] = link_after(page, links[receiver])
        sender = receiver
    else:
        raise AssertionError("the match did not end")
    for page in pages.values():
        page.wait_for_selector("#btn-newmatch")
    assert ended >= 2
    assert "match" in ann.text_content("#status")
    assert not ann.console_errors and not bob.console_errors
