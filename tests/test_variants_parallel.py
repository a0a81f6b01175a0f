"""Khachapuri, fevga and moultezim (VARIANT_RULES.md §3.8, §3.13, §3.14): the spec's vectors, its
worked scenarios played through ``Game`` (scoring included), seeded random play checked for
invariants (checker counts, shared points, the step interface, notation, link codes), and the
independent referee, which must catch plays that break these games' rules."""

import os
import random

import pytest

from conftest import DATA
from helpers import play_positions, reachable_by_steps
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.match import Match
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.playnotation import find_play
from nardy_core.engine.position import BLACK, OFF, WHITE, Position, side_from
from nardy_core.engine.turn import Turn
from nardy_core.engine.variant import Outcome, Variant
from nardy_core.formats import linkcode
from nardy_core.formats.linkcode import decode_game, decode_state, encode_game, encode_state
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.referee.core import Violation, check_turn, expected_outcome_points
from nardy_core.referee.selfplay import selfplay
from nardy_core.referee.vectors import check_file
from nardy_core.variants import VARIANTS, get_variant
from nardy_core.variants.fevga import Fevga
from nardy_core.variants.i18n import game_name
from nardy_core.variants.khachapuri import Khachapuri

GAMES = ("khachapuri", "fevga", "moultezim")

CONFIGS = [
    ("khachapuri", {}),
    ("khachapuri", {"KHACH_SCORE": "LN", "block_check": "every_step"}),
    ("khachapuri", {"block_rule": "none"}),
    ("khachapuri", {"block_rule": "opp_in_home"}),
    ("fevga", {}),
    ("fevga", {"fevga_start_table": "ONLY_IF_STUCK"}),
    ("moultezim", {}),
    ("moultezim", {"moultezim_gammon": False}),
]
IDS = [f"{g}-{i}" for i, (g, _) in enumerate(CONFIGS)]


def pos(game, me, opp, dice=None, options=None, turn=WHITE):
    """A position from each side's own numbering (dicts of points, optional "off")."""
    variant = get_variant(game, options or {})

    def side(d):
        d = dict(d)
        return side_from(d, off=d.pop("off", 0))

    sides = [None, None]
    sides[turn], sides[1 - turn] = side(me), side(opp)
    return Position(variant, sides, turn=turn, dice=dice)


def boards(position):
    """The mover's side after each legal play, as {point: count} (plus "off" when any)."""
    out = set()
    for play in legal_plays(position):
        side = play.mover_side
        d = {p: side[p] for p in range(1, 25) if side[p]}
        if side[OFF]:
            d["off"] = side[OFF]
        out.add(frozenset(d.items()))
    return out


def b(d):
    return frozenset(d.items())


