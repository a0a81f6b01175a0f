"""The page's settings and start-up choices (nardy_core.ui.prefs), whatever storage and the
address hold."""

import pytest

from nardy_core.ui import prefs as P
from nardy_core.ui.session import HUMAN, PREF_DEFAULTS


def test_stored_settings_of_the_wrong_kind_are_ignored():
    prefs = P.load(
        {
            "mirror": True,
            "numbers": "yes",
            "anim_ms": 0,
            "lang": "ru",
            "x": 1,
            "auto_roll": 0,
            "new_game": {"game": "long", "length": "7", "p0": 3},
        }
    )
    assert prefs["mirror"] is True and prefs["numbers"] is True and prefs["anim_ms"] == 0
    assert prefs["lang"] == "ru" and "x" not in prefs and prefs["auto_roll"] is True
    assert prefs["new_game"] == {"game": "long"}
    assert P.load("junk") == dict(P.PAGE_DEFAULTS)
    assert P.load(None)["new_game"] == {}
    assert P.session_prefs(prefs) == {k: prefs[k] for k in PREF_DEFAULTS}


def test_a_stored_new_game_choice_keeps_its_fields_of_the_right_kind():
    assert P.choice_of([1]) == {}
    assert P.choice_of(
        {"game": "short", "length": 5, "hints": False, "options": {"a": "1", "b": 2, 3: "x"}}
    ) == {"game": "short", "length": 5, "hints": False, "options": {"a": "1"}}


@pytest.mark.parametrize(
    "stored, browser, lang",
    [
        ("en", "ru-RU", "en"),
        (None, "ru-RU", "ru"),
        ("xx", "de", "de"),
        (None, None, "en"),
        (None, ["pt-BR", "uk-UA", "ru"], "uk"),  # the first of the browser's with a catalogue
        (None, ["kk-KZ"], "ru"),  # no Kazakh: Russian
        (None, ["zh-CN"], "en"),
        ("tr", ["de"], "tr"),  # the player's choice first
    ],
)
def test_the_language(stored, browser, lang):
    from nardy_core.variants.i18n import LANGUAGES

    assert P.language(stored, LANGUAGES, browser) == lang


def test_the_address_query_and_a_new_game_asked_for():
    params = P.query("?new=long&white=strong&length=3&seed=s&hints=0&bad")
    assert params == {"new": "long", "white": "strong", "length": "3", "seed": "s", "hints": "0"}
    assert P.start_choice(params) == {
        "game": "long",
        "p0": "strong",
        "p1": "intermediate",
        "length": "3",
        "options": {},
        "seed": "s",
        "hints": False,
    }
    assert P.start_choice(P.query("?new=short")) == {
        "game": "short",
        "p0": HUMAN,
        "p1": "intermediate",
        "length": "0",
        "options": {},
        "seed": None,
        "hints": True,
    }  # the bot a player did not choose: intermediate
    assert P.start_choice(P.query("")) is None
    assert P.query("?a=b=c") == {"a": "b=c"}


def test_the_bot_speed_is_named_and_a_stored_pause_reads_as_the_nearest_speed():
    assert P.load({})["anim_ms"] == P.SPEEDS["normal"] > 0  # slow enough to follow
    assert P.load({"anim_ms": 900})["anim_ms"] == 900
    assert P.load({"anim_ms": "fast"})["anim_ms"] == P.SPEEDS["normal"]  # wrong kind: default
    assert [P.speed_of(ms) for ms in (0, 120, 350, 500, 2000)] == [
        "instant",
        "fast",
        "normal",
        "normal",
        "slow",
    ]
    assert P.SPEEDS["slow"] > P.SPEEDS["normal"] > P.SPEEDS["fast"] > P.SPEEDS["instant"] == 0
