"""Rule options in plain words (issue 19, item 2): every option of every registered game is a
question with its choices in words, in English and in Russian, from the one table
``nardy_core.ui.rules.OPTIONS``; no option key, spec code or raw value is shown anywhere a player
reads it (the New game dialog, the Rules panel), only inside the collapsed "where this rule comes
from" detail."""

import re
import sys
from pathlib import Path

import pytest

from nardy_core.ui import rules
from nardy_core.ui import text as T
from nardy_core.ui.rules import OPTIONS, option_fields, rules_panel_html
from nardy_core.variants import VARIANTS, get_variant

GAMES = sorted(VARIANTS)
LANGS = ("en", "ru")
# Lower-case values that are ordinary English words: an English sentence may use them.
ORDINARY = {"winner", "head", "list", "none", "lot", "half", "ahead", "stay", "alternate", "beaver"}
CODE = re.compile(r"\b[A-Z]{2,}-\d+|\[bkgm|_RULES\.md")
CYRILLIC = re.compile("[а-яё]", re.I)


def forms():
    app = str(Path(__file__).resolve().parent.parent / "web" / "app")
    if app not in sys.path:
        sys.path.insert(0, app)
    import forms as module

    return module


def forbidden(lang):
    """Option keys and raw values of every registered game (case-sensitive words)."""
    words = set()
    for cls in VARIANTS.values():
        for spec in cls.option_specs:
            words.add(spec.key)
            for choice in spec.choices:
                text = str(choice)
                if not text.isdigit():
                    words.add(text)
            if spec.kind == "dieset":
                words.add(spec.format(spec.default))
    if lang == "en":
        words -= ORDINARY
    return words


FORBIDDEN = {lang: forbidden(lang) for lang in LANGS}


def problems(text, lang):
    """The spec codes, option keys and raw values found in ``text``."""
    found = [m.group(0) for m in CODE.finditer(text)]
    for word in FORBIDDEN[lang]:
        if re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(word), text):
            found.append(word)
    return sorted(set(found))


def visible(html):
    """What a player reads of some markup: the collapsed source details and tags left out."""
    html = re.sub(r"<details.*?</details>", " ", html, flags=re.S)
    html = re.sub(r"<option [^>]*>", "\n", html)
    html = re.sub(r"<[^>]+>", "\n", html)
    return html.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


def field_texts(field):
    out = [field["question"], field["explanation"], field["default_words"], field["value_words"]]
    for choice in field["choices"]:
        out += [choice["words"], choice["sentence"]]
    return [t for t in out if t]


# --- the table


@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_choice_has_words_in_both_languages(game):
    for spec in VARIANTS[game].option_specs:
        entry = OPTIONS.get(spec.key)
        assert entry is not None, (game, spec.key)
        for lang in LANGS:
            assert entry["title"][lang].strip().endswith("?"), (spec.key, lang)
            assert entry[lang].strip(), (spec.key, lang)
        if spec.kind == "choice":
            named = {k.lower(): v for k, v in entry["choices"].items()}
            for choice in spec.choices:
                texts = named.get(str(choice).lower())
                assert texts is not None, (game, spec.key, choice)
                for lang in LANGS:
                    assert texts[lang].strip() and texts["words"][lang].strip(), (
                        game,
                        spec.key,
                        choice,
                        lang,
                    )
        # every value has words: the listed ones and the default
        for lang in LANGS:
            field = rules.option_field(spec.key, lang, game, spec)
            assert field["choices"], (game, spec.key)
            assert field["default_words"], (game, spec.key)
            assert sum(c["default"] for c in field["choices"]) == 1, (game, spec.key)


def test_numbers_and_die_sets_in_words():
    assert rules.number_words("max_cube", 0, "en") == "No limit"
    assert rules.number_words("max_cube", 64, "ru") == "До 64"
    assert rules.number_words("koks_points", 3, "en") == "3 points"
    assert rules.number_words("koks_points", 5, "ru") == "5 очков"
    assert rules.number_words("home_mars_points", 1, "ru") == "1 очко"
    assert rules.dieset_words(frozenset({3, 4, 6}), "en") == "3-3, 4-4 and 6-6"
    assert rules.dieset_words("46", "ru") == "4-4 и 6-6"
    assert rules.dieset_words("none", "en") == "No double"
    long_specs = get_variant("long").options.specs
    fields = {
        f["key"]: f for f in option_fields("long", "en", long_specs, {"head_exception_rolls": "2"})
    }
    rolls = fields["head_exception_rolls"]
    assert rolls["kind"] == "dieset" and rolls["value"] == "2"
    assert rolls["value_words"] == "2-2" and rolls["default_words"] == "3-3, 4-4 and 6-6"
    assert fields["max_cube"]["kind"] == "number"
    assert fields["max_cube"]["default_words"] == "No limit"
    assert fields["cube_enabled"]["kind"] == "yesno"


