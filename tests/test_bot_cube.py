"""Cube and resignation decisions of the bots (nardy_core/bots/cube.py, met.py; docs/cube.md).

The evaluators here are stubs: a fixed probability vector, or one drawn from the frame's hash
for the random games. Races use Keith's count, worked out by hand in the comments.
"""

import itertools
import random
from collections import Counter

import pytest

from nardy_core import BLACK, WHITE, Position, get_variant
from nardy_core.bots.cube import (
    BEAVER,
    DOUBLE,
    DROP,
    NO_ACCESS,
    NO_DOUBLE,
    TAKE,
    TOO_GOOD,
    CubeDecider,
    is_race,
    keith_count,
    keith_doubles,
    keith_takes,
    play_on_value,
    race_probabilities,
    race_win,
    resignation_offer,
    resignation_response,
)
from nardy_core.bots.evaluator import Evaluator
from nardy_core.bots.met import MatchEquityTable, default_met, format_table, pl_eval, taut_string
from nardy_core.engine.cube import CubeState
from nardy_core.engine.game import DOUBLE as DOUBLE_PHASE
from nardy_core.engine.game import MOVE, OVER, RESIGN, ROLL, Game
from nardy_core.engine.match import Match, MatchScore
from nardy_core.engine.position import side_from


class Stub(Evaluator):
    """The same probabilities for every position (for the side on roll)."""

    name = "stub"

    def __init__(self, probs):
        self.probs = tuple(probs)

    def evaluate(self, variant, frame):
        return self.probs


class HashStub(Evaluator):
    """Arbitrary but consistent probabilities: drawn from the frame, so every kind of decision
    (no double, double/take, double/drop, too good, beaver) turns up in random games."""

    name = "hash"

    def __init__(self, salt=0):
        self.salt = salt

    def evaluate(self, variant, frame):
        rng = random.Random(frame * 7 + self.salt)
        win = rng.random()
        win_g = win * rng.random() * 0.6
        lose_g = (1 - win) * rng.random() * 0.6
        return (win, win_g, win_g * rng.random() * 0.2, lose_g, lose_g * rng.random() * 0.2)


def game_at(key="short", options=None, match=None, cube=None, turn=WHITE, position=None):
    """A game in the roll phase: the starting position (contact) unless ``position`` is given."""
    variant = get_variant(key, options or {})
    position = position or variant.initial_position(turn=turn)
    return Game(variant, position=position, match=match, cube=cube)


def race_position(key, mover, opponent, turn=WHITE):
    variant = get_variant(key)
    sides = [None, None]
    sides[turn] = side_from(mover, off=15 - sum(mover.values()))
    sides[1 - turn] = side_from(opponent, off=15 - sum(opponent.values()))
    return Position(variant, sides, turn=turn)


def match_score(length, away_on_roll, away_other, crawford="pre", turn=WHITE):
    score = [0, 0]
    score[turn] = length - away_on_roll
    score[1 - turn] = length - away_other
    return MatchScore(length, tuple(score), crawford)


# --- the match equity table ----------------------------------------------------------------------
MET = default_met()
TABLE = MET.table(15)

# Kazaross-XG2 (Neil Kazaross, XG rollouts; shipped with GNU Backgammon as met/Kazaross-XG2.xml):
# (row away, column away) -> the row player's chance before the game; 1-away rows: Crawford game.
KAZAROSS_XG2 = {
    (1, 2): 0.67736,
    (1, 3): 0.75076,
    (1, 4): 0.81436,
    (1, 5): 0.84179,
    (2, 3): 0.59947,
    (2, 4): 0.66870,
    (2, 5): 0.74359,
    (3, 4): 0.57150,
    (3, 5): 0.64795,
    (4, 5): 0.57730,
    (4, 7): 0.69920,
    (5, 7): 0.62640,
    (7, 9): 0.60850,
}
KAZAROSS_XG2_POST = {1: 0.5, 2: 0.48803, 3: 0.32264, 4: 0.31002, 5: 0.19012, 6: 0.18072}


