"""The shipped short nardy network: pure-Python forward pass against an independent numpy one,
incremental updates against full recomputation, sane probabilities, loading through
importlib.resources, and a few positions whose verdict is obvious."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from nardy_core import get_variant, legal_plays
from nardy_core.bots import nn
from nardy_core.bots.evaluator import Evaluator, equity
from nardy_core.engine.frame import flip, sides_of, to_frame
from nardy_core.engine.position import Position, side_from

SHORT = get_variant("short")
CROSS = SHORT.cross


@pytest.fixture(scope="module")
def evaluator():
    ev = nn.load_evaluator("short")
    assert ev is not None
    return ev


def _after(position, play):
    return position.replace(
        sides=play.board[0], turn=1 - position.turn, dice=None, first_turn=(False, False)
    )


@pytest.fixture(scope="module")
def game_frames():
    """Frames (side on roll) of seeded random short nardy games, and per roll its results
    flipped to the opponent's view (what a chooser passes to evaluate_many)."""
    rng = random.Random(5)
    singles, rolls = [], []
    position = None
    while len(singles) < 400:
        if position is None or position.winner() is not None:
            position = SHORT.initial_position(turn=rng.randrange(2))
        singles.append(to_frame(position, CROSS))
        rolled = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        plays = legal_plays(rolled)
        if len(rolls) < 40:
            rolls.append([flip(p.frame, CROSS) for p in plays if (p.frame & 15) != SHORT.checkers])
        position = _after(rolled, rng.choice(plays))
    return singles, rolls


# --- an independent numpy forward pass ----------------------------------------------------------
def numpy_forward(np, header, raw_nets, me, opp, net_name):
    """The network from its arrays with numpy: dense inputs built from the sides directly."""
    x = np.zeros(nn.N_INPUTS)
    for base, side in ((0, me), (nn.SIDE_INPUTS, opp)):
        for p in range(1, 25):
            n = side[p]
            o = base + (p - 1) * 6
            x[o : o + 6] = [n >= 1, n >= 2, n >= 3, n >= 4, n >= 5, max(n - 5, 0) / 3]
        n = side[25]
        o = base + 144
        x[o : o + 4] = [n >= 1, n >= 2, n >= 3, n / 4]
        n = side[0]
        x[o + 4 : o + 6] = [n >= 1, n / 15]
    w1, b1, w2, b2 = raw_nets[net_name]
    h = np.maximum(x @ w1 + b1, 0.0)
    s = 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))
    win = s[0]
    wg = win * s[1]
    lg = (1 - win) * s[3]
    return np.array([win, wg, wg * s[2], lg, lg * s[4]])


def raw_arrays(np, data):
    import json
    import zlib

    raw = zlib.decompress(data)
    end = raw.index(b"\n")
    header = json.loads(raw[:end])
    pos = end + 1
    nets = {}
    for name in header["order"]:
        n_in, hid = header["nets"][name]["inputs"], header["nets"][name]["hidden"]
        parts = []
        for shape in ((n_in, hid), (hid,), (hid, 5), (5,)):
            count = int(np.prod(shape))
            parts.append(
                np.frombuffer(raw, dtype="<f4", count=count, offset=pos)
                .astype(np.float64)
                .reshape(shape)
            )
            pos += 4 * count
        nets[name] = parts
    assert pos == len(raw)
    return header, nets


def test_weights_load_through_importlib_resources():
    data = resources.files("nardy_core.bots.weights").joinpath("short.nnw").read_bytes()
    assert data == nn.weight_bytes("short")
    assert len(data) < 1_000_000
    ev = nn.load_evaluator("short")
    assert isinstance(ev, nn.NetEvaluator) and isinstance(ev, Evaluator)
    assert isinstance(nn.load_evaluator("caucasian"), nn.NetEvaluator)
    assert nn.load_evaluator("no-such-game") is None
    assert set(ev.header["order"]) == {"contact", "race"}


