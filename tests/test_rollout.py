"""Rollouts (nardy_core/analysis/rollout.py, rolloutjobs.py; docs/rollouts.md): determinism,
standard errors, the bear-off database's exact values, candidate plays on shared dice, resuming,
processes, and the command line. Small positions and few trials: each test takes a second or
two. Also run inside Pyodide (tools/pyodide-tests.sh), without the tests that need processes."""

import json
import sys
from dataclasses import replace

import pytest

from helpers import run
from nardy_core import VARIANTS, get_variant
from nardy_core.analysis.rollout import Player, RolloutError, luck_rolls
from nardy_core.analysis.rolloutjobs import rollout
from nardy_core.bots import equity
from nardy_core.bots.bearoff import race_probabilities
from nardy_core.bots.cube import Situation, decide, race_efficiency
from nardy_core.engine.frame import to_frame
from nardy_core.engine.game import Game
from nardy_core.formats.notation import parse_position, parse_state

# a short-nardy bear-off: 5 checkers against 4, a few rolls to the end
BEAROFF = "short 6:3,5:2,off:10 6:2,4:2,off:11 w - 1 money"
# with gammons possible: White has nothing off, Black is on roll and nearly done
BEAROFF_GAMMON = "short 6:5,5:5,4:5 2:2,1:2,off:11 b - 1 money"
# a race just before the bear-off: the trials reach the database within a few rolls
RACE = "short 9:2,8:3,7:3,6:3,5:2,4:2 9:2,8:3,7:3,6:3,5:2,4:2 w - 1 money"
NO_PROCESSES = pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide: no processes")


def exact(state):
    position = parse_position(state)
    probs = race_probabilities(
        position.sides[position.turn][1:7], position.sides[1 - position.turn][1:7]
    )
    return equity(position.variant, probs)


def test_same_seed_same_result_other_seed_other_result():
    position = parse_position(BEAROFF)
    first = rollout(position, games=40, level="beginner", seed="a", truncate=False, luck="none")
    again = rollout(position, games=40, level="beginner", seed="a", truncate=False, luck="none")
    other = rollout(position, games=40, level="beginner", seed="b", truncate=False, luck="none")
    assert json.dumps(first) == json.dumps(again)
    assert first["equity"] != other["equity"]
    assert first["games"] == 40 and first["level"] == "beginner" and first["seed"] == "a"


def test_standard_error_shrinks_as_one_over_root_n(tmp_path):
    save = str(tmp_path / "r.json")
    position = parse_position(BEAROFF_GAMMON)
    args = {"level": "beginner", "seed": "n", "truncate": False, "luck": "none", "save": save}
    small = rollout(position, games=64, **args)
    large = rollout(position, games=256, **args)  # goes on from the 64 saved
    assert large["games"] == 256
    assert 0 < large["se"] < small["se"]
    assert 1.5 < small["se"] / large["se"] < 2.7  # 2 expected


@pytest.mark.parametrize("state", [BEAROFF, BEAROFF_GAMMON])
def test_agrees_with_the_bear_off_database(state):
    position = parse_position(state)
    plain = rollout(
        position, games=300, level="intermediate", seed="x", truncate=False, luck="none"
    )
    assert plain["truncated"] == 0.0
    assert abs(plain["equity"] - exact(state)) <= 3 * plain["se"]
    # truncated at once: the database's value itself, no spread
    truncated = rollout(position, games=5, level="intermediate", seed="x")
    assert truncated["truncated"] == 1.0
    assert truncated["equity"] == pytest.approx(exact(state), abs=1e-6)
    assert truncated["se"] == 0.0