def test_met_is_a_probability_table_symmetric_with_even_scores_at_half():
    for a in range(1, 16):
        assert TABLE[a - 1][a - 1] == pytest.approx(0.5)
        for b in range(1, 16):
            assert 0.0 < TABLE[a - 1][b - 1] < 1.0
            assert TABLE[a - 1][b - 1] + TABLE[b - 1][a - 1] == pytest.approx(1.0, abs=1e-12)


def test_met_is_monotonic():
    for a in range(1, 16):
        for b in range(1, 15):
            assert TABLE[a - 1][b] > TABLE[a - 1][b - 1]  # the opponent needs more: better
            assert TABLE[b][a - 1] < TABLE[b - 1][a - 1]  # I need more: worse
    posts = [MET.post(n) for n in range(1, 16)]
    assert all(x >= y for x, y in itertools.pairwise(posts))
    crawfords = [MET.crawford(n) for n in range(2, 16)]
    assert all(x < y for x, y in itertools.pairwise(crawfords))


def test_met_crawford_and_post_crawford_entries():
    assert MET.equity(1, 1) == 0.5
    assert MET.equity(2, 2) == 0.5  # 2-away/2-away
    assert 0.66 <= MET.crawford(2) <= 0.70  # 1-away/2-away Crawford, the leader
    assert 0.47 <= MET.post(2) <= 0.50  # 2-away trailer post-Crawford
    # the Crawford game has no cube: the leader wins the match with any win, the trailer moves
    # on by his single, gammon or backgammon
    rates = (
        (1, 1 - MET.gammon_rate - MET.backgammon_rate),
        (2, MET.gammon_rate),
        (3, MET.backgammon_rate),
    )
    for n in (2, 3, 6):
        lose = sum(share * (1 - MET.post(n - k)) for k, share in rates)
        assert MET.crawford(n) == pytest.approx(0.5 + 0.5 * lose)
    # the free drop: the trailer's 2-away post-Crawford chance is a little below 1-away's
    assert MET.post(2) < MET.post(1) and MET.post(4) < MET.post(3)


def test_met_after_a_game_knows_the_crawford_rule():
    assert MET.after(0, 3) == 1.0 and MET.after(3, 0) == 0.0
    assert MET.after(1, 4, "pre") == MET.crawford(4)  # the next game is the Crawford one
    assert MET.after(1, 4, "crawford") == 1 - MET.post(4)  # after it: post-Crawford
    assert MET.after(1, 4, "pre", crawford_rule=False) == 1 - MET.post(4)
    assert MET.after(3, 5, "pre") == MET.pre(3, 5)


@pytest.mark.parametrize("pair", sorted(KAZAROSS_XG2))
def test_met_is_close_to_published_values(pair):
    a, b = pair
    assert TABLE[a - 1][b - 1] == pytest.approx(KAZAROSS_XG2[pair], abs=0.01)
    assert TABLE[b - 1][a - 1] == pytest.approx(1 - KAZAROSS_XG2[pair], abs=0.01)


@pytest.mark.parametrize("n", sorted(KAZAROSS_XG2_POST))
def test_post_crawford_is_close_to_published_values(n):
    assert MET.post(n) == pytest.approx(KAZAROSS_XG2_POST[n], abs=0.005)


@pytest.mark.oracle
def test_met_against_gnubg_default_table():
    """The whole 11×11 table against the MET inside the gnubg package (Kazaross-XG2)."""
    gnubg = pytest.importorskip("gnubg")
    pre, post = gnubg.met(11)[:2]
    worst = max(abs(TABLE[a][b] - pre[a][b]) for a in range(11) for b in range(11))
    assert worst < 0.01
    assert max(abs(MET.post(n + 1) - post[n]) for n in range(11)) < 0.005


def test_met_is_cheap_and_printable():
    met = MatchEquityTable()
    assert met.pre(25, 25) == 0.5 and 0.5 < met.pre(20, 25) < 1
    text = format_table(met, 11)
    assert "| 2 | 32.1 | 50.0 |" in text


