"""The translations come from gettext catalogues (nardy_core/locale, nardy_core/variants/i18n.py):
every language's catalogue translates every message of the template, keeping its placeholders,
markup, plural forms and glossary (tools/i18n.py check); the
template is up to date with the texts files and the code; and the page, the rules, the game
picker and the games' names say exactly what they said before the texts moved into the
catalogues (tests/data/i18n_snapshot.json, written by tests/data/make_i18n_snapshot.py from the
code of that time)."""

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "nardy_core" / "locale"
DATA = Path(__file__).resolve().parent / "data"
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def _babel():
    pytest.importorskip("babel", reason="Babel (requirements-dev.txt) reads the .po files")
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n as tool

    return tool


def _messages(catalog) -> dict:
    return {(m.context, m.id): m for m in catalog if m.id}


def _languages() -> list:
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/nardy.po"))


def test_the_languages_are_the_issue_s_fourteen():
    from nardy_core.variants import i18n

    wanted = {"en", "ru", "tr", "el", "az", "hy", "ka", "fa", "ar", "uk", "bg", "de", "fr", "es"}
    assert set(i18n.LANGUAGES) == wanted
    assert set(_languages()) == wanted - {"en"}


@pytest.mark.parametrize("lang", _languages())
def test_every_language_is_complete_and_right(lang):
    """No message missing, empty or fuzzy; the same placeholders as the English (a plural form
    for one may drop {n}); the same markup, each tag closed; as many plural forms as the language
    has; the glossary's words for the games' terms (tools/i18n.py check, docs/translating.md)."""
    tool = _babel()
    problems = tool.language_problems(lang)
    assert not problems, f"{len(problems)} problem(s), e.g. {problems[:6]}"


def test_the_check_finds_what_a_translator_gets_wrong():
    tool = _babel()
    from babel.messages.catalog import Message

    terms = {"checker": ["шаш"], "hit": ["бит", "бьёт"]}
    ok = Message("Hit a checker on {point}", "Побить шашку на {point}", context="x")
    assert tool.message_problems(ok, 3, terms) == []
    cases = {
        "Ударить фишку на {point}": "glossary: 'hit'",
        "Побить шашку на {where}": "placeholders",
        "Побить <b>шашку на {point}": "markup",
        "": "untranslated",
    }
    for text, problem in cases.items():
        found = tool.message_problems(Message(ok.id, text, context="x"), 3, terms)
        assert any(problem in p for p in found), (text, found)
    fuzzy = Message(ok.id, ok.string, context="x", flags=["fuzzy"])
    assert tool.message_problems(fuzzy, 3, terms) == ["fuzzy"]
    excused = Message(
        ok.id,
        "Ударить шашку на {point}",
        context="x",
        user_comments=["glossary-ok: hit (a reason)"],
    )
    assert tool.message_problems(excused, 3, terms) == []
    plural = Message(("{n} point", "{n} points"), ("{n} очко", "{n} очка"), context="x")
    assert any("plural forms" in p for p in tool.message_problems(plural, 3, terms))
    one_without_n = Message(("{n} point", "{n} points"), ("نقطة", "{n} نقاط"), context="x")
    assert tool.message_problems(one_without_n, 2, terms) == []


def test_the_template_is_up_to_date():
    tool = _babel()
    stored = {
        key: sorted(loc for loc, _ in m.locations)
        for key, m in _messages(tool.read_po(tool.POT)).items()
    }
    fresh = {
        key: sorted(loc for loc, _ in m.locations) for key, m in _messages(tool.template()).items()
    }
    assert stored == fresh, "run python tools/i18n.py extract (then update, compile)"


def test_the_compiled_catalogue_is_there_and_read():
    from nardy_core.variants import i18n

    assert (LOCALE / "ru" / "LC_MESSAGES" / "nardy.mo").exists()
    assert i18n.pgettext("ru", "game:long", "Long nardy") == "Длинные нарды"
    assert i18n.pgettext("en", "game:long", "Long nardy") == "Long nardy"
    assert i18n.pgettext("xx", "game:long", "Long nardy") == "Long nardy"