def test_pure_python_forward_equals_numpy(game_frames):
    np = pytest.importorskip("numpy")
    header, raw_nets = raw_arrays(np, nn.weight_bytes("short"))
    singles, rolls = game_frames
    frames = singles + [f for r in rolls for f in r]
    ev = nn.load_evaluator("short")
    seen = set()
    for frame in frames:
        me, opp = sides_of(frame, CROSS)
        name = "race" if nn.is_race(frame) else "contact"
        assert nn.is_race(frame) == nn.is_race_sides(me, opp)
        seen.add(name)
        want = numpy_forward(np, header, raw_nets, me, opp, name)
        for got in (ev.evaluate(SHORT, frame), ev.evaluate_full(SHORT, frame)):
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9
        # the dense reference inside nn.py agrees too
        net = ev.race if name == "race" else ev.contact
        dense = net.output(net.hidden_pre(nn.encode_sides(me, opp)))
        assert max(abs(a - b) for a, b in zip(dense, want)) < 1e-9
    assert seen == {"contact", "race"}


def test_incremental_equals_full(game_frames):
    singles, rolls = game_frames
    ev = nn.load_evaluator("short")
    for results in rolls:
        many = ev.evaluate_many(SHORT, results)
        for frame, got in zip(results, many):
            want = ev.evaluate_full(SHORT, frame)
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9
    # hopping between unrelated positions (long incremental chains, refreshes)
    order = list(singles)
    random.Random(1).shuffle(order)
    for frame, got in zip(order, ev.evaluate_many(SHORT, order * 3)):
        want = ev.evaluate_full(SHORT, frame)
        assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9


def test_outputs_are_consistent_probabilities(game_frames, evaluator):
    singles, rolls = game_frames
    for frame in singles + [f for r in rolls for f in r]:
        win, wg, wbg, lg, lbg = evaluator.evaluate(SHORT, frame)
        assert 0.0 <= wbg <= wg <= win <= 1.0
        assert 0.0 <= lbg <= lg <= 1.0 - win


def _frame(me_points, opp_points, me_off=0, opp_off=0, me_bar=0, opp_bar=0):
    me = side_from(me_points, bar=me_bar, off=me_off)
    opp = side_from(opp_points, bar=opp_bar, off=opp_off)
    return to_frame(Position(SHORT, (me, opp), turn=0), CROSS)


def test_clear_race_verdicts(evaluator):
    ahead = _frame({1: 3, 2: 2}, {6: 5, 5: 5, 4: 5}, me_off=10)  # three rolls at most
    behind = _frame({6: 5, 5: 5, 4: 5}, {1: 3, 2: 2}, opp_off=10)
    assert nn.is_race(ahead) and nn.is_race(behind)
    good = evaluator.evaluate(SHORT, ahead)
    bad = evaluator.evaluate(SHORT, behind)
    assert good[0] > 0.9 > 0.1 > bad[0]
    assert equity(SHORT, good) > 0.5 > -0.5 > equity(SHORT, bad)
    # all home against a side that is 300 pips from home: a near-certain gammon
    lead = _frame({1: 5, 2: 5, 3: 5}, {21: 5, 20: 5, 19: 5})
    assert nn.is_race(lead)
    p = evaluator.evaluate(SHORT, lead)
    assert p[0] > 0.95 and p[1] > 0.5 > p[3]


def test_contact_verdicts(evaluator):
    start = SHORT.initial_position(turn=0)
    p = evaluator.evaluate(SHORT, to_frame(start, CROSS))
    assert 0.45 < p[0] < 0.6 and abs(equity(SHORT, p)) < 0.2
    # a closed board with two opposing checkers on the bar, against nothing: a big favourite
    closed = _frame(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2}, opp_bar=2
    )
    assert not nn.is_race(closed)
    q = evaluator.evaluate(SHORT, closed)
    assert q[0] > 0.8 and equity(SHORT, q) > 0.8
