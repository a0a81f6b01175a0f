"""The friend game's page around the game (docs/dice.md, "Playing a friend on another device"):
the warning at the start that the game's secrets live on this device only, a refused link's
reason in the player's language, the "Games with friends" row (the friend, the game, the score,
when it last moved) and its Delete, asked first; the end of a game with a friend offers another
game with the same friend. One 1-point match, two devices, so that it stays short."""

import json
from pathlib import Path

from conftest import click_header, open_app, wait_until, watch_page
from nardy_core.friends.protocol import pack, unpack
from test_friends import LINK, PHONE, link_after, open_link, shot


def resign(page):
    page.click("#btn-resign")
    kinds = page.locator('[data-act="resignkind"]')
    if kinds.count():
        kinds.first.click()


def friend_row(page):
    """The first row of Games with friends in the New game dialog, opened if it is not."""
    if not page.locator("#dlg-new[open]").count():
        click_header(page, "#btn-new")
    return page.locator("#friend-games li").first


def test_warning_refusal_in_russian_list_row_new_game_with_the_friend_and_delete(new_context):
    ann = watch_page(new_context(viewport=PHONE).new_page())
    bob = watch_page(new_context(viewport=PHONE).new_page())
    open_app(ann, "?new=short")
    click_header(ann, "#btn-new")
    ann.select_option("#ng-game", "short")
    ann.select_option("#ng-length", "1")
    ann.select_option("#ng-p1", "friend")
    ann.fill("#ng-name", "Ann")
    ann.click("#ng-start")
    invitation = link_after(ann, "")
    # said at the start, beside the link: the secrets are on this device only; Export is there
    assert "this device only" in ann.text_content("#fr-warning")
    assert ann.locator("#fr-export").is_visible()
    shot(ann, "warning")

    open_link(bob, invitation)
    bob.fill("#fr-name", "Bob")
    bob.click("#fr-accept")
    acceptance = link_after(bob, "")
    assert bob.locator("#fr-warning").is_visible()  # the friend is told too
    with bob.expect_download() as download:
        bob.click("#fr-export")
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["me"] == 1 and saved["secret"]

    # an edited link, opened in Russian: why it was refused, in Russian; the English detail kept
    base, code = acceptance.split("#f=", 1)
    data = unpack(code)
    data["h"] = "00" * 12
    open_link(ann, base + "?lang=ru#f=" + pack(data))
    wait_until(ann, "!document.querySelector('#notice').hidden")
    said = ann.text_content("#notice .text")
    assert "меняет уже сыгранный ход или бросок" in said, said
    assert "history" in ann.text_content("#notice details")
    shot(ann, "refused-ru")

    # the true acceptance (in English again: a new visit, the address names the language)
    open_link(ann, base + "?lang=en#f=" + code)
    assert ann.evaluate("document.documentElement.lang") == "en"
    # the list: the friend, the game, the score, what it waits for, when it last moved
    row = friend_row(ann)
    text = row.text_content()
    assert "Bob" in text and "match to 1, you 0, Bob 0" in text, text
    assert "last move this minute" in text, text
    # what it waits for: the opening throw gave the first move to one of them; marked if Ann's
    mine = "your turn" in text
    assert mine or "Waiting for your friend's move" in text, text
    assert (row.get_attribute("data-mine") is not None) == mine
    row.scroll_into_view_if_needed()
    shot(ann, "list")
    ann.click("#ng-cancel")

    # the player who won the opening throw gives the game up at once; the other accepts
    if mine:
        resign(ann)
        open_link(bob, link_after(ann, ""))
        bob.click("#btn-accept")
        open_link(ann, link_after(bob, acceptance))
    else:
        open_link(bob, ann.evaluate(LINK))
        bob.wait_for_selector("#btn-resign")
        resign(bob)
        open_link(ann, link_after(bob, acceptance))
        ann.click("#btn-accept")
    ann.wait_for_function("document.body.dataset.phase === 'over'")
    # not "New match" (a match against the bot): another game with Bob, the dialog ready for it
    assert ann.text_content("#btn-newmatch") == "New game with Bob"
    ann.click("#btn-newmatch")
    ann.wait_for_selector("#dlg-new[open]")
    assert ann.input_value("#ng-p1") == "friend" and ann.input_value("#ng-name") == "Ann"
    assert ann.input_value("#ng-game") == "short" and ann.input_value("#ng-length") == "1"
    assert ann.locator("#ng-name").is_visible()

    # the ended match in the list, its score; Delete asks first (the secrets go with it)
    row = friend_row(ann)
    text = row.text_content()
    score = "you 0, Bob 1" if mine else "you 1, Bob 0"
    assert score in text and "game over" in text, text
    row.locator("[data-friend-delete]").click()
    confirm = row.locator(".fr-confirm")
    assert "this device only" in confirm.text_content()
    confirm.scroll_into_view_if_needed()
    shot(ann, "delete-confirm")
    confirm.locator("[data-friend-delete-no]").click()  # Cancel keeps the game
    assert not row.locator(".fr-confirm").count() and ann.locator("#friend-games li").count() == 1
    row.locator("[data-friend-delete]").click()
    row.locator("[data-friend-delete-yes]").click()
    ann.wait_for_function("!document.querySelector('#friend-games')")
    assert json.loads(ann.evaluate("localStorage.getItem('nardy.friends.v1')")) == {}
    # it was the game on the board: a new game there now, with no friend panel
    ann.click("#ng-cancel")
    assert ann.locator("#friend").is_hidden()
    assert ann.evaluate("document.body.dataset.phase") != "over"
    for page in (ann, bob):
        assert not page.console_errors, page.console_errors
