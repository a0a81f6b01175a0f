"""The step-by-step interface: offered steps, forced orders, ambiguity, undo, and property
tests that the step interface and the play list describe exactly the same legal results."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import random_position
from nardy_core import Position, get_variant, legal_plays
from nardy_core.engine.errors import IllegalMoveError
from nardy_core.engine.position import side_from
from nardy_core.engine.turn import Turn


def pos(game, me, opp, dice, first_turn=False, options=None):
    variant = get_variant(game, options or {})
    return Position(
        variant, (side_from(**me), side_from(**opp)), dice=dice, first_turn=(first_turn, False)
    )


def test_larger_die_only_offered_lt5():
    # LT5: 13/7 and 13/8 are each possible, never both; the 6 must be played
    p = pos("long", {"points": {13: 1, 1: 14}}, {"points": {14: 1, 3: 14}}, (6, 5))
    turn = Turn(p)
    assert [(s.src, s.dst) for s in turn.legal_steps()] == [(13, 7)]


def test_forced_order_lt6():
    # LT6: the 6 is playable only after the 2 (10/8/2)
    p = pos("long", {"points": {10: 1, 1: 14}}, {"points": {16: 1, 3: 14}}, (6, 2))
    turn = Turn(p)
    assert [(s.src, s.dst, s.die) for s in turn.legal_steps()] == [(10, 8, 2)]
    turn.move(10, 8)
    assert not turn.is_complete
    turn.move(8, 2)
    assert turn.is_complete and turn.play().notation() == "10/2"


def test_head_rule_step_by_step_lt2():
    p = pos("long", {"points": {24: 15}}, {"points": {24: 15}}, (6, 5), first_turn=True)
    turn = Turn(p)
    turn.move(24, 18)
    assert [(s.src, s.dst) for s in turn.legal_steps()] == [(18, 13)]


def test_undo_restores_the_offer():
    p = get_variant("short").initial_position(dice=(6, 4))
    turn = Turn(p)
    first = turn.legal_steps()
    turn.move(24, 18)
    assert turn.steps and turn.remaining == (4,)
    turn.undo()
    assert turn.legal_steps() == first and turn.remaining == (6, 4)
    with pytest.raises(IllegalMoveError):
        turn.undo()
    with pytest.raises(IllegalMoveError):
        turn.move(24, 17)
    with pytest.raises(IllegalMoveError):
        turn.play()


def test_combined_destination_offered_when_every_path_agrees():
    p = get_variant("short").initial_position(dice=(6, 4))
    dests = Turn(p).destinations(24)
    assert sorted(dests) == [14, 18, 20]
    assert len(dests[14]) == 1  # one result, whichever die goes first: one gesture
    assert [(s.src, s.dst) for s in dests[14][0]] in ([(24, 18), (18, 14)], [(24, 20), (20, 14)])


def test_combined_destination_not_offered_when_a_hit_differs():
    # 13/9 via 11 hits a blot there, via 9-then... only one path hits: no one-gesture move
    p = pos("short", {"points": {13: 15}}, {"points": {14: 1, 1: 14}}, (2, 2))
    dests = Turn(p).destinations(13)
    assert 11 in dests
    p = pos("short", {"points": {13: 15}}, {"points": {14: 1, 1: 14}}, (2, 1))
    dests = Turn(p).destinations(13)
    assert 10 not in dests  # 13/11*/10 hits, 13/12/10 does not
    assert 11 in dests and 12 in dests


def test_single_steps_to_different_results_are_offered_as_a_choice():
    # bear off from 3 with the 5 or the 4: the die left over differs, so the results differ
    p = pos("short", {"points": {3: 1, 2: 1, 1: 1}, "off": 12}, {"points": {1: 15}}, (5, 4))
    choices = Turn(p).destinations(3)[0]
    assert sorted(path[0].die for path in choices) == [4, 5] and all(len(c) == 1 for c in choices)


def test_bear_off_with_either_die_is_ambiguous_when_results_differ():
    # {6:1, 2:1}, 6-4... bear off from 2 with 4 or 6? only where both are legal and differ
    p = pos("short", {"points": {3: 1, 1: 1}, "off": 13}, {"points": {1: 15}}, (5, 4))
    turn = Turn(p)
    steps = [s for s in turn.legal_steps() if s.src == 3 and s.dst == 0]
    assert {s.die for s in steps} == {4, 5}
    # either die leaves the other to bear off the last checker: both reach the same end
    turn.move(3, 0, die=5)
    turn.move(1, 0)
    assert turn.is_complete


def test_caucasian_choice_of_checker_is_offered_with_a_tag():
    # CT rule 4: an exposed hitter sharing a point after a touch: both checkers may move on
    p = pos("caucasian", {"points": {13: 12, 6: 1, 5: 1, 1: 1}}, {"points": {21: 1, 1: 14}}, (1, 1))
    turn = Turn(p)
    turn.move(5, 4)  # hits the blot on 4: exposed
    turn.move(6, 5)
    turn.move(5, 4)  # a plain checker touches the exposed hitter's point
    tags = sorted(s.tag for s in turn.legal_steps() if s.src == 4)
    assert tags == ["", "exposed"]
    with pytest.raises(IllegalMoveError) as err:
        turn.move(4, 3)
    assert err.value.code == "ambiguous_step"


# --- properties --------------------------------------------------------------------------------
def step_walk(position):
    """Every result reachable by legal steps; asserts that no offered step is a dead end."""
    turn = Turn(position)
    results = set()
    seen = set()

    def walk():
        if turn.node in seen:
            return
        seen.add(turn.node)
        steps = turn.legal_steps()
        if turn.is_complete:
            assert not steps
            results.add(turn.node[0])
            return
        assert steps, "a partly played turn with no way to finish it"
        for step in steps:
            turn.step(step)
            walk()
            turn.undo()

    walk()
    return results


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["long", "short", "caucasian"]),
    seed=st.integers(0, 10**9),
    plies=st.integers(0, 120),
)
def test_step_interface_reaches_exactly_the_legal_plays(game, seed, plies):
    position = random_position(game, seed, plies)
    assert step_walk(position) == {play.frame for play in legal_plays(position)}


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["long", "short", "caucasian"]),
    seed=st.integers(0, 10**9),
    plies=st.integers(0, 150),
)
def test_reachable_positions_keep_checkers_and_never_share_points(game, seed, plies):
    position = random_position(game, seed, plies)
    variant = position.variant
    for play in legal_plays(position):
        sides, _ = play.board
        assert [sum(side) for side in sides] == [15, 15]
        for p in range(1, 25):
            assert not (sides[0][p] and sides[1][variant.cross[p]])


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    plies=st.integers(0, 150),
    check=st.sampled_from(["end_of_turn", "every_step"]),
)
def test_six_block_never_ends_a_turn(seed, plies, check):
    from nardy_core.referee.core import _illegal_six_block

    position = random_position("long", seed, plies)
    variant = get_variant("long", {"block_check": check})
    position = position.replace(variant=variant)
    mover = position.turn
    for play in legal_plays(position):
        sides, _ = play.board
        assert not _illegal_six_block(variant, sides[mover], sides[1 - mover])
