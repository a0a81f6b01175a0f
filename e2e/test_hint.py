"""The hint (issue 10): during a game the strong bot's best plays for the current roll are
listed with their equities; hovering or focusing one draws that play on the board as arrows;
the end of the turn makes the hint stale. The cube hint before a roll where a double is possible. A match
started with hints off has no Hint button."""

from conftest import open_app
from test_game import (
    board_state,
    click_step,
    phase,
    play_human_turn,
    play_until_the_cube_is_available,
    wait_for_person,
)

HINT_ROWS = "#hint li[data-hint]"


def test_the_hint_lists_plays_for_the_roll_and_shows_one_on_the_board(page):
    open_app(page, "?new=short&p0=human&p1=strong&seed=hint1&anim=0")
    for _ in range(10):
        wait_for_person(page)
        if phase(page) == "move":
            break
        page.click("#btn-roll")
    assert phase(page) == "move"
    before = board_state(page)
    page.click("#btn-hint")
    page.wait_for_selector(HINT_ROWS, timeout=60_000)
    rows = page.locator(HINT_ROWS)
    assert 1 <= rows.count() <= 5
    texts = [rows.nth(i).text_content() for i in range(rows.count())]
    first = page.text_content("#hint li[data-hint='0'] .hint-play")
    assert first and "/" in first  # a play in the usual notation, e.g. 13/7 8/7
    assert "win" in texts[0]
    if rows.count() > 1:  # later rows give the difference to the best
        assert page.locator("#hint li[data-hint='1'] .hint-diff").text_content().startswith("-")
    assert page.locator("#btn-hint").is_disabled()  # asked already for this roll
    # hovering a row draws its play: an arrow per step, the board shows the result
    rows.nth(0).hover()
    page.wait_for_selector("#board line.move", state="attached")
    arrows = page.locator("#board line.move").count()
    assert arrows == len(first.replace("(", " ").split()) or arrows >= 2
    assert board_state(page) != before
    # leaving puts the real position back; the keyboard shows it too
    page.mouse.move(1, 1)
    page.wait_for_selector("#board line.move", state="detached")
    assert board_state(page) == before
    rows.nth(0).focus()
    page.wait_for_selector("#board line.move", state="attached")
    page.evaluate("document.activeElement.blur()")
    page.wait_for_selector("#board line.move", state="detached")
    # during the turn the hint stays (its plays start from the roll); the end of the turn
    # makes it stale: it disappears
    assert click_step(page)
    assert page.locator(HINT_ROWS).count() == rows.count()
    play_human_turn(page)
    page.wait_for_selector("#hint", state="hidden")
    assert page.locator("#board line.move").count() == 0


def test_the_cube_hint_and_a_match_without_hints(page):
    open_app(page, "?new=short&p0=human&p1=strong&seed=cube3&anim=0")
    play_until_the_cube_is_available(page)
    page.click("#btn-hint")
    page.wait_for_selector("#hint .hint-cube", timeout=60_000)
    advice = page.text_content("#hint .hint-cube")
    assert any(word in advice for word in ("No double", "Double", "Too good"))
    assert "double/take" in advice
    # hints switched off for this match: no button at all
    open_app(page, "?new=short&p0=human&p1=strong&seed=hint1&anim=0&hints=0")
    wait_for_person(page)
    if phase(page) == "roll":
        page.click("#btn-roll")
        wait_for_person(page)
    assert page.locator("#btn-hint").count() == 0
