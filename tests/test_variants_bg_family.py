"""Portes, LongGammon, Irish, jacquet, Dutch and Russian tricktrack (VARIANT_RULES.md §3.3-3.6,
3.9, 3.12): the spec's vectors, its worked scenarios that the vectors do not hold, seeded random
play checked for invariants, the step interface, notation and link codes, and the referee."""

import os
import random

import pytest

from conftest import DATA
from helpers import play_positions, reachable_by_steps
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.match import Match
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.position import BAR, BLACK, HAND, OFF, WHITE, Position, side_from
from nardy_core.formats.linkcode import decode_game, decode_state, encode_game, encode_state
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record
from nardy_core.referee.core import Violation, check_turn, expected_outcome_points
from nardy_core.referee.selfplay import selfplay
from nardy_core.referee.vectors import check_file
from nardy_core.variants import VARIANTS, get_variant
from nardy_core.variants.i18n import game_name

GAMES = ("portes", "longgammon", "irish", "jacquet", "dutch_tricktrack", "russian_tricktrack")

# every game with the option settings that change how it is played
CONFIGS = [
    ("portes", {}),
    ("longgammon", {}),
    ("irish", {}),
    ("irish", {"irish_close": "PENALTY", "irish_bear_off": "STD"}),
    ("jacquet", {}),
    ("jacquet", {"jacquet_courier": True, "jacquet_backgammon": True}),
    ("dutch_tricktrack", {}),
    ("dutch_tricktrack", {"dutch_entry": "FREE"}),
    ("dutch_tricktrack", {"dutch_rule": "HOYLE_HIT"}),
    ("russian_tricktrack", {}),
    ("russian_tricktrack", {"dutch_rule": "HOYLE_HIT"}),
    ("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE", "russian_backgammon": False}),
]


def pos(game, me, opp, dice=None, options=None, turn=WHITE):
    """A position from each side's own numbering: ``me``/``opp`` are dicts with point keys and
    optional "bar"/"hand"/"off"."""
    variant = get_variant(game, options or {})

    def side(d):
        d = dict(d)
        extra = {k: d.pop(k, 0) for k in ("bar", "hand", "off")}
        return side_from(d, **extra)

    sides = [None, None]
    sides[turn], sides[1 - turn] = side(me), side(opp)
    return Position(variant, sides, turn=turn, dice=dice)


def results(position):
    return {tuple(map(tuple, p.board[0])) for p in legal_plays(position)}


def boards(position):
    return [
        (
            dict((k, v) for k, v in enumerate(p.mover_side) if v and 0 < k < 25),
            p.mover_side[BAR],
            p.mover_side[HAND],
            p.mover_side[OFF],
        )
        for p in legal_plays(position)
    ]


# --- vectors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_vectors(game):
    found = check_file(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    assert [(r.id, r.missing, r.extra, r.error) for r in found if not r.ok] == []
    assert len(found) >= 8


def test_registry_and_declarations():
    for key in GAMES:
        cls = VARIANTS[key]
        # the English name in the code, the Russian in the catalogue (game:<key>)
        assert cls.key == key and set(cls.names) == {"en"}
        assert game_name(cls, "ru") not in ("", cls.names["en"])
        assert cls.group == ("tavli" if key == "portes" else "historical")
    defaults = {
        "irish": {"irish_close": "FORBID", "irish_bear_off": "LIBERAL"},
        "jacquet": {"jacquet_courier": False, "jacquet_backgammon": False},
        "dutch_tricktrack": {"dutch_rule": "PRIME", "dutch_entry": "ALL_FIRST"},
        "russian_tricktrack": {
            "dutch_rule": "PRIME",
            "russian_rules": "SRC",
            "russian_backgammon": True,
        },
    }
    for key, values in defaults.items():
        options = get_variant(key).options.values
        assert {k: options[k] for k in values} == values
    assert not get_variant("portes").cube_enabled and not get_variant("irish").cube_enabled
    assert not get_variant("jacquet").cube_enabled
    assert get_variant("dutch_tricktrack").cube_enabled
    assert get_variant("russian_tricktrack").cube_enabled
    assert not get_variant("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE"}).cube_enabled


# --- worked scenarios of the spec that the vectors do not hold ----------------------------------
def test_tricktrack_setups():
    p = get_variant("dutch_tricktrack").initial_position()
    assert p.sides[WHITE][BAR] == p.sides[BLACK][BAR] == 15
    p = get_variant("dutch_tricktrack", {"dutch_entry": "FREE"}).initial_position()
    assert p.sides[WHITE][HAND] == p.sides[BLACK][HAND] == 15
    p = get_variant("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE"}).initial_position()
    assert p.sides[WHITE][HAND] == 15
    p = get_variant("longgammon").initial_position()
    assert p.sides[WHITE][24] == p.sides[BLACK][24] == 15


