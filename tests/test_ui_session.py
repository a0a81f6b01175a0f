"""The board's model (nardy_core.ui.session): gestures, bot decisions, the saved record."""

import json
import random

import pytest

from nardy_core.engine.errors import GameStateError, NardyError
from nardy_core.engine.game import Game
from nardy_core.engine.turn import Turn
from nardy_core.formats.notation import parse_state
from nardy_core.formats.record import newer_record
from nardy_core.ui.botservice import BotService
from nardy_core.ui.session import HUMAN, Session

SERVICE = BotService()


def run_bots(session):
    while session.waiting_for_bot():
        session.apply_bot(SERVICE.decide(json.loads(json.dumps(session.bot_request()))))


def human_turn(session, rng):
    """Play a random legal turn by clicks only (as a person would)."""
    while not session.can_confirm():
        src = rng.choice(session.movable())
        assert session.click(src)
        dst = rng.choice(sorted(session.targets()))
        session.click(dst)
        if session.choice:
            session.choose(rng.randrange(len(session.choice[2])))
    session.confirm()


def play_to_end(session, rng, limit=2000):
    for _ in range(limit):
        run_bots(session)
        game = session.game
        if game.is_over:
            return
        phase = game.phase
        if phase == "roll":
            session.roll()
        elif phase == "move":
            human_turn(session, rng)
        elif phase == "double":
            session.take()
        elif phase == "resign":
            session.decline_resignation()
    raise AssertionError("the game did not end")


def on_position(game, text, players=(HUMAN, HUMAN), **prefs):
    """A session whose current game starts from a position (notation)."""
    session = Session(game, players=players, prefs=prefs)
    position, cube, match = parse_state(text + " 1 money")
    session.match.game = Game(position.variant, position=position, cube=cube, match=match)
    return session


def test_opening_is_thrown_and_the_winner_moves():
    session = Session("short", players=(HUMAN, HUMAN), seed="open")
    game = session.game
    assert game.phase == "move" and game.actions[0][0] == "opening"
    assert session.logs[0][0]["k"] == "opening"
    assert session.movable()


def test_clicks_build_exactly_the_turns_steps():
    session = on_position(
        "short", "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31", auto_forced=False
    )
    assert sorted(session.movable()) == sorted(["p24", "p13", "p8", "p6"])
    assert session.click("p8")
    assert session.targets() == {"p7": 1, "p5": 1, "p4": 1}
    session.click("p5")
    assert session.selected is None
    assert session.click("p6")
    session.click("p5")
    assert session.can_confirm()
    session.confirm()
    assert session.logs[-1][-1]["play"] == "8/5 6/5"
    assert session.game.position.turn == 1


def test_undo_takes_back_one_step_then_nothing():
    session = on_position(
        "short", "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31", auto_forced=False
    )
    session.click("p8")
    session.click("p5")
    before = session.view()["points"]
    assert before[5] == (0, 1)
    assert session.undo()
    assert 5 not in session.view()["points"]
    assert not session.undo()
    assert session.view()["used"] == [False, False]


def test_an_illegal_drop_changes_nothing():
    session = on_position(
        "short", "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31", auto_forced=False
    )
    view = session.view()
    assert not session.drag("p13", "p12")  # 13/12 needs a 1 then… 12 is Black's 13-point? no
    assert not session.drag("p13", "p7")  # six: no six rolled
    assert not session.drag("p1", "p2")  # not a white checker
    assert session.view() == view
    assert session.drain_notices()[-1][0] == "illegal_drop"
    assert session.drag("p13", "p10")
    assert session.view()["points"][10] == (0, 1)


def test_bearing_off_with_either_die_asks_which():
    # White bears off from the 2-point with 6-5: either die bears it off, leaving different dice
    session = on_position("short", "short 2:1,1:1,off:13 19:15 w 65", auto_forced=False)
    session.click("p2")
    assert session.targets()["off0"] == 2
    session.click("off0")
    assert session.choice is not None and len(session.view()["choice"]["ways"]) == 2
    session.choose(0)
    assert session.choice is None and session.view()["off"][0] == 14


def test_auto_confirm_and_forced_moves():
    forced = on_position("short", "short 1:1,off:14 19:15 w 66", players=(HUMAN, HUMAN))
    forced._advance()  # only one play exists (the last checker off): it is made at once
    assert forced.game.is_over and forced.drain_notices()[0][0] == "forced"
    session = on_position(
        "short",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31",
        auto_forced=False,
        auto_confirm=True,
    )
    session.click("p8")
    session.click("p5")
    session.click("p6")
    session.click("p5")
    assert session.game.position.turn == 1


