"""Running a rollout: batches of trials, in processes on CPython (``jobs``), checkpoints in a
save file that a rerun continues from, and the result as JSON-ready data (docs/rollouts.md).

Trials are added to the sums in trial order whatever ran them, so the result depends only on
the state, the options, the seed and the number of games: not on ``jobs``, the batches, or where
a run was stopped and resumed.
"""

from __future__ import annotations

import json
import os
import sys
import time

from ..engine.cube import CubeState, double_refusal
from ..engine.score import MatchScore
from ..engine.turn import Turn
from ..formats.inputs import read_json_file
from ..formats.notation import format_state, parse_state
from .rollout import (
    MAX_GAMES,
    MAX_HORIZON,
    MAX_JOBS,
    MAX_TOP,
    ROLLOUT_LEVELS,
    Candidate,
    Player,
    RolloutError,
    Tally,
    candidates,
    luck_rolls,
    start_position,
)

BATCH = 8  # trials per process between checkpoints
SAVE_VERSION = 1
DIGITS = 6  # rounding of the figures in the result (the save file keeps every digit)


def check_range(name, value, low, high):
    """RolloutError ``rollout_<name>`` unless ``value`` is a whole number from low to high."""
    if type(value) is not int or not low <= value <= high:
        raise RolloutError(
            f"{name} must be a whole number from {low} to {high}, not {value!r:.40}",
            code=f"rollout_{name}",
            low=low,
            high=high,
        )


def rollout(
    position,
    games=324,
    level="intermediate",
    seed="0",
    jobs=1,
    luck="auto",
    truncate=True,
    top=5,
    within=None,
    save=None,
    progress=None,
    horizon=None,
    cubeful=False,
    cube=None,
    match=None,
    decision=None,
) -> dict:
    """Roll ``position`` out ``games`` times at bot ``level``; see ``result`` for what comes
    back. ``luck``: the luck adjustment (``rollout.luck_rolls``). A position with dice (or units pending) compares the chooser's ``top`` best plays
    (those within ``within`` points of the best, when given) on the same dice. ``save``: a file
    to checkpoint into after every batch and to go on from when it holds this rollout.
    ``horizon``: stop each trial after that many plays and take the evaluator's value.
    ``cubeful``: play with the cube (money games), ``cube`` (a ``CubeState``, default centred)
    as it stands; ``decision="cube"``: the side on roll's cube decision (cubeful).
    ``match``: the state's ``MatchScore``, to refuse a cubeful rollout at a match score.
    ``progress(done, games, seconds, seconds_left)`` is called after every batch."""
    check_range("games", games, 1, MAX_GAMES)
    check_range("jobs", jobs, 1, MAX_JOBS)
    if sys.platform == "emscripten":  # Pyodide: no processes
        jobs = 1
    position, spec, columns, names = plan(
        position,
        level,
        seed,
        luck,
        truncate,
        top,
        within,
        horizon=horizon,
        cubeful=cubeful,
        cube=cube,
        match=match,
        decision=decision,
    )
    tally, seconds = _resume(save, spec, len(columns))
    started = time.perf_counter()
    done_before = tally.games
    task = (spec, columns)
    pool = None
    try:
        if jobs > 1 and tally.games < games:
            # start-up: processes are only for rollouts that ask for them
            from multiprocessing import Pool

            pool = Pool(jobs, initializer=_init, initargs=(task,))
        else:
            _init(task)
        while tally.games < games:
            batch = range(tally.games, min(games, tally.games + BATCH * jobs))
            if pool is not None:
                results = pool.map(_trials, batch, chunksize=1)
            else:
                results = [_trials(i) for i in batch]
            for trials in results:
                tally.add(trials)
            elapsed = time.perf_counter() - started
            if save is not None:
                _save(save, spec, tally, seconds + elapsed)
            if progress is not None:
                rate = elapsed / (tally.games - done_before)
                progress(tally.games, games, elapsed, rate * (games - tally.games))
    finally:
        if pool is not None:
            pool.terminate()
    return result(spec, tally, position, names)