def test_taut_string_is_the_value_of_stopping_games():
    # nobody may stop: the straight line
    line = taut_string(None, None, -1.0, 1.0)
    assert pl_eval(line, 0.25) == pytest.approx(-0.5)
    # A may stop for 0.5 everywhere: the concave hull of the line and the stop payoff
    cash = ([0.0, 1.0], [0.5, 0.5])
    hull = taut_string(cash, None, 0.0, 1.0)
    assert pl_eval(hull, 0.0) == pytest.approx(0.5) and pl_eval(hull, 0.5) == pytest.approx(0.75)
    # a tent: stop payoff peaks at p = 0.5 above the line, the string wraps over it
    tent = ([0.0, 0.5, 1.0], [0.0, 0.8, 0.0])
    wrapped = taut_string(tent, None, 0.0, 0.0)
    assert pl_eval(wrapped, 0.5) == pytest.approx(0.8) and pl_eval(wrapped, 0.25) == pytest.approx(
        0.4
    )
    # between two obstacles: stays between them
    low, high = ([0.0, 0.6, 1.0], [-1.0, 0.3, 0.3]), ([0.0, 0.4, 1.0], [0.0, 0.0, 2.0])
    both = taut_string(low, high, -1.0, 1.0)
    for i in range(101):
        p = i / 100
        assert pl_eval(low, p) - 1e-9 <= pl_eval(both, p) <= pl_eval(high, p) + 1e-9


# --- Keith's count --------------------------------------------------------------------------------
# S63 = {6:4, 5:3, 4:3, 3:2, 2:2, 1:1}: pips 24+15+12+6+4+1 = 62; one checker beyond one on
#       the 2-point +1; 1-point and 3-point no penalty; 4, 5, 6 occupied: 63.
# S68 = {7:1, 6:4, 5:3, 4:3, 3:3, 1:1}: pips 7+24+15+12+9+1 = 68; three on the 3-point and one
#       on the 1-point cost nothing, an empty 2-point costs nothing: 68.
# S75 = {9:1, 8:1, 6:4, 5:3, 4:3, 3:2, 1:1}: pips 9+8+24+15+12+6+1 = 75, no penalty: 75.
# S47 = {3:5, 2:5, 1:5}: pips 15+10+5 = 30; 1-point 4 extra ×2 = 8, 2-point 4 extra = 4, 3-point
#       2 beyond three = 2, 4-, 5- and 6-points empty = 3: 47.
S63 = {6: 4, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}
S68 = {7: 1, 6: 4, 5: 3, 4: 3, 3: 3, 1: 1}
S75 = {9: 1, 8: 1, 6: 4, 5: 3, 4: 3, 3: 2, 1: 1}
S47 = {3: 5, 2: 5, 1: 5}


@pytest.mark.parametrize("points,count", [(S63, 63), (S68, 68), (S75, 75), (S47, 47)])
def test_keith_count_by_hand(points, count):
    assert keith_count(side_from(points, off=15 - sum(points.values()))) == count


def test_keith_rules():
    # roller 63 vs 68: 63 × 8/7 = 72 exceeds 68 by 4: double (≤ 4), no redouble (> 3), take (≥ 2)
    assert keith_doubles(63, 68) and not keith_doubles(63, 68, redouble=True)
    assert keith_takes(63, 68)
    # 63 vs 75: 72 is 3 below 75: double and drop; 63 vs 63: 72 - 63 = 9 > 4: no double
    assert keith_doubles(63, 75) and not keith_takes(63, 75)
    assert not keith_doubles(63, 63)


def test_race_detection():
    assert not is_race(get_variant("short").initial_position())
    assert not is_race(get_variant("long").initial_position())
    assert is_race(race_position("short", S63, S68))
    # one back checker on my 20-point faces the opponent's checker on his 7 (my 18): contact
    assert not is_race(race_position("short", {20: 1, 6: 4}, {7: 1, 6: 4}))
    # long nardy: my checkers on 1-6, his in his home (my 13-18): passed each other
    long_variant = get_variant("long")
    sides = (side_from({6: 5, 5: 5, 4: 5}), side_from({6: 5, 5: 5, 4: 5}))
    assert is_race(Position(long_variant, sides))
    # long nardy: his checker on his 20 (my 8) is still ahead of my checker on 10
    sides = (side_from({10: 1, 5: 14}), side_from({20: 1, 5: 14}))
    assert not is_race(Position(long_variant, sides))


