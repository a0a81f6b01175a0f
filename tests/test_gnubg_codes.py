"""GNU Backgammon Position ID + Match ID and XGID (``nardy_core.formats.gnubgcodes``).

* Known examples from the GNU Backgammon manual and from published XGIDs, field by field.
* Agreement with the ``gnubg`` package (``pytest -m oracle``) on random reachable short-nardy
  states, in both directions: gnubg reads our IDs and our XGIDs back to the same board and match
  state; our reader reads the IDs gnubg writes for a state, and our writer writes the very same
  string. The PyPI package reads XGIDs but cannot write them (``/work/shared/notes``), so XGIDs
  are checked by having gnubg read ours and comparing its Position ID + Match ID with ours.
* Round trips (write, read, equal objects) as Hypothesis properties.
* Fuzzing: random text and random mutations of valid codes are read as a valid state or refused
  with NotationError, nothing else.

gnubg is GPL: a test dependency only. This file also runs inside Pyodide, where gnubg does not
exist: the oracle tests import it with ``pytest.importorskip`` inside their fixture.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from nardy_core import get_variant, legal_plays
from nardy_core.engine.cube import CubeState, double_refusal
from nardy_core.engine.errors import NotationError
from nardy_core.engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from nardy_core.engine.position import BAR, BLACK, OFF, WHITE, Position
from nardy_core.formats.gnubgcodes import (
    GNUBG,
    XGID,
    _key_to_text,
    _text_to_key,
    detect_format,
    format_gnubg_id,
    format_xgid,
    parse_any,
    parse_gnubg_id,
    parse_xgid,
)
from nardy_core.formats.notation import format_state, parse_state

SHORT = get_variant("short")
START = SHORT.initial_position().sides[WHITE]
PLAYER = {WHITE: 1, BLACK: 0}  # our colour -> gnubg's player (the module's convention)
ORACLE_STATES = 1200  # random reachable states checked against gnubg
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def short(**options):
    return get_variant("short", options)


def side(points=None, bar=0):
    s = [0] * 27
    for point, count in (points or {}).items():
        s[point] = count
    s[BAR] = bar
    s[OFF] = 15 - sum(s)
    return tuple(s)


def normalised(position):
    """What a reader gives back for ``position``: the codes hold no turn counts, and a side still
    on its starting points has not played yet."""
    first = tuple(position.sides[c] == START for c in (WHITE, BLACK))
    return position.replace(first_turn=first, turn_number=(0, 0))


def sorted_dice(position):
    """GNU Backgammon writes the higher die first."""
    if position.dice is None:
        return position
    return position.replace(dice=tuple(sorted(position.dice, reverse=True)))


# --- known examples -----------------------------------------------------------------------------
def test_starting_position_id():
    """The manual's starting position: 4HPwATDgc/ABMA, both sides 5-3-5-2 on 6, 8, 13, 24."""
    position, cube, match = parse_gnubg_id("4HPwATDgc/ABMA")
    for colour in (WHITE, BLACK):
        assert position.sides[colour] == side({24: 2, 13: 5, 8: 3, 6: 5})
    assert position.turn == WHITE and position.dice is None
    assert cube == CubeState() and match == MatchScore()
    assert position == SHORT.initial_position()
    assert format_gnubg_id(SHORT.initial_position()).split(":")[0] == "4HPwATDgc/ABMA"
    assert format_gnubg_id(SHORT.initial_position(turn=BLACK)).split(":")[0] == "4HPwATDgc/ABMA"


def test_manual_match_id_example():
    """The manual's Match ID example: "the score is 2-4 in a 9 point match with player 0 holding
    a 2-cube, and player 1 has just rolled 52": QYkqASAAIAAA (position vzsAAFhu2xFABA, the one
    the manual's companions pair it with)."""
    position, cube, match = parse_gnubg_id("vzsAAFhu2xFABA:QYkqASAAIAAA")
    assert cube == CubeState(2, BLACK)  # player 0 = black holds a 2-cube
    assert position.turn == WHITE and position.dice == (5, 2)  # player 1 = white rolled 52
    assert match == MatchScore(9, (4, 2), PRE_CRAWFORD)  # white 4, black 2, to 9
    # the side on roll is the second half of the Position ID
    assert position.sides[WHITE] == side({21: 1, 18: 1, 9: 1, 6: 3, 5: 2, 4: 2, 3: 2, 2: 3})
    assert position.sides[BLACK] == side({24: 2, 3: 3, 2: 3, 1: 6}, bar=1)
    # GNU Backgammon since 1.0x sets bit 67 ("Jacoby not in use") in match play: the manual's
    # example predates that bit, so the ID written today ends in E, not A.
    assert format_gnubg_id(position, cube, match) == "vzsAAFhu2xFABA:QYkqASAAIAAE"
    assert parse_gnubg_id("vzsAAFhu2xFABA:QYkqASAAIAAE") == (position, cube, match)