def test_the_page_table_has_no_second_copy_of_the_options():
    assert not [k for k in T.CATALOGUE if k.startswith(("opt_", "choice_"))]


# --- what a player reads


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_fields_rules_panel_and_dialog_are_plain_words(game, lang):
    variant = get_variant(game)
    fields = option_fields(game, lang, variant.options.specs)
    assert [f["key"] for f in fields] == [s.key for s in variant.options.specs]
    texts = [t for f in fields for t in field_texts(f)]
    for text in texts:
        assert problems(text, lang) == [], (game, lang, text)
    panel = rules_panel_html(variant, lang)
    assert problems(visible(panel), lang) == [], (game, lang)
    assert panel.count("<details") == len(fields)
    dialog = forms().new_game_form(lang, {"game": game}, [])
    assert problems(visible(dialog), lang) == [], (game, lang)
    # the form still posts the engine's values back
    for key in forms().dialog_options(variant):
        assert f'data-opt="{key}"' in dialog and f'id="ng-opt-{key}"' in dialog


@pytest.mark.parametrize("game", GAMES)
def test_every_russian_label_is_translated(game):
    variant = get_variant(game)
    en = option_fields(game, "en", variant.options.specs)
    ru = option_fields(game, "ru", variant.options.specs)
    for f_en, f_ru in zip(en, ru):
        for a, b in zip(field_texts(f_en), field_texts(f_ru)):
            assert a != b or CYRILLIC.search(b) or not re.search("[A-Za-z]", b), (game, a)
        for a, b in zip(f_en["choices"], f_ru["choices"]):
            assert a["value"] == b["value"]
            assert a["words"] != b["words"] or not re.search("[A-Za-z]", b["words"]), (game, a)
        for label, _ in f_ru["source"]:
            assert CYRILLIC.search(label), (game, label)
    lines = [line.strip() for line in visible(rules_panel_html(variant, "ru")).split("\n")]
    for line in lines:
        if re.search("[A-Za-z]{3,}", line):
            assert CYRILLIC.search(line), (game, line)


@pytest.mark.parametrize("lang", LANGS)
def test_usual_values_are_marked_and_values_in_force_in_words(lang):
    variant = get_variant(
        "long", {"koks_rule": "head", "max_cube": 64, "head_exception_rolls": "46"}
    )
    panel = rules_panel_html(variant, lang)
    now = {"en": "in this game", "ru": "в этой партии"}[lang]
    assert panel.count(now) == 3
    assert {"en": "Up to 64", "ru": "До 64"}[lang] in panel
    assert {"en": "4-4 and 6-6", "ru": "4-4 и 6-6"}[lang] in panel
    dialog = forms().option_fields(lang, "long", {"koks_rule": "head"})
    usual = T.tr(lang, "usual")
    assert f"({usual})</option>" in dialog
    assert re.search(r'<option value="head" selected>', dialog)
    summary = {"en": "Where this rule comes from", "ru": "Откуда это правило"}[lang]
    assert dialog.count(f"<summary>{summary}</summary>") == dialog.count('class="opt"')


@pytest.mark.parametrize("odd", [None, 5, object(), "cube_enabled", b"x", [None, 5], {"x": 1}])
def test_odd_declarations_never_raise(odd):
    for game in ("long", "nope", None):
        for lang in ("en", "ru", "xx"):
            assert isinstance(
                option_fields(game, lang, odd, odd if isinstance(odd, dict) else None), list
            )


def test_the_rules_in_force_name_only_what_differs_from_the_usual_in_words():
    from nardy_core.ui.rules import rules_in_force
    from nardy_core.ui.session import HUMAN, Session

    usual = Session("long", players=(HUMAN, HUMAN)).variant
    assert rules_in_force(usual, "en") == [] == rules_in_force(usual, "ru")
    house = Session(
        "short", options={"cube_enabled": "false", "beaver": "true"}, players=(HUMAN, HUMAN)
    ).variant
    en, ru = rules_in_force(house, "en"), rules_in_force(house, "ru")
    assert len(en) == len(ru) == 2
    assert ("Play with the doubling cube?", "No") in en
    for question, words in en + ru:
        assert question.endswith("?") and words
        assert "cube_enabled" not in question + words and "true" not in words