# --- vectors and declarations -------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_vectors(game):
    found = check_file(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    assert [(r.id, r.missing, r.extra, r.error) for r in found if not r.ok] == []
    assert len(found) >= 6


def test_registry_and_declarations():
    names = {"khachapuri": "Хачапури", "fevga": "Февга", "moultezim": "Мультезим"}
    groups = {"khachapuri": "nardy", "fevga": "tavli", "moultezim": "tavli"}
    tags = {"khachapuri": "kh", "fevga": "fe", "moultezim": "mz"}
    for key in GAMES:
        cls = VARIANTS[key]
        v = get_variant(key)
        assert cls.key == key and game_name(cls, "ru") == names[key] and cls.names["en"]
        assert cls.group == groups[key]
        assert not v.cube_enabled
        assert v.options["next_game_starter"] == "winner"
        assert linkcode.TAGS[key] == tags[key]
    assert get_variant("khachapuri").options["KHACH_SCORE"] == "DIFF"
    assert get_variant("khachapuri").options["block_rule"] == "ahead"
    assert get_variant("khachapuri").options["block_check"] == "end_of_turn"
    assert get_variant("fevga").options["fevga_start_table"] == "ALWAYS"
    assert get_variant("moultezim").options["moultezim_gammon"] is True
    p = get_variant("khachapuri").initial_position()
    for colour in (WHITE, BLACK):
        assert {q: p.sides[colour][q] for q in range(1, 25) if p.sides[colour][q]} == {24: 4, 6: 11}
    p = get_variant("fevga").initial_position()
    assert p.sides[WHITE][24] == p.sides[BLACK][24] == 15


# --- khachapuri scenarios (§3.8) -----------------------------------------------------------------
KH_START = {24: 4, 6: 11}


def test_kh1_several_checkers_leave_the_head():
    p = pos("khachapuri", KH_START, KH_START, (4, 3))
    assert b({24: 2, 21: 1, 20: 1, 6: 11}) in boards(p)
    # the same roll in long nardy from its start takes one checker from the head only
    long_start = Position(
        get_variant("long"),
        (side_from({24: 15}),) * 2,
        turn=WHITE,
        dice=(4, 3),
        first_turn=(False, False),
    )
    assert all(pl.mover_side[24] == 14 for pl in legal_plays(long_start))


def test_kh2_the_eleven_stack_blocks_and_nothing_moves():
    start = pos("khachapuri", KH_START, KH_START)
    plays = legal_plays(start.replace(dice=(6, 6)))
    assert len(plays) == 1 and plays[0].steps == ()
    game = Game("khachapuri", position=start)
    game.roll((6, 6))  # no play: the turn passes at once, all four 6s lost
    assert game.phase == ROLL and game.position.turn == BLACK
    assert game.position.sides == start.sides


def test_kh3_the_only_play_of_both_dice():
    p = pos("khachapuri", KH_START, KH_START, (6, 5))
    assert boards(p) == {b({24: 3, 13: 1, 6: 11})}
    assert find_play(p, "24/19/13").mover_side[13] == 1


@pytest.mark.parametrize(
    "options,loser_off,points",
    [({}, 9, 6), ({"KHACH_SCORE": "LN"}, 9, 1), ({}, 0, 15), ({"KHACH_SCORE": "LN"}, 0, 2)],
)
def test_kh4_scoring_through_a_game(options, loser_off, points):
    loser = {3: 15 - loser_off, "off": loser_off}
    game = Game(
        get_variant("khachapuri", options),
        position=pos("khachapuri", {1: 1, "off": 14}, loser, options=options),
    )
    game.roll((2, 1))
    game.play(game.legal_plays()[0])
    assert game.phase == OVER
    assert game.result.winner == WHITE and game.result.points == points
    final = game.position
    assert expected_outcome_points(final.variant, final, WHITE) == points


def test_khachapuri_resignation_is_worth_the_difference():
    v = get_variant("khachapuri")
    assert v.resign_levels() == [("difference", 15)]
    # Black (on roll, 4 off) resigns against White (5 off): White scores 15 - 4
    game = Game(
        v, position=pos("khachapuri", {1: 11, "off": 4}, {6: 5, 5: 5, "off": 5}, turn=BLACK)
    )
    game.resign()
    game.accept_resignation()
    assert game.result.winner == WHITE and game.result.points == 15 - 4
    ln = get_variant("khachapuri", {"KHACH_SCORE": "LN"})
    assert ln.resign_levels() == [("oin", 1), ("mars", 2)]


def test_khachapuri_opening_and_next_game():
    game = Game("khachapuri", seed="kh")
    assert game.phase == ROLL and game.actions[0][0] == "opening"  # the winner rolls again
    match = Match(get_variant("khachapuri"), length=0, seed="khm")
    _play_out(match.game, random.Random(1))
    winner_player = match.game.players[match.game.result.winner]
    nxt = match.next_game()
    assert nxt.phase == ROLL and nxt.players[nxt.position.turn] == winner_player


def test_khachapuri_rejects_an_illegal_six_block_position():
    from nardy_core.engine.errors import PositionError

    p = pos(
        "khachapuri",
        {24: 2, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 1: 7},
        {24: 5, 23: 2, 22: 2, 21: 2, 20: 2, 19: 2},
    )
    with pytest.raises(PositionError):
        p.variant.validate(p)


# --- fevga and moultezim scenarios (§3.13, §3.14) -----------------------------------------------
@pytest.mark.parametrize("game", ["fevga", "moultezim"])
def test_fv1_opening_six_six(game):
    p = pos(game, {24: 15}, {24: 15}, (6, 6))
    assert boards(p) == {b({24: 14, 18: 1})}


@pytest.mark.parametrize("game", ["fevga", "moultezim"])
def test_fv2_first_pass_lifts_mid_turn(game):
    p = pos(game, {24: 14, 13: 1}, {24: 14, 14: 1}, (3, 1))
    assert boards(p) == {b({24: 14, 9: 1}), b({24: 13, 23: 1, 10: 1})}
    # written head-first, the play is still found (the order that makes it legal)
    assert find_play(p, "24/23 13/10").mover_side[23] == 1
    # step by step: the head is shut until 13/10 has been played
    turn = Turn(p)
    assert {s.src for s in turn.legal_steps()} == {13}
    turn.move(13, 10)
    assert 24 in {s.src for s in turn.legal_steps()}


FV3_ME = {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 5: 1}


@pytest.mark.parametrize("game", ["fevga", "moultezim"])
def test_fv3_mz1_the_start_table_may_not_be_full(game):
    p = pos(game, FV3_ME, {24: 15}, (5, 1))
    found = boards(p)
    assert b({24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 4: 1}) not in found  # 24/19 5/4
    assert b({24: 9, 23: 1, 22: 1, 21: 1, 19: 2, 5: 1}) in found  # 24/19 20/19
    # 24/19/18, and 24/23 23/18 (the same result)
    assert b({24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 18: 1, 5: 1}) in found
    for side in found:
        points = dict(side)
        assert not all(points.get(q) for q in range(19, 25))
    # the literal reading (AMB-35) allows it here: Black is not stuck behind the table
    loose = pos("fevga", FV3_ME, {24: 15}, (5, 1), {"fevga_start_table": "ONLY_IF_STUCK"})
    assert b({24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 4: 1}) in boards(loose)


@pytest.mark.parametrize("game", ["fevga", "moultezim"])
def test_fv4_a_prime_in_front_of_the_whole_army_must_open(game):
    me = {24: 3, 18: 2, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2}
    found = boards(pos(game, me, {7: 15}, (6, 5)))
    assert found and all(not all(dict(s).get(q) for q in range(13, 19)) for s in found)
    # FV-4b: one black checker elsewhere, the block may stay (13/8 24/18 is fine)
    loose = boards(pos(game, me, {8: 1, 7: 14}, (6, 5)))
    assert b({24: 2, 18: 3, 17: 2, 16: 2, 15: 2, 14: 2, 13: 1, 8: 1}) in loose


def test_fv_x1_a_start_table_that_cannot_be_emptied_is_waived():
    p = pos(
        "fevga",
        {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 5: 1},
        {6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 10},
        (5, 5),
    )
    assert boards(p) == {b({24: 5, 23: 1, 22: 1, 21: 1, 20: 1, 19: 5, 5: 1})}


def test_each_turn_rule_is_waived_on_its_own():
    # Black's whole army on B19 (= W7) right behind White's home W1-W6, which 6-5 cannot break
    # (W6 holds three, nothing else in the home moves, no bearing off): the prime rule is
    # waived. The start table is not full at the start, so that rule still binds: 24/19 14/8
    # is illegal, although no play meets both rules (waiving both would allow it).
    me = {24: 2, 23: 1, 22: 1, 21: 1, 20: 1, 14: 1, 6: 3, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}
    p = pos("fevga", me, {19: 15}, (6, 5))
    found = boards(p)
    for side in found:
        points = dict(side)
        assert all(points.get(q) for q in range(1, 7))  # the prime stays: waived
        assert not all(points.get(q) for q in range(19, 25))  # the table is never full
    filled = {**me, 24: 1, 19: 1, 14: 0, 8: 1}
    assert b({k: v for k, v in filled.items() if v}) not in found
    assert b({**{k: v for k, v in me.items() if k != 14}, 8: 1, 6: 2, 1: 2}) in found
    _refuse(p, [(24, 19, 5, False), (14, 8, 6, False)], match="another play")


@pytest.mark.parametrize(
    "game,options,loser,points",
    [
        ("fevga", {}, {6: 15}, 2),
        ("fevga", {}, {6: 14, "off": 1}, 1),
        ("moultezim", {}, {6: 15}, 2),
        ("moultezim", {"moultezim_gammon": False}, {6: 15}, 1),
    ],
)
def test_fv5_scoring_through_a_game(game, options, loser, points):
    game_ = Game(
        get_variant(game, options), position=pos(game, {2: 1, "off": 14}, loser, options=options)
    )
    game_.roll((2, 1))
    game_.play(game_.legal_plays()[0])
    assert game_.phase == OVER and game_.result.points == points
    assert expected_outcome_points(game_.position.variant, game_.position, WHITE) == points


def test_fevga_next_game_starts_with_the_previous_winner():
    match = Match(get_variant("fevga"), length=0, seed="fvm")
    _play_out(match.game, random.Random(2))
    winner_player = match.game.players[match.game.result.winner]
    nxt = match.next_game()
    assert nxt.phase == ROLL and nxt.players[nxt.position.turn] == winner_player


# --- random play: invariants, the step interface, notation, link codes --------------------------
def _play_out(game, rng, limit=10_000):
    while game.phase != OVER and len(game.actions) < limit:
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            game.play(rng.choice(game.legal_plays()))
        else:
            game.opening()
    return game


def _passed(side):
    return side[OFF] > 0 or any(side[1:12])


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_random_play_invariants(game, options):
    variant = get_variant(game, options)
    positions = play_positions(game, options, f"{game}/{sorted(options.items())}", plies=600)
    assert len(positions) > 25
    cross = variant.cross
    for i, p in enumerate(positions):
        white, black = p.sides
        assert sum(white) == sum(black) == 15
        assert not any(white[q] and black[cross[q]] for q in range(1, 25))
        variant.validate(p)
        if game != "khachapuri":
            for side in p.sides:  # FIRST_PASS: one checker out at most until it passes
                assert _passed(side) or sum(side[12:24]) <= 1
        plays = legal_plays(p)
        frames = {pl.frame for pl in plays}
        assert len(frames) == len(plays)
        if i % 4 == 0 and len(plays) <= 80:
            assert reachable_by_steps(p) == frames
        if i % 5 == 0:
            for play in plays[:10]:
                assert find_play(p, play.notation()).frame == play.frame
            text = format_state(p)
            back = parse_state(text)[0]
            assert back == p and format_state(back) == text
            code = encode_state(p)
            assert code.startswith(linkcode.TAGS[game] + ".")
            assert decode_state(code)[0] == p


@pytest.mark.parametrize("game", ["fevga", "moultezim"])
def test_turn_constraints_hold_at_the_end_of_every_random_turn(game):
    # the start table is full, or the army stuck behind a prime, only where the turn began so
    for seed in range(6):
        for p in play_positions(game, {}, f"tc/{game}/{seed}", plies=200):
            for play in legal_plays(p):
                me = play.mover_side
                if all(me[q] for q in range(19, 25)):
                    assert all(p.sides[p.turn][q] for q in range(19, 25))


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_whole_games_round_trip_as_link_codes(game, options):
    rng = random.Random(game)
    g = Game(get_variant(game, options), seed=f"link/{game}")
    _play_out(g, rng, limit=160)
    code = encode_game(g)
    assert code.split("~")[0] == linkcode.TAGS[game]
    rebuilt = game_from_record(decode_game(code))
    assert rebuilt.position == g.position and rebuilt.phase == g.phase
    assert game_from_record(game_record(g)).position == g.position


@pytest.mark.parametrize("game,options", CONFIGS, ids=IDS)
def test_selfplay_referee_finds_no_violation(game, options):
    report = selfplay(get_variant(game, options), 3, seed=5)
    assert report.violations == [] and report.games == 3


# --- the referee judges these games without the generator ---------------------------------------
def _refuse(position, steps, match=None):
    """The referee rejects ``steps`` (the engine's result is the referee's own replay, so only
    the rule being broken can fail)."""
    me = list(position.sides[position.turn])
    opp = list(position.sides[1 - position.turn])
    for src, dst, _, _ in steps:
        me[src] -= 1
        me[dst] += 1
    after = [None, None]
    after[position.turn], after[1 - position.turn] = me, opp
    with pytest.raises(Violation, match=match):
        check_turn(position, steps, after)


def _accept(position, steps):
    me = list(position.sides[position.turn])
    for src, dst, _, _ in steps:
        me[src] -= 1
        me[dst] += 1
    after = [None, None]
    after[position.turn], after[1 - position.turn] = me, list(position.sides[1 - position.turn])
    check_turn(position, steps, after)


def test_referee_catches_wrong_plays():
    # FIRST_PASS: a second checker off the head before the first passed (FV-2's 24/21)
    p = pos("fevga", {24: 14, 13: 1}, {24: 14, 14: 1}, (3, 1))
    _refuse(p, [(24, 21, 3, False), (24, 23, 1, False)], match="second checker")
    _accept(p, [(13, 10, 3, False), (24, 23, 1, False)])
    # ... which khachapuri allows (KH-1)
    _accept(pos("khachapuri", KH_START, KH_START, (4, 3)), [(24, 20, 4, False), (24, 21, 3, False)])
    # START_TABLE_NOT_FULL (FV-3's 24/19 5/4), in both games
    for game in ("fevga", "moultezim"):
        p = pos(game, FV3_ME, {24: 15}, (5, 1))
        _refuse(p, [(24, 19, 5, False), (5, 4, 1, False)], match="START_TABLE")
    p = pos("fevga", FV3_ME, {24: 15}, (5, 1), {"fevga_start_table": "ONLY_IF_STUCK"})
    _accept(p, [(24, 19, 5, False), (5, 4, 1, False)])
    # PRIME_UNBLOCK_IF_STUCK (FV-4's 24/18 13/8 keeps the block; FIRST_PASS passed via 13/8)
    p = pos("fevga", {24: 3, 18: 2, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2}, {7: 15}, (6, 5))
    _refuse(p, [(14, 8, 6, False), (13, 8, 5, False)], match="PRIME_UNBLOCK")
    _accept(p, [(13, 7, 6, False), (13, 8, 5, False)])
    # FV-X1: the full start table cannot be emptied, so the rule is waived (AMB-44)
    p = pos(
        "fevga",
        {24: 9, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1, 5: 1},
        {6: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 10},
        (5, 5),
    )
    _accept(p, [(24, 19, 5, False)] * 4)
    # BLOCK1: one opposing checker closes a point (W12 is Black's head)
    p = pos("fevga", {24: 14, 13: 1}, {24: 15}, (1, 2))
    _refuse(p, [(13, 12, 1, False), (12, 10, 2, False)], match="closed")


def test_referee_catches_a_generator_without_these_rules():
    class NoFirstPass(Fevga):
        def unit_moves(self, ctx, s, t, d, limit=26):
            return Variant.unit_moves(self, ctx, s, t, d, limit)

    class NoTurnRules(Fevga):
        def turn_ok(self, ctx, s, t):
            return True

    class WrongScore(Khachapuri):
        def outcome(self, position, winner):
            return Outcome(winner, "difference", 1)

    for broken in (NoFirstPass(), WrongScore()):
        report = selfplay(broken, 2, seed=3)
        assert report.violations, type(broken).__name__
    # the end-of-turn rules rarely bind in random play: judge the broken generator's plays
    # of FV-3 (start table) and FV-4 (stuck prime, broken at the start but fixable)
    broken = NoTurnRules()
    for me, opp, dice in (
        (FV3_ME, {24: 15}, (5, 1)),
        ({24: 3, 18: 2, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2}, {7: 15}, (6, 5)),
    ):
        p = pos("fevga", me, opp, dice)
        p = Position(broken, p.sides, turn=WHITE, dice=dice)
        refused = 0
        for play in legal_plays(p):
            try:
                check_turn(p, play.steps, play.board[0])
            except Violation:
                refused += 1
        assert refused, (me, dice)
        correct = pos("fevga", me, opp, dice)
        for play in legal_plays(correct):  # the real generator's plays all pass
            check_turn(correct, play.steps, play.board[0])


def test_referee_scoring_tables():
    cases = [
        ("khachapuri", {}, {"off": 9, 3: 6}, 6),
        ("khachapuri", {}, {3: 15}, 15),
        ("khachapuri", {"KHACH_SCORE": "LN"}, {"off": 9, 3: 6}, 1),
        ("khachapuri", {"KHACH_SCORE": "LN"}, {3: 15}, 2),
        ("fevga", {}, {6: 15}, 2),
        ("fevga", {}, {"off": 3, 6: 12}, 1),
        ("moultezim", {}, {6: 15}, 2),
        ("moultezim", {"moultezim_gammon": False}, {6: 15}, 1),
    ]
    for game, options, loser, points in cases:
        p = pos(game, {"off": 15}, loser, options=options)
        assert expected_outcome_points(p.variant, p, WHITE) == points, (game, options)
        assert p.variant.outcome(p, WHITE).points == points, (game, options)
