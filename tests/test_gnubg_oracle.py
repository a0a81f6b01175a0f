"""Short nardy legal plays against GNU Backgammon as an oracle (``pytest -m oracle``).

Positions come from seeded random self-play with our own engine. Each position is checked with
the roll of its game and with a random double (so well over a third of the pairs are doubles);
random play gives plenty of bar entries, hits, blocked rolls and bear-offs. For every pair the
SET of resulting boards must equal the set that ``gnubg_nn.moves`` returns.

Board convention (``/work/shared/notes/gnubg-oracle.md``): ``board = (opp, me)``, each 25 ints
in that side's own numbering: index i = point i+1, index 24 = bar; borne-off checkers implicit.
Our sides use their own numbering too (0 off, 1..24 points, 25 bar, 26 hand), so the conversion
is a slice; the geometry (my p = their 25-p) is what the comparison tests.

GNU Backgammon is GPL: it is a test dependency only (``pip install .[oracle]``).
"""

from __future__ import annotations

import functools
import random

import pytest

gnubg_nn = pytest.importorskip("gnubg_nn")

from nardy_core import get_variant, legal_plays  # noqa: E402
from nardy_core.engine.position import (  # noqa: E402
    BAR,
    COLOUR_NAMES,
    HAND,
    OFF,
    Position,
    side_from,
    side_points,
)

pytestmark = pytest.mark.oracle

SHORT = get_variant("short")
CHECKERS = SHORT.checkers
SEEDS = tuple(range(6))  # one test per seed: a failure names its seed
POSITIONS_PER_SEED = 2000  # x2 rolls each: 24,000 (position, roll) pairs in all
NOTATION_POSITIONS = 2000  # at most this many non-double game rolls of seed 0 (1,674)
SHOWN = 5  # mismatching pairs shown in full in a failure message


# --- conversion -----------------------------------------------------------------------------
def gnubg_side(side) -> tuple:
    """Our side (27 counts, own numbering) -> gnubg's 25 ints (points 1..24, then the bar)."""
    if side[HAND]:
        raise AssertionError(f"short nardy side with checkers in hand: {side}")
    return tuple(side[1:25]) + (side[BAR],)


def gnubg_board(sides, turn) -> tuple:
    """``(opp, me)`` for the side ``turn`` on roll; checks that no checker was lost or made."""
    for side in sides:
        if sum(side) != CHECKERS or min(side) < 0:
            raise AssertionError(f"side does not hold {CHECKERS} checkers: {side}")
    return gnubg_side(sides[1 - turn]), gnubg_side(sides[turn])


def gnubg_results(board, dice) -> dict:
    """gnubg's legal results of ``board``: {result board: steps}; no legal play keeps the board."""
    moves = gnubg_nn.moves(board, dice[0], dice[1], 1)
    if not moves:
        return {board: ()}
    from_key = gnubg_nn.board_from_position_key
    return {from_key(key): steps for key, steps in moves}


def our_results(position, plays=None) -> dict:
    """Our legal results of ``position`` in gnubg's convention: {result board: Play}."""
    plays = legal_plays(position) if plays is None else plays
    return {gnubg_board(play.board[0], position.turn): play for play in plays}


# --- positions from random games --------------------------------------------------------------
def _after(position, play):
    first = list(position.first_turn)
    first[position.turn] = False
    return position.replace(
        sides=play.board[0], turn=1 - position.turn, dice=None, first_turn=tuple(first)
    )


