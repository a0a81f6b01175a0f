"""State notation (docs/notation.md): examples, round trips of reachable states, decoder fuzzing."""

import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy_core import NotationError, Position, get_variant, legal_plays
from nardy_core.engine.cube import CubeState
from nardy_core.engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from nardy_core.engine.position import OFF, side_from
from nardy_core.formats.notation import format_position, format_state, parse_position, parse_state
from nardy_core.variants import VARIANTS, ShortNardy

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SHORT_START = "24:2,13:5,8:3,6:5"

# One line per feature; every one must parse and be written back unchanged.
EXAMPLES = [
    "long 24:15 24:15 w 31 - money first:wb",
    "long 24:14,19:1 24:15 b - - money first:b",
    "long 24:13,18:1,16:1 24:14,20:1 w 66 - money",
    "long[head_exception=list,block_check=every_step] 24:13,18:2 24:15 b 66 - money first:b",
    "long[head_exception_rolls=46] 24:15 24:15 w 44 - money first:wb",
    "long[cube_enabled=true] 12:5,9:5,3:5 13:5,10:10 w - 2b 1-2/5",
    "long[cube_enabled=true] 12:5,9:5,3:5 13:5,10:10 b - 1!b 4-2/5*",
    "long[last_roll_draw=true] off:15 1:1,off:14 b 21 - money lastroll:1",
    "long 24:15 24:15 w 53 - money first:wb turns:1-0",
    f"short {SHORT_START} {SHORT_START} w 31 1 money first:wb",
    f"short 13:5,8:3,6:5,5:1,bar:1 {SHORT_START} b 42 2w money",
    f"short {SHORT_START} {SHORT_START} w - 2w!w 3-4/5*",
    f"short {SHORT_START} {SHORT_START} b 65 4b 4-4/5+",
    "short 6:3,4:2,2:1,off:9 3:4,1:1,off:10 w 11 8w 0-6/7+",
    "short[max_cube=64,beaver=true] 24:2,hand:13 24:2,hand:13 w 66 1 money",
    "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 b - 1 0-0/7 pending:4455",
    f"caucasian {SHORT_START} {SHORT_START} b 21 1 money first:wb",
    f"caucasian[caucasian_hit_rule=stay] 13:5,8:3,6:5,3:1,bar:1 {SHORT_START} w 64 2b 2-1/3",
    "caucasian[cube_enabled=false] off:15 6:1,off:14 b - - 0-0/1",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text):
    position, cube, match = parse_state(text)
    assert format_state(position, cube, match) == text
    assert parse_state(format_state(position, cube, match)) == (position, cube, match)
    assert format_position(position) == format_state(position)
    assert parse_position(text) == position
    assert repr(position).startswith(f"<Position {position.variant!r} ")


def test_fields_decoded():
    p, cube, match = parse_state(
        f"short 13:5,8:3,6:5,5:1,bar:1 {SHORT_START} b 42 2w 3-4/5* first:b turns:3-2"
    )
    assert p.variant == get_variant("short")
    assert p.sides[0] == side_from({13: 5, 8: 3, 6: 5, 5: 1}, bar=1)
    assert p.sides[1] == side_from({24: 2, 13: 5, 8: 3, 6: 5})
    assert (p.turn, p.dice, p.first_turn, p.turn_number) == (1, (4, 2), (False, True), (3, 2))
    assert cube == CubeState(2, 0, None)
    assert match == MatchScore(5, (3, 4), CRAWFORD)

    p, cube, match = parse_state(
        "long[head_exception=list,last_roll_draw=on] off:15 1:1,off:14 b 21 - money lastroll:1"
    )
    assert p.variant == get_variant("long", {"head_exception": "list", "last_roll_draw": True})
    assert p.sides[0][OFF] == 15 and p.sides[1][1] == 1 and p.last_roll
    assert (cube, match) == (CubeState(), MatchScore())


def test_written_from_objects():
    short = get_variant("short")
    p = short.initial_position(turn=1)
    assert (
        format_state(p, CubeState(4, 1), MatchScore(7, (2, 6), POST_CRAWFORD))
        == f"short {SHORT_START} {SHORT_START} b - 4b 2-6/7+ first:wb"
    )
    assert (
        format_state(p, CubeState(1, None, 1), MatchScore(3, (0, 2), PRE_CRAWFORD))
        == f"short {SHORT_START} {SHORT_START} b - 1!b 0-2/3 first:wb"
    )
    side = side_from({6: 2}, bar=1, hand=2, off=10)
    p = Position(short, (side, side), dice=(6, 4, 2), pending=(3, 3))
    assert format_state(p).split(" ")[1:5] == ["6:2,bar:1,hand:2,off:10"] * 2 + ["w", "642"]
    assert format_state(p).endswith(" pending:33")
    # a game without a cube writes "-" whatever cube object it is given
    long_ = get_variant("long").initial_position()
    assert format_state(long_, CubeState(2, 0)).split(" ")[5] == "-"


