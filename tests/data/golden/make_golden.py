"""Wrote the golden samples in this folder once, with the formats of commit 6ecb45c.

The samples prove that what an earlier version wrote keeps opening: never run this over them
(it refuses to overwrite a file). Run from the repository root:
``PYTHONPATH=. python tests/data/golden/make_golden.py``.
"""

import json
import os
import random
import sys

from nardy_core.engine.game import DOUBLE, MOVE, OPENING, OVER, RESIGN, ROLL, Game
from nardy_core.engine.match import Match
from nardy_core.formats import linkcode
from nardy_core.formats.notation import format_state
from nardy_core.formats.records import export_match, import_match, replay_match
from nardy_core.ui.session import HUMAN, Session
from nardy_core.variants import VARIANTS, get_variant

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from test_linkcode import random_states  # noqa: E402


def write(name, text):
    path = os.path.join(HERE, name)
    if os.path.exists(path):
        raise SystemExit(f"{path} exists: golden samples are never rewritten")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def dump(value):
    """One JSON value per line for a list of samples, compact JSON for a record."""
    if isinstance(value, list):
        return (
            "[\n"
            + ",\n".join(json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value)
            + "\n]\n"
        )
    return json.dumps(value, ensure_ascii=False, sort_keys=True) + "\n"


def state_of(game):
    return format_state(game.position, game.cube, game.match)


def act(game, rng, p_double=0.08, p_resign=0.002):
    """One random action of any kind (a play chosen among legal_plays or step by step)."""
    phase = game.phase
    resign = game.variant.options.values.get("allow_resign", True)
    if phase == OPENING:
        game.opening()
    elif phase == ROLL:
        if game.can_double() and rng.random() < p_double:
            game.double()
        elif resign and rng.random() < p_resign:
            game.resign(rng.choice(game.variant.resign_levels())[0])
        else:
            game.roll()
    elif phase == MOVE:
        if resign and rng.random() < p_resign:
            game.resign()
        elif rng.random() < 0.5:
            game.play(rng.choice(game.legal_plays()))
        else:
            turn = game.turn()
            while not turn.is_complete:
                turn.step(rng.choice(turn.legal_steps()))
            game.play(list(turn.steps))
    elif phase == DOUBLE:
        r = rng.random()
        if game.can_beaver() and r < 0.3:
            game.beaver()
        elif r < 0.8:
            game.take()
        else:
            game.drop()
    elif phase == RESIGN:
        if rng.random() < 0.4:
            game.accept_resignation()
        else:
            game.decline_resignation()


def play_match(key, length, seed, options=None, games=3, actions=400, kind=None):
    rng = random.Random(seed)
    match = Match(
        None if kind else get_variant(key, options or {}),
        length=length,
        seed=f"golden/{seed}",
        kind=kind,
        options=options if kind else None,
    )
    for number in range(games):
        game = match.game
        while not game.is_over and len(game.actions) < actions:
            act(game, rng)
        if not game.is_over or number + 1 == games or match.next_game() is None:
            break
    return match


# --- states: text and link code ------------------------------------------------------------------
def states():
    out = []
    for index, key in enumerate(sorted(VARIANTS)):
        for seed in range(2):
            count = 0
            for p, cube, match in random_states(
                f"golden/{key}/{seed}", key, None if seed else {}, every=25
            ):
                text = format_state(p, cube, match)
                try:
                    code = linkcode.encode_state(p, cube, match)
                except linkcode.LinkCodeError:
                    continue  # an impossible random state
                out.append({"game": key, "text": text, "link": code})
                count += 1
                if count == 3:
                    break
    return out