def test_a_missing_catalogue_says_how_to_compile(monkeypatch):
    from nardy_core.variants import i18n

    monkeypatch.setattr(i18n, "_TRANSLATIONS", {})
    monkeypatch.setattr(i18n, "DOMAIN", "no-such-domain")
    with pytest.raises(i18n.CatalogueMissing, match=r"python tools/i18n.py compile"):
        i18n.translation("ru")


def test_the_po_compiled_in_memory_is_the_compiled_catalogue():
    """A copy installed without the compile step reads the .po, compiled by ``pofile`` to the
    very messages msgfmt (Babel) writes."""
    import gettext
    import io

    from nardy_core.variants.pofile import mo_bytes

    folder = LOCALE / "ru" / "LC_MESSAGES"
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes((folder / "nardy.po").read_text("utf-8"))))
    with open(folder / "nardy.mo", "rb") as f:
        babel = gettext.GNUTranslations(f)
    assert len(ours._catalog) > 800
    assert ours._catalog == babel._catalog
    assert ours.npgettext("page:point_word", "point", "points", 22) == "очка"


def test_without_a_compiled_catalogue_the_po_is_read(monkeypatch, tmp_path):
    from nardy_core.variants import i18n

    po = (LOCALE / "ru" / "LC_MESSAGES" / "nardy.po").read_text("utf-8")
    folder = tmp_path / "nardy_core" / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "nardy.po").write_text(po, "utf-8")
    monkeypatch.setattr(i18n.resources, "files", lambda package: tmp_path / package)
    monkeypatch.setattr(i18n, "_TRANSLATIONS", {})
    assert i18n.pgettext("ru", "game:long", "Long nardy") == "Длинные нарды"


def test_a_fuzzy_or_empty_translation_is_left_out():
    import gettext
    import io

    from nardy_core.variants.pofile import mo_bytes

    po = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#, fuzzy\nmsgctxt "a"\nmsgid "One"\nmsgstr "Раз"\n\n'
        'msgctxt "b"\nmsgid "Two"\nmsgstr ""\n\n'
        'msgctxt "c"\nmsgid "Three \\"3\\""\nmsgstr ""\n"Три "\n"\\"3\\""\n'
    )
    catalogue = gettext.GNUTranslations(io.BytesIO(mo_bytes(po)))
    assert catalogue.pgettext("a", "One") == "One"
    assert catalogue.pgettext("b", "Two") == "Two"
    assert catalogue.pgettext("c", 'Three "3"') == 'Три "3"'


def test_inline_translations_of_a_game_from_outside():
    from nardy_core.variants import i18n

    assert i18n.name_in("ru", "game:toy", {"en": "Toy", "ru": "Игрушка"}) == "Игрушка"
    assert i18n.name_in("ru", "game:toy", {"en": "Toy"}) == "Toy"
    # the catalogue's translation comes before the inline one
    assert i18n.name_in("ru", "game:long", {"en": "Long nardy", "ru": "x"}) == "Длинные нарды"


def _old_plural(lang: str, count: int, forms: str) -> str:
    """text.py's ``plural`` of before the catalogues (``"one|few|many"`` / ``"one|other"``)."""
    options = forms.split("|")
    if lang == "ru" and len(options) == 3:
        n = abs(count) % 100
        if 10 < n < 20:
            return options[2]
        n %= 10
        return options[0] if n == 1 else options[1] if 2 <= n <= 4 else options[2]
    return options[0] if count == 1 else options[-1]


