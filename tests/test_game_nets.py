"""The networks of the games that train their own by self-play (train/td.py): each loads with
nn.py's reader, is what ``evaluator_for`` gives the game, returns consistent probabilities, and
nn.py's pure-Python forward pass (full and incremental, hand and bar both counted) equals an
independent numpy one on positions of random games of that game."""

from __future__ import annotations

import random

import pytest

from nardy_core import get_variant
from nardy_core.bots import evaluator_for, nn
from nardy_core.bots.bearoff import BearoffEvaluator
from nardy_core.bots.evaluator import equity, outcome_values
from nardy_core.engine.frame import flip, sides_of, to_frame
from nardy_core.engine.game import MOVE, ROLL, Game
from nardy_core.variants import VARIANTS

OWN_NET_GAMES = [
    key
    for key in VARIANTS
    if key not in ("short", "long")
    and nn.weight_file(key) == f"{key}.nnw"
    and nn.weight_bytes(key) is not None
]


# the games whose bots play with the hand-made evaluator (docs/strength.md measures them)
HAND_MADE = {"jacquet", "tawula", "tourne_case"}


def test_every_game_plays_with_its_network_or_the_hand_made_evaluator():
    from nardy_core.bots import HeuristicEvaluator

    for key in VARIANTS:
        fallback = evaluator_for(get_variant(key)).fallback
        if key in HAND_MADE:
            assert nn.weight_bytes(key) is None and isinstance(fallback, HeuristicEvaluator)
        else:
            assert isinstance(fallback, nn.NetEvaluator), key
    assert {
        "longgammon",
        "dutch_tricktrack",
        "russian_tricktrack",
        "fayles",
        "khachapuri",
        "fevga",
        "plakoto",
        "gioul",
        "gul_bara",
    } <= set(OWN_NET_GAMES)


def numpy_forward(np, data, me, opp):
    """The contact net from its raw arrays, inputs built from the two sides directly."""
    import json
    import zlib

    raw = zlib.decompress(data)
    end = raw.index(b"\n")
    header = json.loads(raw[:end])
    spec = header["nets"]["contact"]
    n_in, hid = spec["inputs"], spec["hidden"]
    pos, parts = end + 1, []
    for shape in ((n_in, hid), (hid,), (hid, 5), (5,)):
        count = int(np.prod(shape))
        parts.append(
            np.frombuffer(raw, dtype="<f4", count=count, offset=pos)
            .astype(np.float64)
            .reshape(shape)
        )
        pos += 4 * count
    w1, b1, w2, b2 = parts
    x = np.zeros(n_in)

    def bar(n):
        return np.array([n >= 1, n >= 2, n >= 3, n / 4], dtype=float) if n else np.zeros(4)

    for base, side in ((0, me), (150, opp)):
        for p in range(1, 25):
            n = side[p]
            x[base + (p - 1) * 6 : base + p * 6] = [
                n >= 1,
                n >= 2,
                n >= 3,
                n >= 4,
                n >= 5,
                max(n - 5, 0) / 3,
            ]
        x[base + 144 : base + 148] = bar(side[25]) + bar(side[26])  # bar, and the hand likewise
        x[base + 148 : base + 150] = [side[0] >= 1, side[0] / 15]
    h = np.maximum(x @ w1 + b1, 0.0)
    s = 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))
    win, wg, lg = s[0], s[0] * s[1], (1 - s[0]) * s[3]
    return np.array([win, wg, wg * s[2], lg, lg * s[4]])


def random_frames(variant, count, seed):
    """Frames of the side about to roll in random games, and per roll its results flipped to
    the opponent's view (what a chooser passes to evaluate_many)."""
    rng = random.Random(seed)
    singles, rolls = [], []
    game = None
    while len(singles) < count:
        if game is None or game.is_over:
            game = Game(variant, seed=f"nets/{seed}/{len(singles)}")
            continue
        if game.phase == ROLL:
            singles.append(to_frame(game.position, variant.cross))
            game.roll()
        elif game.phase == MOVE:
            plays = game.legal_plays()
            if len(rolls) < 15 and len(plays) > 1:
                rolls.append([flip(p.frame, variant.cross) for p in plays])
            game.play(rng.choice(plays))
        else:
            raise AssertionError(game.phase)
    return singles, rolls


@pytest.mark.parametrize("key", OWN_NET_GAMES)
def test_game_network(key):
    np = pytest.importorskip("numpy")
    variant = (
        get_variant(key, {"cube_enabled": False})
        if any(o.key == "cube_enabled" for o in get_variant(key).options.specs)
        else get_variant(key)
    )
    data = nn.weight_bytes(key)
    assert len(data) < 1_000_000
    header, nets = nn.read_weights(data)
    assert header["game"] == key and header["order"] == ["contact"]
    ev = nn.load_evaluator(key)
    assert isinstance(ev, nn.NetEvaluator) and ev.race is ev.contact
    chosen = evaluator_for(variant)
    assert isinstance(chosen, BearoffEvaluator) and isinstance(chosen.fallback, nn.NetEvaluator)

    singles, rolls = random_frames(variant, 120, seed=len(key))
    for frame in singles + [f for r in rolls for f in r]:
        got = ev.evaluate(variant, frame)
        win, wg, wbg, lg, lbg = got
        assert 0.0 <= wbg <= wg <= win <= 1.0 and 0.0 <= lbg <= lg <= 1.0 - win
        me, opp = sides_of(frame, variant.cross)
        want = numpy_forward(np, data, me, opp)
        assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9
        dense = ev.contact.output(ev.contact.hidden_pre(nn.encode_sides(me, opp)))
        assert max(abs(a - b) for a, b in zip(dense, want)) < 1e-9
    for results in rolls:  # incremental updates along one roll's results = full passes
        for frame, got in zip(results, ev.evaluate_many(variant, results)):
            want = ev.evaluate_full(variant, frame)
            assert max(abs(a - b) for a, b in zip(got, want)) < 1e-9
    start = ev.evaluate(
        variant, to_frame(Game(variant, seed="start", throw_opening=False).position, variant.cross)
    )
    # balanced: less than a single win's worth either way (khachapuri's single win is 15)
    assert 0.2 < start[0] < 0.8 and abs(equity(variant, start)) < outcome_values(variant)[0]