def test_match_id_fields_one_by_one():
    """Each field of the Match ID moved away from the opening state, one at a time."""
    start = SHORT.initial_position()
    base = format_gnubg_id(start)
    assert base == "4HPwATDgc/ABMA:cAkAAAAAAAAE"  # white (player 1) to roll, money, no Jacoby
    _, _, mid = format_gnubg_id(start, CubeState(8, WHITE)).partition(":")
    assert mid == "UwkAAAAAAAAE"  # 8-cube (0011), owner player 1 (01)
    _, _, mid = format_gnubg_id(start.replace(turn=BLACK)).partition(":")
    assert mid == "MAEAAAAAAAAE"  # player 0 on roll and to act
    _, _, mid = format_gnubg_id(start, CubeState(1, None, WHITE)).partition(":")
    assert mid == "cBEAAAAAAAAE"  # doubled; player 0 to answer
    _, _, mid = format_gnubg_id(start.replace(dice=(2, 5))).partition(":")
    assert mid == "cIkKAAAAAAAE"  # dice written high first: 5, 2
    _, _, mid = format_gnubg_id(start.replace(variant=short(jacoby=True))).partition(":")
    assert mid == "cAkAAAAAAAAA"  # Jacoby in use (money only)
    _, _, mid = format_gnubg_id(start, match=MatchScore(5, (0, 4), CRAWFORD)).partition(":")
    assert mid == "8AmgAEAAAAAE"  # Crawford, to 5, black (player 0) 4


def test_documented_xgids():
    """XG's starting position, and two XGIDs published with XG analyses (bigmoneybill's blog,
    March 2012): Bill (bottom, 27 pips, score 4) on roll holding a 2-cube against Ed (top, 29
    pips, score 3) in a 9-point match; later Ed (11 pips) on roll owning a 4-cube against Bill
    (9 pips)."""
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    assert parse_xgid(text) == (SHORT.initial_position(), CubeState(), MatchScore())
    assert format_xgid(SHORT.initial_position()) == text

    text = "XGID=---ABBA------------bbaa---:1:1:1:00:4:3:0:9:10"
    position, cube, match = parse_xgid(text)
    assert position.sides[WHITE] == side({6: 1, 5: 2, 4: 2, 3: 1})  # bottom = white
    assert position.sides[BLACK] == side({6: 2, 5: 2, 4: 1, 3: 1})  # top = black
    assert (position.pip_count(WHITE), position.pip_count(BLACK)) == (27, 29)
    assert position.turn == WHITE and position.dice is None
    assert cube == CubeState(2, WHITE)
    assert match == MatchScore(9, (4, 3), PRE_CRAWFORD)
    assert format_xgid(position, cube, match) == text

    text = "XGID=----AA--------------aa-a--:2:-1:-1:00:4:3:0:9:10"
    position, cube, match = parse_xgid(text)
    assert (position.pip_count(WHITE), position.pip_count(BLACK)) == (9, 11)
    assert position.turn == BLACK and cube == CubeState(4, BLACK)
    assert format_xgid(position, cube, match) == text
    # the same two states as GNU Backgammon IDs (what gnubg itself makes of these XGIDs)
    assert format_gnubg_id(position, cube, match) == "KAAAkAIAAAAAAA:AgEgATAAIAAE"


def test_xgid_fields_one_by_one():
    start = SHORT.initial_position()
    head = "XGID=-b----E-C---eE---c-e----B-:"
    assert format_xgid(start.replace(turn=BLACK, dice=(6, 3))) == head + "0:0:-1:63:0:0:0:0:10"
    assert format_xgid(start, CubeState(1, None, WHITE)) == head + "0:0:1:D:0:0:0:0:10"
    assert format_xgid(start, CubeState(16, BLACK)) == head + "4:-1:1:00:0:0:0:0:10"
    variant = short(jacoby=True, beaver=True, max_cube=64)
    assert format_xgid(start.replace(variant=variant)) == head + "0:0:1:00:0:0:3:0:6"
    assert format_xgid(start, match=MatchScore(7, (6, 2), CRAWFORD)) == head + "0:0:1:00:6:2:1:7:10"
    assert (
        format_xgid(start, match=MatchScore(7, (2, 6), POST_CRAWFORD))
        == head + "0:0:1:00:2:6:0:7:10"
    )
    position, cube, match = parse_xgid(head + "0:0:1:00:0:0:3:0:6")
    assert position.variant == variant


