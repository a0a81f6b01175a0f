"""Fuzzing in the suite: mutated valid samples of every decoder's format (tests/fuzz_samples.py)
must give a result or a ``NardyError``, never another exception, a hang or runaway memory.

The mutations are the classic ones (flip, insert, delete, duplicate, splice two samples, cut),
made from a fixed seed so that a failure is reproducible; ``NARDY_HEAVY=1`` tries 50 times as
many. A failure names the input; it then becomes a regression test of its own. The hour-long
coverage-guided run is fuzz/run.py (docs/fuzzing.md).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest

from fuzz_samples import samples
from nardy_core.engine.errors import NardyError
from nardy_core.formats import gnubgcodes, linkcode, notation, records
from nardy_core.friends.protocol import unpack as unpack_friend_link
from nardy_core.ui.session import Session

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
MUTANTS = 200 * (50 if HEAVY else 1)
# generous: a decoder bounded by its input's size answers in milliseconds; a hang is minutes
HANG_SECONDS = 20

_ALPHABET = (
    b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~:/*,;=[]{}\"' "
    b"\n\t\x00\xff\xc3\xa9\xe2\x82\xac"
)


def _saved_game(text):
    try:
        data = json.loads(text)
    except ValueError:  # not JSON: the page's storage reader refuses it before this point
        return
    Session.from_dict(data)


def _mat(text):
    records.import_match(text)


DECODERS = {
    "friend_link": unpack_friend_link,
    "state_text": notation.parse_state,
    "link": linkcode.decode_link,
    "gnubg": gnubgcodes.parse_any,
    "mat": _mat,
    "saved_game": _saved_game,
}


def mutate(rng: random.Random, data: bytes, others: list) -> bytes:
    for _ in range(rng.choice((1, 1, 2, 3, 8))):
        op = rng.randrange(7)
        i = rng.randrange(len(data) + 1)
        if op == 0 and data:  # flip a byte
            i = min(i, len(data) - 1)
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
        elif op == 1:  # insert a byte of the formats' alphabet
            data = data[:i] + bytes([rng.choice(_ALPHABET)]) + data[i:]
        elif op == 2:  # delete a run
            data = data[:i] + data[i + rng.randint(1, 8) :]
        elif op == 3 and data:  # duplicate a chunk
            j = rng.randrange(len(data))
            chunk = data[j : j + rng.randint(1, 40)]
            data = data[:i] + chunk * rng.randint(1, 50) + data[i:]
        elif op == 4 and others:  # splice in part of another sample
            other = rng.choice(others)
            j = rng.randrange(len(other) + 1)
            data = data[:i] + other[j : j + rng.randint(1, 200)]
        elif op == 5:  # cut
            data = data[:i]
        else:  # replace a number by a large one
            data = data[:i] + str(rng.choice((0, 1, 7, 99, 10**6, 10**30))).encode() + data[i:]
    return data


def _corpus(target):
    return [s if isinstance(s, bytes) else s.encode() for s in samples(target)]


@pytest.mark.parametrize("target", sorted(DECODERS))
def test_mutated_samples_give_a_result_or_a_typed_error(target):
    decode = DECODERS[target]
    corpus = _corpus(target)
    assert corpus, "no valid samples to mutate"
    for sample in corpus[:5]:  # the samples themselves decode
        decode(sample.decode())
    rng = random.Random(f"fuzz/{target}")
    errors = 0
    for n in range(MUTANTS):
        data = mutate(rng, rng.choice(corpus), corpus)
        text = data.decode("utf-8", errors="replace")
        start = time.perf_counter()
        try:
            decode(text)
        except NardyError:
            errors += 1
        except Exception as exc:  # anything else is a finding: name the input
            raise AssertionError(
                f"{target} mutant {n}: {type(exc).__name__}: {exc}\ninput: {text!r}"
            ) from exc
        assert time.perf_counter() - start < HANG_SECONDS, f"{target} mutant {n} hangs: {text!r}"
    assert errors, "no mutant was refused: the mutations do not reach the decoder"


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs a subprocess")
def test_decoders_stay_within_a_memory_ceiling():
    """A child process capped at 1 GiB of address space decodes a batch of mutants of every
    format: runaway memory would kill it (MemoryError is not a NardyError)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = f"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
sys.path[:0] = [{root!r}, {os.path.join(root, "tests")!r}]
import random, test_fuzz_decoders as t
for target, decode in sorted(t.DECODERS.items()):
    corpus = t._corpus(target)
    rng = random.Random("memory/" + target)
    for _ in range(40):
        text = t.mutate(rng, rng.choice(corpus), corpus).decode("utf-8", errors="replace")
        try:
            decode(text)
        except t.NardyError:
            pass
