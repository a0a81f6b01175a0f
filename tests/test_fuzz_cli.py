"""Fuzzing the entry points for typed errors (issue 18, classes 2 and 4; docs/fuzzing.md).

Every entry point — the command line and the readers behind it — gets valid samples mutated as
an attacker would (tokens of a command line, characters of a state or play text, bytes and
fields of a JSON record or vector file, lines typed at the terminal's prompt) and hypothesis'
own values, and must answer with a ``NardyError`` only: the command line with exit status 0, 1
or 2 and never a traceback. The command line runs in process (``cli.main``) with standard
output as strict UTF-8 (as in a terminal: a lone surrogate there is an error) and standard
input as UTF-8 bytes.

A few examples per test in the normal suite (fixed seeds); ``NARDY_HEAVY=1`` runs many more
with fresh seeds.
"""

import io
import json
import os
import random
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import DATA, random_position
from nardy_core.analysis.dicecheck import commitment, verify_record
from nardy_core.analysis.review import Review
from nardy_core.bots import LEVELS
from nardy_core.cli.main import main
from nardy_core.engine.errors import NardyError
from nardy_core.engine.game import Game
from nardy_core.formats import linkcode
from nardy_core.formats.inputs import MAX_JSON_DEPTH, parse_json, read_file
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.formats.records import export_match, import_match
from nardy_core.referee.vectors import (
    check_format1,
    check_format2,
    position_from_json,
    vector_variant,
)
from nardy_core.ui import share
from nardy_core.ui.session import HUMAN, Session

HEAVY = bool(os.environ.get("NARDY_HEAVY"))


def fuzz(examples):
    """``examples`` in the normal suite, twenty times as many under NARDY_HEAVY=1."""
    return settings(
        max_examples=examples * 20 if HEAVY else examples,
        deadline=None,
        derandomize=not HEAVY,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


# --- running the command line ---------------------------------------------------------------------
def run_cli(argv, stdin=b""):
    """``(status, stdout, stderr)`` of ``cli.main(argv)``; an exception escaping fails the test
    (hypothesis then shows the command line)."""
    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
    )
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        status = main(argv)
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    text_out, text_err = out.getvalue().decode(), err.getvalue().decode()
    assert status in (0, 1, 2), (argv, status)
    assert "Traceback" not in text_out + text_err
    if status == 2:
        assert text_err.strip(), "a refusal says why"
    return status, text_out, text_err


# --- samples ----------------------------------------------------------------------------------------
GAMES = ("short", "long", "plakoto", "fevga", "tourne_case", "fayles", "khachapuri", "tawula")


def _played(game, seed, turns, **kwargs):
    session = Session(game, players=(HUMAN, HUMAN), seed=seed, **kwargs)
    rng = random.Random(seed)
    for _ in range(turns):
        g = session.game
        if g.is_over:
            break
        if g.phase == "roll":
            session._do("roll")
        elif g.phase == "move":
            session._do("play", rng.choice(g.legal_plays()))
        elif g.phase == "double":
            session._do("take")
    return session


def _samples():
    states = []
    for index, game in enumerate(GAMES):
        position = random_position(game, index, 6)
        states.append(format_state(position))
    states.append("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money first:wb")
    states.append("long 24:15 24:15 w - - 3-1/5 first:wb")
    sessions = [_played(game, f"fuzz-{game}", 12) for game in ("short", "long", "plakoto")]
    sessions.append(_played(None, "fuzz-tavli", 12, kind="tavli", length=3))
    sessions.append(_played(None, "fuzz-start", 6, start=parse_state(states[0])))
    links = [linkcode.encode_state(*parse_state(text)) for text in states[:4]]
    links += ["g=" + linkcode.encode_game(game_record(s.game)) for s in sessions[:2]]
    return states, links, sessions


