"""The game in Chromium: new games, turns by click, drag, touch and keyboard, undo, illegal
drops, the cube, whole games against the bot, reload, languages and the phone layout.

``?new=GAME&p0=…&p1=…&seed=…&anim=0`` starts a game directly (players: human or a bot level;
the seed fixes the dice; anim=0 shows bot moves without pauses)."""

import json

import pytest

from conftest import choose_language, open_app, wait_ready
from journey import BOARD  # e2e/engines: the journey reads the board the same way

MOVABLE = "#board .loc.movable"
TARGET = "#board .loc.target"


def phase(page):
    return page.evaluate("document.body.dataset.phase")


def board_state(page):
    """What the board shows: checkers per place (count labels included) and the dice."""
    return page.evaluate(BOARD)


def click_step(page):
    """One step by two clicks: the first movable checker to its first destination."""
    page.locator(MOVABLE).first.click()
    if page.locator(TARGET).count() == 0:  # nothing to move there: drop the pick
        page.locator("#board .loc.selected").first.click()
        return False
    page.locator(TARGET).first.click()
    if page.locator("#btn-way-0").count():
        page.click("#btn-way-0")
    return True


def play_human_turn(page):
    """Play the whole roll by clicks and press Done."""
    for _ in range(12):
        if page.locator("#btn-done:not([disabled])").count():
            page.click("#btn-done")
            return
        if phase(page) != "move" or page.locator(MOVABLE).count() == 0:
            return
        click_step(page)
    raise AssertionError("the turn did not complete")


def wait_for_person(page, timeout=60_000):
    """Wait until a person has something to do (a button or a checker) or the game is over."""
    page.wait_for_function(
        """() => document.querySelector(
        '#controls button:not([disabled]), #board .loc.movable')""",
        timeout=timeout,
    )


def play_game_to_end(page, limit=400):
    for _ in range(limit):
        wait_for_person(page)
        if page.locator("#btn-next, #btn-newmatch").count():
            return page.text_content("#status")
        for button in ("#btn-roll", "#btn-take", "#btn-decline", "#btn-accept"):
            if page.locator(button).count():
                page.click(button)
                break
        else:
            play_human_turn(page)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "game,name,head",
    [
        ("long", "Long nardy", "p24"),
        ("short", "Short nardy", None),
        ("caucasian", "Caucasian nardy", None),
    ],
)
def test_new_game_of_each_variant_from_the_dialog(page, game, name, head):
    open_app(page, "?new=short&p0=human&p1=human&seed=d1")
    page.click("#btn-new")
    page.select_option("#ng-game", game)
    page.select_option("#ng-p0", "human")
    page.select_option("#ng-p1", "strong")
    if game == "long":
        assert page.locator("#ng-opt-head_exception").count() == 1
        assert page.locator("#ng-opt-last_roll_draw").count() == 1
    else:
        assert page.locator("#ng-opt-cube_enabled").is_checked()
    page.click("#ng-start")
    wait_for_person(page)
    assert page.locator("#board [data-loc]").count() == 28
    # long nardy throws for colours (the winner takes White): the row names the winner
    assert ("Lot" if game == "long" else "Opening throw") in page.text_content("#log")
    state = board_state(page)
    if game == "long":  # the heads, in opposite corners, still hold most checkers (a head
        # loses at most two a turn, and forced moves may have been played already)
        assert int(state["p24"]) >= 10 and int(state["p12"]) >= 10
    assert sum(int(v) for k, v in state.items() if k != "dice") == 30


