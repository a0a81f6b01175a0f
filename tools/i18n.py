"""The translation catalogues (gettext, with Babel: a development tool, never a dependency).

    python tools/i18n.py extract   # nardy_core/locale/nardy.pot from the texts files, the games'
                                   # and matches' names and any _() / N_() call in the package
    python tools/i18n.py update    # merge the .pot into every nardy_core/locale/<lang>/LC_MESSAGES/nardy.po
    python tools/i18n.py compile   # nardy.mo next to every .po (git-ignored; tools/setup.sh and
                                   # tools/build_web.py run it; the wheel ships the .mo files)
    python tools/i18n.py check [LANG ...]   # what a language still lacks or gets wrong: missing,
                                   # empty or fuzzy messages, placeholders, markup, plural forms,
                                   # the glossary's terms (docs/translating.md)
    python tools/i18n.py init LANG # a new language: its .po from the template
    python tools/i18n.py todo LANG [N]      # the first N (default 40) untranslated messages as
                                   # JSON, {context: {"en": ..., "plural"?: ...}}
    python tools/i18n.py fill LANG FILE.json  # translations {context: text or [forms]} into the
                                   # .po, each checked as `check` does; a wrong one is refused

The contexts (msgctxt) and the way the package reads the catalogues: nardy_core/variants/i18n.py.
A translator edits the .po (Poedit); `update` after the English changed, then `compile`.
"""

from __future__ import annotations

import inspect
import json
import re
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
# the plural rules of gettext's own tables (GNU gettext, Unicode CLDR as Weblate writes them):
# Babel's older data gives Turkish, Armenian, Georgian and Persian one form
PLURAL_FORMS = {
    "ar": "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
    "n%100>=11 ? 4 : 5);",
    "az": "nplurals=2; plural=(n != 1);",
    "bg": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "el": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fa": "nplurals=2; plural=(n > 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "hy": "nplurals=2; plural=(n > 1);",
    "ka": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);",
    "tr": "nplurals=2; plural=(n != 1);",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);",
}
NATIVE_NAMES = {
    "ar": "العربية",
    "az": "Azərbaycanca",
    "bg": "Български",
    "de": "Deutsch",
    "el": "Ελληνικά",
    "es": "Español",
    "fa": "فارسی",
    "fr": "Français",
    "hy": "Հայերեն",
    "ka": "ქართული",
    "ru": "Русский",
    "tr": "Türkçe",
    "uk": "Українська",
}


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
    """The catalogue as a .po, with the header fields Babel does not know (``X-Native-Name``,
    ``X-Reviewed-By``: ``catalog.extra_headers``) and the language's own plural rule kept."""
    from babel.messages.pofile import write_po as _write

    lang = str(catalog.locale) if catalog.locale else None
    if lang in PLURAL_FORMS:  # Babel writes the rule it holds (its locale data's, or the file's)
        rule = PLURAL_FORMS[lang]
        catalog._num_plurals = int(re.search(r"nplurals=(\d+)", rule)[1])
        catalog._plural_expr = re.search(r"plural=(.*);", rule)[1]
    out = BytesIO()
    _write(out, catalog, width=WIDTH, **kw)
    text = out.getvalue().decode("utf-8")
    extra = dict(getattr(catalog, "extra_headers", {}))
    if extra:
        lines = "".join(f'"{k}: {v}\\n"\n' for k, v in extra.items())
        text = text.replace('"MIME-Version: ', lines + '"MIME-Version: ', 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def read_po(path: Path, locale=None):
    from babel.messages.pofile import read_po as _read

    from nardy_core.variants.pofile import po_header

    with path.open("rb") as f:
        catalog = _read(f, locale=locale, domain="nardy")
    header = po_header(path.read_text(encoding="utf-8"))
    catalog.extra_headers = {k: v for k, v in header.items() if k.startswith("X-")}
    return catalog


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
    """Every .po checked (Babel's checks) and compiled to its .mo, by the package's own compiler
    (``variants/pofile.py``: the header kept whole, ``X-Native-Name`` with it)."""
    from nardy_core.variants.pofile import mo_bytes

    status = 0
    for po in po_files():
        lang = po.parent.parent.name
        catalog = read_po(po, locale=lang)
        for message, errors in catalog.check():
            for error in errors:
                status = 1
                print(f"i18n: {po.relative_to(ROOT)}: {message.context} {message.id!r}: {error}")
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(po.read_text(encoding="utf-8")))
        print(f"i18n: {mo.relative_to(ROOT)}")
    return status