def test_race_probabilities_are_sane():
    win, win_g, win_bg, lose_g, lose_bg = race_probabilities(race_position("short", S63, S68))
    assert 0.75 < win < 0.95 and win_bg == lose_bg == 0.0
    assert win_g < 0.01 and lose_g < 0.01
    assert race_win(50, 50) > 0.5 and race_win(60, 50) < race_win(50, 50)
    # far behind with everything outside: gammon chances appear
    win, win_g, _, lose_g, _ = race_probabilities(race_position("short", S47, {12: 15}))
    assert win > 0.99 and win_g > 0.5


@pytest.mark.parametrize(
    "opponent,owned,action,response",
    [
        (S68, False, DOUBLE, TAKE),  # excess 4: double, take
        (S68, True, NO_DOUBLE, TAKE),  # ... but no redouble
        (S75, False, DOUBLE, DROP),  # excess −3: double, drop
        (S63, False, NO_DOUBLE, TAKE),  # excess 9: no double
    ],
)
def test_money_race_follows_keith(opponent, owned, action, response):
    cube = CubeState(2, WHITE) if owned else None
    game = game_at(position=race_position("short", S63, opponent), cube=cube)
    analysis = CubeDecider(Stub((0.5, 0, 0, 0, 0))).analyse(game)  # the stub is never asked
    assert analysis.method == "race" and analysis.keith == (
        63,
        keith_count(side_from(opponent, off=15 - sum(opponent.values()))),
    )
    assert (analysis.action, analysis.response) == (action, response)


def test_match_race_turns_the_counts_into_chances():
    # 63 against 68: about 75% for the roller; 3-away/3-away: double, take
    game = game_at(position=race_position("short", S63, S68), match=match_score(5, 3, 3))
    analysis = CubeDecider().analyse(game)
    assert analysis.method == "race" and 0.70 < analysis.probabilities[0] < 0.80
    assert (analysis.action, analysis.response) == (DOUBLE, TAKE)
    # the same race for a 4-away trailer post-Crawford: the 1-away leader drops (free drop)
    game = game_at(position=race_position("short", S63, S68), match=match_score(5, 4, 1, "post"))
    assert CubeDecider().analyse(game).response == DROP
    # an even race (63 against 63, the roller on roll): no double at 3-away/3-away
    game = game_at(position=race_position("short", S63, S63), match=match_score(5, 3, 3))
    assert CubeDecider().analyse(game).action == NO_DOUBLE


# --- decisions for stub probabilities ---------------------------------------------------------
EVEN = (0.50, 0.12, 0.01, 0.12, 0.01)
DOUBLE_TAKE = (0.72, 0.0, 0.0, 0.0, 0.0)  # no gammons, inside the window
DOUBLE_DROP = (0.80, 0.15, 0.005, 0.03, 0.001)
TOO_GOOD_PROBS = (0.90, 0.60, 0.05, 0.01, 0.0)
GAMMONISH = (0.75, 0.20, 0.01, 0.04, 0.001)


@pytest.mark.parametrize(
    "probs,action,response",
    [
        (EVEN, NO_DOUBLE, TAKE),
        (DOUBLE_TAKE, DOUBLE, TAKE),
        (DOUBLE_DROP, DOUBLE, DROP),
        (TOO_GOOD_PROBS, TOO_GOOD, DROP),
    ],
)
def test_money_decisions(probs, action, response):
    decider = CubeDecider(Stub(probs))
    game = game_at()
    analysis = decider.analyse(game)
    assert (analysis.action, analysis.response) == (action, response)
    assert decider.wants_to_double(game) == (action == DOUBLE)
    if action == DOUBLE:
        game.double()
        assert decider.response(game) == response


