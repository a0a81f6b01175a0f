"""Random self-play and the independent referee (``nardy_core.referee.selfplay``, ``nardy_core.referee``).

The referee is only worth something if it can say no: most tests here hand it wrong turns built
by hand (CORE_RULES.md §1-4) and expect ``Violation``; each wrong turn has a right twin that
passes, so a test cannot pass because the referee rejects everything. A hypothesis property
cross-checks the move generator and the referee on random reachable positions.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy_core import WHITE, Position, get_variant, legal_plays
from nardy_core.engine.position import BAR, OFF, side_from
from nardy_core.referee import core as referee
from nardy_core.referee import selfplay as selfplay_module
from nardy_core.referee.core import Violation, check_position, check_turn, expected_outcome_points
from nardy_core.referee.selfplay import selfplay

CORE = ("long", "short", "caucasian")
N = 15


# --- helpers ---------------------------------------------------------------------------------
def side(points, bar=0):
    """A side with ``points`` in its own numbering; the checkers not listed are borne off."""
    return side_from(points, bar=bar, off=N - sum(points.values()) - bar)


def pos(game, mover, opponent, dice, options=None, first_turn=False, opp_bar=0, mover_bar=0):
    """White to move. ``opponent`` is written in the MOVER's numbering, as in the spec's tables."""
    variant = get_variant(game, options or {})
    theirs = {variant.cross[p]: n for p, n in opponent.items()}
    return Position(
        variant,
        (side(mover, mover_bar), side(theirs, opp_bar)),
        turn=WHITE,
        dice=dice,
        first_turn=(first_turn, False),
    )


def replay(before, steps):
    """The plain result of ``steps`` (no legality check at all): sides by colour."""
    cross = before.variant.cross
    me, opp = list(before.mover), list(before.opponent)
    for src, dst, *_ in steps:
        me[src] -= 1
        if dst == OFF:
            me[OFF] += 1
            continue
        if opp[cross[dst]]:
            opp[BAR] += opp[cross[dst]]
            opp[cross[dst]] = 0
        me[dst] += 1
    sides = [None, None]
    sides[before.turn], sides[1 - before.turn] = tuple(me), tuple(opp)
    return tuple(sides)


def judge(before, steps, after=None):
    check_turn(before, steps, after if after is not None else replay(before, steps))


def rejected(before, steps, match, after=None):
    with pytest.raises(Violation, match=match):
        judge(before, steps, after)


SHORT_START = {24: 2, 13: 5, 8: 3, 6: 5}
SHORT_OPP = {1: 2, 12: 5, 17: 3, 19: 5}  # the opponent's start in the mover's numbering


# --- self-play -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", CORE)
def test_selfplay_core_game_has_no_violations_and_scores_every_game(game):
    variant = get_variant(game)
    report = selfplay(variant, 5, seed=f"tests/{game}")
    assert report.violations == []
    assert report.games == 5
    assert sum(report.outcomes.values()) == 5  # every game ended with a scored outcome
    assert set(report.outcomes) <= set(variant.outcome_kinds)
    assert report.turns >= 5 * 20
    assert report.line().endswith("; 0 rule violations")
    assert report.line().startswith(f"{game}: 5 games, {report.turns} turns, ")


@pytest.mark.parametrize("rule", ["stay", "no_hit"])
def test_selfplay_caucasian_hit_rule_options(rule):
    report = selfplay(get_variant("caucasian", {"caucasian_hit_rule": rule}), 2, seed=rule)
    assert report.violations == [] and report.games == 2


def test_selfplay_is_reproducible():
    a = selfplay(get_variant("short"), 2, seed=11)
    b = selfplay(get_variant("short"), 2, seed=11)
    assert (a.turns, a.outcomes) == (b.turns, b.outcomes)


def test_selfplay_reports_a_referee_verdict_and_goes_on(monkeypatch):
    def refuse(before, steps, after_sides):
        raise Violation("planted")

    monkeypatch.setattr(selfplay_module, "check_turn", refuse)
    report = selfplay(get_variant("short"), 3, seed=1)
    assert report.violations == ["game 0: planted", "game 1: planted", "game 2: planted"]
    assert report.games == 0
    assert report.line().endswith("; 3 rule violations")


def test_selfplay_scoring_check_can_fail(monkeypatch):
    monkeypatch.setattr(selfplay_module, "expected_outcome_points", lambda *args: 7)
    report = selfplay(get_variant("long"), 2, seed=1)
    assert len(report.violations) == 2
    assert all("the table says 7" in v for v in report.violations)


# --- check_turn: wrong turns must be rejected -------------------------------------------------
def test_wrong_distance():
    before = pos("short", SHORT_START, SHORT_OPP, (3, 1))
    judge(before, [(13, 10, 3, False), (8, 7, 1, False)])
    rejected(before, [(13, 9, 3, False), (8, 7, 1, False)], "does not move 3 pips")
    rejected(before, [(13, 10, 3, False), (8, 6, 1, False)], "does not move 1 pips")


def test_die_not_rolled_or_used_twice():
    before = pos("short", SHORT_START, SHORT_OPP, (3, 1))
    rejected(before, [(13, 9, 4, False)], "uses die 4")
    rejected(before, [(13, 10, 3, False), (8, 5, 3, False)], "uses die 3")
    double = before.replace(dice=(3, 3))
    judge(double, [(13, 10, 3, False)] * 4)
    rejected(double, [(13, 10, 3, False)] * 5, "uses die 3")


def test_moving_from_an_empty_point():
    before = pos("short", SHORT_START, SHORT_OPP, (3, 1))
    rejected(before, [(11, 8, 3, False)], "no checker on 11")


def test_short_landing_on_two_opposing_checkers():
    # the opponent's 24-point pair stands on the mover's 1
    before = pos("short", SHORT_START, SHORT_OPP, (5, 1))
    judge(before, [(13, 8, 5, False), (6, 5, 1, False)])
    rejected(before, [(6, 1, 5, False), (6, 5, 1, False)], "closed by 2")


def test_long_landing_on_a_single_opposing_checker():
    before = pos("long", {24: 14, 20: 1}, {12: 14, 18: 1}, (6, 5))
    judge(before, [(24, 19, 5, False), (20, 14, 6, False)])
    rejected(before, [(24, 18, 6, False), (20, 15, 5, False)], "closed by 1")


def test_hit_flag_must_match_the_board():
    # an opposing blot on the mover's 7 (CT5-like), the rest of the opponent far away
    before = pos("short", {13: 13, 11: 1, 9: 1}, {7: 1, 24: 14}, (4, 2))
    good = [(11, 7, 4, True), (9, 7, 2, False)]
    judge(before, good)
    rejected(before, [(11, 7, 4, False), (9, 7, 2, False)], "hit flag False")
    rejected(before, [(11, 7, 4, True), (9, 7, 2, True)], "hit flag True")
    rejected(before, [(13, 9, 4, True), (13, 11, 2, False)], "hit flag True")


def test_bear_off_with_a_checker_outside_home():
    before = pos("short", {7: 1, 2: 14}, {24: 15}, (6, 2))
    judge(before, [(7, 5, 2, False), (5, 0, 6, False)])  # LT15/ST-style: come home, then off
    rejected(before, [(2, 0, 2, False), (7, 1, 6, False)], "1 checkers outside home")


def test_bear_off_from_the_bar_side_is_not_home():
    before = pos("short", {2: 14}, {24: 15}, (6, 5), mover_bar=1)
    rejected(before, [(2, 0, 6, False)], "while a checker is on the bar")


def test_bear_off_with_a_larger_die_while_a_higher_point_is_occupied():
    before = pos("short", {6: 1, 2: 1}, {24: 15}, (5, 4))  # ST11
    judge(before, [(6, 1, 5, False), (2, 0, 4, False)])
    judge(before, [(6, 2, 4, False), (2, 0, 5, False)])
    rejected(before, [(2, 0, 5, False), (6, 2, 4, False)], "higher point is occupied")
    long_before = pos("long", {6: 1, 2: 1}, {15: 15}, (5, 4))  # LT13
    rejected(long_before, [(2, 0, 4, False), (6, 1, 5, False)], "higher point is occupied")


def test_bear_off_from_a_point_higher_than_the_die():
    before = pos("short", {6: 1, 2: 1}, {24: 15}, (5, 4))
    rejected(before, [(6, 0, 5, False)], "bear-off from 6 with a 5")


def test_board_move_while_a_checker_is_on_the_bar():
    opp = {19: 3, 20: 3, 21: 3, 22: 3, 12: 3}  # ST2/ST3
    before = pos("short", {13: 5, 8: 4, 6: 5}, opp, (6, 2), mover_bar=1)
    judge(before, [(25, 23, 2, False), (13, 7, 6, False)])
    rejected(before, [(13, 7, 6, False), (25, 23, 2, False)], "while a checker is on the bar")
    rejected(before, [(25, 17, 2, False)], "entry with 2 lands on 17")


def test_entry_on_a_closed_point():
    opp = {19: 3, 20: 3, 21: 3, 22: 3, 12: 3}
    before = pos("short", {13: 5, 8: 4, 6: 5}, opp, (6, 2), mover_bar=1)
    rejected(before, [(25, 19, 6, False)], "closed by 3")


def test_second_checker_off_the_head_in_long_nardy():
    opp = {12: 15}
    before = pos("long", {24: 14, 20: 1}, opp, (2, 2))  # LT4, not the first turn
    judge(before, [(24, 22, 2, False), (22, 20, 2, False), (20, 18, 2, False), (20, 18, 2, False)])
    rejected(
        before,
        [(24, 22, 2, False), (24, 22, 2, False), (22, 20, 2, False), (22, 20, 2, False)],
        "2 checkers left the head",
    )


def test_head_rule_first_turn_6_6_allows_two_but_not_three():
    before = pos("long", {24: 15}, {12: 15}, (6, 6), first_turn=True)  # LT1
    judge(before, [(24, 18, 6, False), (24, 18, 6, False)])
    rejected(before, [(24, 18, 6, False)] * 3, "3 checkers left the head")
    not_first = before.replace(first_turn=(False, False))
    rejected(not_first, [(24, 18, 6, False)] * 2, "2 checkers left the head")


def test_after_position_must_equal_the_replayed_steps():
    before = pos("short", SHORT_START, SHORT_OPP, (3, 1))
    steps = [(8, 5, 3, False), (6, 5, 1, False)]
    other = replay(before, [(24, 21, 3, False), (24, 23, 1, False)])
    rejected(before, steps, "mover's checkers differ", after=other)
    unchanged = before.sides
    rejected(before, steps, "mover's checkers differ", after=unchanged)
    # the mover right, the opponent wrong: a hit the engine forgot to put on the bar
    hit_before = pos("short", {13: 13, 11: 1, 9: 1}, {7: 1, 24: 14}, (4, 2))
    hit_steps = [(11, 7, 4, True), (13, 11, 2, False)]
    right = replay(hit_before, hit_steps)
    wrong = (right[0], hit_before.sides[1])
    judge(hit_before, hit_steps, right)
    rejected(hit_before, hit_steps, "opponent's checkers differ", after=wrong)


def test_caucasian_hitter_covered_at_the_end_of_the_turn():
    # CT1: blot on the mover's 3, roll 3-1
    before = pos("caucasian", {13: 12, 6: 1, 4: 1, 1: 1}, {3: 1, 24: 14}, (3, 1))
    covered = [(6, 3, 3, True), (4, 3, 1, False)]
    rejected(before, covered, "hitter on 3 is covered")
    # plain short nardy allows the same turn
    plain = pos("short", {13: 12, 6: 1, 4: 1, 1: 1}, {3: 1, 24: 14}, (3, 1))
    judge(plain, covered)
    # hit and run on (the generator tags the hitter's later step "exposed"): allowed by default
    run_on = [(6, 3, 3, True), (3, 2, 1, False, "exposed")]
    judge(before, run_on)
    rejected(before, [(6, 3, 3, True), (3, 2, 1, False)], "exposed checker on 3 moved as a plain")
    stay = pos(
        "caucasian",
        {13: 12, 6: 1, 4: 1, 1: 1},
        {3: 1, 24: 14},
        (3, 1),
        options={"caucasian_hit_rule": "stay"},
    )
    rejected(stay, run_on, "moved again under 'stay'")
    no_hit = pos(
        "caucasian",
        {13: 12, 6: 1, 4: 1, 1: 1},
        {3: 1, 24: 14},
        (3, 1),
        options={"caucasian_hit_rule": "no_hit"},
    )
    rejected(no_hit, [(6, 3, 3, True), (13, 12, 1, False)], "hit on 3 in own home")


def test_caucasian_hitter_may_not_join_own_checkers():
    # CT2: blot on the mover's 4; 6/4*/3 hides the hitter on 3
    before = pos("caucasian", {6: 1, 3: 1, 1: 1}, {4: 1, 24: 14}, (2, 1))
    judge(before, [(6, 4, 2, True), (1, 0, 1, False)])
    rejected(before, [(6, 4, 2, True), (4, 3, 1, False, "exposed")], "joined own checkers on 3")


def test_caucasian_hit_when_entering_is_unrestricted():
    # entering lands in the opponent's home: hitting there is no own-home hit
    opp = {19: 3, 20: 3, 21: 3, 22: 3, 23: 1, 12: 2}  # ST6
    before = pos("caucasian", {13: 5, 8: 4, 6: 5}, opp, (6, 2), mover_bar=1)
    judge(before, [(25, 23, 2, True), (23, 17, 6, False)])


def test_six_block_at_the_end_of_the_turn():
    # LT9: 24/18 would complete 18-13 with no opposing checker ahead
    opp = {12: 5, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2}
    before = pos("long", {24: 2, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 1: 8}, opp, (6, 6))
    judge(before, [])
    rejected(before, [(24, 18, 6, False)], "illegal six-point block")
    free = pos(
        "long",
        {24: 2, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 1: 8},
        opp,
        (6, 6),
        options={"block_rule": "none"},
    )
    judge(free, [(24, 18, 6, False)])


# --- check_position ----------------------------------------------------------------------------
def test_check_position_accepts_the_starts():
    for game in CORE:
        check_position(get_variant(game).initial_position())


@pytest.mark.parametrize("game", CORE)
def test_check_position_16_checkers(game):
    start = get_variant(game).initial_position()
    white = list(start.sides[0])
    white[1] += 1
    with pytest.raises(Violation, match="colour 0 has 16 checkers"):
        check_position(start.replace(sides=(tuple(white), start.sides[1])))
    black = list(start.sides[1])
    black[24] -= 1
    with pytest.raises(Violation, match="colour 1 has 14 checkers"):
        check_position(start.replace(sides=(start.sides[0], tuple(black))))


def test_check_position_negative_count():
    start = get_variant("short").initial_position()
    white = list(start.sides[0])
    white[24] -= 1
    white[1] -= 1
    white[23] += 2
    with pytest.raises(Violation, match="negative"):
        check_position(start.replace(sides=(tuple(white), start.sides[1])))


@pytest.mark.parametrize(
    "game, white_point, black_point",
    [("short", 5, 20), ("caucasian", 1, 24), ("long", 5, 17), ("long", 24, 12)],
)
def test_check_position_point_held_by_both_colours(game, white_point, black_point):
    variant = get_variant(game)
    assert variant.cross[white_point] == black_point
    white = side({24: 14, white_point: 1} if white_point != 24 else {24: 15})
    black = side({black_point: 1, 6 if black_point != 6 else 7: 14})
    with pytest.raises(Violation, match=f"white point {white_point} is held by both"):
        check_position(Position(variant, (white, black)))


# --- the six-block predicate -------------------------------------------------------------------
def _block(opp_mover_numbering, mover, rule="ahead"):
    variant = get_variant("long", {"block_rule": rule})
    theirs = side({variant.cross[p]: n for p, n in opp_mover_numbering.items()})
    return referee._illegal_six_block(variant, side(mover), theirs)


LT9_OPP = {12: 5, 11: 2, 10: 2, 9: 2, 8: 2, 7: 2}
LT10_MOVER = {13: 1, 11: 1, 10: 1, 9: 1, 8: 1, 6: 1, 1: 9}


def test_six_block_lt9():
    assert _block(LT9_OPP, {24: 1, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 1: 8})
    assert not _block(LT9_OPP, {24: 2, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 1: 8})  # five only


@pytest.mark.parametrize(
    "mover",
    [
        {13: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 9},  # block 6-1
        {8: 1, 7: 1, 6: 1, 5: 1, 4: 1, 3: 1, 1: 9},  # block 8-3
    ],
)
def test_six_block_lt10(mover):
    assert _block({12: 15}, mover)  # LT10a: nobody ahead
    assert not _block({12: 14, 15: 1}, mover)  # LT10b: one opposing checker ahead


def test_six_block_lt10_legal_results_are_not_blocks():
    for mover in (
        {11: 1, 10: 1, 6: 1, 3: 1, 2: 1, 1: 10},
        {9: 1, 8: 1, 6: 1, 5: 1, 4: 1, 1: 10},
        {9: 1, 7: 1, 6: 1, 5: 1, 4: 1, 2: 1, 1: 9},
    ):
        assert not _block({12: 15}, mover)


def test_six_block_across_the_mover_1_24_seam():
    # own 2, 1, 24, 23, 22, 21 are consecutive on the opponent's path (q 14 ... 9)
    mover = {24: 5, 23: 1, 22: 1, 21: 1, 2: 1, 1: 6}
    assert _block({12: 15}, mover)
    assert not _block({12: 14, 17: 1}, mover)  # opponent's q 5 is ahead of the window q 9-14
    # own 13|12 are the two ends of the opponent's path: no window wraps there
    assert not _block({20: 15}, {15: 1, 14: 1, 13: 1, 12: 1, 11: 1, 10: 1, 1: 9})


def test_six_block_borne_off_counts_as_ahead_and_opp_in_home_rule():
    variant = get_variant("long")
    mover = side({13: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 9})
    theirs = side_from({24: 14}, off=1)
    assert not referee._illegal_six_block(variant, mover, theirs)
    # an opposing checker ahead but outside its own home: legal for "ahead" only
    ahead_not_home = {12: 14, 20: 1}  # mover's 20 is the opponent's 8
    assert not _block(ahead_not_home, {13: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 9})
    assert _block(ahead_not_home, {13: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 9}, "opp_in_home")
    assert not _block({12: 14, 15: 1}, {13: 1, 6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 9}, "opp_in_home")


# --- the scoring table -------------------------------------------------------------------------
def test_expected_outcome_points():
    long = get_variant("long")
    short = get_variant("short")
    done = side({})
    assert expected_outcome_points(long, Position(long, (done, side({1: 12}))), 0) == 1  # LS1
    assert expected_outcome_points(long, Position(long, (done, side_from({6: 15}))), 0) == 2
    koks = get_variant("long", {"koks_rule": "head"})
    lost = side_from({24: 1, 1: 14})
    assert expected_outcome_points(long, Position(long, (done, lost)), 0) == 2  # LS3
    assert expected_outcome_points(koks, Position(koks, (done, lost)), 0) == 3
    home = get_variant("long", {"home_mars_points": 3})
    assert expected_outcome_points(home, Position(home, (done, side_from({6: 15}))), 0) == 3
    assert expected_outcome_points(short, Position(short, (done, side_from({6: 15}))), 0) == 2
    assert (
        expected_outcome_points(short, Position(short, (done, side_from({19: 1, 6: 14}))), 0) == 3
    )
    assert (
        expected_outcome_points(short, Position(short, (done, side_from({6: 14}, bar=1))), 0) == 3
    )  # SS1
    assert expected_outcome_points(short, Position(short, (side({1: 1}), done)), 1) == 1


# --- generator x referee -----------------------------------------------------------------------
VARIANTS = [
    ("long", {}),
    ("short", {}),
    ("caucasian", {}),
    ("caucasian", {"caucasian_hit_rule": "stay"}),
    ("caucasian", {"caucasian_hit_rule": "no_hit"}),
    ("long", {"block_rule": "opp_in_home"}),
]
DIE = st.integers(1, 6)


@settings(max_examples=40, deadline=None)
@given(
    which=st.sampled_from(range(len(VARIANTS))),
    opening=st.tuples(DIE, DIE),
    rng=st.randoms(use_true_random=False),
    plies=st.integers(0, 400),
)
def test_every_legal_play_passes_the_referee(which, opening, rng, plies):
    """Random play from the start; at every position reached, every legal play is judged."""
    game, options = VARIANTS[which]
    variant = get_variant(game, options)
    p = variant.initial_position(dice=opening)
    for _ in range(plies):
        check_position(p)
        plays = legal_plays(p)
        assert plays
        for play in plays:
            check_turn(p, play.steps, play.board[0])
        play = rng.choice(plays)
        sides, pins = play.board
        if sides[p.turn][OFF] == variant.checkers:
            break
        first = list(p.first_turn)
        first[p.turn] = False
        p = p.replace(
            sides=sides,
            pins=pins,
            turn=1 - p.turn,
            dice=(rng.randint(1, 6), rng.randint(1, 6)),
            first_turn=tuple(first),
        )


# --- known gaps of the referee (bugs: each test fails today) --------------------------------------
def test_referee_rejects_two_head_checkers_on_first_turn_5_5():
    before = pos("long", {24: 15}, {12: 15}, (5, 5), first_turn=True)  # LT1: only 24/4
    assert [str(p) for p in legal_plays(before)] == ["24/4"]
    rejected(
        before,
        [(24, 19, 5, False), (19, 14, 5, False), (14, 9, 5, False), (24, 19, 5, False)],
        "left the head",
    )


def test_referee_rejects_a_bear_off_marked_as_a_hit():
    before = pos("short", {6: 1, 2: 1}, {24: 15}, (5, 4))
    rejected(before, [(6, 1, 5, False), (2, 0, 4, True)], "marked as a hit")