def test_the_texts_are_those_of_before_the_catalogues():
    """The English every page and panel shows is the English of before the catalogues (the
    lazy per-language lookups changed how texts are read, not what they say); the Russian of
    then has been translated on since, and is checked as every language is."""
    sys.path.insert(0, str(DATA))
    from make_i18n_snapshot import plain, snapshot

    from nardy_core.ui import rules
    from nardy_core.ui import text as T

    before = json.loads((DATA / "i18n_snapshot.json").read_text(encoding="utf-8"))
    before = plain(before)
    before["page"] = {key: pair[:1] for key, pair in before["page"].items()}
    before["page"]["language"] = ["Language"]  # was the toggle's "Русский": a menu now
    del before["page"]["language_name"]  # the same word twice: "language" says it now
    # the speed of a friend's moves on another device too (issue 23)
    before["page"]["pref_speed"] = ["Speed of the opponent's moves"]
    now = snapshot()
    assert sorted(now) == sorted(before)
    # the page's plural words are ngettext messages now, out of CATALOGUE (T.ntr)
    plurals = {key: before["page"].pop(key) for key in ("point_word", "game_word")}
    assert sorted(T.PLURALS) >= sorted(plurals)
    added = set(now["page"]) - set(before["page"])
    new = ("term_", "language_", "err_unknown_language", "unsupported_", "menu", "actions")
    new += ("friend", "your_name")  # the game with a friend on another device
    new += ("rollout",)  # rolling out a hint's plays in the page (docs/rollouts.md)
    new += ("tutor",)  # tutor mode (issue 24)
    assert all(k.startswith(new) for k in added), added
    now["page"] = {k: v for k, v in now["page"].items() if k not in added}
    for part in before:
        assert now[part] == before[part], part
    for key, (english,) in plurals.items():
        for n in [*range(0, 130), 1001, 1011, 1021]:
            assert T.ntr("en", key, n) == _old_plural("en", n, english), (key, n)
    for n in range(0, 130):
        assert rules.number_words("koks_points", n, "en") == f"{n} point" + ("" if n == 1 else "s")


def test_a_language_from_the_browser_or_the_locale():
    from nardy_core.variants.i18n import best_language, direction, match_language

    assert best_language("ru-RU") == "ru"
    assert best_language("uk_UA.UTF-8") == "uk"
    assert best_language("pt-BR", "de-AT", "en") == "de"  # the first with a catalogue
    for code in ("kk", "ky-KG", "uz", "tg", "tk", "be-BY"):
        assert best_language(code) == "ru", code
    assert best_language("pt-BR") == best_language() == best_language("C", "POSIX") == "en"
    assert best_language("uk:ru") == "uk" and best_language("xx:ru") == "ru"  # LANGUAGE's list
    assert match_language("zz") is None and match_language(None) is None
    assert match_language("AR") == "ar" and direction("ar") == direction("fa") == "rtl"
    assert direction("hy") == direction("en") == "ltr"


def test_each_language_names_itself_from_its_header_alone():
    from nardy_core.variants import i18n

    names = {code: i18n.about(code)["name"] for code in i18n.LANGUAGES}
    assert names["en"] == "English" and names["ru"] == "Русский" and names["hy"] == "Հայերեն"
    assert names["ka"] == "ქართული" and names["fa"] == "فارسی" and names["de"] == "Deutsch"
    assert len(set(names.values())) == len(names)
    po = (LOCALE / "fa" / "LC_MESSAGES" / "nardy.po").read_text(encoding="utf-8")
    from nardy_core.variants.pofile import mo_bytes, po_header

    assert i18n._mo_header(mo_bytes(po)) == po_header(po)
    assert po_header(po)["X-Native-Name"] == "فارسی"


def test_a_page_in_one_language_reads_only_its_catalogue(monkeypatch):
    from nardy_core import get_variant
    from nardy_core.ui import rules
    from nardy_core.ui import text as T
    from nardy_core.variants import i18n

    monkeypatch.setattr(i18n, "_TRANSLATIONS", {})
    monkeypatch.setattr(T, "_FOUND", {})
    monkeypatch.setattr(rules, "_MEMO", {})
    monkeypatch.setattr(rules, "_WORDS", rules._words_table())
    html = rules.rules_panel_html(get_variant("plakoto"), "uk")
    T.tr("uk", "new_game")
    assert set(i18n._TRANSLATIONS) == {"uk"}
    assert "<h3>Плакото</h3>" in html


def test_the_terminal_game_speaks_the_language(monkeypatch, capsys):
    import io

    from nardy_core.cli.main import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    main(["play", "--game", "long", "--seed", "1", "--lang", "ru"])
    out = capsys.readouterr().out
    assert "Длинные нарды" in out and "Enter — бросок" in out and "До свидания" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    monkeypatch.setenv("LANG", "kk_KZ.UTF-8")  # no Kazakh catalogue: Russian
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    main(["play", "--game", "short", "--seed", "1"])
    assert "До свидания" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    main(["play", "--game", "short", "--seed", "1"])
    assert "Goodbye" in capsys.readouterr().out
