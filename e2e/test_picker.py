"""A clear start (issue 19, item 3): a first visit shows the game picker — every game and mixed
match in its group, the opponent (the intermediate bot unless chosen), one Play button — with the
chosen game's board behind it; a ?new= link starts directly, and a returning player is not asked
again."""

from __future__ import annotations

import pytest

from conftest import open_app, watch_page
from test_layout import assert_in_view


@pytest.mark.parametrize("width,height", [(390, 844), (1366, 768)], ids=lambda v: str(v))
def test_the_first_visit_picks_a_game_and_an_opponent(new_context, width, height):
    context = new_context(viewport={"width": width, "height": height}, has_touch=width < 900)
    page = watch_page(context.new_page())
    open_app(page)
    page.wait_for_selector("#dlg-pick[open]")
    games = page.eval_on_selector_all('#dlg-pick input[name="game"]', "xs => xs.map(x => x.value)")
    assert len(games) == 20 and "match:tavli" in games and "tourne_case" in games
    assert page.locator("#dlg-pick fieldset legend").all_inner_texts()[:3] == [
        "Nardy",
        "Tavli and Turkish games",
        "Historical games",
    ]
    assert page.input_value("#pk-opponent") == "intermediate"
    assert_in_view(page, ("#pk-play", "#picker-title"))
    page.check("#pk-plakoto")  # the board behind becomes plakoto's
    page.wait_for_function("document.querySelector('#match').dataset.game === 'plakoto'")
    page.click("#pk-play")
    page.wait_for_selector("#dlg-pick:not([open])", state="attached")
    page.wait_for_function("document.querySelector('#match').dataset.game === 'plakoto'")
    assert "intermediate" in page.inner_text(
        "#player-top, #player-bottom"
    ) or "intermediate" in page.inner_text(".table")
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert not page.evaluate("document.querySelector('#dlg-pick').open")
    assert page.evaluate("document.querySelector('#match').dataset.game") == "plakoto"
    context.close()


def test_a_new_game_link_starts_directly(page):
    open_app(page, "?new=short&p0=human&p1=human")
    assert not page.evaluate("document.querySelector('#dlg-pick').open")
