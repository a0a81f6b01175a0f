"""The board before Python (issue 19, item 3): a first visit sees the starting board and a
returning player their own board before the app has started, and a button pressed while the
page loads is pressed once the app is ready, not lost."""

from __future__ import annotations

from conftest import READY_TIMEOUT_MS, wait_ready
from test_game import board_state, play_human_turn


def test_a_click_while_loading_is_not_lost(page):
    page.goto("./?new=short&p0=human&p1=human&seed=early", wait_until="commit")
    page.wait_for_selector("#btn-new")
    page.wait_for_function("window.__paintedAt !== undefined", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.__paintedFrom") == "start"
    assert page.evaluate("document.body.dataset.live") != "1", (
        "the app answered before the click: this test would prove nothing"
    )
    assert page.locator("#loading").is_visible()
    page.click("#btn-new")
    wait_ready(page)
    page.wait_for_selector("#dlg-new[open]", timeout=5000)
    assert page.locator("#ng-start").is_visible()


def test_a_returning_player_sees_the_board_before_python(page):
    page.goto("./?new=short&p0=human&p1=human&seed=returning")
    wait_ready(page)
    page.wait_for_selector("#btn-done, #btn-roll")
    play_human_turn(page)
    page.wait_for_selector("#btn-roll")
    before = board_state(page)
    page.goto("./", wait_until="commit")
    page.wait_for_function("window.__paintedAt !== undefined", timeout=READY_TIMEOUT_MS)
    early = page.evaluate("""() => ({from: window.__paintedFrom,
        ready: document.body.dataset.ready === '1',
        checkers: document.querySelectorAll('#board .ck').length})""")
    assert early["from"] == "saved"
    wait_ready(page)
    assert page.evaluate("window.__paintedAt < window.__readyAt")
    assert early["checkers"] > 0
    after = board_state(page)
    assert {k: v for k, v in after.items() if k != "dice"} == {
        k: v for k, v in before.items() if k != "dice"
    }