def plan(
    position,
    level="intermediate",
    seed="0",
    luck="auto",
    truncate=True,
    top=5,
    within=None,
    plays=None,
    horizon=None,
    cubeful=False,
    cube=None,
    match=None,
    decision=None,
):
    """A rollout's inputs checked: ``(position, spec, candidates, names)``: the start
    position, what identifies the rollout (its save files' ``spec``), each column's
    ``Candidate`` (one with no roll: the side rolls; no double and double/take for a cube
    decision) and its name. ``plays``: the candidates' steps (from the start of the turn)
    instead of the chooser's ``top`` best, e.g. the plays a hint showed."""
    check_range("top", top, 1, MAX_TOP)
    if horizon is not None:
        check_range("horizon", horizon, 1, MAX_HORIZON)
    if level not in ROLLOUT_LEVELS:
        raise RolloutError(
            f"no bot level {level!r:.40} (choose {', '.join(ROLLOUT_LEVELS)})",
            code="rollout_level",
        )
    luck = luck_rolls(luck, level)
    position = start_position(position)
    seed = str(seed)
    cubeful = cubeful or decision == "cube"
    cube = _check_cube(position, cubeful, cube, match, decision)
    held = (cube.value, cube.owner) if cubeful else None
    if decision == "cube":
        raised = (2 * cube.value, 1 - position.turn)
        columns = [Candidate(None, held, True), Candidate(None, raised)]
        names = list(CUBE_COLUMNS)
    elif position.dice or position.pending:
        if plays is None:
            made = [r.play for r in candidates(position, level, seed, top, within)]
        elif not plays or len(plays) > MAX_TOP:
            raise RolloutError(
                f"a rollout compares 1 to {MAX_TOP} plays", code="rollout_top", low=1, high=MAX_TOP
            )
        else:
            made = [_play_of(position, p) for p in plays]
        columns = [Candidate(tuple(tuple(s) for s in p.steps), held) for p in made]
        names = [p.notation() for p in made]
    else:
        columns, names = [Candidate(None, held)], []  # no play: the side rolls
    spec = {
        "state": format_state(position),
        "level": level,
        "seed": seed,
        "luck": "all" if luck is None else luck,
        "truncate": bool(truncate),
        "plays": names,
    }
    # only when set: the save files of before stay readable
    if horizon is not None:
        spec["horizon"] = horizon
    if cubeful:
        spec["cube"] = list(held)
    if decision == "cube":
        spec["decision"] = "cube"
    return position, spec, columns, names


CUBE_COLUMNS = ("no double", "double, take")


def _check_cube(position, cubeful, cube, match, decision):
    """The cube a cubeful rollout starts with (centred at 1 by default), checked."""
    cube = cube or CubeState()
    if not cubeful:
        return cube
    variant = position.variant
    if not variant.cube_enabled:
        raise RolloutError(
            f"{variant.key} is played without the cube here: roll it out cubeless",
            code="rollout_no_cube",
        )
    if match is not None and not match.is_money:
        raise RolloutError(
            "cubeful rollouts are for money games; at a match score roll out cubeless",
            code="rollout_cubeful_match",
        )
    if cube.offered_by is not None:
        raise RolloutError(
            "a double is waiting for its answer: roll out the position before the double",
            code="rollout_double_pending",
        )
    if decision == "cube":
        if position.dice or position.pending:
            raise RolloutError(
                "a cube decision is taken before the roll: give a position without dice",
                code="rollout_cube_dice",
            )
        refusal = double_refusal(
            variant, cube, match or MatchScore(), position.turn, position.turn_number
        )
        if refusal is not None:
            raise RolloutError(
                f"the side on roll cannot double here ({refusal[1]})", code="rollout_no_double"
            )
    return cube


def _play_of(position, steps):
    """The legal play of ``steps`` (from the start of the turn) on ``position``."""
    turn = Turn(position)
    for step in steps:
        turn.step(tuple(step))
    if not turn.is_complete:
        raise RolloutError("a play to roll out is not a whole play", code="rollout_play")
    return turn.play()


# --- the trials (in this process or a worker) ------------------------------------------------
_TASK: dict = {}


def player_of(spec):
    """(start position, ``Player``) of a rollout's ``spec``: the trials start from the state's
    text read back, in this process or a worker."""
    position = parse_state(spec["state"])[0]
    luck = None if spec["luck"] == "all" else spec["luck"]
    player = Player(
        position.variant,
        spec["level"],
        spec["seed"],
        luck,
        spec["truncate"],
        spec.get("horizon"),
        "cube" in spec,
    )
    return position, player


def _init(task):
    if _TASK.get("task") != task:
        spec, columns = task
        position, player = player_of(spec)
        _TASK.update(task=task, position=position, player=player, seed=spec["seed"])
        _TASK["columns"] = columns


def _trials(index):
    """Trial ``index`` of every candidate, on the same dice."""
    return _TASK["player"].trials(_TASK["position"], _TASK["columns"], _TASK["seed"], index)