def test_pasted_forms():
    state = (SHORT.initial_position(), CubeState(), MatchScore())
    shown = (
        " GNU Backgammon  Position ID: 4HPwATDgc/ABMA\n"
        "                 Match ID   : cAkAAAAAAAAE\n"
        " +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg\n"
    )
    for text in (
        "4HPwATDgc/ABMA:cAkAAAAAAAAE",
        "  4HPwATDgc/ABMA:cAkAAAAAAAAE\n",
        "GNUBGID 4HPwATDgc/ABMA:cAkAAAAAAAAE",
        "GNUBGID:4HPwATDgc/ABMA:cAkAAAAAAAAE",
        "GNUbg ID: 4HPwATDgc/ABMA:cAkAAAAAAAAE",
        "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAE",
        shown,
    ):
        assert detect_format(text) == GNUBG, text
        assert parse_gnubg_id(text) == state, text
        assert parse_any(text) == state, text
    for text in ("4HPwATDgc/ABMA", " 4HPwATDgc/ABMA: "):
        assert parse_gnubg_id(text) == state
    for text in (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        " xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10\n",
        "-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
    ):
        assert detect_format(text) == XGID
        assert parse_xgid(text) == state and parse_any(text) == state
    text = format_state(*state)
    assert detect_format(text) == "state" and parse_any(text) == parse_state(text)
    assert parse_any("long 24:15 24:15 w 31 - money first:wb")[0].variant.key == "long"


# --- refusals -----------------------------------------------------------------------------------
BAD_GNUBG = [
    ("4HPwATDgc/ABM", "length", "position ID"),
    ("4HPwATDgc/ABM!", "bad_character", "position ID"),
    ("4HPwATDgc/ABMB", "bad_character", "position ID"),  # bits past the 80th
    ("/////////////w", "bad_position", "position ID"),  # runs out of zeros
    ("4HPwATDgc/ABMA:cAkAAAAAAAA", "length", "match ID"),
    ("4HPwATDgc/ABMA:cAgAAAAAAAAE", "game_state", "match ID"),  # no game started
    ("4HPwATDgc/ABMA:cAkAAAAAAAAI", "unused_bits", "match ID"),
    ("4HPwATDgc/ABMA:MAAAAAAAAAAA", "game_state", "match ID"),
    ("4HPwATDgc/ABMA:cAkQAAAAAAAE", "dice", "match ID"),  # die 1 = 0, die 2 = 4
    ("4HPwATDgc/ABMA:MAGADAAAAAAE", "match_length", "match ID"),  # a match to 100
    ("4HPwATDgc/ABMA:8AkAAAAAAAAE", "crawford", "match ID"),  # Crawford in money play
    ("4HPwATDgc/ABMA:UAkAAAAAAAAE", "bad_cube", None),  # a cube at 1 owned
    ("4HPwATDgc/ABMA:XQkAAAAAAAAE", "bad_cube", None),  # a cube at 8192
]


@pytest.mark.parametrize("text, reason, field", BAD_GNUBG)
def test_gnubg_id_errors(text, reason, field):
    with pytest.raises(NotationError) as err:
        parse_gnubg_id(text)
    assert err.value.code == "gnubg_id"
    assert err.value.params["reason"] == reason, err.value.message
    assert err.value.params.get("field") == field
    assert err.value.message.startswith("GNU Backgammon ID")