STATES, LINKS, SESSIONS = _samples()
SEED = "fuzz-short"
RECORD = SESSIONS[0].to_dict()
GAME_RECORDS = [game_record(s.game) for s in SESSIONS]
with open(os.path.join(DATA, "variant_vectors", "short.json"), encoding="utf-8") as _f:
    VECTOR_FILE = json.load(_f)
VECTOR_FILE["vectors"] = VECTOR_FILE["vectors"][:3]
with open(os.path.join(DATA, "test_vectors.json"), encoding="utf-8") as _f:
    FORMAT1 = json.load(_f)[:3]
with open(os.path.join(DATA, "records", "review_short.mat"), encoding="utf-8") as _f:
    MAT = _f.read()
IMPORTED = import_match(MAT)  # recorded dice, player names
# a record short enough for a review at the beginner level to take a fraction of a second
SHORT_RECORD = _played("short", "fuzz-review", 4).to_dict()

WORK = tempfile.mkdtemp(prefix="nardy-fuzz-")


def _file(name, data):
    path = os.path.join(WORK, name)
    with open(path, "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


FILES = {
    "record": _file("record.json", json.dumps(RECORD)),
    "short": _file("short.json", json.dumps(SHORT_RECORD)),
    "vectors": _file("vectors.json", json.dumps(VECTOR_FILE)),
    "format1": _file("format1.json", json.dumps(FORMAT1)),
    "mat": _file("record.mat", MAT),
}

COMMANDS = [
    ["codes", STATES[0]],
    ["codes", STATES[2]],
    ["codes", LINKS[0]],
    ["codes", LINKS[-1]],
    ["codes", "https://example.org/#p=" + LINKS[1]],
    ["plays", STATES[0], "31"],
    ["plays", "--game", "long", "64"],
    ["plays", "--game", "short", "-o", "max_cube=2", "66"],
    ["verify-dice", SEED, commitment(SEED), "--count", "3"],
    ["verify-dice", SEED, commitment(SEED), "--record", FILES["record"]],
    ["verify-dice", SEED, "00", "--game", "--count", "2"],
    ["check-vectors", FILES["vectors"]],
    ["check-vectors", FILES["format1"]],
    ["choose", "--level", "beginner", FILES["vectors"]],
    ["review", "--level", "beginner", "--json", FILES["short"]],
    ["play", "--game", "short", "--seed", "x"],
    ["play", "--game", "long", "--match", "3"],
    ["hint", "--level", "beginner", STATES[0], "31"],
]
TOKENS = [
    "-1",
    "0",
    "1",
    "2",
    "3",
    "7",
    "999",
    "1000",
    "100000",
    "100001",
    "9" * 30,
    "1" * 5000,
    "²",
    "٣",
    "1e3",
    "0x10",
    "",
    " ",
    "\x00",
    "\udcff",
    "\udcff\udcfe",
    "é",
    "--count",
    "--match",
    "--record",
    "--game",
    "--option",
    "-o",
    "--seed",
    "--level",
    "--top",
    "--game-number",
    "--json",
    "--annotated",
    "--white",
    "x=y",
    "max_cube=2",
    "max_cube=-1",
    "head_exception_rolls=²",
    "=",
    "s.",
    "s~",
    "g=",
    "p=",
    "#",
    "short",
    "long",
    "plakoto",
    "tourne_case",
    "fayles",
    "-",
    "31",
    "66",
    "7-7",
    "123456",
    "/nonexistent",
    WORK,
    os.devnull,
    "codes",
    "plays",
    "verify-dice",
    "check-vectors",
    "review",
    "play",
    "choose",
    *FILES.values(),
    *STATES[:2],
    *LINKS[:2],
]


@st.composite
def command_lines(draw):
    argv = list(draw(st.sampled_from(COMMANDS)))
    token = st.sampled_from(TOKENS) | st.text(max_size=8)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("replace", "insert", "delete", "chars", "swap")))
        at = draw(st.integers(0, len(argv) - 1)) if argv else 0
        if op == "replace" and argv:
            argv[at] = draw(token)
        elif op == "insert":
            argv.insert(at, draw(token))
        elif op == "delete" and argv:
            del argv[at]
        elif op == "chars" and argv:
            argv[at] = draw(mutated_text(argv[at]))
        elif op == "swap" and len(argv) > 1:
            other = draw(st.integers(0, len(argv) - 1))
            argv[at], argv[other] = argv[other], argv[at]
    return argv