def test_moves_match_the_step_interface_on_random_games():
    rng = random.Random(7)
    for game in ("short", "long", "caucasian"):
        session = Session(
            game, players=(HUMAN, HUMAN), seed=f"t-{game}", prefs={"auto_forced": False}
        )
        for _ in range(30):
            if session.game.is_over:
                break
            if session.game.phase == "roll":
                session.roll()
                continue
            turn = Turn(session.game.position)
            assert sorted(session.movable()) == sorted(
                session.loc(p) for p in turn.movable_points()
            )
            human_turn(session, rng)


@pytest.mark.parametrize("game", ["short", "long", "caucasian"])
def test_a_match_against_bots_saves_and_restores_exactly(game):
    rng = random.Random(3)
    session = Session(game, players=(HUMAN, "beginner"), length=3, seed=f"m-{game}")
    saved = []
    while True:
        play_to_end(session, rng)
        saved.append(json.dumps(session.to_dict()))
        if session.match_over:
            break
        session.next_game()
    assert max(session.projected_score()) >= 3
    for text in saved:
        restored = Session.from_dict(json.loads(text))
        assert json.dumps(restored.to_dict()) == text
    final = Session.from_dict(json.loads(saved[-1]))
    assert final.view() == session.view() and final.logs == session.logs


def test_a_restore_mid_turn_keeps_the_dice():
    session = Session("long", players=(HUMAN, HUMAN), seed="mid", prefs={"auto_forced": False})
    if session.game.phase == "roll":
        session.roll()
    dice = session.game.position.dice
    restored = Session.from_dict(
        json.loads(json.dumps(session.to_dict())), prefs={"auto_forced": False}
    )
    assert restored.game.phase == "move" and restored.game.position.dice == dice


def _mutations(record, rng):
    yield {**record, "v": 2}
    yield {**record, "seed": record["seed"] + "x"}
    yield {**record, "game": "chess"}
    yield {**record, "players": ["human", "grandmaster"]}
    yield {**record, "games": "nonsense"}
    yield {**record, "games": [[["roll", [7, 1]]]]}
    yield {**record, "options": {"cube_enabled": "maybe"}}
    for _ in range(30):
        games = json.loads(json.dumps(record["games"]))
        actions = games[-1]
        index = rng.randrange(len(actions))
        action = actions[index]
        choice = rng.randrange(4)
        if choice == 0 and action[0] == "roll":
            action[1] = [(action[1][0] % 6) + 1, action[1][1]]
        elif choice == 1:
            actions.insert(index, ["play", [[24, 1, 6, False]]])
        elif choice == 2:
            actions[index] = ["take"]
        else:
            actions[index] = [rng.choice(["roll", "opening", "drop"]), None]
        yield {**record, "games": games}


def test_damaged_saves_raise_only_bad_record():
    rng = random.Random(11)
    session = Session("short", players=(HUMAN, "beginner"), seed="dmg")
    play_to_end(session, rng)
    record = session.to_dict()
    failures = 0
    for damaged in _mutations(record, rng):
        try:
            Session.from_dict(damaged)
        except GameStateError as exc:
            assert exc.code == "bad_record"
            failures += 1
    assert failures >= 10
    for junk in (None, 3, "text", [], {"v": 1}):
        with pytest.raises(GameStateError):
            Session.from_dict(junk)


def test_a_game_saved_by_a_newer_version_is_refused_as_newer_not_as_damaged():
    record = Session("short", players=(HUMAN, HUMAN), seed="newer").to_dict()
    for version in (3, 99):
        newer = dict(record, v=version, something_new={"x": 1})
        assert newer_record(newer)
        with pytest.raises(GameStateError) as caught:
            Session.from_dict(newer)
        assert caught.value.code == "newer_record" and caught.value.params == {"version": version}
    for known_or_junk in (
        record,
        dict(record, v=0),
        dict(record, v=True),
        dict(record, v="9"),
        None,
        [],
        "text",
    ):
        assert not newer_record(known_or_junk)


def test_cube_offer_against_the_bot_and_bot_double_to_a_person():
    session = on_position(
        "short", "short 6:2,5:2,4:2,off:9 24:1,23:14 w -", players=(HUMAN, "strong")
    )
    assert session.game.phase == "roll" and session.game.can_double()
    session.double()
    assert session.waiting_for_bot() and session.game.phase == "double"
    run_bots(session)
    # far behind, the bot drops: White wins the cube's value
    assert session.game.is_over and session.game.result.reason == "drop"
    assert session.logs[-1][-2]["k"] == "drop"

    session = on_position(
        "short", "short 6:5,5:4,4:3,3:3 6:3,5:3,4:3,3:3,2:3 b -", players=(HUMAN, "strong")
    )
    run_bots(session)
    assert session.game.phase == "double" and session.human_to_act()
    session.take()
    assert session.game.cube.value == 2 and session.game.cube.owner == 0


