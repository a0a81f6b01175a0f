"""Gioul and gul bara (VARIANT_RULES.md §3.10, §3.15, §4): the spec's vectors, its scenarios
played through ``Game`` (an escalating double block by block, a transfer played by the
opponent before his own roll, a forfeit, gul bara's grace turns, bear-off in the middle of the
list, scoring), seeded random games checked for invariants (checker counts, shared points,
the units played against the list, the step interface, notation and link codes of
mid-escalation states, records), and the independent referee against broken engines."""

import os
import random

import pytest

from conftest import DATA
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.position import BLACK, OFF, WHITE, Position, side_from
from nardy_core.engine.turn import Turn
from nardy_core.formats import linkcode
from nardy_core.formats.linkcode import decode_game, decode_state, encode_game, encode_state
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record
from nardy_core.referee.core import Violation, check_turn
from nardy_core.referee.selfplay import selfplay
from nardy_core.referee.vectors import check_file
from nardy_core.variants import VARIANTS, get_variant
from nardy_core.variants.escalate import EscalationMixin
from nardy_core.variants.i18n import game_name

GAMES = ("gioul", "gul_bara")
CONFIGS = [("gioul", {}), ("gioul", {"transfer_all_rolls": True}), ("gul_bara", {})]


def pos(game, me, opp, dice=None, turn=WHITE, turns=(0, 0), pending=(), options=None):
    def side(d):
        d = dict(d)
        return side_from(d, off=d.pop("off", 0))

    sides = [None, None]
    sides[turn], sides[1 - turn] = side(me), side(opp)
    return Position(
        get_variant(game, options or {}),
        sides,
        turn=turn,
        dice=dice,
        turn_number=turns,
        pending=pending,
    )


def ladder(d):
    return [v for v in range(d, 7) for _ in range(4)]