def test_luck_adjustment_shrinks_the_standard_error():
    # played to the end: the luck is judged by the database's exact values
    for state, seed in ((BEAROFF, "1"), (BEAROFF_GAMMON, "2")):
        position = parse_position(state)
        result = rollout(
            position, games=32, level="intermediate", seed=seed, truncate=False, luck="all"
        )
        assert result["se"] < result["se_plain"] / 2
        assert abs(result["equity"] - exact(state)) < 3 * result["se_plain"]
    # a race judged by the network until the database takes over
    result = rollout(parse_position(RACE), games=8, level="intermediate", seed="3", luck="all")
    assert result["truncated"] == 1.0  # every trial reached the database
    assert result["se"] < result["se_plain"]
    assert abs(result["equity"] - result["equity_plain"]) < 3 * result["se_plain"]


def test_jacoby_rule_is_off_in_a_cubeless_rollout():
    jacoby = BEAROFF_GAMMON.replace("short ", "short[jacoby=true] ")
    args = {"games": 16, "level": "beginner", "seed": "J", "truncate": False}
    with_rule = rollout(parse_position(jacoby), **args)
    without = rollout(parse_position(BEAROFF_GAMMON), **args)
    assert with_rule["state"] != without["state"]
    assert with_rule["equity"] == without["equity"]
    assert with_rule["outcomes"] == without["outcomes"]
    assert with_rule["outcomes"]["win"]["gammon"] > 0


def test_gammon_rates_of_a_truncated_race_add_up():
    result = rollout(parse_position(BEAROFF_GAMMON), games=3, level="beginner", seed="g")
    rates = result["outcomes"]
    total = sum(rates["win"].values()) + sum(rates["lose"].values()) + rates["draw"]
    assert total == pytest.approx(1.0)
    assert rates["win"].get("gammon", 0) > 0  # White has nothing off


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_game_rolls_out_from_its_start(key):
    position = get_variant(key).initial_position()
    result = rollout(position, games=2, level="beginner", seed="tiny", luck=1)
    assert result["game"] == key and result["games"] == 2
    assert -20 <= result["equity"] <= 20 and result["se"] >= 0
    rates = result["outcomes"]
    total = sum(rates["win"].values()) + sum(rates["lose"].values()) + rates["draw"]
    assert total == pytest.approx(1.0)


def test_candidates_share_the_dice():
    position = parse_position(RACE).replace(dice=(3, 1))
    result = rollout(position, games=24, level="intermediate", seed="c", top=3)
    plays = result["plays"]
    assert len(plays) == 3 and result["roll"] == [3, 1]
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert result["best"] == plays[0]["play"] and result["equity"] == plays[0]["equity"]
    assert plays[0]["diff"] == 0 and plays[0]["diff_se"] == 0
    for p in plays[1:]:
        assert p["diff"] == pytest.approx(p["equity"] - plays[0]["equity"], abs=2e-6)
        # paired on the same dice: far less noise than two independent rollouts would have
        assert p["diff_se"] < (p["se"] ** 2 + plays[0]["se"] ** 2) ** 0.5
    assert sorted(p["rank"] for p in plays) == [1, 2, 3]


def test_stopped_and_resumed_equals_uninterrupted(tmp_path):
    position = parse_position(BEAROFF_GAMMON)
    args = {"level": "beginner", "seed": "r", "truncate": False, "luck": 2}
    whole = rollout(position, games=30, **args)
    save = str(tmp_path / "r.json")

    def stop(done, games, seconds, left):
        raise KeyboardInterrupt  # stopped after the first batch

    with pytest.raises(KeyboardInterrupt):
        rollout(position, games=30, save=save, progress=stop, **args)
    with open(save) as f:
        assert json.load(f)["tally"]["games"] == 8
    assert rollout(position, games=30, save=save, **args) == whole
    assert rollout(position, games=30, save=save, **args) == whole  # nothing left to play
    with pytest.raises(RolloutError):  # another rollout in the same file
        rollout(position, games=30, save=save, level="beginner", seed="other")


@NO_PROCESSES
def test_processes_give_the_same_result():
    position = parse_position(BEAROFF_GAMMON)
    args = {"games": 24, "level": "beginner", "seed": "j", "truncate": False, "luck": 2}
    assert rollout(position, jobs=2, **args) == rollout(position, jobs=1, **args)


