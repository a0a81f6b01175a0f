"""Game review (nardy_core.analysis.review, docs/review.md): marks, luck, win chances, the annotated
record and ``python -m nardy_core review``.

Kept small: the full review of the fixed game runs at the intermediate level (0-ply); the strong
level judges only a few of its decisions."""

import json
import os

import pytest

from conftest import DATA
from helpers import run
from nardy_core.analysis.review import MARKS, Review, load_record, mark_for
from nardy_core.engine.errors import NardyError
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.formats.record import game_record
from nardy_core.formats.records import export_match, import_match

FIXED = os.path.join(DATA, "records", "review_short.mat")


def fixed_text():
    with open(FIXED, encoding="utf-8") as handle:
        return handle.read()


@pytest.fixture(scope="module")
def fixed():
    review = Review(fixed_text(), level="intermediate")
    return review, review.report()


def first_play_game(game, seed, turns):
    """A game record (``record.game_record``) played by always taking the first legal play."""
    g = Game(game, seed=seed)
    done = 0
    while g.phase != OVER and done < turns:
        if g.phase == ROLL:
            g.roll()
            done += 1
        elif g.phase == MOVE:
            g.play(g.legal_plays()[0])
        else:
            break
    return game_record(g)


# --- determinism and pinned figures -------------------------------------------------------------
def test_fixed_game_gives_the_same_review_every_time(fixed):
    review, report = fixed
    again = Review(fixed_text(), level="intermediate").report()
    assert json.dumps(report, sort_keys=True) == json.dumps(again, sort_keys=True)
    json.dumps(report)  # JSON-ready


def test_fixed_game_pinned_figures(fixed):
    _, report = fixed
    summary = report["summary"]
    anna, boris = summary["players"]
    assert (anna["name"], boris["name"]) == ("Anna", "Boris")
    assert (anna["decisions"], anna["doubtful"], anna["errors"], anna["blunders"]) == (15, 7, 2, 0)
    assert (boris["decisions"], boris["doubtful"], boris["errors"], boris["blunders"]) == (
        19,
        3,
        1,
        0,
    )
    # 4 decimals in the output; a little slack for another platform's floating point (Pyodide)
    assert anna["loss"] == pytest.approx(0.5417, abs=5e-4)
    assert boris["loss"] == pytest.approx(0.3713, abs=5e-4)
    assert anna["luck"] == pytest.approx(-0.2656, abs=5e-4)
    assert boris["luck"] == pytest.approx(-0.5279, abs=5e-4)
    assert (anna["error_rate"], boris["error_rate"]) == (36.1, 19.5)
    worst = summary["worst"][0]
    assert (worst["game"], worst["player"], worst["played"], worst["best"], worst["mark"]) == (
        1,
        1,
        "20/16 13/10*",
        "13/10* 8/4*",
        "error",
    )
    assert worst["loss"] == pytest.approx(0.1445, abs=5e-4)
    kinds = [d["kind"] for d in report["decisions"]]
    assert kinds.count("roll") == 28 and kinds.count("answer") == 2


def test_marks_follow_the_documented_thresholds(fixed):
    _, report = fixed
    assert [(name, threshold) for name, _, threshold in MARKS] == [
        ("blunder", 0.16),
        ("error", 0.08),
        ("doubtful", 0.04),
    ]
    assert (mark_for(0.039), mark_for(0.04), mark_for(0.08), mark_for(0.16)) == (
        None,
        "doubtful",
        "error",
        "blunder",
    )
    for d in report["decisions"]:
        if d["kind"] != "roll":
            assert d["loss"] >= 0
            assert d["mark"] == mark_for(d["loss"])


def test_plays_show_the_best_and_the_played(fixed):
    _, report = fixed
    for d in report["decisions"]:
        if d["kind"] != "play" or d["forced"]:
            continue
        assert d["candidates"][0]["play"] == d["best"]
        assert d["best_equity"] - d["equity"] == pytest.approx(d["loss"], abs=2e-4)
        played = [c for c in d["candidates"] if c["played"]]
        assert len(played) == 1 and played[0]["rank"] == d["rank"]
        assert played[0]["play"] == d["played"]


