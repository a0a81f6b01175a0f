"""Writes tests/data/i18n_snapshot.json: every player-facing text in English and Russian as the
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

LANGS = ("en", "ru")


def snapshot() -> dict:
    return json.loads(
        json.dumps(
            {
                "page": {key: list(pair) for key, pair in T.CATALOGUE.items()},
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
                    k: {lang: kind.name(lang) for lang in LANGS} for k, kind in MATCH_KINDS.items()
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
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    out = Path(__file__).with_name("i18n_snapshot.json")
    out.write_text(json.dumps(snapshot(), ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(out, out.stat().st_size)