def test_match_score_changes_the_decision():
    # money: a double and a pass
    money = CubeDecider(Stub(GAMMONISH)).analyse(game_at())
    assert (money.action, money.response) == (DOUBLE, DROP)
    # 2-away leading 4-away: the leader keeps the cube (a 2-cube gives the trailer the match on
    # one gammon), no double
    leader = CubeDecider(Stub(GAMMONISH)).analyse(game_at(match=match_score(7, 2, 4)))
    assert leader.action == NO_DOUBLE and leader.unit == "mwc"
    # 4-away trailing 2-away with a modest edge: double (the leader's take point is high)
    trailer = CubeDecider(Stub((0.60, 0.15, 0.01, 0.08, 0.005))).analyse(
        game_at(match=match_score(7, 4, 2))
    )
    assert money_action(0.60) == NO_DOUBLE and trailer.action == DOUBLE
    # 2-away/2-away: 30% is a pass (the 2-cube decides the match, the Crawford game pays 32%)
    dmp = CubeDecider(Stub(DOUBLE_TAKE)).analyse(game_at(match=match_score(5, 2, 2)))
    assert (dmp.action, dmp.response) == (DOUBLE, DROP)


def money_action(win):
    return CubeDecider(Stub((win, 0.15, 0.01, 0.08, 0.005))).analyse(game_at()).action


def test_crawford_and_post_crawford():
    crawford = match_score(5, 1, 3, "crawford")
    assert CubeDecider(Stub(DOUBLE_DROP)).analyse(game_at(match=crawford)).action == NO_ACCESS
    # post-Crawford: the trailer doubles at once even in an even position, the leader takes
    trailer = CubeDecider(Stub(EVEN)).analyse(game_at(match=match_score(5, 4, 1, "post")))
    assert (trailer.action, trailer.response) == (DOUBLE, TAKE)
    # ... but a 3-away trailer at 72% is dropped: the leader's free drop (3-away to 2-away)
    strong = CubeDecider(Stub(DOUBLE_TAKE)).analyse(game_at(match=match_score(5, 4, 1, "post")))
    assert strong.response == DROP
    # the leader's own cube is dead: no double even when winning
    leader = CubeDecider(Stub(DOUBLE_DROP)).analyse(game_at(match=match_score(5, 1, 4, "post")))
    assert leader.action == NO_DOUBLE


def test_jacoby_makes_doubling_more_attractive():
    probs = (0.60, 0.30, 0.0, 0.05, 0.0)
    plain = CubeDecider(Stub(probs)).analyse(game_at())
    jacoby = CubeDecider(Stub(probs)).analyse(game_at(options={"jacoby": True}))
    assert plain.action == NO_DOUBLE and jacoby.action == DOUBLE
    assert jacoby.no_double < plain.no_double and jacoby.double_take == plain.double_take


def test_beaver_only_when_allowed():
    bad_double = (0.38, 0.05, 0.0, 0.10, 0.0)
    for options, answer in (({"beaver": True}, BEAVER), ({}, TAKE)):
        game = game_at(options=options)
        game.double()
        decider = CubeDecider(Stub(bad_double))
        assert decider.answer(game) == answer
        assert game.cube.value == (4 if answer == BEAVER else 2) and game.cube.owner == BLACK
    # no beaver in match play even with the option
    game = game_at(options={"beaver": True}, match=match_score(7, 3, 3))
    game.double()
    assert CubeDecider(Stub(bad_double)).response(game) == TAKE


def test_max_cube_and_owned_cube_mean_no_access():
    full = game_at(options={"max_cube": 4}, cube=CubeState(4, WHITE))
    assert CubeDecider(Stub(DOUBLE_DROP)).double_action(full) == NO_ACCESS
    theirs = game_at(cube=CubeState(2, BLACK))
    assert CubeDecider(Stub(DOUBLE_DROP)).double_action(theirs) == NO_ACCESS