CHARS = [
    "0",
    "1",
    "6",
    "9",
    "²",
    "٣",
    "/",
    ":",
    ",",
    "-",
    " ",
    "*",
    "(",
    ")",
    "\x00",
    "\udcff",
    "{",
    "}",
    "[",
    "]",
    '"',
    "\\",
    "e",
    "\ufeff",
    "\n",
]


def mutated_text(text, pool=CHARS):
    """``text`` with one to three characters inserted, replaced or deleted, or a slice
    repeated or cut off."""

    @st.composite
    def build(draw):
        chars = list(text)
        for _ in range(draw(st.integers(1, 3))):
            op = draw(st.sampled_from(("insert", "replace", "delete", "repeat", "cut")))
            at = draw(st.integers(0, len(chars)))
            char = draw(st.sampled_from(pool) | st.characters())
            if op == "insert":
                chars.insert(at, char)
            elif op == "replace" and at < len(chars):
                chars[at] = char
            elif op == "delete" and at < len(chars):
                del chars[at]
            elif op == "repeat":
                end = draw(st.integers(at, min(len(chars), at + 20)))
                chars[at:at] = chars[at:end] * draw(st.integers(1, 50))
            elif op == "cut":
                del chars[at:]
        return "".join(chars)

    return build()


def _is_expensive(argv):
    """A mutation may turn a sample into a legitimately long run (a bot game played to the end,
    a review at a searching level): those are not what this test is after."""
    if argv and argv[0] == "play" and any(name in argv for name in LEVELS):
        return True
    return False


@fuzz(120)
@given(command_lines())
def test_mutated_command_lines_exit_with_a_status_never_a_traceback(argv):
    assume(not _is_expensive(argv))
    if argv and argv[0] in ("review", "choose", "hint"):
        argv = argv + ["--level", "beginner"]  # the last --level counts
    run_cli(argv, stdin=b"\n1\nq\n" * 3)


# --- files given to the command line ----------------------------------------------------------------
ATOMS = [
    None,
    True,
    False,
    0,
    1,
    -1,
    6,
    7,
    25,
    26,
    2**63,
    1.5,
    -0.0,
    1e300,
    "",
    "x",
    "²",
    "play",
    "roll",
    "opening",
    "double",
    "take",
    "short",
    "long",
    [],
    {},
    [1],
    [[1, 2]],
    [6, 6, 6],
    {"a": 1},
]


def mutate_value(rng, value, depth=0):
    """``value`` (JSON-like) with one change somewhere in it."""
    if isinstance(value, dict) and value and rng.random() < 0.85:
        value = dict(value)
        key = rng.choice(list(value))
        roll = rng.random()
        if roll < 0.15:
            del value[key]
        elif roll < 0.7 and depth < 12:
            value[key] = mutate_value(rng, value[key], depth + 1)
        elif roll < 0.9:
            value[key] = rng.choice(ATOMS)
        else:
            value[
                rng.choice(
                    [
                        "game",
                        "options",
                        "seed",
                        "games",
                        "actions",
                        "start",
                        "kind",
                        "dice_used",
                        "match",
                        "vectors",
                        "mover",
                        "dice",
                        "x",
                    ]
                )
            ] = rng.choice(ATOMS)
        return value
    if isinstance(value, (list, tuple)) and value and rng.random() < 0.85:
        value = list(value)
        at = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.15:
            del value[at]
        elif roll < 0.65 and depth < 12:
            value[at] = mutate_value(rng, value[at], depth + 1)
        elif roll < 0.8:
            value.insert(at, value[rng.randrange(len(value))])
        elif roll < 0.9:
            value[at] = rng.choice(ATOMS)
        else:
            value = [value]  # one level deeper
        return value
    if isinstance(value, str) and value and rng.random() < 0.5:
        at = rng.randrange(len(value))
        return value[:at] + rng.choice(CHARS) + value[at + 1 :]
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return rng.choice([value + 1, value - 1, -value, value * 10**6, str(value)])
    return rng.choice(ATOMS)