# --- whole games: link codes and JSON game records -------------------------------------------------
GAMES = [
    # name, game, length, options, seed, game index in the match, actions at most, kind
    ("long-first-game", "long", 3, {}, 1, 0, 400, None),
    ("long-second-game", "long", 3, {}, 2, 1, 400, None),  # starter, colours swapped
    (
        "long-winner-starts",
        "long",
        5,
        {"next_game_starter": "winner", "cube_enabled": "true"},
        3,
        1,
        400,
        None,
    ),
    ("short-cube-match", "short", 7, {}, 4, 1, 400, None),  # opening, score, cube
    ("short-winner-starts", "short", 5, {"next_game_starter": "winner"}, 5, 1, 400, None),
    ("short-money-beaver", "short", 0, {"beaver": "true", "jacoby": "true"}, 6, 0, 400, None),
    ("short-unfinished", "short", 3, {}, 12, 0, 25, None),  # a double to answer
    ("caucasian", "caucasian", 0, {}, 8, 0, 400, None),
    ("fayles", "fayles", 0, {}, 9, 0, 400, None),
    ("tawula", "tawula", 0, {}, 10, 0, 400, None),
    ("tourne-case", "tourne_case", 0, {}, 11, 0, 400, None),
    ("tourne-case-contrary", "tourne_case", 0, {"tourne_rows": "CONTRARY"}, 12, 0, 400, None),
    ("plakoto", "plakoto", 0, {}, 13, 0, 400, None),
    ("plakoto-second-game", "plakoto", 5, {}, 14, 1, 400, None),
    ("gioul", "gioul", 0, {}, 15, 0, 400, None),
    ("gul-bara", "gul_bara", 0, {}, 16, 0, 400, None),
    ("khachapuri", "khachapuri", 0, {"cube_enabled": "true"}, 17, 0, 400, None),
    ("fevga", "fevga", 0, {}, 18, 0, 400, None),
    ("moultezim", "moultezim", 0, {}, 19, 0, 400, None),
    ("portes", "portes", 0, {}, 20, 0, 400, None),
    ("longgammon", "longgammon", 0, {}, 21, 0, 400, None),
    ("irish", "irish", 0, {}, 22, 0, 400, None),
    ("jacquet", "jacquet", 0, {}, 23, 0, 400, None),
    ("dutch", "dutch_tricktrack", 0, {}, 24, 0, 400, None),
    ("russian", "russian_tricktrack", 0, {}, 25, 0, 400, None),
    ("tavli-match-plakoto", None, 5, None, 26, 1, 400, "tavli"),
    ("tavli-match-fevga", None, 7, None, 27, 2, 400, "tavli"),
    ("gul-bara-tapa-match", None, 7, None, 28, 1, 400, "gul_bara_tapa"),
]


def games():
    out = []
    for name, key, length, options, seed, index, actions, kind in GAMES:
        match = play_match(key, length, seed, options, games=index + 1, actions=actions, kind=kind)
        game = match.all_games()[index]
        record = game.to_dict()
        entry = {
            "name": name,
            "record": record,
            "actions": len(game.actions),
            "final": state_of(game),
            "phase": game.phase,
            "result": game.result.to_dict() if game.result else None,
        }
        try:
            entry["link"] = linkcode.encode_game(record)
        except linkcode.LinkCodeError as exc:
            entry["link_error"] = exc.params.get("reason")
        out.append(entry)
    # a game played on from a shared state
    for key, seed in (("short", 29), ("long", 30), ("plakoto", 31)):
        state = list(random_states(f"golden/start/{key}", key, {}, every=30))[1]
        game = Game(
            state[0].variant,
            seed=f"golden/start/{seed}",
            match=state[2],
            position=state[0],
            cube=state[1],
        )
        rng = random.Random(seed)
        while not game.is_over and len(game.actions) < 40:
            act(game, rng)
        record = game.to_dict()
        code = linkcode.encode_game(record)
        out.append(
            {
                "name": f"{key}-from-a-state",
                "record": record,
                "link": code,
                "actions": len(game.actions),
                "final": state_of(game),
                "phase": game.phase,
                "result": game.result.to_dict() if game.result else None,
            }
        )
    return out


# --- saved games (the page's Session.to_dict) ------------------------------------------------------
def drive(session, rng, games, actions=400):
    """Both players people: the page's own path for every action (Session._do)."""
    for number in range(games):
        while not session.game.is_over and len(session.game.actions) < actions:
            game = session.game
            phase = game.phase
            if phase == ROLL:
                if game.can_double() and rng.random() < 0.1:
                    session._do("double")
                else:
                    session._do("roll")
            elif phase == MOVE:
                session._do("play", rng.choice(game.legal_plays()))
            elif phase == DOUBLE:
                r = rng.random()
                session._do(
                    "beaver" if game.can_beaver() and r < 0.3 else "take" if r < 0.8 else "drop"
                )
            elif phase == RESIGN:
                session._do("decline_resignation")
            else:
                session._do("opening")
        if not session.game.is_over or number + 1 == games or session.match_over:
            break
        session.next_game()
    return session


SESSIONS = [
    # name, Session keyword arguments, games
    ("short-match", {"game": "short", "length": 5}, 4),
    (
        "short-money-jacoby-beaver",
        {"game": "short", "options": {"jacoby": "true", "beaver": "true"}},
        2,
    ),
    ("long-match", {"game": "long", "length": 3}, 3),
    (
        "long-options",
        {
            "game": "long",
            "length": 3,
            "options": {
                "cube_enabled": "true",
                "head_exception": "list",
                "next_game_starter": "winner",
            },
        },
        3,
    ),
    ("caucasian", {"game": "caucasian", "length": 3}, 2),
    ("plakoto-match", {"game": "plakoto", "length": 3}, 3),
    ("gioul", {"game": "gioul"}, 1),
    ("tourne-case", {"game": "tourne_case"}, 1),
    ("tavli-match", {"kind": "tavli", "length": 3}, 4),
    ("gul-bara-tapa", {"kind": "gul_bara_tapa", "length": 5}, 3),
    ("no-hints", {"game": "fevga", "length": 3, "hints": False}, 2),
]


