#!/usr/bin/env python3
"""Generate the one-sided bear-off database ``nardy_core/bots/data/bearoff1.bin``.

For every way of placing up to 15 checkers on the six home points (54,264 positions) it computes
by dynamic programming, over positions in increasing pip count:

* the distribution of the number of rolls needed to bear every checker off, playing each roll to
  minimise the expected number of rolls (the standard one-sided database);
* for the 15,504 positions with all 15 checkers still on the board, the distribution of the
  number of rolls needed to bear off the *first* checker, playing to minimise its expectation
  (what decides a gammon).

Rules (CORE_RULES.md 1.6): a double is four steps; a step of ``d`` from point ``p`` moves to
``p - d`` when ``p > d``, bears off when ``p == d``, and bears off when ``p < d`` only from the
highest occupied point; moving inside the home instead of bearing off is allowed. With every
checker at home and no opposing checker there some step is always legal, so every play uses all
its dice (or ends the game). The move generator here is dedicated and fast;
``tests/test_bearoff.py`` checks it against the engine's ``legal_plays``.

Usage: ``python3 tools/build_bearoff.py [--out PATH] [--bits N] [--check]`` (``--check``: rebuild
and compare with the file at ``--out`` instead of writing it). Pure Python, about 15 s. The file
format is described in ``encode`` and ``docs/bearoff.md``.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from nardy_core.bots.bearoff import (
    DATA_PATH,
    MAGIC,
    MAX_CHECKERS,
    POINTS,
    all_positions,
    position_index,
)

DEFAULT_BITS = 12

ROLLS = tuple((a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))


def steps(pos, d):
    """Distinct positions after one step of ``d`` from ``pos`` (a 6-tuple of counts)."""
    out = []
    top = 0
    for p in range(POINTS, 0, -1):
        if pos[p - 1]:
            top = p
            break
    for p in range(top, 0, -1):
        if not pos[p - 1]:
            continue
        if p > d:
            nxt = list(pos)
            nxt[p - 1] -= 1
            nxt[p - d - 1] += 1
            out.append(tuple(nxt))
        elif p == d or p == top:
            nxt = list(pos)
            nxt[p - 1] -= 1
            out.append(tuple(nxt))
    return out


def roll_results(pos, d1, d2):
    """Distinct positions after playing the whole roll (d1, d2) from ``pos``."""
    seqs = (d1,) * 4 if d1 == d2 else None
    frontier = {pos}
    if seqs:
        for d in seqs:
            frontier = {q for p in frontier for q in (steps(p, d) if any(p) else (p,))}
        return frontier
    out = set()
    for a, b in ((d1, d2), (d2, d1)):
        for p in steps(pos, a):
            out.update(steps(p, b) if any(p) else (p,))
    return out


def solve(positions, done):
    """Minimise the expected number of rolls until a ``done`` position, from each position.

    ``positions`` come in increasing pip count: every successor of a position is ``done``
    (worth 0 more rolls; the rest of a roll is then void) or earlier in the list. Returns
    ``(expect, best)``: ``expect[pos]`` the minimal mean and ``best[pos][r]`` the position
    chosen after roll ``ROLLS[r]`` (ties go to the smaller position tuple)."""
    expect = {}
    best_of = {}
    # m1/m2/m3[pos][d - 1]: the best (mean, final position) of 1/2/3 further steps of d from a
    # position reached in the middle of a roll of d-d
    m1, m2, m3 = {}, {}, {}
    for pos in positions:
        succ = [steps(pos, d) for d in range(1, 7)]
        l1, l2, l3 = [], [], []
        for d in range(1, 7):
            b1 = b2 = b3 = None
            for q in succ[d - 1]:
                if done(q):
                    v1 = v2 = v3 = (0.0, q)
                else:
                    v1, v2, v3 = (expect[q], q), m1[q][d - 1], m2[q][d - 1]
                if b1 is None or v1 < b1:
                    b1 = v1
                if b2 is None or v2 < b2:
                    b2 = v2
                if b3 is None or v3 < b3:
                    b3 = v3
            l1.append(b1)
            l2.append(b2)
            l3.append(b3)
        total = 0.0
        best = []
        for d1, d2, p in ROLLS:
            b = None
            if d1 == d2:  # four steps: one here, three from each successor
                for q in succ[d1 - 1]:
                    v = (0.0, q) if done(q) else m3[q][d1 - 1]
                    if b is None or v < b:
                        b = v
            else:  # either die first
                for a, c in ((d1, d2), (d2, d1)):
                    for q in succ[a - 1]:
                        v = (0.0, q) if done(q) else m1[q][c - 1]
                        if b is None or v < b:
                            b = v
            total += p * b[0]
            best.append(b[1])
        expect[pos] = 1.0 + total
        best_of[pos] = best
        m1[pos], m2[pos], m3[pos] = l1, l2, l3
    return expect, best_of


def distributions(positions, best_of, done):
    """P(exactly n rolls) for every position, from the chosen plays (lists trimmed of zeros at
    the end; done positions need 0 rolls)."""
    dist = {}
    for pos in positions:
        weights = {}
        for (d1, d2, p), q in zip(ROLLS, best_of[pos]):
            weights[q] = weights.get(q, 0.0) + p
        acc = [0.0]
        for q, w in weights.items():
            if done(q):
                acc[0] += w
                continue
            sub = dist[q]
            if len(sub) > len(acc):
                acc.extend([0.0] * (len(sub) - len(acc)))
            for i, x in enumerate(sub):
                acc[i] += w * x
        dist[pos] = [0.0] + acc
    return dist


def pips(pos):
    return sum((i + 1) * c for i, c in enumerate(pos))


def build(verbose=False):
    """Return ``(dist, gammon, expect)``: P(exactly n rolls) lists of the bear-off and of the
    first-off distributions, and the exact mean rolls of every position (dicts by home board)."""
    t0 = time.perf_counter()
    positions = sorted(all_positions(), key=lambda q: (pips(q), position_index(q)))
    empty = (0,) * POINTS
    solvable = [q for q in positions if q != empty]
    expect, best = solve(solvable, lambda q: not any(q))
    dist = distributions(solvable, best, lambda q: not any(q))
    dist[empty] = [1.0]
    t1 = time.perf_counter()
    full = [q for q in solvable if sum(q) == MAX_CHECKERS]

    def g_done(q):
        return sum(q) < MAX_CHECKERS

    _, g_best = solve(full, g_done)
    gammon = distributions(full, g_best, g_done)
    t2 = time.perf_counter()
    if verbose:
        print(
            f"bear-off: {len(dist)} positions in {t1 - t0:.1f} s, "
            f"first-off: {len(gammon)} positions in {t2 - t1:.1f} s",
            file=sys.stderr,
        )
    return dist, gammon, expect


def quantise(probs, scale):
    """Fixed-point probabilities (``scale`` = 1.0) taken as differences of the rounded
    cumulative distribution, so that every partial sum is within 1 / (2 * scale) of the exact
    one and the values sum to exactly ``scale``; zeros trimmed at both ends: (lo, values)."""
    out = []
    acc = 0.0
    prev = 0
    for x in probs:
        acc += x
        r = min(round(acc * scale), scale)
        out.append(r - prev)
        prev = r
    out[-1] += scale - prev
    lo = 0
    while out[lo] == 0:
        lo += 1
    hi = len(out)
    while out[hi - 1] == 0:
        hi -= 1
    return lo, out[lo:hi]


def encode(dist, gammon, bits=DEFAULT_BITS):
    """The file: MAGIC, then zlib of: the record counts and the scale, the (first roll,
    length) bytes of every record, then the high bytes and the low bytes of all values (two
    planes compress better than interleaved pairs). Records: the bear-off distributions in index
    order, then the first-off distributions of the 15-checker positions in index order."""
    scale = (1 << bits) - 1
    order = sorted(dist, key=position_index)
    gorder = [q for q in order if q in gammon]
    heads = bytearray()
    values = []
    for table, keys in ((dist, order), (gammon, gorder)):
        for q in keys:
            lo, vals = quantise(table[q], scale)
            heads += bytes((lo, len(vals)))
            values.extend(vals)
    payload = (
        struct.pack("<III", len(order), len(gorder), scale)
        + bytes(heads)
        + bytes(v >> 8 for v in values)
        + bytes(v & 255 for v in values)
    )
    return MAGIC + zlib.compress(payload, 9)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DATA_PATH)
    ap.add_argument(
        "--bits",
        type=int,
        default=DEFAULT_BITS,
        choices=range(8, 17),
        metavar="8..16",
        help=f"precision of the stored probabilities "
        f"(default {DEFAULT_BITS}: about 440 KB; 16: about 800 KB)",
    )
    ap.add_argument(
        "--check",
        action="store_true",
        help="compare a fresh build with the file at --out instead of writing it",
    )
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    dist, gammon, _ = build(verbose=True)
    data = encode(dist, gammon, args.bits)
    if args.check:
        with open(args.out, "rb") as f:
            same = f.read() == data
        print("up to date" if same else "DIFFERS from a fresh build", file=sys.stderr)
        return 0 if same else 1
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(data)
    print(
        f"wrote {args.out}: {len(data)} bytes in {time.perf_counter() - t0:.1f} s", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
