"""The game picker's words (nardy_core/ui/gamelist.py): every game and mixed match listed once,
in its group, with a line and a region in both languages."""

import re

from nardy_core.engine.match import available_match_kinds
from nardy_core.ui.gamelist import about, entries, picker_html
from nardy_core.variants import VARIANTS


def test_every_game_and_match_is_listed_once_in_its_group():
    for lang in ("en", "ru"):
        listed = [(group, value) for group, _h, items in entries(lang) for value, *_ in items]
        values = [v for _g, v in listed]
        assert sorted(values) == sorted(
            list(VARIANTS) + ["match:" + k.key for k in available_match_kinds()]
        )
        for group, value in listed:
            assert group == ("matches" if value.startswith("match:") else VARIANTS[value].group)
        assert [g for g, _h, _i in entries(lang)][:3] == ["nardy", "tavli", "historical"]


def test_every_line_and_region_is_written_in_both_languages_and_nothing_is_left_over():
    keys = set(VARIANTS) | {"match:" + k.key for k in available_match_kinds()}
    assert set(about()) == keys
    for key, (line, region) in about().items():
        for text in (line, region):
            assert text["en"] and text["ru"] and text["en"] != text["ru"], key
            assert re.search("[а-яё]", text["ru"], re.I), key  # Russian, in Cyrillic


def test_the_picker_offers_every_game_the_chosen_one_checked_and_one_play_button():
    words = {"title": "Choose a game", "opponent": "Opponent", "play": "Play"}
    html = picker_html(
        "en",
        "plakoto",
        [("human", "A person beside you"), ("intermediate", "Bot: intermediate")],
        "intermediate",
        words,
    )
    radios = re.findall(
        r'<input type="radio" name="game" id="[^"]+" value="([^"]+)"( checked)?', html
    )
    assert len(radios) == len(about())
    assert [v for v, c in radios if c] == ["plakoto"]
    assert html.count('id="pk-play"') == 1
    assert '<option value="intermediate" selected>' in html
    assert "Trap a lone checker" in html and "Greece; in Turkey as tapa" in html