# ---------------------------------------------------------------------------------------------
# Checking a language (the test suite runs the same checks: tests/test_i18n.py)

# The games' vocabulary: each term (its English forms) must be said with the words the language's
# glossary fixes for it (the .po's header comment, "# glossary: <term> = <word>, <word>, ..."; a
# word may be a stem: "бь" finds "бьёт"). A message that rightly says the term otherwise carries
# a translator's comment "# glossary-ok: <term>" (and why).
TERMS = {
    "checker": r"\bcheckers?\b",
    "hit": r"\bhit(s|ting)?\b",
    "blot": r"\bblots?\b",
    "bar": r"\bbar\b",
    "head": r"\bhead\b",
    "home": r"\bhome\b",
    "bear off": r"\bbear(s|ing)? ?(off|-off)\b|\bborne off\b",
    "cube": r"\bcube\b",
    "gammon": r"\bgammons?\b",
    "mars": r"\bmars\b",
    "pip": r"\bpips?\b",
    "prime": r"\bprimes?\b",
    "block": r"\bblock(s|ed|ing)?\b",
    "resign": r"\bresign(s|ed|ing|ation|ations)?\b",
}
_GLOSSARY_LINE = re.compile(r"^glossary:\s*(?P<term>[^=]+?)\s*=\s*(?P<words>.+)$")
_PLACEHOLDER = re.compile(r"\{(\w*)\}")
_TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)[^>]*>")


