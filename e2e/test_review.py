"""The game review in Chromium (issue 10): a finished game opened from a link, reviewed in the
web worker with a progress bar — the first marks appear while it runs and no main-thread task
exceeds 200 ms — then the per-player table, the win-chance graph (one point per turn) and the
worst mistakes; clicking a mistake shows its position with the better play drawn on the board,
clicking a point of the graph shows that turn's position; ``#r=`` links open a game with its
review; the review can be cancelled."""

import functools

import pytest

from conftest import open_app, wait_until
from nardy_core.bots.player import BotPlayer
from nardy_core.engine.game import Game
from nardy_core.formats import linkcode
from nardy_core.formats.record import game_record


@functools.lru_cache(maxsize=None)
def finished_game(seed="review-e2e", level="beginner"):
    """A whole short-nardy game between two beginner bots (they make mistakes), as a code."""
    game = Game("short", seed=seed)
    bot = BotPlayer(game.variant, level)
    while not game.is_over:
        bot.act(game)
    return linkcode.encode_game(game_record(game)), game


def wait_review_done(page, timeout=180_000):
    page.wait_for_selector("#review[data-running='0']", state="attached", timeout=timeout)


@pytest.mark.solo
def test_review_of_a_game_from_a_link(page):
    code, game = finished_game()
    open_app(page, f"#g={code}")
    page.wait_for_selector("#controls [data-act='review']")
    started = page.evaluate("performance.now()")
    page.click("#controls [data-act='review']")
    # the first marks come while the review runs, with its progress bar
    page.wait_for_selector("#review progress", timeout=30_000)
    wait_until(page, "Number(document.querySelector('#review').dataset.done) >= 3", timeout=30_000)
    wait_review_done(page)
    tasks = page.evaluate("window.__longTasks")
    late = [t for t in tasks if t["start"] > started]
    assert all(t["duration"] <= 200 for t in late), late
    total_ms = page.evaluate("window.nardyStats.reviewMs")
    assert total_ms > 0
    # per player: decisions, marks, error rate, luck
    rows = page.locator("#review .review-players tbody tr")
    assert rows.count() == 2
    assert page.locator("#review .review-players td.luck").first.text_content()[0] in "+-"
    # the graph: one point per turn (the roll before each play) and the final result
    turns = sum(1 for a in game.actions if a[0] in ("roll", "opening"))
    points = page.locator("#review-chart circle.win-point")
    assert points.count() == turns + 1
    # the move list carries the marks beside the moves
    assert page.locator("#log .mark").count() >= 1
    # the worst mistakes, each with the better play
    worst = page.locator("#review .review-worst li button")
    assert worst.count() >= 1
    text = worst.first.text_content()
    assert "better:" in text and ("??" in text or "?" in text)
    worst.first.click()
    page.wait_for_selector("#board line.move", state="attached")
    state = int(worst.first.get_attribute("data-review-state"))
    assert page.text_content("#controls .counter").startswith(f"{state}/")
    assert worst.first.get_attribute("aria-current") == "true"
    # a point of the graph jumps to that turn's position (no arrows there)
    points.nth(2).click()
    target = int(points.nth(2).get_attribute("data-state"))
    wait_until(
        page, f"document.querySelector('#controls .counter').textContent.startsWith('{target}/')"
    )
    # the annotated game downloads as text
    with page.expect_download() as download:
        page.click("#review [data-review='export']")
    body = open(download.value.path(), encoding="utf-8").read()
    assert "??" in body or "?" in body
    assert "Game 1" in body


def test_a_review_link_opens_the_game_and_reviews_it_and_cancel_stops(page):
    code, _game = finished_game()
    open_app(page, f"#r={code}")
    page.wait_for_selector("#review progress", timeout=60_000)
    wait_until(page, "Number(document.querySelector('#review').dataset.done) >= 1", timeout=30_000)
    page.click("#review-cancel")
    wait_review_done(page)
    assert "Review stopped" in page.text_content("#review")
    # the board still works: the replay's controls step through the game
    page.click("#controls [data-act='last']")
    assert page.locator("#controls [data-act='review']").count() == 1


def test_an_imported_record_is_reviewed(page):
    """A game file opened with Open (recorded dice, two games): its last game is reviewed,
    then its first, whose mistakes show on the board."""
    from pathlib import Path

    record = (
        Path(__file__).resolve().parent.parent / "tests" / "data" / "records" / "review_short.mat"
    )
    open_app(page, "?new=short&p0=human&p1=human")
    page.click("#btn-open")
    page.select_option("#op-players", "two")
    page.set_input_files("#op-file", str(record))
    page.wait_for_selector("#dlg-open", state="hidden")
    page.wait_for_selector("#controls [data-act='review']")
    page.click("#controls [data-act='review']")
    wait_review_done(page)
    assert page.locator("#review .review-players tbody tr").count() == 2
    assert page.locator("#review-chart circle.win-point").count() > 5
    assert page.locator("#review .review-worst li").count() >= 1
    # the file's first game too: the panel offers each game of the match
    assert page.get_attribute("#review [data-review-game='1']", "aria-pressed") == "true"
    page.click("#review [data-review-game='0']")
    page.wait_for_selector("#review [data-review-game='0'][aria-pressed='true']")
    wait_review_done(page)
    worst = page.locator("#review .review-worst li button")
    assert worst.count() >= 1
    worst.first.click()
    page.wait_for_selector("#board line.move", state="attached")
    state = int(worst.first.get_attribute("data-review-state"))
    assert page.text_content("#controls .counter").startswith(f"{state}/")
