"""The Rules panel's texts (nardy_core/ui/rules.py): every game in both languages, simple
well-formed HTML, an explanation for every option the engine declares, and a renderer that
never raises."""

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nardy_core.ui import rules
from nardy_core.ui.rules import DEFAULTS, GAME_OPTIONS, OPTIONS, RULES, rules_html
from nardy_core.variants import VARIANTS, get_variant

GAMES = (
    "long",
    "short",
    "caucasian",
    "portes",
    "longgammon",
    "irish",
    "jacquet",
    "dutch_tricktrack",
    "russian_tricktrack",
    "fayles",
    "tawula",
    "tourne_case",
    "plakoto",
    "fevga",
    "moultezim",
    "gul_bara",
    "gioul",
    "khachapuri",
)

# VARIANT_RULES.md 5a: key -> values (default first); None = yes/no option
SPEC_5A = {
    "fayles_hit_on_own1": ("LEGAL", "ILLEGAL"),
    "tourne_rows": ("PARALLEL", "CONTRARY"),
    "tourne_dice": ("BOTH", "LOWER"),
    "tourne_overshoot": None,
    "dutch_rule": ("PRIME", "HOYLE_HIT"),
    "dutch_entry": ("ALL_FIRST", "FREE"),
    "russian_rules": ("SRC", "RUSSIAN_HOYLE"),
    "russian_backgammon": None,
    "irish_close": ("FORBID", "PENALTY"),
    "irish_bear_off": ("LIBERAL", "STD"),
    "bear_off_requires_unpinned": None,
    "KHACH_SCORE": ("DIFF", "LN"),
    "transfer_all_rolls": None,
    "escalation_lookahead": ("BLOCK", "FULL"),
    "tawula_entry": ("SRC", "FALKENER"),
    "tawula_far_cap": ("2", "1"),
    "tawula_head": ("13", "19"),
    "tawula_open_rule": ("BROAD", "NARROW"),
    "tawula_capote": ("AT_LEAST_ONE", "EXACTLY_ONE"),
    "tawula_lock_lift": ("MID_TURN", "NEXT_TURN"),
    "jacquet_courier": None,
    "jacquet_backgammon": None,
    "fevga_start_table": ("ALWAYS", "ONLY_IF_STUCK"),
    "moultezim_gammon": None,
}

ALLOWED_CHILDREN = {
    None: {"h3", "p", "ul"},
    "h3": {"b"},
    "p": {"b"},
    "b": set(),
    "ul": {"li"},
    "li": {"b", "ul", "p"},
}