def test_resignation_offered_to_the_bot():
    # White is all in Black's home and Black has one checker left: a backgammon is coming
    session = on_position("short", "short 23:15 1:1,off:14 w -", players=(HUMAN, "strong"))
    session.resign("single")
    run_bots(session)
    assert session.logs[-1][-1]["k"] == "decline" and session.game.phase == "roll"
    session.resign("backgammon")
    run_bots(session)
    assert session.game.is_over and session.game.result.kind == "backgammon"


def test_stale_and_foreign_bot_answers_are_refused():
    session = Session("short", players=("strong", "strong"), seed="stale")
    request = session.bot_request()
    answer = SERVICE.decide(request)
    session.apply_bot(answer)
    with pytest.raises(NardyError):
        session.apply_bot(answer)  # the game moved on
    human = Session("short", players=(HUMAN, HUMAN), seed="stale")
    with pytest.raises(GameStateError):
        human.apply_bot(answer)


def test_bot_service_reuses_its_game_and_agrees_with_a_fresh_one():
    session = Session("long", players=("beginner", "beginner"), seed="svc")
    service = BotService()
    for _ in range(40):
        if not session.waiting_for_bot():
            break
        request = json.loads(json.dumps(session.bot_request()))
        answer = service.decide(request)
        fresh = BotService().decide(request)
        assert {k: v for k, v in answer.items() if k != "ms"} == {
            k: v for k, v in fresh.items() if k != "ms"
        }
        session.apply_bot(answer)


def test_person_actions_out_of_turn_are_refused():
    session = Session("short", players=("strong", HUMAN), seed="who")
    if session.waiting_for_bot():
        with pytest.raises(GameStateError):
            session.roll()
        with pytest.raises(GameStateError):
            session.click("p13")


# --- playing on from a shared or edited state ----------------------------------------------------
def test_a_session_plays_on_from_a_state_and_restores_it():
    start = parse_state("short 13:5,8:3,6:5,5:2 24:2,13:5,8:3,6:5 b 42 2w 3-4/7")
    session = Session(start=start, players=(HUMAN, HUMAN), prefs={"auto_forced": False})
    game = session.game
    assert game.position == start[0] and game.cube == start[1]
    assert session.match.length == 7 and session.view()["score"] == [3, 4]
    assert game.phase == "move" and game.position.turn == 1
    human_turn(session, random.Random(1))
    record = json.loads(json.dumps(session.to_dict()))
    assert record["start"].startswith("short 13:5,8:3,6:5,5:2")
    again = Session.from_dict(record)
    assert again.game.position == session.game.position
    assert again.to_dict() == record


def test_a_state_with_a_double_waiting_asks_for_the_answer():
    start = parse_state("short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 2w!w 1-2/5")
    with pytest.raises(GameStateError):
        Session(start=start, players=(HUMAN, HUMAN)).roll()
    session = Session(start=start, players=(HUMAN, HUMAN))
    assert session.game.phase == "double" and session.actor() == 1
    session.take()
    assert session.game.cube.value == 4 and session.game.cube.owner == 1


def test_a_finished_position_is_refused():
    start = parse_state("short off:15 24:2,13:5,8:3,6:5 b - 1 money")
    with pytest.raises(GameStateError) as info:
        Session(start=start)
    assert info.value.code == "start_over"


def test_a_record_with_recorded_dice_replays_them_and_goes_on_from_its_seed():
    source = Session("short", players=(HUMAN, HUMAN), seed="rec")
    rng = random.Random(3)
    for _ in range(6):
        if source.game.phase == "roll":
            source.roll()
        human_turn(source, rng)
    record = source.to_dict()
    record["dice"] = "recorded"
    del record["seed"]  # an imported file has no seed: its dice are in the moves
    imported = Session.from_dict(json.loads(json.dumps(record)))
    assert imported.game.position == source.game.position
    assert imported.to_dict()["games"] == source.to_dict()["games"]
    # a roll that the seed would not give is accepted here, where a seeded record refuses it
    record["games"][0][1][1] = [6, 6] if record["games"][0][1][1] != [6, 6] else [5, 5]
    with pytest.raises(GameStateError):
        Session.from_dict(dict(record, dice="seed", seed="rec"))


def test_an_imported_match_file_is_a_session_that_plays_on_and_exports_the_same():
    from pathlib import Path

    from nardy_core.formats import records

    path = sorted((Path(__file__).parent / "data" / "records").glob("*.mat"))[0]
    text = path.read_text(encoding="utf-8")
    record = records.import_match(text)
    session = Session.from_dict(json.loads(json.dumps(record)))
    assert session.recorded_dice and session.to_dict()["names"] == record["names"]
    assert records.export_match(session.to_dict()) == records.export_match(record)
    again = Session.from_dict(json.loads(json.dumps(session.to_dict())))
    assert again.game.position == session.game.position
    if not session.game.is_over:  # it plays on from the file's end with fresh dice
        if session.game.phase == "roll":
            session.roll()
        assert session.game.phase in ("move", "roll", "double")


