"""Self-play across the option matrix (``nardy_core.referee.option_matrix``): every value of every option
of every game, each turn, the opening, the end and the score judged by the independent referee.

The normal run plays one game per option value; ``NARDY_HEAVY=1`` plays 100 (CPython only).
The referee's new judgements (the opening, automatic doubles, Jacoby, long nardy's last roll,
``block_check=every_step``) each get a wrong engine or a wrong turn that they must reject.
"""

import os
import random
import subprocess
import sys
from types import SimpleNamespace

import pytest

from nardy_core import get_variant
from nardy_core.engine.cube import CubeState
from nardy_core.engine.game import Game
from nardy_core.engine.match import MatchScore
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.options import Option
from nardy_core.engine.variant import Variant
from nardy_core.formats.notation import parse_position
from nardy_core.referee import frame as frame
from nardy_core.referee.core import Violation, check_turn
from nardy_core.referee.option_matrix import label, option_matrix, option_values
from nardy_core.referee.selfplay import SelfPlayReport, play_game, play_one, selfplay
from nardy_core.variants import VARIANTS
from nardy_core.variants.long import LongNardy

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
PYODIDE = sys.platform == "emscripten"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# --- the matrix itself -------------------------------------------------------------------------
def test_values_of_each_kind_of_option():
    assert option_values(Option("x", "b", choices=("a", "b", "c"))) == ["b", "a", "c"]
    assert option_values(Option("x", True, "bool")) == [True, False]
    assert option_values(Option("max_cube", 0, "int")) == [0, 2, 64]
    assert option_values(Option("automatic_doubles", 0, "int")) == [0, 1, 6]
    assert option_values(Option("koks_points", 3, "int", minimum=1)) == [3, 1, 2, 6]
    assert option_values(Option("unknown", 5, "int", minimum=2)) == [5, 2, 3, 9]
    rolls = option_values(Option("head_exception_rolls", frozenset({3, 4, 6}), "dieset"))
    assert rolls == [{3, 4, 6}, set(), {1, 2, 3, 4, 5, 6}, {4, 6}]


@pytest.mark.parametrize("game", list(VARIANTS))
def test_matrix_has_every_value_of_every_option_once(game):
    matrix = option_matrix(game)
    assert matrix[0] == {}
    specs = VARIANTS[game].option_specs
    for spec in specs:
        varied = [
            m for m in matrix[1:] if spec.key in m and (len(m) == 1 or list(m)[-1] == spec.key)
        ]
        assert [m[spec.key] for m in varied] == option_values(spec)[1:]
    labels = [label(get_variant(game, m)) for m in matrix]
    assert len(set(labels)) == len(labels)  # every entry is a variant of its own


def test_matrix_adds_what_a_value_needs():
    long = option_matrix("long")
    assert {"koks_rule": "head", "koks_points": 6} in long
    assert {"last_roll_draw": True, "draw_eval": "at_white_finish"} in long
    assert {"cube_enabled": True, "jacoby": True} in long
    assert {"jacoby": True} in option_matrix("short")  # short nardy's cube is on already
    assert {"koks_points": 6} not in long


# --- self-play under every option value ---------------------------------------------------------
def _cases(heavy):
    for game in VARIANTS:
        for overrides in option_matrix(game):
            name = label(get_variant(game, overrides))
            yield pytest.param(game, overrides, id=name)


def _matrix_selfplay(game, overrides, games):
    variant = get_variant(game, overrides)
    report = selfplay(variant, games, seed=f"matrix/{label(variant)}")
    print(report.line())  # pytest -s shows the counts of a heavy run
    assert report.violations == []
    assert report.games == games and sum(report.outcomes.values()) == games
    assert report.line().startswith(f"{label(variant)}: {games} games, ")


@pytest.mark.parametrize("game, overrides", list(_cases(heavy=False)))
def test_selfplay_under_every_option_value(game, overrides):
    _matrix_selfplay(game, overrides, 1)


@pytest.mark.skipif(not HEAVY or PYODIDE, reason="heavy: NARDY_HEAVY=1, CPython")
@pytest.mark.parametrize("game, overrides", list(_cases(heavy=True)))
def test_selfplay_under_every_option_value_heavy(game, overrides):
    _matrix_selfplay(game, overrides, 100)


# --- the command line ---------------------------------------------------------------------------
def _cli(capsys, *argv):
    from nardy_core.cli.main import main

    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, [line for line in out.splitlines() if line], err


def test_cli_all_options(capsys):
    rc, lines, err = _cli(capsys, "selfplay", "1", "--game", "tourne_case", "--all-options")
    assert rc == 0 and err == ""
    assert [line.split(":")[0] for line in lines] == [
        "tourne_case",
        "tourne_case[tourne_rows=CONTRARY]",
        "tourne_case[tourne_dice=LOWER]",
        "tourne_case[tourne_overshoot=true]",
        "tourne_case[next_game_starter=winner]",
        "tourne_case",
    ]
    assert all(line.endswith("; 0 rule violations") for line in lines[:-1])
    assert lines[-1].startswith("tourne_case: 5 option values, 5 games, ")


