"""The strength harness (bench/strength.py, bench/baselines.py): statistics and the sequential
stop, resuming from a checkpoint, the baselines' legal play and score, the gnubg board
conversion and judge (``oracle``), the report. Tiny samples only: the measurements themselves
are run by hand (docs/strength.md)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from bench import strength
from bench.baselines import HeuristicPlayer, RandomPlayer, score
from bench.positions import game_positions
from conftest import ROOT
from nardy_core import get_variant, legal_plays
from nardy_core.engine.position import side_from


# --- statistics ---------------------------------------------------------------------------------
def test_mean_and_standard_error():
    mean, se, n = strength.mean_se([1.0, 2.0, 3.0, 4.0])
    assert (mean, n) == (2.5, 4)
    assert se == pytest.approx(math.sqrt(5.0 / 3.0) / 2.0)  # sd 1.291 / sqrt(4)
    assert math.isnan(strength.mean_se([1.0])[1])
    assert strength.mean_se([])[2] == 0


def test_sequential_stop():
    winning = [2.0, 0.0] * 600  # mean 1, SE about 1/sqrt(n): decided at once
    assert strength.pairing_status(winning, 1000) == ("decided", 100)  # not before 100 games
    assert strength.pairing_status(winning, 1000, min_games=20) == ("decided", 20)
    even = [1.0, -1.0] * 600  # never decided: stops at the game limit
    assert strength.pairing_status(even, 1000) == ("complete", 1000)
    assert strength.pairing_status(even[:40], 1000) == ("running", 40)
    assert strength.decided([1.0, -1.0] * 60 + [3.0] * 2) is False
    # the stop is checked after each pair of games, on the prefix only
    assert strength.pairing_status(winning[:101], 1000) == ("decided", 100)


def test_share_of_points():
    share, se = strength.share_se([1.0, 0.0, 2.0, 1.0], [1.0, 1.0, 2.0, 1.0])
    assert share == pytest.approx(0.8)
    assert se > 0
    assert strength.percentile([5, 1, 4, 2, 3], 95) == 5
    assert strength.percentile(list(range(1, 101)), 95) == 95


# --- checkpoints and resume ---------------------------------------------------------------------
def _games(path):
    return [r for r in strength.read_records(path) if r.get("kind") == "game"]


def test_resume_continues_where_it_stopped(tmp_path):
    first, whole = tmp_path / "first", tmp_path / "whole"
    args = ("short", "heuristic", "random")
    path = strength.run_pairing(*args, games=2, workers=1, results=str(first), argv=["t"])
    assert [g["index"] for g in _games(path)] == [0, 1]
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"kind": "game", "index": 2, "poi')  # a line cut short by a kill
    strength.run_pairing(*args, games=4, workers=1, results=str(first), argv=["t"])
    resumed = _games(path)
    assert [g["index"] for g in resumed] == [0, 1, 2, 3]
    runs = [r for r in strength.read_records(path) if r.get("kind") == "run"]
    assert [r["from_index"] for r in runs] == [0, 2]
    # the same games as one uninterrupted run: seeds are fixed per game index
    other = strength.run_pairing(*args, games=4, workers=1, results=str(whole), argv=["t"])
    keys = ("seed", "colour0", "points", "moves", "winner")
    assert [[g[k] for k in keys] for g in resumed] == [[g[k] for k in keys] for g in _games(other)]
    # colours alternate within a pair that shares its dice
    assert resumed[0]["seed"] == resumed[1]["seed"] != resumed[2]["seed"]
    assert resumed[0]["colour0"] != resumed[1]["colour0"]
    # finished: a rerun plays nothing
    strength.run_pairing(*args, games=4, workers=1, results=str(first), argv=["t"])
    assert len(_games(path)) == 4


# --- baselines ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["short", "long", "caucasian"])
def test_baselines_play_legal_moves(game):
    variant = get_variant(game)
    players = (RandomPlayer(variant, seed=1), HeuristicPlayer(variant, seed=1))
    for position in game_positions(game, 40, seed=2):
        plays = legal_plays(position)
        frames = {p.frame for p in plays}
        for player in players:
            assert player.choose(position, plays).frame in frames
    record, _ = strength.play_game(game, ("heuristic", "random"), 0, "test/0")
    assert "error" not in record, record.get("error")
    assert record["points"] != 0 and record["total"] >= 1


def test_heuristic_score_formula():
    long = get_variant("long")
    me = side_from({24: 14, 13: 1})
    opp = side_from({24: 15})
    # pips 360 - 349, two blocking points (24 and 13 are ahead of his head), 14 on the head
    assert score(long, me, opp) == 11 + 3 * 2 - 2 * 14
    short = get_variant("short")
    me = side_from({6: 2, 8: 1}, off=12)
    opp = side_from({20: 1}, off=14)  # his 20 is my 5: three pips behind my blot on 8
    assert score(short, me, opp) == (20 - 20) + 4 * 1 - 6 * 1 + 4 * 12
    opp_far = side_from({24: 1}, off=14)  # my point 1: seven pips away, no direct shot
    assert score(short, me, opp_far) == (24 - 20) + 4 * 1 + 4 * 12
    assert score(short, side_from({}, off=15), opp) == math.inf


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide cannot start a process")
def test_help_lists_the_subcommands():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "bench", "strength.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for word in ("errors", "pairings", "report"):
        assert word in out


# --- the report -----------------------------------------------------------------------------------
def test_report_rewrites_only_its_section(tmp_path):
    results = tmp_path / "results"
    run = {
        "kind": "run",
        "mode": "pairings",
        "game": "long",
        "pairing": ["strong", "heuristic"],
        "command": "python3 bench/strength.py pairings --game long",
        "date": "2026-01-01T00:00",
        "machine": "test machine, load average 0.10 0.10 0.10 at start",
        "revision": "abc",
    }
    games = [
        {
            "kind": "game",
            "index": i,
            "players": ["strong", "heuristic"],
            "colour0": i % 2,
            "points": p,
            "total": abs(p),
            "moves": 90,
            "times": {"0": [[100.0, 90.0, 5], [1.0, 1.0, 1]]},
        }
        for i, p in enumerate([1.0, 2.0, -1.0, 1.0])
    ]
    strength.append_records(str(results / "pairings-long-strong-vs-heuristic.jsonl"), [run] + games)
    doc = tmp_path / "strength.md"
    doc.write_text(f"# Title\n\nkept\n\n{strength.START}\nold\n{strength.END}\n\ntail\n")
    strength.report(str(results), str(doc))
    text = doc.read_text()
    assert text.startswith("# Title\n\nkept\n") and text.rstrip().endswith("tail")
    assert "old" not in text and "**Preliminary:**" in text
    assert "| strong vs heuristic | 4 | +0.750 ± 0.629 |" in text
    assert "| long | strong | 4 | 0.090 | 0.090 |" in text  # one-result moves left out


# --- GNU Backgammon: board conversion and the judge --------------------------------------------
@pytest.mark.oracle
def test_gnubg_conversion_and_judge():
    gnubg_nn = pytest.importorskip("gnubg_nn")
    import gnubg

    short = get_variant("short")
    start = short.initial_position(dice=(3, 1))
    board = strength.gnubg_board(start.sides, start.turn)
    assert gnubg.positionid(board) == "4HPwATDgc/ABMA"  # gnubg's starting position
    # an unsymmetric position: the mover has a checker on the bar, the opponent a blot
    me = side_from({6: 5, 8: 3, 13: 4, 24: 2}, bar=1)
    opp = side_from({6: 4, 8: 3, 13: 5, 24: 2, 3: 1})
    position = short.initial_position(dice=(6, 4)).replace(sides=(me, opp), first_turn=(0, 0))
    ours = {strength.gnubg_board(p.board[0], 0) for p in legal_plays(position)}
    theirs = {
        gnubg_nn.board_from_position_key(key)
        for key, _ in gnubg_nn.moves(strength.gnubg_board(position.sides, 0), 6, 4, 1)
    }
    assert {(tuple(a), tuple(b)) for a, b in theirs} == ours
    # the judge knows the opening 31: 8/5 6/5 is best at 0 and 2 plies
    judge = strength.GnubgJudge()
    plays = legal_plays(start)
    by_name = {p.notation(): p for p in plays}
    assert judge.best_play(start, plays).notation() == "8/5 6/5"
    good = judge.judge(start, plays, by_name["8/5 6/5"])
    bad = judge.judge(start, plays, by_name["24/23 24/21"])
    assert good["loss0"] == 0 and good["loss2"] == 0 and good["pid"] == "4HPwATDgc/ABMA"
    assert bad["loss0"] > 50 and bad["loss2"] > 50 and bad["best2"] == "8/5 6/5"
    assert bad["n"] == len({strength.gnubg_board(p.board[0], 0) for p in plays})


@pytest.mark.oracle
def test_errors_run_records_judged_decisions(tmp_path):
    pytest.importorskip("gnubg")
    path = strength.run_errors("beginner", 1, workers=1, results=str(tmp_path), argv=["t"])
    records = strength.read_records(path)
    games = [r for r in records if r.get("kind") == "game"]
    decisions = [r for r in records if r.get("kind") == "decision"]
    assert len(games) == 1 and games[0]["players"] == ["beginner", "gnubg0"]
    assert decisions and all(d["n"] >= 2 and d["loss0"] >= 0 and d["loss2"] >= 0 for d in decisions)
    assert all(json.loads(json.dumps(d)) == d for d in decisions)