def _same_markup(text: str, english: str) -> bool:
    """The same kinds of tag as the English, each opened as often as closed (a translation may
    set one more word in bold)."""

    def tags(t: str) -> dict:
        counts: dict = {}
        for m in re.finditer(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>", t):
            if m[3]:
                continue  # <br/>
            key = m[2].lower()
            counts[key] = counts.get(key, 0) + (-1 if m[1] else 1)
            if counts[key] < 0:
                return {"unbalanced": 1}
        return counts

    mine, theirs = tags(text), tags(english)
    return set(mine) == set(theirs) and not any(mine.values())


def glossary(catalog) -> dict:
    """``{term: [word, ...]}`` from the catalogue's header comment."""
    found = {}
    for line in (catalog.header_comment or "").splitlines():
        m = _GLOSSARY_LINE.match(line.lstrip("#").strip())
        if m:
            found[m["term"].strip()] = [
                w.strip().lower() for w in m["words"].split(",") if w.strip()
            ]
    return found


def _forms(message) -> list:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def _sources(message) -> list:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def message_problems(message, nplurals: int, terms: dict) -> list:
    """What is wrong with one translated message (an empty list: nothing)."""
    problems = []
    forms = _forms(message)
    sources = _sources(message)
    if message.fuzzy:
        problems.append("fuzzy")
    if not all(forms):
        return problems + ["untranslated"]
    if len(sources) > 1 and len(forms) != nplurals:
        problems.append(f"{len(forms)} plural forms, the language has {nplurals}")
    wanted = {n for src in sources for n in _PLACEHOLDER.findall(src)}
    for form in forms:
        got = set(_PLACEHOLDER.findall(form))
        # a plural form may leave out the number itself ("one point" for 1)
        needed = wanted - {"n"} if len(sources) > 1 else wanted
        if not needed <= got or not got <= wanted:
            problems.append(f"placeholders {sorted(got)} where the English has {sorted(wanted)}")
        if not _same_markup(form, sources[0]):
            problems.append("markup differs from the English (its tags, each closed)")
    english = " ".join(sources)
    allowed = {
        c.split(":", 1)[1].split("(")[0].strip()  # "glossary-ok: head (the idiom head to tail)"
        for c in message.user_comments
        if c.startswith("glossary-ok:")
    }
    for term, words in terms.items():
        if term in allowed or term not in TERMS or not re.search(TERMS[term], english, re.I):
            continue
        for form in forms:
            if not any(w in form.lower() for w in words):
                problems.append(f"glossary: {term!r} should be one of {words}")
                break
    return problems


def language_problems(lang: str) -> list:
    """Every problem of a language's catalogue against the template: ``[(context, text)]``."""
    po = LOCALE / lang / "LC_MESSAGES" / "nardy.po"
    if not po.is_file():
        return [("", f"no catalogue {po.relative_to(ROOT)}")]
    catalog = read_po(po, locale=lang)
    pot = read_po(POT)
    problems = []
    header = catalog.extra_headers
    if not header.get("X-Native-Name"):
        problems.append(("", "the header lacks X-Native-Name (the language in its own name)"))
    terms = glossary(catalog)
    for term in TERMS:
        if not terms.get(term):
            problems.append(("", f"the glossary gives no word for the term {term!r}"))
    for message in pot:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None:
            problems.append((message.context, "missing (run tools/i18n.py update)"))
            continue
        for problem in message_problems(found, catalog.num_plurals, terms):
            problems.append((message.context, problem))
    for message in catalog:
        if message.id and pot.get(message.id, context=message.context) is None:
            problems.append((message.context, "not in the template (obsolete)"))
    return problems


def check_command(langs: list) -> int:
    langs = langs or [po.parent.parent.name for po in po_files()]
    status = 0
    for lang in langs:
        problems = language_problems(lang)
        for context, problem in problems:
            print(f"{lang}: {context}: {problem}")
        print(f"i18n check {lang}: {len(problems)} problem(s)")
        status = status or (1 if problems else 0)
    return status


def init(lang: str) -> int:
    """A new language's catalogue from the template, its header filled in."""
    po = LOCALE / lang / "LC_MESSAGES" / "nardy.po"
    if po.exists():
        print(f"i18n: {po.relative_to(ROOT)} is there already")
        return 1
    pot = read_po(POT)
    catalog = _catalog(locale=lang)
    catalog.update(pot)
    catalog.header_comment = HEADER_COMMENT.format(lang=lang)
    catalog.extra_headers = {"X-Native-Name": NATIVE_NAMES.get(lang, ""), "X-Reviewed-By": ""}
    write_po(po, catalog)
    print(f"i18n: {po.relative_to(ROOT)}: {len(catalog)} messages to translate")
    return 0


HEADER_COMMENT = """\
# The nardy project's texts in {lang} (docs/translating.md).
# X-Reviewed-By (header) names who read the whole catalogue as a speaker of the language; empty,
# the page's language menu marks it "not yet reviewed".
#
# Glossary: each term of the games is said with these words (a word may be a stem);
# tools/i18n.py check finds a message that says the term otherwise.
""" + "".join(f"# glossary: {term} = \n" for term in TERMS)


def todo(lang: str, limit: int) -> int:
    """The first ``limit`` untranslated (or fuzzy) messages, as JSON."""
    catalog = read_po(LOCALE / lang / "LC_MESSAGES" / "nardy.po", locale=lang)
    out = {}
    left = 0
    for message in catalog:
        if not message.id or (all(_forms(message)) and not message.fuzzy):
            continue
        left += 1
        if len(out) < limit:
            sources = _sources(message)
            entry = {"en": sources[0]}
            if len(sources) > 1:
                entry["plural"] = sources[1]
                entry["forms"] = catalog.num_plurals
            out[message.context] = entry
    print(json.dumps(out, ensure_ascii=False, indent=1))
    print(f"# {left} untranslated in all", file=sys.stderr)
    return 0


def fill(lang: str, path: Path) -> int:
    """Translations ``{context: text or [forms]}`` into the catalogue: each is checked (as
    ``check``, the glossary included) and a wrong one is refused with the reason."""
    po = LOCALE / lang / "LC_MESSAGES" / "nardy.po"
    catalog = read_po(po, locale=lang)
    by_context = {m.context: m for m in catalog if m.id}
    terms = glossary(catalog)
    given = json.loads(path.read_text(encoding="utf-8"))
    taken = refused = 0
    for context, text in given.items():
        message = by_context.get(context)
        if message is None:
            print(f"refused {context}: no such message")
            refused += 1
            continue
        old_string, old_flags = message.string, set(message.flags)
        message.string = tuple(text) if isinstance(message.id, (list, tuple)) else text
        message.flags.discard("fuzzy")
        problems = message_problems(message, catalog.num_plurals, terms)
        if problems:
            message.string, message.flags = old_string, old_flags
            print(f"refused {context}: {'; '.join(problems)}")
            refused += 1
        else:
            taken += 1
    write_po(po, catalog)
    left = sum(1 for m in catalog if m.id and (not all(_forms(m)) or m.fuzzy))
    print(f"i18n fill {lang}: {taken} taken, {refused} refused, {left} still untranslated")
    return 1 if refused else 0


def main(argv: list) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if argv and argv[0] == "check":
        return check_command(argv[1:])
    if len(argv) == 2 and argv[0] == "init":
        return init(argv[1])
    if len(argv) in (2, 3) and argv[0] == "todo":
        return todo(argv[1], int(argv[2]) if len(argv) == 3 else 40)
    if len(argv) == 3 and argv[0] == "fill":
        return fill(argv[1], Path(argv[2]))
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    return commands[argv[0]]() or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
