"""A game added to the registry appears everywhere (docs/architecture.md, "Adding a game"): a toy
game, a ``Variant`` subclass with its facts declared on it and its texts in a JSON file of its
own, is registered for the length of a test and then shows in the CLI, in link codes, in the
page's game lists (the picker and the new-game dialog) and in the Rules panel, with nothing else
told about it."""

import json
import random
import sys
from pathlib import Path

import pytest

from nardy_core.cli.main import main
from nardy_core.engine.game import Game
from nardy_core.engine.options import Option
from nardy_core.formats import linkcode
from nardy_core.formats.linkcode import decode_state, encode_state
from nardy_core.ui import gamelist, rules
from nardy_core.variants import VARIANTS, get_variant, i18n, register_variant, unregister_variant
from nardy_core.variants.short import ShortNardy


class ToyNardy(ShortNardy):
    """Short nardy from another start, with gammons as an option."""

    key = "toy"
    names = {"en": "Toy nardy", "ru": "Игрушечные нарды"}
    link_tag = "ty"
    texts_package = "toy_texts"
    shared_network = "short"
    race_database = True
    blurred_intermediate = False
    group = "historical"
    setup_points = {24: 3, 13: 6, 6: 6}
    option_specs = ShortNardy.option_specs + (Option("toy_gammons", True, kind="bool"),)

    def outcome(self, position, winner):
        result = self.gammon_outcome(position, winner)
        if not self.options["toy_gammons"] and result.points > 1:
            result = type(result)(winner, "single", 1)
        return result


def text(en, ru):
    return {"en": en, "ru": ru}