def test_dt2_the_bar_checker_enters_before_anything_moves():
    # DT-2: W{bar:1, 19:14}, 6-1: 19/13, 19/18 without entering is illegal
    p = pos("dutch_tricktrack", {"bar": 1, 19: 14}, {"bar": 15}, (6, 1))
    for play in legal_plays(p):
        assert play.steps[0][0] == BAR
    assert {(frozenset(b[0].items()), b[1]) for b in boards(p)} == {
        (frozenset({24: 1, 19: 13, 13: 1}.items()), 0),
        (frozenset({19: 14, 18: 1}.items()), 0),
    }


def test_dt3_doubles_during_entry():
    p = pos("dutch_tricktrack", {"bar": 3, 20: 12}, {"bar": 15}, (4, 4))
    for play in legal_plays(p):
        assert [s[0] for s in play.steps[:3]] == [BAR] * 3 and len(play.steps) == 4


def test_rt2b_a_hit_checker_goes_round_again_on_the_shared_board():
    # RT-2: Black hits White's blot in the common home; the hit checker re-enters on 24-19
    p = pos("russian_tricktrack", {6: 14, 4: 1}, {3: 1, 2: 2, "off": 12}, (1, 2), turn=BLACK)
    hit = [pl for pl in legal_plays(p) if any(s[3] for s in pl.steps)]
    assert hit and all(pl.opponent_side[BAR] == 1 for pl in hit)
    after = p.replace(sides=hit[0].board[0], turn=WHITE, dice=(6, 5))
    for play in legal_plays(after):
        assert play.steps[0][:2] in ((BAR, 19), (BAR, 20))
        assert play.mover_side[OFF] == 12  # no bearing off with a checker out


def test_russian_points_are_shared():
    v = get_variant("russian_tricktrack")
    assert v.cross == tuple(range(25))
    # RT-X4 from the other side: Black's made 24 and 21 close White's entry with 1 and 4
    p = pos("russian_tricktrack", {"bar": 15}, {24: 2, 21: 2, "bar": 11}, (1, 4))
    assert len(legal_plays(p)) == 1 and not legal_plays(p)[0].steps


def test_irish_doubles_are_two_units_and_the_board_may_not_close():
    v = get_variant("irish")
    p = pos("irish", {24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (6, 6))
    assert v.units(p) == ((6, 6), False)
    assert max(len(pl.steps) for pl in legal_plays(p)) == 2
    # IR-2 variant: the only full plays close the board -> the close is filtered, fewer dice
    p = pos("irish", {8: 2, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, "off": 3}, {6: 14, "bar": 1}, (6, 6))
    for play in legal_plays(p):
        side = play.mover_side
        assert not all(side[q] >= 2 for q in range(1, 7))


def test_ir5_penalty_mode():
    v = get_variant("irish", {"irish_close": "PENALTY"})
    p = pos(
        "irish",
        {13: 1, 8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2},
        {"bar": 1, 6: 14},
        (6, 6),
        options={"irish_close": "PENALTY"},
    )
    closing = [pl for pl in legal_plays(p) if pl.mover_side[1] == 2]
    assert closing  # accepted in penalty mode (IR-2-penalty)
    after = pos(
        "irish",
        {13: 1, 8: 1, 6: 2, 5: 2, 4: 3, 3: 2, 2: 2, 1: 2},
        {"bar": 1, 6: 14},
        options={"irish_close": "PENALTY"},
    )
    assert v.penalty_claimable(after, WHITE)
    # Black wins the roll-off 5-2 and chooses W4 (3 white checkers): 2 go to the bar
    punished = v.apply_penalty(after, WHITE, 4)
    assert punished.sides[WHITE][4] == 1 and punished.sides[WHITE][BAR] == 2
    assert sum(punished.sides[WHITE]) == 15
    assert not get_variant("irish").penalty_claimable(after, WHITE)


def test_irish_scores_one_point_only():
    v = get_variant("irish")
    p = pos("irish", {"off": 15}, {"bar": 1, 6: 14})
    assert v.outcome(p, WHITE).points == 1
    assert v.resign_levels() == [("single", 1)]


def test_po3_the_previous_winner_starts_without_an_opening_roll():
    match = Match("portes", length=5, seed="po3")
    game = match.game
    assert game.phase == ROLL  # REROLL opening: the opening winner rolls his own dice
    rng = random.Random(3)
    while not game.is_over:
        if game.phase == ROLL:
            game.roll()
        else:
            game.play(rng.choice(game.legal_plays()))
    winner_player = game.players[game.result.winner]
    nxt = match.next_game()
    assert nxt.phase == ROLL and not any(a[0] == "opening" for a in nxt.actions)
    assert nxt.players[nxt.position.turn] == winner_player


def test_portes_and_jacquet_score_no_backgammon_by_default():
    p = pos("portes", {"off": 15}, {"bar": 1, 1: 14})
    assert get_variant("portes").outcome(p, WHITE).points == 2
    p = pos("jacquet", {"off": 15}, {"bar": 1, 14: 14})
    assert get_variant("jacquet").outcome(p, WHITE).points == 2
    v = get_variant("jacquet", {"jacquet_backgammon": True})
    assert v.outcome(p, WHITE).points == 3
    assert v.outcome(pos("jacquet", {"off": 15}, {5: 15}), WHITE).points == 2
    p = pos("longgammon", {"off": 15}, {22: 1, 1: 14})
    assert get_variant("longgammon").outcome(p, WHITE).points == 3


def test_jacquet_opening_is_the_lot_and_any_number_leave_the_head():
    game = Game("jacquet", seed="jq")
    assert game.position.turn == WHITE and game.phase == ROLL
    p = pos("jacquet", {24: 15}, {24: 15}, (3, 3))
    assert {4} == {sum(1 for s in pl.steps if s[0] == 24) for pl in legal_plays(p)} - {1, 2, 3}


def test_russian_hoyle_double_is_followed_by_a_new_roll():
    v = get_variant("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE"})
    start = pos(
        "russian_tricktrack",
        {6: 2, 5: 3, 4: 5, 3: 5},
        {24: 2, 20: 13},
        (6, 6),
        options={"russian_rules": "RUSSIAN_HOYLE"},
    )
    assert v.units(start) == ((6,) * 4 + (1,) * 4, True)
    game = Game(v, seed="h", position=start)
    game.play(game.legal_plays()[0])
    assert game.phase == ROLL and game.position.turn == WHITE  # the roller rolls again
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    assert game.phase == ROLL and game.position.turn == BLACK


