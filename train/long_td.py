"""Train the long nardy network by self-play TD(lambda) with numpy, and export the shipped weights.

The net has exactly the architecture and input encoding of ``nardy_core/bots/nn.py`` (300
inputs of ``nn.encode_sides`` -> HIDDEN ReLU -> 5 sigmoid conditionals), one "contact" net used
for every long nardy position that is not a pure bear-off race (those are played exactly by the
bear-off database, as ``bots.evaluator_for`` does at play time). Outputs: win, mars|win,
koks|mars (always trained to 0: koks is off by default), mars|loss, koks|mars.

Self-play: both sides are the current net at 0 ply (every distinct legal result of the roll
scored by one batched numpy forward pass, game-ending results scored exactly), with
epsilon-greedy exploration. A game stops when a play finishes it or reaches a pure bear-off race
(its value is then exact from the bear-off database).

Learning: forward-view TD(lambda). For the states x_0 .. x_{T-1} of one game (each seen by the
side on roll) with w_{t+1} the net's value of x_{t+1} when it was chosen, the lambda-returns are
computed backwards,

    G_{T-1} = exact outcome / bear-off value of the last play,
    G_t = mine((1 - lambda) * w_{t+1} + lambda * G_{t+1}),

(``mine`` turns the opponent's probabilities into the mover's: an affine map) and the net is
fitted to them with Adam on minibatches drawn from a replay window of the last REPLAY games
(mean squared error of the five cumulative probabilities + EQ_WEIGHT x the squared equity
error, exactly ``train_net.loss_grad``). Forward view + replay instead of online eligibility
traces: one batched gradient per minibatch instead of one per move, which is what makes numpy
pay; the returns are computed with the values of the net that played the game (at most a few
hundred updates old).

Resumable: train/checkpoints/long/td.npz (parameters, Adam moments, games, steps, numpy and
Python random generator states, the replay window, the best evaluated parameters) is written
atomically every CKPT_SECONDS and at the end; ``--resume`` continues from it. Evaluation every
--eval-every games: --eval-games games (pairs of colours with the same dice) of the net at
0 ply against ``bench/baselines.py``'s HeuristicPlayer; the best-scoring parameters are kept.

    python3 train/long_td.py --minutes 30                 # fresh run (refuses to overwrite)
    python3 train/long_td.py --resume --minutes 30        # continue
    python3 train/long_td.py --export                     # write nardy_core/bots/weights/long.nnw
    python3 train/long_td.py --measure strong-vs-heuristic --games 100
    python3 train/long_td.py --measure net0-vs-intermediate --games 100
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import random
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from nardy_core.bots import nn  # noqa: E402
from nardy_core.bots.bearoff import race_probabilities  # noqa: E402
from nardy_core.bots.evaluator import Evaluator  # noqa: E402
from nardy_core.frame import from_frame, to_frame  # noqa: E402
from nardy_core.movegen import Search  # noqa: E402
from nardy_core.position import Position  # noqa: E402
from nardy_core.variants import get_variant  # noqa: E402

from train_net import cumulative, loss_grad  # noqa: E402

CKPT_DIR = os.path.join(HERE, "checkpoints", "long")
CKPT = os.path.join(CKPT_DIR, "td.npz")
LOG = os.path.join(CKPT_DIR, "td.log")
WEIGHTS = os.path.join(ROOT, "nardy_core", "bots", "weights", "long.nnw")

SEED = 11
HIDDEN = 96
LAMBDA = 0.7
LR = 1e-3
EPSILON = 0.02          # chance of a uniformly random legal play (exploration)
REPLAY = 24             # games in the replay window
BATCH = 128
STEPS_PER_GAME = 4      # Adam steps after each game
CKPT_SECONDS = 180
MAX_TURNS = 600
INIT_SCALE = 0.3

VARIANT = get_variant("long")
CROSS = VARIANT.cross
N = VARIANT.checkers
START_SIDE = tuple(15 if i == 24 else 0 for i in range(27))

# --- encoding: frames -> nn.encode_sides inputs, vectorised --------------------------------------
# a frame's 78 slots (frame.py): mover 0 off, 1..24 points, 25 bar; opponent on mover point p at
# 26 + p, opponent bar 51, opponent off 76
_ME = [p for p in range(1, 25)] + [25, 0]
_OPP = [26 + CROSS[q] for q in range(1, 25)] + [51, 76]
IDX_ONROLL = np.array(_ME + _OPP)        # the frame's mover is on roll
IDX_RESULT = np.array(_OPP + _ME)        # a result frame: the opponent is on roll next

PT = np.array([nn.point_features(n) for n in range(16)], dtype=np.float32)
BR = np.array([nn.bar_features(n) for n in range(16)], dtype=np.float32)
OF = np.array([nn.off_features(n) for n in range(16)], dtype=np.float32)


def raw_of(frames):
    return np.frombuffer(b"".join(f.to_bytes(78, "little") for f in frames),
                         dtype=np.uint8).reshape(len(frames), 78)


def encode_counts(c):
    """(N, 52) counts (side on roll: points 1..24, bar, off; then the other side) -> (N, 300)."""
    n = len(c)
    parts = []
    for base in (0, 26):
        parts.append(PT[c[:, base:base + 24]].reshape(n, 144))
        parts.append(BR[c[:, base + 24]])
        parts.append(OF[c[:, base + 25]])
    return np.concatenate(parts, axis=1)


def bearoff_mask(c):
    """Pure bear-off race: every checker of both sides on its points 1..6 or off."""
    return ~(c[:, 6:24].any(axis=1) | c[:, 32:50].any(axis=1))


def bearoff_value(crow):
    """Exact (one-sided database) probabilities of the side on roll."""
    mine = tuple(int(v) for v in crow[0:6])
    theirs = tuple(int(v) for v in crow[26:32])
    return np.array(race_probabilities(mine, theirs), dtype=np.float64)


# --- the network ----------------------------------------------------------------------------------
def init_params(rng):
    w1 = rng.standard_normal((nn.N_INPUTS, HIDDEN)) * np.sqrt(2.0 / 40.0) * INIT_SCALE
    w2 = rng.standard_normal((HIDDEN, 5)) * np.sqrt(1.0 / HIDDEN) * INIT_SCALE
    return {"w1": w1.astype(np.float32), "b1": np.zeros(HIDDEN, np.float32),
            "w2": w2.astype(np.float32), "b2": np.zeros(5, np.float32)}


def predict(p, x):
    h = np.maximum(x @ p["w1"] + p["b1"], 0.0)
    s = 1.0 / (1.0 + np.exp(-(h @ p["w2"] + p["b2"])))
    return cumulative(s)


def mine(q):
    """The other side's cumulative probabilities seen from this side (vectorised, affine)."""
    q = np.asarray(q)
    out = np.empty_like(q)
    out[..., 0] = 1.0 - q[..., 0]
    out[..., 1], out[..., 2] = q[..., 3], q[..., 4]
    out[..., 3], out[..., 4] = q[..., 1], q[..., 2]
    return out