BAD_XGID = [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "field_count", None),
    ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "bad_position", "position"),
    ("XGID=-b----E-C---eE---c-e----P-:0:0:1:00:0:0:0:0:10", "checker_count", "position"),
    ("XGID=Bb----E-C---eE---c-e----A-:0:0:1:00:0:0:0:0:10", "bad_position", "position"),
    ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "bad_number", "cube value"),
    ("XGID=-b----E-C---eE---c-e----B-:13:0:1:00:0:0:0:0:10", "out_of_range", "cube value"),
    ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "bad_value", "cube owner"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "bad_value", "turn"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", "bad_dice", "dice"),
    ("XGID=-b----E-C---eE---c-e----B-:1:1:-1:B:0:0:2:0:10", "beaver", "dice"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:7:0:0:7:10", "bad_match", "bottom player's score"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:3:1:7:10", "crawford", "Crawford/Jacoby"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:2:3:2:7:10", "out_of_range", "Crawford/Jacoby"),
    ("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:10", "bad_cube", None),  # not his cube
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:6:2:1:7:10", "bad_cube", None),  # Crawford
    ("XGID=-b----E-C---eE---c-e----B-:4:0:1:00:0:0:0:0:3", "bad_cube", None),  # above max
    ("XGID=-b----------e----c-e------:0:0:1:00:0:0:0:0:10", "game_over", None),
    ("XGID=--------------------------:0:0:1:00:0:0:0:0:10", "both_off", None),
    ("XGID=-b----E-C---eE---c-e----b-:0:0:1:00:0:0:0:0:10", "checker_count", "position"),
]


@pytest.mark.parametrize("text, reason, field", BAD_XGID)
def test_xgid_errors(text, reason, field):
    with pytest.raises(NotationError) as err:
        parse_xgid(text)
    assert err.value.code == "xgid"
    assert err.value.params["reason"] == reason, err.value.message
    assert err.value.params.get("field") == field
    if field:
        column = err.value.params["column"]
        assert text[column - 1 :].startswith(text[5:].split(":")[XGID_FIELD_INDEX[field]])


XGID_FIELD_INDEX = {
    "position": 0,
    "cube value": 1,
    "cube owner": 2,
    "turn": 3,
    "dice": 4,
    "bottom player's score": 5,
    "Crawford/Jacoby": 7,
}


def test_unknown_text():
    for text in ("", "   ", "Hello, world", "???", 42, None):
        with pytest.raises(NotationError) as err:
            parse_any(text)
        assert err.value.code in ("unknown_format", "not_text")
    with pytest.raises(NotationError) as err:  # read as our state notation, which says why
        parse_any("hello world")
    assert err.value.params["field"] == "black's side"


@pytest.mark.parametrize("writer", [format_gnubg_id, format_xgid])
def test_writers_refuse(writer):
    for game in ("long", "caucasian"):
        with pytest.raises(NotationError) as err:
            writer(get_variant(game).initial_position())
        assert err.value.code == "not_backgammon"
    start = SHORT.initial_position()
    refusals = [
        (start.replace(sides=(side({1: 1}), side())), None, None, "game_over"),
        (start, CubeState(2, None, BLACK), None, "bad_cube"),  # black doubles on white's turn
        (start.replace(dice=(3, 1)), CubeState(1, None, WHITE), None, "bad_cube"),
        (start, CubeState(1, WHITE), None, "bad_cube"),
        (start, CubeState(3), None, "bad_cube"),
        (start, CubeState(1 << 13, WHITE), None, "bad_cube"),
        (start, None, MatchScore(5, (4, 0), PRE_CRAWFORD), "crawford"),
        (start, None, MatchScore(5, (3, 0), POST_CRAWFORD), "crawford"),
        (start, None, MatchScore(5, (4, 4), CRAWFORD), "crawford"),
        (start, None, MatchScore(5, (5, 0)), "bad_match"),
        (start, CubeState(1, None, WHITE), MatchScore(5, (4, 0), CRAWFORD), "bad_cube"),
    ]
    for position, cube, match, reason in refusals:
        with pytest.raises(NotationError) as err:
            writer(position, cube, match)
        assert err.value.code == "unsupported_state"
        assert err.value.params["reason"] == reason, (position, cube, match)
    with pytest.raises(NotationError) as err:
        format_gnubg_id(start, match=MatchScore(65))
    assert err.value.params["reason"] == "match_length"
    assert format_xgid(start, match=MatchScore(65)).endswith(":0:0:0:65:10")


