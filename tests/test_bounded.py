"""Bounded work from tiny inputs (issue 18, class 1): move generation under the whole-list
escalation, the decoders that replay games, the dice stream, the rule vectors.

Work is asserted by the engine's own counters and by its documented limits (lowered in a test
so that any listing of a long list would raise), not by the clock; a generous hang detector
and a memory ceiling in a CPython subprocess guard the known examples. ``NARDY_HEAVY=1`` runs
the comparison with the full search on many more positions.
"""

import hashlib
import json
import os
import random
import subprocess
import sys
import textwrap
import threading

import pytest

from conftest import DATA, ROOT
from nardy_core import get_variant, legal_plays
from nardy_core.bots.chooser import Chooser
from nardy_core.engine.dice import MAX_USED, Dice
from nardy_core.engine.errors import GameStateError, NardyError, SearchLimitError
from nardy_core.engine.frame import to_frame
from nardy_core.engine.game import Game
from nardy_core.engine.legality import ListLegality, SearchLegality, legality_for
from nardy_core.engine.movegen import Search
from nardy_core.engine.turn import Turn
from nardy_core.formats import linkcode
from nardy_core.formats.notation import format_state, parse_state
from nardy_core.formats.record import game_from_record, game_record
from nardy_core.formats.records import import_match
from nardy_core.referee.vectors import check_file

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
PYODIDE = sys.platform == "emscripten"
FULL = {"escalation_lookahead": "FULL"}
# positions found by random play where no play uses the whole 1-1 list (a wall of five
# opposing checkers); without the game's bound their search visited 504,645 and 104,345 nodes
HARD = (
    "gul_bara[escalation_lookahead=FULL] 22:2,21:1,18:2,11:1,7:2,6:1,5:2,4:1,3:2,2:1 "
    "24:5,4:2,3:3,2:2,1:3 w 11 - money turns:5-5",
    "gul_bara[escalation_lookahead=FULL] 22:2,21:1,18:2,9:1,7:2,5:2,4:1,3:2,2:1,1:1 "
    "24:4,18:1,4:1,3:3,2:3,1:3 w 11 - money turns:5-5",
)


def within(seconds, function, *args):
    """A generous hang detector: ``function(*args)`` must return within ``seconds`` (the work
    itself is asserted by counters; this only turns a hang into a failure)."""
    if PYODIDE:  # no threads there: the counters still hold
        return function(*args)
    out = {}

    def run():
        try:
            out["value"] = function(*args)
        except BaseException as exc:  # handed to the test's thread
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{function.__name__} did not return in {seconds} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture
def tight(monkeypatch):
    """Limits far below what listing a 1-1 or 2-2 list takes: whatever still passes does not
    list one."""
    monkeypatch.setattr("nardy_core.engine.movegen.MAX_SEARCH_NODES", 25_000)
    monkeypatch.setattr("nardy_core.engine.legality.MAX_LIST_NODES", 40_000)


def full_start(game, d):
    variant = get_variant(game, FULL)
    # gul bara's doubles escalate from each player's fourth turn on
    return variant.initial_position(dice=(d, d)).replace(turn_number=(3, 3))


def random_walk(turn, rng):
    steps = turn.legal_steps()
    while steps:
        turn.step(rng.choice(steps))
        steps = turn.legal_steps()
    assert turn.is_complete
    return turn.play()


# --- the step interface -----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["gioul", "gul_bara"])
@pytest.mark.parametrize("d", [1, 2, 3])
def test_the_step_interface_answers_a_whole_list_without_listing_it(game, d, tight):
    position = full_start(game, d)
    turn = Turn(position)
    assert isinstance(turn.legality, ListLegality)
    assert turn.legality.most == 28 - 4 * d  # every unit: the list from d to 6, four each
    assert [s[:3] for s in turn.legal_steps()] == [(24, 24 - d, d)]
    play = random_walk(turn, random.Random(d))
    assert len(play.steps) == 28 - 4 * d
    # a few hundred nodes for the whole walk (1-1: 1,116 when measured)
    assert turn.legality.visits < 3_000


@pytest.mark.parametrize("text", HARD)
def test_the_hardest_whole_lists_found_stay_cheap(text, tight):
    turn = within(60, Turn, parse_state(text)[0])
    legality = turn.legality
    assert legality.most in (18, 19)
    random_walk(turn, random.Random(7))
    assert legality.visits < 20_000  # 504,645 and 104,345 without the bound