print("ok")
"""
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]


def _stepwise_codes():
    """Version 2 game codes whose first play is a long list: a gioul 1-1 after the opening,
    gul bara's 1-1 from a start state, Russian tricktrack's (RUSSIAN_HOYLE) 5-5 from a found
    position (each past the listing limit: tests/test_bounded.py), played on at random."""
    from nardy_core.engine.game import Game
    from nardy_core.formats.notation import parse_state
    from nardy_core.variants import get_variant

    full = {"escalation_lookahead": "FULL"}
    starts = [
        "gul_bara[escalation_lookahead=FULL] 24:15 24:15 w 11 - money turns:3-3",
        "russian_tricktrack[russian_rules=RUSSIAN_HOYLE] 9:1,4:1,3:1,bar:2,hand:10 "
        "23:1,22:2,19:1,18:1,17:1,15:1,11:1,8:1,6:1,2:1,1:1,hand:3 b 55 - money "
        "turns:10-12",
    ]
    games = [Game(get_variant("gioul", full), seed="fuzz", throw_opening=False)]
    games[0].opening(throws=[(3, 1)])
    games[0].roll(dice=(1, 1))
    games += [
        Game(parse_state(t)[0].variant, seed="fuzz", position=parse_state(t)[0]) for t in starts
    ]
    rng = random.Random("stepwise")
    codes = []
    for game in games:
        while game.phase != "over" and len(game.actions) < 30:
            if game.phase == "roll":
                game.roll()
                continue
            turn = game.turn().fresh()
            while not turn.is_complete:
                turn.step(rng.choice(turn.legal_steps()))
            game.play(turn.steps)
        codes.append(linkcode.encode_game(game))
    return codes


class _Radices(linkcode._Reader):
    """A reader that keeps the product of the radices it has read."""

    def __init__(self, n):
        super().__init__(n)
        self.product = 1

    def get(self, radix):
        self.product *= radix
        return super().get(radix)


def _mutate_actions(rng, code):
    """A mutant of a game code whose head and start are kept and whose actions are changed:
    the payload is ``start + product * rest`` (the start's symbols, then the actions); ``rest``
    gets flipped bits, a cut or random bits, so that every mutant is read as actions (a
    change of any character of the text would change the start's symbols too: the radices
    are not powers of 64)."""
    head, payload = code.split("~")
    cls, _, reader = linkcode._open(code, linkcode.GAME)
    n = reader.n
    r = _Radices(n)
    if r.bit():
        linkcode._read_state(r, cls)
    else:
        linkcode._read_options(r, cls)
        linkcode._read_match(r)
        r.get(3)
    r.get(2)
    r.get(len(linkcode.ORDER_MODES))
    r.nat()
    start, rest = n % r.product, r.n
    for _ in range(rng.choice((1, 1, 2, 3))):
        op = rng.randrange(4)
        bits = max(rest.bit_length(), 1)
        if op == 0:
            rest ^= 1 << rng.randrange(bits)
        elif op == 1:
            rest = rest % (1 << rng.randrange(bits)) | 1 << rng.randrange(bits)
        elif op == 2:
            rest = rng.getrandbits(rng.randrange(1, 2 * bits)) | 1
        else:
            rest += rng.randrange(-8, 9) if rest > 8 else 1
    return head + "~" + linkcode._to_text(start + r.product * rest)


def test_mutated_stepwise_game_codes_give_a_game_or_a_typed_error(monkeypatch):
    """Version 2 game codes (a long list's play written step by step, docs/links.md), their
    actions mutated (``_mutate_actions``) so that the mutants reach the step-by-step reader.
    Each gives a game or a ``NardyError``; the list nodes a decode visits are counted: never
    more than the limit of each long-list turn it meets (at most 946 a decode over the 200
    mutants when measured; 163 of them reached a long list)."""
    from nardy_core.engine.legality import MAX_LIST_NODES, ListLegality

    codes = _stepwise_codes()
    assert [c.split("~")[0] for c in codes] == ["gi-2", "gb-2", "rt-2"]
    for code in codes:  # the samples themselves decode, and encode back to themselves
        assert linkcode.encode_game(linkcode.decode_game(code)) == code
    spent = {"nodes": 0, "turns": 0}
    count, init = ListLegality._count, ListLegality.__init__

    def counted(self, n=1):
        spent["nodes"] += n
        return count(self, n)

    def opened(self, *args, **kwargs):
        spent["turns"] += 1
        return init(self, *args, **kwargs)

    monkeypatch.setattr(ListLegality, "_count", counted)
    monkeypatch.setattr(ListLegality, "__init__", opened)
    rng = random.Random("fuzz/stepwise")
    games = errors = reached = 0
    for n in range(MUTANTS):
        text = _mutate_actions(rng, rng.choice(codes))
        spent.update(nodes=0, turns=0)
        start = time.perf_counter()
        try:
            linkcode.decode_game(text)
            games += 1
        except NardyError:
            errors += 1
        except Exception as exc:  # anything else is a finding: name the input
            raise AssertionError(
                f"stepwise mutant {n}: {type(exc).__name__}: {exc}\ninput: {text!r}"
            ) from exc
        assert time.perf_counter() - start < HANG_SECONDS, f"mutant {n} hangs: {text!r}"
        assert spent["nodes"] <= MAX_LIST_NODES * max(spent["turns"], 1), text
        reached += spent["turns"] > 0
    assert games and errors and reached > MUTANTS // 2, (games, errors, reached)