@pytest.mark.parametrize("game", ["long", "jacquet"])
def test_the_lot_row_names_who_takes_white(game):
    """Long nardy and jacquet throw for colours (CORE 2.2): the opening row names the player
    who won the lot as White, who then moves first — never "Black starts" before a White move."""
    from nardy_core.ui import text as T

    seen = set()
    for seed in range(12):
        session = Session(game, players=(HUMAN, "strong"), seed=f"lot{seed}")
        row = session.logs[0][0]
        last = row["throws"][-1]
        winner = 0 if last[0] > last[1] else 1  # the player index whose die was higher
        assert row["lot"] and row["c"] == 0 and row["high"] == max(last)
        assert row["who"] == (HUMAN, "strong")[winner]
        assert session.game.players[0] == winner
        plays = [r for r in session.logs[0][1:] if r["k"] in ("play", "pass")]
        assert not plays or plays[0]["c"] == 0  # White moves first
        en = T.log_text("en", row)
        assert "plays White and starts" in en and f"threw {max(last)}" in en
        assert T.tr("en", row["who"]) in en and "Black" not in en
        assert "белыми" in T.log_text("ru", row)
        seen.add(winner)
    assert seen == {0, 1}  # both outcomes of the lot met


def test_a_game_without_a_lot_names_the_starting_colour():
    from nardy_core.ui import text as T

    session = Session("short", players=(HUMAN, HUMAN), seed="nolot")
    row = session.logs[0][0]
    assert "lot" not in row
    colour = T.colour_name("en", row["c"])
    assert T.log_text("en", row).endswith(f"{colour} starts")


def test_the_view_keeps_the_last_play_of_either_side_until_the_next():
    session = on_position(
        "short",
        "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w 31",
        auto_forced=False,
        auto_roll=False,
    )
    assert session.view()["last"] == []
    session.click("p8")
    session.click("p5")
    assert session.view()["last"] == []  # steps of a turn in progress are no play yet
    session.click("p6")
    session.click("p5")
    session.confirm()
    assert session.view()["last"] == [["p8", "p5"], ["p6", "p5"]]
    session.roll()  # Black's roll leaves White's play marked
    view = session.view()
    assert view["turn"] == 1 and view["last"] == [["p8", "p5"], ["p6", "p5"]]
    steps = next(iter(session.game.turn().legality.results(most=1).values()))
    for step in steps:
        session.game.turn().step(tuple(step))
    session.confirm()
    last = session.view()["last"]
    # Black's play in White's numbering: Black's own point n is White's 25 - n
    assert last == [[f"p{25 - s[0]}", f"p{25 - s[1]}"] for s in steps]
    session.roll()
    assert session.preview([])["last"] == []  # a hint's arrows stand alone


def test_the_last_play_names_bar_hand_and_tray_and_survives_a_restore():
    session = on_position("short", "short 6:14,bar:1 1:15 w 61", auto_forced=False, auto_roll=False)
    session.click("bar0")
    session.click("p19")
    session.click("p6")
    session.click("p5")
    session.confirm()
    assert session.view()["last"] == [["bar0", "p19"], ["p6", "p5"]]
    session = on_position(
        "short", "short 2:1,1:1,off:13 19:15 w 21", auto_forced=False, auto_roll=False
    )
    for loc in ("p2", "off0", "p1", "off0"):
        session.click(loc)
        if session.choice:
            session.choose(0)
    session.confirm()
    assert session.view()["last"] == [["p2", "off0"], ["p1", "off0"]]
    played = Session("long", players=(HUMAN, HUMAN), seed="last", prefs={"auto_roll": True})
    rng = random.Random(3)
    for _ in range(3):
        human_turn(played, rng)
    before = played.view()["last"]
    assert before and all(src.startswith(("p", "bar", "hand")) for src, _ in before)
    restored = Session.from_dict(json.loads(json.dumps(played.to_dict())))
    assert restored.view()["last"] == before
    # a game with a hand: the first play enters from it
    tawula = Session("tawula", players=(HUMAN, HUMAN), seed="hand", prefs={"auto_roll": True})
    mover = tawula.view()["turn"]
    human_turn(tawula, rng)
    assert tawula.view()["last"][0][0] == f"hand{mover}"
    played.match.game = Game(played.variant)  # another game on the board: nothing marked
    assert played.view()["last"] == []
