"""Training positions for the short nardy (backgammon) network, labelled by GNU Backgammon.

Positions come from gnubg 0-ply self-play with noise (per game: a chance of a random legal play
and Gaussian noise on the 0-ply equities, both drawn per game so some games are clean and some
wild). Every position where a side is about to roll is kept, and with probability ALT_RATE one
more: a random other legal result of the same roll, seen by the opponent (so the net also
learns to score the bad plays it must rank). Each position is labelled with gnubg's cubeless
probabilities at 1 ply (and 0 ply, stored for comparison).

Two kinds of shards (measured: at equal size, a net trained on 0-ply labels chose better plays,
judged by gnubg 2-ply, than one trained on 1-ply labels, and 0-ply labels cost ~1/100 as much):

- ``--plies 1``: SHARD positions each, labels p1 (1 ply) and p0, in train/data/short/;
- ``--plies 0``: SHARD0 positions each, label p0 only, in train/data/short0/.

Shards are written atomically as shard_NNNNN.npz; a shard that exists is skipped, so rerunning
resumes. Shard i uses seed BASE_SEED*1_000_003 + i (+ 500_000 for 0-ply shards), so the data are
the same whichever process makes them and in whatever order.

    python3 train/short_data.py --plies 0 --shards 60 --procs 2    # 3,000,000 positions
    python3 train/short_data.py --plies 1 --shards 36 --procs 2    # 360,000 positions

GNU Backgammon (PyPI gnubg_nn) is GPL: used here, in training only.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from multiprocessing import Pool

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "short")
DATA0 = os.path.join(HERE, "data", "short0")
BASE_SEED = 20240611
SHARD = 10_000
SHARD0 = 50_000
ALT_RATE = 0.4
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def self_play_positions(rng, count):
    """``count`` distinct boards (opp, me) with me on roll, from noisy gnubg 0-ply self-play."""
    import gnubg_nn

    probs = gnubg_nn.probabilities
    from_key = gnubg_nn.board_from_position_key
    out = {}
    board = None
    while len(out) < count:
        if board is None:
            board = (START, START)
            eps = rng.choice((0.0, 0.0, 0.02, 0.05, 0.1, 0.2))
            sigma = rng.choice((0.0, 0.0, 0.02, 0.05, 0.1))
            opening = True
        if opening:  # the first roll is never a double
            d1, d2 = rng.sample(range(1, 7), 2)
            opening = False
        else:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        moves = gnubg_nn.moves(board, d1, d2, 0)
        if not moves:
            board = (board[1], board[0])
            out.setdefault(board, None)
            continue
        results = []
        for key in moves:
            r = from_key(key)
            results.append((r[1], r[0]))  # opponent on roll
        if len(results) > 1 and rng.random() < eps:
            chosen = rng.randrange(len(results))
        else:
            best, chosen = None, 0
            for i, r in enumerate(results):
                if sum(r[0]) == 0:  # game over: the mover bore off
                    v = 10.0
                else:
                    v = -equity(probs(r, 0)) + (rng.gauss(0.0, sigma) if sigma else 0.0)
                if best is None or v > best:
                    best, chosen = v, i
        if len(results) > 1 and rng.random() < ALT_RATE:
            alt = rng.randrange(len(results) - 1)
            alt += alt >= chosen
            if sum(results[alt][0]):
                out.setdefault(results[alt], None)
        board = results[chosen]
        if sum(board[0]) == 0:
            board = None
            continue
        out.setdefault(board, None)
    return list(out)[:count]


def shard_path(plies, index):
    return os.path.join(DATA0 if plies == 0 else DATA, f"shard_{index:05d}.npz")


def make_shard(job):
    plies, index = job
    path = shard_path(plies, index)
    if os.path.exists(path):
        return index, 0.0
    import gnubg_nn

    t0 = time.time()
    if plies == 0:
        rng = random.Random(BASE_SEED * 1_000_003 + 500_000 + index)
        boards = self_play_positions(rng, SHARD0)
    else:
        rng = random.Random(BASE_SEED * 1_000_003 + index)
        boards = self_play_positions(rng, SHARD)
    labels = {"p0": np.array([gnubg_nn.probabilities(b, 0) for b in boards], dtype=np.float32)}
    if plies:
        labels["p1"] = np.array([gnubg_nn.probabilities(b, 1) for b in boards], dtype=np.float32)
    arr = np.array(boards, dtype=np.uint8)  # (N, 2, 25): [opp, me], index i = point i+1, 24 bar
    tmp = path + ".tmp.npz"
    np.savez_compressed(tmp, boards=arr, **labels)
    os.replace(tmp, path)
    return index, time.time() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plies", type=int, default=0, choices=(0, 1), help="label plies")
    ap.add_argument("--shards", type=int, default=60, help="make shards 0..N-1")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--procs", type=int, default=2)
    args = ap.parse_args(argv)
    os.makedirs(DATA0 if args.plies == 0 else DATA, exist_ok=True)
    todo = [
        (args.plies, i)
        for i in range(args.first, args.shards)
        if not os.path.exists(shard_path(args.plies, i))
    ]
    print(f"{len(todo)} shards to make", flush=True)
    t0 = time.time()
    with Pool(args.procs) as pool:
        for index, secs in pool.imap_unordered(make_shard, todo):
            print(f"shard {index} {secs:.1f}s (elapsed {time.time() - t0:.0f}s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
