"""The rollout judge of the levels (bench/rollout_judge.py): a real decision rolled out by a
tiny run, the errors, the paired difference, the judge's standard error and the bootstrap's
selection bias on made-up tallies. The measurements themselves are run by hand
(docs/strength.md, "Error rate judged by rollouts")."""

from __future__ import annotations

import math

import pytest

from bench import rollout_judge as judge
from nardy_core.analysis.rollout import Tally, Trial


def record(results, chosen):
    """A decision's record from per-trial points of each candidate."""
    tally = Tally(len(results[0]))
    for row in results:
        tally.add([Trial(p, 0.0, (), False) for p in row])
    return {
        "plays": [f"p{c}" for c in range(tally.count)],
        "chosen": chosen,
        "tally": tally.to_json(),
    }


def test_a_decision_is_rolled_out_and_resumed(tmp_path):
    judge.run("tawula", 2, trials=4, horizon=2, workers=1, results=str(tmp_path))
    records = judge.read(judge.path_of(str(tmp_path), "tawula"))
    assert sorted(records) == [0, 1]
    for r in records.values():
        assert len(set(r["plays"])) == len(r["plays"]) >= 2  # distinct results
        assert set(r["chosen"]) == set(judge.LEVEL_NAMES)
        assert all(0 <= c < len(r["plays"]) for c in r["chosen"].values())
        assert r["tally"]["games"] == 4 and all(t == 4 for t in r["tally"]["truncated"])
    judge.run("tawula", 2, trials=4, horizon=2, workers=1, results=str(tmp_path))  # nothing to do
    assert judge.read(judge.path_of(str(tmp_path), "tawula")) == records
    # a level's play that is not among a decision's candidates: that decision is rolled out again
    path = judge.path_of(str(tmp_path), "tawula")
    changed = dict(records)
    changed[1] = {**records[1], "boards": ["?"] * len(records[1]["boards"])}
    judge._rewrite(path, changed)
    judge.run("tawula", 2, trials=4, horizon=2, workers=1, results=str(tmp_path))
    again = judge.read(path)
    assert again[0] == records[0]  # untouched
    assert {**again[1], "cpu": 0} == {**records[1], "cpu": 0}  # the same rollout, once more
    with pytest.raises(SystemExit):  # another setting in the same file
        judge.run("tawula", 2, trials=8, horizon=2, workers=1, results=str(tmp_path))
    rows = judge.summary(list(records.values()))
    assert all(row["error"] >= 0 and row["n"] == 2 for row in rows.values())
    assert judge.paired(list(records.values()), "strong", "strong")[:2] == (0.0, 0.0)


def test_errors_judge_se_and_paired_difference():
    # candidate 0 wins 1 more point than candidate 1 on every trial: 1 point lost by choosing 1
    rows = [(1.0 + x, x) for x in (0.0, 1.0, -1.0, 2.0)]
    names = {"beginner": 1, "intermediate": 0, "strong": 0, "strong_before": 0, "strong_wide": 1}
    records = [record(rows, names), record(rows, {**names, "strong_wide": 0})]
    summary = judge.summary(records)
    assert summary["beginner"]["error"] == pytest.approx(1.0)
    assert summary["strong"]["error"] == 0.0 and summary["strong"]["best"] == 1.0
    assert summary["beginner"]["judge_se"] == 0.0  # the same dice: no noise in the difference
    assert summary["strong_wide"]["error"] == pytest.approx(0.5)
    assert judge.paired(records, "strong_wide", "strong") == (pytest.approx(0.5), 0.0, 1)


def test_the_bootstrap_finds_the_bias_of_picking_the_best_of_noisy_candidates():
    # two candidates equal in truth, each noisy on its own: a level that always plays candidate
    # 1 looks worse than it is whenever 0 comes out ahead; the bootstrap sees that bias
    rng = [((i * 7919) % 13 - 6.0) / 3.0 for i in range(40)]
    rows = [(rng[i], rng[(i * 5 + 3) % 40]) for i in range(40)]
    names = dict.fromkeys(judge.LEVEL_NAMES, 1)
    row = judge.summary([record(rows, names)] * 3)["strong"]
    assert row["bias"] > 0 and row["judge_se"] > 0
    low = judge.cholesky([[4.0, 2.0], [2.0, 3.0]])
    assert low[0][0] == 2.0 and low[1][0] == 1.0 and low[1][1] == pytest.approx(math.sqrt(2.0))


def test_the_judge_s_network_is_frozen_at_the_first_run(tmp_path):
    # long nardy ships a network: the first run copies it; a later run judges with the copy
    # even when the shipped weights have changed (here: the copy replaced by another game's)
    results = str(tmp_path)
    evaluator, net = judge.judge_evaluator("long", results)
    assert net == judge.shipped("long") and (tmp_path / "judge-long.nnw").exists()
    assert judge.judge_evaluator("tawula", results)[1] is None  # no network: nothing to freeze
    states = judge.decisions("long", 3, results)
    assert len(states) == 3 and all(s.startswith("long ") for s in states)
    assert judge.decisions("long", 3, results) == states