def test_long_nardy_cube_uses_its_outcome_values():
    off = CubeDecider(Stub(DOUBLE_DROP)).double_action(game_at("long"))
    assert off == NO_ACCESS  # cube_enabled is off by default
    marsy = (0.90, 0.70, 0.30, 0.0, 0.0)
    base = CubeDecider(Stub(marsy)).analyse(game_at("long", {"cube_enabled": True}))
    koks = CubeDecider(Stub(marsy)).analyse(
        game_at("long", {"cube_enabled": True, "koks_rule": "head", "koks_points": 4})
    )
    assert base.action == koks.action == TOO_GOOD
    assert koks.no_double > base.no_double  # a koks is worth 4, not 2
    fair = CubeDecider(Stub((0.75, 0.05, 0.0, 0.05, 0.0))).analyse(
        game_at("long", {"cube_enabled": True})
    )
    assert (fair.action, fair.response) == (DOUBLE, TAKE)


# --- legality over random games ------------------------------------------------------------------
GAME_SETUPS = [
    ("short", {}, None),
    ("short", {"beaver": True, "jacoby": True, "max_cube": 8}, None),
    ("short", {"automatic_doubles": 2, "beaver": True}, None),
    ("caucasian", {}, None),
    ("long", {"cube_enabled": True, "koks_rule": "head"}, None),
    ("short", {"holland": True}, 5),
    ("long", {"cube_enabled": True}, 3),
    ("caucasian", {"crawford": False}, 3),
    ("short", {"holland": True}, MatchScore(5, (4, 1), "post")),
    ("caucasian", {}, MatchScore(5, (2, 4), "post")),
    ("short", {}, MatchScore(3, (2, 0), "crawford")),
]


def _drive(game, deciders, rng, counts, resign=False):
    """Random plays; every cube and resignation decision by the deciders (one per colour,
    with different evaluators, so that doubles are sometimes beavered)."""
    turns = 0
    while game.phase != OVER and turns < 300:
        turns += 1
        decider = deciders[game.position.turn]
        if game.phase == ROLL:
            if resign and rng.random() < 0.02:
                kind = rng.choice(game.variant.resign_levels())[0]
                game.resign(kind)
                continue
            action = decider.double_action(game)
            counts[action] += 1
            if action == DOUBLE:
                assert game.can_double()
                game.double()
            else:
                game.roll()
        elif game.phase == DOUBLE_PHASE:
            answer = deciders[1 - game.position.turn].answer(game)  # Game raises if illegal
            counts[answer] += 1
        elif game.phase == RESIGN:
            if resignation_response(game, deciders[1 - game.position.turn].evaluator):
                game.accept_resignation()
                counts["accept"] += 1
            else:
                game.decline_resignation()
                counts["decline"] += 1
        else:
            assert game.phase == MOVE
            game.play(rng.choice(game.legal_plays()))


@pytest.mark.parametrize("key,options,length", GAME_SETUPS)
def test_cube_actions_are_legal_in_random_games(key, options, length):
    variant = get_variant(key, options)
    deciders = (CubeDecider(HashStub(1)), CubeDecider(HashStub(2)))
    rng = random.Random(f"{key}{options}{length}")
    counts = Counter()
    if isinstance(length, MatchScore):
        for seed in range(6):
            _drive(Game(variant, seed=f"g{seed}", match=length), deciders, rng, counts, True)
    elif length:
        for seed in range(4):
            match = Match(variant, length=length, seed=f"m{seed}")
            while not match.is_over:
                _drive(match.game, deciders, rng, counts, resign=True)
                if not match.game.is_over:  # a very long game: let the match stop here
                    break
                match.next_game()
    else:
        for seed in range(8):
            _drive(Game(variant, seed=f"g{seed}"), deciders, rng, counts, resign=True)
    assert counts[TAKE] + counts[DROP] + counts[BEAVER] == counts[DOUBLE]
    crawford_game = isinstance(length, MatchScore) and length.crawford == "crawford"
    assert (counts[DOUBLE] == 0) == crawford_game
    if options.get("beaver"):
        assert counts[BEAVER] > 0