def test_strong_level_judges_the_played_play_as_deep_as_the_best():
    review = Review(fixed_text(), level="strong")
    items = review.decisions()
    # game 2, Boris's 3-4 (the intermediate level's worst mistake) and Anna's 6-4 in game 2
    target = [
        d["index"]
        for d in items
        if d["kind"] == "play" and d["game"] == 1 and d["played"] in ("20/16 13/10*", "13/3")
    ]
    assert len(target) == 2
    for index in target:
        d = review.analyse(index)
        assert d["candidates"][0]["depth"] == "1-ply"
        mine = [c for c in d["candidates"] if c["play"] == d["played"]][0]
        assert mine["depth"] == "1-ply"
        assert d["loss"] == pytest.approx(d["best_equity"] - d["equity"], abs=2e-4)
    assert review.analyse(target[0]) == Review(fixed_text(), level="strong").analyse(target[0])


# --- luck -----------------------------------------------------------------------------------------
def _check_luck(review, index):
    table = review.luck_table(index)
    total = sum(ways for _, ways in table.values())
    mean = sum(luck * ways for luck, ways in table.values()) / total
    assert abs(mean) < 1e-9
    analysis = review.analyse(index)
    dice = tuple(sorted(analysis["dice"], reverse=True))
    assert analysis["luck"] == pytest.approx(table[dice][0], abs=1e-4)
    return table


def test_luck_is_zero_on_average_short(fixed):
    review, report = fixed
    rolls = [d for d in report["decisions"] if d["kind"] == "roll"]
    opening = _check_luck(review, rolls[0]["index"])
    assert len(opening) == 15 and sum(w for _, w in opening.values()) == 30  # no doubles
    table = _check_luck(review, rolls[5]["index"])
    assert len(table) == 21 and sum(w for _, w in table.values()) == 36
    _check_luck(review, rolls[-1]["index"])


@pytest.mark.parametrize(
    "game,seed,turns", [("long", "L1", 9), ("gioul", "G3", 12), ("fayles", "F2", 4)]
)
def test_luck_is_zero_on_average_other_games(game, seed, turns):
    review = Review(first_play_game(game, seed, turns), level="intermediate")
    rolls = [d for d in review.decisions() if d["kind"] == "roll"]
    assert rolls
    table = _check_luck(review, rolls[-1]["index"])
    assert len(table) == (56 if game == "fayles" else 21)
    if game == "gioul":
        doubles = [d for d in rolls if len(set(d["dice"])) == 1]
        assert doubles, "the test game should hold a double (an escalating list)"
        _check_luck(review, doubles[0]["index"])


# --- marks of plays and cube --------------------------------------------------------------------
def blunder_record():
    # White opens 3-1 with 8/4 instead of making the 5-point
    return {
        "v": 1,
        "game": "short",
        "options": {},
        "length": 0,
        "seed": "x",
        "players": ["human", "human"],
        "games": [[["opening", [[3, 1]]], ["play", [[8, 5, 3, False], [5, 4, 1, False]]]]],
    }


def test_a_bad_play_is_a_blunder():
    review = Review(blunder_record(), level="intermediate")
    plays = [d for d in review.run() if d["kind"] == "play"]
    assert len(plays) == 1
    d = plays[0]
    assert d["played"] == "8/4" and d["best"] == "8/5 6/5"
    assert d["mark"] == "blunder" and d["symbol"] == "??" and d["loss"] >= 0.16
    assert review.summary()["players"][0]["blunders"] == 1


def test_cube_decisions_and_answers(fixed):
    _, report = fixed
    answers = [d for d in report["decisions"] if d["kind"] == "answer"]
    assert [a["played"] for a in answers] == ["drop", "drop"]
    for d in report["decisions"]:
        if d["kind"] in ("cube", "answer"):
            assert d["best"] in ("double", "no_double", "take", "drop", "beaver")
            assert d["double_pass"] == pytest.approx(1.0)  # money: a drop gives the cube
    doubles = [d for d in report["decisions"] if d["kind"] == "cube" and d["played"] == "double"]
    assert len(doubles) == 2 and all(d["close"] for d in doubles)


def test_a_match_record_in_match_play_gives_match_winning_chances():
    record = import_match(fixed_text())
    record["length"] = 3
    review = Review(record, level="intermediate")
    cubes = [review.analyse(d["index"]) for d in review.decisions() if d["kind"] == "cube"]
    assert cubes and all("mwc" in d for d in cubes)


