"""Measure the shipped short nardy net with GNU Backgammon as the judge (training-side only).

Decisions: positions of gnubg 0-ply self-play with random dice (seed EVAL_SEED, independent of
the training data), each with the roll of its game; decisions with one legal result are
skipped. Our engine lists the legal plays (``legal_plays``), the net picks one (0 ply: best
-equity of the flipped result; ``--ply1 K``: a 1-ply search over the opponent's 21 rolls on
the net's best K candidates, the opponent answering with the net's 0-ply best reply), and gnubg
scores every legal result as -equity(result seen by the opponent) at 0 ply, and on the first
--n2 decisions at 2 ply (the union of gnubg's 0-ply best TOP2 plays and the net's choice).
Plays that end the game are skipped decisions (the chooser scores them exactly).

Error = best score - chosen play's score, in millipoints (mEMG, cubeless money), mean over
decisions with its standard error. Chunks of CHUNK decisions run on 2 processes and are saved
to train/data/eval/ (keyed by the weight file's hash), so a rerun resumes.

    python3 train/quick_eval.py --n 600 --n2 200            # 0-ply net
    python3 train/quick_eval.py --n 300 --n2 0 --ply1 4     # with a 1-ply search
    python3 train/quick_eval.py --bench                     # microseconds per evaluation
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from nardy_core import get_variant, legal_plays  # noqa: E402
from nardy_core.bots import nn  # noqa: E402
from nardy_core.bots.evaluator import equity  # noqa: E402
from nardy_core.engine.frame import flip, sides_of  # noqa: E402
from nardy_core.engine.movegen import Search  # noqa: E402
from nardy_core.engine.position import Position  # noqa: E402

OUT = os.path.join(HERE, "data", "eval")
EVAL_SEED = 99_173
CHUNK = 50
TOP2 = 6
SHORT = get_variant("short")
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def g_equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def our_side(g):
    """gnubg side (25 ints) -> our 27-tuple in own numbering."""
    return (15 - sum(g),) + tuple(g[:24]) + (g[24], 0)


def g_side(side):
    return tuple(side[1:25]) + (side[25],)


def decisions(count):
    """(board, dice) pairs from clean gnubg 0-ply self-play, board = (opp, me) me on roll."""
    import gnubg_nn

    rng = random.Random(EVAL_SEED)
    out = []
    board, opening = None, False
    while len(out) < count:
        if board is None:
            board, opening = (START, START), True
        if opening:
            d1, d2 = rng.sample(range(1, 7), 2)
            opening = False
        else:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        moves = gnubg_nn.moves(board, d1, d2, 0)
        if len(moves) > 1:
            out.append((board, (d1, d2)))
        if not moves:
            board = (board[1], board[0])
            continue
        best, nxt = None, None
        for key in moves:
            r = gnubg_nn.board_from_position_key(key)
            r = (r[1], r[0])
            v = 10.0 if sum(r[0]) == 0 else -g_equity(gnubg_nn.probabilities(r, 0))
            if best is None or v > best:
                best, nxt = v, r
        board = None if sum(nxt[0]) == 0 else nxt
    return out


def net_scores(ev, frames):
    cross = SHORT.cross
    flipped = [flip(f, cross) for f in frames]
    return [-equity(SHORT, p) for p in ev.evaluate_many(SHORT, flipped)]


def terminal_value(frame):
    """Points won by the mover who has just borne off every checker (cubeless)."""
    raw = frame.to_bytes(78, "little")
    if raw[76]:  # the loser has borne off a checker
        return 1.0
    if raw[51] or any(raw[27:33]):  # loser on the bar or in the winner's home board
        return 3.0
    return 2.0


def ply1_score(ev, frame):
    """My equity after the play ``frame`` averaged over the opponent's 21 rolls, the opponent
    answering with the net's 0-ply best reply."""
    cross = SHORT.cross
    opp_frame = flip(frame, cross)
    me, opp = sides_of(opp_frame, cross)  # (opponent on roll, me)
    total = 0.0
    for d1, d2 in ROLLS:
        pos = Position(SHORT, (me, opp), turn=0, dice=(d1, d2))
        results = list(Search(pos).results())
        best = None
        for r in results:
            if not (r & 15) ^ 15:  # the opponent bore off its last checker
                best = terminal_value(r)
                break
        if best is None:
            best = max(net_scores(ev, results))
        total += (1 if d1 == d2 else 2) * best
    return -total / 36.0