def test_luck_setting():
    assert luck_rolls("auto", "strong") is None
    assert luck_rolls("auto", "beginner") == 0
    assert luck_rolls("all", "beginner") is None and luck_rolls("none", "strong") == 0
    with pytest.raises(RolloutError):
        luck_rolls(-1, "strong")


def test_bad_numbers_are_refused():
    position = parse_position(BEAROFF)
    for bad in ({"games": 0}, {"games": 1_000_001}, {"jobs": 65}, {"level": "x"}, {"top": 0}):
        with pytest.raises(RolloutError):
            rollout(position, **bad)


def test_player_truncates_with_the_game_s_own_outcome_kinds():
    # long nardy: a race lost with nothing off and every checker home is a home mars
    position = parse_position("long 6:1,off:14 6:15 b - - money")
    player = Player(position.variant, "beginner")
    points, outcome, _ = player._race(position, position.turn)
    rates = dict(outcome)
    assert set(rates) == {"lose:oin", "lose:home_mars"}
    assert sum(rates.values()) == pytest.approx(1.0)
    assert points == pytest.approx(-(rates["lose:oin"] + 2 * rates["lose:home_mars"]))


def test_cli_json(capsys):
    rc, out, err = run(
        capsys, "rollout", BEAROFF, "--games", "12", "--level", "beginner", "--no-truncate"
    )
    assert rc == 0
    data = json.loads(out)
    for key in ("equity", "se", "outcomes", "games", "level", "seed", "seconds"):
        assert key in data
    assert data["games"] == 12 and data["truncate"] is False
    assert "12/12 games" in err and "left" in err


def test_cli_roll(capsys):
    rc, out, _ = run(capsys, "rollout", RACE, "--roll", "31", "--games", "4", "--top", "2")
    assert rc == 0
    data = json.loads(out)
    assert data["roll"] == [3, 1] and len(data["plays"]) == 2
    rc, out, _ = run(capsys, "rollout", RACE, "--roll", "31", "--games", "2", "--within", "0")
    assert rc == 0 and len(json.loads(out)["plays"]) == 1  # the best alone (no tie here)


def test_cli_game_key_is_its_start(capsys):
    rc, out, _ = run(capsys, "rollout", "short", "--games", "1", "--level", "beginner")
    assert rc == 0
    assert json.loads(out)["state"].startswith("short 24:2,13:5,8:3,6:5")


@pytest.mark.parametrize(
    "argv",
    [
        ["nonsense"],
        ["short 6:3 6:2 w - 1 money"],  # not 15 checkers
        [BEAROFF, "--roll", "7"],
        [BEAROFF, "--roll", "3"],  # one die
        ["fayles", "--roll", "31"],  # fayles throws three
        [BEAROFF, "--games", "0"],
        [BEAROFF, "--games", "1000001"],
        [BEAROFF, "--jobs", "65"],
        [BEAROFF, "--luck", "some"],
        [RACE, "--roll", "31", "--within", "-1"],
        [RACE, "--roll", "31", "--top", "21"],
        ["short off:15 6:2,4:2,off:11 w - 1 money"],  # over
    ],
)
def test_cli_refuses_bad_input(capsys, argv):
    rc, out, err = run(capsys, "rollout", *argv)
    assert rc == 2 and out == ""
    assert "error:" in err


def test_cli_save_of_another_rollout(capsys, tmp_path):
    save = str(tmp_path / "s.json")
    args = ["--games", "2", "--level", "beginner", "--save", save]
    assert run(capsys, "rollout", BEAROFF, *args)[0] == 0
    rc, _, err = run(capsys, "rollout", BEAROFF, *args, "--seed", "1")
    assert rc == 2 and "error:" in err and "another rollout" in err
    (tmp_path / "bad.json").write_text("[1, 2]")
    rc, _, err = run(capsys, "rollout", BEAROFF, "--save", str(tmp_path / "bad.json"))
    assert rc == 2 and "error:" in err
    # a damaged figure: refused, not a traceback
    with open(save) as f:
        data = json.load(f)
    data["tally"]["plain"] = ["x"]
    (tmp_path / "s.json").write_text(json.dumps(data))
    rc, _, err = run(capsys, "rollout", BEAROFF, *args)
    assert rc == 2 and "damaged" in err