# --- incremental use, records, the annotated export -------------------------------------------
def test_incremental_use_and_one_game_of_a_match():
    review = Review(fixed_text(), level="intermediate", game=1)
    items = review.decisions()
    assert items and {d["game"] for d in items} == {1}
    assert [d["index"] for d in items] == list(range(len(items)))
    first = review.analyse(0)
    assert first["kind"] == "roll" and first["opening"] and first["win"] == [0.5, 0.5]
    partial = review.summary()
    assert (partial["analysed"], partial["total"]) == (1, len(items))
    review.run()
    chances = review.summary()["win_chance"]
    assert chances[-1]["result"]["winner"] == 0 and chances[-1]["win"] == [1.0, 0.0]
    assert all(0 <= c["win"][0] <= 1 for c in chances)
    with pytest.raises(NardyError):
        Review(fixed_text(), level="intermediate", game=5)


def test_a_single_game_record_and_a_page_record():
    record = first_play_game("short", "S1", 6)
    assert "actions" in record
    review = Review(record, level="intermediate")
    assert review.run()
    page = dict(import_match(fixed_text()), seed="s")
    assert (
        Review(json.dumps(page), level="intermediate").decisions()
        == Review(fixed_text(), level="intermediate").decisions()
    )
    assert load_record(json.dumps({"record": page}))["games"] == page["games"]


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "hello",
        "{",
        "[1, 2]",
        json.dumps({"v": 1}),
        json.dumps({"v": 1, "game": "short", "games": [[["roll", [9]]]]}),
    ],
)
def test_bad_records_raise_nardy_errors(bad):
    with pytest.raises(NardyError):
        Review(bad)


def test_an_unknown_level_is_refused():
    with pytest.raises(NardyError) as info:
        Review(blunder_record(), level="grandmaster")
    assert info.value.code == "bad_level"


def test_annotated_export_reads_back_as_the_same_match(fixed):
    review, _ = fixed
    text = review.export_text()
    assert " ?!" in text and " ?" in text and "\n; " in text
    plain = export_match(import_match(fixed_text()))
    assert import_match(text)["games"] == import_match(plain)["games"]
    assert import_match(review.export_text(marks=False))["games"] == import_match(plain)["games"]


def test_reader_takes_marks_after_moves_and_cube_actions():
    text = (
        " 0 point match\n\n Game 1\n A : 0                          B : 0\n"
        "  1) 31: 8/4 ??                   42: 8/4 6/4 ?!\n"
        "; A 31: 8/4 ?? blunder\n"
        "  2)  Doubles => 2 ?               Takes ??\n"
        "  3) 62: 24/18 13/11 !            "
    )
    record = import_match(text)
    actions = record["games"][0]
    assert [a[0] for a in actions] == [
        "opening",
        "play",
        "roll",
        "play",
        "double",
        "take",
        "roll",
        "play",
    ]


# --- the command line -----------------------------------------------------------------------------
def test_cli_review(capsys):
    rc, out, err = run(capsys, "review", FIXED, "--level", "intermediate", "--game-number", "2")
    assert rc == 0, err
    assert "Worst mistakes" in out and "Anna" in out and "Boris" in out
    assert "20/16 13/10*, best 13/10* 8/4*" in out and "Game 1\n" not in out


def test_cli_review_json_and_annotated(capsys, tmp_path):
    page = tmp_path / "page.json"
    page.write_text(json.dumps(blunder_record()))
    rc, out, _ = run(capsys, "review", str(page), "--level", "intermediate", "--json")
    assert rc == 0
    report = json.loads(out)
    assert [d["mark"] for d in report["decisions"] if d["kind"] == "play"] == ["blunder"]
    rc, out, _ = run(capsys, "review", str(page), "--level", "intermediate", "--annotated")
    assert rc == 0 and "31: 8/5 5/4 ??" in out
    assert import_match(out)["games"][0][1] == blunder_record()["games"][0][1]


def test_cli_review_bad_input(capsys, tmp_path):
    bad = tmp_path / "bad.mat"
    bad.write_text("this is no match record\n")
    rc, out, err = run(capsys, "review", str(bad))
    assert rc == 2 and err.startswith("error: ") and not out
    rc, _, err = run(capsys, "review", str(tmp_path / "missing.mat"))
    assert rc == 2 and "cannot read" in err
    rc, _, err = run(capsys, "review", FIXED, "--game-number", "7", "--level", "intermediate")
    assert rc == 2 and "no game 7" in err
