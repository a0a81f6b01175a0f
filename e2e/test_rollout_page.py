"""Rolling out a hint's plays in the page (docs/rollouts.md, "In the page"): the rollout runs
in the bot's web worker a batch at a time; the progress bar advances and the table of the
plays fills while it runs; Cancel keeps the partial figures, marked partial; a move makes the
rollout stale and its panel goes. Beginner level and few trials, for speed.

With NARDY_ROLLOUT_SHOTS=DIR set, also saves the panel mid-run at 390x844 and 1366x768."""

import os
import time

import pytest

from conftest import open_app
from test_game import phase, play_human_turn, wait_for_person

HINT_ROWS = "#hint li[data-hint]"
# a short-nardy race, White to play 6-5: its trials reach the bear-off database in a few rolls
# ("short 9:2,8:3,7:3,6:3,5:2,4:2 9:2,8:3,7:3,6:3,5:2,4:2 w 65 1 money")
RACE = "#p=s.fwiBw_hEDgCM"
GAMMONISH = "short 6:3,5:3,4:3,3:3,2:3 9:3,8:3,7:3,6:3,5:3 w - 1 money"
PROGRESS = (
    "() => { const p = document.querySelector('#rollout-progress'); return p ? +p.value : -1 }"
)


def hint_for_a_roll(page, query="?new=short&p0=human&p1=strong&seed=hint1&anim=0"):
    open_app(page, query)
    for _ in range(10):
        wait_for_person(page)
        if phase(page) == "move":
            break
        page.click("#btn-roll")
    assert phase(page) == "move"
    page.click("#btn-hint")
    page.wait_for_selector(HINT_ROWS, timeout=60_000)
    page.wait_for_selector("#rollout-start")


def start(page, level, games):
    page.select_option("#rollout-level", level)
    page.select_option("#rollout-games", str(games))
    page.click("#rollout-start")
    page.wait_for_selector("#rollout-progress")


def test_a_rollout_sharpens_as_it_runs_and_cancel_keeps_the_partial_result(page):
    hint_for_a_roll(page, RACE)
    assert page.locator("#rollout").is_visible()
    assert "intermediate" in page.input_value("#rollout-level")
    assert page.input_value("#rollout-games") == "324"
    start(page, "beginner", 36)
    assert page.locator("#rollout-start").is_disabled()
    seen = set()
    tables = set()
    deadline = time.monotonic() + 40
    while page.locator("#rollout-cancel").count() and time.monotonic() < deadline:
        seen.add(page.evaluate(PROGRESS))
        tables.add(page.locator(".rollout-table tbody tr").count())
        time.sleep(0.1)
    assert page.locator("#rollout-cancel").count() == 0, "the rollout did not finish in 40 s"
    status = page.text_content("#rollout .rollout-status")
    assert status.startswith("36 games ·"), status
    print(f"rollout in Chromium: 36 games of 3 plays, beginner, a short-nardy race: {status}")
    # the bar advanced step by step, and the table was there while it ran
    assert len({v for v in seen if 0 < v < 36}) >= 2, seen
    assert 3 in tables
    rows = page.locator(".rollout-table tbody tr")
    assert rows.count() == min(3, page.locator(HINT_ROWS).count())
    assert "±" in rows.nth(0).text_content() and "±" in rows.nth(1).text_content()
    # another, cancelled after a few batches: the figures so far stay, marked partial
    start(page, "beginner", 144)
    page.wait_for_function(f"({PROGRESS})() >= 2", timeout=20_000)
    page.click("#rollout-cancel")
    partial = page.text_content("#rollout .rollout-partial")
    assert partial.startswith("Partial:") and "of 144 games (cancelled)" in partial
    done = int(partial.split()[1])
    time.sleep(1)  # the worker's last batch is dropped: nothing moves any more
    assert page.text_content("#rollout .rollout-partial") == partial and 2 <= done < 144
    assert page.locator(".rollout-table tbody tr").count() == rows.count()
    assert not page.locator("#rollout-start").is_disabled()
    # a third: a move on the board stops it and the panel goes
    start(page, "beginner", 144)
    play_human_turn(page)
    page.wait_for_selector("#rollout", state="hidden")


