"""Rule options in plain words (issue 19, item 2), in Chromium: for every game, in English and
in Russian, the New game dialog and the Rules panel show no spec code (AMB-…), no option key and
no raw option value (matched case-sensitively against the real keys and values, so that
ordinary words such as "both" pass), and in Russian no label left in English. The collapsed
"where this rule comes from" details are the one place such things may stand: their content is
not rendered, so ``innerText`` leaves it out. One page per language keeps it quick."""

import re

import pytest

from conftest import open_app, watch_page
from nardy_core.ui.rules import option_fields
from nardy_core.variants import VARIANTS, get_variant
from nardy_core.variants.i18n import game_name

GAMES = list(VARIANTS)
LOCALES = {"en": "en-US", "ru": "ru-RU"}
# lower-case values that are ordinary English words (an English sentence may use them)
ORDINARY = {"winner", "head", "list", "none", "lot", "half", "ahead", "stay", "alternate", "beaver"}
CODE = re.compile(r"\b[A-Z]{2,}-\d+|\[bkgm|_RULES\.md")
CYRILLIC = re.compile("[а-яё]", re.I)

# The dialog's visible text: innerText (a closed <details> shows its summary only) and the
# texts of its lists' entries.
DIALOG_TEXT = """(sel) => {
    const root = document.querySelector(sel);
    const options = [...root.querySelectorAll('option')].map(o => o.text);
    return root.innerText + '\\n' + options.join('\\n');
}"""


def forbidden(lang):
    words = set()
    for cls in VARIANTS.values():
        for spec in cls.option_specs:
            words.add(spec.key)
            words.update(str(c) for c in spec.choices if not str(c).isdigit())
            if spec.kind == "dieset":
                words.add(spec.format(spec.default))
    return words - ORDINARY if lang == "en" else words


def problems(text, words):
    found = [m.group(0) for m in CODE.finditer(text)]
    found += [
        w for w in words if re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(w), text)
    ]
    return sorted(set(found))


def english_labels(game):
    """The English words of the game's options (for "no label left in English")."""
    out = set()
    for field in option_fields(game, "en", get_variant(game).options.specs):
        out.update((field["question"], field["explanation"]))
        out.update(c["words"] for c in field["choices"] if re.search("[A-Za-z]{3,}", c["words"]))
    return out


def untranslated(text, game):
    found = [label for label in english_labels(game) if label in text]
    found += [
        line
        for line in text.split("\n")
        if re.search("[A-Za-z]{3,}", line) and not CYRILLIC.search(line)
    ]
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dialog_and_rules_panel_in_plain_words(new_context, lang):
    page = watch_page(new_context(locale=LOCALES[lang]).new_page())
    open_app(page, "?new=short&p0=human&p1=human&seed=words")
    words = forbidden(lang)
    bad = []
    for game in GAMES:
        page.click("#btn-new")
        page.wait_for_selector("#dlg-new[open]")
        page.select_option("#ng-game", game)
        page.wait_for_function(  # the options re-drawn for the game
            "(g) => document.querySelector('#ng-game').value === g", arg=game
        )
        fields = page.locator("#ng-options [data-opt]").count()
        assert fields == page.locator("#ng-options .opt").count() > 0, game
        assert page.locator("#ng-options details.rule-src:not([open])").count() == fields, game
        text = page.evaluate(DIALOG_TEXT, "#dlg-new")
        bad += [(game, "dialog", p) for p in problems(text, words)]
        if lang == "ru":
            bad += [(game, "dialog, English", p) for p in untranslated(text, game)]
        page.select_option("#ng-p0", "human")
        page.select_option("#ng-p1", "human")
        page.click("#ng-start")
        page.wait_for_selector("#dlg-new", state="hidden")
        page.click("#btn-rules")
        page.wait_for_selector("#dlg-rules[open]")
        assert game_name(VARIANTS[game], lang) in page.locator("#rules-title").inner_text()
        text = page.evaluate(DIALOG_TEXT, "#dlg-rules .rules")
        bad += [(game, "rules", p) for p in problems(text, words)]
        if lang == "ru":
            bad += [(game, "rules, English", p) for p in untranslated(text, game)]
        page.click("#rules-close")
    assert bad == []
