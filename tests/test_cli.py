"""The command line (``python -m nardy_core``), called in-process through ``cli.main``.

No subprocesses: the suite also runs inside Pyodide. ``play`` reads ``sys.stdin``, which the
tests replace with a ``StringIO``.
"""

import io
import json
import os
import sys

import pytest

from conftest import DATA
from helpers import run
from nardy_core.cli.main import main
from nardy_core.formats.record import game_record

FORMAT1 = os.path.join(DATA, "test_vectors.json")
VARIANT_DIR = os.path.join(DATA, "variant_vectors")
CORE = ("long", "short", "caucasian")

SHORT_START = "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money first:wb"
LONG_START = "long 24:15 24:15 w - - money first:wb"

# CORE_RULES.md 3.12 / ST1: the 16 distinct plays of 3-1 from the short-nardy start, by hand.
# 1s: 24/23, 8/7, 6/5 (13/12 lands on the opponent's five); 3s: 24/21, 13/10, 8/5, 6/3.
SHORT_OPENING_31 = {
    "24/23 24/21",
    "24/23 13/10",
    "24/23 8/5",
    "24/23 6/3",
    "24/21 8/7",
    "13/10 8/7",
    "8/7 8/5",
    "8/7 6/3",
    "24/21 6/5",
    "13/10 6/5",
    "8/5 6/5",
    "6/5 6/3",
    "24/20",
    "13/9",
    "8/4",
    "6/2",
}


def lines(text):
    return [line for line in text.splitlines() if line]


# --- check-vectors -----------------------------------------------------------------------------
def test_check_vectors_format1(capsys):
    rc, out, err = run(capsys, "check-vectors", FORMAT1)
    assert rc == 0
    assert lines(out) == ["57 passed, 0 failed"]


def test_check_vectors_core_format2_files(capsys):
    paths = [os.path.join(VARIANT_DIR, f"{game}.json") for game in CORE]
    counts = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            counts.append(len(json.load(f)["vectors"]))
    rc, out, err = run(capsys, "check-vectors", *paths)
    assert rc == 0
    assert lines(out) == [f"{n} passed, 0 failed" for n in counts]


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _missing_and_extra(out, vid):
    out_lines = lines(out)
    start = out_lines.index(f"{vid}: FAILED")
    missing = [
        json.loads(line.split(":", 1)[1])
        for line in out_lines[start + 1 :]
        if line.startswith("  missing:")
    ]
    extra = [
        json.loads(line.split(":", 1)[1])
        for line in out_lines[start + 1 :]
        if line.startswith("  extra:")
    ]
    return missing, extra


def test_check_vectors_reports_a_wrong_format1_vector(capsys, tmp_path):
    with open(FORMAT1, encoding="utf-8") as f:
        vectors = json.load(f)
    wrong = next(v for v in vectors if v["id"] == "L1c")  # LT1 3-3: {24:13,21,15}, {24:13,18:2}
    assert {"24": 13, "18": 2} in wrong["legal_results"]
    wrong["legal_results"].remove({"24": 13, "18": 2})  # a result removed ...
    wrong["legal_results"].append({"24": 13, "21": 2})  # ... and a wrong one added
    rc, out, err = run(capsys, "check-vectors", _write(tmp_path, "bad.json", vectors))
    assert rc == 1
    missing, extra = _missing_and_extra(out, "L1c")
    assert missing == [{"24": 13, "21": 2}]  # in the file, not produced by the engine
    assert extra == [{"24": 13, "18": 2}]  # produced by the engine, not in the file
    assert lines(out)[-1] == f"{len(vectors) - 1} passed, 1 failed"
    assert sum("FAILED" in line for line in lines(out)) == 1


def test_check_vectors_reports_a_wrong_format2_vector(capsys, tmp_path):
    with open(os.path.join(VARIANT_DIR, "short.json"), encoding="utf-8") as f:
        data = json.load(f)
    wrong = next(v for v in data["vectors"] if v["id"] == "S11")
    removed = wrong["results"].pop(0)
    assert removed["mover"]["points"] == {"2": 1}
    wrong["results"].append(
        {"mover": {"points": {"6": 1}, "off": 14}, "opponent": {"points": {"1": 15}}}
    )
    rc, out, err = run(capsys, "check-vectors", _write(tmp_path, "short.json", data))
    assert rc == 1
    missing, extra = _missing_and_extra(out, "S11")
    assert [m["mover"]["points"] for m in missing] == [{"6": 1}]
    assert [e["mover"]["points"] for e in extra] == [{"2": 1}]
    assert lines(out)[-1] == f"{len(data['vectors']) - 1} passed, 1 failed"