# --- random states (Hypothesis) -----------------------------------------------------------------
@st.composite
def states(draw, fmt):
    """A random short-nardy state of the kind ``fmt`` holds exactly (turn counts and first-turn
    flags as a reader gives them; for GNU Backgammon the dice high first)."""
    white = [0] * 27
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        white[place] += 1
    free = [0, 25] + [q for q in range(1, 25) if not white[25 - q]]
    black = [0] * 27
    for place in draw(st.lists(st.sampled_from(free), min_size=15, max_size=15)):
        black[place] += 1
    assume(white[OFF] < 15 and black[OFF] < 15)
    assume(not (white[BAR] and black[BAR] and min(white[1:7]) >= 2 and min(black[1:7]) >= 2))
    turn = draw(st.sampled_from((WHITE, BLACK)))
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    if dice and fmt == GNUBG:
        dice = tuple(sorted(dice, reverse=True))
    if draw(st.booleans()):
        match = MatchScore()
    else:
        length = draw(st.integers(1, 64 if fmt == GNUBG else 999))
        score = (draw(st.integers(0, length - 1)), draw(st.integers(0, length - 1)))
        at_point = sum(s == length - 1 for s in score)
        crawford = PRE_CRAWFORD
        if length >= 2 and at_point:
            crawford = POST_CRAWFORD
            if at_point == 1 and draw(st.booleans()):
                crawford = CRAWFORD
        match = MatchScore(length, score, crawford)
    options = {}
    if match.is_money:
        options["jacoby"] = draw(st.booleans())
        if fmt == XGID:
            options["beaver"] = draw(st.booleans())
    if fmt == XGID and draw(st.booleans()):
        options["max_cube"] = 1 << draw(st.integers(0, 9))
    variant = short(**options)
    limit = options.get("max_cube", 1 << 12)
    log = draw(st.integers(0, limit.bit_length() - 1))
    owner = None if log == 0 else draw(st.sampled_from((None, WHITE, BLACK)))
    cube = CubeState(1 << log, owner)
    if (
        dice is None
        and double_refusal(variant, cube, match, turn, (0, 0)) is None
        and draw(st.booleans())
    ):
        cube = cube.offer(turn)
    sides = (tuple(white), tuple(black))
    position = normalised(Position(variant, sides, turn=turn, dice=dice))
    return position, cube, match


@PROPERTY
@given(states(GNUBG))
def test_gnubg_round_trip(state):
    text = format_gnubg_id(*state)
    assert len(text) == 27 and text[14] == ":"
    assert parse_gnubg_id(text) == state
    assert parse_any(text) == state
    alone = parse_gnubg_id(text.split(":")[0])[0]  # white on roll
    assert alone.sides[WHITE] == state[0].sides[state[0].turn]
    assert alone.sides[BLACK] == state[0].sides[1 - state[0].turn]


@PROPERTY
@given(states(XGID))
def test_xgid_round_trip(state):
    text = format_xgid(*state)
    assert text.startswith("XGID=") and len(text.split(":")) == 10
    assert parse_xgid(text) == state
    assert parse_xgid(text[5:]) == state
    assert parse_any(text) == state
    assert parse_any(format_state(*state)) == state


@PROPERTY
@given(states(GNUBG), st.integers(1, 5), st.integers(2, 6))
def test_dice_order(state, low, high):
    """GNU Backgammon writes the higher die first and reads either order; an XGID keeps the
    order rolled."""
    position, cube, match = state
    assume(low < high)
    cube = CubeState(cube.value, cube.owner)  # rolled: no double pending
    rolled, flipped = position.replace(dice=(high, low)), position.replace(dice=(low, high))
    text = format_gnubg_id(rolled, cube, match)
    assert format_gnubg_id(flipped, cube, match) == text
    assert parse_gnubg_id(text)[0].dice == (high, low)
    pos_id, _, match_id = text.partition(":")
    key = _text_to_key(match_id, 72, GNUBG, "match ID", 1)
    die1, die2 = key >> 15 & 7, key >> 18 & 7  # bits 16-18 and 19-21
    swapped = key & ~(0x3F << 15) | die2 << 15 | die1 << 18
    assert parse_gnubg_id(pos_id + ":" + _key_to_text(swapped, 72, 12))[0].dice == (low, high)
    assert parse_xgid(format_xgid(flipped, cube, match))[0].dice == (low, high)


# --- fuzzing ------------------------------------------------------------------------------------
def _read_or_refuse(reader, text):
    """``reader(text)`` is a state its writers accept, or the refusal is a NotationError."""
    try:
        position, cube, match = reader(text)
    except NotationError as exc:
        assert exc.code and exc.message and isinstance(exc.params, dict)
        return None
    if position.variant.key == "short":  # the writers accept what the readers give
        if match.length <= 64:
            format_gnubg_id(position, cube, match)
        format_xgid(position, cube, match)
    return position, cube, match


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
XG_CHARS = "-ABCDEFGHIJKLMNOPabcdefghijklmnop0123456789:D"


