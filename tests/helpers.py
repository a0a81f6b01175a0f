"""Helpers that several test files share (each was a copy in two or three of them)."""

from __future__ import annotations

import random

from nardy_core.cli.main import main
from nardy_core.engine.movegen import legal_plays
from nardy_core.engine.turn import Turn
from nardy_core.formats.notation import format_state
from nardy_core.variants import get_variant


def run(capsys, *argv):
    """The command line run with ``argv``: (exit code, stdout, stderr), never a traceback."""
    rc = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def state_of(game):
    return format_state(game.position, game.cube, game.match)


def all_step_sequences(turn, out):
    """The end node of every complete play the step interface reaches from ``turn``."""
    if turn.is_complete:
        out.add(turn.node[0])
    for step in turn.legal_steps():
        turn.step(step)
        all_step_sequences(turn, out)
        turn.undo()
    return out


def reachable_by_steps(position):
    """Every complete play the step interface reaches (frames)."""
    turn = Turn(position)
    found = set()

    def walk():
        if turn.is_complete:
            found.add(turn.play().frame)
        for step in turn.legal_steps():
            turn.step(step)
            walk()
            turn.undo()

    walk()
    return found


def play_positions(game, options, seed, plies=400):
    """The positions of one game played at random from the start (at most ``plies``)."""
    rng = random.Random(seed)
    variant = get_variant(game, options)
    p = variant.initial_position(dice=(rng.randint(1, 6), rng.randint(1, 6)))
    out = []
    for _ in range(plies):
        out.append(p)
        play = rng.choice(legal_plays(p))
        after = p.replace(sides=play.board[0], pins=play.board[1], dice=None)
        outcome, following = variant.end_of_turn(p, after)
        if outcome is not None:
            break
        p = following.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
    return out
