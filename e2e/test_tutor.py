"""Tutor mode (issue 24, item 2) in Chromium: a blunder made by clicks is questioned before it
is final — the status line says what it loses and what the bot would play, the board shows the
better play, nothing is played meanwhile; "Take it back" puts the checkers back, "Keep mine"
lets the play go through; the review counts the warnings. A double is questioned the same way,
and taken back it leaves the cube as it was. Screenshots of the warning at
390×844 and 1366×768 go to build/tutor/ (``NARDY_TUTOR_SHOTS`` names another folder)."""

import os
from pathlib import Path

from conftest import ROOT, click_header, open_app
from test_game import board_state, phase, wait_for_person

# seed t6: the person (White) opens with 6-1; 8/7 8/2 loses about 0.37 (a blunder) against
# the bot's 13/7 8/7 (tests/test_tutor.py judges the same position)
START = "?new=short&p0=human&p1=strong&seed=t6&anim=0&tutor=error"
SHOTS = Path(os.environ.get("NARDY_TUTOR_SHOTS", ROOT / "build" / "tutor"))


def blunder(page):
    for src, dst in (("p8", "p2"), ("p8", "p7")):
        page.click(f'#board [data-loc="{src}"]')
        page.click(f'#board [data-loc="{dst}"]')
    page.click("#btn-done:not([disabled])")
    page.wait_for_selector("#btn-tutorback", timeout=30_000)


def test_the_tutor_questions_a_blunder_before_it_is_final(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, START)
    wait_for_person(page)
    assert phase(page) == "move"
    assert "tutor: error ?" in page.text_content("#match")  # the game's info line
    before = board_state(page)
    blunder(page)
    status = page.text_content("#status")
    assert "This play loses 0.3" in status and "(a blunder)" in status, status
    assert "The bot would play \u206613/7 8/7\u2069." in status, status
    assert page.locator("#board line.move").count() == 2  # the better play, on the board
    assert "8/2" not in page.text_content("#log")  # nothing played yet
    assert page.locator("#btn-done").count() == 0 and page.locator("#btn-hint").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tutor-390x844-en.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=str(SHOTS / "tutor-1366x768-en.png"))
    for button in ("#btn-tutorback", "#btn-tutorkeep"):  # both in view, no scrolling
        box = page.locator(button).bounding_box()
        assert box and box["y"] + box["height"] <= 768
    # take it back: the checkers return, the roll is to play again
    page.click("#btn-tutorback")
    page.wait_for_selector("#btn-done[disabled]")
    assert board_state(page) == before
    assert page.locator("#board line.move").count() == 0
    assert "to move" in page.text_content("#status")
    # the same blunder again, kept: it is played and the bot answers
    blunder(page)
    page.click("#btn-tutorkeep")
    page.wait_for_function("document.querySelector('#log').textContent.includes('8/2')")
    wait_for_person(page)
    # the game ends (resigned) and the review counts what the tutor caught
    page.click("#btn-resign")
    if page.locator("#btn-resign-backgammon").count():
        page.click("#btn-resign-backgammon")
    page.wait_for_selector("#controls [data-act='review']", timeout=30_000)
    page.click("#controls [data-act='review']")
    page.wait_for_selector("#review[data-running='0'] .review-tutor", timeout=60_000)
    counts = page.text_content('#review .review-tutor li[data-colour="0"]')
    assert "Tutor's warnings: 2, taken back: 1" in counts, counts


def test_the_new_game_dialog_turns_the_tutor_on(page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, "?new=short&p0=human&p1=strong&seed=t6&anim=0")
    assert "tutor" not in page.text_content("#match")  # off by default
    click_header(page, "#btn-new")
    assert not page.locator("#ng-tutor").is_checked()
    assert page.locator("#ng-tutor-mark").is_disabled()
    assert page.locator("#ng-tutor-mark").input_value() == "error"  # the default mark
    page.check("#ng-tutor")
    page.select_option("#ng-tutor-mark", "blunder")
    page.locator("#ng-tutor").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "tutor-dialog-390x844-en.png"))
    page.click("#ng-start")
    page.wait_for_function("document.querySelector('#match').textContent.includes('tutor')")
    assert "tutor: blunder ??" in page.text_content("#match")
    click_header(page, "#btn-new")  # the dialog remembers the choice
    assert page.locator("#ng-tutor").is_checked()
    assert page.locator("#ng-tutor-mark").input_value() == "blunder"


def test_the_tutor_questions_a_double_and_take_it_back_leaves_the_cube(page):
    # after the opening (the bot's 13/7 8/7, no warning) and the bot's reply, White doubles an
    # almost even position: the tutor questions it; taken back, the cube stays where it was
    open_app(page, START)
    wait_for_person(page)
    for src, dst in (("p13", "p7"), ("p8", "p7")):
        page.click(f'#board [data-loc="{src}"]')
        page.click(f'#board [data-loc="{dst}"]')
    page.click("#btn-done:not([disabled])")
    page.wait_for_selector("#btn-double", timeout=60_000)
    assert phase(page) == "roll"
    page.click("#btn-double")
    page.wait_for_selector("#btn-tutorback", timeout=30_000)
    status = page.text_content("#status")
    assert "This decision loses" in status and "The bot would not double." in status, status
    assert "double" not in page.text_content("#log").lower()  # nothing done yet
    page.click("#btn-tutorback")
    page.wait_for_selector("#btn-double")
    assert phase(page) == "roll" and "double" not in page.text_content("#log").lower()