@FUZZ
@given(
    st.text(max_size=60)
    | st.text(alphabet=B64 + ": ", max_size=40)
    | st.text(alphabet=XG_CHARS, max_size=70)
)
def test_fuzz_random_text(text):
    for reader in (parse_gnubg_id, parse_xgid, parse_any):
        _read_or_refuse(reader, text)


def _mutate(data, text):
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.sampled_from(["delete", "insert", "replace", "truncate"]))
        i = data.draw(st.integers(0, max(len(text) - 1, 0)))
        char = data.draw(st.sampled_from(B64 + XG_CHARS + ": =") | st.characters())
        if op == "delete":
            text = text[:i] + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + char + text[i:]
        elif op == "replace":
            text = text[:i] + char + text[i + 1 :]
        else:
            text = text[:i]
    return text


@FUZZ
@given(states(GNUBG), st.data())
def test_fuzz_mutated_gnubg_ids(state, data):
    text = _mutate(data, format_gnubg_id(*state))
    _read_or_refuse(parse_gnubg_id, text)
    _read_or_refuse(parse_any, text)


@FUZZ
@given(states(XGID), st.data())
def test_fuzz_mutated_xgids(state, data):
    text = _mutate(data, format_xgid(*state))
    _read_or_refuse(parse_xgid, text)
    _read_or_refuse(parse_any, text)