def test_a_long_search_stops_at_its_limit():
    position = full_start("gioul", 1)
    with pytest.raises(SearchLimitError) as info:
        Search(position, limit=5_000)
    assert info.value.code == "search_limit" and info.value.params["limit"] == 5_000
    with pytest.raises(SearchLimitError):
        legal_plays(position, limit=5_000)
    with pytest.raises(SearchLimitError) as info:
        legality_for(parse_state(HARD[0])[0], limit=500)
    assert info.value.params["what"] == "list nodes"
    # an ordinary roll never comes near the limit
    assert isinstance(
        legality_for(get_variant("long").initial_position(dice=(6, 6))), SearchLegality
    )


def positions_for_comparison(game, count, seed):
    """Positions of random games of ``game`` (its default options) with a double to play
    under the whole-list option, as ``(position, d)``."""
    variant = get_variant(game)
    full = variant.with_options(**FULL)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        position = variant.initial_position(turn=rng.randrange(2))
        for _ in range(rng.randrange(4, 40)):
            position = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
            sides, pins = rng.choice(legal_plays(position)).board
            after = position.replace(sides=sides, pins=pins, dice=None, pending=())
            if after.winner() is not None:
                break
            position = after.replace(turn=1 - position.turn)
        d = rng.randint(1, 6)
        out.append(
            (
                position.replace(
                    variant=full,
                    dice=(d, d),
                    turn_number=(5, 5),
                    pending=(),
                    first_turn=(False, False),
                ),
                d,
            )
        )
    return out


def assert_same_plays(position):
    """The whole-list search offers exactly the plays the full search lists, and the step
    interface plays each of them; returns False where the full search is too long to run."""
    try:
        search = Search(position, limit=150_000)
    except SearchLimitError:
        return False
    listed = search.results()
    legality = legality_for(position, limit=10**7)
    assert isinstance(legality, ListLegality)
    walked = legality.results(most=10**7)  # the walk, not the full search
    assert set(walked) == set(listed), format_state(position)
    rng = random.Random(len(listed))
    for frame in rng.sample(sorted(listed), min(5, len(listed))):
        turn = Turn(position, legality)
        for step in listed[frame]:
            turn.step(step)
        assert turn.is_complete and turn.play().frame == frame
        assert legality.path_to(frame) is not None
    return True


@pytest.mark.parametrize("game", ["gioul", "gul_bara"])
def test_the_whole_list_search_finds_exactly_the_listed_plays(game):
    count = 120 if HEAVY else 8
    compared = 0
    for position, d in positions_for_comparison(game, count, seed=18):
        if (2 if HEAVY else 4) <= d <= 5 and assert_same_plays(position):  # 6-6: four units
            compared += 1
    assert compared >= count // 8


def test_the_whole_list_search_agrees_on_russian_complement_doubles():
    # Russian tricktrack (RUSSIAN_HOYLE): a double is four d then four 7-d, in that order
    variant = get_variant("russian_tricktrack", {"russian_rules": "RUSSIAN_HOYLE"})
    rng = random.Random(5)
    position = variant.initial_position()
    checked = 0
    for _ in range(40 if HEAVY else 12):
        d = rng.randint(1, 6)
        doubled = position.replace(dice=(d, d))
        if assert_same_plays(doubled):
            checked += 1
        position = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        sides, pins = rng.choice(legal_plays(position)).board
        after = position.replace(sides=sides, pins=pins, dice=None)
        if after.winner() is not None:
            break
        position = after.replace(turn=1 - position.turn)
    assert checked >= 6


def test_a_transferred_rest_and_a_full_start_table_are_decided_alike():
    # gioul: the rest of a list handed to the opponent, one play under FULL
    gioul = full_start("gioul", 3).replace(dice=None, pending=(4, 4, 4, 4, 5, 5, 5, 5, 6, 6))
    assert assert_same_plays(gioul)
    # gul bara: the start table full and some plays emptying one of its points
    text = (
        "gul_bara[escalation_lookahead=FULL] 24:10,23:1,22:1,21:1,20:1,19:1 24:15 "
        "w 55 - money turns:5-5"
    )
    position = parse_state(text)[0]
    assert not position.variant.turn_ok(
        legality_for(position).ctx, to_frame(position, position.variant.cross), 0
    )
    assert assert_same_plays(position)