def run_chunk(args):
    tag, start, items, n2_limit, ply1 = args
    import gnubg_nn

    path = os.path.join(OUT, f"{tag}_{start:05d}.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    ev = nn.load_evaluator("short")
    cross = SHORT.cross
    rows = []
    t_choose = 0.0
    for k, (board, dice) in enumerate(items):
        me, opp = our_side(board[1]), our_side(board[0])
        pos = Position(SHORT, (me, opp), turn=0, dice=dice)
        plays = legal_plays(pos)
        frames = [p.frame for p in plays]
        if len(frames) < 2 or any(not (f & 15) ^ 15 for f in frames):
            continue
        t0 = time.perf_counter()
        ns = net_scores(ev, frames)
        choice = max(range(len(frames)), key=ns.__getitem__)
        if ply1:
            top = sorted(range(len(frames)), key=lambda i: -ns[i])[:ply1]
            s1 = {i: ply1_score(ev, frames[i]) for i in top}
            choice = max(top, key=s1.__getitem__)
        t_choose += time.perf_counter() - t0
        boards = []
        for f in frames:
            m, o = sides_of(f, cross)
            boards.append((g_side(m), g_side(o)))  # the opponent on roll
        g0 = [-g_equity(gnubg_nn.probabilities(b, 0)) for b in boards]
        row = {"n": len(frames), "loss0": max(g0) - g0[choice]}
        if start + k < n2_limit:
            cand = set(sorted(range(len(frames)), key=lambda i: -g0[i])[:TOP2]) | {choice}
            g2 = {i: -g_equity(gnubg_nn.probabilities(boards[i], 2)) for i in cand}
            row["loss2"] = max(g2.values()) - g2[choice]
        rows.append(row)
    result = {"rows": rows, "seconds_choose": t_choose}
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(result, f)
    os.replace(tmp, path)
    return result


def summary(values):
    n = len(values)
    if not n:
        return "n=0"
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return f"{1000 * mean:.2f} ± {1000 * math.sqrt(var / n):.2f} mEMG (n={n})"


def bench(repeats=3):
    """Microseconds per evaluation: evaluate_many over the results of one roll (incremental)
    vs full recomputation, on positions of the evaluation games."""
    items = decisions(300)
    ev = nn.load_evaluator("short")
    cross = SHORT.cross
    sets = []
    for board, dice in items:
        pos = Position(SHORT, (our_side(board[1]), our_side(board[0])), turn=0, dice=dice)
        sets.append([flip(f, cross) for f in Search(pos).results()])
    n = sum(len(s) for s in sets)
    best_inc = best_full = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for s in sets:
            ev.evaluate_many(SHORT, s)
        best_inc = min(best_inc, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for s in sets:
            for f in s:
                ev.evaluate_full(SHORT, f)
        best_full = min(best_full, time.perf_counter() - t0)
    print(
        f"{n} positions ({len(sets)} rolls, {n / len(sets):.1f} results each): "
        f"incremental {1e6 * best_inc / n:.1f} µs, full {1e6 * best_full / n:.1f} µs per position"
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=600, help="decisions judged at 0 ply")
    ap.add_argument("--n2", type=int, default=200, help="of which the first N2 also at 2 ply")
    ap.add_argument("--ply1", type=int, default=0, help="1-ply search on the net's best K")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--bench", action="store_true")
    args = ap.parse_args(argv)
    if args.bench:
        bench()
        return 0
    os.makedirs(OUT, exist_ok=True)
    digest = hashlib.sha1(nn.weight_bytes("short")).hexdigest()[:10]
    tag = f"{digest}_p{args.ply1}_n2{args.n2}"
    items = decisions(args.n)
    jobs = [(tag, i, items[i : i + CHUNK], args.n2, args.ply1) for i in range(0, len(items), CHUNK)]
    t0 = time.time()
    with Pool(args.procs) as pool:
        results = pool.map(run_chunk, jobs)
    rows = [r for res in results for r in res["rows"]]
    secs = sum(res["seconds_choose"] for res in results)
    print(
        f"weights {digest}, ply1={args.ply1}: {len(rows)} non-forced decisions, "
        f"{sum(r['n'] for r in rows) / max(len(rows), 1):.1f} plays each; "
        f"choosing {1000 * secs / max(len(rows), 1):.1f} ms per decision; {time.time() - t0:.0f}s"
    )
    print("  judged by gnubg 0-ply:", summary([r["loss0"] for r in rows]))
    print("  judged by gnubg 2-ply:", summary([r["loss2"] for r in rows if "loss2" in r]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
