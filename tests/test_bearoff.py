"""The one-sided bear-off database (tools/build_bearoff.py) and the bear-off race evaluator."""

import importlib.util
import os
import random
from functools import cache
from itertools import accumulate

import pytest

from conftest import ROOT
from nardy_core.bots import bearoff
from nardy_core.bots.bearoff import (
    FULL_POSITIONS,
    POSITIONS,
    BearoffEvaluator,
    expected_rolls,
    first_off_distribution,
    is_bearoff,
    position_index,
    race_probabilities,
    rolls_distribution,
)
from nardy_core.bots.evaluator import Evaluator
from nardy_core.engine.frame import flip, to_frame
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.position import BLACK, WHITE, Position, side_from
from nardy_core.variants import get_variant

_spec = importlib.util.spec_from_file_location(
    "build_bearoff", os.path.join(ROOT, "tools", "build_bearoff.py")
)
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

ROLLS = build.ROLLS
SHORT = get_variant("short")
EMPTY = (0,) * 6
# the stored values are k / scale with every partial sum rounded to within 1 / (2 * scale)
SCALE = bearoff._table()[4]
CDF_TOL = 0.5 / SCALE + 1e-12


def home_side(home):
    return side_from({p: c for p, c in enumerate(home, 1) if c}, off=15 - sum(home))


def bearoff_position(variant, mine, theirs, dice=None, turn=WHITE):
    sides = [None, None]
    sides[turn], sides[1 - turn] = home_side(mine), home_side(theirs)
    return Position(variant, sides, turn=turn, dice=dice)


def engine_results(home, d1, d2, variant=SHORT):
    """Home boards after every legal play of the roll, by the engine; the opponent's checkers
    stand in its own home, out of the way."""
    position = bearoff_position(variant, home, (3, 3, 3, 2, 2, 2), dice=(d1, d2))
    return {play.mover_side[1:7] for play in legal_plays(position)}


def small_positions(limit):
    return [q for q in bearoff.all_positions() if sum(q) <= limit]


def by_pips(positions):
    return sorted(positions, key=lambda q: (build.pips(q), position_index(q)))


def cdf(dist):
    return list(accumulate(dist))


def assert_close_dist(got, want, tol):
    n = max(len(got), len(want))
    a = cdf(list(got) + [0.0] * (n - len(got)))
    b = cdf(list(want) + [0.0] * (n - len(want)))
    assert max(abs(x - y) for x, y in zip(a, b)) <= tol, (got, want)


# --- indexing and the stored file ------------------------------------------------------------
def test_index_is_a_bijection():
    positions = bearoff.all_positions()
    assert len(positions) == POSITIONS == 54264
    assert [position_index(q) for q in positions] == list(range(POSITIONS))
    full = [q for q in positions if sum(q) == 15]
    assert len(full) == FULL_POSITIONS == 15504
    assert [bearoff._full_index(q) for q in full] == list(range(FULL_POSITIONS))


def test_every_stored_distribution_sums_to_one():
    offsets, _, high, low, scale = bearoff._table()
    assert len(offsets) == POSITIONS + FULL_POSITIONS + 1
    for k in range(POSITIONS + FULL_POSITIONS):
        values = [high[i] << 8 | low[i] for i in range(offsets[k], offsets[k + 1])]
        assert sum(values) == scale and values[0] and values[-1], k


def test_known_values():
    assert rolls_distribution(EMPTY) == (1.0,)
    for p in (1, 2, 3):  # every roll moves at least three pips
        home = tuple(int(i == p) for i in range(1, 7))
        assert rolls_distribution(home) == (0.0, 1.0)
        assert expected_rolls(home) == 1.0
    # one checker on the 4-point: only 2-1 fails to bear it off at once
    assert rolls_distribution((0, 0, 0, 1, 0, 0))[1] == pytest.approx(34 / 36, abs=CDF_TOL)
    # two on the 6-point in one roll: 3-3, 4-4, 5-5 or 6-6
    assert rolls_distribution((0, 0, 0, 0, 0, 2))[1] == pytest.approx(4 / 36, abs=CDF_TOL)
    assert expected_rolls((0, 0, 0, 0, 0, 15)) > expected_rolls((0, 0, 0, 0, 15, 0)) > 7
    # a side tuple is accepted
    assert rolls_distribution(home_side((0, 1, 0, 0, 0, 0))) == (0.0, 1.0)
    with pytest.raises(ValueError):
        rolls_distribution((0, 0, 0, 0, 0, 16))