def test_stuck_positions_end_in_a_draw():
    # AMB-45: both sides on the bar, each facing a closed home board: nobody can ever move
    me = {"bar": 1, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 2}
    p = pos("longgammon", me, dict(me), (6, 5))
    v = p.variant
    outcome, _ = v.end_of_turn(p, p.replace(dice=None))
    assert outcome is not None and outcome.winner is None and outcome.points == 0


# --- random play: invariants, the step interface, notation, link codes --------------------------
@pytest.mark.parametrize(
    "game,options", CONFIGS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CONFIGS)]
)
def test_random_play_invariants(game, options):
    variant = get_variant(game, options)
    positions = play_positions(game, options, f"{game}/{sorted(options.items())}")
    assert len(positions) > 20
    cross = variant.cross
    for i, p in enumerate(positions):
        for colour in (WHITE, BLACK):
            assert sum(p.sides[colour]) == 15
        white, black = p.sides
        assert not any(white[q] and black[cross[q]] for q in range(1, 25))
        if i % 7 == 0:
            plays = legal_plays(p)
            frames = {pl.frame for pl in plays}
            assert len(frames) == len(plays)
            if len(plays) <= 60:
                assert reachable_by_steps(p) == frames
        if i % 5 == 0:
            text = format_state(p)
            back = parse_state(text)[0]
            assert back == p and format_state(back) == text
            code = encode_state(p)
            assert decode_state(code)[0] == p


@pytest.mark.parametrize(
    "game,options", CONFIGS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CONFIGS)]
)
def test_whole_games_round_trip_as_link_codes(game, options):
    rng = random.Random(game)
    g = Game(get_variant(game, options), seed=f"link/{game}")
    while g.phase != OVER and len(g.actions) < 120:
        if g.phase == ROLL:
            g.roll()
        elif g.phase == MOVE:
            g.play(rng.choice(g.legal_plays()))
        else:
            g.opening()
    code = encode_game(g)
    tag = code.split("~")[0]
    # version 2 (docs/links.md) only where a roll's play list is too long to list: Russian
    # tricktrack's eight-unit doubles under its Hoyle rules
    assert tag in ("po", "lg", "ir", "jq", "dt", "rt", "rt-2")
    rebuilt = game_from_record(decode_game(code))
    assert rebuilt.position == g.position and rebuilt.phase == g.phase