# --- games, bots and decoders ------------------------------------------------------------------
def test_a_roll_of_a_whole_list_enters_the_move_phase_at_once(tight):
    game = Game(get_variant("gioul", FULL), seed="s", throw_opening=False)
    game.opening(throws=[(3, 1)])
    game.roll(dice=(1, 1))
    assert game.phase == "move" and isinstance(game.turn().legality, ListLegality)
    with pytest.raises(SearchLimitError):
        game.legal_plays()  # listing is what stays refused
    game.play(random_walk(game.turn().fresh(), random.Random(1)).steps)
    assert game.phase == "roll"


def test_a_whole_game_link_of_a_whole_list_decodes_at_once(tight):
    # opening 3-1, then 1-1: the whole-list game link of the issue (a 1-1 from the start)
    game = Game(get_variant("gioul", FULL), seed="s", throw_opening=False)
    game.opening(throws=[(3, 1)])
    game.roll(dice=(1, 1))
    code = linkcode.encode_game(game_record(game))
    assert code.startswith("gi~") and len(code) <= 8  # no play of a long list: version 1
    record = within(60, linkcode.decode_game, code)
    assert record["actions"][-1] == ["roll", [1, 1]]
    rebuilt = game_from_record(record)
    assert rebuilt.turn().legality.visits < 100


# Rolls whose plays are past movegen.MAX_SEARCH_NODES (200,000 search nodes) to list: the
# first three from the start, the last found by random play (RUSSIAN_HOYLE: 5-5 is four 5s
# then four 2s, from a side with ten checkers still in the hand and two on the bar)
RUSSIAN = (
    "russian_tricktrack[russian_rules=RUSSIAN_HOYLE] 9:1,4:1,3:1,bar:2,hand:10 "
    "23:1,22:2,19:1,18:1,17:1,15:1,11:1,8:1,6:1,2:1,1:1,hand:3 b 55 - money "
    "turns:10-12"
)


def past_the_limit(case):
    """A game of ``case`` whose roll to play is past the listing limit."""
    if case == "gioul":  # from the game's initial position: opening and roll in the record
        game = Game(get_variant("gioul", FULL), seed="past", throw_opening=False)
        game.opening(throws=[(3, 1)])
        game.roll(dice=(1, 1))
        return game
    position = full_start("gul_bara", 1) if case == "gul_bara" else parse_state(RUSSIAN)[0]
    return Game(position.variant, seed="past", position=position)


@pytest.fixture
def list_work(monkeypatch):
    """The search nodes of every ``ListLegality`` visited while the test runs, in all."""
    spent = {"nodes": 0}
    real = ListLegality._count

    def count(self, n=1):
        spent["nodes"] += n
        return real(self, n)

    monkeypatch.setattr(ListLegality, "_count", count)
    return spent


@pytest.mark.parametrize("case", ["gioul", "gul_bara", "russian"])
def test_a_whole_game_link_holds_a_play_past_the_listing_limit(case, tight, list_work):
    """Such a play is written step by step (version 2, docs/links.md): encoding and
    decoding never list a long list (the tight limits would refuse any listing; the list
    nodes of the whole game are counted) and give back the same actions and state."""
    game = past_the_limit(case)
    with pytest.raises(SearchLimitError):  # listing is past the real limit
        Search(game.position, limit=200_000)
    rng = random.Random(case)
    long_plays = 0
    while game.phase != "over" and len(game.actions) < 80:
        if game.phase == "roll":
            game.roll()
            continue
        long_plays += not game.turn().legality.listed
        game.play(random_walk(game.turn().fresh(), rng).steps)
    assert long_plays >= 1
    record = game_record(game)
    list_work["nodes"] = 0
    code = within(60, linkcode.encode_game, record)
    tag = linkcode.TAGS[game.variant.key]
    assert code.startswith(f"{tag}-2~") and len(code) <= linkcode.MAX_LENGTH
    back = within(60, linkcode.decode_game, code)
    # a few thousand list nodes for a whole game (each whole walk: at most about 5,000)
    assert list_work["nodes"] < 3_000 * (long_plays + 1), list_work["nodes"]
    assert [list(a) for a in back["actions"]] == [list(a) for a in record["actions"]]
    assert back["start"] == record["start"]
    rebuilt = game_from_record(back)
    assert rebuilt.position == game.position and rebuilt.phase == game.phase
    assert linkcode.encode_game(back) == code  # one code per game
    # the same payload as version 1 lists the roll to name its play: refused at the limit
    with pytest.raises(linkcode.LinkCodeError) as info:
        within(60, linkcode.decode_game, code.replace(f"{tag}-2~", f"{tag}~"))
    assert info.value.params["detail"] == "search_limit"