class _Checker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []

    def handle_starttag(self, tag, attrs):
        parent = self.stack[-1] if self.stack else None
        if tag not in ALLOWED_CHILDREN:
            self.errors.append(f"tag <{tag}> not allowed")
        elif tag not in ALLOWED_CHILDREN.get(parent, set()):
            self.errors.append(f"<{tag}> inside <{parent}>")
        if attrs:
            self.errors.append(f"<{tag}> has attributes {attrs}")
        self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.errors.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> does not close {self.stack[-1:] or 'anything'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        if data.strip() and self.stack and self.stack[-1] == "ul":
            self.errors.append(f"text directly in <ul>: {data[:30]!r}")

    def handle_comment(self, data):
        self.errors.append("comment")

    def handle_decl(self, decl):
        self.errors.append("declaration")

    def handle_pi(self, data):
        self.errors.append("processing instruction")


def html_errors(text, inline=False):
    checker = _Checker()
    if inline:  # a fragment that goes inside <p> or <li>: only <b> allowed
        checker.stack.append("p")
    checker.feed(text)
    checker.close()
    expected = ["p"] if inline else []
    if checker.stack != expected:
        checker.errors.append(f"unclosed {checker.stack}")
    if re.search(r"<(?!/?(h3|p|ul|li|b)>)", text):
        checker.errors.append("a '<' that is not one of the allowed tags")
    return checker.errors


def words(html):
    return len(re.sub(r"<[^>]+>", " ", html).split())


def spec_options(game):
    return get_variant(game).options.specs


# --- the texts


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_both_languages(game):
    assert set(RULES[game]) >= {"en", "ru"}
    for lang in ("en", "ru"):
        assert 150 <= words(RULES[game][lang]) <= 400, (game, lang, words(RULES[game][lang]))
        assert RULES[game][lang].startswith("<h3>")
    assert re.search("[а-яё]", RULES[game]["ru"], re.I)
    assert rules.GAME_TITLES[game]["en"] and rules.GAME_TITLES[game]["ru"]


def test_only_the_listed_games():
    assert set(RULES) == set(GAMES) == set(GAME_OPTIONS) == set(DEFAULTS)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_texts_are_simple_well_formed_html(game, lang):
    assert html_errors(RULES[game][lang]) == []
    assert html_errors(rules_html(game, lang)) == []
    assert html_errors(rules_html(game, lang, options=[])) == []


def test_option_texts_are_plain_sentences():
    for key, entry in OPTIONS.items():
        for lang in ("en", "ru"):
            assert entry[lang].strip(), (key, lang)
            assert html_errors(entry[lang], inline=True) == [], (key, lang)
            assert entry["title"][lang].strip(), (key, lang)
            assert html_errors(entry["title"][lang], inline=True) == [], (key, lang)
            for value, texts in entry.get("choices", {}).items():
                assert texts[lang].strip(), (key, value, lang)
                assert html_errors(texts[lang], inline=True) == [], (key, value, lang)
                item = rules.option_text(key, lang, value=value)
                assert html_errors("<ul>" + item + "</ul>") == [], (key, value, lang)


def test_key_words_of_each_game():
    # a few facts a reader must find (guards against texts swapped between games)
    assert "голов" in RULES["long"]["ru"] and "марс" in RULES["long"]["ru"]
    assert "ойн" in RULES["long"]["ru"]
    assert "кокс" in RULES["short"]["ru"] and "бар" in RULES["short"]["ru"]
    assert "three dice" in RULES["fayles"]["en"]
    assert "pins" in RULES["plakoto"]["en"] and "mother" in RULES["plakoto"]["en"]
    assert "7 points" in RULES["tawula"]["en"]
    assert "15 minus" in RULES["khachapuri"]["en"]
    assert "opponent plays the rest" in RULES["gioul"]["en"]
    assert "rest of the list is lost" in RULES["gul_bara"]["en"]
    assert "three checkers" in RULES["tourne_case"]["en"]
    assert "Doubles count once" in RULES["irish"]["en"]
    assert "no cube" in RULES["portes"]["en"] and "backgammon" in RULES["portes"]["en"]


# --- the options


def test_every_game_option_is_explained_with_a_default():
    for game, keys in GAME_OPTIONS.items():
        assert len(keys) == len(set(keys)), game
        for key in keys:
            assert key in OPTIONS, (game, key)
            default = DEFAULTS[game][key]
            choices = OPTIONS[key].get("choices")
            if choices:
                assert default.lower() in {c.lower() for c in choices}, (game, key, default)


def test_every_spec_option_of_the_other_games_is_explained():
    for key, values in SPEC_5A.items():
        assert key in OPTIONS, key
        choices = OPTIONS[key].get("choices")
        if values is None:
            assert not choices, key
        else:
            assert list(choices) == list(values), key
    for game, keys in GAME_OPTIONS.items():
        for key in keys:
            if key in SPEC_5A:
                values = SPEC_5A[key]
                assert DEFAULTS[game][key] == (values[0] if values else DEFAULTS[game][key])
    assert DEFAULTS["russian_tricktrack"]["russian_backgammon"] == "true"
    assert DEFAULTS["moultezim"]["moultezim_gammon"] == "true"
    assert DEFAULTS["plakoto"]["bear_off_requires_unpinned"] == "true"
    assert DEFAULTS["gioul"]["transfer_all_rolls"] == "false"


@pytest.mark.parametrize("game", sorted(set(VARIANTS) | {"long", "short", "caucasian"}))
def test_registered_games_options_are_explained(game):
    assert game in RULES, f"registered game {game!r} has no rules text"
    for spec in spec_options(game):
        entry = OPTIONS.get(spec.key)
        assert entry is not None, f"{game}: option {spec.key!r} has no explanation"
        assert entry["en"].strip() and entry["ru"].strip()
        # GAME_OPTIONS may lag behind a game that gains an option; where it lists the key, its
        # default must be the engine's
        if spec.key in DEFAULTS[game]:
            assert DEFAULTS[game][spec.key].lower() == spec.format(spec.default).lower(), (
                game,
                spec.key,
            )
        if spec.kind == "choice":
            named = {str(v).lower() for v in entry.get("choices", {})}
            for choice in spec.choices:
                assert str(choice).lower() in named, (game, spec.key, choice)
        # the listing for the variant's own keys shows every one of them
        html = rules_html(game, "ru", [s.key for s in spec_options(game)])
        assert entry["title"]["ru"] in html


@pytest.mark.parametrize("game", ["long", "short", "caucasian"])
def test_core_option_order_follows_the_engine(game):
    assert GAME_OPTIONS[game] == [s.key for s in spec_options(game)]


# --- rules_html


def test_rules_html_structure():
    html = rules_html("long", "en")
    assert html.startswith(RULES["long"]["en"])
    assert "<h3>Options</h3>" in html
    assert OPTIONS["head_exception"]["title"]["en"] in html
    assert "(usual)" in html
    ru = rules_html("long", "ru")
    assert "<h3>Варианты правил</h3>" in ru and "(обычно)" in ru
    assert rules_html("portes", "ru", []).endswith("<p>У этой игры нет вариантов правил.</p>")
    # only the options passed are listed
    only = rules_html("long", "en", ["koks_rule"])
    assert OPTIONS["koks_rule"]["title"]["en"] in only
    assert OPTIONS["head_exception"]["title"]["en"] not in only
    # defaults are per game
    long_starter = rules_html("long", "en", ["next_game_starter"])
    assert "<b>The players take turns (colours swap)</b> (usual): " in long_starter
    assert "alternate" not in long_starter and "opening_roll" not in long_starter
    assert "<b>An opening throw of one die each</b> (usual)" in rules_html(
        "short", "en", ["next_game_starter"]
    )


def test_rules_html_accepts_option_objects_and_marks_values():
    variant = get_variant("long", {"head_exception": "list", "cube_enabled": True})
    by_specs = rules_html("long", "en", variant.options)
    assert by_specs == rules_html("long", "en", [s.key for s in variant.options.specs])
    assert by_specs == rules_html("long", "en", list(variant.options.specs))
    marked = rules_html("long", "en", variant.options, values=variant.options.values)
    assert marked.count("in this game") == 2
    assert "<b>in this game: Always with 6-6, 4-4, 3-3</b>" in marked
    assert "<b>in this game: Yes</b>" in marked
    assert html_errors(marked) == []
    ru = rules_html("long", "ru", variant.options, values=dict(variant.options.values))
    assert ru.count("в этой партии") == 2


def test_unknown_language_falls_back_to_english():
    for lang in (None, "xx", "RU ", 5, "", b"ru"):
        assert rules_html("short", lang) == rules_html("short", "en")


ODD_GAMES = [
    None,
    "",
    "LONG",
    "nope",
    5,
    3.5,
    b"long",
    ("long",),
    ["short"],
    {"k": 1},
    object(),
    "<script>",
    "long\x00",
]
ODD_OPTIONS = [
    None,
    [],
    (),
    "cube_enabled",
    b"x",
    5,
    object(),
    [None, 5, "unknown_key", b"jacoby"],
    {"jacoby": True, 3: 4},
    ["cube_enabled", "cube_enabled"],
    iter(["jacoby"]),
    [object()],
    "<b>",
]
ODD_VALUES = [
    None,
    {},
    {"jacoby": object()},
    {"head_exception": None},
    [1, 2],
    "x",
    {"head_exception_rolls": frozenset({4, 6})},
    {"max_cube": 64},
    {"cube_enabled": "<script>"},
]


@pytest.mark.parametrize("game", ODD_GAMES)
def test_odd_games_never_raise(game):
    for lang in ("en", "ru", None, 7):
        html = rules_html(game, lang)
        assert isinstance(html, str) and html
        assert html_errors(html) == []
    assert rules_html("nope", "en") == "<p>There is no rules text for this game yet.</p>"
    assert rules_html("nope", "ru") == "<p>Для этой игры описания правил пока нет.</p>"


@pytest.mark.parametrize("options", ODD_OPTIONS, ids=range(len(ODD_OPTIONS)))
@pytest.mark.parametrize("game", ["long", "tawula", "nope"])
def test_odd_options_and_values_never_raise(game, options):
    for values in ODD_VALUES:
        for lang in ("en", "ru"):
            html = rules_html(game, lang, options, values)
            assert isinstance(html, str) and html
            assert html_errors(html) == [], html


def test_unknown_option_key_is_listed_by_key_and_escaped():
    html = rules_html("long", "en", ["unknown_key", "<i>"])
    assert "<b>unknown_key</b>: no explanation yet." in html
    assert "&lt;i&gt;" in html and "<i>" not in html


def test_value_marks():
    html = rules_html(
        "long", "en", ["head_exception_rolls"], {"head_exception_rolls": frozenset({4, 6})}
    )
    assert "in this game: 4-4 and 6-6" in html
    same = rules_html(
        "long", "en", ["head_exception_rolls"], {"head_exception_rolls": frozenset({3, 4, 6})}
    )
    assert "in this game" not in same
    tawula = rules_html("tawula", "ru", values={"tawula_far_cap": 1, "tawula_head": "13"})
    assert tawula.count("в этой партии") == 1


# --- the module itself


def test_module_is_plain_python():
    # a reader and renderer: the texts are data files, the games the registry's
    source = Path(rules.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source, feature_version=(3, 8))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            pytest.fail(f"import {[a.name for a in node.names]}")
        if isinstance(node, ast.ImportFrom):
            assert (node.level, node.module) in (
                (0, "__future__"),
                (0, "functools"),
                (0, "collections.abc"),
                (0, "typing"),
                (2, "variants"),
            ), node.module
    assert len(source.splitlines()) < 700  # no tables of texts left in it


def test_every_result_kind_of_every_game_has_words_in_both_languages():
    from nardy_core.ui.text import CATALOGUE, PLURALS, outcome_word
    from nardy_core.variants import VARIANTS

    for key, cls in VARIANTS.items():
        for kind in cls.outcome_kinds:
            en, ru = outcome_word("en", kind), outcome_word("ru", kind)
            assert en and ru and en != ru, (key, kind)
    assert outcome_word("en", "double") == "double game"  # tourne-case's 2 points
    # the catalogue has one entry per key: a second one silently replaces the first
    # (tourne-case's "double" game once renamed the cube's Double button)
    # (the loader refuses a key twice: _load_catalogue's object_pairs_hook)
    import json
    from importlib import resources

    pairs = json.loads(
        resources.files("nardy_core.ui").joinpath("texts", "page.json").read_text("utf-8"),
        object_pairs_hook=lambda pairs: pairs,
    )
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)) == len(CATALOGUE) + len(PLURALS)
    assert CATALOGUE["double"] == "Double"
    from nardy_core.ui.text import tr

    assert tr("ru", "double") == "Удвоить"