@pytest.mark.parametrize("game,options", CONFIGS[::2] + [CONFIGS[-1]])
def test_selfplay_referee_finds_no_violation(game, options):
    report = selfplay(get_variant(game, options), 3, seed=11)
    assert report.violations == [] and report.games == 3


# --- the referee judges these games without the generator ---------------------------------------
def _refuse(position, steps):
    me = list(position.sides[position.turn])
    with pytest.raises(Violation):
        check_turn(position, steps, (me, me))


def test_referee_rejects_breaches_of_these_rules():
    # Irish: a double gives two units, not four
    p = pos("irish", {24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (1, 1))
    _refuse(p, [(8, 7, 1, False)] * 3)
    # SN bear-off with a higher point occupied is legal only with irish_bear_off LIBERAL
    p = pos(
        "irish", {6: 2, 5: 1, 2: 2, "off": 10}, {24: 15}, (5, 3), options={"irish_bear_off": "STD"}
    )
    _refuse(p, [(2, 0, 5, False), (2, 0, 3, False)])
    # tricktrack: nothing moves while a checker is on the bar; no hand in the default rules
    p = pos("dutch_tricktrack", {"bar": 1, 19: 14}, {"bar": 15}, (6, 1))
    _refuse(p, [(19, 13, 6, False), (19, 18, 1, False)])
    p = pos("dutch_tricktrack", {"hand": 1, 19: 14}, {"bar": 15}, (6, 1))
    _refuse(p, [(26, 19, 6, False), (19, 18, 1, False)])
    # HOYLE_HIT: no hit before a checker is home
    p = pos(
        "dutch_tricktrack",
        {"bar": 5, 24: 2, 13: 5, 8: 3},
        {24: 5, 13: 5, 8: 4, 6: 1},
        (6, 5),
        options={"dutch_rule": "HOYLE_HIT"},
    )
    _refuse(p, [(25, 19, 6, True), (25, 20, 5, False)])
    # jacquet courier: a second checker leaves the head before the first is home
    p = pos("jacquet", {24: 15}, {24: 15}, (6, 5), options={"jacquet_courier": True})
    _refuse(p, [(24, 18, 6, False), (24, 19, 5, False)])
    # Russian: the geometry is shared (B point n is W point n): landing on two is blocked
    p = pos("russian_tricktrack", {20: 15}, {17: 2, 6: 13}, (3, 1))
    _refuse(p, [(20, 17, 3, False), (20, 19, 1, False)])


def test_referee_checks_the_turn_constraints():
    # DUT CH_PRIME (DT-4): 14/13(2), 6/5(2) makes W13-W8 with nothing of Black home or off
    p = pos(
        "dutch_tricktrack", {14: 2, 12: 2, 11: 2, 10: 2, 9: 2, 8: 2, 6: 3}, {24: 2, 22: 13}, (1, 1)
    )
    steps = [(14, 13, 1, False), (14, 13, 1, False), (6, 5, 1, False), (6, 5, 1, False)]
    me = list(p.sides[WHITE])
    me[14] -= 2
    me[13] += 2
    me[6] -= 2
    me[5] += 2
    with pytest.raises(Violation, match="DUTCH_PRIME"):
        check_turn(p, steps, (me, p.sides[BLACK]))
    # Irish: closing the board with Black on the bar (IR-2's 7/1(2))
    p = pos("irish", {13: 1, 8: 2, 7: 2, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2}, {"bar": 1, 6: 14}, (6, 6))
    me = list(p.sides[WHITE])
    me[7] -= 2
    me[1] += 2
    with pytest.raises(Violation, match="IRISH_NO_CLOSE"):
        check_turn(p, [(7, 1, 6, False)] * 2, (me, p.sides[BLACK]))


def test_referee_scoring_tables():
    cases = [
        ("portes", {}, {"bar": 1, 6: 14}, 2),
        ("irish", {}, {"bar": 1, 6: 14}, 1),
        ("longgammon", {}, {22: 1, 6: 14}, 3),
        ("jacquet", {}, {"bar": 1, 16: 14}, 2),
        ("jacquet", {"jacquet_backgammon": True}, {16: 1, 5: 14}, 3),
        ("dutch_tricktrack", {}, {20: 1, 6: 14}, 3),
        ("russian_tricktrack", {}, {21: 1, 6: 14}, 3),
        ("russian_tricktrack", {"russian_backgammon": False}, {21: 1, 6: 14}, 2),
        ("russian_tricktrack", {}, {"off": 1, 6: 14}, 1),
    ]
    for game, options, loser, points in cases:
        p = pos(game, {"off": 15}, loser, options=options)
        assert expected_outcome_points(p.variant, p, WHITE) == points, game
        assert p.variant.outcome(p, WHITE).points == points, game
