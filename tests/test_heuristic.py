"""The hand-made evaluator (nardy_core/bots/heuristic.py, contact.py, shots.py): shot counting,
sensible preferences in constructed positions, valid probabilities in every game, and the core
games' bots untouched (they evaluate with their networks)."""

import pytest

from conftest import random_position
from nardy_core import Position, get_variant
from nardy_core.bots import HeuristicEvaluator, evaluator_for
from nardy_core.bots.evaluator import equity
from nardy_core.bots.shots import hit_mask, popcount, throw_tables
from nardy_core.engine.frame import to_frame
from nardy_core.engine.position import side_from
from nardy_core.variants import VARIANTS

EVAL = HeuristicEvaluator()


def _evaluate(variant, sides, turn):
    position = Position(variant, sides, turn=turn)
    return EVAL.evaluate(variant, to_frame(position, variant.cross))


def _shots(target, shooters, blocked=(), dice_count=2, doubles=4):
    throws, direct, indirect = throw_tables(dice_count, doubles)
    closed = [q in blocked for q in range(26)]
    return popcount(hit_mask(target, shooters, closed, direct, indirect)), throws


def test_shot_counts_match_the_textbook_table():
    # direct and indirect shots of one checker, no blocks: 11/36 at 1 … 6, 6 at 7, 6 at 8 …
    expected = {
        1: 11,
        2: 12,
        3: 14,
        4: 15,
        5: 15,
        6: 17,
        7: 6,
        8: 6,
        9: 5,
        10: 3,
        11: 2,
        12: 3,
        15: 1,
        16: 1,
        18: 1,
        20: 1,
        24: 1,
    }
    for distance, count in expected.items():
        assert _shots(1, [1 + distance]) == (count, 36), distance
    assert _shots(1, [14]) == (0, 36)
    # a closed point on the way cuts the indirect shots through it: 8 away, 4-4 via 5 and
    # 2-2 via 3, 5 and 7 are gone when the point 4 pips on (own 5) is closed
    assert _shots(1, [9], blocked={5}) == (4, 36)
    # three dice (216 throws): at least one die showing a 1
    assert _shots(1, [2], dice_count=3)[0] >= 91


def test_a_blot_in_direct_range_costs_more_than_a_safe_play_of_the_same_pips():
    opp = side_from({24: 2, 13: 5, 8: 3, 6: 5})
    safe = side_from({13: 5, 8: 4, 6: 4, 5: 2})  # 34 pips in the home, all points made
    blot = side_from({13: 5, 8: 4, 6: 5, 4: 1})  # the same pips, a blot 3 from his 24
    for game in ("portes", "longgammon", "irish"):
        if game not in VARIANTS:
            continue
        variant = get_variant(game)
        # after my play the opponent rolls: his chances are what I give away
        theirs_safe = equity(variant, _evaluate(variant, (safe, opp), turn=1))
        theirs_blot = equity(variant, _evaluate(variant, (blot, opp), turn=1))
        assert theirs_blot > theirs_safe + 0.05, game


def test_in_a_race_the_pip_leader_is_favoured():
    ahead = side_from({3: 5, 2: 5, 1: 5})  # 30 pips
    behind = side_from({6: 5, 5: 5, 4: 5})  # 75 pips
    for key, cls in VARIANTS.items():
        variant = cls()
        if variant.track_length != 24 or variant.checkers != 15 or variant.cross[1] == 1:
            continue  # other tracks, or both homes on the same points (no race apart)
        win_ahead = _evaluate(variant, (ahead, behind), turn=0)[0]
        win_behind = _evaluate(variant, (behind, ahead), turn=0)[0]
        assert win_ahead > 0.9 > 0.1 > win_behind, key
        # a close race: the roller is a little ahead of even, not far from it
        even = _evaluate(variant, (behind, behind), turn=0)[0]
        assert 0.5 < even < 0.75, key


def test_symmetric_starting_positions_are_near_even():
    for key, cls in VARIANTS.items():
        variant = cls()
        position = variant.initial_position()
        win = EVAL.evaluate(variant, to_frame(position, variant.cross))[0]
        assert win == pytest.approx(0.5, abs=0.1), key


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_probabilities_are_valid_in_every_game(game):
    for seed in range(4):
        position = random_position(game, seed, 20 + 15 * seed)
        variant = position.variant
        win, win_g, win_bg, lose_g, lose_bg = EVAL.evaluate(
            variant, to_frame(position, variant.cross)
        )
        assert 0 <= win <= 1 and 0 <= win_bg <= win_g <= win + 1e-9
        assert 0 <= lose_bg <= lose_g <= 1 - win + 1e-9


def test_core_games_keep_their_networks():
    from nardy_core.bots.nn import NetEvaluator

    for game in ("short", "long", "caucasian"):
        evaluator = evaluator_for(get_variant(game))
        assert isinstance(evaluator.fallback, NetEvaluator), game