def test_horizon_takes_the_evaluator_s_value_with_the_game_s_kinds():
    # long nardy in mid-game, White on roll: the evaluator's probabilities, as White's points
    # and as Black's (negated, the kinds swapped), every outcome kind one of the game's own
    position = parse_position("long 24:5,19:2,17:3,13:2,11:3 24:6,20:3,16:3,14:3 w - - money")
    player = Player(position.variant, "beginner", horizon=3)
    probs = player.chooser.evaluator.evaluate(
        position.variant, to_frame(position, position.variant.cross)
    )
    mine, outcome, mine_probs = player._horizon(position, 0)
    theirs, other, _ = player._horizon(position, 1)
    assert mine == pytest.approx(equity(position.variant, probs)) and theirs == -mine
    assert tuple(mine_probs) == tuple(probs)
    rates = dict(outcome)
    assert sum(rates.values()) == pytest.approx(1.0)
    assert sum(v for k, v in rates.items() if k.startswith("win:")) == pytest.approx(probs[0])
    assert {k.split(":")[1] for k in rates} <= {"oin", "mars", "koks"}
    assert dict(other)["lose:oin"] == pytest.approx(rates["win:oin"])


def test_a_horizon_stops_every_trial_and_agrees_with_playing_to_the_end():
    # a short-nardy race some rolls before the bear-off: stopped after 2 plays the trials give
    # the evaluator's value there; the same dice played to the end agree within the noise
    position = parse_position(RACE)
    args = {"games": 48, "level": "intermediate", "seed": "h", "luck": "none"}
    cut = rollout(position, horizon=2, **args)
    full = rollout(position, **args)
    assert cut["truncated"] == 1.0 and cut["horizon"] == 2
    assert "horizon" not in full  # the save files of rollouts without one are unchanged
    assert cut["se"] < full["se"]
    assert abs(cut["equity"] - full["equity"]) < 3 * (cut["se"] + full["se"])
    with pytest.raises(RolloutError):
        rollout(position, horizon=0, games=1)


def test_cli_horizon(capsys):
    rc, out, _ = run(capsys, "rollout", "long", "--games", "3", "--horizon", "4")
    assert rc == 0
    data = json.loads(out)
    assert data["horizon"] == 4 and data["truncated"] == 1.0
    rc, out, err = run(capsys, "rollout", "long", "--horizon", "0")
    assert rc == 2 and out == "" and "error:" in err


# --- cubeful rollouts and cube decisions ---------------------------------------------------------
# White bearing off, Black still bringing checkers home: White wins nearly always, with gammons
GAMMONISH = "short 6:3,5:3,4:3,3:3,2:3 9:3,8:3,7:3,6:3,5:3 w - 1 money"
# a bear-off race: the trials stop at once, on the database's probabilities
CLOSE_RACE = "short 6:2,5:2,4:2,3:1,off:8 6:2,5:2,4:2,3:2,off:7 w - 1 money"


def test_a_cube_decision_too_good_to_double():
    position, cube, match = parse_state(GAMMONISH)
    out = rollout(position, games=60, level="beginner", seed="c", decision="cube", cube=cube)
    nd, dt = out["no_double"]["equity"], out["double_take"]["equity"]
    assert out["decision"] == "cube" and out["cubeful"] and out["double_pass"] == 1.0
    assert nd > 1.0 and dt > 2.0  # the gammons are worth more than the point a pass gives
    assert out["action"] == "too good to double, pass" and out["equity"] == nd
    assert out["take_minus_no_double"] == pytest.approx(dt - nd, abs=1e-5)
    assert out["cube"] == {"value": 1, "owner": "centre"}


