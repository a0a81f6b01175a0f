"""Every language of the page (issue 22): for each, the page opened with ``?lang=xx`` sets
``<html lang>`` (and ``dir="rtl"`` for Arabic and Persian), the New game dialog and the Rules panels
of three games speak that language (its script or its own letters, no English line left), and the
board with the turn's actions fits a phone (390×844) and a laptop (1366×768). Then the language
menu, ``?lang=`` beside a player's choice, the browser's language with its fallbacks, and the embed.

A screenshot per language and size goes to ``$NARDY_SCREENSHOTS`` (docs/screenshots/languages
when refreshed by hand: ``NARDY_SCREENSHOTS=docs/screenshots/languages pytest e2e/test_languages.py``),
else to the test's temporary folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from conftest import click_header, open_app, wait_until, watch_page
from nardy_core.engine.match import MATCH_KINDS
from nardy_core.variants import VARIANTS
from nardy_core.variants.i18n import LANGUAGES, direction, game_name
from test_layout import assert_in_view

# what shows a text is in the language: its script, or letters English does not use
SCRIPT = {
    "ru": "[а-яё]",
    "uk": "[іїєґ]",
    "bg": "[а-ъ]",
    "el": "[α-ω]",
    "hy": "[\u0561-\u0587]",
    "ka": "[\u10d0-\u10ff]",
    "fa": "[پچژگی]",
    "ar": "[\u0621-\u064a]",
    "tr": "[çğışöü]",
    "az": "[əğışöüç]",
    "de": "[äöüß]",
    "fr": "[éèêàçù]",
    "es": "[ñáéíóú¿¡]",
}
GAMES = ("long", "short", "plakoto")  # Rules panels read in every language
# a line may be English where it is a name or notation: it is then the same in every language
# (a game without a name of its own in a language keeps its original one)
NAMES = re.compile(r"^(GNU Backgammon|eXtreme Gammon|XGID.*|Nardy|[\d\s/:·.–-]+)$")
GAME_NAMES = {v.names["en"] for v in VARIANTS.values()} | {
    k.names["en"] for k in MATCH_KINDS.values()
}
HEADER = (
    "#btn-new",
    "#btn-share",
    "#btn-open",
    "#btn-edit",
    "#btn-rules",
    "#btn-settings",
    "#btn-flip",
    "#btn-numbers",
    "#btn-lang",
)

DIALOG_TEXT = "sel => { const d = document.querySelector(sel); return d ? d.innerText : ''; }"
_ENGLISH: dict[str, set[str]] = {}


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


def _english_lines(line_set: set[str]) -> set[str]:
    """Lines of at least two English words (three letters or more) that are not names."""
    return {
        line
        for line in line_set
        if len(re.findall(r"\b[A-Za-z]{3,}\b", line)) >= 2
        and not NAMES.match(line)
        and line not in GAME_NAMES
    }


def _texts(page, lang: str) -> dict[str, str]:
    """The New game dialog's text and the Rules panel of each of GAMES, in ``lang``: one page
    load, the games started from the dialog (left on the last game, two people playing)."""
    open_app(page, f"?lang={lang}&new={GAMES[0]}&p0=human&p1=human&seed=lang")
    out = {}
    for index, game in enumerate(GAMES):
        click_header(page, "#btn-new")
        page.wait_for_selector("#ng-start")
        if index == 0:
            out["new game"] = page.evaluate(DIALOG_TEXT, "#dlg-new")
            page.keyboard.press("Escape")
        else:
            page.select_option("#ng-game", game)
            page.select_option("#ng-p0", "human")
            page.select_option("#ng-p1", "human")
            page.click("#ng-start")
        click_header(page, "#btn-rules")
        title = game_name(VARIANTS[game], lang)
        page.wait_for_function(
            "t => { const h = document.querySelector('#dlg-rules[open] .rules h3');"
            " return h && h.textContent === t; }",
            arg=title,
        )
        out[f"rules:{game}"] = page.evaluate(DIALOG_TEXT, "#dlg-rules")
        page.click("#rules-close")
    return out


def _shots() -> Path | None:
    folder = os.environ.get("NARDY_SCREENSHOTS")
    return Path(folder) if folder else None


@pytest.fixture(scope="module")
def english(browser, server):
    """The English texts of the same dialogs, to find English left in another language."""
    if not _ENGLISH:
        context = browser.new_context(base_url=server.url, viewport={"width": 1366, "height": 768})
        page = watch_page(context.new_page())
        for name, text in _texts(page, "en").items():
            _ENGLISH[name] = _english_lines(_lines(text))
        context.close()
    return _ENGLISH


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_page_speaks_the_language(new_context, english, lang, tmp_path):
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = watch_page(context.new_page())
    texts = _texts(page, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == direction(lang)
    for name, text in texts.items():
        assert re.search(SCRIPT[lang], text.lower()), (
            f"{name} in {lang}: no {lang} text: {text[:300]}"
        )
        left = _lines(text) & english[name]
        assert not left, f"{name} in {lang}: English left: {sorted(left)[:8]}"

    # the board and the turn's actions fit a phone and a laptop, in this language's words
    shots = _shots() or tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    page.wait_for_selector("#btn-roll, #btn-done")
    assert_in_view(page)
    page.screenshot(path=str(shots / f"{lang}-390x844.png"))
    _header_fits(page)
    page.set_viewport_size({"width": 1366, "height": 768})
    assert_in_view(page)
    _header_fits(page)
    click_header(page, "#btn-rules")
    page.wait_for_selector("#dlg-rules[open] .rules")
    page.screenshot(path=str(shots / f"{lang}-1366x768-rules.png"))
    # the board keeps its geometry in a right-to-left page: White's 24 is still top right
    assert page.evaluate("getComputedStyle(document.getElementById('board')).direction") == "ltr"


def _header_fits(page):
    """The header's buttons in view: in its row, or in the menu where the words are too long
    for one row (the menu opened, then closed)."""
    if page.locator("#btn-menu").is_visible():
        page.click("#btn-menu")
        assert_in_view(page, HEADER)
        page.keyboard.press("Escape")
    else:
        assert_in_view(page, HEADER)


def test_the_language_menu_lists_every_language_and_remembers_the_choice(page):
    open_app(page, "?new=long&p0=human&p1=human")
    assert page.evaluate("document.documentElement.lang") == "en"
    click_header(page, "#btn-lang")
    page.wait_for_selector("#dlg-lang[open] [data-lang]")
    listed = page.eval_on_selector_all(
        "#dlg-lang [data-lang]",
        "bs => bs.map(b => [b.dataset.lang, b.getAttribute('lang'), b.querySelector('span').textContent])",
    )
    assert [code for code, _, _ in listed] == list(LANGUAGES)
    names = {code: name for code, _, name in listed}
    assert names["ru"] == "Русский" and names["el"] == "Ελληνικά" and names["ar"] == "العربية"
    assert all(code == lang_attr for code, lang_attr, _ in listed)
    page.click('#dlg-lang [data-lang="de"]')
    wait_until(page, "document.documentElement.lang === 'de'")
    assert page.locator("#btn-lang").inner_text() == "Deutsch"
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "de"

    # ?lang= shows another language for this visit and keeps the player's choice
    open_app(page, "?lang=fr")
    assert page.evaluate("document.documentElement.lang") == "fr"
    open_app(page, "")
    assert page.evaluate("document.documentElement.lang") == "de"


@pytest.mark.parametrize(
    "locale,expected", [("tr-TR", "tr"), ("kk-KZ", "ru"), ("pt-BR", "en"), ("fa-IR", "fa")]
)
def test_the_browser_language_and_its_fallbacks(new_context, locale, expected):
    context = new_context(locale=locale)
    page = watch_page(context.new_page())
    open_app(page, "?new=short")
    assert page.evaluate("document.documentElement.lang") == expected
    assert page.evaluate("document.documentElement.dir") == direction(expected)


def test_an_unknown_language_says_so_and_keeps_the_page_usable(page):
    open_app(page, "?lang=xx&new=short")
    assert page.evaluate("document.documentElement.lang") == "en"
    notice = page.locator("#notice")
    assert "xx" in notice.inner_text() and "English" in notice.inner_text()
    open_app(page, "?lang=%3Cb%3E&new=short")  # markup in the parameter stays text
    assert "<b>" in page.locator("#notice").inner_text()


def test_the_embed_takes_lang(new_context, server):
    context = new_context(viewport={"width": 640, "height": 500})
    page = watch_page(context.new_page())
    page.goto("./manifest.webmanifest")
    page.set_content(
        f'<iframe id="f" src="{server.url}embed.html?mode=play&amp;lang=ar&amp;level=beginner" '
        'width="600" height="450" style="border:0"></iframe>'
    )
    page.frame_locator("#f").locator("#btn-roll").wait_for(timeout=60_000)
    inner = page.frames[1]
    assert inner.evaluate("document.documentElement.lang") == "ar"
    assert inner.evaluate("document.documentElement.dir") == "rtl"
    assert re.search(SCRIPT["ar"], inner.locator("#controls").inner_text())
    assert_in_view(inner)