def test_check_vectors_several_files_fail_if_one_fails(capsys, tmp_path):
    bad = _write(
        tmp_path,
        "bad.json",
        {
            "format": 2,
            "game": "short",
            "vectors": [
                {
                    "id": "nothing-moves",
                    "mover": {"points": {"6": 15}},
                    "opponent": {"points": {"6": 15}},
                    "dice": [1, 2],
                    "results": [
                        {"mover": {"points": {"6": 15}}, "opponent": {"points": {"6": 15}}}
                    ],
                }
            ],
        },
    )
    rc, out, err = run(capsys, "check-vectors", FORMAT1, bad)
    assert rc == 1
    assert lines(out)[0] == "57 passed, 0 failed"
    assert lines(out)[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize(
    "data",
    [{"format": 3, "vectors": []}, {"vectors": []}, "text", 42, None],
    ids=["format3", "no_format", "string", "number", "null"],
)
def test_check_vectors_neither_format(capsys, tmp_path, data):
    path = _write(tmp_path, "odd.json", data)
    rc, out, err = run(capsys, "check-vectors", path)
    assert rc != 0
    assert lines(err) == [f"error: {path}: neither a format-1 list nor a format-2 object"]


def test_check_vectors_not_json(capsys, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are not vectors\n", encoding="utf-8")
    rc, out, err = run(capsys, "check-vectors", str(path))
    assert rc != 0 and lines(err)[0].startswith("error: ")


def test_check_vectors_missing_file(capsys, tmp_path):
    rc, out, err = run(capsys, "check-vectors", str(tmp_path / "missing.json"))
    assert rc != 0 and lines(err)[0].startswith("error: ")


def test_check_vectors_malformed_vector(capsys, tmp_path):
    rc, out, err = run(capsys, "check-vectors", _write(tmp_path, "junk.json", [{"id": "x"}]))
    assert rc != 0
    assert "x" in out + err


# --- plays -------------------------------------------------------------------------------------
def plays(capsys, *argv):
    rc, out, err = run(capsys, "plays", *argv)
    assert rc == 0, err
    result = lines(out)
    assert lines(err) == [f"# {len(result)} legal plays"]
    assert len(set(result)) == len(result)
    return result


def test_plays_short_opening_31_exact_set(capsys):
    assert set(plays(capsys, SHORT_START, "31")) == SHORT_OPENING_31
    assert set(plays(capsys, "31")) == SHORT_OPENING_31  # default: --game short start
    assert set(plays(capsys, SHORT_START.replace(" w ", " b "), "3-1")) == SHORT_OPENING_31
    assert len(SHORT_OPENING_31) == 16


def test_plays_dice_argument_replaces_the_dice_of_the_text(capsys):
    rolled = SHORT_START.replace(" - 1 ", " 65 1 ")
    assert set(plays(capsys, rolled, "13")) == SHORT_OPENING_31


def test_plays_long_first_turn(capsys):
    assert plays(capsys, LONG_START, "66") == ["24/18(2)"]  # LT1
    assert plays(capsys, "--game", "long", "66") == ["24/18(2)"]
    assert plays(capsys, LONG_START, "55") == ["24/4"]
    assert plays(capsys, LONG_START, "65") == ["24/13"]  # LT2
    assert set(plays(capsys, LONG_START, "33")) == {"24/21 24/15", "24/18(2)"}


def test_plays_long_head_exception_options(capsys):
    # LT3: black's first turn 4-4 after white opened 5-5 (white's runner on its 4 = black's 16)
    after_55 = "long 24:14,4:1 24:15 b - - money first:b"
    assert plays(capsys, after_55, "44") == ["24/20"]
    assert plays(capsys, after_55.replace("long", "long[head_exception=list]"), "44") == [
        "24/20(2)"
    ]


def test_plays_short_bar_entry(capsys):
    st3 = "short 13:5,8:4,6:5,bar:1 13:3,6:3,5:3,4:3,3:3 w - 1 money"
    assert set(plays(capsys, st3, "62")) == {"bar/17", "bar/23 13/7", "bar/23 8/2"}  # ST3
    assert plays(capsys, st3, "65") == ["-"]  # ST2
    st6 = "short 13:5,8:4,6:5,bar:1 13:2,6:3,5:3,4:3,3:3,2:1 w - 1 money"
    assert set(plays(capsys, st6, "62")) == {"bar/23*/17", "bar/23* 13/7", "bar/23* 8/2"}


def test_plays_long_six_block_pass(capsys):
    lt9 = "long 24:2,17:1,16:1,15:1,14:1,13:1,1:8 24:5,23:2,22:2,21:2,20:2,19:2 w - - money"
    assert plays(capsys, lt9, "66") == ["-"]
    assert plays(capsys, lt9.replace("long", "long[block_rule=none]"), "66") == ["24/18"]


def test_plays_caucasian_ct1(capsys):
    ct1 = "caucasian 13:12,6:1,4:1,1:1 22:1,1:14 w - 1 money"
    default = {
        "13/12 13/10",
        "13/12 6/3*",
        "13/12 4/1",
        "13/9",
        "13/10 6/5",
        "13/10 4/3*",
        "6/2",
        "6/5 4/1",
        "6/3*/2",
    }
    assert set(plays(capsys, ct1, "31")) == default
    assert set(plays(capsys, ct1.replace("caucasian", "short"), "31")) == default | {"6/3* 4/3"}
    stay = ct1.replace("caucasian", "caucasian[caucasian_hit_rule=stay]")
    assert set(plays(capsys, stay, "31")) == default - {"6/3*/2"}


@pytest.mark.parametrize("dice", ["7x", "0", "", "x", "3", "333", "77"])
def test_plays_bad_dice(capsys, dice):
    rc, out, err = run(capsys, "plays", SHORT_START, dice)
    assert rc == 2
    assert out == ""
    assert len(lines(err)) == 1 and err.startswith("error: ")


@pytest.mark.parametrize(
    "text",
    [
        "garbage",
        "short 24:3,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money",  # 16 checkers
        "backgammon 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money",  # unknown game
        "short[max_cube=banana] 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1",  # a field missing
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 x - 1 money",  # side to move
        "short bar:1,13:5,8:4,6:5 13:3,6:3,5:3,4:3,3:3 w - 1 money",  # bar written first
        "long 24:14,19:1 24:14,7:1 w - - money",  # a point held by both
    ],
    ids=[
        "garbage",
        "16_checkers",
        "unknown_game",
        "bad_option",
        "short_text",
        "bad_turn",
        "side_order",
        "shared_point",
    ],
)
def test_plays_bad_position(capsys, text):
    rc, out, err = run(capsys, "plays", text, "31")
    assert rc == 2
    assert out == ""
    assert len(lines(err)) == 1 and err.startswith("error: ")


# --- selfplay ----------------------------------------------------------------------------------
def test_selfplay_command(capsys):
    rc, out, err = run(capsys, "selfplay", "3", "--game", "short", "--seed", "5")
    assert rc == 0
    assert len(lines(out)) == 1
    assert lines(out)[0].startswith("short: 3 games, ")
    assert lines(out)[0].endswith("; 0 rule violations")


# --- play: the terminal game -------------------------------------------------------------------
@pytest.fixture
def play(monkeypatch, capsys):
    def go(answers, *argv):
        monkeypatch.setattr(sys, "stdin", io.StringIO("".join(a + "\n" for a in answers)))
        return run(capsys, "play", *argv)

    return go


def test_play_by_numbers_until_eof(play):
    rc, out, err = play(["1"] * 40, "--game", "short", "--seed", "42")
    assert rc == 0
    assert lines(out)[-1] == "Goodbye"
    assert "dice seed 42" in out
    assert out.count("your play (its number") >= 10
    assert "!" not in out
    again = play(["1"] * 40, "--game", "short", "--seed", "42")
    assert again == (rc, out, err)  # the same seed replays the same game


@pytest.mark.parametrize("game", CORE)
def test_play_a_whole_money_game_and_start_the_next(play, game):
    rc, out, err = play(["1"] * 700, "--game", game, "--seed", "3")
    assert rc == 0
    assert " win " in out
    assert lines(out)[-1] == "Goodbye"


def test_play_one_point_match_ends_by_itself(play):
    rc, out, err = play(["1"] * 2000, "--game", "short", "--seed", "9", "--match", "1")
    assert rc == 0
    assert " win " in out
    assert "Match score" in out and out.rstrip().endswith("(to 1)")


def test_play_illegal_play_text_is_reported_and_the_game_goes_on(play):
    # short nardy opens with the lot dice: the first prompt asks for a play
    rc, out, err = play(["24/1", "banana", "1", "", "1"], "--game", "short", "--seed", "42")
    assert rc == 0
    # each error line follows the prompt it answers (stdin is not echoed)
    errors = [line for line in out.splitlines() if "  ! " in line]
    assert len(errors) == 2
    assert all(
        line.startswith("White (O): your play") or line.startswith("Black (X): your play")
        for line in errors
    )
    after = out.split(errors[-1], 1)[1]
    assert "your play (its number" in after  # asked again ...
    assert "Enter = roll" in after  # ... and the play made after it passed the turn
    assert lines(out)[-1] == "Goodbye"


def test_play_other_answers(play):
    # roll prompt: d = double (refused or offered), t = take; r = resign, n = decline; q = quit
    # seed 42: black opens, then white may double before his first roll
    rc, out, err = play(["1", "d", "t", "1", "r", "n", "q"], "--game", "short", "--seed", "42")
    assert rc == 0
    assert "Black (X): double to 2: t = take, p = pass > " in out
    assert "White (O): Enter = roll, r = resign, q = quit > " in out  # black owns the cube now
    assert "Black (X): accept the resignation (single game)? y = yes, n = no > " in out
    assert " win " not in out
    assert lines(out)[-1] == "Goodbye"
    rc, out, err = play(["1", "r", "y", "q"], "--game", "short", "--seed", "42")
    assert rc == 0
    assert "Black win 1 point: resignation (single game), cube 1" in out
    assert lines(out)[-1] == "Goodbye"
    rc, out, err = play(["1", "d", "p"], "--game", "short", "--seed", "42")
    assert rc == 0
    assert "White win 1 point: the double was dropped, cube 1" in out


def test_play_unknown_player(play):
    rc, out, err = play([], "--white", "nobody")
    assert rc == 2
    assert len(lines(err)) == 1 and err.startswith("error: unknown player 'nobody'")


def test_play_writes_to_the_current_stdout(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["play", "--game", "long", "--seed", "1"]) == 0
    assert screen.getvalue().rstrip().endswith("Goodbye")


def test_codes_gives_every_code_of_a_pasted_xgid(capsys):
    assert main(["codes", "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:1:0:7:10"]) == 0
    lines = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert lines["state"] == "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 2w 3-1/7 first:wb"
    assert lines["xgid"] == "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:1:0:7:10"
    assert lines["gnubg"].startswith("4HPwATDgc/ABMA:")
    assert main(["codes", "https://example.org/#p=" + lines["link"]]) == 0
    again = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert again == lines


def test_codes_of_a_long_nardy_state_have_no_backgammon_ids(capsys):
    assert main(["codes", "long 24:14,19:1 24:15 b 53 - money"]) == 0
    keys = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert keys == ["state", "link"]


def test_codes_of_a_game_code_list_its_plays(capsys):
    from nardy_core.engine.game import Game
    from nardy_core.formats import linkcode

    game = Game("short", seed="cli-codes")
    for _ in range(4):
        if game.phase == "roll":
            game.roll()
        game.play(game.legal_plays()[0])
    assert main(["codes", linkcode.encode_game(game_record(game))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len([line for line in out if line[:2] in ("w ", "b ")]) == 4
    codes = dict(line.split(None, 1) for line in out if line.split()[0] in ("state", "link"))
    assert codes["link"].startswith("s.") and codes["state"].startswith("short ")


def test_codes_of_garbage_is_a_readable_error(capsys):
    assert main(["codes", "not a position"]) == 2
    assert "error:" in capsys.readouterr().err