def test_surrounding_whitespace():
    text = EXAMPLES[10]
    assert parse_state(f" \t{text}\n ") == parse_state(text)
    with pytest.raises(NotationError) as err:
        parse_state("  long 24:15 24:15 x 31 - money")
    assert err.value.params["column"] == 20 and err.value.code == "bad_turn"


# --- pins: no core game pins, so a test game allows a point held by both colours when pinned --
class PinTest(ShortNardy):
    key = "pintest"
    hit_mode = "none"

    def points_may_be_shared(self, position, white_point):
        black_point = self.cross[white_point]
        return white_point in position.pins[0] or black_point in position.pins[1]


def test_pinned_checkers(monkeypatch):
    monkeypatch.setitem(VARIANTS, "pintest", PinTest)
    # white's checker on its 19 lies under black's checker on black's 6 (the same point)
    text = "pintest 24:13,19:1p,5:1 13:13,6:1,off:1 w 31 1 money"
    p = parse_position(text)
    assert p.pins == (frozenset({19}), frozenset())
    assert format_position(p) == text
    text = "pintest 24:13,19:2 6:1p,5:13,off:1 b - 1 money"
    assert parse_position(text).pins == (frozenset(), frozenset({6}))
    for bad in ["24:13,19:2p", "24:13,19:1,bar:1p", "24:13,18:1p,5:1"]:
        with pytest.raises(NotationError) as err:
            parse_position(f"pintest {bad} 13:13,6:1,off:1 w 31 1 money")
        assert err.value.code == "bad_pin" and err.value.params["column"] == 9


# --- round trip of reachable states ----------------------------------------------------------
GAMES = [
    ("long", {}),
    ("long", {"cube_enabled": True, "head_exception": "list"}),
    ("long", {"block_check": "every_step", "last_roll_draw": True}),
    ("short", {}),
    ("short", {"max_cube": 64, "beaver": True}),
    ("caucasian", {}),
    ("caucasian", {"caucasian_hit_rule": "stay", "crawford": False}),
]


def random_game(rng, key, options):
    """Positions of one game played at random from the start, some of them before the roll."""
    roll = lambda: (rng.randint(1, 6), rng.randint(1, 6))  # noqa: E731
    p = get_variant(key, options).initial_position(turn=rng.randint(0, 1), dice=roll())
    out = [p]
    while p.winner() is None and len(out) < 200:
        sides, pins = rng.choice(legal_plays(p)).board
        first = list(p.first_turn)
        first[p.turn] = False
        p = p.replace(sides=sides, pins=pins, turn=1 - p.turn, dice=roll(), first_turn=tuple(first))
        out.append(p.replace(dice=None) if rng.random() < 0.2 else p)
    return out


def random_cube(rng, p):
    if not p.variant.cube_enabled:
        return CubeState()
    limit = p.variant.options["max_cube"]
    value = 2 ** rng.randint(0, 6)
    owner = None if value == 1 or rng.random() < 0.3 else rng.randint(0, 1)
    may_offer = p.dice is None and owner in (None, p.turn) and not (limit and 2 * value > limit)
    return CubeState(value, owner, p.turn if may_offer and rng.random() < 0.5 else None)


def random_match(rng):
    if rng.random() < 0.3:
        return MatchScore()
    n = rng.randint(1, 25)
    score = [rng.randrange(n), rng.randrange(n)]
    crawford = PRE_CRAWFORD
    if n > 1 and rng.random() < 0.5:
        score[rng.randint(0, 1)] = n - 1
        alone = (score[0] == n - 1) != (score[1] == n - 1)
        crawford = CRAWFORD if alone and rng.random() < 0.5 else POST_CRAWFORD
    return MatchScore(n, tuple(score), crawford)


def random_states(seed):
    rng = random.Random(seed)
    key, options = rng.choice(GAMES)
    for p in random_game(rng, key, options):
        if rng.random() < 0.1:
            p = p.replace(turn_number=(rng.randint(0, 30), rng.randint(1, 30)))
        if rng.random() < 0.1:
            p = p.replace(pending=tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 4))))
        if rng.random() < 0.05 and p.variant.options.values.get("last_roll_draw"):
            # Black's compensating turn, the one state with the flag: White is off
            done = (p.variant.checkers,) + (0,) * 26
            p = p.replace(sides=(done, p.sides[1]), turn=1, last_roll=True)
        yield p, random_cube(rng, p), random_match(rng)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32))