def test_resign_levels_offered_by_the_bot_are_accepted_by_the_game():
    rng = random.Random(5)
    decider = CubeDecider(HashStub())
    for seed in range(6):
        game = Game(get_variant("short"), seed=f"r{seed}")
        while game.phase != OVER:
            if game.phase == ROLL:
                kind = resignation_offer(game, decider.evaluator)
                if kind is not None:
                    game.resign(kind)
                    assert resignation_response(game, decider.evaluator)
                    game.accept_resignation()
                    break
                game.roll()
            elif game.phase == MOVE:
                game.play(rng.choice(game.legal_plays()))


# --- resignation ----------------------------------------------------------------------------------
CERTAIN_SINGLE_LOSS = (0.0, 0.0, 0.0, 0.0, 0.0)
CERTAIN_GAMMON_LOSS = (0.0, 0.0, 0.0, 1.0, 0.0)
STILL_CHANCES = (0.30, 0.05, 0.0, 0.10, 0.0)


def resigned(probs, kind, options=None, match=None, cube=None):
    """White (on roll, with ``probs``) offers to resign ``kind``; Black answers."""
    game = game_at(options=options, match=match, cube=cube)
    game.resign(kind)
    return game, resignation_response(game, Stub(probs))


def test_certain_single_loss_is_accepted_for_one_point():
    game, accepted = resigned(CERTAIN_SINGLE_LOSS, "single")
    assert accepted
    game.accept_resignation()
    assert game.result.points == 1 and game.result.winner == BLACK


def test_gammon_still_possible_declines_a_single():
    _, accepted = resigned(CERTAIN_GAMMON_LOSS, "single")
    assert not accepted
    _, accepted = resigned(CERTAIN_GAMMON_LOSS, "gammon")
    assert accepted
    # a gammon half the time: a single is too little, a gammon is more than the game is worth
    half = (0.0, 0.0, 0.0, 0.5, 0.0)
    assert not resigned(half, "single")[1] and resigned(half, "gammon")[1]


def test_jacoby_resignation_counts_as_single():
    # Jacoby with a centred cube: the gammon cannot be scored, a single is all there is
    _, accepted = resigned(CERTAIN_GAMMON_LOSS, "single", options={"jacoby": True})
    assert accepted


def test_resignation_against_real_chances():
    # the resigner still wins 30%: its offer of a single gives more than playing on
    assert resigned(STILL_CHANCES, "single")[1]
    # the answering side needs its chances: it declines when playing on is worth more, e.g.
    # a big favourite with gammons offered a single while the cube is on 2 (2 points offered)
    assert not resigned((0.05, 0.0, 0.0, 0.70, 0.05), "single", cube=CubeState(2, WHITE))[1]


def test_resignation_in_match_play_compares_match_equities():
    # the answering side is 1-away: any resignation wins the match
    assert resigned(STILL_CHANCES, "single", match=match_score(5, 3, 1, "post"))[1]
    # the answering side 4-away, the resigner 1-away (Crawford game): a single (to 3-away) is
    # not enough when the resigner only loses gammons
    match = match_score(5, 1, 4, "crawford")
    assert not resigned(CERTAIN_GAMMON_LOSS, "single", match=match)[1]
    assert resigned(CERTAIN_GAMMON_LOSS, "gammon", match=match)[1]


def test_play_on_value_after_the_resigner_rolled():
    game = game_at()
    game.roll((6, 5))
    game.resign("single")
    value = play_on_value(game, BLACK, Stub(EVEN))
    assert -1.0 < value < 1.0
    assert resignation_response(game, Stub(EVEN))  # a single is more than an even game


def test_resignation_offer():
    assert resignation_offer(game_at(), Stub(CERTAIN_SINGLE_LOSS)) == "single"
    assert resignation_offer(game_at(), Stub(CERTAIN_GAMMON_LOSS)) == "gammon"
    assert resignation_offer(game_at(), Stub(STILL_CHANCES)) is None
    assert resignation_offer(game_at(), Stub((0.0, 0.0, 0.0, 0.5, 0.0))) is None
    assert (
        resignation_offer(game_at(options={"allow_resign": False}), Stub(CERTAIN_SINGLE_LOSS))
        is None
    )
    assert (
        resignation_offer(game_at("long", {"cube_enabled": True}), Stub(CERTAIN_GAMMON_LOSS))
        == "mars"
    )
