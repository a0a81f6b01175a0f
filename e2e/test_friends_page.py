"""The friend game's page around the game (docs/dice.md, "Playing a friend on another device"):
the warning at the start that the game's secrets live on this device only, a refused link's
reason in the player's language, the "Games with friends" row (the friend, the game, the score,
when it last moved) and its Delete, asked first."""

import json

from conftest import click_header, open_app, wait_ready, wait_until, watch_page
from nardy_core.friends.protocol import pack, unpack
from test_friends import PHONE, link_after, open_link, shot


def test_warning_list_row_delete_and_a_refusal_in_russian(new_context):
    ann = watch_page(new_context(viewport=PHONE).new_page())
    bob = watch_page(new_context(viewport=PHONE).new_page())
    open_app(ann, "?new=short")
    click_header(ann, "#btn-new")
    ann.select_option("#ng-game", "short")
    ann.select_option("#ng-length", "3")
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
    saved = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert saved["me"] == 1 and saved["secret"]

    # an edited link, opened in Russian: why it was refused, in Russian; the English detail kept
    data = unpack(acceptance.split("#f=", 1)[1])
    data["h"] = "00" * 12
    base = acceptance.split("#f=", 1)[0]
    open_link(ann, base + "?lang=ru#f=" + pack(data))
    wait_until(ann, "!document.querySelector('#notice').hidden")
    said = ann.text_content("#notice .text")
    assert "меняет уже сыгранный ход или бросок" in said, said
    assert "history" in ann.text_content("#notice details")
    shot(ann, "refused-ru")

    # the true acceptance (in English again: a new visit, the address names the language)
    open_link(ann, base + "?lang=en#f=" + acceptance.split("#f=", 1)[1])
    assert ann.evaluate("document.documentElement.lang") == "en"
    # the list: the friend, the game, the score, what it waits for, when it last moved
    click_header(ann, "#btn-new")
    row = ann.locator("#friend-games li").first
    text = row.text_content()
    assert "Bob" in text and "match to 3, you 0, Bob 0" in text, text
    assert "last move this minute" in text, text
    # what it waits for: the opening throw gave the first move to one of them; marked if Ann's
    mine = "your turn" in text
    assert mine or "Waiting for your friend's move" in text, text
    assert (row.get_attribute("data-mine") is not None) == mine
    row.scroll_into_view_if_needed()
    shot(ann, "list")
    # Delete asks first (the secrets go with it); Cancel keeps the game
    row.locator("[data-friend-delete]").click()
    confirm = row.locator(".fr-confirm")
    assert "this device only" in confirm.text_content()
    confirm.scroll_into_view_if_needed()
    shot(ann, "delete-confirm")
    confirm.locator("[data-friend-delete-no]").click()
    assert not row.locator(".fr-confirm").count() and ann.locator("#friend-games li").count() == 1
    row.locator("[data-friend-delete]").click()
    row.locator("[data-friend-delete-yes]").click()
    ann.wait_for_function("!document.querySelector('#friend-games')")
    stored = ann.evaluate("localStorage.getItem('nardy.friends.v1')")
    assert json.loads(stored) == {}
    # it was the game on the board: a fresh game there now, no friend panel
    ann.click("#ng-cancel")
    assert ann.locator("#friend").is_hidden()
    ann.reload()
    wait_ready(ann)
    assert ann.locator("#friend").is_hidden()
    for page in (ann, bob):
        assert not page.console_errors, page.console_errors