def test_round_trip_reachable(seed):
    for p, cube, match in random_states(seed):
        text = format_state(p, cube, match)
        assert parse_state(text) == (p, cube, match), text
        assert format_state(*parse_state(text)) == text


# --- decoder fuzzing ---------------------------------------------------------------------------
VALID = EXAMPLES + [format_state(*s) for seed in range(2) for s in list(random_states(seed))[::20]]
TOKENS = list("0123456789wbp:,-/[]=!*+ _.x") + [
    "long",
    "short",
    "caucasian",
    "24:15",
    "24:2",
    "bar",
    "hand",
    "off",
    "money",
    "first:",
    "turns:",
    "pending:",
    "lastroll:1",
    "cube_enabled",
    "max_cube",
    "true",
    "1!w",
    "2b",
    "/5*",
]


def parses_or_notation_error(text):
    try:
        state = parse_state(text)
    except NotationError as exc:
        assert exc.code and exc.params["column"] >= 1 and exc.params["field"]
        assert exc.message.startswith(f"column {exc.params['column']} ({exc.params['field']}): ")
        return
    # whatever parses, is written canonically and reads back as the same state
    assert parse_state(format_state(*state)) == state


@FUZZ
@given(st.text(max_size=80))
def test_fuzz_random_text(text):
    parses_or_notation_error(text)


@FUZZ
@given(st.lists(st.sampled_from(TOKENS), max_size=40).map("".join))
def test_fuzz_token_soup(text):
    parses_or_notation_error(text)


@FUZZ
@given(st.sampled_from(VALID), st.data())
def test_fuzz_mutations(text, data):
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        char = data.draw(st.sampled_from(TOKENS[:27]) | st.characters())
        op = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        if op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + char + text[i:]
        else:
            text = text[:i] + char + text[i + 1 :]
    parses_or_notation_error(text)


def test_not_text():
    with pytest.raises(NotationError) as err:
        parse_state(None)
    assert err.value.code == "not_text"


# --- errors ------------------------------------------------------------------------------------
def error(text):
    with pytest.raises(NotationError) as err:
        parse_state(text)
    return err.value


def test_error_sixteen_checkers():
    e = error(f"short 24:2,13:5,8:3,6:6 {SHORT_START} w 31 1 money")
    assert e.code == "checker_count"
    assert e.message == "column 7 (white's side): white has 16 checkers; short is played with 15"
    assert e.params == {
        "colour": "white",
        "count": 16,
        "expected": 15,
        "column": 7,
        "field": "white's side",
    }
    e = error("long 24:15 24:14 w 31 - money")
    assert e.message == "column 12 (black's side): black has 14 checkers; long is played with 15"


def test_error_point_held_by_both():
    e = error(f"short 24:2,13:5,8:3,6:4,1:1 {SHORT_START} w 31 1 money")
    assert e.code == "shared_point" and e.params["column"] == 7
    assert e.message == (
        "column 7 (white's side): white's point 1 is also held by black (black's 24)"
    )
    # long nardy's parallel geometry: white's 12 is black's 24
    e = error("long 24:14,12:1 24:15 b 31 - money")
    assert e.code == "shared_point" and "black's 24" in e.message


def test_error_unknown_game():
    e = error("backgammon 24:15 24:15 w 31 1 money")
    assert e.code == "unknown_game" and e.params["column"] == 1 and e.params["field"] == "game"
    assert e.message == (
        f"column 1 (game): unknown game 'backgammon' (games: {', '.join(VARIANTS)})"
    )
    assert e.message.startswith(
        "column 1 (game): unknown game 'backgammon' (games: long, short, caucasian"
    )


def test_error_bad_option():
    e = error("long[block_rule=sometimes] 24:15 24:15 w 31 - money")
    assert e.code == "option_value" and e.params["key"] == "block_rule"
    assert e.message.startswith("column 1 (game): option 'block_rule': 'sometimes' is not a valid")
    e = error("long[colour=red] 24:15 24:15 w 31 - money")
    assert e.code == "option_unknown" and e.params["column"] == 1


S = SHORT_START


def column_of(text, field):
    """The 1-based column where field number ``field`` (0 = game) starts or would start."""
    return sum(len(part) + 1 for part in text.split(" ")[:field]) + 1


