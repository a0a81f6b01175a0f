"""The rollout as a judge, checked against GNU Backgammon where one exists (issue 24 item 4): in
short nardy the cubeless rollout equity of the side on roll agrees with gnubg's 2-ply evaluation
within two standard errors plus 0.04 (gnubg's own evaluation error).

The suite rolls out two races (short trials: the race database ends most of them); contact
positions, whose trials are whole games, run by hand (``NARDY_HEAVY=1``), with the figures in
docs/rollouts.md. gnubg's PyPI package can make a ``rollout_context`` but has no call that runs
a rollout, so its own rollouts are not compared. CPython only (gnubg is a test oracle)."""

from __future__ import annotations

import os

import pytest

from nardy_core.analysis.rolloutjobs import rollout
from nardy_core.engine.position import BAR
from nardy_core.formats.notation import parse_position

HEAVY = bool(os.environ.get("NARDY_HEAVY"))

RACES = [
    "short 9:3,8:3,7:3,6:2,5:2,4:2 10:2,8:4,7:3,6:3,5:3 w - 1 money",
    "short 7:3,6:3,5:3,4:2,3:2,2:2 13:1,8:4,6:4,5:3,4:3 w - 1 money",
]
CONTACT = [
    "short 24:2,13:5,8:3,6:5 24:2,13:5,8:3,6:5 w - 1 money",  # the start, White on roll
    "short 24:1,13:4,9:1,8:3,6:5,5:1 24:2,13:4,8:2,6:5,5:2 w - 1 money",
    "short 20:2,13:3,8:3,7:2,6:4,4:1 24:1,16:1,13:4,8:3,6:4,4:2 w - 1 money",
    "short 13:2,8:3,7:2,6:4,5:2,4:2 24:2,16:1,13:2,8:2,6:4,5:2,3:2 w - 1 money",
]


def gnubg_equity(position, plies=2) -> float:
    """gnubg's cubeless money equity of the side on roll (board[1] on roll, gnubg's way)."""
    gnubg = pytest.importorskip("gnubg")

    def side(counts):
        return tuple(counts[1:25]) + (counts[BAR],)

    board = side(position.sides[1 - position.turn]), side(position.sides[position.turn])
    cube = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)  # money, centred
    w, wg, wbg, lg, lbg, _ = gnubg.evaluate(board, cube, gnubg.evalcontext(0, plies, 1, 1, 0.0))
    return 2.0 * w - 1.0 + wg - lg + wbg - lbg


def check(text, games, level):
    position = parse_position(text)
    judge = gnubg_equity(position)
    result = rollout(position, games=games, level=level, seed="gnubg")
    gap = abs(result["equity"] - judge)
    assert gap <= 2 * result["se"] + 0.04, (text, result["equity"], result["se"], judge)
    return result, judge


@pytest.mark.parametrize("text", RACES)
def test_a_race_rolled_out_agrees_with_gnubg_2ply(text):
    check(text, games=324, level="intermediate")


@pytest.mark.skipif(not HEAVY, reason="whole games: by hand, NARDY_HEAVY=1")
@pytest.mark.parametrize("text", CONTACT)
def test_a_contact_position_rolled_out_agrees_with_gnubg_2ply(text):
    result, judge = check(
        text,
        games=int(os.environ.get("NARDY_ROLLOUT_GAMES", 1296)),
        level=os.environ.get("NARDY_ROLLOUT_LEVEL", "0ply"),
    )
    print(f"\n{text}: rollout {result['equity']:+.3f} ± {result['se']:.3f}, gnubg {judge:+.3f}")
