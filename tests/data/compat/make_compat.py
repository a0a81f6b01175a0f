"""Wrote the compatibility samples in this folder once, with the code of commit 6d399ea (the
version before the one record model, issue 21): saved page entries (``pagerecords.save_entry``),
whole-game links (``linkcode.encode_game``), game records (``Game.to_dict``) and a match file
(``records.export_match``), with what each opened to then (``expected.json``).
``tests/test_compat.py`` checks that the code of today opens each to the same thing.

Never rewrite them to follow a format change (this script refuses to overwrite a file). Run
from the repository root: ``PYTHONPATH=. python tests/data/compat/make_compat.py``.
"""

import hashlib
import json
import os
import random
import sys

from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL
from nardy_core.formats import linkcode, records
from nardy_core.formats.notation import format_state
from nardy_core.ui import pagerecords, share
from nardy_core.ui.botservice import BotService
from nardy_core.ui.session import HUMAN, Session

BOTS = BotService()
HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, text):
    path = os.path.join(HERE, name)
    if os.path.exists(path):
        raise SystemExit(f"{path} exists: compatibility samples are never rewritten")
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def act(session, rng, p_double=0.15, resign_at=None):
    """One random decision of a person (every player is a person)."""
    game = session.game
    phase = game.phase
    if session.waiting_for_bot():
        session.apply_bot(BOTS.decide(session.bot_request()))
        return
    if phase == ROLL:
        if game.can_double() and rng.random() < p_double:
            session.double()
        elif resign_at is not None and len(game.actions) >= resign_at:
            session.resign()
        else:
            session.roll()
    elif phase == MOVE:
        if resign_at is not None and len(game.actions) >= resign_at:
            session.resign()
            return
        plays = game.legal_plays()
        steps = rng.choice(plays).steps
        turn = game.turn()
        turn.reset()
        for step in steps:
            turn.step(tuple(step))
        session.confirm()
    elif phase == DOUBLE:
        r = rng.random()
        if game.can_beaver() and r < 0.3:
            session.beaver()
        elif r < 0.85:
            session.take()
        else:
            session.drop()
    elif phase == RESIGN:
        if rng.random() < 0.5 or len(game.actions) > (resign_at or 0) + 6:
            session.accept_resignation()
        else:
            session.decline_resignation()
    else:
        raise AssertionError(phase)


def play(session, seed, games=3, actions=300, resign_at=None, p_double=0.15, stop_at=None):
    rng = random.Random(seed)
    for number in range(games):
        while not session.game.is_over and len(session.game.actions) < actions:
            if stop_at is not None and number + 1 == games and len(session.game.actions) >= stop_at:
                return session
            act(session, rng, p_double, resign_at)
        if not session.game.is_over or number + 1 == games or session.match_over:
            break
        session.next_game()
    return session


def digest(actions):
    """The actions' count and a hash of their JSON (the actions themselves are in the file)."""
    text = json.dumps([list(a) for a in actions], sort_keys=True)
    return [len(actions), hashlib.sha256(text.encode()).hexdigest()[:16]]


def opened(session):
    """What a restored session shows: every game's actions, the state on the board, the
    phase, the score and the result."""
    game = session.game
    return {
        "games": [digest(g.actions) for g in session.match.all_games()],
        "state": format_state(game.position, game.cube, game.match),
        "phase": game.phase,
        "score": session.projected_score(),
        "result": game.result.to_dict() if game.result else None,
    }


def opened_game(game):
    return {
        "actions": digest(game.actions),
        "state": format_state(game.position, game.cube, game.match),
        "phase": game.phase,
        "result": game.result.to_dict() if game.result else None,
    }


PREFS = {"auto_roll": False, "auto_forced": False}


def sessions():
    both = (HUMAN, HUMAN)
    out = {}
    out["short-match"] = play(
        Session("short", length=5, players=both, seed="compat/1", prefs=PREFS), 1, games=3
    )
    out["short-money-cube"] = play(
        Session(
            "short",
            {"jacoby": "on", "beaver": "on"},
            length=0,
            players=both,
            seed="compat/2",
            prefs=PREFS,
        ),
        2,
        games=2,
        p_double=0.3,
    )
    out["short-resign"] = play(
        Session("short", length=3, players=both, seed="compat/3", prefs=PREFS),
        3,
        games=1,
        resign_at=20,
    )
    out["long-unfinished"] = play(
        Session("long", length=3, players=("human", "beginner"), seed="compat/4", prefs=PREFS),
        4,
        games=1,
        stop_at=41,
    )
    out["tavli-match"] = play(
        Session(kind="tavli", length=3, players=both, seed="compat/5", prefs=PREFS), 5, games=3
    )
    out["gul-bara-tapa"] = play(
        Session(kind="gul_bara_tapa", length=5, players=both, seed="compat/6", prefs=PREFS),
        6,
        games=2,
    )
    out["plakoto-nohints"] = play(
        Session("plakoto", length=0, players=both, seed="compat/7", prefs=PREFS, hints=False),
        7,
        games=1,
    )
    # a position played on, and a shared later game of a match (first_game), opened by link
    base = out["short-match"]
    later = base.match.all_games()[1]
    kind, payload = share.read("g=" + linkcode.encode_game(later.to_dict()))
    out["opened-later-game"] = play(
        share.session_from(kind, payload, both, PREFS), 8, games=1, stop_at=len(later.actions) + 10
    )
    mid = base.match.all_games()[0]
    state = "p=" + linkcode.encode_state(
        mid.position if not mid.is_over else mid.variant.initial_position(), mid.cube, mid.match
    )
    kind, payload = share.read(state)
    out["from-a-state"] = play(share.session_from(kind, payload, both, PREFS), 9, games=1)
    # an imported match file: recorded dice
    text = records.export_match(out["short-match"].to_dict())
    kind, payload = share.decode("file", text)
    out["imported-mat"], _ = share.opened(kind, payload, both, PREFS)
    return out


def main():
    expected = {"saved": {}, "links": {}, "game_records": {}, "mat": {}}
    links, game_records = {}, {}
    for name, session in sessions().items():
        entry = pagerecords.save_entry(session, "en", 1_700_000_000_000)
        write(f"saved-{name}.json", json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
        expected["saved"][name] = opened(session)
        for index, game in enumerate(session.match.all_games()):
            key = f"{name}/{index + 1}"
            code = linkcode.encode_game(game.to_dict())
            links[key] = "#g=" + code
            game_records[key] = game.to_dict()
            expected["links"][key] = opened_game(game)
            expected["game_records"][key] = opened_game(game)
    write("links.json", json.dumps(links, indent=0, sort_keys=True) + "\n")
    write("game_records.json", json.dumps(game_records, sort_keys=True) + "\n")
    source = Session("short", length=5, players=(HUMAN, HUMAN), seed="compat/1", prefs=PREFS)
    play(source, 1, games=3)
    text = records.export_match(source.to_dict())
    write("short-match.mat", text)
    match = records.replay_match(records.import_match(text))
    expected["mat"]["short-match.mat"] = {
        "games": [digest(g.actions) for g in match.all_games()],
        "score": list(match.score),
        "state": format_state(match.game.position, match.game.cube, match.game.match),
    }
    write("expected.json", json.dumps(expected, sort_keys=True, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
