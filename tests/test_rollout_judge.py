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
    with pytest.raises(SystemExit):  # another setting in the same file
        judge.run("tawula", 2, trials=8, horizon=2, workers=1, results=str(tmp_path))
    rows = judge.summary(list(records.values()))
    assert all(row["error"] >= 0 and row["n"] == 2 for row in rows.values())
    assert judge.paired(list(records.values()), "strong", "strong")[:2] == (0.0, 0.0)


def test_errors_judge_se_and_paired_difference():
    # candidate 0 wins 1 more point than candidate 1 on every trial: 1 point lost by choosing 1
    rows = [(1.0 + x, x) for x in (0.0, 1.0, -1.0, 2.0)]
    names = {"beginner": 1, "intermediate": 0, "strong": 0, "strong_wide": 1}
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
