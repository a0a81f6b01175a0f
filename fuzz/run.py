"""Coverage-guided fuzzing of every decoder with atheris (by hand, not in CI: docs/fuzzing.md).

    .venv/bin/pip install -r fuzz/requirements.txt
    .venv/bin/python fuzz/run.py TARGET [-max_total_time=600] [-runs=N] [other libFuzzer flags]
    .venv/bin/python fuzz/run.py --list

Each target feeds the fuzzer's bytes to one entry point, seeded with valid samples of its
format (tests/fuzz_samples.py; written to .cache/fuzz/<target>/ on the first run), and accepts only
a result or a ``NardyError``: anything else — another exception, a hang past libFuzzer's
``-timeout`` (10 s unless given), memory past ``-rss_limit_mb`` (2048 unless given) — is a
failure, and libFuzzer writes the input that caused it to ``crash-*`` / ``timeout-*`` /
``oom-*`` files in the working directory. Every failure found becomes a regression test.
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))  # the seeds: tests/fuzz_samples.py

import atheris  # noqa: E402

with atheris.instrument_imports():
    from nardy_core.engine import playnotation
    from nardy_core.engine.errors import NardyError
    from nardy_core.formats import gnubgcodes, inputs, linkcode, notation, records
    from nardy_core.referee import vectors
    from nardy_core.ui.session import Session


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def state_text(data):
    notation.parse_state(_text(data))


def link(data):
    linkcode.decode_link(_text(data))


def gnubg(data):
    gnubgcodes.parse_any(_text(data))


def friend_link(data):
    from nardy_core.friends.protocol import unpack

    unpack(_text(data))


_PLAY_STATES = None


def play_text(data):
    """The first byte picks a position (one of several games, with a roll), the rest is a
    player's play text for it."""
    global _PLAY_STATES
    if _PLAY_STATES is None:
        from fuzz_samples import play_positions

        _PLAY_STATES = play_positions()
    if not data:
        return
    position = _PLAY_STATES[data[0] % len(_PLAY_STATES)]
    playnotation.find_play(position, _text(data[1:]))


def mat(data):
    records.import_match(_text(data))


def record_json(data):
    """A game record (a saved match), as a file or the review reads it: the guarded JSON
    reader, then the replay."""
    records.replay_match(inputs.parse_json(data))


def saved_game(data):
    """The page's saved game (``Session.to_dict``), as localStorage hands it back."""
    Session.from_dict(inputs.parse_json(data))


def vector_file(data):
    path = os.path.join(_scratch(), "vectors.json")
    with open(path, "wb") as f:
        f.write(data)
    vectors.check_file(path)


def cli(data):
    """A command line: NUL-separated arguments to ``python -m nardy_core``."""
    from nardy_core.cli.main import main

    argv = [a for a in _text(data).split("\0")][:12]
    if _long_by_design(argv):
        return
    if argv and argv[0] in ("review", "choose", "hint"):
        argv = argv + ["--level", "beginner"]  # the last --level counts
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        try:
            main(argv)
        except SystemExit:  # argparse's usage errors
            pass


def _long_by_design(argv):
    """Commands whose work is what they are asked for, not a decoder's: many self-play games,
    every option value, the terminal game (it reads standard input; tests/test_fuzz_cli.py
    plays it with scripted input)."""
    if not argv or argv[0] == "play":
        return bool(argv)
    if argv[0] == "selfplay":  # games of every game key unless one is named: keep it to one
        return (
            "--all-options" in argv
            or not (len(argv) > 1 and argv[1] in ("0", "1"))
            or argv.count("--game") != 1
            or "--" in argv
        )
    return False


_SCRATCH = None


def _scratch():
    global _SCRATCH
    if _SCRATCH is None:
        import tempfile

        _SCRATCH = tempfile.mkdtemp(prefix="nardy-fuzz-")
    return _SCRATCH


TARGETS = {
    f.__name__: f
    for f in (
        state_text,
        link,
        friend_link,
        gnubg,
        play_text,
        mat,
        record_json,
        saved_game,
        vector_file,
        cli,
    )
}


def harness(target):
    def one(data):
        try:
            target(data)
        except NardyError:
            pass

    return one


def main():
    args = sys.argv[1:]
    if not args or args[0] == "--list":
        print("\n".join(TARGETS))
        return 0
    name, flags = args[0], args[1:]
    if name not in TARGETS:
        print(f"unknown target {name!r}; one of: {', '.join(TARGETS)}", file=sys.stderr)
        return 2
    from fuzz_samples import write_corpus

    seeds = write_corpus(name, os.path.join(ROOT, ".cache", "fuzz", name))
    if not any(f.startswith("-timeout=") for f in flags):
        flags.append("-timeout=10")
    if not any(f.startswith("-rss_limit_mb=") for f in flags):
        flags.append("-rss_limit_mb=2048")
    atheris.Setup([sys.argv[0]] + flags + [seeds], harness(TARGETS[name]))
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main())