@functools.lru_cache(maxsize=1)  # the plays are bulky: keep one seed's pairs at a time
def random_game_pairs(seed: int, count: int = POSITIONS_PER_SEED) -> tuple:
    """``count`` positions from random short nardy games, each as two (position, plays) pairs:
    the roll its game played, then a random double (another one when the game roll was a double).
    ``plays`` is ``legal_plays`` of the game roll (kept from the self-play) or None."""
    rng = random.Random(1_000 + seed)
    pairs = []
    position = None
    while len(pairs) < 2 * count:
        if position is None or position.winner() is not None:
            position = SHORT.initial_position(turn=rng.randrange(2))
        rolled = position.replace(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        plays = sorted(legal_plays(rolled), key=lambda play: play.board[0])  # canonical order
        pairs.append((rolled, plays))
        d1, d2 = rolled.dice
        double = rng.choice([d for d in range(1, 7) if d1 != d2 or d != d1])
        pairs.append((rolled.replace(dice=(double, double)), None))
        position = _after(rolled, rng.choice(plays))
    return tuple(pairs)


# --- messages ----------------------------------------------------------------------------------
def _fmt_gnubg_side(side) -> str:
    points = {i + 1: c for i, c in enumerate(side[:24]) if c}
    points = dict(sorted(points.items(), reverse=True))
    return f"{points} bar={side[24]} off={CHECKERS - sum(side)}"


def _fmt_result(board) -> str:
    return f"me {_fmt_gnubg_side(board[1])} | opp {_fmt_gnubg_side(board[0])}"


def describe_position(position) -> str:
    me, opp = position.mover, position.opponent
    board = gnubg_board(position.sides, position.turn)
    try:
        pid = gnubg_nn.position_id([list(board[0]), list(board[1])])
    except Exception as exc:  # only for the message
        pid = f"? ({exc})"
    return (
        f"{COLOUR_NAMES[position.turn]} to move, roll {position.dice[0]}-{position.dice[1]}\n"
        f"    mover (own numbering): {side_points(me)} bar={me[BAR]} off={me[OFF]}\n"
        f"    opponent (own numbering): {side_points(opp)} bar={opp[BAR]} off={opp[OFF]}\n"
        f"    ours: Position(get_variant('short'), {position.sides!r}, turn={position.turn},"
        f" dice={position.dice!r})\n"
        f"    gnubg: board={board!r} position_id={pid} "
        f"moves(board, {position.dice[0]}, {position.dice[1]}, 1)"
    )


def describe_mismatch(position, ours, theirs) -> str:
    missing = [b for b in theirs if b not in ours]
    extra = [b for b in ours if b not in theirs]
    lines = [
        describe_position(position),
        f"  ours {len(ours)} results, gnubg {len(theirs)}; "
        f"missing {len(missing)} (gnubg only), extra {len(extra)} (ours only)",
    ]
    for board in missing:
        lines.append(f"  MISSING gnubg steps {theirs[board]}: {_fmt_result(board)}")
    for board in extra:
        play = ours[board]
        lines.append(f"  EXTRA ours {play.notation()} {play.steps}: {_fmt_result(board)}")
    return "\n".join(lines)


# --- the checks --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_results_match_gnubg(seed):
    pairs = random_game_pairs(seed)
    mismatches = []
    stats = dict(doubles=0, on_bar=0, hits=0, bear_offs=0, blocked=0)
    for position, plays in pairs:
        ours = our_results(position, plays)
        board = gnubg_board(position.sides, position.turn)
        theirs = gnubg_results(board, position.dice)
        if ours.keys() != theirs.keys():
            mismatches.append((position, ours, theirs))
            continue
        stats["doubles"] += position.dice[0] == position.dice[1]
        stats["on_bar"] += board[1][24] > 0
        stats["hits"] += any(b[0][24] > board[0][24] for b in theirs)
        stats["bear_offs"] += any(sum(b[1]) < sum(board[1]) for b in theirs)
        stats["blocked"] += next(iter(ours)) == board and len(ours) == 1
    assert not mismatches, (
        f"seed {seed}: {len(mismatches)} of {len(pairs)} (position, roll) pairs differ from gnubg; "
        f"first {min(SHOWN, len(mismatches))}:\n"
        + "\n\n".join(describe_mismatch(*m) for m in mismatches[:SHOWN])
    )
    # the set must exercise what matters (random play gives these in plenty)
    n = len(pairs)
    assert n == 2 * POSITIONS_PER_SEED
    assert stats["doubles"] >= 0.5 * n, stats
    assert stats["on_bar"] >= 0.1 * n, stats
    assert stats["hits"] >= 0.2 * n, stats
    assert stats["bear_offs"] >= 0.03 * n, stats
    assert stats["blocked"] >= 1, stats


def test_no_legal_play_keeps_the_board():
    """A checker on the bar against a closed board: both sides agree nothing can be played."""
    # my entry points 19..24 are the opponent's own points 6..1
    opp = side_from({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    position = Position(SHORT, (side_from({6: 14}, bar=1), opp), turn=0, dice=(6, 6))
    board = gnubg_board(position.sides, 0)
    assert gnubg_nn.moves(board, 6, 6, 1) == ()
    assert set(our_results(position)) == {board} == set(gnubg_results(board, (6, 6)))


# --- notation -----------------------------------------------------------------------------------
# Where a result is reached by several step sequences, notation is a convention: on doubles gnubg
# groups hits as "24/22*(2)" and orders equal starts by die order where we write "24/22* 24/22".
# On NON-DOUBLE rolls every result has one standard spelling, so there the strings must be equal.


def _notation_pairs():
    return [
        (position, plays)
        for position, plays in random_game_pairs(0)[0::2]
        if position.dice[0] != position.dice[1]
    ][:NOTATION_POSITIONS]


def _travel_order(steps):
    """The steps with every checker's steps in the order it travels (sources descending)."""
    return sorted(steps, key=lambda s: -s[0])


def test_notation_matches_gnubg_on_non_doubles():
    gnubg = pytest.importorskip("gnubg")
    differences = []
    checked = 0
    for position, plays in _notation_pairs():
        ours = our_results(position, plays)
        board = gnubg_board(position.sides, position.turn)
        for result, steps in gnubg_results(board, position.dice).items():
            if not steps:
                continue
            checked += 1
            theirs = gnubg.movetupletostring(tuple(x for step in steps for x in step), board)
            play = ours[result]
            if play.notation() != theirs:
                differences.append((position, play, theirs))
    assert checked > 10_000
    assert not differences, (
        f"{len(differences)} of {checked} results spelt differently:\n"
        + "\n".join(_notation_message(*d) for d in differences[:SHOWN])
    )


def _notation_message(position, play, theirs) -> str:
    from nardy_core.engine.playnotation import format_steps

    hint = ""
    if format_steps(_travel_order(play.steps)) == theirs:
        hint = " (= ours with the steps in travel order: one checker's steps not chained)"
    return (
        f"{describe_position(position)}\n"
        f"  ours {play.notation()!r} steps {play.steps}, gnubg {theirs!r}{hint}"
    )