# --- vectors and declarations -------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_vectors(game):
    found = check_file(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    assert [(r.id, r.missing, r.extra, r.error) for r in found if not r.ok] == []
    assert len(found) >= 13


def test_registry_and_declarations():
    names = {"gioul": ("Gioul", "Гиоул"), "gul_bara": ("Gul bara", "Гульбар")}
    for key in GAMES:
        cls = VARIANTS[key]
        v = get_variant(key)
        assert (cls.names["en"], game_name(cls, "ru")) == names[key]
        assert cls.group == "tavli" and not v.cube_enabled
        assert v.options["escalation_lookahead"] == "BLOCK"
        assert v.options["next_game_starter"] == "winner"
        p = v.initial_position()
        assert p.sides[WHITE][24] == p.sides[BLACK][24] == 15
    assert get_variant("gioul").options["transfer_all_rolls"] is False
    assert (linkcode.TAGS["gioul"], linkcode.TAGS["gul_bara"]) == ("gi", "gb")


# --- the spec's scenarios through Game ----------------------------------------------------------
def test_escalating_double_is_played_block_by_block():
    """GI-1: 5-5 from the start is four 5s, then (same player, no roll) four 6s."""
    game = Game("gioul", position=pos("gioul", {24: 15}, {24: 15}))
    game.roll((5, 5))
    assert game.turn().remaining == (5, 5, 5, 5)
    first = [p for p in game.legal_plays() if p.notation() == "24/19(4)"]
    assert len(first) == 1 and all(len(p.steps) == 4 for p in game.legal_plays())
    game.play(first[0])
    assert (game.phase, game.position.turn, game.position.pending) == (MOVE, WHITE, (6,) * 4)
    assert game.position.dice == (5, 5) and game.position.turn_number == (1, 0)
    assert {len(p.steps) for p in game.legal_plays()} == {4}
    game.play("24/18(4)")
    assert (game.phase, game.position.turn, game.position.pending) == (ROLL, BLACK, ())
    assert game.position.turn_number == (1, 0)  # one turn, however many blocks


def test_transfer_is_played_by_the_opponent_before_his_roll():
    """GI-2: 14/10, then stuck: Black plays 4,4,4,5×4,6×4 with his own checkers, then rolls."""
    game = Game("gioul", position=pos("gioul", {14: 1, 1: 14}, {19: 1, 13: 14}))
    game.roll((4, 4))
    assert [p.notation() for p in game.legal_plays()] == ["14/10"]
    game.play("14/10")
    p = game.position
    assert (game.phase, p.turn, p.dice, p.pending) == (
        MOVE,
        BLACK,
        None,
        (4, 4, 4) + (5,) * 4 + (6,) * 4,
    )
    assert p.turn_number == (1, 0)
    played = []
    while game.phase == MOVE and game.position.turn == BLACK and game.position.pending:
        play = game.legal_plays()[0]
        assert all(s[1] != 15 for s in play.steps)  # B15 = W10 holds White's checker
        played += [s[2] for s in play.steps]
        game.play(play)
    assert played == [4, 4, 4] + [5] * 4 + [6] * 4
    assert (game.phase, game.position.turn, game.position.pending) == (ROLL, BLACK, ())
    assert game.position.turn_number == (1, 0)  # the transfer is not a turn of Black's


def test_transfer_stops_at_the_receivers_first_shortfall():
    # Black (receiver) can play one 6 (20/14) but not 14/8 (W17 = B8): the rest is void
    game = Game(
        "gioul",
        position=pos("gioul", {20: 1, 1: 14}, {17: 1, 1: 14}, turn=BLACK, pending=(6, 6, 6)),
    )
    assert game.phase == MOVE
    assert [p.notation() for p in game.legal_plays()] == ["20/14"]
    game.play("20/14")
    assert (game.phase, game.position.turn, game.position.pending) == (ROLL, BLACK, ())


def test_non_double_die_is_lost_or_transferred_by_option():
    me, opp = {14: 1, 1: 14}, {19: 1, 18: 1, 15: 1, 13: 12}
    game = Game("gioul", position=pos("gioul", me, opp))
    game.roll((4, 3))
    game.play("14/11")
    assert (game.phase, game.position.turn, game.position.pending) == (ROLL, BLACK, ())
    p = pos("gioul", me, opp, options={"transfer_all_rolls": True})
    game = Game(p.variant, position=p)
    game.roll((4, 3))
    game.play("14/11")
    assert (game.phase, game.position.turn, game.position.pending) == (MOVE, BLACK, (4,))


def test_forfeit_in_gul_bara():
    """GB-3: 14/10 then stuck: the other 11 units are lost and Black rolls normally."""
    game = Game("gul_bara", position=pos("gul_bara", {14: 1, 1: 14}, {24: 14, 18: 1}, turns=(4, 4)))
    game.roll((4, 4))
    game.play("14/10")
    assert (game.phase, game.position.turn, game.position.pending) == (ROLL, BLACK, ())
    assert game.position.sides[WHITE][10] == 1 and game.position.turn_number == (5, 4)


@pytest.mark.parametrize("turns,escalates", [(0, False), (1, False), (2, False), (3, True)])
def test_gul_bara_first_three_turns_are_ordinary(turns, escalates):
    game = Game("gul_bara", position=pos("gul_bara", {24: 15}, {24: 15}, turns=(turns, 0)))
    game.roll((3, 3))
    assert {len(p.steps) for p in game.legal_plays()} == {4}
    game.play(game.legal_plays()[0])
    if escalates:
        assert (
            game.position.turn == WHITE and game.position.pending == (4,) * 4 + (5,) * 4 + (6,) * 4
        )
    else:
        assert game.position.turn == BLACK and game.position.pending == ()
    assert game.position.turn_number == (turns + 1, 0)


def test_gul_bara_turns_count_from_the_first_two_dice_roll():
    game = Game("gul_bara", seed=3)  # REROLL opening: the one-die throw is no turn
    assert game.phase == ROLL and game.position.turn_number == (0, 0)


def test_bear_off_in_the_middle_of_the_list_and_scoring():
    """GB-5b: 10/2 with the 2s; the 3s, 4s and 5s bear off as soon as all are home; the
    15th checker leaves with the third 6 and Black, with none off, pays 2."""
    game = Game("gul_bara", position=pos("gul_bara", {10: 1, 1: 14}, {24: 15}, turns=(3, 3)))
    game.roll((2, 2))
    game.play(game.legal_plays()[0])
    assert game.position.sides[WHITE][2] == 1 and game.position.pending[0] == 3
    game.play(game.legal_plays()[0])  # 3s: bear-off already available
    assert game.position.sides[WHITE][OFF] == 4
    while game.phase != OVER:
        game.play(game.legal_plays()[0])
    assert (game.result.winner, game.result.points, game.result.kind) == (WHITE, 2, "gammon")
    game = Game("gioul", position=pos("gioul", {1: 1, "off": 14}, {24: 14, "off": 1}))
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    assert (game.result.winner, game.result.points, game.result.kind) == (WHITE, 1, "single")


def test_turn_rule_is_judged_where_the_list_ends():
    """GB-X2 through Game: every play of the first block can still end the list legally."""
    me = {24: 4, 23: 2, 22: 2, 21: 3, 20: 1, 19: 2, 7: 1}
    opp = {23: 2, 21: 1, 20: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1, 6: 2, 5: 1, 2: 2, 1: 1}
    game = Game("gul_bara", position=pos("gul_bara", me, opp, turns=(7, 7)))
    game.roll((6, 6))
    side = game.legal_plays()[0].mover_side
    assert not all(side[p] for p in range(19, 25))


# --- random games -------------------------------------------------------------------------------
def random_game(game, rng, limit=400, check=None):
    while game.phase != OVER and len(game.actions) < limit:
        if game.phase == ROLL:
            game.roll()
            continue
        before = game.position
        plays = game.legal_plays()
        play = rng.choice(plays)
        if check:
            check(before, plays, play)
        game.play(play)
    return game


@pytest.mark.parametrize("game_key,options", CONFIGS)
def test_random_games_keep_the_invariants(game_key, options):
    variant = get_variant(game_key, options)
    cross = variant.cross

    def check(before, plays, play):
        for colour in (WHITE, BLACK):
            assert sum(before.sides[colour]) == 15
        white, black = before.sides
        assert not any(white[p] and black[cross[p]] for p in range(1, 25))
        # the units of a play: the head of the list still to be played, in its order
        block, rest = variant.split(before)
        if block is not None:
            dice = [s[2] for s in play.steps]
            assert dice == list(block[: len(dice)])
            allowed = list(before.pending) if before.pending else ladder(before.dice[0])
            assert len(dice) <= len(allowed) and dice == allowed[: len(dice)]
        else:
            assert len(play.steps) <= 4
        # every legal play is reachable step by step and nothing else completes
        if len(plays) <= 60:
            assert turn_results(before) == {p.frame for p in plays}

    for i in range(6):
        game = random_game(Game(variant, seed=f"esc/{i}"), random.Random(i), check=check)
        assert game.phase == OVER or len(game.actions) >= 400


def turn_results(position):
    """Every complete play reachable through the step interface."""
    found = set()
    turn = Turn(position)

    def walk():
        if turn.is_complete:
            found.add(turn.node[0])
        for step in turn.legal_steps():
            turn.step(step)
            walk()
            turn.undo()

    walk()
    return found


def test_step_interface_on_a_transferred_remainder():
    p = pos("gioul", {13: 14, 19: 1}, {14: 1, 1: 14}, turn=WHITE, pending=(4, 4, 4, 5))
    assert turn_results(p) == {play.frame for play in legal_plays(p)}
    assert all([s[2] for s in play.steps] == [4, 4, 4] for play in legal_plays(p))


def mid_escalation_states():
    yield pos(
        "gioul",
        {14: 1, 1: 14},
        {19: 1, 13: 14},
        turn=BLACK,
        turns=(5, 4),
        pending=(4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6),
    )
    yield pos("gioul", {24: 11, 19: 4}, {24: 15}, dice=(5, 5), turns=(1, 0), pending=(6, 6, 6, 6))
    yield pos(
        "gul_bara",
        {24: 11, 19: 4},
        {24: 15},
        dice=(3, 3),
        turns=(6, 3),
        pending=(4,) * 4 + (5,) * 4 + (6,) * 4,
    )
    yield pos(
        "gioul",
        {14: 1, 1: 14},
        {19: 1, 13: 14},
        turn=BLACK,
        pending=(4,),
        options={"transfer_all_rolls": True},
    )


@pytest.mark.parametrize("i", range(4))
def test_mid_escalation_states_round_trip(i):
    p = list(mid_escalation_states())[i]
    text = format_state(p)
    assert parse_state(text)[0] == p
    code = encode_state(p)
    assert decode_state(code)[0] == p
    assert code.startswith(linkcode.TAGS[p.variant.key])


@pytest.mark.parametrize("game_key,options", CONFIGS)
def test_whole_games_round_trip_as_link_codes(game_key, options):
    for i in range(2):
        game = random_game(
            Game(get_variant(game_key, options), seed=f"rt/{i}"), random.Random(i), limit=120
        )
        code = encode_game(game)
        assert code.startswith(linkcode.TAGS[game_key] + "~")
        back = game_from_record(decode_game(code))
        assert back.position == game.position and back.phase == game.phase
        assert encode_game(back) == code


# --- the referee --------------------------------------------------------------------------------
@pytest.mark.parametrize("game_key,options", CONFIGS)
def test_selfplay_has_no_violations(game_key, options):
    report = selfplay(get_variant(game_key, options), 20, seed=1)
    assert report.games == 20 and report.violations == []


def test_referee_catches_a_transfer_that_is_not_made(monkeypatch):
    def forfeit(self, before, steps, following):
        return following.replace(pending=())

    monkeypatch.setattr(EscalationMixin, "follow_up", forfeit)
    report = selfplay(get_variant("gioul"), 20, seed=1)
    assert report.violations


def test_referee_catches_grace_turns_that_escalate(monkeypatch):
    monkeypatch.setattr(VARIANTS["gul_bara"], "grace_turns", 0)
    report = selfplay(get_variant("gul_bara"), 20, seed=1)
    assert report.violations


def test_referee_judges_the_start_table_where_the_list_ends():
    # GB-4 = FV-3: 24/19 5/4 fills own 24-19 and another play avoids it
    p = pos(
        "gul_bara", {24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 5: 1}, {24: 15}, dice=(5, 1), turns=(5, 5)
    )
    steps = [(24, 19, 5, False), (5, 4, 1, False)]
    me = list(p.sides[WHITE])
    me[24] -= 1
    me[19] += 1
    me[5] -= 1
    me[4] += 1
    with pytest.raises(Violation, match="starting table"):
        check_turn(p, steps, (tuple(me), p.sides[BLACK]))
    # the first block of an escalation may fill it when the rest of the list can empty it
    p = pos("gul_bara", {24: 11, 23: 1, 22: 1, 21: 1, 20: 1}, {24: 15}, dice=(5, 5), turns=(5, 5))
    me = list(p.sides[WHITE])
    me[24] -= 4
    me[19] += 4
    check_turn(p, [(24, 19, 5, False)] * 4, (tuple(me), p.sides[BLACK]))


def test_match_records_refuse_escalating_games_plainly():
    """The match record's text writes one play per roll; gioul and gul bara need more."""
    from nardy_core.engine.errors import GameStateError
    from nardy_core.formats.records import export_match
    from test_records import random_match, record_of

    for game in GAMES:
        with pytest.raises(GameStateError) as caught:
            export_match(record_of(random_match(game, 3, 0, {}, 2)))
        assert caught.value.code == "unsupported"


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_choice_is_a_whole_legal_turn(game, capsys):
    """``choose`` plays every block of an escalating double (and reports gioul's transfer):
    its outcome is one of the vector's legal outcomes."""
    import json

    from nardy_core.cli.main import main
    from nardy_core.referee.vectors import _expected_key

    path = os.path.join(DATA, "variant_vectors", f"{game}.json")
    assert main(["choose", "--level", "beginner", path]) == 0
    vectors = {v["id"]: v for v in json.load(open(path, encoding="utf-8"))["vectors"]}
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(vectors)
    for line in lines:
        chosen = json.loads(line)
        legal = {_expected_key(r) for r in vectors[chosen["id"]]["results"]}
        assert _expected_key(chosen["result"]) in legal, chosen["id"]


def test_the_board_shows_the_whole_escalation_list_and_a_transferred_rest():
    """Issue 9: the escalating unit list is shown during the turn: the current block as dice,
    the later blocks beside them; a transferred rest shows as the receiver's units."""
    from nardy_core.engine.cube import CubeState
    from nardy_core.engine.match import MatchScore
    from nardy_core.ui.session import HUMAN, Session
    from nardy_core.ui.svg import render_board
    from nardy_core.ui.text import board_label

    session = Session(
        "gioul",
        players=(HUMAN, HUMAN),
        start=(pos("gioul", {24: 15}, {24: 15}, dice=(5, 5)), CubeState(), MatchScore()),
    )
    view = session.view()
    assert view["dice"] == [5] * 4 and view["later"] == [6] * 4
    svg = render_board(view)
    assert 'data-later="4"' in svg and "then 6×4" in svg
    assert "затем 6×4" in render_board(view, label=board_label("ru"))
    session.game.play("24/19(4)")
    view = session.view()
    assert view["dice"] == [6] * 4 and view["later"] == []
    assert "data-later" not in render_board(view)

    transfer = Game("gioul", position=pos("gioul", {14: 1, 1: 14}, {19: 1, 13: 14}))
    transfer.roll((4, 4))
    transfer.play("14/10")
    session = Session(
        "gioul", players=(HUMAN, HUMAN), start=(transfer.position, CubeState(), MatchScore())
    )
    view = session.view()
    assert view["turn"] == BLACK and view["dice"] == [4, 4, 4]
    assert view["later"] == [5] * 4 + [6] * 4
    assert "then 5×4 6×4" in render_board(view)


# --- the bots judge an escalating double where the list ends -----------------------------------
def _after(position, play):
    """The position after ``play`` as Game makes it (end of turn, then the follow-up)."""
    v = position.variant
    sides, pins = play.board
    turns = list(position.turn_number)
    if not position.pending:
        turns[position.turn] += 1
    after = position.replace(sides=sides, pins=pins, dice=None, pending=(), turn_number=turns)
    outcome, following = v.end_of_turn(position, after)
    assert outcome is None
    return v.follow_up(position, play.steps, following)


def _mover_equity(v, frame, ev):
    from nardy_core.bots.evaluator import equity

    return equity(v, ev.evaluate(v, frame))


def test_the_bot_values_a_block_after_the_later_blocks():
    """5-5 in gioul is 5×4 then 6×4: a candidate for the 5s is worth the best 6×4 after it
    (the opponent on roll only then), not the 5s' result with the opponent to roll."""
    from nardy_core.bots.chooser import Chooser
    from nardy_core.bots.heuristic import HeuristicEvaluator
    from nardy_core.engine.frame import flip

    ev = HeuristicEvaluator()
    position = pos("gioul", {24: 12, 19: 2, 13: 1}, {24: 13, 16: 2}, dice=(5, 5), turns=(3, 3))
    v = position.variant
    chooser = Chooser(v, "intermediate", evaluator=ev)
    ranked = chooser.rank(position)
    assert chooser.level.settle == 3
    for r in ranked[:3]:
        following = _after(position, r.play)
        assert (following.turn, following.pending) == (WHITE, (6,) * 4)
        best = max(-_mover_equity(v, flip(p.frame, v.cross), ev) for p in legal_plays(following))
        assert r.equity == pytest.approx(best)
    assert ranked[0].equity >= max(r.equity for r in ranked[:3])


def test_the_receiver_of_a_transfer_values_his_play_with_himself_to_roll():
    """After a transferred rest the receiver rolls next himself: his plays are judged with
    him on roll (no flip)."""
    from nardy_core.bots.chooser import Chooser
    from nardy_core.bots.heuristic import HeuristicEvaluator
    from nardy_core.engine.frame import to_frame

    ev = HeuristicEvaluator()
    position = pos("gioul", {24: 10, 13: 5}, {20: 3, 1: 12}, turn=BLACK, pending=(6, 6, 6, 6))
    v = position.variant
    ranked = Chooser(v, "intermediate", evaluator=ev).rank(position)
    assert len(ranked) > 3
    for r in ranked[:3]:
        following = _after(position, r.play)
        assert (following.turn, following.pending, following.dice) == (BLACK, (), None)
        assert r.equity == pytest.approx(_mover_equity(v, to_frame(following, v.cross), ev))