def session_expectation(session):
    match = session.match
    return {
        "games": [
            {
                "actions": len(g.actions),
                "final": state_of(g),
                "phase": g.phase,
                "result": g.result.to_dict() if g.result else None,
            }
            for g in match.all_games()
        ],
        "score": list(match.score),
    }


def saved():
    out = {}
    for number, (name, kwargs, count) in enumerate(SESSIONS):
        session = Session(players=(HUMAN, HUMAN), seed=f"golden/session/{number}", **kwargs)
        drive(session, random.Random(number), count)
        out[name] = session
    # played on from a shared state, and a match imported from a file (dice recorded)
    state = list(random_states("golden/start/short-session", "short", {}, every=30))[1]
    session = Session(start=state, players=(HUMAN, HUMAN), seed="golden/session/start")
    out["from-a-state"] = drive(session, random.Random(99), 1, actions=30)
    return out


# --- match files ----------------------------------------------------------------------------------
MATS = [
    ("short-5", "short", 5, {}, 40, 6),
    ("short-money", "short", 0, {"beaver": "true", "jacoby": "true"}, 41, 3),
    ("short-nocube", "short", 3, {"cube_enabled": "false"}, 42, 4),
    ("long-3", "long", 3, {}, 43, 4),
    (
        "long-options",
        "long",
        5,
        {
            "cube_enabled": "true",
            "first_move_dice": "lot_dice",
            "next_game_starter": "lot",
            "last_roll_draw": "true",
        },
        44,
        4,
    ),
    ("caucasian-3", "caucasian", 3, {}, 45, 4),
    ("fayles", "fayles", 0, {}, 46, 2),
    ("tawula", "tawula", 0, {}, 47, 2),
    ("tourne-case", "tourne_case", 0, {}, 48, 1),
    ("plakoto-3", "plakoto", 3, {}, 49, 3),
    ("portes-3", "portes", 3, {}, 50, 3),
    ("fevga", "fevga", 0, {}, 51, 2),
    ("moultezim", "moultezim", 0, {}, 52, 2),
    ("khachapuri", "khachapuri", 0, {}, 53, 2),
    ("longgammon", "longgammon", 3, {}, 54, 3),
    ("irish", "irish", 0, {}, 55, 2),
    ("jacquet", "jacquet", 3, {}, 56, 3),
    ("dutch", "dutch_tricktrack", 0, {}, 57, 2),
    ("russian", "russian_tricktrack", 0, {}, 58, 2),
]


def mats():
    out = []
    for name, key, length, options, seed, count in MATS:
        for attempt in range(20):  # a file that reads back today (some games' files do not)
            match = play_match(key, length, seed * 100 + attempt, options, games=count)
            record = {
                "v": 1,
                "game": key,
                "options": options,
                "length": length,
                "seed": match.seed,
                "players": [HUMAN, HUMAN],
                "games": [[list(a) for a in g.actions] for g in match.all_games()],
                "names": ["Anna", "Boris Petrov"],
            }
            try:
                text = export_match(record)
                back = replay_match(import_match(text))
            except Exception as exc:  # noqa: BLE001 - a file of today that does not read back
                print(f"{name}: attempt {attempt}: {exc}")
                continue
            out.append(
                (
                    name,
                    text,
                    {
                        "games": [
                            {"actions": len(g.actions), "final": state_of(g)}
                            for g in back.all_games()
                        ],
                        "score": list(back.score),
                    },
                )
            )
            break
    return out


def main():
    write("states.json", dump(states()))
    write("games.json", dump(games()))
    files = mats()
    sessions = saved()
    # a match opened from a file: the dice are the file's ("dice": "recorded")
    imported = import_match(dict((name, text) for name, text, _ in files)["long-3"])
    sessions["imported-long-3"] = Session.from_dict(dict(imported, players=[HUMAN, HUMAN]))
    expected = {}
    for name, session in sessions.items():
        write(f"saved/{name}.json", dump(session.to_dict()))
        expected[name] = session_expectation(session)
    write("saved/expected.json", dump(expected))
    expected = {}
    for name, text, expectation in files:
        suffix = "mat" if text.count('[Nardy "') == 0 else "txt"
        write(f"mat/{name}.{suffix}", text)
        expected[f"{name}.{suffix}"] = expectation
    write("mat/expected.json", dump(expected))


if __name__ == "__main__":
    main()