def test_a_cube_decision_at_the_database_is_the_cube_model_s():
    # every trial stops before its first roll: no double and double/take are the model's values
    # of the database's probabilities, the first with the roller barred from doubling
    position, cube, _ = parse_state(CLOSE_RACE)
    out = rollout(position, games=4, level="beginner", decision="cube", cube=cube)
    game = Game(position.variant, position=position, cube=cube)
    probs = race_probabilities(position.sides[0][1:7], position.sides[1][1:7])
    situation = replace(Situation.of(game, 0), access_a=False)
    nd = decide(situation, probs, race_efficiency(position))[0]
    dt = decide(replace(situation, cube=2, owner="B"), probs, race_efficiency(position))[0]
    assert out["no_double"]["equity"] == pytest.approx(nd, abs=1e-5)
    assert out["double_take"]["equity"] == pytest.approx(dt, abs=1e-5)
    assert out["no_double"]["se"] == 0.0 and out["no_double"]["truncated"] == 1.0


def test_a_cubeful_rollout_doubles_and_scores_the_cube():
    # the same gammonish position played with the cube: the roller doubles out later, so the
    # cubeful equity is below the cubeless one and some trials end on a pass (one cube value)
    position, cube, _ = parse_state(GAMMONISH)
    args = {"games": 60, "level": "beginner", "seed": "c", "luck": "none"}
    cubeful = rollout(position, cubeful=True, cube=cube, **args)
    cubeless = rollout(position, **args)
    assert cubeful["cubeful"] and "cubeful" not in cubeless
    assert 1.0 <= cubeful["equity"] < cubeless["equity"]


@pytest.mark.parametrize(
    "state,kwargs,code",
    [
        ("long", {"cubeful": True}, "rollout_no_cube"),
        (GAMMONISH.replace("money", "0-0/5"), {"cubeful": True}, "rollout_cubeful_match"),
        (GAMMONISH.replace(" - 1 ", " 31 1 "), {"decision": "cube"}, "rollout_cube_dice"),
        (GAMMONISH.replace(" 1 money", " 2b money"), {"decision": "cube"}, "rollout_no_double"),
        (GAMMONISH.replace(" 1 money", " 1!w money"), {"cubeful": True}, "rollout_double_pending"),
    ],
)
def test_cubeful_refusals(state, kwargs, code):
    if state in VARIANTS:
        position, cube, match = get_variant(state).initial_position(), None, None
    else:
        position, cube, match = parse_state(state)
    with pytest.raises(RolloutError) as caught:
        rollout(position, games=1, cube=cube, match=match, **kwargs)
    assert caught.value.code == code


def test_cli_cube_decision(capsys):
    rc, out, _ = run(capsys, "rollout", GAMMONISH, "--cube-decision", "--games", "6")
    assert rc == 0
    data = json.loads(out)
    assert data["decision"] == "cube" and data["action"].endswith("pass")
    rc, out, err = run(capsys, "rollout", GAMMONISH, "--cubeful", "--roll", "31", "--games", "2")
    assert rc == 0 and json.loads(out)["cubeful"] and len(json.loads(out)["plays"]) >= 1
    rc, out, err = run(capsys, "rollout", "long", "--cubeful", "--games", "2")
    assert rc == 2 and "without the cube" in err


def test_the_0ply_player_plays_the_evaluator_s_own_choice_without_noise(capsys):
    # the same trials whatever the seed of the player (no noise), only the dice differ
    position = parse_position(RACE)
    a = rollout(position, games=6, level="0ply", seed="d", luck="none")
    b = rollout(position, games=6, level="0ply", seed="d", luck="none")
    assert a == b and a["level"] == "0ply"
    assert luck_rolls("auto", "0ply") == 0
    rc, out, _ = run(capsys, "rollout", RACE, "--level", "0ply", "--games", "2", "--roll", "31")
    assert rc == 0 and json.loads(out)["level"] == "0ply"
