"""The shipped long nardy network (self-play TD(lambda), train/README.md): it loads with nn.py's
reader through importlib.resources, gives consistent probabilities, prefers a won race to a lost
one, and nn.py's pure-Python forward pass (full and incremental) equals an independent numpy one
on positions of random long nardy games."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from nardy_core import get_variant, legal_plays
from nardy_core.bots import nn
from nardy_core.bots.evaluator import Evaluator, equity
from nardy_core.engine.frame import flip, sides_of, to_frame
from nardy_core.engine.position import Position, side_from
from test_nn import numpy_forward, raw_arrays  # the numpy reference of the short net's test

LONG = get_variant("long")
CROSS = LONG.cross


def long_bytes():
    return resources.files("nardy_core.bots.weights").joinpath("long.nnw").read_bytes()


@pytest.fixture(scope="module")
def evaluator():
    ev = nn.NetEvaluator("long", data=long_bytes())
    return ev


@pytest.fixture(scope="module")
def game_frames():
    """Frames (side on roll) of seeded random long nardy games, and per roll its results flipped
    to the opponent's view (what a chooser passes to evaluate_many)."""
    rng = random.Random(7)
    singles, rolls = [], []
    position = None
    while len(singles) < 300:
        if position is None or position.winner() is not None:
            position = LONG.initial_position(turn=rng.randrange(2))
        singles.append(to_frame(position, CROSS))
        rolled = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        plays = legal_plays(rolled)
        if len(rolls) < 40 and len(plays) > 1:
            rolls.append([flip(p.frame, CROSS) for p in plays if (p.frame & 15) != LONG.checkers])
        play = rng.choice(plays)
        first = list(rolled.first_turn)
        first[rolled.turn] = False
        position = rolled.replace(
            sides=play.board[0], turn=1 - rolled.turn, dice=None, first_turn=first
        )
    return singles, rolls


def test_weights_load_with_nn_reader(evaluator):
    data = long_bytes()
    assert len(data) < 1_000_000
    header, nets = nn.read_weights(data)
    assert header["game"] == "long" and header["order"] == ["contact"]
    assert nets["contact"].n_in == nn.N_INPUTS
    assert isinstance(evaluator, nn.NetEvaluator) and isinstance(evaluator, Evaluator)
    assert evaluator.race is evaluator.contact  # one net for every long nardy position
    assert nn.weight_bytes("long") == data
    assert isinstance(nn.load_evaluator("long"), nn.NetEvaluator)


def test_outputs_are_consistent_probabilities(game_frames, evaluator):
    singles, rolls = game_frames
    for frame in singles + [f for r in rolls for f in r]:
        win, wg, wbg, lg, lbg = evaluator.evaluate(LONG, frame)
        assert 0.0 <= wbg <= wg <= win <= 1.0
        assert 0.0 <= lbg <= lg <= 1.0 - win


def test_pure_python_forward_equals_numpy(game_frames, evaluator):
    np = pytest.importorskip("numpy")
    header, raw_nets = raw_arrays(np, long_bytes())
    singles, rolls = game_frames
    for frame in singles + [f for r in rolls for f in r]:
        me, opp = sides_of(frame, CROSS)
        want = numpy_forward(np, header, raw_nets, me, opp, "contact")
        for got in (evaluator.evaluate(LONG, frame), evaluator.evaluate_full(LONG, frame)):
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9
        net = evaluator.contact
        dense = net.output(net.hidden_pre(nn.encode_sides(me, opp)))
        assert max(abs(a - b) for a, b in zip(dense, want)) < 1e-9
    # the incremental updates along the results of each roll agree with full passes
    for results in rolls:
        for frame, got in zip(results, evaluator.evaluate_many(LONG, results)):
            want = evaluator.evaluate_full(LONG, frame)
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9


def _frame(me_points, opp_points, me_off=0, opp_off=0):
    """A frame of the side on roll; both sides in their own numbering."""
    me = side_from(me_points, off=me_off)
    opp = side_from(opp_points, off=opp_off)
    position = Position(LONG, (me, opp), turn=0)
    LONG.validate(position)
    return to_frame(position, CROSS)


def test_won_race_scores_above_lost_race(evaluator):
    # 113 pips against 337 (the trailing side's own 22-23 are the leader's points 10-11)
    ahead = _frame({7: 7, 8: 8}, {22: 8, 23: 7})
    behind = _frame({22: 8, 23: 7}, {7: 7, 8: 8})
    good = evaluator.evaluate(LONG, ahead)
    bad = evaluator.evaluate(LONG, behind)
    assert good[0] > bad[0]
    assert equity(LONG, good) > equity(LONG, bad)
    assert good[0] > 0.8 and bad[0] < 0.2
    # a smaller lead also wins more often than the same lead for the other side
    a = evaluator.evaluate(LONG, _frame({5: 5, 6: 5, 7: 5}, {20: 5, 21: 5, 22: 5}))
    b = evaluator.evaluate(LONG, _frame({20: 5, 21: 5, 22: 5}, {5: 5, 6: 5, 7: 5}))
    assert a[0] > b[0]


def test_start_position_is_balanced(evaluator):
    p = evaluator.evaluate(LONG, to_frame(LONG.initial_position(turn=0), CROSS))
    assert 0.35 < p[0] < 0.8
    assert p[2] < 0.05 and p[4] < 0.05  # koks is off by default: trained to 0