def test_a_version_2_game_code_without_a_long_list_is_not_canonical():
    game = Game(get_variant("short"), seed="v2", throw_opening=False)
    game.opening(throws=[(3, 1)])
    game.play([(8, 5, 3, False), (6, 5, 1, False)])
    code = linkcode.encode_game(game)
    assert code.startswith("s~")
    assert linkcode.decode_game(code)["actions"] == [list(a) for a in game_record(game)["actions"]]
    with pytest.raises(linkcode.LinkCodeError) as info:
        linkcode.decode_game(code.replace("s~", "s-2~"))
    assert info.value.params["reason"] == "not_canonical"
    with pytest.raises(linkcode.LinkCodeError) as info:  # state codes have one version
        linkcode.decode_state("s-2.w2DKexJjIPYHw")
    assert info.value.params["reason"] == "not_canonical"


def test_a_mat_file_with_a_whole_list_reads_without_listing_it(tight):
    variant = get_variant("gioul", FULL)
    game = Game(variant, seed="s", throw_opening=False)
    game.opening(throws=[(2, 1)])
    game.roll(dice=(3, 1))
    game.play("24/21 24/23")
    game.roll(dice=(1, 1))
    play = random_walk(game.turn().fresh(), random.Random(3))
    # rolled and not yet played; then played, its 24 units written as each checker's path
    # (a .mat holds at most eight moves a roll), which the reader finds without listing
    for written in ("", play.notation()):
        text = textwrap.dedent(f"""\
            ; [Nardy "gioul"]
            ; [Options "escalation_lookahead=FULL"]
             0 point match

             Game 1
             Anna : 0                       Boris : 0
              1) 31: 24/21 24/23             11: {written}
            """)
        record = within(60, import_match, text)
        last = record["games"][0][-1]
        if not written:
            assert last == ["roll", [1, 1]]
            continue
        assert last[0] == "play"
        assert Game(variant, position=game.position).play(last[1]).board == play.board


@pytest.mark.parametrize("level", ["beginner", "strong"])
@pytest.mark.parametrize("text", [None] + list(HARD[:1]))
def test_the_bot_plays_a_whole_list_block_by_block(level, text, tight):
    positions = (
        [full_start("gioul", 1), full_start("gul_bara", 2)]
        if text is None
        else [parse_state(text)[0]]
    )
    for position in positions:
        chooser = Chooser(position.variant, level)
        play = within(120, chooser.choose, position)
        turn = Turn(position)
        for step in play.steps:
            turn.step(step)
        assert turn.is_complete


def test_a_gul_bara_vector_at_a_late_turn_is_refused_not_listed(tmp_path, monkeypatch):
    with open(os.path.join(DATA, "variant_vectors", "gul_bara.json"), encoding="utf-8") as f:
        data = json.load(f)
    vector = next(v for v in data["vectors"] if v["id"] == "GB-1")  # 3-3 in a grace turn
    late = dict(vector, state=dict(vector["state"], turn_number=10))  # now it escalates
    path = tmp_path / "late.json"
    path.write_text(json.dumps(dict(data, vectors=[vector, late])), encoding="utf-8")
    monkeypatch.setattr("nardy_core.referee.vectors.MAX_OUTCOME_PLAYS", 5_000)
    first, second = within(60, check_file, str(path))
    assert first.ok
    assert second.error and "5,000 plays" in second.error  # 430,000 plays to list it all


# --- the dice stream ---------------------------------------------------------------------------
def test_the_dice_stream_goes_on_from_any_count_with_one_hash(monkeypatch):
    calls = []
    real = hashlib.sha256

    def counting(data=b""):
        calls.append(data)
        return real(data)

    monkeypatch.setattr("nardy_core.engine.dice.hashlib.sha256", counting)
    for used in (10**8, 10**12, MAX_USED - 64):
        calls.clear()
        dice = Dice("seed", used)
        roll = dice.roll(2)
        assert len(calls) <= 2  # the block holding byte `used`, and perhaps the next
        block = (
            real(f"seed/{used // 32}".encode()).digest()
            + real(f"seed/{used // 32 + 1}".encode()).digest()
        )
        faces = [b % 6 + 1 for b in block[used % 32 :] if b < 252]
        assert roll == tuple(faces[:2])


