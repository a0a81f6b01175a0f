"""The language menu (nardy_core/ui/languages.py): every language in its own name, marked where
no speaker has reviewed it, and what the page's first script needs before Python runs."""

import re

from nardy_core.ui import languages
from nardy_core.variants import i18n


def test_the_menu_lists_every_language_in_its_own_name():
    rows = languages.entries("fa")
    assert [r["code"] for r in rows] == list(i18n.LANGUAGES)
    assert [r["code"] for r in rows if r["current"]] == ["fa"]
    by_code = {r["code"]: r for r in rows}
    assert by_code["hy"]["name"] == "Հայերեն" and by_code["tr"]["name"] == "Türkçe"
    assert by_code["ar"]["dir"] == "rtl" and by_code["de"]["dir"] == "ltr"
    assert by_code["en"]["reviewed"]  # the source


def test_the_menu_marks_the_languages_not_yet_reviewed_in_the_page_s_language():
    html = languages.menu_html("ru")
    buttons = re.findall(r'<button type="button" data-lang="(\w+)" lang="(\w+)" dir="(\w+)"', html)
    assert [b[0] for b in buttons] == list(i18n.LANGUAGES)
    assert all(code == lang for code, lang, _ in buttons)
    assert 'aria-current="true"><span>Русский</span>' in html
    unreviewed = [c for c in i18n.LANGUAGES if not i18n.about(c)["reviewed"]]
    assert html.count("ещё не вычитан носителем языка") == len(unreviewed)
    assert "<h2" in html and "Выберите язык страницы" in html


def test_the_first_script_s_data_speaks_each_language():
    data = languages.first_script_data()
    assert set(data["languages"]) == set(i18n.LANGUAGES)
    assert data["fallbacks"]["kk"] == "ru"
    ru = data["languages"]["ru"]
    assert ru["name"] == "Русский" and ru["loading"] == "Загрузка…"
    assert ru["unsupported"]["title"] == "Этот браузер не может запустить игру"
    assert data["languages"]["ar"]["dir"] == "rtl"
    for code, entry in data["languages"].items():
        if code != "en":
            assert entry["unsupported"]["title"] != data["languages"]["en"]["unsupported"]["title"]


def test_notation_stays_a_left_to_right_run_in_a_right_to_left_sentence():
    from nardy_core.ui import text as T

    row = {"k": "play", "c": 0, "dice": [6, 5], "play": "24/18 13/8"}
    arabic = T.log_text("ar", row)
    assert "\u20666-5\u2069" in arabic and "\u206624/18 13/8\u2069" in arabic
    assert "\u2066" not in T.log_text("de", row) and "24/18 13/8" in T.log_text("de", row)
