"""The page's rollout in steps and its panel (nardy_core/ui/rolloutview.py; docs/rollouts.md,
"In the page"): a run in steps gives the library's result for the same seed, whatever the
steps; the hint's plays can be named; the panel's figures and times. Small positions and few
trials. Also run inside Pyodide (tools/pyodide-tests.sh)."""

import pytest

from nardy_core.analysis.rollout import RolloutError
from nardy_core.analysis.rolloutjobs import rollout
from nardy_core.bots.chooser import Chooser
from nardy_core.engine.game import Game
from nardy_core.formats.notation import parse_position, parse_state
from nardy_core.formats.record import game_record
from nardy_core.ui import rolloutrun as run_mod
from nardy_core.ui import rolloutview as V

# a short-nardy race with a roll: a few plays, a few rolls to the end
RACE_ROLL = "short 9:2,8:3,7:3,6:3,5:2,4:2 9:2,8:3,7:3,6:3,5:2,4:2 w 65 1 money"
BEAROFF = "short 6:3,5:2,off:10 6:2,4:2,off:11 w - 1 money"


def test_a_run_in_steps_gives_the_librarys_result():
    position = parse_position(RACE_ROLL)
    whole = rollout(position, games=12, level="beginner", seed="s", top=3)
    run = run_mod.RolloutRun(position, games=12, level="beginner", seed="s", top=3)
    states = []
    while not run.finished:
        states.append(run.step(ms=60_000, most=5))
    assert [s["done"] for s in states] == [5, 10, 12]
    assert states[-1]["finished"] and states[-1]["result"] == whole
    # one step of everything: the same again
    once = run_mod.RolloutRun(position, games=12, level="beginner", seed="s", top=3)
    assert once.step(ms=60_000)["result"] == whole


def test_a_run_without_a_roll_and_a_step_of_a_few_milliseconds():
    position = parse_position(BEAROFF)
    whole = rollout(position, games=6, level="beginner", seed="0", truncate=False)
    run = run_mod.RolloutRun(position, games=6, level="beginner", truncate=False)
    assert run.state()["result"] is None and run.state()["done"] == 0
    steps = 0
    while not run.finished:
        state = run.step(ms=1)  # at least one trial per step
        steps += 1
    assert steps <= 6 and state["result"] == whole and state["seconds"] > 0
    assert run.step()["done"] == 6  # a finished run plays nothing more


def test_the_hints_plays_are_rolled_out_in_their_order():
    position = parse_position(RACE_ROLL)
    library = rollout(position, games=4, level="beginner", seed="0", top=2)
    ranked = Chooser(position.variant, "beginner", seed="0").rank(position)
    by_name = {r.play.notation(): [list(s) for s in r.play.steps] for r in ranked}
    steps = [by_name[p["play"]] for p in library["plays"]]
    run = run_mod.open_run(position, {"games": 36, "level": "beginner", "plays": steps[::-1]})
    state = run.step(ms=60_000, most=4)
    assert state["done"] == 4 and not state["finished"]

    # the same plays on the same dice: the same figures, whatever order they were named in
    def figures(data):
        return {p["play"]: (p["equity"], p["se"]) for p in data["plays"]}

    assert figures(state["result"]) == figures(library)
    assert sorted(p["rank"] for p in state["result"]["plays"]) == [1, 2]


@pytest.mark.parametrize(
    "request_, code",
    [
        ({"games": 35}, "rollout_games"),
        ({"level": "expert"}, "rollout_games"),
        ({"plays": []}, "rollout_top"),
        ({"plays": [[[9, 3]]]}, None),  # not a legal step: the engine refuses it
    ],
)
def test_the_page_asks_only_for_its_choices(request_, code):
    with pytest.raises(Exception) as info:
        run_mod.open_run(parse_position(RACE_ROLL), request_)
    if code:
        assert isinstance(info.value, RolloutError) and info.value.code == code


def test_clock_and_time_left():
    assert V.clock(0) == "0:00" and V.clock(5.4) == "0:05" and V.clock(65) == "1:05"
    assert V.clock(3725) == "1:02:05" and V.clock(-3) == "0:00"
    assert V.time_left(0, 36, 0.0) is None
    assert V.time_left(12, 36, 6.0) == 12.0 and V.time_left(36, 36, 9.0) == 0.0