TEXTS = {
    "about": {
        "line": text("Short nardy from a toy start.", "Короткие нарды с игрушечной расстановкой."),
        "region": text("This test", "Этот тест"),
    },
    "rules": [
        {
            "p": text(
                "<b>Setup.</b> Three checkers on your 24-point, six on the 13 and six on the "
                "6; otherwise short nardy.",
                "<b>Расстановка.</b> Три шашки на 24-м пункте, шесть на 13-м и шесть на "
                "6-м; в остальном короткие нарды.",
            )
        },
        {"ul": [text("<b>Moving.</b> As in short nardy.", "<b>Ход.</b> Как в коротких нардах.")]},
    ],
    "options": {
        "toy_gammons": {
            "title": text("Do gammons count double?", "Считается ли марс вдвойне?"),
            "help": text(
                "When on, a gammon wins 2 and a backgammon 3.",
                "Если включено, марс приносит 2 очка, а кокс 3.",
            ),
            "source": text("this test", "этот тест"),
        }
    },
}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    package = tmp_path / "toy_texts"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "toy.json").write_text(json.dumps(TEXTS, ensure_ascii=False), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    register_variant(ToyNardy)
    yield ToyNardy
    unregister_variant("toy")
    sys.modules.pop("toy_texts", None)


def test_the_cli_plays_it(toy, capsys):
    assert main(["plays", "--game", "toy", "31"]) == 0
    out, err = capsys.readouterr()
    assert "24/23 24/21" in out.splitlines() and "6/2" in out.splitlines(), out
    assert err.strip().endswith("legal plays")
    assert (
        main(["plays", "toy[toy_gammons=false] 24:3,13:6,6:6 24:3,13:6,6:6 w - 1 money", "65"]) == 0
    )
    assert "24/13" in capsys.readouterr().out.splitlines()


def test_link_codes_write_its_tag_and_read_it_back(toy):
    position = get_variant("toy", {"toy_gammons": False}).initial_position(dice=(6, 5))
    code = encode_state(position)
    assert code.startswith("ty.") and linkcode.TAGS["toy"] == "ty"
    back, _cube, _match = decode_state(code)
    assert back == position and back.variant == position.variant
    assert decode_state("toy" + code[2:])[0] == position  # the key is read as well as the tag
    # a whole game
    from test_linkcode import check_game, play_at_random

    game = Game(get_variant("toy"), seed="toy")
    assert check_game(play_at_random(game, random.Random("toy"), 40)).startswith("ty")


def test_the_page_lists_it(toy):
    for lang, name in (("en", "Toy nardy"), ("ru", "Игрушечные нарды")):
        groups = {group: items for group, _heading, items in gamelist.entries(lang)}
        line, region = (TEXTS["about"]["line"][lang], TEXTS["about"]["region"][lang])
        assert ("toy", name, line, region) in groups["historical"]
        assert 'value="toy"' in gamelist.picker_html(
            lang, "toy", [("human", "Human")], "human", {"title": "", "opponent": "", "play": ""}
        )
    app = str(Path(__file__).resolve().parent.parent / "web" / "app")
    if app not in sys.path:
        sys.path.insert(0, app)
    import forms

    dialog = forms.new_game_form("ru", {"game": "toy"}, [])
    assert '<option value="toy" selected>Игрушечные нарды</option>' in dialog
    assert forms.chosen_game("toy") == "toy"
    assert "Считается ли марс вдвойне?" in dialog  # its own option, in its own words


def test_the_rules_panel_shows_its_rules_and_options(toy):
    variant = get_variant("toy", {"toy_gammons": False})
    html = rules.rules_panel_html(variant, "ru")
    assert html.startswith("<h3>Игрушечные нарды</h3><p><b>Расстановка.</b> Три шашки")
    assert "<ul><li><b>Ход.</b> Как в коротких нардах.</li></ul>" in html
    assert "Считается ли марс вдвойне?" in html and "в этой партии: Нет" in html
    en = rules.rules_html("toy", "en")
    # its own option in its own words, and the shared ones it inherits (the cube) in theirs
    assert "Do gammons count double?" in en and rules.OPTIONS["cube_enabled"]["title"]["en"] in en
    assert (
        rules.GAME_OPTIONS["toy"][-1] == "toy_gammons"
        and rules.DEFAULTS["toy"]["toy_gammons"] == "true"
    )


def test_the_bots_read_its_hints(toy):
    from nardy_core.bots import bearoff, nn
    from nardy_core.bots.chooser import LEVELS, level_for

    assert nn.weight_file("toy") == "short.nnw"
    assert level_for(get_variant("toy"), "intermediate").noise == 0.0
    assert LEVELS["intermediate"].noise > 0
    assert bearoff._eligible_variant(get_variant("toy"))


def test_it_is_gone_once_unregistered(toy):
    unregister_variant("toy")
    assert "toy" not in VARIANTS and "toy" not in linkcode.TAGS and "toy" not in rules.RULES
    assert all(value != "toy" for _g, _h, items in gamelist.entries("en") for value, *_ in items)
    register_variant(toy)


def test_registering_refuses_what_would_break_another_game(toy):
    class SameTag(ShortNardy):
        key = "same_tag"
        names = {"en": "Same tag"}
        link_tag = "s"

    class Inherits(ShortNardy):  # a tag is never inherited: written with its key
        key = "inherits"
        names = {"en": "Inherits"}

    with pytest.raises(ValueError, match="already 'short'"):
        register_variant(SameTag)
    with pytest.raises(ValueError, match="already registered"):
        register_variant(ToyNardy)
    with pytest.raises(TypeError):
        register_variant(object)
    register_variant(Inherits)
    try:
        assert Inherits.link_name() == "inherits" and "inherits" not in linkcode.TAGS
        code = encode_state(get_variant("inherits").initial_position(dice=(3, 1)))
        assert code.startswith("inherits.")
    finally:
        unregister_variant("inherits")
    assert "same_tag" not in VARIANTS


def test_every_registered_game_declares_its_facts():
    tags = [cls.link_name() for cls in VARIANTS.values()]
    assert len(set(tags) | set(VARIANTS)) == len(tags) + len(
        [k for k, cls in VARIANTS.items() if cls.link_name() != k]
    )
    for key, cls in VARIANTS.items():
        for fact in (
            "names",
            "link_tag",
            "shared_network",
            "race_database",
            "blurred_intermediate",
        ):
            assert fact in vars(cls), (key, fact)  # declared on the game, not inherited
        # the English name in the code, the Russian in the catalogue (or inline, from outside)
        english = cls.names["en"]
        assert english
        assert cls.names.get("ru") or i18n.pgettext("ru", f"game:{key}", english) != english, key
        assert not cls.shared_network or cls.shared_network in VARIANTS
        assert key in rules.RULES and gamelist.about()[key][0]["en"]