def test_first_off_known_values():
    assert first_off_distribution((1, 2, 0, 0, 0, 0)) == (1.0,)  # one is already off
    # 15 on the 6-point: a 6, 5-1, 4-2, 3-3 or 2-2 takes one off at once
    assert first_off_distribution((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36, abs=CDF_TOL)
    # 15 on the 5-point: a 5 or a 6 (the 5-point is the highest), 4-1 or 3-2
    assert first_off_distribution((0, 0, 0, 0, 15, 0))[1] == pytest.approx(24 / 36, abs=CDF_TOL)
    assert first_off_distribution((15, 0, 0, 0, 0, 0)) == (0.0, 1.0)


def test_first_checker_comes_off_no_later_than_the_last_on_average():
    for q in bearoff.all_positions():
        if sum(q) == 15:
            g = first_off_distribution(q)
            mean_g = sum(n * p for n, p in enumerate(g))
            assert 1.0 - 1e-9 <= mean_g <= expected_rolls(q) + 1e-3, q


# --- the generator against the engine ---------------------------------------------------------
def test_fast_move_generation_matches_the_engine():
    rng = random.Random(1)
    positions = bearoff.all_positions()
    cases = [(q, d1, d2) for q in rng.sample(positions, 300) for d1, d2, _ in rng.sample(ROLLS, 3)]
    cases += [
        (q, d1, d2)
        for q in [
            (0, 0, 0, 0, 0, 15),
            (15, 0, 0, 0, 0, 0),
            (0, 1, 0, 0, 0, 1),
            (0, 0, 0, 0, 0, 1),
            (1, 0, 1, 0, 1, 0),
            (2, 0, 0, 0, 0, 13),
        ]
        for d1, d2, _ in ROLLS
    ]
    caucasian = get_variant("caucasian")
    for q, d1, d2 in cases:
        if not any(q):
            continue
        want = build.roll_results(q, d1, d2)
        assert engine_results(q, d1, d2) == want, (q, d1, d2)
    for q, d1, d2 in cases[:100]:
        if any(q):
            assert engine_results(q, d1, d2, caucasian) == build.roll_results(q, d1, d2)


@pytest.fixture(scope="module")
def small_dp():
    """The generator's DP restricted to boards of at most six checkers (a closed set)."""
    positions = by_pips(q for q in small_positions(6) if any(q))

    def done(q):
        return not any(q)

    expect, best = build.solve(positions, done)
    dist = build.distributions(positions, best, done)
    return expect, dist


def test_dp_matches_an_exhaustive_expectimax_with_the_engine(small_dp):
    expect, _ = small_dp

    @cache
    def mean_rolls(home):
        if not any(home):
            return 0.0
        total = 0.0
        for d1, d2, p in ROLLS:
            total += p * min(mean_rolls(r) for r in engine_results(home, d1, d2))
        return 1.0 + total

    rng = random.Random(7)
    sample = [q for q in small_positions(4) if any(q)]  # all 209 of them
    sample += rng.sample([q for q in small_positions(6) if sum(q) >= 5], 150)
    for q in sample:
        assert mean_rolls(q) == pytest.approx(expect[q], abs=1e-12), q
        assert expected_rolls(q) == pytest.approx(expect[q], abs=30 * CDF_TOL), q


def test_shipped_file_matches_the_generator(small_dp):
    _, dist = small_dp
    for q, d in dist.items():
        assert_close_dist(rolls_distribution(q), d, CDF_TOL)


def test_two_checkers_on_the_six_point_by_hand():
    # after a non-double, the position left needs one more roll with the probability of
    # rolling enough; solved here by a direct recursion over the two checkers
    @cache
    def mean(a, b):  # points of the two checkers (0 = off), a >= b
        if a == 0:
            return 0.0
        total = 0.0
        for d1, d2, p in ROLLS:
            best = None
            for r in build.roll_results(
                tuple(int(i == a) + int(i == b) for i in range(1, 7)), d1, d2
            ):
                pts = sorted((i for i, c in enumerate(r, 1) for _ in range(c)), reverse=True)
                pts += [0] * (2 - len(pts))
                v = mean(*pts)
                best = v if best is None else min(best, v)
            total += p * best
        return 1.0 + total

    assert expected_rolls((0, 0, 0, 0, 0, 2)) == pytest.approx(mean(6, 6), abs=30 * CDF_TOL)
    assert 2.0 < mean(6, 6) < 2.2


# --- races ------------------------------------------------------------------------------------
def test_race_formula_matches_turn_by_turn_play():
    """Both sides playing the database's strategy, roll by roll: the side on roll wins with
    the convolution of the two one-sided distributions."""

    @cache
    def after(home, d1, d2):
        return min(engine_results(home, d1, d2), key=lambda r: (expected_rolls(r), r))

    @cache
    def win(mine, theirs):
        total = 0.0
        for d1, d2, p in ROLLS:
            r = after(mine, d1, d2)
            total += p * (1.0 if not any(r) else 1.0 - win(theirs, r))
        return total

    rng = random.Random(3)
    boards = [q for q in small_positions(3) if any(q)]
    for _ in range(40):
        mine, theirs = rng.choice(boards), rng.choice(boards)
        assert race_probabilities(mine, theirs)[0] == pytest.approx(win(mine, theirs), abs=2e-3)


def valid(probs):
    win, win_g, win_bg, lose_g, lose_bg = probs
    return 0.0 <= win_bg <= win_g <= win <= 1.0 and 0.0 <= lose_bg <= lose_g <= 1.0 - win + 1e-12


def test_one_roll_against_two():
    # the roller needs one roll; the other side cannot finish in one (two on its 6-point with
    # some off, or fifteen at home)
    assert race_probabilities((1, 1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 5))[:3] == (1.0, 0.0, 0.0)
    assert race_probabilities((0, 0, 1, 0, 0, 0), (0, 0, 0, 0, 0, 15)) == (1.0, 1.0, 0.0, 0.0, 0.0)
    # the other way round: the side on roll loses unless it finishes at once
    win, _, _, lose_g, _ = race_probabilities((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0))
    assert win == pytest.approx(4 / 36, abs=CDF_TOL) and lose_g == 0.0
    # fifteen on the 6-point against a side that finishes at once: gammoned unless one comes off
    assert race_probabilities((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0)) == pytest.approx(
        (0.0, 0.0, 0.0, 19 / 36, 0.0), abs=2 * CDF_TOL
    )


def test_symmetric_races_favour_the_roller_and_probabilities_are_valid():
    rng = random.Random(5)
    positions = bearoff.all_positions()
    for _ in range(300):
        q = rng.choice(positions)
        if not any(q):
            continue
        probs = race_probabilities(q, q)
        assert valid(probs)
        assert probs[0] > 0.5, q
    for _ in range(300):
        probs = race_probabilities(rng.choice(positions), rng.choice(positions))
        assert valid(probs), probs
    win, win_g, _, lose_g, _ = race_probabilities((0, 0, 0, 0, 0, 15), (0, 0, 0, 0, 0, 15))
    assert 0.5 < win < 0.7 and 0.0 <= win_g < 0.01 and lose_g < win_g + 0.01


# --- the evaluator ----------------------------------------------------------------------------
def test_is_bearoff():
    short = SHORT
    assert not is_bearoff(short, to_frame(short.initial_position(), short.cross))
    pos = bearoff_position(short, (2, 2, 2, 2, 2, 2), (0, 0, 0, 3, 0, 0))
    assert is_bearoff(short, to_frame(pos, short.cross))
    # a checker outside the home, on the bar or in the hand on either side: not a bear-off
    me = home_side((2, 2, 2, 2, 2, 2))
    for other in (side_from({1: 2, 7: 1}, off=12), side_from({1: 2}, bar=1, off=12)):
        for sides in ((me, other), (other, me)):
            p = Position(short, sides, turn=WHITE)
            assert not is_bearoff(short, to_frame(p, short.cross))
    for key in ("caucasian", "long"):
        v = get_variant(key)
        p = bearoff_position(v, (2, 2, 2, 2, 2, 2), (0, 0, 0, 3, 0, 0), turn=BLACK)
        assert is_bearoff(v, to_frame(p, v.cross))
    drawn = get_variant("long", {"last_roll_draw": True})
    p = bearoff_position(drawn, (2, 2, 2, 2, 2, 2), (0, 0, 0, 3, 0, 0))
    assert not is_bearoff(drawn, to_frame(p, drawn.cross))


def test_evaluator():
    ev = BearoffEvaluator()
    assert isinstance(ev, Evaluator)
    for key in ("short", "caucasian", "long"):
        v = get_variant(key)
        for turn in (WHITE, BLACK):
            p = bearoff_position(v, (1, 1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 15), turn=turn)
            frame = to_frame(p, v.cross)
            assert ev.evaluate(v, frame) == (1.0, 1.0, 0.0, 0.0, 0.0)
            # the same position with the other side to roll
            other = ev.evaluate(v, flip(frame, v.cross))
            assert other[0] == 0.0 and other[3] == pytest.approx(1.0 - 17 / 36, abs=2 * CDF_TOL)
            p = bearoff_position(v, (3, 3, 3, 2, 2, 2), (3, 3, 3, 2, 2, 2), turn=turn)
            probs = ev.evaluate(v, to_frame(p, v.cross))
            assert valid(probs) and probs[0] > 0.5
    frame = to_frame(bearoff_position(SHORT, (0, 1, 2, 0, 0, 0), (3, 0, 0, 1, 0, 0)), SHORT.cross)
    assert ev.evaluate_many(SHORT, [frame]) == [ev.evaluate(SHORT, frame)]
    start = to_frame(SHORT.initial_position(), SHORT.cross)
    with pytest.raises(ValueError):
        ev.evaluate(SHORT, start)

    class Fallback(Evaluator):
        def evaluate(self, variant, frame):
            return (0.5, 0.1, 0.0, 0.1, 0.0)

    assert BearoffEvaluator(Fallback()).evaluate(SHORT, start) == (0.5, 0.1, 0.0, 0.1, 0.0)
