"""The games beyond the three core ones, in Chromium: each is started from the new-game dialog
(listed in its group) and a turn is played by clicks — an entry from the hand in tawula and
tourne-case, a three-dice turn in fayles; a pin by clicks in plakoto, drawn under its pinner;
an escalating double in gul bara, its whole unit list on the board, played block by block."""

import pytest

from conftest import open_app
from nardy_core.variants import VARIANTS
from test_game import MOVABLE, TARGET, phase, play_human_turn, wait_for_person

GAMES = {  # key: (group, what the first turn must show)
    "portes": ("tavli", None),
    "longgammon": ("historical", None),
    "irish": ("historical", None),
    "jacquet": ("historical", None),
    "dutch_tricktrack": ("historical", "bar"),
    "russian_tricktrack": ("historical", "bar"),
    "fayles": ("historical", "three_dice"),
    "tawula": ("historical", "hand"),
    "tourne_case": ("historical", "hand"),
    "plakoto": ("tavli", None),
    "fevga": ("tavli", None),
    "moultezim": ("tavli", None),
    "khachapuri": ("nardy", None),
    "gioul": ("tavli", None),
    "gul_bara": ("tavli", None),
}


def start_from_dialog(page, game):
    open_app(page, "?new=short&p0=human&p1=human&seed=variants")
    page.click("#btn-settings")  # forced plays by hand too: entries are often forced
    page.uncheck("#set-auto_forced")
    page.click("#set-close")
    page.click("#btn-new")
    group = VARIANTS[game].group
    label = page.evaluate(f"""() => document.querySelector(
        '#ng-game option[value="{game}"]').parentElement.label""")
    assert label == {"nardy": "Nardy", "tavli": "Tavli", "historical": "Historical games"}[group]
    page.select_option("#ng-game", game)
    page.select_option("#ng-p0", "human")
    page.select_option("#ng-p1", "human")
    page.click("#ng-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    wait_for_person(page)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_new_game_and_a_turn_by_clicks(page, game):
    if game not in VARIANTS:
        pytest.fail(f"{game} is not a registered game yet")
    start_from_dialog(page, game)
    page.click("#btn-rules")  # the game's rules, with its options
    rules = page.locator("#dlg-rules[open]")
    assert VARIANTS[game].names["en"] in rules.locator("h2").inner_text()
    assert rules.locator(".rules h3").count() >= 1 and len(rules.inner_text()) > 800
    page.click("#rules-close")
    for _ in range(12):  # to a person's turn with checkers to move (forced plays go by)
        wait_for_person(page)
        if phase(page) == "roll":
            page.click("#btn-roll")
        elif phase(page) == "move" and page.locator(MOVABLE).count():
            break
    mover = page.evaluate("document.body.dataset.turn")
    special = GAMES[game][1]
    if special == "three_dice":
        assert page.locator("#board .die").count() == 3
    if special in ("hand", "bar"):
        place = f"{special}{mover}"
        assert place in page.eval_on_selector_all(MOVABLE, "gs => gs.map(g => g.dataset.loc)")
        page.click(f'#board [data-loc="{place}"]')
        page.locator(TARGET).first.click()
        if page.locator("#btn-way-0").count():
            page.click("#btn-way-0")
    log_rows = page.locator("#log li").count()
    # An escalating double: the same side plays each block of its list (up to six, from 1-1);
    # when the other side then has no move, the same side plays its next roll too.
    for _ in range(14):
        wait_for_person(page)
        if phase(page) != "move" or page.evaluate("document.body.dataset.turn") != mover:
            break
        play_human_turn(page)
    log = page.eval_on_selector_all("#log li", "rows => rows.map(row => row.textContent)")
    assert len(log) > log_rows or phase(page) == "over"
    assert (
        page.evaluate("document.body.dataset.turn") != mover
        or phase(page) == "over"
        or any("no move" in row for row in log[log_rows:])
    ), log


def open_state(page, game, text):
    start_from_dialog(page, game)
    page.click("#btn-open")
    page.fill("#op-text", text)
    page.select_option("#op-players", "two")
    page.click("#op-open")
    page.wait_for_selector("#dlg-open", state="hidden")
    wait_for_person(page)


def test_a_pin_in_plakoto_by_clicks(page):
    # White's 22 -> 19 with the 3 lands on Black's lone checker (his 6): it is pinned, drawn at
    # the base of the point under the pinner, and cannot move until the pinner leaves
    open_state(page, "plakoto", "plakoto 24:14,22:1 24:14,6:1 w 31 - money")
    assert page.locator("#board [data-pinned]").count() == 0
    page.click('#board [data-loc="p22"]')
    page.click(f'{TARGET}[data-loc="p19"]')
    pinned = page.locator("#board [data-pinned]")
    assert pinned.count() == 1
    assert "pinned" in page.locator('#board [data-loc="p19"]').get_attribute("aria-label")
    page.click('#board [data-loc="p24"]')  # the 1 from the start (19/18 would free it)
    page.click(f'{TARGET}[data-loc="p23"]')
    play_human_turn(page)  # Done
    page.wait_for_function("document.body.dataset.turn === '1'")
    assert "22/19*" in page.locator("#log li").last.inner_text()
    assert page.locator("#board [data-pinned]").count() == 1


def test_an_escalating_double_in_gul_bara_by_clicks(page):
    # GB-2: White's 4th turn, 5-5 is four 5s and then four 6s, one block after the other
    open_state(page, "gul_bara", "gul_bara 24:12,17:3 24:12,17:3 w 55 - money turns:3-3")
    assert page.locator('#board .die[data-die="5"]').count() == 4
    assert page.locator("#board .later").text_content() == "then 6×4"
    for _ in range(4):
        page.click('#board [data-loc="p24"]')
        page.click(f'{TARGET}[data-loc="p19"]')
    play_human_turn(page)  # Done: the first block is played
    page.wait_for_function("document.querySelectorAll('#board .die[data-die=\"6\"]').length === 4")
    assert page.evaluate("document.body.dataset.turn") == "0"  # the same player goes on
    assert page.locator("#board .later").count() == 0
    play_human_turn(page)
    page.wait_for_function("document.body.dataset.turn === '1'")
    log = page.locator("#log li").all_inner_texts()
    assert any("24/19(4)" in row for row in log)
