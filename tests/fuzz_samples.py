"""Valid samples of every format a decoder reads: the seeds that the fuzz tests
(tests/test_fuzz_decoders.py) and the coverage-guided fuzzer (fuzz/run.py) mutate. Made from
random games of every game key by the engine itself, so they follow the formats as they are."""

from __future__ import annotations

import json
import os
import random

from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.match import MatchScore
from nardy_core.engine.movegen import legal_plays
from nardy_core.formats import gnubgcodes, linkcode, notation, records
from nardy_core.formats.record import game_record
from nardy_core.ui.session import HUMAN, Session
from nardy_core.variants import VARIANTS, get_variant

# a few non-default options, so that option fields are in the seeds too
OPTIONS = {
    "long": {"head_exception": "list", "cube_enabled": True},
    "gioul": {"escalation_lookahead": "FULL"},
    "tawula": {"tawula_entry": "FALKENER"},
    "tourne_case": {"tourne_rows": "CONTRARY"},
    "dutch_tricktrack": {"dutch_entry": "FREE"},
    "gul_bara": {"escalation_lookahead": "FULL"},
    "russian_tricktrack": {"russian_rules": "RUSSIAN_HOYLE"},
}


def _play_at_random(game, rng):
    """A random play of the roll: among the legal plays, or by random steps of the step
    interface where the roll is a long list (its plays are never listed: a whole escalating
    double, a Russian complement double)."""
    turn = game.turn()
    if turn.legality.listed:
        game.play(rng.choice(game.legal_plays()))
        return
    turn = turn.fresh()
    while not turn.is_complete:
        turn.step(rng.choice(turn.legal_steps()))
    game.play(turn.steps)


def random_game(key, seed, options=None, length=0, cap=400):
    """A game of ``key`` played at random (at most ``cap`` actions) and the positions it met."""
    variant = get_variant(key, options or {})
    rng = random.Random(seed)
    game = Game(variant, seed=seed, match=MatchScore(length) if length else None)
    positions = []
    while game.phase not in (OVER,) and len(game.actions) < cap:
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            positions.append(game.position)
            _play_at_random(game, rng)
        else:
            break
    return game, positions


def play_positions():
    """Positions with a roll to play, one per game key (the play-text target's table)."""
    out = []
    for key in sorted(VARIANTS):
        _, positions = random_game(key, f"play/{key}")
        out.append(positions[len(positions) // 3])
    return out


def samples(target):
    """The valid samples of ``target`` (a name of fuzz/run.py's targets), as text or bytes."""
    keys = sorted(VARIANTS)
    if target == "state_text":
        for key in keys:
            _, positions = random_game(key, f"state/{key}", OPTIONS.get(key))
            for p in positions[::15]:
                yield notation.format_state(p)
    elif target == "link":
        for key in keys:
            game, positions = random_game(key, f"link/{key}", OPTIONS.get(key), cap=60)
            for p in positions[::20]:
                yield linkcode.encode_state(p)
            record = game_record(game)
            try:
                yield linkcode.encode_game(record)
            except Exception:  # a record the link cannot carry: not a seed
                pass
    elif target == "friend_link":
        yield from _friend_links()
    elif target == "gnubg":
        for i in range(8):
            _, positions = random_game("short", f"gnubg/{i}")
            for p in positions[::10]:
                yield gnubgcodes.format_gnubg_id(p)
                yield gnubgcodes.format_xgid(p)
    elif target == "play_text":
        positions = play_positions()
        for i, p in enumerate(positions):
            for play in legal_plays(p)[:5]:
                yield bytes([i]) + str(play).encode()
    elif target == "mat":
        for key in (
            "short",
            "long",
            "caucasian",
            "portes",
            "plakoto",
            "fevga",
            "tawula",
            "tourne_case",
            "jacquet",
        ):
            session = _session(key, f"mat/{key}")
            try:
                yield records.export_match(session.to_dict())
            except Exception:  # a game the .mat format cannot carry: not a seed
                pass
    elif target in ("saved_game", "record_json"):
        for key in keys:
            yield json.dumps(_session(key, f"saved/{key}", OPTIONS.get(key)).to_dict())
        yield json.dumps(_session("short", "saved/match", length=3).to_dict())
    elif target == "vector_file":
        for name in ("short", "long", "gioul", "tourne_case"):
            path = os.path.join(
                os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                "tests",
                "data",
                "variant_vectors",
                f"{name}.json",
            )
            if os.path.exists(path):
                data = json.load(open(path, encoding="utf-8"))
                data["vectors"] = data.get("vectors", [])[:3]
                yield json.dumps(data)
    elif target == "cli":
        _, positions = random_game("short", "cli")
        state = notation.format_state(positions[5])
        for argv in (
            ["codes", state],
            ["legal", state],
            ["choose", state, "--level", "beginner"],
            ["verify-dice", "00" * 16, "ab" * 32],
            ["play", "--match", "3"],
            ["selfplay", "1", "--game", "short"],
        ):
            yield "\0".join(argv)


def _session(key, seed, options=None, length=0):
    """A saved game of ``key``: both sides played at random by the engine through the
    session, so the record is the page's own."""
    session = Session(key, options=options, length=length, players=(HUMAN, HUMAN), seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        game = session.game
        if game.phase == ROLL:
            session.roll()
        elif game.phase == MOVE:
            _play_at_random(game, rng)
        else:
            break
    return session


def write_corpus(target, folder) -> str:
    """Write the seeds of ``target`` to ``folder`` (once) and return it."""
    os.makedirs(folder, exist_ok=True)
    if not os.listdir(folder):
        for i, sample in enumerate(samples(target)):
            data = sample if isinstance(sample, bytes) else sample.encode()
            with open(os.path.join(folder, f"seed-{i:04d}"), "wb") as f:
                f.write(data)
    return folder


def _friend_links():
    """An invitation and the first links of a short nardy game with a friend, in both encodings
    (binary, and the deflated JSON still read)."""
    from nardy_core.friends.protocol import FriendGame, pack, unpack

    rng = random.Random("friend")
    ann = FriendGame.invite("short", {}, 3, "Ann")
    bob = FriendGame.accept(ann.invitation_link(), "Bob")
    links = [ann.invitation_link(), bob.link()]
    devices, sender = [ann, bob], 1
    for _ in range(8):
        receiver = devices[1 - sender]
        receiver.receive(links[-1])
        while receiver.my_turn:
            game = receiver.match.game
            if game.phase == MOVE:
                play = rng.choice(game.legal_plays())
                receiver.act("play", [list(s) for s in play.steps])
            else:
                receiver.act("roll")
        links.append(receiver.link())
        sender = receiver.me
    for code in links:
        yield code
        yield pack(unpack(code))