def test_the_panel_running_done_and_cancelled():
    position = parse_position(RACE_ROLL)
    run = run_mod.RolloutRun(position, games=36, level="beginner", top=3)
    data = run.step(ms=60_000, most=12)["result"]
    running = V.panel_html(
        "en",
        {
            "status": "running",
            "level": "beginner",
            "games": 36,
            "done": 12,
            "seconds": 6.0,
            "result": data,
        },
    )
    assert '<progress id="rollout-progress" max="36" value="12" aria-label="Rollout">' in running
    assert "12 / 36 games · 0:06 · about 0:12 left" in running
    assert 'id="rollout-cancel"' in running and 'rollout-start" disabled' in running
    assert running.count("data-rollout-play=") == 3
    best, second = data["plays"][0], data["plays"][1]
    assert f"{best['equity']:+.3f} ± {best['se']:.3f}" in running
    assert f"{second['diff']:+.3f} ± {second['diff_se']:.3f}" in running
    cancelled = V.panel_html(
        "en", {"status": "cancelled", "games": 36, "done": 12, "seconds": 6.0, "result": data}
    )
    assert "Partial: 12 of 36 games (cancelled)" in cancelled and "<progress" not in cancelled
    done = V.panel_html("en", {"status": "done", "games": 36, "done": 36, "seconds": 61})
    assert "36 games · 1:01" in done
    empty = V.panel_html("en", None)
    assert 'id="rollout-start"' in empty and "<table" not in empty
    assert '<option value="324" selected>' in empty
    assert '<option value="intermediate" selected>' in empty and "rollout-slow" not in empty
    assert "rollout-slow" in V.panel_html("en", {"level": "strong"})
    error = V.panel_html("en", {"status": "error", "error": "<bad>"})
    assert "&lt;bad&gt;" in error


def test_the_panel_in_another_language_and_right_to_left():
    for lang in ("ru", "ar"):
        html = V.panel_html(lang, {"status": "cancelled", "games": 36, "done": 12})
        assert "12" in html and "36" in html and "Partial" not in html


def test_a_review_mistake_rolls_out_the_best_and_the_played_play():
    record = {"game": "short", "actions": [["opening", 5, 2], ["play", [[24, 22]]], ["roll", 3, 1]]}
    item = {"kind": "play", "index": 7, "action": 1, "steps": [[13, 8]], "best_steps": [[24, 22]]}
    request = V.review_request(record, item)
    assert request["plays"] == [[[24, 22]], [[13, 8]]]
    assert (
        request["record"]["actions"] == [["opening", 5, 2]] and request["record"]["game"] == "short"
    )
    assert len(record["actions"]) == 3  # the review's record is left as it was
    button = V.review_button_html("en", item)
    assert 'data-rollout-item="7"' in button and "Roll out" in button
    # a cube mistake in a money game: its decision, rolled out as a cube decision
    cube = {"kind": "cube", "index": 4, "action": 2, "loss": 0.08, "mark": "mistake"}
    assert V.review_request(record, cube) == {
        "record": {**record, "actions": record["actions"][:2]},
        "cube": True,
    }
    assert 'data-rollout-item="4"' in V.review_button_html("en", cube)
    for other in (
        {**cube, "mark": None},  # no mistake
        {**cube, "mwc": {}},  # a match's: in match winning chances
        {**item, "kind": "roll"},
        {**item, "forced": True},
        {**item, "steps": [[24, 22]]},  # the best play was played
        {**item, "best_steps": None},
    ):
        assert V.review_request(record, other) is None and V.review_button_html("en", other) == ""


# White bearing off, Black still coming home: too good to double (gammons)
GAMMONISH = "short 6:3,5:3,4:3,3:3,2:3 9:3,8:3,7:3,6:3,5:3 w - 1 money"


def test_the_hints_cube_decision_is_rolled_out_before_and_after_the_double():
    position, cube, match = parse_state(GAMMONISH)
    whole = rollout(position, games=8, level="beginner", seed="0", decision="cube", cube=cube)
    game = Game(position.variant, position=position, cube=cube, match=match)
    request = {"games": 36, "level": "beginner", "cube": True}
    run = run_mod.open_from_record({**request, "record": game_record(game)})
    assert run.step(ms=60_000, most=8)["result"] == {**whole, "games": 8}
    game.double()  # the taker's view: the same decision, the cube as before the double
    run = run_mod.open_from_record({**request, "record": game_record(game)})
    assert run.step(ms=60_000, most=8)["result"] == {**whole, "games": 8}
    html = V.panel_html("en", {"status": "done", "games": 8, "done": 8, "result": whole})
    for text in ("No double", "Double, take", "Double, drop", "+1.000", "Too good to double"):
        assert text in html
    assert 'data-rollout-cube="double_take"' in html and "the cube&#x27;s value" in html
    ru = V.panel_html("ru", {"status": "done", "games": 8, "done": 8, "result": whole})
    assert "Удвоение, принять" in ru


def test_a_cube_decision_in_a_match_is_refused():
    position, cube, _ = parse_state(GAMMONISH.replace("money", "0-0/5"))
    game = Game(
        position.variant,
        position=position,
        cube=cube,
        match=parse_state(GAMMONISH.replace("money", "0-0/5"))[2],
    )
    with pytest.raises(RolloutError) as caught:
        run_mod.open_from_record({"games": 36, "cube": True, "record": game_record(game)})
    assert caught.value.code == "rollout_cubeful_match"