def money(q):
    """Cubeless equity (oin 1, mars 2, koks unused) of probabilities, vectorised."""
    q = np.asarray(q)
    return 2 * q[..., 0] - 1 + q[..., 1] - q[..., 3]


class NumpyNetEvaluator(Evaluator):
    """The numpy net (+ exact bear-off races) as a bots Evaluator: same values as the shipped
    file read by nn.py, batched; used by the measurements of this script."""

    name = "long-td"

    def __init__(self, params):
        self.p = {k: np.asarray(v, dtype=np.float32) for k, v in params.items()}

    def evaluate(self, variant, frame):
        return self.evaluate_many(variant, [frame])[0]

    def evaluate_many(self, variant, frames):
        if not frames:
            return []
        c = raw_of(frames)[:, IDX_ONROLL]
        q = predict(self.p, encode_counts(c)).astype(np.float64)
        for i in np.nonzero(bearoff_mask(c))[0]:
            q[i] = bearoff_value(c[i])
        return [tuple(float(v) for v in row) for row in q]


# --- self-play ---------------------------------------------------------------------------------------
def score_results(p, frames):
    """(mover equities, counts seen by the next side on roll, values w for that side, kind)
    kind 0: net, 1: exact end of game, 2: bear-off race (exact)."""
    raw = raw_of(frames)
    c = raw[:, IDX_RESULT]
    w = predict(p, encode_counts(c)).astype(np.float64)
    kind = np.zeros(len(frames), np.int8)
    for i in np.nonzero(raw[:, 0] == N)[0]:          # the mover has borne off everything
        kind[i] = 1
        w[i] = (0.0, 0.0, 0.0, 1.0, 0.0) if raw[i, 76] == 0 else (0.0, 0.0, 0.0, 0.0, 0.0)
    for i in np.nonzero(bearoff_mask(c) & (kind == 0))[0]:
        kind[i] = 2
        w[i] = bearoff_value(c[i])
    return money(mine(w)), c, w, kind


