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

from nardy_core import gnubgcodes, linkcode, notation, records
from nardy_core.errors import NardyError
from nardy_core.ui.session import Session
from fuzz_samples import samples

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
MUTANTS = 200 * (50 if HEAVY else 1)
# generous: a decoder bounded by its input's size answers in milliseconds; a hang is minutes
HANG_SECONDS = 20

_ALPHABET = (b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~:/*,;=[]{}\"' "
             b"\n\t\x00\xff\xc3\xa9\xe2\x82\xac")


def _saved_game(text):
    try:
        data = json.loads(text)
    except ValueError:  # not JSON: the page's storage reader refuses it before this point
        return
    Session.from_dict(data)


def _mat(text):
    records.import_match(text)


DECODERS = {
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
            data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        elif op == 1:  # insert a byte of the formats' alphabet
            data = data[:i] + bytes([rng.choice(_ALPHABET)]) + data[i:]
        elif op == 2:  # delete a run
            data = data[:i] + data[i + rng.randint(1, 8):]
        elif op == 3 and data:  # duplicate a chunk
            j = rng.randrange(len(data))
            chunk = data[j:j + rng.randint(1, 40)]
            data = data[:i] + chunk * rng.randint(1, 50) + data[i:]
        elif op == 4 and others:  # splice in part of another sample
            other = rng.choice(others)
            j = rng.randrange(len(other) + 1)
            data = data[:i] + other[j:j + rng.randint(1, 200)]
        elif op == 5:  # cut
            data = data[:i]
        else:  # replace a number by a large one
            data = data[:i] + str(rng.choice((0, 1, 7, 99, 10 ** 6, 10 ** 30))).encode() + \
                data[i:]
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
            raise AssertionError(f"{target} mutant {n}: {type(exc).__name__}: {exc}\n"
                                 f"input: {text!r}") from exc
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
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]
