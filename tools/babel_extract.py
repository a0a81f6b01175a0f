"""Babel extractor for the texts files (``nardy_core/ui/texts/page.json``,
``nardy_core/variants/texts/<file>.json``): every text (a JSON object with an ``"en"`` string) is
a message, its English the msgid (a plural text, ``{"en": singular, "plural": plural}``, an
ngettext message), its context ``<file stem>:<path in the file>``
(``nardy_core/variants/i18n.py`` reads them with the same contexts).

Used by ``tools/i18n.py extract`` (as the method of ``**/texts/*.json``); with pybabel, map it as
``[tools.babel_extract:extract_json: nardy_core/**/texts/*.json]`` (tools/ on the path).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nardy_core.variants.i18n import texts_in  # noqa: E402


def extract_json(fileobj, keywords, comment_tags, options):
    """Babel's extractor interface: ``(lineno, funcname, messages, comments)`` per text, as a
    ``pgettext(context, msgid)`` call (the line: where the English string first stands after the
    previous one)."""
    raw = fileobj.read()
    source = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    stem = os.path.splitext(os.path.basename(getattr(fileobj, "name", "texts.json")))[0]
    position = 0
    for path, english, plural in texts_in(json.loads(source)):
        found = source.find(json.dumps(english, ensure_ascii=False), position)
        if found < 0:
            lineno = 0
        else:
            position = found
            lineno = source.count("\n", 0, found) + 1
        if plural is None:
            yield lineno, "pgettext", (f"{stem}:{path}", english), []
        else:
            yield lineno, "npgettext", (f"{stem}:{path}", english, plural), []