def play_game(p, rng, epsilon):
    """One self-play game: (X states (T, 300), targets (T, 5), turns)."""
    sides = [START_SIDE, START_SIDE]
    turn = rng.randrange(2)
    first = [True, True]
    pos = Position(VARIANT, sides, turn=turn, first_turn=first)
    c0 = raw_of([to_frame(pos, CROSS)])[:, IDX_ONROLL]
    states = [c0[0]]
    ws, final = [], None
    for _ in range(MAX_TURNS):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = Position(VARIANT, sides, turn=turn, dice=dice, first_turn=first)
        frames = list(Search(pos).results())
        eqs, c, w, kind = score_results(p, frames)
        if len(frames) > 1 and rng.random() < epsilon:
            i = rng.randrange(len(frames))
        else:
            i = int(np.argmax(eqs))
        if kind[i]:
            final = mine(w[i])
            break
        states.append(c[i])
        ws.append(w[i])
        new_sides, _ = from_frame(pos, frames[i], CROSS)
        sides = list(new_sides)
        first[turn] = False
        turn = 1 - turn
    if final is None:   # over-long game (never seen): bootstrap from the last value
        final = mine(ws.pop())
        states.pop()
    T = len(states)
    targets = np.empty((T, 5))
    G = final
    targets[T - 1] = G
    for t in range(T - 2, -1, -1):
        G = mine((1.0 - LAMBDA) * ws[t] + LAMBDA * G)
        targets[t] = G
    return np.array(states, dtype=np.uint8), targets.astype(np.float32), T


# --- evaluation against the heuristic baseline -------------------------------------------------------
def play_match_game(choosers, seed, white_first_player):
    """One game between two choose(pos, frames) -> index functions; returns points for
    player 0 (positive: player 0 won)."""
    from nardy_core.frame import sides_of  # noqa: F401
    rng = random.Random(seed)
    sides = [START_SIDE, START_SIDE]
    # colour 0 (White) moves first; player white_first_player plays White
    player_of = {0: white_first_player, 1: 1 - white_first_player}
    turn, first = 0, [True, True]
    for _ in range(2000):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = Position(VARIANT, sides, turn=turn, dice=dice, first_turn=first)
        results = Search(pos).results()
        frames = list(results)
        i = choosers[player_of[turn]](pos, frames) if len(frames) > 1 else 0
        f = frames[i]
        new_sides, _ = from_frame(pos, f, CROSS)
        if new_sides[turn][0] == N:
            pts = VARIANT.outcome(pos.replace(sides=new_sides), turn).points
            return pts if player_of[turn] == 0 else -pts
        sides = list(new_sides)
        first[turn] = False
        turn = 1 - turn
    return 0


def net0_chooser(p):
    def choose(pos, frames):
        return int(np.argmax(score_results(p, frames)[0]))
    return choose


def heuristic_chooser(seed):
    from bench.baselines import score
    from nardy_core.frame import sides_of
    rng = random.Random(f"heuristic/{seed}")

    def choose(pos, frames):
        best, best_score = [], -math.inf
        for i, f in enumerate(frames):
            me, opp = sides_of(f, CROSS)
            value = score(VARIANT, me, opp)
            if value > best_score:
                best, best_score = [i], value
            elif value == best_score:
                best.append(i)
        return best[0] if len(best) == 1 else rng.choice(best)
    return choose


def bot_chooser(level, evaluator=None, seed=0):
    from nardy_core.bots.chooser import Chooser
    ch = Chooser(VARIANT, level, seed=seed, evaluator=evaluator)

    def choose(pos, frames):
        best = ch.rank(pos)[0].play.frame
        return frames.index(best)
    return choose