def test_cli_one_combination_for_every_game(capsys):
    rc, lines, _ = _cli(capsys, "selfplay", "1", "--game", "all", "-o", "next_game_starter=winner")
    assert rc == 0
    assert len(lines) == len(VARIANTS)
    assert all(
        "[next_game_starter=winner]" in line
        or line.startswith(
            ("khachapuri:", "fevga:", "moultezim:", "plakoto:", "gioul:", "gul_bara:", "portes:")
        )
        for line in lines
    )  # where the previous winner starts by default


def test_cli_option_a_game_lacks(capsys):
    rc, lines, err = _cli(capsys, "selfplay", "1", "--game", "tawula", "-o", "cube_enabled=true")
    assert rc == 2 and lines == []
    assert err.startswith("error: tawula has no option 'cube_enabled'")


def test_cli_all_options_or_one_combination(capsys):
    rc, lines, err = _cli(capsys, "selfplay", "1", "--all-options", "-o", "jacoby=true")
    assert rc == 2 and lines == [] and "not allowed with argument" in err


# --- the head rule's exception under head_obstacle (CORE 2.4) ----------------------------------
EVERY_DOUBLE = {"head_exception_rolls": "123456"}


@pytest.mark.parametrize("d, only", [(5, "24/4"), (2, "24/16"), (1, "24/20")])
def test_head_obstacle_needs_the_head_to_stop_the_checker(d, only):
    """CORE 2.4: two checkers leave the head only when the single head checker "is stopped by
    the opponent's head and by nothing earlier". Four 5s, 2s or 1s never land on point 12, so
    listing them in ``head_exception_rolls`` changes nothing under ``head_obstacle``: as LT1."""
    start = get_variant("long", EVERY_DOUBLE).initial_position(dice=(d, d))
    assert [str(play) for play in legal_plays(start)] == [only]


def test_head_obstacle_with_every_double_is_judged():
    start = get_variant("long", EVERY_DOUBLE).initial_position(dice=(5, 5))
    two = [(24, 19, 5, False), (19, 14, 5, False), (24, 19, 5, False), (19, 14, 5, False)]
    after = list(start.sides[0])
    after[24], after[14] = 13, 2
    sides = (tuple(after), start.sides[1])
    with pytest.raises(Violation, match="2 checkers left the head"):
        check_turn(start, two, sides)
    listed = get_variant("long", {**EVERY_DOUBLE, "head_exception": "list"})
    check_turn(start.replace(variant=listed), two, sides)  # "list": unconditional
    six = start.replace(dice=(6, 6))  # the single checker is stopped on 12: two may leave
    after = list(six.sides[0])
    after[24], after[18] = 13, 2
    check_turn(six, [(24, 18, 6, False)] * 2, (tuple(after), six.sides[1]))


# --- the engine under FULL look-ahead ------------------------------------------------------------
FULL_TWOS = {
    "gioul": "gioul[escalation_lookahead=FULL] 24:11,21:1,20:1,18:1,10:1 "
    "24:11,22:1,21:2,14:1 b 22 - money turns:4-4",
    "gul_bara": "gul_bara[escalation_lookahead=FULL] 24:12,16:1,15:1,14:1 "
    "24:11,22:1,20:1,18:2 b 22 - money turns:4-4",
}


@pytest.mark.skipif(PYODIDE, reason="Pyodide cannot start a process")
@pytest.mark.parametrize("game", list(FULL_TWOS))
def test_full_lookahead_is_bounded(game):
    """A 2-2 in the middle game (20 units, millions of distinct results) within 256 MiB and
    20 s: the step interface plays it step by step, and listing its plays either answers or
    is refused with a typed error at the documented node limit."""
    code = (
        "import random, resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (256 << 20, 256 << 20))\n"
        f"sys.path.insert(0, {ROOT!r})\n"
        "from nardy_core.engine.errors import SearchLimitError\n"
        "from nardy_core.engine.movegen import legal_plays\n"
        "from nardy_core.formats.notation import parse_position\n"
        "from nardy_core.engine.turn import Turn\n"
        f"position = parse_position({FULL_TWOS[game]!r})\n"
        "turn, rng = Turn(position), random.Random(1)\n"
        "while not turn.is_complete:\n"
        "    turn.step(rng.choice(turn.legal_steps()))\n"
        "print(len(turn.steps))\n"
        "try:\n"
        "    print(len(legal_plays(position)))\n"
        "except SearchLimitError:\n"
        "    print('refused')\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=20
        )
    except subprocess.TimeoutExpired:
        pytest.fail("no answer within 20 s")
    assert done.returncode == 0, done.stderr[-300:]
    steps, listed = done.stdout.split()
    assert int(steps) > 0 and (listed == "refused" or int(listed) > 0)