@FUZZ
@given(st.integers(0, (1 << 80) - 1), st.integers(0, (1 << 72) - 1))
def test_fuzz_random_keys(position_key, match_key):
    """Random bits in valid characters: most are refused, the rest are valid states."""

    def b64(key, nbits, nchars):
        stream = int.from_bytes(key.to_bytes(nbits // 8, "little"), "big") << (6 * nchars - nbits)
        return "".join(B64[(stream >> (6 * (nchars - 1 - i))) & 63] for i in range(nchars))

    text = b64(position_key, 80, 14) + ":" + b64(match_key, 72, 12)
    _read_or_refuse(parse_gnubg_id, text)


# --- GNU Backgammon as the oracle ---------------------------------------------------------------
def _decorate(position, rng):
    """A random cube and match around a reachable position, as a game could have them."""
    position = normalised(position)
    if rng.random() < 0.5:
        match = MatchScore()
        variant = short(jacoby=True) if rng.random() < 0.5 else SHORT
    else:
        length = rng.choice((1, 2, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25, 64))
        score = (rng.randrange(length), rng.randrange(length))
        if rng.random() < 0.3:  # often somebody at match point
            score = (length - 1, score[1]) if rng.random() < 0.5 else (score[0], length - 1)
        at_point = sum(s == length - 1 for s in score)
        crawford = PRE_CRAWFORD
        if length >= 2 and at_point:
            crawford = CRAWFORD if at_point == 1 and rng.random() < 0.5 else POST_CRAWFORD
        match = MatchScore(length, score, crawford)
        variant = SHORT
    position = position.replace(variant=variant)
    cube = CubeState()
    if match.crawford != CRAWFORD and rng.random() < 0.6:
        log = rng.choice((1, 1, 1, 2, 2, 3, 4, 6, 9, 12))
        owner = rng.choice((WHITE, BLACK, WHITE, BLACK, None))
        cube = CubeState(1 << log, owner)
    if (
        position.dice is None
        and rng.random() < 0.4
        and double_refusal(variant, cube, match, position.turn, (0, 0)) is None
    ):
        cube = cube.offer(position.turn)
    return position, cube, match


@functools.lru_cache(maxsize=1)
def reachable_states(count=ORACLE_STATES, seed=2024):
    """``count`` states from random games of short nardy, before and after each roll."""
    rng = random.Random(seed)
    out = []
    position = None
    while len(out) < count:
        if position is None or position.winner() is not None:
            position = SHORT.initial_position(turn=rng.randrange(2))
        out.append(_decorate(position, rng))
        rolled = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        out.append(_decorate(rolled, rng))
        play = rng.choice(legal_plays(rolled))
        first = list(rolled.first_turn)
        first[rolled.turn] = False
        position = rolled.replace(
            sides=play.board[0], turn=1 - rolled.turn, dice=None, first_turn=tuple(first)
        )
    return tuple(out[:count])


@pytest.fixture(scope="module")
def gnubg():
    return pytest.importorskip("gnubg")


def gnubg_board(position):
    """gnubg's board (the side not on roll, then the side on roll; points 1-24 and the bar),
    built here without the module under test."""

    def half(s):
        return tuple(s[1:25]) + (s[BAR],)

    return half(position.sides[1 - position.turn]), half(position.sides[position.turn])


def undoubled(cube):
    """GNU Backgammon cannot set up a pending double: it steps back to the doubler on roll."""
    return CubeState(cube.value, cube.owner)


def _describe(state):
    return format_state(*state)


@pytest.mark.oracle
def test_states_cover_the_fields():
    states_ = reachable_states()
    assert len(states_) >= 1000
    kinds = {
        "rolled": sum(p.dice is not None for p, _, _ in states_),
        "doubled": sum(c.offered_by is not None for _, c, _ in states_),
        "owned": sum(c.owner is not None for _, c, _ in states_),
        "crawford": sum(m.crawford == CRAWFORD for _, _, m in states_),
        "post": sum(m.crawford == POST_CRAWFORD for _, _, m in states_),
        "money": sum(m.is_money for _, _, m in states_),
        "jacoby": sum(bool(p.variant.options.values["jacoby"]) for p, _, _ in states_),
        "bar": sum(bool(p.sides[0][BAR] or p.sides[1][BAR]) for p, _, _ in states_),
        "off": sum(bool(p.sides[0][OFF] or p.sides[1][OFF]) for p, _, _ in states_),
        "black": sum(p.turn == BLACK for p, _, _ in states_),
    }
    assert all(n >= 40 for n in kinds.values()), kinds


@pytest.mark.oracle
def test_gnubg_reads_our_ids(gnubg):
    bad = []
    for state in reachable_states():
        position, cube, match = state
        ours = format_gnubg_id(*state)
        gnubg.setgnubgid(ours)
        expected = format_gnubg_id(position, undoubled(cube), match)
        board = tuple(tuple(half) for half in gnubg.board())
        if board != gnubg_board(position) or gnubg.gnubgid() != expected:
            bad.append(f"{_describe(state)}: ours {ours}, gnubg {gnubg.gnubgid()} {board}")
    assert not bad, f"{len(bad)} of {len(reachable_states())}:\n" + "\n".join(bad[:5])


@pytest.mark.oracle
def test_we_read_and_write_gnubg_ids(gnubg):
    bad = []
    for state in reachable_states():
        position, cube, match = state
        mover = position.turn
        doubled = cube.offered_by is not None
        info = gnubg.cubeinfo(
            cube.value,
            -1 if cube.owner is None else PLAYER[cube.owner],
            PLAYER[mover],
            match.length,
            (match.score[BLACK], match.score[WHITE]),
            int(match.crawford == CRAWFORD),
            0,
        )
        if match.is_money:
            info["jacoby"] = int(position.variant.options.values["jacoby"])
        pos = gnubg.posinfo(
            PLAYER[1 - mover] if doubled else PLAYER[mover],
            0,
            int(doubled),
            1,
            position.dice or (0, 0),
        )
        theirs = gnubg.gnubgid(gnubg_board(position), info, pos)
        expected = (sorted_dice(position), cube, match)
        if format_gnubg_id(*state) != theirs or parse_gnubg_id(theirs) != expected:
            bad.append(f"{_describe(state)}: gnubg {theirs}, ours {format_gnubg_id(*state)}")
    assert not bad, f"{len(bad)} of {len(reachable_states())}:\n" + "\n".join(bad[:5])


@pytest.mark.oracle
def test_gnubg_reads_our_xgids(gnubg):
    bad = []
    for state in reachable_states():
        position, cube, match = state
        xgid = format_xgid(*state)
        gnubg.setgnubgid(xgid)
        expected = format_gnubg_id(position, undoubled(cube), match)
        board = tuple(tuple(half) for half in gnubg.board())
        if board != gnubg_board(position) or gnubg.gnubgid() != expected:
            bad.append(f"{_describe(state)}: {xgid} -> gnubg {gnubg.gnubgid()}, ours {expected}")
        elif parse_xgid(xgid) != state:
            bad.append(f"{_describe(state)}: {xgid} is not read back")
    assert not bad, f"{len(bad)} of {len(reachable_states())}:\n" + "\n".join(bad[:5])