def match(make_a, make_b, games, seed=1000, say=print):
    """Points per game of A against B over ``games`` games: pairs with the same dice, A White in
    one and Black in the other. Returns (mean, standard error, wins, share of the points won)."""
    pts = []
    t0 = time.time()
    for g in range(games):
        a, b = make_a(), make_b(g)
        pts.append(play_match_game((a, b), seed + g // 2, g % 2))
        if say and (g + 1) % 20 == 0:
            m = sum(pts) / len(pts)
            say(f"  {g + 1} games: {m:+.3f} ppg ({time.time() - t0:.0f}s)")
    m = sum(pts) / len(pts)
    sd = math.sqrt(sum((x - m) ** 2 for x in pts) / max(len(pts) - 1, 1))
    share = sum(x for x in pts if x > 0) / max(sum(abs(x) for x in pts), 1)
    return m, sd / math.sqrt(len(pts)), sum(1 for x in pts if x > 0), share


# --- checkpoints -------------------------------------------------------------------------------------
def save(state):
    os.makedirs(CKPT_DIR, exist_ok=True)
    tmp = CKPT + ".tmp.npz"
    np.savez(tmp, blob=np.frombuffer(pickle.dumps(state, protocol=4), dtype=np.uint8))
    os.replace(tmp, CKPT)


def load():
    with np.load(CKPT) as z:
        return pickle.loads(z["blob"].tobytes())


def new_state():
    nrng = np.random.default_rng(SEED)
    p = init_params(nrng)
    return {"p": p, "m": {k: np.zeros_like(v) for k, v in p.items()},
            "v": {k: np.zeros_like(v) for k, v in p.items()}, "games": 0, "step": 0,
            "positions": 0, "seconds": 0.0, "rng": random.Random(SEED).getstate(),
            "nrng": nrng.bit_generator.state, "replay": [], "best": None, "best_score": -9.0,
            "best_games": 0, "evals": [], "hidden": HIDDEN, "lambda": LAMBDA}


def train(args):
    os.makedirs(CKPT_DIR, exist_ok=True)
    if args.resume and os.path.exists(CKPT):
        st = load()
    elif os.path.exists(CKPT) and not args.fresh:
        raise SystemExit(f"{CKPT} exists: use --resume (or --fresh to start over)")
    else:
        st = new_state()
    log = open(LOG, "a")

    def say(msg):
        print(msg, flush=True)
        log.write(msg + "\n")
        log.flush()

    rng = random.Random()
    rng.setstate(st["rng"])
    nrng = np.random.default_rng()
    nrng.bit_generator.state = st["nrng"]
    p, m, v = st["p"], st["m"], st["v"]
    replay = st["replay"]
    b1, b2, eps = 0.9, 0.999, 1e-8
    say(f"start: {st['games']} games, {st['step']} steps, {st['seconds'] / 60:.1f} min so far; "
        f"budget {args.minutes} min")
    t_start = time.time()
    t_ckpt = t_start
    t_seg = time.time()
    next_eval = (st["games"] // args.eval_every + 1) * args.eval_every
    losses = []
    while time.time() - t_start < args.minutes * 60:
        X, Y, T = play_game(p, rng, EPSILON)
        st["games"] += 1
        st["positions"] += T
        replay.append((X, Y))
        if len(replay) > REPLAY:
            replay.pop(0)
        allc = np.concatenate([r[0] for r in replay])
        ally = np.concatenate([r[1] for r in replay])
        for _ in range(STEPS_PER_GAME):
            idx = nrng.integers(0, len(ally), size=min(BATCH, len(ally)))
            loss, g = loss_grad(p, encode_counts(allc[idx]), ally[idx])
            losses.append(loss)
            st["step"] += 1
            c1, c2 = 1 - b1 ** st["step"], 1 - b2 ** st["step"]
            for k in p:
                m[k] = b1 * m[k] + (1 - b1) * g[k]
                v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k]
                p[k] -= (LR * (m[k] / c1) / (np.sqrt(v[k] / c2) + eps)).astype(np.float32)
        if st["games"] % 100 == 0:
            say(f"games {st['games']} steps {st['step']} positions {st['positions']} "
                f"loss {np.mean(losses):.4f} last T {T} ({time.time() - t_seg:.0f}s/100 games)")
            losses, t_seg = [], time.time()
        if st["games"] >= next_eval:
            next_eval += args.eval_every
            te = time.time()
            mean, se, wins, share = match(lambda: net0_chooser(p), heuristic_chooser, args.eval_games,
                                   seed=777, say=None)
            st["evals"].append((st["games"], mean, se))
            if mean > st["best_score"]:
                st["best_score"], st["best"], st["best_games"] = mean, \
                    {k: val.copy() for k, val in p.items()}, st["games"]
            say(f"eval @ {st['games']} games: net 0-ply vs heuristic {mean:+.3f} ± {se:.3f} ppg "
                f"({wins}/{args.eval_games} won, {share:.1%} of points, {time.time() - te:.0f}s); best {st['best_score']:+.3f} "
                f"@ {st['best_games']}")
        if time.time() - t_ckpt > CKPT_SECONDS:
            st["rng"], st["nrng"] = rng.getstate(), nrng.bit_generator.state
            st["seconds"] += time.time() - t_ckpt
            t_ckpt = time.time()
            save(st)
    st["rng"], st["nrng"] = rng.getstate(), nrng.bit_generator.state
    st["seconds"] += time.time() - t_ckpt
    save(st)
    say(f"stop: {st['games']} games, {st['step']} steps, {st['positions']} positions, "
        f"{st['seconds'] / 60:.1f} min in all")
    log.close()


# --- export --------------------------------------------------------------------------------------------
def export(which="best"):
    st = load()
    p = st["best"] if which == "best" and st["best"] is not None else st["p"]
    games = st["best_games"] if p is st["best"] else st["games"]
    header = {"format": 1, "encoding": "v1", "game": "long", "order": ["contact"],
              "nets": {"contact": {"inputs": int(p["w1"].shape[0]), "hidden": int(p["w1"].shape[1]),
                                   "games": int(games), "method": f"self-play TD(lambda={st['lambda']})"}},
              "outputs": "sigmoid conditionals: win, mars|win, koks|mars, mars|lose, koks|mars"}
    arrays = {"contact": tuple(p[k].astype(np.float32).ravel().tolist()
                               for k in ("w1", "b1", "w2", "b2"))}
    data = nn.write_weights(header, arrays)
    with open(WEIGHTS, "wb") as f:
        f.write(data)
    print(f"wrote {WEIGHTS}: {len(data)} bytes ({which}: {games} games)")


def file_params(path=WEIGHTS):
    """The exported weights as numpy float32 arrays (what nn.py reads)."""
    with open(path, "rb") as f:
        header, nets = nn.read_weights(f.read())
    net = nets["contact"]
    h = net.hidden
    return {"w1": np.array(net.w1, dtype=np.float32).reshape(net.n_in, h),
            "b1": np.array(net.b1, dtype=np.float32),
            "w2": np.array(net.w2, dtype=np.float32).T.copy(),
            "b2": np.array(net.b2, dtype=np.float32)}


def measure(args):
    p = file_params()
    ev = NumpyNetEvaluator(p)
    if args.pure:   # exactly what the bots will use: nn.py's evaluator behind the bear-off database
        from nardy_core.bots.bearoff import BearoffEvaluator
        with open(WEIGHTS, "rb") as f:
            ev = BearoffEvaluator(fallback=nn.NetEvaluator("long", data=f.read()))
    if args.measure == "strong-vs-heuristic":
        res = match(lambda: bot_chooser("strong", ev), heuristic_chooser, args.games,
                    seed=args.seed)
    elif args.measure == "net0-vs-heuristic":
        res = match(lambda: net0_chooser(p), heuristic_chooser, args.games, seed=args.seed)
    elif args.measure == "net0-vs-intermediate":
        res = match(lambda: net0_chooser(p), lambda g: bot_chooser("intermediate", seed=g),
                    args.games, seed=args.seed)
    elif args.measure == "strong-vs-intermediate":
        res = match(lambda: bot_chooser("strong", ev), lambda g: bot_chooser("intermediate", seed=g),
                    args.games, seed=args.seed)
    elif args.measure == "oldstrong-vs-heuristic":
        res = match(lambda: bot_chooser("strong"), heuristic_chooser, args.games, seed=args.seed)
    else:
        raise SystemExit("unknown measurement")
    mean, se, wins, share = res
    print(f"{args.measure}: {mean:+.3f} ± {se:.3f} points per game, {wins}/{args.games} won, "
          f"{share:.1%} of the points")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--eval-every", type=int, default=2000)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--export", action="store_true")
    ap.add_argument("--export-last", action="store_true")
    ap.add_argument("--measure")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--pure", action="store_true",
                    help="measure with nn.py's pure-Python evaluator instead of numpy")
    args = ap.parse_args(argv)
    if args.export or args.export_last:
        export("last" if args.export_last else "best")
    elif args.measure:
        measure(args)
    else:
        train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