def test_a_turn_by_clicks_with_undo(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=clicks")
    assert phase(page) == "move"
    before = board_state(page)
    assert click_step(page)
    after = board_state(page)
    assert after != before and any(d.endswith("u") for d in after["dice"])
    page.click("#btn-undo")
    assert board_state(page) == before
    mover = page.evaluate("document.body.dataset.turn")
    play_human_turn(page)
    page.wait_for_function(f"document.body.dataset.turn !== '{mover}'")
    assert page.locator("#log li").count() == 2


def _center(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _legal_pair(page):
    """A movable checker and one of its destinations (found by a click, then unpicked)."""
    source = page.locator(MOVABLE).first.get_attribute("data-loc")
    page.locator(f'[data-loc="{source}"]').click()
    target = page.locator(TARGET).first.get_attribute("data-loc")
    illegal = page.evaluate("""() => [...document.querySelectorAll('#board [data-loc^="p"]')]
        .filter(g => !g.classList.contains('target') && !g.classList.contains('selected')
                && !g.classList.contains('movable')).map(g => g.dataset.loc)[0]""")
    page.locator(f'[data-loc="{source}"]').click()  # unpick
    return source, target, illegal


def _drag(page, source, target):
    x, y = _center(page, f'[data-loc="{source}"] [data-top="1"]')
    tx, ty = _center(page, f'[data-loc="{target}"] .hit')
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 6):
        page.mouse.move(x + (tx - x) * i / 5, y + (ty - y) * i / 5)
    page.mouse.up()


def test_a_turn_by_drag_and_an_illegal_drop_snaps_back(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=drag")
    source, target, illegal = _legal_pair(page)
    before = board_state(page)
    _drag(page, source, illegal)
    assert board_state(page) == before
    assert "not legal" in page.text_content("#live")
    _drag(page, source, target)
    after = board_state(page)
    assert after != before and any(d.endswith("u") for d in after["dice"])


@pytest.mark.parametrize(
    "context",
    [{"viewport": {"width": 375, "height": 740}, "has_touch": True, "is_mobile": True}],
    indirect=True,
)
def test_touch_drag_on_a_phone(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=touch")
    source, target, _ = _legal_pair(page)
    before = board_state(page)
    x, y = _center(page, f'[data-loc="{source}"] [data-top="1"]')
    tx, ty = _center(page, f'[data-loc="{target}"] .hit')
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 6):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchMove",
                "touchPoints": [{"x": x + (tx - x) * i / 5, "y": y + (ty - y) * i / 5}],
            },
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("document.querySelector('#board .die.used') !== null")
    assert board_state(page) != before


def test_keyboard_only_turn_with_accessible_names(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=keys")
    for loc in page.locator("#board [data-loc]").all():
        assert loc.get_attribute("aria-label") and loc.get_attribute("role") == "button"
    for button in page.locator("button").all():
        if button.is_visible():
            assert (button.text_content() or button.get_attribute("aria-label")).strip()
    page.locator(f'{MOVABLE}[tabindex="0"]').first.focus()
    page.keyboard.press("Enter")
    assert page.locator("#board .loc.selected").count() == 1
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('target')"):
            break
    page.keyboard.press("Enter")
    assert any(d.endswith("u") for d in board_state(page)["dice"])
    assert page.text_content("#live") is not None


def play_until_the_cube_is_available(page, turns=20):
    """Play a person's turns until he is on roll with the cube available (#btn-double)."""
    for _ in range(turns):
        wait_for_person(page)
        if page.locator("#btn-double").count():
            return
        play_human_turn(page)


def test_cube_offer_taken_by_the_bot_and_dropped_by_a_person(page):
    open_app(page, "?new=short&p0=human&p1=strong&seed=cube3&anim=0")
    # play until a person is on roll with the cube available, then double
    play_until_the_cube_is_available(page)
    page.click("#btn-double")
    wait_for_person(page)
    assert any(row in page.text_content("#log") for row in ("Black take", "Black drop"))
    # two people: White doubles, Black drops: White wins the cube's value
    open_app(page, "?new=short&p0=human&p1=human&seed=cube4")
    for _ in range(6):
        if page.locator("#btn-double").count():
            break
        play_human_turn(page)
    page.click("#btn-double")
    assert "Take or drop" in page.text_content("#status")
    page.click("#btn-drop")
    assert "the double was dropped" in page.text_content("#status")
    assert page.locator("#btn-next").count() == 1


@pytest.mark.parametrize("game", ["long"])  # short: the journey's whole game (test_journey)
def test_a_whole_game_against_the_bot_stays_on_our_origin(page, outside, server_log, game):
    mark = server_log.mark()
    open_app(page, f"?new={game}&p0=human&p1=strong&anim=0")
    result = play_game_to_end(page)
    assert " win " in result
    assert page.locator("#btn-next").count() == 1
    page.click("#btn-next")
    wait_for_person(page)
    assert "Game 2" in page.text_content("#log-title")
    assert outside == []
    assert all(line.split()[1].startswith("/") for line in server_log.lines(mark))


def test_a_corrupt_save_is_discarded_with_a_notice(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=corrupt")
    page.evaluate("""() => {
      const saves = JSON.parse(localStorage.getItem('nardy.saves.v1'));
      const id = localStorage.getItem('nardy.current').replaceAll('"', '');
      saves[id].session.games[0][0] = ['roll', [9, 9]];
      localStorage.setItem('nardy.saves.v1', JSON.stringify(saves));
    }""")
    page.reload()
    wait_ready(page)
    assert "could not be read" in page.text_content("#notice")
    assert page.locator("#board [data-loc]").count() == 28
    saves = json.loads(page.evaluate("localStorage.getItem('nardy.saves.v1')"))
    # the damaged entry is gone (the address still held its position: it is open anew)
    assert all(["roll", [9, 9]] not in entry["session"]["games"][0] for entry in saves.values())


@pytest.mark.parametrize("context", [{"locale": "ru-RU"}], indirect=True)
def test_russian_from_the_browser_and_switchable(page):
    open_app(page, "?new=long&p0=human&p1=human&seed=lang")
    assert page.text_content("#btn-new") == "Новая игра"
    assert "Жребий" in page.text_content("#log")  # long nardy's lot for colours
    choose_language(page, "en")
    assert page.text_content("#btn-new") == "New game"
    page.reload()
    wait_ready(page)
    assert page.text_content("#btn-new") == "New game"


@pytest.mark.parametrize(
    "context",
    [{"viewport": {"width": 375, "height": 700}, "has_touch": True, "is_mobile": True}],
    indirect=True,
)
def test_the_whole_board_fits_a_375px_screen(page, tmp_path):
    open_app(page, "?new=short&p0=human&p1=strong")
    box = page.locator("#board svg").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["width"] > 340
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.screenshot(path=str(tmp_path / "board-375.png"))
    assert (tmp_path / "board-375.png").stat().st_size > 5000


@pytest.mark.solo
def test_the_bot_never_blocks_the_page(page):
    """Bot against bot: while decisions are computed, no main-thread task exceeds 200 ms."""
    open_app(page, "?new=long&p0=strong&p1=strong&anim=0")
    ready = page.evaluate("window.__readyAt")
    page.wait_for_function("window.nardyStats.botMs.length >= 30", timeout=120_000)
    tasks = page.evaluate("window.__longTasks")
    late = [t for t in tasks if t["start"] > ready + 50]
    assert all(t["duration"] <= 200 for t in late), late
    # and the page answers input meanwhile: a dialog opens at once
    page.click("#btn-settings")
    assert page.locator("#dlg-settings[open]").count() == 1
