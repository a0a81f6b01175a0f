"""Writes tests/data/i18n_snapshot.json: every player-facing text in English as the
code gave it before the texts moved into gettext catalogues (run once, before the move; kept so
that tests/test_i18n.py can check the catalogues give the very same words)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from nardy_core.engine.match import MATCH_KINDS  # noqa: E402
from nardy_core.ui import gamelist, rules  # noqa: E402
from nardy_core.ui import text as T  # noqa: E402
from nardy_core.variants import VARIANTS  # noqa: E402

LANGS = ("en",)  # the Russian of before is the catalogue's now, translated on since


def plain(data, langs=LANGS):
    """``data`` as plain JSON values; a per-language mapping (``i18n.Localised``, ``WithTexts``,
    ``PerLanguage``) keeps the languages of ``langs`` and its other keys."""
    from collections.abc import Mapping

    from nardy_core.variants import i18n

    if isinstance(data, Mapping):
        keys = list(dict.keys(data)) if isinstance(data, dict) else []
        if isinstance(data, (i18n.Localised, i18n.PerLanguage, i18n.WithTexts)):
            keys = [k for k in keys if k not in i18n.LANGUAGES] + list(langs)
        elif not isinstance(data, dict):
            keys = list(data)
        return {k: plain(data[k], langs) for k in keys if k not in i18n.LANGUAGES or k in langs}
    if isinstance(data, (list, tuple)):
        return [plain(v, langs) for v in data]
    return data


def snapshot() -> dict:
    return json.loads(
        json.dumps(
            plain(
                {
                    "page": {key: [english] for key, english in T.CATALOGUE.items()},
                    "options": dict(rules.OPTIONS),
                    "titles": dict(rules.GAME_TITLES),
                    "rules_html": {
                        g: {lang: rules.rules_html(g, lang) for lang in LANGS} for g in VARIANTS
                    },
                    "option_fields": {
                        g: {lang: rules.option_fields(g, lang) for lang in LANGS} for g in VARIANTS
                    },
                    "game_names": {
                        g: {lang: rules.game_name(g, lang) for lang in LANGS} for g in VARIANTS
                    },
                    "match_names": {
                        k: {lang: kind.name(lang) for lang in LANGS}
                        for k, kind in MATCH_KINDS.items()
                    },
                    "gamelist": {lang: gamelist.entries(lang) for lang in LANGS},
                    "about": gamelist.about(),
                    "results": {
                        lang: [
                            T.result_text(
                                lang, {"winner": 0, "kind": "mars", "reason": "", "points": n}
                            )
                            for n in (1, 2, 3, 5, 11, 21, 22)
                        ]
                        for lang in LANGS
                    },
                }
            ),
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    out = Path(__file__).with_name("i18n_snapshot.json")
    out.write_text(json.dumps(snapshot(), ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(out, out.stat().st_size)