def mutate_bytes(rng, data):
    """``data`` with one to four bytes changed, inserted or cut, or a slice repeated."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        roll = rng.random()
        if roll < 0.3 and at < len(data):
            data[at] = rng.choice(b'\xff\x00\xc3"{}[]\\,:0129-eE.ntf ')
        elif roll < 0.6:
            data[at:at] = rng.choice(
                [
                    b"\xff",
                    b"\xed\xb2\x80",
                    b"NaN",
                    b"Infinity",
                    b"1e999",
                    b"[" * 40,
                    b"-",
                    b"9" * 120,
                    b'"\\udc80"',
                    b",",
                ]
            )
        elif roll < 0.8:
            data[at:at] = data[at : at + 30] * rng.randint(2, 20)
        else:
            del data[at : at + rng.randint(1, 30)]
    return bytes(data)


def mutated_json(rng, value):
    """The JSON of ``value`` after one to three changes of its fields, then, a quarter of the
    time, of its bytes."""
    for _ in range(rng.randint(1, 3)):
        value = mutate_value(rng, value)
    data = json.dumps(value).encode("utf-8")
    return mutate_bytes(rng, data) if rng.random() < 0.25 else data


@fuzz(60)
@given(st.randoms(use_true_random=False))
def test_mutated_dice_records_are_verified_or_refused(rng):
    path = _file("case-record.json", mutated_json(rng, rng.choice([RECORD, GAME_RECORDS[0]])))
    run_cli(["verify-dice", SEED, commitment(SEED), "--record", path])


@fuzz(40)
@given(st.randoms(use_true_random=False))
def test_mutated_vector_files_are_checked_or_refused(rng):
    fmt1 = rng.random() < 0.3
    path = _file("case-vectors.json", mutated_json(rng, FORMAT1 if fmt1 else VECTOR_FILE))
    run_cli(["check-vectors", path])
    if not fmt1:
        run_cli(["choose", "--level", "beginner", path])


@fuzz(25)
@given(st.randoms(use_true_random=False))
def test_mutated_records_are_reviewed_or_refused(rng):
    if rng.random() < 0.5:
        path = _file("case-review.json", mutated_json(rng, SHORT_RECORD))
    else:  # a .mat text cut after its first game, with a few characters changed
        first = MAT[: MAT.index(" Game 2")]
        path = _file("case-review.mat", mutate_bytes(rng, first.encode("utf-8")))
    run_cli(["review", "--level", "beginner", "--json", path])


# --- the terminal game ------------------------------------------------------------------------------
ANSWERS = [
    "",
    "1",
    "2",
    "40",
    "0",
    "r",
    "d",
    "t",
    "p",
    "b",
    "y",
    "n",
    "24/18 13/8",
    "13/7 8/7",
    "²",
    "٣",
    "1" * 5000,
    "9" * 30,
    "24/18(²)",
    "bar/22*",
    "6/off(9)",
    "-",
    "pass",
    "24/18 " * 300,
    "\u0661",
]


@fuzz(40)
@given(
    st.lists(st.sampled_from(ANSWERS) | st.text(max_size=20), max_size=12),
    st.sampled_from(["short", "long", "plakoto", "tourne_case", "fayles", "fevga"]),
    st.booleans(),
)
def test_the_terminal_game_takes_any_line(lines, game, broken):
    stdin = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
    if broken:  # a line that is not UTF-8
        stdin = stdin.replace(b"\n", b"\xff\n", 1)
    status, out, _ = run_cli(["play", "--game", game, "--seed", "fuzz"], stdin=stdin)
    assert status == 0 and out.rstrip().endswith("bye")


# --- the readers behind the command line ------------------------------------------------------------
def _only_typed_errors(function, *args):
    try:
        return function(*args)
    except NardyError as exc:
        assert isinstance(exc.code, str) and exc.code
        return None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=30,
)


@fuzz(300)
@given(
    st.binary(max_size=200)
    | st.text(max_size=200)
    | json_values.map(lambda v: json.dumps(v, allow_nan=True))
)
def test_the_json_reader_raises_only_typed_errors(data):
    value = _only_typed_errors(parse_json, data)
    json.dumps(value, allow_nan=False)  # every number it gives is finite


@fuzz(100)
@given(st.randoms(use_true_random=False))
def test_mutated_json_texts_raise_only_typed_errors(rng):
    _only_typed_errors(parse_json, mutated_json(rng, rng.choice([RECORD, VECTOR_FILE])))


@fuzz(150)
@given(st.randoms(use_true_random=False))
def test_mutated_records_raise_only_typed_errors(rng):
    """Every reader of a record — the dice check, the review's replay, a shared game's replay,
    a saved game's, a match file's writer, a game code's encoder — on records mutated field
    by field."""
    record = rng.choice([RECORD, IMPORTED, *[s.to_dict() for s in SESSIONS[3:]], *GAME_RECORDS])
    for _ in range(rng.randint(1, 3)):
        record = mutate_value(rng, record)
    _only_typed_errors(verify_record, record, SEED)
    _only_typed_errors(lambda: Review(record, level="beginner").decisions())
    _only_typed_errors(share.replay_states, record)
    _only_typed_errors(share.session_from, "game", record)
    _only_typed_errors(Session.from_dict, record)
    _only_typed_errors(game_from_record, record)
    _only_typed_errors(export_match, record)
    _only_typed_errors(linkcode.encode_game, record)


@fuzz(150)
@given(st.randoms(use_true_random=False))
def test_mutated_vectors_raise_only_typed_errors(rng):
    vector = rng.choice(VECTOR_FILE["vectors"])
    for _ in range(rng.randint(1, 3)):
        vector = mutate_value(rng, vector)
    _only_typed_errors(check_format2, vector, "short")
    _only_typed_errors(lambda: position_from_json(vector_variant(vector, "short"), vector))
    old = rng.choice(FORMAT1)
    for _ in range(rng.randint(1, 3)):
        old = mutate_value(rng, old)
    _only_typed_errors(check_format1, old)


@fuzz(200)
@given(st.sampled_from(STATES + LINKS).flatmap(mutated_text))
def test_mutated_codes_raise_only_typed_errors(text):
    answer = _only_typed_errors(share.read, text)
    if answer is not None and answer[0] == "state":
        position = answer[1][0]
        assert sum(position.sides[c][0] == position.variant.checkers for c in (0, 1)) < 2


# --- the examples of the issue, each a regression test ----------------------------------------------
def test_json_limits_are_typed_errors(tmp_path):
    deep = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    for text, code in [
        (deep, "json_depth"),
        ('{"a": NaN}', "json_number"),
        ("[Infinity]", "json_number"),
        ("[1e400]", "json_number"),
        (b"[\xff]", "not_utf8"),
        ('["\\udc80"]', "json_text"),
        ("{", "json"),
        ("1" * 101, "json_number"),
    ]:
        with pytest.raises(NardyError) as info:
            parse_json(text)
        assert info.value.code == code, text
    assert parse_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) == json.loads(
        "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    )
    assert parse_json('["\\ud83d\\ude00", "[[[["]') == ["\U0001f600", "[[[["]
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(NardyError) as info:
        read_file(str(big), limit=100)
    assert info.value.code == "too_big" and info.value.params["size"] == 101
    assert read_file(str(big), limit=101) == b" " * 101


def test_the_examples_of_the_issue_are_refused(tmp_path):
    # play text with unusual digits at the terminal's prompt
    for line in ("²", "1" * 5000, "24/1²", "13/7(²)"):
        status, out, _ = run_cli(
            ["play", "--game", "short", "--seed", "x"], stdin=(line + "\n").encode()
        )
        assert status == 0 and "  ! " in out
    # verify-dice: missing or wrong-typed fields, Infinity, a seed that is not UTF-8 text
    digest = commitment(SEED)
    for text in (
        '{"games": 5, "game": "short"}',
        '{"actions": [["roll", [1, true]]], "game": "short"}',
        '{"actions": [], "game": "short", "dice_used": Infinity}',
        '{"actions": [["roll"]], "game": "short"}',
        '{"games": [[]], "game": ["short"]}',
    ):
        path = _file("issue.json", text)
        status, _, err = run_cli(["verify-dice", SEED, digest, "--record", path])
        assert status == 2 and err.startswith("error: "), text
    status, _, err = run_cli(["verify-dice", "\udcff", digest])
    assert status == 2 and "UTF-8" in err
    # check-vectors and choose: vectors not a list, or a list of numbers
    for vectors in (5, [1, 2], {"a": 1}):
        path = _file(
            "issue-vectors.json", json.dumps({"format": 2, "game": "short", "vectors": vectors})
        )
        for argv in (["check-vectors", path], ["choose", "--level", "beginner", path]):
            status, out, err = run_cli(argv)
            assert status in (1, 2) and ("error" in out + err), (argv, vectors)
    # deeply nested JSON in review
    path = _file("issue-deep.json", "{" + '"a":[' * 5000 + "]" * 5000 + "}")
    status, _, err = run_cli(["review", path])
    assert status == 2 and "deeper than" in err
    # codes s.: both sides borne off
    status, _, err = run_cli(["codes", "s."])
    assert status == 2 and "borne off every checker" in err
    # play --match -1
    status, _, err = run_cli(["play", "--match", "-1"])
    assert status == 2 and "0 to 999" in err
    # verify-dice --count: capped, and streamed
    status, _, err = run_cli(["verify-dice", "x", "y", "--count", "100001"])
    assert status == 2 and "0 to 100000" in err


def test_a_lastroll_flag_only_on_blacks_compensating_turn():
    good = "long[last_roll_draw=true] off:15 24:15 b - - money lastroll:1"
    assert format_state(*parse_state(good)) == good
    # the one state with both sides off: the draw at the end of Black's compensating turn
    start = parse_state("long[last_roll_draw=true] 1:1,off:14 1:1,off:14 w 21 - money")
    game = Game(start[0].variant, seed="x", position=start[0])
    game.play("1/off")
    game.roll(dice=(2, 1))
    game.play("1/off")
    assert game.result.reason == "draw"
    codes = share.state_codes((game.position, game.cube, game.match))
    assert parse_state(codes["state"])[0] == game.position
    status, out, _ = run_cli(["codes", "g=" + linkcode.encode_game(game_record(game))])
    assert status == 0 and "off:15 off:15 b" in out
    for bad in (
        "long off:15 24:15 b - - money lastroll:1",
        "short off:15 24:15 b - 1 money lastroll:1",
        "long[last_roll_draw=true] off:15 24:15 w - - money lastroll:1",
        "long[last_roll_draw=true] 1:15 24:15 b - - money lastroll:1",
        "long off:15 off:15 w - - money",
        "long[last_roll_draw=true] off:15 off:15 b - - money",
        "short off:15 off:15 b - 1 money",
    ):
        with pytest.raises(NardyError) as info:
            parse_state(bad)
        assert info.value.params["field"], bad


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--match", "1000"],
        ["play", "--match", "²"],
        ["play", "--match", "1" * 5000],
        ["hint", "--top", "0", STATES[0], "31"],
        ["review", "--game-number", "0", os.devnull],
        ["selfplay", "-1"],
        ["selfplay", "1", "--jobs", "0"],
        ["verify-dice", "x", "y", "--count", "-1"],
    ],
)
def test_numbers_outside_their_documented_range_are_refused(argv):
    status, out, err = run_cli(argv)
    assert status == 2 and not out and "expected a whole number from" in err


def test_rolls_are_listed_as_they_are_made():
    from nardy_core.analysis.dicecheck import iter_rolls, rolls

    stream = iter_rolls("x", 10**12)  # nothing is made before it is asked for
    assert [next(stream) for _ in range(3)] == rolls("x", 3)
    status, out, _ = run_cli(["verify-dice", "x", "y", "--count", "100000"])
    assert status == 1 and len(out.splitlines()) == 100_002


def test_a_match_length_is_checked_by_the_match_itself():
    from nardy_core.engine.match import MAX_LENGTH, Match
    from nardy_core.variants import get_variant

    for length in (-1, MAX_LENGTH + 1, True, 2.0, "3"):
        with pytest.raises(NardyError) as info:
            Match(get_variant("short"), length=length)
        assert info.value.code == "match_length"
    assert Match(get_variant("short"), length=MAX_LENGTH).length == MAX_LENGTH


@pytest.mark.skipif(sys.platform == "emscripten", reason="file names are UTF-8 in Pyodide's FS")
def test_a_file_name_that_is_not_utf8_is_shown_not_crashed_on(tmp_path):
    name = os.fsdecode(b"r\xe9.json")  # the undecodable byte is a surrogate in Python
    path = str(tmp_path / name)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(SHORT_RECORD, handle)
    status, out, _ = run_cli(["review", "--level", "beginner", path])
    assert status == 0 and "r\ufffd.json" in out.splitlines()[0]


def test_plays_and_hints_need_a_game_still_to_play():
    for state in (
        "short off:15 24:15 w - 1 money",
        "short 24:15 off:15 w - 1 money",
        "long[last_roll_draw=true] off:15 off:15 b - - money lastroll:1",
    ):
        for argv in (["plays", state, "31"], ["hint", "--level", "beginner", state, "31"]):
            status, out, err = run_cli(argv)
            assert status == 2 and not out and "already over" in err, argv
    last = "long[last_roll_draw=true] off:15 24:15 b - - money lastroll:1"
    assert run_cli(["plays", last, "66"])[1].splitlines() == ["24/6"]


def test_the_terminal_describes_every_way_a_game_ends():
    """Found by the fuzz: a fayles game lost to an unplayable roll ended the terminal game
    with a KeyError."""
    from nardy_core.cli.terminal import _describe_result
    from nardy_core.engine.game import GameResult

    class Ended:
        def __init__(self, result):
            self.result = result

    for reason in ("drop", "resign", "bear_off", "roll", "draw"):
        text = _describe_result(
            "en", Ended(GameResult(None if reason == "draw" else 1, "single", 1, 1, reason))
        )
        assert text.startswith("Draw" if reason == "draw" else "Black win 1 point")


@pytest.mark.parametrize("command", ["selfplay", "choose", "play"])
def test_a_seed_of_undecodable_bytes_is_a_usage_error(command, capsys):
    """Found by fuzz/run.py cli: ``selfplay 7 --seed`` with bytes that are not UTF-8 (a
    command line's undecodable bytes arrive as lone surrogates) reached random.Random."""
    from nardy_core.cli.main import main

    seed = b"sh2\xd1\xff\xffrt".decode("utf-8", errors="surrogateescape")
    argv = {
        "selfplay": ["selfplay", "7", "--seed", seed],
        "choose": ["choose", "--seed", seed, "x.json"],
        "play": ["play", "--seed", seed],
    }[command]
    assert main(argv) == 2
    assert "is not text that UTF-8 can write" in capsys.readouterr().err