# --- save files ------------------------------------------------------------------------------
def _resume(path, spec, count):
    if path is None or not os.path.exists(path):
        return Tally(count), 0.0
    data = read_json_file(path)
    if not isinstance(data, dict) or data.get("rollout") != SAVE_VERSION:
        raise RolloutError(f"{path} is not a rollout's save file", code="rollout_save")
    if data.get("spec") != spec:
        raise RolloutError(
            f"{path} holds another rollout (state, level, seed, luck, truncation or plays "
            "differ): name another file to start this one",
            code="rollout_save_other",
        )
    seconds = data.get("seconds", 0.0)
    if not isinstance(seconds, (int, float)):
        seconds = 0.0
    return Tally.from_json(data.get("tally"), count), float(seconds)


def _save(path, spec, tally, seconds):
    """Written whole to a temporary file and then renamed over the old one: a stop at any
    moment leaves the last checkpoint or this one, never half a file."""
    data = {"rollout": SAVE_VERSION, "spec": spec, "seconds": seconds, "tally": tally.to_json()}
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(temporary, path)


# --- the result --------------------------------------------------------------------------------
def _r(x):
    return round(x, DIGITS)


def _figures(tally, c):
    equity, se = tally.mean_se(c)
    plain, se_plain = tally.mean_se(c, adjusted=False)
    rates = tally.rates(c)
    return {
        "equity": _r(equity),
        "se": _r(se),
        "equity_plain": _r(plain),
        "se_plain": _r(se_plain),
        "win": _r(sum(rates["win"].values())),
        "outcomes": {
            "win": {k: _r(v) for k, v in rates["win"].items()},
            "lose": {k: _r(v) for k, v in rates["lose"].items()},
            "draw": _r(rates["draw"]),
        },
        "truncated": _r(tally.truncated[c] / tally.games),
    }


def _owner(colour):
    return "centre" if colour is None else ("white", "black")[colour]


def _cube_decision(spec, tally) -> dict:
    """A cube decision's figures, from the side on roll's point of view in points (the cube's
    value included): no double and double/take rolled out on the same dice, double/pass the
    cube's value; the proper action and answer as GNU Backgammon names them."""
    value = spec["cube"][0]
    no_double, take = _figures(tally, 0), _figures(tally, 1)
    nd, dt, dp = no_double["equity"], take["equity"], float(value)
    diff, diff_se = tally.diff_se(1, 0)
    response = "take" if dt <= dp else "pass"
    if min(dt, dp) > nd:
        action, best = f"double, {response}", min(dt, dp)
    elif nd >= dp and dt > dp:
        action, best = "too good to double, pass", nd
    else:
        action, best = f"no double, {response}", nd
    best_se = take["se"] if best == dt and best != nd else 0.0 if best == dp else no_double["se"]
    return {
        "decision": "cube",
        "action": action,
        "equity": _r(best),
        "se": _r(best_se),
        "no_double": no_double,
        "double_take": take,
        "double_pass": _r(dp),
        "take_minus_no_double": _r(diff),
        "take_minus_no_double_se": _r(diff_se),
    }


def result(spec, tally, position, names) -> dict:
    """The rollout as data: ``equity`` (cubeless points per game for the side on roll, luck
    adjusted when ``luck``) and its ``se``; ``equity_plain`` and ``se_plain`` without the
    adjustment; ``win`` and ``outcomes`` (rates of each of the game's outcome kinds won and
    lost, and of draws); ``truncated`` (the share of trials the database or the ``horizon``
    finished). With a roll,
    ``plays`` holds those figures for each candidate, best first, with ``diff`` and ``diff_se``
    against the best (paired: the same dice), and the top level is the best play's."""
    out = {
        "state": spec["state"],
        "game": position.variant.key,
        "level": spec["level"],
        "seed": spec["seed"],
        "games": tally.games,
        "luck": spec["luck"],
        "truncate": spec["truncate"],
    }
    if "horizon" in spec:
        out["horizon"] = spec["horizon"]
    if "cube" in spec:
        out["cubeful"] = True
        out["cube"] = {"value": spec["cube"][0], "owner": _owner(spec["cube"][1])}
    if spec.get("decision") == "cube":
        out.update(_cube_decision(spec, tally))
        return out
    if not names:
        out.update(_figures(tally, 0))
        return out
    order = sorted(range(len(names)), key=lambda c: (-tally.mean_se(c)[0], c))
    best = order[0]
    plays = []
    for c in order:
        item = {"play": names[c], "rank": c + 1, **_figures(tally, c)}
        diff, diff_se = tally.diff_se(c, best)
        item["diff"], item["diff_se"] = _r(diff), _r(diff_se)
        plays.append(item)
    out["roll"] = list(position.dice) if position.dice else None
    out["best"] = names[best]
    out.update({k: v for k, v in plays[0].items() if k not in ("play", "rank", "diff", "diff_se")})
    out["plays"] = plays
    return out