# (text, code, number of the field the error names: 0 = game, 1 = white, ..., 7 = first flag)
ERRORS = [
    ("", "field_count", 0),
    ("short", "field_count", 1),
    (f"short {S} {S} w 31 1", "field_count", 6),
    (f"short  {S} {S} w 31 1 money", "spacing", 1),
    ("short[] 24:15 24:15 w 31 1 money", "bad_game", 0),
    ("long[block_rule=none,block_rule=ahead] 24:15 24:15 w 31 - money", "duplicate_option", 0),
    ("Long 24:15 24:15 w 31 - money", "bad_game", 0),
    ("long 24:15, 24:15 w 31 - money", "bad_side", 1),
    ("long 24:015 24:15 w 31 - money", "bad_side", 1),
    ("long 24:15 25:15 w 31 - money", "bad_point", 2),
    ("long 24:15 0:15 w 31 - money", "bad_point", 2),
    ("long 24:15,1:0 24:15 w 31 - money", "bad_count", 1),
    ("long 1:1,24:14 24:15 w 31 - money", "side_order", 1),
    ("long 24:14,bar:1,1:1 24:15 w 31 - money", "side_order", 1),
    ("long 24:15 24:14,off:1,hand:0 w 31 - money", "bad_count", 2),
    ("long 24:13,24:2 24:15 w 31 - money", "duplicate_point", 1),
    ("long 24:14,off:1,off:1 24:15 w 31 - money", "duplicate_point", 1),
    ("long 24:14,home:1 24:15 w 31 - money", "bad_side", 1),
    ("long - 24:15 w 31 - money", "checker_count", 1),
    ("short 24:15 24:15 W 31 1 money", "bad_turn", 3),
    ("long 24:15 24:15 w 3 - money", "bad_dice", 4),
    ("long 24:15 24:15 w 70 - money", "bad_dice", 4),
    ("long 24:15 24:15 w 312 - money", "bad_dice", 4),
    ("long 24:15 24:15 w 31 1 money", "bad_cube", 5),
    (f"short {S} {S} w 31 - money", "bad_cube", 5),
    (f"short {S} {S} w 31 3 money", "bad_cube", 5),
    (f"short {S} {S} w 31 0 money", "bad_cube", 5),
    (f"short {S} {S} w 31 1w money", "bad_cube", 5),
    (f"short {S} {S} w 31 2x money", "bad_cube", 5),
    (f"short {S} {S} w 31 1!w money", "bad_cube", 5),
    (f"short {S} {S} w - 1!b money", "bad_cube", 5),
    (f"short {S} {S} w - 2b!w money", "bad_cube", 5),
    (f"short[max_cube=8] {S} {S} w - 16 money", "bad_cube", 5),
    (f"short[max_cube=8] {S} {S} w - 8!w money", "bad_cube", 5),
    (f"short {S} {S} w 31 1 money*", "bad_match", 6),
    (f"short {S} {S} w 31 1 5-0/5", "bad_match", 6),
    (f"short {S} {S} w 31 1 0-0/0", "bad_match", 6),
    (f"short {S} {S} w 31 1 3-2/5*", "bad_match", 6),
    (f"short {S} {S} w 31 1 4-4/5*", "bad_match", 6),
    (f"short {S} {S} w 31 1 2-3/5+", "bad_match", 6),
    (f"short {S} {S} w 31 1 0-0/1+", "bad_match", 6),
    (f"short {S} {S} w 31 1 money first:bw", "bad_flag", 7),
    (f"short {S} {S} w 31 1 money turns:0-0", "bad_flag", 7),
    (f"short {S} {S} w 31 1 money pending:70", "bad_flag", 7),
    (f"short {S} {S} w 31 1 money lastroll:0", "bad_flag", 7),
    (f"short {S} {S} w 31 1 money colour:w", "bad_flag", 7),
    (f"short {S} {S} w 31 1 money turns:1-1 first:w", "flag_order", 8),
    (f"short {S} {S} w 31 1 money first:w first:w", "flag_order", 8),
    ("long 24:9,23:1,22:1,21:1,20:1,19:1,18:1 24:15 b 31 - money", "illegal_block", 1),
]


@pytest.mark.parametrize("text, code, field", ERRORS)
def test_error_codes_and_columns(text, code, field):
    e = error(text)
    column = column_of(text, field)
    assert (e.code, e.params["column"]) == (code, column), e.message
    assert e.message.startswith(f"column {column} ({e.params['field']}): ")


def test_documented_examples():
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "notation.md")
    with open(path, encoding="utf-8") as f:
        blocks = re.findall(r"```state\n(.*?)```", f.read(), re.S)
    lines = [line for block in blocks for line in block.splitlines() if line]
    assert len(lines) > 10
    for line in lines:
        assert format_state(*parse_state(line)) == line
