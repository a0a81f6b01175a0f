"""The translations come from gettext catalogues (nardy_core/locale, nardy_core/variants/i18n.py):
the Russian catalogue translates every message of the template, keeping its placeholders; the
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


def test_every_message_has_its_russian_translation():
    tool = _babel()
    pot = _messages(tool.read_po(tool.POT))
    po = _messages(tool.read_po(LOCALE / "ru" / "LC_MESSAGES" / "nardy.po", locale="ru"))
    assert pot, "an empty template"
    assert set(pot) <= set(po), sorted(set(pot) - set(po))[:5]
    for key in pot:
        message = po[key]
        assert not message.fuzzy, key
        forms = (message.string,) if isinstance(message.string, str) else message.string
        english = (message.id,) if isinstance(message.id, str) else message.id
        assert isinstance(message.id, str) or len(forms) == 3, key  # Russian: one, few, many
        assert forms and all(isinstance(s, str) and s.strip() for s in forms), key
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(english[-1])), key
    # every context is used once: equal English in two places can be translated apart
    assert len({context for context, _ in pot}) == len(pot)


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
    sys.path.insert(0, str(DATA))
    from make_i18n_snapshot import snapshot

    from nardy_core.ui import rules
    from nardy_core.ui import text as T

    before = json.loads((DATA / "i18n_snapshot.json").read_text(encoding="utf-8"))
    now = snapshot()
    assert sorted(now) == sorted(before)
    # the page's plural words are ngettext messages now, out of CATALOGUE (T.ntr)
    plurals = {key: before["page"].pop(key) for key in ("point_word", "game_word")}
    assert sorted(T.PLURALS) == sorted(plurals)
    for part in before:
        assert now[part] == before[part], part
    for key, pair in plurals.items():
        for lang, forms in zip(("en", "ru"), pair):
            for n in [*range(0, 130), 1001, 1011, 1021]:
                assert T.ntr(lang, key, n) == _old_plural(lang, n, forms), (key, lang, n)
    # the rules' "{n} points" (hand-made Russian forms before)
    for n in range(0, 130):
        ru = "%d %s" % (n, _old_plural("ru", n, "очко|очка|очков"))
        assert rules.number_words("koks_points", n, "ru") == ru
        assert rules.number_words("koks_points", n, "en") == f"{n} point" + ("" if n == 1 else "s")
