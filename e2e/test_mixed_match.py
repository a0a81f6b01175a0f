"""A match of mixed games in Chromium (issue 9): the tavli match is chosen in the new-game
dialog with its own lengths, the scoreboard names the match, its length and the current game
(English and Russian), and after the first game (portes, ended here by a resignation between
two people on the same device) the second game is plakoto, set up as plakoto and opened by the
first game's winner. The gul bara / tapa match is offered only once gul bara is registered."""

from conftest import choose_language, open_app, wait_ready
from nardy_core.variants import VARIANTS
from test_game import board_state, phase, wait_for_person


def match_text(page):
    return page.text_content("#match")


def test_a_tavli_match_second_game_is_plakoto(page):
    open_app(page, "?new=short&p0=human&p1=human&seed=mixed")
    page.click("#btn-new")
    values = page.eval_on_selector_all("#ng-game option", "os => os.map(o => o.value)")
    assert "match:tavli" in values
    # gul bara and tapa only when gul bara is a registered game
    assert ("match:gul_bara_tapa" in values) == ("gul_bara" in VARIANTS)
    label = page.evaluate("""() => document.querySelector(
        '#ng-game option[value="match:tavli"]').parentElement.label""")
    assert label == "Matches of mixed games"
    page.select_option("#ng-game", "match:tavli")
    lengths = page.eval_on_selector_all("#ng-length option", "os => os.map(o => o.value)")
    assert lengths == ["3", "5", "7"]
    assert page.locator("#ng-options [data-opt]").count() == 0
    page.select_option("#ng-game", "short")  # back to a game: money and its options return
    lengths = page.eval_on_selector_all("#ng-length option", "os => os.map(o => o.value)")
    assert "0" in lengths and "21" in lengths
    assert page.locator("#ng-options [data-opt]").count() > 0
    page.select_option("#ng-game", "match:tavli")
    page.select_option("#ng-length", "3")
    page.select_option("#ng-p0", "human")
    page.select_option("#ng-p1", "human")
    page.click("#ng-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    wait_for_person(page)
    tavli = "Tavli match (portes, plakoto, fevga) · match to 3"
    assert match_text(page) == tavli + " · game 1: Portes"
    assert page.evaluate("document.querySelector('#match').dataset.game") == "portes"

    # the side to move resigns a gammon (2 points in portes); the other person accepts
    if phase(page) == "roll" and page.locator("#btn-roll").count():
        page.click("#btn-roll")
        wait_for_person(page)
    loser = page.evaluate("document.body.dataset.turn")
    page.click("#btn-resign")
    page.click("#btn-resign-gammon")
    page.click("#btn-accept")
    page.wait_for_selector("#btn-next")
    assert phase(page) == "over"
    winner = str(1 - int(loser))
    assert page.text_content(f"#player-{'bottom' if winner == '0' else 'top'} .pts") == "2"
    page.click("#btn-next")
    wait_for_person(page)

    # game 2: plakoto, all fifteen of each side on its 24-point, the winner on roll first
    assert match_text(page) == tavli + " · game 2: Plakoto"
    assert page.evaluate("document.querySelector('#match').dataset.game") == "plakoto"
    state = board_state(page)
    assert int(state["p24"]) == 15 and int(state["p1"]) == 15  # White's 24 and Black's 24
    assert sum(int(v) for k, v in state.items() if k != "dice") == 30
    assert page.evaluate("document.body.dataset.turn") == winner
    assert "Opening throw" not in page.text_content("#log")
    assert phase(page) in ("roll", "move")

    # the scoreboard in Russian too, and the match survives a reload
    choose_language(page, "ru")
    assert match_text(page) == (
        "Матч тавли (портес, плакото, февга) · матч до 3 · партия 2: Плакото"
    )
    page.reload()
    wait_ready(page)
    assert "Плакото" in match_text(page)
    state = board_state(page)
    assert int(state["p24"]) == 15 and int(state["p1"]) == 15