@pytest.mark.skipif(not os.environ.get("NARDY_ROLLOUT_SHOTS"), reason="screenshots on demand")
@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_screenshots_of_the_panel_mid_run(new_context, size):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}).new_page()
    hint_for_a_roll(page)
    start(page, "intermediate", 324)
    page.wait_for_function(f"({PROGRESS})() >= 4", timeout=30_000)
    page.locator("#rollout").scroll_into_view_if_needed()
    out = os.environ["NARDY_ROLLOUT_SHOTS"]
    page.screenshot(path=os.path.join(out, f"rollout-{width}x{height}.png"))
    page.locator("#rollout").screenshot(path=os.path.join(out, f"panel-{width}x{height}.png"))


@pytest.mark.skipif(not os.environ.get("NARDY_HEAVY"), reason="a whole review first: NARDY_HEAVY=1")
def test_a_review_mistake_rolls_out_the_played_play_and_the_best(page):
    from test_review import finished_game, wait_review_done

    code, _ = finished_game()
    open_app(page, f"#g={code}")
    page.click("#controls [data-act='review']")
    wait_review_done(page)
    button = page.locator("#review .review-worst [data-rollout-item]").first
    button.click()
    page.wait_for_selector("#rollout-progress")
    page.wait_for_function(f"({PROGRESS})() >= 1", timeout=30_000)
    page.wait_for_selector(".rollout-table tbody tr")
    assert page.locator(".rollout-table tbody tr").count() == 2  # the best and the played
    page.click("#rollout-cancel")
    assert page.text_content("#rollout .rollout-partial").startswith("Partial:")
    if os.environ.get("NARDY_ROLLOUT_SHOTS"):
        page.locator("#rollout").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(os.environ["NARDY_ROLLOUT_SHOTS"], "review.png"))
    # closing the review takes the rollout away
    page.click("#review [data-review='close']")
    page.wait_for_selector("#rollout", state="hidden")


def test_a_cube_decision_is_rolled_out_from_the_hint(page):
    # White bearing off, Black still coming home, White to roll with the cube centred
    # ("short 6:3,5:3,4:3,3:3,2:3 9:3,8:3,7:3,6:3,5:3 w - 1 money"): gammons make it too good
    open_app(page, "#p=s.CKIhmEURDMAAA")
    wait_for_person(page)
    assert phase(page) == "roll" and page.locator("#btn-double").count()
    page.click("#btn-hint")
    page.wait_for_selector("#hint .hint-cube", timeout=60_000)
    page.wait_for_selector("#rollout-start")
    start(page, "beginner", 36)
    page.wait_for_selector("#rollout .rollout-verdict")  # figures while it runs
    page.wait_for_selector("#rollout-cancel", state="detached", timeout=60_000)
    assert page.text_content("#rollout .rollout-status").startswith("36 games ·")
    rows = page.locator(".rollout-cube tbody tr")
    assert rows.count() == 3
    assert "±" in rows.nth(0).text_content() and "±" in rows.nth(1).text_content()
    assert rows.nth(2).text_content().endswith("+1.000")  # double/drop: the cube's value
    assert page.text_content("#rollout .rollout-verdict") == "Too good to double: play on"
    page.click("#btn-roll")  # the decision is made: the rollout's panel goes
    page.wait_for_selector("#rollout", state="hidden")


@pytest.mark.skipif(not os.environ.get("NARDY_HEAVY"), reason="a review first: NARDY_HEAVY=1")
def test_a_review_cube_mistake_rolls_out_its_cube_decision(page):
    # White doubles a position too good to double and Black takes what he should drop; the
    # bots play the race out. The review marks the take; its Roll out rolls out the decision
    from nardy_core.bots.player import BotPlayer
    from nardy_core.engine.game import Game
    from nardy_core.formats import linkcode
    from nardy_core.formats.notation import parse_state
    from nardy_core.formats.record import game_record
    from test_review import wait_review_done

    position, cube, match = parse_state(GAMMONISH)
    game = Game(position.variant, position=position, cube=cube, match=match, seed="cube-review")
    game.double()
    game.take()
    bot = BotPlayer(game.variant, "beginner")
    while not game.is_over:
        bot.act(game)
    open_app(page, f"#g={linkcode.encode_game(game_record(game))}")
    page.click("#controls [data-act='review']")
    wait_review_done(page)
    button = page.locator('#review [data-rollout-item="1"]')  # the take (listed twice: worst)
    assert button.count() >= 1
    button.first.click()
    page.wait_for_selector("#rollout-progress")
    page.wait_for_function(f"({PROGRESS})() >= 1", timeout=30_000)
    page.wait_for_selector(".rollout-cube tbody tr")
    assert page.locator(".rollout-cube tbody tr").count() == 3
    page.click("#rollout-cancel")
    assert page.text_content("#rollout .rollout-partial").startswith("Partial:")
