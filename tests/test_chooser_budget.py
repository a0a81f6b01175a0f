"""The strong level's fixed work (docs/strength.md, "Time per move"): the evaluations kept per
decision change no value, the choice is the same every time, and the 1-ply budget only cuts
the candidates after the best two, keeping the best play wherever it does not bind."""

import dataclasses
import random

import pytest

from conftest import random_position
from nardy_core import get_variant
from nardy_core.bots.chooser import BUDGET, LEVELS, Chooser
from nardy_core.engine.game import MOVE, ROLL, Game

STRONG = LEVELS["strong"]
UNBUDGETED = dataclasses.replace(STRONG, budget=0)


def fayles_position(seed, plies):
    """A fayles position (three dice) reached by random play, with its roll to play."""
    rng = random.Random(seed)
    game = Game(get_variant("fayles"), seed=seed)
    while plies and not game.is_over:
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            if len(game.legal_plays()) > 1:
                plies -= 1
                if not plies:
                    break
            game.play(rng.choice(game.legal_plays()))
        else:
            pytest.skip(f"unexpected phase {game.phase}")
    return game.position


def short_positions(count=6):
    return [random_position("short", seed, 6 + 7 * seed) for seed in range(count)]


def test_strong_is_budgeted_and_the_budget_is_work_not_time():
    assert STRONG.budget == BUDGET > 0
    assert isinstance(BUDGET, int)


def test_the_strong_choice_is_the_same_every_time():
    for position in short_positions(3) + [fayles_position(3, 8)]:
        first = Chooser(position.variant, "strong", seed=7)
        again = Chooser(position.variant, "strong", seed=7)
        plays = {first.choose(position).frame for _ in range(2)}
        plays.add(again.choose(position).frame)
        assert len(plays) == 1
        # the same ranking; values equal up to the last bits of the network's incremental
        # updates, which start from whatever the evaluator saw last
        ranks = [c.rank(position) for c in (first, again)]
        assert [r.play.frame for r in ranks[0]] == [r.play.frame for r in ranks[1]]
        assert [r.equity for r in ranks[0]] == pytest.approx([r.equity for r in ranks[1]])


def test_the_memo_changes_no_value():
    """Within a decision each result is evaluated once: each candidate's 1-ply equity is that of
    ``_one_ply`` called alone (no memo), up to the last bits of the incremental network."""
    for position in short_positions(4):
        chooser = Chooser(position.variant, UNBUDGETED)
        ranked = chooser.rank(position)
        assert chooser._memo is None  # kept for one decision only
        for r in ranked:
            if r.ply == 1 and not r.settled and r.probs[0] not in (0.0, 1.0):
                alone, _ = Chooser(position.variant, UNBUDGETED)._one_ply(position, r.play.frame)
                assert r.equity == pytest.approx(alone, abs=1e-9)


def test_the_budget_keeps_the_best_play_where_it_does_not_bind():
    for position in short_positions(6):
        budgeted = Chooser(position.variant, STRONG)
        ranked = budgeted.rank(position)
        full = Chooser(position.variant, UNBUDGETED).rank(position)
        if sum(r.ply for r in ranked) == sum(r.ply for r in full):  # nothing was cut
            assert ranked[0].play.frame == full[0].play.frame


def test_a_binding_budget_cuts_only_after_the_best_two():
    """A tiny budget: the two best 0-ply candidates are still looked at a ply ahead and the play
    is the better of them by the full search's own values; the others stay at 0-ply."""
    tight = dataclasses.replace(STRONG, budget=1)
    checked = 0
    for position in short_positions(6):
        full = Chooser(position.variant, UNBUDGETED).rank(position)
        ranked = Chooser(position.variant, tight).rank(position)
        looked = [r for r in ranked if r.ply == 1]
        if sum(r.ply for r in full) <= 2 or any(r.settled for r in full):
            continue
        checked += 1
        assert len(looked) == 2
        value = {r.play.frame: r.equity for r in full if r.ply == 1}
        best_two = sorted((value[r.play.frame] for r in looked), reverse=True)
        assert value[ranked[0].play.frame] == best_two[0]
    assert checked


def test_fayles_three_dice_budget_bounds_the_work():
    """Fayles' roll of three dice (56 rolls of the opponent a candidate): the budgeted level lists
    no more replies than the unbudgeted one, and past the best two only while the budget lasts."""
    position = fayles_position(11, 10)
    counts = []
    for level in (STRONG, UNBUDGETED):
        chooser = Chooser(position.variant, level)
        chooser._listed = 0
        ranked = chooser.rank(position)
        counts.append((chooser._listed, sum(r.ply for r in ranked)))
    (listed, looked), (full_listed, full_looked) = counts
    assert listed <= full_listed and looked <= full_looked
    if looked > 2:
        assert listed * (looked - 1) / looked <= BUDGET + listed / looked