def test_the_dice_stream_is_the_same_from_a_saved_count():
    # the stream of existing records: skipping n bytes is consuming them one by one
    for used in range(0, 200, 7):
        walked = Dice("a seed")
        while walked.used < used:
            walked._byte()
        assert Dice("a seed", used).roll(3) == walked.roll(3)


@pytest.mark.parametrize("used", [-1, MAX_USED + 1, 10**30, 1.5, "12", True])
def test_a_count_of_dice_bytes_out_of_range_is_a_typed_error(used):
    with pytest.raises(GameStateError) as info:
        Dice("seed", used)
    assert info.value.code == "dice_used"


def test_a_game_record_with_a_huge_dice_count_reads_at_once():
    record = game_record(Game(get_variant("short"), seed="s"))
    for used, fine in ((1e8, True), (1e12, True), (1e18, False)):
        if fine:
            game = within(30, game_from_record, dict(record, dice_used=used))
            assert game.dice.used == int(used)
        else:
            with pytest.raises(NardyError):
                game_from_record(dict(record, dice_used=used))


# --- memory ------------------------------------------------------------------------------------
@pytest.mark.skipif(
    PYODIDE or not sys.platform.startswith("linux"),
    reason="a CPython subprocess with a memory ceiling (Linux)",
)
def test_the_whole_list_cases_stay_within_a_memory_ceiling():
    script = textwrap.dedent("""
        import random, resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 31, 1 << 31))  # a runaway fails fast
        from nardy_core import get_variant
        from nardy_core.formats import linkcode
        from nardy_core.bots.chooser import Chooser
        from nardy_core.engine.game import Game
        from nardy_core.engine.turn import Turn
        from nardy_core.formats.record import game_from_record, game_record
        variant = get_variant("gioul", {"escalation_lookahead": "FULL"})
        position = variant.initial_position(dice=(1, 1))
        turn = Turn(position)
        rng = random.Random(1)
        while not turn.is_complete:
            turn.step(rng.choice(turn.legal_steps()))
        Chooser(variant, "strong").choose(position)
        game = Game(variant, seed="s", throw_opening=False)
        game.opening(throws=[(3, 1)])
        game.roll(dice=(1, 1))
        game_from_record(linkcode.decode_game(linkcode.encode_game(game_record(game))))
        # VmHWM, this process's own peak: ru_maxrss also keeps the parent's (pytest's) peak
        # from before the exec
        print(next(line.split()[1] for line in open("/proc/self/status")
                   if line.startswith("VmHWM:")))
    """)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    peak_kib = int(done.stdout.split()[-1])
    assert peak_kib < 200 * 1024, f"peak {peak_kib // 1024} MiB"  # listing 1-1: many GiB


def test_the_terminal_game_asks_for_notation_when_a_roll_cannot_be_listed(monkeypatch, capsys):
    import io

    from nardy_core.cli.main import main

    def refuse(game):
        raise SearchLimitError("too many", limit=0, what="search nodes")

    monkeypatch.setattr(Game, "legal_plays", refuse)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 3))
    assert main(["play", "--game", "gioul", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "too many plays to list: type one in notation" in out
    assert "Traceback" not in out and out.rstrip().endswith("bye")


def test_a_review_ranks_the_play_made_beside_the_plays_built_by_blocks(tight):
    position = full_start("gul_bara", 1)
    made = random_walk(Turn(position), random.Random(11))
    chooser = Chooser(position.variant, "intermediate")
    ranked = within(120, chooser.rank, position, None, None, made)
    assert made.frame in [r.play.frame for r in ranked]
    turn = Turn(position)
    for step in next(r for r in ranked if r.play.frame == made.frame).play.steps:
        turn.step(step)
    assert turn.is_complete and turn.play().frame == made.frame


def test_the_list_bound_is_an_upper_bound_and_exact_where_nobody_can_bear_off():
    def bound_and_most(position):
        legality = legality_for(position)
        s0, _, units = legality.root
        return position.variant.unit_bound(legality.ctx)(s0, units), legality.most

    # exact: the start (all 24 units) and the walls of the hard positions (19 and 18 units)
    for d in (1, 2, 3):
        assert bound_and_most(full_start("gioul", d)) == (28 - 4 * d,) * 2
    assert [bound_and_most(parse_state(text)[0]) for text in HARD] == [(19, 19), (18, 18)]
    for game in ("gioul", "gul_bara"):
        for position, d in positions_for_comparison(game, 30 if HEAVY else 10, seed=3):
            if d < 6:
                bound, most = bound_and_most(position)
                assert bound >= most, format_state(position)
