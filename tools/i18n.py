"""The translation catalogues (gettext, with Babel: a development tool, never a dependency).

    python tools/i18n.py extract   # nardy_core/locale/nardy.pot from the texts files, the games'
                                   # and matches' names and any _() / N_() call in the package
    python tools/i18n.py update    # merge the .pot into every nardy_core/locale/<lang>/LC_MESSAGES/nardy.po
    python tools/i18n.py compile   # nardy.mo next to every .po (git-ignored; tools/setup.sh and
                                   # tools/build_web.py run it; the wheel ships the .mo files)

The contexts (msgctxt) and the way the package reads the catalogues: nardy_core/variants/i18n.py.
A translator edits the .po (Poedit); `update` after the English changed, then `compile`.
"""

from __future__ import annotations

import inspect
import sys
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

LOCALE = ROOT / "nardy_core" / "locale"
POT = LOCALE / "nardy.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext_": (2,),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
WIDTH = 100


def _catalog(locale=None):
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=locale,
        domain="nardy",
        project="nardy",
        version="",
        copyright_holder="the nardy project",
        msgid_bugs_address="",
        charset="utf-8",
        fuzzy=False,
    )


def template():
    """The template (a Babel ``Catalog``): every message of the texts files, the names and the
    package's ``_()`` / ``N_()`` calls, in that order."""
    from babel.messages.extract import extract_from_dir

    from babel_extract import extract_json
    from nardy_core.engine.match import MATCH_KINDS
    from nardy_core.variants import VARIANTS

    catalog = _catalog()
    method_map = [
        ("nardy_core/ui/texts/*.json", extract_json),
        ("nardy_core/variants/texts/*.json", extract_json),
        ("nardy_core/**.py", "python"),
    ]
    found = extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS, comment_tags=("i18n:",))
    extracted = sorted(found, key=lambda row: (not row[0].endswith(".json"), row[0]))
    for filename, lineno, message, comments, context in extracted:
        if filename.endswith(".py") and "/variants/i18n.py" in "/" + filename:
            continue  # the reader's own helpers, not messages
        catalog.add(
            message,
            locations=[(filename, lineno)],
            auto_comments=comments,
            context=context,
        )
    for key, variant in VARIANTS.items():
        if not variant.__module__.startswith("nardy_core."):
            continue  # a game from outside the package brings its own translations
        catalog.add(variant.names["en"], locations=[(_where(variant), 0)], context=f"game:{key}")
    for key, kind in MATCH_KINDS.items():
        catalog.add(
            kind.names["en"], locations=[("nardy_core/engine/match.py", 0)], context=f"match:{key}"
        )
    return catalog


def _where(obj) -> str:
    try:
        return str(Path(inspect.getfile(obj)).resolve().relative_to(ROOT))
    except (TypeError, ValueError):
        return "?"


def write_po(path: Path, catalog, **kw) -> None:
    from babel.messages.pofile import write_po as _write

    out = BytesIO()
    _write(out, catalog, width=WIDTH, **kw)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def read_po(path: Path, locale=None):
    from babel.messages.pofile import read_po as _read

    with path.open("rb") as f:
        return _read(f, locale=locale, domain="nardy")


def po_files() -> list:
    return sorted(LOCALE.glob("*/LC_MESSAGES/nardy.po"))


def extract() -> None:
    catalog = template()
    write_po(POT, catalog, omit_header=False)
    print(f"i18n: {POT.relative_to(ROOT)}: {len(catalog)} messages")


def update() -> None:
    pot = read_po(POT)
    for po in po_files():
        lang = po.parent.parent.name
        catalog = read_po(po, locale=lang)
        catalog.update(pot)
        write_po(po, catalog)
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"i18n: {po.relative_to(ROOT)}: {fuzzy} fuzzy, {missing} untranslated")


def compile_all() -> int:
    from babel.messages.mofile import write_mo

    status = 0
    for po in po_files():
        lang = po.parent.parent.name
        catalog = read_po(po, locale=lang)
        for message, errors in catalog.check():
            for error in errors:
                status = 1
                print(f"i18n: {po.relative_to(ROOT)}: {message.context} {message.id!r}: {error}")
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        print(f"i18n: {mo.relative_to(ROOT)}")
    return status


def main(argv: list) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    return commands[argv[0]]() or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
